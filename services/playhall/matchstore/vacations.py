"""Players' vacations in Redis: each player's record (the year its allowance counts, the away
time used in it, the vacation under way) and the index of players away by when they are back at
the latest, which the housekeeper serves. The matches' own part (their seats marked away, their
clocks stopped) is in the match records."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import redis.asyncio

from playhall.matchstore.redis_client import as_scored, as_text

VACATIONS = "playhall:vacations"
"""Players away: player id -> when they are back at the latest (ms)."""


def vacation_key(player_id: str) -> str:
    return f"playhall:player:{player_id}:vacation"


@dataclass(frozen=True)
class VacationRecord:
    """A player's vacations: away time used in `year`, and the one under way (0s: none)."""

    year: int = 0
    used_ms: int = 0
    since_ms: int = 0
    until_ms: int = 0

    @property
    def away(self) -> bool:
        return self.since_ms > 0


class VacationStore:
    """The players' vacation records and the index of those away."""

    def __init__(self, client: redis.asyncio.Redis | redis.asyncio.RedisCluster):
        self.redis = client

    async def get(self, player_id: str) -> VacationRecord:
        fields = await self.redis.hgetall(vacation_key(player_id))
        return VacationRecord(**{as_text(key): int(value) for key, value in fields.items()})

    async def save(self, player_id: str, record: VacationRecord) -> None:
        """Writes the record, then files or unfiles the player among those away (a crash in
        between leaves an index entry the return pass finds ended, never a vacation unfiled)."""
        fields = [part for field in asdict(record).items() for part in field]
        await self.redis.hset(vacation_key(player_id), items=fields)
        if record.away:
            await self.redis.zadd(VACATIONS, {player_id: record.until_ms})
        else:
            await self.redis.zrem(VACATIONS, player_id)

    async def due(self, now_ms: int, limit: int = 32) -> list[str]:
        """Players whose vacation ends by `now_ms`."""
        entries = await self.redis.zrangebyscore(
            VACATIONS, 0, now_ms, start=0, num=limit, withscores=True
        )
        return [player_id for player_id, _ in as_scored(entries)]
