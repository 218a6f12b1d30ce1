"""Matchmaking's settings (`PLAYHALL_MATCHMAKING_*`), read once with the orchestrator's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from playhall.common.errors import InvalidRequest
from playhall.common.settings import SettingsError, load, setting
from playhall.matches import clocks
from playhall.matchstore.model import BOT_LEVELS, BotLevel, Clock, Pace, TimeoutAction

TIMEOUT_ACTIONS = {"forfeit": TimeoutAction.FORFEIT, "bot_move": TimeoutAction.BOT_MOVE}


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
    """After this wait, bots take the seats no player within the window took (0: never); in
    the turn-based queues too (the bots then move at once, the people have their days)."""
    matchmaking_default_bot_level: str = setting("normal")
    """The bots' level where the archive rates no level of the title yet."""
    matchmaking_ticket_grace_s: float = setting(15.0, minimum=0.1)
    """A live ticket that no EnterQueue stream has followed for this long leaves the queue (a
    turn-based one waits until it is matched or withdrawn)."""
    matchmaking_lease_ms: int = setting(3_000, minimum=100)
    """How long a replica holds a queue's lease without renewing it: a queue whose
    matchmaker died is taken over by another replica at its first pass after the lease lapses
    (within this time plus `matchmaking_interval_s`)."""
    matchmaking_streams_per_player: int = setting(4, minimum=1)
    """EnterQueue streams one player may hold open on one replica (their devices and tabs);
    more are refused with RESOURCE_EXHAUSTED."""
    matchmaking_poll_ms: int = setting(500, minimum=10)
    """How often a waiting EnterQueue stream reads its ticket (and tells the player)."""
    matchmaking_clock_seconds_per_turn: int = setting(120, minimum=0)
    """The pace of matchmade matches: the time a seat has for each turn (0: a bank instead).
    Every matchmade match has a clock, so that one a player walks away from ends."""
    matchmaking_clock_bank_initial_seconds: int = setting(0, minimum=0)
    """Or a Fischer bank: the seconds each seat starts with (with a per-turn time of 0)."""
    matchmaking_clock_bank_increment_seconds: int = setting(0, minimum=0)
    """With a bank: the seconds a seat gets back each time it finishes its part of a turn."""
    matchmaking_clock_on_timeout: str = setting("forfeit")
    """What a seat out of time does: `forfeit` or `bot_move` (`TimeoutAction`)."""
    matchmaking_seat_grace_s: float = setting(60.0, minimum=0.1)
    """How long after its match is made a seat may stay untaken (its player has not collected
    its token) before it counts as absent (`matchmaker.Matchmaker`)."""

    @property
    def default_bot_level(self) -> BotLevel:
        # Checked by `from_env`.
        return BotLevel[self.matchmaking_default_bot_level.upper()]

    def window(self, waited_s: float) -> float:
        """The rating window of a ticket that has waited `waited_s` seconds."""
        grown = self.matchmaking_window + self.matchmaking_window_growth * max(waited_s, 0)
        return min(grown, max(self.matchmaking_window_max, self.matchmaking_window))

    @staticmethod
    def turn_based_clock(days: int, day_s: int) -> Clock:
        """The clock of a turn-based queue's match: `days` a move (days of `day_s` seconds),
        a seat out of time forfeiting."""
        return Clock(
            seconds_per_turn=days * day_s, on_timeout=TimeoutAction.FORFEIT, pace=Pace.TURN_BASED
        )

    @property
    def clock(self) -> Clock:
        """The turn clock every match of a live queue starts with."""
        return Clock(
            seconds_per_turn=self.matchmaking_clock_seconds_per_turn,
            bank_initial_seconds=self.matchmaking_clock_bank_initial_seconds,
            bank_increment_seconds=self.matchmaking_clock_bank_increment_seconds,
            on_timeout=TIMEOUT_ACTIONS.get(
                self.matchmaking_clock_on_timeout.lower(), TimeoutAction.UNSPECIFIED
            ),
        )

    @classmethod
    def from_env(cls, flags: Mapping[str, Any] | None = None) -> MatchmakingSettings:
        settings = load(cls, flags)
        levels = [level.label for level in BOT_LEVELS]
        if settings.matchmaking_default_bot_level.lower() not in levels:
            raise SettingsError(
                "PLAYHALL_MATCHMAKING_DEFAULT_BOT_LEVEL must be one of " + ", ".join(levels)
            )
        settings.check_pace()
        return settings

    def check_pace(self) -> None:
        """Refuses a clock `clocks.check` refuses, no clock at all, or a seat grace as long as
        the first turn: the grace must end before the clock acts on a seat nobody took, or
        with two seats a player who never came would lose (or win) a rated match on the clock
        where the match should be void."""
        if self.matchmaking_clock_on_timeout.lower() not in TIMEOUT_ACTIONS:
            raise SettingsError(
                "PLAYHALL_MATCHMAKING_CLOCK_ON_TIMEOUT must be one of " + ", ".join(TIMEOUT_ACTIONS)
            )
        try:
            clocks.check(self.clock)
        except InvalidRequest as refused:
            raise SettingsError(f"PLAYHALL_MATCHMAKING_CLOCK_*: {refused.reason}") from None
        first_turn_s = self.clock.seconds_per_turn or self.clock.bank_initial_seconds
        if not first_turn_s:
            raise SettingsError(
                "Matchmade matches need a clock: set PLAYHALL_MATCHMAKING_CLOCK_SECONDS_PER_TURN "
                "or PLAYHALL_MATCHMAKING_CLOCK_BANK_INITIAL_SECONDS"
            )
        if self.matchmaking_seat_grace_s >= first_turn_s:
            raise SettingsError(
                f"PLAYHALL_MATCHMAKING_SEAT_GRACE_S ({self.matchmaking_seat_grace_s:g}) must be "
                f"shorter than the clock's first turn ({first_turn_s} s)"
            )
