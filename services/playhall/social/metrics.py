"""The Prometheus series of challenges and moderation, and the open reports waiting for a
moderator, read from PostgreSQL at scrape time. Labels are bounded: served titles, a pace
("live", "turn_based") and the domain's own enums; never a player, a match or a text.

The chat's series are the match domain's (`matches.metrics`), the follows' and blocks'
relations' (`relations.metrics`): each is counted where its events happen."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

from prometheus_client import Counter
from prometheus_client.core import GaugeMetricFamily

from playhall.common.errors import Unavailable
from playhall.relations.moderation import ActionKind, ReportReason, Reports
from playhall.social.challenge_store import DeclineReason, Opponent, State, Terms

log = logging.getLogger(__name__)

CHALLENGES_CREATED = Counter(
    "playhall_challenges_created",
    "Challenges made, by whom they invite: a player, anyone (the lobby's open challenges) or a "
    "bot (its match begun at once); a request retried under its request id counts again.",
    ["title", "pace", "opponent"],
)
CHALLENGES_ANSWERED = Counter(
    "playhall_challenges_answered",
    "Challenges to a player or to anyone answered: accepted (their match started), declined by "
    "the invited, or withdrawn by the challenger.",
    ["title", "pace", "answer"],
)
CHALLENGE_DECLINES = Counter(
    "playhall_challenge_declines",
    "Challenges declined, by the reason the invited chose.",
    ["reason"],
)
CHALLENGE_ANSWERS_TOO_LATE = Counter(
    "playhall_challenge_answers_too_late",
    "Accepts, declines and withdrawals refused because the challenge was no longer open, by "
    "what it had become (expired: nobody answered in time; an expiry happens in no call, so "
    "this is where it shows), accepts that lost a race included.",
    ["state"],
)
CHALLENGE_ACCEPT_RACES_LOST = Counter(
    "playhall_challenge_accept_races_lost",
    "Accepts of an open challenge refused because another accept of it won the race.",
    ["title"],
)
REPORTS_FILED = Counter(
    "playhall_reports_filed",
    "Players' reports filed, by reason and target (a chat message or a player); a report made "
    "again while the first is open is not counted again.",
    ["reason", "target"],
)
MODERATION_ACTIONS = Counter(
    "playhall_moderation_actions",
    "Moderators' actions recorded, by kind (ending a player's matches: one per match).",
    ["action"],
)
REPORT_TARGETS = ("message", "player")
ANSWERS = (State.ACCEPTED, State.DECLINED, State.WITHDRAWN)
PACES = ("live", "turn_based")
COLLECT_TIMEOUT_S = 3.0
"""How long a scrape waits for the count of open reports."""

for _reason in DeclineReason:
    CHALLENGE_DECLINES.labels(_reason.value)
for _state in (*ANSWERS, State.EXPIRED):
    CHALLENGE_ANSWERS_TOO_LATE.labels(_state.value)
for _report_reason in ReportReason:
    for _target in REPORT_TARGETS:
        REPORTS_FILED.labels(_report_reason.value, _target)
for _action in ActionKind:
    MODERATION_ACTIONS.labels(_action.value)


def pace_label(terms: Terms) -> str:
    """A challenge's `pace` label: "live" or "turn_based"."""
    return "turn_based" if terms.clock.turn_based else "live"


def initialize_series(titles: list[str]) -> None:
    """The served titles' challenge series at 0, so that the dashboard's rates over them have
    a value before the first challenge."""
    for title in titles:
        CHALLENGE_ACCEPT_RACES_LOST.labels(title)
        for pace in PACES:
            for opponent in Opponent:
                CHALLENGES_CREATED.labels(title, pace, opponent.value)
            for answer in ANSWERS:
                CHALLENGES_ANSWERED.labels(title, pace, answer.value)


def count_answer(terms: Terms, answer: State) -> None:
    CHALLENGES_ANSWERED.labels(terms.title_id, pace_label(terms), answer.value).inc()


class ReportsWaitingCollector:
    """Open reports and how long the oldest has waited, counted in PostgreSQL at scrape time
    (one query on the open reports' index): the same on every replica, however the queue
    changed. Scrapes run in the metrics server's thread; the count runs on the event loop
    `loop` that owns the archive's pool."""

    def __init__(self, reports: Reports, loop: asyncio.AbstractEventLoop):
        self.reports = reports
        self.loop = loop

    @staticmethod
    def families() -> tuple[GaugeMetricFamily, GaugeMetricFamily]:
        return (
            GaugeMetricFamily("playhall_reports_open", "Players' reports no moderator resolved."),
            GaugeMetricFamily(
                "playhall_reports_oldest_open_seconds",
                "How long the oldest open report has waited for a moderator (0: none).",
            ),
        )

    def describe(self) -> Iterator[GaugeMetricFamily]:
        # Registering asks for the names: from here, not from `collect`, which would wait on
        # the event loop that is registering it.
        yield from self.families()

    def collect(self) -> Iterator[GaugeMetricFamily]:
        """The readings, or families without samples when PostgreSQL or the loop cannot
        answer in time: two gauges missing beat a scrape failing whole."""
        count, age = self.families()
        counted = None
        try:
            counted = asyncio.run_coroutine_threadsafe(self._count(), self.loop)
            waiting, oldest_s = counted.result(timeout=COLLECT_TIMEOUT_S + 1)
        except (TimeoutError, Unavailable, RuntimeError) as error:
            if counted is not None:
                counted.cancel()  # a loop too busy to count must not pile up more counting
            log.warning("open reports not counted", extra={"error": repr(error)})
            yield from (count, age)
            return
        count.add_metric([], waiting)
        age.add_metric([], oldest_s)
        yield from (count, age)

    async def _count(self) -> tuple[int, float]:
        async with asyncio.timeout(COLLECT_TIMEOUT_S):
            return await self.reports.waiting()
