"""Recent Big Ideas by their tiles, checked once.

A decoded state or a sampled view carries only its tiles; each tile must have been a legal
placement in its turn (the trust boundary), and the frontier must then be rebuilt. Consecutive
requests of one match differ by a tile or two, so a few recent boards are kept: a board found
one or two tiles short is extended (checking only the new tiles) and updates its frontier
incrementally. Every cached board was checked, so a hit needs no check.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from playhall.core import MalformedMessage
from playhall.games.einstein.placement import BigIdea, Place, Tile, forget_frontiers

RECENT = 16
"""Boards kept: enough for a rules service's matches in flight and a bot's search root."""
ANY_STOCK = ((1, 1),) * 4

_recent: OrderedDict[tuple[Tile, ...], BigIdea] = OrderedDict()
_lock = threading.Lock()


def checked_board(tiles: tuple[Tile, ...]) -> BigIdea:
    """The Big Idea of `tiles`; `MalformedMessage` unless every tile was a legal placement
    (lines included, the first at the origin) when it was placed, in canonical form."""
    with _lock:
        board = _recent.get(tiles)
        if board is not None:
            _recent.move_to_end(tiles)
            return board
        start = 0
        for back in (1, 2):
            if len(tiles) >= back and (found := _recent.get(tiles[:-back])) is not None:
                board, start = found, len(tiles) - back
                break
    if board is None:
        board = BigIdea()
    for tile in tiles[start:]:
        move = Place(tile.pose.shape, tile.pattern, tile.pose.rotation, tile.pose.origin)
        canonical, _, why = board.judge(move, ANY_STOCK)
        if why or canonical != move:
            raise MalformedMessage("einstein-inconsistent-tile", tile=len(board.tiles))
        board = board.placed(tile)
        if start == 0:
            board.forget_base()
    with _lock:
        _recent[tiles] = board
        while len(_recent) > RECENT:
            _recent.popitem(last=False)
    return board


def is_recent(board: BigIdea) -> bool:
    """Whether `board` is one of the recent checked boards (the position a search starts from,
    shared by all the states it samples)."""
    with _lock:
        return any(known is board for known in _recent.values())


def forget_all() -> None:
    """Empties the recent boards and the frontiers kept by their tiles (a benchmark's cold
    start)."""
    with _lock:
        _recent.clear()
    forget_frontiers()
