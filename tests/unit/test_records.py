"""The orchestrator's stored records: their own package, translated to the API losslessly."""

from __future__ import annotations

import pytest

from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matchstore import records, wire
from playhall.matchstore.model import (
    BotLevel,
    ChangeCause,
    Clock,
    EndReason,
    Match,
    MatchPhase,
    Seat,
    SeatKind,
    Setup,
    TimeoutAction,
)
from playhall.matchstore.store import match_record
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2 as spb


def test_the_records_depend_on_no_public_match_message():
    dependencies = {file.name for file in spb.DESCRIPTOR.dependencies}
    assert dependencies == {"playhall/rules/v1/rules_service.proto"}


@pytest.mark.parametrize(
    "bridge",
    [*records.STORED.values(), *wire.API.values()],
    ids=lambda b: b.proto.DESCRIPTOR.full_name,
)
def test_every_domain_enum_value_has_its_stored_and_api_counterparts(bridge):
    assert bridge.unmatched() == set()
    for member in bridge.domain:
        assert bridge.to_domain(bridge.to_proto(member)) is member


def a_match() -> Match:
    return Match(
        match_id="m1",
        version=7,
        title_id="galileo",
        rules_version="1.2",
        setup=Setup(players=3, options={"rounds": rpb.OptionValue(int_value=4)}, seed=b"s"),
        seed_sha256=b"h" * 32,
        clock=Clock(
            seconds_per_turn=30, on_timeout=TimeoutAction.BOT_MOVE, bank_initial_seconds=60
        ),
        seats=[
            Seat(seat=0, kind=SeatKind.HUMAN, display_name="Ada"),
            Seat(seat=1, kind=SeatKind.BOT, bot_level=BotLevel.HARD),
            Seat(seat=2, kind=SeatKind.OPEN, resigned=True),
        ],
        token_hashes={0: "ab"},
        step=5,
        step_version=6,
        status=rpb.GameStatus(step=5, to_move=[1], rules_version="1.2"),
        phase=MatchPhase.FINISHED,
        end_reason=EndReason.TIMEOUT,
        winners=[0, 2],
        created_unix_ms=1,
        updated_unix_ms=2,
        deadline_unix_ms=3,
        bank_ms=[10, 20, 30],
    )


def test_a_match_survives_its_record():
    match = a_match()
    parsed = Match(match_id="m1", version=7, **records.parse_record(match_record(match)))
    assert parsed == match


def test_a_record_with_a_value_this_version_does_not_know_is_unreadable():
    record = records.stored_match(a_match())
    record.phase = 99  # e.g. written by a later build
    with pytest.raises(ValueError):
        records.parse_record(record.SerializeToString())


def test_a_server_change_has_no_seat_and_a_move_has_its_seat():
    status = rpb.GameStatus(step=1)
    server = records.new_change(
        0, None, [], status, MatchPhase.RUNNING, EndReason.UNSPECIFIED, 5, ChangeCause.CREATION
    )
    move = records.new_change(
        1, 0, [], status, MatchPhase.FINISHED, EndReason.GAME_OVER, 6, ChangeCause.MOVE
    )
    assert records.cause_of(move) == ChangeCause.MOVE
    assert not server.HasField("seat") and move.HasField("seat") and move.seat == 0
    assert records.visible_change(server, None).seat is None
    assert not wire.change_message(records.visible_change(server, None)).HasField("seat")
    visible = records.visible_change(move, None)
    assert visible.seat == 0 and visible.phase == MatchPhase.FINISHED
    assert visible.end_reason == EndReason.GAME_OVER and records.ends_match(move)
    assert wire.change_message(visible).phase == mpb.MATCH_PHASE_FINISHED
