"""Turn-based matchmaking in process (`tests/inprocess.py`, the embedded Redis; a day is a
second here): a turn-based ticket waits without a stream until matched or withdrawn, in a
queue of its own per pace (never matched with a live ticket, nor with another number of days),
its match runs on a turn-based clock of its days with its seats the players' from the start
(the seat grace voids nothing), the player finds it among their matches and gets it once from
EnterQueue, and the turn-based cap is kept on entering (FAILED_PRECONDITION) and on matching."""

from __future__ import annotations

import asyncio
import dataclasses

import grpc
import pytest

from playhall.accounts.tokens import Player, player_id
from playhall.common.errors import InvalidRequest, NotNow
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matches.port import MatchPort, untaken_seats
from playhall.matchmaking.api import MatchmakingApi
from playhall.matchmaking.matchmaker import Matchmaker
from playhall.matchmaking.queue_store import (
    Assignment,
    QueueStore,
    new_assignment_id,
    queue_key,
)
from playhall.matchmaking.queues import Matched, Matchmaking, QueueRatings, Waiting
from playhall.matchmaking.servicer import MatchmakingServicer
from playhall.matchmaking.settings import MatchmakingSettings
from playhall.matchmaking.v1 import matchmaking_service_pb2 as pb
from playhall.matchstore.model import (
    BotLevel,
    Clock,
    MatchPhase,
    Pace,
    SeatKind,
    TimeoutAction,
)
from playhall.matchstore.store import now_ms
from tests.helpers import TITLE
from tests.inprocess import Aborted, open_hall

pytestmark = pytest.mark.usefixtures("event_loop")

DAY_S = 1
MOST = 2
SETTINGS = MatchmakingSettings(
    matchmaking_window=1.0,
    matchmaking_window_growth=1.0,
    matchmaking_window_max=10.0,
    matchmaking_bot_fill_after_s=30.0,
    matchmaking_lease_ms=500,
)


def player(name: str) -> Player:
    return Player(player_id("https://id", name), name.title(), "https://id", name)


ADA, BOB, CY, DAN = (player(name) for name in ("ada", "bob", "cy", "dan"))


@pytest.fixture
def hall(embedded_redis, event_loop):
    settings = {"turn_based_day_s": DAY_S, "turn_based_max_open": MOST}
    opened = event_loop.run_until_complete(open_hall(embedded_redis.url, **settings))
    yield opened
    event_loop.run_until_complete(opened.close())


def queues_of(hall, settings: MatchmakingSettings = SETTINGS) -> tuple[Matchmaking, Matchmaker]:
    port = MatchPort(hall.matches)
    matchmaking = Matchmaking(
        port, QueueStore(hall.db), QueueRatings(None, BotLevel.NORMAL), settings
    )
    return matchmaking, Matchmaker(matchmaking)


async def first_update(
    matchmaking: Matchmaking, who: Player, days: int = 0, players: int = 2
) -> Waiting | Matched:
    """The first update of an EnterQueue stream, which the client then closes."""
    updates = matchmaking.enter(TITLE, players, who, days)
    try:
        return await asyncio.wait_for(anext(updates), 5)
    finally:
        await updates.aclose()


async def unfollowed(hall, who: Player, days: int = 0, players: int = 2) -> None:
    """As if no stream had followed the player's ticket for longer than the grace."""
    old = now_ms() - int(SETTINGS.matchmaking_ticket_grace_s * 1000) - 1
    await hall.db.zadd(queue_key(TITLE, players, "seen", days), {who.player_id: old})


async def running_ids(hall, who: Player) -> set[str]:
    return {match.match_id for match, _ in await hall.matches.running_matches(who, 50)}


async def turn_based_match(hall, who: Player) -> tuple[str, str]:
    """A turn-based match of the player against a bot (their seat's token)."""
    seats = [
        mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN),
        mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot_level=mpb.BOT_LEVEL_RANDOM),
    ]
    clock = mpb.Clock(
        seconds_per_turn=DAY_S, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT, pace=mpb.PACE_TURN_BASED
    )
    created = await hall.api.create(
        mpb.CreateMatchRequest(title_id=TITLE, seats=seats, clock=clock), who
    )
    return created.match.match_id, created.tokens[0].token


async def test_a_turn_based_ticket_waits_without_a_stream_and_is_matched_later(hall):
    matchmaking, matchmaker = queues_of(hall)
    waiting = await first_update(matchmaking, ADA, days=3)
    assert isinstance(waiting, Waiting) and waiting.queued == 1
    # No stream follows it for longer than the grace: a live ticket would leave, it stays.
    await unfollowed(hall, ADA, days=3)
    assert await matchmaker.run_once() == 0
    assert await matchmaking.queues.queued(TITLE, 2, 3) == 1
    assert (await matchmaking.queues.ticket(TITLE, ADA.player_id)).days == 3
    # Bob comes later, closes his stream too, and the next pass matches them.
    assert isinstance(await first_update(matchmaking, BOB, days=3), Waiting)
    await unfollowed(hall, BOB, days=3)
    assert await matchmaker.run_once() == 1
    assert await matchmaking.queues.queued(TITLE, 2, 3) == 0
    (match_id,) = await running_ids(hall, ADA)
    assert await running_ids(hall, BOB) == {match_id}
    match = await hall.store.load(match_id)
    assert match.player_ids() == {ADA.player_id, BOB.player_id}
    assert match.clock == Clock(
        seconds_per_turn=3 * DAY_S, on_timeout=TimeoutAction.FORFEIT, pace=Pace.TURN_BASED
    )
    assert match.phase == MatchPhase.RUNNING and match.deadline_unix_ms > 0
    # Whoever is to move finds it in their turn list, with no stream open.
    assert match.status.to_move
    for seat in match.status.to_move:
        who = ADA if match.seats[seat].player_id == ADA.player_id else BOB
        turns, _ = await hall.matches.my_turn(who, 50)
        assert [turn.match.match_id for turn in turns] == [match_id]
    # Both seats are taken though nobody collected a token: a seat grace later the match
    # plays on, as it was (not void, no seat forfeited).
    assert untaken_seats(match) == []
    due = queue_key(TITLE, 2, "seating", 3)
    assert await hall.db.zscore(due, match.match_id) is None  # listed by assignment id
    (assignment_id,) = [a.decode() for a in await hall.db.zrange(due, 0, -1)]
    await hall.db.zadd(due, {assignment_id: 0})
    await matchmaker.run_once()
    after = await hall.store.load(match_id)
    assert after.phase == MatchPhase.RUNNING and after.version == match.version
    assert await hall.db.zcard(due) == 0
    # A later EnterQueue hands the match over, once; the next one queues a new ticket.
    handed = await first_update(matchmaking, ADA, days=3)
    assert isinstance(handed, Matched) and handed.match.match_id == match_id
    assert match.seats[handed.seat].player_id == ADA.player_id and handed.token
    again = await first_update(matchmaking, ADA, days=3)
    assert isinstance(again, Waiting) and again.queued == 1


async def test_live_and_turn_based_tickets_are_never_matched_together(hall):
    matchmaking, matchmaker = queues_of(hall)
    assert isinstance(await first_update(matchmaking, ADA), Waiting)  # live
    assert isinstance(await first_update(matchmaking, BOB, days=1), Waiting)
    assert isinstance(await first_update(matchmaking, CY, days=3), Waiting)
    # Same rating, same player count: only the pace parts them.
    assert await matchmaker.run_once() == 0
    for days in (0, 1, 3):
        assert await matchmaking.queues.queued(TITLE, 2, days) == 1
    # One queue of a title at once, whatever its pace.
    with pytest.raises(NotNow, match="already waiting in the 2-player queue of"):
        await first_update(matchmaking, ADA, days=1)
    with pytest.raises(NotNow, match=r"2-player turn-based queue \(1 day a move\)"):
        await first_update(matchmaking, BOB)
    with pytest.raises(NotNow, match=r"turn-based queue \(3 days a move\)"):
        await first_update(matchmaking, CY, days=1)
    # Dan's one day a move meets Bob's; Ada (live) and Cy (three days) wait on.
    assert isinstance(await first_update(matchmaking, DAN, days=1), Waiting)
    assert await matchmaker.run_once() == 1
    (match_id,) = await running_ids(hall, DAN)
    match = await hall.store.load(match_id)
    assert match.player_ids() == {BOB.player_id, DAN.player_id}
    assert match.clock.seconds_per_turn == DAY_S and match.clock.turn_based
    assert await matchmaking.queues.queued(TITLE, 2) == 1
    assert await matchmaking.queues.queued(TITLE, 2, 3) == 1
    assert await running_ids(hall, ADA) == set() == await running_ids(hall, CY)


async def test_leave_queue_withdraws_a_turn_based_ticket(hall):
    matchmaking, matchmaker = queues_of(hall)
    api = MatchmakingApi(matchmaking)
    await first_update(matchmaking, ADA, days=2)
    leave = pb.LeaveQueueRequest(title_id=TITLE)
    assert (await api.leave(leave, ADA)).left
    assert await matchmaking.queues.ticket(TITLE, ADA.player_id) is None
    assert await matchmaking.queues.queued(TITLE, 2, 2) == 0
    assert not (await api.leave(leave, ADA)).left
    # Withdrawn, it is matched with nobody.
    await first_update(matchmaking, BOB, days=2)
    assert await matchmaker.run_once() == 0
    assert await running_ids(hall, ADA) == set()
    # A matched one cannot be taken back.
    await first_update(matchmaking, ADA, days=2)
    assert await matchmaker.run_once() == 1
    (match_id,) = await running_ids(hall, ADA)
    with pytest.raises(NotNow, match=f"matched already \\(match {match_id}\\)"):
        await api.leave(leave, BOB)


async def test_the_api_reads_the_pace_and_writes_a_turn_based_match(hall):
    matchmaking, matchmaker = queues_of(hall)
    api = MatchmakingApi(matchmaking)

    async def first(request: pb.EnterQueueRequest, who: Player) -> pb.EnterQueueResponse:
        updates = api.enter(request, who)
        try:
            return await anext(updates)
        finally:
            await updates.aclose()

    def turn_based(days: int) -> pb.EnterQueueRequest:
        return pb.EnterQueueRequest(
            title_id=TITLE, players=2, pace=mpb.PACE_TURN_BASED, days_per_turn=days
        )

    refused = [
        (turn_based(4), "1, 2, 3, 5, 7, 14 days, not 4"),
        (turn_based(0), "needs days_per_turn"),
        (pb.EnterQueueRequest(title_id=TITLE, players=2, days_per_turn=3), "for a turn-based"),
        (pb.EnterQueueRequest(title_id=TITLE, players=2, pace=9), "Choose a pace"),
    ]
    for request, reason in refused:
        with pytest.raises(InvalidRequest, match=reason):
            await first(request, ADA)
    assert await matchmaking.queues.ticket(TITLE, ADA.player_id) is None
    assert (await first(turn_based(7), ADA)).waiting.queued == 1
    assert (await first(turn_based(7), BOB)).waiting.queued == 2
    assert await matchmaker.run_once() == 1
    handed = await first(turn_based(7), BOB)
    assert handed.WhichOneof("update") == "matched"
    assert handed.matched.match.clock == mpb.Clock(
        seconds_per_turn=7 * DAY_S, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT, pace=mpb.PACE_TURN_BASED
    )
    assert handed.matched.token.token and handed.matched.bot_seats == 0


class QueueContext:
    """The parts of a `grpc.aio.ServicerContext` the matchmaking servicer uses."""

    def __init__(self):
        self.written: list[pb.EnterQueueResponse] = []

    def invocation_metadata(self):
        return ()

    async def abort(self, code, details, trailing_metadata=()):
        raise Aborted(code, details)

    async def write(self, message) -> None:
        self.written.append(message)


async def test_entering_a_turn_based_queue_at_the_cap_is_failed_precondition(hall):
    matchmaking, _ = queues_of(hall)

    async def signed_in_as_ada(token):
        return ADA

    matchmaking.matches.caller = signed_in_as_ada  # the servicer's player, without a token
    servicer = MatchmakingServicer(matchmaking)
    for _ in range(MOST):
        await turn_based_match(hall, ADA)
    request = pb.EnterQueueRequest(
        title_id=TITLE, players=2, pace=mpb.PACE_TURN_BASED, days_per_turn=3
    )
    context = QueueContext()
    with pytest.raises(Aborted) as refused:
        await asyncio.wait_for(servicer.EnterQueue(request, context), 5)
    assert refused.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert f"You already play {MOST} turn-based matches" in refused.value.details
    assert "finish or resign one" in refused.value.details
    assert context.written == []
    assert await matchmaking.queues.ticket(TITLE, ADA.player_id) is None
    # The cap is the turn-based matches': a live queue lets Ada in.
    assert isinstance(await first_update(matchmaking, ADA), Waiting)


async def test_a_player_at_the_cap_while_waiting_is_passed_over_until_they_have_room(hall):
    matchmaking, matchmaker = queues_of(hall)
    resigned, token = await turn_based_match(hall, ADA)
    assert isinstance(await first_update(matchmaking, ADA, days=5), Waiting)
    # While Ada waits she takes up her last turn-based seat elsewhere.
    await turn_based_match(hall, ADA)
    await first_update(matchmaking, BOB, days=5)
    assert await matchmaker.run_once() == 0
    assert await matchmaking.queues.queued(TITLE, 2, 5) == 2
    # Waiting already, she may follow her ticket at the cap.
    assert isinstance(await first_update(matchmaking, ADA, days=5), Waiting)
    # A third player is matched with Bob meanwhile.
    await first_update(matchmaking, CY, days=5)
    assert await matchmaker.run_once() == 1
    (match_id,) = await running_ids(hall, CY)
    assert (await hall.store.load(match_id)).player_ids() == {BOB.player_id, CY.player_id}
    # Ada resigns a match: she has room, and is matched with the next to come.
    await hall.api.resign(mpb.ResignRequest(match_id=resigned), token)
    await first_update(matchmaking, DAN, days=5)
    assert await matchmaker.run_once() == 1
    assert len(await running_ids(hall, ADA)) == MOST


async def test_bots_fill_a_turn_based_queue_as_a_live_one(hall):
    settings = dataclasses.replace(SETTINGS, matchmaking_bot_fill_after_s=0.05)
    matchmaking, matchmaker = queues_of(hall, settings)
    await first_update(matchmaking, ADA, days=14)
    await unfollowed(hall, ADA, days=14)
    await asyncio.sleep(0.1)
    assert await matchmaker.run_once() == 1
    (match_id,) = await running_ids(hall, ADA)
    match = await hall.store.load(match_id)
    assert [seat.kind for seat in match.seats].count(SeatKind.BOT) == 1
    assert match.clock.turn_based and match.clock.seconds_per_turn == 14 * DAY_S


async def test_a_pointer_to_a_match_gone_from_redis_queues_anew_rather_than_waits(hall):
    """A turn-based pointer lasts long: once its match has left Redis (long over), entering
    again queues a new ticket instead of waiting for a match that will never be made."""
    matchmaking, _ = queues_of(hall)
    await first_update(matchmaking, ADA, days=2)
    tickets = [t for t, _ in await matchmaking.queues.waiting(TITLE, 2, 10, days=2)]
    holder = "a-replica"
    assert await matchmaking.queues.hold_lease(TITLE, 2, holder, 500, days=2)
    assignment = Assignment(new_assignment_id(), TITLE, 2, tickets, [BotLevel.EASY], now_ms(), 2)
    assert await matchmaking.queues.match(assignment, holder) == "ok"
    assert await matchmaking.queues.assigned(TITLE, ADA.player_id, 2, 2) == assignment.assignment_id
    # Made, played and gone: no match under its id any more, nothing pending.
    await matchmaking.queues.made(TITLE, 2, assignment.assignment_id, now_ms(), days=2)
    assert not await hall.store.exists(assignment.match_id)
    waiting = await first_update(matchmaking, ADA, days=2)
    assert isinstance(waiting, Waiting) and waiting.queued == 1
    assert await matchmaking.queues.assigned(TITLE, ADA.player_id, 2, 2) == ""
