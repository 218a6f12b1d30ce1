"""UndoMove through a real orchestrator, on the session's Redis, with Eynsteyn's rules service
(a turn of three steps: place, mark, end) in processes of their own.

Covered: a stone and a marker taken back, last first, each as a change of its own in the
history, with every viewer's view exactly as before the move and watchers told the new
version; an undo refused after the turn's draw (a reveal), after the other seat has moved,
from the other seat, for a bot seat, with a stale version, and once the match is over;
a retried request taking back one move only; the replay leaving the undone move out, and the
replay canary playing a match with undos again as it was recorded."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid

import grpc
import pytest
import redis.asyncio

from dev import process
from dev.process import orchestrator_env, start_rules_service
from dev.testbed import GATEWAY_CREDENTIAL, TIMEOUT, WORKER_CREDENTIAL
from playhall.canary.recorded import RecordedMatch
from playhall.canary.replay import Replayer
from playhall.core.wire import moves_as_any, unpack
from playhall.eynsteyn.v1 import eynsteyn_pb2 as eyn
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, human_seats
from playhall.matchstore.store import MatchStore
from playhall.storage.v1 import storage_pb2 as spb
from tests.helpers import assert_refused, seat_clients

TITLE = "eynsteyn"
PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
DENIED = grpc.StatusCode.PERMISSION_DENIED
FINISHED = pb.MATCH_PHASE_FINISHED


@pytest.fixture(scope="module")
def rules():
    with start_rules_service(TITLE) as service:
        yield service


@pytest.fixture(scope="module")
def channel(redis_server, rules):
    env = orchestrator_env(
        redis_server.url,
        {TITLE: rules.address},
        WORKER_CREDENTIAL,
        testing=True,
        gateway_credential=GATEWAY_CREDENTIAL,
        PLAYHALL_RATE_LIMITS="0",
    )
    with (
        process.start_orchestrator(env) as orchestrator,
        grpc.insecure_channel(orchestrator.address) as opened,
    ):
        yield opened


def new_match(channel) -> tuple[str, dict[int, MatchClient]]:
    client = MatchClient(channel, timeout_s=TIMEOUT)
    created = client.create(TITLE, human_seats(2), seed=b"undo-" + uuid.uuid4().bytes)
    return created.match.match_id, seat_clients([channel], created)


def phase(seen) -> int:
    return unpack(seen.view, eyn.View, "view").phase


def move_of(seen, kind: str):
    """The first legal move of `kind` (the Move oneof's field) the seat is listed."""
    for move in moves_as_any(seen.legal_moves):
        if unpack(move, eyn.Move, "move").WhichOneof("action") == kind:
            return move
    raise AssertionError(f"no {kind} move listed")


def play_to_the_first_placement(match_id: str, seats: dict[int, MatchClient]) -> int:
    """Plays the draws and the preparation with the first listed moves, until a seat is to
    place a stone of the playing phase; returns that seat."""
    while True:
        mover = seats[0].get(match_id).match.status.to_move[0]
        seen = seats[mover].get(match_id)
        if phase(seen) == eyn.PHASE_PLACE:
            return mover
        first = moves_as_any(seen.legal_moves)[0]
        seats[mover].submit(match_id, first, seen.match.version)


def views(channel, match_id: str, seats: dict[int, MatchClient]) -> dict:
    """Every viewer's view and legal moves, byte for byte."""
    spectator = MatchClient(channel, timeout_s=TIMEOUT)
    seen = {None: spectator.get(match_id), **{s: c.get(match_id) for s, c in seats.items()}}
    return {
        viewer: (got.view.SerializeToString(deterministic=True), list(got.legal_moves.moves))
        for viewer, got in seen.items()
    }


def test_a_stone_and_its_marker_are_taken_back_leaving_every_view_as_it_was(channel):
    match_id, seats = new_match(channel)
    mover = play_to_the_first_placement(match_id, seats)
    me = seats[mover]
    before = views(channel, match_id, seats)
    seen = me.get(match_id)
    assert not seen.match.undo_available
    placed = me.submit(match_id, move_of(seen, "place"), seen.match.version)
    assert placed.match.undo_available
    marked = me.submit(match_id, move_of(placed, "skip_mark"), placed.version)
    assert marked.match.undo_available

    spectator = MatchClient(channel, timeout_s=TIMEOUT)
    watched = spectator.watch(match_id, after_version=marked.version)
    first = me.undo(match_id, expected_version=marked.version)
    assert first.version == marked.version + 1
    assert first.match.undo_available  # the stone is still to take back
    told = next(watched)
    assert (told.version, told.seat, told.undid_version) == (first.version, mover, marked.version)
    watched.close()

    second = me.undo(match_id)
    assert not second.match.undo_available
    assert phase(second) == eyn.PHASE_PLACE
    assert views(channel, match_id, seats) == before

    history = spectator.history(match_id)
    undos = [(c.version, c.seat, c.undid_version) for c in history.changes if c.undid_version]
    assert undos == [
        (first.version, mover, marked.version),
        (second.version, mover, placed.version),
    ]


def test_the_turns_draw_ends_what_may_be_taken_back_and_the_other_seat_may_not(channel):
    match_id, seats = new_match(channel)
    mover = play_to_the_first_placement(match_id, seats)
    me, other = seats[mover], seats[1 - mover]
    seen = me.get(match_id)
    placed = me.submit(match_id, move_of(seen, "place"), seen.match.version)
    details = assert_refused(DENIED, other.undo, match_id)
    assert f"Only seat {mover}" in details

    skipped = me.submit(match_id, move_of(placed, "skip_mark"), placed.version)
    ended = me.submit(match_id, move_of(skipped, "end_turn"), skipped.version)
    assert not ended.match.undo_available
    assert "no move to take back" in assert_refused(PRECONDITION, me.undo, match_id)

    theirs = other.get(match_id)
    moved = other.submit(match_id, moves_as_any(theirs.legal_moves)[0], theirs.match.version)
    assert moved.version == ended.version + 1 and moved.match.undo_available
    # The other seat's stone may be taken back, by it alone.
    assert f"Only seat {1 - mover}" in assert_refused(DENIED, me.undo, match_id)
    assert me.get(match_id).match.version == moved.version  # nothing written


def test_a_retried_undo_takes_back_one_move_and_a_stale_one_is_refused(channel):
    match_id, seats = new_match(channel)
    mover = play_to_the_first_placement(match_id, seats)
    me = seats[mover]
    seen = me.get(match_id)
    placed = me.submit(match_id, move_of(seen, "place"), seen.match.version)
    marked = me.submit(match_id, move_of(placed, "skip_mark"), placed.version)

    assert "version" in assert_refused(PRECONDITION, me.undo, match_id, placed.version)
    once = me.undo(match_id, request_id="undo-once")
    again = me.undo(match_id, request_id="undo-once")
    assert again.version == once.version == marked.version + 1
    assert again.match.undo_available  # the stone was not taken back by the retry
    assert me.get(match_id).match.version == once.version
    used = assert_refused(grpc.StatusCode.INVALID_ARGUMENT, me.submit, match_id,
                          move_of(once, "skip_mark"), once.version, "undo-once")  # fmt: skip
    assert "already used" in used


def test_bots_never_undo(channel):
    client = MatchClient(channel, timeout_s=TIMEOUT)
    bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)
    created = client.create(TITLE, [human_seats(1)[0], bot], seed=b"undo-bot")
    worker = MatchClient(channel, WORKER_CREDENTIAL, seat=1, timeout_s=TIMEOUT)
    details = assert_refused(DENIED, worker.undo, created.match.match_id)
    assert "Bots never" in details


def test_an_undo_after_the_end_is_refused_and_the_replay_leaves_the_undone_move_out(channel):
    match_id, seats = new_match(channel)
    mover = play_to_the_first_placement(match_id, seats)
    me = seats[mover]
    seen = me.get(match_id)
    placed = me.submit(match_id, move_of(seen, "place"), seen.match.version)
    me.undo(match_id)
    ended = seats[1 - mover].resign(match_id)
    assert ended.match.phase == FINISHED
    assert "over" in assert_refused(PRECONDITION, me.undo, match_id)

    history = me.history(match_id)
    replayed = [move.version for move in history.replay.moves]
    assert placed.version not in replayed
    assert replayed == sorted(replayed) and len(replayed) == placed.version - 1


def recorded(redis_url: str, match_id: str, summary: pb.MatchSummary) -> RecordedMatch:
    """The match as the canary reads it from the archive: its log and final state, from the
    match store in Redis."""

    async def read():
        client = redis.asyncio.from_url(redis_url)
        try:
            store = MatchStore(client)
            _, state, _ = await store.snapshot(match_id)
            return await store.changes(match_id), state
        finally:
            await client.aclose()

    changes, state = asyncio.run(read())
    return RecordedMatch(match_id, summary.rules_version, 2, {}, summary.seed, changes, state)


def test_the_canary_replays_a_match_with_undos_as_recorded(channel, rules, redis_server):
    match_id, seats = new_match(channel)
    mover = play_to_the_first_placement(match_id, seats)
    me = seats[mover]
    for _ in range(2):  # a stone laid and taken back, then another laid and ended with
        seen = me.get(match_id)
        placed = me.submit(match_id, move_of(seen, "place"), seen.match.version)
        me.undo(match_id)
    seen = me.get(match_id)
    placed = me.submit(match_id, moves_as_any(seen.legal_moves)[-1], seen.match.version)
    marked = me.submit(match_id, move_of(placed, "skip_mark"), placed.version)
    me.submit(match_id, move_of(marked, "end_turn"), marked.version)
    summary = seats[1 - mover].resign(match_id).match
    match = recorded(redis_server.url, match_id, summary)
    with grpc.insecure_channel(rules.address) as rules_channel:
        replayer = Replayer(rules_channel, TIMEOUT)
        assert replayer.replay(match) is None
        # Read as if the undos were not there, the match goes otherwise: the test can fail.
        blind = [(_without_undo(change), move) for change, move in match.changes]
        found = replayer.replay(dataclasses.replace(match, changes=blind))
        assert found is not None


def _without_undo(change: spb.StoredChange) -> spb.StoredChange:
    copy = spb.StoredChange()
    copy.CopyFrom(change)
    copy.undid_version = 0
    return copy
