"""The archiver's settings: read once from the environment, typed, failing fast; and the
defaults of the archive's connection pool, which the orchestrator's settings share."""

from __future__ import annotations

from dataclasses import dataclass

from playhall.common.metrics import ALL_INTERFACES
from playhall.common.settings import setting

DATABASE_TIMEOUT_S = 2.0
"""How long a caller of the archive waits for a working connection (and a connection attempt
for the database) by default: then it is refused, UNAVAILABLE (`database.pool`)."""
DATABASE_RECONNECT_TIMEOUT_S = 5.0
"""How long a lost connection to the archive is opened again with backoff by default."""

PAUSE_POINTS = ("", "before_archive", "after_commit")
"""Where `archiver_pause_at` may stop the archiver (tests place a SIGKILL there)."""


@dataclass(frozen=True)
class ArchiverSettings:
    """`common.settings`: each from `PLAYHALL_<NAME>` unless it names another variable."""

    redis_url: str = setting(env="REDIS_URL")
    database_url: str = setting()
    redis_cluster: bool = setting(False)
    database_migrate: bool = setting(True)
    """Upgrade the schema at start (off where a Job runs `playhall.archive.migrate`)."""
    database_timeout_s: float = setting(DATABASE_TIMEOUT_S, minimum=0.1)
    """How long a write waits for a working connection before the match is postponed
    (`database.pool`)."""
    database_reconnect_timeout_s: float = setting(DATABASE_RECONNECT_TIMEOUT_S, minimum=0)
    """How long a lost connection is opened again with backoff before the next write opens
    one afresh."""
    archive_interval_s: float = setting(0.5, minimum=0.01)
    """How often the outbox is looked at."""
    archive_grace_s: float = setting(600.0, minimum=0)
    """How long an archived match's keys stay in Redis (for the callers still on it)."""
    archive_retry_s: float = setting(30.0, minimum=0.01)
    """When a filed match that has not ended yet, or failed to archive, is looked at again."""
    bot_ratings_mixed: bool = setting(False)
    """Rate bot accounts with people: off, a match in which a bot account meets a person or a
    bot level rates nobody, and bot accounts are rated among themselves (`access.bots`)."""
    archive_batch: int = setting(32, minimum=1)
    """Matches taken from the outbox per pass."""
    archive_concurrency: int = setting(4, minimum=1)
    """Matches archived at once (each its own transaction and database connection)."""
    metrics_port: int = setting(9464, help="Prometheus /metrics port, 0 picks a free one")
    metrics_host: str = setting(ALL_INTERFACES)
    log_level: str = setting("INFO")
    archiver_pause_at: str = setting("")
    """Tests only: stop for good at this point of archiving a match (`PAUSE_POINTS`)."""
