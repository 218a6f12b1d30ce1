"""Bot tasks a dead worker held, put back on their queue.

With Redis as the broker, a task a worker took but never acknowledged (`acks_late`) waits in
the broker's `unacked` hash until the visibility timeout, an hour, before Redis hands it out
again: the turns a SIGKILLed worker held would stall until the orchestrator's sweeper. So every
worker, when it starts and then every `CHECK_INTERVAL_S`, asks the live workers which tasks they
hold and puts back every unacknowledged task that none of them holds. A task restored while a
worker that did not answer in time still runs it is played once all the same: the second
attempt finds the seat no longer to move. RabbitMQ needs none of this: it hands a dead
consumer's messages to another one at once."""

from __future__ import annotations

import json
import logging
import threading
import time

from celery import Celery
from kombu.exceptions import OperationalError
from prometheus_client import Counter
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

CHECK_INTERVAL_S = 30.0
MIN_AGE_S = 2.0
"""A task delivered this recently may not be registered by its worker yet: left alone."""
REPLY_TIMEOUT_S = 1.0
TASKS_RESTORED = Counter(
    "playhall_bot_tasks_restored", "Unacknowledged bot tasks of dead workers put back."
)


def held_task_ids(app: Celery, timeout_s: float = REPLY_TIMEOUT_S) -> set[str]:
    """The ids of the tasks every live worker runs or has reserved."""
    inspect = app.control.inspect(timeout=timeout_s)
    held = set()
    for replies in (inspect.active() or {}, inspect.reserved() or {}):
        for tasks in replies.values():
            held.update(task["id"] for task in tasks)
    return held


def restore_orphans(app: Celery, min_age_s: float = MIN_AGE_S) -> int:
    """Puts back, at the head of their queues, the unacknowledged tasks older than `min_age_s`
    that no live worker holds; returns how many (0 on a broker other than Redis)."""
    with app.connection_for_write() as connection:
        if connection.transport.driver_type != "redis":
            return 0
        channel = connection.default_channel
        client = channel.client
        tags = client.zrangebyscore(channel.unacked_index_key, 0, time.time() - min_age_s)
        if not tags:
            return 0
        held = held_task_ids(app)
        restored = 0
        for tag in tags:
            payload = client.hget(channel.unacked_key, tag)
            if payload is None:
                continue  # acknowledged meanwhile
            message = json.loads(payload)[0]
            if message.get("headers", {}).get("id") in held:
                continue
            channel.qos.restore_by_tag(tag, leftmost=True)
            restored += 1
    if restored:
        TASKS_RESTORED.inc(restored)
        log.info("restored the tasks of dead workers", extra={"count": restored})
    return restored


def watch_for_orphans(app: Celery, interval_s: float = CHECK_INTERVAL_S) -> threading.Thread:
    """Restores orphans now, again once the tasks a worker that died just before this one
    started took are `MIN_AGE_S` old, then every `interval_s`; in a daemon thread."""

    def run() -> None:
        pause = MIN_AGE_S + 1
        while True:
            try:
                restore_orphans(app)
            except (OperationalError, RedisError, OSError) as error:
                log.warning("orphaned tasks not checked", extra={"error": str(error)})
            time.sleep(pause)
            pause = interval_s

    thread = threading.Thread(target=run, name="orphaned-tasks", daemon=True)
    thread.start()
    return thread
