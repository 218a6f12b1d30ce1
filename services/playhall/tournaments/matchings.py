"""Perfect matchings of small graphs, pure: the cheapest ones in order of cost, and a search for
several disjoint ones. A Swiss round (`pairings.py`) is a perfect matching of the entrants (and
of a bye vertex, when they are odd) over the pairs that have not met yet; the rounds after it are
disjoint matchings of what it leaves. Vertices are 0..count-1, an edge is (a, b) with a < b.

**The cheapest matchings.** networkx's blossom algorithm (`max_weight_matching` with
`maxcardinality=True`, on weights that make the least cost the most weight) finds the cheapest;
the next ones come in order from Murty's partition: below a matching found with some edges
forced and some forbidden, the i-th child forbids its i-th free edge and forces the ones before
it, so the children share out every other matching of the parent's part once.

**Disjoint matchings: what `playable` promises.** It looks for `rounds` disjoint perfect
matchings and answers the first of them, or None:

- Dirac: a graph on `count` vertices whose every vertex has at least count/2 neighbours has a
  Hamiltonian cycle, so a perfect matching; taking one away lowers every degree by one. With a
  least degree d, any d - count/2 + 1 matchings taken one after the other, whichever they are,
  can be taken: then one matching is all the search needs to find.
- One matching is found (or shown not to exist) exactly, by the blossom algorithm.
- Otherwise a depth-first search: a first matching (built vertex by vertex, the vertex with the
  fewest free neighbours first, its neighbours in order), then the rest of the plan on what it
  leaves, by this same search. A vertex with exactly `rounds` neighbours meets all of them, so
  the first matching is taken through its lowest edge (other orders are the same plans again).
  A part of the graph with an odd number of vertices ends a branch.
- The search takes at most `SEARCH_STEPS` steps (a partner tried); running out is "not found",
  so a plan it answers exists, and one it does not may still exist.

The search depends on the graph and `rounds` alone, and what the first matching it answers
leaves is searched again by the same steps it took inside the search, with at least as many
left (under Dirac's condition, what it leaves meets the condition too, and the blossom
algorithm finds its one matching exactly): `playable(G minus M, rounds - 1)` finds a plan
whenever `playable(G, rounds)` answered M. `cheapest_playable` plays only a matching after
which the same search, with at most as many steps, finds the rest, or the one `playable`
answered for the whole graph: so when `playable` finds a plan for the first round's graph,
every round after it finds one too, and every round is played.
"""

from __future__ import annotations

import heapq
import itertools
import sys
from collections.abc import Collection, Iterator, Mapping

import networkx as nx

Edge = tuple[int, int]
Matching = frozenset[Edge]

SEARCH_STEPS = 20_000
"""The most partners `playable` tries in one call (a tenth of a second on 64 vertices)."""
LOOKAHEAD_STEPS = 60_000
"""The most partners all of one round's candidates' lookahead searches try together."""
MATCHING_EDGES = 12_000
"""The most edges all of one round's blossom runs for its candidates take together: the first
candidate costs one run; each one after it, a run per edge of the one before (Murty). About
half a second on 64 vertices: one to a few candidates there, some fifty on 20, hundreds on
10."""


class _OutOfBudget(Exception):
    """A search used its budget."""


class _Budget:
    def __init__(self, limit: int):
        self.left = limit

    def take(self, amount: int = 1) -> None:
        self.left -= amount
        if self.left < 0:
            raise _OutOfBudget


# -- the cheapest matchings -------------------------------------------------------------------


def by_cost(costs: Mapping[Edge, int], count: int, edges: int = sys.maxsize) -> Iterator[Matching]:
    """The perfect matchings of the graph of `costs`' edges on `count` vertices, cheapest first
    (ties in a fixed order), each worked out only when asked for. They end once the blossom runs
    after the first have taken `edges` edges."""
    heap: list[tuple[int, int, Matching, frozenset[Edge], frozenset[Edge]]] = []
    order = itertools.count()

    def push(forced: frozenset[Edge], forbidden: frozenset[Edge], budget: _Budget) -> None:
        found = _cheapest(costs, count, forced, forbidden, budget)
        if found is not None:
            cost, matching = found
            heapq.heappush(heap, (cost, next(order), matching, forced, forbidden))

    push(frozenset(), frozenset(), _Budget(sys.maxsize))
    budget = _Budget(edges)
    while heap:
        _, _, matching, forced, forbidden = heapq.heappop(heap)
        yield matching
        free = sorted(matching - forced)
        try:
            for index, edge in enumerate(free):
                push(forced | frozenset(free[:index]), forbidden | {edge}, budget)
        except _OutOfBudget:
            return  # a child not worked out might have been the next cheapest


def _cheapest(
    costs: Mapping[Edge, int],
    count: int,
    forced: frozenset[Edge],
    forbidden: frozenset[Edge],
    budget: _Budget,
) -> tuple[int, Matching] | None:
    """The cheapest perfect matching with the `forced` edges and without the `forbidden` ones,
    and its cost; None when there is none."""
    taken = {vertex for edge in forced for vertex in edge}
    top = max(costs.values(), default=0) + 1
    graph: nx.Graph[int] = nx.Graph()
    for a, b in sorted(costs):  # a fixed order: networkx breaks ties by it
        if a not in taken and b not in taken and (a, b) not in forbidden:
            graph.add_edge(a, b, weight=top - costs[a, b])
    budget.take(graph.number_of_edges())
    found = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * (len(found) + len(forced)) != count:
        return None
    matching = forced | {_edge(a, b) for a, b in found}
    return sum(costs[edge] for edge in matching), matching


# -- disjoint matchings -----------------------------------------------------------------------


def cheapest_playable(costs: Mapping[Edge, int], count: int, rounds: int) -> Matching | None:
    """The round to play of `rounds` still to play: the cheapest perfect matching after which
    `playable` finds the other rounds, among those `MATCHING_EDGES` and `LOOKAHEAD_STEPS` let it
    weigh; else the one `playable` answers for the whole graph; else (a graph it finds no plan
    for, as after rounds paired by other means) the cheapest. None when there is no perfect
    matching."""
    edges = frozenset(costs)
    lookahead = _Budget(LOOKAHEAD_STEPS)
    cheapest = None
    for candidate in by_cost(costs, count, MATCHING_EDGES):
        if cheapest is None:
            cheapest = candidate
        # A plan found with fewer steps than playable's is found by playable too.
        allowed = min(SEARCH_STEPS, lookahead.left)
        steps = _Budget(allowed)
        if rounds <= 1 or _search(edges - candidate, count, rounds - 1, steps) is not None:
            return candidate
        lookahead.left -= allowed - max(steps.left, 0)
        if lookahead.left <= 0:
            break
    if cheapest is None:
        return None
    planned = playable(edges, count, rounds)
    return cheapest if planned is None else planned


def playable(edges: Collection[Edge], count: int, rounds: int) -> Matching | None:
    """The first of `rounds` disjoint perfect matchings of the graph, found within
    `SEARCH_STEPS` (the module's docstring says how); None when none is found. No rounds to
    play: the empty matching."""
    return _search(edges, count, rounds, _Budget(SEARCH_STEPS))


def _search(edges: Collection[Edge], count: int, rounds: int, steps: _Budget) -> Matching | None:
    try:
        found = _first_of_plan(_adjacency(edges, count), rounds, steps)
    except _OutOfBudget:
        return None
    return None if found is None else frozenset(found)


def _first_of_plan(adjacency: list[int], rounds: int, steps: _Budget) -> list[Edge] | None:
    if rounds <= 0:
        return []
    count = len(adjacency)
    least = min(neighbours.bit_count() for neighbours in adjacency)
    if rounds <= least - count // 2 + 1:
        rounds = 1  # Dirac: the rounds after the first can be any matchings
    if rounds > least:
        return None
    if rounds == 1:
        return _one_matching(adjacency)
    if _has_odd_part(adjacency):
        return None
    for matching in _matchings(adjacency, _edge_to_use(adjacency, rounds), steps):
        if _first_of_plan(_without(adjacency, matching), rounds - 1, steps) is not None:
            return matching
    return None


def _edge_to_use(adjacency: list[int], rounds: int) -> Edge | None:
    """The lowest edge of the first vertex with exactly `rounds` neighbours, which a plan
    uses in one of its matchings, taken as the first; None when every vertex has more."""
    for vertex, neighbours in enumerate(adjacency):
        if neighbours.bit_count() == rounds:
            return _edge(vertex, _lowest(neighbours))
    return None


def _matchings(adjacency: list[int], through: Edge | None, steps: _Budget) -> Iterator[list[Edge]]:
    """The graph's perfect matchings (those through `through`, when given), in a fixed order."""
    free = (1 << len(adjacency)) - 1
    if through is None:
        yield from _matchings_of(adjacency, free, steps)
        return
    a, b = through
    for rest in _matchings_of(adjacency, free & ~(1 << a) & ~(1 << b), steps):
        yield [through, *rest]


def _matchings_of(adjacency: list[int], free: int, steps: _Budget) -> Iterator[list[Edge]]:
    """The perfect matchings of the vertices of the bit set `free`: the one with the fewest
    free neighbours meets each of them in turn (none: a dead end, found early)."""
    if not free:
        yield []
        return
    vertex = min(_bits(free), key=lambda v: ((adjacency[v] & free).bit_count(), v))
    for partner in _bits(adjacency[vertex] & free):
        steps.take()
        for rest in _matchings_of(adjacency, free & ~(1 << vertex) & ~(1 << partner), steps):
            yield [_edge(vertex, partner), *rest]


def _one_matching(adjacency: list[int]) -> list[Edge] | None:
    """A perfect matching by the blossom algorithm, or None: exact, and no steps counted."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_edges_from(
        (vertex, other)
        for vertex, neighbours in enumerate(adjacency)
        for other in _bits(neighbours)
        if vertex < other
    )
    found = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(found) != len(adjacency):
        return None
    return sorted(_edge(a, b) for a, b in found)


def _has_odd_part(adjacency: list[int]) -> bool:
    """Whether a connected part of the graph has an odd number of vertices (so no perfect
    matching)."""
    unseen = (1 << len(adjacency)) - 1
    while unseen:
        part = frontier = unseen & -unseen
        while frontier:
            reached = 0
            for vertex in _bits(frontier):
                reached |= adjacency[vertex]
            frontier = reached & ~part
            part |= frontier
        if part.bit_count() % 2:
            return True
        unseen &= ~part
    return False


# -- graphs as bit sets -----------------------------------------------------------------------


def _adjacency(edges: Collection[Edge], count: int) -> list[int]:
    """Each vertex's neighbours as a bit set."""
    adjacency = [0] * count
    for a, b in edges:
        adjacency[a] |= 1 << b
        adjacency[b] |= 1 << a
    return adjacency


def _without(adjacency: list[int], matching: list[Edge]) -> list[int]:
    left = list(adjacency)
    for a, b in matching:
        left[a] &= ~(1 << b)
        left[b] &= ~(1 << a)
    return left


def _bits(bits: int) -> Iterator[int]:
    """The members of a bit set, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _lowest(bits: int) -> int:
    return (bits & -bits).bit_length() - 1


def _edge(a: int, b: int) -> Edge:
    return (a, b) if a < b else (b, a)
