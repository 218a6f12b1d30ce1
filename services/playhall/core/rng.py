"""Seeded, portable randomness.

Every random choice of a game comes from an `Rng` built from the game's seed, so a seed plus the
list of moves replays a game exactly. Only `getrandbits` of Python's Mersenne Twister is used,
and shuffling and bounded draws are implemented here: both are stable across Python versions,
unlike `random.shuffle` and `random.randrange`, whose algorithms may change.
"""

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A deterministic random source derived from seed bytes."""

    __slots__ = ("_source",)

    def __init__(self, seed: bytes):
        digest = hashlib.sha256(b"playhall-rng/1:" + bytes(seed)).digest()
        self._source = random.Random(int.from_bytes(digest, "big"))

    @classmethod
    def from_int(cls, value: int) -> "Rng":
        """An Rng for tests and bots, seeded by a small integer."""
        return cls(value.to_bytes(16, "big", signed=True))

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        bits = n.bit_length()
        while True:
            value = self._source.getrandbits(bits)
            if value < n:
                return value

    def chance(self, p: float) -> bool:
        """True with probability `p` (53 bits of resolution, as a float has)."""
        return self.below(1 << 53) < p * (1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffles in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
