"""The hard bot in every title: it takes a one-move win and avoids a one-move loss in positions
where the answer is clear. Eynsteyn's are drawn by hand (a connecting placement, a blocking
one, a call, a placement that would hand the opponent the win); Galileo's hand-made endgames
are in test_bots.py; Einstein's and Inventors' come from random games, at a last move of the
game where some moves win and others lose whatever the hidden cards are."""

from __future__ import annotations

from playhall.bots.levels import LEVELS
from playhall.core import Rng, get_game
from playhall.games.eynsteyn import GAME as EYNSTEYN
from playhall.games.eynsteyn.board import NORTH, SOUTH, distance
from playhall.games.eynsteyn.engine import EndTurn, Phase, Place
from playhall.games.eynsteyn.tactics import tactical_moves
from tests.unit.eynsteyn_positions import (
    KIND,
    NS,
    STRAIGHT_NS,
    WE,
    column_of,
    hand,
    position,
)

HARD = LEVELS["hard"]


def one_short(*empty_rows: int) -> dict:
    """Column 0 of North-South straights with `empty_rows` empty: seat 0's line."""
    return {
        square: code
        for square, code in column_of(STRAIGHT_NS, 0, range(10)).items()
        if square[0] not in empty_rows
    }


def decide(game, state, seat, seed=0):
    return HARD.choose(game, state.view(seat), seat, Rng.from_int(seed)).move


def test_eynsteyn_hard_lays_the_connecting_stone_with_its_call_standing():
    state = position(
        one_short(5),
        hands=(hand("blocker", "curve", "straight"), hand("curve")),
        calls=(True, False),
    )
    move = decide(EYNSTEYN, state, NS)
    assert move == Place(KIND["straight"], 0, 5, 0)
    assert state.apply(NS, move).state.winners() == (NS,)


def test_eynsteyn_hard_blocks_the_square_that_would_connect_the_caller():
    state = position(
        one_short(5),
        hands=(hand("straight"), hand("curve", "straight")),
        calls=(True, False),
        current=WE,
    )
    for seed in range(2):
        move = decide(EYNSTEYN, state, WE, seed)
        assert (move.row, move.column) == (5, 0)
        after = state.apply(WE, move).state
        assert not after.is_terminal()
        assert distance(after.geometry, after.board, after.coverable_squares(), NORTH, SOUTH) > 1


def test_eynsteyn_hard_calls_when_one_away():
    state = position(
        one_short(5),
        hands=(hand("curve"), hand("curve")),
        phase=Phase.END_TURN,
        tops=(KIND["straight"], KIND["blocker"]),
    )
    calling = [move for move in state.legal_moves(NS) if move.call]
    assert EndTurn(1, True) in calling and EndTurn(2, True) not in calling  # the straight
    move = decide(EYNSTEYN, state, NS)
    assert move in calling and state.apply(NS, move).state.calls == (True, False)


def test_eynsteyn_tactics_keep_every_placement_that_hands_no_win_and_drop_those_that_do():
    # Seat 0's column lacks rows 4 and 5 and seat 0 has not called: a North-South straight on
    # either would make a connection seat 0 then wins with (the opponent made it possible).
    state = position(
        one_short(4, 5), hands=(hand("straight"), hand("straight", "blocker")), current=WE
    )
    moves = state.legal_moves(WE)
    kept = tactical_moves(state, WE, moves)
    handing = {Place(KIND["straight"], 0, row, 0) for row in (4, 5)}
    assert handing <= set(moves) and not handing & set(kept)
    assert set(moves) - set(kept) == handing
    for move in handing:  # and they do hand it: seat 0's straight on the other square wins
        after = state.apply(WE, move).state
        after = after.apply(WE, after.legal_moves(WE)[-1]).state  # no marker
        after = after.apply(WE, after.legal_moves(WE)[0]).state  # end of turn
        other = 5 if move.row == 4 else 4
        assert after.apply(NS, Place(KIND["straight"], 0, other, 0)).state.winners() == (NS,)


def last_move_choices(title: str, seeds: range):
    """(state, seat, winning moves) at the last move of random games where the mover's moves
    split into ones that win and ones that do not, in every one of 8 samples of what the
    mover cannot see."""
    game = get_game(title)
    for seed in seeds:
        rng = Rng.from_int(seed)
        state = game.new_game(2, {}, b"last-%d" % seed)
        while not state.is_terminal():
            seat = state.to_move()[0]
            moves = state.legal_moves(seat)
            ends = [move for move in moves if state.apply(seat, move).state.is_terminal()]
            if len(ends) == len(moves) > 1:
                view = state.view(seat)
                samples = [game.determinize(view, rng) for _ in range(8)]
                wins = [
                    move
                    for move in moves
                    if all(seat in s.apply(seat, move).state.winners() for s in samples)
                ]
                losses = [
                    move
                    for move in moves
                    if not any(seat in s.apply(seat, move).state.winners() for s in samples)
                ]
                if wins and losses:
                    yield state, seat, wins
                    break
            state = state.apply(seat, rng.choice(moves)).state


def test_einstein_hard_takes_the_last_placement_that_wins():
    game = get_game("einstein")
    state, seat, wins = next(last_move_choices("einstein", range(1, 40)))  # seed 1 has one
    move = decide(game, state, seat)
    assert move in wins
    assert seat in state.apply(seat, move).state.winners()


def best_gains(title: str, seeds: range, margin: int):
    """(state, seat, best moves) in the last ten moves of random games where some moves score
    at once at least `margin` points more for the mover than every other move does."""
    game = get_game(title)
    for seed in seeds:
        rng = Rng.from_int(seed)
        final_state = game.new_game(2, {}, b"gain-%d" % seed)
        history = []
        while not final_state.is_terminal():
            seat = final_state.to_move()[0]
            history.append((final_state, seat))
            final_state = final_state.apply(seat, rng.choice(final_state.legal_moves(seat))).state
        for state, seat in history[-10:]:
            before = state.scores()[seat]
            gains = {
                move: state.apply(seat, move).state.scores()[seat] - before
                for move in state.legal_moves(seat)
            }
            top = max(gains.values())
            rest = [gain for gain in gains.values() if gain != top]
            if rest and top - max(rest) >= margin:
                yield state, seat, [move for move, gain in gains.items() if gain == top]
                break


def test_inventors_hard_takes_the_move_that_scores_clearly_most():
    game = get_game("inventors")
    found = 0
    for state, seat, best in best_gains("inventors", range(8), margin=3):  # seeds 0 and 7
        assert decide(game, state, seat) in best
        found += 1
        if found == 2:
            break
    assert found, "no random game came to a clear best move"


def test_eynsteyn_tactics_prefer_the_placement_that_makes_two_threats():
    # Seat 0's column 0 lacks row 5 and its column 9 lacks rows 5 and 6: a straight on either
    # of column 9's gaps leaves two squares a straight connects on; West-East blocks one a turn.
    board = one_short(5) | {
        square: code
        for square, code in column_of(STRAIGHT_NS, 9, range(10)).items()
        if square[0] not in (5, 6)
    }
    state = position(board, hands=(hand("straight", "straight", "curve"), hand("curve")))
    kept = tactical_moves(state, NS, state.legal_moves(NS))
    assert set(kept) == {Place(KIND["straight"], 0, row, 9) for row in (5, 6)}
    move = decide(EYNSTEYN, state, NS)
    assert move in kept
