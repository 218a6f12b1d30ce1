"""What lasts, in PostgreSQL: finished matches with their logs (`archive.py`), the archiver that
fills it from the match store's outbox (`archiver.py`), ratings (`ratings.py`), a player's pages
of it (`pages.py`), the ratings matchmaking orders its queues by (`rating_lookup.py`), and the
schema's migrations. Below the rooms; it knows the match store and accounts only."""
