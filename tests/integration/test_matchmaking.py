"""Matchmaking on real processes: two orchestrator replicas on a Redis of this module's own
(no other orchestrator competes for the queues' leases), a real PostgreSQL archive holding the
ratings tickets are scored by, and signed-in players on EnterQueue streams over gRPC.

The windows and waits are short (`FAST`) so every test takes seconds."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import random
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field

import grpc
import psycopg
import pytest
import redis

from dev.redis_server import EmbeddedRedis
from dev.testbed import TIMEOUT, Backend, cluster_backend
from playhall.accounts.tokens import player_id
from playhall.archive import database
from playhall.archive.archive import BOT_ISSUER
from playhall.common.brokers import broker_url_of
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.match_client import MatchClient
from playhall.matchmaking.queue_store import queue_key, tickets_key
from playhall.matchmaking.v1 import matchmaking_service_pb2 as pb
from playhall.matchmaking.v1 import matchmaking_service_pb2_grpc
from tests.helpers import (
    PLAYER_ISSUER,
    TITLE,
    PlayerIssuer,
    fresh_database,
    metric,
    scrape,
    start_gateway,
    wait_until,
)

FAST = {
    "PLAYHALL_MATCHMAKING_INTERVAL_S": "0.05",
    "PLAYHALL_MATCHMAKING_WINDOW": "1",
    "PLAYHALL_MATCHMAKING_WINDOW_GROWTH": "4",
    "PLAYHALL_MATCHMAKING_BOT_FILL_AFTER_S": "2.5",
    "PLAYHALL_MATCHMAKING_TICKET_GRACE_S": "3",
    "PLAYHALL_MATCHMAKING_LEASE_MS": "800",
    "PLAYHALL_MATCHMAKING_POLL_MS": "100",
    "PLAYHALL_DATABASE_MIGRATE": "0",
}
"""A window of 1 rating point growing by 4 a second, bots after 2.5 s, a lease of 0.8 s."""


@pytest.fixture(scope="module")
def issuer() -> PlayerIssuer:
    return PlayerIssuer()


BOT_RATINGS = {"random": 10.0, "easy": 17.0, "normal": 24.0, "hard": 31.0}


@pytest.fixture(scope="module")
def archive_url(postgres_server) -> str:
    """An archive whose bot levels of Galileo are rated `BOT_RATINGS`."""
    url = fresh_database(postgres_server)
    database.migrate(url)
    for level, mu in BOT_RATINGS.items():
        set_rating(url, BOT_ISSUER, f"{TITLE}/{level}", mu, kind="bot")
    return url


@dataclass
class Hall:
    """Two orchestrator replicas on one storage, trusting `issuer`, with the archive."""

    db: redis.Redis | redis.RedisCluster
    replicas: list = field(default_factory=list)


@contextlib.contextmanager
def replicas_on(backend: Backend, galileo_rules, issuer, archive_url, **extra: str):
    env = {**issuer.env, **FAST, "PLAYHALL_DATABASE_URL": archive_url, **extra}
    with contextlib.ExitStack() as stack:
        replicas = [
            stack.enter_context(backend.start_orchestrator(galileo_rules.address, **env))
            for _ in range(2)
        ]
        yield Hall(backend.client(), replicas)


@contextlib.contextmanager
def hall(galileo_rules, issuer, archive_url, **extra: str):
    """On a Redis of its own: no other orchestrator competes for the queues' leases."""
    with EmbeddedRedis() as server:
        backend = Backend("redis", server.url)
        with replicas_on(backend, galileo_rules, issuer, archive_url, **extra) as found:
            yield found


@pytest.fixture(scope="module")
def shared_hall(galileo_rules, issuer, archive_url):
    with hall(galileo_rules, issuer, archive_url) as found:
        yield found


SEATING = {
    "PLAYHALL_MATCHMAKING_SEAT_GRACE_S": "2",
    "PLAYHALL_MATCHMAKING_CLOCK_SECONDS_PER_TURN": "0",
    "PLAYHALL_MATCHMAKING_CLOCK_BANK_INITIAL_SECONDS": "90",
    "PLAYHALL_MATCHMAKING_CLOCK_BANK_INCREMENT_SECONDS": "5",
    "PLAYHALL_MATCHMAKING_CLOCK_ON_TIMEOUT": "bot_move",
}
"""A seat grace of 2 s, and a Fischer clock (90 s, 5 s back a turn) that plays a bot move."""
SEATING_CLOCK = mpb.Clock(
    bank_initial_seconds=90,
    bank_increment_seconds=5,
    on_timeout=mpb.TIMEOUT_ACTION_BOT_MOVE,
    pace=mpb.PACE_LIVE,
)


@pytest.fixture(scope="module")
def seating_hall(galileo_rules, issuer, archive_url):
    """A hall of its own whose queues start matches on `SEATING`'s clock and grace."""
    with hall(galileo_rules, issuer, archive_url, **SEATING) as found:
        yield found


def set_rating(url: str, issuer: str, subject: str, mu: float, kind: str = "person") -> None:
    """Gives a player (or a bot level, `kind` "bot") a rating in Galileo in the archive."""
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(
            """
            INSERT INTO players (id, issuer, subject, kind, display_name)
            VALUES (%s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING
            """,
            (player_id(issuer, subject), issuer, subject, kind, subject[:24]),
        )
        connection.execute(
            """
            INSERT INTO ratings (player_id, title_id, mu, sigma, games, updated_at)
            VALUES (%s, %s, %s, 3, 10, now())
            ON CONFLICT (player_id, title_id) DO UPDATE SET mu = EXCLUDED.mu
            """,
            (player_id(issuer, subject), TITLE, mu),
        )


@dataclass
class Outcome:
    """What one EnterQueue stream saw."""

    waiting: list[pb.Waiting] = field(default_factory=list)
    matched: pb.Matched | None = None
    error: grpc.aio.AioRpcError | None = None


async def follow(address: str, token: str, players: int, timeout: float) -> Outcome:
    """One EnterQueue stream, to its end (or `timeout`)."""
    outcome = Outcome()
    async with grpc.aio.insecure_channel(address) as channel:
        stub = matchmaking_service_pb2_grpc.MatchmakingServiceStub(channel)
        call = stub.EnterQueue(
            pb.EnterQueueRequest(title_id=TITLE, players=players),
            metadata=[("authorization", f"Bearer {token}")],
            timeout=timeout,
        )
        try:
            async for update in call:
                if update.HasField("matched"):
                    outcome.matched = update.matched
                else:
                    outcome.waiting.append(update.waiting)
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.DEADLINE_EXCEEDED:
                outcome.error = error
    return outcome


def matchmade(address: str) -> dict[str, mpb.MatchSummary]:
    """Every match of the store (all of them made by the matchmaker), by id."""
    with grpc.insecure_channel(address) as channel:
        stub = match_service_pb2_grpc.MatchServiceStub(channel)
        listed = stub.ListMatches(
            mpb.ListMatchesRequest(title_id=TITLE, limit=500), timeout=TIMEOUT
        )
    return {m.match_id: m for m in listed.matches}


def test_racing_tickets_over_two_replicas_are_each_matched_exactly_once(shared_hall, issuer):
    """200 players enter the 2- and 3-player queues at once, through either replica, a third
    of them twice at the same moment (another device), some leaving again: every player is
    handed one seat in one match (the same by both streams) or is still queued or left, and
    every seat of a matchmade match is a player who was handed it."""
    race_tickets(shared_hall, issuer, [f"racer-{n}" for n in range(200)])


def test_racing_tickets_on_a_redis_cluster(
    galileo_rules, issuer, archive_url, redis_cluster, redis_server
):
    """The same race, smaller, on the session's Redis Cluster (a title's queues in one slot)."""
    backend = cluster_backend(redis_cluster, broker_url_of(redis_server.url))
    with replicas_on(backend, galileo_rules, issuer, archive_url) as found:
        race_tickets(found, issuer, [f"cluster-racer-{n}" for n in range(60)])


def race_tickets(hall: Hall, issuer: PlayerIssuer, subjects: list[str]) -> None:
    rng = random.Random(24)
    tokens = {s: issuer.token(s, name=f"Racer {n}") for n, s in enumerate(subjects)}
    players = {s: rng.choice((2, 3)) for s in subjects}
    twice = set(rng.sample(subjects, len(subjects) // 3))
    leaving = set(rng.sample(sorted(set(subjects) - twice), len(subjects) // 20))
    addresses = [r.address for r in hall.replicas]

    async def leave(subject: str) -> bool:
        await asyncio.sleep(rng.uniform(0, 0.3))
        async with grpc.aio.insecure_channel(rng.choice(addresses)) as channel:
            stub = matchmaking_service_pb2_grpc.MatchmakingServiceStub(channel)
            try:
                reply = await stub.LeaveQueue(
                    pb.LeaveQueueRequest(title_id=TITLE),
                    metadata=[("authorization", f"Bearer {tokens[subject]}")],
                    timeout=TIMEOUT,
                )
            except grpc.aio.AioRpcError as error:  # matched first: too late to leave
                assert error.code() == grpc.StatusCode.FAILED_PRECONDITION, error
                assert "matched already" in error.details()
                return False
            return reply.left

    async def run():
        streams = {}
        for subject in subjects:
            copies = 2 if subject in twice else 1
            streams[subject] = [
                follow(addresses[(i + hash(subject)) % 2], tokens[subject], players[subject], 30)
                for i in range(copies)
            ]
        flat = [(s, c) for s, cs in streams.items() for c in cs]
        leaves = [leave(s) for s in sorted(leaving)]
        results = await asyncio.gather(*(c for _, c in flat), *leaves)
        by_subject = collections.defaultdict(list)
        for (subject, _), result in zip(flat, results, strict=False):
            by_subject[subject].append(result)
        return by_subject

    outcomes = asyncio.run(run())
    db = hall.db
    matches = matchmade(addresses[0])
    ours = {player_id(PLAYER_ISSUER, subject) for subject in subjects}
    seated = collections.Counter(
        seat.player_id for m in matches.values() for seat in m.seats if seat.player_id in ours
    )
    handed = 0
    for subject in subjects:
        pid = player_id(PLAYER_ISSUER, subject)
        got = [o.matched for o in outcomes[subject] if o.matched is not None]
        for outcome in outcomes[subject]:
            if outcome.error is not None:  # only a ticket that left may end so
                assert subject in leaving, outcome.error
                assert outcome.error.code() == grpc.StatusCode.FAILED_PRECONDITION
        if got:
            handed += 1
            assert len({m.match.match_id for m in got}) == 1, f"{subject} matched twice"
            match = matches[got[0].match.match_id]
            assert [s.seat for s in match.seats if s.player_id == pid] == [got[0].token.seat]
            assert seated[pid] == 1
            assert len(match.seats) == players[subject]
        else:
            queued = db.hexists(tickets_key(TITLE), pid)
            assert queued or subject in leaving, f"{subject} was neither matched nor queued"
            assert seated[pid] == 0
    # No seat of a matchmade match went to one of them without their being handed it.
    assert sum(seated.values()) == handed
    # Bots fill what players did not after 2.5 s: everyone who stayed has a seat.
    assert handed >= len(subjects) - len(leaving)
    # What is not matched is still in its queue's sets, consistently.
    for count in (2, 3):
        assert db.zcard(queue_key(TITLE, count, "queue")) == db.zcard(
            queue_key(TITLE, count, "entered")
        )


def test_the_window_widens_until_players_apart_in_rating_meet(shared_hall, issuer, archive_url):
    """Two players 6 points apart wait until their windows (1 point, plus 4 a second) cover
    the gap, then meet each other (not bots, which come only after 2.5 s); two players of one
    rating meet at once."""
    set_rating(archive_url, PLAYER_ISSUER, "low", 20.0)
    set_rating(archive_url, PLAYER_ISSUER, "high", 26.0)
    set_rating(archive_url, PLAYER_ISSUER, "twin-a", 40.0)
    set_rating(archive_url, PLAYER_ISSUER, "twin-b", 40.0)
    a, b = (r.address for r in shared_hall.replicas)

    async def run():
        return await asyncio.gather(
            follow(a, issuer.token("low"), 2, 20),
            follow(b, issuer.token("high"), 2, 20),
            follow(a, issuer.token("twin-a"), 2, 20),
            follow(b, issuer.token("twin-b"), 2, 20),
        )

    low, high, twin_a, twin_b = asyncio.run(run())
    assert low.matched and high.matched
    assert low.matched.match.match_id == high.matched.match.match_id
    assert low.matched.bot_seats == 0
    # The window reached 6 after (6 - 1) / 4 = 1.25 s, not before.
    assert 1100 <= low.matched.waited_ms < 2500
    windows = [w.window for w in low.waiting]
    assert windows == sorted(windows) and windows[0] < 2 and windows[-1] > 4
    assert {w.rating for w in low.waiting} == {20.0}
    assert twin_a.matched, (twin_a, twin_b)
    assert twin_a.matched.match.match_id == twin_b.matched.match.match_id
    assert twin_a.matched.waited_ms < 1000


def test_bots_fill_after_the_wait_at_the_nearest_level(shared_hall, issuer, archive_url):
    """A player alone in a queue is matched with bots once 2.5 s have passed: in the 2-player
    queue a player rated 30 gets the hard bot (rated 31), in the 3-player one a player rated
    16 gets two easy bots (rated 17). The matches run on the queues' default clock."""
    set_rating(archive_url, PLAYER_ISSUER, "strong", 30.0)
    set_rating(archive_url, PLAYER_ISSUER, "weak", 16.0)
    a, b = (r.address for r in shared_hall.replicas)

    async def run():
        return await asyncio.gather(
            follow(a, issuer.token("strong"), 2, 20), follow(b, issuer.token("weak"), 3, 20)
        )

    strong, weak = asyncio.run(run())
    assert strong.matched.bot_seats == 1 and weak.matched.bot_seats == 2
    assert strong.matched.waited_ms >= 2500 and weak.matched.waited_ms >= 2500
    assert 0 < strong.waiting[0].bots_in_ms <= 2500
    levels = {s.bot_level for s in strong.matched.match.seats if s.kind == mpb.SEAT_KIND_BOT}
    assert levels == {mpb.BOT_LEVEL_HARD}
    weak_levels = [s.bot_level for s in weak.matched.match.seats if s.kind == mpb.SEAT_KIND_BOT]
    assert weak_levels == [mpb.BOT_LEVEL_EASY] * 2
    assert strong.matched.match.phase == mpb.MATCH_PHASE_RUNNING
    # On the queues' default pace: two minutes a turn, forfeited when it runs out.
    pace = mpb.Clock(
        seconds_per_turn=120, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT, pace=mpb.PACE_LIVE
    )
    assert strong.matched.match.clock == weak.matched.match.clock == pace
    assert strong.matched.match.deadline_unix_ms > 0
    # Whichever replica held each queue counted them.
    samples = [scrape(r.metrics_port) for r in shared_hall.replicas]

    def total(name: str, **labels: str) -> float:
        return sum(metric(s, name, title=TITLE, **labels) for s in samples)

    assert total("playhall_queue_bot_seats_total", players="2") >= 1
    assert total("playhall_queue_bot_seats_total", players="3") >= 2
    assert total("playhall_queue_matches_total", players="2", kind="bots") >= 1
    assert total("playhall_queue_wait_seconds_count", players="3") >= 1
    assert max(metric(s, "playhall_queue_leases") for s in samples) >= 1


def test_a_sigkilled_lease_holder_is_taken_over(galileo_rules, issuer, archive_url):
    """The replica holding the 2-player queue's lease is SIGKILLed with a player waiting on
    it; the other replica takes the lease over within its 0.8 s, and the waiting player, back
    on the surviving replica, is matched with a newcomer."""
    with hall(galileo_rules, issuer, archive_url) as found:
        db = found.db
        lease = queue_key(TITLE, 2, "lease")
        holder = wait_until(lambda: db.get(lease), TIMEOUT, "a lease holder").decode()
        victim = next(r for r in found.replicas if f"-{r.proc.pid}-" in holder)
        survivor = next(r for r in found.replicas if r is not victim)
        token = issuer.token("patient")

        async def before_kill():
            # The stream ends when the replica dies; the ticket stays.
            return await follow(victim.address, token, 2, 0.5)

        waited = asyncio.run(before_kill())
        assert waited.matched is None and waited.waiting
        victim.kill()
        killed_at = time.monotonic()

        async def after_kill():
            return await asyncio.gather(
                follow(survivor.address, token, 2, 20),
                follow(survivor.address, issuer.token("newcomer"), 2, 20),
            )

        patient, newcomer = asyncio.run(after_kill())
        assert patient.matched.match.match_id == newcomer.matched.match.match_id
        assert patient.matched.bot_seats == 0
        assert time.monotonic() - killed_at < 8
        assert f"-{survivor.proc.pid}-" in db.get(lease).decode()


def test_only_signed_in_players_enter_and_bad_queues_are_refused(shared_hall, issuer):
    """No token, a seat-token-like bearer, a forged player token: UNAUTHENTICATED with the
    reason; an unknown title or a player count Galileo is not played by: INVALID_ARGUMENT; a
    second queue of the title: FAILED_PRECONDITION. None of them leaves a ticket."""
    address = shared_hall.replicas[0].address
    forged = PlayerIssuer().token("mallory")  # signed by a key the replicas do not trust
    token = issuer.token("choosy")

    async def refusal(bearer: str | None, title: str = TITLE, players: int = 2):
        metadata = [("authorization", f"Bearer {bearer}")] if bearer else []
        async with grpc.aio.insecure_channel(address) as channel:
            stub = matchmaking_service_pb2_grpc.MatchmakingServiceStub(channel)
            call = stub.EnterQueue(
                pb.EnterQueueRequest(title_id=title, players=players),
                metadata=metadata,
                timeout=TIMEOUT,
            )
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                async for _ in call:
                    pass
            return refused.value.code(), refused.value.details()

    async def too_many_streams():
        # Four streams of one player are followed; a fifth on the same replica is refused.
        many = issuer.token("many-tabs")
        tabs = [asyncio.create_task(follow(address, many, 5, 2)) for _ in range(4)]
        await asyncio.sleep(1.0)
        refused = await refusal(many, TITLE, 5)
        await asyncio.gather(*tabs)
        return refused

    async def run():
        results = [
            await too_many_streams(),
            await refusal(None),
            await refusal("a-seat-token-names-a-seat"),
            await refusal(forged),
            await refusal(token, "chess"),
            await refusal(token, TITLE, 6),
        ]
        waiting = asyncio.create_task(follow(address, token, 3, 2))
        await asyncio.sleep(0.5)
        results.append(await refusal(token, TITLE, 2))
        await waiting
        return results

    crowded, none, seat, bad, title, count, elsewhere = asyncio.run(run())
    assert crowded[0] == grpc.StatusCode.RESOURCE_EXHAUSTED and "4 streams" in crowded[1]
    unauthenticated = grpc.StatusCode.UNAUTHENTICATED
    assert none[0] == seat[0] == bad[0] == unauthenticated
    assert "Sign in to be matched" in none[1] and "Sign in to be matched" in seat[1]
    assert title == (grpc.StatusCode.INVALID_ARGUMENT, title[1]) and "Unknown title" in title[1]
    assert count[0] == grpc.StatusCode.INVALID_ARGUMENT and "2 to 5 players, not 6" in count[1]
    assert elsewhere[0] == grpc.StatusCode.FAILED_PRECONDITION
    assert "already waiting in the 3-player queue" in elsewhere[1]
    db = shared_hall.db
    for subject in ("mallory",):
        assert not db.hexists(tickets_key(TITLE), player_id(PLAYER_ISSUER, subject))


def test_the_gateway_forwards_the_queue_over_connect(shared_hall, issuer):
    """Through a gateway over Connect with JSON: LeaveQueue without a token is the
    orchestrator's UNAUTHENTICATED, word for word; with one it answers; EnterQueue's stream
    comes through, message by message, until its deadline."""
    with start_gateway(shared_hall.replicas[0].address) as gateway:
        base = f"http://127.0.0.1:{gateway.port}/playhall.matchmaking.v1.MatchmakingService/"
        json_headers = {"content-type": "application/json", "connect-protocol-version": "1"}
        body = json.dumps({"titleId": TITLE}).encode()
        request = urllib.request.Request(base + "LeaveQueue", body, json_headers, method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=TIMEOUT)
        error = json.loads(refused.value.read())
        assert refused.value.code == 401 and error["code"] == "unauthenticated"
        assert "Sign in to be matched" in error["message"]
        token = issuer.token("through-the-gateway")
        signed = {**json_headers, "authorization": f"Bearer {token}"}
        request = urllib.request.Request(base + "LeaveQueue", body, signed, method="POST")
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            assert json.loads(response.read()) == {}  # left: false, proto JSON's default
        # The stream: enveloped JSON messages (flags byte, length, message), then the trailer.
        streaming = {
            "content-type": "application/connect+json",
            "connect-protocol-version": "1",
            "connect-timeout-ms": "1500",
            "authorization": f"Bearer {token}",
        }
        message = json.dumps({"titleId": TITLE, "players": 4}).encode()
        envelope = b"\0" + len(message).to_bytes(4, "big") + message
        request = urllib.request.Request(base + "EnterQueue", envelope, streaming, method="POST")
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            raw = response.read()
        messages = []
        while raw:
            flags, size = raw[0], int.from_bytes(raw[1:5], "big")
            messages.append((flags, json.loads(raw[5 : 5 + size])))
            raw = raw[5 + size :]
        updates = [m["waiting"] for flags, m in messages if not flags & 2]
        assert updates and updates[0]["rating"] == 25.0 and updates[0]["queued"] == 1
        assert messages[-1][0] & 2 and messages[-1][1]["error"]["code"] == "deadline_exceeded"


def summary_of(address: str, match_id: str) -> mpb.MatchSummary:
    """The match as a spectator reads it."""
    with grpc.insecure_channel(address) as channel:
        return MatchClient(channel).get(match_id, omit_legal_moves=True).match


async def no_show(address: str, token: str, players: int) -> Outcome:
    """A player who enters, hears where they stand, and goes: the ticket stays followed for
    the ticket grace (3 s), so it is matched all the same, and nobody collects its seat."""
    gone = await follow(address, token, players, 1.0)
    assert gone.waiting and gone.matched is None and gone.error is None
    return gone


def test_a_two_player_match_whose_second_player_never_comes_is_void(seating_hall, issuer):
    """A matchmade match starts on the queue's clock. Its second player entered and went
    before the match was made, so never took the seat: 2 s (the seat grace) after the match
    was made it ends ABANDONED with no winners (void, rating nobody), and both players
    entering again are matched anew, together, never handed the void match."""
    a, b = (r.address for r in seating_hall.replicas)
    came, went = issuer.token("came"), issuer.token("went")

    async def matched():
        await no_show(b, went, 2)
        return await follow(a, came, 2, 10)

    first = asyncio.run(matched()).matched
    handed_at = time.monotonic()
    match = first.match
    assert match.clock == SEATING_CLOCK and match.deadline_unix_ms > 0
    assert len(match.bank_ms) == 2 and all(85_000 < ms <= 90_000 for ms in match.bank_ms)
    assert match.phase == mpb.MATCH_PHASE_RUNNING and first.bot_seats == 0
    assert {s.player_id for s in match.seats} == {
        player_id(PLAYER_ISSUER, "came"),
        player_id(PLAYER_ISSUER, "went"),
    }

    def ended() -> mpb.MatchSummary | None:
        found = summary_of(a, match.match_id)
        return found if found.phase == mpb.MATCH_PHASE_FINISHED else None

    void = wait_until(ended, 8, "void match", 0.05, seating_hall.replicas[0])
    assert 1.5 <= time.monotonic() - handed_at < 5
    assert void.end_reason == mpb.END_REASON_ABANDONED and list(void.winners) == []

    async def again():
        return await asyncio.gather(follow(a, came, 2, 10), follow(b, went, 2, 10))

    came_again, went_again = asyncio.run(again())
    assert came_again.matched and went_again.matched, (came_again, went_again)
    fresh = came_again.matched.match.match_id
    assert fresh != match.match_id and went_again.matched.match.match_id == fresh
    assert came_again.matched.bot_seats == 0


def test_a_three_player_match_goes_on_without_the_player_who_never_came(seating_hall, issuer):
    """Of three matched players one never takes the seat: after the grace a random bot plays
    it (resigned, out of the winners), the two who came play on, and each still moves."""
    a, b = (r.address for r in seating_hall.replicas)
    tokens = {name: issuer.token(name) for name in ("stays-1", "stays-2", "wanders")}

    async def matched():
        await no_show(a, tokens["wanders"], 3)
        return await asyncio.gather(
            follow(a, tokens["stays-1"], 3, 10), follow(b, tokens["stays-2"], 3, 10)
        )

    stays = [outcome.matched for outcome in asyncio.run(matched())]
    match_id = stays[0].match.match_id
    assert stays[1].match.match_id == match_id and stays[0].bot_seats == 0
    wanders = player_id(PLAYER_ISSUER, "wanders")
    absent = next(s.seat for s in stays[0].match.seats if s.player_id == wanders)

    def forfeited() -> mpb.MatchSummary | None:
        found = summary_of(a, match_id)
        return found if found.seats[absent].resigned else None

    match = wait_until(forfeited, 8, "absent seat forfeited", 0.05, seating_hall.replicas[0])
    assert match.phase == mpb.MATCH_PHASE_RUNNING
    assert match.seats[absent].kind == mpb.SEAT_KIND_BOT
    assert match.seats[absent].bot_level == mpb.BOT_LEVEL_RANDOM
    came = [s for s in match.seats if s.seat != absent]
    assert all(s.kind == mpb.SEAT_KIND_HUMAN and not s.resigned for s in came)
    with grpc.insecure_channel(b) as channel:
        for handed in stays:
            seat = MatchClient(channel, handed.token.token)
            seen = seat.get(match_id)
            move = moves_as_any(seen.legal_moves)[0]
            assert seat.submit(match_id, move, seen.match.version).version > seen.match.version
