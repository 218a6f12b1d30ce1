"""Eynsteyn's bot helpers beyond one turn: the distance through stones that can be covered
later (rule 9.1: a stone surrounded on all four sides may be covered, unless marked), and the
look at the opponent's strongest reply that the search starts from."""

from __future__ import annotations

from playhall.games.eynsteyn import GAME
from playhall.games.eynsteyn.board import NORTH, SOUTH, distance
from playhall.games.eynsteyn.engine import Place
from playhall.games.eynsteyn.tactics import KEPT, against_replies, safe_placements, turn_ended
from tests.unit.eynsteyn_positions import (
    BLOCKER,
    KIND,
    NS,
    STRAIGHT_NS,
    WE,
    column_of,
    hand,
    position,
)

WALL = {(5, column): BLOCKER for column in range(1, 9)} | {(4, 0): BLOCKER, (4, 9): BLOCKER}
"""Blockers across the board: row 5 inside, row 4 on the rim columns, no two side by side
in a column, so none is surrounded yet."""


def test_a_wall_that_can_be_covered_later_costs_two_stones_to_cross():
    state = position(WALL)
    geo = state.geometry
    later = state.coverable_later()
    assert later == {5 * 10 + column for column in range(1, 9)}
    assert not state.coverable_squares()
    # Today no line crosses the wall; once a blocker is surrounded it can be covered.
    assert distance(geo, state.board, frozenset(), NORTH, SOUTH) == geo.nodes
    assert distance(geo, state.board, frozenset(), NORTH, SOUTH, later) == 11


def test_marked_stones_and_the_rim_are_walls_for_good():
    marked = position(WALL, markers={(5, column): WE for column in range(1, 9)})
    assert not marked.coverable_later()
    geo = marked.geometry
    assert (
        distance(geo, marked.board, frozenset(), NORTH, SOUTH, marked.coverable_later())
        == geo.nodes
    )
    assert GAME.evaluate(marked, WE) > GAME.evaluate(position(WALL), WE)


def line_with_gaps(*rows: int) -> dict:
    """North-South straights down column 3, the rows `rows` left empty."""
    return {
        square: code
        for square, code in column_of(STRAIGHT_NS, 3, range(10)).items()
        if square[0] not in rows
    }


def test_the_reply_look_keeps_the_gap_the_opponent_can_only_block_for_a_while():
    # Column 3 lacks the inner (4, 3) and the rim square (9, 3). Filling either leaves one
    # square to connect on, which West-East blocks. A blocker on the rim stays forever; one
    # inside can be covered once its row fills. One ply sees no difference (and the order
    # tries the inner square first); the opponent's reply shows it.
    state = position(
        line_with_gaps(4, 9), hands=(hand("straight", "straight"), hand("blocker", "blocker"))
    )
    inner, rim = (Place(KIND["straight"], 0, row, 3) for row in (4, 9))
    moves = state.legal_moves(NS)
    assert GAME.evaluate(state.apply(NS, rim).state, NS) == GAME.evaluate(
        state.apply(NS, inner).state, NS
    )
    ordered = GAME.order_moves(state, NS, moves)
    assert ordered.index(inner) < ordered.index(rim)
    kept = against_replies(
        state, NS, safe_placements(state, NS, moves), GAME.order_moves, GAME.evaluate
    )
    assert len(kept) == KEPT and kept[0] == rim
    assert GAME.tactical_moves(state, NS, moves) == kept


def test_the_reply_look_ends_the_turn_with_the_call_when_one_away():
    # Rule 11: without the call the opponent need not block at once; the look assumes it.
    state = position(line_with_gaps(4, 9), hands=(hand("straight", "straight"), hand("blocker")))
    after = turn_ended(state, NS, Place(KIND["straight"], 0, 4, 3))
    assert after.calls == (True, False) and after.current == WE
    quiet = turn_ended(state, NS, Place(KIND["straight"], 0, 0, 0))
    assert quiet.calls == (False, False) and quiet.current == WE
