"""The chat of a match: two rooms, who writes and reads which, and the limits on a message.

- The players' room is written by the signed-in players who hold a seat (and have not left
  it); the spectators' room by the signed-in players who hold none.
- While the match runs, each reads only the room they may write in. The players' room is
  never shown to spectators, in any title: a title's GameInfo does not say whether it hides
  information, and every title served so far does (Galileo's secret picks, hands elsewhere),
  so what a seat types stays in that room whatever the title; a perfect-information title
  would lose little by it, as its players' talk gives spectators no secret. The spectators'
  room is never shown to the players (no coaching).
- Once the match is over, its chat is closed and both rooms are read by every signed-in
  player, from Redis and, once the match left Redis, from the archive (replays show it).
- A reader never sees the messages of a player they muted, blocked or were blocked by. A
  message a moderator deleted is listed as deleted, without its text.
- A message is one line of 1 to `chat_max_chars` characters once trimmed, with no control or
  direction-changing characters; each player sends at most `chat_rate_count` in any
  `chat_rate_window_s` of one match (counted in Redis, so across replicas); a match keeps its
  last `chat_keep` messages.

Nothing here logs what a message says."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import math
import time
import unicodedata
from collections.abc import AsyncGenerator, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from playhall.accounts.tokens import Player
from playhall.archive.archive import reaching_archive
from playhall.archive.chat import ArchivedChat
from playhall.common.errors import (
    ChatBanned,
    InvalidRequest,
    MatchError,
    NoArchive,
    NotAllowed,
    NotAuthenticated,
    NotNow,
    SlowDown,
)
from playhall.common.settings import setting
from playhall.matches.domain import Matches
from playhall.matches.metrics import CHAT_MESSAGES, CHAT_REFUSED
from playhall.matchstore.chat import ChatLine, ChatStore, Room
from playhall.matchstore.model import Match, MatchPhase
from playhall.matchstore.store import now_ms, state_key
from playhall.relations.graph import Relations
from playhall.relations.moderation import ChatBans
from playhall.relations.mutes import Muted, Mutes


@dataclass(frozen=True)
class ChatSettings:
    """The chat's limits (`common.settings`: each from `PLAYHALL_<NAME>`)."""

    chat_max_chars: int = setting(500, minimum=1)
    """The longest message, in characters once trimmed."""
    chat_rate_count: int = setting(5, minimum=1)
    """Messages one player may send in one match within `chat_rate_window_s`."""
    chat_rate_window_s: float = setting(10.0, minimum=0.1)
    chat_keep: int = setting(1_000, minimum=1)
    """Messages a match keeps (the oldest go first)."""
    chat_poll_ms: int = setting(500, minimum=10)
    """How often a WatchChat stream looks for new messages."""


KEEP_UNPARKED_EVERY_S = 10.0
"""How often a WatchChat stream marks its match as read, at most (as the watch hub does)."""
DIRECTION_CONTROLS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text around them: a message could show other words than it
holds."""


def checked_text(text: str, max_chars: int) -> str:
    """The message to store (trimmed); refused when empty, too long, or not plain text."""
    trimmed = text.strip()
    fault = text_fault(trimmed, max_chars)
    if fault == "length":
        if not trimmed:
            raise InvalidRequest("chat-message-empty")
        raise InvalidRequest("chat-message-too-long", most=max_chars, length=len(trimmed))
    if fault == "control":
        raise InvalidRequest("chat-message-not-plain")
    return trimmed


def text_fault(trimmed: str, max_chars: int) -> str | None:
    """The limit a trimmed text breaks, as `playhall_chat_refused` counts it: "length" (empty
    or too long) or "control" (control or direction characters); None for a message."""
    if not trimmed or len(trimmed) > max_chars:
        return "length"
    if any(unicodedata.category(c) == "Cc" or c in DIRECTION_CONTROLS for c in trimmed):
        return "control"
    return None


@contextlib.contextmanager
def refusal_counted(reason: str, refusal: type[MatchError]) -> Iterator[None]:
    """Counts a `refusal` raised inside it as a chat message refused for `reason`."""
    try:
        yield
    except refusal:
        CHAT_REFUSED.labels(reason).inc()
        raise


def writing_room(match: Match, player: Player) -> Room:
    """The room the player writes in: the players' while they hold a seat."""
    return Room.PLAYERS if match.seats_of(player.player_id) else Room.SPECTATORS


def readable_rooms(match: Match, player: Player) -> frozenset[Room]:
    """The rooms the player reads: their own while the match is on, both once it is over."""
    if match.phase == MatchPhase.FINISHED:
        return frozenset(Room)
    return frozenset({writing_room(match, player)})


def check_writer(match: Match, player: Player, room: Room) -> None:
    if room is writing_room(match, player):
        return
    if room is Room.PLAYERS:
        raise NotAllowed("chat-players-room-players-only")
    raise NotAllowed("chat-spectators-room-not-for-players")


def check_reader(match: Match, player: Player, room: Room | None) -> frozenset[Room]:
    """The rooms a read of `room` (None: all the player may read) covers."""
    rooms = readable_rooms(match, player)
    if room is None:
        return rooms
    if room not in rooms:
        if room is Room.PLAYERS:
            raise NotAllowed("chat-players-room-closed-while-running")
        raise NotAllowed("chat-spectators-room-closed-while-running")
    return frozenset({room})


class ChatSource(Protocol):
    """Where a match's chat is read: Redis (`ChatStore`) or the archive (`ArchivedChat`)."""

    async def last_id(self, match_id: str) -> int: ...

    async def between(self, match_id: str, after_id: int, up_to: int) -> list[ChatLine]: ...


@dataclass(frozen=True)
class Page:
    """Messages a player may read, and how far the read looked."""

    lines: list[ChatLine]
    last_id: int
    """The greatest message id looked at (the next page starts after it)."""
    more: bool
    """Whether messages after `last_id` exist now."""


class Chat:
    """The chat domain over the match domain (`Matches`), its Redis (`ChatStore`) and, with an
    archive, the archived chat, mutes, blocks and moderators' bans in PostgreSQL."""

    def __init__(self, matches: Matches, settings: ChatSettings):
        self.matches = matches
        self.settings = settings
        self.store = ChatStore(matches.store.redis)
        pool = matches.archive.pool if matches.archive is not None else None
        self.archived = ArchivedChat(pool) if pool is not None else None
        self.mutes = Mutes(pool) if pool is not None else None
        self.relations = Relations(pool) if pool is not None else None
        self.bans = ChatBans(pool) if pool is not None else None

    async def player(self, token: str | None) -> Player:
        """The signed-in player a bearer token names; refused for anything else."""
        credential = await self.matches.identity.resolve(token)
        if not isinstance(credential, Player):
            raise NotAuthenticated("chat-sign-in")
        return credential

    # -- writing -------------------------------------------------------------------------------

    async def send(self, match_id: str, player: Player, room: Room, text: str) -> ChatLine:
        """Stores the player's message in a room of a running match; refused (and nothing
        stored) when it is not the player's room, the text is not a message, the player is
        over the rate or banned from chat, or the match is over."""
        text = self._message_text(text)
        match = await self.matches.load(match_id)
        if match.phase == MatchPhase.FINISHED:
            CHAT_REFUSED.labels("closed").inc()
            raise NotNow("chat-closed")
        with refusal_counted("rights", NotAllowed):
            check_writer(match, player, room)
        if self.bans is not None and self.relations is not None:
            with refusal_counted("ban", ChatBanned):
                await self.bans.require_can_chat(player.player_id)
            with reaching_archive():
                await self.relations.make_known(player)  # an author others may mute or block
        line = ChatLine(0, room, player.player_id, player.display_name, text, now_ms())
        rate = (self.settings.chat_rate_count, int(self.settings.chat_rate_window_s * 1000))
        appended = await self.store.append(
            line, match.match_id, state_key(match.match_id), rate, self.settings.chat_keep
        )
        if appended.closed:
            CHAT_REFUSED.labels("closed").inc()
            raise NotNow("chat-closed")
        if appended.wait_ms:
            CHAT_REFUSED.labels("rate").inc()
            wait_s = math.ceil(appended.wait_ms / 1000)
            raise SlowDown("chat-too-fast", wait=wait_s)
        CHAT_MESSAGES.labels(room.value).inc()
        await self._keep_unparked(match)
        return dataclasses.replace(line, message_id=appended.message_id)

    def _message_text(self, text: str) -> str:
        """The text to store (`checked_text`); a refusal counted by the limit it breaks."""
        most = self.settings.chat_max_chars
        fault = text_fault(text.strip(), most)
        if fault is not None:
            CHAT_REFUSED.labels(fault).inc()
        return checked_text(text, most)

    async def _keep_unparked(self, match: Match) -> None:
        """A match being talked in is not idle (a parked one was brought back to be read)."""
        if self.matches.parking is not None and match.clock.turn_based:
            await self.matches.parking.touch([match.match_id])

    # -- reading -------------------------------------------------------------------------------

    async def read(
        self, match_id: str, player: Player, room: Room | None, after_id: int, limit: int
    ) -> Page:
        """Up to `limit` messages after `after_id` the player may read (of `room` only, if
        given), oldest first."""
        if after_id < 0:
            raise InvalidRequest("chat-after-negative")
        match = await self.matches.load(match_id)
        rooms = check_reader(match, player, room)
        return await self._page(match, player, rooms, after_id, limit)

    async def _page(
        self, match: Match, player: Player, rooms: frozenset[Room], after_id: int, limit: int
    ) -> Page:
        """Reads in windows of `limit` ids until `limit` readable messages are found."""
        with reaching_archive():
            source = await self._source(match)
            last = await source.last_id(match.match_id)
            hidden = await self._muted_authors(player)
            found: list[ChatLine] = []
            looked = after_id
            while looked < last and len(found) < limit:
                up_to = min(looked + limit, last)
                for line in await source.between(match.match_id, looked, up_to):
                    if len(found) < limit and _shown(line, rooms, hidden):
                        found.append(line)
                        looked = line.message_id
                if len(found) < limit:
                    looked = up_to
            blocked = await self._blocked_authors(player, {line.player_id for line in found})
        shown = [_as_read(line) for line in found if line.player_id not in blocked]
        return Page(shown, looked, looked < last)

    async def _source(self, match: Match) -> ChatSource:
        """Where the match's chat is: Redis, until a finished match's keys left it."""
        if match.phase != MatchPhase.FINISHED or self.archived is None:
            return self.store
        if await self.store.last_id(match.match_id):
            return self.store
        return self.archived

    async def _muted_authors(self, player: Player) -> set[str]:
        """The players `player` muted."""
        if self.mutes is None:
            return set()
        return await self.mutes.muted_ids(player.player_id)

    async def _blocked_authors(self, player: Player, authors: Iterable[str]) -> set[str]:
        """Those of `authors` the player blocked or was blocked by."""
        others = set(authors) - {player.player_id}
        if self.relations is None or not others:
            return set()
        return await self.relations.blocked_with(player.player_id, others)

    async def watch(
        self, match_id: str, player: Player, after_id: int
    ) -> AsyncGenerator[list[ChatLine], None]:
        """The match's new messages the player may read, in batches, until the match is over.
        The player's rights are read again while it runs (a seat left is a seat no more); the
        last messages, found once it is over, are of the rooms they last had: the stream never
        opens another room (ListMessages shows both once the match is over)."""
        if after_id < 0:
            raise InvalidRequest("chat-after-negative")
        match = await self.matches.load(match_id)
        rooms = readable_rooms(match, player)
        poll_s = self.settings.chat_poll_ms / 1000
        while True:
            page = await self._page(match, player, rooms, after_id, 200)
            after_id = page.last_id
            if page.lines:
                yield page.lines
            if page.more:
                continue
            if match.phase == MatchPhase.FINISHED:
                return
            match = await self._next_change(match, after_id, poll_s)
            if match.phase != MatchPhase.FINISHED:
                rooms = readable_rooms(match, player)

    async def _next_change(self, match: Match, after_id: int, poll_s: float) -> Match:
        """The match again once a message after `after_id` came or it is no longer running;
        meanwhile a watched match is kept from being parked, as WatchMatch keeps it."""
        touched = time.monotonic()
        await self._keep_unparked(match)
        every_s = KEEP_UNPARKED_EVERY_S
        if self.matches.parking is not None:  # a third of the idle time parking waits for
            every_s = min(every_s, self.matches.parking.park_after_ms / 3000)
        while await self._quiet(match.match_id, after_id):
            await asyncio.sleep(poll_s)
            if time.monotonic() - touched >= every_s:
                touched = time.monotonic()
                await self._keep_unparked(match)
        return await self.matches.load(match.match_id)

    async def _quiet(self, match_id: str, after_id: int) -> bool:
        """No message after `after_id`, and the match's state has no expiry (it runs)."""
        last, state_ttl = await self.store.last_id_and_state_ttl(match_id, state_key(match_id))
        return state_ttl == -1 and last <= after_id

    # -- mutes -------------------------------------------------------------------------------

    async def mute(self, player: Player, muted_id: str) -> None:
        mutes, relations = self._mutes()
        with reaching_archive():
            await relations.require_player(muted_id)
            await relations.make_known(player)
            await mutes.mute(player.player_id, muted_id)

    async def unmute(self, player: Player, muted_id: str) -> None:
        mutes, _ = self._mutes()
        with reaching_archive():
            await mutes.unmute(player.player_id, muted_id)

    async def muted(self, player: Player) -> list[Muted]:
        mutes, _ = self._mutes()
        with reaching_archive():
            return await mutes.muted(player.player_id)

    def _mutes(self) -> tuple[Mutes, Relations]:
        if self.mutes is None or self.relations is None:
            raise NoArchive("chat-mutes-no-archive")
        return self.mutes, self.relations

    # -- for moderators (`social.moderation`) --------------------------------------------------

    async def delete(self, match_id: str, message_id: int) -> bool:
        """Marks a message deleted wherever the match's chat is (Redis, the archive, or both
        while an archived match waits to leave Redis); False when there is no such message."""
        in_redis = await self.store.mark_deleted(match_id, message_id)
        if self.archived is None:
            return in_redis
        with reaching_archive():
            archived = await self.archived.mark_deleted(match_id, message_id)
        return in_redis or archived

    async def around(self, match_id: str, message_id: int, count: int) -> list[ChatLine]:
        """The messages of both rooms from `count` before `message_id` to `count` after it, as
        they were written (deleted ones with their text): a report's context."""
        match = await self.matches.load(match_id)
        with reaching_archive():
            source = await self._source(match)
            return await source.between(
                match_id, max(message_id - count - 1, 0), message_id + count
            )


def _shown(line: ChatLine, rooms: frozenset[Room], hidden: set[str]) -> bool:
    return line.room in rooms and line.player_id not in hidden


def _as_read(line: ChatLine) -> ChatLine:
    """The line as a reader gets it: a deleted message without its text."""
    return dataclasses.replace(line, text="") if line.deleted else line
