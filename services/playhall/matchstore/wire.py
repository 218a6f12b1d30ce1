"""The match model (`model.py`) as the public API (`playhall.match.v1`) shows it and as callers
describe it: what every edge that answers with a match uses (MatchService's `matches/api.py`,
matchmaking's and PlayerService's servicers, PlayerService's archive pages). The domain itself
never sees these messages.

Enum values translate by name (`common.enums`); a value a caller sends that the model has no
counterpart for is refused as the caller's mistake (`InvalidRequest`)."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TypeVar

from playhall.common.enums import EnumBridge, bridges
from playhall.common.errors import InvalidRequest
from playhall.core.i18n import Text
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matchstore.model import (
    DOMAIN_ENUMS,
    BotLevel,
    Clock,
    EndReason,
    Match,
    MatchPhase,
    Pace,
    Seat,
    SeatKind,
    SeenChange,
    TimeoutAction,
)

API = bridges(DOMAIN_ENUMS, mpb)
"""Each domain enum's API counterpart."""

E = TypeVar("E", bound=enum.IntEnum)


def seat_info(seat: Seat) -> mpb.SeatInfo:
    return mpb.SeatInfo(
        seat=seat.seat,
        kind=API[SeatKind].to_proto(seat.kind),
        bot_level=API[BotLevel].to_proto(seat.bot_level),
        display_name=seat.display_name,
        resigned=seat.resigned,
        player_id=seat.player_id,
        away_until_unix_ms=seat.away_until_ms,
        bot_account=seat.bot_account,
    )


def clock_message(clock: Clock) -> mpb.Clock:
    return mpb.Clock(
        seconds_per_turn=clock.seconds_per_turn,
        on_timeout=API[TimeoutAction].to_proto(clock.on_timeout),
        bank_initial_seconds=clock.bank_initial_seconds,
        bank_increment_seconds=clock.bank_increment_seconds,
        pace=API[Pace].to_proto(clock.pace),
    )


def summary(match: Match) -> mpb.MatchSummary:
    """What anyone may know of a match: the seed only once it is over."""
    finished = match.phase == MatchPhase.FINISHED
    return mpb.MatchSummary(
        match_id=match.match_id,
        title_id=match.title_id,
        rules_version=match.rules_version,
        phase=API[MatchPhase].to_proto(match.phase),
        version=match.version,
        seats=[seat_info(seat) for seat in match.seats],
        status=match.status,
        seed_sha256=match.seed_sha256,
        seed=match.setup.seed if finished else b"",
        clock=clock_message(match.clock),
        end_reason=API[EndReason].to_proto(match.end_reason),
        winners=match.winners,
        deadline_unix_ms=match.deadline_unix_ms,
        bank_ms=match.bank_ms,
        min_karma=match.min_karma,
        undo_available=bool(match.undo_points) and match.phase == MatchPhase.RUNNING,
    )


def replay_setup(match: Match) -> mpb.Replay:
    """The setup a replay of the match starts from (its moves not yet added)."""
    setup = match.setup
    return mpb.Replay(players=setup.players, options=setup.options, seed=setup.seed)


def change_message(change: SeenChange) -> mpb.MatchChange:
    return mpb.MatchChange(
        version=change.version,
        seat=change.seat,
        events=change.events,
        status=change.status,
        phase=API[MatchPhase].to_proto(change.phase),
        end_reason=API[EndReason].to_proto(change.end_reason),
        committed_unix_ms=change.committed_unix_ms,
        undid_version=change.undid_version,
    )


def seat_token(seat: int, token: str) -> mpb.SeatToken:
    return mpb.SeatToken(seat=seat, token=token)


def seat_tokens(tokens: dict[int, str]) -> list[mpb.SeatToken]:
    """Seat tokens in seat order."""
    return [seat_token(seat, token) for seat, token in sorted(tokens.items())]


# -- what callers send -------------------------------------------------------------------------


def seats_of(specs: Iterable[mpb.SeatSpec]) -> list[Seat]:
    """The seats a caller asks for, as sent (the domain checks them); a kind or level this
    server does not know is refused."""
    seats = []
    for number, spec in enumerate(specs):
        seats.append(
            Seat(
                seat=number,
                kind=_decoded(
                    API[SeatKind], spec.kind, Text("seat-kind-missing", {"seat": number})
                ),
                bot_level=_decoded(
                    API[BotLevel], spec.bot_level, Text("seat-bot-level-missing", {"seat": number})
                ),
                display_name=spec.display_name,
            )
        )
    return seats


def clock_of(clock: mpb.Clock) -> Clock:
    """The clock a caller asks for, as sent (the domain checks it)."""
    return Clock(
        seconds_per_turn=clock.seconds_per_turn,
        on_timeout=_decoded(
            API[TimeoutAction],
            clock.on_timeout,
            Text("clock-timeout-action-missing"),
        ),
        bank_initial_seconds=clock.bank_initial_seconds,
        bank_increment_seconds=clock.bank_increment_seconds,
        pace=_decoded(API[Pace], clock.pace, Text("clock-pace-missing")),
    )


def phase_of(phase: int) -> MatchPhase:
    return _decoded(API[MatchPhase], phase, Text("match-phase-unknown", {"phase": phase}))


def _decoded(bridge: EnumBridge[E], number: int, refusal: Text) -> E:
    try:
        return bridge.to_domain(number)
    except ValueError:
        raise InvalidRequest(refusal.key, **refusal.args) from None
