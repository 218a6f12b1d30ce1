"""The archiver, `python -m playhall.archive.archiver`: takes finished matches from the Redis
outbox (`outbox.py`), writes each to PostgreSQL once (`archive.py`: one transaction with its
rating updates, keyed by the match id), and only then takes it out of the outbox; after
`archive_grace_s` the match's keys leave Redis.

A process of its own rather than a task of each orchestrator: it is the one component that
writes to PostgreSQL, scaled (and killed) apart from the serving path, and any number of them
may run: two archivers on one match write it once, as the second insert finds the first's row,
and the ratings they update are read under row locks."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import time

import psycopg
import redis
import redis.asyncio
import uvloop
from prometheus_client import Counter, Gauge

from playhall.archive import database
from playhall.archive.archive import Archive, ArchivedMatch
from playhall.archive.settings import PAUSE_POINTS, ArchiverSettings
from playhall.common import logs
from playhall.common.metrics import start_metrics_server
from playhall.common.server import catch_stop_signals_async
from playhall.common.settings import SettingsError, load, variables
from playhall.common.waits import set_within
from playhall.matchstore import outbox
from playhall.matchstore.chat import ChatStore
from playhall.matchstore.model import MatchPhase
from playhall.matchstore.redis_client import redis_client
from playhall.matchstore.store import MatchStore, UnreadableMatch, now_ms

log = logging.getLogger("playhall.archive.archiver")

ARCHIVED = Counter("playhall_matches_archived", "Matches written to the archive.", ["title"])
ARCHIVE_FAILURES = Counter(
    "playhall_archive_failures",
    "Matches the archiver could not write this time (retried later), by cause.",
    ["cause"],
)
RATINGS_UPDATED = Counter(
    "playhall_ratings_updated",
    "Players' ratings updated by archived matches (one per rated player of a match).",
    ["title"],
)
PURGED = Counter("playhall_archive_purged", "Archived matches whose keys left Redis.")
OUTBOX_LENGTH = Gauge("playhall_archive_outbox", "Matches in the archive outbox.")
ARCHIVE_LAG = Gauge(
    "playhall_archive_lag_seconds",
    "How long the longest-waiting due match has waited in the outbox (0 when none is due).",
)
for _cause in ("database", "redis", "unreadable"):
    ARCHIVE_FAILURES.labels(_cause)


class Archiver:
    """Archives due matches and purges archived ones, a batch per pass."""

    def __init__(self, store: MatchStore, archive: Archive, settings: ArchiverSettings):
        self.store = store
        self.redis = store.redis
        self.chat = ChatStore(store.redis)
        self.archive = archive
        self.settings = settings
        self.ready = False
        """Whether Redis and PostgreSQL answered the last check (the /readyz answer)."""

    async def run_once(self) -> int:
        """One pass; returns how many matches it archived."""
        due = await outbox.due(self.redis, now_ms(), self.settings.archive_batch)
        # Several at once, each its own transaction: a commit waits for the database's disk,
        # and the row locks on ratings keep matches of one player from losing an update.
        limit = asyncio.Semaphore(self.settings.archive_concurrency)

        async def archive(match_id: str) -> bool:
            async with limit:
                return await self.archive_one(match_id)

        archived = sum(await asyncio.gather(*(archive(match_id) for match_id in due)))
        for match_id in await outbox.purge_due(self.redis, now_ms(), self.settings.archive_batch):
            await self.purge(match_id)
        return archived

    async def archive_one(self, match_id: str) -> bool:
        """Archives one filed match if it has ended; True when this call wrote it."""
        try:
            match, state, _ = await self.store.snapshot(match_id)
        except UnreadableMatch as error:
            ARCHIVE_FAILURES.labels("unreadable").inc()
            log.warning("not archived", extra={"match_id": match_id, "error": error.reason})
            await self._retry_later(match_id)
            return False
        if match is None:
            # Gone from Redis: archived earlier (purged meanwhile), or never created.
            if not await self.archive.is_archived(match_id):
                log.warning("a filed match has no record; dropped", extra={"match_id": match_id})
            await self.redis.zrem(outbox.OUTBOX, match_id)
            return False
        if match.phase != MatchPhase.FINISHED:
            log.info("filed but not ended: looked at later", extra={"match_id": match_id})
            await self._retry_later(match_id)  # its ending commit did not (yet) happen
            return False
        changes = await self.store.changes(match_id)
        chat = await self.chat.all(match_id)
        await self._pause("before_archive", match_id)
        try:
            rated = await self.archive.store(ArchivedMatch.of(match, state, changes, chat))
        except psycopg.Error as error:
            ARCHIVE_FAILURES.labels("database").inc()
            log.warning("not archived", extra={"match_id": match_id, "error": str(error)})
            await self._retry_later(match_id)
            return False
        await self._pause("after_commit", match_id)
        purge_at = now_ms() + int(self.settings.archive_grace_s * 1000)
        await outbox.archived(self.redis, match_id, purge_at)
        if rated is None:
            return False
        ARCHIVED.labels(match.title_id).inc()
        RATINGS_UPDATED.labels(match.title_id).inc(rated)
        log.info("archived", extra={"match_id": match_id, "title": match.title_id})
        return True

    async def _retry_later(self, match_id: str) -> None:
        await outbox.postpone(
            self.redis, match_id, now_ms() + int(self.settings.archive_retry_s * 1000)
        )

    async def purge(self, match_id: str) -> None:
        """Removes an archived match from Redis (`MatchStore.purge`: the lobby's list of
        finished matches would otherwise keep it for good, a waiting bot turn would wait for
        the sweeper), then from the outbox's purge list."""
        await self.store.purge(match_id)
        await outbox.purged(self.redis, match_id)
        PURGED.inc()

    async def measure(self) -> None:
        OUTBOX_LENGTH.set(await outbox.length(self.redis))
        oldest = await outbox.oldest_ms(self.redis)
        ARCHIVE_LAG.set(max(now_ms() - oldest, 0) / 1000 if oldest is not None else 0)

    async def check(self) -> None:
        """Whether Redis and PostgreSQL answer now: a pass with nothing due reaches neither
        the database nor, when it fails, this; so a query of its own (waiting at most an
        interval for a connection while every one archives)."""
        try:
            await self.redis.ping()
            await asyncio.wait_for(self.archive.ping(), max(self.settings.archive_interval_s, 1))
        except (redis.RedisError, psycopg.Error, TimeoutError) as error:
            if self.ready:
                log.warning("not ready", extra={"error": str(error)})
            self.ready = False
        else:
            self.ready = True

    async def measure_until(self, stopping: asyncio.Event) -> None:
        """The outbox's gauges and the readiness check every interval, in a task of their own:
        a pass held up (by a slow database) must not hide the lag it causes."""
        while not stopping.is_set():
            await self.check()
            try:
                await self.measure()
            except redis.RedisError as error:
                log.warning("outbox not measured", extra={"error": str(error)})
            await set_within(stopping, self.settings.archive_interval_s)

    async def _pause(self, point: str, match_id: str) -> None:
        """Tests only: stops here for good when `archiver_pause_at` names this point."""
        if self.settings.archiver_pause_at == point:
            log.warning("paused", extra={"point": point, "match_id": match_id})
            await asyncio.Event().wait()

    async def run(self, stopping: asyncio.Event) -> None:
        while not stopping.is_set():
            try:
                await self.run_once()
            except redis.RedisError as error:
                ARCHIVE_FAILURES.labels("redis").inc()
                log.warning("archive pass skipped: Redis unavailable", extra={"error": str(error)})
            except psycopg.Error as error:
                ARCHIVE_FAILURES.labels("database").inc()
                log.warning(
                    "archive pass skipped: database unavailable", extra={"error": str(error)}
                )
            await set_within(stopping, self.settings.archive_interval_s)


async def serve(settings: ArchiverSettings) -> None:
    archiver: Archiver | None = None
    # /readyz: not before the database and Redis have answered, nor while they do not.
    metrics_port = start_metrics_server(
        settings.metrics_port,
        settings.metrics_host,
        ready=lambda: archiver is not None and archiver.ready,
    )
    if settings.database_migrate:
        await asyncio.to_thread(database.migrate, settings.database_url)
    pool = database.pool(
        settings.database_url,
        max_size=settings.archive_concurrency,
        timeout_s=settings.database_timeout_s,
        reconnect_timeout_s=settings.database_reconnect_timeout_s,
    )
    await pool.open(wait=True)
    connections = 2 * settings.archive_concurrency + 2
    store = MatchStore(redis_client(settings.redis_url, connections, settings.redis_cluster))
    await store.redis.ping()
    archiver = Archiver(store, Archive(pool, settings.bot_ratings_mixed), settings)
    stopping = asyncio.Event()
    tasks = [
        asyncio.create_task(archiver.run(stopping), name="archiver"),
        asyncio.create_task(archiver.measure_until(stopping), name="archive-metrics"),
    ]
    signalled = catch_stop_signals_async()
    log.info("serving", extra={"port": 0, "metrics_port": metrics_port})
    await signalled.wait()
    started = time.monotonic()
    stopping.set()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*tasks), 10)
    await pool.close()
    await store.redis.aclose()
    log.info("stopped", extra={"seconds": round(time.monotonic() - started, 3)})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.archive.archiver",
        description="Write finished matches from the Redis outbox to the PostgreSQL archive, "
        "rate them, and purge archived matches from Redis. Needs REDIS_URL and "
        "PLAYHALL_DATABASE_URL.",
        epilog="Environment: " + ", ".join(variables(ArchiverSettings)) + ".",
    )
    parser.parse_args(argv)
    try:
        settings = load(ArchiverSettings)
        if settings.archiver_pause_at not in PAUSE_POINTS:
            raise SettingsError(f"PLAYHALL_ARCHIVER_PAUSE_AT must be one of {PAUSE_POINTS}")
    except SettingsError as error:
        parser.exit(2, f"playhall.archive.archiver: {error}\n")
    logs.configure("archiver", settings.log_level)
    uvloop.run(serve(settings))


if __name__ == "__main__":
    main()
