"""Eynsteyn one turn ahead: the moves a bot's search starts from.

A placement that wins is played at once. Otherwise a placement is kept only when the opponent
cannot win at its next placement. Its hand is public and does not change before then, so that
is known exactly: every connecting placement of the opponent on the board this placement
leaves, and whether it would win (a standing call, or a connection this turn made possible).
When every placement loses, all are left to the search. Of the kept ones, those that leave
the seat two squares or more to connect on (a double threat: the opponent blocks one square a
turn) go first, alone. At the end of a turn the call is made whenever it may be: it costs
nothing (the hands are public anyway) and without it a connection is refused.

Most placements need no look ahead at all. One on an empty square only adds joins, so it can
give the opponent a new connection only through a line that reaches one of the opponent's
edges, and it cannot take away a connection the opponent already has unless it lies on that
square; covering a stone, or filling the last neighbour of a stone the opponent could then
cover, may change either, so those are played out.

A search bot then starts from a few of the kept placements only (`against_replies`): the best
ordered ones, each played against the opponent's best ordered replies and judged by the
evaluation after the reply that hurts most. Its budget cannot reach the opponent's reply under
every one of a thousand placements, each followed by a mark and a draw, so without this it
judges one ply deep, as the greedy bot does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playhall.games.eynsteyn.board import (
    EAST,
    JOINS,
    NORTH,
    NORTH_SOUTH,
    SOUTH,
    WEST,
    distance_map,
)
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
        safe = safe_placements(state, seat, placements)
        return double_threats(state, seat, safe) or safe or moves
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


def double_threats(state: EynsteynState, seat: int, placements: list[Place]) -> list[Place]:
    """The placements after which a stone of the seat's hand would connect on two squares or
    more. With the call that follows, the opponent, blocking one square a turn, can stop the
    win next turn only by covering a stone of the line. Only a stone whose shortest line from
    edge to edge needs one stone more can make a new threat, so only those are played out."""
    geo, size = state.geometry, state.board_size
    ends = [
        distance_map(geo, state.board, state.coverable_squares(), edge)
        for edge in _edges(state.edge_pair(seat))
    ]
    found = []
    for move in placements:
        square = move.row * size + move.column
        code = ORIENTATION_CODE[Orientation(move.kind, move.rotation)]
        borders = geo.side_node[square]
        line = min(
            (
                ends[0][borders[a]] + ends[1][borders[b]]
                for group in JOINS[code]
                for a in group
                for b in group
                if a != b
            ),
            default=geo.nodes,
        )
        if line != 1:
            continue
        after = _after(state, seat, move)
        refused = after.phase is Phase.WIN_REFUSED
        if not refused and not after.is_terminal() and len(threat_squares(after, seat)) >= 2:
            found.append(move)
    return found


CANDIDATES = 16
"""The placements, best ordered first, that `against_replies` plays against the replies."""
REPLIES = 16
"""The opponent's replies, best ordered first for it, each candidate is played against."""
KEPT = 4
"""The candidates, best after the opponent's strongest reply, that the search chooses among."""
BLOCKS = 3
"""The opponent's blocks, best ordered first for it, that a forcing placement is tried against."""
FORCED_WIN = 0.9
"""How much of the way from its value to a win a position is lifted when the seat, to place,
wins or makes a double threat: the opponent may still cover a stone of the line, or win first."""

Order = Callable[[EynsteynState, int, list[Any]], list[Any]]
Evaluate = Callable[[EynsteynState, int], float]


def against_replies(
    state: EynsteynState, seat: int, placements: list[Place], order: Order, evaluate: Evaluate
) -> list[Place]:
    """Of `placements`, the few that leave the seat best placed after the opponent's strongest
    reply (of its best ordered ones): a one-ply judge, such as the greedy bot, cannot tell a
    line that the next stone walls off from one it cannot."""
    candidates = order(state, seat, placements)[:CANDIDATES]
    if len(candidates) <= KEPT:
        return candidates
    worst = {move: _worst_reply(state, seat, move, order, evaluate) for move in candidates}
    return sorted(candidates, key=lambda move: -worst[move])[:KEPT]


def _worst_reply(
    state: EynsteynState, seat: int, move: Place, order: Order, evaluate: Evaluate
) -> float:
    """The seat's value after `move`, the end of its turn and the opponent's reply that
    leaves it worst. After a call the opponent's best blocks of the square the seat threatens
    to connect on are tried too, since those are the replies a forcing move leaves."""
    after = turn_ended(state, seat, move)
    opponent = 1 - seat
    if after.is_terminal() or after.phase is not Phase.PLACE:
        return evaluate(after, seat)
    replies = order(
        after,
        opponent,
        [reply for reply in after.legal_moves(opponent) if isinstance(reply, Place)],
    )
    if not replies:
        return evaluate(after, seat)
    if not after.calls[seat]:
        return min(evaluate(_after(after, opponent, reply), seat) for reply in replies[:REPLIES])
    size = state.board_size
    threats = set(threat_squares(after, seat))
    blocking = [reply for reply in replies if reply.row * size + reply.column in threats]
    others = [
        reply for reply in replies[:REPLIES] if reply.row * size + reply.column not in threats
    ]
    return min(
        [_reply_value(after, seat, reply, evaluate, _wins_now) for reply in others]
        + [
            _reply_value(after, seat, reply, evaluate, _wins_by_force)
            for reply in blocking[:BLOCKS]
        ]
    )


def _reply_value(
    after: EynsteynState,
    seat: int,
    reply: Place,
    evaluate: Evaluate,
    wins: Callable[[EynsteynState, int], bool],
) -> float:
    """The seat's value after the opponent's `reply` to its call, lifted most of the way to a
    win when `wins` finds the seat's next placement winning."""
    replied = _after(after, 1 - seat, reply)
    value = evaluate(replied, seat)
    if not replied.is_terminal():
        own_turn = _turn_over(replied, 1 - seat)
        if own_turn.phase is Phase.PLACE and wins(own_turn, seat):
            return value + FORCED_WIN * (1 - value)
    return value


def _wins_now(state: EynsteynState, seat: int) -> bool:
    """Whether the seat, to place, has a winning placement."""
    return winning_placement(state, seat) is not None


def _wins_by_force(state: EynsteynState, seat: int) -> bool:
    """Whether the seat, to place, wins now or makes a double threat."""
    if _wins_now(state, seat):
        return True
    placements = [move for move in state.legal_moves(seat) if isinstance(move, Place)]
    return bool(double_threats(state, seat, placements))


def turn_ended(state: EynsteynState, seat: int, move: Place) -> EynsteynState:
    """The state after `move`, no marker and the end of the turn from the first stack (with
    the call when it may be made), or the pass after a refused win."""
    after = _after(state, seat, move)
    if after.phase is Phase.WIN_REFUSED:
        return _after(after, seat, Pass())
    return _turn_over(after, seat)


def _turn_over(state: EynsteynState, seat: int) -> EynsteynState:
    """The seat's turn after its placement ended: no marker, a draw from the first stack,
    the call when it may be made."""
    if state.phase is Phase.MARK:
        state = _after(state, seat, SkipMark())
    if state.phase is Phase.END_TURN:
        ends = [end for end in state.legal_moves(seat) if isinstance(end, EndTurn)]
        state = _after(state, seat, next((end for end in ends if end.call), ends[0]))
    return state


def _edges(pair: int) -> tuple[int, int]:
    return (NORTH, SOUTH) if pair == NORTH_SOUTH else (WEST, EAST)


def threat_squares(state: EynsteynState, seat: int) -> list[int]:
    """The squares on which a stone of the seat's hand would connect its edges."""
    pair = state.edge_pair(seat)
    kinds = set(state.hands[seat])
    threats = []
    for square in sorted(state.connecting_squares(seat)):
        base = state.links_without(square)
        if any(
            base.pairs_with(square, code) & pair
            for kind in kinds
            for code in ORIENTATIONS_OF_KIND[kind]
        ):
            threats.append(square)
    return threats


def hands_a_win(state: EynsteynState, seat: int, move: Place) -> bool:
    """Whether the opponent wins with its next placement after the seat plays `move` (and
    ends its turn without a marker). Rule 11: a connection wins with a standing call, or when
    the same placement would not have connected before this turn (`state`'s board)."""
    opponent = 1 - seat
    after = _after(state, seat, move)
    if after.is_terminal():
        return after.winners() == (opponent,)
    called = state.calls[opponent]
    hand = set(state.hands[opponent])
    if after.phase is Phase.WIN_REFUSED:  # the stone goes back: the board stays as it is
        return called and bool(state.connecting_kinds(opponent) & hand)
    pair = state.edge_pair(opponent)
    for square in after.connecting_squares(opponent):
        base = after.links_without(square)
        for kind in hand:
            for code in ORIENTATIONS_OF_KIND[kind]:
                if base.pairs_with(square, code) & pair and (
                    called or not state.pairs_after(square, code) & pair
                ):
                    return True
    return False


def _after(state: EynsteynState, seat: int, move: Any) -> EynsteynState:
    after = state.apply(seat, move).state
    assert isinstance(after, EynsteynState)
    return after
