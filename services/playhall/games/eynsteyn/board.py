"""The board's geometry, its lines (union-find) and the connection distance.

Lines are tracked on the borders between squares rather than on the stones' stubs: every border
of the grid, the outer ones included, is one node. A stone joins the borders of its square that
share a group of its pattern; a stub facing an empty square, or the board's rim, joins nothing
further. So two stubs that face each other are one node, and a player's edges are connected
exactly when one component holds a rim border of each of that player's two edges.

Placing on an empty square only adds joins, which union-find takes incrementally; covering a
stone removes its joins, so the links are then rebuilt without that square.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from playhall.games.eynsteyn.stones import PATTERNS, Side

Board = tuple[tuple[int, ...], ...]
"""Every square's stones (orientation codes), bottom first; squares in row-major order."""

NORTH, SOUTH, WEST, EAST = 1, 2, 4, 8
"""Rim flags: which board edge a rim border lies on."""
NORTH_SOUTH = NORTH | SOUTH
WEST_EAST = WEST | EAST

JOINS = tuple(tuple(group for group in pattern if len(group) > 1) for pattern in PATTERNS)
"""For each orientation code, the groups that join two or more sides."""
JOINED_WITH = tuple(
    tuple(next(group for group in pattern if side in group) for side in Side)
    for pattern in PATTERNS
)
"""For each orientation code and side, the sides of that side's group (itself included)."""


class Geometry(NamedTuple):
    """The grid of one board size. Border nodes: the horizontal borders row by row (n + 1 rows
    of n), then the vertical ones (n rows of n + 1)."""

    size: int
    nodes: int
    side_node: tuple[tuple[int, int, int, int], ...]
    """For each square, the node of its N, E, S and W border."""
    rim: tuple[int, ...]
    """For each node, its rim flag (0 inside the board)."""
    neighbours: tuple[tuple[int, ...], ...]
    """For each square, its orthogonal neighbours."""
    on_rim: tuple[bool, ...]
    """For each square, whether it lies on the board's edge."""
    node_squares: tuple[tuple[tuple[int, Side], ...], ...]
    """For each node, the squares it borders and the side of each it is."""


@cache
def geometry(size: int) -> Geometry:
    horizontal = (size + 1) * size
    side_node = []
    neighbours = []
    for row in range(size):
        for column in range(size):
            north = row * size + column
            west = horizontal + row * (size + 1) + column
            side_node.append((north, west + 1, north + size, west))
            around = []
            if row > 0:
                around.append((row - 1) * size + column)
            if column < size - 1:
                around.append(row * size + column + 1)
            if row < size - 1:
                around.append((row + 1) * size + column)
            if column > 0:
                around.append(row * size + column - 1)
            neighbours.append(tuple(around))
    nodes = horizontal + size * (size + 1)
    rim = [0] * nodes
    for column in range(size):
        rim[column] = NORTH
        rim[size * size + column] = SOUTH
    for row in range(size):
        rim[horizontal + row * (size + 1)] = WEST
        rim[horizontal + row * (size + 1) + size] = EAST
    touching: list[list[tuple[int, Side]]] = [[] for _ in range(nodes)]
    for square, borders in enumerate(side_node):
        for side in Side:
            touching[borders[side]].append((square, side))
    return Geometry(
        size=size,
        nodes=nodes,
        side_node=tuple(side_node),
        rim=tuple(rim),
        neighbours=tuple(neighbours),
        on_rim=tuple(len(around) < 4 for around in neighbours),
        node_squares=tuple(tuple(t) for t in touching),
    )


def pairs_of(flags: int) -> int:
    """The edge pairs (NORTH_SOUTH, WEST_EAST) a component touching `flags` connects."""
    pairs = 0
    if flags & NORTH_SOUTH == NORTH_SOUTH:
        pairs |= NORTH_SOUTH
    if flags & WEST_EAST == WEST_EAST:
        pairs |= WEST_EAST
    return pairs


class Links:
    """Union-find over the border nodes of a board's top stones. `connected` holds the edge
    pairs some component already joins."""

    __slots__ = ("geometry", "parent", "flags", "connected")

    def __init__(self, geo: Geometry, parent: list[int], flags: list[int], connected: int):
        self.geometry = geo
        self.parent = parent
        self.flags = flags
        self.connected = connected

    @classmethod
    def of(cls, geo: Geometry, board: Board, without: int | None = None) -> Links:
        """The links of `board`'s top stones, leaving out square `without`."""
        links = cls(geo, list(range(geo.nodes)), list(geo.rim), 0)
        for square, stones in enumerate(board):
            if stones and square != without:
                links.join(square, stones[-1])
        return links

    def copy(self) -> Links:
        return Links(self.geometry, self.parent.copy(), self.flags.copy(), self.connected)

    def find(self, node: int) -> int:
        parent = self.parent
        root = node
        while parent[root] != root:
            root = parent[root]
        while parent[node] != root:
            parent[node], node = root, parent[node]
        return root

    def join(self, square: int, code: int) -> None:
        """Adds the joins of a stone of orientation `code` lying on `square`."""
        borders = self.geometry.side_node[square]
        for group in JOINS[code]:
            root = self.find(borders[group[0]])
            for side in group[1:]:
                other = self.find(borders[side])
                if other != root:
                    self.parent[other] = root
                    self.flags[root] |= self.flags[other]
            self.connected |= pairs_of(self.flags[root])

    def pairs_with(self, square: int, code: int) -> int:
        """The edge pairs connected once a stone of orientation `code` lies on `square`, which
        these links leave out. Changes nothing (beyond path compression)."""
        borders = self.geometry.side_node[square]
        merged: list[tuple[set[int], int]] = []
        for group in JOINS[code]:
            roots = {self.find(borders[side]) for side in group}
            flags = 0
            for root in roots:
                flags |= self.flags[root]
            for other in [m for m in merged if m[0] & roots]:
                merged.remove(other)
                roots |= other[0]
                flags |= other[1]
            merged.append((roots, flags))
        pairs = self.connected
        for _, flags in merged:
            pairs |= pairs_of(flags)
        return pairs

    def reach(self, square: int) -> int:
        """The rim flags of every component a stone on `square` could touch: what any stone
        placed there could connect at most."""
        flags = 0
        for node in self.geometry.side_node[square]:
            flags |= self.flags[self.find(node)]
        return flags


def distance_map(
    geo: Geometry,
    board: Board,
    coverable: frozenset[int],
    source: int,
    later: frozenset[int] = frozenset(),
) -> list[int]:
    """For every border node, the fewest stones that would join it by a line to the edge whose
    rim flag is `source`: a shortest-path search in which following a lying stone's line costs
    nothing, crossing an empty or coverable square costs one stone (of whatever pattern suits)
    and crossing a square of `later` (a stone that may be covered once its neighbours are
    filled) costs two. `geo.nodes` where no line can reach."""
    best = [geo.nodes] * geo.nodes
    buckets: list[list[int]] = [[] for _ in range(geo.nodes + 2)]
    for node, flag in enumerate(geo.rim):
        if flag == source:
            best[node] = 0
            buckets[0].append(node)
    for cost, bucket in enumerate(buckets):
        while bucket:
            node = bucket.pop()
            if best[node] != cost:
                continue
            for square, side in geo.node_squares[node]:
                stones = board[square]
                borders = geo.side_node[square]
                step = 1
                if stones:
                    for other in JOINED_WITH[stones[-1]][side]:
                        next_node = borders[other]
                        if best[next_node] > cost:
                            best[next_node] = cost
                            bucket.append(next_node)
                    if square not in coverable:
                        if square not in later:
                            continue
                        step = 2
                for next_node in borders:
                    if best[next_node] > cost + step and cost + step <= geo.nodes:
                        best[next_node] = cost + step
                        buckets[cost + step].append(next_node)
    return best


def distance(
    geo: Geometry,
    board: Board,
    coverable: frozenset[int],
    source: int,
    target: int,
    later: frozenset[int] = frozenset(),
) -> int:
    """The fewest stones that would join the edge `source` to the opposite edge `target` by a
    line (`geo.nodes` when none can); `later` as for `distance_map`."""
    reached = distance_map(geo, board, coverable, source, later)
    return min(cost for node, cost in enumerate(reached) if geo.rim[node] == target)
