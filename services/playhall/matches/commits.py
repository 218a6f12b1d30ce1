"""The commit protocol, in one place: the index updates a change makes (`index_updates`: the
bot turn and the deadline it leaves, which a crash right after the commit must not lose, then
the lobby lists, the old deadline, a new step's bot turn), the commit itself
(`MatchStore.commit`: version check, state, log entry, idempotency record, those index updates
and the publish, in one script on a single Redis), and the bot tasks that follow it. Also the
two rules calls every change starts from, how a match ends, and the optimistic-retry loop every
change runs in."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from google.protobuf import any_pb2

from playhall.common.errors import Broken, MatchBusy, RefusedByRules
from playhall.common.metrics import REDIS_ERRORS
from playhall.core import versions
from playhall.matches import clocks
from playhall.matches.bot_scheduler import BotScheduler
from playhall.matches.identity import Caller
from playhall.matches.metrics import (
    COMMIT_CONFLICTS,
    MATCHES_FINISHED,
    MOVES_ACCEPTED,
    MOVES_REFUSED,
)
from playhall.matches.notices import notice_entries, started_entries
from playhall.matches.rules_client import RulesClients
from playhall.matches.settings import MatchSettings
from playhall.matches.waiting import waiting_on
from playhall.matchstore import outbox, records
from playhall.matchstore.model import (
    BotLevel,
    ChangeCause,
    EndReason,
    Match,
    MatchPhase,
    SeatKind,
    UndoPoint,
)
from playhall.matchstore.notices import NoticeKind
from playhall.matchstore.parking import parkable_entry
from playhall.matchstore.store import (
    Commit,
    IdempotencyRecord,
    IndexUpdate,
    MatchStore,
    NotReplicated,
    Outcome,
    activity_removal,
    bot_turn_entry,
    deadline_entry,
    lobby_entries,
    match_record,
    my_turn_entry,
    now_ms,
    player_match_removal,
    turn_based_removal,
)
from playhall.rules.v1 import rules_service_pb2 as rpb

log = logging.getLogger(__name__)

MAX_COMMIT_ATTEMPTS = 50
T = TypeVar("T")

KEEP_UNDO_POINTS = (ChangeCause.MOVE, ChangeCause.UNDO, ChangeCause.NEW_TOKEN)
"""Changes after which the turn's seat may still take its moves back: its own (a move sets its
undo points itself) and a new token for a seat; anything else (a clock, a join, a resignation,
time given) ends what may be taken back."""


class Commits:
    """Changes of matches: applied through the rules service, committed with optimistic
    concurrency."""

    def __init__(
        self,
        store: MatchStore,
        rules: RulesClients,
        settings: MatchSettings,
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
        return await self.rules.call(match.title_id, "GetView", request, match.rules_version)

    async def render(self, match: Match, state: bytes, caller: Caller) -> str:
        """`caller`'s view of `state` drawn as text by the rules service: the same viewer as
        `view`'s, so it shows nothing the view does not."""
        request = rpb.RenderViewRequest(
            state=any_pb2.Any.FromString(state), format=rpb.RENDER_FORMAT_TEXT
        )
        if caller.seat is None:
            request.spectator = True
        else:
            request.seat = caller.seat
        drawn = await self.rules.call(match.title_id, "RenderView", request, match.rules_version)
        return drawn.content

    async def apply(
        self,
        match: Match,
        state: bytes,
        seat: int,
        move: any_pb2.Any,
        request: tuple[str, IdempotencyRecord] | None,
        omit_legal_moves: bool = False,
        encoded_move: bytes = b"",
    ) -> rpb.PlayerView | None:
        """Applies a move to `state` (of `match`'s version) through the rules service and
        commits it; returns the mover's view of the new state, or None when another change won
        the race. `encoded_move`: the move serialised already (by the caller's digest)."""
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
                match.rules_version,
            )
        except RefusedByRules as refused:
            MOVES_REFUSED.labels(match.title_id, refused.kind).inc()
            raise
        if not versions.compatible(applied.status.rules_version, match.rules_version):
            # A deployment upgraded in place since it last said its version, whose rules
            # did not refuse the state as they promise to: nothing is committed.
            raise Broken(
                "rules-answered-other-version",
                title=match.title_id,
                answered=applied.status.rules_version,
                played=match.rules_version,
            )
        before, match.status = match.status, applied.status
        self._note_undo_point(match, seat, state, applied.undoable and request is not None)
        if applied.status.step != match.step:
            match.step, match.step_version = applied.status.step, match.version + 1
        if applied.status.finished:
            # A seat that left is never a winner, whatever its bot scored since.
            winners = [w for w in applied.status.winners if not match.seats[w].resigned]
            self.finish(match, EndReason.GAME_OVER, winners)
        version = await self.commit(
            match,
            seat,
            ChangeCause.MOVE,
            events=applied.events,
            state=applied.state.SerializeToString(),
            move=encoded_move or move.SerializeToString(),
            request=request,
            before=before,
        )
        if version is None:
            return None
        MOVES_ACCEPTED.labels(match.title_id).inc()
        return applied.mover_view

    @staticmethod
    def _note_undo_point(match: Match, seat: int, state: bytes, undoable: bool) -> None:
        """Keeps the state before a person's undoable move (of their own call: `undoable` is
        false for a clock's move) until the turn ends; any other move ends what may be taken
        back. A bot's moves are never kept: bots never undo."""
        if undoable and match.seats[seat].kind == SeatKind.HUMAN:
            match.undo_points.append(UndoPoint(match.version + 1, state))
        else:
            match.undo_points.clear()

    async def undo(
        self,
        match: Match,
        seat: int,
        request: tuple[str, IdempotencyRecord],
        omit_legal_moves: bool = False,
    ) -> rpb.GetViewResponse | None:
        """Takes back `seat`'s last undoable move of `match` (which has one): the state before
        it is committed as a change of its own, a new step (a move chosen before the undo is
        stale). Returns the seat's view of it, or None when another change won the race."""
        point = match.undo_points.pop()
        restored = await self.rules.call(
            match.title_id,
            "GetView",
            rpb.GetViewRequest(
                state=any_pb2.Any.FromString(point.state),
                seat=seat,
                omit_legal_moves=omit_legal_moves,
            ),
            match.rules_version,
        )
        before, match.status = match.status, restored.status
        match.step, match.step_version = restored.status.step, match.version + 1
        version = await self.commit(
            match,
            seat,
            ChangeCause.UNDO,
            state=point.state,
            request=request,
            before=before,
            undid_version=point.version,
        )
        return None if version is None else restored

    def leave(self, match: Match, leaving: list[int], reason: EndReason) -> None:
        """`leaving` seats resign or forfeit (`reason`). With two seats the match ends and the
        other seat wins. With more, a random bot plays each leaving seat from now on and the
        others play on, until, of two or more people who started, one is left (who wins), or
        none is (the seats that never left win)."""
        if len(match.seats) == 2:
            # As ever with two seats: a resigned seat is marked (its token reads no more), a
            # seat out of time just loses.
            if reason == EndReason.RESIGNATION:
                for seat in leaving:
                    match.seats[seat].resigned = True
            self.finish(match, reason, [s.seat for s in match.seats if s.seat not in leaving])
            return
        for seat in leaving:
            match.seats[seat].resigned = True
            match.seats[seat].kind = SeatKind.BOT
            match.seats[seat].bot_level = BotLevel.RANDOM
        people = sorted(match.token_hashes)
        staying = [seat for seat in people if not match.seats[seat].resigned]
        if len(people) >= 2 and len(staying) == 1:
            self.finish(match, reason, staying)
        elif not staying:
            self.finish(match, reason, [s.seat for s in match.seats if not s.resigned])

    def finish(self, match: Match, reason: EndReason, winners: list[int]) -> None:
        match.phase = MatchPhase.FINISHED
        match.end_reason = reason
        match.winners = winners

    @staticmethod
    def _time_turn(
        match: Match, before: rpb.GameStatus, mover: int | None, since_ms: int, renew: bool
    ) -> None:
        """The clock's part of a commit at `match.updated_unix_ms` (the previous one was at
        `since_ms`, with status `before`): the banks charged, the deadline set."""
        running = match.phase == MatchPhase.RUNNING
        if not (running and clocks.is_on(match.clock)):
            match.deadline_unix_ms = 0
            return
        was_running = match.stored_phase == MatchPhase.RUNNING
        if was_running:
            elapsed = match.updated_unix_ms - since_ms
            clocks.charge(
                match.clock,
                match.bank_ms,
                before,
                match.status,
                elapsed,
                mover,
                match.stored_away,
            )
        new_turn = renew or not was_running or before.turn != match.status.turn
        match.deadline_unix_ms, match.paused_left_ms = clocks.deadline(
            match.clock,
            match.bank_ms,
            match.status,
            match.updated_unix_ms,
            match.deadline_unix_ms,
            new_turn,
            match.away(),
            match.paused_left_ms,
        )

    async def commit(
        self,
        match: Match,
        seat: int | None,
        cause: ChangeCause,
        events=(),
        state: bytes = b"",
        move: bytes = b"",
        request: tuple[str, IdempotencyRecord] | None = None,
        before: rpb.GameStatus | None = None,
        renew: bool = False,
        undid_version: int = 0,
    ) -> int | None:
        """Commits the changed `match` as one new version made by `seat` (None: the server)
        for `cause`, with the index updates that follow from it; None when another change won.
        `before` is the status a move started from (by default the status is unchanged);
        `renew` gives the seats to move a fresh turn time; an undo names the version it took
        back."""
        loaded = match.version
        if cause not in KEEP_UNDO_POINTS:
            match.undo_points.clear()
        since_ms, match.updated_unix_ms = match.updated_unix_ms, now_ms()
        self._time_turn(match, before or match.status, seat, since_ms, renew)
        finished = match.phase == MatchPhase.FINISHED
        change = records.new_change(
            loaded + 1,
            seat,
            events,
            match.status,
            match.phase,
            match.end_reason,
            match.updated_unix_ms,
            cause,
            undid_version,
        )
        bots = self.bot_seats_to_move(match)
        bots_turn = self.starts_bot_turn(match, loaded, bool(move), bots)
        first, then = self.index_updates(match, loaded, bots_turn, bots)
        before_turn = (before or match.status).turn
        day_s = self.settings.turn_based_day_s
        first.extend(notice_entries(match, loaded + 1, before_turn, day_s))
        result = await self.store.commit(
            match.match_id,
            loaded,
            Commit(
                change=change,
                record=match_record(match),
                state=state,
                move=move,
                state_ttl_s=self.settings.finished_state_ttl_s if finished else 0,
                records_unread=match.records_unread,
            ),
            request,
            first,
            then,
        )
        if result.outcome is Outcome.CONFLICT:
            COMMIT_CONFLICTS.labels(match.title_id).inc()
            return None
        match.version = int(result.value)
        if result.index_failure:
            REDIS_ERRORS.labels("index_update").inc()
            # The change stands; what follows it is repaired in the background (the lobby
            # repair, the clock scan, the bot sweep), so the caller hears of the commit.
            log.warning(
                "committed; an index update failed and is left to the background repair",
                extra={
                    "match_id": match.match_id,
                    "version": match.version,
                    "error": result.index_failure,
                },
            )
        self._phase_changed(match)
        match.stored_left = match.left()
        if bots_turn:
            await self.enqueue_bots(match, "turn", bots)
        if not result.replicated:
            # Committed on the master, whose replica has not confirmed it: not acknowledged
            # (a failover now could lose it). What follows it ran, as the change most likely
            # stands; a retry with the same request id answers once the replicas have it.
            raise NotReplicated(self.store.wait_replicas, idempotent=request is not None)
        return match.version

    async def create(
        self,
        match: Match,
        state: bytes,
        events=(),
        request: tuple[str, IdempotencyRecord] | None = None,
        started: NoticeKind | None = None,
        maybe_parked: bool = True,
    ) -> bool:
        """Stores the new `match` (version 0, `state`) as `commit` stores every later change:
        its clock's first deadline, the index entries a crash right after must not lose (the
        deadline, a bot turn: written first), the match itself (`MatchStore.create`, which
        files it in the lobby and the players' lists), then the bot tasks. False, with nothing
        more done, when a match of its id exists already. `started`: what its players are told
        of it (a tournament round paired them, or matchmaking did)."""
        created = match.created_unix_ms
        if match.phase == MatchPhase.RUNNING and clocks.is_on(match.clock):
            match.deadline_unix_ms, _ = clocks.deadline(
                match.clock, match.bank_ms, match.status, created, 0, new_turn=True
            )
        change = records.new_change(
            0,
            None,
            events,
            match.status,
            match.phase,
            EndReason.UNSPECIFIED,
            created,
            ChangeCause.CREATION,
        )
        if match.deadline_unix_ms:
            await self.store.set_deadline(match.match_id, 0, match.deadline_unix_ms)
        if self.bot_seats_to_move(match):
            await self.store.mark_bot_turn(match.match_id, created)
        indexes = my_turn_entries(match)
        if match.clock.turn_based and match.phase == MatchPhase.RUNNING:
            indexes.append(parkable_entry(match.match_id, created, running=True))
        indexes += notice_entries(match, 0, None, self.settings.turn_based_day_s)
        if started is not None:
            indexes += started_entries(match, started)
        if not await self.store.create(match, state, change, request, indexes, maybe_parked):
            return False
        await self.enqueue_bots(match, "turn")
        return True

    @staticmethod
    def bot_seats_to_move(match: Match) -> list[int]:
        if match.phase != MatchPhase.RUNNING:
            return []
        return [s for s in match.status.to_move if match.seats[s].kind == SeatKind.BOT]

    async def enqueue_bots(self, match: Match, cause: str, seats: list[int] | None = None) -> None:
        """A task for each bot seat to move (`seats`, when the caller has them already)."""
        if self.bots is None:
            return
        # A tournament's game between bots has no one waiting on it live.
        batch = bool(match.tournament_id) and all(seat.kind == SeatKind.BOT for seat in match.seats)
        for seat in self.bot_seats_to_move(match) if seats is None else seats:
            await self.bots.enqueue(match.match_id, seat, match.version, cause, batch)

    @staticmethod
    def starts_bot_turn(match: Match, loaded: int, moved: bool, bots: list[int]) -> bool:
        """Whether committing `match` over version `loaded` gives its bot seats to move
        (`bots`) a turn they have no task for yet: a new step (or new seats, after a join or a
        resignation). Within a simultaneous step they all got theirs at its start."""
        new_step = not moved or match.step_version == loaded + 1
        return new_step and bool(bots)

    @staticmethod
    def index_updates(
        match: Match, loaded: int, bots_turn: bool, bots: list[int]
    ) -> tuple[list[IndexUpdate], list[IndexUpdate]]:
        """What committing the changed `match` over version `loaded` changes in the indexes:
        the updates a crash right after the commit must not lose (on a Cluster they run before
        it), then the others (after it)."""
        match_id, at_ms = match.match_id, match.updated_unix_ms
        first, then = [], []
        if bots:
            # The waiting time of an entry already there stays (the sweeper finds a stalled
            # turn by it); a new turn restarts it below. An entry is never removed here: a
            # replica that commits a change with no bot to move could otherwise erase the one
            # another replica just wrote for a newer bot turn; the sweeper drops entries whose
            # match has no bot to move.
            first.append(bot_turn_entry(match_id, at_ms, only_new=True))
        if match.phase == MatchPhase.FINISHED != match.stored_phase:
            # The archive's outbox entry must not be lost to a crash right after the commit;
            # one for an end that does not commit waits until the match does end.
            first.append(outbox.entry(match_id, at_ms))
        if match.deadline_unix_ms:
            # An entry for a version that never comes is dropped by the clock.
            first.append(deadline_entry(match_id, loaded + 1, match.deadline_unix_ms))
        # A player must never miss their turn to a crash: before the commit on a Cluster (an
        # entry of a change that did not commit is skipped by the reader and corrected by the
        # next commit).
        first.extend(my_turn_entries(match))
        if match.phase != match.stored_phase:
            then.extend(lobby_entries(match, [match.stored_phase]))
            if match.phase == MatchPhase.FINISHED:
                then.append(activity_removal(match_id))
                for player_id in sorted(match.player_ids()):
                    then.append(player_match_removal(player_id, match_id))
                    if match.clock.turn_based:
                        then.append(turn_based_removal(player_id, match_id))
        if match.clock.turn_based:
            # Among the matches to park once idle while it runs (`parking`), out when not.
            then.append(parkable_entry(match_id, at_ms, match.phase == MatchPhase.RUNNING))
        # The activity index is not touched per move: it only has to hold a time no later than
        # the last change, and the idle scan re-reads `updated_unix_ms` before it closes anything.
        if clocks.is_on(match.clock):
            then.append(deadline_entry(match_id, loaded))
        if bots_turn:
            then.append(bot_turn_entry(match_id, at_ms))
        return first, then

    @staticmethod
    def _phase_changed(match: Match) -> None:
        """Counts a committed match's end; its phase and seats away are now the stored ones."""
        match.stored_away = match.away()
        old_phase, match.stored_phase = match.stored_phase, match.phase
        if match.phase != old_phase and match.phase == MatchPhase.FINISHED:
            reason = match.end_reason.name.lower()
            MATCHES_FINISHED.labels(match.title_id, reason).inc()
            log.info("match finished", extra={"match_id": match.match_id, "reason": reason})


def my_turn_entries(match: Match) -> list[IndexUpdate]:
    """Every seated player's entry for `match` in their "my turn" list: there, with their
    deadline, while it waits on them; out of it otherwise."""
    waiting = waiting_on(match)
    return [
        my_turn_entry(player_id, match.match_id, waiting.get(player_id))
        for player_id in sorted(match.player_ids())
    ]
