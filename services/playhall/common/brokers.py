"""The Celery broker: its URL (CELERY_BROKER_URL, defaulting to REDIS_URL; Celery cannot use a
Redis Cluster as its broker, so a cluster deployment points it at RabbitMQ or a plain Redis),
and the queues and transport options the orchestrator (which publishes) and the workers (which
consume) must agree on.

On RabbitMQ (`amqp://`) the bot queues are durable **quorum queues** (replicated by Raft on a
RabbitMQ cluster) on topic exchanges of their own, as Celery's native delayed delivery needs:
Celery then declares its `celery_delayed_*` exchanges and queues when a worker starts, and a
task's retry with a countdown waits in the broker rather than in a worker's memory. Publishers
use **publisher confirms** (`confirm_publish`): a publish returns once the broker has the
message, so a turn is never reported sent while it is lost. The workers ack late and prefetch
one task per process (`bots.settings`)."""

from __future__ import annotations

import os
from typing import Any

from playhall.common.settings import env_str


def celery_broker_url() -> str:
    return broker_url_of(os.environ.get("CELERY_BROKER_URL") or env_str("REDIS_URL"))


def broker_url_of(url: str) -> str:
    """A Redis URL in the spelling of Celery's transport (kombu)."""
    if url.startswith("unix://"):
        # redis-py's unix socket URL, in the spelling of Celery's transport (kombu).
        return "redis+socket://" + url.removeprefix("unix://")
    return url


LIVE_QUEUE = "bots.live"
BATCH_QUEUE = "bots.batch"
PLAY_TURN_TASK = "playhall.bots.play_turn"


def is_amqp(url: str) -> bool:
    return url.startswith(("amqp://", "amqps://", "pyamqp://"))


def celery_queues(broker_url: str) -> list[Any]:
    """The bot queues, as both sides declare them (RabbitMQ refuses a second declaration with
    other arguments)."""
    from kombu import Exchange, Queue

    if not is_amqp(broker_url):
        return [Queue(LIVE_QUEUE), Queue(BATCH_QUEUE)]
    return [
        Queue(
            name,
            Exchange(name, type="topic", durable=True),
            routing_key=name,
            durable=True,
            queue_arguments={"x-queue-type": "quorum"},
        )
        for name in (LIVE_QUEUE, BATCH_QUEUE)
    ]


def transport_options(broker_url: str) -> dict[str, Any]:
    """Broker transport options both sides use: publisher confirms on RabbitMQ."""
    return {"confirm_publish": True} if is_amqp(broker_url) else {}
