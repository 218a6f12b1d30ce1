"""Galileo's two decks, built from the tables in cards.json."""

import json
from importlib import resources
from typing import NamedTuple


class Scientist(NamedTuple):
    id: int
    colour: str
    power: int


class Experiment(NamedTuple):
    id: int
    colour: str
    points: int


def _load() -> tuple[tuple[Scientist, ...], tuple[Experiment, ...]]:
    data = json.loads(resources.files(__package__).joinpath("cards.json").read_text())
    scientists: list[Scientist] = []
    experiments: list[Experiment] = []
    for colour in data["colours"]:
        for power, copies in enumerate(data["scientists"][colour], start=1):
            scientists += [Scientist(len(scientists) + 1 + i, colour, power) for i in range(copies)]
        for points, copies in enumerate(data["experiments"][colour], start=1):
            experiments += [
                Experiment(len(experiments) + 1 + i, colour, points) for i in range(copies)
            ]
    return tuple(scientists), tuple(experiments)


SCIENTISTS, EXPERIMENTS = _load()
SCIENTIST_BY_ID = {card.id: card for card in SCIENTISTS}
EXPERIMENT_BY_ID = {card.id: card for card in EXPERIMENTS}
SCIENTIST_IDS = frozenset(SCIENTIST_BY_ID)
EXPERIMENT_IDS = frozenset(EXPERIMENT_BY_ID)


def describe_scientist(card_id: int) -> str:
    card = SCIENTIST_BY_ID[card_id]
    return f"S{card.id} ({card.colour} {card.power})"


def describe_experiment(card_id: int) -> str:
    card = EXPERIMENT_BY_ID[card_id]
    return f"E{card.id} ({card.colour} {card.points}pt)"
