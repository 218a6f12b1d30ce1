"""The bot levels a match can ask for, and what each costs per decision in each title.

A search level is an iteration budget with a time cap, set per title: a Galileo pick among a
dozen cards is cheap to search, an Einstein turn of hundreds of placements or an Eynsteyn
placement among a thousand is not, so each title gets the budget that fits its engine's speed
and its game's length. The budget normally ends first, so a seeded decision reproduces; the cap
protects a slow or overloaded worker, and a turn clock cuts it further (`clock_cap_s`).
Measured strength and decision times: bench/results/bots.md.

Each level plays its title with the settings of `SHAPE` and `BUDGETS` on top of its own: the
budget, and the search shape a title needs. Einstein: several hundred placements a decision
and a costly move (listing the placements after it is most of an iteration's time), so no
rollouts at all, and slow widening spends the iterations on a few placements. Eynsteyn: random
stones say little about a connection, so no rollouts either, and the connection evaluation
judges every new node.
"""

from playhall.bots.base import Bot
from playhall.bots.greedy import GreedyBot
from playhall.bots.ismcts import IsmctsBot
from playhall.bots.random_bot import RandomBot
from playhall.match.v1 import match_service_pb2 as mpb

SHAPE: dict[str, dict[str, float]] = {
    "einstein": {"rollout_moves": 0, "widen_c": 2.0, "widen_alpha": 0.5},
    "eynsteyn": {"rollout_moves": 0, "widen_c": 2.0, "widen_alpha": 0.5},
}
"""Title id -> the search settings (`ismcts.PER_TITLE`) every search level plays it with."""

BUDGETS: dict[str, dict[str, tuple[int, float]]] = {
    # level -> title -> (iterations, time cap in seconds) per decision
    "normal": {
        "galileo": (600, 0.5),
        "inventors": (150, 0.5),
        "einstein": (300, 0.75),
        "eynsteyn": (150, 0.5),
    },
    "hard": {
        "galileo": (3000, 1.5),
        "inventors": (1000, 1.0),
        "einstein": (1200, 2.0),
        "eynsteyn": (1000, 2.0),
    },
}

SLIPS: dict[str, dict[str, float]] = {
    # level -> title -> the share of decisions played at random (`base.slipped`)
    "normal": {"galileo": 0.15},
}
"""Where a search level slips as `easy` does. Galileo's search stops gaining early in its
budget (bench/results/bots-notes.md), so no budget alone sets `hard` above `normal` there:
`normal` slips instead, as chess engines weaken their lower levels."""

# Titles whose evaluation reads public information only: one sample is as good as eight.
GREEDY_SAMPLES = {"einstein": 1, "eynsteyn": 1}
EASY_SLIPS = 0.3
"""The share of `easy`'s decisions played at random (`GreedyBot`): without slips the greedy
judgement blocked as well as the search did, and Eynsteyn games between them ended drawn."""


def title_search(level: str) -> dict[str, dict[str, float]]:
    """Every title's settings for a search level: its shape, the level's budget and slips."""
    titles = set(SHAPE) | set(BUDGETS[level]) | set(SLIPS.get(level, {}))
    return {
        title: {
            **SHAPE.get(title, {}),
            **dict(zip(("iterations", "time_cap_s"), BUDGETS[level].get(title, ()), strict=False)),
            **({"slips": SLIPS[level][title]} if title in SLIPS.get(level, {}) else {}),
        }
        for title in sorted(titles)
    }


TITLE_SEARCH = {level: title_search(level) for level in BUDGETS}

LEVELS: dict[str, Bot] = {
    "random": RandomBot(),
    "easy": GreedyBot(samples=8, titles=GREEDY_SAMPLES, slips=EASY_SLIPS),
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
