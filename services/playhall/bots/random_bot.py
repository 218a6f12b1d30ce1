"""The `random` level: a uniformly random legal move."""

from playhall.bots.base import Bot, Decision, legal_moves
from playhall.core import Game, Rng


class RandomBot(Bot):
    name = "random"

    def choose(self, game: Game, view, seat: int, rng: Rng) -> Decision:
        return Decision(rng.choice(legal_moves(game, view, seat, rng)))
