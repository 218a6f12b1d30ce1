"""The Celery app of the bot workers: `celery -A playhall.bots.app worker -Q bots.live`.

Settings (environment): REDIS_URL or CELERY_BROKER_URL (the broker), PLAYHALL_ORCHESTRATOR
(host:port of MatchService), PLAYHALL_WORKER_CREDENTIAL, PLAYHALL_METRICS_PORT (the worker's
/metrics, default 9464), PLAYHALL_BOT_SOFT_TIME_LIMIT_S / PLAYHALL_BOT_TIME_LIMIT_S (default 30 /
60) and PLAYHALL_BOT_VISIBILITY_TIMEOUT_S (default 3600: longer than any task, so Redis never
hands a running task to a second worker).
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import tempfile

# Prometheus' multiprocess mode must be chosen before prometheus_client is first imported. A
# directory made here is removed when the process that made it exits.
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="playhall-metrics-")
    atexit.register(shutil.rmtree, os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)

from celery import Celery, signals  # noqa: E402
from kombu import Queue  # noqa: E402

from playhall.common import logs  # noqa: E402
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE, celery_broker_url  # noqa: E402
from playhall.common.settings import (  # noqa: E402
    SettingsError,
    env_float,
    env_int,
    env_str,
)

try:
    BROKER_URL = celery_broker_url()
    ORCHESTRATOR = env_str("PLAYHALL_ORCHESTRATOR")
    WORKER_CREDENTIAL = env_str("PLAYHALL_WORKER_CREDENTIAL")
    SOFT_TIME_LIMIT_S = env_float("PLAYHALL_BOT_SOFT_TIME_LIMIT_S", 30.0)
    TIME_LIMIT_S = env_float("PLAYHALL_BOT_TIME_LIMIT_S", 60.0)
    VISIBILITY_TIMEOUT_S = env_int("PLAYHALL_BOT_VISIBILITY_TIMEOUT_S", 3600)
except SettingsError as error:
    raise SystemExit(f"playhall bot worker: {error}") from None
if VISIBILITY_TIMEOUT_S <= TIME_LIMIT_S:
    raise SystemExit("PLAYHALL_BOT_VISIBILITY_TIMEOUT_S must be longer than the task time limit")

app = Celery("playhall.bots", broker=BROKER_URL, include=["playhall.bots.tasks"])
app.conf.update(
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_ignore_result=True,
    task_soft_time_limit=SOFT_TIME_LIMIT_S,
    task_time_limit=TIME_LIMIT_S,
    task_queues=[Queue(LIVE_QUEUE), Queue(BATCH_QUEUE)],
    task_default_queue=LIVE_QUEUE,
    broker_transport_options={"visibility_timeout": VISIBILITY_TIMEOUT_S},
    broker_connection_retry_on_startup=True,
    worker_hijack_root_logger=False,
    worker_send_task_events=False,
)


@signals.setup_logging.connect
def _configure_logging(**_kwargs) -> None:
    logs.configure("bot-worker", env_str("PLAYHALL_LOG_LEVEL", "INFO"))
    # One line per finished task is useful; one more per received task is noise.
    logging.getLogger("celery.worker.strategy").setLevel(logging.WARNING)


_metrics_port: list[int] = []


@signals.worker_init.connect
def _serve_metrics(**_kwargs) -> None:
    from prometheus_client import start_http_server

    from playhall.bots.metrics import worker_registry
    from playhall.common.metrics import ALL_INTERFACES

    port = env_int("PLAYHALL_METRICS_PORT", 9464)
    host = env_str("PLAYHALL_METRICS_HOST", ALL_INTERFACES)
    server, _ = start_http_server(
        port, addr=host, registry=worker_registry(app, [LIVE_QUEUE, BATCH_QUEUE])
    )
    _metrics_port.append(server.server_port)


@signals.task_failure.connect
def _count_failure(**_kwargs) -> None:
    from playhall.bots.metrics import TASKS

    TASKS.labels("failed").inc()


@signals.task_retry.connect
def _count_retry(**_kwargs) -> None:
    from playhall.bots.metrics import TASKS

    TASKS.labels("retried").inc()


@signals.worker_ready.connect
def _announce(**_kwargs) -> None:
    from playhall.bots.orphans import watch_for_orphans

    watch_for_orphans(app)
    logging.getLogger("playhall.bots").info(
        "serving", extra={"metrics_port": _metrics_port[0] if _metrics_port else None}
    )
