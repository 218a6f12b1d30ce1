"""The orchestrator's single-Redis client (`redis_client.BoundedRedis`, as `redis_client` builds
it) on the embedded Redis: at most `max_connections` commands at once, a caller finding them all
busy waits and is served when one ends (or fails as the storage unavailable after the limit's
timeout), an idle connection is reused rather than a new one opened, and a write that meets a
connection closed under it fails as a dropped connection (a `redis.ConnectionError`)."""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest
import redis
import redis.asyncio
from redis.asyncio.connection import AbstractConnection

from playhall.matchstore.redis_client import (
    WRITES_ONLY_WHEN_OPEN,
    BoundedRedis,
    InFlightLimit,
    redis_client,
)

HOLD_S = 0.05
"""How long each command holds its connection (a BLPOP that times out)."""


async def connections_named(db: redis.asyncio.Redis, name: str) -> int:
    return sum(client.get("name") == name for client in await db.client_list())


def bounded_client(url: str, max_connections: int, timeout: float) -> tuple[BoundedRedis, str]:
    """A client as `redis_client` builds it, but whose connections have a name of their own
    (the test process's other clients share `CLIENT_NAME`) and with `timeout`."""
    name = f"pool-test-{uuid.uuid4().hex[:8]}"
    pool = redis.asyncio.ConnectionPool.from_url(
        url, max_connections=max_connections + 1, client_name=name
    )
    pool.connection_class = WRITES_ONLY_WHEN_OPEN[pool.connection_class]
    return BoundedRedis(
        connection_pool=pool, in_flight=InFlightLimit(max_connections, timeout)
    ), name


async def pipelined(client: redis.asyncio.Redis, n: int) -> list:
    """A pipeline holding its connection for `HOLD_S`, then writing."""
    async with client.pipeline(transaction=False) as pipe:
        pipe.blpop([f"empty-{n}"], HOLD_S)
        pipe.set(f"p-{n}", n)
        return await pipe.execute()


async def test_callers_beyond_the_limit_wait_and_are_all_served_on_its_connections(
    embedded_redis, event_loop
):
    client, name = bounded_client(embedded_redis.url, max_connections=2, timeout=5)
    observer = redis.asyncio.Redis.from_url(embedded_redis.url)
    try:
        # Eight callers at once on two connections: six must wait for a call to end and wake
        # them (one that forgot a waiter would leave it to fail after the limit's 5 s).
        replies = await asyncio.wait_for(
            asyncio.gather(*(client.blpop([f"empty-{n}"], HOLD_S) for n in range(8))), 4
        )
        assert replies == [None] * 8
        assert await connections_named(observer, name) == 2
        # Pipelines too: eight at once, on the same two connections.
        piped = await asyncio.wait_for(asyncio.gather(*(pipelined(client, n) for n in range(8))), 4)
        assert piped == [[None, True]] * 8
        assert await connections_named(observer, name) == 2
        # Idle connections are taken again, one after another, not new ones opened.
        for n in range(20):
            await client.set("k", n)
        assert await client.get("k") == b"19"
        assert await connections_named(observer, name) == 2
    finally:
        await client.aclose()
        await client.connection_pool.disconnect()
        await observer.aclose()


async def test_a_caller_waiting_past_the_timeout_fails_as_the_storage_unavailable(
    embedded_redis, event_loop
):
    client, _ = bounded_client(embedded_redis.url, max_connections=1, timeout=0.2)
    try:
        holding = asyncio.ensure_future(client.blpop(["empty"], 1))
        await asyncio.sleep(0.05)
        started = time.monotonic()
        with pytest.raises(redis.ConnectionError, match="No connection available"):
            await client.get("k")
        assert 0.15 < time.monotonic() - started < 0.9
        assert await holding is None
        # The limit is whole again: the next call is served at once.
        assert await asyncio.wait_for(client.ping(), 0.5)
    finally:
        await client.aclose()
        await client.connection_pool.disconnect()


async def test_a_write_on_a_connection_closed_under_it_fails_as_a_dropped_connection(
    embedded_redis, event_loop, monkeypatch
):
    """The failures of a write on a transport another task closed (uvloop's `RuntimeError`, an
    `AttributeError` for no writer) are raised as `redis.ConnectionError`, the error redis-py
    retries and the servicer answers UNAVAILABLE; the next command is served again."""
    client = redis_client(embedded_redis.url, max_connections=2)
    real = AbstractConnection.send_packed_command
    failures = [
        RuntimeError(
            "unable to perform operation on <TCPTransport closed=True>; the handler is closed"
        ),
        AttributeError("'NoneType' object has no attribute 'writelines'"),
    ]

    async def closed_under_it(self, command, check_health=True):
        if failures:
            raise failures.pop(0)
        await real(self, command, check_health)

    # redis-py's own send (ours calls it), of every kind of connection: the embedded Redis is
    # on a unix socket.
    monkeypatch.setattr(AbstractConnection, "send_packed_command", closed_under_it)
    try:
        for cause in (RuntimeError, AttributeError):
            with pytest.raises(redis.ConnectionError) as raised:
                await client.set("k", 1)
            assert isinstance(raised.value.__cause__, cause)
        assert await client.set("k", 2)
        assert await client.get("k") == b"2"
    finally:
        await client.aclose()
        await client.connection_pool.disconnect()
