"""Eynsteyn's rules, each test naming the rule of docs/rules/eynsteyn.md it checks (the numbers
follow the settled rules: 1-3 components, 4-6 setup, 7 preparation, 8 the refill, 9 a turn,
10 lines, 11 the call, 12 passes, 14 public and hidden, 15 options)."""

from __future__ import annotations

from collections import Counter

import pytest

from playhall.core import (
    SPECTATOR,
    IllegalMove,
    InvalidSetup,
    MalformedMessage,
    Rng,
    i18n,
    play_random,
)
from playhall.games.eynsteyn import GAME
from playhall.games.eynsteyn.board import (
    EAST,
    NORTH,
    NORTH_SOUTH,
    SOUTH,
    WEST,
    WEST_EAST,
    distance,
)
from playhall.games.eynsteyn.engine import (
    Draw,
    EndReason,
    EndTurn,
    GameEnded,
    Mark,
    Pass,
    Passed,
    PassReason,
    Phase,
    Place,
    PreparationEnded,
    ReturnedStone,
    SkipMark,
    StoneDrawn,
    WinRefused,
)
from playhall.games.eynsteyn.stones import ALL_STONES, KINDS, ORIENTATIONS, RULES, rotations
from tests.unit.eynsteyn_positions import (
    BLOCKER,
    CROSSING,
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


def _events(transition):
    return [event.public for event in transition.events]


def _one_stone_short() -> dict:
    """Column 0 of North-South straights with row 5 empty: a straight there connects seat 0."""
    return column_of(STRAIGHT_NS, 0, range(10)) | {(5, 0): ()}


def _board(cells: dict) -> dict:
    return {square: stones for square, stones in cells.items() if stones != ()}


# -- components and setup (rules 1-6) ----------------------------------------------------------


def test_rule_2_stone_counts_and_distinct_rotations_are_data():
    table = {kind.name: (kind.copies, rotations(kind.id)) for kind in KINDS}
    assert table == {
        "straight": (24, 2),
        "curve": (28, 4),
        "junction": (16, 4),
        "crossing": (16, 1),
        "double_curve": (20, 2),
        "blocker": (16, 1),
    }
    assert len(ALL_STONES) == 120


def test_rule_1_board_sizes_8_to_14():
    for size in (8, 14):
        state = GAME.new_game(2, {"board_size": size}, b"sizes")
        assert len(state.board) == size * size
        assert state.view(SPECTATOR).board_size == size
    for size in (7, 15):
        with pytest.raises(InvalidSetup):
            GAME.new_game(2, {"board_size": size}, b"sizes")


def test_rule_4_five_open_stacks_of_24():
    state = GAME.new_game(2, {}, b"stacks")
    assert [len(stack) for stack in state.stacks] == [24] * 5
    assert sorted(kind for stack in state.stacks for kind in stack) == list(ALL_STONES)
    view = state.view(0)
    assert [stack.top for stack in view.stacks] == [stack[0] for stack in state.stacks]
    assert [stack.size for stack in view.stacks] == [24] * 5


def test_rule_5_start_player_and_edges_are_drawn_from_the_seed():
    starts, north_south = Counter(), Counter()
    for index in range(24):
        state = GAME.new_game(2, {}, b"draw-%d" % index)
        starts[state.start_player] += 1
        north_south[state.north_south] += 1
        assert state.current == state.start_player
    assert set(starts) == set(north_south) == {0, 1}
    again = GAME.new_game(2, {}, b"draw-3")
    assert again == GAME.new_game(2, {}, b"draw-3")


def test_rule_6_players_draw_to_ten_alternately_choosing_stacks():
    state = GAME.new_game(2, {}, b"opening")
    start = state.start_player
    order = []
    while state.phase is Phase.OPENING_DRAW:
        seat = state.current
        number = 1 + len(order) % 5
        top = state.stacks[number - 1][0]
        transition = state.apply(seat, Draw(number))
        assert _events(transition) == [StoneDrawn(seat, number, top)]
        order.append(seat)
        state = transition.state
        assert top in state.hands[seat]
    assert order == [start, 1 - start] * 10
    assert [len(held) for held in state.hands] == [10, 10]
    assert state.phase is Phase.PREPARATION and state.current == start
    assert sum(len(stack) for stack in state.stacks) == 100


def test_rule_6_drawing_from_an_empty_stack_is_refused():
    state = GAME.new_game(2, {}, b"opening")
    emptied = position(hands=((), ()), phase=Phase.OPENING_DRAW)
    stacks = list(emptied.stacks)
    stacks[1], stacks[0] = (), stacks[0] + stacks[1]
    emptied.stacks = tuple(stacks)
    with pytest.raises(IllegalMove, match="empty"):
        emptied.apply(0, Draw(2))
    assert Draw(2) not in emptied.legal_moves(0)
    with pytest.raises(IllegalMove, match="no stack 6"):
        state.apply(state.current, Draw(6))


# -- the preparation (rules 7-8) ---------------------------------------------------------------


def test_rule_7_preparation_refuses_orthogonal_neighbours_and_allows_diagonal_ones():
    state = position(
        {(4, 4): BLOCKER}, phase=Phase.PREPARATION, hands=(hand("curve", "curve"), hand("curve"))
    )
    squares = {(move.row, move.column) for move in state.legal_moves(0)}
    for beside in ((3, 4), (5, 4), (4, 3), (4, 5), (4, 4)):
        assert beside not in squares
    for corner in ((3, 3), (3, 5), (5, 3), (5, 5)):
        assert corner in squares
    with pytest.raises(IllegalMove, match="next to another"):
        state.apply(0, Place(KIND["curve"], 0, 3, 4))
    after = state.apply(0, Place(KIND["curve"], 1, 3, 3)).state
    assert after.board[3 * 10 + 3] == (stone("curve", 1),)
    assert after.current == 1 and after.phase is Phase.PREPARATION


def _nearly_full_preparation_board(size: int) -> dict:
    """Stones no two orthogonally adjacent that leave exactly one free square."""
    taken = {(r, c) for r in range(size) for c in range(size) if (r + 2 * c) % 5 == 0}

    def free():
        return [
            (r, c)
            for r in range(size)
            for c in range(size)
            if (r, c) not in taken and not {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & taken
        ]

    while len(free()) > 1:
        taken.add(free()[0])
    return {square: BLOCKER if i < 16 else stone("curve") for i, square in enumerate(taken)}


def test_rule_7_a_stuck_preparation_ends_and_returns_the_hands_start_player_first():
    board = _nearly_full_preparation_board(8)
    assert len(board) <= 17
    state = position(
        board,
        size=8,
        phase=Phase.PREPARATION,
        hands=(hand("straight", "straight"), hand("crossing", "junction", "double_curve")),
        start_player=1,
    )
    (last,) = {(move.row, move.column) for move in state.legal_moves(0)}
    bottoms = [stack[-1] for stack in state.stacks]
    transition = state.apply(0, Place(KIND["straight"], 0, *last))
    after = transition.state
    returned = (
        ReturnedStone(1, 1, KIND["junction"]),
        ReturnedStone(0, 2, KIND["straight"]),
        ReturnedStone(1, 3, KIND["crossing"]),
        ReturnedStone(1, 4, KIND["double_curve"]),
    )
    assert _events(transition)[-1] == PreparationEnded(True, returned)
    assert after.phase is Phase.REFILL_DRAW and after.current == 1
    assert after.hands == ((), ())
    for stone_back in returned:
        stack = after.stacks[stone_back.stack - 1]
        assert stack[-1] == stone_back.kind
        assert stack[-2] == bottoms[stone_back.stack - 1]
    assert after.returned == (1, 1, 1, 1, 0)
    assert after.view(SPECTATOR).stacks[0].known_bottom == (KIND["junction"],)


def test_rule_8_after_the_preparation_both_draw_to_eight_start_player_first():
    state = position(phase=Phase.REFILL_DRAW, start_player=1, current=1)
    movers = []
    while state.phase is Phase.REFILL_DRAW:
        movers.append(state.current)
        state = state.apply(state.current, state.legal_moves(state.current)[-1]).state
    assert movers == [1, 0] * 8
    assert [len(held) for held in state.hands] == [8, 8]
    assert state.phase is Phase.PLACE and state.current == 1


def test_rule_7_a_full_preparation_places_all_twenty_stones():
    state = GAME.new_game(2, {}, b"prep")
    rng = Rng.from_int(7)
    while state.phase is not Phase.PLACE:
        state = state.apply(state.current, rng.choice(state.legal_moves(state.current))).state
    occupied = [square for square, stones in enumerate(state.board) if stones]
    assert len(occupied) == 20
    for square in occupied:
        assert not any(state.board[other] for other in state.geometry.neighbours[square])


# -- placing on top and markers (rule 9) -------------------------------------------------------


def _surrounded(centre=(5, 5), extra=None) -> dict:
    row, column = centre
    cells = {(row, column): BLOCKER}
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        cells[(row + dr, column + dc)] = BLOCKER
    return cells | (extra or {})


def test_rule_9_covering_needs_all_four_neighbours_occupied():
    state = position(_surrounded(), hands=(hand("curve"), ()))
    after = state.apply(0, Place(KIND["curve"], 2, 5, 5))
    assert after.state.board[55] == (BLOCKER, stone("curve", 2))
    assert after.events[0].public.level == 2
    missing = position(_surrounded() | {(4, 5): ()}, hands=(hand("curve"), ()))
    with pytest.raises(IllegalMove, match="all four"):
        missing.apply(0, Place(KIND["curve"], 0, 5, 5))
    assert Place(KIND["curve"], 0, 5, 5) not in missing.legal_moves(0)


def test_rule_9_a_stone_on_the_edge_is_never_covered():
    state = position(
        {(0, 4): BLOCKER, (0, 5): BLOCKER, (0, 6): BLOCKER, (1, 5): BLOCKER},
        hands=(hand("curve"), ()),
    )
    with pytest.raises(IllegalMove, match="edge"):
        state.apply(0, Place(KIND["curve"], 0, 0, 5))
    assert all((m.row, m.column) != (0, 5) for m in state.legal_moves(0))


def test_rule_9_a_marked_stone_is_never_covered():
    state = position(_surrounded(), hands=(hand("curve"), ()), markers={(5, 5): 1})
    with pytest.raises(IllegalMove, match="marker"):
        state.apply(0, Place(KIND["curve"], 0, 5, 5))
    assert all((m.row, m.column) != (5, 5) for m in state.legal_moves(0))


def test_rule_9_a_stack_of_four_is_final():
    three = (BLOCKER, BLOCKER, BLOCKER)
    state = position(_surrounded(extra={(5, 5): three}), hands=(hand("curve", "curve"), ()))
    fourth = state.apply(0, Place(KIND["curve"], 0, 5, 5)).state
    assert len(fourth.board[55]) == 4
    fourth.phase, fourth.current = Phase.PLACE, 0
    with pytest.raises(IllegalMove, match="four is final"):
        fourth.apply(0, Place(KIND["curve"], 0, 5, 5))


def test_rule_9_markers_five_each_never_on_a_marked_square_or_a_stack_of_four():
    four = (BLOCKER,) * 4
    cells = {(2, 2): BLOCKER, (3, 3): four, (4, 4): BLOCKER, (6, 6): BLOCKER}
    state = position(cells, phase=Phase.MARK, markers={(4, 4): 1})
    assert state.markers_left == (5, 4)
    marks = {(m.row, m.column) for m in state.legal_moves(0) if isinstance(m, Mark)}
    assert marks == {(2, 2), (6, 6)}
    assert SkipMark() in state.legal_moves(0)
    for square, reason in (((4, 4), "already"), ((3, 3), "four"), ((1, 1), "empty")):
        with pytest.raises(IllegalMove, match=reason):
            state.apply(0, Mark(*square))
    after = state.apply(0, Mark(2, 2)).state
    assert after.markers[22] == 0 and after.markers_left == (4, 4)
    assert after.phase is Phase.END_TURN
    more = cells | {(0, 0): BLOCKER, (0, 9): BLOCKER}
    spent = position(
        more,
        hands=(hand("curve"), ()),
        markers=dict.fromkeys([(0, 0), (0, 9), (2, 2), (6, 6), (4, 4)], 0),
    )
    assert spent.markers_left[0] == 0
    placed = spent.apply(0, Place(KIND["curve"], 0, 8, 8)).state
    assert placed.phase is Phase.END_TURN


# -- lines (rule 10) ---------------------------------------------------------------------------


def _pairs(cells: dict, size: int = 10) -> int:
    return position(_board(cells), size=size).links.connected


def test_rule_10_both_edge_pairs_are_detected():
    assert _pairs(column_of(STRAIGHT_NS, 3, range(10))) == NORTH_SOUTH
    row = {(6, column): STRAIGHT_WE for column in range(10)}
    assert _pairs(row) == WEST_EAST
    assert _pairs(column_of(STRAIGHT_NS, 3, range(9))) == 0


def test_rule_10_a_line_branches_at_a_junction():
    cells = {(5, column): STRAIGHT_WE for column in range(10)}
    cells[(5, 4)] = stone("junction", 3)  # N, E and W joined
    cells |= column_of(STRAIGHT_NS, 4, range(5))
    state = position(cells)
    links = state.links
    north = links.flags[links.find(state.geometry.side_node[4][0])]
    assert north == NORTH | WEST | EAST
    assert links.connected == WEST_EAST


def test_rule_10_a_line_goes_straight_through_a_crossing_and_never_turns_there():
    cells = column_of(STRAIGHT_NS, 4, range(5)) | {(5, 4): CROSSING}
    cells |= {(5, column): STRAIGHT_WE for column in range(5, 10)}
    state = position(cells)
    links = state.links
    assert links.flags[links.find(state.geometry.side_node[4][0])] == NORTH
    assert links.connected == 0
    assert _pairs(cells | column_of(STRAIGHT_NS, 4, range(6, 10))) == NORTH_SOUTH


def test_rule_10_dead_ends_stop_a_line():
    for stopper in (STRAIGHT_WE, BLOCKER, stone("curve", 0), stone("double_curve", 0)):
        assert _pairs(column_of(STRAIGHT_NS, 0, range(10)) | {(5, 0): stopper}) == 0
    assert _pairs(column_of(STRAIGHT_NS, 0, range(10)) | {(5, 0): stone("junction", 0)})


def test_rule_10_only_top_stones_count():
    line = column_of(STRAIGHT_NS, 4, range(10))
    assert _pairs(line | {(5, 4): (STRAIGHT_NS, BLOCKER)}) == 0
    assert _pairs(line | {(5, 4): (BLOCKER, STRAIGHT_NS)}) == NORTH_SOUTH


def test_rule_10_both_players_may_share_a_line():
    cells = {(5, column): STRAIGHT_WE for column in range(10)}
    cells |= {(5, 4): stone("junction", 3), (5, 6): stone("junction", 1)}  # NEW and ESW
    cells |= column_of(STRAIGHT_NS, 4, range(5)) | column_of(STRAIGHT_NS, 6, range(6, 10))
    assert _pairs(cells) == NORTH_SOUTH | WEST_EAST


def test_rule_10_a_covered_stones_line_no_longer_counts():
    line = column_of(STRAIGHT_NS, 4, range(9)) | {(5, 3): BLOCKER, (5, 5): BLOCKER}
    state = position(line, hands=((), hand("blocker")), current=WE)
    assert state.pairs_after(94, STRAIGHT_NS) & NORTH_SOUTH
    covered = state.apply(WE, Place(KIND["blocker"], 0, 5, 4)).state
    assert covered.board[54] == (STRAIGHT_NS, BLOCKER)
    assert not covered.pairs_after(94, STRAIGHT_NS) & NORTH_SOUTH


# -- the call (rule 11) ------------------------------------------------------------------------


def test_rule_11_a_connection_with_a_standing_call_wins():
    state = position(_board(_one_stone_short()), hands=(hand("straight"), ()), calls=(True, False))
    transition = state.apply(NS, Place(KIND["straight"], 0, 5, 0))
    assert transition.state.is_terminal() and transition.state.winners() == (NS,)
    assert _events(transition)[-1] == GameEnded((NS,), EndReason.CONNECTED)


def test_rule_11_a_connection_without_a_call_is_refused_and_the_player_passes_with_a_call():
    state = position(_board(_one_stone_short()), hands=(hand("straight"), ()))
    transition = state.apply(NS, Place(KIND["straight"], 0, 5, 0))
    refused = transition.state
    assert _events(transition) == [WinRefused(NS, KIND["straight"], 0, 5, 0)]
    assert not refused.is_terminal()
    assert refused.board == state.board and refused.hands == state.hands
    assert refused.phase is Phase.WIN_REFUSED and refused.legal_moves(NS) == [Pass()]
    with pytest.raises(IllegalMove, match="refused"):
        refused.apply(NS, SkipMark())
    passed = refused.apply(NS, Pass())
    assert _events(passed) == [Passed(NS, PassReason.WIN_REFUSED, True)]
    assert passed.state.calls == (True, False)
    assert passed.state.current == WE and passed.state.phase is Phase.PLACE


def test_rule_11_the_win_stands_when_the_opponents_turn_made_it_possible():
    made_possible = position(
        _board(_one_stone_short()),
        hands=(hand("straight"), ()),
        last_placed=(4, 0),
    )
    won = made_possible.apply(NS, Place(KIND["straight"], 0, 5, 0)).state
    assert won.winners() == (NS,)
    elsewhere = position(
        _board(_one_stone_short()) | {(9, 9): BLOCKER},
        hands=(hand("straight"), ()),
        last_placed=(9, 9),
    )
    assert elsewhere.apply(NS, Place(KIND["straight"], 0, 5, 0)).state.phase is (Phase.WIN_REFUSED)


def test_rule_11_a_call_is_refused_unless_the_player_is_one_away():
    state = position(
        column_of(STRAIGHT_NS, 0, range(5)),
        phase=Phase.END_TURN,
        hands=(hand("straight", "crossing"), ()),
    )
    assert all(not move.call for move in state.legal_moves(NS))
    with pytest.raises(IllegalMove, match="cannot call"):
        state.apply(NS, EndTurn(1, True))
    ended = state.apply(NS, EndTurn(1, False)).state
    assert ended.calls == (False, False) and ended.current == WE


def test_rule_11_the_call_is_judged_after_the_draw():
    no_join = hand("curve", "blocker", "double_curve")
    tops = (KIND["straight"], KIND["blocker"], KIND["blocker"], KIND["curve"], KIND["curve"])
    state = position(
        _board(_one_stone_short()), phase=Phase.END_TURN, hands=(no_join, ()), tops=tops
    )
    calls = {(move.stack, move.call) for move in state.legal_moves(NS)}
    assert calls == {(1, True), (1, False), (2, False), (3, False), (4, False), (5, False)}
    with pytest.raises(IllegalMove, match="cannot call"):
        state.apply(NS, EndTurn(2, True))
    called = state.apply(NS, EndTurn(1, True)).state
    assert called.calls == (True, False)
    assert KIND["straight"] in called.hands[NS]


def test_rule_11_auto_call_calls_for_a_player_who_is_one_away():
    tops = (KIND["straight"], KIND["blocker"], KIND["blocker"], KIND["curve"], KIND["curve"])
    state = position(
        _board(_one_stone_short()),
        phase=Phase.END_TURN,
        hands=(hand("curve"), ()),
        tops=tops,
        auto_call=True,
    )
    assert state.legal_moves(NS) == [
        EndTurn(1, True),
        EndTurn(2, False),
        EndTurn(3, False),
        EndTurn(4, False),
        EndTurn(5, False),
    ]
    with pytest.raises(IllegalMove, match="calls EYNSTEYN for you"):
        state.apply(NS, EndTurn(1, False))
    assert state.apply(NS, EndTurn(1, True)).state.calls == (True, False)


def _crossroads() -> dict:
    """Column 3 and row 5 of straights, their shared square (5, 3) empty."""
    cells = column_of(STRAIGHT_NS, 3, range(10))
    cells |= {(5, column): STRAIGHT_WE for column in range(10)}
    return _board(cells | {(5, 3): ()})


def test_rule_11_a_placement_that_connects_only_the_opponent_makes_the_opponent_win():
    cells = _board({(5, column): STRAIGHT_WE for column in range(10)} | {(5, 3): ()})
    state = position(cells, hands=(hand("straight"), ()))
    transition = state.apply(NS, Place(KIND["straight"], 1, 5, 3))
    assert transition.state.winners() == (WE,)
    assert _events(transition)[-1] == GameEnded((WE,), EndReason.CONNECTED_FOR_OPPONENT)


def test_rule_11_a_placement_that_connects_both_is_judged_for_the_mover_first():
    called = position(_crossroads(), hands=(hand("crossing"), ()), calls=(True, False))
    assert called.apply(NS, Place(KIND["crossing"], 0, 5, 3)).state.winners() == (NS,)
    uncalled = position(_crossroads(), hands=(hand("crossing"), ()))
    refused = uncalled.apply(NS, Place(KIND["crossing"], 0, 5, 3)).state
    assert refused.phase is Phase.WIN_REFUSED and refused.winner is None
    assert refused.board[53] == () and not refused.links.connected


# -- passes (rule 12) --------------------------------------------------------------------------


def test_rule_12_two_passes_for_lack_of_a_placement_draw_the_game():
    state = position(hands=((), ()))
    assert state.legal_moves(NS) == [Pass()]
    once = state.apply(NS, Pass())
    assert _events(once) == [Passed(NS, PassReason.NO_PLACEMENT, False)]
    assert once.state.placement_passes == 1 and once.state.current == WE
    twice = once.state.apply(WE, Pass())
    assert twice.state.is_terminal() and twice.state.winners() == ()
    assert _events(twice)[-1] == GameEnded((), EndReason.NO_PLACEMENTS)


def test_rule_12_the_pass_after_a_refused_win_does_not_count():
    cells = _board({(5, column): STRAIGHT_WE for column in range(10)} | {(5, 3): ()})
    state = position(cells, hands=((), hand("straight")), current=WE)
    state.placement_passes = 1
    refused = state.apply(WE, Place(KIND["straight"], 1, 5, 3)).state
    passed = refused.apply(WE, Pass()).state
    assert passed.placement_passes == 0 and not passed.is_terminal()


def test_rule_12_a_player_who_can_place_may_not_pass():
    state = position(hands=(hand("curve"), ()))
    assert Pass() not in state.legal_moves(NS)
    with pytest.raises(IllegalMove, match="may not pass"):
        state.apply(NS, Pass())


# -- moves -------------------------------------------------------------------------------------


def test_rule_9_a_rotation_that_repeats_a_pattern_is_one_move_listed_once():
    state = position(hands=(hand("crossing", "straight", "blocker", "curve"), ()))
    moves = state.legal_moves(NS)
    per_kind = Counter(move.kind for move in moves)
    squares = 100
    assert per_kind == {
        KIND["straight"]: 2 * squares,
        KIND["curve"]: 4 * squares,
        KIND["crossing"]: squares,
        KIND["blocker"]: squares,
    }
    assert len(set(moves)) == len(moves)
    turned = state.apply(NS, Place(KIND["straight"], 1, 2, 2)).state
    assert turned.board[22] == (STRAIGHT_WE,)


@pytest.mark.parametrize(
    ("kind", "rotation", "reason"),
    [
        ("straight", 2, "A straight has 2 orientations: give a rotation of 0 to 1"),
        ("straight", 3, "A straight has 2 orientations"),
        ("crossing", 1, "A crossing looks the same turned any way: give rotation 0"),
        ("blocker", 2, "A blocker looks the same turned any way"),
        ("curve", 4, "A curve has 4 orientations: give a rotation of 0 to 3"),
        ("curve", -1, "A curve has 4 orientations"),
    ],
)
def test_rule_9_a_rotation_outside_the_kinds_orientations_is_refused(kind, rotation, reason):
    state = position(hands=(hand("crossing", "straight", "blocker", "curve"), ()))
    with pytest.raises(IllegalMove, match=reason):
        state.apply(NS, Place(KIND[kind], rotation, 2, 2))


def test_refusals_name_the_double_curve_as_the_rules_do():
    state = position(hands=(hand("double_curve"), ()))
    with pytest.raises(IllegalMove) as turned_too_far:
        state.apply(NS, Place(KIND["double_curve"], 2, 2, 2))
    assert str(turned_too_far.value).startswith(
        "A double curve has 2 orientations: give a rotation of 0 to 1"
    )
    missing = position(hands=(hand("curve"), ()))
    with pytest.raises(IllegalMove) as not_in_hand:
        missing.apply(NS, Place(KIND["double_curve"], 0, 2, 2))
    assert str(not_in_hand.value) == "You have no double curve in your hand"


def test_a_refusal_names_a_stone_kind_by_its_id_and_each_language_says_it():
    """The kind travels as its id, never an English label: each language names the stone in
    its own words, German with the article the stone's name needs."""
    state = position(hands=(hand("double_curve", "blocker"), ()))
    with pytest.raises(IllegalMove) as turned_too_far:
        state.apply(NS, Place(KIND["double_curve"], 2, 2, 2))
    text = turned_too_far.value.text
    assert text is not None and text.key == "eynsteyn-rotation-out-of-range"
    assert dict(text.args) == {"kind": "double_curve", "orientations": 2, "first": 0, "last": 1}
    assert i18n.render(text, "de").startswith("Eine Doppelkurve hat 2 Ausrichtungen")
    assert i18n.render(text, "fa").startswith("سنگ پیچ دوتایی")
    with pytest.raises(IllegalMove) as not_in_hand:
        state.apply(NS, Place(KIND["curve"], 0, 2, 2))
    assert not_in_hand.value.text == i18n.Text("eynsteyn-stone-not-in-hand", {"kind": "curve"})
    with pytest.raises(IllegalMove) as turned_blocker:
        state.apply(NS, Place(KIND["blocker"], 1, 2, 2))
    assert i18n.render(turned_blocker.value.text, "de") == (
        "Ein Sperrstein sieht in jeder Drehung gleich aus: Gib die Drehung 0 an"
    )


@pytest.mark.parametrize(
    ("cells", "key"),
    [
        ({(3, 3): (BLOCKER,) * 4}, "eynsteyn-cover-final-stack"),
        ({(4, 4): BLOCKER}, "eynsteyn-cover-unsurrounded"),
        ({(0, 5): BLOCKER}, "eynsteyn-cover-edge"),
    ],
)
def test_why_a_stone_may_not_be_covered_is_a_key_of_its_own(cells, key):
    state = position(cells, hands=(hand("curve"), ()))
    row, column = next(iter(cells))
    with pytest.raises(IllegalMove) as refused:
        state.apply(NS, Place(KIND["curve"], 0, row, column))
    assert refused.value.text is not None and refused.value.text.key == key
    assert refused.value.reason == i18n.english(key)


def test_rule_9_a_turn_is_place_mark_end_by_the_same_seat_in_one_turn():
    state = position({(2, 2): BLOCKER}, hands=(hand("curve"), ()))
    seats, turns = [], set()
    for move in (Place(KIND["curve"], 0, 7, 7), Mark(7, 7), EndTurn(1, False)):
        seats.append(state.current)
        turns.add(state.turn)
        state = state.apply(state.current, move).state
    assert seats == [NS, NS, NS] and len(turns) == 1
    assert state.current == WE and state.turn not in turns


# -- public and hidden (rule 14) ---------------------------------------------------------------


def test_rule_14_determinize_reshuffles_only_below_the_stack_tops():
    state = GAME.new_game(2, {}, b"hidden")
    state, _ = _played(state, 60)
    view = state.view(NS)
    samples = [GAME.determinize(view, Rng.from_int(seed)) for seed in range(6)]
    for sample in samples:
        assert sample.view(NS) == view
        assert [stack[:1] for stack in sample.stacks] == [stack[:1] for stack in state.stacks]
        assert sorted(k for s in sample.stacks for k in s) == sorted(
            k for s in state.stacks for k in s
        )
    assert len({sample.stacks for sample in samples}) > 1


def _played(state, moves: int):
    rng = Rng.from_int(moves)
    for _ in range(moves):
        state = state.apply(state.current, rng.choice(state.legal_moves(state.current))).state
    return state, rng


# -- codec, renderers, evaluation --------------------------------------------------------------


def test_codec_refuses_inconsistent_states():
    codec = GAME.codec
    good = codec.encode_state(GAME.new_game(2, {}, b"codec"))
    assert codec.decode_state(good) == GAME.new_game(2, {}, b"codec")
    extra = codec.state_message()
    extra.CopyFrom(good)
    extra.stacks[0].stones.append(KIND["blocker"])
    marker = codec.state_message()
    marker.CopyFrom(good)
    marker.board.markers.add(row=0, column=0, seat=0)
    rotation = codec.state_message()
    rotation.CopyFrom(good)
    rotation.board.heights[0] = 1
    rotation.board.kinds.append(KIND["crossing"])
    rotation.board.rotations.append(1)
    size = codec.state_message()
    size.CopyFrom(good)
    size.board_size = 9
    for crafted, reason in (
        (extra, "exactly once"),
        (marker, "marker"),
        (rotation, "rotation that does not exist"),
        (size, "squares"),
    ):
        with pytest.raises(MalformedMessage, match=reason):
            codec.decode_state(crafted)


def test_evaluate_follows_the_connection_distance():
    state = position(_board(_one_stone_short()), hands=(hand("straight"), hand("straight")))
    geo = state.geometry
    assert distance(geo, state.board, state.coverable_squares(), NORTH, SOUTH) == 1
    assert distance(geo, state.board, state.coverable_squares(), WEST, EAST) == 10
    assert GAME.evaluate(state, NS) > 0.9 and GAME.evaluate(state, WE) < 0.1
    blocked = position(_board(_one_stone_short()) | {(5, 0): BLOCKER})
    assert distance(geo, blocked.board, blocked.coverable_squares(), NORTH, SOUTH) >= 2


def test_random_games_end_and_every_stone_stays_accounted_for():
    for seed in range(3):
        final, history = play_random(GAME.new_game(2, {}, b"r%d" % seed), Rng.from_int(seed))
        assert final.is_terminal()
        stones = [ORIENTATIONS[c].kind for s in final.board for c in s]
        stones += [k for held in (*final.hands, *final.stacks) for k in held]
        assert sorted(stones) == list(ALL_STONES)
        assert len(history) == final.move_count
    assert RULES.tallest_stack == 4


def test_order_moves_tries_the_connecting_stone_and_the_block_first():
    """The search widens placements along the mover's best line first (rule 10's lines), and
    those that break the opponent's best line."""
    state = position(_board(_one_stone_short()), hands=(hand("straight", "curve"), ()))
    first = GAME.order_moves(state, NS, state.legal_moves(NS))[0]
    assert (first.kind, first.rotation, first.row, first.column) == (KIND["straight"], 0, 5, 0)
    blocker = position(_board(_one_stone_short()), hands=((), hand("curve")), current=WE)
    block = GAME.order_moves(blocker, WE, blocker.legal_moves(WE))[0]
    assert (block.row, block.column) == (5, 0)
    after = blocker.apply(WE, block).state
    assert distance(after.geometry, after.board, after.coverable_squares(), NORTH, SOUTH) > 1


def test_evaluate_counts_every_square_that_would_connect():
    """Rule 11: the opponent blocks one square a turn, so two threats are worth more than one."""
    one = position(_board(_one_stone_short()))
    second = column_of(STRAIGHT_NS, 9, range(10)) | {(5, 9): ()}
    two = position(_board(_one_stone_short() | second))
    assert one.connecting_squares(NS) == {50}
    assert two.connecting_squares(NS) == {50, 59}
    assert GAME.evaluate(two, NS) > GAME.evaluate(one, NS)
