"""The archiver as operators run it: a process of its own between the orchestrator's Redis and
the PostgreSQL archive (the session's embedded server, a fresh database per test), SIGKILLed
at the worst moments, and the archived match read back through MatchService.

Every test has a Redis of its own module (emptied per test), so the outbox holds only its own
matches. A match ends fast: a person and two bots (easy and normal, rated), the person
resigns, the bots share the win. The archiver's `PLAYHALL_ARCHIVER_PAUSE_AT` stops it for good
at one point of archiving so that the SIGKILL lands exactly there."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import grpc
import psycopg
import pytest
import redis
from grpc_health.v1 import health_pb2, health_pb2_grpc
from openskill.models import PlackettLuce

from dev.postgres_server import EmbeddedPostgres
from dev.redis_server import EmbeddedRedis
from dev.testbed import TIMEOUT, start_archiver, start_orchestrator
from playhall.accounts.tokens import player_id
from playhall.archive import database
from playhall.archive.archive import bot_player
from playhall.common.brokers import broker_url_of
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, bearer, human_seats
from playhall.matchstore import outbox
from playhall.matchstore.model import BotLevel
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from tests.helpers import (
    PLAYER_ISSUER,
    PlayerIssuer,
    assert_refused,
    connect_call,
    metric,
    scrape,
    start_gateway,
    wait_until,
)

OPENSKILL = PlackettLuce()
QUICK_RETRY = {"PLAYHALL_ARCHIVE_RETRY_S": "0.2"}
"""For every archiver of these tests: a match one of them postponed is looked at again within
the test's 20 s wait, not after the 30 s default (with a CPU hog beside the suite, a kill
test's wait once ran out with no error logged, as a postponement would make it; later, once
each, a test of an orchestrator SIGKILLed after its matches ended and the Cluster test)."""
RATED = [bot_player("galileo", BotLevel.EASY), bot_player("galileo", BotLevel.NORMAL)]


@pytest.fixture(scope="module")
def module_redis():
    with EmbeddedRedis() as server:
        yield server


class Stack:
    """A test's Redis (emptied), database (migrated), orchestrator and archivers."""

    def __init__(self, redis_url: str, database_url: str, rules_address: str):
        self.redis_url = redis_url
        self.database_url = database_url
        self.rules_address = rules_address
        self.db = redis.Redis.from_url(redis_url)
        self.db.flushall()
        self.started: list = []

    def orchestrator(self, **extra: str):
        service = start_orchestrator(
            self.redis_url,
            self.rules_address,
            **{"PLAYHALL_DATABASE_URL": self.database_url, **extra},
        )
        self.started.append(service)
        return service

    def archiver(self, **extra: str):
        """An archiver that looks at a postponed match again after 0.2 s (`QUICK_RETRY`)."""
        service = start_archiver(self.redis_url, self.database_url, **{**QUICK_RETRY, **extra})
        self.started.append(service)
        return service

    def channel(self, service) -> grpc.Channel:
        channel = grpc.insecure_channel(service.address)
        grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
        return channel

    def close(self) -> None:
        for service in self.started:
            service.kill()
        self.db.close()


@pytest.fixture
def stack(module_redis, empty_database, galileo_rules):
    database.migrate(empty_database)
    built = Stack(module_redis.url, empty_database, galileo_rules.address)
    yield built
    built.close()


def end_a_match(channel: grpc.Channel) -> str:
    """Creates a match of a person and two bots; the person resigns; the bots share the win."""
    spectator = MatchClient(channel, timeout_s=TIMEOUT)
    created = spectator.create(
        "galileo",
        [
            pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, display_name="Ada"),
            pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_EASY),
            pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_NORMAL),
        ],
    )
    ended = spectator.as_seat(created.tokens[0].token).resign(created.match.match_id).match
    assert ended.phase == pb.MATCH_PHASE_FINISHED and list(ended.winners) == [1, 2]
    return created.match.match_id


def archived_ids(url: str) -> list[str]:
    with psycopg.connect(url) as connection:
        return [row[0] for row in connection.execute("SELECT match_id FROM matches").fetchall()]


def bot_ratings(url: str) -> list[tuple[float, float, int, int]]:
    """(mu, sigma, games, history rows) of the easy and the normal bot."""
    with psycopg.connect(url) as connection:
        return [
            connection.execute(
                """
                SELECT r.mu, r.sigma, r.games,
                    (SELECT count(*) FROM rating_history h WHERE h.player_id = r.player_id)
                FROM ratings r WHERE r.player_id = %s
                """,
                (player.player_id,),
            ).fetchone()
            for player in RATED
        ]


def assert_rated_once_per_match(url: str, matches: int) -> None:
    """Both bots rated exactly `matches` times, to what openskill computes for as many
    shared wins."""
    teams = [[OPENSKILL.rating()], [OPENSKILL.rating()]]
    for _ in range(matches):
        teams = OPENSKILL.rate(teams, ranks=[1, 1])
    for (mu, sigma, games, rows), team in zip(bot_ratings(url), teams, strict=True):
        assert (games, rows) == (matches, matches)
        assert mu == pytest.approx(team[0].mu, abs=1e-9)
        assert sigma == pytest.approx(team[0].sigma, abs=1e-9)


def outbox_empty(stack: Stack) -> bool:
    return stack.db.zcard(outbox.OUTBOX) == 0


# -- exactly once -------------------------------------------------------------------------------


def test_archiver_sigkilled_before_it_writes_loses_no_match(stack):
    channel = stack.channel(stack.orchestrator())
    doomed = stack.archiver(PLAYHALL_ARCHIVER_PAUSE_AT="before_archive")
    ended = [end_a_match(channel) for _ in range(3)]
    assert doomed.wait_for_log('"paused"', timeout=20)
    wait_until(
        lambda: metric(scrape(doomed.metrics_port), "playhall_archive_outbox") == 3,
        10,
        "the outbox's length measured",
    )
    doomed.kill()
    assert archived_ids(stack.database_url) == []

    survivor = stack.archiver()
    wait_until(lambda: outbox_empty(stack), 20, "an empty outbox", service=survivor)
    assert sorted(archived_ids(stack.database_url)) == sorted(ended)
    assert_rated_once_per_match(stack.database_url, 3)


def test_archiver_sigkilled_between_its_commit_and_the_outbox_rates_each_match_once(stack):
    channel = stack.channel(stack.orchestrator())
    doomed = stack.archiver(PLAYHALL_ARCHIVER_PAUSE_AT="after_commit")
    ended = [end_a_match(channel) for _ in range(3)]
    assert doomed.wait_for_log('"paused"', timeout=20)
    doomed.kill()
    # The matches it was archiving (up to PLAYHALL_ARCHIVE_CONCURRENCY at once) whose commit
    # came before the kill are in the archive, rated, and still in the outbox.
    written = archived_ids(stack.database_url)
    assert 1 <= len(written) <= 3
    assert all(stack.db.zscore(outbox.OUTBOX, match_id) is not None for match_id in written)
    assert_rated_once_per_match(stack.database_url, len(written))

    survivor = stack.archiver()
    wait_until(lambda: outbox_empty(stack), 20, "an empty outbox", service=survivor)
    assert sorted(archived_ids(stack.database_url)) == sorted(ended)
    assert_rated_once_per_match(stack.database_url, 3)


def test_orchestrator_sigkilled_after_ending_matches_leaves_them_to_the_archiver(stack):
    doomed = stack.orchestrator()
    channel = stack.channel(doomed)
    ended = [end_a_match(channel) for _ in range(3)]
    doomed.kill()
    channel.close()

    archiver = stack.archiver()
    wait_until(lambda: outbox_empty(stack), 20, "an empty outbox", service=archiver)
    assert sorted(archived_ids(stack.database_url)) == sorted(ended)
    assert_rated_once_per_match(stack.database_url, 3)


def test_a_filed_match_that_has_not_ended_is_archived_when_it_does(stack):
    """What an orchestrator that died between filing a match and the commit that would have
    ended it leaves: an entry for a running match."""
    channel = stack.channel(stack.orchestrator())
    spectator = MatchClient(channel, timeout_s=TIMEOUT)
    created = spectator.create(
        "galileo",
        [
            pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN),
            pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_EASY),
            pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_NORMAL),
        ],
    )
    match_id = created.match.match_id
    stack.db.zadd(outbox.OUTBOX, {match_id: 0})
    archiver = stack.archiver()
    # Looked at and put back for later, not archived, not dropped.
    wait_until(lambda: (stack.db.zscore(outbox.OUTBOX, match_id) or 0) > 0, 20, "a postponed entry")
    assert archived_ids(stack.database_url) == []

    spectator.as_seat(created.tokens[0].token).resign(match_id)
    wait_until(lambda: outbox_empty(stack), 20, "an empty outbox", service=archiver)
    assert archived_ids(stack.database_url) == [match_id]
    assert_rated_once_per_match(stack.database_url, 1)


# -- an archived match answers as it did live ---------------------------------------------------


def played_match(channel: grpc.Channel) -> tuple[str, dict[int, MatchClient]]:
    """Two people and an easy bot; each person makes a move, then the first resigns and the
    second wins."""
    spectator = MatchClient(channel, timeout_s=TIMEOUT)
    created = spectator.create(
        "galileo",
        [
            pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, display_name="Ada"),
            pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, display_name="Bob"),
            pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_EASY),
        ],
    )
    match_id = created.match.match_id
    seats = {t.seat: spectator.as_seat(t.token) for t in created.tokens}
    for seat in (0, 1):
        seen = seats[seat].get(match_id)
        seats[seat].submit(match_id, moves_as_any(seen.legal_moves)[0], seen.match.version)
    assert seats[0].resign(match_id).match.phase == pb.MATCH_PHASE_FINISHED
    return match_id, {None: spectator, **seats}


def answers(callers: dict, match_id: str) -> list:
    """GetMatch, GetHistory and WatchMatch from the start of the match as a spectator and as
    each seat: the response, or the refusal's code and reason (the seat that resigned reads
    no more)."""
    found = []
    for caller in callers.values():
        for call in (caller.get, caller.history, lambda m, c=caller: list(c.watch(m, 0))):
            try:
                found.append(call(match_id))
            except grpc.RpcError as error:
                found.append((error.code(), error.details()))
    return found


def keys_of(stack: Stack, match_id: str) -> list[bytes]:
    """Every key of the match, and every index entry that names it."""
    keys = list(stack.db.scan_iter(match=f"*{match_id}*"))
    for key in stack.db.scan_iter(match="playhall:*"):
        if stack.db.type(key) == b"zset" and stack.db.zscore(key, match_id) is not None:
            keys.append(key)
    return keys


def test_an_archived_match_answers_like_a_live_one_once_its_keys_leave_redis(stack):
    channel = stack.channel(stack.orchestrator())
    match_id, callers = played_match(channel)
    live = answers(callers, match_id)
    assert len(live[1].replay.moves) == 2
    assert len(live[2]) == 3  # the spectator's watch: two moves and the resignation
    assert live[3][0] == grpc.StatusCode.PERMISSION_DENIED  # the seat that resigned
    assert live[6].view.ByteSize() > 0  # a seat's view of the final state

    archiver = stack.archiver(PLAYHALL_ARCHIVE_GRACE_S="0.3")
    wait_until(lambda: not keys_of(stack, match_id), 20, "no key of the match", service=archiver)
    assert archived_ids(stack.database_url) == [match_id]
    assert answers(callers, match_id) == live
    assert metric(scrape(archiver.metrics_port), "playhall_archive_purged_total") == 1
    # What it refused live, it refuses archived.
    assert_refused(grpc.StatusCode.FAILED_PRECONDITION, callers[1].resign, match_id)
    assert_refused(grpc.StatusCode.NOT_FOUND, callers[None].get, "0" * 24)


def test_without_an_archive_a_purged_match_is_unknown(stack):
    """The read-through is what answers: an orchestrator without PLAYHALL_DATABASE_URL does
    not know the purged match."""
    channel = stack.channel(stack.orchestrator())
    match_id, callers = played_match(channel)
    archiver = stack.archiver(PLAYHALL_ARCHIVE_GRACE_S="0")
    wait_until(lambda: not keys_of(stack, match_id), 20, "no key of the match", service=archiver)
    blind = stack.channel(stack.orchestrator(PLAYHALL_DATABASE_URL=""))
    assert_refused(grpc.StatusCode.NOT_FOUND, MatchClient(blind, timeout_s=TIMEOUT).get, match_id)


# -- on a Redis Cluster -------------------------------------------------------------------------


def test_on_a_redis_cluster_a_match_is_archived_once_and_leaves_every_node(
    stack, redis_cluster, module_redis
):
    """The outbox is a key in another slot than the match's: filed before the ending commit,
    it still names every ended match; the purge's DEL of the match's keys is one slot."""
    cluster = redis_cluster.client()
    cluster.flushall()  # what earlier modules left: this test's archiver would take it
    on_cluster = {
        "REDIS_URL": redis_cluster.url,
        "PLAYHALL_REDIS_CLUSTER": "1",
        "CELERY_BROKER_URL": broker_url_of(module_redis.url),
    }
    channel = stack.channel(stack.orchestrator(**on_cluster))
    ended = [end_a_match(channel) for _ in range(2)]
    match_id, callers = played_match(channel)
    live = answers(callers, match_id)
    archiver = stack.archiver(**on_cluster, PLAYHALL_ARCHIVE_GRACE_S="0.3")

    def gone() -> bool:
        # The purge deletes a match's keys, then its purge entry: wait for both.
        keys = any(list(cluster.scan_iter(match=f"*{m}*")) for m in [*ended, match_id])
        return not keys and cluster.zcard(outbox.OUTBOX) == 0 == cluster.zcard(outbox.PURGE)

    wait_until(gone, 30, "no key of the matches on any node, empty outboxes", service=archiver)
    assert sorted(archived_ids(stack.database_url)) == sorted([*ended, match_id])
    assert_rated_once_per_match(stack.database_url, 2)
    assert answers(callers, match_id) == live
    cluster.close()


READ_BOUND_S = 4.0
"""How long a read of an archive out of reach may take to be refused: the orchestrator waits
`PLAYHALL_DATABASE_TIMEOUT_S` (2 s) for a working connection, and this leaves room for a loaded
machine; psycopg_pool's own default, 30 s, ran past every client's deadline."""


def serving(channel: grpc.Channel, service: str) -> int:
    """The orchestrator's health status of `service` ("" for the server's own)."""
    stub = health_pb2_grpc.HealthStub(channel)
    return stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=TIMEOUT).status


def timed_refusal(call, *args) -> tuple[float, grpc.RpcError | None]:
    """How long `call` took, and the error it failed with (None: it answered)."""
    started = time.monotonic()
    try:
        call(*args)
    except grpc.RpcError as error:
        return time.monotonic() - started, error
    return time.monotonic() - started, None


@pytest.mark.slow
def test_an_archive_out_of_reach_is_refused_at_once_until_it_is_back(module_redis, galileo_rules):
    """A PostgreSQL of this test's own, SIGKILLed once a match lives only in it: every read of
    the archive (an archived match's GetMatch and GetHistory, a leaderboard) is refused
    UNAVAILABLE within seconds, not after the pool's 30 s; PlayerService's health turns
    NOT_SERVING while live play goes on; and started again, the archive answers again within a
    few seconds, health SERVING."""
    with EmbeddedPostgres(durable=False) as postgres:
        url = postgres.create_database("playhall")
        database.migrate(url)
        stack = Stack(module_redis.url, url, galileo_rules.address)
        try:
            orchestrator = stack.orchestrator(PLAYHALL_DATABASE_CHECK_INTERVAL_S="0.5")
            channel = stack.channel(orchestrator)
            # A deadline far beyond the bound: a read that waits is seen waiting, not cut.
            spectator = MatchClient(channel, timeout_s=12)
            players = player_service_pb2_grpc.PlayerServiceStub(channel)
            board = ppb.GetLeaderboardRequest(title_id="galileo", include_provisional=True)

            def leaderboard():
                return players.GetLeaderboard(board, timeout=12)

            match_id = end_a_match(channel)
            stack.archiver(PLAYHALL_ARCHIVE_GRACE_S="0")
            wait_until(lambda: not keys_of(stack, match_id), 20, "no key of the match")
            answered = spectator.history(match_id)
            assert len(leaderboard().entries) == 2
            assert serving(channel, PLAYERS) == health_pb2.HealthCheckResponse.SERVING

            postgres.kill()
            # Only the postmaster is SIGKILLed: a backend holding one of the orchestrator's
            # connections may answer once more before it notices its postmaster gone.
            reads = [
                lambda: spectator.history(match_id),
                lambda: spectator.get(match_id),
                leaderboard,
            ]
            refused = 0
            started = time.monotonic()
            while refused < 4:
                took, error = timed_refusal(reads[refused % len(reads)])
                assert took < READ_BOUND_S, f"a read took {took:.1f} s ({error})"
                if error is not None:
                    assert error.code() == grpc.StatusCode.UNAVAILABLE, error.details()
                    assert "archive" in error.details() and "try again" in error.details()
                    refused += 1
                assert time.monotonic() - started < 30, "reads still answered"
            wait_until(
                lambda: serving(channel, PLAYERS) == health_pb2.HealthCheckResponse.NOT_SERVING,
                10,
                "PlayerService not serving",
                service=orchestrator,
            )
            # Live matches are Redis's: they play on, and the server stays SERVING for them.
            assert spectator.create("galileo", human_seats(2)).match.match_id
            assert serving(channel, "") == health_pb2.HealthCheckResponse.SERVING
            assert serving(channel, MATCHES) == health_pb2.HealthCheckResponse.SERVING

            postgres.start()
            recovered = wait_until(
                lambda: _history_or_none(spectator, match_id), 10, "the archive answering again"
            )
            assert recovered == answered
            assert len(leaderboard().entries) == 2
            wait_until(
                lambda: serving(channel, PLAYERS) == health_pb2.HealthCheckResponse.SERVING,
                10,
                "PlayerService serving again",
                service=orchestrator,
            )
        finally:
            stack.close()


def readyz(port: int) -> int:
    """The HTTP status of the archiver's readiness endpoint."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_archiver_is_ready_while_postgres_answers_and_counts_rating_updates(
    module_redis, galileo_rules
):
    """/readyz (the readiness probe) follows PostgreSQL, SIGKILLed and started again, while the
    process lives on; an archived match counts its rated players (the two bots) once."""
    with EmbeddedPostgres(durable=False) as postgres:
        url = postgres.create_database("playhall")
        database.migrate(url)
        stack = Stack(module_redis.url, url, galileo_rules.address)
        try:
            channel = stack.channel(stack.orchestrator())
            archiver = stack.archiver()
            port = archiver.metrics_port
            wait_until(lambda: readyz(port) == 200, 20, "the archiver ready")
            match_id = end_a_match(channel)
            wait_until(lambda: outbox_empty(stack), 20, "the match archived")
            assert archived_ids(url) == [match_id]
            samples = scrape(port)
            assert metric(samples, "playhall_matches_archived_total", title="galileo") == 1
            assert metric(samples, "playhall_ratings_updated_total", title="galileo") == 2

            postgres.kill()
            wait_until(lambda: readyz(port) == 503, 20, "the archiver unready")
            assert archiver.proc.poll() is None
            postgres.start()
            wait_until(lambda: readyz(port) == 200, 30, "the archiver ready again")
        finally:
            stack.close()


def _history_or_none(client: MatchClient, match_id: str):
    try:
        return client.history(match_id)
    except grpc.RpcError as error:
        assert error.code() == grpc.StatusCode.UNAVAILABLE, error.details()
        return None


# -- a signed-in player's archive, through the gateway ------------------------------------------

PLAYERS = "playhall.players.v1.PlayerService"
MATCHES = "playhall.match.v1.MatchService"


def test_a_signed_in_players_finished_match_is_rated_and_listed_through_the_gateway(stack):
    """Ada, signed in, resigns against an easy bot (no bot worker runs here); the archiver
    rates them both; her pages answer over Connect, and over gRPC."""
    issuer = PlayerIssuer()
    orchestrator = stack.orchestrator(**issuer.env)
    channel = stack.channel(orchestrator)
    token = issuer.token("ada", name="Ada")
    ada = MatchClient(channel, token, timeout_s=TIMEOUT)
    me = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
    lost = ada.create(
        "galileo", [me, pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_EASY)]
    )
    ada.resign(lost.match.match_id)
    stack.archiver()
    wait_until(lambda: len(archived_ids(stack.database_url)) == 1, 20, "the match archived")
    ada_id = player_id(PLAYER_ISSUER, "ada")
    easy = bot_player("galileo", BotLevel.EASY)

    with start_gateway(orchestrator.address) as gateway:
        base = f"http://127.0.0.1:{gateway.port}"
        status, finished = connect_call(base, PLAYERS, "ListFinishedMatches", {}, token)
        assert status == 200, finished
        (entry,) = finished["matches"]
        assert entry["match"]["matchId"] == lost.match.match_id and entry["seats"] == [0]
        assert entry["ratingAfter"]["matches"] == 1
        status, mine = connect_call(base, PLAYERS, "GetRatings", {}, token)
        assert status == 200, mine
        # Her resignation finished the match: karma 75 + 2 (its zero counts are left out).
        reputation = {"finished": 1, "karma": 77}
        assert mine["player"] == {
            "playerId": ada_id,
            "displayName": "Ada",
            "reputation": reputation,
        }
        (rating,) = mine["ratings"]
        # What openskill makes of a loss of two newcomers.
        loss = OPENSKILL.rate([[OPENSKILL.rating()], [OPENSKILL.rating()]], ranks=[2, 1])[0][0]
        assert rating["mu"] == pytest.approx(loss.mu, abs=1e-9)
        assert rating["provisional"] is True
        status, board = connect_call(
            base,
            PLAYERS,
            "GetLeaderboard",
            {"titleId": "galileo", "includeProvisional": True},
            token,
        )
        assert status == 200, board
        assert [(e["rank"], e["player"]["playerId"]) for e in board["entries"]] == [
            (1, easy.player_id),
            (2, ada_id),
        ]
        assert board["entries"][0]["player"]["bot"] is True
        # Settled ratings only by default: after one match nobody is.
        assert connect_call(base, PLAYERS, "GetLeaderboard", {"titleId": "galileo"}, token) == (
            200,
            {},
        )
        status, refused = connect_call(
            base, PLAYERS, "ListFinishedMatches", {"pageToken": "garbage"}, token
        )
        assert (status, refused["code"]) == (400, "invalid_argument")
        assert "page_token" in refused["message"]
        # A player the archive does not know yet: an answer without ratings.
        unknown = "p-" + "0" * 32
        status, answer = connect_call(base, PLAYERS, "GetRatings", {"playerId": unknown}, token)
        assert (status, answer) == (200, {"player": {"playerId": unknown}})
    # Straight over gRPC, the same refusal of a bad size.
    stub = player_service_pb2_grpc.PlayerServiceStub(channel)
    with pytest.raises(grpc.RpcError) as refused:
        stub.GetLeaderboard(
            ppb.GetLeaderboardRequest(title_id="galileo", page_size=-3),
            metadata=bearer(token),
            timeout=TIMEOUT,
        )
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "page_size" in refused.value.details()
