"""The orchestrator's background passes (housekeeping, matchmaking, tournaments): one pass
every interval on the event loop until stopped, the pass in progress let finish on stop, and
a failed pass counted and logged without ending the ones after it."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import redis

from playhall.common.metrics import REDIS_ERRORS
from playhall.common.waits import set_within

log = logging.getLogger(__name__)


class BackgroundPass:
    """Subclasses name themselves (`name`: the task's name, the label of
    `playhall_redis_errors_total` and the logs' word) and define `run_once`."""

    name = "pass"

    def __init__(self, interval_s: float):
        self.interval_s = interval_s
        self._stopping = asyncio.Event()
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        """Runs the passes as a task of the running event loop."""
        self._task = asyncio.create_task(self._run(), name=self.name)

    async def stop(self, timeout: float) -> None:
        """Lets the pass in progress finish (so no change is cut off between its commit and
        what follows it) for up to `timeout` seconds, then ends."""
        self._stopping.set()
        if self._task is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(self._task, timeout)

    async def run_once(self):
        raise NotImplementedError

    def storage_failed(self) -> None:
        """Called when a pass met an unreachable store (a hook; nothing by default)."""

    async def _run(self) -> None:
        while not self._stopping.is_set():
            if await set_within(self._stopping, self.interval_s):
                return
            try:
                await self.run_once()
            except redis.RedisError as error:
                REDIS_ERRORS.labels(self.name).inc()
                self.storage_failed()
                log.warning(
                    f"{self.name} skipped: storage unavailable", extra={"error": str(error)}
                )
            except Exception:
                # The task's boundary: one match's, queue's or tournament's failure must not
                # stop the passes for every other.
                log.exception(f"{self.name} pass failed; the next pass goes on")
