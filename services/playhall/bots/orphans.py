"""Bot tasks a dead worker held, put back on their queue.

With Redis as the broker, a task a worker took but never acknowledged (`acks_late`) waits in
the broker's `unacked` hash until the visibility timeout, an hour, before Redis hands it out
again: the turns a SIGKILLed worker held would stall until the orchestrator's sweeper. So every
worker, when it starts and then every `CHECK_INTERVAL_S`, asks the live workers which of those
tasks they hold (one broadcast, `query_task`: running, reserved or waiting for a retry's
countdown) and puts back every one that none of them holds, at the end of the queue that is
consumed next: a restored turn has waited since its worker died, and goes before the turns
published since. A task restored while a worker that did not answer in time still runs it is
played once all the same: the second attempt finds the seat no longer to move.

A task the dead worker had popped (Redis' BRPOP) but not yet recorded as unacknowledged is lost
with it (kombu's Redis transport takes a message in two steps); the orchestrator's sweeper
sends such a turn again (`PLAYHALL_BOT_SWEEP_AFTER_S`). RabbitMQ needs none of this: it hands a
dead consumer's messages to another one at once."""

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


def held_task_ids(app: Celery, task_ids: list[str], timeout_s: float = REPLY_TIMEOUT_S) -> set[str]:
    """Which of `task_ids` a live worker runs, has reserved or holds for a retry's countdown."""
    replies = app.control.inspect(timeout=timeout_s).query_task(*task_ids) or {}
    return {task_id for tasks in replies.values() for task_id in tasks}


def task_id(payload: bytes) -> str | None:
    """The Celery task id in an `unacked` entry (kombu stores [message, exchange, key])."""
    return json.loads(payload)[0].get("headers", {}).get("id")


def restore_orphans(app: Celery, min_age_s: float = MIN_AGE_S) -> int:
    """Puts back, where their queues are consumed next, the unacknowledged tasks older than
    `min_age_s` that no live worker holds; returns how many (0 on a broker other than Redis)."""
    with app.connection_for_write() as connection:
        if connection.transport.driver_type != "redis":
            return 0
        channel = connection.default_channel
        client = channel.client
        tags = client.zrangebyscore(channel.unacked_index_key, 0, time.time() - min_age_s)
        if not tags:
            return 0
        payloads = dict(zip(tags, client.hmget(channel.unacked_key, tags), strict=True))
        task_ids = {tag: task_id(payload) for tag, payload in payloads.items() if payload}
        # An entry without a task id (not Celery's) is held by nobody: it is restored too.
        ids = [held_id for held_id in task_ids.values() if held_id is not None]
        held = held_task_ids(app, ids) if ids else set()
        restored = 0
        for tag, held_id in task_ids.items():
            if held_id in held:
                continue
            # kombu's right end is the one its consumers pop next (BRPOP), its left end the
            # one new messages join (LPUSH): not leftmost puts the task before the newer ones.
            channel.qos.restore_by_tag(tag, leftmost=False)
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
