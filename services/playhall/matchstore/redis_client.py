"""The orchestrator's Redis clients: callers wait for a free connection rather than fail, and
every failure of the storage itself is raised as a redis-py error, so that the servicer's one
mapping (`STORAGE_UNAVAILABLE` is UNAVAILABLE) holds whatever the storage does. Only
redis-py's public API is used: its connection classes' `send_packed_command`, its clients'
`execute_command`, `pipeline` and a pipeline's `execute`, which are overridden here, and the
public attributes that choose the connection class (`connection_class`, `connection_kwargs`).

Two failures escaped redis-py's own errors before, both seen when connections are closed under
commands (a failover, a `CLIENT KILL`): a Cluster client closes every connection of a node it
gives up on, including connections another task has just taken from the pool, and that task's
write then met either uvloop's closed transport (`RuntimeError: unable to perform operation on
<TCPTransport closed=True>; the handler is closed`) or no writer at all (`AttributeError`).
The connections of `WRITES_ONLY_WHEN_OPEN` raise those as a `redis.ConnectionError`, which
the Cluster client retries like any dropped connection (the single Redis's client retries
nothing: its connections keep redis-py's default `Retry` of none) and the servicer answers
UNAVAILABLE past the retries. And a Cluster client that cannot learn the cluster's layout
(every node it knows is down, or no master serves a slot yet) raises `RedisClusterException`,
which is not a `redis.RedisError`; `BoundedRedisCluster` raises `ClusterUnreachable` (a
`redis.ConnectionError`) instead.

Both clients bound their calls the same way (`InFlightLimit`): at most `max_connections`
commands or pipelines at once, the others waiting for one to end (up to
`WAIT_FOR_CONNECTION_S`), on pools of one connection more, for the one connection taken outside
the limit (the watch hub's pub/sub), so that a pool, which refuses rather than waits when all
its connections are busy, is never found full. redis-py's blocking pool would wait too, but its
condition, timer and bookkeeping took about a quarter of redis-py's CPU per command (two
commands a move); the limit's usual case is a semaphore's counter."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ParamSpec, TypeVar

import redis
import redis.asyncio
import redis.asyncio.client
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
WAIT_FOR_CONNECTION_S = 10.0
"""How long a call waits for one of the client's `max_connections` to be free before it fails
as a `redis.ConnectionError` (the storage unavailable), as redis-py's blocking pool did."""


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
    """A connection whose write, when another task closed the connection after this one took it
    from the pool, fails as a dropped connection (`redis.ConnectionError`) rather than with the
    transport's own `RuntimeError` (uvloop's closed handler) or an `AttributeError` (no writer).

    redis-py's `send_packed_command` already disconnects the connection on any exception of the
    send and raises it again; it turns an `OSError` or a timeout into its own errors, but not
    these two. Raised as a `redis.ConnectionError`, they are what a client's retry retries (the
    Cluster client's, on a connection it connects again) and, unretried or past the retries,
    what the servicer answers UNAVAILABLE. Every write of a command (a command, a pipeline, a
    health check's PING, the handshake on connect) goes through `send_packed_command`. A
    `RuntimeError` or an `AttributeError` of the send has no other cause known; one that had
    would surface as a failed write (retried, then UNAVAILABLE), its cause chained."""

    async def send_packed_command(
        self, command: bytes | str | Iterable[bytes], check_health: bool = True
    ) -> None:
        try:
            await super().send_packed_command(command, check_health)
        except (RuntimeError, AttributeError) as error:
            raise redis.ConnectionError(
                f"The connection was closed under the command being sent ({error!r})"
            ) from error


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


_P = ParamSpec("_P")
_T = TypeVar("_T")


class InFlightLimit:
    """At most `size` calls at once (a command or a pipeline's `execute`, each holding one
    connection while it runs, a Cluster pipeline one on each node it sends to); a call finding
    them all busy waits for one to end, in the order they came, and fails as
    `redis.ConnectionError` after `timeout` seconds. A call made inside one this limit is
    running (in its task, or in the tasks it starts) runs without waiting, so that the limit
    never waits on itself: redis-py's Cluster client sends a command whose keys span several
    slots (an MGET) as a pipeline of its own, and resends a failed one's slots as commands.

    The usual case costs a semaphore's counter and a context variable: the timer that bounds a
    wait is set only when there is one."""

    def __init__(self, size: int, timeout: float = WAIT_FOR_CONNECTION_S):
        self.size = size
        self.timeout = timeout
        self._free = asyncio.Semaphore(size)
        self._holding = contextvars.ContextVar(f"holding-{id(self)}", default=False)

    async def run(
        self, call: Callable[_P, Awaitable[_T]], *args: _P.args, **kwargs: _P.kwargs
    ) -> _T:
        if self._holding.get():
            return await call(*args, **kwargs)
        free = self._free
        if free.locked():
            try:
                async with asyncio.timeout(self.timeout):
                    await free.acquire()
            except TimeoutError:
                raise redis.ConnectionError(
                    f"No connection available: all {self.size} busy for {self.timeout:g} s"
                ) from None
        else:
            await free.acquire()  # at once: a slot is free and nobody waits before this call
        token = self._holding.set(True)
        try:
            return await call(*args, **kwargs)
        finally:
            self._holding.reset(token)
            free.release()


class BoundedRedis(redis.asyncio.Redis):
    """A single Redis's client whose commands and pipelines are bounded by `in_flight`, on a
    pool of one connection more than the limit (`redis_client`).

    Not bounded, consciously: what takes a connection of the pool for itself, outside
    `execute_command` and a pipeline's `execute`: a pub/sub (the watch hub's one, for which the
    pool's connection beyond the limit is), `WATCH` and what a pipeline sends after it until
    `execute` (`transaction()`), `client()`, `monitor()`. The store uses none but the hub's
    pub/sub; a second such user at a busy moment would find the pool full, a
    `redis.ConnectionError` (UNAVAILABLE)."""

    def __init__(self, *, connection_pool: redis.asyncio.ConnectionPool, in_flight: InFlightLimit):
        super().__init__(connection_pool=connection_pool)
        self.in_flight = in_flight

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        return await self.in_flight.run(super().execute_command, *args, **options)

    def pipeline(
        self, transaction: bool = True, shard_hint: str | None = None
    ) -> redis.asyncio.client.Pipeline:
        return _BoundedRedisPipeline(self, transaction, shard_hint)


class _BoundedRedisPipeline(redis.asyncio.client.Pipeline):
    def __init__(self, client: BoundedRedis, transaction: bool, shard_hint: str | None):
        super().__init__(client.connection_pool, client.response_callbacks, transaction, shard_hint)
        self.in_flight = client.in_flight

    async def execute(self, raise_on_error: bool = True) -> list[Any]:
        return await self.in_flight.run(super().execute, raise_on_error)


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
    """A cluster client bounded as `BoundedRedis` is (`InFlightLimit`, with the same
    `WAIT_FOR_CONNECTION_S` for consistency): at most `max_connections` commands or pipelines
    at once over the whole cluster, so no node's pool (of `max_connections + 1`, which refuses
    rather than waits) is ever exhausted. Its nodes' connections write only when open
    (`WRITES_ONLY_WHEN_OPEN`); a layout it cannot learn is `ClusterUnreachable`.

    Not bounded: a pub/sub (the watch hub's is a client of its own on one node,
    `watchers.py`), and the connections redis-py opens itself to learn the layout."""

    def __init__(self, *, max_connections: int = 64, **kwargs: Any):
        # By keyword only, as `from_url` builds it.
        super().__init__(max_connections=max_connections + 1, **kwargs)
        self.in_flight = InFlightLimit(max_connections)
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

    async def execute_command(self, *args, **kwargs):
        with _unserved_slots_as_connection_errors():
            return await self.in_flight.run(super().execute_command, *args, **kwargs)

    def pipeline(self, transaction=None, shard_hint=None):
        if shard_hint:
            raise redis.RedisClusterException("shard_hint is deprecated in cluster mode")
        # redis-py declares `_event_dispatcher` abstract on the pipeline's base and sets it in
        # its `__init__`, as for the ClusterPipeline its own `pipeline` builds.
        return _BoundedClusterPipeline(self, transaction)  # type: ignore[abstract]


class _BoundedClusterPipeline(redis.asyncio.cluster.ClusterPipeline):
    def __init__(self, client: BoundedRedisCluster, transaction: bool | None = None):
        super().__init__(client, transaction)
        self.in_flight = client.in_flight

    async def execute(self, *args, **kwargs):
        with _unserved_slots_as_connection_errors():
            return await self.in_flight.run(super().execute, *args, **kwargs)


def redis_client(
    url: str, max_connections: int, cluster: bool = False
) -> redis.asyncio.Redis | redis.asyncio.RedisCluster:
    """A client running at most `max_connections` commands or pipelines at once; a call finding
    them all busy waits for one (up to `WAIT_FOR_CONNECTION_S`) instead of failing. Its pool
    holds one connection more, which calls outside the limit (the watch hub's pub/sub) take. On
    a Redis Cluster, a client that finds the nodes from the one in `url`, the limit over the
    whole cluster, each node's pool of `max_connections + 1`."""
    if cluster:
        return BoundedRedisCluster.from_url(
            url, max_connections=max_connections, client_name=CLIENT_NAME, **REDIS_TIMEOUTS
        )
    pool = redis.asyncio.ConnectionPool.from_url(
        url, max_connections=max_connections + 1, client_name=CLIENT_NAME, **REDIS_TIMEOUTS
    )
    # The URL chose the class (TCP, unix socket or TLS): ours of the same kind.
    pool.connection_class = WRITES_ONLY_WHEN_OPEN[pool.connection_class]
    return BoundedRedis(connection_pool=pool, in_flight=InFlightLimit(max_connections))


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
