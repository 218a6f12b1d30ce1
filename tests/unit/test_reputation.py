"""Reputation (`archive.reputation`): the karma figure as a pure function, then real matches in
one process on a real Redis and PostgreSQL (`tests/inprocess.py`), archived by the archiver's
own pass: a match played to its end, a resignation (finished, for both) and a seat out of time
(abandoned) move each player's counts and karma once, however often the archive is asked; and
a match that needs a minimum karma refuses a seat to a player below it, writing nothing."""

from __future__ import annotations

import psycopg
import pytest

from playhall.accounts.tokens import Player, player_id
from playhall.archive.archive import Archive, ArchivedMatch
from playhall.archive.archiver import Archiver
from playhall.archive.reputation import (
    ABANDON_COST,
    START_KARMA,
    Outcome,
    Reputation,
    karma_after,
    next_karma,
    outcome,
    outcomes_by_player,
)
from playhall.archive.settings import ArchiverSettings
from playhall.common.errors import InvalidRequest, KarmaTooLow, NotAuthenticated
from playhall.common.settings import SettingsError
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matchstore.model import EndReason, MatchPhase
from playhall.orchestrator.settings import Settings
from tests.helpers import TITLE
from tests.inprocess import Hall, open_hall

pytestmark = pytest.mark.usefixtures("event_loop")

ADA = Player(player_id("https://id", "ada"), "Ada", "https://id", "ada")
BOB = Player(player_id("https://id", "bob"), "Bob", "https://id", "bob")
CAT = Player(player_id("https://id", "cat"), "Cat", "https://id", "cat")
SEATS = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]
FORFEIT = pb.Clock(seconds_per_turn=60, on_timeout=pb.TIMEOUT_ACTION_FORFEIT)
F, A = Outcome.FINISHED, Outcome.ABANDONED


# -- the figure -------------------------------------------------------------------------------


def test_karma_starts_at_75_creeps_up_by_finishing_and_drops_by_abandoning():
    assert START_KARMA == 75
    assert [next_karma(k, F) for k in (75, 77, 90, 99, 100)] == [77, 79, 91, 100, 100]
    assert [next_karma(k, A) for k in (75, 40, 10, 0)] == [60, 25, 0, 0]


def test_one_abandonment_costs_what_about_eight_finished_matches_bring_back():
    after = karma_after([A])
    back = next(n for n in range(1, 50) if karma_after([F] * n, after) >= START_KARMA)
    assert (after, back) == (60, 8)
    assert 5 * (next_karma(START_KARMA, F) - START_KARMA) < ABANDON_COST


def test_a_player_who_keeps_leaving_sinks_whatever_they_finished_before():
    assert karma_after([F] * 40) > 90
    assert karma_after([F] * 40 + [A] * 5) < 30


def test_what_counts_as_finished_abandoned_or_nothing():
    assert outcome(EndReason.GAME_OVER, timed_out=False) is F
    assert outcome(EndReason.RESIGNATION, timed_out=False) is F, "a resignation finishes"
    assert outcome(EndReason.TIMEOUT, timed_out=False) is F, "the seat still in wins"
    assert outcome(EndReason.TIMEOUT, timed_out=True) is A
    assert outcome(EndReason.GAME_OVER, timed_out=True) is A, "left a match others finished"
    assert outcome(EndReason.ABANDONED, timed_out=False) is None, "the idle scan's: nobody's"
    assert outcomes_by_player([("p", F), ("p", A), ("p", F), ("q", None)]) == {"p": A}


# -- real matches, archived -------------------------------------------------------------------


@pytest.fixture
def hall(embedded_redis, database_url, event_loop):
    opened = event_loop.run_until_complete(open_hall(embedded_redis.url, database_url=database_url))
    yield opened
    event_loop.run_until_complete(opened.close())


async def two_player_match(
    hall: Hall, creator: Player, joiner: Player, clock: pb.Clock | None = None
) -> tuple[str, dict[int, str]]:
    created = await hall.api.create(
        pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, clock=clock), creator
    )
    match_id = created.match.match_id
    joined = await hall.api.join(pb.JoinMatchRequest(match_id=match_id), joiner)
    return match_id, {0: created.tokens[0].token, 1: joined.token.token}


async def move(hall: Hall, match_id: str, token: str) -> None:
    seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), token)
    await hall.submit(match_id, token, moves_as_any(seen.legal_moves)[0], seen.match.version)


async def play_to_the_end(hall: Hall, match_id: str, tokens: dict[int, str]) -> None:
    while (match := await hall.matches.load(match_id)).phase != MatchPhase.FINISHED:
        for seat in match.status.to_move:
            await move(hall, match_id, tokens[seat])
    assert match.end_reason == EndReason.GAME_OVER


async def archive_all(hall: Hall) -> Archive:
    archive = Archive(hall.parking.table.pool)
    await Archiver(hall.store, archive, ArchiverSettings(redis_url="", database_url="")).run_once()
    return archive


async def reputation(hall: Hall, player: Player) -> Reputation:
    assert hall.matches.reputations is not None
    return await hall.matches.reputations.of(player.player_id)


async def test_karma_after_a_finished_a_resigned_and_an_abandoned_match(hall):
    assert await reputation(hall, ADA) == Reputation(0, 0, 75), "before any match"

    played, tokens = await two_player_match(hall, ADA, BOB)
    await play_to_the_end(hall, played, tokens)
    await archive_all(hall)
    assert await reputation(hall, ADA) == await reputation(hall, BOB) == Reputation(1, 0, 77)

    resigned, tokens = await two_player_match(hall, ADA, BOB)
    await move(hall, resigned, tokens[0])
    await hall.api.resign(pb.ResignRequest(match_id=resigned), tokens[0])
    await archive_all(hall)
    assert await reputation(hall, ADA) == Reputation(2, 0, 79), "resigning finishes a match"
    assert await reputation(hall, BOB) == Reputation(2, 0, 79)

    timed_out, tokens = await two_player_match(hall, ADA, BOB, FORFEIT)
    await move(hall, timed_out, tokens[0])  # Ada picked; Bob runs out of time
    match = await hall.matches.load(timed_out)
    assert match.status.to_move == [1]
    assert await hall.housekeeper.expire(timed_out, match.version)
    archive = await archive_all(hall)
    assert await reputation(hall, ADA) == Reputation(3, 0, 81)
    assert await reputation(hall, BOB) == Reputation(2, 1, 64), "abandoning costs 15"

    # The archive takes a match once: asked again, it writes nothing, counts nothing.
    again = ArchivedMatch.of(
        await hall.matches.load(timed_out), None, await hall.matches._changes(timed_out)
    )
    assert await archive.store(again) is None
    assert await reputation(hall, BOB) == Reputation(2, 1, 64)


async def test_a_match_called_off_before_it_ran_counts_for_nobody(hall):
    created = await hall.api.create(pb.CreateMatchRequest(title_id=TITLE, seats=SEATS), ADA)
    await hall.api.resign(
        pb.ResignRequest(match_id=created.match.match_id), created.tokens[0].token
    )
    await archive_all(hall)
    assert await reputation(hall, ADA) == Reputation(0, 0, 75)


def set_karma(hall: Hall, player: Player, karma: int) -> None:
    with psycopg.connect(hall.parking.table.pool.conninfo) as connection:
        connection.execute(
            "INSERT INTO reputation (player_id, karma) VALUES (%s, %s) "
            "ON CONFLICT (player_id) DO UPDATE SET karma = EXCLUDED.karma",
            (player.player_id, karma),
        )


async def test_a_match_with_a_minimum_karma_seats_only_players_who_have_it(hall):
    set_karma(hall, ADA, 90)
    set_karma(hall, BOB, 64)
    created = await hall.api.create(
        pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, min_karma=70), ADA
    )
    match_id = created.match.match_id
    assert created.match.min_karma == 70, "shown to whoever would join"
    before = await hall.matches.load(match_id)

    with pytest.raises(KarmaTooLow) as refused:
        await hall.api.join(pb.JoinMatchRequest(match_id=match_id), BOB)
    assert refused.value.reason.startswith("Your karma is 64; this match needs at least 70")
    with pytest.raises(NotAuthenticated, match="karma of at least 70"):
        await hall.api.join(pb.JoinMatchRequest(match_id=match_id, display_name="Anon"))
    after = await hall.matches.load(match_id)
    assert (after.version, after.phase) == (before.version, MatchPhase.OPEN), "nothing written"
    assert await hall.store.player_matches(BOB.player_id, 10) == []

    set_karma(hall, CAT, 70)
    joined = await hall.api.join(pb.JoinMatchRequest(match_id=match_id), CAT)
    assert joined.match.phase == pb.MATCH_PHASE_RUNNING


async def test_a_creator_below_the_minimum_or_a_minimum_off_the_scale_is_refused(hall):
    set_karma(hall, BOB, 64)
    with pytest.raises(KarmaTooLow, match="Your karma is 64; this match needs at least 65"):
        await hall.api.create(pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, min_karma=65), BOB)
    for wrong in (-1, 101):
        with pytest.raises(InvalidRequest, match="min_karma must be from 0 to 100"):
            await hall.api.create(
                pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, min_karma=wrong), ADA
            )
    assert await hall.store.player_matches(BOB.player_id, 10) == []
    assert await hall.matches.list_matches(TITLE) == [], "no match was made"


async def test_a_server_without_an_archive_refuses_a_minimum(embedded_redis, event_loop):
    hall = await open_hall(embedded_redis.url)
    try:
        with pytest.raises(InvalidRequest, match="keeps no karma"):
            await hall.api.create(
                pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, min_karma=50), ADA
            )
    finally:
        await hall.close()


@pytest.mark.parametrize(
    ("floor", "database", "refusal"),
    [
        ("101", "postgresql:///playhall", "PLAYHALL_KARMA_FLOOR is karma, 0 to 100"),
        ("50", "", "PLAYHALL_KARMA_FLOOR needs PLAYHALL_DATABASE_URL"),
    ],
)
def test_the_operators_floor_is_karma_and_needs_the_archive(monkeypatch, floor, database, refusal):
    for name, value in {
        "REDIS_URL": "redis://store",
        "PLAYHALL_WORKER_CREDENTIAL": "secret",
        "PLAYHALL_GATEWAY_CREDENTIAL": "gateway-secret",
        "PLAYHALL_RULES_GALILEO": "rules:50051",
        "PLAYHALL_KARMA_FLOOR": floor,
        "PLAYHALL_DATABASE_URL": database,
    }.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=refusal):
        Settings.from_env()
    monkeypatch.setenv("PLAYHALL_KARMA_FLOOR", "100")
    monkeypatch.setenv("PLAYHALL_DATABASE_URL", "postgresql:///playhall")
    assert Settings.from_env().karma_floor == 100
