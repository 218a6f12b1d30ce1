"""Matchmaking: what a signed-in player asks of the queues (enter and follow a ticket, leave),
and how a queue's tickets are grouped into matches (`find_groups`, `nearest_level`), which the
matchmaker (`matchmaker.py`) runs on the replica holding the queue's lease. The keys and the
atomic scripts are `queue_store.py`'s.

A ticket is scored by the player's rating in the title (from the archive, `players.
rating_lookup`); its window, how far apart in rating its match's players may be, widens with
its wait (`MatchmakingSettings.window`), and after `matchmaking_bot_fill_after_s` bots take the
seats nobody within the window took, at the level whose rating is nearest the players'.

A queue is a title, a player count and a pace: live (`days` 0), or turn-based at `days` a move
(one of `clocks.TURN_BASED_DAYS`), each a queue of its own, so live and turn-based players are
never matched together. A turn-based ticket differs in four ways: it waits without a stream
(until matched or withdrawn with `leave`); entering one is refused to a player who holds the
most turn-based matches allowed (`turn_based_max_open`), and the matchmaker passes over the
tickets of such players until they have room; its match runs on a turn-based clock of its
days, forfeit on timeout, with its seats the players' from the start (their seats count as
taken, nobody has to come for them); and its pointer is handed over once (`enter` then queues
a new ticket). Bots fill its seats as a live queue's, after `matchmaking_bot_fill_after_s`.

The domain speaks its own types: a ticket's updates are `Waiting` and `Matched`;
`api.py` reads MatchmakingService's requests into these calls and writes the updates as its
messages."""

from __future__ import annotations

import asyncio
import bisect
import logging
import time
from collections.abc import AsyncGenerator, Collection, Sequence
from dataclasses import dataclass
from typing import Literal

import psycopg

from playhall.accounts.tokens import Player
from playhall.archive import ratings
from playhall.archive.archive import Archive, bot_player
from playhall.archive.rating_lookup import current_ratings
from playhall.archive.reputation import Reputations
from playhall.common.errors import InvalidRequest, NotNow, Unavailable
from playhall.matches import clocks
from playhall.matches.port import MatchPort
from playhall.matchmaking.queue_store import Assignment, Followed, QueueStore, Ticket
from playhall.matchmaking.settings import MatchmakingSettings
from playhall.matchstore.model import BOT_LEVELS, BotLevel, Match, MatchPhase, Seat, SeatKind
from playhall.matchstore.store import now_ms
from playhall.relations.graph import Relations

log = logging.getLogger(__name__)

UPDATE_EVERY_S = 1.0
"""How often a waiting stream tells its player where they stand (it looks for its seat every
`matchmaking_poll_ms`): the numbers change by the second, and each message costs both ends."""
BOT_RATINGS_TTL_S = 60.0
"""How long the bot levels' ratings of a title are reused: they move slowly."""


@dataclass(frozen=True)
class Waiting:
    """Where a waiting ticket stands."""

    rating: float
    """The player's rating in the title, which the queue orders tickets by."""
    window: float
    """How far from `rating` opponents may be now: it widens with the wait."""
    waited_ms: int
    ahead: int
    """Tickets in the queue that have waited longer."""
    queued: int
    """Tickets in the queue, this one included."""
    bots_in_ms: int
    """When bots take the seats nobody took (ms from now; 0 when bots never do)."""


@dataclass(frozen=True)
class Matched:
    """The player's seat in the match their ticket was matched into, with a fresh token (an
    earlier token of the seat is revoked); the last update of a ticket."""

    match: Match
    seat: int
    token: str
    waited_ms: int
    bot_seats: int
    """Seats a bot took, as no player within the window came in time."""


class QueueRatings:
    """Ratings from the archive (None: everybody has the initial rating, and bots play at the
    default level)."""

    def __init__(self, archive: Archive | None, default_level: BotLevel):
        self.archive = archive
        self.default_level = default_level
        self._bots: dict[str, tuple[float, dict[BotLevel, float]]] = {}

    async def of_player(self, title: str, player: Player) -> float:
        if self.archive is None:
            return ratings.INITIAL.mu
        try:
            found = await current_ratings(self.archive.pool, title, [player.player_id])
        except psycopg.OperationalError:
            raise Unavailable("queue-rating-unavailable") from None
        return found.get(player.player_id, ratings.INITIAL.mu)

    async def bot_levels(self, title: str) -> dict[BotLevel, float]:
        """The rating of each level of the title the archive has rated."""
        if self.archive is None:
            return {}
        read_at, levels = self._bots.get(title, (-BOT_RATINGS_TTL_S, {}))
        if time.monotonic() - read_at < BOT_RATINGS_TTL_S:
            return levels
        keys = {bot_player(title, level).player_id: level for level in BOT_LEVELS}
        try:
            found = await current_ratings(self.archive.pool, title, list(keys))
        except psycopg.OperationalError as error:
            log.warning("bot ratings unavailable", extra={"title": title, "error": str(error)})
            return levels
        levels = {keys[key]: mu for key, mu in found.items()}
        self._bots[title] = (time.monotonic(), levels)
        return levels

    async def nearest_level(self, title: str, rating: float) -> BotLevel:
        return nearest_level(await self.bot_levels(title), rating, self.default_level)


def nearest_level(levels: dict[BotLevel, float], rating: float, default: BotLevel) -> BotLevel:
    """The level whose rating is nearest `rating` (the weaker of two as near); `default`
    when no level is rated."""
    if not levels:
        return default
    return min(levels, key=lambda level: (abs(levels[level] - rating), levels[level]))


@dataclass(frozen=True)
class Group:
    """Tickets that make one match; the seats they leave are the bots'."""

    tickets: list[Ticket]
    bots: int


def find_groups(
    tickets: Sequence[Ticket],
    players: int,
    now: int,
    settings: MatchmakingSettings,
    apart: Collection[frozenset[str]] = (),
) -> list[Group]:
    """Matches among `tickets` (of one queue): the longest-waiting ticket first, with the
    tickets nearest its rating, as long as every ticket's window holds the group's whole
    spread of ratings and no two of a group are a pair of `apart` (one blocked the other). A
    ticket that found too few and has waited the bot-fill time takes bots for the rest; the
    others wait for the next pass."""
    by_rating = sorted(tickets, key=lambda t: (t.rating, t.entered_ms))
    scores = [t.rating for t in by_rating]
    windows = {t.player_id: settings.window((now - t.entered_ms) / 1000) for t in tickets}
    bot_fill_ms = settings.matchmaking_bot_fill_after_s * 1000
    used: set[str] = set()
    groups = []
    for anchor in sorted(tickets, key=lambda t: t.entered_ms):
        if anchor.player_id in used:
            continue
        group = [anchor]
        low = high = anchor.rating
        window = windows[anchor.player_id]
        at = bisect.bisect_left(scores, anchor.rating)
        left, right = at - 1, at
        while len(group) < players and (left >= 0 or right < len(by_rating)):
            # The nearest unused neighbour on either side.
            pick_left = right >= len(by_rating) or (
                left >= 0 and anchor.rating - scores[left] <= scores[right] - anchor.rating
            )
            index = left if pick_left else right
            if pick_left:
                left -= 1
            else:
                right += 1
            candidate = by_rating[index]
            if candidate.player_id in used or candidate is anchor:
                continue
            if abs(candidate.rating - anchor.rating) > window:
                if pick_left:
                    left = -1  # everything further left is further still
                else:
                    right = len(by_rating)
                continue
            if any(frozenset((t.player_id, candidate.player_id)) in apart for t in group):
                continue
            spread = max(high, candidate.rating) - min(low, candidate.rating)
            if spread <= min(window, windows[candidate.player_id]):
                group.append(candidate)
                low, high = min(low, candidate.rating), max(high, candidate.rating)
                window = min(window, windows[candidate.player_id])
        full = len(group) == players
        if full or (bot_fill_ms and now - anchor.entered_ms >= bot_fill_ms):
            groups.append(Group(group, players - len(group)))
            used.update(t.player_id for t in group)
    return groups


class Matchmaking:
    """The queues as a signed-in player sees them."""

    def __init__(
        self,
        matches: MatchPort,
        queues: QueueStore,
        queue_ratings: QueueRatings,
        settings: MatchmakingSettings,
        relations: Relations | None = None,
        reputations: Reputations | None = None,
    ):
        self.matches = matches
        self.queues = queues
        self.ratings = queue_ratings
        self.settings = settings
        self.relations = relations
        """Who blocked whom, whom no group holds together (None: no archive, no blocks)."""
        self.reputations = reputations
        """Players' karma, held to the operator's floor (None: no archive, no floor)."""

    async def player_counts(self, title: str) -> range:
        """The player counts the title's queues are for."""
        if title not in self.matches.titles():
            served = ", ".join(self.matches.titles())
            raise InvalidRequest("match-unknown-title", title=title[:64], served=served)
        info = await self.matches.game_info(title)
        return range(info.min_players, info.max_players + 1)

    async def enter(
        self, title: str, players: int, player: Player, days: int = 0
    ) -> AsyncGenerator[Waiting | Matched, None]:
        """Enters (or follows) the player's ticket in the title's `players`-player queue, live
        or (`days`) turn-based at `days` a move; yields where it stands every `UPDATE_EVERY_S`
        while it waits (looking for its seat every `matchmaking_poll_ms`), then the seat."""
        counts = await self.player_counts(title)
        if players not in counts:
            raise InvalidRequest(
                "queue-player-count",
                title=title,
                least=counts.start,
                most=counts.stop - 1,
                players=players,
            )
        if days and days not in clocks.TURN_BASED_DAYS:
            offered = ", ".join(map(str, clocks.TURN_BASED_DAYS))
            raise InvalidRequest("queue-days-offered", offered=offered, days=days)
        if self.reputations is not None:
            await self.reputations.require_floor(player.player_id, "queue")
        assignment_id = await self._enter(title, players, days, player)
        poll_s = self.settings.matchmaking_poll_ms / 1000
        next_update = 0.0
        while True:
            if assignment_id:
                handed = await self._hand_over(title, players, days, assignment_id, player)
                if handed is not None:
                    if days:
                        # Handed over once: the player may queue there again for another.
                        await self.queues.forget_assignment(
                            title, player.player_id, assignment_id, players, days
                        )
                    # A live assignment stays the player's while its match runs: another
                    # device (or a reconnect) entering again is handed the same seat.
                    yield handed
                    return
            else:
                followed = await self.queues.follow(
                    title, players, player.player_id, now_ms(), days
                )
                if followed.outcome == "gone" and days:
                    raise NotNow("queue-turn-based-ticket-gone", title=title)
                if followed.outcome == "gone":
                    raise NotNow(
                        "queue-ticket-gone",
                        title=title,
                        grace=f"{self.settings.matchmaking_ticket_grace_s:g}",
                    )
                if followed.outcome == "assigned":
                    assignment_id = followed.assignment_id
                    continue
                if time.monotonic() >= next_update:
                    next_update = time.monotonic() + UPDATE_EVERY_S
                    yield self._waiting(followed)
            await asyncio.sleep(poll_s)

    async def _enter(self, title: str, players: int, days: int, player: Player) -> str:
        """Puts the player's ticket in the queue (or finds it there); returns the assignment
        id of a player already matched, "" for one who waits."""
        for _ in range(2):
            if days:
                await self._check_turn_based_room(title, players, days, player)
            ticket = Ticket(
                player.player_id,
                players,
                await self.ratings.of_player(title, player),
                now_ms(),
                player.display_name,
                days,
            )
            entered = await self.queues.enter(ticket, title, now_ms())
            if entered.outcome == "elsewhere":
                assert entered.ticket is not None  # the ticket waiting elsewhere
                raise NotNow(
                    "queue-waiting-elsewhere",
                    title=title,
                    players=entered.ticket.players,
                    days=entered.ticket.days,
                )
            if entered.outcome != "assigned":
                if entered.outcome == "entered":
                    log.info(
                        "ticket entered",
                        extra={
                            "title": title,
                            "players": players,
                            "days": days,
                            "rating": ticket.rating,
                        },
                    )
                return ""
            if await self._still_running(title, entered.assignment_id, player):
                return entered.assignment_id
            # Matched before, into a match that is over now: that is history, not a seat.
            await self.queues.forget_assignment(
                title, player.player_id, entered.assignment_id, players, days
            )
        raise NotNow("queue-being-matched")

    async def _check_turn_based_room(
        self, title: str, players: int, days: int, player: Player
    ) -> None:
        """Refuses a new turn-based ticket to a player at the turn-based cap; one who waits
        already, or whose match is to be handed over, is let through (that match counts)."""
        if await self.queues.ticket(title, player.player_id) is not None:
            return
        if await self.queues.assigned(title, player.player_id, players, days):
            return
        await self.matches.check_turn_based_room(player)

    async def _still_running(self, title: str, assignment_id: str, player: Player) -> bool:
        assignment = await self.queues.assignment(title, assignment_id)
        if assignment is None:
            return False
        match = await self._made_match(assignment)
        if match is None:
            return True  # being made
        if not match:
            return False
        return match.phase != MatchPhase.FINISHED and bool(match.seats_of(player.player_id))

    def _waiting(self, followed: Followed) -> Waiting:
        ticket = followed.ticket
        assert ticket is not None  # a waiting ticket is read with its look
        waited = max(now_ms() - ticket.entered_ms, 0)
        fill_ms = int(self.settings.matchmaking_bot_fill_after_s * 1000)
        return Waiting(
            rating=ticket.rating,
            window=self.settings.window(waited / 1000),
            waited_ms=waited,
            ahead=followed.ahead,
            queued=followed.queued,
            bots_in_ms=max(fill_ms - waited, 1) if fill_ms else 0,
        )

    async def _made_match(self, assignment: Assignment) -> Match | Literal[False] | None:
        """The assignment's match; None while it is being made, False once it has left Redis
        (long over). Its pending entry goes only once the match exists, so a match not found
        after the entry has gone is gone too."""
        match = await self.matches.live(assignment.match_id)
        if match is not None:
            return match
        if await self.queues.is_pending(assignment):
            return None
        return await self.matches.live(assignment.match_id) or False

    async def _hand_over(
        self, title: str, players: int, days: int, assignment_id: str, player: Player
    ) -> Matched | None:
        """The player's seat in the assignment's match (a fresh seat token, which is what
        takes the seat of a live queue's match: `matches.port.untaken_seats`); None while the
        match is still being made."""
        assignment = await self.queues.assignment(title, assignment_id)
        if assignment is None:
            await self.queues.forget_assignment(
                title, player.player_id, assignment_id, players, days
            )
            raise NotNow("queue-match-lost")
        made = await self._made_match(assignment)
        if made is None:
            return None
        if not made:
            await self.queues.forget_assignment(
                title, player.player_id, assignment_id, players, days
            )
            raise NotNow("queue-match-over")
        if made.phase == MatchPhase.FINISHED or not made.seats_of(player.player_id):
            # Come too late: a seat not taken within the grace was given up (live), or the
            # match ended meanwhile.
            await self.queues.forget_assignment(
                title, player.player_id, assignment_id, players, days
            )
            raise NotNow(
                "queue-match-went-on",
                match=made.match_id,
                pace="turn-based" if days else "live",
                grace=f"{self.settings.matchmaking_seat_grace_s:g}",
            )
        taken = await self.matches.reclaim(assignment.match_id, player)
        ticket = assignment.ticket_of(player.player_id)
        waited = assignment.made_ms - ticket.entered_ms if ticket else 0
        return Matched(
            match=taken.match,
            seat=taken.seat,
            token=taken.token,
            waited_ms=max(waited, 0),
            bot_seats=len(assignment.bot_levels),
        )

    async def leave(self, title: str, player: Player) -> bool:
        """Takes the player's ticket (live or turn-based) out of the title's queue; False if
        there was none. A ticket matched already is refused, naming its match (a turn-based
        one until it has been handed over)."""
        counts = await self.player_counts(title)
        ticket = await self.queues.ticket(title, player.player_id)
        players, days = (ticket.players, ticket.days) if ticket is not None else (0, 0)
        outcome, assignment_id = await self.queues.leave(title, players, player.player_id, days)
        if outcome == "assigned":
            await self._refuse_matched(title, players, days, assignment_id, player)
            return False
        if outcome == "none" and ticket is None:
            # Perhaps matched in a turn-based queue, whose pointer is the queue's own.
            paces = [(n, d) for n in counts for d in clocks.TURN_BASED_DAYS]
            for n, d, matched in await self.queues.pointers(title, player.player_id, paces):
                await self._refuse_matched(title, n, d, matched, player)
        if outcome == "left":
            log.info("ticket left", extra={"title": title, "players": players, "days": days})
        return outcome == "left"

    async def _refuse_matched(
        self, title: str, players: int, days: int, assignment_id: str, player: Player
    ) -> None:
        """Refuses to take back a ticket matched into a running match; forgets the pointer of
        one whose match is over."""
        if await self._still_running(title, assignment_id, player):
            assignment = await self.queues.assignment(title, assignment_id)
            match_id = assignment.match_id if assignment else "?"
            raise NotNow("queue-matched-already", match=match_id)
        await self.queues.forget_assignment(title, player.player_id, assignment_id, players, days)


def assignment_seats(assignment: Assignment, shuffled: list[int]) -> list[Seat]:
    """The match's seats: the assignment's people and bots in the order `shuffled` gives (a
    permutation of their indexes, people first, then bots)."""
    entries = [
        Seat(seat=0, kind=SeatKind.HUMAN, player_id=t.player_id, display_name=t.name)
        for t in assignment.tickets
    ]
    entries += [
        Seat(
            seat=0,
            kind=SeatKind.BOT,
            bot_level=level,
            display_name=bot_player(assignment.title_id, level).display_name,
        )
        for level in assignment.bot_levels
    ]
    seats = []
    for number, index in enumerate(shuffled):
        seat = entries[index]
        seat.seat = number
        seats.append(seat)
    return seats
