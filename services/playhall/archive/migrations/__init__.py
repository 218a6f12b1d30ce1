"""The archive's schema, as Alembic revisions (`versions/`), run by `database.migrate`."""
