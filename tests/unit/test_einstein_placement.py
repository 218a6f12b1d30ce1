"""Einstein's legal placements (docs/rules/einstein.md, rules 6 to 8), against slow checks."""

from __future__ import annotations

import cmath
import math
from functools import cache

import pytest

from playhall.core import Rng
from playhall.games.einstein import geometry as g
from playhall.games.einstein import placement
from playhall.games.einstein.placement import BigIdea, Place, Tile, canonical, glued_placement

PLENTY = ((9, 9),) * 4


def _complex(v: g.Vec) -> complex:
    zeta = cmath.exp(1j * math.pi / 5)
    return sum(c * zeta**k for k, c in enumerate(v))


@cache
def _board(seed: int, tiles: int) -> BigIdea:
    rng = Rng.from_int(seed)
    board = BigIdea()
    while len(board.tiles) < tiles:
        move = rng.choice(board.placements(PLENTY))
        board = board.placed(Tile(move.pose, move.pattern, len(board.tiles) % 3))
    return board


def _partly_touching(a: tuple[g.Vec, g.Vec], b: tuple[g.Vec, g.Vec]) -> bool:
    """Two unit edges on one line sharing a positive length without being the same edge."""
    a0, a1 = map(_complex, a)
    b0, b1 = map(_complex, b)
    d = a1 - a0
    cross = lambda z: (z * d.conjugate()).imag  # noqa: E731
    if abs(cross(b0 - a0)) > 1e-9 or abs(cross(b1 - a0)) > 1e-9:
        return False
    t0, t1 = sorted(((b0 - a0) * d.conjugate()).real for b0 in (b0, b1))
    shared = min(1.0, t1) - max(0.0, t0)
    same = {a[0], a[1]} == {b[0], b[1]}
    return shared > 1e-9 and not same


def _classify(board: BigIdea, pose: g.Pose, pattern: int) -> str:
    """Rule 7 judged slowly: every placed tile, every pair of edges."""
    placed = [(t, g.footprint(t.pose)) for t in board.tiles]
    footprint = g.footprint(pose)
    if any(g.interiors_overlap(footprint, fp) for _, fp in placed):
        return "overlap"
    lines = g.SHAPES[pose.shape].patterns[pattern]
    matches = []
    for tile, _ in placed:
        tile_lines = g.SHAPES[tile.pose.shape].patterns[tile.pattern]
        for number, (s, e, _) in enumerate(g.edges(pose)):
            for host, (hs, he, _) in enumerate(g.edges(tile.pose)):
                if (s, e) == (he, hs):
                    matches.append(lines[number] == tile_lines[host])
                elif _partly_touching((s, e), (hs, he)):
                    return "partial"
    if not matches:
        return "apart"
    return "legal" if any(matches) else "mismatch"


def _slow_placements(board: BigIdea) -> tuple[set[Place], dict[str, int]]:
    legal: set[Place] = set()
    kinds: dict[str, int] = {}
    placed_edges = {(s, e) for t in board.tiles for s, e, _ in g.edges(t.pose)}
    for tile in board.tiles:
        for start, end, direction in g.edges(tile.pose):
            if (end, start) in placed_edges:
                continue
            for shape in g.SHAPES:
                for own in range(shape.size):
                    for pattern in (0, 1):
                        pose = canonical(g.glue(shape.kind, own, start, direction), pattern)
                        kind = _classify(board, pose, pattern)
                        kinds[kind] = kinds.get(kind, 0) + 1
                        if kind == "legal":
                            legal.add(Place(shape.kind, pattern, pose.rotation, pose.origin))
    return legal, kinds


@pytest.mark.parametrize("seed", range(3))
def test_rule_7_generation_agrees_with_a_slow_check_on_random_positions(seed):
    """Rule 7: the incremental frontier lists exactly the placements a pairwise check finds."""
    board = _board(seed, 6 + 7 * seed)
    slow, kinds = _slow_placements(board)
    assert set(board.placements(PLENTY)) == slow
    assert kinds["overlap"] > kinds["legal"]  # most candidates overlap
    rebuilt = BigIdea.of(board.tiles)
    assert rebuilt.frontier == board.frontier
    assert rebuilt.placements(PLENTY) == board.placements(PLENTY)


def test_rule_7_judging_one_move_agrees_with_the_slow_check_in_every_case():
    """Rule 7: overlap, partial-edge contact and all-mismatched contacts are refused with the
    key of their reason; a correct match among mismatches is allowed. Each case occurs."""
    seen: dict[str, int] = {}
    for seed in range(3):
        board = _board(seed, 25)
        for tile_index, edge in board.free_edges()[:12]:
            for shape in g.SHAPES:
                for own in range(shape.size):
                    for pattern in (0, 1):
                        move = glued_placement(board, shape.kind, pattern, own, tile_index, edge)
                        kind = _classify(board, move.pose, pattern)
                        canonical_move, contacts, why = board.judge(move, PLENTY)
                        assert canonical_move == move
                        assert (why == "") == (kind == "legal"), (kind, why)
                        if kind == "legal":
                            lines = g.SHAPES[shape.kind].patterns[pattern]
                            hosts = [board.tiles[c.host_tile] for c in contacts]
                            results = {
                                lines[c.own_edge]
                                == g.SHAPES[h.pose.shape].patterns[h.pattern][c.host_edge]
                                for c, h in zip(contacts, hosts, strict=True)
                            }
                            kind = "legal with a mismatch" if results == {True, False} else kind
                        seen[kind] = seen.get(kind, 0) + 1
                        reasons = {
                            "overlap": "einstein-overlap",
                            "partial": "einstein-partial-edge",
                            "mismatch": "einstein-no-line-match",
                        }
                        if kind in reasons:
                            assert why == reasons[kind]
    assert {"overlap", "partial", "mismatch", "legal", "legal with a mismatch"} <= set(seen)


def test_rule_6_the_first_idea_is_free_with_corner_0_at_the_origin():
    """Rule 6: any shape, pattern and rotation, corner 0 at the origin; nothing else."""
    board = BigIdea()
    moves = board.placements(PLENTY)
    assert len(moves) == len(set(moves)) == 4 * 2 * 10
    for move in moves:
        assert g.ORIGIN in g.corners(move.pose)
        assert board.judge(move, PLENTY)[2] == ""
    elsewhere = Place(0, 0, 0, g.UNIT[1])
    assert board.judge(elsewhere, PLENTY)[2]
    only_diamonds = ((0, 0), (0, 0), (0, 0), (0, 1))
    assert {(m.shape, m.pattern) for m in board.placements(only_diamonds)} == {(3, 1)}


def test_rule_8_moves_are_identified_by_their_visible_result():
    """Rule 8: a pattern-A star turned 72 degrees is the same move; a pentagon is not."""
    star = g.Pose(1, 3, (1, 0, 2, 0))
    turned_star = g.shifted(star, 2)
    assert turned_star.rotation == 5
    assert canonical(star, 0) == canonical(turned_star, 0)
    pentagon = g.Pose(0, 3, (1, 0, 2, 0))
    assert canonical(pentagon, 0) != canonical(g.shifted(pentagon, 1), 0)
    assert canonical(pentagon, 0) == pentagon
    diamond = g.Pose(3, 2, g.ORIGIN)
    assert canonical(diamond, 1) == canonical(g.shifted(diamond, 2), 1)  # 1,2,1,2 turned 180
    assert canonical(diamond, 0) != canonical(g.shifted(diamond, 2), 0)  # 1,1,2,2 is not
    assert canonical(star, 0).rotation == min(3, 5, 7, 9, 1)


def test_rule_8_each_listed_move_names_a_free_edge_and_tile_edge_producing_it():
    """Rule 8: 'edge i on free edge j' gives back the listed move; listed once each."""
    board = _board(5, 30)
    moves = board.placements(PLENTY)
    assert len(moves) == len(set(moves))
    free = set(board.free_edges())
    for move in moves:
        assert move.via is not None
        assert (move.via.host_tile, move.via.host_edge) in free
        again = glued_placement(board, move.shape, move.pattern, move.via.own_edge, *move.via[:2])
        assert again == move
        assert board.judge(again, PLENTY)[2] == ""


def test_rule_7_the_frontier_stays_incremental_past_ninety_tiles():
    """Rule 7: after 95 random placements the updated frontier equals a rebuilt one."""
    board = _board(11, 95)
    placement.forget_frontiers()  # else the rebuilt board finds the updated frontier kept
    rebuilt = BigIdea.of(board.tiles)
    assert rebuilt.frontier == board.frontier
    assert len(board.placements(PLENTY)) > 100


def test_a_frontier_kept_by_its_tiles_is_the_one_a_rebuild_gives():
    """A board of the same tiles as a searched one takes its frontier from the kept ones; it
    must equal what rebuilding from the tiles alone gives."""
    board = _board(12, 30)
    board.placements(PLENTY)
    again = BigIdea.of(board.tiles)
    assert again.frontier is board.frontier
    kept = again.placements(PLENTY)
    placement.forget_frontiers()
    assert BigIdea.of(board.tiles).placements(PLENTY) == kept


def test_the_kept_frontiers_are_bounded():
    placement.forget_frontiers()
    board = _board(13, 8)
    boards = 0
    for move in board.placements(PLENTY):
        child = board.placed(Tile(move.pose, move.pattern, 0))
        for reply in child.placements(PLENTY)[:3]:
            child.placed(Tile(reply.pose, reply.pattern, 1)).placements(PLENTY)
        boards += 4
        if boards > placement.FRONTIERS_KEPT + 40:
            break
    assert boards > placement.FRONTIERS_KEPT
    assert len(placement._frontiers) == placement.FRONTIERS_KEPT
