"""The match as the domain holds it between a read and a commit: plain values, never a wire
message. The store translates it to and from its record (`records`); each service's edge
translates it to and from its API (`wire.py`, and `matches/api.py` for MatchService).

The enums are the domain's own; the store and the edges translate them by name
(`common/enums.py`), and a test checks that every value has its stored and its API
counterpart. What the rules service says of a game (its status, its options, its events)
stays in the rules contract's types: the orchestrator passes it through without reading more
than the seats to move.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from google.protobuf import any_pb2

from playhall.rules.v1 import rules_service_pb2 as rpb


class SeatKind(enum.IntEnum):
    """Who plays a seat."""

    UNSPECIFIED = 0
    HUMAN = 1
    OPEN = 2
    """Waiting for a player to join."""
    BOT = 3


class BotLevel(enum.IntEnum):
    """How strongly a bot seat plays."""

    UNSPECIFIED = 0
    RANDOM = 1
    EASY = 2
    NORMAL = 3
    HARD = 4

    @property
    def label(self) -> str:
        """The level's name as settings, metrics and the archive spell it ("hard")."""
        return self.name.lower()


BOT_LEVELS = tuple(level for level in BotLevel if level != BotLevel.UNSPECIFIED)
"""The levels a bot seat may have."""


class MatchPhase(enum.IntEnum):
    """Where a match is in its life; the lobby lists one list a phase."""

    UNSPECIFIED = 0
    OPEN = 1
    RUNNING = 2
    FINISHED = 3


class TimeoutAction(enum.IntEnum):
    """What a seat out of time does."""

    UNSPECIFIED = 0
    FORFEIT = 1
    BOT_MOVE = 2


class Pace(enum.IntEnum):
    """How a match is played: by people present together, or over days."""

    UNSPECIFIED = 0
    """Live (a match made before paces were)."""
    LIVE = 1
    TURN_BASED = 2


class EndReason(enum.IntEnum):
    """Why a match ended."""

    UNSPECIFIED = 0
    GAME_OVER = 1
    RESIGNATION = 2
    TIMEOUT = 3
    ABANDONED = 4


class ChangeCause(enum.IntEnum):
    """What made a committed change (stored with it; the archive reads it)."""

    UNSPECIFIED = 0
    """A change stored before causes were."""
    CREATION = 1
    MOVE = 2
    JOIN = 3
    RESIGNATION = 4
    NEW_TOKEN = 5
    """A seat given a new token, and nothing else changed."""
    SERVER = 6
    """A clock, an abandonment, a matchmade match's untaken seats settled."""
    TIME_GIVEN = 7
    UNDO = 8
    """A seat took back its last move of the turn."""


DOMAIN_ENUMS: tuple[type[enum.IntEnum], ...] = (
    SeatKind,
    BotLevel,
    MatchPhase,
    TimeoutAction,
    EndReason,
    Pace,
)
"""The enums the edges translate, each to the API enum and the stored enum of its name."""

LOBBY_PHASES = (MatchPhase.OPEN, MatchPhase.RUNNING, MatchPhase.FINISHED)
"""The lobby's lists, in the only order a match moves through them."""
ACTIVE_PHASES = LOBBY_PHASES[:2]
"""The lists of matches not yet over."""


@dataclass
class Seat:
    """One seat: who plays it, under which name, and whether its player left."""

    seat: int
    kind: SeatKind
    bot_level: BotLevel = BotLevel.UNSPECIFIED
    display_name: str = ""
    resigned: bool = False
    player_id: str = ""
    """The signed-in player holding the seat; empty for a bot or a seat held by token only."""
    away_since_ms: int = 0
    """While its player is away on vacation: since when (their clock stands still)."""
    away_until_ms: int = 0
    """While its player is away: when they are back at the latest."""
    bot_account: bool = False
    """Its player was a bot account (`access.bots`) when they took it: a program plays it."""


@dataclass
class Clock:
    """A fixed time for every turn, or a time bank with an increment (`clocks.py`); all zero
    for a match without a clock."""

    seconds_per_turn: int = 0
    on_timeout: TimeoutAction = TimeoutAction.UNSPECIFIED
    bank_initial_seconds: int = 0
    bank_increment_seconds: int = 0
    pace: Pace = Pace.LIVE

    def __post_init__(self) -> None:
        if self.pace == Pace.UNSPECIFIED:  # sent or stored before paces were
            self.pace = Pace.LIVE

    @property
    def turn_based(self) -> bool:
        return self.pace == Pace.TURN_BASED


@dataclass
class Setup:
    """What the rules service set the game up from: a replay starts from it."""

    players: int
    options: dict[str, rpb.OptionValue]
    seed: bytes


@dataclass(frozen=True)
class UndoPoint:
    """A move the seat alone to move may take back: the version it made, and the state before
    it (hidden information included: only ever restored, never shown)."""

    version: int
    state: bytes


@dataclass
class Match:
    """A match as the domain holds it (the state itself is loaded separately): its id and
    version, and the fields of its StoredMatch record under the same names (`records`
    translates)."""

    match_id: str
    version: int
    title_id: str
    rules_version: str
    setup: Setup
    seed_sha256: bytes
    clock: Clock
    seats: list[Seat]
    token_hashes: dict[int, str]
    step: int
    step_version: int
    status: rpb.GameStatus
    phase: MatchPhase
    end_reason: EndReason
    winners: list[int]
    created_unix_ms: int
    updated_unix_ms: int
    deadline_unix_ms: int
    bank_ms: list[int]
    tournament_id: str = ""
    """The tournament the match is a game of; empty for any other match."""
    time_given_in_turn: dict[int, int] = field(default_factory=dict)
    """Seat -> the turn (`status.turn`) in which it last gave time to another seat."""
    paused_left_ms: int = 0
    """With a time per turn: what was left of the turn when its clock stopped for a seat
    away; 0 while it runs."""
    min_karma: int = 0
    """The least karma (`archive.reputation`) a player needs to take a seat; 0: none."""
    undo_points: list[UndoPoint] = field(default_factory=list)
    """The current turn's moves its seat may take back, oldest first; emptied by any other
    change (`matches.commits`)."""
    records_unread: bool = field(default=False, compare=False)
    """Read from a snapshot kept in this process, not from Redis: without its idempotency
    records (`kept.py`)."""
    stored_phase: MatchPhase = field(init=False)
    stored_away: frozenset[int] = field(init=False)
    stored_left: frozenset[int] = field(init=False)

    def __post_init__(self) -> None:
        # As stored: the phase, which the lobby index follows, the seats away, whose clocks
        # stood still since the last commit, and the seats that had left (a commit tells the
        # players of a seat that leaves in it); all may be changed ahead of a commit.
        self.stored_phase = self.phase
        self.stored_away = self.away()
        self.stored_left = self.left()

    def left(self) -> frozenset[int]:
        """The seats that resigned or forfeited."""
        return frozenset(s.seat for s in self.seats if s.resigned)

    def away(self) -> frozenset[int]:
        """The seats whose players are away."""
        return frozenset(s.seat for s in self.seats if s.away_since_ms)

    def player_ids(self) -> set[str]:
        """The signed-in players holding seats."""
        return {seat.player_id for seat in self.seats if seat.player_id}

    def seats_of(self, player_id: str) -> list[int]:
        """The seats `player_id` holds and has not left."""
        return [s.seat for s in self.seats if s.player_id == player_id and not s.resigned]


@dataclass(frozen=True)
class SeenChange:
    """A logged change as one viewer may see it: the events of other seats' secrets replaced
    by their public versions."""

    version: int
    seat: int | None
    """The seat whose call made the change; None for a change the server made."""
    events: list[any_pb2.Any]
    """The title's event messages, in the version the viewer may see."""
    status: rpb.GameStatus
    phase: MatchPhase
    end_reason: EndReason
    committed_unix_ms: int
    undid_version: int = 0
    """An undo's: the version of the move it took back; 0 for any other change."""
