"""Leases in Redis: one replica at a time does a job (matching a queue, running a tournament),
and another takes it over once the holder stops renewing. A lease is a key holding its
holder's name, expiring unless renewed."""

from __future__ import annotations

import redis.asyncio

LEASE_SCRIPT = """
-- Takes the lease if nobody holds it, renews it if the caller does. KEYS: 1 lease.
-- ARGV: 1 holder, 2 ttl (ms). Returns 1 when the caller holds it now.
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if holder then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

RELEASE_SCRIPT = """
-- Gives the lease up if the caller holds it. KEYS: 1 lease. ARGV: 1 holder.
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 'ok'
"""


class Leases:
    """Takes, renews and gives up leases (keys of the caller's choosing) on one client."""

    def __init__(self, client: redis.asyncio.Redis | redis.asyncio.RedisCluster):
        self._lease = client.register_script(LEASE_SCRIPT)
        self._release = client.register_script(RELEASE_SCRIPT)

    async def hold(self, key: str, holder: str, ttl_ms: int) -> bool:
        """Takes or renews the lease for `ttl_ms`; whether `holder` holds it now."""
        return bool(await self._lease(keys=[key], args=[holder, ttl_ms]))

    async def release(self, key: str, holder: str) -> None:
        """Gives the lease up if `holder` holds it."""
        await self._release(keys=[key], args=[holder])
