"""The tournament maths (`tournaments/pairings.py`) on hand-made results, and Swiss rounds
against this test's own brute force over every pairing of small fields: the cheapest by the
rules of `docs/architecture.md` ("Tournaments"), among those after which the rounds left can
still be paired."""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from playhall.tournaments.domain import MAX_ENTRANTS
from playhall.tournaments.pairings import (
    Game,
    NoPairing,
    round_robin,
    standings,
    swiss_round,
    swiss_rounds_allowed,
    swiss_rounds_promised,
)


def play(round_, first_points):
    """The round's games with results: `first_points` per game with an opponent, in order."""
    results = iter(first_points)
    return [g if g.second is None else Game(g.first, g.second, next(results)) for g in round_]


def test_swiss_first_round_pairs_by_seed_and_gives_the_bye_to_the_lowest_seed():
    round_ = swiss_round([], 5, 3)
    assert [(g.first, g.second) for g in round_] == [(0, 1), (2, 3), (4, None)]


def test_swiss_never_repeats_and_each_bye_goes_to_a_different_entrant():
    games: list[Game] = []
    for number in range(5):
        round_ = swiss_round(games, 5, 5 - number)
        # Results that keep the same entrants on top: the first seat always wins.
        games += play(round_, [1.0] * 2)
        assert (
            len({g.first for g in round_} | {g.second for g in round_ if g.second is not None}) == 5
        )
    pairs = [frozenset((g.first, g.second)) for g in games if g.second is not None]
    assert len(pairs) == len(set(pairs)) == 10
    byes = [g.first for g in games if g.second is None]
    assert sorted(byes) == [0, 1, 2, 3, 4]
    with pytest.raises(NoPairing):
        swiss_round(games, 5, 1)


def test_swiss_second_round_pairs_score_groups_and_third_round_around_repeats():
    first = play(swiss_round([], 4, 3), [1.0, 1.0])  # 0 beat 1, 2 beat 3
    second = swiss_round(first, 4, 2)
    assert [(g.first, g.second) for g in second] == [(0, 2), (1, 3)]
    # Round three: 0 and 2 met, 0 and 1 met: 0 must meet 3, leaving 1 against 2.
    third = swiss_round(first + play(second, [0.5, 1.0]), 4, 1)
    assert [(g.first, g.second) for g in third] == [(0, 3), (2, 1)]


def test_bye_skips_the_lowest_once_they_had_one():
    first = play(swiss_round([], 3, 3), [0.0])  # 1 beat 0; 2 had the bye
    assert [(g.first, g.second) for g in first] == [(0, 1), (2, None)]
    second = swiss_round(first, 3, 2)
    # Ranked 1, 2 (1 point each), then 0: 0 gets the bye.
    assert [(g.first, g.second) for g in second] == [(1, 2), (0, None)]


# -- Swiss rounds against brute force ---------------------------------------------------------


def field_of(games, count):
    """Scores, the pairs that met and the entrants who had a bye, counted here."""
    score, met, byes = [0.0] * count, set(), set()
    for g in games:
        if g.second is None:
            score[g.first] += 1
            byes.add(g.first)
        else:
            score[g.first] += g.first_points
            score[g.second] += 1 - g.first_points
            met.add(frozenset((g.first, g.second)))
    return score, met, byes


def allowed_games(games, count) -> frozenset:
    """The games a next round may hold: pairs that have not met and, with an odd count, the
    bye (as a game against vertex `count`) for each entrant without one."""
    _, met, byes = field_of(games, count)
    pairs = {frozenset(p) for p in itertools.combinations(range(count), 2)} - met
    if count % 2:
        pairs |= {frozenset((e, count)) for e in range(count) if e not in byes}
    return frozenset(pairs)


def pairings_of(vertices: tuple, allowed: frozenset) -> list[frozenset]:
    """Every round of allowed games that seats each vertex once, by brute force."""
    if not vertices:
        return [frozenset()]
    first, rest = vertices[0], vertices[1:]
    found = []
    for other in rest:
        game = frozenset((first, other))
        if game in allowed:
            left = tuple(v for v in rest if v != other)
            found += [tail | {game} for tail in pairings_of(left, allowed)]
    return found


@functools.cache
def can_play(allowed: frozenset, vertices: tuple, rounds: int) -> bool:
    """Whether `rounds` more rounds without a repeat exist, by brute force."""
    if rounds == 0:
        return True
    return any(can_play(allowed - p, vertices, rounds - 1) for p in pairings_of(vertices, allowed))


def cost(pairing: frozenset, games, count) -> tuple[int, int]:
    """A round's cost by the rules, most important first: how many entrants who could take the
    bye rank below the one who takes it; the sum over games of the square of the score
    difference in half points."""
    score, _, byes = field_of(games, count)
    ranked = sorted(range(count), key=lambda e: (-score[e], e))
    below_bye, floats = 0, 0
    for a, b in map(sorted, pairing):
        if b == count:
            below_bye = sum(e not in byes for e in ranked[ranked.index(a) + 1 :])
        else:
            floats += round(2 * (score[a] - score[b])) ** 2
    return below_bye, floats


def as_pairing(round_, count) -> frozenset:
    return frozenset(frozenset((g.first, count if g.second is None else g.second)) for g in round_)


def vertices_of(count) -> tuple:
    return tuple(range(count + count % 2))


def with_results(round_, rng):
    return [
        g if g.second is None else Game(g.first, g.second, rng.choice((1.0, 0.5, 0.0)))
        for g in round_
    ]


def random_history(rng, count, rounds):
    """`rounds` rounds of random pairings without repeats (while there are any) and results."""
    games = []
    for _ in range(rounds):
        options = pairings_of(vertices_of(count), allowed_games(games, count))
        if not options:
            break
        pairing = sorted(map(sorted, rng.choice(options)))
        games += with_results([Game(a, None if b == count else b) for a, b in pairing], rng)
    return games


@pytest.mark.parametrize("count", range(4, 11))
def test_a_last_swiss_round_is_the_cheapest_pairing_of_all(count):
    rng = random.Random(count)
    for _ in range(25):
        games = random_history(rng, count, rng.randrange(1, count - 1))
        options = pairings_of(vertices_of(count), allowed_games(games, count))
        if not options:
            continue
        chosen = as_pairing(swiss_round(games, count, 1), count)
        assert chosen in options
        assert cost(chosen, games, count) == min(cost(o, games, count) for o in options), games


@pytest.mark.parametrize(
    ("count", "tournaments"), [*((count, 15) for count in range(4, 9)), (10, 2)]
)
def test_every_swiss_round_is_the_cheapest_that_leaves_the_rest_playable(count, tournaments):
    """Every round of tournaments asking for the most rounds allowed, random results."""
    rng = random.Random(count)
    rounds = swiss_rounds_allowed(count)
    for _ in range(tournaments):
        games: list[Game] = []
        for number in range(rounds):
            allowed, left = allowed_games(games, count), rounds - number - 1
            playable = [
                p
                for p in pairings_of(vertices_of(count), allowed)
                if can_play(allowed - p, vertices_of(count), left)
            ]
            round_ = swiss_round(games, count, rounds - number)
            chosen = as_pairing(round_, count)
            assert chosen in playable, games
            assert cost(chosen, games, count) == min(cost(p, games, count) for p in playable)
            games += with_results(round_, rng)


def test_round_three_of_eight_keeps_the_score_groups_when_it_can():
    """Paired greedily, 1 met 2 first and left 6 and 7, who had met, to float down to 3 and 5;
    1 v 6 and 2 v 7 keep every game within its score group."""
    games = [Game(0, 1, 1.0), Game(2, 3, 1.0), Game(4, 5, 1.0), Game(6, 7, 1.0)]
    games += [Game(0, 2, 1.0), Game(4, 6, 1.0), Game(1, 3, 1.0), Game(7, 5, 1.0)]
    # 2 points: 0 and 4; 1 point: 1, 2, 6 and 7; none: 3 and 5.
    for rounds_left in (1, 5):  # the last of 3 rounds, the third of 7
        third = swiss_round(games, 8, rounds_left)
        assert [(g.first, g.second) for g in third] == [(0, 4), (1, 6), (2, 7), (3, 5)]


def test_round_four_of_sixteen_keeps_the_score_groups_when_it_can():
    """A round the greedy pairing floated four times, though equal scores could all meet."""
    first = [(0, 1, 1.0), (2, 3, 0.0), (4, 5, 1.0), (6, 7, 1.0), (8, 9, 0.0), (10, 11, 1.0)]
    first += [(12, 13, 0.0), (14, 15, 0.0)]
    second = [(0, 3, 1.0), (4, 6, 1.0), (9, 10, 0.0), (13, 15, 1.0), (1, 2, 0.0), (5, 7, 0.0)]
    second += [(8, 11, 1.0), (12, 14, 0.0)]
    third = [(0, 4, 0.0), (10, 13, 0.0), (2, 6, 1.0), (3, 7, 0.0), (8, 14, 1.0), (9, 15, 0.0)]
    third += [(1, 5, 1.0), (11, 12, 0.0)]
    games = [Game(*game) for game in first + second + third]
    score, _, _ = field_of(games, 16)
    fourth = swiss_round(games, 16, 1)
    assert [score[g.first] - score[g.second] for g in fourth] == [0] * 8


@pytest.mark.parametrize(("count", "tournaments"), [(6, 200), (8, 200), (9, 200), (16, 40)])
def test_no_swiss_tournament_of_the_most_rounds_stops_early(count, tournaments):
    """Random results; paired greedily, about one tournament in ten (in four, of 16) ran out of
    pairings without a repeat before its last round (`python -m bench.pairings`)."""
    rng = random.Random(count)
    rounds = swiss_rounds_allowed(count)
    for _ in range(tournaments):
        games: list[Game] = []
        for number in range(rounds):
            games += with_results(swiss_round(games, count, rounds - number), rng)
        met = [frozenset((g.first, g.second)) for g in games if g.second is not None]
        assert len(met) == len(set(met))


def test_every_swiss_round_count_allowed_is_promised():
    for count in range(2, MAX_ENTRANTS + 1):
        most = swiss_rounds_allowed(count)
        counts = range(1, most + 1) if count <= 12 else (most, most - 1, (count + 1) // 2 + 1)
        for rounds in counts:
            assert swiss_rounds_promised(count, rounds), (count, rounds)


def test_tie_breaks_on_hand_made_results():
    # 0 beat 1, 2 drew 3; then 0 drew 2, 3 beat 1.
    games = [Game(0, 1, 1.0), Game(2, 3, 0.5), Game(0, 2, 0.5), Game(3, 1, 1.0)]
    table = {s.entrant: s for s in standings(games, 4)}
    assert [table[e].score for e in range(4)] == [1.5, 0.0, 1.0, 1.5]
    # Buchholz: 0 met 1 (0) and 2 (1) = 1; 3 met 2 (1) and 1 (0) = 1; 2 met 3 and 0 = 3.
    assert [table[e].buchholz for e in range(4)] == [1.0, 3.0, 3.0, 1.0]
    # Sonneborn-Berger: 0: 1*0 + 0.5*1 = 0.5; 3: 0.5*1 + 1*0 = 0.5; 2: 0.5*1.5 + 0.5*1.5.
    assert [table[e].sonneborn_berger for e in range(4)] == [0.5, 0.0, 1.5, 0.5]
    assert [s.entrant for s in standings(games, 4)] == [0, 3, 2, 1]


def test_sonneborn_berger_breaks_a_buchholz_tie():
    # 0 and 1 score alike against the same two opponents; 0 won against the stronger (2).
    games = [Game(0, 2, 1.0), Game(1, 3, 1.0), Game(0, 3, 0.5), Game(1, 2, 0.5), Game(2, 3, 1.0)]
    table = standings(games, 4)
    by = {s.entrant: s for s in table}
    assert by[0].score == by[1].score == 1.5
    assert by[0].buchholz == by[1].buchholz
    # 0 won against 2 (1.5 points), 1 against 3 (0.5 points).
    assert (by[0].sonneborn_berger, by[1].sonneborn_berger) == (1.75, 1.25)
    order = [s.entrant for s in table]
    assert order.index(0) < order.index(1)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8])
def test_round_robin_meets_every_pair_once(count):
    rounds = round_robin(count)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    pairs = [frozenset((g.first, g.second)) for r in rounds for g in r if g.second is not None]
    assert sorted(map(sorted, pairs)) == sorted(
        map(sorted, map(frozenset, itertools.combinations(range(count), 2)))
    )
    for r in rounds:
        seated = [g.first for g in r] + [g.second for g in r if g.second is not None]
        assert sorted(seated) == list(range(count))
    if count % 2:
        assert sorted(g.first for r in rounds for g in r if g.second is None) == list(range(count))
