"""One event stream per account (EventService.StreamEvents): what happens to a player, told in
typed events a program acts on, read from the account's event log (`matchstore.events`).

Opened without a cursor, a stream replays what is pending (the open challenges to the
account, its matches not yet over as match started, the matches waiting on it as your turn),
each with the cursor of the log's newest event when it opened, then tells the log's events
after that cursor: at least once, as an event logged while the replay was read is told by
both. Opened with a cursor, it tells the log's events after it, each once. Each event is told
as things stand when it is read: a your turn whose turn is over is left out, a match started
of a match already over too, a challenge comes as it is now.

A stream looks at its log every `event_poll_ms` (one sorted-set read of one key in Redis, no
database) and says it is alive after `event_keep_alive_s` without an event."""

from __future__ import annotations

import asyncio
import enum
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from playhall.accounts.tokens import Player
from playhall.common.errors import InvalidRequest, NoSuchMatch, NotNow, NotYourSeat
from playhall.common.settings import setting
from playhall.matches.domain import Matches, SeatTaken
from playhall.matches.waiting import waiting_on
from playhall.matchstore.events import (
    KEEP_MS,
    READ_BATCH,
    Event,
    EventKind,
    EventLog,
    parse_cursor,
)
from playhall.matchstore.model import Match, MatchPhase
from playhall.matchstore.store import now_ms
from playhall.social.challenge_store import Challenge, ChallengeStore, State

SETTLE_MS = 5_000
"""How long the match of an event is waited for when it is not found: a new match's index
entries, its events among them, are written just before its own keys."""
PENDING_LIMIT = 200
"""The most open challenges, running matches and turns a replay tells of each."""

Reclaim = Callable[[str, Player, int], Awaitable[SeatTaken]]
"""A fresh token for a player's seat of a match (PlayerService.ReclaimSeat's change)."""


@dataclass(frozen=True)
class EventSettings:
    """The event streams' pace and limits (`common.settings`: each from `PLAYHALL_<NAME>`)."""

    event_keep_alive_s: float = setting(15.0, minimum=0.05)
    """How long a stream goes without an event before it sends a keep-alive."""
    event_poll_ms: int = setting(500, minimum=10)
    """How often a stream looks for new events in its account's log."""
    event_streams_per_account: int = setting(4, minimum=1)
    """StreamEvents streams one account may hold open on one replica."""


@dataclass(frozen=True)
class ChallengeReceived:
    challenge: Challenge


@dataclass(frozen=True)
class ChallengeAnswered:
    challenge: Challenge
    answer: str
    """"accepted", "declined" or "withdrawn"."""


@dataclass(frozen=True)
class MatchStarted:
    match: Match
    seats: list[SeatTaken]


@dataclass(frozen=True)
class YourTurn:
    match_id: str
    seats: list[int]
    deadline_ms: int
    turn: int


@dataclass(frozen=True)
class MatchEnded:
    match: Match
    seats: list[int]


@dataclass(frozen=True)
class KeepAlive:
    pass


class NotYet(enum.Enum):
    NOT_YET = "not yet"
    """An event to read again at the next poll (its match is being created)."""


NOT_YET = NotYet.NOT_YET
Happening = ChallengeReceived | ChallengeAnswered | MatchStarted | YourTurn | MatchEnded | KeepAlive


@dataclass(frozen=True)
class Told:
    """An event as a stream tells it: what happened, when, and the cursor to resume after."""

    cursor: tuple[int, str]
    at_ms: int
    what: Happening


def cursor_of(after: str, now: int) -> tuple[int, str] | None:
    """The cursor a request resumes after: None for none, or one older than the log keeps
    ("0:", before the account's first event, is kept for ever); refused when malformed."""
    if not after:
        return None
    try:
        cursor = parse_cursor(after)
    except ValueError:
        raise InvalidRequest("event-after-unknown") from None
    return cursor if cursor == (0, "") or cursor[0] >= now - KEEP_MS else None


class AccountEvents:
    """The event streams of accounts, on the match domain, the account's event log and the
    challenges (None without the archive, where they are kept: none are told then)."""

    def __init__(
        self,
        matches: Matches,
        challenges: ChallengeStore | None,
        reclaim: Reclaim,
        settings: EventSettings,
    ):
        self.matches = matches
        self.challenges = challenges
        self.reclaim = reclaim
        self.settings = settings
        self.log = EventLog(matches.store.redis)
        self.stopping = asyncio.Event()
        """Set on shutdown: every stream ends cleanly."""

    async def stream(self, player: Player, after: str) -> AsyncGenerator[Told, None]:
        """The player's events: the pending ones first unless `after` resumes, then each new
        one, with a keep-alive after every quiet interval, until the server stops."""
        cursor = cursor_of(after, now_ms())
        if cursor is None:
            cursor = await self.log.last(player.player_id)
            async for told in self._pending(player, cursor):
                yield told
        await self.log.trim(player.player_id, now_ms())
        quiet_since = time.monotonic()
        while not self.stopping.is_set():
            batch, cursor, more = await self._next_batch(player, cursor)
            for event in batch:
                quiet_since = time.monotonic()
                yield event
            if more:
                continue
            if time.monotonic() - quiet_since >= self.settings.event_keep_alive_s:
                quiet_since = time.monotonic()
                yield Told(cursor, now_ms(), KeepAlive())
            await self._pause()

    async def _next_batch(
        self, player: Player, cursor: tuple[int, str]
    ) -> tuple[list[Told], tuple[int, str], bool]:
        """The events logged after `cursor` as they are told now, the cursor after them, and
        whether more are waiting. An event whose match is not there yet (a new match's events
        are logged just before its keys are written) stops the batch there, to be read again."""
        events = await self.log.after(player.player_id, cursor)
        batch: list[Told] = []
        for event in events:
            what = await self._happening(player, event)
            if what is NOT_YET:
                return batch, cursor, False
            cursor = event.cursor
            if what is not None:
                batch.append(Told(cursor, event.at_ms, what))
        return batch, cursor, len(events) >= READ_BATCH

    async def _pause(self) -> None:
        """Waits a poll interval, or less if the server stops meanwhile."""
        try:
            await asyncio.wait_for(self.stopping.wait(), self.settings.event_poll_ms / 1000)
        except TimeoutError:
            return

    # -- the replay -----------------------------------------------------------------------------

    async def _pending(self, player: Player, cursor: tuple[int, str]) -> AsyncIterator[Told]:
        now = now_ms()
        for challenge in await self._open_to(player):
            yield Told(cursor, now, ChallengeReceived(challenge))
        for match, seats in await self.matches.running_matches(player, PENDING_LIMIT):
            started = await self._started(match, player, seats)
            if started is not None:
                yield Told(cursor, now, started)
        waiting, _ = await self.matches.my_turn(player, PENDING_LIMIT)
        for turn in waiting:
            match = turn.match
            yield Told(
                cursor,
                now,
                YourTurn(match.match_id, turn.seats, turn.deadline_ms, match.status.turn),
            )

    async def _open_to(self, player: Player) -> list[Challenge]:
        if self.challenges is None:
            return []
        found = await self.challenges.of_player(player.player_id, PENDING_LIMIT)
        return [
            challenge
            for challenge in reversed(found)  # oldest first, as they came
            if challenge.invited_id == player.player_id and challenge.state == State.OPEN
        ]

    # -- the log's events -----------------------------------------------------------------------

    async def _happening(self, player: Player, event: Event) -> Happening | NotYet | None:
        """What a logged event tells now (None: nothing any more)."""
        if event.kind in (EventKind.CHALLENGE_RECEIVED, EventKind.CHALLENGE_ANSWERED):
            return await self._challenge_event(event)
        try:
            match = await self.matches.load(event.subject_id)
        except NoSuchMatch:
            return NOT_YET if now_ms() - event.at_ms < SETTLE_MS else None
        if event.kind == EventKind.MATCH_STARTED:
            return await self._started(match, player, match.seats_of(player.player_id))
        if event.kind == EventKind.YOUR_TURN:
            return _your_turn(match, player, event.version)
        return MatchEnded(match, [s.seat for s in match.seats if s.player_id == player.player_id])

    async def _challenge_event(self, event: Event) -> Happening | None:
        if self.challenges is None:
            return None
        challenge = await self.challenges.get(event.subject_id)
        if challenge is None:
            return None
        if event.kind == EventKind.CHALLENGE_RECEIVED:
            return ChallengeReceived(challenge)
        return ChallengeAnswered(challenge, event.detail)

    async def _started(self, match: Match, player: Player, seats: list[int]) -> Happening | None:
        """The match started, with a fresh token of each of the player's seats (None once it
        is over, or holds no seat of theirs)."""
        if match.phase != MatchPhase.RUNNING or not seats:
            return None
        taken = []
        for seat in seats:
            try:
                taken.append(await self.reclaim(match.match_id, player, seat))
            except (NotNow, NotYourSeat):
                return None  # over, or the seat left, since it was read
        return MatchStarted(taken[-1].match, taken)


def _your_turn(match: Match, player: Player, turn: int) -> YourTurn | None:
    """The turn waiting on the player, if it still does."""
    deadline_ms = waiting_on(match).get(player.player_id)
    if deadline_ms is None or match.status.turn != turn:
        return None
    seats = [s for s in match.seats_of(player.player_id) if s in match.status.to_move]
    return YourTurn(match.match_id, seats, deadline_ms, turn)
