"""The orchestrator process: its settings and the one server module that composes the rooms
(matches, matchmaking, tournaments, players) into one gRPC server."""
