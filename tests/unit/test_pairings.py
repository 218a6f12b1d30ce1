"""The tournament maths (`orchestrator/pairings.py`) on hand-made results."""

from __future__ import annotations

import itertools

import pytest

from playhall.orchestrator.pairings import (
    Game,
    NoPairing,
    round_robin,
    standings,
    swiss_round,
)


def play(round_, first_points):
    """The round's games with results: `first_points` per game with an opponent, in order."""
    results = iter(first_points)
    return [g if g.second is None else Game(g.first, g.second, next(results)) for g in round_]


def test_swiss_first_round_pairs_by_seed_and_gives_the_bye_to_the_lowest_seed():
    round_ = swiss_round([], 5)
    assert [(g.first, g.second) for g in round_] == [(0, 1), (2, 3), (4, None)]


def test_swiss_never_repeats_and_each_bye_goes_to_a_different_entrant():
    games: list[Game] = []
    for _ in range(5):
        round_ = swiss_round(games, 5)
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
        swiss_round(games, 5)


def test_swiss_second_round_pairs_score_groups_and_backtracks_around_a_repeat():
    first = play(swiss_round([], 4), [1.0, 1.0])  # 0 beat 1, 2 beat 3
    second = swiss_round(first, 4)
    assert [(g.first, g.second) for g in second] == [(0, 2), (1, 3)]
    # Round three: 0 and 2 met, 0 and 1 met: 0 must meet 3, leaving 1 against 2.
    third = swiss_round(first + play(second, [0.5, 1.0]), 4)
    assert [(g.first, g.second) for g in third] == [(0, 3), (2, 1)]


def test_bye_skips_the_lowest_once_they_had_one():
    first = play(swiss_round([], 3), [0.0])  # 1 beat 0; 2 had the bye
    assert [(g.first, g.second) for g in first] == [(0, 1), (2, None)]
    second = swiss_round(first, 3)
    # Ranked 1, 2 (1 point each), then 0: 0 gets the bye.
    assert [(g.first, g.second) for g in second] == [(1, 2), (0, None)]


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
