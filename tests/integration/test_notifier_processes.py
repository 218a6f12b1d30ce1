"""Notices across real processes: an orchestrator, an archiver (which rates ended matches, so
their notices need not wait for a rating) and a notifier on a private AOF Redis and a real
PostgreSQL, signed-in players in turn-based Galileo matches with webhooks to a real HTTP receiver
here (which checks every signature), while the notifier is SIGKILLed and started again several
times (its lease a second), and the orchestrator once.

Each match moves only once every notice of its current turn went out (the notifier recorded
the webhook's delivery), so every notice a commit files stays worth telling until it is told:
a notice lost to a kill stalls its match and fails the test. At the end every notice that should
exist (each turn's "your turn" to the players it waits on, each end to both players) is in the
inbox exactly once, recorded once as delivered by webhook, and received by the webhook at least
once (a notifier killed between the POST and its record posts it again: at least once)."""

from __future__ import annotations

import asyncio
import collections
import functools
import hashlib
import hmac
import json
import random
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

import grpc
import psycopg
import pytest
import redis
from aiohttp import web

from dev.process import ServiceProcess
from dev.redis_server import EmbeddedRedis
from dev.testbed import start_archiver, start_orchestrator
from playhall.accounts.tokens import player_id
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, bearer
from playhall.matchstore.notices import NOTICES
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from tests.helpers import PlayerIssuer, wait_until

pytestmark = pytest.mark.timeout(150)

SLOTS = 12
"""Matches played at once, each by two players of its own, one after another."""
TURNS = 8
"""Turns a match plays before its first seat resigns (unless the game ends first)."""
NOTIFIER_KILLS = 4
ORCHESTRATOR_KILLED_AFTER = 2
"""The orchestrator is killed and started again after this many kills of the notifier."""
DAY_S = 3600
"""A turn-based day of an hour: a match's one-day turns, reminders due an hour and more ahead."""
TURN_BASED = pb.Clock(
    seconds_per_turn=DAY_S, on_timeout=pb.TIMEOUT_ACTION_FORFEIT, pace=pb.PACE_TURN_BASED
)
NOTIFIER_ENV = {
    "PLAYHALL_NOTIFY_LEASE_S": "1",
    "PLAYHALL_NOTIFY_INTERVAL_S": "0.05",
    "PLAYHALL_TURN_BASED_DAY_S": str(DAY_S),
    "PLAYHALL_DATABASE_MIGRATE": "0",
    "PLAYHALL_METRICS_PORT": "0",
}
CALL_DEADLINE_S = 30.0
"""How long a player's call is retried while the orchestrator is down."""
DELIVERY_TIMEOUT_S = 40.0
"""How long a turn's notices may take (a notifier's restart, its claims' lease, an end waiting
for its rating)."""
CHANNEL_OPTIONS = [
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.min_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 500),
]
RETRIED = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED}


@pytest.fixture
def private_redis(tmp_path):
    directory = tmp_path / "redis"
    directory.mkdir()
    server = EmbeddedRedis(directory=str(directory), appendonly=True).start()
    yield server
    server.stop()


class Receiver:
    """A real aiohttp server standing for every player's webhook (`/hook/<n>`, player n's), in
    a thread of its own: it checks each signature with that player's secret and that the
    notice is that player's, and counts what it received by notice id."""

    def __init__(self):
        self.secrets: dict[str, str] = {}
        self.players: dict[str, str] = {}
        self.received: collections.Counter[str] = collections.Counter()
        self.refused: list[str] = []
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def start(self) -> None:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(10)

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_post("/hook/{name}", self.hook)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/hook/{name}"

    async def hook(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = await request.read()
        fields = dict(
            part.split("=", 1) for part in request.headers["Playhall-Signature"].split(",")
        )
        expected = hmac.new(
            self.secrets[name].encode(), f"{fields['t']}.".encode() + body, hashlib.sha256
        ).hexdigest()
        notice = json.loads(body)
        if not hmac.compare_digest(expected, fields["v1"]):
            self.refused.append(f"bad signature: {notice.get('id')}")
            return web.Response(status=400)
        if abs(time.time() - int(fields["t"])) > 300:
            self.refused.append(f"old timestamp: {notice['id']}")
            return web.Response(status=400)
        if notice["id"] != request.headers["Playhall-Notice-Id"]:
            self.refused.append(f"ids differ: {notice['id']}")
        if notice["id"].split("|")[1] != self.players[name]:
            self.refused.append(f"another player's notice: {notice['id']}")
        self.received[notice["id"]] += 1
        return web.Response(status=200)

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)


@pytest.fixture
def receiver():
    started = Receiver()
    started.start()
    yield started
    started.stop()


class Deliveries:
    """The webhook deliveries the notifiers recorded (`notice_deliveries`), polled in a thread
    of its own; drivers wait on it."""

    def __init__(self, database_url: str):
        self.database_url = database_url
        self.keys: set[str] = set()
        self.changed = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)
        self._thread.start()

    def _poll(self) -> None:
        with psycopg.connect(self.database_url, autocommit=True) as connection:
            while not self._stop.wait(0.05):
                rows = connection.execute(
                    "SELECT notice_key FROM notice_deliveries WHERE channel = 'webhook'"
                ).fetchall()
                with self.changed:
                    self.keys = {row[0] for row in rows}
                    self.changed.notify_all()

    def wait_for(self, keys: set[str], timeout: float) -> None:
        with self.changed:
            if not self.changed.wait_for(lambda: keys <= self.keys, timeout):
                missing = sorted(keys - self.keys)
                raise AssertionError(f"not delivered within {timeout} s: {missing}")

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


@dataclass
class Player:
    """A signed-in player's device: MatchService and PlayerService with their token."""

    name: str
    player_id: str
    token: str
    channel: grpc.Channel
    matches: MatchClient = field(init=False)

    def __post_init__(self) -> None:
        self.matches = MatchClient(self.channel, self.token, timeout_s=5.0, wait_for_ready=True)
        self.players = player_service_pb2_grpc.PlayerServiceStub(self.channel)


def retried(call: Callable[[], object], refused_ok: Callable[[grpc.RpcError], bool] | None = None):
    """`call`, again while the orchestrator is down or restarting (UNAVAILABLE, or a deadline
    a call hung on a dying process met); a refusal `refused_ok` accepts returns None."""
    deadline = time.monotonic() + CALL_DEADLINE_S
    while True:
        try:
            return call()
        except grpc.RpcError as error:
            if refused_ok is not None and refused_ok(error):
                return None
            if error.code() not in RETRIED or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


class Hall:
    """The processes of the test, and the matches' players and expected notices."""

    def __init__(self, redis_url: str, database_url: str, rules_address: str, receiver):
        self.redis_url, self.database_url = redis_url, database_url
        self.issuer = PlayerIssuer()
        self.orchestrator_env = {
            **self.issuer.env,
            "PLAYHALL_DATABASE_URL": database_url,
            "PLAYHALL_TURN_BASED_DAY_S": str(DAY_S),
            "PLAYHALL_METRICS_PORT": "0",
        }
        self.rules_address = rules_address
        self.receiver = receiver
        self.orchestrator = start_orchestrator(redis_url, rules_address, **self.orchestrator_env)
        self.archiver = start_archiver(redis_url, database_url)
        self.notifier = self.start_notifier()
        self.channel = grpc.insecure_channel(self.orchestrator.address, options=CHANNEL_OPTIONS)
        self.expected: set[str] = set()
        self.matches_played = 0
        self.lock = threading.Lock()
        self.started: list[ServiceProcess] = [self.orchestrator, self.archiver, self.notifier]

    def start_notifier(self) -> ServiceProcess:
        env = {"REDIS_URL": self.redis_url, "PLAYHALL_DATABASE_URL": self.database_url}
        return ServiceProcess("playhall.notifier", env={**env, **NOTIFIER_ENV})

    def restart_notifier(self) -> None:
        self.notifier.kill()
        self.notifier = self.start_notifier()
        self.started.append(self.notifier)

    def restart_orchestrator(self) -> None:
        port = self.orchestrator.port
        self.orchestrator.kill()
        self.orchestrator = start_orchestrator(
            self.redis_url, self.rules_address, port, **self.orchestrator_env
        )
        self.started.append(self.orchestrator)

    def player(self, name: str) -> Player:
        """A signed-in player with a webhook to the receiver, told of up to 1,000 notices an
        hour (the cap stays out of the way)."""
        token = self.issuer.token(name, name.title(), expires_in=600)
        player = Player(name, player_id(self.issuer.issuer, name), token, self.channel)
        settings = ppb.NotificationSettings(webhook_url=self.receiver.url(name), max_per_hour=1000)
        answer = retried(
            lambda: player.players.UpdateNotificationSettings(
                ppb.UpdateNotificationSettingsRequest(settings=settings),
                metadata=bearer(player.token),
                timeout=5.0,
            )
        )
        assert answer.webhook_secret
        self.receiver.secrets[name] = answer.webhook_secret
        self.receiver.players[name] = player.player_id
        return player

    def expect(self, keys: set[str]) -> None:
        with self.lock:
            self.expected |= keys

    def close(self) -> None:
        self.channel.close()
        for process in self.started:
            process.terminate(timeout=5)


def play_one(hall: Hall, deliveries: Deliveries, ada: Player, bob: Player, rng) -> None:
    """A match Ada creates and Bob joins, played turn after turn, each turn only once its
    notices went out; Ada resigns after `TURNS` turns unless the game ended."""
    created_id = uuid.uuid4().hex
    created = retried(
        lambda: ada.matches.create(
            "galileo",
            [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)],
            clock=TURN_BASED,
            request_id=created_id,
        )
    )
    match_id = created.match.match_id
    joined_id = uuid.uuid4().hex
    retried(lambda: bob.matches.join(match_id, request_id=joined_id))
    told: set[int] = set()
    while True:
        summary = retried(lambda: ada.matches.get(match_id, omit_legal_moves=True)).match
        seats = {seat.seat: seat.player_id for seat in summary.seats}
        assert seats == {0: ada.player_id, 1: bob.player_id}
        if summary.phase == pb.MATCH_PHASE_FINISHED:
            ended = {f"match_ended|{p}|{match_id}|{summary.version}|" for p in seats.values()}
            hall.expect(ended)
            deliveries.wait_for(ended, DELIVERY_TIMEOUT_S)
            return
        turn = summary.status.turn
        if turn not in told:
            # The turn's first state: its notices go to the players it waits on.
            waiting = {f"your_turn|{seats[s]}|{match_id}|{turn}|" for s in summary.status.to_move}
            hall.expect(waiting)
            deliveries.wait_for(waiting, DELIVERY_TIMEOUT_S)
            told.add(turn)
        if len(told) > TURNS:
            retried(
                lambda: ada.matches.resign(match_id),
                refused_ok=lambda e: e.code() == grpc.StatusCode.FAILED_PRECONDITION,
            )
            continue
        mover = (ada, bob)[rng.choice(list(summary.status.to_move))]
        seen = retried(functools.partial(mover.matches.get, match_id))
        move = rng.choice(list(moves_as_any(seen.legal_moves)))
        version, request_id = seen.match.version, uuid.uuid4().hex
        retried(functools.partial(mover.matches.submit, match_id, move, version, request_id))


def test_every_notice_is_told_once_while_the_notifier_and_the_orchestrator_are_killed(
    private_redis, database_url, galileo_rules, receiver
):
    hall = Hall(private_redis.url, database_url, galileo_rules.address, receiver)
    deliveries = Deliveries(database_url)
    killing = threading.Event()
    failures: list[BaseException] = []
    try:
        pairs = [(hall.player(f"ada{slot}"), hall.player(f"bob{slot}")) for slot in range(SLOTS)]

        def drive(slot: int) -> None:
            """Matches of one pair, one after another, until the kills are over."""
            rng = random.Random(slot)
            try:
                while True:
                    play_one(hall, deliveries, *pairs[slot], rng)
                    with hall.lock:
                        hall.matches_played += 1
                    if not killing.is_set():
                        return
            except BaseException as error:  # noqa: BLE001 (reported by the test)
                failures.append(error)

        killing.set()
        drivers = [threading.Thread(target=drive, args=(slot,)) for slot in range(SLOTS)]
        for driver in drivers:
            driver.start()
        rng = random.Random(38)
        for kill in range(NOTIFIER_KILLS):
            time.sleep(rng.uniform(0.5, 1.5))
            assert not failures, failures
            hall.restart_notifier()
            if kill + 1 == ORCHESTRATOR_KILLED_AFTER:
                time.sleep(rng.uniform(0.2, 0.8))
                hall.restart_orchestrator()
        killing.clear()
        for driver in drivers:
            driver.join(DELIVERY_TIMEOUT_S * 2)
        assert not failures, failures
        assert not any(driver.is_alive() for driver in drivers)

        # The last notifier empties the outbox (the ended matches' reminders were withdrawn).
        with redis.Redis.from_url(private_redis.url) as outbox:
            wait_until(lambda: not outbox.zcard(NOTICES), 30, "an empty outbox", 0.1, hall.notifier)
        expected = hall.expected
        # Each match told at least one player of each of its TURNS + 1 turns, and both of its end
        # (as many matches as the kills left time for: one a pair on a busy machine).
        assert hall.matches_played >= SLOTS
        assert len(expected) >= hall.matches_played * (TURNS + 1 + 2)
        with psycopg.connect(database_url) as connection:
            inbox = dict(
                connection.execute(
                    "SELECT notice_key, count(*) FROM notices GROUP BY notice_key"
                ).fetchall()
            )
            recorded = dict(
                connection.execute(
                    "SELECT notice_key, count(*) FROM notice_deliveries "
                    "WHERE channel = 'webhook' GROUP BY notice_key"
                ).fetchall()
            )
        assert set(inbox) == expected, (
            sorted(set(inbox) - expected),
            sorted(expected - set(inbox)),
        )
        assert set(inbox.values()) == {1}, "a notice in the inbox twice"
        assert set(recorded) == expected and set(recorded.values()) == {1}
        assert set(receiver.received) == expected, sorted(expected - set(receiver.received))
        assert receiver.refused == []
    finally:
        killing.clear()
        deliveries.stop()
        hall.close()
