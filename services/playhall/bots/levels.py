"""The bot levels a match can ask for, and what each costs per decision in each title.

A search level is an iteration budget with a time cap, set per title: a Galileo pick among a
dozen cards is cheap to search, an Einstein turn of hundreds of placements or an Eynsteyn
placement among a thousand is not, so each title gets the budget that fits its engine's speed
and its game's length. The budget normally ends first, so a seeded decision reproduces; the cap
protects a slow or overloaded worker, and a turn clock cuts it further (`clock_cap_s`).
Measured strength and decision times: bench/results/bots.md.

What a level plays a title with beyond its own settings lives with the title, in its
`Game.bots` (`playhall.core.BotTuning`: the budgets, the slips, the search shape, the greedy
samples), read here from the registry.
"""

from playhall.bots.base import Bot
from playhall.bots.greedy import GreedyBot
from playhall.bots.ismcts import IsmctsBot
from playhall.bots.random_bot import RandomBot
from playhall.core import get_game, title_ids
from playhall.match.v1 import match_service_pb2 as mpb

SEARCH_LEVELS = ("normal", "hard")
EASY_SLIPS = 0.3
"""The share of `easy`'s decisions played at random (`GreedyBot`): without slips the greedy
judgement blocked as well as the search did, and Eynsteyn games between them ended drawn."""


def title_search(level: str) -> dict[str, dict[str, float]]:
    """Every title's settings for a search level, from its `Game.bots`: its search shape, the
    level's budget and slips (titles that set none are left out)."""
    settings: dict[str, dict[str, float]] = {}
    for title in title_ids():
        tuning = get_game(title).bots
        budget = tuning.budgets.get(level)
        own = {
            **tuning.search,
            **(
                {"iterations": budget.iterations, "time_cap_s": budget.time_cap_s} if budget else {}
            ),
            **({"slips": tuning.slips[level]} if level in tuning.slips else {}),
        }
        if own:
            settings[title] = own
    return settings


def greedy_samples() -> dict[str, int]:
    """Title id -> its samples per greedy decision, for the titles that set them."""
    return {
        title: samples
        for title in title_ids()
        if (samples := get_game(title).bots.greedy_samples) is not None
    }


TITLE_SEARCH = {level: title_search(level) for level in SEARCH_LEVELS}

LEVELS: dict[str, Bot] = {
    "random": RandomBot(),
    "easy": GreedyBot(samples=8, titles=greedy_samples(), slips=EASY_SLIPS),
    "normal": IsmctsBot(iterations=1500, time_cap_s=1.0, titles=TITLE_SEARCH["normal"]),
    "hard": IsmctsBot(iterations=10000, time_cap_s=3.0, titles=TITLE_SEARCH["hard"]),
}

CLOCK_SHARE = 0.4
"""The part of the turn clock's time left one decision may use: a turn of several moves (an
Eynsteyn turn is three) then still ends in time, 0.4 + 0.24 + 0.14 + ... < 1."""
CLOCK_MARGIN_S = 0.3
"""Held back for reading the view and committing the move."""
CLOCK_FLOOR_S = 0.05


def clock_cap_s(deadline_unix_ms: int, now_s: float) -> float | None:
    """The most one decision may take when the turn must end by `deadline_unix_ms` (0: no
    clock, no cap)."""
    if not deadline_unix_ms:
        return None
    left = deadline_unix_ms / 1000 - now_s - CLOCK_MARGIN_S
    return max(CLOCK_FLOOR_S, left * CLOCK_SHARE)


def level_name(level: int) -> str:
    """The level name of a `playhall.match.v1.BotLevel` value ("normal" for BOT_LEVEL_NORMAL)."""
    return mpb.BotLevel.Name(level).removeprefix("BOT_LEVEL_").lower()


def bot_for(level: str) -> Bot:
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    return LEVELS[level]
