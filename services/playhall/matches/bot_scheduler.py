"""Enqueues bot turns for the Celery workers, by task name: the orchestrator never imports bot
code. Publishing is best effort; every bot turn is also recorded in Redis before its commit,
and the sweeper re-enqueues any turn that waited too long, so no match stalls when a publish
fails, an orchestrator dies between commit and publish, or a worker dies mid-task. A turn whose
publish failed is also kept here and sent again on every housekeeping pass until the broker
takes it, so an outage of the broker delays it by that outage, not by the sweeper's wait.

Celery publishes with blocking I/O, so a publish runs in a worker thread, off the event loop."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

from celery import Celery
from kombu.exceptions import OperationalError
from prometheus_client import Counter

from playhall.common.brokers import (
    BATCH_QUEUE,
    LIVE_QUEUE,
    PLAY_TURN_TASK,
    celery_queues,
    transport_options,
)

log = logging.getLogger(__name__)

BOT_TURNS_ENQUEUED = Counter(
    "playhall_bot_turns_enqueued", "Bot turns sent to the workers, by cause.", ["cause"]
)
BOT_TURNS_UNPUBLISHED = Counter(
    "playhall_bot_turns_unpublished",
    "Bot turns whose publish failed (the broker did not answer); each is sent again later.",
)
MAX_UNPUBLISHED = 10_000
"""Turns kept for a resend at most; beyond, the oldest is left to the sweeper alone."""


class BotScheduler:
    def __init__(self, broker_url: str, queue: str = LIVE_QUEUE):
        self.queue = queue
        self.app = Celery("playhall.orchestrator", broker=broker_url, set_as_current=False)
        self.app.conf.update(
            broker_connection_retry_on_startup=True,
            # A broker that is down fails a publish within a second, not kombu's default of
            # seconds per retry: the publish is awaited by a move or a housekeeping pass.
            broker_transport_options={
                "max_retries": 2,
                "interval_start": 0,
                "interval_step": 0.2,
                "interval_max": 0.5,
                **transport_options(broker_url),
            },
            task_queues=celery_queues(broker_url),
            task_publish_retry_policy={
                "max_retries": 2,
                "interval_start": 0.1,
                "interval_step": 0.2,
            },
        )
        self._unpublished: OrderedDict[tuple[str, int], tuple[int, bool]] = OrderedDict()
        """The version of each (match, seat) turn whose publish failed, and whether it is
        batch work, oldest first."""

    async def enqueue(
        self, match_id: str, seat: int, version: int, cause: str = "turn", batch: bool = False
    ) -> bool:
        """True when the task was published; a turn that was not is kept for `resend`. A
        `batch` turn (of a match nobody plays in live, such as a tournament's bot-only game)
        goes to the batch queue, which workers serve after the live one."""
        published = await self._publish(match_id, seat, version, cause, batch)
        if not published:
            self._unpublished[(match_id, seat)] = (version, batch)
            self._unpublished.move_to_end((match_id, seat))
            if len(self._unpublished) > MAX_UNPUBLISHED:
                self._unpublished.popitem(last=False)
        return published

    async def resend(self) -> int:
        """Publishes the turns whose publish failed, oldest first, until one fails again;
        returns how many went out. A turn played meanwhile is harmless: its task finds the
        seat no longer to move."""
        sent = 0
        while self._unpublished:
            (match_id, seat), (version, batch) = next(iter(self._unpublished.items()))
            if not await self._publish(match_id, seat, version, "resend", batch):
                break
            if self._unpublished.get((match_id, seat)) == (version, batch):
                del self._unpublished[(match_id, seat)]
            sent += 1
        return sent

    async def _publish(
        self, match_id: str, seat: int, version: int, cause: str, batch: bool = False
    ) -> bool:
        try:
            await asyncio.to_thread(
                self.app.send_task,
                PLAY_TURN_TASK,
                args=[match_id, seat, version],
                queue=BATCH_QUEUE if batch else self.queue,
            )
        except OperationalError as error:
            BOT_TURNS_UNPUBLISHED.inc()
            log.warning(
                "bot turn not published; sent again once the broker answers",
                extra={"match_id": match_id, "seat": seat, "error": str(error)},
            )
            return False
        BOT_TURNS_ENQUEUED.labels(cause).inc()
        return True
