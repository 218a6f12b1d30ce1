"""Worker metrics, correct under Celery's prefork pool: every process writes to the
PROMETHEUS_MULTIPROC_DIR, and the worker's main process serves the sum."""

from kombu.exceptions import ChannelError
from prometheus_client import CollectorRegistry, Counter, Histogram, multiprocess
from prometheus_client.core import GaugeMetricFamily

BOT_MOVE_SECONDS = Histogram(
    "playhall_bot_move_seconds",
    "Wall time of a bot decision.",
    ["title", "level"],
    buckets=(0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10),
)
SEARCH_ITERATIONS = Counter(
    "playhall_bot_search_iterations", "Search iterations run by bots.", ["title", "level"]
)
TASK_SECONDS = Histogram(
    "playhall_bot_task_seconds",
    "Wall time of a play_turn task.",
    ["title", "level"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30),
)
TASKS = Counter("playhall_bot_tasks", "play_turn tasks by outcome.", ["outcome"])
TASK_OUTCOMES = ("moved", "not_to_move", "gave_up_stale", "retried", "failed")
"""The `outcome` of `playhall_bot_tasks`: what `tasks.take_turn` returns, or a retry or a
failure (counted by the app's task signals)."""
for _outcome in TASK_OUTCOMES:
    TASKS.labels(_outcome)  # every series from the start: a rate of 0, not no data


class QueueDepthCollector:
    """The number of waiting tasks per queue, read from the broker at scrape time."""

    def __init__(self, app, queues):
        self.app = app
        self.queues = queues

    def collect(self):
        family = GaugeMetricFamily(
            "playhall_bot_queue_depth", "Tasks waiting per queue.", labels=["queue"]
        )
        with self.app.connection_for_read() as connection:
            channel = connection.default_channel
            for queue in self.queues:
                try:
                    _, depth, _ = channel.queue_declare(queue=queue, passive=True)
                except ChannelError:
                    depth = 0  # not declared yet: nothing ever waited in it
                family.add_metric([queue], depth)
        yield family


def worker_registry(app, queues) -> CollectorRegistry:
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    registry.register(QueueDepthCollector(app, queues))
    return registry
