"""Undo within a turn, as each engine answers it (`State.undoable`): which steps of random
games a seat may take back, which it may not, and that an undoable step shows no viewer
anything that viewer and the mover did not know before it."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from playhall.core import SPECTATOR, Rng, State, get_game
from playhall.games.einstein.engine import EinsteinState
from playhall.games.eynsteyn.engine import Phase as EynsteynPhase

Step = tuple[State, int, Any, State]

SEEDS = range(3)
SAMPLES = 3
"""Determinizations of each viewer's view a reveal check tries per undoable step."""


def _steps(title: str, players: int = 2) -> list[Step]:
    game, steps = get_game(title), []
    for seed in SEEDS:
        state: State = game.new_game(players, {}, b"undo-%d" % seed)
        rng = Rng.from_int(seed)
        while not state.is_terminal():
            movers = state.to_move()
            seat = movers[rng.below(len(movers))]
            move = rng.choice(state.legal_moves(seat))
            after = state.apply(seat, move).state
            steps.append((state, seat, move, after))
            state = after
    return steps


def _kinds(steps: list[Step]) -> dict[bool, set[str]]:
    kinds: dict[bool, set[str]] = defaultdict(set)
    for before, seat, move, after in steps:
        kinds[before.undoable(seat, move, after)].add(type(move).__name__)
    return kinds


def test_galileo_never_undoes_a_pick_or_a_take():
    assert _kinds(_steps("galileo"))[True] == set()


def test_eynsteyn_undoes_the_turns_stone_and_marker_never_a_draw():
    steps = _steps("eynsteyn")
    kinds = _kinds(steps)
    assert {"Place", "Mark"} <= kinds[True]
    assert not {"Draw", "EndTurn", "Pass"} & kinds[True]
    for before, seat, move, after in steps:
        if type(move).__name__ == "Place" and before.phase is EynsteynPhase.PREPARATION:
            assert not before.undoable(seat, move, after), "a preparation stone ends the turn"


def test_einstein_undoes_the_first_placement_of_a_turn_only():
    steps = _steps("einstein")
    undoable = [(b, a) for b, seat, m, a in steps if b.undoable(seat, m, a)]
    assert undoable
    for before, after in undoable:
        assert isinstance(before, EinsteinState) and isinstance(after, EinsteinState)
        assert before.placed_this_turn == 0 and after.placed_this_turn == 1
        assert after.completed_this_turn == before.completed_this_turn
    second = [(b, s, m, a) for b, s, m, a in steps if b.placed_this_turn == 1]
    assert second and not any(b.undoable(s, m, a) for b, s, m, a in second)


def test_inventors_undoes_free_actions_and_a_work_that_finished_nothing():
    kinds = _kinds(_steps("inventors"))
    assert {"Upgrade", "Work"} <= kinds[True]
    assert not {"TakePatent", "TakeTile", "EndTurn", "Pass", "Done"} & kinds[True]


@pytest.mark.parametrize("title", ["eynsteyn", "einstein", "inventors"])
def test_an_undoable_step_keeps_the_turn_and_reveals_nothing(title):
    """What the mover and the spectator see after an undoable step follows from what the
    mover saw before and the move: the same move from any state the mover could not tell apart
    shows them the same (a drawn card, a flipped one, another seat's secret would differ). The
    mover's own secrets may show: they are the mover's to give away."""
    game = get_game(title)
    compared = 0
    for before, seat, move, after in _steps(title):
        if not before.undoable(seat, move, after):
            continue
        assert after.to_move() == (seat,) and after.turn == before.turn
        for sample in range(SAMPLES):
            twin = game.determinize(before.view(seat), Rng.from_int(sample))
            assert twin.view(SPECTATOR) == before.view(SPECTATOR)
            twin_after = twin.apply(seat, move).state
            for viewer in (seat, SPECTATOR):
                assert twin_after.view(viewer) == after.view(viewer)
            compared += 1
    assert compared


def test_a_title_that_says_nothing_never_undoes():
    state = get_game("galileo").new_game(2, {}, b"undo")
    seat = state.to_move()[0]
    move = state.legal_moves(seat)[0]
    assert State.undoable(state, seat, move, state.apply(seat, move).state) is False
