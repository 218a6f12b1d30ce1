"""The teams, inventions and reward tiles of Inventors, built from teams.json, inventions.json and
tiles.json."""

from __future__ import annotations

import json
from collections.abc import Sequence
from enum import IntEnum
from importlib import resources
from typing import Any, NamedTuple

DISCIPLINES = 4
"""Physics, Chemistry, Mechanics, Mathematics: the index order of every knowledge and field
tuple."""

MAX_KNOWLEDGE = 4
AGES = 3
CUBES_PER_SEAT = 15
TILES_PER_INVENTION = 2
MAX_REWARDS = 1 + TILES_PER_INVENTION
"""The patent and the tiles: what at most three contributors share."""

Knowledge = tuple[int, int, int, int]


class Discipline(IntEnum):
    """A field of knowledge; the value indexes knowledge and field tuples."""

    PHYSICS = 0
    CHEMISTRY = 1
    MECHANICS = 2
    MATHEMATICS = 3


class Tile(IntEnum):
    """A kind of reward tile (values match the proto enum)."""

    VICTORY_1 = 1
    VICTORY_2 = 2
    VICTORY_3 = 3
    UPGRADE_2 = 4
    UPGRADE_3 = 5
    UPGRADE_4 = 6
    COFFEE = 7
    GENIUS = 8
    STAR = 9


VICTORY_POINTS = {Tile.VICTORY_1: 1, Tile.VICTORY_2: 2, Tile.VICTORY_3: 3}
UPGRADE_VALUE = {Tile.UPGRADE_2: 2, Tile.UPGRADE_3: 3, Tile.UPGRADE_4: 4}
"""The knowledge an upgrade tile raises a discipline to, from one below."""


class Inventor(NamedTuple):
    name: str
    knowledge: Knowledge
    goal: Knowledge
    points: int

    def goal_met(self, knowledge: Knowledge) -> bool:
        return all(have >= want for have, want in zip(knowledge, self.goal, strict=True))


class Team(NamedTuple):
    name: str
    inventors: tuple[Inventor, ...]


class Invention(NamedTuple):
    id: int
    name: str
    age: int
    fields: Knowledge
    category: int
    patent_points: int


def _read(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(name).read_text())


def as_knowledge(values: Sequence[int]) -> Knowledge:
    """Four values, one per discipline, as a `Knowledge` tuple."""
    first, second, third, fourth = values
    return (first, second, third, fourth)


def _load_teams() -> tuple[Team, ...]:
    return tuple(
        Team(
            team["name"],
            tuple(
                Inventor(
                    inventor["name"],
                    as_knowledge(inventor["knowledge"]),
                    as_knowledge(inventor["goal"]),
                    inventor["points"],
                )
                for inventor in team["inventors"]
            ),
        )
        for team in _read("teams.json")["teams"]
    )


def _load_inventions() -> tuple[Invention, ...]:
    inventions: list[Invention] = []
    for age, deck in enumerate(_read("inventions.json")["ages"], start=1):
        for card in deck["inventions"]:
            inventions.append(
                Invention(
                    len(inventions) + 1,
                    card["name"],
                    age,
                    as_knowledge(card["fields"]),
                    card["category"],
                    deck["patent_points"],
                )
            )
    return tuple(inventions)


def _load_tiles() -> tuple[Tile, ...]:
    counts = _read("tiles.json")["tiles"]
    return tuple(tile for tile in Tile for _ in range(counts[tile.name.lower()]))


TEAMS = _load_teams()
TEAM_NAMES = tuple(team.name for team in TEAMS)
INVENTIONS = _load_inventions()
INVENTION_BY_ID = {card.id: card for card in INVENTIONS}
AGE_DECKS = tuple(
    tuple(card.id for card in INVENTIONS if card.age == age) for age in range(1, AGES + 1)
)
ALL_TILES = _load_tiles()
INVENTORS_PER_TEAM = len(TEAMS[0].inventors)
CATEGORIES = 1 + max(card.category for card in INVENTIONS)


def describe_invention(card_id: int) -> str:
    card = INVENTION_BY_ID[card_id]
    return f"{card.name} (#{card.id}, cat {card.category})"


def describe_tile(tile: Tile) -> str:
    if tile in VICTORY_POINTS:
        return f"{VICTORY_POINTS[tile]}VP"
    if tile in UPGRADE_VALUE:
        return f"up{UPGRADE_VALUE[tile]}"
    return tile.name.lower()
