"""MatchService's room: the match domain (`domain.py`), the commit protocol (`commits.py`),
callers (`identity.py`), clocks, the background passes (`housekeeping.py`), watchers, bot
scheduling, the rules services' clients, its settings and metrics, and the thin servicer."""
