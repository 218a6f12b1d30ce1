"""Einstein's exact Penrose geometry: points, the four Idea shapes, poses and overlap.

Rules: docs/rules/einstein.md ("The Idea tiles"). Every edge has length 1 and points in a
multiple of 36 degrees, so every corner of every placed tile is an integer combination of the
10th roots of unity. A point is held as four integers (a0, a1, a2, a3) meaning
a0 + a1*z + a2*z^2 + a3*z^3 with z = e^(i*pi/5), using z^4 = z^3 - z^2 + z - 1; equal points
have equal tuples, so vertex and edge identity is exact.

Overlap is a separating-axis test on the five lattice directions: each shape is covered by
convex pieces whose sides run in those directions (shapes.json), so two pieces share interior
points exactly when their projections overlap on all five axes perpendicular to them. A
projection is sin(36 deg) * (p + q*phi) with integers p and q, computed exactly and compared as
floats with `TOLERANCE`: for integers up to a few hundred two different values of p + q*phi
differ by more than 1e-3 (their difference times its conjugate is a non-zero integer), while
the float error stays below 1e-12, so every comparison decides as exact arithmetic would.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from typing import NamedTuple

Vec = tuple[int, int, int, int]
"""A point of Z[z]: the coefficients of 1, z, z^2, z^3."""

ORIGIN: Vec = (0, 0, 0, 0)
PHI = (1 + 5**0.5) / 2
TOLERANCE = 1e-9
TURNS = 10
"""Rotation steps of 36 degrees in a full turn."""
AXES = 5
"""Lattice directions up to sign: the separating axes and the edge lines."""


def add(a: Vec, b: Vec) -> Vec:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def times_zeta(v: Vec) -> Vec:
    """v * z, reduced with z^4 = z^3 - z^2 + z - 1."""
    a0, a1, a2, a3 = v
    return (-a3, a0 + a3, a1 - a3, a2 + a3)


def rotate(v: Vec, steps: int) -> Vec:
    """v turned by `steps` * 36 degrees about the origin."""
    for _ in range(steps % TURNS):
        v = times_zeta(v)
    return v


def _powers() -> tuple[Vec, ...]:
    powers = [(1, 0, 0, 0)]
    for _ in range(TURNS - 1):
        powers.append(times_zeta(powers[-1]))
    return tuple(powers)


UNIT: tuple[Vec, ...] = _powers()
"""z^k for k = 0..9: the unit step in direction 36k degrees."""

# sin(36m deg) / sin(36 deg) and 2 cos(36m deg) as (p, q) meaning p + q*phi, for m = 0..9.
_SIN = ((0, 0), (1, 0), (0, 1), (0, 1), (1, 0), (0, 0), (-1, 0), (0, -1), (0, -1), (-1, 0))
_COS2 = ((2, 0), (0, 1), (-1, 1), (1, -1), (0, -1), (-2, 0), (0, -1), (1, -1), (-1, 1), (0, 1))


def _rows(table: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per axis, the table's entries for the four powers: (p factors, q factors)."""
    return tuple(
        (
            tuple(table[(k - axis) % TURNS][0] for k in range(4)),
            tuple(table[(k - axis) % TURNS][1] for k in range(4)),
        )
        for axis in range(TURNS)
    )


_SIN_ROWS = _rows(_SIN)
_COS2_ROWS = _rows(_COS2)


def _project(v: Vec, axis: int, rows: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[int, int]:
    (p0, p1, p2, p3), (q0, q1, q2, q3) = rows[axis]
    a0, a1, a2, a3 = v
    return a0 * p0 + a1 * p1 + a2 * p2 + a3 * p3, a0 * q0 + a1 * q1 + a2 * q2 + a3 * q3


def across(v: Vec, axis: int) -> tuple[int, int]:
    """Exactly where v lies across direction `axis` (Im(v z^-axis) / sin 36 = p + q*phi)."""
    return _project(v, axis, _SIN_ROWS)


def along(v: Vec, axis: int) -> float:
    """Where v lies along direction `axis` (Re(v z^-axis)), in edge lengths."""
    p, q = _project(v, axis, _COS2_ROWS)
    return (p + q * PHI) / 2


def value(pq: tuple[int, int]) -> float:
    return pq[0] + pq[1] * PHI


def to_xy(v: Vec) -> tuple[float, float]:
    """The point in the plane, for drawing."""
    x = sum(c * value(_COS2[k]) / 2 for k, c in enumerate(v))
    y = sum(c * value(_SIN[k]) for k, c in enumerate(v)) * _SIN36
    return x, y


_SIN36 = (10 - 2 * 5**0.5) ** 0.5 / 4


# -- the shapes ----------------------------------------------------------------------------------


class Shape(NamedTuple):
    """One kind of Idea tile at rotation 0 with corner 0 at the origin."""

    kind: int
    field: str
    name: str
    angles: tuple[int, ...]
    directions: tuple[int, ...]
    """Direction of edge i (from corner i to corner i+1) in 36-degree steps."""
    corners: tuple[Vec, ...]
    pieces: tuple[tuple[int, ...], ...]
    """Convex pieces covering the shape, as corner indices."""
    symmetries: tuple[int, ...]
    """Corner shifts that map the outline onto itself (0 included)."""
    patterns: tuple[tuple[int, ...], ...]
    """Line counts per edge for each pattern (A, B)."""

    @property
    def size(self) -> int:
        return len(self.angles)


PATTERN_NAMES = ("A", "B")


def _build_shape(index: int, data: dict[str, object]) -> Shape:
    angles = tuple(int(a) for a in data["angles"])  # type: ignore[attr-defined]
    n = len(angles)
    directions = [0]
    for corner in range(1, n):
        directions.append(directions[-1] + (180 - angles[corner]) // 36)
    corners = [ORIGIN]
    for direction in directions[:-1]:
        corners.append(add(corners[-1], UNIT[direction % TURNS]))
    closing = add(corners[-1], UNIT[directions[-1] % TURNS])
    if closing != ORIGIN or sum(angles) != 180 * (n - 2):
        raise ValueError(f"shape {data['name']} does not close")
    symmetries = tuple(s for s in range(n) if angles[s:] + angles[:s] == angles)
    patterns_data: dict[str, list[int]] = data["patterns"]  # type: ignore[assignment]
    return Shape(
        kind=index,
        field=str(data["field"]),
        name=str(data["name"]),
        angles=angles,
        directions=tuple(d % TURNS for d in directions),
        corners=tuple(corners),
        pieces=tuple(tuple(piece) for piece in data["pieces"]),  # type: ignore[attr-defined]
        symmetries=symmetries,
        patterns=tuple(tuple(patterns_data[name]) for name in PATTERN_NAMES),
    )


def _load() -> tuple[tuple[str, ...], tuple[Shape, ...]]:
    data = json.loads(resources.files(__package__).joinpath("shapes.json").read_text())
    fields = tuple(data["fields"])
    shapes = tuple(_build_shape(i, shape) for i, shape in enumerate(data["shapes"]))
    if tuple(shape.field for shape in shapes) != fields:
        raise ValueError("shapes.json lists one shape per field, in field order")
    return fields, shapes


FIELDS, SHAPES = _load()


# -- poses ---------------------------------------------------------------------------------------


class Pose(NamedTuple):
    """A shape placed in the plane: edge 0 points at 36*rotation degrees, corner 0 at origin."""

    shape: int
    rotation: int
    origin: Vec


class Frame(NamedTuple):
    """A shape at one rotation, relative to corner 0: what every pose of it shares."""

    corners: tuple[Vec, ...]
    directions: tuple[int, ...]
    bounds: tuple[tuple[tuple[float, float], ...], ...]
    """Per convex piece, per axis: (low, high) across that axis, over sin 36."""
    box: tuple[float, float, float, float]
    """x low, x high, y low, y high."""
    lines: tuple[tuple[int, int, int, float], ...]
    """Per edge: its axis, where its start lies across the axis (p, q) and where its lower
    end lies along it, relative to corner 0."""


@cache
def frame(shape: int, rotation: int) -> Frame:
    base = SHAPES[shape]
    corners = tuple(rotate(c, rotation) for c in base.corners)
    bounds = []
    for piece in base.pieces:
        per_axis = []
        for axis in range(AXES):
            values = [value(across(corners[i], axis)) for i in piece]
            per_axis.append((min(values), max(values)))
        bounds.append(tuple(per_axis))
    xy = [to_xy(c) for c in corners]
    directions = tuple((d + rotation) % TURNS for d in base.directions)
    lines = []
    for corner, direction in zip(corners, directions, strict=True):
        (axis, p, q), position = edge_line(corner, direction)
        lines.append((axis, p, q, position))
    return Frame(
        corners=corners,
        directions=directions,
        lines=tuple(lines),
        bounds=tuple(bounds),
        box=(
            min(x for x, _ in xy),
            max(x for x, _ in xy),
            min(y for _, y in xy),
            max(y for _, y in xy),
        ),
    )


POSES_CACHED = 1 << 15
"""Poses whose corners, edges and footprint are kept: a game checks the same candidate poses
again and again (every state, every sampled state of a search)."""


@lru_cache(maxsize=POSES_CACHED)
def corners(pose: Pose) -> tuple[Vec, ...]:
    o = pose.origin
    return tuple(add(o, c) for c in frame(pose.shape, pose.rotation).corners)


@lru_cache(maxsize=POSES_CACHED)
def edges(pose: Pose) -> tuple[tuple[Vec, Vec, int], ...]:
    """Each edge as (start, end, direction), counter-clockwise from edge 0."""
    points = corners(pose)
    directions = frame(pose.shape, pose.rotation).directions
    n = len(points)
    return tuple((points[i], points[(i + 1) % n], directions[i]) for i in range(n))


def shifted(pose: Pose, shift: int) -> Pose:
    """The same outline described from corner `shift` as corner 0 (a symmetry of the shape)."""
    f = frame(pose.shape, pose.rotation)
    return Pose(pose.shape, f.directions[shift], add(pose.origin, f.corners[shift]))


def outline(pose: Pose) -> Pose:
    """The pose's outline in canonical form: among the descriptions of the same set of
    corners, the one with the smallest rotation. Equal outlines, equal results."""
    return min(shifted(pose, s) for s in SHAPES[pose.shape].symmetries)


def glue(shape: int, own_edge: int, start: Vec, direction: int) -> Pose:
    """The pose whose edge `own_edge` lies on the edge from `start` in `direction`, running
    the other way (as a neighbour's edge does)."""
    rotation = (direction + TURNS // 2 - SHAPES[shape].directions[own_edge]) % TURNS
    end = add(start, UNIT[direction])
    return Pose(shape, rotation, sub(end, frame(shape, rotation).corners[own_edge]))


def turned(pose: Pose, steps: int) -> Pose:
    """The pose turned by `steps` * 36 degrees about the origin of the plane."""
    return Pose(pose.shape, (pose.rotation + steps) % TURNS, rotate(pose.origin, steps))


def moved(pose: Pose, offset: Vec) -> Pose:
    return Pose(pose.shape, pose.rotation, add(pose.origin, offset))


# -- overlap -------------------------------------------------------------------------------------


class Footprint(NamedTuple):
    """A pose's convex pieces as intervals on the five axes, and its bounding box."""

    pieces: tuple[tuple[tuple[float, float], ...], ...]
    box: tuple[float, float, float, float]


@lru_cache(maxsize=POSES_CACHED)
def footprint(pose: Pose) -> Footprint:
    f = frame(pose.shape, pose.rotation)
    shift = [value(across(pose.origin, axis)) for axis in range(AXES)]
    x, y = to_xy(pose.origin)
    return Footprint(
        pieces=tuple(
            tuple((lo + s, hi + s) for (lo, hi), s in zip(piece, shift, strict=True))
            for piece in f.bounds
        ),
        box=(f.box[0] + x, f.box[1] + x, f.box[2] + y, f.box[3] + y),
    )


def boxes_meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """True when two bounding boxes share interior points."""
    return (
        a[1] > b[0] + TOLERANCE
        and b[1] > a[0] + TOLERANCE
        and a[3] > b[2] + TOLERANCE
        and b[3] > a[2] + TOLERANCE
    )


def boxes_touch(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """True when two bounding boxes meet, even along a side or at a corner."""
    return (
        a[1] >= b[0] - TOLERANCE
        and b[1] >= a[0] - TOLERANCE
        and a[3] >= b[2] - TOLERANCE
        and b[3] >= a[2] - TOLERANCE
    )


def interiors_overlap(a: Footprint, b: Footprint) -> bool:
    """True when the two tiles share interior points (touching edges or corners is no overlap)."""
    if not boxes_meet(a.box, b.box):
        return False
    for piece_a in a.pieces:
        for piece_b in b.pieces:
            for (lo_a, hi_a), (lo_b, hi_b) in zip(piece_a, piece_b, strict=True):
                if hi_a <= lo_b + TOLERANCE or hi_b <= lo_a + TOLERANCE:
                    break
            else:
                return True
    return False


# -- edge lines ----------------------------------------------------------------------------------

EdgeLine = tuple[int, int, int]
"""The line an edge lies on, exactly: (axis, p, q) with p + q*phi its offset across the axis."""


def edge_line(start: Vec, direction: int) -> tuple[EdgeLine, float]:
    """The line of an edge and where along it the edge's lower end lies: two unit edges on one
    line touch for a positive length but differ when those positions differ by less than 1."""
    axis = direction % AXES
    p, q = across(start, axis)
    position = along(start, axis)
    return (axis, p, q), position if direction < AXES else position - 1


@lru_cache(maxsize=POSES_CACHED)
def edge_lines(pose: Pose) -> tuple[tuple[EdgeLine, float], ...]:
    """`edge_line` of every edge of a pose (the frame's, shifted by corner 0's position)."""
    origin = pose.origin
    across_origin = [across(origin, axis) for axis in range(AXES)]
    along_origin = [along(origin, axis) for axis in range(AXES)]
    found = []
    for axis, p, q, position in frame(pose.shape, pose.rotation).lines:
        op, oq = across_origin[axis]
        found.append(((axis, op + p, oq + q), along_origin[axis] + position))
    return tuple(found)


def partly_along(a: float, b: float) -> bool:
    """True when unit edges at positions a and b on one line overlap without coinciding."""
    gap = abs(a - b)
    return TOLERANCE < gap < 1 - TOLERANCE
