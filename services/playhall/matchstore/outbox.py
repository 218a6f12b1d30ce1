"""The archive's outbox in Redis: finished matches waiting to be written to PostgreSQL, and
archived matches waiting for their keys to leave Redis.

    playhall:archive:outbox   sorted set, match id -> when the archiver should look at it (ms)
    playhall:archive:purge    sorted set, match id -> when its keys leave Redis (ms)

Each is one key, like the deadline and activity indexes, and on a Redis Cluster lives in a slot
of its own, never in the match's: no script can update it and a match atomically. So the
outbox entry is an index update of the commit that ends the match (`entry`): in the commit
script on a single Redis, *before* the commit on a Cluster (as a turn's deadline is), and
the match's record, committed in its own slot, is the marker that says whether the match really
ended. The archiver re-checks it: a finished match is archived and only then leaves the outbox;
a match whose ending commit lost its race (or whose process died before committing) is looked
at again later, and is archived when it does end, as every end files its entry first. A crash
anywhere leaves at worst an entry for a match already archived, which the archiver recognises
in PostgreSQL (the match id is the primary key) and drops."""

from __future__ import annotations

import redis.asyncio

from playhall.matchstore.redis_client import as_texts
from playhall.matchstore.store import IndexUpdate

OUTBOX = "playhall:archive:outbox"
PURGE = "playhall:archive:purge"

Client = redis.asyncio.Redis | redis.asyncio.RedisCluster


def entry(match_id: str, at_ms: int) -> IndexUpdate:
    """The match filed for the archiver, as an index update of the commit that ends it (kept as
    it is when it is already filed): inside the commit script on a single Redis, before the
    commit on a Cluster."""
    return IndexUpdate(OUTBOX, match_id, at_ms, operation="add_new")


async def due(client: Client, now_ms: int, limit: int) -> list[str]:
    """Up to `limit` filed matches due now, the longest waiting first."""
    members = await client.zrangebyscore(OUTBOX, "-inf", now_ms, start=0, num=limit)
    return as_texts(members)


async def postpone(client: Client, match_id: str, until_ms: int) -> None:
    """Looks at the match again at `until_ms` (only while it is still filed)."""
    await client.zadd(OUTBOX, {match_id: until_ms}, xx=True)


async def archived(client: Client, match_id: str, purge_at_ms: int) -> None:
    """The match is in PostgreSQL: its keys leave Redis at `purge_at_ms`, and it leaves the
    outbox (in that order: a crash in between leaves it filed, and it is recognised as
    archived the next time)."""
    await client.zadd(PURGE, {match_id: purge_at_ms}, nx=True)
    await client.zrem(OUTBOX, match_id)


async def purge_due(client: Client, now_ms: int, limit: int) -> list[str]:
    members = await client.zrangebyscore(PURGE, "-inf", now_ms, start=0, num=limit)
    return as_texts(members)


async def purged(client: Client, match_id: str) -> None:
    await client.zrem(PURGE, match_id)


async def length(client: Client) -> int:
    return await client.zcard(OUTBOX)


async def oldest_ms(client: Client) -> int | None:
    """When the longest-waiting entry was due (None for an empty outbox)."""
    oldest = await client.zrange(OUTBOX, 0, 0, withscores=True)
    return int(oldest[0][1]) if oldest else None
