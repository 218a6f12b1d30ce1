"""Final scoring of Inventors (docs/rules/inventors.md, Scoring): goals met, victory-point
tiles, patents, and the best split of patents and stars into series."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from playhall.games.inventors.data import (
    CATEGORIES,
    INVENTION_BY_ID,
    VICTORY_POINTS,
    Knowledge,
    Team,
    Tile,
)


def series_bonus(categories: Iterable[int], stars: int) -> int:
    """The most a collection of patents (by category) and star tiles scores in series.

    A series is 0, 1, ..., k, every number once, each from a patent of that category or a star
    (only stars reach 6 and above); it scores k. A patent is spent before a star wherever it
    fits: a star can stand for that patent in any later series, so keeping it never loses."""
    counts = [0] * CATEGORIES
    for category in categories:
        counts[category] += 1
    return _best(tuple(counts), stars)


@functools.lru_cache(maxsize=65536)
def _best(counts: tuple[int, ...], stars: int) -> int:
    best = 0
    left = list(counts)
    spare = stars
    # Grow one series number by number; each length is a candidate for this series, the rest
    # of the collection splits again recursively.
    for top in range(CATEGORIES + stars):
        if top < CATEGORIES and left[top]:
            left[top] -= 1
        elif spare:
            spare -= 1
        else:
            break
        if top:
            best = max(best, top + _best(tuple(left), spare))
    return best


def seat_score(
    team: Team,
    knowledge: tuple[Knowledge, ...],
    held: Iterable[Tile],
    patents: Iterable[int],
) -> int:
    """One seat's points as things stand: the game's final score when it is over."""
    tiles = list(held)
    cards = [INVENTION_BY_ID[card] for card in patents]
    goals = sum(
        inventor.points
        for inventor, have in zip(team.inventors, knowledge, strict=True)
        if inventor.goal_met(have)
    )
    victory = sum(VICTORY_POINTS.get(tile, 0) for tile in tiles)
    patent_points = sum(card.patent_points for card in cards)
    stars = tiles.count(Tile.STAR)
    return goals + victory + patent_points + series_bonus((c.category for c in cards), stars)
