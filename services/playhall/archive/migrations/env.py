"""Alembic's entry point for the archive's revisions: online migrations only, on the database
`database.alembic_config` names, in one transaction that holds the migration advisory lock."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from playhall.archive.database import MIGRATION_LOCK, engine


def run_migrations_online() -> None:
    database = engine(context.config.attributes["database_url"])
    try:
        with database.connect() as connection:
            context.configure(connection=connection, transaction_per_migration=False)
            with context.begin_transaction():
                # Taken before Alembic reads the current revision, and held to the commit: a
                # replica that waited here then reads the revision the first one left.
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:id)"), {"id": MIGRATION_LOCK}
                )
                context.run_migrations()
    finally:
        database.dispose()


run_migrations_online()
