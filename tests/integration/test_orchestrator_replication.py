"""What an orchestrator that waits for a replica (`PLAYHALL_REDIS_WAIT_REPLICAS=1`) acknowledges:
nothing its replica does not hold, a retried request included. One Redis (no replica yet), an
orchestrator on it that does not wait (to set matches up) and one that does; a second Redis
made its replica mid-test is what lets the waiting one answer."""

from __future__ import annotations

import grpc
import pytest
import redis

from dev.process import free_port
from dev.redis_server import EmbeddedRedis
from dev.testbed import start_orchestrator
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient
from tests.helpers import TITLE, assert_refused, pick, refusal, view_of, wait_until

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
OPEN_SEAT = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
NOT_CONFIRMED = "not confirmed by 1 replica of match storage"


@pytest.fixture(scope="module")
def stack(galileo_rules):
    """(the master, a client that does not wait, a client that waits for one replica)."""
    master = EmbeddedRedis(port=free_port()).start()
    plain = start_orchestrator(master.url, galileo_rules.address)
    waiting = start_orchestrator(
        master.url,
        galileo_rules.address,
        PLAYHALL_REDIS_WAIT_REPLICAS="1",
        PLAYHALL_REDIS_WAIT_TIMEOUT_MS="200",
    )
    with (
        master,
        plain,
        waiting,
        grpc.insecure_channel(plain.address) as a,
        grpc.insecure_channel(waiting.address) as b,
    ):
        yield master, MatchClient(a), MatchClient(b)


@pytest.fixture
def replica(stack):
    """A second Redis, made the master's replica (and caught up) by the test when it calls."""
    master = stack[0]
    with EmbeddedRedis() as server:
        client = redis.Redis(unix_socket_path=str(server.socket))

        def attach() -> None:
            client.replicaof("127.0.0.1", master.port)
            wait_until(
                lambda: client.info("replication").get("master_link_status") == "up",
                10.0,
                "replica in sync with its master",
            )

        yield attach
        client.replicaof("no", "one")
        client.close()


def unconfirmed(call, *args, **kwargs) -> str:
    error = refusal(call, *args, **kwargs)
    assert error.code() == grpc.StatusCode.UNAVAILABLE, error.details()
    assert NOT_CONFIRMED in error.details()
    return error.details()


def test_a_replayed_move_is_answered_only_once_its_replica_has_it(stack, replica):
    _, plain, waiting = stack
    created = plain.create(TITLE, [HUMAN, HUMAN])
    match_id = created.match.match_id
    seat = waiting.as_seat(created.tokens[0].token)
    card = view_of(plain.as_seat(created.tokens[0].token).get(match_id)).hand[0]
    for _ in range(2):
        # The first commits on the master alone; its retry finds the record and must not
        # answer OK while no replica holds the move (before: OK with the version).
        assert "same request_id" in unconfirmed(
            seat.submit, match_id, pick(card), 0, request_id="move-1"
        )
    replica()
    answered = seat.submit(match_id, pick(card), 0, request_id="move-1")
    assert answered.version == 1
    assert plain.get(match_id).match.version == 1  # applied once, however often it was sent


def test_a_retried_creation_answers_the_match_it_created_with_tokens_that_work(stack, replica):
    _, plain, waiting = stack
    request_id = "create-4f1c2a9e7d3b"
    seats = [HUMAN, HUMAN, OPEN_SEAT]
    before = len(plain.list_matches(TITLE, limit=500))
    assert "same request_id" in unconfirmed(waiting.create, TITLE, seats, request_id=request_id)
    unconfirmed(waiting.create, TITLE, seats, request_id=request_id)
    replica()
    created = waiting.create(TITLE, seats, request_id=request_id)
    again = waiting.create(TITLE, seats, request_id=request_id)
    assert again.match.match_id == created.match.match_id
    assert len(plain.list_matches(TITLE, limit=500)) == before + 1  # one match, not three
    # Each answer's tokens are the seats' own; those of an earlier answer read no more.
    for old, new in zip(created.tokens, again.tokens, strict=True):
        assert old.seat == new.seat and old.token != new.token
        assert plain.as_seat(new.token).get(created.match.match_id).seat == new.seat
        assert_refused(
            grpc.StatusCode.PERMISSION_DENIED,
            plain.as_seat(old.token).get,
            created.match.match_id,
        )
    assert "different match" in assert_refused(
        grpc.StatusCode.INVALID_ARGUMENT,
        waiting.create,
        TITLE,
        [HUMAN, HUMAN],
        b"",
        None,
        None,
        request_id,
    )


def test_a_retried_join_answers_the_seat_it_claimed(stack, replica):
    _, plain, waiting = stack
    match_id = plain.create(TITLE, [HUMAN, OPEN_SEAT, OPEN_SEAT]).match.match_id
    request_id = "join-8e2b61c04f5d7a"
    unconfirmed(waiting.join, match_id, None, "Ada", request_id)
    replica()
    joined = waiting.join(match_id, None, "Ada", request_id)
    assert joined.token.seat == 1  # the seat the unconfirmed call claimed, not another
    summary = plain.get(match_id).match
    assert [s.kind for s in summary.seats] == [
        pb.SEAT_KIND_HUMAN,
        pb.SEAT_KIND_HUMAN,
        pb.SEAT_KIND_OPEN,
    ]
    assert plain.as_seat(joined.token.token).get(match_id).seat == 1
    assert "another join" in assert_refused(
        grpc.StatusCode.INVALID_ARGUMENT, waiting.join, match_id, None, "Bea", request_id
    )


def test_a_creating_request_id_must_be_long_enough_to_be_unguessable(stack):
    plain = stack[1]
    assert "16 to 128" in assert_refused(
        grpc.StatusCode.INVALID_ARGUMENT, plain.create, TITLE, [HUMAN, HUMAN], b"", None, None, "1"
    )
