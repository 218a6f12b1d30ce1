"""The maths of a tournament, pure: who meets whom each round (Swiss or round robin) and the
standings with their tie-breaks. Entrants are numbers 0..n-1 in seed order (the order they
entered); a game is (white, black, points of white) with black's points 1 - white's, and a bye
is a game against nobody worth `BYE_POINTS`.

Swiss, as played here: entrants ranked by score, then seed. A round is the cheapest pairing
without a repeat (and, with an odd count, a bye to an entrant without one) after which the
rounds still to play can be paired too (`matchings.cheapest_playable`, which says why that
holds for every round when it holds for the first). Its cost, most important first:

0. the blocks: a game between two entrants of whom one blocked the other (`apart`) costs more
   than everything below, so they meet only in a round where every pairing has such a game;
1. the bye: its entrant's place counted from the lowest ranked entrant without a bye, so the
   bye goes to the lowest ranked one the rounds allow;
2. the floats: each game costs the square of its players' score difference in half points, so
   a float of 2 points (16) costs more than two of 1 point (4 + 4), one of 1 point more than two
   of half a point (1 + 1): the smallest floats first, then the fewest;
3. a tie-break: the square of the players' distance in rank, so that among equal floats the
   nearest ranks meet (1 v 2 and 3 v 4 in a score group; the lowest of a group floats down to
   the highest of the next).

The higher ranked entrant of a pair has the first seat; a round lists its games by the rank of
their higher ranked entrant, the bye last.

Tie-breaks: Buchholz, the sum of the scores of the opponents met (a bye adds nothing);
Sonneborn-Berger, the sum over games of the points won times that opponent's score."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from playhall.tournaments import matchings
from playhall.tournaments.matchings import Edge

BYE_POINTS = 1.0


@dataclass(frozen=True)
class Game:
    """One pairing of a round and, once played, its result."""

    first: int
    second: int | None
    """None: a bye."""
    first_points: float | None = None
    """The first seat's points (1, 0.5 or 0); None while the game is not over."""


@dataclass(frozen=True)
class Standing:
    entrant: int
    score: float
    buchholz: float
    sonneborn_berger: float
    games: int


class NoPairing(ValueError):
    """Every entrant has met every other one it could still meet: no round without a repeat."""


def points(games: Sequence[Game], entrant_count: int) -> list[float]:
    """Each entrant's score over the games played (byes count `BYE_POINTS`)."""
    score = [0.0] * entrant_count
    for game in games:
        if game.second is None:
            score[game.first] += BYE_POINTS
        elif game.first_points is not None:
            score[game.first] += game.first_points
            score[game.second] += 1 - game.first_points
    return score


def standings(games: Sequence[Game], entrant_count: int) -> list[Standing]:
    """Every entrant, best first: score, Buchholz, Sonneborn-Berger, then seed."""
    score = points(games, entrant_count)
    buchholz = [0.0] * entrant_count
    berger = [0.0] * entrant_count
    played = [0] * entrant_count
    for game in games:
        if game.second is None:
            played[game.first] += 1
            continue
        if game.first_points is None:
            continue
        a, b, won = game.first, game.second, game.first_points
        buchholz[a] += score[b]
        buchholz[b] += score[a]
        berger[a] += won * score[b]
        berger[b] += (1 - won) * score[a]
        played[a] += 1
        played[b] += 1
    table = [Standing(e, score[e], buchholz[e], berger[e], played[e]) for e in range(entrant_count)]
    table.sort(key=lambda s: (-s.score, -s.buchholz, -s.sonneborn_berger, s.entrant))
    return table


def swiss_round(
    games: Sequence[Game],
    entrant_count: int,
    rounds_left: int,
    apart: Collection[frozenset[int]] = (),
) -> list[Game]:
    """The next Swiss round after `games` (all of them over), of `rounds_left` still to play
    counting this one: the cheapest pairing without repeats (the module's docstring), keeping
    the pairs of `apart` from meeting where it can, after which the others can be paired.
    NoPairing when there is no pairing without a repeat."""
    field = _Field.of(games, entrant_count)
    costs = _kept_apart(_costs(field), apart)
    chosen = matchings.cheapest_playable(costs, field.vertices, rounds_left)
    if chosen is None:
        raise NoPairing("Every entrant has met every opponent it could meet")
    return _round_of(chosen, field)


@dataclass(frozen=True)
class _Field:
    """Where a Swiss tournament stands between rounds. Its vertices are the entrants and, with
    an odd count, the bye (vertex `entrant_count`)."""

    entrant_count: int
    score: list[float]
    rank: list[int]
    """Each entrant's place (0 the first): by score, then seed."""
    met: set[frozenset[int]]
    had_bye: set[int]

    @classmethod
    def of(cls, games: Sequence[Game], entrant_count: int) -> _Field:
        score = points(games, entrant_count)
        ranked = sorted(range(entrant_count), key=lambda e: (-score[e], e))
        rank = [0] * entrant_count
        for place, entrant in enumerate(ranked):
            rank[entrant] = place
        return cls(
            entrant_count,
            score,
            rank,
            {frozenset((g.first, g.second)) for g in games if g.second is not None},
            {g.first for g in games if g.second is None},
        )

    @property
    def vertices(self) -> int:
        return self.entrant_count + self.entrant_count % 2


def _costs(field: _Field) -> dict[Edge, int]:
    """Every game still allowed (a pair that has not met, a bye to an entrant without one) and
    its cost: the module's three levels as the digits of one integer, each digit's unit above
    the most that the levels below it can add up to over a round."""
    games = field.vertices // 2
    ties = {pair: _tie_cost(field, pair) for pair in _unmet_pairs(field)}
    floats = {pair: _float_cost(field, pair) for pair in ties}
    float_unit = games * max(ties.values(), default=0) + 1
    bye_unit = float_unit * (games * max(floats.values(), default=0) + 1)
    costs = {pair: floats[pair] * float_unit + ties[pair] for pair in ties}
    for entrant, place in _bye_places(field).items():
        costs[entrant, field.entrant_count] = place * bye_unit
    return costs


def _kept_apart(costs: dict[Edge, int], apart: Collection[frozenset[int]]) -> dict[Edge, int]:
    """`costs` with each game of a pair in `apart` made dearer than any round without one."""
    if not apart:
        return costs
    block_unit = len(costs) * max(costs.values(), default=0) + 1
    return {
        pair: cost + block_unit if frozenset(pair) in apart else cost
        for pair, cost in costs.items()
    }


def _unmet_pairs(field: _Field) -> list[Edge]:
    count = field.entrant_count
    return [
        (a, b)
        for a in range(count)
        for b in range(a + 1, count)
        if frozenset((a, b)) not in field.met
    ]


def _float_cost(field: _Field, pair: Edge) -> int:
    """The square of the pair's score difference in half points (0 when equal)."""
    a, b = pair
    return round(2 * (field.score[a] - field.score[b])) ** 2


def _tie_cost(field: _Field, pair: Edge) -> int:
    """The square of the pair's distance in rank."""
    a, b = pair
    return (field.rank[a] - field.rank[b]) ** 2


def _bye_places(field: _Field) -> dict[int, int]:
    """Each entrant who may take the bye (an odd count, none yet) and how many of them rank
    below it."""
    if not field.entrant_count % 2:
        return {}
    eligible = [e for e in range(field.entrant_count) if e not in field.had_bye]
    eligible.sort(key=field.rank.__getitem__, reverse=True)
    return {entrant: below for below, entrant in enumerate(eligible)}


def _round_of(chosen: matchings.Matching, field: _Field) -> list[Game]:
    """The games of a matching: the higher ranked entrant first, by rank, the bye last."""
    games, byes = [], []
    for a, b in chosen:
        if b == field.entrant_count:  # the bye's vertex
            byes.append(Game(a, None))
        else:
            first, second = sorted((a, b), key=field.rank.__getitem__)
            games.append(Game(first, second))
    games.sort(key=lambda game: field.rank[game.first])
    return games + byes


def round_robin(entrant_count: int) -> list[list[Game]]:
    """Every round of a round robin (the circle method): each pair meets once; with an odd
    count each entrant sits out one round, as a bye."""
    circle: list[int | None] = list(range(entrant_count))
    if entrant_count % 2:
        circle.append(None)
    size = len(circle)
    rounds = []
    for number in range(size - 1):
        games = []
        for i in range(size // 2):
            a, b = circle[i], circle[size - 1 - i]
            # Alternate the first seat of the fixed entrant's game round by round.
            if i == 0 and number % 2:
                a, b = b, a
            if a is None:
                a, b = b, a
            assert a is not None
            games.append(Game(a, b))
        games.sort(key=lambda g: g.second is None)
        rounds.append(games)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def swiss_rounds_allowed(entrant_count: int) -> int:
    """The most Swiss rounds a tournament may ask for: one round fewer than the entrants (as
    many, when odd, each with its own bye)."""
    return max(entrant_count - 1, 1) if entrant_count % 2 == 0 else entrant_count


def swiss_rounds_promised(entrant_count: int, rounds: int) -> bool:
    """Whether every one of `rounds` Swiss rounds is sure to be paired: the pairing finds a plan
    for them before the first (`matchings.cheapest_playable` carries it to the last)."""
    vertices = entrant_count + entrant_count % 2
    everyone = [(a, b) for a in range(vertices) for b in range(a + 1, vertices)]
    return matchings.playable(everyone, vertices, rounds) is not None
