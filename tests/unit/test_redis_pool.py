"""The orchestrator's Redis pool (`redis_client.WaitingConnectionPool`) on the embedded Redis:
at most `max_connections` connections, a caller finding them all busy waits and is served when
one is given back, and an idle connection is reused rather than a new one opened."""

from __future__ import annotations

import asyncio
import uuid

import redis.asyncio

from playhall.matchstore.redis_client import WaitingConnectionPool

HOLD_S = 0.05
"""How long each command holds its connection (a BLPOP that times out)."""


async def connections_named(db: redis.asyncio.Redis, name: str) -> int:
    return sum(client.get("name") == name for client in await db.client_list())


async def test_callers_beyond_the_pool_wait_and_are_all_served_on_its_connections(
    embedded_redis, event_loop
):
    name = f"pool-test-{uuid.uuid4().hex[:8]}"
    pool = WaitingConnectionPool.from_url(
        embedded_redis.url, max_connections=2, timeout=5, client_name=name
    )
    client = redis.asyncio.Redis(connection_pool=pool)
    observer = redis.asyncio.Redis.from_url(embedded_redis.url)
    try:
        # Eight callers at once on two connections: six must wait for a release to wake them
        # (a release that forgot a waiter would leave it to fail after the pool's 5 s).
        replies = await asyncio.wait_for(
            asyncio.gather(*(client.blpop([f"empty-{n}"], HOLD_S) for n in range(8))), 4
        )
        assert replies == [None] * 8
        assert await connections_named(observer, name) == 2
        # Idle connections are taken again, one after another, not new ones opened.
        for n in range(20):
            await client.set("k", n)
        assert await client.get("k") == b"19"
        assert await connections_named(observer, name) == 2
        assert len(pool._in_use_connections) == 0 and len(pool._available_connections) == 2
    finally:
        await client.aclose()
        await pool.disconnect()
        await observer.aclose()
