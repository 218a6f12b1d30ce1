"""The archive's database: PostgreSQL through psycopg 3 (async, a connection pool), its schema
made and upgraded by Alembic revisions (`migrations/`).

`migrate` upgrades a database to the newest revision under a PostgreSQL advisory lock held for
the whole transaction, so replicas that start together (or a Kubernetes Job racing them) wait
for each other: the first upgrades, the others then find nothing to do. PostgreSQL runs DDL in
transactions, so a migration that fails leaves the schema as it was."""

from __future__ import annotations

import logging
from pathlib import Path

import psycopg
import sqlalchemy
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from psycopg_pool import AsyncConnectionPool

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


def pool(url: str, max_size: int = 8) -> AsyncConnectionPool:
    """A connection pool of the running event loop (not yet open: `await pool.open()`)."""
    return AsyncConnectionPool(
        url, min_size=1, max_size=max_size, open=False, kwargs={"autocommit": True}
    )
