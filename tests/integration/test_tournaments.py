"""A Swiss tournament of 8 bots over 3 rounds through the platform: the stack's processes
(Redis, Galileo's rules service, the orchestrator, a bot worker, the archiver, PostgreSQL) and
a second orchestrator replica, which takes the tournament's lease first and is SIGKILLed once
it has paired round 1: the stack's replica takes the tournament over. Every round must cost
the least any pairing without a repeat could, and the standings agree, by this test's own
computation of the Swiss costs and tie-breaks, written from the rules (`docs/architecture.md`,
"Tournaments"), not with the orchestrator's module; every result must be the one of its match,
and the matches are archived and rated like any other."""

from __future__ import annotations

import os
import signal

import grpc
import psycopg
import pytest
import redis

from dev.devstack import Stack
from dev.process import start_orchestrator
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.tournament.v1 import tournament_service_pb2 as tpb
from playhall.tournament.v1 import tournament_service_pb2_grpc
from playhall.tournaments.store import lease_key
from tests.helpers import fresh_database, wait_until

pytestmark = pytest.mark.timeout(240)

TITLE = "galileo"
LEASE = {"PLAYHALL_TOURNAMENT_LEASE_MS": "1000"}
RPC_TIMEOUT = 10.0
TOURNAMENT_TIMEOUT = 150.0


@pytest.fixture(scope="module")
def stack(postgres_server):
    extra = {**LEASE, "PLAYHALL_TOURNAMENT_INTERVAL_S": "0.5"}
    database = fresh_database(postgres_server)
    with Stack(titles=(TITLE,), testing=True, database_url=database, extra_env=extra) as started:
        yield started


def scores(count: int, played: list[tuple[int, int | None, float]]) -> list[float]:
    score = [0.0] * count
    for a, b, points in played:
        score[a] += 1 if b is None else points
        if b is not None:
            score[b] += 1 - points
    return score


def ranking(count: int, played: list[tuple[int, int | None, float]]) -> list[int]:
    """The entrants by score, then seed."""
    score = scores(count, played)
    return sorted(range(count), key=lambda e: (-score[e], e))


def swiss_cost(count: int, played: list[tuple], pairs: list[tuple]) -> tuple[int, int, int]:
    """A round's cost by the rules, most important first: how many entrants without a bye
    rank below the one given it; the sum over games of the square of the score difference in
    half points; the sum of the squares of the players' distances in rank."""
    ranked, score = ranking(count, played), scores(count, played)
    byes = {a for a, b, _ in played if b is None}
    below_bye = floats = distances = 0
    for a, b in pairs:
        if b is None:
            below_bye = sum(e not in byes for e in ranked[ranked.index(a) + 1 :])
            continue
        floats += round(2 * (score[a] - score[b])) ** 2
        distances += (ranked.index(a) - ranked.index(b)) ** 2
    return below_bye, floats, distances


def least_swiss_cost(count: int, played: list[tuple]) -> tuple[int, int, int]:
    """The least cost of a next round without a repeat, by brute force over every pairing (the
    rounds after it do not narrow the choice: three rounds of eight always leave a pairing)."""
    met = {frozenset((a, b)) for a, b, _ in played if b is not None}
    byes = {a for a, b, _ in played if b is None}

    def pairings(pool):
        if not pool:
            yield []
            return
        top, rest = pool[0], pool[1:]
        if len(pool) % 2 and top not in byes:
            yield from ([(top, None), *tail] for tail in pairings(rest))
        for other in rest:
            if frozenset((top, other)) not in met:
                left = [e for e in rest if e != other]
                yield from ([(top, other), *tail] for tail in pairings(left))

    return min(swiss_cost(count, played, found) for found in pairings(list(range(count))))


def table(count: int, played: list[tuple[int, int | None, float]]) -> list[tuple]:
    """(entrant, score, Buchholz, Sonneborn-Berger), best first."""
    score = [0.0] * count
    for a, b, points in played:
        score[a] += 1 if b is None else points
        if b is not None:
            score[b] += 1 - points
    opponents: list[list[tuple[int, float]]] = [[] for _ in range(count)]
    for a, b, points in played:
        if b is not None:
            opponents[a].append((b, points))
            opponents[b].append((a, 1 - points))
    rows = [
        (
            e,
            score[e],
            sum(score[o] for o, _ in opponents[e]),
            sum(score[o] * won for o, won in opponents[e]),
        )
        for e in range(count)
    ]
    return sorted(rows, key=lambda r: (-r[1], -r[2], -r[3], r[0]))


def points_of(winners) -> float:
    return {(0,): 1.0, (1,): 0.0}.get(tuple(sorted(set(winners))), 0.5)


def lease_holder(stack: Stack, tournament_id: str) -> str:
    held = redis.Redis.from_url(stack.redis_url).get(lease_key(tournament_id))
    return held.decode() if held else ""


def holds(holder: str, pid: int) -> bool:
    return holder.startswith(f"{os.uname().nodename}-{pid}-")


def create_swiss(channel: grpc.Channel, operator, levels) -> str:
    """A Swiss of `levels` over 3 rounds, created through `channel`; its id."""
    return (
        tournament_service_pb2_grpc.TournamentServiceStub(channel)
        .CreateTournament(
            tpb.CreateTournamentRequest(
                name="Eight bots",
                title_id=TITLE,
                format=tpb.TOURNAMENT_FORMAT_SWISS,
                rounds=3,
                entrants=[tpb.Entrant(bot_level=level) for level in levels],
                clock=mpb.Clock(seconds_per_turn=30, on_timeout=mpb.TIMEOUT_ACTION_BOT_MOVE),
            ),
            metadata=operator,
            timeout=RPC_TIMEOUT,
        )
        .tournament.tournament_id
    )


@pytest.mark.slow
def test_a_swiss_of_eight_bots_over_three_rounds_survives_its_runner_and_agrees(stack):
    levels = [mpb.BOT_LEVEL_RANDOM, mpb.BOT_LEVEL_EASY] * 4
    operator = (("authorization", f"Bearer {stack.worker_credential}"),)
    fast = {**stack.env, **LEASE, "PLAYHALL_TOURNAMENT_INTERVAL_S": "0.05"}
    with (
        start_orchestrator(fast) as runner,
        grpc.insecure_channel(runner.address) as to_runner,
        grpc.insecure_channel(stack.orchestrator.address) as to_stack,
    ):
        # The stack's replica is stopped until the runner holds the lease: otherwise a pass of
        # its own, falling just after the creation, takes the lease first (a busy CI did).
        os.kill(stack.orchestrator.proc.pid, signal.SIGSTOP)
        try:
            tid = create_swiss(to_runner, operator, levels)
            wait_until(
                lambda: holds(lease_holder(stack, tid), runner.proc.pid), 20, "the runner's lease"
            )
        finally:
            os.kill(stack.orchestrator.proc.pid, signal.SIGCONT)
        service = tournament_service_pb2_grpc.TournamentServiceStub(to_stack)

        def paired():
            got = service.GetTournament(tpb.GetTournamentRequest(tournament_id=tid))
            return got.tournament.rounds

        # The runner pairs round 1; then it dies.
        wait_until(paired, 20, "round 1 paired", service=runner)
        assert holds(lease_holder(stack, tid), runner.proc.pid)
        runner.kill()
        # Within the lease's time (and a pass), the stack's replica goes on with it.
        assert stack.orchestrator.wait_for_log("tournament lease taken", timeout=10)
        seen = []
        for update in service.WatchStandings(
            tpb.WatchStandingsRequest(tournament_id=tid), timeout=TOURNAMENT_TIMEOUT
        ):
            seen.append(update.tournament)
    final = seen[-1]
    assert final.phase == tpb.TOURNAMENT_PHASE_FINISHED and len(final.rounds) == 3
    assert len(seen) >= 4  # the standings changed on the stream as results came in

    # Every result is its match's, and every match is a bot-only game of this tournament.
    channel = grpc.insecure_channel(stack.orchestrator.address)
    matches = match_service_pb2_grpc.MatchServiceStub(channel)
    played: list[tuple[int, int | None, float]] = []
    for number, round_ in enumerate(final.rounds):
        pairs = [(p.first, p.second) for p in round_.pairings]
        assert swiss_cost(8, played, pairs) == least_swiss_cost(8, played), number + 1
        # The higher ranked entrant first, the games by rank.
        places = [(ranking(8, played).index(a), ranking(8, played).index(b)) for a, b in pairs]
        assert all(a < b for a, b in places) and places == sorted(places), number + 1
        for pairing in round_.pairings:
            match = matches.GetMatch(
                mpb.GetMatchRequest(match_id=pairing.match_id), timeout=RPC_TIMEOUT
            ).match
            assert match.phase == mpb.MATCH_PHASE_FINISHED
            assert [s.bot_level for s in match.seats] == [
                levels[pairing.first],
                levels[pairing.second],
            ]
            assert pairing.first_points == points_of(match.winners)
            played.append((pairing.first, pairing.second, pairing.first_points))
    expected_table = table(8, played)
    assert [
        (s.entrant, s.score, s.buchholz, s.sonneborn_berger) for s in final.standings
    ] == expected_table
    assert [s.rank for s in final.standings] == list(range(1, 9))
    assert sum(s.score for s in final.standings) == 12  # 4 games a round, a point each

    # Archived and rated like any match: the random-against-easy games of round 1 (seeds
    # alternate levels, so all four) are in the archive and in the levels' rating history.
    round_one = [p.match_id for p in final.rounds[0].pairings]

    def rated():
        with psycopg.connect(stack.database_url) as connection:
            rows = connection.execute(
                "SELECT count(DISTINCT match_id) FROM rating_history WHERE match_id = ANY(%s)",
                (round_one,),
            ).fetchone()
        return rows[0] == 4

    wait_until(rated, 30, "round 1 archived and rated", service=stack.archiver)
    channel.close()
