"""MatchmakingService's room: the queues (`queues.py`), their keys and scripts
(`queue_store.py`), the matchmaker holding each queue's lease (`matchmaker.py`), its settings,
the requests read into the queues' terms and their updates written as responses (`api.py`) and
the thin servicer. It reaches matches through the match domain only."""
