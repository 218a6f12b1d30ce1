"""TournamentService's Prometheus series: what the runner holding each tournament's lease does."""

from __future__ import annotations

from prometheus_client import Counter, Gauge

TOURNAMENT_STEPS = Counter(
    "playhall_tournament_steps",
    "Steps this replica's tournament runner took, by what each did: a round paired, results "
    "collected, waiting on a round's matches, a tournament finished, or nothing written because "
    "the record changed meanwhile (stale), another replica took the lease (not_holder) or the "
    "tournament is gone (missing).",
    ["outcome"],
)
TOURNAMENT_LEASES = Gauge(
    "playhall_tournament_leases", "Tournaments whose lease this replica holds."
)
for _outcome in ("paired", "results", "waiting", "finished", "stale", "not_holder", "missing"):
    TOURNAMENT_STEPS.labels(_outcome)
