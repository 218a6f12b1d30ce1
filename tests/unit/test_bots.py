"""Bots: ISMCTS finds forced wins and avoids forced losses in small hand-built Galileo endgames,
widens in the title's move order, stops at its time cap, takes a title's own settings, and
every level plays legal moves. That no bot sees another seat's secrets is tested end to end,
through the orchestrator, in tests/integration/test_bot_workers.py."""

from __future__ import annotations

import time
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from playhall.bots.arena import play
from playhall.bots.base import Bot
from playhall.bots.greedy import GreedyBot
from playhall.bots.ismcts import WIDEN_ABOVE, IsmctsBot, Node, outcome
from playhall.bots.levels import (
    CLOCK_FLOOR_S,
    CLOCK_SHARE,
    EASY_SLIPS,
    LEVELS,
    TITLE_SEARCH,
    bot_for,
    clock_cap_s,
)
from playhall.core import Rng, get_game, title_ids
from playhall.games.galileo.cards import EXPERIMENTS, SCIENTISTS
from playhall.games.galileo.engine import GalileoState, Phase, Pick, Take, TakeExperiment

GAME = get_game("galileo")
SEARCH = IsmctsBot(iterations=600, time_cap_s=30.0)


def scientist(colour: str, power: int, used: set[int]) -> int:
    card = next(
        c for c in SCIENTISTS if (c.colour, c.power) == (colour, power) and c.id not in used
    )
    used.add(card.id)
    return card.id


def experiment(colour: str, points: int, used: set[int]) -> int:
    card = next(
        c for c in EXPERIMENTS if (c.colour, c.points) == (colour, points) and c.id not in used
    )
    used.add(card.id)
    return card.id


def takes_worth(points: int, used: set[int]) -> tuple[Take, ...]:
    """Plain takes from earlier rounds worth `points` in all."""
    takes = []
    while points:
        card = max(
            (c for c in EXPERIMENTS if c.id not in used and c.points <= points),
            key=lambda c: c.points,
        )
        used.add(card.id)
        takes.append(Take(card.id, 1, False, card.points))
        points -= card.points
    return tuple(takes)


def final_round(hands, picks, table, scores, phase, order=(), take_index=0) -> GalileoState:
    """The last round of a game (the deck is empty); unused cards are out of play."""
    players = len(hands)
    used_s = {card for hand in hands for card in hand} | {p for p in picks if p}
    used_e = set(table)
    taken = [takes_worth(points, used_e) for points in scores]
    return GalileoState(
        hands=tuple(tuple(sorted(h)) for h in hands),
        picks=tuple(picks),
        played=((),) * players,
        taken=tuple(taken),
        undealt=tuple(c.id for c in SCIENTISTS if c.id not in used_s),
        deck=(),
        table=tuple(sorted(table)),
        discarded=tuple(c.id for c in EXPERIMENTS if c.id not in used_e),
        phase=phase,
        round=3,
        order=tuple(order),
        previous_order=tuple(range(players)),
        take_index=take_index,
        start_player=0,
        rules_version="galileo/1.0",
        step=7,
        move_count=20,
    )


def decide(bot: Bot, state: GalileoState, seat: int, seed: int = 0):
    return bot.choose(GAME, state.view(seat), seat, Rng.from_int(seed)).move


class Picks:
    """A toy one-seat title with many moves: `depth` picks among `width` numbers. Its order puts
    `first` first; it counts the moves applied and can make `evaluate` slow."""

    info = SimpleNamespace(title_id="picks")

    def __init__(self, width=4 * WIDEN_ABOVE, depth=1, first=(), evaluate_s=0.0):
        self.width, self.depth, self.first, self.evaluate_s = width, depth, first, evaluate_s
        self.applied = 0

    def start(self) -> PicksState:
        return PicksState(self)

    def determinize(self, view, rng):
        return view

    def evaluate(self, state, seat):
        time.sleep(self.evaluate_s)
        return 0.5

    def order_moves(self, state, seat, moves):
        return [m for m in self.first if m in moves] + [m for m in moves if m not in self.first]

    def tactical_moves(self, state, seat, moves):
        return moves


@dataclass(frozen=True)
class PicksState:
    game: Picks
    picked: tuple = ()
    num_players = 1

    def is_terminal(self):
        return len(self.picked) == self.game.depth

    def to_move(self):
        return () if self.is_terminal() else (0,)

    def legal_moves(self, seat):
        return list(range(self.game.width))

    def apply(self, seat, move):
        self.game.applied += 1
        return SimpleNamespace(state=PicksState(self.game, (*self.picked, move)))

    def winners(self):
        return (0,)

    def view(self, seat):
        return self


@dataclass(frozen=True)
class Guess:
    """A toy 2-seat title of one simultaneous step: seat 0 picks "a", "b" or "safe" while seat 1
    picks "x" or "y", neither seeing the other's pick. "a" wins against "x" and "b" against "y";
    "safe" wins 40 % of the time (a hidden draw) whatever seat 1 picks. Guessing at random wins
    half the time, so "safe" is the worse choice, unless seat 1 could see seat 0's pick."""

    picks: tuple = (None, None)
    luck: int = 0
    num_players = 2
    info = SimpleNamespace(title_id="guess")

    def determinize(self, view, rng):
        return Guess(self.picks, rng.below(100))

    def tactical_moves(self, state, seat, moves):
        return moves

    def view(self, seat):
        return self

    def is_terminal(self):
        return None not in self.picks

    def to_move(self):
        return tuple(seat for seat, pick in enumerate(self.picks) if pick is None)

    def legal_moves(self, seat):
        return ["a", "b", "safe"] if seat == 0 else ["x", "y"]

    def apply(self, seat, move):
        picks = tuple(move if s == seat else pick for s, pick in enumerate(self.picks))
        return SimpleNamespace(state=Guess(picks, self.luck))

    def winners(self):
        mine, theirs = self.picks
        if mine == "safe":
            return (0,) if self.luck < 40 else (1,)
        return (0,) if (mine, theirs) in (("a", "x"), ("b", "y")) else (1,)


class HiddenDraw(Picks):
    """Two steps: a pick of two, then one of many moves that depend on a hidden draw. Every
    `rare`-th sample draws the other stone, whose moves none of the others have."""

    def __init__(self, rare: int):
        super().__init__(width=2 * WIDEN_ABOVE, depth=2)
        self.rare, self.samples = rare, 0

    def start(self) -> PicksState:
        return DrawnState(self)

    def determinize(self, view, rng):
        self.samples += 1
        return DrawnState(self, drawn=int(self.samples % self.rare == 0))


@dataclass(frozen=True)
class DrawnState(PicksState):
    drawn: int = 0

    def legal_moves(self, seat):
        if not self.picked:
            return [0, 1]
        return [1000 * (1 + self.drawn) + move for move in range(self.game.width)]

    def apply(self, seat, move):
        return SimpleNamespace(state=DrawnState(self.game, (*self.picked, move), self.drawn))


@dataclass(frozen=True)
class Ending:
    """A toy 2-seat title of one move: seat 0 picks how the game ends, "draw" (no winner) or
    one of several losses."""

    picked: str | None = None
    num_players = 2
    info = SimpleNamespace(title_id="ending")
    MOVES = ("lose-a", "lose-b", "draw", "lose-c", "lose-d", "lose-e")

    def determinize(self, view, rng):
        return view

    def tactical_moves(self, state, seat, moves):
        return moves

    def view(self, seat):
        return self

    def is_terminal(self):
        return self.picked is not None

    def to_move(self):
        return () if self.is_terminal() else (0,)

    def legal_moves(self, seat):
        return list(self.MOVES)

    def apply(self, seat, move):
        return SimpleNamespace(state=Ending(move))

    def winners(self):
        return () if self.picked == "draw" else (1,)


def test_the_search_prefers_a_draw_to_a_loss():
    assert outcome(Ending("draw")) == [0.5, 0.5]
    assert outcome(Ending("lose-a")) == [0.0, 1.0]
    game = Ending()
    for seed in range(3):
        assert SEARCH.choose(game, game, 0, Rng.from_int(seed)).move == "draw"


def test_an_opponent_in_the_same_simultaneous_step_does_not_see_the_searching_seats_pick():
    # Answering a pick it cannot see, seat 1 would beat "a" and "b" every time, and the search
    # would settle for the 40 % of "safe"; not seeing it, seat 1 guesses, and "a" or "b" win
    # half the time.
    game = Guess()
    for seed in range(4):
        assert SEARCH.choose(game, game, 0, Rng.from_int(seed)).move in ("a", "b")


def test_ismcts_picks_the_scientist_that_wins_whatever_the_opponent_holds():
    # Seat 0 trails 10-13. Red 5 moves first (ties go to seat 0) and takes red 3 doubled: 16
    # beats at most 13 + 2. Blue 1 moves last and loses to the red 3.
    used: set[int] = set()
    red5, blue1 = scientist("red", 5, used), scientist("blue", 1, used)
    other = [scientist("yellow", 3, used), scientist("green", 2, used)]
    used_e: set[int] = set()
    table = [experiment("red", 3, used_e), experiment("blue", 1, used_e)]
    state = final_round([[red5, blue1], other], [0, 0], table, [10, 13], Phase.PICK)
    for seed in range(3):
        assert decide(SEARCH, state, 0, seed) == Pick(red5)


def test_ismcts_denies_the_opponent_a_double_instead_of_taking_its_own():
    # Seat 0 (blue) leads 11-10 and takes first; seat 1 holds red. Taking the red 3 wins 14-13;
    # the green 3 would leave the red 3 to seat 1, doubled: 14-16.
    used: set[int] = set()
    blue, red = scientist("blue", 4, used), scientist("red", 2, used)
    used_e: set[int] = set()
    red3, green3 = experiment("red", 3, used_e), experiment("green", 3, used_e)
    state = final_round([[], []], [blue, red], [red3, green3], [11, 10], Phase.TAKE, order=(0, 1))
    for seed in range(3):
        assert decide(SEARCH, state, 0, seed) == TakeExperiment(red3)
    assert decide(LEVELS["hard"], state, 0) == TakeExperiment(red3)  # the level players meet


def test_ismcts_weighs_every_seat_in_a_three_player_endgame():
    # Seat 1 (green) takes first, level with seat 2 (yellow). Taking the yellow 3 scores 13 and
    # leaves seat 2 a 1-pointer (11); the doubled green 1 (12) or the blue 1 (11) would leave
    # seat 2 the yellow 3 doubled (16).
    used: set[int] = set()
    picks = [scientist("blue", 1, used), scientist("green", 5, used), scientist("yellow", 3, used)]
    used_e: set[int] = set()
    yellow3, green1, blue1 = (
        experiment("yellow", 3, used_e),
        experiment("green", 1, used_e),
        experiment("blue", 1, used_e),
    )
    state = final_round(
        [[], [], []], picks, [yellow3, green1, blue1], [9, 10, 10], Phase.TAKE, order=(1, 2, 0)
    )
    assert decide(SEARCH, state, 1) == TakeExperiment(yellow3)


@pytest.mark.parametrize(
    ("title", "level"),
    # `hard` is `normal` with a larger budget: once is enough.
    [
        (t, level)
        for t in title_ids()
        for level in sorted(LEVELS)
        if level != "hard" or t == "galileo"
    ],
)
def test_every_level_plays_a_legal_move_of_every_title(title, level):
    game = get_game(title)
    state = game.new_game(game.info.min_players, {}, b"levels")
    for seat in state.to_move():
        move = bot_for(level).choose(game, state.view(seat), seat, Rng.from_int(1)).move
        assert move in state.legal_moves(seat)


def first_decisions(bot: Bot, decisions: int) -> list:
    """The bot's decisions for seat 0 at the start of a Galileo game, one per seed."""
    state = GAME.new_game(2, {}, b"slips")
    view = state.view(0)
    return [bot.choose(GAME, view, 0, Rng.from_int(seed)) for seed in range(decisions)]


def test_a_greedy_bot_without_slips_judges_every_decision():
    decisions = first_decisions(GreedyBot(samples=1), 100)
    assert all(decision.iterations > 0 for decision in decisions)


@pytest.mark.parametrize(
    "bot",
    [
        GreedyBot(samples=1, slips=EASY_SLIPS),
        IsmctsBot(iterations=4, time_cap_s=5, slips=EASY_SLIPS),
    ],
    ids=["greedy", "ismcts"],
)
def test_a_bot_slips_at_its_rate_and_a_slip_is_a_legal_move_at_random(bot):
    state = GAME.new_game(2, {}, b"slips")
    legal = state.legal_moves(0)
    decisions = first_decisions(bot, 600)
    slipped = [decision.move for decision in decisions if decision.iterations == 0]
    expected = EASY_SLIPS * 600
    assert abs(len(slipped) - expected) < 4 * (expected * (1 - EASY_SLIPS)) ** 0.5
    assert set(slipped) <= set(legal) and len(set(slipped)) == len(legal)


def test_the_levels_slip_where_the_titles_say_and_nowhere_else():
    assert LEVELS["easy"].slips == EASY_SLIPS
    for level in ("normal", "hard"):
        for title in title_ids():
            slips = get_game(title).bots.slips.get(level, 0.0)
            assert LEVELS[level].for_title(title).slips == slips
    assert LEVELS["normal"].for_title("galileo").slips > 0  # the one search level that slips
    # a turn clock cuts the time, not the slips
    galileo_slips = GAME.bots.slips["normal"]
    assert LEVELS["normal"].within(0.2).for_title("galileo").slips == galileo_slips


def test_a_slip_rate_outside_0_to_1_is_refused():
    for slips in (-0.1, 1.5):
        with pytest.raises(ValueError, match="probability"):
            GreedyBot(slips=slips)
        with pytest.raises(ValueError, match="probability"):
            IsmctsBot(iterations=1, time_cap_s=1, slips=slips)


def test_widening_lets_a_node_add_children_only_as_its_visits_grow():
    bot = IsmctsBot(iterations=1, time_cap_s=1, widen_c=2.0, widen_alpha=0.5)
    game, rng = Picks(), Rng.from_int(3)
    node, many = Node(2), list(range(WIDEN_ABOVE + 76))
    for visits, allowed in ((0, 2), (3, 4), (15, 8)):
        node.visits = visits
        while (move := bot._expand(game, game.start(), node, 0, many, rng)) is not None:
            node.children[(0, move)] = Node(2)
        assert len(node.children) == allowed
    few = list(range(WIDEN_ABOVE))
    fresh = Node(2)
    while (move := bot._expand(game, game.start(), fresh, 0, few, rng)) is not None:
        fresh.children[(0, move)] = Node(2)
    assert len(fresh.children) == WIDEN_ABOVE  # short lists are expanded in full at once


def test_a_widened_node_whose_children_are_all_illegal_in_a_sample_gets_a_legal_one():
    # Widening counts a node's children, legal in the sample or not; a sample in which a
    # hidden draw makes them all illegal must still go on (it raised a TypeError).
    game = HiddenDraw(rare=40)
    bot = IsmctsBot(iterations=400, time_cap_s=30.0, rollout_moves=0)
    root, rng = Node(1), Rng.from_int(5)
    moves = game.start().legal_moves(0)
    for _ in range(400):
        bot._iterate(game, game.determinize(game.start(), rng), root, 0, rng, moves)
    below = [key[1] for child in root.children.values() for key in child.children]
    assert any(move >= 2000 for move in below), "no sample of the rare draw was searched"


def test_widening_adds_children_in_the_order_the_title_gives():
    first = (41, 7, 93, 60)  # not the legal order; a random order by a 1e-8 chance
    game = Picks(first=first)
    bot = IsmctsBot(iterations=1, time_cap_s=30)  # a fresh node may have widen_c = 4 children
    for seed in range(3):
        root, rng = Node(1), Rng.from_int(seed)
        for _ in range(len(first)):
            bot._iterate(game, game.start(), root, 0, rng, game.start().legal_moves(0))
        assert [move for _, move in root.children] == list(first)
        assert bot.choose(game, game.start(), 0, Rng.from_int(seed)).move == first[0]


def test_the_time_cap_is_checked_before_every_iteration():
    game = Picks(depth=50, evaluate_s=0.05)  # every iteration ends in one 50 ms evaluation
    bot = IsmctsBot(iterations=100, time_cap_s=0.1)
    started = time.perf_counter()
    decision = bot.choose(game, game.start(), 0, Rng.from_int(0))
    assert 1 <= decision.iterations <= 4  # about 2-3; a check every 8 iterations made 8
    assert time.perf_counter() - started < 0.4


def test_a_title_plays_with_its_own_search_settings_and_the_others_with_the_defaults(
    monkeypatch,
):
    for level in ("normal", "hard"):
        monkeypatch.setitem(TITLE_SEARCH[level], "picks", {"rollout_moves": 2, "widen_c": 6.0})
        default = LEVELS[level]
        own = default.for_title("picks")
        assert (own.rollout_moves, own.widen_c) == (2, 6.0)
        assert (own.iterations, own.time_cap_s, own.widen_alpha) == (
            default.iterations,
            default.time_cap_s,
            default.widen_alpha,
        )
        assert default.for_title("unknown title") is default
        assert (default.rollout_moves, default.widen_c, default.widen_alpha) == (8, 4.0, 0.5)
        # every served title has its own budget, a larger one at the higher level
        for title in title_ids():
            assert (
                default.for_title(title).iterations
                == get_game(title).bots.budgets[level].iterations
            )
    for title in title_ids():
        normal, hard = (LEVELS[level].for_title(title) for level in ("normal", "hard"))
        assert hard.iterations > normal.iterations and hard.time_cap_s > normal.time_cap_s
    # and a decision uses them: five iterations each add a root child, then roll out
    own_titles = {"picks": {"rollout_moves": 2, "widen_c": 6.0}}
    for titles, rollout in ((own_titles, 2), ({}, 8)):
        game = Picks(depth=50)
        IsmctsBot(iterations=5, time_cap_s=30, titles=titles).choose(
            game, game.start(), 0, Rng.from_int(0)
        )
        assert game.applied == 5 * (1 + rollout)


def test_each_level_plays_a_title_with_the_tuning_its_game_declares():
    for title in title_ids():
        tuning = get_game(title).bots
        samples = LEVELS["easy"].titles.get(title, LEVELS["easy"].samples)
        assert samples == (tuning.greedy_samples or LEVELS["easy"].samples)
        for level in ("normal", "hard"):
            own = LEVELS[level].for_title(title)
            for name, value in tuning.search.items():
                assert getattr(own, name) == value
            budget = tuning.budgets[level]
            assert (own.iterations, own.time_cap_s) == (budget.iterations, budget.time_cap_s)


def test_a_title_may_set_only_search_settings():
    with pytest.raises(ValueError, match="samples cannot be set per title"):
        IsmctsBot(iterations=10, time_cap_s=1, titles={"picks": {"samples": 5}})


def test_a_turn_clock_cuts_every_titles_time_cap():
    assert clock_cap_s(0, 1000.0) is None  # no clock
    assert LEVELS["hard"].within(None) is LEVELS["hard"]
    cap = clock_cap_s(10_300, 5.0)  # 5 s left, 0.3 s of it held back
    assert cap == pytest.approx(5.0 * CLOCK_SHARE)
    assert clock_cap_s(5_000, 5.0) == CLOCK_FLOOR_S  # out of time: the least
    hurried = LEVELS["hard"].within(cap)
    for title in title_ids():
        assert hurried.for_title(title).time_cap_s == min(
            cap, LEVELS["hard"].for_title(title).time_cap_s
        )
    # and the search keeps to it: a slow title stops after about a tenth of a second
    game = Picks(depth=50, evaluate_s=0.02)
    started = time.perf_counter()
    IsmctsBot(iterations=1000, time_cap_s=30).within(0.1).choose(
        game, game.start(), 0, Rng.from_int(0)
    )
    assert time.perf_counter() - started < 0.3


def test_a_small_search_beats_random_play():
    small = IsmctsBot(iterations=120, time_cap_s=30)
    wins = 0.0
    for game_index in range(6):
        bots = [small, LEVELS["random"]] if game_index % 2 == 0 else [LEVELS["random"], small]
        result = play(GAME, bots, b"duel-%d" % game_index)
        seat = game_index % 2
        wins += result.score(seat)
    assert wins >= 5
