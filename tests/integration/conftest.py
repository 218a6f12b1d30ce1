"""What the orchestrator's integration tests share: the two replicas on the session's Redis (A is
the session orchestrator, B is started once per test module), their channels and a spectator,
and the helpers that build Galileo moves and race or refuse calls."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from google.protobuf import any_pb2

from playhall.client import MatchClient
from playhall.core.wire import pack, unpack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as pb
from playhall.rules.v1 import rules_service_pb2_grpc
from tests.conftest import start_orchestrator

TITLE = "galileo"
TIMEOUT = 5.0
"""The deadline of every unary call, so a hung server fails a test instead of hanging it."""


@pytest.fixture(scope="module")
def channel_a(orchestrator):
    with grpc.insecure_channel(orchestrator.address) as channel:
        grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
        yield channel


@pytest.fixture(scope="module")
def replica_b(redis_server, galileo_rules):
    """A second orchestrator process on the same Redis and rules service."""
    with start_orchestrator(redis_server.url, galileo_rules.address) as service:
        yield service


@pytest.fixture(scope="module")
def channel_b(replica_b):
    with grpc.insecure_channel(replica_b.address) as channel:
        grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
        yield channel


@pytest.fixture(scope="module")
def rules_stub(galileo_rules) -> rules_service_pb2_grpc.RulesServiceStub:
    """The session's Galileo rules service, called directly."""
    with grpc.insecure_channel(galileo_rules.address) as channel:
        yield rules_service_pb2_grpc.RulesServiceStub(channel)


@pytest.fixture(scope="module")
def spectator(channel_a) -> MatchClient:
    return MatchClient(channel_a, timeout_s=TIMEOUT)


def seat_clients(
    channels: list[grpc.Channel], created: pb.CreateMatchResponse, timeout_s: float = TIMEOUT
) -> dict[int, MatchClient]:
    """One client per seat token of a new match; seat s talks to channels[s % len(channels)]."""
    return {
        t.seat: MatchClient(channels[t.seat % len(channels)], t.token, timeout_s=timeout_s)
        for t in created.tokens
    }


def view_of(response) -> gal.View:
    return unpack(response.view, gal.View, "view")


def pick(scientist: int) -> any_pb2.Any:
    return pack(gal.Move(pick=gal.Pick(scientist=scientist)))


def take(experiment: int) -> any_pb2.Any:
    return pack(gal.Move(take=gal.TakeExperiment(experiment=experiment)))


def refusal(call: Callable, *args, **kwargs) -> grpc.RpcError:
    """The error `call` fails with; fails the test if it succeeds."""
    with pytest.raises(grpc.RpcError) as caught:
        call(*args, **kwargs)
    return caught.value


def assert_refused(code: grpc.StatusCode, call: Callable, *args) -> str:
    error = refusal(call, *args)
    assert error.code() == code, error.details()
    return error.details()


def race(*calls: Callable[[], object], stagger: float = 0.0) -> list[object]:
    """Runs the calls at the same moment (call i `i * stagger` seconds later); each result is
    a response or the RpcError raised."""
    barrier = threading.Barrier(len(calls))

    def run(numbered):
        number, call = numbered
        barrier.wait(TIMEOUT)
        time.sleep(number * stagger)
        try:
            return call()
        except grpc.RpcError as error:
            return error

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, enumerate(calls)))


def split(results: list[object]) -> tuple[list[pb.SubmitMoveResponse], list[grpc.RpcError]]:
    """The answers and the refusals of raced calls."""
    won = [r for r in results if isinstance(r, pb.SubmitMoveResponse)]
    lost = [r for r in results if isinstance(r, grpc.RpcError)]
    assert len(won) + len(lost) == len(results), results
    return won, lost
