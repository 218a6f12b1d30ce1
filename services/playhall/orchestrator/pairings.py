"""The maths of a tournament, pure: who meets whom each round (Swiss or round robin) and the
standings with their tie-breaks. Entrants are numbers 0..n-1 in seed order (the order they
entered); a game is (white, black, points of white) with black's points 1 - white's, and a bye
is a game against nobody worth `BYE_POINTS`.

Swiss, as played here: entrants ranked by score, then seed; with an odd count the bye goes to
the lowest ranked entrant without one; then the highest ranked unpaired entrant meets the next
highest ranked one they have not met, backtracking (the next candidate, or the next bye) when
the rest can no longer be paired without a repeat. The higher ranked entrant of a pair has the
first seat.

Tie-breaks: Buchholz, the sum of the scores of the opponents met (a bye adds nothing);
Sonneborn-Berger, the sum over games of the points won times that opponent's score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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


def swiss_round(games: Sequence[Game], entrant_count: int) -> list[Game]:
    """The next Swiss round after `games` (all of them over): pairs without repeats, the bye
    (if any) last. NoPairing when there is none."""
    score = points(games, entrant_count)
    met: set[frozenset[int]] = {
        frozenset((g.first, g.second)) for g in games if g.second is not None
    }
    had_bye = {g.first for g in games if g.second is None}
    ranked = sorted(range(entrant_count), key=lambda e: (-score[e], e))
    candidates: list[int | None] = [None]
    if entrant_count % 2:
        candidates = [e for e in reversed(ranked) if e not in had_bye]
    for bye in candidates:
        pairs = _pair([e for e in ranked if e != bye], met)
        if pairs is not None:
            round_ = [Game(a, b) for a, b in pairs]
            return round_ + ([Game(bye, None)] if bye is not None else [])
    raise NoPairing("Every entrant has met every opponent it could meet")


def _pair(ranked: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    if not ranked:
        return []
    top, rest = ranked[0], ranked[1:]
    for index, other in enumerate(rest):
        if frozenset((top, other)) in met:
            continue
        below = _pair(rest[:index] + rest[index + 1 :], met)
        if below is not None:
            return [(top, other), *below]
    return None


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
    many, when odd, each with its own bye). A tournament that runs out of pairings without a
    repeat before then ends there (`NoPairing`)."""
    return max(entrant_count - 1, 1) if entrant_count % 2 == 0 else entrant_count
