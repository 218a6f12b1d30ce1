"""Leases in Redis: one replica at a time does a job (matching a queue, running a tournament),
and another takes it over once the holder stops renewing. A lease is a key holding its
holder's name, expiring unless renewed."""

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
