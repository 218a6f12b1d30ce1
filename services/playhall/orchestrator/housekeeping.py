"""The background work every replica does: turn deadlines, stalled bot turns, abandoned
matches and lobby repair. Deadlines live in a Redis sorted set that every replica scans;
whichever replica commits first acts, the others' commits lose the version race and do
nothing."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import redis

from playhall.orchestrator.errors import MatchError
from playhall.orchestrator.matches import Matches
from playhall.orchestrator.store import now_ms

log = logging.getLogger(__name__)


RECOVERY_SWEEP_AFTER_S = 2.0
"""When this replica starts, and after a pass that storage failed, bot turns waiting this long
are sent again at once rather than after `bot_sweep_after_s`: a publish, or a task the broker
held, may have been lost with the process or the server that went down. A duplicate costs a
wasted decision, never a second move."""


class Housekeeper:
    """Scans turn deadlines and idle matches every `interval_s` (both are one range query), and
    a page of each lobby list every `lobby_repair_interval_s`."""

    def __init__(self, matches: Matches, interval_s: float, lobby_repair_interval_s: float):
        self.matches = matches
        self.interval_s = interval_s
        self.lobby_repair_interval_s = lobby_repair_interval_s
        self._lobby_repaired_at = 0.0
        self._recovering = True
        self._stopping = asyncio.Event()
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        """Runs the passes as a task of the running event loop."""
        self._task = asyncio.create_task(self._run(), name="housekeeper")

    async def stop(self, timeout: float) -> None:
        """Lets the pass in progress finish (so no change is cut off between its commit and
        what follows it) for up to `timeout` seconds, then ends."""
        self._stopping.set()
        if self._task is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(self._task, timeout)

    async def run_once(self) -> int:
        """One pass; returns how many changes it committed."""
        committed = 0
        if self.matches.bots is not None:
            await self.matches.bots.resend()
        for match_id, version in await self.matches.store.due_deadlines(now_ms()):
            try:
                committed += await self.matches.expire(match_id, version)
            except MatchError as error:
                log.warning(
                    "deadline not handled", extra={"match_id": match_id, "error": str(error)}
                )
        await self.matches.sweep_bot_turns(RECOVERY_SWEEP_AFTER_S if self._recovering else None)
        self._recovering = False
        committed += await self.matches.abandon_idle()
        if time.monotonic() - self._lobby_repaired_at >= self.lobby_repair_interval_s:
            self._lobby_repaired_at = time.monotonic()
            repaired = await self.matches.repair_lobby()
            if repaired:
                log.info("lobby entries repaired", extra={"count": repaired})
        return committed

    async def _run(self) -> None:
        while not self._stopping.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.interval_s)
                return
            try:
                await self.run_once()
            except redis.RedisError as error:
                self._recovering = True
                log.warning(
                    "housekeeping skipped: storage unavailable", extra={"error": str(error)}
                )
            except Exception:
                # The task's boundary: one bad match must not stop the clocks of every other.
                log.exception("housekeeping pass failed; the next pass goes on")
