"""The bot interface. A bot's only input is what its seat may see: a view. Whatever the view
hides, a bot samples with the engine's `determinize`; it never receives a full state, so it
cannot read another seat's secrets by construction."""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from playhall.core import Game, Rng


@dataclass(frozen=True)
class Decision:
    """A chosen move and the work it took."""

    move: Any
    iterations: int = 0


class Bot(ABC):
    """Chooses a move for `seat` from that seat's view."""

    name: str

    @abstractmethod
    def choose(self, game: Game, view: Any, seat: int, rng: Rng) -> Decision:
        """A legal move for `seat`, which must be to move in `view`."""

    def within(self, seconds: float | None) -> Bot:
        """This bot deciding within `seconds` at most (None: no limit beyond its own). Bots
        whose decisions take no noticeable time are themselves."""
        return self


def legal_moves(game: Game, view: Any, seat: int, rng: Rng) -> list:
    """The seat's legal moves. They depend only on what the seat sees (the conformance suite
    checks it), so any sample of the hidden rest gives the same list."""
    moves = game.determinize(view, rng).legal_moves(seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move in this view")
    return moves


def slipped(moves: list, rng: Rng, slips: float) -> Any | None:
    """A legal move drawn at random with probability `slips` (a slip), else None: the decision
    is the bot's own. No slips draw nothing from `rng`, so such a bot decides as it did."""
    if slips and rng.chance(slips):
        return rng.choice(moves)
    return None


def check_slips(slips: float) -> float:
    if not 0.0 <= slips <= 1.0:
        raise ValueError(f"slips is a probability, from 0 to 1, not {slips}")
    return slips


def points(winners: Sequence[int], players: int, seat: int) -> float:
    """A finished game's points for `seat`, as the ladder and the search both count them: a
    shared win is split among the winners, a loss is 0, and a draw (no winner) is split among
    all seats, so half a point each in a 2-player game."""
    if not winners:
        return 1 / players
    return 1 / len(winners) if seat in winners else 0.0


def decision_rng(*parts: object) -> Rng:
    """The RNG of one decision, derived from what identifies it, so a decision reproduces."""
    return Rng(hashlib.sha256(":".join(map(str, parts)).encode()).digest())
