"""Players and what lasts: the PostgreSQL archive of finished matches, its migrations, the
archiver that fills it from the orchestrator's outbox, and ratings."""
