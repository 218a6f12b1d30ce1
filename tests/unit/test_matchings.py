"""Perfect matchings (`tournaments/matchings.py`) against brute force on small random graphs:
the cheapest ones in order, and the promise that carries a Swiss tournament to its last round
(a plan found for a graph is found again for what its first matching leaves)."""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from playhall.tournaments import matchings


def every_matching(vertices: list[int], edges: frozenset) -> list[frozenset]:
    """Every perfect matching, by brute force."""
    if not vertices:
        return [frozenset()]
    first, rest = vertices[0], vertices[1:]
    found = []
    for other in rest:
        if (first, other) in edges:
            left = [v for v in rest if v != other]
            found += [m | {(first, other)} for m in every_matching(left, edges)]
    return found


def random_graph(rng: random.Random, count: int, density: float) -> frozenset:
    pairs = itertools.combinations(range(count), 2)
    return frozenset(pair for pair in pairs if rng.random() < density)


@pytest.mark.parametrize("count", [2, 4, 6, 8])
def test_by_cost_gives_every_perfect_matching_once_cheapest_first(count):
    rng = random.Random(count)
    for _ in range(20):
        edges = random_graph(rng, count, 0.7)
        costs = {edge: rng.randrange(5) for edge in edges}
        given = list(matchings.by_cost(costs, count))
        expected = every_matching(list(range(count)), edges)
        assert sorted(map(sorted, given)) == sorted(map(sorted, expected))
        cost = [sum(costs[e] for e in m) for m in given]
        assert cost == sorted(cost)


def test_by_cost_stops_when_its_edges_are_spent_but_always_gives_the_cheapest():
    everyone = {pair: 0 for pair in itertools.combinations(range(8), 2)}
    assert len(list(matchings.by_cost(everyone, 8, edges=0))) == 1
    assert len(list(matchings.by_cost(everyone, 8))) == 105


@functools.cache
def can_play(edges: frozenset, count: int, rounds: int) -> bool:
    """Whether `rounds` disjoint perfect matchings exist, by brute force."""
    if rounds == 0:
        return True
    return any(
        can_play(edges - m, count, rounds - 1) for m in every_matching(list(range(count)), edges)
    )


def least_degree(edges: frozenset, count: int) -> int:
    return min(sum(v in edge for edge in edges) for v in range(count))


@pytest.mark.parametrize("count", [6, 8])
def test_playable_finds_a_plan_exactly_when_one_exists_on_small_graphs(count):
    rng = random.Random(count)
    answers = set()
    for _ in range(60):
        edges = random_graph(rng, count, rng.uniform(0.4, 0.9))
        for rounds in range(1, least_degree(edges, count) + 1):
            first = matchings.playable(edges, count, rounds)
            exists = can_play(edges, count, rounds)
            answers.add(exists)
            assert (first is not None) == exists, (edges, rounds)
            if first is not None:
                assert first in every_matching(list(range(count)), edges)
                assert can_play(edges - first, count, rounds - 1)
    assert answers == {True, False}


@pytest.mark.parametrize("count", [10, 16, 24])
def test_what_the_first_matching_of_a_plan_leaves_is_planned_again(count):
    """The promise of the module's docstring, for a whole round robin's worth of rounds."""
    edges = frozenset(itertools.combinations(range(count), 2))
    for rounds in range(count - 1, 0, -1):
        first = matchings.playable(edges, count, rounds)
        assert first is not None, (edges, rounds)
        edges -= first
    assert not edges


@pytest.mark.parametrize("count", [10, 16, 24])
def test_cheapest_playable_plays_every_round_whatever_the_costs(count):
    """Random costs would soon pick rounds that leave no perfect matching for the last ones;
    the lookahead (or the plan) plays a full round robin's worth of rounds."""
    rng = random.Random(count)
    for _ in range(3):
        edges = frozenset(itertools.combinations(range(count), 2))
        for rounds in range(count - 1, 0, -1):
            costs = {edge: rng.randrange(10) for edge in edges}
            chosen = matchings.cheapest_playable(costs, count, rounds)
            assert chosen is not None, (edges, rounds)
            edges -= chosen
        assert not edges
