"""Eynsteyn's stones, built from the table in stones.json.

A stone's pattern is a partition of its four sides into groups joined by lines. Turning a stone
a quarter clockwise moves each side's stub to the next side clockwise; the distinct patterns a
kind takes under turning are its orientations, numbered by the quarter turns that give them
(0, 1, ...), so a rotation that repeats a pattern is never a second orientation.
"""

from __future__ import annotations

import json
from enum import IntEnum
from importlib import resources
from typing import NamedTuple


class Side(IntEnum):
    """The four sides of a square, clockwise from the top."""

    N = 0
    E = 1
    S = 2
    W = 3


Pattern = tuple[tuple[Side, ...], ...]
"""Side groups, each sorted, sorted by their first side: one spelling per pattern."""


class StoneKind(NamedTuple):
    id: int
    name: str
    """Its id in stones.json and the proto (`double_curve`)."""
    copies: int
    orientations: tuple[Pattern, ...]
    """The kind's distinct patterns; index r is the pattern after r quarter turns."""


class Orientation(NamedTuple):
    """A stone as it lies on the board: its kind and its quarter turns (0 <= rotation < the
    kind's number of orientations)."""

    kind: int
    rotation: int


class Rules(NamedTuple):
    """The numbers of the game that are data, not code."""

    stacks: int
    opening_hand: int
    playing_hand: int
    markers_per_player: int
    tallest_stack: int


def _canonical(groups: list[list[Side]]) -> Pattern:
    return tuple(sorted(tuple(sorted(group)) for group in groups))


def _turned(pattern: Pattern, quarters: int) -> Pattern:
    return _canonical([[Side((side + quarters) % 4) for side in group] for group in pattern])


def _orientations(base: Pattern) -> tuple[Pattern, ...]:
    patterns: list[Pattern] = []
    for quarters in range(4):
        pattern = _turned(base, quarters)
        if pattern in patterns:
            break
        patterns.append(pattern)
    return tuple(patterns)


def _load() -> tuple[tuple[StoneKind, ...], Rules]:
    data = json.loads(resources.files(__package__).joinpath("stones.json").read_text())
    kinds = []
    for number, entry in enumerate(data["kinds"], start=1):
        base = _canonical([[Side[side] for side in group] for group in entry["groups"]])
        if sorted(side for group in base for side in group) != list(Side):
            raise ValueError(f"stone kind {entry['name']!r} must group each side exactly once")
        kinds.append(StoneKind(number, entry["name"], entry["count"], _orientations(base)))
    rules = Rules(
        stacks=data["stacks"],
        opening_hand=data["opening_hand"],
        playing_hand=data["playing_hand"],
        markers_per_player=data["markers_per_player"],
        tallest_stack=data["tallest_stack"],
    )
    return tuple(kinds), rules


KINDS, RULES = _load()
KIND_BY_ID = {kind.id: kind for kind in KINDS}
ALL_STONES = tuple(sorted(kind.id for kind in KINDS for _ in range(kind.copies)))
"""Every stone of the game once, as kind ids: what a consistent state's stones sort to."""

ORIENTATIONS = tuple(
    Orientation(kind.id, rotation) for kind in KINDS for rotation in range(len(kind.orientations))
)
"""Every distinct way a stone can lie; a board square holds indexes into this table."""
ORIENTATION_CODE = {orientation: code for code, orientation in enumerate(ORIENTATIONS)}
PATTERNS = tuple(KIND_BY_ID[o.kind].orientations[o.rotation] for o in ORIENTATIONS)
"""The pattern of every orientation code."""
ORIENTATIONS_OF_KIND = {
    kind.id: tuple(ORIENTATION_CODE[Orientation(kind.id, r)] for r in range(len(kind.orientations)))
    for kind in KINDS
}


def rotations(kind: int) -> int:
    """How many distinct orientations a kind has."""
    return len(KIND_BY_ID[kind].orientations)


def describe(code: int) -> str:
    orientation = ORIENTATIONS[code]
    return f"{KIND_BY_ID[orientation.kind].name}/{orientation.rotation}"
