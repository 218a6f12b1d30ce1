"""The fixtures of the orchestrator's integration tests: the two replicas on the session's Redis
(A is the session orchestrator, B is started once per test module), their channels, the rules
service's stub and a spectator. The helpers are in `tests/helpers.py`.

A module that sets `BACKENDS = ["redis", "cluster"]` runs each of its tests on both: the
`backend` fixture is then the session's single Redis or its Redis Cluster, and replicas A and B
are started on the cluster for that module."""

from __future__ import annotations

import grpc
import pytest

from dev.testbed import TIMEOUT, Backend, cluster_backend
from playhall.common.brokers import broker_url_of
from playhall.match_client import MatchClient
from playhall.rules.v1 import rules_service_pb2_grpc


def pytest_generate_tests(metafunc):
    backends = getattr(metafunc.module, "BACKENDS", None)
    if backends and "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", backends, indirect=True, scope="module")


@pytest.fixture(scope="module")
def backend(request, redis_server) -> Backend:
    """The storage of this module's orchestrators ("redis" unless the module asks for more)."""
    name = getattr(request, "param", "redis")
    if name == "cluster":
        return cluster_backend(
            request.getfixturevalue("redis_cluster"), broker_url_of(redis_server.url)
        )
    return Backend("redis", redis_server.url)


@pytest.fixture(scope="module")
def replica_a(request, backend, galileo_rules):
    """Replica A: the session orchestrator on the single Redis, one of this module's on the
    cluster."""
    if backend.name == "redis":
        yield request.getfixturevalue("orchestrator")
        return
    with backend.start_orchestrator(galileo_rules.address) as service:
        yield service


@pytest.fixture(scope="module")
def channel_a(replica_a):
    with grpc.insecure_channel(replica_a.address) as channel:
        grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
        yield channel


@pytest.fixture(scope="module")
def replica_b(backend, galileo_rules):
    """A second orchestrator process on the same storage and rules service."""
    with backend.start_orchestrator(galileo_rules.address) as service:
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
