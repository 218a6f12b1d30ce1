"""Einstein's geometry on its own (docs/rules/einstein.md, rule 3 and rule 11's outlines)."""

from __future__ import annotations

import cmath
import math

import pytest

from playhall.core import Rng
from playhall.games.einstein import geometry as g

STATED_ANGLES = {
    "pentagon": (108,) * 5,
    "star": (36, 252) * 5,
    "boat": (36, 252, 36, 252, 36, 144, 144),
    "diamond": (36, 144, 36, 144),
}


def _complex(v: g.Vec) -> complex:
    zeta = cmath.exp(1j * math.pi / 5)
    return sum(c * zeta**k for k, c in enumerate(v))


def _random_vec(rng: Rng, spread: int = 3) -> g.Vec:
    return tuple(rng.below(2 * spread + 1) - spread for _ in range(4))  # type: ignore[return-value]


def _inside(point: complex, polygon: list[complex]) -> bool:
    """Strictly inside a simple polygon (even-odd rule), in floats."""
    inside = False
    n = len(polygon)
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        if (a.imag > point.imag) != (b.imag > point.imag):
            x = a.real + (point.imag - a.imag) * (b.real - a.real) / (b.imag - a.imag)
            if x > point.real:
                inside = not inside
    return inside


def _distance_to_boundary(point: complex, polygon: list[complex]) -> float:
    best = math.inf
    n = len(polygon)
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        t = max(0.0, min(1.0, ((point - a) * (b - a).conjugate()).real / abs(b - a) ** 2))
        best = min(best, abs(point - (a + t * (b - a))))
    return best


def _polygon(pose: g.Pose) -> list[complex]:
    return [_complex(c) for c in g.corners(pose)]


def test_rule_3_zeta_is_held_exactly_as_four_integers():
    """Rule 3: z^5 = -1 and z^4 = z^3 - z^2 + z - 1 in the four-integer form."""
    assert g.UNIT[5] == (-1, 0, 0, 0)
    assert g.UNIT[4] == (-1, 1, -1, 1)
    for k, unit in enumerate(g.UNIT):
        assert abs(_complex(unit) - cmath.exp(1j * math.pi * k / 5)) < 1e-12
        assert g.times_zeta(unit) == g.UNIT[(k + 1) % 10]


@pytest.mark.parametrize("shape", g.SHAPES, ids=lambda s: s.name)
def test_rule_3_every_shape_closes_with_unit_edges_and_its_stated_angles(shape):
    """Rule 3: each shape closes, every edge is 1 long, the interior angles are the table's."""
    assert shape.angles == STATED_ANGLES[shape.name]
    for rotation in range(g.TURNS):
        pose = g.Pose(shape.kind, rotation, g.ORIGIN)
        points = _polygon(pose)
        n = len(points)
        for i in range(n):
            assert abs(abs(points[(i + 1) % n] - points[i]) - 1) < 1e-12
        for i in range(n):
            incoming = points[i] - points[i - 1]
            outgoing = points[(i + 1) % n] - points[i]
            turn = math.degrees(cmath.phase(outgoing / incoming))
            assert round(180 - turn) % 360 == shape.angles[i]
        start, end, _ = g.edges(pose)[-1]
        assert end == g.ORIGIN and start != end


@pytest.mark.parametrize("shape", g.SHAPES, ids=lambda s: s.name)
def test_rule_3_ten_rotations_are_the_identity(shape):
    """Rule 3: turning by 36 degrees ten times gives back every point and every pose."""
    rng = Rng.from_int(shape.kind)
    for _ in range(20):
        v = _random_vec(rng)
        assert g.rotate(v, 10) == v
        assert g.rotate(v, 3) != v or v == g.ORIGIN
        pose = g.Pose(shape.kind, rng.below(10), v)
        turned = pose
        for _ in range(10):
            turned = g.turned(turned, 1)
        assert turned == pose


def test_rule_3_vertex_equality_is_exact_along_different_paths():
    """Rule 3: the same corner reached two ways is the same four integers."""
    star = g.SHAPES[1]
    walked = g.ORIGIN
    for direction in (0, 0):
        walked = g.add(walked, g.UNIT[direction])
    # Star corners 1 and 3 lie on the line through corners 0 and 4, at 1 and phi.
    assert star.corners[4] == g.add(star.corners[3], g.UNIT[0])
    assert star.corners[4] != walked  # 1 + phi is not 2
    assert abs(_complex(star.corners[4]) - (1 + g.PHI)) < 1e-12
    # Around a pentagon from either side.
    pentagon = g.SHAPES[0]
    backwards = g.sub(g.sub(g.ORIGIN, g.UNIT[8]), g.UNIT[6])
    assert pentagon.corners[3] == backwards


@pytest.mark.parametrize("shape", g.SHAPES, ids=lambda s: s.name)
def test_rule_3_convex_pieces_cover_the_shape_along_lattice_directions(shape):
    """Rule 3: the overlap test's pieces are convex, have sides in the five lattice directions
    and cover exactly the shape."""
    points = _polygon(g.Pose(shape.kind, 0, g.ORIGIN))
    for piece in shape.pieces:
        corners = [points[i] for i in piece]
        m = len(corners)
        for i in range(m):
            side = corners[(i + 1) % m] - corners[i]
            assert min(abs(math.sin(cmath.phase(side) - math.pi * k / 5)) for k in range(5)) < 1e-9
            nxt = corners[(i + 2) % m] - corners[(i + 1) % m]
            assert (side.conjugate() * nxt).imag > 1e-9  # counter-clockwise, strictly convex
    rng = Rng.from_int(7 + shape.kind)
    checked = 0
    while checked < 400:
        point = complex(rng.below(3000) / 1000 - 0.2, rng.below(3000) / 1000 - 1.2)
        if _distance_to_boundary(point, points) < 1e-3:
            continue
        in_pieces = any(_inside(point, [points[i] for i in piece]) for piece in shape.pieces)
        assert in_pieces == _inside(point, points)
        checked += 1


def test_rule_3_symmetries_are_the_shapes_rotations():
    """Rule 3: a star maps onto itself every 72 degrees, a pentagon too, a diamond every 180,
    a boat never."""
    assert [s.symmetries for s in g.SHAPES] == [(0, 1, 2, 3, 4), (0, 2, 4, 6, 8), (0,), (0, 2)]
    for shape in g.SHAPES:
        pose = g.Pose(shape.kind, 3, (1, 2, 0, -1))
        for shift in shape.symmetries:
            other = g.shifted(pose, shift)
            assert set(g.corners(other)) == set(g.corners(pose))
            assert g.outline(other) == g.outline(pose)
        assert g.outline(g.Pose(shape.kind, 4, pose.origin)) != g.outline(pose)


def _conjugate(v: g.Vec) -> g.Vec:
    point = g.ORIGIN
    for k, c in enumerate(v):
        point = g.add(point, tuple(c * x for x in g.UNIT[-k % 10]))  # type: ignore[arg-type]
    return point


def _same_up_to_rotation(a: list[frozenset], b: list[frozenset]) -> bool:
    """Whether patch b is patch a turned by some 36k degrees and moved (exactly)."""
    for steps in range(10):
        turned = [frozenset(g.rotate(c, steps) for c in tile) for tile in a]
        for target in b[0]:
            offset = g.sub(target, min(turned[0]))
            moved = {frozenset(g.add(c, offset) for c in tile) for tile in turned}
            if moved == set(b):
                return True
    return False


def test_rule_11_a_mirrored_patch_is_no_rotation_of_it():
    """Rule 11: tiles are never flipped, so a chiral patch's mirror image matches no turn of
    it, while a turned and moved copy does."""
    pentagon = g.Pose(0, 0, g.ORIGIN)
    start, _, direction = g.edges(pentagon)[0]
    diamond = g.glue(3, 0, start, direction)
    patch = [frozenset(g.corners(pentagon)), frozenset(g.corners(diamond))]
    mirrored = [frozenset(_conjugate(c) for c in tile) for tile in patch]
    assert _conjugate(g.UNIT[1]) == g.UNIT[9]
    copy = [frozenset(g.add(g.rotate(c, 3), (2, 0, 1, 0)) for c in tile) for tile in patch]
    assert _same_up_to_rotation(patch, copy)
    assert not _same_up_to_rotation(patch, mirrored)


def test_rule_7_a_glued_neighbour_shares_the_edge_and_does_not_overlap():
    """Rule 7: gluing edge i onto a free edge puts the two edges end to end; between convex
    shapes the two never overlap (stars and boats may wrap round a host's corner)."""
    for host in (0, 3):
        base = g.Pose(host, 0, g.ORIGIN)
        for start, end, direction in g.edges(base):
            for shape in g.SHAPES:
                for own in range(shape.size):
                    pose = g.glue(shape.kind, own, start, direction)
                    own_start, own_end, _ = g.edges(pose)[own]
                    assert (own_start, own_end) == (end, start)
                    if shape.kind in (1, 2):
                        continue
                    assert not g.interiors_overlap(g.footprint(base), g.footprint(pose))
                    assert g.interiors_overlap(g.footprint(pose), g.footprint(pose))


def _sampled_overlap(a: g.Pose, b: g.Pose) -> bool:
    pa, pb = _polygon(a), _polygon(b)
    xs = [p.real for p in pa + pb]
    ys = [p.imag for p in pa + pb]
    steps = 90
    for i in range(steps):
        for j in range(steps):
            point = complex(
                min(xs) + (max(xs) - min(xs)) * (i + 0.5) / steps,
                min(ys) + (max(ys) - min(ys)) * (j + 0.5) / steps,
            )
            inside = _inside(point, pa) and _inside(point, pb)
            if inside and min(_distance_to_boundary(point, p) for p in (pa, pb)) > 1e-6:
                return True
    return False


def test_rule_3_overlap_agrees_with_sampling_on_nearby_poses():
    """Rule 3: the five-axis test agrees with a point-sampling check on random nearby pairs."""
    rng = Rng.from_int(3)
    outcomes = set()
    for _ in range(60):
        a = g.Pose(rng.below(4), rng.below(10), g.ORIGIN)
        b = g.Pose(rng.below(4), rng.below(10), _random_vec(rng, 1))
        exact = g.interiors_overlap(g.footprint(a), g.footprint(b))
        assert exact == _sampled_overlap(a, b), (a, b)
        outcomes.add(exact)
    assert outcomes == {True, False}


def test_rule_7_edges_partly_along_each_other_are_told_apart_from_shared_ones():
    """Rule 7: unit edges on one line either coincide or touch for part of their length."""
    star = g.SHAPES[1]
    line_a, at_a = g.edge_line(star.corners[0], 0)
    line_b, at_b = g.edge_line(star.corners[3], 0)
    line_c, at_c = g.edge_line(g.UNIT[0], 5)  # the edge 0 -> 1 described from its other end
    line_d, at_d = g.edge_line(star.corners[1], 0)
    assert line_a == line_b == line_c == line_d
    assert g.partly_along(at_d, at_b)  # from 1 and from phi: 0.618 apart
    assert not g.partly_along(at_a, at_c)
    assert not g.partly_along(at_a, at_b)  # 1.618 apart: no contact
    other_line, _ = g.edge_line(g.UNIT[2], 0)
    assert other_line != line_a
