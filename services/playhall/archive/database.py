"""The archive's database: PostgreSQL through psycopg 3 (async, a connection pool), its schema
made and upgraded by Alembic revisions (`migrations/`).

`migrate` upgrades a database to the newest revision under a PostgreSQL advisory lock held for
the whole transaction, so replicas that start together (or a Kubernetes Job racing them) wait
for each other: the first upgrades, the others then find nothing to do. PostgreSQL runs DDL in
transactions, so a migration that fails leaves the schema as it was."""

from __future__ import annotations

import logging
import math
from pathlib import Path

import psycopg
import sqlalchemy
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from psycopg_pool import AsyncConnectionPool

from playhall.archive.settings import DATABASE_RECONNECT_TIMEOUT_S, DATABASE_TIMEOUT_S

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x706C_6179_6861_6C6C  # "playhall"
"""The advisory lock id every migration run holds."""


def alembic_config(url: str) -> Config:
    """Alembic's configuration for the database at `url` (a libpq URL, as psycopg takes it):
    no alembic.ini, the revisions in this package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["database_url"] = url
    return config


def engine(url: str) -> sqlalchemy.Engine:
    """A SQLAlchemy engine for Alembic only, whose connections psycopg opens from the libpq URL
    itself (so a unix-socket URL needs no translation)."""
    return sqlalchemy.create_engine(
        "postgresql+psycopg://", creator=lambda: psycopg.connect(url), poolclass=sqlalchemy.NullPool
    )


def migrate(url: str, revision: str = "head") -> None:
    """Upgrades the database at `url` to `revision` (default the newest)."""
    command.upgrade(alembic_config(url), revision)


def current_revision(url: str) -> str | None:
    """The revision the database is at (None before the first)."""
    database = engine(url)
    try:
        with database.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        database.dispose()


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config("")).get_current_head()
    assert head is not None
    return head


def pool(
    url: str,
    max_size: int = 8,
    timeout_s: float = DATABASE_TIMEOUT_S,
    reconnect_timeout_s: float = DATABASE_RECONNECT_TIMEOUT_S,
) -> AsyncConnectionPool:
    """A connection pool of the running event loop (not yet open: `await pool.open()`) that
    fails fast while the database is out of reach, and comes back soon after it is back.

    - A caller waits at most `timeout_s` for a working connection, then gets `PoolTimeout`
      (an `OperationalError`: archive reads answer UNAVAILABLE). With psycopg_pool's default,
      30 s, every read after the pool's broken connections were used up outlived its
      caller's deadline.
    - Every connection is checked (an empty query) as it is handed out: one a database
      restart broke is replaced, not handed to a caller's query.
    - A lost connection is opened again with psycopg_pool's backoff (1 s, then doubling)
      for `reconnect_timeout_s` only (5 s: about 1, 3 and 5 s later); then its slot is given
      up, and the next caller that finds no connection opens one at once. With the default,
      5 minutes, the waits grew to 16 s and more, so the first read after an outage of a
      few seconds more waited that long.
    - Opening a connection gives up after `timeout_s` (libpq's `connect_timeout`, in whole
      seconds and at least 2), so a database that drops packets holds no attempt for long
      (psycopg's default is 130 s)."""
    return AsyncConnectionPool(
        url,
        min_size=1,
        max_size=max_size,
        open=False,
        name="archive",
        kwargs={"autocommit": True, "connect_timeout": max(2, math.ceil(timeout_s))},
        check=AsyncConnectionPool.check_connection,
        timeout=timeout_s,
        reconnect_timeout=reconnect_timeout_s,
    )
