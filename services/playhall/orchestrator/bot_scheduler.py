"""Enqueues bot turns for the Celery workers, by task name: the orchestrator never imports bot
code. Publishing is best effort; every bot turn is also recorded in Redis before its commit,
and the sweeper re-enqueues any turn that waited too long, so no match stalls when a publish
fails, an orchestrator dies between commit and publish, or a worker dies mid-task.

Celery publishes with blocking I/O, so a publish runs in a worker thread, off the event loop."""

from __future__ import annotations

import asyncio
import logging

from celery import Celery
from kombu.exceptions import OperationalError
from prometheus_client import Counter

from playhall.common.brokers import LIVE_QUEUE, PLAY_TURN_TASK

log = logging.getLogger(__name__)

BOT_TURNS_ENQUEUED = Counter(
    "playhall_bot_turns_enqueued", "Bot turns sent to the workers, by cause.", ["cause"]
)


class BotScheduler:
    def __init__(self, broker_url: str, queue: str = LIVE_QUEUE):
        self.queue = queue
        self.app = Celery("playhall.orchestrator", broker=broker_url, set_as_current=False)
        self.app.conf.update(
            broker_connection_retry_on_startup=True,
            broker_transport_options={"max_retries": 2},
            task_publish_retry_policy={
                "max_retries": 2,
                "interval_start": 0.1,
                "interval_step": 0.2,
            },
        )

    async def enqueue(self, match_id: str, seat: int, version: int, cause: str = "turn") -> bool:
        """True when the task was published."""
        try:
            await asyncio.to_thread(
                self.app.send_task,
                PLAY_TURN_TASK,
                args=[match_id, seat, version],
                queue=self.queue,
            )
        except OperationalError as error:
            log.warning(
                "bot turn not published; the sweeper will retry",
                extra={"match_id": match_id, "seat": seat, "error": str(error)},
            )
            return False
        BOT_TURNS_ENQUEUED.labels(cause).inc()
        return True
