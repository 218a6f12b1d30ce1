"""The bot levels a match can ask for. Each is an iteration budget with a time cap: on this
machine the budget ends first (normal about 0.5 s, hard about 2 s per Galileo decision), so a
seeded decision reproduces; the cap only protects a slow or overloaded worker. Measured
strength: bench/results/bots.md."""

from playhall.bots.base import Bot
from playhall.bots.greedy import GreedyBot
from playhall.bots.ismcts import IsmctsBot
from playhall.bots.random_bot import RandomBot
from playhall.match.v1 import match_service_pb2 as mpb

LEVELS: dict[str, Bot] = {
    "random": RandomBot(),
    "easy": GreedyBot(samples=8),
    "normal": IsmctsBot(iterations=3500, time_cap_s=1.0),
    "hard": IsmctsBot(iterations=14000, time_cap_s=4.0),
}


def level_name(level: int) -> str:
    """The level name of a `playhall.match.v1.BotLevel` value ("normal" for BOT_LEVEL_NORMAL)."""
    return mpb.BotLevel.Name(level).removeprefix("BOT_LEVEL_").lower()


def bot_for(level: str) -> Bot:
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    return LEVELS[level]
