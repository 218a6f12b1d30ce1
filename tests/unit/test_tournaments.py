"""Tournaments in process (`tests/inprocess.py`, the embedded Redis): a round robin played
to its end with results the test decides (each match finished through the domain's own
commit), a person's seat, the refusals, the lease (one runner at a time, a stalled holder
writes nothing, another takes over), and the queue a tournament's bot-only game goes to. The
Swiss tournament of real bots over real processes is `tests/integration/test_tournaments.py`."""

from __future__ import annotations

import itertools

import pytest
import redis
from prometheus_client import REGISTRY

from dev.testbed import WORKER_CREDENTIAL
from playhall.accounts.tokens import Player, player_id
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE, broker_url_of
from playhall.common.errors import (
    InvalidRequest,
    NoSuchMatch,
    NotAuthenticated,
    NotYourSeat,
)
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matches.bot_scheduler import BotScheduler
from playhall.matches.port import MatchPort
from playhall.matchstore.model import ChangeCause, EndReason, SeatKind
from playhall.tournament.v1 import tournament_service_pb2 as tpb
from playhall.tournaments import matchings
from playhall.tournaments.api import TournamentApi
from playhall.tournaments.domain import Tournaments
from playhall.tournaments.runner import TournamentRunner
from playhall.tournaments.store import TournamentStore, lease_key
from tests.helpers import TITLE

pytestmark = pytest.mark.usefixtures("event_loop")

CLOCK = mpb.Clock(seconds_per_turn=60, on_timeout=mpb.TIMEOUT_ACTION_BOT_MOVE)
RANDOM = mpb.BOT_LEVEL_RANDOM
SWISS = tpb.TOURNAMENT_FORMAT_SWISS


def bots(count: int) -> list[tpb.Entrant]:
    return [tpb.Entrant(bot_level=RANDOM) for _ in range(count)]


def person(name: str) -> Player:
    return Player(player_id("test", name), name, "test", name)


ADA = player_id("test", "ada")


def request(entrants, **fields) -> tpb.CreateTournamentRequest:
    fields.setdefault("format", tpb.TOURNAMENT_FORMAT_ROUND_ROBIN)
    fields.setdefault("clock", CLOCK)
    fields.setdefault("title_id", TITLE)
    return tpb.CreateTournamentRequest(entrants=entrants, **fields)


class Calls:
    """TournamentService's calls as its servicer makes them (`TournamentApi`), in its messages."""

    def __init__(self, tournaments: Tournaments):
        self.domain = tournaments
        self.api = TournamentApi(tournaments)

    async def create(self, request, credential) -> tpb.Tournament:
        return (await self.api.create(request, credential)).tournament

    async def get(self, tournament_id: str) -> tpb.Tournament:
        found = await self.api.get(tpb.GetTournamentRequest(tournament_id=tournament_id))
        return found.tournament

    async def list(self, limit: int) -> list[tpb.Tournament]:
        listed = await self.api.list(tpb.ListTournamentsRequest(limit=limit))
        return list(listed.tournaments)


def runners(hall, count=1, lease_ms=5_000):
    tournaments = Tournaments(MatchPort(hall.matches), TournamentStore(hall.db))
    runners = [TournamentRunner(tournaments, 0.01, lease_ms) for _ in range(count)]
    return Calls(tournaments), runners


async def finish(hall, match_id: str, winners: list[int]) -> None:
    match = await hall.store.load(match_id)
    hall.commits.finish(match, EndReason.RESIGNATION, winners)
    assert await hall.commits.commit(match, None, ChangeCause.SERVER) is not None


def steps(outcome: str) -> float:
    """The runners' `playhall_tournament_steps_total` for `outcome` so far (this process)."""
    return REGISTRY.get_sample_value("playhall_tournament_steps_total", {"outcome": outcome})


async def test_a_round_robin_of_five_plays_every_pair_once_with_byes_and_ends(hall):
    tournaments, (runner,) = runners(hall)
    before = {outcome: steps(outcome) for outcome in ("paired", "results", "finished")}
    created = await tournaments.create(request(bots(5), name="RR"), WORKER_CREDENTIAL)
    assert created.phase == tpb.TOURNAMENT_PHASE_SCHEDULED and created.rounds_planned == 5
    tid = created.tournament_id
    # The lower seed wins, except that 1 and 3 draw.
    expected = [0.0] * 5
    for _ in range(5):
        assert (await runner.run_once())[tid] == "paired"
        assert REGISTRY.get_sample_value("playhall_tournament_leases") == 1
        current = (await tournaments.get(tid)).rounds[-1]
        for pairing in current.pairings:
            if not pairing.HasField("second"):
                expected[pairing.first] += 1
                continue
            match = await hall.store.load(pairing.match_id)
            assert match.tournament_id == tid
            assert [s.kind for s in match.seats] == [SeatKind.BOT] * 2
            a, b = pairing.first, pairing.second
            if {a, b} == {1, 3}:
                winners, expected[a], expected[b] = [0, 1], expected[a] + 0.5, expected[b] + 0.5
            else:
                winners = [0] if a < b else [1]
                expected[min(a, b)] += 1
            await finish(hall, pairing.match_id, winners)
        assert (await runner.run_once())[tid] == "results"
    assert (await runner.run_once())[tid] == "finished"
    done = await tournaments.get(tid)
    assert done.phase == tpb.TOURNAMENT_PHASE_FINISHED and len(done.rounds) == 5
    met = [
        frozenset((p.first, p.second))
        for r in done.rounds
        for p in r.pairings
        if p.HasField("second")
    ]
    assert sorted(map(sorted, met)) == [list(p) for p in itertools.combinations(range(5), 2)]
    byes = sorted(p.first for r in done.rounds for p in r.pairings if not p.HasField("second"))
    assert byes == [0, 1, 2, 3, 4]
    assert {s.entrant: s.score for s in done.standings} == dict(enumerate(expected))
    assert [s.entrant for s in done.standings][0] == 0 and done.standings[0].rank == 1
    assert await runner.run_once() == {}  # no longer due
    counted = {outcome: steps(outcome) - before[outcome] for outcome in before}
    assert counted == {"paired": 5, "results": 5, "finished": 1}
    assert REGISTRY.get_sample_value("playhall_tournament_leases") == 0


async def test_a_swiss_asking_for_the_most_rounds_plays_every_one(hall):
    """Six bots over five rounds, the later entrant winning every game: paired greedily, the
    fourth round had no pairing without a repeat left and the tournament ended after three."""
    tournaments, (runner,) = runners(hall)
    created = await tournaments.create(request(bots(6), format=SWISS, rounds=5), WORKER_CREDENTIAL)
    tid = created.tournament_id
    for _ in range(5):
        assert (await runner.run_once())[tid] == "paired"
        for pairing in (await tournaments.get(tid)).rounds[-1].pairings:
            await finish(hall, pairing.match_id, [0] if pairing.first > pairing.second else [1])
        assert (await runner.run_once())[tid] == "results"
    assert (await runner.run_once())[tid] == "finished"
    done = await tournaments.get(tid)
    met = {frozenset((p.first, p.second)) for r in done.rounds for p in r.pairings}
    assert len(done.rounds) == 5 and len(met) == 15  # every pair once


async def test_swiss_rounds_the_pairing_cannot_promise_are_refused(hall, monkeypatch):
    tournaments, _ = runners(hall)
    monkeypatch.setattr(matchings, "SEARCH_STEPS", 0)  # the search finds no plan
    with pytest.raises(InvalidRequest, match="cannot promise 3 Swiss rounds.* 2 or fewer"):
        await tournaments.create(request(bots(4), format=SWISS, rounds=3), WORKER_CREDENTIAL)
    assert await tournaments.list(0) == []
    # Half the entrants' rounds need no search: any pairing without a repeat leaves them one.
    await tournaments.create(request(bots(4), format=SWISS, rounds=2), WORKER_CREDENTIAL)


async def test_a_person_enters_and_holds_their_seat_by_player_id(hall):
    tournaments, (runner,) = runners(hall)
    ada = person("ada")
    created = await tournaments.create(
        request(bots(1), enter_creator=True, format=SWISS, rounds=1), ada
    )
    assert created.created_by == ada.player_id
    assert [e.player_id for e in created.entrants] == [ada.player_id, ""]
    await runner.run_once()
    (pairing,) = (await tournaments.get(created.tournament_id)).rounds[0].pairings
    match = await hall.store.load(pairing.match_id)
    assert match.seats[0].player_id == ada.player_id
    assert match.seats[0].kind == SeatKind.HUMAN
    assert [m.match_id for m, _ in await hall.matches.running_matches(ada, 10)] == [match.match_id]


@pytest.mark.parametrize(
    ("fields", "credential", "refusal", "reason"),
    [
        ({}, None, NotAuthenticated, "Sign in"),
        ({"title_id": "chess"}, WORKER_CREDENTIAL, InvalidRequest, "Unknown title"),
        ({"entrants": bots(1)}, WORKER_CREDENTIAL, InvalidRequest, "2 to 64 entrants"),
        ({"format": 0}, WORKER_CREDENTIAL, InvalidRequest, "Choose a format"),
        (
            {"format": SWISS, "rounds": 4},
            WORKER_CREDENTIAL,
            InvalidRequest,
            "1 to 3 rounds",
        ),
        ({"clock": mpb.Clock()}, WORKER_CREDENTIAL, InvalidRequest, "need a clock"),
        (
            {"clock": mpb.Clock(seconds_per_turn=4 * 86_400, on_timeout=1, pace=2)},
            WORKER_CREDENTIAL,
            InvalidRequest,
            "turn-based time per turn",
        ),
        (
            {"entrants": [tpb.Entrant(player_id="p-x"), *bots(2)]},
            person("bob"),
            NotYourSeat,
            "not other players",
        ),
        (
            {"entrants": [tpb.Entrant(player_id=ADA), tpb.Entrant(player_id=ADA)]},
            WORKER_CREDENTIAL,
            InvalidRequest,
            "once",
        ),
        (
            {"entrants": [tpb.Entrant(player_id="p-x"), *bots(2)]},
            WORKER_CREDENTIAL,
            InvalidRequest,
            "not a player id",
        ),
        ({"start_unix_ms": 2**62}, WORKER_CREDENTIAL, InvalidRequest, "within a year"),
        ({"entrants": [tpb.Entrant(), *bots(2)]}, WORKER_CREDENTIAL, InvalidRequest, "Say who"),
    ],
)
async def test_bad_requests_are_refused_with_a_reason_and_store_nothing(
    hall, fields, credential, refusal, reason
):
    tournaments, _ = runners(hall)
    fields = {"entrants": bots(4), **fields}
    with pytest.raises(refusal, match=reason):
        await tournaments.create(request(**fields), credential)
    assert await tournaments.list(0) == []


async def test_unknown_tournaments_are_not_found(hall):
    tournaments, _ = runners(hall)
    for tid in ("nope", "0" * 24):
        with pytest.raises(NoSuchMatch, match="no tournament"):
            await tournaments.get(tid)


async def test_one_runner_at_a_time_and_another_takes_over_when_the_lease_lapses(hall):
    tournaments, (first, second) = runners(hall, 2)
    tid = (await tournaments.create(request(bots(4)), WORKER_CREDENTIAL)).tournament_id
    assert await first.run_once() == {tid: "paired"}
    assert await second.run_once() == {}  # the first holds the lease
    # The first stalls and its lease lapses: the second takes over and its writes go on;
    # the first, back, writes nothing (its writes check the lease) and pairs nothing twice.
    await hall.db.delete(lease_key(tid))
    round_one = (await tournaments.get(tid)).rounds[0]
    for pairing in round_one.pairings:
        await finish(hall, pairing.match_id, [0])
    assert await second.run_once() == {tid: "results"}
    assert await tournaments.domain.advance(tid, first.holder) == "not_holder"
    assert await second.run_once() == {tid: "paired"}
    assert len((await tournaments.get(tid)).rounds) == 2


async def test_a_tournaments_bot_only_game_goes_to_the_batch_queue(hall, embedded_redis):
    broker = redis.Redis.from_url(embedded_redis.url)
    broker.delete(LIVE_QUEUE, BATCH_QUEUE)
    hall.commits.bots = BotScheduler(broker_url_of(embedded_redis.url))
    tournaments, (runner,) = runners(hall)
    await tournaments.create(request(bots(2)), WORKER_CREDENTIAL)
    await runner.run_once()
    # Galileo's first step is simultaneous: a turn for each bot seat.
    assert (broker.llen(BATCH_QUEUE), broker.llen(LIVE_QUEUE)) == (2, 0)
    await hall.create(seats=[mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot_level=RANDOM)] * 2)
    assert (broker.llen(BATCH_QUEUE), broker.llen(LIVE_QUEUE)) == (2, 2)


class Died(BaseException):
    """The runner's process dying right after its pairing's commit."""


async def test_a_round_paired_by_a_runner_that_died_before_making_its_games_gets_them_once(
    hall, monkeypatch
):
    tournaments, (first, second) = runners(hall, 2)
    tid = (await tournaments.create(request(bots(4)), WORKER_CREDENTIAL)).tournament_id

    async def die(_tournament):
        raise Died

    with monkeypatch.context() as patched:
        patched.setattr(tournaments.domain, "_make_games", die)
        with pytest.raises(Died):
            await first.run_once()
    (round_one,) = (await tournaments.get(tid)).rounds
    ids = [p.match_id for p in round_one.pairings]
    assert [await hall.store.exists(i) for i in ids] == [False, False]
    await hall.db.delete(lease_key(tid))  # its lease lapses
    assert await second.run_once() == {tid: "waiting"}
    made = [await hall.store.load(i) for i in ids]
    assert all(m is not None and m.version == 0 for m in made)
    # Made once: another pass finds them and creates nothing more.
    assert await second.run_once() == {tid: "waiting"}
    assert [(await hall.store.load(i)).created_unix_ms for i in ids] == [
        m.created_unix_ms for m in made
    ]
    assert len((await tournaments.get(tid)).rounds) == 1


async def test_a_turn_based_tournament_plays_its_games_turn_based(hall):
    tournaments, (runner,) = runners(hall)
    days = mpb.Clock(
        seconds_per_turn=2 * 86_400,
        on_timeout=mpb.TIMEOUT_ACTION_BOT_MOVE,
        pace=mpb.PACE_TURN_BASED,
    )
    created = await tournaments.create(request(bots(2), clock=days), WORKER_CREDENTIAL)
    assert (await runner.run_once())[created.tournament_id] == "paired"
    (pairing,) = (await tournaments.get(created.tournament_id)).rounds[-1].pairings
    match = await hall.store.load(pairing.match_id)
    assert match.clock.turn_based and match.clock.seconds_per_turn == 2 * 86_400
