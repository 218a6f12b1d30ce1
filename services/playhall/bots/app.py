"""The Celery app of the bot workers: `celery -A playhall.bots.app worker -Q bots.live`.

Its settings (`bots.settings`) are read when Celery first needs its configuration, as the
worker starts; importing this module reads none.
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
else:
    # A directory named by the deployment (/tmp/metrics on the pod's empty /tmp) may not exist.
    os.makedirs(os.environ["PROMETHEUS_MULTIPROC_DIR"], exist_ok=True)

import kombu  # noqa: E402
from celery import Celery, signals  # noqa: E402
from celery.app.amqp import AMQP  # noqa: E402

from playhall.bots import broker_link  # noqa: E402
from playhall.bots.settings import RECONNECT_BACKOFF, worker_settings  # noqa: E402
from playhall.common import logs, tracing  # noqa: E402
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE  # noqa: E402


class CappedBackoffConnection(kombu.Connection):
    """A broker connection whose every reconnect backs off as the transport options say, on a
    Redis broker through `bots.broker_link`'s transport.

    Celery's consumer reconnects through `ensure_connection` with kombu's defaults (2 s, then
    4, 6, ... up to 30 s between attempts), and no setting changes them: after a long broker
    outage a worker would come back up to 30 s after its broker. The transport options'
    `interval_*` (`bots.settings`) apply here to every caller that names none.

    The transport is chosen here rather than by Celery's `broker_transport`, which kombu
    ignores for a URL that names its transport (`redis+socket://`)."""

    def ensure_connection(self, *args, **kwargs):
        return super().ensure_connection(*args, **{**self._backoff(), **kwargs})

    def get_transport_cls(self):
        return broker_link.guarded(super().get_transport_cls())

    def _backoff(self) -> dict[str, float]:
        options = self.transport_options or {}
        return {name: options[name] for name in RECONNECT_BACKOFF if name in options}


class CappedBackoffAMQP(AMQP):
    Connection = CappedBackoffConnection


app = Celery("playhall.bots", include=["playhall.bots.tasks"], amqp=CappedBackoffAMQP)


@app.on_configure.connect
def _configure(sender: Celery, **_kwargs) -> None:
    sender.config_from_object(worker_settings().celery_config())


@signals.setup_logging.connect
def _configure_logging(**_kwargs) -> None:
    logs.configure("bot-worker", worker_settings().log_level)
    # One line per finished task is useful; one more per received task is noise.
    logging.getLogger("celery.worker.strategy").setLevel(logging.WARNING)


_metrics_port: list[int] = []


@signals.worker_init.connect
def _serve_metrics(**_kwargs) -> None:
    from prometheus_client import start_http_server

    from playhall.bots.metrics import worker_registry

    settings = worker_settings()
    server, _ = start_http_server(
        settings.metrics_port,
        addr=settings.metrics_host,
        registry=worker_registry(app, [LIVE_QUEUE, BATCH_QUEUE]),
    )
    _metrics_port.append(server.server_port)


@signals.worker_process_init.connect
def _trace(**_kwargs) -> None:
    # In each pool process, after the fork: the exporter's thread and channel are per process.
    tracing.configure("bot-worker", celery=True)


@signals.worker_process_shutdown.connect
def _flush_traces(**_kwargs) -> None:
    tracing.shutdown()


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
