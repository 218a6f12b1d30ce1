"""Who is online: a Redis key per player (`playhall:player:<id>:presence`) that lives a short
TTL after the player's last sign of life (the portal's heartbeat, any social call), so a player
whose browser closed goes offline within the TTL without anyone marking them so. Each key is
written and read with single-key commands (reads of many in a pipeline the Cluster client
splits per node), so it works alike on one Redis and on a Redis Cluster.

Presence is never shown across a block: `seen_by` hides whoever blocked the viewer or whom the
viewer blocked (`graph.Relations.blocked_with`)."""

from __future__ import annotations

from collections.abc import Collection

import redis.asyncio

from playhall.relations.graph import Relations

PRESENCE_TTL_S = 90.0
"""How long a player counts as online after their last sign of life (the portal beats every
30 s, so two lost beats do not take a player offline)."""


def presence_key(player_id: str) -> str:
    return f"playhall:player:{player_id}:presence"


class Presence:
    """Players' presence on the match store's Redis client, as `relations` lets others see it."""

    def __init__(
        self,
        client: redis.asyncio.Redis | redis.asyncio.RedisCluster,
        relations: Relations,
        ttl_s: float = PRESENCE_TTL_S,
    ):
        self.redis = client
        self.relations = relations
        self.ttl_ms = max(int(ttl_s * 1000), 1)

    async def touch(self, player_id: str) -> None:
        """The player is online for the TTL from now."""
        await self.redis.set(presence_key(player_id), 1, px=self.ttl_ms)

    async def online(self, player_ids: Collection[str]) -> set[str]:
        """Those of `player_ids` online now, whoever asks (the viewer's blocks not applied)."""
        ids = list(player_ids)
        if not ids:
            return set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for player_id in ids:
                pipe.exists(presence_key(player_id))
            found = await pipe.execute()
        return {player_id for player_id, there in zip(ids, found, strict=True) if there}

    async def seen_by(self, viewer: str, player_ids: Collection[str]) -> set[str]:
        """Those of `player_ids` that `viewer` sees online: online, and no block between them
        and the viewer either way."""
        online = await self.online(player_ids)
        return online - await self.relations.blocked_with(viewer, online)
