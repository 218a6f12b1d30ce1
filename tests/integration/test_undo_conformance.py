"""The conformance kit's undo check on Eynsteyn's real rules service: the step that ends a
turn draws the top stone of a stack and so shows the stone below it, which a changed order of
the hidden rest of the stack shows; the stone laid and the marker of a turn show nothing the
mover did not know. (The kit's run of every title, and a service that calls every step
undoable, are in test_conformance_kit.)"""

from __future__ import annotations

import random

import pytest

from dev.process import start_rules_service
from playhall.conformance.checks import Config, _step_shows, apply, prepare
from playhall.conformance.target import Target
from playhall.eynsteyn.v1 import eynsteyn_pb2 as eyn


@pytest.fixture(scope="module")
def run():
    with start_rules_service("eynsteyn") as service:
        target = Target(service.address, timeout=10)
        try:
            yield prepare(target, Config(seeds=1))
        finally:
            target.close()


def steps(run, kind: str, count: int = 3):
    """The first `count` positions where the seat to move is listed a move of `kind`, with
    that move and ApplyMove's answer."""
    found = []
    for position in run.playouts[0].positions:
        if eyn.State.FromString(position.state.value).phase < eyn.PHASE_PLACE:
            continue  # the draws and the preparation: every step there ends a turn
        for seat, moves in position.legal.items():
            for move in moves:
                if eyn.Move.FromString(move).WhichOneof("action") == kind:
                    found.append((position, seat, move, apply(run, position, seat, move)))
                    break
        if len(found) == count:
            return found
    raise AssertionError(f"no {kind} move in the game")


def test_the_draw_that_ends_a_turn_shows_the_hidden_stack(run):
    for position, seat, move, after in steps(run, "end_turn"):
        assert not after.undoable
        shown = _step_shows(run, position, seat, move, after, random.Random(0))
        assert shown is not None and "stacks" in shown, shown


@pytest.mark.parametrize("kind", ["place", "skip_mark"])
def test_a_turns_stone_and_marker_show_nothing(run, kind):
    for position, seat, move, after in steps(run, kind):
        assert after.undoable
        assert _step_shows(run, position, seat, move, after, random.Random(0)) is None
