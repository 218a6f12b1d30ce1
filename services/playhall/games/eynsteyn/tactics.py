"""Eynsteyn one turn ahead: the moves a bot's search starts from.

A placement that wins is played at once. Otherwise a placement is kept only when the opponent
cannot win at its next placement: its hand is public and does not change before then, so that
is known exactly, by playing the rest of the turn (no marker, the first end of turn) and every
connecting placement of the opponent through the engine, whose rules decide what wins (a
standing call, or a connection this turn made possible). Every placement loses when none is
kept, and then all are left to the search. At the end of a turn the call is made whenever it
may be: it costs nothing (the hands are public anyway) and without it a connection is refused.

Most placements need no look ahead at all. One on an empty square only adds joins, so it can
give the opponent a new connection only through a line that reaches one of the opponent's
edges, and it cannot take away a connection the opponent already has unless it lies on that
square; covering a stone, or filling the last neighbour of a stone the opponent could then
cover, may change either, so those are played out.
"""

from __future__ import annotations

from typing import Any

from playhall.games.eynsteyn.board import JOINS
from playhall.games.eynsteyn.engine import (
    EndTurn,
    EynsteynState,
    Pass,
    Phase,
    Place,
    SkipMark,
    place_moves,
)
from playhall.games.eynsteyn.stones import ORIENTATION_CODE, ORIENTATIONS_OF_KIND, Orientation


def tactical_moves(state: EynsteynState, seat: int, moves: list[Any]) -> list[Any]:
    """Of `moves` (the seat's legal moves), the ones worth searching: a winning placement alone,
    else the placements that leave the opponent no win next turn; a call whenever it may be
    made."""
    if state.phase is Phase.PLACE:
        placements = [move for move in moves if isinstance(move, Place)]
        if not placements:
            return moves
        if win := winning_placement(state, seat):
            return [win]
        return safe_placements(state, seat, placements) or moves
    if state.phase is Phase.END_TURN:
        return [move for move in moves if isinstance(move, EndTurn) and move.call] or moves
    return moves


def winning_placement(state: EynsteynState, seat: int) -> Place | None:
    """A placement from the seat's hand that wins now, if there is one."""
    table = place_moves(state.board_size)
    pair = state.edge_pair(seat)
    for square in sorted(state.connecting_squares(seat)):
        base = state.links_without(square)
        for kind in sorted(set(state.hands[seat])):
            for code in ORIENTATIONS_OF_KIND[kind]:
                if base.pairs_with(square, code) & pair:
                    move = table[code][square]
                    if state.apply(seat, move).state.winners() == (seat,):
                        return move
    return None


def safe_placements(state: EynsteynState, seat: int, placements: list[Place]) -> list[Place]:
    """The placements after which the opponent has no winning placement."""
    opponent = 1 - seat
    their_pair = state.edge_pair(opponent)
    their_squares = state.connecting_squares(opponent)
    threatened = state.calls[opponent] and bool(
        state.connecting_kinds(opponent) & set(state.hands[opponent])
    )
    links, geo, size = state.links, state.geometry, state.board_size
    safe = []
    for move in placements:
        square = move.row * size + move.column
        code = ORIENTATION_CODE[Orientation(move.kind, move.rotation)]
        borders = geo.side_node[square]
        quiet = (
            not state.board[square]
            and square not in their_squares
            and not any(
                links.flags[links.find(borders[side])] & their_pair
                for group in JOINS[code]
                for side in group
            )
            and not (state.calls[opponent] and any(state.board[n] for n in geo.neighbours[square]))
        )
        if quiet:
            if not threatened:
                safe.append(move)
        elif not hands_a_win(state, seat, move):
            safe.append(move)
    return safe


def hands_a_win(state: EynsteynState, seat: int, move: Place) -> bool:
    """Whether the opponent wins with its next placement after the seat plays `move` (and
    ends its turn without a marker)."""
    after = state.apply(seat, move).state
    while not after.is_terminal() and after.current == seat:
        if after.phase is Phase.MARK:
            after = after.apply(seat, SkipMark()).state
        elif after.phase is Phase.WIN_REFUSED:
            after = after.apply(seat, Pass()).state
        else:
            after = after.apply(seat, after.legal_moves(seat)[0]).state
    if after.is_terminal():
        return after.winners() == (1 - seat,)
    return winning_placement(after, 1 - seat) is not None
