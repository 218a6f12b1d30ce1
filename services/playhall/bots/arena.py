"""Bot-vs-bot games in process, no services: each seat decides from its own view only. Used by
the bot benchmark, the tests and anyone tuning a level."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from playhall.bots.base import Bot
from playhall.core import Game, Rng


@dataclass(frozen=True)
class GameResult:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    iterations: int


def decision_rng(*parts: object) -> Rng:
    """The RNG of one decision, derived from what identifies it, so a decision reproduces."""
    return Rng(hashlib.sha256(":".join(map(str, parts)).encode()).digest())


def play(game: Game, bots: Sequence[Bot], seed: bytes) -> GameResult:
    """Plays one game; seat i is played by bots[i]."""
    state = game.new_game(len(bots), {}, seed)
    moves = iterations = 0
    while not state.is_terminal():
        seat = state.to_move()[0]
        decision = bots[seat].choose(
            game, state.view(seat), seat, decision_rng(seed.hex(), seat, moves)
        )
        state = state.apply(seat, decision.move).state
        moves += 1
        iterations += decision.iterations
    return GameResult(state.scores(), state.winners(), moves, iterations)
