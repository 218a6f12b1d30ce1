"""Vacations: a player away stops the clocks of their seats in every turn-based match, and finds
the time they had left when they come back (or when their allowance runs out). Live matches are
never touched: their clocks never stop.

Each player has `vacation_days_per_year` away days a calendar year (UTC); a vacation counts
against the year it began in, for the time it lasted. Going away writes the player's record
first, then marks their seats match by match (each a commit of its own, which charges the time
up to that moment and stops the seat's clock, `clocks.py`); coming back clears the marks, then
the record. A crash in between leaves the record saying where it was, and calling again (or the
housekeeper's return pass, when the vacation is due to end) finishes the job: each step is
idempotent.
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass

from playhall.common.errors import InvalidRequest, NotNow
from playhall.matches.commits import Commits
from playhall.matches.metrics import VACATIONS_STARTED
from playhall.matchstore.model import ChangeCause, MatchPhase
from playhall.matchstore.store import now_ms
from playhall.matchstore.vacations import VacationRecord, VacationStore

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Vacation:
    """A player's vacation as they see it: the one under way (0s: none) and the away time
    left to them this year."""

    since_ms: int
    until_ms: int
    left_ms: int


class Vacations:
    """Players going away from their turn-based matches and coming back."""

    def __init__(self, commits: Commits):
        self.commits = commits
        self.store = VacationStore(commits.store.redis)
        settings = commits.settings
        self.day_ms = settings.turn_based_day_s * 1000
        self.allowance_ms = settings.vacation_days_per_year * self.day_ms

    async def status(self, player_id: str) -> Vacation:
        return self._seen(self._this_year(await self.store.get(player_id), now_ms()))

    async def go_away(self, player_id: str, days: int) -> Vacation:
        """Starts a vacation of at most `days` (and at most the allowance left); going away
        again while away finishes marking the seats and changes nothing else."""
        if days < 1:
            raise InvalidRequest("vacation-too-short")
        now = now_ms()
        record = self._this_year(await self.store.get(player_id), now)
        if not record.away:
            left = self.allowance_ms - record.used_ms
            if left <= 0:
                raise NotNow("vacation-none-left")
            until = now + min(days * self.day_ms, left)
            record = VacationRecord(record.year, record.used_ms, now, until)
            await self.store.save(player_id, record)
            VACATIONS_STARTED.inc()
            log.info("player away", extra={"player_id": player_id, "until_ms": until})
        await self._mark(player_id, record.since_ms, record.until_ms)
        return self._seen(record)

    async def come_back(self, player_id: str) -> Vacation:
        """Ends the player's vacation: their clocks run again with the time they had left."""
        now = now_ms()
        record = await self.store.get(player_id)
        if not record.away:
            return self._seen(self._this_year(record, now))
        await self._mark(player_id, 0, 0)
        taken = max(min(now, record.until_ms) - record.since_ms, 0)
        back = VacationRecord(record.year, record.used_ms + taken, 0, 0)
        await self.store.save(player_id, back)
        log.info("player back", extra={"player_id": player_id, "away_ms": taken})
        return self._seen(self._this_year(back, now))

    async def return_due(self) -> int:
        """Brings back the players whose vacation has run out; returns how many."""
        due = await self.store.due(now_ms())
        for player_id in due:
            await self.come_back(player_id)
        return len(due)

    async def _mark(self, player_id: str, since_ms: int, until_ms: int) -> None:
        """Marks the player's seats in their turn-based matches away from `since_ms` to
        `until_ms` (0s: present), each match in a commit of its own."""
        for match_id in await self.commits.store.turn_based_matches(player_id):

            async def attempt(match_id: str = match_id) -> bool | None:
                match = await self.commits.store.load(match_id)
                if match is None or match.phase != MatchPhase.RUNNING:
                    return False
                seats = [match.seats[seat] for seat in match.seats_of(player_id)]
                if all(seat.away_since_ms == since_ms for seat in seats):
                    return False
                for seat in seats:
                    seat.away_since_ms, seat.away_until_ms = since_ms, until_ms
                if await self.commits.commit(match, None, ChangeCause.SERVER) is None:
                    return None  # another change won: read again
                return True

            await self.commits.retry(attempt)

    def _this_year(self, record: VacationRecord, now: int) -> VacationRecord:
        """The record with its allowance counted for the current year, unless a vacation is
        under way (it counts against the year it began in)."""
        year = _year(now)
        if record.away or record.year == year:
            return record
        return VacationRecord(year, 0, 0, 0)

    def _seen(self, record: VacationRecord) -> Vacation:
        return Vacation(
            record.since_ms, record.until_ms, max(self.allowance_ms - record.used_ms, 0)
        )


def _year(unix_ms: int) -> int:
    return datetime.datetime.fromtimestamp(unix_ms / 1000, datetime.UTC).year
