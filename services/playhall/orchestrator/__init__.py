"""The match orchestrator: MatchService, the Redis match store, turn clocks."""
