"""MatchService's Prometheus series: counters of what the match domain does (its chat's
included), and the active-match gauge counted in Redis at scrape time."""

from __future__ import annotations

import asyncio
import logging

import redis
from prometheus_client import Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily

from playhall.common.metrics import REDIS_ERRORS
from playhall.matchstore.model import ACTIVE_PHASES, MatchPhase
from playhall.matchstore.store import MatchStore

log = logging.getLogger(__name__)

MATCHES_CREATED = Counter("playhall_matches_created", "Matches created.", ["title"])
MATCHES_FINISHED = Counter("playhall_matches_finished", "Matches finished.", ["title", "reason"])
MOVES_ACCEPTED = Counter("playhall_moves_accepted", "Moves committed.", ["title"])
MOVES_REFUSED = Counter("playhall_moves_refused", "Moves refused.", ["title", "reason"])
TIMEOUTS_APPLIED = Counter(
    "playhall_timeouts_applied",
    "Turn deadlines acted on: the seats out of time forfeited, or moved for by a bot.",
    ["title", "pace", "action"],
)
VACATIONS_STARTED = Counter(
    "playhall_vacations_started", "Players who went away from their turn-based matches."
)
MATCHES_PARKED = Counter(
    "playhall_matches_parked", "Idle turn-based matches moved from Redis to PostgreSQL."
)
PARKED_LOADS = Counter(
    "playhall_parked_loads",
    "Parked matches brought back to Redis: by a call that needed one, or by the deadline ticker.",
    ["cause"],
)
PARKED_LOAD_SECONDS = Histogram(
    "playhall_parked_load_seconds",
    "How long bringing a parked match back took, row lock and restore included.",
    buckets=(0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
PARKED_MATCHES = Gauge(
    "playhall_parked_matches", "Matches parked in PostgreSQL (counted by the parking pass)."
)
PARKED_DEADLINE_LAG = Gauge(
    "playhall_parked_deadline_lag_seconds",
    "How long the earliest due deadline of a parked match has waited for the ticker (0: none).",
)
SEATS_LEFT = Counter(
    "playhall_seats_left", "Seats that resigned or forfeited on the clock.", ["title", "reason"]
)
COMMIT_CONFLICTS = Counter(
    "playhall_commit_conflicts", "Commits retried because another change won.", ["title"]
)
MOVE_SNAPSHOTS = Counter(
    "playhall_move_snapshots",
    "Snapshots moves were tried on: kept by the replica (no read) or read from Redis.",
    ["title", "source"],
)
CHAT_MESSAGES = Counter(
    "playhall_chat_messages", "Chat messages stored, by room (players, spectators).", ["room"]
)
CHAT_REFUSED = Counter(
    "playhall_chat_refused",
    "Chat messages refused and not stored, by reason: length (empty or too long), control "
    "(control or direction characters), rate (too fast), ban (a moderator's), rights (another "
    "room than the writer's), closed (the match is over).",
    ["reason"],
)
CHAT_REFUSAL_REASONS = ("length", "control", "rate", "ban", "rights", "closed")
for _room in ("players", "spectators"):
    CHAT_MESSAGES.labels(_room)
for _reason in CHAT_REFUSAL_REASONS:
    CHAT_REFUSED.labels(_reason)
for _cause in ("call", "deadline"):
    PARKED_LOADS.labels(_cause)
for _operation in (
    "call",
    "parking",
    "housekeeping",
    "index_update",
    "active_count",
    "matchmaking",
    "tournaments",
):
    REDIS_ERRORS.labels(_operation)  # every series from the start: a rate of 0, not no data
REFUSAL_REASONS = ("stale_version", "invalid_argument", "failed_precondition")
"""The `reason` of `playhall_moves_refused`: a stale version, or the kinds of the rules'
refusals (`errors.RefusedByRules.kind`)."""
COLLECT_TIMEOUT_S = 3.0
"""How long a scrape waits for the active-match counts (the loop itself bounds them)."""


def initialize_series(titles: list[str]) -> None:
    """Creates the series of every served title at 0, so that rates and ratios over them (the
    alerting and recording rules in deploy/prometheus, the dashboard) have a value before the
    first move, refusal or conflict instead of no data."""
    for title in titles:
        MATCHES_CREATED.labels(title)
        MOVES_ACCEPTED.labels(title)
        COMMIT_CONFLICTS.labels(title)
        for source in ("kept", "read"):
            MOVE_SNAPSHOTS.labels(title, source)
        for reason in REFUSAL_REASONS:
            MOVES_REFUSED.labels(title, reason)
        for pace in ("live", "turn_based"):
            for action in ("forfeit", "bot_move"):
                TIMEOUTS_APPLIED.labels(title, pace, action)


class ActiveMatchesCollector:
    """Open and running matches per title, counted in Redis at scrape time, so the number is
    the same whichever replica is scraped. Scrapes run in the metrics server's thread; the
    counting runs on the store's event loop `loop`."""

    def __init__(self, store: MatchStore, titles: list[str], loop: asyncio.AbstractEventLoop):
        self.store = store
        self.titles = titles
        self.loop = loop

    @staticmethod
    def _family() -> GaugeMetricFamily:
        return GaugeMetricFamily(
            "playhall_matches_active", "Open and running matches.", labels=["title", "phase"]
        )

    def describe(self):
        # Registering asks for the names: from here, not from `collect`, which would wait
        # on the event loop that is registering it.
        yield self._family()

    def collect(self):
        """The counts, or a family without samples when Redis or the loop cannot answer in
        time: one gauge missing beats a scrape failing whole."""
        family = self._family()
        counted = None
        try:
            counted = asyncio.run_coroutine_threadsafe(self._count(), self.loop)
            counts = counted.result(timeout=COLLECT_TIMEOUT_S + 1)
        except (TimeoutError, redis.RedisError, RuntimeError) as error:
            if isinstance(error, redis.RedisError):
                REDIS_ERRORS.labels("active_count").inc()
            if counted is not None:
                counted.cancel()  # a loop too busy to count must not pile up more counting
            log.warning("active matches not counted", extra={"error": repr(error)})
            counts = {}
        for (title, phase), count in counts.items():
            name = phase.name.lower()
            family.add_metric([title, name], count)
        yield family

    async def _count(self) -> dict[tuple[str, MatchPhase], int]:
        async with asyncio.timeout(COLLECT_TIMEOUT_S):
            return {
                (title, phase): await self.store.lobby_size(title, phase)
                for title in self.titles
                for phase in ACTIVE_PHASES
            }
