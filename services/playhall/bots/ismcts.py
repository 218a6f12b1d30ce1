"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse,
2012), for any number of seats.

Every iteration samples a full state from the bot's view with the engine's `determinize`, then
walks one tree shared by all samples: select (UCB1 with availability counts, since a move may be
legal in some samples only), expand, roll out a few random moves and score the result with the
title's `evaluate` (or the outcome, when the game ends first), and back up a reward for every
seat. Short rollouts beat full ones at equal time: in Galileo, 3,500 iterations of 8-move
rollouts won 72.5 % of 40 games against the greedy bot, 1,000 full rollouts 61 %.
At a simultaneous step the tree takes the searching seat's move first when it is to move; the
opponents of that step then choose by statistics kept at the step's start, shared by all of
the seat's moves, since they have not seen its choice (as in multiple-observer ISMCTS): judged
below the seat's move instead, their replies would answer a pick they cannot know.
Large move lists (more than `WIDEN_ABOVE`) are widened progressively: a node adds children
only as its visits grow, so a decision with hundreds of candidates (Einstein's placements)
deepens its best few instead of spreading its visits over all of them. It adds them in the
order the title's `order_moves` gives for the sampled state (ties, and every move of a title
without an order, in a random order from the decision's RNG); a short list is expanded in full
anyway, in a random order. The time cap is checked before every iteration.
At the root the searching seat only tries the moves the title's `tactical_moves` keeps (a
win alone, or the moves that hand the opponents no win next turn); a single one is played
without a search. A level may give a title settings of its own (`titles`: budget, time cap,
rollout length, widening, exploration, slips: the share of decisions played at random, as
`easy` does), which the bot picks by the title id of the game it
plays.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any

from playhall.bots.base import Bot, Decision, check_slips, legal_moves, points, slipped
from playhall.core import Game, Rng, State

WIDEN_ABOVE = 24  # move lists longer than this are widened progressively
PER_TITLE = (  # what a title may set
    "iterations",
    "time_cap_s",
    "exploration",
    "rollout_moves",
    "widen_c",
    "widen_alpha",
    "slips",
)


class Node:
    __slots__ = ("children", "visits", "available", "totals")

    def __init__(self, players: int):
        self.children: dict[tuple[int, Any], Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits


class IsmctsBot(Bot):
    """ISMCTS with an iteration budget and a time cap (whichever ends first). `titles` maps a
    title id to the `PER_TITLE` settings it plays with instead of these."""

    name = "ismcts"

    def __init__(
        self,
        iterations: int,
        time_cap_s: float,
        exploration: float = 0.7,
        rollout_moves: int = 8,
        widen_c: float = 4.0,
        widen_alpha: float = 0.5,
        slips: float = 0.0,
        titles: Mapping[str, Mapping[str, float]] | None = None,
    ):
        self.iterations = iterations
        self.time_cap_s = time_cap_s
        self.exploration = exploration
        self.rollout_moves = rollout_moves
        self.widen_c = widen_c
        self.widen_alpha = widen_alpha
        self.slips = check_slips(slips)
        self.titles = {} if titles is None else titles
        for title, settings in self.titles.items():
            if unknown := sorted(set(settings) - set(PER_TITLE)):
                raise ValueError(
                    f"{title}: {', '.join(unknown)} cannot be set per title "
                    f"(only {', '.join(PER_TITLE)})"
                )

    def for_title(self, title_id: str) -> IsmctsBot:
        """This bot with the title's own settings, or itself when the title has none."""
        settings = self.titles.get(title_id)
        if not settings:
            return self
        own = {name: getattr(self, name) for name in PER_TITLE}
        merged = {**own, **settings}
        return IsmctsBot(
            iterations=int(merged.pop("iterations")),
            time_cap_s=merged.pop("time_cap_s"),
            rollout_moves=int(merged.pop("rollout_moves")),
            **merged,
        )

    def within(self, seconds: float | None) -> IsmctsBot:
        """This bot with every title's time cap cut to `seconds` (the turn clock's time left)."""
        if seconds is None:
            return self
        titles = {
            title: {**settings, "time_cap_s": min(settings.get("time_cap_s", seconds), seconds)}
            for title, settings in self.titles.items()
        }
        own = {name: getattr(self, name) for name in PER_TITLE}
        return IsmctsBot(**{**own, "time_cap_s": min(self.time_cap_s, seconds)}, titles=titles)

    def choose(self, game: Game, view: Any, seat: int, rng: Rng) -> Decision:
        return self.for_title(game.info.title_id).search(game, view, seat, rng)

    def search(self, game: Game, view: Any, seat: int, rng: Rng) -> Decision:
        """`choose` with this bot's settings, whatever the title."""
        deadline = time.perf_counter() + self.time_cap_s
        sample = game.determinize(view, rng)
        moves = legal_moves(game, view, seat, rng)
        if (slip := slipped(moves, rng, self.slips)) is not None:
            return Decision(slip)
        if len(moves) > 1:
            moves = game.tactical_moves(sample, seat, moves)
        if len(moves) == 1:
            return Decision(moves[0])
        root = Node(sample.num_players)
        done = 0
        while done < self.iterations and (done == 0 or time.perf_counter() < deadline):
            self._iterate(game, game.determinize(view, rng), root, seat, rng, moves)
            done += 1
        visits = {
            move: child.visits for (mover, move), child in root.children.items() if mover == seat
        }
        return Decision(max(visits, key=visits.__getitem__), iterations=done)

    def _iterate(
        self, game: Game, state: State, root: Node, seat: int, rng: Rng, root_moves: list
    ) -> None:
        """One iteration; at the root the searching seat only tries `root_moves`."""
        path = [root]
        node = root
        step_start, unaware = root, set()  # the seats yet to move in the seat's simultaneous step
        while not state.is_terminal():
            movers = state.to_move()
            mover = seat if seat in movers else movers[0]
            moves = root_moves if node is root and mover == seat else state.legal_moves(mover)
            chooser = step_start if mover in unaware else node
            unaware.discard(mover)
            if mover == seat and len(movers) > 1:
                step_start, unaware = node, set(movers) - {seat}
            move, stats, added = self._choose(game, state, chooser, mover, moves, rng)
            child = node.children.get((mover, move))
            if child is None:
                child = node.children[(mover, move)] = Node(len(node.totals))
                added = True
            path.append(child)
            if stats is not child:
                path.append(stats)
            state = state.apply(mover, move).state
            if added:
                break
            node = child
        reward = self._rollout(game, state, rng)
        for visited in path:
            visited.visits += 1
            for index, value in enumerate(reward):
                visited.totals[index] += value

    def _choose(
        self, game: Game, state: State, node: Node, mover: int, moves: list, rng: Rng
    ) -> tuple[Any, Node, bool]:
        """The mover's move by `node`'s statistics, its child there and whether it was just
        added: an untried move while widening allows, else the best legal child by UCB1."""
        move = self._expand(game, state, node, mover, moves, rng)
        if move is None:
            selected = self._select(node, mover, moves)
            if selected is not None:
                return (*selected, False)
            # None of the node's children is legal in this sample (a hidden card or stone drawn
            # above the node changed its moves): widening counted them all.
            move = self._expand(game, state, node, mover, moves, rng, widen=False)
        child = node.children[(mover, move)] = Node(len(node.totals))
        return move, child, True

    def _expand(
        self, game: Game, state: State, node: Node, mover: int, moves: list, rng: Rng, widen=True
    ):
        """An untried move to add, or None when the node is (as far as widening allows) full.
        A widened node counts all its children of the mover as tried, legal in this sample or
        not: a node's moves are the same in most samples (hands are public in Einstein and
        Eynsteyn, whose lists are long), and the count spares listing the untried moves at
        every step down. `widen=False` adds one whatever the count."""
        widened = len(moves) > WIDEN_ABOVE
        if widened and widen:
            allowed = max(1, int(self.widen_c * (node.visits + 1) ** self.widen_alpha))
            if sum(1 for key in node.children if key[0] == mover) >= allowed:
                return None
        untried = [move for move in moves if (mover, move) not in node.children]
        if not untried:
            return None
        if not widened:
            return rng.choice(untried)
        rng.shuffle(untried)  # the order of the moves the title's order leaves tied
        return game.order_moves(state, mover, untried)[0]

    def _select(self, node: Node, mover: int, moves: list) -> tuple[Any, Node] | None:
        """The child of the legal `moves` with the best upper bound, None when none is a child."""
        best, best_score = None, -math.inf
        for move in moves:
            child = node.children.get((mover, move))
            if child is None:
                continue
            child.available += 1
            score = child.mean(mover) + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best, best_score = (move, child), score
        return best

    def _rollout(self, game: Game, state: State, rng: Rng) -> list[float]:
        for _ in range(self.rollout_moves):
            if state.is_terminal():
                return outcome(state)
            movers = state.to_move()
            mover = movers[rng.below(len(movers))]
            state = state.apply(mover, rng.choice(state.legal_moves(mover))).state
        if state.is_terminal():
            return outcome(state)
        return [game.evaluate(state, seat) for seat in range(state.num_players)]


def outcome(state: State) -> list[float]:
    """A finished game's reward per seat, its points (`base.points`): a search then prefers a
    draw to a loss, as the ladder scores them."""
    winners = state.winners()
    return [points(winners, state.num_players, seat) for seat in range(state.num_players)]
