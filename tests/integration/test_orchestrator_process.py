"""The orchestrator as an operator runs it: `python -m playhall.orchestrator` in its own process.

Proven here, with real processes and a real Redis only:
- SIGTERM: health turns NOT_SERVING, new calls are refused, a SubmitMove in flight still commits
  and gets its answer, and the process logs "stopped" and exits 0 within its grace period;
- server reflection lists MatchService and the health service;
- a missing required setting stops it at once with a message naming that setting;
- calls to a title's rules service are balanced round-robin over every listed replica;
- a turn clock that forfeits, scanned by two live replicas, ends a 3-player match once.

Every RPC has a deadline and every wait is bounded, so no test can hang.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from google.protobuf.descriptor_pb2 import FileDescriptorProto
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from dev.process import ServiceProcess, orchestrator_env, start_rules_service
from dev.redis_server import EmbeddedRedis
from dev.testbed import GATEWAY_CREDENTIAL, TIMEOUT, WORKER_CREDENTIAL, start_orchestrator
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, acting_seat, human_seats
from tests.helpers import metric, refusal, scrape, seat_clients, wait_until

pytestmark = pytest.mark.timeout(60)

GRACE_S = 5.0
MATCH_SERVICE = pb.DESCRIPTOR.services_by_name["MatchService"].full_name
RULES_SERVICE = "playhall.rules.v1.RulesService"
HEALTH_SERVICE = "grpc.health.v1.Health"
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


# -- helpers ------------------------------------------------------------------------------------


def calls_in_flight(service: ServiceProcess, method: str) -> float:
    """Calls of `method` the service has started and not yet answered, from its metrics."""
    samples = scrape(service.metrics_port)
    labels = {"grpc_service": MATCH_SERVICE, "grpc_method": method}
    started = metric(samples, "grpc_server_started_total", **labels)
    return started - metric(samples, "grpc_server_handled_total", **labels)


def apply_moves_served(rules: ServiceProcess) -> float:
    samples = scrape(rules.metrics_port)
    return metric(
        samples, "grpc_server_started_total", grpc_service=RULES_SERVICE, grpc_method="ApplyMove"
    )


def play_first_legal_moves(lobby: MatchClient, created: pb.CreateMatchResponse, count: int):
    """`count` moves, each the first legal move of the first seat to move."""
    match_id = created.match.match_id
    seats = seat_clients([lobby.channel], created, lobby.timeout_s)
    for _ in range(count):
        seat = lobby.get(match_id).match.status.to_move[0]
        seen = seats[seat].get(match_id)
        seats[seat].submit(match_id, moves_as_any(seen.legal_moves)[0], seen.match.version)


# -- SIGTERM ------------------------------------------------------------------------------------


def test_sigterm_turns_health_not_serving_finishes_the_move_in_flight_and_exits_0(
    redis_server, spectator
):
    """A move is held in flight (its rules service stopped with SIGSTOP) when the orchestrator
    gets SIGTERM: its health turns NOT_SERVING for the server and MatchService, new calls are
    refused, and it waits; once the rules service resumes, the move commits, its caller gets
    the answer, and the orchestrator logs "stopped" and exits 0 within its grace period."""
    with (
        start_rules_service("galileo") as rules,
        start_orchestrator(
            redis_server.url, rules.address, PLAYHALL_GRACE_SECONDS=str(GRACE_S)
        ) as leaving,
        grpc.insecure_channel(leaving.address) as channel,
    ):
        lobby = MatchClient(channel, timeout_s=2 * GRACE_S)
        created = lobby.create("galileo", human_seats(2))
        match_id = created.match.match_id
        seat0 = seat_clients([channel], created, lobby.timeout_s)[0]
        move = moves_as_any(seat0.get(match_id).legal_moves)[0]
        health = health_pb2_grpc.HealthStub(channel)
        watches = [
            health.Watch(health_pb2.HealthCheckRequest(service=name), timeout=15)
            for name in ("", MATCH_SERVICE)
        ]
        assert [next(watch).status for watch in watches] == [SERVING, SERVING]

        os.kill(rules.proc.pid, signal.SIGSTOP)
        try:
            with ThreadPoolExecutor(1) as pool:
                in_flight = pool.submit(seat0.submit, match_id, move, 0)
                wait_until(lambda: calls_in_flight(leaving, "SubmitMove") == 1, TIMEOUT, "a move")
                leaving.proc.send_signal(signal.SIGTERM)
                assert [next(watch).status for watch in watches] == [NOT_SERVING, NOT_SERVING]
                for watch in watches:
                    watch.cancel()
                request = health_pb2.HealthCheckRequest(service="")
                refused = refusal(health.Check, request, timeout=TIMEOUT)
                assert refused.code() == grpc.StatusCode.UNAVAILABLE, refused
                assert leaving.proc.poll() is None, "it did not wait for the move in flight"
                os.kill(rules.proc.pid, signal.SIGCONT)
                assert in_flight.result(timeout=GRACE_S).version == 1
        finally:
            os.kill(rules.proc.pid, signal.SIGCONT)
        assert leaving.proc.wait(timeout=GRACE_S) == 0
    assert leaving.wait_for_log('"msg": "shutting down"', timeout=1)
    assert leaving.wait_for_log('"msg": "stopped"', timeout=1)
    assert not any('"level": "error"' in line for line in leaving.log_lines)

    history = spectator.history(match_id)
    assert [(c.version, acting_seat(c)) for c in history.changes] == [(0, None), (1, 0)]


# -- reflection ---------------------------------------------------------------------------------


def test_reflection_lists_match_service_and_health_and_describes_match_service(channel_a):
    """Server reflection (grpc_reflection.v1alpha) lists MatchService and the health service,
    and serves MatchService's file with every method the contract defines."""
    stub = reflection_pb2_grpc.ServerReflectionStub(channel_a)

    def reflect(**request) -> reflection_pb2.ServerReflectionResponse:
        requests = iter([reflection_pb2.ServerReflectionRequest(**request)])
        (response,) = list(stub.ServerReflectionInfo(requests, timeout=TIMEOUT))
        assert not response.HasField("error_response"), response.error_response
        return response

    listed = reflect(list_services="").list_services_response.service
    described = reflect(file_containing_symbol=MATCH_SERVICE).file_descriptor_response
    assert {MATCH_SERVICE, HEALTH_SERVICE} <= {service.name for service in listed}
    protos = [FileDescriptorProto.FromString(f) for f in described.file_descriptor_proto]
    (service,) = [s for f in protos for s in f.service if s.name == "MatchService"]
    contract = pb.DESCRIPTOR.services_by_name["MatchService"].methods
    assert {m.name for m in service.method} == {m.name for m in contract}


# -- settings -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "missing",
    [
        "REDIS_URL",
        "PLAYHALL_WORKER_CREDENTIAL",
        "PLAYHALL_GATEWAY_CREDENTIAL",
        "PLAYHALL_RULES_GALILEO",
    ],
)
def test_a_missing_required_setting_stops_it_at_once_naming_the_setting(
    missing, redis_server, galileo_rules
):
    """Started with every required setting but one (none inherited from this environment), the
    orchestrator exits at once with a non-zero code and one line naming the missing setting,
    not a traceback and not a server."""
    inherited = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("PLAYHALL_") and name not in ("REDIS_URL", "CELERY_BROKER_URL")
    }
    settings = orchestrator_env(
        redis_server.url,
        {"galileo": galileo_rules.address},
        WORKER_CREDENTIAL,
        gateway_credential=GATEWAY_CREDENTIAL,
    )
    del settings[missing]
    started = time.monotonic()
    try:
        exited = subprocess.run(
            [sys.executable, "-m", "playhall.orchestrator", "--port", "0", "--metrics-port", "0"],
            env={**inherited, **settings},
            capture_output=True,
            text=True,
            timeout=15,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"without {missing} the orchestrator started instead of refusing to")
    assert exited.returncode != 0
    assert missing in exited.stderr
    assert "Traceback" not in exited.stderr and '"serving"' not in exited.stderr
    assert time.monotonic() - started < 10


# -- rules service replicas ---------------------------------------------------------------------


def test_apply_move_calls_are_balanced_round_robin_over_both_rules_replicas(redis_server):
    """With PLAYHALL_RULES_GALILEO listing two rules service replicas, the moves of one match
    are applied by both of them (pick_first would send every call to the first), and each move
    by exactly one."""
    moves = 20
    with (
        start_rules_service("galileo") as first,
        start_rules_service("galileo") as second,
        start_orchestrator(redis_server.url, f"{first.address},{second.address}") as balancing,
        grpc.insecure_channel(balancing.address) as channel,
    ):
        lobby = MatchClient(channel, timeout_s=TIMEOUT)
        play_first_legal_moves(lobby, lobby.create("galileo", human_seats(2)), moves)
        served = [apply_moves_served(first), apply_moves_served(second)]
    assert sum(served) == moves
    assert min(served) >= moves // 4, f"ApplyMove calls per replica: {served}"


# -- the clock with two live replicas -----------------------------------------------------------


@pytest.fixture
def private_redis():
    """A Redis of this test's own: no other orchestrator scans its clocks."""
    with EmbeddedRedis(appendonly=True) as server:
        yield server


def test_clock_forfeit_with_two_live_replicas_hands_a_3_player_seat_to_a_bot_once(
    private_redis, galileo_rules
):
    """Two live replicas scan the clock of a 3-player match; seats 0 and 1 pick (one through
    each replica) and seat 2 lets the 2 s turn run out. The forfeit is committed once, by one
    replica: seat 2 is a random bot's from then on, and seats 0 and 1 play on."""
    with ThreadPoolExecutor(2) as pool:
        replicas = list(
            pool.map(
                lambda _: start_orchestrator(private_redis.url, galileo_rules.address), range(2)
            )
        )
    with (
        replicas[0],
        replicas[1],
        grpc.insecure_channel(replicas[0].address) as a,
        grpc.insecure_channel(replicas[1].address) as b,
    ):
        clock = pb.Clock(seconds_per_turn=2, on_timeout=pb.TIMEOUT_ACTION_FORFEIT)
        created = MatchClient(a, timeout_s=TIMEOUT).create("galileo", human_seats(3), clock=clock)
        match_id, deadline_ms = created.match.match_id, created.match.deadline_unix_ms
        seats = seat_clients([a, b], created)  # seat 0 through replica A, seat 1 through B
        for client in (seats[0], seats[1]):
            seen = client.get(match_id)
            client.submit(match_id, moves_as_any(seen.legal_moves)[0], seen.match.version)
        assert time.time() * 1000 < deadline_ms, "the picks came after the deadline"

        spectator = MatchClient(b, timeout_s=TIMEOUT)
        wait_until(
            lambda: spectator.get(match_id).match.seats[2].resigned,
            deadline_ms / 1000 - time.time() + 3,
            "the forfeit",
            service=replicas[0],
        )
        time.sleep(0.5)  # room for a second, wrong, commit of the same expiry
        history = spectator.history(match_id)
        assert all(replica.proc.poll() is None for replica in replicas), "a replica died"
        forfeited = sum(
            metric(scrape(r.metrics_port), "playhall_seats_left_total", reason="forfeited")
            for r in replicas
        )
    changes = [(c.version, acting_seat(c), c.end_reason) for c in history.changes]
    assert changes == [(0, None, 0), (1, 0, 0), (2, 1, 0), (3, None, 0)]
    assert history.changes[-1].committed_unix_ms >= deadline_ms
    assert forfeited == 1, "the forfeit was not committed by exactly one replica"
    match = history.match
    assert match.phase == pb.MATCH_PHASE_RUNNING and not match.winners
    assert [seat.kind for seat in match.seats] == [pb.SEAT_KIND_HUMAN] * 2 + [pb.SEAT_KIND_BOT]
    assert match.seats[2].bot_level == pb.BOT_LEVEL_RANDOM
