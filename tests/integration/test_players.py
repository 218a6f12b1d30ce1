"""Signed-in players on real orchestrator processes (on the session's Redis, and on its Redis
Cluster): a seat created or joined with a player token belongs to that player, who gets it back
from another device (a fresh sign-in, no seat token) and nobody else can take; every bad token
is refused UNAUTHENTICATED with its reason; anonymous play with seat tokens goes on where the
operator allows it, and is refused where it does not.

The identity provider is the tests' own (`helpers.PlayerIssuer`, an ES256 key the orchestrators
are configured with); no bot worker runs here."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import grpc
import pytest

from dev.devstack import guest_env
from dev.testbed import TIMEOUT, start_orchestrator
from playhall.accounts.guests import new_signing_key
from playhall.accounts.tokens import player_id
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, bearer, human_seats
from playhall.matchstore.store import player_matches_key
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from tests.helpers import (
    PLAYER_AUDIENCE,
    PLAYER_ISSUER,
    TITLE,
    PlayerIssuer,
    assert_refused,
    connect_call,
    start_gateway,
    unsigned_token,
)
from tests.integration.conftest import started_hall

BACKENDS = ["redis", "cluster"]
UNAUTHENTICATED, PERMISSION_DENIED = (
    grpc.StatusCode.UNAUTHENTICATED,
    grpc.StatusCode.PERMISSION_DENIED,
)
OPEN = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
ME = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, display_name="ignored for a signed-in creator")


@pytest.fixture(scope="module")
def started(backend, galileo_rules, issuer):
    """An orchestrator that trusts `issuer` and allows anonymous play (the default)."""
    with started_hall(galileo_rules.address, issuer, backend=backend) as hall:
        yield hall


@pytest.fixture(scope="module")
def hall(started):
    return started.replicas[0]


@pytest.fixture(scope="module")
def channel(started):
    return started.channels[0]


class Device:
    """A player's client on one device: MatchService and PlayerService with one token."""

    def __init__(self, channel: grpc.Channel, token: str | None):
        self.token = token
        self.matches = MatchClient(channel, token, timeout_s=TIMEOUT)
        self.players = player_service_pb2_grpc.PlayerServiceStub(channel)

    def call(self, method: str, request=None):
        request = request or getattr(ppb, f"{method}Request")()
        return getattr(self.players, method)(request, metadata=bearer(self.token), timeout=TIMEOUT)

    def running(self) -> list[ppb.RunningMatch]:
        return list(self.call("ListRunningMatches").matches)

    def reclaim(self, match_id: str, seat: int | None = None) -> ppb.ReclaimSeatResponse:
        return self.call("ReclaimSeat", ppb.ReclaimSeatRequest(match_id=match_id, seat=seat))


def pick_first(client: MatchClient, match_id: str) -> pb.SubmitMoveResponse:
    seen = client.get(match_id)
    return client.submit(match_id, moves_as_any(seen.legal_moves)[0], seen.match.version)


def test_a_player_token_signs_in_with_a_stable_id(channel, issuer):
    first = Device(channel, issuer.token("ada", name="Ada")).call("GetProfile").player
    again = Device(channel, issuer.token("ada", name="Ada L.")).call("GetProfile").player
    assert first.player_id == again.player_id == player_id(PLAYER_ISSUER, "ada")
    assert again.display_name == "Ada L."


BAD_TOKENS = {
    "wrong signature": lambda issuer: issuer.token("ada", key=PlayerIssuer().keys[0]),
    "expired": lambda issuer: issuer.token("ada", expires_in=-300),
    "wrong issuer": lambda issuer: issuer.token("ada", iss="https://evil.example"),
    "wrong audience": lambda issuer: issuer.token("ada", aud="another-service"),
    "alg none": lambda issuer: unsigned_token(
        {"iss": PLAYER_ISSUER, "aud": PLAYER_AUDIENCE, "sub": "ada", "name": "Ada"}
        | {"exp": int(time.time()) + 300}
    ),
    "malformed": lambda issuer: "not.a.jwt",
}


@pytest.mark.parametrize("case", list(BAD_TOKENS))
def test_a_bad_player_token_is_refused_unauthenticated_everywhere(channel, issuer, case):
    device = Device(channel, BAD_TOKENS[case](issuer))
    reason = assert_refused(UNAUTHENTICATED, device.call, "GetProfile")
    assert "token" in reason.lower()
    assert_refused(UNAUTHENTICATED, device.matches.create, TITLE, [ME, OPEN])
    # Not even a spectator's read: a bad token is refused, not ignored.
    owner = Device(channel, issuer.token("ada"))
    match_id = owner.matches.create(TITLE, [ME, OPEN]).match.match_id
    assert_refused(UNAUTHENTICATED, device.matches.get, match_id)


def test_playerservice_needs_a_player_token_not_a_seat_token(channel, issuer):
    created = Device(channel, None).matches.create(TITLE, human_seats(2))
    for token in (None, created.tokens[0].token):
        reason = assert_refused(UNAUTHENTICATED, Device(channel, token).call, "GetProfile")
        assert "Sign in" in reason


def turn_based_match(creator: Device, joiner: Device) -> str:
    """A running two-seat turn-based match (a day a turn) of `creator` (seat 0) and `joiner`."""
    clock = pb.Clock(
        seconds_per_turn=86_400, on_timeout=pb.TIMEOUT_ACTION_FORFEIT, pace=pb.PACE_TURN_BASED
    )
    match_id = creator.matches.create(TITLE, [ME, OPEN], clock=clock).match.match_id
    joiner.matches.join(match_id)
    return match_id


def test_my_turn_lists_the_matches_waiting_on_the_player_with_their_time(channel, issuer):
    ada = Device(channel, issuer.token("ada", name="Ada"))
    bob = Device(channel, issuer.token("bob", name="Bob"))
    before = ada.call("ListMyTurn").count
    match_id = turn_based_match(ada, bob)
    waiting = ada.call("ListMyTurn")
    assert waiting.count == before + 1
    (turn,) = [t for t in waiting.matches if t.match.match_id == match_id]
    assert list(turn.seats) == [0] and turn.match.clock.pace == pb.PACE_TURN_BASED
    assert 86_000_000 < turn.time_left_ms <= 86_400_000
    assert turn.deadline_unix_ms == turn.match.deadline_unix_ms
    pick_first(ada.matches, match_id)
    assert match_id not in [t.match.match_id for t in ada.call("ListMyTurn").matches]
    assert match_id in [t.match.match_id for t in bob.call("ListMyTurn").matches]


def test_a_vacation_shows_on_the_profile_and_on_the_seats_of_turn_based_matches(channel, issuer):
    ada = Device(channel, issuer.token("ada-away", name="Ada"))
    bob = Device(channel, issuer.token("bob-away", name="Bob"))
    match_id = turn_based_match(ada, bob)
    away = ada.call("GoAway", ppb.GoAwayRequest(days=3)).vacation
    assert away.away_until_unix_ms - away.away_since_unix_ms == 3 * 86_400_000
    assert ada.call("GetProfile").vacation == away
    seen = bob.matches.get(match_id)
    assert seen.match.seats[0].away_until_unix_ms == away.away_until_unix_ms
    assert seen.match.deadline_unix_ms == 0, "both seats pick, and one is away"
    back = ada.call("ComeBack").vacation
    assert back.away_since_unix_ms == 0 and back.allowance_left_ms < away.allowance_left_ms
    assert bob.matches.get(match_id).match.deadline_unix_ms > 0
    reason = assert_refused(grpc.StatusCode.INVALID_ARGUMENT, ada.call, "GoAway")
    assert "a day or more" in reason


def test_a_player_gets_their_seat_back_from_another_device_and_nobody_else_can(
    channel, issuer, backend
):
    phone = Device(channel, issuer.token("ada", name="Ada"))
    created = phone.matches.create(TITLE, [ME, OPEN])
    match_id = created.match.match_id
    (phone_seat,) = created.tokens
    assert created.match.seats[0].player_id == player_id(PLAYER_ISSUER, "ada")
    assert created.match.seats[0].display_name == "Ada"
    bob = Device(channel, issuer.token("bob", name="Bob"))
    joined = bob.matches.join(match_id, display_name="whatever")
    assert (joined.token.seat, joined.match.seats[1].display_name) == (1, "Bob")
    assert joined.match.phase == pb.MATCH_PHASE_RUNNING

    # A laptop: a fresh sign-in of the same player, no seat token.
    laptop = Device(channel, issuer.token("ada", name="Ada"))
    (listed,) = [m for m in laptop.running() if m.match.match_id == match_id]
    assert list(listed.seats) == [0]
    assert [s.player_id for s in listed.match.seats] == [
        player_id(PLAYER_ISSUER, "ada"),
        player_id(PLAYER_ISSUER, "bob"),
    ]
    # The player token itself holds the seat, and ReclaimSeat gives a fresh seat token,
    # revoking the phone's; the fresh token moves.
    assert laptop.matches.get(match_id).seat == 0
    reclaimed = laptop.reclaim(match_id)
    assert reclaimed.token.seat == 0 and reclaimed.token.token != phone_seat.token
    old = MatchClient(channel, phone_seat.token, timeout_s=TIMEOUT)
    assert_refused(PERMISSION_DENIED, old.get, match_id)
    fresh = MatchClient(channel, reclaimed.token.token, timeout_s=TIMEOUT)
    assert fresh.get(match_id).seat == 0
    pick_first(fresh, match_id)

    # Bob can neither take Ada's seat nor act in it, with his token or the fresh seat's.
    assert_refused(PERMISSION_DENIED, bob.reclaim, match_id, 0)
    bob_as_ada = MatchClient(channel, bob.token, seat=0, timeout_s=TIMEOUT)
    assert_refused(PERMISSION_DENIED, bob_as_ada.get, match_id)
    seen = bob.matches.get(match_id)
    assert seen.seat == 1
    move = moves_as_any(seen.legal_moves)[0]
    assert_refused(PERMISSION_DENIED, bob_as_ada.submit, match_id, move, seen.match.version)
    assert_refused(PERMISSION_DENIED, bob_as_ada.resign, match_id)
    # A third player who holds no seat watches as a spectator and cannot move.
    carol = Device(channel, issuer.token("carol"))
    assert not carol.matches.get(match_id).HasField("seat")
    assert_refused(PERMISSION_DENIED, carol.matches.submit, match_id, move, seen.match.version)
    assert_refused(PERMISSION_DENIED, carol.reclaim, match_id)
    assert match_id not in [m.match.match_id for m in carol.running()]

    # Bob picks with his player token, and the match goes on, Ada playing with hers.
    pick_first(bob.matches, match_id)
    to_move = bob.matches.get(match_id).match.status.to_move
    after = pick_first(laptop.matches if 0 in to_move else bob.matches, match_id)
    assert after.match.phase == pb.MATCH_PHASE_RUNNING

    # Once the match is over it leaves both players' running matches (and their index keys).
    bob.matches.resign(match_id)
    assert match_id not in [m.match.match_id for m in laptop.running()]
    assert match_id not in [m.match.match_id for m in bob.running()]
    storage = backend.client()
    for name in ("ada", "bob"):
        key = player_matches_key(player_id(PLAYER_ISSUER, name))
        assert storage.zscore(key, match_id) is None
    assert_refused(grpc.StatusCode.FAILED_PRECONDITION, laptop.reclaim, match_id)


def test_a_player_cannot_join_a_match_twice(channel, issuer):
    ada = Device(channel, issuer.token("ada"))
    match_id = ada.matches.create(TITLE, [ME, OPEN, OPEN]).match.match_id
    reason = assert_refused(
        grpc.StatusCode.FAILED_PRECONDITION, ada.matches.join, match_id, None, "again"
    )
    assert "already hold seat 0" in reason


def test_anonymous_seat_token_play_still_works(channel):
    anonymous = MatchClient(channel, timeout_s=TIMEOUT)
    created = anonymous.create(TITLE, [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), OPEN])
    match_id = created.match.match_id
    joined = anonymous.join(match_id, display_name="Guest")
    assert [s.player_id for s in joined.match.seats] == ["", ""]
    for token in (created.tokens[0].token, joined.token.token):
        pick_first(anonymous.as_seat(token), match_id)
    assert anonymous.get(match_id).match.version >= 3


def test_archive_calls_say_they_need_the_archive(channel, issuer):
    device = Device(channel, issuer.token("ada"))
    reason = assert_refused(grpc.StatusCode.UNIMPLEMENTED, device.call, "GetLeaderboard")
    assert "archive" in reason


@pytest.fixture(scope="module")
def signed_in_only(redis_server, galileo_rules, issuer):
    """An orchestrator whose operator turned anonymous play off."""
    env = {**issuer.env, "PLAYHALL_ALLOW_ANONYMOUS": "0"}
    with (
        start_orchestrator(redis_server.url, galileo_rules.address, **env) as service,
        grpc.insecure_channel(service.address) as channel,
    ):
        yield channel


def test_without_anonymous_play_creating_and_joining_need_a_player_token(signed_in_only, issuer):
    anonymous = MatchClient(signed_in_only, timeout_s=TIMEOUT)
    reason = assert_refused(UNAUTHENTICATED, anonymous.create, TITLE, [ME, OPEN])
    assert "Sign in" in reason
    ada = Device(signed_in_only, issuer.token("ada"))
    created = ada.matches.create(TITLE, [ME, OPEN])
    match_id = created.match.match_id
    assert_refused(UNAUTHENTICATED, anonymous.join, match_id)
    # A seat token is no sign-in either.
    seat_holder = anonymous.as_seat(created.tokens[0].token)
    assert_refused(UNAUTHENTICATED, seat_holder.join, match_id)
    # More than one human seat would be seats of nobody.
    assert_refused(grpc.StatusCode.INVALID_ARGUMENT, ada.matches.create, TITLE, [ME, ME])
    bob = Device(signed_in_only, issuer.token("bob"))
    assert bob.matches.join(match_id).token.seat == 1
    # The seat tokens of signed-in players' seats play as ever.
    pick_first(seat_holder, match_id)
    assert match_id in [m.match.match_id for m in ada.running()]


# -- the gateway: PlayerService forwarded, and the guest sign-in ---------------------------------


@pytest.fixture(scope="module")
def guest_hall(redis_server, galileo_rules):
    """An orchestrator trusting a guest issuer, and a gateway signing its guests in, with a
    key pair made for them as `make run` makes one."""
    trusting, signing = guest_env(new_signing_key())
    with (
        start_orchestrator(redis_server.url, galileo_rules.address, **trusting) as orchestrator,
        start_gateway(orchestrator.address, signing) as gateway,
    ):
        yield orchestrator, f"http://127.0.0.1:{gateway.port}"


GUESTS = "playhall.players.v1.GuestService"
PLAYERS = "playhall.players.v1.PlayerService"
MATCHES = "playhall.match.v1.MatchService"


def test_a_guest_signs_in_through_the_gateway_and_the_orchestrator_accepts_the_token(guest_hall):
    orchestrator, base = guest_hall
    status, guest = connect_call(base, GUESTS, "SignInGuest", {"displayName": " Zoë  Q "})
    assert status == 200, guest
    assert guest["displayName"] == "Zoë Q" and guest["expiresUnix"]
    token = guest["token"]
    status, profile = connect_call(base, PLAYERS, "GetProfile", {}, token)
    assert (status, profile["player"]["playerId"]) == (200, guest["playerId"])
    seats = [{"kind": "SEAT_KIND_HUMAN"}, {"kind": "SEAT_KIND_OPEN"}]
    status, created = connect_call(
        base, MATCHES, "CreateMatch", {"titleId": TITLE, "seats": seats}, token
    )
    assert status == 200, created
    assert created["match"]["seats"][0]["playerId"] == guest["playerId"]
    status, running = connect_call(base, PLAYERS, "ListRunningMatches", {}, token)
    assert [m["match"]["matchId"] for m in running["matches"]] == [created["match"]["matchId"]]
    # The orchestrator itself (not only through the gateway) takes the guest's token.
    with grpc.insecure_channel(orchestrator.address) as channel:
        assert Device(channel, token).call("GetProfile").player.display_name == "Zoë Q"
    # Another guest of the same name is another player.
    _, other = connect_call(base, GUESTS, "SignInGuest", {"displayName": "Zoë Q"})
    assert other["playerId"] != guest["playerId"]
    assert portal_config(base) == {"guestSignIn": True}


@pytest.mark.parametrize("name", ["", "x", "<b>bold</b>", "a" * 25])
def test_a_guest_name_is_checked(guest_hall, name):
    _, base = guest_hall
    status, refused = connect_call(base, GUESTS, "SignInGuest", {"displayName": name})
    assert (status, refused["code"]) == (400, "invalid_argument")
    assert "name" in refused["message"]


def test_refusals_of_playerservice_pass_through_the_gateway(guest_hall, issuer):
    _, base = guest_hall
    # A token signed by a key the orchestrator does not trust.
    status, refused = connect_call(base, PLAYERS, "GetProfile", {}, issuer.token("ada"))
    assert (status, refused["code"]) == (401, "unauthenticated")
    assert "signature does not verify" in refused["message"]


def test_a_gateway_without_a_guest_issuer_signs_nobody_in(orchestrator):
    with start_gateway(orchestrator.address) as gateway:
        base = f"http://127.0.0.1:{gateway.port}"
        request = urllib.request.Request(
            f"{base}/{GUESTS}/SignInGuest",
            b'{"displayName": "Zoe"}',
            {"content-type": "application/json"},
            method="POST",
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=TIMEOUT)
        # Nothing serves the path: the portal's static files refuse a POST.
        assert refused.value.code == 405
        # And the portal is told so: it offers no guest sign-in.
        assert portal_config(base) == {"guestSignIn": False}


def portal_config(base: str) -> dict:
    with urllib.request.urlopen(f"{base}/portal/config.json", timeout=TIMEOUT) as response:
        return json.loads(response.read())
