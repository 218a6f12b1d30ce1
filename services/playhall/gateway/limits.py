"""Token buckets: how many calls one bearer token and one client address may make."""

from __future__ import annotations

import time

from playhall.common.recent import Recent


class Buckets:
    """One token bucket per key (`rate` per second, at most `burst` saved up), for at most
    `max_keys` keys: the least recently used go first (a fresh bucket is a full one, so
    forgetting a key only ever lets a caller through)."""

    def __init__(self, rate: float, burst: int, max_keys: int = 100_000, clock=time.monotonic):
        self.rate = rate
        self.burst = float(burst)
        self._clock = clock
        self._buckets: Recent[str, tuple[float, float]] = Recent(max_keys)

    def take(self, key: str) -> float:
        """Takes one call from `key`'s bucket: 0 when it may go ahead, else the seconds until
        it could."""
        now = self._clock()
        level, then = self._buckets.get(key) or (self.burst, now)
        level = min(self.burst, level + (now - then) * self.rate)
        wait = 0.0
        if level >= 1:
            level -= 1
        else:
            wait = (1 - level) / self.rate
        self._buckets.put(key, (level, now))
        return wait
