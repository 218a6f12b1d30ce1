"""The fixtures of the orchestrator's integration tests: the two replicas on the session's Redis
(A is the session orchestrator, B is started once per test module), their channels, the rules
service's stub and a spectator. The helpers are in `tests/helpers.py`."""

from __future__ import annotations

import grpc
import pytest

from playhall.client import MatchClient
from playhall.rules.v1 import rules_service_pb2_grpc
from tests.helpers import TIMEOUT, start_orchestrator


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
