"""The commit protocol, in one place: what a change writes before the commit script (the bot
turn and the deadline it leaves, so a crash right after cannot lose them), the script itself
(`MatchStore.commit`: version check, state, log entry, idempotency record), and what follows
it (lobby lists, bot turns). Also the two rules calls every change starts from, how a match
ends, and the optimistic-retry loop every change runs in."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import redis
from google.protobuf import any_pb2

from playhall.match.v1 import match_service_pb2 as mpb
from playhall.orchestrator import clocks, records
from playhall.orchestrator.bot_scheduler import BotScheduler
from playhall.orchestrator.errors import MatchBusy, RefusedByRules
from playhall.orchestrator.identity import Caller
from playhall.orchestrator.metrics import (
    COMMIT_CONFLICTS,
    MATCHES_FINISHED,
    MOVES_ACCEPTED,
    MOVES_REFUSED,
    REDIS_ERRORS,
)
from playhall.orchestrator.rules_client import RulesClients
from playhall.orchestrator.settings import Settings
from playhall.orchestrator.store import (
    Commit,
    IdempotencyRecord,
    Match,
    MatchStore,
    NotReplicated,
    Outcome,
    match_record,
    now_ms,
)
from playhall.players import outbox
from playhall.rules.v1 import rules_service_pb2 as rpb

log = logging.getLogger(__name__)

MAX_COMMIT_ATTEMPTS = 50
T = TypeVar("T")


class Commits:
    """Changes of matches: applied through the rules service, committed with optimistic
    concurrency."""

    def __init__(
        self,
        store: MatchStore,
        rules: RulesClients,
        settings: Settings,
        bots: BotScheduler | None = None,
    ):
        self.store = store
        self.rules = rules
        self.settings = settings
        self.bots = bots

    @staticmethod
    async def retry(attempt: Callable[[], Awaitable[T | None]]) -> T:
        """Runs `attempt` (a read, then a commit) until it returns something other than None,
        which it does when another change won the race; `MatchBusy` after
        `MAX_COMMIT_ATTEMPTS`."""
        for _ in range(MAX_COMMIT_ATTEMPTS):
            result = await attempt()
            if result is not None:
                return result
        raise MatchBusy()

    async def view(
        self, match: Match, state: bytes, caller: Caller, omit_legal_moves: bool = False
    ) -> rpb.GetViewResponse:
        request = rpb.GetViewRequest(
            state=any_pb2.Any.FromString(state), omit_legal_moves=omit_legal_moves
        )
        if caller.seat is None:
            request.spectator = True
        else:
            request.seat = caller.seat
        return await self.rules.call(match.title_id, "GetView", request)

    async def apply(
        self,
        match: Match,
        state: bytes,
        seat: int,
        move: any_pb2.Any,
        request: tuple[str, IdempotencyRecord] | None,
        omit_legal_moves: bool = False,
    ) -> rpb.PlayerView | None:
        """Applies a move to `state` (of `match`'s version) through the rules service and
        commits it; returns the mover's view of the new state, or None when another change won
        the race."""
        try:
            applied = await self.rules.call(
                match.title_id,
                "ApplyMove",
                rpb.ApplyMoveRequest(
                    state=any_pb2.Any.FromString(state),
                    seat=seat,
                    move=move,
                    omit_legal_moves=omit_legal_moves,
                ),
            )
        except RefusedByRules as refused:
            MOVES_REFUSED.labels(match.title_id, refused.kind).inc()
            raise
        before, match.status = match.status, applied.status
        if applied.status.step != match.step:
            match.step, match.step_version = applied.status.step, match.version + 1
        if applied.status.finished:
            # A seat that left is never a winner, whatever its bot scored since.
            winners = [w for w in applied.status.winners if not match.seats[w].resigned]
            self.finish(match, mpb.END_REASON_GAME_OVER, winners)
        version = await self.commit(
            match,
            seat,
            events=applied.events,
            state=applied.state.SerializeToString(),
            move=move.SerializeToString(),
            request=request,
            before=before,
        )
        if version is None:
            return None
        MOVES_ACCEPTED.labels(match.title_id).inc()
        return applied.mover_view

    def leave(self, match: Match, leaving: list[int], reason: int) -> None:
        """`leaving` seats resign or forfeit (`reason`). With two seats the match ends and the
        other seat wins. With more, a random bot plays each leaving seat from now on and the
        others play on, until, of two or more people who started, one is left (who wins), or
        none is (the seats that never left win)."""
        if len(match.seats) == 2:
            # As ever with two seats: a resigned seat is marked (its token reads no more), a
            # seat out of time just loses.
            if reason == mpb.END_REASON_RESIGNATION:
                for seat in leaving:
                    match.seats[seat].resigned = True
            self.finish(match, reason, [s.seat for s in match.seats if s.seat not in leaving])
            return
        for seat in leaving:
            match.seats[seat].resigned = True
            match.seats[seat].kind = mpb.SEAT_KIND_BOT
            match.seats[seat].bot_level = mpb.BOT_LEVEL_RANDOM
        people = sorted(match.token_hashes)
        staying = [seat for seat in people if not match.seats[seat].resigned]
        if len(people) >= 2 and len(staying) == 1:
            self.finish(match, reason, staying)
        elif not staying:
            self.finish(match, reason, [s.seat for s in match.seats if not s.resigned])

    def finish(self, match: Match, reason: int, winners: list[int]) -> None:
        match.phase = mpb.MATCH_PHASE_FINISHED
        match.end_reason = reason
        match.winners = winners

    @staticmethod
    def _time_turn(
        match: Match, before: rpb.GameStatus, mover: int | None, since_ms: int, renew: bool
    ) -> None:
        """The clock's part of a commit at `match.updated_unix_ms` (the previous one was at
        `since_ms`, with status `before`): the banks charged, the deadline set."""
        running = match.phase == mpb.MATCH_PHASE_RUNNING
        if not (running and clocks.is_on(match.clock)):
            match.deadline_unix_ms = 0
            return
        was_running = match.stored_phase == mpb.MATCH_PHASE_RUNNING
        if was_running:
            elapsed = match.updated_unix_ms - since_ms
            clocks.charge(match.clock, match.bank_ms, before, match.status, elapsed, mover)
        new_turn = renew or not was_running or before.turn != match.status.turn
        match.deadline_unix_ms = clocks.deadline(
            match.clock,
            match.bank_ms,
            match.status,
            match.updated_unix_ms,
            match.deadline_unix_ms,
            new_turn,
        )

    async def commit(
        self,
        match: Match,
        seat: int | None,
        events=(),
        state: bytes = b"",
        move: bytes = b"",
        request: tuple[str, IdempotencyRecord] | None = None,
        before: rpb.GameStatus | None = None,
        renew: bool = False,
    ) -> int | None:
        """Commits the changed `match` as one new version, with the index updates that follow
        from it; None when another change won. `before` is the status a move started from (by
        default the status is unchanged); `renew` gives the seats to move a fresh turn time."""
        loaded = match.version
        since_ms, match.updated_unix_ms = match.updated_unix_ms, now_ms()
        self._time_turn(match, before or match.status, seat, since_ms, renew)
        finished = match.phase == mpb.MATCH_PHASE_FINISHED
        change = records.new_change(
            loaded + 1,
            seat,
            events,
            match.status,
            match.phase,
            match.end_reason,
            match.updated_unix_ms,
        )
        if self.bot_seats_to_move(match):
            # Recorded before the commit, like the deadline below: if this process dies between
            # the commit and the publish, the sweeper still finds the turn.
            await self.store.mark_bot_turn(match.match_id, match.updated_unix_ms, only_new=True)
        if match.deadline_unix_ms:
            # Recorded before the commit, so a crash right after it cannot lose the deadline;
            # an entry for a version that never came is dropped by the clock.
            await self.store.set_deadline(match.match_id, loaded + 1, match.deadline_unix_ms)
        if finished and match.stored_phase != mpb.MATCH_PHASE_FINISHED:
            await self._file_for_archive(match)
        result = await self.store.commit(
            match.match_id,
            loaded,
            Commit(
                change=change,
                record=match_record(match),
                state=state,
                move=move,
                state_ttl_s=self.settings.finished_state_ttl_s if finished else 0,
            ),
            request,
        )
        if result.outcome is Outcome.CONFLICT:
            COMMIT_CONFLICTS.labels(match.title_id).inc()
            return None
        if result.outcome is Outcome.DUPLICATE:
            return None
        match.version = int(result.value)
        try:
            await self._after_commit(match, loaded, moved=bool(move))
        except redis.RedisError as error:
            REDIS_ERRORS.labels("index_update").inc()
            # The change stands; what follows it is repaired in the background (the lobby
            # repair, the clock scan, the bot sweep), so the caller hears of the commit.
            log.warning(
                "committed; an index update failed and is left to the background repair",
                extra={"match_id": match.match_id, "version": match.version, "error": str(error)},
            )
        if not result.replicated:
            # Committed on the master, whose replica has not confirmed it: not acknowledged
            # (a failover now could lose it). What follows it ran, as the change most likely
            # stands; a retry with the same request id answers with its version.
            raise NotReplicated(self.store.wait_replicas)
        return match.version

    async def _file_for_archive(self, match: Match) -> None:
        """The archive's outbox entry of a match this commit ends, filed before the commit
        like the deadline: a crash right after the commit cannot lose the archive, and an entry
        for an end that does not commit waits until the match does end (`players.outbox`)."""
        await outbox.enqueue(self.store.redis, match.match_id, match.updated_unix_ms)

    async def _after_commit(self, match: Match, loaded: int, moved: bool) -> None:
        """The index updates and bot turns that follow a commit of `match` over `loaded`."""
        await self._after_phase_change(match)
        if clocks.is_on(match.clock):
            await self.store.clear_deadline(match.match_id, loaded)
        # A waiting-turn entry is never removed here: a replica that commits a change with no
        # bot to move could otherwise erase the entry another replica just wrote for a newer
        # bot turn. The sweeper drops entries whose match has no bot to move.
        if self.bot_seats_to_move(match) and (not moved or match.step_version == match.version):
            # A new step (or new seats, after a join or a resignation): the bots to move now
            # have no task yet. Within a simultaneous step they all got theirs at its start.
            await self.store.mark_bot_turn(match.match_id, match.updated_unix_ms)
            await self.enqueue_bots(match, "turn")

    @staticmethod
    def bot_seats_to_move(match: Match) -> list[int]:
        if match.phase != mpb.MATCH_PHASE_RUNNING:
            return []
        return [s for s in match.status.to_move if match.seats[s].kind == mpb.SEAT_KIND_BOT]

    async def enqueue_bots(self, match: Match, cause: str) -> None:
        if self.bots is None:
            return
        for seat in self.bot_seats_to_move(match):
            await self.bots.enqueue(match.match_id, seat, match.version, cause)

    async def _after_phase_change(self, match: Match) -> None:
        """Moves a committed match between lobby lists when its phase changed."""
        old_phase, match.stored_phase = match.stored_phase, match.phase
        # The activity index is not touched per move: it only has to hold a time no later than
        # the last change, and the idle scan re-reads `updated_unix_ms` before it closes anything.
        if match.phase == old_phase:
            return
        if match.phase == mpb.MATCH_PHASE_FINISHED:
            reason = mpb.EndReason.Name(match.end_reason).removeprefix("END_REASON_").lower()
            MATCHES_FINISHED.labels(match.title_id, reason).inc()
            log.info("match finished", extra={"match_id": match.match_id, "reason": reason})
        await self.store.move_in_lobby(match, old_phase)
        if match.phase == mpb.MATCH_PHASE_FINISHED:
            await self.store.forget_activity(match.match_id)
