"""Builds the orchestrator from its settings: `python -m playhall.orchestrator`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import logging
import os
import time

import redis
import redis.asyncio
import redis.asyncio.cluster
import uvloop
from prometheus_client import REGISTRY

from playhall.common import logs, tracing
from playhall.common.metrics import start_metrics_server
from playhall.common.server import AsyncService, create_async_server, wait_for_signal
from playhall.common.settings import SettingsError, add_flags, variables
from playhall.match.v1 import match_service_pb2, match_service_pb2_grpc
from playhall.orchestrator import matches
from playhall.orchestrator.bot_scheduler import BotScheduler
from playhall.orchestrator.commits import Commits
from playhall.orchestrator.housekeeping import Housekeeper
from playhall.orchestrator.metrics import ActiveMatchesCollector, initialize_series
from playhall.orchestrator.rules_client import RulesClients
from playhall.orchestrator.servicer import MatchServicer
from playhall.orchestrator.settings import Settings
from playhall.orchestrator.store import MatchStore
from playhall.orchestrator.watchers import WatchHub
from playhall.players import database
from playhall.players.archive import Archive

log = logging.getLogger("playhall.orchestrator")
SERVICE_NAME = match_service_pb2.DESCRIPTOR.services_by_name["MatchService"].full_name


REDIS_TIMEOUTS = {"health_check_interval": 30, "socket_timeout": 10, "socket_connect_timeout": 2}
CLIENT_NAME = f"playhall-orchestrator-{os.getpid()}"
"""The name of each of this process's Redis connections (CLIENT LIST counts them)."""
"""Above the 1 s blocking reads of WatchMatch, so a dead connection never hangs a call; a short
connect timeout, so a restarted Redis is found again within a second or two."""


_HOLDING: contextvars.ContextVar[bool] = contextvars.ContextVar("holding", default=False)


class BoundedRedisCluster(redis.asyncio.RedisCluster):
    """A cluster client whose callers wait for a free connection, as on the single Redis's
    blocking pool: at most `max_connections` commands or pipelines at once over the whole
    cluster, so no node's pool (which refuses rather than waits) is ever exhausted."""

    def __init__(self, *args, max_connections: int = 64, **kwargs):
        super().__init__(*args, max_connections=max_connections + 1, **kwargs)
        self._in_flight = asyncio.Semaphore(max_connections)

    @contextlib.asynccontextmanager
    async def held(self):
        if _HOLDING.get():  # a pipeline's own retries, in the task that holds a slot
            yield
            return
        async with self._in_flight:
            token = _HOLDING.set(True)
            try:
                yield
            finally:
                _HOLDING.reset(token)

    async def execute_command(self, *args, **kwargs):
        async with self.held():
            return await super().execute_command(*args, **kwargs)

    def pipeline(self, transaction=None, shard_hint=None):
        if shard_hint:
            raise redis.RedisClusterException("shard_hint is deprecated in cluster mode")
        return _BoundedPipeline(self, transaction)


class _BoundedPipeline(redis.asyncio.cluster.ClusterPipeline):
    async def execute(self, *args, **kwargs):
        async with self.cluster_client.held():
            return await super().execute(*args, **kwargs)


def redis_client(
    url: str, max_connections: int, cluster: bool = False
) -> redis.asyncio.Redis | redis.asyncio.RedisCluster:
    """A client whose pool holds at most `max_connections`; a call finding all of them busy
    waits for one (up to the socket timeout) instead of failing. On a Redis Cluster, a client
    that finds the nodes from the one in `url`, with at most `max_connections` per node (a
    cluster node's pool refuses rather than waits when all are busy)."""
    if cluster:
        return BoundedRedisCluster.from_url(
            url, max_connections=max_connections, client_name=CLIENT_NAME, **REDIS_TIMEOUTS
        )
    pool = redis.asyncio.BlockingConnectionPool.from_url(
        url, max_connections=max_connections, timeout=10, client_name=CLIENT_NAME, **REDIS_TIMEOUTS
    )
    return redis.asyncio.Redis(connection_pool=pool)


def build_matches(settings: Settings) -> matches.Matches:
    """The domain and its clients, on the running event loop."""
    # Watchers hold no connection while they wait: the watch hub's one pub/sub connection
    # wakes them all (`watchers.py`), which the pool has on top of every other call's.
    store = MatchStore(
        redis_client(
            settings.redis_url,
            # On a cluster the hub's connection is a client of its own.
            settings.redis_max_connections + (0 if settings.redis_cluster else 1),
            settings.redis_cluster,
        ),
        request_ttl_s=settings.request_ttl_s,
        wait_replicas=settings.redis_wait_replicas,
        wait_timeout_ms=settings.redis_wait_timeout_ms,
    )
    rules = RulesClients(settings.rules, game_info_ttl_s=settings.game_info_ttl_s)
    hub = WatchHub(store, max_reads=max(settings.redis_max_connections // 4, 1))
    archive = Archive(database.pool(settings.database_url)) if settings.database_url else None
    commits = Commits(store, rules, settings, BotScheduler(settings.broker_url))
    return matches.Matches(commits, hub, archive)


async def create_server(
    settings: Settings,
) -> tuple[AsyncService, MatchServicer, matches.Matches]:
    """Starts the gRPC server (not yet SERVING); returns it, its servicer and the domain."""
    domain = build_matches(settings)
    servicer = MatchServicer(
        domain,
        max_watch_streams=settings.max_watch_streams,
        max_anonymous_watch_streams_per_address=settings.max_anonymous_watch_streams_per_address,
    )
    service = await create_async_server(
        [(match_service_pb2_grpc.add_MatchServiceServicer_to_server, servicer, SERVICE_NAME)],
        port=settings.port,
        host=settings.host,
    )
    return service, servicer, domain


async def serve(settings: Settings) -> None:
    """Serves until SIGTERM or SIGINT, then stops gracefully."""
    metrics_port = start_metrics_server(settings.metrics_port, settings.metrics_host)
    service, servicer, domain = await create_server(settings)
    await domain.store.redis.ping()
    if domain.archive is not None:
        # Ready only once the archive answers: an archived match is read from it.
        if settings.database_migrate:
            await asyncio.to_thread(database.migrate, settings.database_url)
        await domain.archive.pool.open(wait=True)
    initialize_series(sorted(settings.rules))
    REGISTRY.register(
        ActiveMatchesCollector(domain.store, sorted(settings.rules), asyncio.get_running_loop())
    )
    housekeeper = Housekeeper(
        domain.commits, settings.sweep_interval_s, settings.lobby_repair_interval_s
    )
    housekeeper.start()
    domain.watchers.start()
    await service.mark_serving()
    log.info(
        "serving",
        extra={
            "port": service.port,
            "metrics_port": metrics_port,
            "titles": sorted(settings.rules),
        },
    )
    await wait_for_signal()
    # One budget of `grace_seconds` for everything: calls in flight, changes whose callers went
    # away, and the housekeeping pass in progress.
    deadline = time.monotonic() + settings.grace_seconds
    await service.stop(settings.grace_seconds)
    await servicer.drain(max(deadline - time.monotonic(), 0))
    await housekeeper.stop(max(deadline - time.monotonic(), 0))
    await domain.watchers.stop()
    await domain.rules.close()
    await domain.store.redis.aclose()
    if domain.archive is not None:
        await domain.archive.pool.close()
    tracing.shutdown()
    log.info("stopped")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.orchestrator",
        description="Serve playhall.match.v1.MatchService. Needs REDIS_URL, "
        "PLAYHALL_WORKER_CREDENTIAL and PLAYHALL_RULES_<TITLE> for each served title.",
        epilog="Environment: " + ", ".join(variables(Settings)) + ".",
    )
    add_flags(parser, Settings, ["port", "metrics_port"])
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env(vars(args))
    except SettingsError as error:
        parser.exit(2, f"playhall.orchestrator: {error}\n")
    logs.configure("orchestrator", settings.log_level)
    tracing.configure("orchestrator", celery=True)
    # uvloop: the event loop in C, about 15 % less CPU per move than asyncio's own (measured
    # with `bench.orchestrator`).
    uvloop.run(serve(settings))
