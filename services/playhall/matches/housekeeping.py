"""The background work every replica does, and the passes themselves: turn deadlines, stalled
bot turns, abandoned matches and lobby repair. Deadlines live in a Redis sorted set that every
replica scans; whichever replica commits first acts, the others' commits lose the version race
and do nothing."""

from __future__ import annotations

import logging
import random
import time

from playhall.common.errors import Broken, MatchError
from playhall.common.passes import BackgroundPass
from playhall.core.wire import moves_as_any
from playhall.matches import clocks
from playhall.matches.commits import Commits
from playhall.matches.identity import Caller
from playhall.matches.metrics import SEATS_LEFT, TIMEOUTS_APPLIED
from playhall.matches.vacations import Vacations
from playhall.matchstore.model import (
    ACTIVE_PHASES,
    ChangeCause,
    EndReason,
    Match,
    MatchPhase,
    TimeoutAction,
)
from playhall.matchstore.store import UnreadableMatch, now_ms

log = logging.getLogger(__name__)


RECOVERY_SWEEP_AFTER_S = 2.0
"""When this replica starts, and after a pass that storage failed, bot turns waiting this long
are sent again at once rather than after `bot_sweep_after_s`: a publish, or a task the broker
held, may have been lost with the process or the server that went down. A duplicate costs a
wasted decision, never a second move."""
BOT_SWEEP_REPEAT_S = 60.0
"""A bot turn the sweeper sent again and that still waits is sent again this long after (or
after `bot_sweep_after_s`, if longer). The first re-send comes early, as a turn whose task died
with a worker (a SIGKILLed worker loses the task it had just popped from a Redis broker) should
move within seconds of a worker serving; later ones are spaced out, as a turn that waits that
long waits for a worker (down, or busy with a backlog), and a re-send every few seconds would
only queue duplicates ahead of every newer turn."""
MAX_TIMEOUT_MOVES = 64
"""The most moves a timeout plays to finish a turn (a turn of any title has fewer)."""
LOBBY_CREATE_GRACE_MS = 60_000
"""A lobby entry without a match is a creation in progress until it is this old."""


class Housekeeper(BackgroundPass):
    """Scans turn deadlines and idle matches every `interval_s` (both are one range query), and
    a page of each lobby list every `lobby_repair_interval_s`."""

    def __init__(self, commits: Commits, interval_s: float, lobby_repair_interval_s: float):
        self.commits = commits
        self.store = commits.store
        self.settings = commits.settings
        self.vacations = Vacations(commits)
        super().__init__(interval_s)
        self.lobby_repair_interval_s = lobby_repair_interval_s
        self._lobby_repaired_at = 0.0
        self._recovering = True
        self._lobby_cursor: dict[tuple[str, int], int] = {}
        """Where `repair_lobby` goes on in each list: a scan position, not match state."""

    name = "housekeeping"

    def storage_failed(self) -> None:
        self._recovering = True

    async def run_once(self) -> int:
        """One pass; returns how many changes it committed."""
        committed = 0
        if self.commits.bots is not None:
            await self.commits.bots.resend()
        for match_id, version in await self.store.due_deadlines(now_ms()):
            try:
                committed += await self.expire(match_id, version)
            except MatchError as error:
                log.warning(
                    "deadline not handled", extra={"match_id": match_id, "error": str(error)}
                )
        await self.sweep_bot_turns(RECOVERY_SWEEP_AFTER_S if self._recovering else None)
        self._recovering = False
        committed += await self.abandon_idle()
        await self.vacations.return_due()
        if time.monotonic() - self._lobby_repaired_at >= self.lobby_repair_interval_s:
            self._lobby_repaired_at = time.monotonic()
            repaired = await self.repair_lobby()
            if repaired:
                log.info("lobby entries repaired", extra={"count": repaired})
        return committed

    # -- the passes --------------------------------------------------------------------------

    async def expire(self, match_id: str, version: int) -> bool:
        """Acts on a due turn deadline set at `version`; True when this call committed."""
        match, state, _ = await self.store.snapshot(match_id)
        if match is None or match.version != version or match.phase != MatchPhase.RUNNING:
            await self.store.clear_deadline(match_id, version)
            return False
        away = match.away()
        late = clocks.out_of_time(
            match.bank_ms, match.status, now_ms() - match.updated_unix_ms, away
        ) or [seat for seat in match.status.to_move if seat not in away]
        leaving = self._forfeiting(match, late)
        if match.clock.on_timeout == TimeoutAction.FORFEIT and leaving:
            self.commits.leave(match, leaving, EndReason.TIMEOUT)
            clocks.refill(match.clock, match.bank_ms, leaving)
            committed = (
                await self.commits.commit(match, None, ChangeCause.SERVER, renew=True) is not None
            )
            if committed:
                SEATS_LEFT.labels(match.title_id, "forfeited").inc(len(leaving))
                _timed_out(match, "forfeit")
        else:
            # A bot move; also for bot seats out of time (a worker slow or down): a bot does
            # not forfeit.
            if state is None:
                # A running match keeps its state (it expires only after the end): refused
                # as a damaged match is, and the deadline stays for the next scan.
                raise Broken("match-state-missing", match=match_id)
            committed = await self._play_out_turn(match, state, late)
            if committed:
                _timed_out(match, "bot_move")
        # Cleared only once handled: a failure above leaves it for the next scan.
        await self.store.clear_deadline(match_id, version)
        return committed

    async def _play_out_turn(self, match: Match, state: bytes, late: list[int]) -> bool:
        """Random legal moves for the `late` seats until the turn is over: every move of it
        they still had to make (each its own commit); True when one committed."""
        turn, committed = match.status.turn, False
        for _ in range(MAX_TIMEOUT_MOVES):
            movers = [seat for seat in match.status.to_move if seat in late]
            if not movers or match.status.turn != turn or match.phase != MatchPhase.RUNNING:
                break
            seen = await self.commits.view(match, state, Caller(movers[0]))
            move = random.SystemRandom().choice(moves_as_any(seen.legal_moves))
            if await self.commits.apply(match, state, movers[0], move, None, True) is None:
                break  # another change won: the scan looks again
            committed = True
            current, current_state, _ = await self.store.snapshot(match.match_id)
            if current is None or current_state is None:
                break
            match, state = current, current_state
        return committed

    @staticmethod
    def _forfeiting(match: Match, late: list[int]) -> list[int]:
        """The seats out of time a forfeit takes out: with two seats all of them, as the other
        seat then wins; with more, the people (a bot seat does not leave)."""
        if len(match.seats) == 2:
            return late
        return [seat for seat in late if seat in match.token_hashes]

    async def abandon_idle(self) -> int:
        """Closes matches with no change for `abandon_after_s`; returns how many."""
        cutoff = now_ms() - self.settings.abandon_after_s * 1000
        closed = 0
        for match_id in await self.store.idle_since(cutoff):
            try:
                match = await self.store.load(match_id)
            except UnreadableMatch:
                # Looked at again an idle time from now: left first in the index, it would
                # hold up every idle match behind it for good.
                log.warning("idle match unreadable; not abandoned", extra={"match_id": match_id})
                await self.store.touch(match_id, now_ms())
                continue
            if match is None or match.phase == MatchPhase.FINISHED:
                await self.store.forget_activity(match_id)
                continue
            if match.updated_unix_ms > cutoff:
                await self.store.touch(match_id, match.updated_unix_ms)
                continue
            if match.clock.turn_based:
                # Its clock ends it; days between moves are its pace, not abandonment.
                await self.store.forget_activity(match_id)
                continue
            self.commits.finish(match, EndReason.ABANDONED, [])
            closed += await self.commits.commit(match, None, ChangeCause.SERVER) is not None
        return closed

    async def sweep_bot_turns(self, after_s: float | None = None) -> int:
        """Re-enqueues bot turns that waited longer than `after_s` (default
        `bot_sweep_after_s`); returns how many matches it nudged. A nudged turn is recorded as
        waiting since a time in the future, so the next sweep finds it `BOT_SWEEP_REPEAT_S`
        from now (a new turn of the match records its own time)."""
        wait_s = self.settings.bot_sweep_after_s if after_s is None else after_s
        cutoff = now_ms() - int(wait_s * 1000)
        repeat_ms = int(max(BOT_SWEEP_REPEAT_S - self.settings.bot_sweep_after_s, 0) * 1000)
        nudged = 0
        for match_id in await self.store.bot_turns_waiting(cutoff):
            match = await self.store.load(match_id)
            if match is None or not self.commits.bot_seats_to_move(match):
                await self.store.unmark_bot_turn(match_id)
                continue
            await self.store.mark_bot_turn(match_id, now_ms() + repeat_ms)
            await self.commits.enqueue_bots(match, "sweep")
            nudged += 1
        return nudged

    async def repair_lobby(self, batch: int = 64) -> int:
        """Checks the next `batch` entries of every open and running list, and files each
        match under its phase: a process that died between a commit and its lobby update, or
        in the middle of a creation, left it wrong. Returns how many entries it repaired."""
        repaired = 0
        for title in self.commits.rules.titles():
            for phase in ACTIVE_PHASES:
                start = self._lobby_cursor.get((title, phase), 0)
                page = await self.store.lobby_page(title, phase, start, batch)
                moved_out = await self._repair_lobby_page(title, phase, page)
                # The entries taken out of this list shift the rest down by as many ranks.
                more = len(page) == batch
                self._lobby_cursor[(title, phase)] = start + batch - moved_out if more else 0
                repaired += moved_out
        return repaired

    async def _repair_lobby_page(self, title: str, phase: int, page: list[tuple[str, int]]) -> int:
        """Re-files the entries of one page of the `phase` list that belong elsewhere; returns
        how many it took out of that list."""
        moved_out = 0
        oldest_unfinished_create = now_ms() - LOBBY_CREATE_GRACE_MS
        matches = await self.store.load_many([match_id for match_id, _ in page])
        for (match_id, created_ms), match in zip(page, matches, strict=True):
            if match is None:
                if created_ms > oldest_unfinished_create or await self.store.exists(match_id):
                    continue  # a creation in progress, or a record this version cannot read
                await self.store.drop_from_lobby(title, phase, match_id)
            elif match.phase == phase:
                continue
            else:
                await self.store.place_in_lobby(match)
            moved_out += 1
        return moved_out

    # -- the schedule ------------------------------------------------------------------------


def _timed_out(match: Match, action: str) -> None:
    TIMEOUTS_APPLIED.labels(match.title_id, match.clock.pace.name.lower(), action).inc()
