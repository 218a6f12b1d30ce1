"""The orchestrator's Redis client: pools that make callers wait rather than fail, and every
failure of the storage itself raised as a redis-py error, so that the servicer's one mapping
(`STORAGE_UNAVAILABLE` is UNAVAILABLE) holds whatever the storage does.

Two failures escaped redis-py's own errors before, both seen when connections are closed under
commands (a failover, a `CLIENT KILL`): a Cluster client closes every connection of a node it
gives up on, including connections another task has just taken from the pool, and that task's
write then met either uvloop's closed transport (`RuntimeError: unable to perform operation on
<TCPTransport closed=True>; the handler is closed`) or no writer at all (`AttributeError`).
The connections of `WRITES_ONLY_WHEN_OPEN` refuse that write with a `redis.ConnectionError`,
which redis-py retries like any dropped connection. And a Cluster client that cannot learn the
cluster's layout (every node it knows is down, or no master serves a slot yet) raises
`RedisClusterException`, which is not a `redis.RedisError`; `BoundedRedisCluster` raises
`ClusterUnreachable` (a `redis.ConnectionError`) instead."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
from collections.abc import Iterable
from typing import Any

import redis
import redis.asyncio
import redis.asyncio.cluster
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import (
    AskError,
    ClusterError,
    ReadOnlyError,
    SlotNotCoveredError,
    TryAgainError,
)

REDIS_TIMEOUTS = {"health_check_interval": 30, "socket_timeout": 10, "socket_connect_timeout": 2}
"""Above the 1 s blocking reads of WatchMatch, so a dead connection never hangs a call; a short
connect timeout, so a restarted Redis is found again within a second or two."""
CLIENT_NAME = f"playhall-orchestrator-{os.getpid()}"
"""The name of each of this process's Redis connections (CLIENT LIST counts them)."""


class ClusterUnreachable(redis.ConnectionError):
    """The Cluster client could not learn which node serves which slot."""


STORAGE_UNAVAILABLE = (
    redis.ConnectionError,
    redis.TimeoutError,
    ClusterError,
    TryAgainError,
    ReadOnlyError,
    AskError,
)
"""The errors of a storage that is unreachable, failing over or resharding for a moment: a
connection closed, reset, refused or timed out (`ClusterUnreachable` among them), CLUSTERDOWN
or MASTERDOWN, redirections past the client's limit (MOVED, ASK, TRYAGAIN), a write that reached
a master just demoted to a replica (READONLY). A call failing with one of them may be sent again
as it was; any other `redis.RedisError` is a fault."""


class _WritesOnlyWhenOpen(AbstractConnection):
    """A connection whose write fails as a dropped connection (`redis.ConnectionError`) when
    another task closed it after this one took it from the pool."""

    async def _send_packed_command(self, command: Iterable[bytes]) -> None:
        # No await between the check and the write: nothing can close the writer in between.
        writer = self._writer
        if writer is None or writer.transport.is_closing():
            raise redis.ConnectionError("The connection was closed before the command was sent")
        writer.writelines(command)
        await writer.drain()


class _TcpConnection(_WritesOnlyWhenOpen, redis.asyncio.Connection):
    pass


class _UnixConnection(_WritesOnlyWhenOpen, redis.asyncio.UnixDomainSocketConnection):
    pass


class _TlsConnection(_WritesOnlyWhenOpen, redis.asyncio.SSLConnection):
    pass


WRITES_ONLY_WHEN_OPEN: dict[type, type] = {
    redis.asyncio.Connection: _TcpConnection,
    redis.asyncio.UnixDomainSocketConnection: _UnixConnection,
    redis.asyncio.SSLConnection: _TlsConnection,
}
"""The connection class of each kind of URL (redis://, unix://, rediss://), and ours for it."""


_HOLDING: contextvars.ContextVar[bool] = contextvars.ContextVar("holding", default=False)


@contextlib.contextmanager
def _unserved_slots_as_connection_errors():
    """A slot no master serves (after the client's own retries) as `ClusterUnreachable`; any
    other `RedisClusterException` of a command (no key, keys in several slots) is a bug and
    stays what it is."""
    try:
        yield
    except SlotNotCoveredError as error:
        raise ClusterUnreachable(str(error)) from error


class BoundedRedisCluster(redis.asyncio.RedisCluster):
    """A cluster client whose callers wait for a free connection, as on the single Redis's
    blocking pool: at most `max_connections` commands or pipelines at once over the whole
    cluster, so no node's pool (which refuses rather than waits) is ever exhausted. Its nodes'
    connections write only when open (`WRITES_ONLY_WHEN_OPEN`); a layout it cannot learn is
    `ClusterUnreachable`."""

    def __init__(self, *, max_connections: int = 64, **kwargs: Any):
        # By keyword only, as `from_url` builds it.
        super().__init__(max_connections=max_connections + 1, **kwargs)
        self._in_flight = asyncio.Semaphore(max_connections)
        # RedisCluster takes no connection class: every node it finds later is built from
        # `connection_kwargs`; the startup nodes exist already.
        ours = WRITES_ONLY_WHEN_OPEN[self.connection_kwargs["connection_class"]]
        self.connection_kwargs["connection_class"] = ours
        for node in self.nodes_manager.startup_nodes.values():
            node.connection_class = ours

    async def initialize(self, *args, **kwargs):
        try:
            return await super().initialize(*args, **kwargs)
        except redis.RedisClusterException as error:  # no node reachable, slots not covered
            raise ClusterUnreachable(f"The Redis Cluster's layout is unknown: {error}") from error

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
            with _unserved_slots_as_connection_errors():
                return await super().execute_command(*args, **kwargs)

    def pipeline(self, transaction=None, shard_hint=None):
        if shard_hint:
            raise redis.RedisClusterException("shard_hint is deprecated in cluster mode")
        # redis-py declares `_event_dispatcher` abstract on the pipeline's base and sets it in
        # its `__init__`, as for the ClusterPipeline its own `pipeline` builds.
        return _BoundedPipeline(self, transaction)  # type: ignore[abstract]


class _BoundedPipeline(redis.asyncio.cluster.ClusterPipeline):
    def __init__(self, client: BoundedRedisCluster, transaction: bool | None = None):
        super().__init__(client, transaction)
        self._bounded = client

    async def execute(self, *args, **kwargs):
        async with self._bounded.held():
            with _unserved_slots_as_connection_errors():
                return await super().execute(*args, **kwargs)


class WaitingConnectionPool(redis.asyncio.BlockingConnectionPool):
    """A blocking pool (a caller finding all `max_connections` busy waits for one, up to
    `timeout`) whose usual case is cheap: while nobody waits, an idle connection is taken and
    given back directly, checked as the pool checks it, without the pool's condition, timer
    and bookkeeping, which took about a quarter of redis-py's CPU per command (two commands a
    move). With nothing idle, or someone waiting, it is the blocking pool itself."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._waiting = 0
        """Callers in the blocking pool's own `get_connection`, which a release must wake."""

    async def get_connection(self, *args, **kwargs):
        if not self._available_connections or self._waiting:
            self._waiting += 1
            try:
                return await super().get_connection(*args, **kwargs)
            finally:
                self._waiting -= 1
        connection = self._available_connections.pop()
        self._in_use_connections.add(connection)
        try:
            await self.ensure_connection(connection)
        except BaseException:
            await self.release(connection)
            raise
        return connection

    async def release(self, connection):
        if self._waiting or connection.should_reconnect():
            await super().release(connection)
            return
        self._in_use_connections.remove(connection)
        self._available_connections.append(connection)


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
    pool = WaitingConnectionPool.from_url(
        url, max_connections=max_connections, timeout=10, client_name=CLIENT_NAME, **REDIS_TIMEOUTS
    )
    # The URL chose the class (TCP, unix socket or TLS): ours of the same kind.
    pool.connection_class = WRITES_ONLY_WHEN_OPEN[pool.connection_class]
    return redis.asyncio.Redis(connection_pool=pool)


# -- replies -----------------------------------------------------------------------------------
# These clients decode no reply (no `decode_responses`), so every string in one is bytes. What
# redis-py's types say a command answers cannot know that: they allow str too, and for a sorted
# set's members, the pairs `withscores` would give.


def as_bytes(reply: object) -> bytes:
    """A string reply, as it came."""
    if not isinstance(reply, bytes):
        raise TypeError(f"a Redis reply of {type(reply).__name__} where a string was expected")
    return reply


def as_text(reply: object) -> str:
    """A string reply as text."""
    return as_bytes(reply).decode()


def as_texts(replies: Iterable[object]) -> list[str]:
    """The strings of an array reply (a sorted set's members, say) as text."""
    return [as_bytes(reply).decode() for reply in replies]


def as_scored(replies: Iterable[object]) -> list[tuple[str, float]]:
    """A sorted set's members as text with their scores (a reply `withscores`)."""
    scored = []
    for reply in replies:
        match reply:
            case (member, float() as score):
                scored.append((as_text(member), score))
            case _:
                raise TypeError(f"a Redis reply of {reply!r} where (member, score) was expected")
    return scored
