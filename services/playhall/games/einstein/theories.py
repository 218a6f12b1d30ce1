"""The Major Theories' requirements (docs/rules/einstein.md, rule 13), one function each.

Each takes the `Placement` just made (The Big Idea after it, the new tile, the Inspirations it
completed) and says whether the active player now meets the requirement; cards.json names the
function of each card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from playhall.games.einstein.placement import BigIdea, lines_of


class Placement(NamedTuple):
    """What a Theory is judged on: the state right after one placement."""

    board: BigIdea
    tile: int
    completions: tuple[tuple[int, ...], ...]
    """The placed tiles of each Inspiration this placement completed."""
    completed_this_turn: int
    """Inspirations completed over the whole turn so far, this placement's included."""

    @property
    def owner(self) -> int:
        return self.board.tiles[self.tile].owner

    def neighbours(self) -> list[tuple[int, int, int]]:
        return self.board.neighbours(self.tile)

    def own_tiles(self, tiles: tuple[int, ...]) -> int:
        return sum(self.board.tiles[t].owner == self.owner for t in tiles)


def _field(board: BigIdea, tile: int) -> int:
    return board.tiles[tile].pose.shape


def four_fields_connected(p: Placement) -> bool:
    """Four Ideas, one per field, the placed one among them, connected through edges shared
    among those four."""
    board = p.board
    frontier = [frozenset([p.tile])]
    while frontier:
        group = frontier.pop()
        if len(group) == 4:
            return True
        fields = {_field(board, t) for t in group}
        for member in group:
            for _, other, _ in board.neighbours(member):
                if other not in group and _field(board, other) not in fields:
                    frontier.append(group | {other})
    return False


def inspiration_with_one_own_idea(p: Placement) -> bool:
    return any(p.own_tiles(tiles) == 1 for tiles in p.completions)


def two_inspirations_in_a_turn(p: Placement) -> bool:
    return p.completed_this_turn >= 2


def touches_all_other_fields(p: Placement) -> bool:
    own = _field(p.board, p.tile)
    touched = {_field(p.board, other) for _, other, _ in p.neighbours()}
    return touched >= {0, 1, 2, 3} - {own}


def three_edges_all_matching(p: Placement) -> bool:
    shared = p.neighbours()
    tile = p.board.tiles[p.tile]
    return len(shared) >= 3 and all(
        lines_of(tile, own) == lines_of(p.board.tiles[other], edge) for own, other, edge in shared
    )


def touches_four_ideas(p: Placement) -> bool:
    return len({other for _, other, _ in p.neighbours()}) >= 4


def inspiration_all_own(p: Placement) -> bool:
    return any(p.own_tiles(tiles) == len(tiles) for tiles in p.completions)


def inspiration_mostly_others(p: Placement) -> bool:
    return any(len(tiles) - p.own_tiles(tiles) > p.own_tiles(tiles) for tiles in p.completions)


def five_own_connected(p: Placement) -> bool:
    board, owner = p.board, p.owner
    seen = {p.tile}
    todo = [p.tile]
    while todo and len(seen) < 5:
        for _, other, _ in board.neighbours(todo.pop()):
            if other not in seen and board.tiles[other].owner == owner:
                seen.add(other)
                todo.append(other)
    return len(seen) >= 5


def matches_two_others(p: Placement) -> bool:
    tile = p.board.tiles[p.tile]
    matched = {
        other
        for own, other, edge in p.neighbours()
        if p.board.tiles[other].owner != tile.owner
        and lines_of(tile, own) == lines_of(p.board.tiles[other], edge)
    }
    return len(matched) >= 2


REQUIREMENTS: dict[str, Callable[[Placement], bool]] = {
    function.__name__: function
    for function in (
        four_fields_connected,
        inspiration_with_one_own_idea,
        two_inspirations_in_a_turn,
        touches_all_other_fields,
        three_edges_all_matching,
        touches_four_ideas,
        inspiration_all_own,
        inspiration_mostly_others,
        five_own_connected,
        matches_two_others,
    )
}
