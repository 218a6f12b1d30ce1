"""Reputation: how many archived matches a signed-in player finished and abandoned, and the
karma figure made from them (BGA's karma: players want opponents who finish).

Karma runs from 0 to 100 and starts at `START_KARMA`. Each archived match moves it once, in
the order the archive wrote them: finishing raises it by a twentieth of what it lacks from 100
(at least 1 below 100), so it creeps up and never quite gets there; abandoning takes
`ABANDON_COST` off at once. So one abandonment costs about what eight finished matches bring
back from the middle of the scale, and a player who keeps leaving sinks fast whoever they are.

What counts (`outcome`): a seat that timed out, or left before the end without resigning (a
moderator's end of the player's matches is one), abandoned the match; every other seat of a
match that ended by the game, a resignation or the clock finished it, resigning included (a
resignation is a way to finish). A match that ended abandoned with nobody leaving (the idle
scan, a void matchmade match), or was called off before it ran, counts for nobody: it says
nothing of any one player.

The counts are written in the archive's own transaction (`Archive.store`), which a match
passes once, so a match counts once however often the archiver tries it."""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from playhall.archive import archive
from playhall.common.errors import KarmaTooLow
from playhall.matchstore.model import EndReason

START_KARMA = 75
"""Everyone's karma before their first archived match."""
MOST_KARMA = 100
FINISH_GAIN_SHARE = 20
"""Finishing a match raises karma by 1/this of what it lacks from `MOST_KARMA`."""
ABANDON_COST = 15
"""What abandoning a match takes off karma."""

FINISHED_ENDS = (EndReason.GAME_OVER, EndReason.RESIGNATION, EndReason.TIMEOUT)
"""Ends of a match its remaining seats finished (as opposed to one nobody finished)."""


class Outcome(enum.Enum):
    """What one archived match was for one player."""

    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Reputation:
    """A player's archived matches finished and abandoned, and their karma."""

    finished: int = 0
    abandoned: int = 0
    karma: int = START_KARMA


def next_karma(karma: int, outcome: Outcome) -> int:
    """Karma after one more match with `outcome` (see the module's docstring)."""
    if outcome is Outcome.ABANDONED:
        return max(0, karma - ABANDON_COST)
    return min(MOST_KARMA, karma + math.ceil((MOST_KARMA - karma) / FINISH_GAIN_SHARE))


def karma_after(outcomes: Iterable[Outcome], karma: int = START_KARMA) -> int:
    """Karma after `outcomes` in order, from `karma`."""
    for outcome in outcomes:
        karma = next_karma(karma, outcome)
    return karma


def outcome(end_reason: EndReason, timed_out: bool) -> Outcome | None:
    """What a match that ended for `end_reason` was for a seat that timed out (or left without
    resigning) or not; None when it counts for nobody."""
    if timed_out:
        return Outcome.ABANDONED
    if end_reason in FINISHED_ENDS:
        return Outcome.FINISHED
    return None


def outcomes_by_player(seats: Iterable[tuple[str, Outcome | None]]) -> dict[str, Outcome]:
    """Each player's outcome of a match from their seats' (a player holding several seats
    abandoned it if any of them did)."""
    found: dict[str, Outcome] = {}
    for player_id, seat_outcome in seats:
        if seat_outcome is None:
            continue
        if found.get(player_id) is not Outcome.ABANDONED:
            found[player_id] = seat_outcome
    return found


async def record(connection: psycopg.AsyncConnection[Any], outcomes: Mapping[str, Outcome]) -> None:
    """Adds one match's `outcomes` to the players' reputations inside the caller's transaction,
    reading each row under a lock (in one order, as the ratings are, so concurrent archivers
    never lose an update nor deadlock)."""
    if not outcomes:
        return
    players = sorted(outcomes)
    await connection.cursor().executemany(
        "INSERT INTO reputation (player_id, karma) VALUES (%s, %s) ON CONFLICT DO NOTHING",
        [(player_id, START_KARMA) for player_id in players],
    )
    locked = await connection.execute(
        "SELECT player_id, karma FROM reputation WHERE player_id = ANY(%s) "
        "ORDER BY player_id FOR UPDATE",
        (players,),
    )
    karma = dict(await locked.fetchall())
    await connection.cursor().executemany(
        """
        UPDATE reputation SET finished = finished + %s, abandoned = abandoned + %s,
            karma = %s, updated_at = now()
        WHERE player_id = %s
        """,
        [
            (
                int(outcomes[p] is Outcome.FINISHED),
                int(outcomes[p] is Outcome.ABANDONED),
                next_karma(karma[p], outcomes[p]),
                p,
            )
            for p in players
        ],
    )


class Reputations:
    """Players' reputations read from the archive, and the karma checks of the rooms above
    (matchmaking's queues and challenges against the operator's floor, a match's minimum)."""

    def __init__(self, pool: AsyncConnectionPool, floor: int = 0):
        self.pool = pool
        self.floor = floor
        """The operator's karma floor (`PLAYHALL_KARMA_FLOOR`; 0: none)."""

    async def of(self, player_id: str) -> Reputation:
        """The player's reputation (the starting one before any archived match)."""
        with archive.reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(
                    "SELECT finished, abandoned, karma FROM reputation WHERE player_id = %s",
                    (player_id,),
                )
                row = await found.fetchone()
        return Reputation(*row) if row is not None else Reputation()

    async def require_at_least(self, player_id: str, minimum: int, needed_for: str) -> None:
        """Refuses (`KarmaTooLow`, naming the player's karma and `minimum`) a player whose
        karma is below `minimum`; `needed_for` says what asks for it (one of
        `KarmaTooLow.NEEDED_FOR`: "match", "challenge", ...)."""
        if minimum <= 0:
            return
        karma = (await self.of(player_id)).karma
        if karma < minimum:
            raise KarmaTooLow(karma, minimum, needed_for)

    async def require_floor(self, player_id: str, needed_for: str) -> None:
        """Refuses a player below the operator's floor (`needed_for`: "queue",
        "opening-challenge")."""
        await self.require_at_least(player_id, self.floor, needed_for)
