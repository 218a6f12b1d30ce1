"""The orchestrator process: its settings and the one server module that composes the rooms
(matches, matchmaking, tournaments, player_service) into one gRPC server."""
