"""The fixtures of the orchestrator's integration tests: the two replicas on the session's Redis
(A is the session orchestrator, B is started once per test module), their channels, the rules
service's stub and a spectator; for a module with orchestrators of its own, the issuer they
trust, a fresh archive and `started_hall`, which starts them. The helpers are in
`tests/helpers.py`.

A module that sets `BACKENDS = ["redis", "cluster"]` runs each of its tests on both: the
`backend` fixture is then the session's single Redis or its Redis Cluster, and replicas A and B
are started on the cluster for that module."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

import grpc
import pytest

from dev.process import ServiceProcess
from dev.redis_server import EmbeddedRedis
from dev.testbed import TIMEOUT, Backend, cluster_backend
from playhall.archive import database
from playhall.common.brokers import broker_url_of
from playhall.match_client import MatchClient
from playhall.rules.v1 import rules_service_pb2_grpc
from tests.helpers import PlayerIssuer, fresh_database


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


@pytest.fixture(scope="module")
def issuer() -> PlayerIssuer:
    """The OIDC issuer this module's orchestrators trust (its players' tokens)."""
    return PlayerIssuer()


@pytest.fixture(scope="module")
def archive_url(postgres_server) -> str:
    """A fresh, migrated PostgreSQL archive of this module's own."""
    url = fresh_database(postgres_server)
    database.migrate(url)
    return url


@dataclass
class Hall:
    """Orchestrator replicas started for a module, each with a ready channel (same order)."""

    redis_url: str
    replicas: list[ServiceProcess]
    channels: list[grpc.Channel]


@contextlib.contextmanager
def started_hall(
    rules_address: str,
    issuer: PlayerIssuer,
    *,
    backend: Backend | None = None,
    database_url: str | None = None,
    replicas: int = 1,
    **settings: str,
) -> Iterator[Hall]:
    """`replicas` orchestrators (`Backend.start_orchestrator`) of the rules service at
    `rules_address` that trust `issuer`, on `backend` (a Redis of their own if None), keeping
    accounts in the archive at `database_url` if given (already migrated), then `settings`;
    each with a channel that is ready."""
    env = dict(issuer.env)
    if database_url is not None:
        env |= {"PLAYHALL_DATABASE_URL": database_url, "PLAYHALL_DATABASE_MIGRATE": "0"}
    env |= settings
    with contextlib.ExitStack() as stack:
        if backend is None:
            backend = Backend("redis", stack.enter_context(EmbeddedRedis()).url)
        processes = [
            stack.enter_context(backend.start_orchestrator(rules_address, **env))
            for _ in range(replicas)
        ]
        channels = [stack.enter_context(grpc.insecure_channel(p.address)) for p in processes]
        for channel in channels:
            grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
        yield Hall(backend.url, processes, channels)
