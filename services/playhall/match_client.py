"""A small client of MatchService for the demo, the bots, the benchmarks and the tests: every
call has a deadline, and a seat's calls carry its bearer token. A watch outlives its streams:
when one ends without a refusal (the server's connection age, a lost connection, a restarted
orchestrator) it resumes after the last version it delivered."""

from __future__ import annotations

import contextlib
import random
import time
import uuid
from collections.abc import Callable, Generator, Iterator

import grpc
from google.protobuf import any_pb2

from playhall.common.metadata import REFUSAL_KEY
from playhall.core import i18n
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc

DEFAULT_TIMEOUT_S = 10.0

RESUMED_CODES = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.ABORTED,
    }
)
"""How a watch stream ends that the watch opens again: the connection went away (GOAWAY at the
server's `PLAYHALL_MAX_CONNECTION_AGE_MS` ends a stream with UNAVAILABLE after the grace, as do
a lost connection and a stopping or restarted orchestrator), the replica is at its watcher limit,
or the server cancelled or aborted the stream. Every other status is a refusal (no such match,
not your seat, a bad request) or the caller's deadline, and ends the watch."""
RESUME_FIRST_PAUSE_S = 0.1
RESUME_MAX_PAUSE_S = 2.0
"""The pause before a watch opens its stream again doubles from the first to this cap (as the
services' reconnects do), with jitter so that the watchers of one closed connection spread out;
it starts over once a stream delivers a change."""


def bearer(token: str | None) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {token}")] if token else []


class WatchDeadlineExceeded(grpc.RpcError):
    """A resuming watch ran out of its deadline between two streams: DEADLINE_EXCEEDED, like a
    stream whose deadline passed, with the status that ended the last stream as the cause."""

    def __init__(self, match_id: str, after_version: int | None):
        super().__init__(match_id, after_version)
        self.match_id = match_id
        self.after_version = after_version

    def code(self) -> grpc.StatusCode:
        return grpc.StatusCode.DEADLINE_EXCEEDED

    @property
    def text(self) -> i18n.Text:
        """What happened, for a reader to format in their language."""
        if self.after_version is None:
            return i18n.Text("watch-deadline-from-start", {"match": self.match_id})
        return i18n.Text(
            "watch-deadline-after", {"match": self.match_id, "version": self.after_version}
        )

    def details(self) -> str:
        return i18n.render(self.text)

    def __str__(self) -> str:
        return self.details()


class MatchClient:
    """MatchService calls as one caller: a seat token, the worker credential (with a seat) or
    nobody (a spectator)."""

    def __init__(
        self,
        channel: grpc.Channel,
        token: str | None = None,
        seat: int | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        wait_for_ready: bool = False,
    ):
        """`wait_for_ready`: a call made while the orchestrator is unreachable waits for it
        (within its deadline) instead of failing with UNAVAILABLE at once."""
        self.channel = channel
        self.stub = match_service_pb2_grpc.MatchServiceStub(channel)
        self.metadata = bearer(token)
        self.seat = seat
        self.timeout_s = timeout_s
        self.wait_for_ready = wait_for_ready

    def as_seat(self, token: str | None, seat: int | None = None) -> MatchClient:
        """The same channel, another caller."""
        return MatchClient(self.channel, token, seat, self.timeout_s, self.wait_for_ready)

    def _call(self, method: str, request, **kwargs):
        return getattr(self.stub, method)(
            request,
            metadata=self.metadata,
            timeout=self.timeout_s,
            wait_for_ready=self.wait_for_ready,
            **kwargs,
        )

    def _with_seat(self, request):
        if self.seat is not None:
            request.seat = self.seat
        return request

    def create(
        self,
        title: str,
        seats: list[pb.SeatSpec],
        seed: bytes = b"",
        clock: pb.Clock | None = None,
        options=None,
        request_id: str | None = None,
    ) -> pb.CreateMatchResponse:
        """A new match; `request_id` (a fresh one by default) lets a retry answer it."""
        return self._call(
            "CreateMatch",
            pb.CreateMatchRequest(
                title_id=title,
                seats=seats,
                seed=seed,
                clock=clock,
                options=options or {},
                request_id=request_id or uuid.uuid4().hex,
            ),
        )

    def get(self, match_id: str, omit_legal_moves: bool = False) -> pb.GetMatchResponse:
        request = pb.GetMatchRequest(match_id=match_id, omit_legal_moves=omit_legal_moves)
        return self._call("GetMatch", self._with_seat(request))

    def submit(
        self,
        match_id: str,
        move: any_pb2.Any,
        expected_version: int,
        request_id: str | None = None,
        omit_legal_moves: bool = False,
    ) -> pb.SubmitMoveResponse:
        return self._call(
            "SubmitMove",
            self._with_seat(
                pb.SubmitMoveRequest(
                    match_id=match_id,
                    move=move,
                    expected_version=expected_version,
                    request_id=request_id or uuid.uuid4().hex,
                    omit_legal_moves=omit_legal_moves,
                )
            ),
        )

    def watch(
        self, match_id: str, after_version: int | None = 0, timeout_s: float | None = None
    ) -> Iterator[pb.MatchChange]:
        """The match's changes after `after_version` (None: from its creation on), each once and
        in order, until the server ends the watch (the match ended, or the caller's seat
        resigned). A stream that ends with one of `RESUMED_CODES` is opened again after the
        last version delivered, with capped backoff, waiting for the orchestrator within the
        deadline; a refusal is raised as it came, except that a resumed watch refused because
        the seat resigned meanwhile ends as the uncut one would have. `timeout_s` (the client's
        timeout by default) bounds the whole watch: past it, DEADLINE_EXCEEDED."""
        deadline = time.monotonic() + (timeout_s or self.timeout_s)
        last = after_version
        failures = 0
        resumed = False
        while True:
            try:
                # Closed with the watch, so a reader that stops early cancels the stream at once.
                with contextlib.closing(self._watch_stream(match_id, last, deadline)) as changes:
                    for change in changes:
                        last, failures = change.version, 0
                        yield change
                return
            except grpc.RpcError as error:
                if resumed and _refusal(error) == "SeatResigned":
                    return
                if error.code() not in RESUMED_CODES:
                    raise
                resumed = True
                pause = min(RESUME_FIRST_PAUSE_S * 2**failures, RESUME_MAX_PAUSE_S)
                pause *= random.uniform(0.5, 1.0)
                failures += 1
                if time.monotonic() + pause >= deadline:
                    raise WatchDeadlineExceeded(match_id, last) from error
                time.sleep(pause)

    def _watch_stream(
        self, match_id: str, after_version: int | None, deadline: float
    ) -> Generator[pb.MatchChange, None, None]:
        """One WatchMatch stream, cancelled when its reader stops early."""
        request = self._with_seat(
            pb.WatchMatchRequest(match_id=match_id, after_version=after_version)
            if after_version is not None
            else pb.WatchMatchRequest(match_id=match_id)
        )
        stream = self.stub.WatchMatch(
            request,
            metadata=self.metadata,
            timeout=max(deadline - time.monotonic(), 0.0),
            wait_for_ready=True,
        )
        try:
            for response in stream:
                yield response.change
        finally:
            stream.cancel()

    def wait_finished(
        self,
        match_id: str,
        timeout_s: float,
        on_change: Callable[[pb.MatchChange], None] | None = None,
    ) -> pb.MatchSummary:
        """Follows the match from its start until it ends (each change to `on_change`, once, in
        order, across any resumed streams); its final summary. After `timeout_s` the watch fails
        with DEADLINE_EXCEEDED."""
        last = None
        for change in self.watch(match_id, after_version=0, timeout_s=timeout_s):
            last = change
            if on_change is not None:
                on_change(change)
        if last is None or last.phase != pb.MATCH_PHASE_FINISHED:
            raise RuntimeError(f"the watch of match {match_id} ended before the match")
        return self.get(match_id).match

    def history(self, match_id: str) -> pb.GetHistoryResponse:
        return self._call("GetHistory", self._with_seat(pb.GetHistoryRequest(match_id=match_id)))

    def resign(self, match_id: str) -> pb.ResignResponse:
        return self._call("Resign", self._with_seat(pb.ResignRequest(match_id=match_id)))

    def undo(
        self, match_id: str, expected_version: int | None = None, request_id: str | None = None
    ) -> pb.UndoMoveResponse:
        """Takes back the caller's last move of the turn (`request_id`, a fresh one by
        default, lets a retry answer it)."""
        request = pb.UndoMoveRequest(match_id=match_id, request_id=request_id or uuid.uuid4().hex)
        if expected_version is not None:
            request.expected_version = expected_version
        return self._call("UndoMove", self._with_seat(request))

    def join(
        self,
        match_id: str,
        seat: int | None = None,
        display_name: str = "",
        request_id: str | None = None,
    ) -> pb.JoinMatchResponse:
        """An open seat; `request_id` (a fresh one by default) lets a retry answer it."""
        request = pb.JoinMatchRequest(
            match_id=match_id,
            display_name=display_name,
            request_id=request_id or uuid.uuid4().hex,
        )
        if seat is not None:
            request.seat = seat
        return self._call("JoinMatch", request)

    def list_matches(
        self, title: str = "", phase: pb.MatchPhase = pb.MATCH_PHASE_UNSPECIFIED, limit: int = 50
    ):
        return self._call(
            "ListMatches", pb.ListMatchesRequest(title_id=title, phase=phase, limit=limit)
        ).matches

    def list_games(self):
        return self._call("ListGames", pb.ListGamesRequest()).games


def human_seats(count: int) -> list[pb.SeatSpec]:
    return [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN) for _ in range(count)]


def acting_seat(change: pb.MatchChange) -> int | None:
    """The seat whose action a change was; None for one the server made (the creation, a
    clock, abandonment)."""
    return change.seat if change.HasField("seat") else None


def _refusal(error: grpc.RpcError) -> str | None:
    """The orchestrator's name for the refusal `error` carries (None for any other error)."""
    if not isinstance(error, grpc.Call):
        return None
    for key, value in error.trailing_metadata() or ():
        # A text key: gRPC hands its value as str (only a `-bin` key's is bytes).
        if key == REFUSAL_KEY and isinstance(value, str):
            return value
    return None
