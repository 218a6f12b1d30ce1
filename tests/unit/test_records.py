"""The orchestrator's stored records: their own package, translated to the API losslessly."""

from __future__ import annotations

import pytest

from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matchstore import records
from playhall.matchstore.model import Match
from playhall.matchstore.store import match_record
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2 as spb


def test_the_records_depend_on_no_public_match_message():
    dependencies = {file.name for file in spb.DESCRIPTOR.dependencies}
    assert dependencies == {"playhall/rules/v1/rules_service.proto"}


@pytest.mark.parametrize("stored, api", records.ENUM_PAIRS, ids=lambda e: e.DESCRIPTOR.name)
def test_every_stored_enum_value_has_its_api_counterpart(stored, api):
    assert stored.keys() == api.keys()


def a_match() -> Match:
    return Match(
        match_id="m1",
        version=7,
        title_id="galileo",
        rules_version="1.2",
        setup=mpb.Replay(players=3, options={"rounds": rpb.OptionValue(int_value=4)}, seed=b"s"),
        seed_sha256=b"h" * 32,
        clock=mpb.Clock(
            seconds_per_turn=30, on_timeout=mpb.TIMEOUT_ACTION_BOT_MOVE, bank_initial_seconds=60
        ),
        seats=[
            mpb.SeatInfo(seat=0, kind=mpb.SEAT_KIND_HUMAN, display_name="Ada"),
            mpb.SeatInfo(seat=1, kind=mpb.SEAT_KIND_BOT, bot_level=mpb.BOT_LEVEL_HARD),
            mpb.SeatInfo(seat=2, kind=mpb.SEAT_KIND_OPEN, resigned=True),
        ],
        token_hashes={0: "ab"},
        step=5,
        step_version=6,
        status=rpb.GameStatus(step=5, to_move=[1], rules_version="1.2"),
        phase=mpb.MATCH_PHASE_FINISHED,
        end_reason=mpb.END_REASON_TIMEOUT,
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
    server = records.new_change(0, None, [], status, mpb.MATCH_PHASE_RUNNING, 0, 5)
    move = records.new_change(1, 0, [], status, mpb.MATCH_PHASE_FINISHED, 1, 6)
    assert not server.HasField("seat") and move.HasField("seat") and move.seat == 0
    assert not records.visible_change(server, None).HasField("seat")
    visible = records.visible_change(move, None)
    assert visible.seat == 0 and visible.phase == mpb.MATCH_PHASE_FINISHED
    assert visible.end_reason == mpb.END_REASON_GAME_OVER and records.ends_match(move)
