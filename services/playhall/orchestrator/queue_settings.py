"""Matchmaking's settings (`PLAYHALL_MATCHMAKING_*`), read once with the orchestrator's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from playhall.common.settings import SettingsError, load, setting
from playhall.match.v1 import match_service_pb2 as mpb


@dataclass(frozen=True)
class MatchmakingSettings:
    """How the queues match (`common.settings`: each from `PLAYHALL_<NAME>`). Ratings are
    OpenSkill's mu (25 for a player without games; a level apart is some 5 to 10 points)."""

    matchmaking_interval_s: float = setting(0.5, minimum=0.01)
    """How often the replica holding a queue's lease looks for matches in it."""
    matchmaking_window: float = setting(2.0, minimum=0)
    """How far apart in rating the players of a match may be when they have just entered."""
    matchmaking_window_growth: float = setting(0.25, minimum=0)
    """How much wider the window gets for each second a ticket waits."""
    matchmaking_window_max: float = setting(25.0, minimum=0)
    """The widest the window gets."""
    matchmaking_bot_fill_after_s: float = setting(60.0, minimum=0)
    """After this wait, bots take the seats no player within the window took (0: never)."""
    matchmaking_default_bot_level: str = setting("normal")
    """The bots' level where the archive rates no level of the title yet."""
    matchmaking_ticket_grace_s: float = setting(15.0, minimum=0.1)
    """A ticket that no EnterQueue stream has followed for this long leaves the queue."""
    matchmaking_lease_ms: int = setting(3_000, minimum=100)
    """How long a replica holds a queue's lease without renewing it: a queue whose
    matchmaker died is taken over by another replica within this time."""
    matchmaking_streams_per_player: int = setting(4, minimum=1)
    """EnterQueue streams one player may hold open on one replica (their devices and tabs);
    more are refused with RESOURCE_EXHAUSTED."""
    matchmaking_poll_ms: int = setting(500, minimum=10)
    """How often a waiting EnterQueue stream reads its ticket (and tells the player)."""

    @property
    def default_bot_level(self) -> int:
        return mpb.BotLevel.Value("BOT_LEVEL_" + self.matchmaking_default_bot_level.upper())

    def window(self, waited_s: float) -> float:
        """The rating window of a ticket that has waited `waited_s` seconds."""
        grown = self.matchmaking_window + self.matchmaking_window_growth * max(waited_s, 0)
        return min(grown, max(self.matchmaking_window_max, self.matchmaking_window))

    @classmethod
    def from_env(cls, flags: Mapping[str, Any] | None = None) -> MatchmakingSettings:
        settings = load(cls, flags)
        levels = [name.removeprefix("BOT_LEVEL_").lower() for name in mpb.BotLevel.keys()[1:]]
        if settings.matchmaking_default_bot_level.lower() not in levels:
            raise SettingsError(
                "PLAYHALL_MATCHMAKING_DEFAULT_BOT_LEVEL must be one of " + ", ".join(levels)
            )
        return settings
