"""The bot levels a match can ask for. Each is an iteration budget with a time cap: on this
machine the budget ends first (normal about 0.5 s, hard about 2 s per Galileo decision), so a
seeded decision reproduces; the cap only protects a slow or overloaded worker. Measured
strength: bench/results/bots.md.

The search levels' settings are Galileo's; a title that needs others (shorter rollouts, wider
or narrower widening for hundreds of moves) gets an entry in `TITLE_SEARCH`, which every
search level plays that title with."""

from playhall.bots.base import Bot
from playhall.bots.greedy import GreedyBot
from playhall.bots.ismcts import IsmctsBot
from playhall.bots.random_bot import RandomBot
from playhall.match.v1 import match_service_pb2 as mpb

# Title id -> the IsmctsBot settings it plays with instead of the defaults (any of
# `ismcts.PER_TITLE`: rollout_moves, widen_c, widen_alpha, exploration). Galileo has none.
# Einstein: several hundred placements a decision and a costly move (the frontier update), so
# short rollouts buy more iterations, and slow widening spends them on a few placements.
TITLE_SEARCH: dict[str, dict[str, float]] = {
    "einstein": {"rollout_moves": 2, "widen_c": 2.0, "widen_alpha": 0.5},
}

LEVELS: dict[str, Bot] = {
    "random": RandomBot(),
    "easy": GreedyBot(samples=8),
    "normal": IsmctsBot(iterations=3500, time_cap_s=1.0, titles=TITLE_SEARCH),
    "hard": IsmctsBot(iterations=14000, time_cap_s=4.0, titles=TITLE_SEARCH),
}


def level_name(level: int) -> str:
    """The level name of a `playhall.match.v1.BotLevel` value ("normal" for BOT_LEVEL_NORMAL)."""
    return mpb.BotLevel.Name(level).removeprefix("BOT_LEVEL_").lower()


def bot_for(level: str) -> Bot:
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    return LEVELS[level]
