"""The Big Idea and its legal placements (docs/rules/einstein.md, rules 6 to 8).

A placement is legal when the new tile overlaps no placed tile, every stretch of boundary it
shares with a placed tile is a whole edge of both, and at least one shared edge has the same line
count on both sides. Candidates come from the free edges: each free edge, each shape, each of
the shape's edges glued onto it. Most overlap something, so the geometrically possible poses
(the *frontier*, keyed by outline, with the edges each one shares) are kept and updated
incrementally: placing a tile re-checks only the candidates whose bounding box meets the new
tile, against that tile alone, and adds the candidates glued onto the new tile's free edges.
Line counts and stock are applied on top, per seat, when moves are listed.

The frontier never travels on the wire: the rules service is stateless and a decoded state
could carry a forged one, so a decoded Big Idea rebuilds its frontier from its tiles when first
asked; in-process states (bots, playouts) hand theirs on to the next state, which updates it
lazily on first use. A search reaches the same Big Idea again and again (each of its sampled
states replays the tree's placements from the root), so the last frontiers worked out are kept
by their tiles: a frontier is a function of the tiles alone. Checking one submitted move looks
only at the tiles near it.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import NamedTuple

from playhall.games.einstein import geometry as g

CELL = 2.0
"""Side of the squares of the spatial index (about one tile across)."""


class Tile(NamedTuple):
    """A placed Idea: its pose (as the move that placed it), line pattern and owner."""

    pose: g.Pose
    pattern: int
    owner: int


class Contact(NamedTuple):
    """An edge of a candidate (numbered in its outline's canonical pose) on a placed edge."""

    own_edge: int
    host_tile: int
    host_edge: int


class Via(NamedTuple):
    """How a placement can be described: edge `own_edge` of the new tile on the free edge
    `host_edge` of placed tile `host_tile`, a correct match."""

    host_tile: int
    host_edge: int
    own_edge: int


@dataclass(frozen=True, slots=True)
class Place:
    """Place an Idea: shape (its field), line pattern, rotation (edge 0 at 36*rotation
    degrees) and corner 0's exact position, in canonical form (rule 8). `via` names a free
    edge and an edge of the new tile that produce it: a hint for clients, not part of the
    move's identity (none for the first Idea)."""

    shape: int
    pattern: int
    rotation: int
    origin: g.Vec
    via: Via | None = field(default=None, compare=False)

    @property
    def pose(self) -> g.Pose:
        return g.Pose(self.shape, self.rotation, self.origin)


@cache
def _pattern_shifts(shape: int, pattern: int) -> tuple[int, ...]:
    """Corner shifts that leave both the outline and the line counts as they were."""
    base = g.SHAPES[shape]
    lines = base.patterns[pattern]
    return tuple(s for s in base.symmetries if lines[s:] + lines[:s] == lines)


@cache
def _shift_classes(shape: int, pattern: int) -> tuple[tuple[int, ...], ...]:
    """The outline's symmetries grouped by the visible result they give with `pattern`."""
    same = _pattern_shifts(shape, pattern)
    n = g.SHAPES[shape].size
    classes: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for s in g.SHAPES[shape].symmetries:
        if s not in seen:
            group = tuple(sorted((s + t) % n for t in same))
            seen.update(group)
            classes.append(group)
    return tuple(classes)


def canonical(pose: g.Pose, pattern: int) -> g.Pose:
    """The canonical description of a placement: the smallest rotation among the equal ones."""
    return min(g.shifted(pose, s) for s in _pattern_shifts(pose.shape, pattern))


def lines_of(tile: Tile, edge: int) -> int:
    return g.SHAPES[tile.pose.shape].patterns[tile.pattern][edge]


def _cells(box: tuple[float, float, float, float]) -> list[tuple[int, int]]:
    """The index squares a box touches (widened a little, so touching boxes share one)."""
    low_x, high_x = math.floor((box[0] - _MARGIN) / CELL), math.floor((box[1] + _MARGIN) / CELL)
    low_y, high_y = math.floor((box[2] - _MARGIN) / CELL), math.floor((box[3] + _MARGIN) / CELL)
    return [(cx, cy) for cx in range(low_x, high_x + 1) for cy in range(low_y, high_y + 1)]


_MARGIN = 1e-6

FRONTIERS_KEPT = 512
"""Frontiers kept by their tiles: about the tree of a `normal` Einstein search."""


class Candidate(NamedTuple):
    """A geometrically possible pose: its footprint, the placed edges it lies on and the
    placements it offers with each pattern."""

    shape: int
    footprint: g.Footprint
    contacts: tuple[Contact, ...]
    moves: tuple[tuple[Place, ...], tuple[Place, ...]]


Stock = tuple[tuple[int, int], ...]
"""Tiles left per shape: (pattern A count, pattern B count)."""


class BigIdea:
    """The placed tiles with their indices. Immutable: `placed` returns a new one."""

    __slots__ = (
        "tiles",
        "edges",
        "lines",
        "cells",
        "footprints",
        "outlines",
        "_frontier",
        "_base",
        "__weakref__",
    )
    tiles: tuple[Tile, ...]
    edges: dict[tuple[g.Vec, g.Vec], tuple[int, int]]
    lines: dict[g.EdgeLine, tuple[float, ...]]
    cells: dict[tuple[int, int], tuple[int, ...]]
    footprints: tuple[g.Footprint, ...]
    outlines: dict[g.Pose, int]
    _frontier: dict[g.Pose, Candidate] | None
    _base: BigIdea | None

    def __init__(self) -> None:
        self.tiles = ()
        self.edges = {}
        self.lines = {}
        self.cells = {}
        self.footprints = ()
        self.outlines = {}
        self._frontier = None
        self._base = None

    @classmethod
    def of(cls, tiles: tuple[Tile, ...]) -> BigIdea:
        board = cls()
        for tile in tiles:
            board = board.placed(tile)
            board.forget_base()
        return board

    def forget_base(self) -> None:
        """Drops the link to the Big Idea this one grew from (its frontier is then rebuilt
        rather than updated), so a long chain of boards is not kept alive."""
        self._base = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BigIdea):
            return NotImplemented
        return self.tiles == other.tiles

    __hash__ = None  # type: ignore[assignment]

    def placed(self, tile: Tile) -> BigIdea:
        """The Big Idea with `tile` added (already checked to be legal)."""
        board = object.__new__(BigIdea)
        index = len(self.tiles)
        board.tiles = self.tiles + (tile,)
        board.edges = dict(self.edges)
        board.lines = dict(self.lines)
        for number, ((start, end, _), (line, position)) in enumerate(
            zip(g.edges(tile.pose), g.edge_lines(tile.pose), strict=True)
        ):
            board.edges[(start, end)] = (index, number)
            board.lines[line] = board.lines.get(line, ()) + (position,)
        footprint = g.footprint(tile.pose)
        board.footprints = self.footprints + (footprint,)
        board.cells = dict(self.cells)
        for cell in _cells(footprint.box):
            board.cells[cell] = board.cells.get(cell, ()) + (index,)
        board.outlines = dict(self.outlines)
        board.outlines[g.outline(tile.pose)] = index
        board._frontier = None
        board._base = self
        return board

    # -- checking one pose -----------------------------------------------------------------------

    def near(self, box: tuple[float, float, float, float]) -> set[int]:
        """Placed tiles whose index squares meet `box`."""
        found: set[int] = set()
        for cell in _cells(box):
            found.update(self.cells.get(cell, ()))
        return found

    def fit(
        self, pose: g.Pose, footprint: g.Footprint, against: set[int] | tuple[int, ...]
    ) -> tuple[Contact, ...] | None:
        """The edges `pose` shares with placed tiles, or None when it overlaps one of the
        tiles `against` or touches any placed edge for part of its length only."""
        footprints = self.footprints
        for other in against:
            if g.interiors_overlap(footprint, footprints[other]):
                return None
        return self.edge_contacts(pose)

    def edge_contacts(self, pose: g.Pose) -> tuple[Contact, ...] | None:
        contacts: list[Contact] = []
        edges, lines = self.edges, self.lines
        for number, ((start, end, _), (line, position)) in enumerate(
            zip(g.edges(pose), g.edge_lines(pose), strict=True)
        ):
            host = edges.get((end, start))
            if host is not None:
                contacts.append(Contact(number, host[0], host[1]))
                continue
            if (start, end) in edges:
                return None
            for other in lines.get(line, ()):
                if g.partly_along(position, other):
                    return None
        return tuple(contacts)

    def refusal(self, pose: g.Pose) -> str:
        """The message key of why `pose` cannot be placed geometrically, or '' when it can."""
        footprint = g.footprint(pose)
        for other in self.near(footprint.box):
            if g.interiors_overlap(footprint, self.footprints[other]):
                return "einstein-overlap"
        contacts = self.edge_contacts(pose)
        if contacts is None:
            return "einstein-partial-edge"
        if not contacts:
            return "einstein-no-contact"
        return ""

    # -- the frontier ------------------------------------------------------------------------------

    @property
    def frontier(self) -> dict[g.Pose, Candidate]:
        """Every pose glued onto a free edge that fits, by outline (rebuilt or updated once)."""
        if self._frontier is None:
            known = _known_frontier(self.tiles)
            if known is None:
                base = self._base
                if base is not None and base.tiles and base._knows_frontier(depth=2):
                    known = self._updated(base.frontier)
                else:
                    known = self._rebuilt()
                _keep_frontier(self.tiles, known)
            self._frontier = known
            self._base = None
        return self._frontier

    def _knows_frontier(self, depth: int) -> bool:
        """Whether the frontier is at hand within `depth` updates (cheaper than a rebuild)."""
        if self._frontier is not None:
            return True
        base = self._base
        return (
            depth > 1 and base is not None and bool(base.tiles) and base._knows_frontier(depth - 1)
        )

    def _rebuilt(self) -> dict[g.Pose, Candidate]:
        frontier: dict[g.Pose, Candidate] = {}
        for index in range(len(self.tiles)):
            self._add_glued(index, frontier)
        return frontier

    def _updated(self, old: dict[g.Pose, Candidate]) -> dict[g.Pose, Candidate]:
        newest = len(self.tiles) - 1
        box = self.footprints[newest].box
        frontier: dict[g.Pose, Candidate] = {}
        for key, candidate in old.items():
            if not g.boxes_touch(candidate.footprint.box, box):
                frontier[key] = candidate
                continue
            contacts = self.fit(key, candidate.footprint, (newest,))
            if contacts == candidate.contacts:
                frontier[key] = candidate
            elif contacts is not None:
                frontier[key] = self._candidate(key, candidate.footprint, contacts)
        self._add_glued(newest, frontier)
        return frontier

    def _add_glued(self, index: int, frontier: dict[g.Pose, Candidate]) -> None:
        """Adds the fitting poses glued onto tile `index`'s free edges."""
        edges = self.edges
        tried: set[g.Pose] = set()
        for start, end, direction in g.edges(self.tiles[index].pose):
            if (end, start) in edges:
                continue
            for key in _glued_outlines(start, direction):
                if key in frontier or key in tried:
                    continue
                tried.add(key)
                footprint = g.footprint(key)
                contacts = self.fit(key, footprint, self.near(footprint.box))
                if contacts is not None:
                    frontier[key] = self._candidate(key, footprint, contacts)

    # -- moves -------------------------------------------------------------------------------------

    def placements(self, stock: Stock) -> list[Place]:
        """Every legal placement from `stock`, once each, in canonical form and order."""
        if not self.tiles:
            return sorted(_first_placements(stock), key=_order)
        moves: list[Place] = []
        for candidate in self.frontier.values():
            for pattern, count in enumerate(stock[candidate.shape]):
                if count:
                    moves += candidate.moves[pattern]
        moves.sort(key=_order)
        return moves

    def has_placement(self, stock: Stock) -> bool:
        if not self.tiles:
            return any(sum(counts) for counts in stock)
        if self._quick_placement(stock):
            return True
        return any(_offers(candidate, stock) for candidate in self.frontier.values())

    def _quick_placement(self, stock: Stock) -> bool:
        """True when a placement legal before the newest tile lies clear of it (and so is
        still legal): answers without updating the frontier, which a search may never need."""
        base = self._base
        if self._frontier is not None or base is None or base._frontier is None:
            return False
        box = self.footprints[-1].box
        return any(
            _offers(candidate, stock) and not g.boxes_touch(candidate.footprint.box, box)
            for candidate in base._frontier.values()
        )

    def _candidate(
        self, key: g.Pose, footprint: g.Footprint, contacts: tuple[Contact, ...]
    ) -> Candidate:
        return Candidate(
            key.shape,
            footprint,
            contacts,
            (self._moves_at(key, contacts, 0), self._moves_at(key, contacts, 1)),
        )

    def _moves_at(
        self, key: g.Pose, contacts: tuple[Contact, ...], pattern: int
    ) -> tuple[Place, ...]:
        """The placements of pattern `pattern` with outline `key`: one per visible result
        with a correct match."""
        shape = g.SHAPES[key.shape]
        n = shape.size
        lines = shape.patterns[pattern]
        found: list[Place] = []
        for shift in _representatives(key.shape, pattern, key.rotation):
            for own, host_tile, host_edge in contacts:
                if lines[(own - shift) % n] == lines_of(self.tiles[host_tile], host_edge):
                    pose = g.shifted(key, shift)
                    via = Via(host_tile, host_edge, (own - shift) % n)
                    found.append(Place(key.shape, pattern, pose.rotation, pose.origin, via))
                    break
        return tuple(found)

    def judge(self, move: Place, stock: Stock) -> tuple[Place, tuple[Contact, ...], str]:
        """The canonical form of a submitted placement, the edges it shares (numbered as its
        canonical pose numbers them) and the message key of why it is refused ('' when legal); no
        listing."""
        if not 0 <= move.pattern < 2 or not stock[move.shape][move.pattern]:
            return move, (), "einstein-not-in-stock"
        pose = canonical(move.pose, move.pattern)
        move = Place(move.shape, move.pattern, pose.rotation, pose.origin)
        if not self.tiles:
            if move not in _first_placements(stock):
                return move, (), "einstein-first-in-centre"
            return move, (), ""
        why = self.refusal(pose)
        if why:
            return move, (), why
        contacts = self.edge_contacts(pose) or ()
        lines = g.SHAPES[move.shape].patterns[move.pattern]
        if not any(
            lines[c.own_edge] == lines_of(self.tiles[c.host_tile], c.host_edge) for c in contacts
        ):
            return move, contacts, "einstein-no-line-match"
        return move, contacts, ""

    def free_edges(self) -> list[tuple[int, int]]:
        """(tile, edge) of every edge no other tile lies on."""
        return [
            (index, number)
            for index, tile in enumerate(self.tiles)
            for number, (start, end, _) in enumerate(g.edges(tile.pose))
            if (end, start) not in self.edges
        ]

    def neighbours(self, index: int) -> list[tuple[int, int, int]]:
        """(own edge, neighbour tile, neighbour edge) for every edge tile `index` shares."""
        found = []
        for number, (start, end, _) in enumerate(g.edges(self.tiles[index].pose)):
            host = self.edges.get((end, start))
            if host is not None:
                found.append((number, host[0], host[1]))
        return found


_frontiers: OrderedDict[tuple[Tile, ...], dict[g.Pose, Candidate]] = OrderedDict()
_frontiers_lock = threading.Lock()


def _known_frontier(tiles: tuple[Tile, ...]) -> dict[g.Pose, Candidate] | None:
    with _frontiers_lock:
        frontier = _frontiers.get(tiles)
        if frontier is not None:
            _frontiers.move_to_end(tiles)
        return frontier


def forget_frontiers() -> None:
    """Empties the kept frontiers (a benchmark's cold start, a test's rebuild)."""
    with _frontiers_lock:
        _frontiers.clear()


def _keep_frontier(tiles: tuple[Tile, ...], frontier: dict[g.Pose, Candidate]) -> None:
    """Keeps a finished frontier (never changed afterwards) for the next board of `tiles`."""
    with _frontiers_lock:
        _frontiers[tiles] = frontier
        while len(_frontiers) > FRONTIERS_KEPT:
            _frontiers.popitem(last=False)


@lru_cache(maxsize=g.POSES_CACHED // 8)
def _glued_outlines(start: g.Vec, direction: int) -> tuple[g.Pose, ...]:
    """The outline of every shape glued by each of its edges onto the edge from `start` in
    `direction` (a search meets the same free edges in many of its positions)."""
    return tuple(
        g.outline(g.glue(shape.kind, own, start, direction))
        for shape in g.SHAPES
        for own in range(shape.size)
    )


@cache
def _representatives(shape: int, pattern: int, rotation: int) -> tuple[int, ...]:
    """For an outline at `rotation`: per visible result, the shift giving its canonical form
    (the smallest rotation)."""
    directions = g.SHAPES[shape].directions
    return tuple(
        min(group, key=lambda s: (rotation + directions[s]) % g.TURNS)
        for group in _shift_classes(shape, pattern)
    )


def _offers(candidate: Candidate, stock: Stock) -> bool:
    counts = stock[candidate.shape]
    return bool((counts[0] and candidate.moves[0]) or (counts[1] and candidate.moves[1]))


def _first_placements(stock: Stock) -> set[Place]:
    return {
        Place(pose.shape, pattern, pose.rotation, pose.origin)
        for shape in g.SHAPES
        for pattern, count in enumerate(stock[shape.kind])
        if count
        for rotation in range(g.TURNS)
        for pose in (canonical(g.Pose(shape.kind, rotation, g.ORIGIN), pattern),)
    }


def _order(move: Place) -> tuple[int, int, int, g.Vec]:
    return (move.shape, move.pattern, move.rotation, move.origin)


def glued_placement(
    board: BigIdea, shape: int, pattern: int, own_edge: int, host_tile: int, host_edge: int
) -> Place:
    """The placement 'edge own_edge of the new tile on edge host_edge of tile host_tile', in
    canonical form (not yet checked to be legal)."""
    start, _, direction = g.edges(board.tiles[host_tile].pose)[host_edge]
    pose = canonical(g.glue(shape, own_edge, start, direction), pattern)
    return Place(shape, pattern, pose.rotation, pose.origin)
