"""Who a running match waits on: the signed-in players of its seats to move, each with when their
time runs out. The "my turn" index and the "your turn" notices both follow it."""

from __future__ import annotations

from playhall.matches import clocks
from playhall.matchstore.model import Match, MatchPhase, SeatKind


def waiting_on(match: Match) -> dict[str, int]:
    """The signed-in players the running `match` waits on, each with when their time runs out
    (the first of their seats to move; 0 without a clock)."""
    if match.phase != MatchPhase.RUNNING:
        return {}
    waiting: dict[str, int] = {}
    for seat in match.status.to_move:
        info = match.seats[seat]
        if not info.player_id or info.kind != SeatKind.HUMAN or info.resigned:
            continue
        at = 0
        if not info.away_since_ms:
            at = clocks.seat_deadline(
                match.clock, match.bank_ms, match.deadline_unix_ms, match.updated_unix_ms, seat
            )
        earlier = waiting.get(info.player_id)
        waiting[info.player_id] = at if earlier is None else min(earlier, at)
    return waiting
