"""What the tests and the benchmarks share of a stack: the credentials its processes trust, a
client's deadline, starting an orchestrator or an archiver for them, and where their matches
are kept (one Redis or a Redis Cluster)."""

from __future__ import annotations

from dataclasses import dataclass, field

import redis

from dev import process
from dev.process import ServiceProcess, orchestrator_env

WORKER_CREDENTIAL = "test-worker-credential"
GATEWAY_CREDENTIAL = "test-gateway-credential"
TIMEOUT = 5.0
"""The deadline of every unary call, so a hung server fails a test instead of hanging it."""


def start_orchestrator(
    redis_url: str, rules_address: str, port: int = 0, **extra: str
) -> ServiceProcess:
    """An orchestrator of the Galileo rules service at `rules_address` on `port` (0 picks a
    free one), with the testing flag, a fast housekeeping sweep and no rate limits (every
    test calls from one address; the limits' own tests turn them on), then `extra` settings."""
    env = orchestrator_env(
        redis_url,
        {"galileo": rules_address},
        WORKER_CREDENTIAL,
        testing=True,
        gateway_credential=GATEWAY_CREDENTIAL,
        **{"PLAYHALL_SWEEP_INTERVAL_S": "0.1", "PLAYHALL_RATE_LIMITS": "0", **extra},
    )
    return process.start_orchestrator(env, port=port)


def start_archiver(redis_url: str, database_url: str, **extra: str) -> ServiceProcess:
    """An archiver of the orchestrators on `redis_url` into `database_url`, looking at the
    outbox every 50 ms, then `extra` settings."""
    env = {
        "REDIS_URL": redis_url,
        "PLAYHALL_DATABASE_URL": database_url,
        "PLAYHALL_ARCHIVE_INTERVAL_S": "0.05",
        "PLAYHALL_METRICS_PORT": "0",
        **extra,
    }
    return ServiceProcess("playhall.archive.archiver", env=env)


@dataclass
class Backend:
    """Where the orchestrators of a test keep matches: the session's single Redis ("redis")
    or its Redis Cluster ("cluster", with WAIT for one replica per commit, and the single Redis
    as the Celery broker, which a Cluster cannot be)."""

    name: str
    url: str
    env: dict[str, str] = field(default_factory=dict)
    cluster: object = None

    def client(self) -> redis.Redis | redis.RedisCluster:
        """A synchronous client of the same storage."""
        if self.cluster is not None:
            return self.cluster.client()  # type: ignore[attr-defined]
        return redis.Redis.from_url(self.url)

    def servers(self) -> list[redis.Redis]:
        """A synchronous client of each Redis server of the storage (each node of a cluster)."""
        if self.cluster is not None:
            return [node.client() for node in self.cluster.nodes]  # type: ignore[attr-defined]
        return [redis.Redis.from_url(self.url)]

    def start_orchestrator(self, rules_address: str, port: int = 0, **extra: str) -> ServiceProcess:
        return start_orchestrator(self.url, rules_address, port, **{**self.env, **extra})


def cluster_backend(cluster, broker_url: str) -> Backend:
    return Backend(
        "cluster",
        cluster.url,
        {
            "PLAYHALL_REDIS_CLUSTER": "1",
            "PLAYHALL_REDIS_WAIT_REPLICAS": "1",
            "CELERY_BROKER_URL": broker_url,
        },
        cluster,
    )
