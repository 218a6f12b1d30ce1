"""The orchestrator's records in Redis (`playhall.storage.v1`) and their translation to the
values the domain works with, which are the public API's (`playhall.match.v1`).

The records have messages and enums of their own so that the API can change without changing a
stored byte. Enum values translate by name: a value the API adds without a stored counterpart
(or the other way round) fails loudly here, and a test checks that every value of each pair
has its counterpart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar, cast

from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper

from playhall.match.v1 import match_service_pb2 as mpb
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2 as spb

ENUM_PAIRS: tuple[tuple[EnumTypeWrapper, EnumTypeWrapper], ...] = (
    (spb.SeatKind, mpb.SeatKind),
    (spb.BotLevel, mpb.BotLevel),
    (spb.MatchPhase, mpb.MatchPhase),
    (spb.TimeoutAction, mpb.TimeoutAction),
    (spb.EndReason, mpb.EndReason),
)
"""Each stored enum with the API enum it translates to, value by value of the same name."""


_BY_NAME: dict[tuple[object, object], dict[int, int]] = {
    (source, target): {
        number: target.Value(name)
        for name, number in source.items()
        if name in target.DESCRIPTOR.values_by_name
    }
    for pair in ENUM_PAIRS
    for source, target in (pair, pair[::-1])
}
"""Each pair's values both ways, number to number, worked out once: every record read and
written translates a dozen of them (`EnumTypeWrapper.Name` and `Value` each cost a call)."""


EnumT = TypeVar("EnumT", bound=int)


def _translate(value: int, source: EnumTypeWrapper, target: type[EnumT]) -> EnumT:
    """`value` of `source` as the `target` value of the same name; ValueError if it has none."""
    try:
        # A value of `target`: the table holds no other.
        return cast(EnumT, _BY_NAME[source, target][value])
    except KeyError:
        raise ValueError(f"{source.DESCRIPTOR.name} {value} has no counterpart") from None


def _stored_seat(seat: mpb.SeatInfo) -> spb.StoredSeat:
    return spb.StoredSeat(
        kind=_translate(seat.kind, mpb.SeatKind, spb.SeatKind),
        bot_level=_translate(seat.bot_level, mpb.BotLevel, spb.BotLevel),
        display_name=seat.display_name,
        resigned=seat.resigned,
        player_id=seat.player_id,
    )


def _seat_info(number: int, seat: spb.StoredSeat) -> mpb.SeatInfo:
    return mpb.SeatInfo(
        seat=number,
        kind=_translate(seat.kind, spb.SeatKind, mpb.SeatKind),
        bot_level=_translate(seat.bot_level, spb.BotLevel, mpb.BotLevel),
        display_name=seat.display_name,
        resigned=seat.resigned,
        player_id=seat.player_id,
    )


def _stored_clock(clock: mpb.Clock) -> spb.StoredClock:
    return spb.StoredClock(
        seconds_per_turn=clock.seconds_per_turn,
        on_timeout=_translate(clock.on_timeout, mpb.TimeoutAction, spb.TimeoutAction),
        bank_initial_seconds=clock.bank_initial_seconds,
        bank_increment_seconds=clock.bank_increment_seconds,
    )


def _clock(clock: spb.StoredClock) -> mpb.Clock:
    return mpb.Clock(
        seconds_per_turn=clock.seconds_per_turn,
        on_timeout=_translate(clock.on_timeout, spb.TimeoutAction, mpb.TimeoutAction),
        bank_initial_seconds=clock.bank_initial_seconds,
        bank_increment_seconds=clock.bank_increment_seconds,
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
)
"""StoredMatch fields that keep their value as it is."""


def stored_match(match: Any) -> spb.StoredMatch:
    """The record of a match (the store's `Match`, whose fields have StoredMatch's names)."""
    return spb.StoredMatch(
        setup=spb.StoredSetup(
            players=match.setup.players, options=match.setup.options, seed=match.setup.seed
        ),
        clock=_stored_clock(match.clock),
        seats=[_stored_seat(seat) for seat in match.seats],
        token_hashes=match.token_hashes,
        phase=_translate(match.phase, mpb.MatchPhase, spb.MatchPhase),
        end_reason=_translate(match.end_reason, mpb.EndReason, spb.EndReason),
        winners=match.winners,
        bank_ms=match.bank_ms,
        **{name: getattr(match, name) for name in COPIED_FIELDS},
    )


def match_fields(record: spb.StoredMatch) -> dict[str, Any]:
    """A record's fields as the domain holds them: API values, in plain containers the domain
    changes freely."""
    return {
        "setup": mpb.Replay(
            players=record.setup.players, options=record.setup.options, seed=record.setup.seed
        ),
        "clock": _clock(record.clock),
        "seats": [_seat_info(number, seat) for number, seat in enumerate(record.seats)],
        "token_hashes": dict(record.token_hashes),
        "phase": _translate(record.phase, spb.MatchPhase, mpb.MatchPhase),
        "end_reason": _translate(record.end_reason, spb.EndReason, mpb.EndReason),
        "winners": list(record.winners),
        "bank_ms": list(record.bank_ms),
        **{name: getattr(record, name) for name in COPIED_FIELDS},
    }


def new_change(
    version: int,
    seat: int | None,
    events: Iterable[rpb.MoveEvent],
    status: rpb.GameStatus,
    phase: int,
    end_reason: int,
    committed_unix_ms: int,
) -> spb.StoredChange:
    """The log entry of a change; `seat` None for a change the server made."""
    return spb.StoredChange(
        version=version,
        seat=seat,
        events=events,
        status=status,
        phase=_translate(phase, mpb.MatchPhase, spb.MatchPhase),
        end_reason=_translate(end_reason, mpb.EndReason, spb.EndReason),
        committed_unix_ms=committed_unix_ms,
    )


def ends_match(change: spb.StoredChange) -> bool:
    return change.phase == spb.MATCH_PHASE_FINISHED


def visible_change(change: spb.StoredChange, viewer: int | None) -> mpb.MatchChange:
    """A logged change as `viewer` (None: a spectator) may see it."""
    events = []
    for event in change.events:
        version = event.public_event
        for private in event.seat_events:
            if private.seat == viewer:
                version = private.event
        events.append(version)
    return mpb.MatchChange(
        version=change.version,
        seat=change.seat if change.HasField("seat") else None,
        events=events,
        status=change.status,
        phase=_translate(change.phase, spb.MatchPhase, mpb.MatchPhase),
        end_reason=_translate(change.end_reason, spb.EndReason, mpb.EndReason),
        committed_unix_ms=change.committed_unix_ms,
    )


def parse_record(record: bytes) -> Mapping[str, Any]:
    """The domain's fields of a stored record; `DecodeError` or `ValueError` when it is not
    one this version can read."""
    return match_fields(spb.StoredMatch.FromString(record))
