"""A map of bounded size that forgets its least recently used entry first: the one shape of
every cache Playhall keeps in a process (decoded states, verified tokens, kept snapshots,
token buckets)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most `size` entries (0: none is kept); reading or writing one makes it the most
    recent. Not thread-safe: a cache shared by threads holds a lock around it."""

    def __init__(self, size: int):
        if size < 0:
            raise ValueError(f"a size of at least 0, not {size}")
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K) -> V | None:
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        if self.size == 0:
            return
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def pop(self, key: K) -> V | None:
        """Forgets `key`; its value, or None when it was not kept."""
        return self._entries.pop(key, None)
