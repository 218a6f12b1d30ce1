"""Players and what lasts about them: who they are (signed player tokens, the dev stack's guest
issuer) and what they ask of Playhall about themselves (PlayerService); the PostgreSQL archive
of finished matches, its migrations, the archiver that fills it from the orchestrator's outbox,
and ratings."""
