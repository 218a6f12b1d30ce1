"""The orchestrator's records in Redis (`playhall.storage.v1`) and their translation to the
domain's model (`model.py`).

The records have messages and enums of their own so that neither the API nor the model can
change a stored byte. Enum values translate by name: a value without a stored counterpart (or
the other way round) fails loudly here, and a test checks that every value of each enum has
its counterpart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from playhall.common.enums import bridges
from playhall.matchstore.model import (
    DOMAIN_ENUMS,
    BotLevel,
    ChangeCause,
    Clock,
    EndReason,
    Match,
    MatchPhase,
    Pace,
    Seat,
    SeatKind,
    SeenChange,
    Setup,
    TimeoutAction,
    UndoPoint,
)
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2 as spb

STORED = bridges([*DOMAIN_ENUMS, ChangeCause], spb)
"""Each domain enum's stored counterpart."""


def _stored_seat(seat: Seat) -> spb.StoredSeat:
    return spb.StoredSeat(
        kind=STORED[SeatKind].to_proto(seat.kind),
        bot_level=STORED[BotLevel].to_proto(seat.bot_level),
        display_name=seat.display_name,
        resigned=seat.resigned,
        player_id=seat.player_id,
        away_since_unix_ms=seat.away_since_ms,
        away_until_unix_ms=seat.away_until_ms,
        bot_account=seat.bot_account,
    )


def _seat(number: int, seat: spb.StoredSeat) -> Seat:
    return Seat(
        seat=number,
        kind=STORED[SeatKind].to_domain(seat.kind),
        bot_level=STORED[BotLevel].to_domain(seat.bot_level),
        display_name=seat.display_name,
        resigned=seat.resigned,
        player_id=seat.player_id,
        away_since_ms=seat.away_since_unix_ms,
        away_until_ms=seat.away_until_unix_ms,
        bot_account=seat.bot_account,
    )


def _stored_clock(clock: Clock) -> spb.StoredClock:
    return spb.StoredClock(
        seconds_per_turn=clock.seconds_per_turn,
        on_timeout=STORED[TimeoutAction].to_proto(clock.on_timeout),
        bank_initial_seconds=clock.bank_initial_seconds,
        bank_increment_seconds=clock.bank_increment_seconds,
        pace=STORED[Pace].to_proto(clock.pace),
    )


def _clock(clock: spb.StoredClock) -> Clock:
    return Clock(
        seconds_per_turn=clock.seconds_per_turn,
        on_timeout=STORED[TimeoutAction].to_domain(clock.on_timeout),
        bank_initial_seconds=clock.bank_initial_seconds,
        bank_increment_seconds=clock.bank_increment_seconds,
        pace=STORED[Pace].to_domain(clock.pace),
    )


COPIED_FIELDS = (
    "title_id",
    "rules_version",
    "seed_sha256",
    "step",
    "step_version",
    "status",
    "created_unix_ms",
    "updated_unix_ms",
    "deadline_unix_ms",
    "tournament_id",
    "min_karma",
)
"""StoredMatch fields that keep their value as it is."""


def stored_match(match: Match) -> spb.StoredMatch:
    """The record of a match."""
    return spb.StoredMatch(
        setup=spb.StoredSetup(
            players=match.setup.players, options=match.setup.options, seed=match.setup.seed
        ),
        clock=_stored_clock(match.clock),
        seats=[_stored_seat(seat) for seat in match.seats],
        token_hashes=match.token_hashes,
        phase=STORED[MatchPhase].to_proto(match.phase),
        end_reason=STORED[EndReason].to_proto(match.end_reason),
        winners=match.winners,
        bank_ms=match.bank_ms,
        time_given_in_turn=match.time_given_in_turn,
        paused_left_ms=match.paused_left_ms,
        undo_points=[
            spb.StoredUndoPoint(version=point.version, state=point.state)
            for point in match.undo_points
        ],
        **{name: getattr(match, name) for name in COPIED_FIELDS},
    )


def match_fields(record: spb.StoredMatch) -> dict[str, Any]:
    """A record's fields as the domain holds them, in plain containers it changes freely."""
    return {
        "setup": Setup(
            players=record.setup.players,
            options=dict(record.setup.options),
            seed=record.setup.seed,
        ),
        "clock": _clock(record.clock),
        "seats": [_seat(number, seat) for number, seat in enumerate(record.seats)],
        "token_hashes": dict(record.token_hashes),
        "phase": STORED[MatchPhase].to_domain(record.phase),
        "end_reason": STORED[EndReason].to_domain(record.end_reason),
        "winners": list(record.winners),
        "bank_ms": list(record.bank_ms),
        "time_given_in_turn": dict(record.time_given_in_turn),
        "paused_left_ms": record.paused_left_ms,
        "undo_points": [UndoPoint(point.version, point.state) for point in record.undo_points],
        **{name: getattr(record, name) for name in COPIED_FIELDS},
    }


def new_change(
    version: int,
    seat: int | None,
    events: Iterable[rpb.MoveEvent],
    status: rpb.GameStatus,
    phase: MatchPhase,
    end_reason: EndReason,
    committed_unix_ms: int,
    cause: ChangeCause,
    undid_version: int = 0,
) -> spb.StoredChange:
    """The log entry of a change; `seat` None for a change the server made; an undo names
    the version of the move it took back."""
    return spb.StoredChange(
        version=version,
        seat=seat,
        events=events,
        status=status,
        phase=STORED[MatchPhase].to_proto(phase),
        end_reason=STORED[EndReason].to_proto(end_reason),
        committed_unix_ms=committed_unix_ms,
        cause=STORED[ChangeCause].to_proto(cause),
        undid_version=undid_version,
    )


def cause_of(change: spb.StoredChange) -> ChangeCause:
    """What made a logged change (UNSPECIFIED for one stored before causes were)."""
    return STORED[ChangeCause].to_domain(change.cause)


def ends_match(change: spb.StoredChange) -> bool:
    return change.phase == spb.MATCH_PHASE_FINISHED


def visible_change(change: spb.StoredChange, viewer: int | None) -> SeenChange:
    """A logged change as `viewer` (None: a spectator) may see it."""
    events = []
    for event in change.events:
        version = event.public_event
        for private in event.seat_events:
            if private.seat == viewer:
                version = private.event
        events.append(version)
    return SeenChange(
        version=change.version,
        seat=change.seat if change.HasField("seat") else None,
        events=events,
        status=change.status,
        phase=STORED[MatchPhase].to_domain(change.phase),
        end_reason=STORED[EndReason].to_domain(change.end_reason),
        committed_unix_ms=change.committed_unix_ms,
        undid_version=change.undid_version,
    )


def standing_moves(
    entries: Iterable[tuple[spb.StoredChange, bytes]],
) -> list[tuple[spb.StoredChange, bytes]]:
    """The logged moves that stand, in order, each with its change: every move an undo took
    back left out, so that applying the rest in turn reaches the match's state."""
    moves: dict[int, tuple[spb.StoredChange, bytes]] = {}
    for change, move in entries:
        if move:
            moves[change.version] = (change, move)
        elif change.undid_version:
            moves.pop(change.undid_version, None)
    return list(moves.values())


def parse_record(record: bytes) -> Mapping[str, Any]:
    """The domain's fields of a stored record; `DecodeError` or `ValueError` when it is not
    one this version can read."""
    return match_fields(spb.StoredMatch.FromString(record))
