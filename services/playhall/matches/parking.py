"""Parking: a turn-based match nobody has read or moved for `park_after_minutes` leaves Redis for
PostgreSQL, and comes back, transparently, when a call needs it.

Where a match is, over one parking (docs/architecture.md, "Where a match lives"):

1. The parking pass packs the match's keys at version v (`ParkingStore.pack`), writes them as
   the match's row (`ParkedTable.park`), then drops the keys only if the match is still at v;
   a commit in between wins, and the pass deletes its own row again (by its `park_id`).
2. A call that finds no record in Redis (`MatchStore` asks `bring_back`) takes the row under
   its lock, restores the keys where they are absent, and deletes the row once they are back:
   concurrent callers, on any replica, wait for the lock and then find the keys.
3. A parked match's deadline lives in its row: the ticker (every replica, each pass) takes due
   rows with `FOR UPDATE SKIP LOCKED`, brings each match back with its deadline entry, and
   applies the timeout through the housekeeper's normal path.

Not parked: a match a bot is to move in (it moves in a moment), a watched match (the watch hub
touches it), and anything but a running turn-based match."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence

import psycopg

from playhall.archive.archive import reaching_archive
from playhall.archive.parked import ParkedTable
from playhall.common.errors import MatchError
from playhall.common.passes import BackgroundPass
from playhall.matches.commits import Commits
from playhall.matches.metrics import (
    MATCHES_PARKED,
    PARKED_DEADLINE_LAG,
    PARKED_LOAD_SECONDS,
    PARKED_LOADS,
    PARKED_MATCHES,
)
from playhall.matchstore.model import MatchPhase
from playhall.matchstore.parking import Dropped, Parcel, ParkingStore, Restored, RestoreResult
from playhall.matchstore.store import (
    BroughtBack,
    NotReplicated,
    match_key,
    now_ms,
    parse_record,
)

log = logging.getLogger(__name__)

PARK_BATCH = 32
"""Idle matches one pass looks at."""
DUE_BATCH = 64
"""Due rows one ticker transaction takes; a pass takes batches until fewer are due."""
MAX_DUE_BATCHES = 16
COUNT_EVERY_S = 15.0
"""How often the pass counts the parked matches (the gauge)."""

PAUSE_POINTS = ("", "after_row", "after_restore")
"""Where `parking_pause_at` may stop a parking (its row written, its keys not yet dropped) or a
bringing back (its keys restored, its row still locked and not deleted): tests SIGKILL there."""

Expire = Callable[[str, int], Awaitable[bool]]
"""Acts on a match's due deadline set at a version (`Housekeeper.expire`)."""


class Parking(BackgroundPass):
    """The parking pass (the deadline ticker, then idle matches) and what `MatchStore` asks when
    a match is not in Redis (`store.ParkedMatches`)."""

    name = "parking"

    def __init__(
        self,
        commits: Commits,
        table: ParkedTable,
        park_after_s: float,
        interval_s: float,
        expire: Expire | None = None,
    ):
        super().__init__(interval_s)
        self.commits = commits
        self.store = commits.store
        self.redis_side = ParkingStore(commits.store)
        self.table = table
        self.park_after_ms = int(park_after_s * 1000)
        self.expire = expire
        self.pause_at = commits.settings.parking_pause_at if commits.settings.testing else ""
        self._counted_at = 0.0
        self.store.parked = self

    # -- bringing back ---------------------------------------------------------------------

    async def bring_back(self, match_id: str) -> BroughtBack | None:
        started = time.perf_counter()
        restored = False

        async def put_back(parcel: Parcel) -> bool:
            nonlocal restored
            result = await self._restore(parcel)
            restored = result.outcome is Restored.RESTORED
            return _row_may_go(parcel, result)

        with reaching_archive():
            taken = await self.table.take(match_id, put_back, lambda: self._in_redis(match_id))
        if taken.parcel is None:
            return BroughtBack(restored=False) if taken.in_redis else None
        PARKED_LOADS.labels("call").inc()
        PARKED_LOAD_SECONDS.observe(time.perf_counter() - started)
        parcel = taken.parcel
        return BroughtBack(
            restored,
            parcel.record,
            parcel.state,
            parcel.requests,
            [(entry.change, entry.move) for entry in parcel.log],
        )

    async def _in_redis(self, match_id: str) -> bool:
        return bool(await self.store.redis.exists(match_key(match_id)))

    async def records(self, match_ids: Sequence[str]) -> dict[str, bytes]:
        with reaching_archive():
            return await self.table.records(match_ids)

    async def _restore(self, parcel: Parcel) -> RestoreResult:
        """Restores the parcel where the match is absent."""
        result, replicated = await self.redis_side.restore(parcel)
        if not replicated:
            # The row stays: the restore may not survive a failover.
            raise NotReplicated(self.store.wait_replicas)
        if result.outcome is Restored.RESTORED:
            log.info("brought back", extra={"match_id": parcel.match_id, "version": parcel.version})
            await self._pause("after_restore", parcel.match_id)
        return result

    async def _put_back(self, parcel: Parcel) -> bool:
        return _row_may_go(parcel, await self._restore(parcel))

    async def touch(self, match_ids: Sequence[str]) -> None:
        """The matches are read or watched now: not idle."""
        await self.redis_side.touch(match_ids, now_ms())

    # -- the pass ----------------------------------------------------------------------------

    async def run_once(self) -> int:
        """The ticker, then a batch of idle matches; returns how many matches it parked."""
        try:
            await self.tick()
            parked = await self.park_idle()
            if time.monotonic() - self._counted_at >= COUNT_EVERY_S:
                self._counted_at = time.monotonic()
                PARKED_MATCHES.set(await self.table.count())
        except psycopg.OperationalError as error:
            log.warning("parking skipped: database unavailable", extra={"error": str(error)})
            return 0
        return parked

    async def tick(self) -> int:
        """Brings back every parked match whose deadline is due and acts on the deadline;
        returns how many it brought back."""
        brought = 0
        for _ in range(MAX_DUE_BATCHES):
            started = time.perf_counter()
            taken = await self.table.take_due(now_ms(), DUE_BATCH, self._put_back)
            elapsed = time.perf_counter() - started
            PARKED_LOADS.labels("deadline").inc(len(taken))
            for _ in taken:
                PARKED_LOAD_SECONDS.observe(elapsed / len(taken))
            for parcel in taken:
                await self._expire(parcel)
            brought += len(taken)
            if len(taken) < DUE_BATCH:
                break
        earliest = await self.table.earliest_due(now_ms())
        PARKED_DEADLINE_LAG.set(max(now_ms() - earliest, 0) / 1000 if earliest else 0)
        return brought

    async def _expire(self, parcel: Parcel) -> None:
        if self.expire is None:
            return  # the housekeeper's scan finds the deadline entry the restore filed
        try:
            await self.expire(parcel.match_id, parcel.version)
        except MatchError as error:
            log.warning(
                "deadline not handled", extra={"match_id": parcel.match_id, "error": str(error)}
            )

    async def park_idle(self) -> int:
        cutoff = now_ms() - self.park_after_ms
        parked = 0
        for match_id in await self.redis_side.idle_since(cutoff, PARK_BATCH):
            parked += await self.park(match_id, cutoff)
        return parked

    async def park(self, match_id: str, cutoff_ms: int) -> bool:
        """Parks the match if it is a running turn-based match unchanged since `cutoff_ms`
        and no bot is to move in it; True when it left Redis."""
        parcel = await self.redis_side.pack(match_id)
        if parcel is None:
            await self.redis_side.forget(match_id)  # ended, or not in Redis
            return False
        match = parse_record(match_id, parcel.record)
        assert match is not None
        if match.phase != MatchPhase.RUNNING or not match.clock.turn_based:
            await self.redis_side.forget(match_id)
            return False
        if match.updated_unix_ms > cutoff_ms:
            await self.redis_side.refile(match_id, match.updated_unix_ms)
            return False
        if self.commits.bot_seats_to_move(match):
            await self.redis_side.refile(match_id, now_ms())  # a bot moves in a moment
            return False
        dropped = await self.table.park(parcel, lambda: self._drop(parcel))
        if dropped is not Dropped.DROPPED:
            # None: a newer parking's row; MOVED: a commit came first (its row is gone again);
            # GONE: another parker's drop came first, of the same version.
            return False
        MATCHES_PARKED.inc()
        log.info("parked", extra={"match_id": match_id, "version": parcel.version})
        return True

    async def _drop(self, parcel: Parcel) -> Dropped:
        await self._pause("after_row", parcel.match_id)
        return await self.redis_side.drop(parcel)

    async def _pause(self, point: str, match_id: str) -> None:
        """Tests only: stops here for good when `parking_pause_at` names this point."""
        if self.pause_at == point:
            log.warning("paused", extra={"point": point, "match_id": match_id})
            await asyncio.Event().wait()


def _row_may_go(parcel: Parcel, result: RestoreResult) -> bool:
    """Whether a taken row may be deleted: its keys are back, or Redis holds a newer version
    (the row of a parker whose drop lost the race and that could not delete it)."""
    if result.outcome is Restored.RESTORED:
        return True
    return result.version is not None and result.version > parcel.version
