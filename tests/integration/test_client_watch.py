"""`playhall.match_client`'s watch outlives its streams, with real orchestrator processes on the
session's Redis and Galileo rules service.

- An orchestrator whose connections age out in a fraction of a second (the GOAWAY that ended
  `make demo`'s long matches at the default 300 s): the watch is cut several times, each time
  with UNAVAILABLE, and still delivers every version of the match once, in order, to its end.
- The watched orchestrator SIGKILLed mid-match and started again on its port, moves committed
  meanwhile through another replica: the resumed watch replays what it missed, and nothing twice.
- A seat's own watch cut while the seat resigns (its orchestrator killed, the resignation
  committed through another replica) ends as the uncut one does, not with PERMISSION_DENIED:
  with two seats with the match's end; with three (a bot takes the seat over) without the
  bot's moves, which a fresh watch of that seat is refused.
- A replica at its watcher limit (RESOURCE_EXHAUSTED): the watch tries again until a slot is
  free, within its deadline (past it, DEADLINE_EXCEEDED).
- A refusal is not retried, and the caller's deadline bounds a watch of an orchestrator that is
  gone.

The seats play through replica B, so only the watcher's streams are cut; each move waits for
a condition (the watch opened again, the watched replica down), never for time to pass.
"""

from __future__ import annotations

import threading
import time

import grpc
import pytest

from dev.process import ServiceProcess, free_port
from dev.testbed import TIMEOUT
from playhall.common.channels import RECONNECT_OPTIONS
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, human_seats
from tests.helpers import TITLE, metric, scrape, seat_clients, wait_until
from tests.integration.test_orchestrator_play import open_watch

WATCH_TIMEOUT_S = 90.0
CUTS = 4
"""How many times the watch is cut, a move after each."""


class Follower:
    """`client.watch` of a match from its creation, in a thread of its own: the versions it
    delivered, the last change, and the error the watch ended with, if any."""

    def __init__(self, client: MatchClient, match_id: str):
        self.versions: list[int] = []
        self.last: pb.MatchChange | None = None
        self.error: grpc.RpcError | None = None
        self._thread = threading.Thread(target=self._follow, args=(client, match_id), daemon=True)
        self._thread.start()

    def _follow(self, client: MatchClient, match_id: str) -> None:
        try:
            for change in client.watch(match_id, after_version=None, timeout_s=WATCH_TIMEOUT_S):
                self.versions.append(change.version)
                self.last = change
        except grpc.RpcError as error:
            self.error = error

    def check(self) -> None:
        """Fails the test if the watch ended with an error."""
        if self.error is not None:
            pytest.fail(f"the watch failed: {self.error.code().name}: {self.error.details()}")

    def saw(self, version: int) -> bool:
        self.check()
        return version in self.versions

    def ended(self) -> list[int]:
        """The versions delivered, once the watch ended on its own without an error."""
        self._thread.join(WATCH_TIMEOUT_S)
        assert not self._thread.is_alive(), f"the watch still runs, at {self.versions[-1:]}"
        self.check()
        return self.versions

    def finish(self) -> list[int]:
        """The versions delivered, once the watch ended with the match."""
        versions = self.ended()
        assert self.last is not None and self.last.phase == pb.MATCH_PHASE_FINISHED
        return versions


def play_a_move(seats: dict[int, MatchClient], match_id: str) -> int:
    """A legal move of the seat to move; the version it created."""
    summary = seats[0].get(match_id, omit_legal_moves=True).match
    seat = seats[summary.status.to_move[0]]
    seen = seat.get(match_id)
    move = next(iter(moves_as_any(seen.legal_moves)))
    return seat.submit(match_id, move, seen.match.version).version


def watch_streams_opened(replica: ServiceProcess) -> float:
    return metric(
        scrape(replica.metrics_port), "grpc_server_started_total", grpc_method="WatchMatch"
    )


def new_match(channel: grpc.Channel) -> tuple[str, dict[int, MatchClient]]:
    created = MatchClient(channel, timeout_s=TIMEOUT).create(TITLE, human_seats(2))
    return created.match.match_id, seat_clients([channel], created)


def test_a_watch_resumes_after_each_goaway_of_the_connection_age(backend, galileo_rules, channel_b):
    match_id, seats = new_match(channel_b)
    with (
        backend.start_orchestrator(
            galileo_rules.address,
            PLAYHALL_MAX_CONNECTION_AGE_MS="300",
            PLAYHALL_MAX_CONNECTION_AGE_GRACE_MS="100",
        ) as aged,
        grpc.insecure_channel(aged.address, options=RECONNECT_OPTIONS) as channel,
    ):
        follower = Follower(MatchClient(channel, timeout_s=TIMEOUT), match_id)
        for streams in range(2, CUTS + 2):
            wait_until(
                lambda n=streams: follower.check() or watch_streams_opened(aged) >= n,
                30,
                f"watch stream number {streams} (the last one cut by the connection age)",
                0.05,
                aged,
            )
            play_a_move(seats, match_id)
        final = seats[0].resign(match_id).match.version
        assert follower.finish() == list(range(final + 1))


def test_a_watch_resumes_after_its_orchestrator_is_killed_and_started_again(
    backend, galileo_rules, channel_b
):
    match_id, seats = new_match(channel_b)
    port = free_port()
    watched = backend.start_orchestrator(galileo_rules.address, port)
    try:
        with grpc.insecure_channel(watched.address, options=RECONNECT_OPTIONS) as channel:
            follower = Follower(MatchClient(channel, timeout_s=TIMEOUT), match_id)
            first = play_a_move(seats, match_id)
            wait_until(lambda: follower.saw(first), 20, f"version {first} on the watch")
            watched.kill()
            # Committed while the watched replica is down: the resumed stream must replay them.
            missed = [play_a_move(seats, match_id) for _ in range(2)]
            assert not follower.saw(missed[-1])
            watched = backend.start_orchestrator(galileo_rules.address, port)
            play_a_move(seats, match_id)
            final = seats[0].resign(match_id).match.version
            assert follower.finish() == list(range(final + 1))
    finally:
        watched.kill()


@pytest.mark.parametrize("players", [2, 3])
def test_a_resigned_seats_watch_cut_at_its_resignation_ends_as_the_uncut_one(
    backend, galileo_rules, channel_b, players
):
    """With two seats the resignation ends the match: the resumed watch delivers that end.
    With three a bot plays the seat on: the resumed watch is refused the bot's changes and
    ends with what the seat saw before."""
    created = MatchClient(channel_b, timeout_s=TIMEOUT).create(TITLE, human_seats(players))
    match_id, seats = created.match.match_id, seat_clients([channel_b], created)
    token = next(t.token for t in created.tokens if t.seat == 0)
    port = free_port()
    watched = backend.start_orchestrator(galileo_rules.address, port)
    try:
        with grpc.insecure_channel(watched.address, options=RECONNECT_OPTIONS) as channel:
            follower = Follower(MatchClient(channel, token, timeout_s=TIMEOUT), match_id)
            first = play_a_move(seats, match_id)
            wait_until(lambda: follower.saw(first), 20, f"version {first} on the watch")
            watched.kill()
            final = seats[0].resign(match_id).match.version
            watched = backend.start_orchestrator(galileo_rules.address, port)
            if players == 2:
                assert follower.finish() == list(range(final + 1))
            else:
                assert follower.ended() == list(range(first + 1))
    finally:
        watched.kill()


def test_a_resigned_seat_of_three_watching_afresh_is_refused(channel_b):
    created = MatchClient(channel_b, timeout_s=TIMEOUT).create(TITLE, human_seats(3))
    match_id = created.match.match_id
    seats = seat_clients([channel_b], created)
    first = play_a_move(seats, match_id)
    seats[1].resign(match_id)
    # Its bot plays on: nothing of that is the resigned seat's to see.
    with pytest.raises(grpc.RpcError) as refused:
        list(seats[1].watch(match_id, after_version=first))
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert "resigned" in refused.value.details()


def test_a_watch_refused_by_a_full_replica_waits_for_a_slot_within_its_deadline(
    backend, galileo_rules, channel_b
):
    match_id, seats = new_match(channel_b)
    with (
        backend.start_orchestrator(galileo_rules.address, PLAYHALL_MAX_WATCH_STREAMS="1") as full,
        grpc.insecure_channel(full.address, options=RECONNECT_OPTIONS) as channel,
    ):
        client = MatchClient(channel, timeout_s=TIMEOUT)
        held = open_watch(client, match_id, after_version=None)
        try:
            assert next(held).change.version == 0
            with pytest.raises(grpc.RpcError) as expired:
                list(client.watch(match_id, after_version=None, timeout_s=2.0))
            # Not the refusal itself: the watch went on trying until its deadline.
            assert expired.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
            refusals = refused_watches(full)
            follower = Follower(client, match_id)
            wait_until(
                lambda: follower.check() or refused_watches(full) > refusals,
                20,
                "a refused attempt of the second watch",
                0.05,
                full,
            )
        finally:
            held.cancel()
        final = seats[0].resign(match_id).match.version
        assert follower.finish() == list(range(final + 1))


def refused_watches(replica: ServiceProcess) -> float:
    return metric(
        scrape(replica.metrics_port),
        "grpc_server_handled_total",
        grpc_method="WatchMatch",
        grpc_code="RESOURCE_EXHAUSTED",
    )


def test_a_refusal_ends_the_watch_at_once_and_the_deadline_bounds_resuming(spectator):
    started = time.monotonic()
    with pytest.raises(grpc.RpcError) as refused:
        list(spectator.watch("no-such-match", timeout_s=WATCH_TIMEOUT_S))
    assert refused.value.code() == grpc.StatusCode.NOT_FOUND
    assert time.monotonic() - started < TIMEOUT
    # Nothing listens on a port of the listening range that was free a moment ago.
    with grpc.insecure_channel(f"127.0.0.1:{free_port()}", options=RECONNECT_OPTIONS) as gone:
        started = time.monotonic()
        with pytest.raises(grpc.RpcError) as expired:
            list(MatchClient(gone).watch("any-match", timeout_s=1.0))
        assert expired.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        assert time.monotonic() - started < TIMEOUT
