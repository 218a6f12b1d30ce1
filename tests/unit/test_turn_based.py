"""Turn-based matches on the domain (a real Redis, the title in process): a clock counted in
days (a day is a second here), a player's "my turn" list that follows every commit, ordered by
deadline, and the cap on the turn-based matches one player holds."""

from __future__ import annotations

import asyncio

import pytest
from prometheus_client import REGISTRY

from playhall.accounts.tokens import Player, player_id
from playhall.common.errors import InvalidRequest, NotNow
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matchstore.model import MatchPhase, SeatKind
from tests.helpers import TITLE
from tests.inprocess import open_hall

pytestmark = pytest.mark.usefixtures("event_loop")

ADA = Player(player_id("https://id", "ada"), "Ada", "https://id", "ada")
BOB = Player(player_id("https://id", "bob"), "Bob", "https://id", "bob")
DAY_S = 1
MOST = 2
ALLOWANCE_DAYS = 2
SEATS = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]


def per_move(days: int) -> pb.Clock:
    return pb.Clock(
        seconds_per_turn=days * DAY_S,
        on_timeout=pb.TIMEOUT_ACTION_FORFEIT,
        pace=pb.PACE_TURN_BASED,
    )


def banked(days: int) -> pb.Clock:
    return pb.Clock(
        bank_initial_seconds=days * DAY_S,
        on_timeout=pb.TIMEOUT_ACTION_FORFEIT,
        pace=pb.PACE_TURN_BASED,
    )


@pytest.fixture
def hall(embedded_redis, event_loop):
    settings = {
        "turn_based_day_s": DAY_S,
        "turn_based_max_open": MOST,
        "vacation_days_per_year": ALLOWANCE_DAYS,
    }
    opened = event_loop.run_until_complete(open_hall(embedded_redis.url, **settings))
    yield opened
    event_loop.run_until_complete(opened.close())


async def ada_and_bob(hall, clock: pb.Clock | None) -> tuple[str, dict[int, str]]:
    """A running two-seat Galileo match: Ada created it, Bob joined."""
    request = pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, clock=clock)
    created = await hall.api.create(request, ADA)
    match_id = created.match.match_id
    joined = await hall.api.join(pb.JoinMatchRequest(match_id=match_id), BOB)
    return match_id, {0: created.tokens[0].token, 1: joined.token.token}


async def waiting(hall, player: Player) -> list[tuple[str, list[int], int]]:
    turns, count = await hall.matches.my_turn(player, 50)
    assert count == len(turns)
    return [(turn.match.match_id, turn.seats, turn.deadline_ms) for turn in turns]


async def pick(hall, match_id: str, token: str) -> None:
    seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), token)
    await hall.submit(match_id, token, moves_as_any(seen.legal_moves)[0], seen.match.version)


async def test_my_turn_follows_every_commit(hall):
    match_id, tokens = await ada_and_bob(hall, per_move(2))
    deadline = (await hall.store.load(match_id)).deadline_unix_ms
    assert deadline > 0
    # Galileo's first step is a simultaneous pick: it waits on both.
    assert await waiting(hall, ADA) == [(match_id, [0], deadline)]
    assert await waiting(hall, BOB) == [(match_id, [1], deadline)]
    await pick(hall, match_id, tokens[0])
    assert await waiting(hall, ADA) == []
    assert [entry[0] for entry in await waiting(hall, BOB)] == [match_id]
    await pick(hall, match_id, tokens[1])
    match = await hall.store.load(match_id)
    (mover,) = match.status.to_move
    movers = {0: ADA, 1: BOB}
    assert [entry[:2] for entry in await waiting(hall, movers[mover])] == [(match_id, [mover])]
    assert await waiting(hall, movers[1 - mover]) == []
    # A match that ends waits on nobody.
    await hall.api.resign(pb.ResignRequest(match_id=match_id), tokens[mover])
    assert await waiting(hall, ADA) == await waiting(hall, BOB) == []


async def test_my_turn_lists_the_nearest_deadline_first_and_no_clock_last(hall):
    no_clock, _ = await ada_and_bob(hall, None)
    slow, _ = await ada_and_bob(hall, per_move(7))
    fast, _ = await ada_and_bob(hall, per_move(1))
    listed = await waiting(hall, ADA)
    assert [entry[0] for entry in listed] == [fast, slow, no_clock]
    assert listed[-1][2] == 0, "a match without a clock has no deadline"
    turns, count = await hall.matches.my_turn(ADA, 1)
    assert [turn.match.match_id for turn in turns] == [fast] and count == 3


async def test_a_player_holds_at_most_the_turn_based_matches_the_operator_allows(hall):
    held = [(await ada_and_bob(hall, per_move(1)))[0] for _ in range(MOST)]
    request = pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, clock=per_move(1))
    with pytest.raises(NotNow, match=f"already play {MOST} turn-based matches"):
        await hall.api.create(request, ADA)
    # Nor may they join another's; live matches are not counted.
    carol = Player(player_id("https://id", "carol"), "Carol", "https://id", "carol")
    others = await hall.api.create(request, carol)
    with pytest.raises(NotNow, match="turn-based"):
        await hall.api.join(pb.JoinMatchRequest(match_id=others.match.match_id), ADA)
    await ada_and_bob(hall, None)
    assert await hall.store.turn_based_count(ADA.player_id) == MOST, "a live match not counted"
    # A match that ends frees its place.
    await hall.api.resign(pb.ResignRequest(match_id=held[0]), await seat_token(hall, held[0]))
    assert (await hall.api.create(request, ADA)).match.clock.pace == pb.PACE_TURN_BASED


async def seat_token(hall, match_id: str) -> str:
    return (await hall.matches.reclaim(match_id, ADA)).token


async def test_a_turn_based_clock_is_checked_against_its_days(hall):
    request = pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, clock=per_move(4))
    with pytest.raises(InvalidRequest, match="1, 2, 3, 5, 7, 14 days"):
        await hall.api.create(request, ADA)
    request.clock.pace = 7  # a pace this server does not know
    with pytest.raises(InvalidRequest, match="live or turn-based"):
        await hall.api.create(request, ADA)


async def both_picked(hall, clock: pb.Clock) -> tuple[str, dict[int, str], int]:
    """A match past its simultaneous first step: one seat (returned) is to move."""
    match_id, tokens = await ada_and_bob(hall, clock)
    for seat in (0, 1):
        await pick(hall, match_id, tokens[seat])
    (mover,) = (await hall.store.load(match_id)).status.to_move
    return match_id, tokens, mover


def give(seconds: int, to_seat: int, match_id: str) -> pb.GiveTimeRequest:
    return pb.GiveTimeRequest(match_id=match_id, to_seat=to_seat, seconds=seconds)


async def test_time_given_moves_the_deadline_of_the_seat_to_move_once_a_turn(hall):
    match_id, tokens, mover = await both_picked(hall, per_move(7))
    before = (await hall.store.load(match_id)).deadline_unix_ms
    giver = tokens[1 - mover]
    given = await hall.api.give_time(give(DAY_S, mover, match_id), giver)
    assert given.match.deadline_unix_ms == before + DAY_S * 1000
    mover_player = {0: ADA, 1: BOB}[mover]
    assert (await waiting(hall, mover_player))[0][2] == before + DAY_S * 1000
    with pytest.raises(NotNow, match="this turn already"):
        await hall.api.give_time(give(DAY_S, mover, match_id), giver)
    with pytest.raises(NotNow, match="not to move"):
        await hall.api.give_time(give(DAY_S, 1 - mover, match_id), tokens[mover])
    with pytest.raises(InvalidRequest, match="a day at most"):
        await hall.api.give_time(give(DAY_S + 1, mover, match_id), giver)
    with pytest.raises(InvalidRequest, match="another seat"):
        await hall.api.give_time(give(DAY_S, 1 - mover, match_id), giver)
    assert (await hall.store.load(match_id)).deadline_unix_ms == before + DAY_S * 1000


async def test_time_given_goes_to_a_bank_whoever_is_to_move(hall):
    match_id, tokens, mover = await both_picked(hall, banked(3))
    banks = list((await hall.store.load(match_id)).bank_ms)
    given = await hall.api.give_time(give(DAY_S, 1 - mover, match_id), tokens[mover])
    assert given.match.bank_ms[1 - mover] == banks[1 - mover] + DAY_S * 1000


async def test_time_is_given_in_turn_based_matches_only(hall):
    live = pb.Clock(seconds_per_turn=60, on_timeout=pb.TIMEOUT_ACTION_FORFEIT)
    match_id, tokens, mover = await both_picked(hall, live)
    with pytest.raises(NotNow, match="turn-based matches only"):
        await hall.api.give_time(give(DAY_S, mover, match_id), tokens[1 - mover])


def player_of(seat: int) -> Player:
    return {0: ADA, 1: BOB}[seat]


async def test_a_player_away_stops_their_turns_clock_and_finds_its_time_on_return(hall):
    match_id, tokens, mover = await both_picked(hall, per_move(7))
    away, present = player_of(mover), player_of(1 - mover)
    deadline = (await hall.store.load(match_id)).deadline_unix_ms
    vacation = await hall.matches.vacations.go_away(away.player_id, 1)
    match = await hall.store.load(match_id)
    assert match.deadline_unix_ms == 0 and 0 < match.paused_left_ms <= deadline - vacation.since_ms
    # The others see the seat away, with its return date; the turn's clock stands still.
    seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), tokens[1 - mover])
    assert seen.match.seats[mover].away_until_unix_ms == vacation.until_ms
    assert await waiting(hall, away) == [(match_id, [mover], 0)]
    assert await hall.housekeeper.run_once() == 0
    await asyncio.sleep(0.3)
    back = await hall.matches.vacations.come_back(away.player_id)
    match = await hall.store.load(match_id)
    assert match.paused_left_ms == 0 and match.seats[mover].away_until_ms == 0
    assert match.deadline_unix_ms - match.updated_unix_ms == pytest.approx(
        deadline - vacation.since_ms, abs=50
    ), "the turn goes on with the time it had left"
    assert back.left_ms == pytest.approx(ALLOWANCE_DAYS * 1000 - 300, abs=100)
    assert (await hall.matches.vacations.status(present.player_id)).since_ms == 0


async def test_a_seat_away_is_not_charged_on_a_bank(hall):
    match_id, _, mover = await both_picked(hall, banked(3))
    await hall.matches.vacations.go_away(player_of(mover).player_id, 1)
    left = (await hall.store.load(match_id)).bank_ms[mover]
    assert (await hall.store.load(match_id)).deadline_unix_ms == 0
    await asyncio.sleep(0.3)
    await hall.matches.vacations.come_back(player_of(mover).player_id)
    match = await hall.store.load(match_id)
    assert match.bank_ms[mover] == left
    assert match.deadline_unix_ms == match.updated_unix_ms + left


async def test_a_vacation_ends_when_the_allowance_runs_out_and_live_clocks_never_stop(hall):
    live = pb.Clock(seconds_per_turn=60, on_timeout=pb.TIMEOUT_ACTION_FORFEIT)
    live_id, _, _ = await both_picked(hall, live)
    match_id, _, mover = await both_picked(hall, per_move(7))
    player = player_of(mover)
    live_deadline = (await hall.store.load(live_id)).deadline_unix_ms
    vacation = await hall.matches.vacations.go_away(player.player_id, 30)
    assert vacation.until_ms - vacation.since_ms == ALLOWANCE_DAYS * 1000
    assert (await hall.store.load(live_id)).deadline_unix_ms == live_deadline
    await asyncio.sleep(ALLOWANCE_DAYS + 0.1)
    await hall.housekeeper.run_once()
    match = await hall.store.load(match_id)
    assert match.deadline_unix_ms > 0 and not match.away()
    assert (await hall.matches.vacations.status(player.player_id)).left_ms == 0
    with pytest.raises(NotNow, match="no away days left"):
        await hall.matches.vacations.go_away(player.player_id, 1)


def timeouts(action: str) -> float:
    labels = {"title": TITLE, "pace": "turn_based", "action": action}
    return REGISTRY.get_sample_value("playhall_timeouts_applied_total", labels) or 0.0


async def test_a_three_seat_turn_based_match_goes_on_after_a_seat_forfeits(hall):
    carol = Player(player_id("https://id", "carol"), "Carol", "https://id", "carol")
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)] + [pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)] * 2
    created = await hall.api.create(
        pb.CreateMatchRequest(title_id=TITLE, seats=seats, clock=per_move(1)), ADA
    )
    match_id = created.match.match_id
    tokens = {0: created.tokens[0].token}
    for seat, player in ((1, BOB), (2, carol)):
        tokens[seat] = (
            await hall.api.join(pb.JoinMatchRequest(match_id=match_id), player)
        ).token.token
    for seat in (0, 1):  # Carol never picks
        await pick(hall, match_id, tokens[seat])
    before = timeouts("forfeit")
    await asyncio.sleep(DAY_S + 0.1)
    assert await hall.housekeeper.run_once() == 1
    match = await hall.store.load(match_id)
    assert match.phase == MatchPhase.RUNNING and match.seats[2].resigned
    assert match.seats[2].kind == SeatKind.BOT, "a bot plays the forfeited seat on"
    assert timeouts("forfeit") == before + 1
    assert await waiting(hall, carol) == []


async def test_list_games_tells_clients_the_turn_based_offer(hall):
    offer = (await hall.api.list_games()).turn_based
    assert offer.day_seconds == DAY_S and list(offer.days_per_turn) == [1, 2, 3, 5, 7, 14]
    assert offer.max_open_matches == MOST and offer.vacation_days_per_year == ALLOWANCE_DAYS
    assert offer.max_bank_days == 30


async def test_time_given_to_a_seat_away_waits_for_its_return(hall):
    match_id, tokens, mover = await both_picked(hall, per_move(7))
    away = player_of(mover)
    await hall.matches.vacations.go_away(away.player_id, 1)
    paused = (await hall.store.load(match_id)).paused_left_ms
    await hall.api.give_time(give(DAY_S, mover, match_id), tokens[1 - mover])
    match = await hall.store.load(match_id)
    assert match.deadline_unix_ms == 0 and match.paused_left_ms == paused + DAY_S * 1000
    await hall.matches.vacations.come_back(away.player_id)
    match = await hall.store.load(match_id)
    assert match.deadline_unix_ms - match.updated_unix_ms == paused + DAY_S * 1000
