"""Parking on the domain, on a real Redis and a real PostgreSQL: idle turn-based matches leave
Redis whole, every call finds them as if they never left, a commit racing a parking wins, two
replicas bringing one back restore it once, and a parked deadline is applied once however many
tickers race for it."""

from __future__ import annotations

import asyncio
import uuid

import psycopg
import pytest
from prometheus_client import REGISTRY

from playhall.accounts.tokens import Player, player_id
from playhall.common.errors import Unavailable
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matchstore.model import ChangeCause, EndReason, MatchPhase
from playhall.matchstore.parking import PARKABLE
from playhall.matchstore.records import cause_of
from playhall.matchstore.store import DEADLINES, match_key, now_ms
from tests.helpers import TITLE
from tests.inprocess import Hall, open_hall

pytestmark = pytest.mark.usefixtures("event_loop")

ADA = Player(player_id("https://id", "ada"), "Ada", "https://id", "ada")
BOB = Player(player_id("https://id", "bob"), "Bob", "https://id", "bob")
DAY_S = 1
SEATS = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]
SETTINGS = {"turn_based_day_s": DAY_S, "park_after_minutes": 0.0}
"""Parked as soon as the pass looks: every match a test leaves alone is idle."""


def per_move(days: int) -> pb.Clock:
    return pb.Clock(
        seconds_per_turn=days * DAY_S, on_timeout=pb.TIMEOUT_ACTION_FORFEIT, pace=pb.PACE_TURN_BASED
    )


@pytest.fixture
def hall(embedded_redis, database_url, event_loop):
    opened = event_loop.run_until_complete(
        open_hall(embedded_redis.url, database_url=database_url, **SETTINGS)
    )
    yield opened
    event_loop.run_until_complete(opened.close())


async def ada_and_bob(hall: Hall, days: int = 7) -> tuple[str, dict[int, str]]:
    request = pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, clock=per_move(days))
    created = await hall.api.create(request, ADA)
    match_id = created.match.match_id
    joined = await hall.api.join(pb.JoinMatchRequest(match_id=match_id), BOB)
    return match_id, {0: created.tokens[0].token, 1: joined.token.token}


async def pick(hall: Hall, match_id: str, token: str, request_id: str = "") -> int:
    seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), token)
    moved = await hall.submit(
        match_id, token, moves_as_any(seen.legal_moves)[0], seen.match.version, request_id or None
    )
    return moved.version


async def in_redis(hall: Hall, match_id: str) -> bool:
    return bool(await hall.db.exists(match_key(match_id)))


async def parked_rows(hall: Hall) -> dict[str, int]:
    async with hall.parking.table.pool.connection() as connection:
        cursor = await connection.execute("SELECT match_id, version FROM parked_matches")
        return dict(await cursor.fetchall())


async def park_all(hall: Hall) -> int:
    """Parks every idle match (all of them: `park_after_minutes` is 0)."""
    await asyncio.sleep(0.002)  # past the millisecond of the last change
    return await hall.parking.park_idle()


def loads(cause: str) -> float:
    return REGISTRY.get_sample_value("playhall_parked_loads_total", {"cause": cause}) or 0.0


async def test_a_parked_match_answers_as_if_it_never_left(hall):
    match_id, tokens = await ada_and_bob(hall)
    await pick(hall, match_id, tokens[0], "ada-first-pick")
    before = {seat: await hall.get(match_id, token) for seat, token in tokens.items()}
    history = await hall.api.history(pb.GetHistoryRequest(match_id=match_id), tokens[1])
    keys_before = len(await hall.db.keys(f"pm:{{{match_id}}}*"))

    assert await park_all(hall) == 1
    assert not await in_redis(hall, match_id), "its keys left Redis"
    assert await hall.db.keys(f"pm:{{{match_id}}}*") == [] and keys_before == 4
    assert await parked_rows(hall) == {match_id: before[0].match.version}
    assert await hall.db.zscore(PARKABLE, match_id) is None
    assert await hall.db.zcount(DEADLINES, "-inf", "+inf") == 0, "its deadline is the row's"

    # Lists read the record where it is, without bringing the match back.
    turns, count = await hall.matches.my_turn(BOB, 10)
    assert count == 1 and [turn.match.match_id for turn in turns] == [match_id]
    running = await hall.matches.running_matches(ADA, 10)
    assert [match.match_id for match, _ in running] == [match_id]
    assert not await in_redis(hall, match_id)

    brought = loads("call")
    for seat, token in tokens.items():
        assert await hall.get(match_id, token) == before[seat]
    assert loads("call") == brought + 1, "brought back once, by the first read"
    assert await in_redis(hall, match_id) and await parked_rows(hall) == {}
    assert await hall.api.history(pb.GetHistoryRequest(match_id=match_id), tokens[1]) == history
    assert await hall.db.zscore(DEADLINES, f"{match_id}@{before[0].match.version}") == (
        before[0].match.deadline_unix_ms
    ), "its deadline is filed again"


async def test_a_move_retried_after_parking_is_answered_with_its_first_version(hall):
    match_id, tokens = await ada_and_bob(hall)
    seen = await hall.get(match_id, tokens[0])
    move, version = moves_as_any(seen.legal_moves)[0], seen.match.version
    first = await hall.submit(match_id, tokens[0], move, version, "ada-retried-pick")
    assert await park_all(hall) == 1
    replay = await hall.submit(match_id, tokens[0], move, version, "ada-retried-pick")
    assert replay.version == first.version, "the idempotency record came back with the match"
    assert len(await hall.store.changes(match_id)) == first.version + 1, "no second move"


async def test_moves_parks_and_loads_racing_lose_nothing(hall, embedded_redis, database_url):
    """Two replicas park the match over and over while both seats move through both: every
    acknowledged move stands, versions are contiguous, and the match ends in one place."""
    match_id, tokens = await ada_and_bob(hall)
    other = await open_hall(embedded_redis.url, database_url=database_url, empty=False, **SETTINGS)
    replicas = [hall, other]
    acknowledged: list[int] = []
    stop = asyncio.Event()

    async def parker(replica: Hall) -> int:
        parked = 0
        while not stop.is_set():
            parked += await replica.parking.park(match_id, now_ms() + 1)
            await asyncio.sleep(0.003)
        return parked

    async def player(seat: int) -> None:
        for turn in range(6):
            replica = replicas[(turn + seat) % 2]
            while True:
                seen = await replica.get(match_id, tokens[seat])
                match = seen.match
                if match.phase != pb.MATCH_PHASE_RUNNING or seat not in match.status.to_move:
                    await asyncio.sleep(0.001)
                    if match.phase != pb.MATCH_PHASE_RUNNING:
                        return
                    continue
                moved = await replica.submit(
                    match_id, tokens[seat], moves_as_any(seen.legal_moves)[0], match.version
                )
                acknowledged.append(moved.version)
                await asyncio.sleep(0.01)  # a parker's turn
                break

    try:
        parkers = [asyncio.create_task(parker(replica)) for replica in replicas]
        await asyncio.gather(player(0), player(1))
        stop.set()
        parked = sum(await asyncio.gather(*parkers))
        assert parked >= 2, "the match was parked while it was played"
        changes = await other.store.changes(match_id)
        versions = [change.version for change, _ in changes]
        assert versions == list(range(len(versions))), "contiguous, nothing doubled"
        assert set(acknowledged) <= set(versions) and len(set(acknowledged)) == len(acknowledged)
        final = await hall.store.load(match_id)
        assert final is not None and final.version == versions[-1]
        assert await parked_rows(hall) == {}, "brought back, its row is gone"
    finally:
        await other.close()


def timeouts() -> float:
    labels = {"title": TITLE, "pace": "turn_based", "action": "forfeit"}
    return REGISTRY.get_sample_value("playhall_timeouts_applied_total", labels) or 0.0


async def test_a_parked_deadline_is_applied_once_by_racing_tickers(
    hall, embedded_redis, database_url
):
    match_id, tokens = await ada_and_bob(hall, days=1)
    await pick(hall, match_id, tokens[0])  # Bob never picks
    assert await park_all(hall) == 1
    other = await open_hall(embedded_redis.url, database_url=database_url, empty=False, **SETTINGS)
    try:
        before, brought = timeouts(), loads("deadline")
        await asyncio.sleep(DAY_S + 0.05)
        taken = await asyncio.gather(*(replica.parking.tick() for replica in (hall, other) * 2))
        assert sum(taken) == 1, "one ticker took the row; the others skipped it"
        assert loads("deadline") == brought + 1 and timeouts() == before + 1
        match = await hall.store.load(match_id)
        assert match.phase == MatchPhase.FINISHED and match.end_reason == EndReason.TIMEOUT
        assert match.winners == [0]
        changes = await hall.store.changes(match_id)
        assert [cause_of(change) for change, _ in changes[-1:]] == [ChangeCause.SERVER]
        assert [change.version for change, _ in changes] == list(range(len(changes)))
        assert await parked_rows(hall) == {}
        assert await hall.housekeeper.run_once() == 0, "nothing left for the Redis clock"
    finally:
        await other.close()


async def test_a_database_out_of_reach_refuses_a_parked_match_and_loses_nothing(hall, database_url):
    match_id, tokens = await ada_and_bob(hall)
    version = await pick(hall, match_id, tokens[0])
    assert await park_all(hall) == 1
    name = psycopg.conninfo.conninfo_to_dict(database_url)["dbname"]
    admin = database_url.replace(f"/{name}", "/postgres")
    async with await psycopg.AsyncConnection.connect(admin, autocommit=True) as connection:
        await connection.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        await connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
        )
        try:
            with pytest.raises(Unavailable, match="cannot be reached"):
                await hall.get(match_id, tokens[1])
            assert not await in_redis(hall, match_id)
        finally:
            await connection.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    await asyncio.sleep(1.5)  # the pool opens a connection again
    seen = await hall.get(match_id, tokens[1])
    assert seen.match.version == version, "nothing lost"
    assert await park_all(hall) == 1, "parked again later"


async def test_a_watched_match_and_a_bot_turn_stay_in_redis(hall):
    match_id, tokens = await ada_and_bob(hall)
    hall.parking.park_after_ms = 300
    watching = hall.matches.watch(match_id, tokens[1])
    first = asyncio.ensure_future(watching.__anext__())
    await asyncio.sleep(0.5)  # idle, but the watch hub touches what it watches
    assert await hall.parking.park_idle() == 0 and await in_redis(hall, match_id)
    first.cancel()
    await watching.aclose()
    await asyncio.sleep(0.5)
    assert await hall.parking.park_idle() == 1, "unwatched, it is parked"

    bots = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_BOT)]
    bots[1].bot_level = pb.BOT_LEVEL_RANDOM
    created = await hall.api.create(
        pb.CreateMatchRequest(title_id=TITLE, seats=bots, clock=per_move(7)), ADA
    )
    bot_match = created.match.match_id
    await asyncio.sleep(0.002)
    await hall.parking.park_idle()
    assert await in_redis(hall, bot_match), "a bot is to move: it moves in a moment"


async def test_a_creation_retried_after_parking_finds_its_match(hall):
    request = pb.CreateMatchRequest(
        title_id=TITLE, seats=SEATS, clock=per_move(7), request_id=uuid.uuid4().hex
    )
    created = await hall.api.create(request, ADA)
    match_id = created.match.match_id
    await hall.api.join(pb.JoinMatchRequest(match_id=match_id), BOB)
    assert await park_all(hall) == 1
    again = await hall.api.create(request, ADA)
    assert again.match.match_id == match_id
    assert again.match.phase == pb.MATCH_PHASE_RUNNING, "the parked match, not a new one"
    assert (await hall.store.load(match_id)).seats[1].player_id == BOB.player_id


async def test_parking_costs_redis_only_the_players_lists(hall):
    match_id, _ = await ada_and_bob(hall)
    await park_all(hall)
    left = {key.decode() for key in await hall.db.keys("*")}
    assert not [key for key in left if match_id in key], "no key of the match's own"
    listed = [key for key in left if await hall.db.zscore(key, match_id) is not None]
    assert sorted(listed) == sorted(
        f"playhall:player:{player.player_id}:{kind}"
        for player in (ADA, BOB)
        for kind in ("running", "turn_based", "my_turn")  # both seats are to pick
    )
