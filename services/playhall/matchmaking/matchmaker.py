"""The matchmaker: every replica runs one, and for each queue (a title, a player count and a
pace: live, or turn-based at so many days a move) the replica holding the queue's lease in
Redis matches it; the others only count it. A lease not renewed for `matchmaking_lease_ms`
(its holder died) is taken by the next replica to look.

A pass of the holder: the matches of assignments made earlier but not known to exist yet (a
holder that died between its match script and the match's creation left them) are made first;
then tickets no stream follows leave (in a live queue: a turn-based ticket waits without a
stream until matched or withdrawn); then `matchmaking.find_groups` groups the rest (in a
turn-based queue, leaving out the players at the turn-based cap; never two players of whom one
blocked the other, `relations.graph`: while the archive cannot say who blocked whom, the pass
groups nobody), and each group is one
`MATCH_SCRIPT`, which checks the lease again, so a holder that stalled past its lease and lost
it to another replica matches nothing more. Bots fill a group's empty seats after
`matchmaking_bot_fill_after_s` in either pace.

Every match of a live queue runs on the queues' clock (`MatchmakingSettings.clock`) and hands
out no seat token: each player collects theirs (EnterQueue's hand-over, or ReclaimSeat), a
commit the player makes anyway, so a seat without a token is one its player never took. A
turn-based queue's match runs on a clock of its days a move, forfeit on timeout
(`MatchmakingSettings.turn_based_clock`), and is made with its people's seats taken, as its
players need not be there when it is made (`_make`). A seat grace
(`matchmaking_seat_grace_s`) after a match is made, the pass looks at its seats once
(`MatchPort.settle_untaken_seats`): a match left with fewer than two people is void,
otherwise the absent seats forfeit and the others play on. The change is an ordinary commit
with the version check, so a second look (a new holder, a retry) finds it done and changes
nothing."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import random
import secrets
from collections.abc import Awaitable, Callable
from typing import TypeVar

import psycopg
import redis

from playhall.common.errors import MatchError
from playhall.common.passes import BackgroundPass
from playhall.matches import clocks
from playhall.matchmaking.metrics import (
    QUEUE_ABSENT_SEATS,
    QUEUE_BOT_SEATS,
    QUEUE_LEASES,
    QUEUE_MATCHES,
    QUEUE_PASS_SECONDS,
    QUEUE_TICKETS,
    QUEUE_WAIT,
    initialize_queue_series,
    pace_label,
)
from playhall.matchmaking.queue_store import (
    Assignment,
    Ticket,
    match_id_of,
    new_assignment_id,
)
from playhall.matchmaking.queues import Group, Matchmaking, assignment_seats, find_groups
from playhall.matchstore.model import SeatKind
from playhall.matchstore.store import UnreadableMatch, now_ms

log = logging.getLogger(__name__)
T = TypeVar("T")

MAKE_AT_ONCE = 16
"""Matches a pass makes (or settles the seats of) at once, each a rules call and a few Redis
round trips: well within the Redis pool, and a backlog of assignments is made in a few
passes."""
MAX_TICKETS_PER_PASS = 2_000
"""The longest-waiting tickets a pass looks at in one queue; the rest wait for later passes."""


class Matchmaker(BackgroundPass):
    """Holds the leases of whatever queues it can and matches them every
    `matchmaking_interval_s`."""

    def __init__(self, matchmaking: Matchmaking):
        # The queues' parts, as the players' side of matchmaking holds them.
        self.matches = matchmaking.matches
        self.queues = matchmaking.queues
        self.ratings = matchmaking.ratings
        self.settings = matchmaking.settings
        self.relations = matchmaking.relations
        self.holder = f"{os.uname().nodename}-{os.getpid()}-{secrets.token_hex(4)}"
        """This replica's name in the leases: unique, so a restarted process is a new holder."""
        self._held: set[tuple[str, int, int]] = set()
        """The queues (title, players, days: 0 live) whose lease this replica holds."""
        self._counted: set[tuple[str, int, int]] = set()
        """The turn-based queues this replica has found with something in them."""
        super().__init__(self.settings.matchmaking_interval_s)

    name = "matchmaking"

    async def stop(self, timeout: float) -> None:
        """Lets the pass in progress finish for up to `timeout` seconds, then gives the
        leases up, so that another replica takes the queues over at its next pass rather than
        when the leases lapse (a rolling update would pause matching otherwise)."""
        await super().stop(timeout)
        for title, players, days in sorted(self._held):
            try:
                await self.queues.release_lease(title, players, self.holder, days)
            except redis.RedisError as error:  # it lapses on its own
                log.warning("queue lease not given up", extra={"error": str(error)})
        self._held.clear()

    async def run_once(self) -> int:
        """One pass over every queue; returns how many matches it made. The live queues are
        passed over every time; a title's turn-based queues (six paces a player count, mostly
        empty) are counted in one round trip, and only those with something in them are."""
        made = 0
        for info in await self.matches.game_infos():
            title, counts = info.title_id, range(info.min_players, info.max_players + 1)
            for players in counts:
                initialize_queue_series(title, players)
                made += await self.match_queue(title, players)
            paces = [(players, days) for players in counts for days in clocks.TURN_BASED_DAYS]
            busy = await self.queues.busy(title, paces)
            for players, days in paces:
                queue = (title, players, days)
                if (players, days) in busy:
                    self._counted.add(queue)
                    initialize_queue_series(title, players, days)
                    made += await self.match_queue(title, players, days)
                elif queue in self._counted:
                    # Empty now: its lease lapses unrenewed, its count is 0.
                    self._counted.discard(queue)
                    self._held.discard(queue)
                    QUEUE_TICKETS.labels(title, str(players), pace_label(days)).set(0)
        QUEUE_LEASES.set(len(self._held))
        return made

    async def match_queue(self, title: str, players: int, days: int = 0) -> int:
        """The pass over one queue (the live one, or with `days` the turn-based one) if this
        replica holds its lease; how many matches it made."""
        queue = (title, players, days)
        labels = (title, str(players), pace_label(days))
        held = await self.queues.hold_lease(
            title, players, self.holder, self.settings.matchmaking_lease_ms, days
        )
        if not held:
            if queue in self._held:
                log.warning(
                    "queue lease lost", extra={"title": title, "players": players, "days": days}
                )
                self._held.discard(queue)
            QUEUE_TICKETS.labels(*labels).set(await self.queues.queued(title, players, days))
            return 0
        if queue not in self._held:
            log.info("queue lease taken", extra={"title": title, "players": players, "days": days})
            self._held.add(queue)
        with QUEUE_PASS_SECONDS.labels(*labels).time():
            made = await self._pass(title, players, days)
        QUEUE_TICKETS.labels(*labels).set(await self.queues.queued(title, players, days))
        return made

    async def _pass(self, title: str, players: int, days: int) -> int:
        """The holder's pass over one queue; how many matches it made. A live queue's tickets
        no stream followed within the grace leave first; a turn-based queue's stay, and those
        of players at the turn-based cap are passed over until they have room."""
        queue = (title, players, days)
        labels = (title, str(players), pace_label(days))
        await self._make_pending(title, players, days)
        await self._settle_seats_due(title, players, days)
        now = now_ms()
        waiting = await self.queues.waiting(title, players, MAX_TICKETS_PER_PASS, days)
        if days:
            queued = [ticket for ticket, _ in waiting]
        else:
            queued = await self._drop_unfollowed(title, players, waiting)
        made: list[Assignment] = []
        for group in await self._groups(queued, players, now, days):
            levels = []
            if group.bots:
                mean = sum(t.rating for t in group.tickets) / len(group.tickets)
                levels = [await self.ratings.nearest_level(title, mean)] * group.bots
            assignment = Assignment(
                new_assignment_id(), title, players, group.tickets, levels, now_ms(), days
            )
            outcome = await self.queues.match(assignment, self.holder)
            if outcome == "not_holder":
                self._held.discard(queue)
                log.warning("queue lease lost mid-pass", extra={"title": title})
                break
            if outcome != "ok":
                continue  # a ticket left (or was dropped) since it was read
            kind = "bots" if levels else "players"
            QUEUE_MATCHES.labels(*labels, kind).inc()
            QUEUE_BOT_SEATS.labels(*labels).inc(len(levels))
            for ticket in group.tickets:
                QUEUE_WAIT.labels(*labels).observe(
                    max(assignment.made_ms - ticket.entered_ms, 0) / 1000
                )
            made.append(assignment)
        # The assignments are recorded: their matches are made side by side, as a rules call
        # and the store's writes take a match far longer than its match script.
        await self._make_all(made)
        return len(made)

    async def _drop_unfollowed(
        self, title: str, players: int, waiting: list[tuple[Ticket, int]]
    ) -> list[Ticket]:
        """Takes the live queue's tickets no stream followed within the grace out; the rest."""
        cutoff = now_ms() - int(self.settings.matchmaking_ticket_grace_s * 1000)
        unfollowed = [ticket.player_id for ticket, seen in waiting if seen < cutoff]
        if unfollowed:
            dropped = await self.queues.drop_unfollowed(
                title, players, self.holder, cutoff, unfollowed
            )
            if dropped > 0:
                log.info(
                    "unfollowed tickets left the queue",
                    extra={"title": title, "players": players, "count": dropped},
                )
        return [ticket for ticket, seen in waiting if seen >= cutoff]

    async def _groups(
        self, tickets: list[Ticket], players: int, now: int, days: int
    ) -> list[Group]:
        """`find_groups` of the tickets, no group holding two players of whom one blocked the
        other; in a turn-based queue, without the tickets of players who hold the most
        turn-based matches allowed (looked up for the grouped ones only, and grouped again
        without those found). No groups while the blocks cannot be read."""
        apart = await self._blocked_pairs(tickets)
        if apart is None:
            return []
        groups = find_groups(tickets, players, now, self.settings, apart)
        while days and groups:
            full = await self.matches.at_turn_based_cap(
                [t.player_id for group in groups for t in group.tickets]
            )
            if not full:
                break
            tickets = [t for t in tickets if t.player_id not in full]
            groups = find_groups(tickets, players, now, self.settings, apart)
        return groups

    async def _blocked_pairs(self, tickets: list[Ticket]) -> set[frozenset[str]] | None:
        """The pairs of the tickets' players of whom one blocked the other; None when the
        archive is out of reach (a group matched then might hold such a pair)."""
        if self.relations is None:
            return set()
        try:
            return await self.relations.blocked_pairs([t.player_id for t in tickets])
        except psycopg.OperationalError as error:
            log.warning("blocks unavailable, matching waits", extra={"error": str(error)})
            return None

    async def _make_pending(self, title: str, players: int, days: int) -> None:
        pending = []
        for assignment_id in await self.queues.pending(title, players, days=days):
            assignment = await self.queues.assignment(title, assignment_id)
            if assignment is None:  # expired long ago: nothing left to make
                await self.queues.made(title, players, assignment_id, now_ms(), days)
                continue
            pending.append(assignment)
        await self._make_all(pending)

    async def _make_all(self, assignments: list[Assignment]) -> None:
        """`_make` of each, `MAKE_AT_ONCE` at a time."""
        await _side_by_side(self._make, assignments)

    async def _make(self, assignment: Assignment) -> None:
        """Creates the assignment's match (once: its id is the assignment's) and takes the
        assignment off the pending list. A failure leaves it pending for the next pass.

        A live queue's match runs on the queues' clock and is made without seat tokens: each
        player takes their seat by collecting its token. A turn-based queue's runs on a clock
        of its days a move (forfeit on timeout) and is made with its people's seats taken (the
        tokens are dropped unseen; each player collects a fresh one when they come, from
        EnterQueue or ReclaimSeat): its players need not be there, so the seat grace finds no
        seat nobody took."""
        title, players, assignment_id, days = (
            assignment.title_id,
            assignment.players,
            assignment.assignment_id,
            assignment.days,
        )
        if await self.matches.exists(assignment.match_id):
            # Made by a holder that died before it took the assignment off the list.
            await self.queues.made(title, players, assignment_id, now_ms(), days)
            return
        order = list(range(assignment.players))
        random.SystemRandom().shuffle(order)  # who sits first is luck, not queue order
        seats = assignment_seats(assignment, order)
        if days:
            clock = self.settings.turn_based_clock(days, self.matches.turn_based_day_s)
            taken = [seat.seat for seat in seats if seat.kind == SeatKind.HUMAN]
        else:
            clock, taken = self.settings.clock, []
        try:
            created = await self.matches.start(title, seats, taken, clock, assignment.match_id)
        except MatchError as error:
            log.warning(
                "match of an assignment not made; retried next pass",
                extra={"match_id": assignment.match_id, "error": error.reason},
            )
            return
        await self.queues.made(title, players, assignment_id, now_ms(), days)
        log.info(
            "matched" if created is not None else "match of an assignment existed already",
            extra={
                "match_id": assignment.match_id,
                "title": assignment.title_id,
                "players": assignment.players,
                "days": days,
                "bot_seats": len(assignment.bot_levels),
            },
        )

    # -- seats nobody took ----------------------------------------------------------------------

    async def _settle_seats_due(self, title: str, players: int, days: int) -> None:
        """`_settle_seats` of the queue's matches made a seat grace ago, `MAKE_AT_ONCE` at a
        time."""
        made_before = now_ms() - int(self.settings.matchmaking_seat_grace_s * 1000)
        due = await self.queues.seating_due(title, players, made_before, days=days)
        await _side_by_side(functools.partial(self._settle_seats, title, players, days), due)

    async def _settle_seats(self, title: str, players: int, days: int, assignment_id: str) -> None:
        """Settles the absent seats of the assignment's match, then never looks at it again;
        a failure leaves it for the next pass."""
        match_id = match_id_of(assignment_id)
        try:
            settled = await self.matches.settle_untaken_seats(match_id)
        except UnreadableMatch:
            # Left to the idle scan, as any match this build cannot read.
            log.warning(
                "matchmade match unreadable; seats not settled", extra={"match_id": match_id}
            )
            settled = None
        except MatchError as error:
            log.warning(
                "seats of a matchmade match not settled; looked at again next pass",
                extra={"match_id": match_id, "error": error.reason},
            )
            return
        if settled is not None and settled.seats:
            outcome = settled.outcome
            labels = (title, str(players), pace_label(days))
            QUEUE_ABSENT_SEATS.labels(*labels, outcome).inc(len(settled.seats))
            log.info(
                "absent seats of a matchmade match settled",
                extra={"match_id": match_id, "seats": settled.seats, "outcome": outcome},
            )
        await self.queues.seated(title, players, assignment_id, days)


async def _side_by_side(action: Callable[[T], Awaitable[None]], items: list[T]) -> None:
    """`action` of each of `items`, `MAKE_AT_ONCE` at a time."""
    slots = asyncio.Semaphore(MAKE_AT_ONCE)

    async def one(item: T) -> None:
        async with slots:
            await action(item)

    await asyncio.gather(*(one(item) for item in items))
