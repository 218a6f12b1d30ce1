"""The bot worker's settings (`common.settings`), read when the worker starts: Celery asks for
its configuration then, not when `playhall.bots.app` is imported."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from playhall.common.brokers import (
    LIVE_QUEUE,
    celery_broker_url,
    celery_queues,
    is_amqp,
    transport_options,
)
from playhall.common.metrics import ALL_INTERFACES
from playhall.common.settings import SettingsError, load, setting

RECONNECT_BACKOFF = {"interval_start": 0.5, "interval_step": 0.5, "interval_max": 2.0}
"""Seconds between a worker's attempts to reach its broker again: 0.5, 1, 1.5, then every 2 s
for as long as it is down, as the gRPC channels of every service (`common.channels`), so a
worker takes tasks again within 2 s of its broker serving however long the outage was."""


@dataclass(frozen=True)
class WorkerSettings:
    """How a bot worker runs."""

    orchestrator: str = setting()
    """host:port of MatchService."""
    worker_credential: str = setting()
    broker_url: str = setting(env="CELERY_BROKER_URL or REDIS_URL", derived=True)
    bot_soft_time_limit_s: float = setting(30.0, minimum=0.01)
    bot_time_limit_s: float = setting(60.0, minimum=0.01)
    bot_visibility_timeout_s: int = setting(3600, minimum=1)
    """Longer than any task, so the Redis broker never hands a running task to a second
    worker (RabbitMQ needs none: it redelivers a task when its consumer's connection dies)."""
    metrics_port: int = setting(9464)
    metrics_host: str = setting(ALL_INTERFACES)
    log_level: str = setting("INFO")

    def __post_init__(self) -> None:
        if self.bot_visibility_timeout_s <= self.bot_time_limit_s:
            raise SettingsError(
                "PLAYHALL_BOT_VISIBILITY_TIMEOUT_S must be longer than the task time limit "
                "(PLAYHALL_BOT_TIME_LIMIT_S)"
            )

    def celery_config(self) -> dict[str, Any]:
        """Celery's configuration for these settings: on RabbitMQ, quorum queues, publisher
        confirms and native delayed delivery for retries (`common.brokers`)."""
        config: dict[str, Any] = {
            "broker_url": self.broker_url,
            "task_acks_late": True,
            "task_reject_on_worker_lost": True,
            "worker_prefetch_multiplier": 1,
            "task_ignore_result": True,
            "task_soft_time_limit": self.bot_soft_time_limit_s,
            "task_time_limit": self.bot_time_limit_s,
            "task_queues": celery_queues(self.broker_url),
            "task_default_queue": LIVE_QUEUE,
            "broker_transport_options": {
                "visibility_timeout": self.bot_visibility_timeout_s,
                **RECONNECT_BACKOFF,
                **transport_options(self.broker_url),
            },
            "broker_connection_retry_on_startup": True,
            # Reconnect for as long as the broker is down (Celery's default gives up after
            # 100 attempts, and the worker exits).
            "broker_connection_retry": True,
            "broker_connection_max_retries": None,
            "worker_hijack_root_logger": False,
            "worker_send_task_events": False,
        }
        if not is_amqp(self.broker_url):
            # A worker serving both queues (`-Q bots.live,bots.batch`) takes a live turn
            # whenever one waits: kombu's Redis transport then polls the queues in the order
            # -Q names them, where its default takes them in turn. RabbitMQ has no order
            # across queues: there, batch work gets workers of its own.
            config["broker_transport_options"]["queue_order_strategy"] = "priority"
        if is_amqp(self.broker_url):
            config |= {
                # Quorum queues: per-consumer prefetch (no global QoS), and a retry's
                # countdown waits in the broker's delay exchanges.
                "worker_detect_quorum_queues": True,
                "broker_native_delayed_delivery_queue_type": "quorum",
                "task_default_exchange_type": "topic",
            }
        return config


@functools.cache
def worker_settings() -> WorkerSettings:
    """The settings, read once; a missing or malformed one stops the process with a message
    naming the variable (SystemExit, which Celery's signal dispatch does not swallow)."""
    try:
        return load(WorkerSettings, broker_url=celery_broker_url())
    except SettingsError as error:
        raise SystemExit(f"playhall bot worker: {error}") from None
