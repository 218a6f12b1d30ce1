"""Bot-vs-bot games in process, no services: each seat decides from its own view only. Used by
the bot benchmark, the tests and anyone tuning a level."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from playhall.bots.base import Bot, decision_rng, points
from playhall.core import Game


@dataclass(frozen=True)
class GameResult:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int

    def score(self, seat: int) -> float:
        """The seat's points as the ladder counts them (`base.points`)."""
        return points(self.winners, len(self.scores), seat)


def play(game: Game, bots: Sequence[Bot], seed: bytes) -> GameResult:
    """Plays one game; seat i is played by bots[i]."""
    state = game.new_game(len(bots), {}, seed)
    moves = 0
    while not state.is_terminal():
        seat = state.to_move()[0]
        decision = bots[seat].choose(
            game, state.view(seat), seat, decision_rng(seed.hex(), seat, moves)
        )
        state = state.apply(seat, decision.move).state
        moves += 1
    return GameResult(state.scores(), state.winners(), moves)
