"""Rule 10 of docs/rules/eynsteyn.md, checked against a brute force: the engine's union-find
lines (built whole, extended incrementally, and asked about one more stone) against a flood fill
over the stones' stubs, on thousands of random boards of every size."""

from __future__ import annotations

from collections import deque

from playhall.core import Rng
from playhall.games.eynsteyn.board import NORTH_SOUTH, WEST_EAST, Links, geometry
from playhall.games.eynsteyn.stones import ORIENTATIONS, PATTERNS, Side

BOARDS = 3000
OPPOSITE = {Side.N: Side.S, Side.S: Side.N, Side.E: Side.W, Side.W: Side.E}
STEP = {Side.N: (-1, 0), Side.S: (1, 0), Side.E: (0, 1), Side.W: (0, -1)}


def flood_pairs(board, size: int) -> int:
    """The edge pairs joined by a line, by breadth-first search over (square, side) stubs of the
    top stones: a stub reaches the other sides of its group and the facing stub of an occupied
    neighbour."""
    tops = {square: PATTERNS[stones[-1]] for square, stones in enumerate(board) if stones}

    def reaches(start_side: Side, goal_side: Side, starts) -> bool:
        seen = {(square, start_side) for square in starts if square in tops}
        queue = deque(seen)
        while queue:
            square, side = queue.popleft()
            row, column = divmod(square, size)
            goal_row = {Side.N: 0, Side.S: size - 1}.get(goal_side)
            goal_column = {Side.W: 0, Side.E: size - 1}.get(goal_side)
            if side == goal_side and (row == goal_row or column == goal_column):
                return True
            group = next(g for g in tops[square] if side in g)
            nexts = [(square, other) for other in group]
            dr, dc = STEP[side]
            if 0 <= row + dr < size and 0 <= column + dc < size:
                facing = (row + dr) * size + column + dc
                if facing in tops:
                    nexts.append((facing, OPPOSITE[side]))
            for stub in nexts:
                if stub not in seen:
                    seen.add(stub)
                    queue.append(stub)
        return False

    pairs = 0
    if reaches(Side.N, Side.S, range(size)):
        pairs |= NORTH_SOUTH
    if reaches(Side.W, Side.E, range(0, size * size, size)):
        pairs |= WEST_EAST
    return pairs


def random_board(rng: Rng, size: int):
    """A board filled to a random density, with stacks up to four high. Line-rich stones are
    drawn more often, so that both connected and unconnected boards come up."""
    line_rich = [code for code, o in enumerate(ORIENTATIONS) if o.kind in (1, 3, 4)]
    density = 0.55 + rng.below(46) / 100
    board = []
    for _ in range(size * size):
        if rng.below(100) >= density * 100:
            board.append(())
            continue
        height = 1 + rng.below(4)
        board.append(tuple(_code(rng, line_rich) for _ in range(height)))
    return tuple(board)


def _code(rng: Rng, line_rich: list[int]) -> int:
    return rng.choice(line_rich) if rng.below(3) else rng.below(len(ORIENTATIONS))


def test_rule_10_union_find_agrees_with_a_flood_fill_on_random_boards():
    rng = Rng.from_int(10)
    line_rich = [code for code, o in enumerate(ORIENTATIONS) if o.kind in (1, 3, 4)]
    outcomes = set()
    for index in range(BOARDS):
        size = 8 + index % 7
        geo = geometry(size)
        board = random_board(rng, size)
        expected = flood_pairs(board, size)
        assert Links.of(geo, board).connected == expected, f"board {index}"
        outcomes.add(expected)
        # One more stone on a random square, on top or on an empty square: asked of the links
        # without that square, and added to them incrementally.
        square = rng.below(size * size)
        code = _code(rng, line_rich)
        after = list(board)
        after[square] = (*board[square], code)
        after_pairs = flood_pairs(after, size)
        outcomes.add(after_pairs)
        base = Links.of(geo, board, without=square)
        assert base.pairs_with(square, code) == after_pairs, f"board {index} + {code}"
        grown = base.copy()
        grown.join(square, code)
        assert grown.connected == after_pairs
        assert Links.of(geo, tuple(after)).connected == after_pairs
    assert outcomes == {0, NORTH_SOUTH, WEST_EAST, NORTH_SOUTH | WEST_EAST}
