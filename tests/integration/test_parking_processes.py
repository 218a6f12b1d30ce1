"""Parking across real processes: orchestrators on a private AOF Redis and a real PostgreSQL,
SIGKILLed in the middle of a parking (its row written, its keys not yet dropped) and of a
bringing back (its keys restored, its row locked and not yet deleted), and Redis SIGKILLed and
restarted from its AOF while a match is parked. Each time the other replica serves the match
as it was, every acknowledged move stands, versions stay contiguous, and the match parks and
comes back again afterwards."""

from __future__ import annotations

import random

import grpc
import psycopg
import pytest
import redis

from dev.redis_server import EmbeddedRedis
from dev.testbed import start_orchestrator
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, human_seats
from playhall.matchstore.store import match_key
from tests.helpers import wait_until

pytestmark = pytest.mark.timeout(90)

PARKING = {
    "PLAYHALL_PARK_AFTER_MINUTES": "0.005",  # 0.3 s
    "PLAYHALL_PARKING_INTERVAL_S": "0.1",
    "PLAYHALL_TURN_BASED_DAY_S": "3600",
}
TURN_BASED = pb.Clock(
    seconds_per_turn=3600, on_timeout=pb.TIMEOUT_ACTION_FORFEIT, pace=pb.PACE_TURN_BASED
)


@pytest.fixture
def private_redis(tmp_path):
    directory = tmp_path / "redis"
    directory.mkdir()
    server = EmbeddedRedis(directory=str(directory), appendonly=True).start()
    yield server
    server.stop()


class Replicas:
    """The orchestrators a test starts on one Redis and database; all stopped at its end."""

    def __init__(self, redis_url: str, database_url: str, rules_address: str):
        self.env = {**PARKING, "PLAYHALL_DATABASE_URL": database_url}
        self.redis_url = redis_url
        self.rules_address = rules_address
        self.started = []

    def start(self, **env: str):
        process = start_orchestrator(
            self.redis_url, self.rules_address, **{**self.env, "PLAYHALL_METRICS_PORT": "0", **env}
        )
        self.started.append(process)
        return process

    def close(self) -> None:
        for process in self.started:
            process.terminate(timeout=5)


@pytest.fixture
def replicas(private_redis, database_url, galileo_rules):
    started = Replicas(private_redis.url, database_url, galileo_rules.address)
    yield started
    started.close()


def parked_version(database_url: str, match_id: str) -> int | None:
    with psycopg.connect(database_url) as connection:
        row = connection.execute(
            "SELECT version FROM parked_matches WHERE match_id = %s", (match_id,)
        ).fetchone()
        return row[0] if row else None


def in_redis(redis_server: EmbeddedRedis, match_id: str) -> bool:
    with redis.Redis(unix_socket_path=str(redis_server.socket)) as client:
        return bool(client.exists(match_key(match_id)))


TOKENS: dict[str, dict[int, str]] = {}
"""The seat tokens of each match a test created, by match id."""


def new_match(process) -> tuple[str, dict[int, MatchClient]]:
    client = MatchClient(grpc.insecure_channel(process.address), timeout_s=5.0)
    created = client.create("galileo", human_seats(2), clock=TURN_BASED)
    TOKENS[created.match.match_id] = {token.seat: token.token for token in created.tokens}
    return created.match.match_id, seats_on(process, created.match.match_id)


def seats_on(process, match_id: str) -> dict[int, MatchClient]:
    """A client of each seat of the match on `process`."""
    client = MatchClient(grpc.insecure_channel(process.address), timeout_s=5.0)
    return {seat: client.as_seat(token) for seat, token in TOKENS[match_id].items()}


def move(seats: dict[int, MatchClient], match_id: str, rng: random.Random) -> int:
    summary = seats[0].get(match_id).match
    seat = rng.choice(list(summary.status.to_move))
    seen = seats[seat].get(match_id)
    chosen = rng.choice(list(moves_as_any(seen.legal_moves)))
    return seats[seat].submit(match_id, chosen, seen.match.version).version


def assert_contiguous(seats: dict[int, MatchClient], match_id: str, version: int) -> None:
    history = seats[0].history(match_id)
    assert [change.version for change in history.changes] == list(range(version + 1))
    assert history.match.version == version


def test_an_orchestrator_killed_mid_park_leaves_the_match_to_the_other(
    replicas, private_redis, database_url
):
    rng = random.Random(7)
    first = replicas.start(PLAYHALL_PARKING_PAUSE_AT="after_row")
    match_id, seats = new_match(first)
    version = move(seats, match_id, rng)
    assert first.wait_for_log("paused", timeout=10), "the parking stopped after its row"
    assert parked_version(database_url, match_id) == version and in_redis(private_redis, match_id)
    first.kill()

    second = replicas.start(PLAYHALL_PARK_AFTER_MINUTES="0")
    others = seats_on(second, match_id)
    assert others[0].get(match_id).match.version == version, "served from Redis"
    version = move(others, match_id, rng)
    assert_contiguous(others, match_id, version)
    second.terminate()

    third = replicas.start()
    wait_until(lambda: not in_redis(private_redis, match_id), 10, "parked again", service=third)
    assert parked_version(database_url, match_id) == version, "the newer row replaced the old"
    assert_contiguous(seats_on(third, match_id), match_id, version)
    assert parked_version(database_url, match_id) is None, "brought back, its row is gone"


def test_an_orchestrator_killed_mid_load_leaves_the_match_to_the_other(
    replicas, private_redis, database_url
):
    rng = random.Random(8)
    first = replicas.start(PLAYHALL_PARKING_PAUSE_AT="after_restore")
    match_id, seats = new_match(first)
    version = move(seats, match_id, rng)
    wait_until(lambda: not in_redis(private_redis, match_id), 10, "parked", service=first)
    with pytest.raises(grpc.RpcError) as held:
        seats[0].get(match_id)  # restored, then held with the row locked
    assert held.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    assert first.wait_for_log("paused", timeout=10)
    first.kill()

    second = replicas.start()
    others = seats_on(second, match_id)
    assert others[1].get(match_id).match.version == version, "the restored keys serve it"
    version = move(others, match_id, rng)
    assert_contiguous(others, match_id, version)
    wait_until(
        lambda: parked_version(database_url, match_id) == version,
        10,
        "parked again",
        service=second,
    )
    assert_contiguous(others, match_id, version)


def test_redis_killed_and_restarted_from_aof_while_parked_loses_nothing(
    replicas, private_redis, database_url
):
    rng = random.Random(9)
    orchestrator = replicas.start()
    parked_id, parked_seats = new_match(orchestrator)
    parked_at = move(parked_seats, parked_id, rng)
    wait_until(
        lambda: parked_version(database_url, parked_id) == parked_at,
        10,
        "parked",
        service=orchestrator,
    )
    live_id, live_seats = new_match(orchestrator)  # turn-based too, read every moment
    live_at = move(live_seats, live_id, rng)

    private_redis.kill()
    private_redis.start()  # the same directory and socket: its AOF
    wait_until(lambda: _answers(parked_seats, parked_id), 10, "served again", service=orchestrator)
    assert parked_seats[1].get(parked_id).match.version == parked_at
    assert live_seats[0].get(live_id).match.version >= live_at
    assert_contiguous(parked_seats, parked_id, move(parked_seats, parked_id, rng))


def _answers(seats: dict[int, MatchClient], match_id: str) -> bool:
    try:
        seats[0].get(match_id)
    except grpc.RpcError as error:
        if error.code() != grpc.StatusCode.UNAVAILABLE:
            raise
        return False  # while the orchestrator reconnects
    return True
