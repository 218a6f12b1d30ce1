"""Failure and durability tests of the match orchestrator, with real processes only.

Each test owns what it breaks: a private redis-server (AOF, `appendfsync always`) in its own
`tmp_path`, the orchestrator replicas it starts with `start_orchestrator`, and, when it kills
one, its own Galileo rules service. The session fixtures of `tests/conftest.py` are only read
from (the shared Galileo rules service), never killed.

What is proven, as the orchestrator issue asks:
- an orchestrator killed with SIGKILL mid-match and restarted: nothing lost, nothing applied
  twice, lost answers recovered through the idempotency record;
- clients racing on one match through two replicas while one of them is SIGKILLed: every move
  applied exactly once; a retry racing its still-running original through the other replica
  gets the original's answer; GetMatch answers from one version while another replica commits;
- a rules service down: UNAVAILABLE with a clear message and no state change; back on the same
  port: play continues;
- a Redis restart with AOF loses no committed move, and a move while Redis is down gets
  UNAVAILABLE (no crash, no hang);
- turn clocks: deadlines in Redis that every replica scans, each expiry committed once, with a
  replica killed and across an orchestrator restart;
- finished matches keep their history while their board expires; idle matches are abandoned;
- a state whose rules version was tampered with is refused and nothing changes;
- a change whose caller gave up (cancelled the call) is still finished with what follows it.

The rules a single process decides alone (a commit that stands when an index update after it
fails, a retry after its idempotency record expired, the lobby's repair) are tested in process,
in `tests/unit/test_orchestrator_domain.py`.

The tests marked `BOTH` (an orchestrator SIGKILLed mid-match, racing clients through two
replicas one of which is SIGKILLed, a retry racing its original, a clock expiry committed once
by the surviving replica) run again on the session's Redis Cluster; a master of a cluster
SIGKILLed is `test_orchestrator_cluster.py`'s.

Every RPC has a deadline (`TIMEOUT`), every wait is bounded, so no test can hang.
"""

from __future__ import annotations

import functools
import hashlib
import os
import random
import signal
import threading
import time
import uuid
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest
import redis
from google.protobuf import any_pb2

from dev.process import ServiceProcess, start_rules_service
from dev.redis_server import EmbeddedRedis
from dev.testbed import Backend, cluster_backend
from playhall.common.brokers import broker_url_of
from playhall.core.wire import moves_as_any, unpack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, acting_seat, human_seats
from playhall.matchstore.outbox import OUTBOX
from playhall.matchstore.store import DEADLINES, lobby_key, requests_key, state_key
from tests.helpers import (
    kill_orchestrator_connections,
    metric,
    refusal,
    scrape,
    unread_bytes,
    wait_until,
)

pytestmark = pytest.mark.timeout(60)

TIMEOUT = 5.0
GALILEO_MOVES = 60  # 30 experiments: 15 rounds x 4 moves (2 seats) or 10 rounds x 6 (3 seats)
UNAVAILABLE = grpc.StatusCode.UNAVAILABLE
PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
FINISHED = pb.MATCH_PHASE_FINISHED
RUNNING = pb.MATCH_PHASE_RUNNING


# -- the stack a test owns ----------------------------------------------------------------------


class Stack:
    """A private Redis (or, for the tests that run on both, the session's Redis Cluster) plus
    the orchestrators, rules services and channels a test starts; all of them are stopped when
    the test ends, whatever it killed on the way."""

    def __init__(
        self,
        redis_server: EmbeddedRedis | None,
        rules_address: str,
        backend: Backend | None = None,
    ):
        self.redis = redis_server
        self.backend = backend or Backend("redis", redis_server.url if redis_server else "")
        self.rules_address = rules_address
        self.processes: list[ServiceProcess] = []
        self.channels: list[grpc.Channel] = []

    @functools.cached_property
    def db(self) -> redis.Redis | redis.RedisCluster:
        """A redis-py client of the private server, for checks and tampering (it reconnects
        to a server restarted on the same socket)."""
        if self.redis is None:
            return self.backend.client()
        return redis.Redis(unix_socket_path=str(self.redis.socket), socket_timeout=TIMEOUT)

    def orchestrator(self, rules_address: str | None = None, **env: str) -> ServiceProcess:
        process = self.backend.start_orchestrator(rules_address or self.rules_address, **env)
        self.processes.append(process)
        return process

    def orchestrators(self, count: int, **env: str) -> list[ServiceProcess]:
        """`count` replicas on the same Redis, started in parallel."""
        with ThreadPoolExecutor(count) as pool:
            return list(pool.map(lambda _: self.orchestrator(**env), range(count)))

    def adopt(self, process: ServiceProcess) -> ServiceProcess:
        self.processes.append(process)
        return process

    def client(self, process: ServiceProcess, token: str | None = None) -> MatchClient:
        channel = grpc.insecure_channel(process.address)
        self.channels.append(channel)
        return MatchClient(channel, token, timeout_s=TIMEOUT)

    def seats(self, process: ServiceProcess, tokens: dict[int, str]) -> dict[int, MatchClient]:
        """One client per seat, each holding its token, all on one channel to `process`."""
        spectator = self.client(process)
        return {seat: spectator.as_seat(token) for seat, token in tokens.items()}

    def close(self) -> None:
        if "db" in self.__dict__:
            self.db.close()
        for channel in self.channels:
            channel.close()
        for process in reversed(self.processes):
            process.terminate(timeout=5)
        if self.redis is not None:
            self.redis.stop()


BOTH = pytest.mark.parametrize("stack", ["redis", "cluster"], indirect=True)
"""Runs a test on its private Redis and again on the session's Redis Cluster (commits waiting
for one replica): the tests that kill orchestrators, not storage."""


@pytest.fixture
def stack(request, tmp_path, galileo_rules):
    """A private AOF Redis in tmp_path (or the session's Redis Cluster, for a test marked
    `BOTH`); orchestrators default to the session rules service."""
    if getattr(request, "param", "redis") == "cluster":
        backend = cluster_backend(
            request.getfixturevalue("redis_cluster"),
            broker_url_of(request.getfixturevalue("redis_server").url),
        )
        owned = Stack(None, galileo_rules.address, backend)
        try:
            yield owned
        finally:
            owned.close()
        return
    directory = tmp_path / "redis"
    directory.mkdir()
    server = EmbeddedRedis(directory=str(directory), appendonly=True).start()
    owned = Stack(server, galileo_rules.address)
    try:
        yield owned
    finally:
        owned.close()


# -- playing ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Planned:
    """A move chosen by a seat at a version."""

    seat: int
    move: any_pb2.Any
    expected: int
    request_id: str = field(default_factory=lambda: uuid.uuid4().hex)


@dataclass(frozen=True)
class Committed:
    """A move the server acknowledged, with the version it said it created."""

    planned: Planned
    version: int


def create_match(
    client: MatchClient, players: int, clock: pb.Clock | None = None
) -> tuple[str, dict[int, str], pb.MatchSummary]:
    response = client.create("galileo", human_seats(players), clock=clock)
    return (
        response.match.match_id,
        {token.seat: token.token for token in response.tokens},
        response.match,
    )


def plan_move(seats: dict[int, MatchClient], match_id: str, rng: random.Random) -> Planned:
    """A random legal move of a random seat that is to move now."""
    summary = seats[min(seats)].get(match_id).match
    assert summary.phase == RUNNING, f"match is not running: {summary}"
    seat = rng.choice(list(summary.status.to_move))
    seen = seats[seat].get(match_id)
    assert moves_as_any(seen.legal_moves), f"seat {seat} is to move but has no legal move"
    return Planned(seat, rng.choice(list(moves_as_any(seen.legal_moves))), seen.match.version)


def submit(
    seats: dict[int, MatchClient], match_id: str, planned: Planned, within_s: float = 10.0
) -> Committed:
    """Submits `planned`, retrying the very same request (same request_id) while the service
    answers UNAVAILABLE, as a well-behaved client does."""
    give_up = time.monotonic() + within_s
    while True:
        try:
            response = seats[planned.seat].submit(
                match_id, planned.move, planned.expected, planned.request_id
            )
            return Committed(planned, response.version)
        except grpc.RpcError as error:
            if error.code() != UNAVAILABLE or time.monotonic() > give_up:
                raise
            time.sleep(0.1)


def play_random_move(seats: dict[int, MatchClient], match_id: str, rng: random.Random):
    return submit(seats, match_id, plan_move(seats, match_id, rng))


def play_to_end(seats: dict[int, MatchClient], match_id: str, rng: random.Random):
    played = []
    for _ in range(GALILEO_MOVES + 1):
        if seats[min(seats)].history(match_id).match.phase == FINISHED:
            return played
        played.append(play_random_move(seats, match_id, rng))
    pytest.fail(f"match {match_id} did not finish after {len(played)} moves")


def refused_submit(seats: dict[int, MatchClient], match_id: str, planned: Planned) -> grpc.RpcError:
    """The error submitting `planned` fails with; fails the test if it is accepted."""
    return refusal(
        seats[planned.seat].submit, match_id, planned.move, planned.expected, planned.request_id
    )


# -- checking -----------------------------------------------------------------------------------


def assert_contiguous(history: pb.GetHistoryResponse) -> list[pb.MatchChange]:
    """Every version 0..N exactly once, in order, N being the match's version."""
    versions = [change.version for change in history.changes]
    assert versions == list(range(len(versions))), f"versions not contiguous: {versions}"
    assert versions[-1] == history.match.version
    return list(history.changes)


def assert_replay_matches(history: pb.GetHistoryResponse, committed: list[Committed]) -> None:
    """The replay holds exactly the acknowledged moves, each at the version it was given."""
    assert len(history.replay.moves) == len(committed)
    by_version = {move.version: move for move in history.replay.moves}
    assert len(by_version) == len(history.replay.moves), "two replay moves share a version"
    for ack in committed:
        logged = by_version[ack.version]
        assert (logged.seat, logged.move) == (ack.planned.seat, ack.planned.move), ack.version


def lobby_ids(db: redis.Redis, phase: int) -> set[str]:
    return {member.decode() for member in db.zrange(lobby_key("galileo", phase), 0, -1)}


def finished_history(client: MatchClient, match_id: str, within_s: float, what: str):
    """The history once the match has finished; fails the test, naming `what` did not happen,
    if it does not within `within_s`."""

    def done():
        history = client.history(match_id)
        return history if history.match.phase == FINISHED else None

    return wait_until(done, within_s, what)


# -- 1. orchestrator SIGKILLed and restarted -----------------------------------------------------


@BOTH
def test_orchestrator_sigkilled_mid_match_loses_nothing_and_applies_nothing_twice(stack):
    rng = random.Random(1)
    first = stack.orchestrator()
    match_id, tokens, _ = create_match(stack.client(first), 3)
    seats = stack.seats(first, tokens)
    committed = [play_random_move(seats, match_id, rng) for _ in range(17)]
    acknowledged = committed[-1]

    # A move in flight when the process dies: its answer is lost, its fate unknown.
    in_flight = plan_move(seats, match_id, rng)
    future = seats[in_flight.seat].stub.SubmitMove.future(
        pb.SubmitMoveRequest(
            match_id=match_id,
            move=in_flight.move,
            expected_version=in_flight.expected,
            request_id=in_flight.request_id,
        ),
        metadata=seats[in_flight.seat].metadata,
        timeout=TIMEOUT,
    )
    first.kill()
    assert first.proc.returncode == -9
    try:
        lost_answer = future.result(timeout=TIMEOUT).version
    except grpc.RpcError as error:
        assert error.code() in (UNAVAILABLE, grpc.StatusCode.CANCELLED), error
        lost_answer = None

    second = stack.orchestrator()
    seats = stack.seats(second, tokens)

    # The acknowledged last move, resubmitted: answered from its idempotency record.
    again = submit(seats, match_id, acknowledged.planned)
    assert again.version == acknowledged.version
    # The in-flight move, resubmitted: applied now or already, but once either way.
    recovered = submit(seats, match_id, in_flight)
    assert recovered.version == in_flight.expected + 1
    if lost_answer is not None:
        assert recovered.version == lost_answer
    assert seats[0].history(match_id).match.version == in_flight.expected + 1
    committed.append(recovered)

    committed += play_to_end(seats, match_id, rng)
    history = seats[0].history(match_id)
    changes = assert_contiguous(history)
    assert history.match.end_reason == pb.END_REASON_GAME_OVER
    assert len(changes) == GALILEO_MOVES + 1
    assert sorted(c.version for c in committed) == list(range(1, GALILEO_MOVES + 1))
    assert_replay_matches(history, committed)


# -- 2. clients racing while a replica dies ------------------------------------------------------


@dataclass
class SeatLog:
    """What one racing seat saw."""

    acknowledged: list[Committed] = field(default_factory=list)
    failovers: int = 0
    stale: int = 0
    errors: list[str] = field(default_factory=list)


def race_seat(
    seat: int,
    replicas: list[MatchClient],
    match_id: str,
    stop: threading.Event,
    give_up: float,
    log: SeatLog,
) -> None:
    """Plays `seat` until the match ends, starting on one replica; on UNAVAILABLE or a
    deadline it retries the same request (same request_id) through the next replica."""
    rng = random.Random(seat)
    current = seat % len(replicas)
    pending: Planned | None = None
    while not stop.is_set() and time.monotonic() < give_up:
        client = replicas[current]
        try:
            if pending is None:
                seen = client.get(match_id)
                if seen.match.phase == FINISHED:
                    return
                if seat not in seen.match.status.to_move:
                    time.sleep(0.002)
                    continue
                if not moves_as_any(seen.legal_moves):
                    log.errors.append(f"to move at version {seen.match.version}, no legal move")
                    return
                pending = Planned(
                    seat, rng.choice(list(moves_as_any(seen.legal_moves))), seen.match.version
                )
            response = client.submit(match_id, pending.move, pending.expected, pending.request_id)
            log.acknowledged.append(Committed(pending, response.version))
            pending = None
        except grpc.RpcError as error:
            if error.code() in (UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
                current = (current + 1) % len(replicas)
                log.failovers += 1
            elif error.code() in (PRECONDITION, grpc.StatusCode.ABORTED):
                log.stale += 1  # chosen on a view that moved on: choose again
                pending = None
            else:
                log.errors.append(f"{error.code().name}: {error.details()}")
                return
    log.errors.append("stopped before the match finished")


def assert_each_seat_moves_once_per_step(history: pb.GetHistoryResponse, players: int) -> None:
    """No seat moved twice within one step (a pick step or a take), and each made its share."""
    changes = list(history.changes)
    moves_by_seat: dict[int, int] = defaultdict(int)
    seats_by_step: dict[int, list[int]] = defaultdict(list)
    for move in history.replay.moves:
        moves_by_seat[move.seat] += 1
        seats_by_step[changes[move.version - 1].status.step].append(move.seat)
    assert dict(moves_by_seat) == {seat: GALILEO_MOVES // players for seat in range(players)}
    for step, movers in seats_by_step.items():
        assert len(movers) == len(set(movers)), f"a seat moved twice in step {step}: {movers}"


@BOTH
def test_racing_clients_through_two_replicas_one_sigkilled_apply_each_move_once(stack):
    replicas = stack.orchestrators(2)
    match_id, tokens, _ = create_match(stack.client(replicas[0]), 3)
    channels = [stack.client(process) for process in replicas]
    logs = {seat: SeatLog() for seat in tokens}
    stop, give_up = threading.Event(), time.monotonic() + 30
    threads = [
        threading.Thread(
            target=race_seat,
            args=(seat, [c.as_seat(token) for c in channels], match_id, stop, give_up, logs[seat]),
            daemon=True,
        )
        for seat, token in tokens.items()
    ]
    for thread in threads:
        thread.start()

    def progress() -> int:
        return max((c.version for log in logs.values() for c in log.acknowledged), default=0)

    try:
        wait_until(lambda: progress() >= 20, 15, "progress of the racing seats")
        replicas[0].kill()
        killed_at = progress()
        for thread in threads:
            thread.join(timeout=max(0.0, give_up - time.monotonic()) + 1)
    finally:
        stop.set()
    assert not any(thread.is_alive() for thread in threads), "a racing seat is stuck"

    assert {seat: log.errors for seat, log in logs.items() if log.errors} == {}
    assert killed_at < GALILEO_MOVES, "the replica died after the game had ended"
    assert sum(log.failovers for log in logs.values()) >= 1, "no client saw the replica die"
    committed = [c for log in logs.values() for c in log.acknowledged]
    assert sorted(c.version for c in committed) == list(range(1, GALILEO_MOVES + 1))

    history = channels[1].as_seat(tokens[0]).history(match_id)
    assert_contiguous(history)
    assert history.match.end_reason == pb.END_REASON_GAME_OVER
    assert_replay_matches(history, committed)
    assert_each_seat_moves_once_per_step(history, 3)


def outcome(client: MatchClient, match_id: str, planned: Planned) -> tuple[str, object]:
    """("OK", version) or (status code name, details) of submitting `planned`."""
    try:
        response = client.submit(match_id, planned.move, planned.expected, planned.request_id)
    except grpc.RpcError as error:
        return error.code().name, error.details()
    return "OK", response.version


@BOTH
def test_a_retry_racing_its_original_through_another_replica_gets_the_same_answer(stack):
    """A client whose call timed out on a slow replica retries the same request through the
    other one while the first is still working on it: every copy must get the one answer."""
    copies = 6
    rng = random.Random(22)
    replicas = stack.orchestrators(2)
    match_id, tokens, _ = create_match(stack.client(replicas[0]), 3)
    seats = [stack.seats(process, tokens) for process in replicas]
    committed, different = [], []
    with ThreadPoolExecutor(copies) as pool:
        for _ in range(GALILEO_MOVES):
            planned = plan_move(seats[0], match_id, rng)
            answers = list(
                pool.map(
                    lambda copy, p=planned: outcome(seats[copy % 2][p.seat], match_id, p),
                    range(copies),
                )
            )
            expected = ("OK", planned.expected + 1)
            if any(answer != expected for answer in answers):
                different.append((planned.expected, [a for a in answers if a != expected]))
            if expected in answers:
                committed.append(Committed(planned, planned.expected + 1))
            else:
                break

    history = seats[1][0].history(match_id)
    assert_contiguous(history)
    assert history.match.end_reason == pb.END_REASON_GAME_OVER
    assert_replay_matches(history, committed)
    assert_each_seat_moves_once_per_step(history, 3)
    assert different == [], (
        f"{len(different)} of {GALILEO_MOVES} moves: copies of an applied request were refused "
        f"instead of answered from its idempotency record; first: {different[:3]}"
    )


def test_get_match_answers_from_one_snapshot_while_moves_commit(stack):
    """GetMatch's summary (version, status) and the caller's view are of the same version,
    even while another replica commits moves."""
    rng = random.Random(23)
    writer, reader = stack.orchestrators(2)
    match_id, tokens, _ = create_match(stack.client(writer), 3)
    players = stack.seats(writer, tokens)
    watchers = [*stack.seats(reader, tokens).values(), stack.client(reader)]
    torn: list[tuple] = []
    done = threading.Event()

    def read() -> None:
        while not done.is_set():
            for client in watchers:
                seen = client.get(match_id)
                view = unpack(seen.view, gal.View, "view")
                summary = (seen.match.status.move_count, seen.match.status.step)
                if (view.move_count, view.step) != summary:
                    torn.append((seen.match.version, summary, (view.move_count, view.step)))

    with ThreadPoolExecutor(2) as pool:
        readers = [pool.submit(read) for _ in range(2)]
        try:
            play_to_end(players, match_id, rng)
        finally:
            done.set()
        for reader_done in readers:
            reader_done.result(timeout=TIMEOUT * 2)
    assert torn == [], (
        f"{len(torn)} GetMatch answers mixed versions: (version, summary (move_count, step), "
        f"view (move_count, step)): {torn[:3]}"
    )


# -- 3. the rules service down -------------------------------------------------------------------


def test_rules_service_down_is_unavailable_without_change_and_play_resumes(stack):
    rng = random.Random(3)
    rules = stack.adopt(start_rules_service("galileo"))
    port = rules.port
    orchestrator = stack.orchestrator(rules_address=rules.address, PLAYHALL_GAME_INFO_TTL_S="0.2")
    lobby = stack.client(orchestrator)
    assert [game.title_id for game in lobby.list_games()] == ["galileo"]
    match_id, tokens, _ = create_match(lobby, 2)
    seats = stack.seats(orchestrator, tokens)
    committed = [play_random_move(seats, match_id, rng) for _ in range(5)]
    planned = plan_move(seats, match_id, rng)
    before = seats[0].history(match_id)
    state = stack.db.get(state_key(match_id))

    rules.kill()
    started = time.monotonic()
    error = refused_submit(seats, match_id, planned)
    assert error.code() == UNAVAILABLE, error
    assert "rules service" in error.details(), error.details()
    assert time.monotonic() - started < TIMEOUT
    assert refusal(seats[0].get, match_id).code() == UNAVAILABLE
    assert seats[0].history(match_id) == before
    assert stack.db.get(state_key(match_id)) == state
    assert not stack.db.hexists(requests_key(match_id), planned.request_id)
    assert orchestrator.proc.poll() is None
    # Past its time to live, the title stays listed from what its service said before; a
    # replica that never heard from any rules service says so.
    time.sleep(0.3)
    assert [game.title_id for game in lobby.list_games()] == ["galileo"]
    newcomer = stack.client(stack.orchestrator(rules_address=rules.address))
    error = refusal(newcomer.list_games)
    assert error.code() == UNAVAILABLE and "rules service" in error.details(), error

    stack.adopt(
        ServiceProcess(
            "playhall.rules_service",
            ["--game", "galileo", "--port", str(port), "--metrics-port", "0"],
        )
    )
    # The refused request, sent again unchanged, is now applied (nothing was recorded for it).
    resumed = submit(seats, match_id, planned, within_s=15)

    # The newcomer lists the title within seconds of its service answering.
    def newcomer_lists_galileo() -> bool:
        try:
            return [game.title_id for game in newcomer.list_games()] == ["galileo"]
        except grpc.RpcError as error:
            assert error.code() == UNAVAILABLE, error
            return False

    wait_until(newcomer_lists_galileo, 5, "galileo listed by the newcomer", 0.5)
    assert resumed.version == planned.expected + 1
    committed.append(resumed)
    committed += play_to_end(seats, match_id, rng)
    history = seats[0].history(match_id)
    assert_contiguous(history)
    assert history.match.end_reason == pb.END_REASON_GAME_OVER
    assert_replay_matches(history, committed)
    assert len(committed) == GALILEO_MOVES


def process_state(pid: int) -> str:
    """The state letter of a process (T: stopped), from /proc."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2]


def test_a_move_whose_caller_gave_up_is_finished_with_what_follows_it(stack):
    """The last move of a match is submitted while its rules service is stopped (SIGSTOP), and
    its caller gives up (cancels, as a passed deadline does) once the orchestrator's ApplyMove
    waits unread at the stopped service. The orchestrator finishes what it started once the
    service resumes: the move commits, and the match leaves the running lobby list at once
    (the background repair, slowed to ten minutes here, never gets to it)."""
    rng = random.Random(12)
    rules = stack.adopt(start_rules_service("galileo"))
    orchestrator = stack.orchestrator(
        rules_address=rules.address, PLAYHALL_LOBBY_REPAIR_INTERVAL_S="600"
    )
    match_id, tokens, _ = create_match(stack.client(orchestrator), 2)
    seats = stack.seats(orchestrator, tokens)
    for _ in range(GALILEO_MOVES - 1):
        play_random_move(seats, match_id, rng)
    last = plan_move(seats, match_id, rng)
    assert match_id in lobby_ids(stack.db, RUNNING)

    os.kill(rules.proc.pid, signal.SIGSTOP)
    try:
        wait_until(lambda: process_state(rules.proc.pid) == "T", TIMEOUT, "the rules to stop")
        # A few bytes may wait already (an HTTP/2 PING is 17); a request with a Galileo state
        # in it is hundreds.
        before = unread_bytes(rules.proc.pid)
        call = seats[last.seat].stub.SubmitMove.future(
            pb.SubmitMoveRequest(
                match_id=match_id,
                move=last.move,
                expected_version=last.expected,
                request_id=last.request_id,
            ),
            metadata=seats[last.seat].metadata,
            timeout=60,
        )
        # The orchestrator has started the change: its call to the rules is on its way. The
        # rules' deadline (5 s) runs from here, so the service resumes right after.
        wait_until(
            lambda: unread_bytes(rules.proc.pid) > before + 100,
            30,
            "ApplyMove at the stopped rules",
        )
        call.cancel()
        wait_until(
            lambda: metric(
                scrape(orchestrator.metrics_port),
                "grpc_server_handled_total",
                grpc_method="SubmitMove",
                grpc_code="CANCELLED",
            ),
            TIMEOUT,
            "the orchestrator to see its caller give up",
        )
    finally:
        os.kill(rules.proc.pid, signal.SIGCONT)

    # Filed under finished first, then taken out of running: both, well before any repair.
    wait_until(
        lambda: (
            match_id in lobby_ids(stack.db, FINISHED)
            and match_id not in lobby_ids(stack.db, RUNNING)
        ),
        30,
        "the match moved from the running to the finished list",
    )
    history = seats[0].history(match_id)
    assert history.match.phase == FINISHED and history.match.version == GALILEO_MOVES
    assert submit(seats, match_id, last).version == GALILEO_MOVES, "the retry replays it"


# -- 4. Redis restarted from its AOF -------------------------------------------------------------


def test_redis_sigkilled_and_restarted_from_aof_loses_no_committed_move(stack):
    # A SIGKILL cannot tell fsync policies apart (the kernel keeps what Redis wrote), so the
    # policy a lost machine needs is checked as configured: every write on disk before its reply.
    assert stack.db.config_get("appendonly") == {"appendonly": "yes"}
    assert stack.db.config_get("appendfsync") == {"appendfsync": "always"}
    rng = random.Random(4)
    orchestrator = stack.orchestrator()
    match_id, tokens, _ = create_match(stack.client(orchestrator), 2)
    seats = stack.seats(orchestrator, tokens)
    committed = [play_random_move(seats, match_id, rng) for _ in range(23)]
    planned = plan_move(seats, match_id, rng)
    before = seats[0].history(match_id)
    assert before.match.version == 23

    stack.redis.kill()
    started = time.monotonic()
    error = refused_submit(seats, match_id, planned)
    assert error.code() == UNAVAILABLE, error
    assert time.monotonic() - started < TIMEOUT
    assert refusal(seats[0].history, match_id).code() == UNAVAILABLE
    assert orchestrator.proc.poll() is None, "the orchestrator died with Redis"

    stack.redis = EmbeddedRedis(directory=str(stack.redis.dir), appendonly=True).start()
    assert seats[0].history(match_id) == before
    assert seats[planned.seat].get(match_id).match.version == 23
    resumed = submit(seats, match_id, planned)
    assert resumed.version == 24
    committed.append(resumed)
    committed += play_to_end(seats, match_id, rng)
    history = seats[0].history(match_id)
    changes = assert_contiguous(history)
    assert changes[: len(before.changes)] == list(before.changes)
    assert history.match.end_reason == pb.END_REASON_GAME_OVER
    assert_replay_matches(history, committed)
    assert len(committed) == GALILEO_MOVES


# -- 4b. storage connections closed under commits ------------------------------------------------


@dataclass
class Answers:
    """Every answer one player got while its storage connections were being closed."""

    acknowledged: list[Committed] = field(default_factory=list)
    unavailable: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)


def answered(call, answers: Answers, within_s: float = 20.0):
    """`call()`, sent again while it fails with UNAVAILABLE, or with DEADLINE_EXCEEDED (the
    client's own deadline: no answer came in time, on a busy machine; whether the move stands
    is then unknown, which is what sending it again with its request id settles); any other
    failure is recorded in `answers.unexpected` and sent again too (a commit may stand behind
    it), so that the test reports every one of them rather than only the first."""
    give_up = time.monotonic() + within_s
    while True:
        try:
            return call()
        except grpc.RpcError as error:
            described = f"{error.code().name}: {error.details()}"
            if error.code() in (UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
                answers.unavailable.append(described)
            else:
                answers.unexpected.append(described)
            if time.monotonic() > give_up:
                raise
            time.sleep(0.02)


def play_answered(
    seats: dict[int, MatchClient], match_id: str, moves: int, seed: int, answers: Answers
) -> None:
    """`moves` random moves, each sent (again, with its request id) until it is answered."""
    rng = random.Random(seed)
    for _ in range(moves):
        planned = answered(lambda: plan_move(seats, match_id, rng), answers)
        response = answered(
            lambda p=planned: seats[p.seat].submit(match_id, p.move, p.expected, p.request_id),
            answers,
        )
        answers.acknowledged.append(Committed(planned, response.version))


@BOTH
def test_storage_connections_closed_under_commits_answer_only_ok_or_unavailable(stack):
    """Players commit moves in parallel while every connection the orchestrator holds to its
    Redis (to each node of the Cluster) is closed from the server side (CLIENT KILL) again and
    again, in the middle of commands. Every answer is OK or UNAVAILABLE, never UNKNOWN or
    INTERNAL; every acknowledged move is in its match's history at its version, and sent again
    with its request id it is answered with that version, not applied twice."""
    matches, moves = 6, 20
    orchestrator = stack.orchestrator()
    lobby = stack.client(orchestrator)
    games = []
    for _ in range(matches):
        match_id, tokens, _ = create_match(lobby, 2)
        games.append((match_id, stack.seats(orchestrator, tokens)))
    servers = stack.backend.servers()
    answers = [Answers() for _ in games]
    killed = 0
    with ThreadPoolExecutor(matches) as pool:
        playing = [
            pool.submit(play_answered, seats, match_id, moves, number, answers[number])
            for number, (match_id, seats) in enumerate(games)
        ]
        while not all(done.done() for done in playing):
            killed += kill_orchestrator_connections(servers, orchestrator.proc.pid)
            time.sleep(0.01)
        for done in playing:
            done.result()
    for server in servers:
        server.close()

    unexpected = [answer for log in answers for answer in log.unexpected]
    assert unexpected == [], f"{len(unexpected)} answers neither OK nor UNAVAILABLE"
    unavailable = [answer for log in answers for answer in log.unavailable]
    assert all("request_id" in answer for answer in unavailable), unavailable[:3]
    assert killed >= 20, f"only {killed} connections closed under the players"
    for (match_id, seats), log in zip(games, answers, strict=True):
        for ack in log.acknowledged:
            assert outcome(seats[ack.planned.seat], match_id, ack.planned) == ("OK", ack.version)
        seats[0].resign(match_id)  # a finished match's history holds its moves
        history = lobby.history(match_id)
        assert_contiguous(history)
        assert history.match.version == moves + 1
        assert_replay_matches(history, log.acknowledged)
    print(f"{killed} connections closed; {len(unavailable)} answers UNAVAILABLE")


# -- 5. clocks: a replica killed, an orchestrator restarted --------------------------------------


def timeout_changes(history: pb.GetHistoryResponse) -> list[pb.MatchChange]:
    return [c for c in history.changes if c.end_reason == pb.END_REASON_TIMEOUT]


@BOTH
def test_clock_expiry_is_committed_once_by_the_surviving_replica(stack):
    doomed, survivor = stack.orchestrators(2)
    clock = pb.Clock(seconds_per_turn=2, on_timeout=pb.TIMEOUT_ACTION_FORFEIT)
    match_id, tokens, _ = create_match(stack.client(survivor), 2, clock)
    seats = stack.seats(survivor, tokens)
    picked = seats[0].submit(match_id, moves_as_any(seats[0].get(match_id).legal_moves)[0], 0)
    deadline_ms = picked.match.deadline_unix_ms
    assert deadline_ms > 0
    doomed.kill()
    assert time.time() * 1000 < deadline_ms, "the replica was killed after the deadline"

    history = finished_history(seats[0], match_id, 5, "action on the deadline by the survivor")
    time.sleep(0.5)  # room for a second, wrong, commit of the same expiry
    history = seats[0].history(match_id)
    changes = assert_contiguous(history)
    assert len(changes) == 3
    [timeout] = timeout_changes(history)
    assert timeout == changes[-1]
    assert acting_seat(timeout) is None
    assert deadline_ms <= timeout.committed_unix_ms < deadline_ms + 2000
    assert history.match.end_reason == pb.END_REASON_TIMEOUT
    assert list(history.match.winners) == [0]


def test_clock_expires_across_an_orchestrator_restart(stack):
    first = stack.orchestrator()
    clock = pb.Clock(seconds_per_turn=2, on_timeout=pb.TIMEOUT_ACTION_FORFEIT)
    match_id, tokens, created = create_match(stack.client(first), 2, clock)
    first.kill()
    wait_until(lambda: time.time() * 1000 > created.deadline_unix_ms, 5, "the deadline passed")

    second = stack.orchestrator()
    ready_ms = time.time() * 1000
    seats = stack.seats(second, tokens)
    history = finished_history(seats[0], match_id, 3, "action on the due deadline after restart")
    changes = assert_contiguous(history)
    assert len(changes) == 2
    [timeout] = timeout_changes(history)
    # Acted on by the new replica's first sweeps, not left for a later one: timed by the
    # commit's own time, so the test's polling on a busy machine does not count.
    assert timeout.committed_unix_ms - ready_ms < 2000
    assert acting_seat(timeout) is None
    assert history.match.end_reason == pb.END_REASON_TIMEOUT
    assert list(history.match.winners) == []


# -- 6. each expiry commits once, with a bot move ------------------------------------------------


def test_bot_moves_on_timeout_finish_the_turn_once_with_two_replicas(stack):
    replicas = stack.orchestrators(2)
    clock = pb.Clock(seconds_per_turn=1, on_timeout=pb.TIMEOUT_ACTION_BOT_MOVE)
    match_id, tokens, created = create_match(stack.client(replicas[0]), 3, clock)
    watcher = stack.seats(replicas[1], tokens)[0]

    def four_bot_moves():
        history = watcher.history(match_id)
        return history if history.match.version >= 4 else None

    history = wait_until(four_bot_moves, 6, "bot moves made on timeout")
    changes = assert_contiguous(history)
    picks, take = changes[1:4], changes[4]
    # The simultaneous pick step is one turn with one deadline: when it passes, the bot plays
    # the rest of the turn at once, a pick for each seat that had not picked, each its own
    # commit (a version never gets two changes).
    assert [c.seat for c in picks] == [0, 1, 2], "the bot moved for the wrong seats"
    assert all(len(c.events) >= 1 and c.end_reason == 0 for c in changes[1:5])
    assert all(c.committed_unix_ms >= created.deadline_unix_ms for c in picks)
    # The take is a new step with a deadline of its own, set when the picks were revealed.
    assert take.committed_unix_ms - picks[-1].committed_unix_ms >= 1000
    assert history.match.phase == RUNNING
    deadlines = [
        member.decode()
        for member in stack.db.zrange(DEADLINES, 0, -1)
        if member.decode().startswith(match_id)
    ]
    assert len(deadlines) <= 1, f"stale deadlines left behind: {deadlines}"


# -- 7. a finished match keeps its history, not its board -----------------------------------------


def test_finished_match_keeps_history_while_its_state_expires(stack):
    rng = random.Random(7)
    orchestrator = stack.orchestrator(PLAYHALL_FINISHED_STATE_TTL_S="1")
    match_id, tokens, created = create_match(stack.client(orchestrator), 2)
    seats = stack.seats(orchestrator, tokens)
    committed = [play_random_move(seats, match_id, rng) for _ in range(6)]
    resigned = seats[1].resign(match_id).match
    assert resigned.phase == FINISHED
    assert resigned.end_reason == pb.END_REASON_RESIGNATION
    assert 0 < stack.db.pttl(state_key(match_id)) <= 1000
    assert seats[0].get(match_id).match.version == 7

    time.sleep(2)
    assert not stack.db.exists(state_key(match_id))
    error = refusal(seats[0].get, match_id)
    assert error.code() == PRECONDITION
    assert "archived" in error.details(), error.details()

    history = seats[0].history(match_id)
    changes = assert_contiguous(history)
    assert len(changes) == 8
    assert changes[-1].end_reason == pb.END_REASON_RESIGNATION
    assert history.match.end_reason == pb.END_REASON_RESIGNATION
    assert list(history.match.winners) == [0]
    assert_replay_matches(history, committed)
    assert hashlib.sha256(history.replay.seed).digest() == created.seed_sha256


# -- 8. abandonment -------------------------------------------------------------------------------


def test_an_idle_match_leaves_being_played_and_is_abandoned_and_archived(stack):
    """The lobby's "Being played" shows matches with a change within
    PLAYHALL_LOBBY_IDLE_AFTER_S; PLAYHALL_ABANDON_AFTER_S later the idle match ends ABANDONED,
    filed for the archive by the ending commit, while the one being played stays."""
    rng = random.Random(25)
    orchestrator = stack.orchestrator(PLAYHALL_LOBBY_IDLE_AFTER_S="1", PLAYHALL_ABANDON_AFTER_S="3")
    client = stack.client(orchestrator)
    idle_id, idle_tokens, _ = create_match(client, 2)
    idle = stack.seats(orchestrator, idle_tokens)
    play_random_move(idle, idle_id, rng)
    busy_id, busy_tokens, _ = create_match(client, 2)
    busy = stack.seats(orchestrator, busy_tokens)

    def being_played() -> set[str]:
        return {m.match_id for m in client.list_matches("galileo", RUNNING)}

    assert {idle_id, busy_id} <= being_played()
    left_at = None
    give_up = time.monotonic() + 8
    while time.monotonic() < give_up:
        play_random_move(busy, busy_id, rng)  # a move every 0.3 s keeps it in the list
        time.sleep(0.3)
        listed = being_played()
        assert busy_id in listed
        if left_at is None and idle_id not in listed:
            left_at = time.monotonic()
            assert idle[0].get(idle_id).match.phase == RUNNING  # listed no more, not ended
        if idle[0].history(idle_id).match.phase == FINISHED:
            break
    assert left_at is not None, "the idle match stayed under 'Being played'"
    history = idle[0].history(idle_id)
    assert history.match.phase == FINISHED, "the idle match was not abandoned"
    assert history.match.end_reason == pb.END_REASON_ABANDONED
    assert idle_id not in being_played() and busy_id in being_played()
    finished = {m.match_id for m in client.list_matches("galileo", FINISHED)}
    assert idle_id in finished and busy_id not in finished
    # The ending commit filed it for the archiver (which no database drains here).
    assert stack.db.zscore(OUTBOX, idle_id) is not None
    assert stack.db.zscore(OUTBOX, busy_id) is None


def test_idle_match_is_abandoned_while_an_active_one_is_not(stack):
    rng = random.Random(8)
    orchestrator = stack.orchestrator(PLAYHALL_ABANDON_AFTER_S="1")
    client = stack.client(orchestrator)
    idle_id, idle_tokens, _ = create_match(client, 2)
    idle = stack.seats(orchestrator, idle_tokens)
    play_random_move(idle, idle_id, rng)
    busy_id, busy_tokens, _ = create_match(client, 2)
    busy = stack.seats(orchestrator, busy_tokens)

    give_up = time.monotonic() + 4
    history = None
    while history is None and time.monotonic() < give_up:
        play_random_move(busy, busy_id, rng)  # a move every 0.3 s keeps it alive
        time.sleep(0.3)
        candidate = idle[0].history(idle_id)
        history = candidate if candidate.match.phase == FINISHED else None
    assert history is not None, "the idle match was not abandoned"

    changes = assert_contiguous(history)
    assert len(changes) == 3
    abandoned = changes[-1]
    assert acting_seat(abandoned) is None
    assert abandoned.end_reason == pb.END_REASON_ABANDONED
    assert abandoned.committed_unix_ms - changes[-2].committed_unix_ms >= 1000
    assert history.match.end_reason == pb.END_REASON_ABANDONED
    # A move that was legal when the match was closed is refused now, at the current version.
    seat = history.match.status.to_move[0]
    legal = moves_as_any(idle[seat].get(idle_id).legal_moves)
    error = refusal(idle[seat].submit, idle_id, legal[0], history.match.version)
    assert error.code() == PRECONDITION
    assert "over" in error.details(), error.details()
    assert idle[0].history(idle_id).match.version == 2
    assert busy[0].history(busy_id).match.phase == RUNNING


# -- 9. the rules version is pinned ---------------------------------------------------------------


def test_state_of_another_rules_version_is_refused_and_nothing_changes(stack):
    rng = random.Random(9)
    # Keeping no snapshot, the replica reads the state this test rewrites behind its back
    # (without the new version any real change comes with, which a kept snapshot relies on).
    orchestrator = stack.orchestrator(PLAYHALL_SNAPSHOTS_KEPT="0")
    match_id, tokens, _ = create_match(stack.client(orchestrator), 3)
    seats = stack.seats(orchestrator, tokens)
    for _ in range(4):
        play_random_move(seats, match_id, rng)
    planned = plan_move(seats, match_id, rng)

    db = stack.db
    stored = any_pb2.Any.FromString(db.get(state_key(match_id)))
    state = unpack(stored, gal.State, "state")
    assert state.rules_version == "galileo/1.0"
    state.rules_version = "galileo/2.0"
    tampered = any_pb2.Any(type_url=stored.type_url, value=state.SerializeToString())
    db.set(state_key(match_id), tampered.SerializeToString())
    before = seats[0].history(match_id)

    error = refused_submit(seats, match_id, planned)
    assert error.code() == PRECONDITION, error
    assert "galileo/2.0" in error.details(), error.details()
    assert seats[0].history(match_id) == before
    assert before.match.version == 4
    assert db.get(state_key(match_id)) == tampered.SerializeToString()
    assert not db.hexists(requests_key(match_id), planned.request_id)
