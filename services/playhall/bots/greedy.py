"""One-ply greedy: every legal move is scored by the title's `evaluate` after it, averaged over a
few samples of the hidden information; the best one is played (ties broken at random). A title
whose evaluation reads public information only needs one sample (`titles`).

A greedy bot may slip: with probability `slips` a decision plays a legal move drawn at random
instead of judging any. That is the `easy` level: the greedy judgement alone blocks and scores
as well as a search at one ply, so a player could not tell it from `normal` in a connection
game, where one ply of blocking is most of the defence; an opponent that now and then misses
the obvious is what a beginner expects of an easy one.
"""

from collections.abc import Mapping

from playhall.bots.base import Bot, Decision, check_slips, legal_moves, slipped
from playhall.core import Game, Rng


class GreedyBot(Bot):
    name = "greedy"

    def __init__(
        self, samples: int = 8, titles: Mapping[str, int] | None = None, slips: float = 0.0
    ):
        self.samples = samples
        self.titles = {} if titles is None else titles
        self.slips = check_slips(slips)

    def choose(self, game: Game, view, seat: int, rng: Rng) -> Decision:
        moves = legal_moves(game, view, seat, rng)
        if (slip := slipped(moves, rng, self.slips)) is not None:
            return Decision(slip)
        totals = [0.0] * len(moves)
        samples = self.titles.get(game.info.title_id, self.samples)
        for _ in range(samples):
            state = game.determinize(view, rng)
            for index, move in enumerate(moves):
                totals[index] += game.evaluate(state.apply(seat, move).state, seat)
        best = max(totals)
        choices = [move for move, total in zip(moves, totals, strict=True) if total == best]
        return Decision(rng.choice(choices), iterations=samples * len(moves))
