"""Shared fixtures: real services in their own processes, on a private Redis server."""

from __future__ import annotations

import grpc
import pytest

from playhall.common.process import ServiceProcess, start_rules_service
from playhall.common.redis_server import EmbeddedRedis
from playhall.match.v1 import match_service_pb2_grpc

WORKER_CREDENTIAL = "test-worker-credential"


@pytest.fixture(scope="session")
def redis_server():
    """A private redis-server (AOF on, fsync always) for the whole session."""
    with EmbeddedRedis(appendonly=True) as server:
        yield server


@pytest.fixture(scope="session")
def galileo_rules():
    with start_rules_service("galileo") as service:
        yield service


def orchestrator_env(redis_url: str, rules_address: str, **extra: str) -> dict[str, str]:
    return {
        "REDIS_URL": redis_url,
        "PLAYHALL_RULES_GALILEO": rules_address,
        "PLAYHALL_WORKER_CREDENTIAL": WORKER_CREDENTIAL,
        "PLAYHALL_TESTING": "1",
        "PLAYHALL_SWEEP_INTERVAL_S": "0.1",
        **extra,
    }


def start_orchestrator(redis_url: str, rules_address: str, **extra: str) -> ServiceProcess:
    return ServiceProcess(
        "playhall.orchestrator",
        ["--port", "0", "--metrics-port", "0"],
        orchestrator_env(redis_url, rules_address, **extra),
    )


@pytest.fixture(scope="session")
def orchestrator(redis_server, galileo_rules):
    with start_orchestrator(redis_server.url, galileo_rules.address) as service:
        yield service


@pytest.fixture(scope="session")
def match_stub(orchestrator):
    with grpc.insecure_channel(orchestrator.address) as channel:
        yield match_service_pb2_grpc.MatchServiceStub(channel)
