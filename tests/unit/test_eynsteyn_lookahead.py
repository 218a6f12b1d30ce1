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
    STRAIGHT_WE,
    WE,
    column_of,
    hand,
    position,
    stone,
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


def test_the_reply_look_sees_the_double_threat_a_forcing_move_sets_up():
    # Column 8 (junctions) lacks rows 4 and 5, column 4 lacks rows 5 and 9; a curve at (5, 5)
    # leads from (5, 4) down column 5, which lacks row 9. A straight in column 8 makes one
    # threat and draws the junction of stack 1: West-East must block the other gap, and then
    # a junction on (5, 4) opens (9, 4) and (9, 5) at once. A straight in column 4 forces a
    # block as well, but leaves no double threat.
    board = {(row, 4): STRAIGHT_NS for row in (0, 1, 2, 3, 4, 6, 7, 8)}
    board |= {(5, 5): stone("curve", 2)} | {(row, 5): STRAIGHT_NS for row in (6, 7, 8)}
    board |= {(row, 8): stone("junction") for row in range(10) if row not in (4, 5)}
    board |= {(2, column): STRAIGHT_WE for column in (0, 1, 2, 3, 5, 6, 7)}
    state = position(
        board,
        hands=(hand("straight", "straight", "blocker"), hand("blocker", "blocker", "curve")),
        tops=(KIND["junction"],),
    )
    moves = state.legal_moves(NS)
    forcing = [Place(KIND["straight"], 0, row, 8) for row in (4, 5)]
    plain = [Place(KIND["straight"], 0, 5, 4), Place(KIND["straight"], 0, 9, 4)]
    for move in forcing + plain:  # each makes a threat and calls
        assert turn_ended(state, NS, move).calls == (True, False)
    ordered = GAME.order_moves(state, NS, moves)
    assert ordered.index(plain[0]) < ordered.index(forcing[1])
    kept = GAME.tactical_moves(state, NS, moves)
    assert kept[:2] == forcing and set(kept[2:]) == set(plain)
