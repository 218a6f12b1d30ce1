"""The match as the domain holds it between a read and a commit: its id, version and the fields
of its stored record (`records` translates them), and the lobby phases it moves through. Only
`store` reads and writes it."""

from __future__ import annotations

from dataclasses import dataclass, field

from playhall.match.v1 import match_service_pb2 as mpb
from playhall.rules.v1 import rules_service_pb2 as rpb

LOBBY_PHASES = (mpb.MATCH_PHASE_OPEN, mpb.MATCH_PHASE_RUNNING, mpb.MATCH_PHASE_FINISHED)
"""The lobby's lists, in the only order a match moves through them."""
ACTIVE_PHASES = LOBBY_PHASES[:2]
"""The lists of matches not yet over."""


@dataclass
class Match:
    """A match as the domain holds it (the state itself is loaded separately): its id and
    version, and the fields of its StoredMatch record under the same names, as API values
    (`records` translates)."""

    match_id: str
    version: int
    title_id: str
    rules_version: str
    setup: mpb.Replay
    seed_sha256: bytes
    clock: mpb.Clock
    seats: list[mpb.SeatInfo]
    token_hashes: dict[int, str]
    step: int
    step_version: int
    status: rpb.GameStatus
    phase: mpb.MatchPhase
    end_reason: mpb.EndReason
    winners: list[int]
    created_unix_ms: int
    updated_unix_ms: int
    deadline_unix_ms: int
    bank_ms: list[int]
    tournament_id: str = ""
    """The tournament the match is a game of; empty for any other match."""
    stored_phase: mpb.MatchPhase = field(init=False)

    def __post_init__(self) -> None:
        # The phase as stored, which the lobby index follows; `phase` may be changed ahead of
        # a commit.
        self.stored_phase = self.phase

    def player_ids(self) -> set[str]:
        """The signed-in players holding seats."""
        return {seat.player_id for seat in self.seats if seat.player_id}

    def seats_of(self, player_id: str) -> list[int]:
        """The seats `player_id` holds and has not left."""
        return [s.seat for s in self.seats if s.player_id == player_id and not s.resigned]

    def summary(self) -> mpb.MatchSummary:
        finished = self.phase == mpb.MATCH_PHASE_FINISHED
        return mpb.MatchSummary(
            match_id=self.match_id,
            title_id=self.title_id,
            rules_version=self.rules_version,
            phase=self.phase,
            version=self.version,
            seats=self.seats,
            status=self.status,
            seed_sha256=self.seed_sha256,
            seed=self.setup.seed if finished else b"",
            clock=self.clock,
            end_reason=self.end_reason,
            winners=self.winners,
            deadline_unix_ms=self.deadline_unix_ms,
            bank_ms=self.bank_ms,
        )
