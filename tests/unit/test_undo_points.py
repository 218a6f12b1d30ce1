"""The undo points of the commit protocol (`Commits`), in process on a real Redis with
Eynsteyn's engine: only a person's own undoable move keeps one; a clock's move on the seat's
behalf, a bot's and any other change end them, and the record keeps them across reads."""

from __future__ import annotations

import pytest

from playhall.common.errors import NotAllowed, NotNow
from playhall.core import get_game
from playhall.core.wire import moves_as_any, unpack
from playhall.eynsteyn.v1 import eynsteyn_pb2 as eyn
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import human_seats
from tests.inprocess import open_hall

TITLE = "eynsteyn"
CLOCK = pb.Clock(seconds_per_turn=600, on_timeout=pb.TIMEOUT_ACTION_BOT_MOVE)


@pytest.fixture
def eynsteyn_hall(embedded_redis, event_loop):
    opened = event_loop.run_until_complete(open_hall(embedded_redis.url, [get_game(TITLE)]))
    yield opened
    event_loop.run_until_complete(opened.close())


async def created(hall, seats: list[pb.SeatSpec], clock: pb.Clock | None = None) -> str:
    made = await hall.api.create(
        pb.CreateMatchRequest(
            title_id=TITLE, seats=seats, seed=b"undo-points", clock=clock, request_id="x" * 32
        )
    )
    hall.tokens[made.match.match_id] = {t.seat: t.token for t in made.tokens}
    return made.match.match_id


async def to_placement(hall, match_id: str) -> int:
    """Plays each seat's first listed move until a seat is to place a stone; returns it."""
    while True:
        summary = (await hall.get(match_id)).match
        mover = summary.status.to_move[0]
        seen = await hall.get(match_id, hall.tokens[match_id][mover])
        if unpack(seen.view, eyn.View, "view").phase == eyn.PHASE_PLACE:
            return mover
        await hall.seat_submit(match_id, mover, moves_as_any(seen.legal_moves)[0], summary.version)


async def place(hall, match_id: str, seat: int) -> pb.SubmitMoveResponse:
    seen = await hall.get(match_id, hall.tokens[match_id][seat])
    for move in moves_as_any(seen.legal_moves):
        if unpack(move, eyn.Move, "move").WhichOneof("action") == "place":
            return await hall.seat_submit(match_id, seat, move, seen.match.version)
    raise AssertionError("no placement listed")


async def test_a_persons_undoable_move_keeps_the_state_before_it(eynsteyn_hall):
    hall = eynsteyn_hall
    match_id = await created(hall, human_seats(2))
    mover = await to_placement(hall, match_id)
    before, state, _ = await hall.store.snapshot(match_id)
    assert before.undo_points == []
    placed = await place(hall, match_id, mover)
    match = await hall.store.load(match_id)
    assert [(p.version, p.state) for p in match.undo_points] == [(placed.version, state)]


async def test_a_clocks_move_for_the_seat_keeps_none_and_ends_the_seats(eynsteyn_hall):
    hall = eynsteyn_hall
    match_id = await created(hall, human_seats(2), CLOCK)
    mover = await to_placement(hall, match_id)
    placed = await place(hall, match_id, mover)
    assert placed.match.undo_available
    assert await hall.housekeeper.expire(match_id, placed.version)
    match = await hall.store.load(match_id)
    assert match.version > placed.version and match.undo_points == []
    with pytest.raises(NotNow):
        await hall.matches.undo(match_id, "late", hall.tokens[match_id][mover])


async def test_a_bots_moves_keep_none_and_its_seat_never_undoes(eynsteyn_hall):
    hall = eynsteyn_hall
    bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)
    match_id = await created(hall, [bot, bot])
    worker = hall.matches.settings.worker_credential
    while True:
        summary = (await hall.get(match_id)).match
        mover = summary.status.to_move[0]
        seen = await hall.get(match_id, worker, seat=mover)
        phase = unpack(seen.view, eyn.View, "view").phase
        move = moves_as_any(seen.legal_moves)[0]
        moved = await hall.submit(match_id, worker, move, summary.version, seat=mover)
        if phase == eyn.PHASE_PLACE:
            break
    assert unpack(move, eyn.Move, "move").WhichOneof("action") == "place"  # undoable for a person
    assert not moved.match.undo_available
    assert (await hall.store.load(match_id)).undo_points == []
    with pytest.raises(NotAllowed):
        await hall.matches.undo(match_id, "bot", worker, seat=mover)


async def test_a_resignation_ends_what_may_be_taken_back(eynsteyn_hall):
    hall = eynsteyn_hall
    match_id = await created(hall, human_seats(2))
    mover = await to_placement(hall, match_id)
    await place(hall, match_id, mover)
    await hall.resign(match_id, 1 - mover)
    assert (await hall.store.load(match_id)).undo_points == []
