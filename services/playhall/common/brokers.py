"""The Celery broker URL: its own setting (CELERY_BROKER_URL), defaulting to REDIS_URL. Celery
cannot use a Redis Cluster as its broker; production points this at a plain Redis or RabbitMQ."""

import os

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
