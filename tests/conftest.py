"""Session fixtures: real services in their own processes, on a private Redis server and a
private PostgreSQL. The helpers the tests share are in `tests/helpers.py`."""

from __future__ import annotations

import os

import pytest

from dev.postgres_server import EmbeddedPostgres
from dev.process import PORT_SHARE_ENV, start_rules_service
from dev.rabbitmq_server import EmbeddedRabbitMQ, rabbitmq_missing
from dev.redis_server import EmbeddedRedis, EmbeddedRedisCluster
from dev.testbed import start_orchestrator
from playhall.archive import database
from tests.helpers import fresh_database

if "PYTEST_XDIST_WORKER" in os.environ:
    # `make test` runs on several processes: each picks its servers' ports from its own share.
    os.environ[PORT_SHARE_ENV] = "{}/{}".format(
        os.environ["PYTEST_XDIST_WORKER"].removeprefix("gw"),
        os.environ["PYTEST_XDIST_WORKER_COUNT"],
    )


@pytest.fixture(scope="session")
def redis_server():
    """A private redis-server (AOF on, fsync always) for the whole session."""
    with EmbeddedRedis(appendonly=True) as server:
        yield server


@pytest.fixture(scope="session")
def postgres_server():
    """A private PostgreSQL (pgserver's binaries, fsync off: the tests never kill it) for the
    whole session, started the first time a test asks for it."""
    with EmbeddedPostgres(durable=False) as server:
        yield server


@pytest.fixture
def empty_database(postgres_server) -> str:
    """The URL of a new database without a schema, for one test."""
    return fresh_database(postgres_server)


@pytest.fixture
def database_url(empty_database) -> str:
    """The URL of a new database at the newest schema, for one test."""
    database.migrate(empty_database)
    return empty_database


@pytest.fixture(scope="session")
def redis_cluster():
    """A private Redis Cluster (3 masters, a replica each, on loopback ports) for the whole
    session, started the first time a test asks for it."""
    with EmbeddedRedisCluster() as cluster:
        yield cluster


@pytest.fixture(scope="session")
def rabbitmq():
    """A private RabbitMQ (Debian's rabbitmq-server on a free loopback port, its own node name,
    data, logs, cookie and epmd) for the whole session; the tests that need it are skipped,
    with the reason, where it is not installed."""
    missing = rabbitmq_missing()
    if missing:
        pytest.skip(f"RabbitMQ tests need rabbitmq-server: {missing}")
    with EmbeddedRabbitMQ() as server:
        yield server


@pytest.fixture(scope="session")
def galileo_rules():
    with start_rules_service("galileo") as service:
        yield service


@pytest.fixture(scope="session")
def orchestrator(redis_server, galileo_rules):
    with start_orchestrator(redis_server.url, galileo_rules.address) as service:
        yield service
