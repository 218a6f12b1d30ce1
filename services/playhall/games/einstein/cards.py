"""Einstein's cards, built from cards.json: the Einsteins, their Inspirations and the Major
Theories (docs/rules/einstein.md, rules 9 to 13).

An Inspiration's shape is stored as a gluing sequence: the first tile at rotation 0 with corner
0 at the origin, each next one as (shape, host tile, host edge, own edge). It is resolved once
into poses and, for each of the ten rotations, into canonical outlines, so that matching a
card against The Big Idea is a handful of dictionary look-ups.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import NamedTuple

from playhall.games.einstein import geometry as g

SHAPE_BY_NAME = {shape.name: shape.kind for shape in g.SHAPES}


class Inspiration(NamedTuple):
    id: int
    einstein: int
    name: str
    stars: int
    gluing: tuple[tuple[int, int, int, int], ...]
    """(shape, host tile, host edge, own edge) for every tile after the first."""
    poses: tuple[g.Pose, ...]
    turned: tuple[tuple[g.Pose, ...], ...]
    """Per rotation 0..9: every tile's canonical outline, the whole shape turned about the
    origin."""


class Theory(NamedTuple):
    id: int
    name: str
    stars: int
    requirement: str


def resolve(first: int, gluing: tuple[tuple[int, int, int, int], ...]) -> tuple[g.Pose, ...]:
    """The poses of a gluing sequence, the first tile at rotation 0 on the origin."""
    poses = [g.Pose(first, 0, g.ORIGIN)]
    for shape, host, host_edge, own_edge in gluing:
        start, _, direction = g.edges(poses[host])[host_edge]
        poses.append(g.glue(shape, own_edge, start, direction))
    return tuple(poses)


def _inspiration(einstein: int, data: dict[str, object]) -> Inspiration:
    steps: list[list[object]] = data["shape"]  # type: ignore[assignment]
    first = SHAPE_BY_NAME[str(steps[0][0])]
    gluing = tuple(
        (SHAPE_BY_NAME[str(s[0])], int(s[1]), int(s[2]), int(s[3]))  # type: ignore[call-overload]
        for s in steps[1:]
    )
    poses = resolve(first, gluing)
    return Inspiration(
        id=int(data["id"]),  # type: ignore[call-overload]
        einstein=einstein,
        name=str(data["name"]),
        stars=int(data["stars"]),  # type: ignore[call-overload]
        gluing=((first, 0, 0, 0), *gluing),
        poses=poses,
        turned=tuple(
            tuple(g.outline(g.turned(pose, steps_)) for pose in poses) for steps_ in range(g.TURNS)
        ),
    )


def _load() -> tuple[tuple[str, ...], tuple[Inspiration, ...], tuple[Theory, ...]]:
    data = json.loads(resources.files(__package__).joinpath("cards.json").read_text())
    einsteins = tuple(data["einsteins"])
    inspirations = tuple(
        _inspiration(einsteins.index(card["einstein"]), card) for card in data["inspirations"]
    )
    theories = tuple(Theory(**card) for card in data["theories"])
    return einsteins, inspirations, theories


EINSTEINS, INSPIRATIONS, THEORIES = _load()
"""The Einsteins in age order (turn order), the 40 Inspirations, the 10 Major Theories."""

INSPIRATION_BY_ID = {card.id: card for card in INSPIRATIONS}
THEORY_BY_ID = {card.id: card for card in THEORIES}
DECKS = tuple(
    tuple(card.id for card in INSPIRATIONS if card.einstein == einstein)
    for einstein in range(len(EINSTEINS))
)
"""Each Einstein's 10 Inspiration ids."""
THEORY_IDS = tuple(card.id for card in THEORIES)


def embedding(
    card: Inspiration, outlines: dict[g.Pose, int], placed: g.Pose
) -> tuple[int, ...] | None:
    """The placed tiles forming the card's shape together with the tile whose outline is
    `placed`, or None. Rotations by 36-degree steps and translations only; the first match in
    the order of rotations, then of the card's tiles, counts."""
    for turned in card.turned:
        for anchor in turned:
            if anchor.shape != placed.shape or anchor.rotation != placed.rotation:
                continue
            offset = g.sub(placed.origin, anchor.origin)
            tiles = []
            for outline in turned:
                found = outlines.get(g.moved(outline, offset))
                if found is None:
                    break
                tiles.append(found)
            else:
                return tuple(tiles)
    return None


def describe_inspiration(card_id: int) -> str:
    card = INSPIRATION_BY_ID[card_id]
    kinds = "+".join(g.SHAPES[pose.shape].name for pose in card.poses)
    return f"{card.name} ({card.stars}*, {kinds})"


def describe_theory(card_id: int) -> str:
    card = THEORY_BY_ID[card_id]
    return f"{card.name} ({card.stars}*)"
