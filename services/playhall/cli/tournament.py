"""`playhall tournament run`: a round robin of bot levels played through the platform, every
pairing over N games with the seats swapped each game, scored as players count it (a win 1, a
shared win a half, a loss 0)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field

from playhall.cli.gateway import Gateway
from playhall.cli.words import t
from playhall.match.v1 import match_service_pb2 as mpb


@dataclass(frozen=True)
class Game:
    """One match of the round robin: the level of each seat, in seat order."""

    levels: tuple[str, ...]
    seed: bytes


@dataclass
class Standing:
    level: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: float = 0.0
    matches: list[str] = field(default_factory=list)

    @property
    def score(self) -> float:
        """The share of points taken, 0 to 1."""
        return self.points / self.games if self.games else 0.0


def schedule(levels: list[str], games: int, seed: str) -> list[Game]:
    """Every pairing of two levels `games` times, the first seat alternating."""
    planned = []
    for a, b in itertools.combinations(levels, 2):
        for number in range(games):
            pair = (a, b) if number % 2 == 0 else (b, a)
            planned.append(Game(pair, f"{seed}/{a}-{b}/{number}".encode()))
    return planned


def bot_seats(levels: tuple[str, ...]) -> list[mpb.SeatSpec]:
    return [
        mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot_level=f"BOT_LEVEL_{lv.upper()}") for lv in levels
    ]


def play_one(gateway: Gateway, title_id: str, game: Game) -> tuple[Game, mpb.MatchSummary]:
    created = gateway.call(
        gateway.matches.create_match,
        mpb.CreateMatchRequest(title_id=title_id, seats=bot_seats(game.levels), seed=game.seed),
    )
    match_id = created.match.match_id
    for change in gateway.watch(match_id):
        if change.phase == mpb.MATCH_PHASE_FINISHED:
            break
    return game, gateway.call(
        gateway.matches.get_match, mpb.GetMatchRequest(match_id=match_id, omit_legal_moves=True)
    ).match


def record(standings: dict[str, Standing], game: Game, match: mpb.MatchSummary) -> None:
    winners = set(match.winners)
    for seat, level in enumerate(game.levels):
        standing = standings[level]
        standing.games += 1
        standing.matches.append(match.match_id)
        if seat in winners and len(winners) == 1:
            standing.wins, standing.points = standing.wins + 1, standing.points + 1
        elif seat in winners:
            standing.draws, standing.points = standing.draws + 1, standing.points + 0.5
        else:
            standing.losses += 1


def run(
    gateway: Gateway,
    title_id: str,
    games: list[Game],
    parallel: int,
    on_done: Callable[[Game, mpb.MatchSummary], None],
) -> dict[str, Standing]:
    """Plays every game, `parallel` at once; the standings by level, best first."""
    levels = dict.fromkeys(level for game in games for level in game.levels)
    standings = {level: Standing(level) for level in levels}
    with ThreadPoolExecutor(max_workers=parallel) as pool:
        for done in as_completed([pool.submit(play_one, gateway, title_id, g) for g in games]):
            game, match = done.result()
            record(standings, game, match)
            on_done(game, match)
    return dict(sorted(standings.items(), key=lambda item: -item[1].score))


LEVELS = tuple(
    name.removeprefix("BOT_LEVEL_").lower()
    for name in mpb.BotLevel.DESCRIPTOR.values_by_name
    if name != "BOT_LEVEL_UNSPECIFIED"
)


def levels_of(text: str) -> Iterator[str]:
    """The levels of a comma-separated list, each checked."""
    for level in text.split(","):
        name = level.strip().lower()
        if name not in LEVELS:
            raise ValueError(t("cli-unknown-bot-level", level=name, levels=", ".join(LEVELS)))
        yield name
