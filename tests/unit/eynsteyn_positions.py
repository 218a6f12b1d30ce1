"""Building Eynsteyn positions for the tests: a board drawn as a dict, everything else named."""

from __future__ import annotations

from collections import Counter

from playhall.games.eynsteyn.engine import RULES_VERSION, EynsteynState, Phase
from playhall.games.eynsteyn.stones import (
    ALL_STONES,
    KINDS,
    ORIENTATION_CODE,
    ORIENTATIONS,
    RULES,
    Orientation,
)

KIND = {kind.name: kind.id for kind in KINDS}
NS, WE = 0, 1
"""In the positions built here seat 0 connects North-South and seat 1 West-East."""


def stone(name: str, rotation: int = 0) -> int:
    """The orientation code of a stone of kind `name` turned `rotation` quarters."""
    return ORIENTATION_CODE[Orientation(KIND[name], rotation)]


STRAIGHT_NS = stone("straight", 0)
STRAIGHT_WE = stone("straight", 1)
BLOCKER = stone("blocker")
CROSSING = stone("crossing")


def hand(*names: str) -> tuple[int, ...]:
    return tuple(sorted(KIND[name] for name in names))


def position(
    board: dict[tuple[int, int], int | tuple[int, ...]] | None = None,
    *,
    size: int = 10,
    hands: tuple[tuple[int, ...], ...] = ((), ()),
    phase: Phase = Phase.PLACE,
    current: int = 0,
    calls: tuple[bool, bool] = (False, False),
    markers: dict[tuple[int, int], int] | None = None,
    last_placed: tuple[int, int] | None = None,
    tops: tuple[int, ...] = (),
    auto_call: bool = False,
    start_player: int = 0,
) -> EynsteynState:
    """A consistent state: the stones not on the board or in a hand fill the five stacks, the
    kinds in `tops` (if given) on top of the first stacks."""
    squares: list[tuple[int, ...]] = [()] * (size * size)
    for (row, column), stones in (board or {}).items():
        squares[row * size + column] = stones if isinstance(stones, tuple) else (stones,)
    rest = Counter(ALL_STONES)
    rest.subtract(ORIENTATIONS[code].kind for stones in squares for code in stones)
    rest.subtract(kind for held in hands for kind in held)
    for kind in tops:
        rest[kind] -= 1
    assert all(count >= 0 for count in rest.values()), "more stones than the game has"
    pool = sorted(rest.elements())
    stacks = [list(pool[i :: RULES.stacks]) for i in range(RULES.stacks)]
    for index, kind in enumerate(tops):
        stacks[index].insert(0, kind)
    marked = [None] * (size * size)
    for (row, column), seat in (markers or {}).items():
        marked[row * size + column] = seat
    placed = Counter(marker for marker in marked if marker is not None)
    return EynsteynState(
        board_size=size,
        auto_call=auto_call,
        board=tuple(squares),
        markers=tuple(marked),
        hands=tuple(tuple(sorted(held)) for held in hands),
        stacks=tuple(tuple(stack) for stack in stacks),
        returned=(0,) * RULES.stacks,
        markers_left=tuple(RULES.markers_per_player - placed[seat] for seat in (0, 1)),
        calls=calls,
        phase=phase,
        current=current,
        start_player=start_player,
        north_south=NS,
        last_placed=None if last_placed is None else last_placed[0] * size + last_placed[1],
        placement_passes=0,
        winner=None,
        rules_version=RULES_VERSION,
    )


def column_of(code: int, column: int, rows: range) -> dict[tuple[int, int], int]:
    """A board of `code` stones down `column` over `rows`."""
    return {(row, column): code for row in rows}
