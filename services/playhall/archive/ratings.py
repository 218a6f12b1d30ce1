"""Ratings: OpenSkill's Plackett-Luce model, per title and player, from a match's final
placement.

Places come from the result: the winners share first place (a shared win is a tie); the other
seats that stayed follow by final score, equal scores tied; seats that resigned or ran out of
time come last, tied. Bots are rated like people, one identity per title and level. Anonymous
seats are not rated. A player holding several seats of one match (two bots of one level, say)
is rated once, by their best place, against the others: a player's seats never rate against
each other. A match with fewer than two rated players rates nobody."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The model with OpenSkill's defaults: mu 25, sigma 25/3, a dynamics factor tau of 25/300."""
PROVISIONAL_SIGMA = 6.5
"""A rating is provisional while its sigma is above this: from 25/3 a player gets here in
about ten two-player matches against newcomers (fewer against settled players, or with more
seats), where mu less 3 sigma starts to rank people and not their luck."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The leaderboard's number: a rating the player is 99.7 % likely to be above."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Whether the rating is still too uncertain to mean much."""
        return self.sigma > PROVISIONAL_SIGMA


INITIAL = Rating(MODEL.mu, MODEL.sigma)


def shown(display: float) -> float:
    """A displayed rating (the ordinal) as people read it, in the portal (`ratingValue`) and in
    notices alike: never below 0, so a newcomer's first lost games never show as a negative
    number."""
    return max(0.0, display)


@dataclass(frozen=True)
class SeatResult:
    """One seat's result, as the places are made from."""

    seat: int
    score: int
    winner: bool
    left: bool
    """Resigned or timed out."""


def placements(results: Sequence[SeatResult]) -> dict[int, int]:
    """Each seat's place (1 the best; seats that share a place share the number, and the next
    place counts them: 1, 1, 3)."""

    def standing(result: SeatResult) -> tuple[int, int]:
        if result.left:
            return (2, 0)
        return (0, 0) if result.winner else (1, -result.score)

    standings = {result.seat: standing(result) for result in results}
    return {
        seat: 1 + sum(other < mine for other in standings.values())
        for seat, mine in standings.items()
    }


PlayerT = TypeVar("PlayerT", bound=Hashable)
"""Whatever names a player: an id in the archive, a level in the bot ladder."""


def rate(ratings: Mapping[PlayerT, Rating], places: Mapping[PlayerT, int]) -> dict[PlayerT, Rating]:
    """The new ratings of the players in `places` (player -> place), from their `ratings`
    before the match; empty when fewer than two play."""
    if len(places) < 2:
        return {}
    players = list(places)
    teams = [[MODEL.rating(mu=ratings[p].mu, sigma=ratings[p].sigma)] for p in players]
    rated = MODEL.rate(teams, ranks=[places[p] for p in players])
    return {p: Rating(team[0].mu, team[0].sigma) for p, team in zip(players, rated, strict=True)}


def rated_places(
    seat_players: Mapping[int, PlayerT | None], places: Mapping[int, int]
) -> dict[PlayerT, int]:
    """The place of each player of the match (the best of their seats); anonymous seats
    (None) have none."""
    best: dict[PlayerT, int] = {}
    for seat, player in seat_players.items():
        if player is not None:
            best[player] = min(best.get(player, places[seat]), places[seat])
    return best
