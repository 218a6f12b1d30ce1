"""Bots: ISMCTS finds forced wins and avoids forced losses in small hand-built Galileo endgames,
and every level plays legal moves. That no bot sees another seat's secrets is tested end to
end, through the orchestrator, in tests/integration/test_bot_workers.py."""

from __future__ import annotations

import pytest

from playhall.bots.arena import play
from playhall.bots.base import Bot
from playhall.bots.ismcts import WIDEN_ABOVE, IsmctsBot, Node
from playhall.bots.levels import LEVELS, bot_for
from playhall.core import Rng, get_game
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
        _step=7,
        _move_count=20,
    )


def decide(bot: Bot, state: GalileoState, seat: int, seed: int = 0):
    return bot.choose(GAME, state.view(seat), seat, Rng.from_int(seed)).move


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


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_a_legal_move(level):
    state = GAME.new_game(3, {}, b"levels")
    for seat in state.to_move():
        move = bot_for(level).choose(GAME, state.view(seat), seat, Rng.from_int(1)).move
        assert move in state.legal_moves(seat)


def test_widening_lets_a_node_add_children_only_as_its_visits_grow():
    bot = IsmctsBot(iterations=1, time_cap_s=1, widen_c=2.0, widen_alpha=0.5)
    node, rng, many = Node(2), Rng.from_int(3), list(range(WIDEN_ABOVE + 76))
    for visits, allowed in ((0, 2), (3, 4), (15, 8)):
        node.visits = visits
        while (move := bot._expand(node, 0, many, rng)) is not None:
            node.children[(0, move)] = Node(2)
        assert len(node.children) == allowed
    few = list(range(WIDEN_ABOVE))
    fresh = Node(2)
    while (move := bot._expand(fresh, 0, few, rng)) is not None:
        fresh.children[(0, move)] = Node(2)
    assert len(fresh.children) == WIDEN_ABOVE  # short lists are expanded in full at once


def test_a_small_search_beats_random_play():
    small = IsmctsBot(iterations=120, time_cap_s=30)
    wins = 0.0
    for game_index in range(6):
        bots = [small, LEVELS["random"]] if game_index % 2 == 0 else [LEVELS["random"], small]
        result = play(GAME, bots, b"duel-%d" % game_index)
        seat = game_index % 2
        wins += result.share(seat)
    assert wins >= 5
