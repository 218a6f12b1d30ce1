"""FriendsService on a real orchestrator process with the archive's PostgreSQL (on the session's
Redis, and on its Redis Cluster): follows make friends both ways, the friends list carries each
friend's presence, which expires without heartbeats; a block ends follows both ways, refuses a
follow across it and hides presence both ways; every bad request is refused with its status and
reason and writes nothing; a player who only signed in (PlayerService.GetProfile) can be
followed; and the gateway forwards the service to the portal (Connect, JSON)."""

from __future__ import annotations

import time

import grpc
import psycopg
import pytest

from dev.testbed import TIMEOUT
from playhall.accounts.tokens import player_id
from playhall.match_client import bearer
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from playhall.social.v1 import friends_service_pb2 as pb
from playhall.social.v1 import friends_service_pb2_grpc
from tests.helpers import (
    PLAYER_ISSUER,
    PlayerIssuer,
    assert_refused,
    connect_call,
    start_gateway,
)
from tests.integration.conftest import started_hall

BACKENDS = ["redis", "cluster"]
PRESENCE_TTL_S = 1.5
"""Short, so that the test sees a player go offline without heartbeats."""
SERVICE = "playhall.social.v1.FriendsService"


@pytest.fixture(scope="module")
def started(backend, galileo_rules, issuer, archive_url):
    with started_hall(
        galileo_rules.address,
        issuer,
        backend=backend,
        database_url=archive_url,
        PLAYHALL_PRESENCE_TTL_S=str(PRESENCE_TTL_S),
    ) as hall:
        yield hall


@pytest.fixture(scope="module")
def hall(started):
    return started.replicas[0]


@pytest.fixture(scope="module")
def channel(started):
    return started.channels[0]


class Person:
    """A signed-in player's FriendsService (a subject of the test's own, per backend)."""

    def __init__(self, channel: grpc.Channel, issuer: PlayerIssuer, subject: str, name: str):
        self.token = issuer.token(subject, name=name)
        self.player_id = player_id(PLAYER_ISSUER, subject)
        self.stub = friends_service_pb2_grpc.FriendsServiceStub(channel)

    def call(self, method: str, request=None, token: str | None = "mine"):
        request = request or getattr(pb, f"{method}Request")()
        token = self.token if token == "mine" else token
        return getattr(self.stub, method)(request, metadata=bearer(token), timeout=TIMEOUT)

    def about(self, method: str, other: Person | str):
        """A call naming another player (a Person, or a raw id)."""
        other_id = other if isinstance(other, str) else other.player_id
        return self.call(method, getattr(pb, f"{method}Request")(player_id=other_id))

    def listed(self, circle=pb.CIRCLE_FRIENDS) -> dict[str, bool]:
        """The list's players by name, each with whether they show online."""
        people = self.call("ListFriends", pb.ListFriendsRequest(circle=circle)).people
        return {p.display_name: p.online for p in people}


def people(channel, issuer, backend, *names: str) -> list[Person]:
    """Players of this test (their subjects unique per backend and run), each signed in (a
    call of the service: known and online; a heartbeat only keeps a player online)."""
    run = f"{backend.name}-{time.monotonic_ns()}"
    found = [Person(channel, issuer, f"{name.lower()}-{run}", name) for name in names]
    for person in found:
        person.call("ListFriends")
    return found


def relation_rows(archive_url: str, *players: Person) -> list[tuple]:
    """The follows and blocks that involve `players`."""
    ids = [p.player_id for p in players]
    with psycopg.connect(archive_url) as connection:
        return connection.execute(
            """
            SELECT 'follow', follower_id, followed_id FROM follows
            WHERE follower_id = ANY(%(ids)s) OR followed_id = ANY(%(ids)s)
            UNION ALL
            SELECT 'block', blocker_id, blocked_id FROM blocks
            WHERE blocker_id = ANY(%(ids)s) OR blocked_id = ANY(%(ids)s)
            ORDER BY 1, 2, 3
            """,
            {"ids": ids},
        ).fetchall()


def test_follows_make_friends_and_friends_show_online_until_they_go_quiet(channel, issuer, backend):
    ada, bob, cy = people(channel, issuer, backend, "Ada", "Bob", "Cy")
    assert not ada.about("Follow", bob).friends
    assert not ada.about("Follow", bob).friends  # again: nothing changes
    assert ada.listed() == {}
    assert bob.about("Follow", ada).friends
    cy.about("Follow", ada)
    assert ada.listed() == {"Bob": True}
    assert ada.listed(pb.CIRCLE_FOLLOWING) == {"Bob": True}
    assert ada.listed(pb.CIRCLE_FOLLOWERS) == {"Bob": True, "Cy": True}
    relation = ada.about("GetRelation", bob)
    assert (relation.following, relation.followed_by, relation.online) == (True, True, True)
    # Bob goes quiet: offline once the presence's time has passed; a heartbeat brings him back.
    beat = bob.call("Heartbeat")
    assert beat.online_for_ms == int(PRESENCE_TTL_S * 1000)
    time.sleep(PRESENCE_TTL_S + 0.5)
    assert ada.listed() == {"Bob": False}
    bob.call("Heartbeat")
    assert ada.listed() == {"Bob": True}
    ada.about("Unfollow", bob)
    assert ada.listed() == {}
    assert bob.listed(pb.CIRCLE_FOLLOWING) == {"Ada": True}


def test_a_block_ends_follows_stops_new_ones_and_hides_presence_both_ways(
    channel, issuer, backend, archive_url
):
    dee, eve = people(channel, issuer, backend, "Dee", "Eve")
    dee.about("Follow", eve)
    eve.about("Follow", dee)
    eve.about("Block", dee)
    assert relation_rows(archive_url, dee, eve) == [("block", eve.player_id, dee.player_id)]
    reason = assert_refused(grpc.StatusCode.PERMISSION_DENIED, dee.about, "Follow", eve)
    assert "does not accept you" in reason
    reason = assert_refused(grpc.StatusCode.PERMISSION_DENIED, eve.about, "Follow", dee)
    assert "unblock them" in reason
    assert relation_rows(archive_url, dee, eve) == [("block", eve.player_id, dee.player_id)]
    # Both are online, and neither sees the other so.
    seen_by_dee = dee.about("GetRelation", eve)
    assert (seen_by_dee.blocked_by, seen_by_dee.online) == (True, False)
    seen_by_eve = eve.about("GetRelation", dee)
    assert (seen_by_eve.blocking, seen_by_eve.online) == (True, False)
    blocked = eve.call("ListBlocked").people
    assert [(p.display_name, p.online) for p in blocked] == [("Dee", False)]
    eve.about("Unblock", dee)
    assert dee.about("GetRelation", eve).online
    assert dee.about("Follow", eve) == pb.FollowResponse(friends=False)


def test_bad_requests_are_refused_with_a_reason_and_write_nothing(
    channel, issuer, backend, archive_url
):
    fay, gus = people(channel, issuer, backend, "Fay", "Gus")
    fay.about("Follow", gus)
    before = relation_rows(archive_url, fay, gus)
    nobody = player_id(PLAYER_ISSUER, f"nobody-{time.monotonic_ns()}")
    cases = [
        (grpc.StatusCode.INVALID_ARGUMENT, "yourself", fay.about, "Follow", fay),
        (grpc.StatusCode.INVALID_ARGUMENT, "yourself", fay.about, "Block", fay),
        (grpc.StatusCode.NOT_FOUND, "no player", fay.about, "Follow", nobody),
        (grpc.StatusCode.NOT_FOUND, "no player", fay.about, "Block", nobody),
        (grpc.StatusCode.NOT_FOUND, "no player", fay.about, "GetRelation", nobody),
        (grpc.StatusCode.INVALID_ARGUMENT, "not a player id", fay.about, "Follow", "bob"),
        (grpc.StatusCode.INVALID_ARGUMENT, "not a player id", fay.about, "Block", ""),
        (
            grpc.StatusCode.INVALID_ARGUMENT,
            "page_token",
            fay.call,
            "ListFriends",
            pb.ListFriendsRequest(page_token="x"),
        ),
        (
            grpc.StatusCode.INVALID_ARGUMENT,
            "Unknown circle",
            fay.call,
            "ListFriends",
            pb.ListFriendsRequest(circle=9),
        ),
    ]
    for code, reason, call, *args in cases:
        assert reason in assert_refused(code, call, *args)
    for token in (None, "not.a.jwt"):
        details = assert_refused(
            grpc.StatusCode.UNAUTHENTICATED, fay.call, "Follow", pb.FollowRequest(), token
        )
        assert "token" in details.lower() or "Sign in" in details
    assert relation_rows(archive_url, fay, gus) == before


def test_a_player_who_only_signed_in_can_be_followed(channel, issuer, backend):
    (hal,) = people(channel, issuer, backend, "Hal")
    subject = f"ivy-{backend.name}-{time.monotonic_ns()}"
    ivy_token = issuer.token(subject, name="Ivy")
    ivy_id = player_id(PLAYER_ISSUER, subject)
    assert_refused(grpc.StatusCode.NOT_FOUND, hal.about, "Follow", ivy_id)
    players = player_service_pb2_grpc.PlayerServiceStub(channel)
    players.GetProfile(ppb.GetProfileRequest(), metadata=bearer(ivy_token), timeout=TIMEOUT)
    hal.about("Follow", ivy_id)
    assert hal.listed(pb.CIRCLE_FOLLOWING) == {"Ivy": False}


def test_the_gateway_forwards_friends_to_the_portal(hall, channel, issuer, backend):
    jo, kim = people(channel, issuer, backend, "Jo", "Kim")
    with start_gateway(hall.address) as gateway:
        base = f"http://127.0.0.1:{gateway.port}"
        status, body = connect_call(base, SERVICE, "Follow", {"playerId": kim.player_id}, jo.token)
        assert status == 200 and body == {}
        status, body = connect_call(base, SERVICE, "Follow", {"playerId": jo.player_id}, kim.token)
        assert (status, body) == (200, {"friends": True})
        status, body = connect_call(base, SERVICE, "ListFriends", {}, jo.token)
        assert status == 200
        assert body["people"] == [{"playerId": kim.player_id, "displayName": "Kim", "online": True}]
        status, body = connect_call(base, SERVICE, "Follow", {"playerId": jo.player_id}, jo.token)
        assert status == 400 and "yourself" in body["message"]
        status, body = connect_call(base, SERVICE, "Heartbeat", {})
        assert status == 401 and "Sign in" in body["message"]
