"""MatchmakingService's Prometheus series: the queues as the lease holder sees them. A queue is
labelled with its title, its player count and its pace (`pace_label`: "live", or "3d" for the
turn-based queue at 3 days a move)."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

QUEUE_TICKETS = Gauge(
    "playhall_queue_tickets",
    "Tickets waiting in a matchmaking queue, as this replica last counted them (each replica "
    "counts every queue: take the max over replicas).",
    ["title", "players", "pace"],
)
QUEUE_WAIT = Histogram(
    "playhall_queue_wait_seconds",
    "How long matched tickets waited in their queue.",
    ["title", "players", "pace"],
    buckets=(0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600),
)
QUEUE_MATCHES = Counter(
    "playhall_queue_matches",
    "Matches the matchmaker made, all players (kind=players) or with bots (kind=bots).",
    ["title", "players", "pace", "kind"],
)
QUEUE_BOT_SEATS = Counter(
    "playhall_queue_bot_seats",
    "Seats of matchmade matches that bots took.",
    ["title", "players", "pace"],
)
QUEUE_ABSENT_SEATS = Counter(
    "playhall_queue_absent_seats",
    "Seats of matchmade matches whose players did not take them within the seat grace, by "
    "what became of their match: void (fewer than two people came) or forfeited (the others "
    "play on).",
    ["title", "players", "pace", "outcome"],
)
QUEUE_PASS_SECONDS = Histogram(
    "playhall_queue_pass_seconds",
    "How long the lease holder's pass over a queue took, its matches made included.",
    ["title", "players", "pace"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
QUEUE_LEASES = Gauge("playhall_queue_leases", "Matchmaking queues whose lease this replica holds.")


def pace_label(days: int) -> str:
    """A queue's `pace` label: "live", or the turn-based queue's days a move ("3d")."""
    return f"{days}d" if days else "live"


def initialize_queue_series(title: str, players: int, days: int = 0) -> None:
    """A queue's counters at 0 from its first pass, so rates over them have a value before
    its first match (a turn-based queue's from its first pass with something in it)."""
    labels = (title, str(players), pace_label(days))
    for kind in ("players", "bots"):
        QUEUE_MATCHES.labels(*labels, kind)
    QUEUE_BOT_SEATS.labels(*labels)
    for outcome in ("void", "forfeited"):
        QUEUE_ABSENT_SEATS.labels(*labels, outcome)
