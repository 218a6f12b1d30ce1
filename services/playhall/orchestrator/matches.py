"""Matches: creating, joining, reading, moving, resigning, watching, and the clock.

The orchestrator never interprets a title's state: it stores the rules service's answers and
commits each change with optimistic concurrency (`MatchStore.commit`). Nothing about a match
lives in process memory, so any replica can serve any request.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import re
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass

import redis
from google.protobuf import any_pb2
from prometheus_client import Counter
from prometheus_client.core import GaugeMetricFamily

from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match.v1 import storage_pb2
from playhall.orchestrator import clocks
from playhall.orchestrator.bot_scheduler import BotScheduler
from playhall.orchestrator.errors import (
    InvalidRequest,
    MatchBusy,
    NoSuchMatch,
    NotAuthenticated,
    NotNow,
    NotYourSeat,
    RefusedByRules,
    StaleVersion,
    Unavailable,
)
from playhall.orchestrator.rules_client import RulesClients
from playhall.orchestrator.settings import Settings
from playhall.orchestrator.store import (
    ACTIVE_PHASES,
    LOBBY_PHASES,
    Commit,
    IdempotencyRecord,
    Match,
    MatchStore,
    Outcome,
    match_record,
    now_ms,
)
from playhall.rules.v1 import rules_service_pb2 as rpb

log = logging.getLogger(__name__)

SERVER_SEAT = -1
BOT_REQUEST_PREFIX = "bot:"
MATCH_ID = re.compile(r"[0-9a-f]{24}")
MAX_COMMIT_ATTEMPTS = 50
MAX_TIMEOUT_MOVES = 64
"""The most moves a timeout plays to finish a turn (a turn of any title has fewer)."""
LOBBY_CREATE_GRACE_MS = 60_000
"""A lobby entry without a match is a creation in progress until it is this old."""

MATCHES_CREATED = Counter("playhall_matches_created", "Matches created.", ["title"])
MATCHES_FINISHED = Counter("playhall_matches_finished", "Matches finished.", ["title", "reason"])
MOVES_ACCEPTED = Counter("playhall_moves_accepted", "Moves committed.", ["title"])
MOVES_REFUSED = Counter("playhall_moves_refused", "Moves refused.", ["title", "reason"])
SEATS_LEFT = Counter(
    "playhall_seats_left", "Seats that resigned or forfeited on the clock.", ["title", "reason"]
)
COMMIT_CONFLICTS = Counter(
    "playhall_commit_conflicts", "Commits retried because another change won.", ["title"]
)
COLLECT_TIMEOUT_S = 3.0
"""How long a scrape waits for the active-match counts (the loop itself bounds them)."""


class ActiveMatchesCollector:
    """Open and running matches per title, counted in Redis at scrape time, so the number is
    the same whichever replica is scraped. Scrapes run in the metrics server's thread; the
    counting runs on the store's event loop `loop`."""

    def __init__(self, store: MatchStore, titles: list[str], loop: asyncio.AbstractEventLoop):
        self.store = store
        self.titles = titles
        self.loop = loop

    @staticmethod
    def _family() -> GaugeMetricFamily:
        return GaugeMetricFamily(
            "playhall_matches_active", "Open and running matches.", labels=["title", "phase"]
        )

    def describe(self):
        # Registering asks for the names: from here, not from `collect`, which would wait
        # on the event loop that is registering it.
        yield self._family()

    def collect(self):
        """The counts, or a family without samples when Redis or the loop cannot answer in
        time: one gauge missing beats a scrape failing whole."""
        family = self._family()
        counted = None
        try:
            counted = asyncio.run_coroutine_threadsafe(self._count(), self.loop)
            counts = counted.result(timeout=COLLECT_TIMEOUT_S + 1)
        except (TimeoutError, redis.RedisError, RuntimeError) as error:
            if counted is not None:
                counted.cancel()  # a loop too busy to count must not pile up more counting
            log.warning("active matches not counted", extra={"error": repr(error)})
            counts = {}
        for (title, phase), count in counts.items():
            name = mpb.MatchPhase.Name(phase).removeprefix("MATCH_PHASE_").lower()
            family.add_metric([title, name], count)
        yield family

    async def _count(self) -> dict[tuple[str, int], int]:
        async with asyncio.timeout(COLLECT_TIMEOUT_S):
            return {
                (title, phase): await self.store.lobby_size(title, phase)
                for title in self.titles
                for phase in ACTIVE_PHASES
            }


@dataclass(frozen=True)
class Caller:
    """Who is calling: a seat (through its token or the worker credential) or a spectator."""

    seat: int | None
    worker: bool = False


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Matches:
    """The match domain; the gRPC servicer is a thin adapter over it."""

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
        self._worker_hash = token_hash(settings.worker_credential)
        self._lobby_cursor: dict[tuple[str, int], int] = {}
        """Where `repair_lobby` goes on in each list: a scan position, not match state."""

    # -- calls to the rules services -----------------------------------------------------------

    async def _view(
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

    # -- identity ------------------------------------------------------------------------------

    def identify(self, match: Match, token: str | None, seat: int | None) -> Caller:
        """The caller of a request on `match`, from its bearer token and requested seat."""
        if token is None:
            if seat is not None:
                raise NotAuthenticated(f"Send seat {seat}'s token to act as that seat")
            return Caller(None)
        digest = token_hash(token)
        if hmac.compare_digest(digest, self._worker_hash):
            if seat is None:
                raise InvalidRequest(
                    "The worker credential must name the seat it acts for",
                )
            self._check_seat_number(match, seat)
            if match.seats[seat].kind != mpb.SEAT_KIND_BOT:
                raise NotYourSeat(f"Seat {seat} is not a bot seat")
            return Caller(seat, worker=True)
        owned = [s for s, h in match.token_hashes.items() if hmac.compare_digest(h, digest)]
        if not owned or (seat is not None and seat not in owned):
            where = f"seat {seat}" if seat is not None else "a seat"
            raise NotYourSeat(
                f"This token does not hold {where} in match {match.match_id}",
            )
        if match.seats[owned[0]].resigned:
            raise NotYourSeat("You resigned from this match")
        return Caller(owned[0])

    @staticmethod
    def _check_seat_number(match: Match, seat: int) -> None:
        if not 0 <= seat < len(match.seats):
            raise InvalidRequest(
                f"There is no seat {seat}: seats are 0 to {len(match.seats) - 1}",
            )

    async def load(self, match_id: str) -> Match:
        match = await self.store.load(match_id) if MATCH_ID.fullmatch(match_id) else None
        if match is None:
            raise NoSuchMatch(match_id)
        return match

    async def snapshot(
        self, match_id: str, request_id: str = ""
    ) -> tuple[Match, bytes, str | None]:
        """The match with its state (and an idempotency record), all of one version."""
        if not MATCH_ID.fullmatch(match_id):
            raise NoSuchMatch(match_id)
        match, state, record = await self.store.snapshot(match_id, request_id)
        if match is None:
            raise NoSuchMatch(match_id)
        if state is None:
            raise NotNow(
                "This match is over and its board has been archived; "
                "its history is still available",
            )
        return match, state, record

    # -- lobby ---------------------------------------------------------------------------------

    async def list_games(self) -> list[rpb.GameInfo]:
        games = await self.rules.game_infos()
        if not games:
            raise Unavailable("No rules service answers right now; try again")
        return games

    async def create(self, request: mpb.CreateMatchRequest) -> mpb.CreateMatchResponse:
        title = request.title_id
        if title not in self.rules.titles():
            raise InvalidRequest(
                f"Unknown title {title!r}; served: {', '.join(self.rules.titles())}",
            )
        seats, humans = _seat_infos(request.seats)
        people = any(seat.kind != mpb.SEAT_KIND_BOT for seat in seats)
        if request.seed and people and not self.settings.testing:
            raise InvalidRequest(
                "A chosen seed is only accepted for matches without human or open seats",
            )
        clocks.check(request.clock)
        seed = request.seed or secrets.token_bytes(32)
        started = await self.rules.call(
            title,
            "NewGame",
            rpb.NewGameRequest(players=len(seats), options=request.options, seed=seed),
        )
        tokens = {seat: secrets.token_urlsafe(32) for seat in humans}
        created = now_ms()
        phase = (
            mpb.MATCH_PHASE_OPEN
            if any(s.kind == mpb.SEAT_KIND_OPEN for s in seats)
            else mpb.MATCH_PHASE_RUNNING
        )
        match = Match(
            match_id=secrets.token_hex(12),
            title_id=title,
            rules_version=started.status.rules_version,
            setup=mpb.Replay(players=len(seats), options=request.options, seed=seed),
            seed_sha256=hashlib.sha256(seed).digest(),
            clock=request.clock,
            seats=seats,
            token_hashes={seat: token_hash(token) for seat, token in tokens.items()},
            version=0,
            step=started.status.step,
            step_version=0,
            status=started.status,
            phase=phase,
            end_reason=mpb.END_REASON_UNSPECIFIED,
            winners=[],
            created_unix_ms=created,
            updated_unix_ms=created,
            deadline_unix_ms=0,
            bank_ms=clocks.initial_banks(request.clock, len(seats)),
        )
        if phase == mpb.MATCH_PHASE_RUNNING and clocks.is_on(request.clock):
            match.deadline_unix_ms = clocks.deadline(
                match.clock, match.bank_ms, match.status, created, 0, new_turn=True
            )
        change = storage_pb2.StoredChange(
            version=0,
            seat=SERVER_SEAT,
            events=started.events,
            status=started.status,
            phase=phase,
            committed_unix_ms=created,
        )
        if match.deadline_unix_ms:
            await self.store.set_deadline(match.match_id, 0, match.deadline_unix_ms)
        if self._bot_seats_to_move(match):
            await self.store.mark_bot_turn(match.match_id, created)
        await self.store.create(match, started.state.SerializeToString(), change)
        await self._enqueue_bots(match, "turn")
        MATCHES_CREATED.labels(title).inc()
        log.info(
            "match created", extra={"match_id": match.match_id, "title": title, "seats": len(seats)}
        )
        return mpb.CreateMatchResponse(
            match=match.summary(),
            tokens=[mpb.SeatToken(seat=s, token=t) for s, t in sorted(tokens.items())],
        )

    async def list_matches(self, request: mpb.ListMatchesRequest) -> list[mpb.MatchSummary]:
        limit = 50 if request.limit <= 0 else min(request.limit, 500)
        titles = [request.title_id] if request.title_id else self.rules.titles()
        phases = [request.phase] if request.phase else LOBBY_PHASES
        found = []
        for title in titles:
            for phase in phases:
                ids = list(await self.store.lobby(title, phase, limit))
                for match in await self.store.load_many(ids):
                    if match is not None and match.phase != phase:
                        await self.store.place_in_lobby(match)
                    elif match is not None:
                        found.append(match)
        found.sort(key=lambda m: m.created_unix_ms, reverse=True)
        return [m.summary() for m in found[:limit]]

    async def join(self, request: mpb.JoinMatchRequest) -> mpb.JoinMatchResponse:
        for _ in range(MAX_COMMIT_ATTEMPTS):
            match = await self.load(request.match_id)
            if match.phase != mpb.MATCH_PHASE_OPEN:
                raise NotNow("This match has no open seat")
            open_seats = [s.seat for s in match.seats if s.kind == mpb.SEAT_KIND_OPEN]
            seat = request.seat if request.HasField("seat") else open_seats[0]
            if seat not in open_seats:
                self._check_seat_number(match, seat)
                raise NotNow(f"Seat {seat} is not open")
            token = secrets.token_urlsafe(32)
            match.seats[seat].kind = mpb.SEAT_KIND_HUMAN
            match.seats[seat].display_name = request.display_name[:64]
            match.token_hashes[seat] = token_hash(token)
            if len(open_seats) == 1:
                match.phase = mpb.MATCH_PHASE_RUNNING
            if await self._commit(match, seat) is None:
                continue
            return mpb.JoinMatchResponse(
                token=mpb.SeatToken(seat=seat, token=token), match=match.summary()
            )
        raise MatchBusy()

    # -- reading -------------------------------------------------------------------------------

    async def get(self, request: mpb.GetMatchRequest, token: str | None) -> mpb.GetMatchResponse:
        match, state, _ = await self.snapshot(request.match_id)
        caller = self.identify(match, token, _optional_seat(request))
        seen = await self._view(match, state, caller, request.omit_legal_moves)
        response = mpb.GetMatchResponse(
            match=match.summary(), view=seen.view, legal_moves=seen.legal_moves
        )
        if caller.seat is not None:
            response.seat = caller.seat
        return response

    async def history(self, request: mpb.GetHistoryRequest, token: str | None):
        match = await self.load(request.match_id)
        caller = self.identify(match, token, _optional_seat(request))
        entries = await self.store.changes(match.match_id)
        response = mpb.GetHistoryResponse(
            match=match.summary(),
            changes=[_visible(change, caller.seat) for change, _ in entries],
        )
        if match.phase == mpb.MATCH_PHASE_FINISHED:
            response.replay.CopyFrom(match.setup)
            response.replay.moves.extend(
                mpb.ReplayMove(
                    version=change.version, seat=change.seat, move=any_pb2.Any.FromString(move)
                )
                for change, move in entries
                if move
            )
        return response

    async def watch(
        self, request: mpb.WatchMatchRequest, token: str | None
    ) -> AsyncIterator[mpb.WatchMatchResponse]:
        """The match's changes after `after_version`, as the caller may see them, until the
        match ends (or the caller resigns, or cancels the stream)."""
        match = await self.load(request.match_id)
        caller = self.identify(match, token, _optional_seat(request))
        after = request.after_version if request.HasField("after_version") else -1
        if after > match.version:
            raise InvalidRequest(
                f"after_version {after} is ahead of the match (version {match.version})",
            )
        backlog = [change for change, _ in await self.store.changes(match.match_id, after)]
        if not backlog and match.phase == mpb.MATCH_PHASE_FINISHED:
            return  # nothing after `after`, and nothing will ever come
        while True:
            for change in backlog:
                yield mpb.WatchMatchResponse(change=_visible(change, caller.seat))
                after = change.version
                if change.phase == mpb.MATCH_PHASE_FINISHED:
                    return
            backlog = await self.store.wait_for_changes(
                match.match_id, after, self.settings.watch_poll_ms
            )
            if backlog and caller.seat is not None and await self._resigned(match, caller.seat):
                return  # the seat is a bot's now: its secrets are no longer this caller's

    async def repair_lobby(self, batch: int = 64) -> int:
        """Checks the next `batch` entries of every open and running list, and files each
        match under its phase: a process that died between a commit and its lobby update, or
        in the middle of a creation, left it wrong. Returns how many entries it repaired."""
        repaired = 0
        for title in self.rules.titles():
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

    # -- moving --------------------------------------------------------------------------------

    async def submit(self, request: mpb.SubmitMoveRequest, token: str | None):
        if token is None:
            raise NotAuthenticated("Send your seat's token to move")
        if not 1 <= len(request.request_id) <= 128:
            raise InvalidRequest("request_id must be 1 to 128 characters")
        move = request.move.SerializeToString(deterministic=True)
        digest = hashlib.sha256(move).hexdigest()
        for _ in range(MAX_COMMIT_ATTEMPTS):
            match, state, record = await self.snapshot(request.match_id, request.request_id)
            caller = self.identify(match, token, _optional_seat(request))
            if caller.seat is None:
                raise NotAuthenticated("Spectators cannot move")
            if request.request_id.startswith(BOT_REQUEST_PREFIX) and not caller.worker:
                raise InvalidRequest(
                    f"request ids starting with {BOT_REQUEST_PREFIX!r} are reserved for bots",
                )
            recorded = _replayed(record, request.request_id, IdempotencyRecord(caller.seat, digest))
            if recorded is not None:
                seen = await self._view(match, state, caller, request.omit_legal_moves)
                return mpb.SubmitMoveResponse(
                    version=recorded,
                    match=match.summary(),
                    view=seen.view,
                    legal_moves=seen.legal_moves,
                )
            self._check_can_move(match, caller.seat, request.expected_version)
            committed = await self._apply(
                match,
                state,
                caller.seat,
                request.move,
                (request.request_id, IdempotencyRecord(caller.seat, digest)),
                omit_legal_moves=request.omit_legal_moves,
            )
            if committed is None:
                continue
            return mpb.SubmitMoveResponse(
                version=match.version,
                match=match.summary(),
                view=committed.view,
                legal_moves=committed.legal_moves,
            )
        raise MatchBusy()

    async def _resigned(self, match: Match, seat: int) -> bool:
        current = await self.store.load(match.match_id)
        return current is None or current.seats[seat].resigned

    def _check_can_move(self, match: Match, seat: int, expected: int) -> None:
        if match.phase == mpb.MATCH_PHASE_OPEN:
            raise NotNow("The match is waiting for players")
        if match.phase == mpb.MATCH_PHASE_FINISHED:
            raise NotNow("The match is over")
        if expected == match.version:
            return
        # Within one simultaneous step, changes by other seats do not make a move stale: it is
        # re-validated against the current state instead.
        same_step = match.step_version <= expected < match.version
        if not (same_step and seat in match.status.to_move):
            MOVES_REFUSED.labels(match.title_id, "stale_version").inc()
            raise StaleVersion(match.version, expected)

    async def _apply(
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
            self._finish(match, mpb.END_REASON_GAME_OVER, winners)
        version = await self._commit(
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

    async def resign(self, request: mpb.ResignRequest, token: str | None) -> mpb.ResignResponse:
        for _ in range(MAX_COMMIT_ATTEMPTS):
            match = await self.load(request.match_id)
            caller = self.identify(match, token, _optional_seat(request))
            if caller.seat is None:
                raise NotAuthenticated("Send your seat's token to resign")
            if match.phase == mpb.MATCH_PHASE_FINISHED:
                raise NotNow("The match is over")
            if match.phase == mpb.MATCH_PHASE_OPEN:
                # Nobody has played yet: the match is called off, nobody wins.
                match.seats[caller.seat].resigned = True
                self._finish(match, mpb.END_REASON_RESIGNATION, [])
            else:
                self._leave(match, [caller.seat], mpb.END_REASON_RESIGNATION)
            if await self._commit(match, caller.seat) is None:
                continue
            SEATS_LEFT.labels(match.title_id, "resigned").inc()
            return mpb.ResignResponse(match=match.summary())
        raise MatchBusy()

    # -- the clock and abandonment -------------------------------------------------------------

    async def expire(self, match_id: str, version: int) -> bool:
        """Acts on a due turn deadline set at `version`; True when this call committed."""
        match, state, _ = await self.store.snapshot(match_id)
        if match is None or match.version != version or match.phase != mpb.MATCH_PHASE_RUNNING:
            await self.store.clear_deadline(match_id, version)
            return False
        late = clocks.out_of_time(
            match.bank_ms, match.status, now_ms() - match.updated_unix_ms
        ) or list(match.status.to_move)
        leaving = self._forfeiting(match, late)
        if match.clock.on_timeout == mpb.TIMEOUT_ACTION_FORFEIT and leaving:
            self._leave(match, leaving, mpb.END_REASON_TIMEOUT)
            clocks.refill(match.clock, match.bank_ms, leaving)
            committed = await self._commit(match, SERVER_SEAT, renew=True) is not None
            if committed:
                SEATS_LEFT.labels(match.title_id, "forfeited").inc(len(leaving))
        else:
            # A bot move; also for bot seats out of time (a worker slow or down): a bot does
            # not forfeit.
            committed = await self._play_out_turn(match, state, late)
        # Cleared only once handled: a failure above leaves it for the next scan.
        await self.store.clear_deadline(match_id, version)
        return committed

    async def abandon_idle(self) -> int:
        """Closes matches with no change for `abandon_after_s`; returns how many."""
        cutoff = now_ms() - self.settings.abandon_after_s * 1000
        closed = 0
        for match_id in await self.store.idle_since(cutoff):
            match = await self.store.load(match_id)
            if match is None or match.phase == mpb.MATCH_PHASE_FINISHED:
                await self.store.forget_activity(match_id)
                continue
            if match.updated_unix_ms > cutoff:
                await self.store.touch(match_id, match.updated_unix_ms)
                continue
            self._finish(match, mpb.END_REASON_ABANDONED, [])
            closed += await self._commit(match, SERVER_SEAT) is not None
        return closed

    async def _play_out_turn(self, match: Match, state: bytes, late: list[int]) -> bool:
        """Random legal moves for the `late` seats until the turn is over: every move of it
        they still had to make (each its own commit); True when one committed."""
        turn, committed = match.status.turn, False
        for _ in range(MAX_TIMEOUT_MOVES):
            movers = [seat for seat in match.status.to_move if seat in late]
            if not movers or match.status.turn != turn or match.phase != mpb.MATCH_PHASE_RUNNING:
                break
            seen = await self._view(match, state, Caller(movers[0]))
            move = random.SystemRandom().choice(moves_as_any(seen.legal_moves))
            if await self._apply(match, state, movers[0], move, None, True) is None:
                break  # another change won: the scan looks again
            committed = True
            match, state, _ = await self.store.snapshot(match.match_id)
            if match is None or state is None:
                break
        return committed

    @staticmethod
    def _forfeiting(match: Match, late: list[int]) -> list[int]:
        """The seats out of time a forfeit takes out: with two seats all of them, as the other
        seat then wins; with more, the people (a bot seat does not leave)."""
        if len(match.seats) == 2:
            return late
        return [seat for seat in late if seat in match.token_hashes]

    def _leave(self, match: Match, leaving: list[int], reason: int) -> None:
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
            self._finish(match, reason, [s.seat for s in match.seats if s.seat not in leaving])
            return
        for seat in leaving:
            match.seats[seat].resigned = True
            match.seats[seat].kind = mpb.SEAT_KIND_BOT
            match.seats[seat].bot_level = mpb.BOT_LEVEL_RANDOM
        people = sorted(match.token_hashes)
        staying = [seat for seat in people if not match.seats[seat].resigned]
        if len(people) >= 2 and len(staying) == 1:
            self._finish(match, reason, staying)
        elif not staying:
            self._finish(match, reason, [s.seat for s in match.seats if not s.resigned])

    # -- committing ----------------------------------------------------------------------------

    def _finish(self, match: Match, reason: int, winners: list[int]) -> None:
        match.phase = mpb.MATCH_PHASE_FINISHED
        match.end_reason = reason
        match.winners = winners

    @staticmethod
    def _time_turn(
        match: Match, before: rpb.GameStatus, mover: int, since_ms: int, renew: bool
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

    async def _commit(
        self,
        match: Match,
        seat: int,
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
        change = storage_pb2.StoredChange(
            version=loaded + 1,
            seat=seat,
            events=events,
            status=match.status,
            phase=match.phase,
            end_reason=match.end_reason,
            committed_unix_ms=match.updated_unix_ms,
        )
        if self._bot_seats_to_move(match):
            # Recorded before the commit, like the deadline below: if this process dies between
            # the commit and the publish, the sweeper still finds the turn.
            await self.store.mark_bot_turn(match.match_id, match.updated_unix_ms, only_new=True)
        if match.deadline_unix_ms:
            # Recorded before the commit, so a crash right after it cannot lose the deadline;
            # an entry for a version that never came is dropped by the clock.
            await self.store.set_deadline(match.match_id, loaded + 1, match.deadline_unix_ms)
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
            # The change stands; what follows it is repaired in the background (the lobby
            # repair, the clock scan, the bot sweep), so the caller hears of the commit.
            log.warning(
                "committed; an index update failed and is left to the background repair",
                extra={"match_id": match.match_id, "version": match.version, "error": str(error)},
            )
        return match.version

    async def _after_commit(self, match: Match, loaded: int, moved: bool) -> None:
        """The index updates and bot turns that follow a commit of `match` over `loaded`."""
        await self._after_phase_change(match)
        if clocks.is_on(match.clock):
            await self.store.clear_deadline(match.match_id, loaded)
        # A waiting-turn entry is never removed here: a replica that commits a change with no
        # bot to move could otherwise erase the entry another replica just wrote for a newer
        # bot turn. The sweeper drops entries whose match has no bot to move.
        if self._bot_seats_to_move(match) and (not moved or match.step_version == match.version):
            # A new step (or new seats, after a join or a resignation): the bots to move now
            # have no task yet. Within a simultaneous step they all got theirs at its start.
            await self.store.mark_bot_turn(match.match_id, match.updated_unix_ms)
            await self._enqueue_bots(match, "turn")

    @staticmethod
    def _bot_seats_to_move(match: Match) -> list[int]:
        if match.phase != mpb.MATCH_PHASE_RUNNING:
            return []
        return [s for s in match.status.to_move if match.seats[s].kind == mpb.SEAT_KIND_BOT]

    async def _enqueue_bots(self, match: Match, cause: str) -> None:
        if self.bots is None:
            return
        for seat in self._bot_seats_to_move(match):
            await self.bots.enqueue(match.match_id, seat, match.version, cause)

    async def sweep_bot_turns(self, after_s: float | None = None) -> int:
        """Re-enqueues bot turns that waited longer than `after_s` (default
        `bot_sweep_after_s`); returns how many matches it nudged."""
        wait_s = self.settings.bot_sweep_after_s if after_s is None else after_s
        cutoff = now_ms() - int(wait_s * 1000)
        nudged = 0
        for match_id in await self.store.bot_turns_waiting(cutoff):
            match = await self.store.load(match_id)
            if match is None or not self._bot_seats_to_move(match):
                await self.store.unmark_bot_turn(match_id)
                continue
            await self.store.mark_bot_turn(match_id, now_ms())
            await self._enqueue_bots(match, "sweep")
            nudged += 1
        return nudged

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


def _replayed(stored: str | None, request_id: str, sent: IdempotencyRecord) -> int | None:
    """The version an earlier identical request created, None for a new request id."""
    if stored is None:
        return None
    recorded = IdempotencyRecord.parse(stored)
    if not recorded.same_request(sent):
        raise InvalidRequest(f"request_id {request_id!r} was already used for a different move")
    return recorded.version


def _optional_seat(request) -> int | None:
    return request.seat if request.HasField("seat") else None


def _seat_infos(specs) -> tuple[list[mpb.SeatInfo], list[int]]:
    seats, humans = [], []
    for number, spec in enumerate(specs):
        if spec.kind not in (mpb.SEAT_KIND_HUMAN, mpb.SEAT_KIND_OPEN, mpb.SEAT_KIND_BOT):
            raise InvalidRequest(f"Say who plays seat {number}: human, open or bot")
        if spec.kind == mpb.SEAT_KIND_BOT and spec.bot_level not in mpb.BotLevel.values()[1:]:
            raise InvalidRequest(f"Choose a level for bot seat {number}")
        if spec.kind == mpb.SEAT_KIND_HUMAN:
            humans.append(number)
        seats.append(
            mpb.SeatInfo(
                seat=number,
                kind=spec.kind,
                bot_level=spec.bot_level,
                display_name=spec.display_name[:64],
            )
        )
    return seats, humans


def _visible(change: storage_pb2.StoredChange, seat: int | None) -> mpb.MatchChange:
    """A logged change as `seat` (None: a spectator) may see it."""
    events = []
    for event in change.events:
        version = event.public_event
        for private in event.seat_events:
            if private.seat == seat:
                version = private.event
        events.append(version)
    return mpb.MatchChange(
        version=change.version,
        seat=change.seat,
        events=events,
        status=change.status,
        phase=change.phase,
        end_reason=change.end_reason,
        committed_unix_ms=change.committed_unix_ms,
    )
