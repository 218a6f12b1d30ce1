"""Personal access tokens, their scopes and bot accounts on two real orchestrator processes
sharing the session's Redis and a fresh PostgreSQL: tokens made, listed (never their secrets)
and revoked, a revoked token refused at once by the other replica; the scope of every method
the orchestrator serves checked before its handler runs (a token without it is
PERMISSION_DENIED naming it); the reflection's list of services covered by the table; bad
input refused with nothing written; the bot upgrade refused after a rated game, and the bots
online listed."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import time

import grpc
import psycopg
import pytest
from google.protobuf import descriptor_pool
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from dev.testbed import TIMEOUT
from playhall.access.scopes import BOT_KIT, REQUIRED, Gate, Scope
from playhall.access.tokens import looks_like_access_token
from playhall.accounts.tokens import looks_like_jwt, player_id
from playhall.api.v1 import account_service_pb2 as pb
from playhall.api.v1 import account_service_pb2_grpc
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.match_client import bearer
from playhall.orchestrator import server  # noqa: F401  (registers every served contract)
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from playhall.social.v1 import challenge_service_pb2 as cpb
from playhall.social.v1 import challenge_service_pb2_grpc, friends_service_pb2_grpc
from playhall.social.v1 import friends_service_pb2 as fpb
from tests.helpers import (
    PLAYER_ISSUER,
    PlayerIssuer,
    assert_refused,
    connect_call,
    start_gateway,
)
from tests.integration.conftest import started_hall

PLAYERS = "playhall.players.v1.PlayerService"
MAX_TOKENS = 3
"""Small, so that the cap is reached in a few calls."""
ALL_SCOPES = list(pb.Scope.values())[1:]
NOT_SERVED_BY_THE_TABLE = {
    "grpc.health.v1.Health",
    "grpc.reflection.v1alpha.ServerReflection",
    "grpc.reflection.v1.ServerReflection",
}
"""The gRPC infrastructure every Playhall server has: no Playhall data behind it."""


@pytest.fixture(scope="module")
def replicas(backend, galileo_rules, issuer, archive_url):
    with started_hall(
        galileo_rules.address,
        issuer,
        backend=backend,
        database_url=archive_url,
        replicas=2,
        PLAYHALL_MAX_ACCESS_TOKENS=str(MAX_TOKENS),
    ) as hall:
        for channel, service in zip(hall.channels, hall.replicas, strict=True):
            ADDRESSES[id(channel)] = service.address
        yield hall.channels


ADDRESSES: dict[int, str] = {}
"""Each replica's address, by its channel."""


def replica_address(channel: grpc.Channel) -> str:
    return ADDRESSES[id(channel)]


@pytest.fixture
def channel(replicas) -> grpc.Channel:
    return replicas[0]


class Account:
    """A signed-in player (a subject of this test's own) and their AccountService."""

    def __init__(self, channel: grpc.Channel, issuer: PlayerIssuer, name: str):
        subject = f"{name.lower()}-{time.monotonic_ns()}"
        self.name = name
        self.jwt = issuer.token(subject, name=name)
        self.player_id = player_id(PLAYER_ISSUER, subject)
        self.channel = channel
        self.accounts = account_service_pb2_grpc.AccountServiceStub(channel)
        self.players = player_service_pb2_grpc.PlayerServiceStub(channel)

    def create(self, name: str = "my bot", scopes=(pb.SCOPE_MATCH_PLAY,), days: int = 0):
        request = pb.CreateAccessTokenRequest(name=name, scopes=scopes, expires_in_days=days)
        return self.accounts.CreateAccessToken(request, metadata=bearer(self.jwt), timeout=TIMEOUT)

    def listed(self) -> list[pb.AccessToken]:
        request = pb.ListAccessTokensRequest()
        answer = self.accounts.ListAccessTokens(request, metadata=bearer(self.jwt), timeout=TIMEOUT)
        return list(answer.tokens)

    def revoke(self, token_id: str) -> None:
        request = pb.RevokeAccessTokenRequest(token_id=token_id)
        self.accounts.RevokeAccessToken(request, metadata=bearer(self.jwt), timeout=TIMEOUT)

    def profile(self, token: str, channel: grpc.Channel | None = None) -> ppb.Player:
        players = player_service_pb2_grpc.PlayerServiceStub(channel or self.channel)
        request = ppb.GetProfileRequest()
        return players.GetProfile(request, metadata=bearer(token), timeout=TIMEOUT).player


def token_rows(archive_url: str, account: Account) -> list[tuple]:
    with psycopg.connect(archive_url) as connection:
        return connection.execute(
            "SELECT token_id, name, revoked_at IS NOT NULL FROM access_tokens "
            "WHERE player_id = %s ORDER BY token_id",
            (account.player_id,),
        ).fetchall()


def test_a_token_is_made_listed_without_its_secret_and_signs_its_player_in(channel, issuer):
    ada = Account(channel, issuer, "Ada")
    made = ada.create("engine one", [pb.SCOPE_PROFILE_READ, pb.SCOPE_MATCH_READ], days=30)
    secret = made.secret
    assert looks_like_access_token(secret) and not looks_like_jwt(secret)
    assert "." in secret and secret.startswith(made.token.prefix)
    assert list(made.token.scopes) == [pb.SCOPE_MATCH_READ, pb.SCOPE_PROFILE_READ]
    days = (made.token.expires_unix_ms - made.token.created_unix_ms) / 86_400_000
    assert days == pytest.approx(30, abs=0.01)

    shown = ada.profile(secret)
    assert (shown.player_id, shown.display_name) == (ada.player_id, "Ada")
    [listed] = ada.listed()
    assert listed.token_id == made.token.token_id and listed.name == "engine one"
    assert secret not in str(listed) and listed.last_used_unix_ms >= made.token.created_unix_ms


def test_each_call_is_checked_with_its_own_token_whoever_called_the_method_before(
    backend, galileo_rules, issuer, archive_url
):
    """The rate limits' interceptor (on here, as deployed) keeps the handler it wraps for a
    method and serves every later call of it with that one: three players' tokens, one after
    another on one method, each signs its own player in (the gate once checked the first
    caller's token for every call after it)."""
    env = {**issuer.env, "PLAYHALL_DATABASE_URL": archive_url, "PLAYHALL_DATABASE_MIGRATE": "0"}
    with (
        backend.start_orchestrator(
            galileo_rules.address, PLAYHALL_RATE_LIMITS="1", **env
        ) as limited,
        grpc.insecure_channel(limited.address) as channel,
    ):
        people = [Account(channel, issuer, name) for name in ("Ada", "Bea", "Cy")]
        secrets = [person.create(scopes=[pb.SCOPE_PROFILE_READ]).secret for person in people]
        for _ in range(2):
            for person, secret in zip(people, secrets, strict=True):
                assert person.profile(secret).player_id == person.player_id


def test_a_revoked_token_is_refused_at_once_by_every_replica(replicas, issuer, archive_url):
    a, b = replicas
    ada = Account(a, issuer, "Ada")
    made = ada.create(scopes=[pb.SCOPE_PROFILE_READ])
    assert ada.profile(made.secret, b).player_id == ada.player_id
    ada.revoke(made.token.token_id)
    for channel in (b, a):
        reason = assert_refused(grpc.StatusCode.UNAUTHENTICATED, ada.profile, made.secret, channel)
        assert reason == "This access token was revoked"
    assert ada.listed() == []
    ada.revoke(made.token.token_id)  # again: nothing changes
    assert token_rows(archive_url, ada) == [(made.token.token_id, "my bot", True)]


def test_an_expired_or_unknown_token_is_refused(channel, issuer, archive_url):
    ada = Account(channel, issuer, "Ada")
    made = ada.create(scopes=[pb.SCOPE_PROFILE_READ], days=1)
    with psycopg.connect(archive_url) as connection:
        connection.execute(
            "UPDATE access_tokens SET expires_at = %s WHERE token_id = %s",
            (datetime.datetime.now(datetime.UTC), made.token.token_id),
        )
    reason = assert_refused(grpc.StatusCode.UNAUTHENTICATED, ada.profile, made.secret)
    assert "expired" in reason
    forged = made.secret[:-4] + "AAAA"
    reason = assert_refused(grpc.StatusCode.UNAUTHENTICATED, ada.profile, forged)
    assert reason == "This access token is not known"


def request_of(method: str):
    """An empty request of a served method, and whether its answer is a stream."""
    service, _, name = method.strip("/").rpartition("/")
    found = descriptor_pool.Default().FindServiceByName(service).FindMethodByName(name)
    return found.server_streaming


def call_raw(channel: grpc.Channel, method: str, token: str) -> None:
    """Calls `method` with an empty request (every field left unset) and the token."""
    if request_of(method):
        stream = channel.unary_stream(method)(b"", metadata=bearer(token), timeout=5)
        next(iter(stream))
    else:
        channel.unary_unary(method)(b"", metadata=bearer(token), timeout=TIMEOUT)


def scopes_without(scope: Scope) -> list[int]:
    """Every scope but `scope` (and but bot:play when bot:play grants it), by number."""
    held = [s for s in Scope if s != scope and not (scope in BOT_KIT and s == Scope.BOT_PLAY)]
    return [wire(s) for s in held]


def wire(scope: Scope) -> int:
    return pb.Scope.Value(f"SCOPE_{scope.name}")


@pytest.mark.parametrize("method", sorted(REQUIRED))
def test_every_method_checks_its_scope_before_anything_else(replicas, method, issuer):
    """A token without the method's scope is PERMISSION_DENIED naming it, whatever the request;
    a method that never takes a token refuses one that holds every scope; an open one lets a
    token without scopes through to its handler."""
    rule = REQUIRED[method]
    channel = replicas[0]
    if isinstance(rule, Scope):
        ada = Account(channel, issuer, "Lacking")
        token = ada.create(scopes=scopes_without(rule)).secret
        reason = assert_refused(grpc.StatusCode.PERMISSION_DENIED, call_raw, channel, method, token)
        assert reason.startswith(f"This token lacks the scope {rule.value}")
        assert_not_for_scope(channel, method, ada.create("granted", [wire(rule)]).secret)
        if rule in BOT_KIT:
            assert_not_for_scope(channel, method, ada.create("bot", [pb.SCOPE_BOT_PLAY]).secret)
        return
    ada = Account(channel, issuer, "Gated")
    if rule is Gate.SIGN_IN:
        token = ada.create(scopes=ALL_SCOPES).secret
        reason = assert_refused(grpc.StatusCode.PERMISSION_DENIED, call_raw, channel, method, token)
        assert "takes no personal access token" in reason
    else:
        token = ada.create(scopes=[pb.SCOPE_EVENTS_READ]).secret
        assert_not_for_scope(channel, method, token)


def assert_not_for_scope(channel: grpc.Channel, method: str, token: str) -> None:
    """The call reached its handler: whatever it answers, it is no refusal of the token."""
    try:
        call_raw(channel, method, token)
    except grpc.RpcError as error:
        assert error.code() != grpc.StatusCode.UNAUTHENTICATED or "access token" not in (
            error.details() or ""
        ), error.details()
        assert "lacks the scope" not in (error.details() or "")
        assert "takes no personal access token" not in (error.details() or "")


def test_the_table_names_every_method_the_orchestrator_serves(channel):
    """Read from the running server's reflection, so a new service or RPC cannot be forgotten."""
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    ask = reflection_pb2.ServerReflectionRequest(list_services="")
    [answer] = list(stub.ServerReflectionInfo(iter([ask]), timeout=TIMEOUT))
    services = {s.name for s in answer.list_services_response.service} - NOT_SERVED_BY_THE_TABLE
    assert "playhall.api.v1.AccountService" in services and len(services) >= 9
    served = {
        f"/{service}/{method.name}"
        for service in services
        for method in descriptor_pool.Default().FindServiceByName(service).methods
    }
    assert served - set(REQUIRED) == set()
    assert set(REQUIRED) - served == set(), "the table names methods nobody serves"


def test_bad_requests_are_refused_and_write_nothing(channel, issuer, archive_url):
    ada = Account(channel, issuer, "Ada")
    cases = [
        (grpc.StatusCode.INVALID_ARGUMENT, "", [pb.SCOPE_MATCH_PLAY], 0, "Name the token"),
        (grpc.StatusCode.INVALID_ARGUMENT, "x" * 61, [pb.SCOPE_MATCH_PLAY], 0, "Name the token"),
        (grpc.StatusCode.INVALID_ARGUMENT, "a\nb", [pb.SCOPE_MATCH_PLAY], 0, "control"),
        (grpc.StatusCode.INVALID_ARGUMENT, "bot", [], 0, "at least one scope"),
        (grpc.StatusCode.INVALID_ARGUMENT, "bot", [pb.SCOPE_UNSPECIFIED], 0, "no scope numbered 0"),
        (grpc.StatusCode.INVALID_ARGUMENT, "bot", [99], 0, "no scope numbered 99"),
        (grpc.StatusCode.INVALID_ARGUMENT, "bot", [pb.SCOPE_MATCH_PLAY], 366, "1 to 365 days"),
        (grpc.StatusCode.INVALID_ARGUMENT, "bot", [pb.SCOPE_MATCH_PLAY], -1, "1 to 365 days"),
    ]
    for code, name, scopes, days, words in cases:
        assert words in assert_refused(code, ada.create, name, scopes, days)
    assert token_rows(archive_url, ada) == []
    for number in range(MAX_TOKENS):
        ada.create(f"bot {number}")
    reason = assert_refused(grpc.StatusCode.FAILED_PRECONDITION, ada.create, "one more")
    assert f"You hold {MAX_TOKENS} access tokens" in reason
    assert len(token_rows(archive_url, ada)) == MAX_TOKENS
    reason = assert_refused(grpc.StatusCode.NOT_FOUND, ada.revoke, "t-0000000000000000")
    assert "no access token" in reason
    assert_refused(grpc.StatusCode.INVALID_ARGUMENT, ada.revoke, "nonsense")
    bob = Account(channel, issuer, "Bob")
    assert_refused(grpc.StatusCode.NOT_FOUND, bob.revoke, token_rows(archive_url, ada)[0][0])
    assert not any(revoked for _, _, revoked in token_rows(archive_url, ada))


def test_token_management_takes_a_player_token(channel):
    """No token, or a seat token, cannot manage tokens (a personal access token cannot either:
    the table's SIGN_IN, tested above)."""
    accounts = account_service_pb2_grpc.AccountServiceStub(channel)
    request = pb.CreateAccessTokenRequest(name="x", scopes=[pb.SCOPE_MATCH_PLAY])
    for token in (None, "a-seat-token-has-no-dot"):
        reason = assert_refused(
            grpc.StatusCode.UNAUTHENTICATED,
            lambda token=token: accounts.CreateAccessToken(
                request, metadata=bearer(token), timeout=TIMEOUT
            ),
        )
        assert reason.startswith("Sign in first")


def heartbeat(account: Account) -> None:
    friends = friends_service_pb2_grpc.FriendsServiceStub(account.channel)
    friends.Heartbeat(fpb.HeartbeatRequest(), metadata=bearer(account.jwt), timeout=TIMEOUT)


def upgrade(account: Account) -> pb.UpgradeToBotResponse:
    request = pb.UpgradeToBotRequest()
    return account.accounts.UpgradeToBot(request, metadata=bearer(account.jwt), timeout=TIMEOUT)


def online_bots(channel: grpc.Channel, page_size: int = 0, page_token: str = ""):
    accounts = account_service_pb2_grpc.AccountServiceStub(channel)
    request = pb.ListOnlineBotsRequest(page_size=page_size, page_token=page_token)
    return accounts.ListOnlineBots(request, timeout=TIMEOUT)


def is_bot_account(archive_url: str, account: Account) -> bool:
    query = "SELECT count(*) FROM bot_accounts WHERE player_id = %s"
    return count_rows(archive_url, query, account.player_id) == 1


def count_rows(archive_url: str, query: str, *args) -> int:
    with psycopg.connect(archive_url) as connection:
        return connection.execute(query, args).fetchone()[0]


def test_the_bot_upgrade_is_refused_after_a_rated_game_and_kept_for_good(
    channel, issuer, archive_url
):
    rated, fresh = Account(channel, issuer, "Rated"), Account(channel, issuer, "Fresh")
    rated.profile(rated.jwt)  # known to the archive, as any signed-in player
    with psycopg.connect(archive_url) as connection:
        connection.execute(
            "INSERT INTO ratings (player_id, title_id, mu, sigma, games, updated_at) "
            "VALUES (%s, 'galileo', 27, 7, 1, now())",
            (rated.player_id,),
        )
    reason = assert_refused(grpc.StatusCode.FAILED_PRECONDITION, upgrade, rated)
    assert "has played a rated game (galileo)" in reason
    assert not is_bot_account(archive_url, rated)

    token = fresh.create(scopes=[pb.SCOPE_PROFILE_READ]).secret
    first = upgrade(fresh).upgraded_unix_ms
    assert first > 0 and upgrade(fresh).upgraded_unix_ms == first  # again: nothing changes
    assert is_bot_account(archive_url, fresh)
    assert fresh.profile(token).player_id == fresh.player_id  # a bot account keeps its tokens
    assert fresh.profile(fresh.jwt).bot and not rated.profile(rated.jwt).bot
    ratings = player_service_pb2_grpc.PlayerServiceStub(channel).GetRatings(
        ppb.GetRatingsRequest(player_id=fresh.player_id), timeout=TIMEOUT
    )
    assert ratings.player.bot and ratings.player.display_name == "Fresh"


def test_the_bots_online_are_the_bot_accounts_with_presence_and_marked_in_friends_lists(
    channel, issuer
):
    run = time.monotonic_ns()
    bots = [Account(channel, issuer, f"Bot{letter}{run}") for letter in "AB"]
    asleep, person = Account(channel, issuer, f"BotC{run}"), Account(channel, issuer, f"P{run}")
    for bot in [*bots, asleep]:
        upgrade(bot)
    for awake in [*bots, person]:
        heartbeat(awake)
    names = []
    page = online_bots(channel, page_size=1)
    while True:
        names += [bot.name for bot in page.bots if bot.name.endswith(str(run))]
        if not page.next_page_token:
            break
        page = online_bots(channel, 1, page.next_page_token)
    assert names == [f"BotA{run}", f"BotB{run}"]
    listed = {bot.player_id for bot in online_bots(channel).bots}
    assert {b.player_id for b in bots} <= listed
    assert asleep.player_id not in listed and person.player_id not in listed
    for bad in ("nonsense!", "e30="):
        reason = assert_refused(grpc.StatusCode.INVALID_ARGUMENT, online_bots, channel, 0, bad)
        assert "page token" in reason
    assert_refused(grpc.StatusCode.INVALID_ARGUMENT, online_bots, channel, 201)

    friends = friends_service_pb2_grpc.FriendsServiceStub(channel)
    for followed in (bots[0], asleep):
        request = fpb.FollowRequest(player_id=followed.player_id)
        friends.Follow(request, metadata=bearer(person.jwt), timeout=TIMEOUT)
    request = fpb.ListFriendsRequest(circle=fpb.CIRCLE_FOLLOWING)
    listed = friends.ListFriends(request, metadata=bearer(person.jwt), timeout=TIMEOUT).people
    assert {(p.display_name, p.bot, p.online) for p in listed} == {
        (bots[0].name, True, True),
        (asleep.name, True, False),
    }


def playhall(gateway_url: str, config: str, *args: str) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "PLAYHALL_GATEWAY": gateway_url,
        "PLAYHALL_CONFIG": config,
        "COLUMNS": "200",
    }
    return subprocess.run(
        [sys.executable, "-m", "playhall.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_tokens_from_the_terminal_and_the_portal_through_the_gateway(
    replicas, issuer, archive_url, tmp_path
):
    """`playhall token create|list|revoke` over Connect, and a token used by a Connect client
    (as a program outside Playhall would) until it is revoked; a token lacking the scope is
    PERMISSION_DENIED over Connect too, naming it."""
    a, _ = replicas
    ada = Account(a, issuer, "Ada")
    config = str(tmp_path / "login.json")
    with start_gateway(replica_address(a)) as gateway:
        base = f"http://127.0.0.1:{gateway.port}"
        made = playhall(
            base, config, "token", "create", "cli bot", "--scope", "profile:read",
            "--scope", "events:read", "--days", "7", "--token", ada.jwt, "--json",
        )  # fmt: skip
        assert made.returncode == 0, made.stderr
        answer = json.loads(made.stdout)
        secret, token_id = answer["secret"], answer["token"]["token_id"]
        assert answer["token"]["scopes"] == ["SCOPE_PROFILE_READ", "SCOPE_EVENTS_READ"]
        status, body = connect_call(base, PLAYERS, "GetProfile", {}, secret)
        assert (status, body["player"]["playerId"]) == (200, ada.player_id)
        status, body = connect_call(base, PLAYERS, "GoAway", {"days": 1}, secret)
        assert (status, body["code"]) == (403, "permission_denied")
        assert body["message"].startswith("This token lacks the scope profile:write")

        listed = playhall(base, config, "token", "list", "--token", ada.jwt)
        assert listed.returncode == 0 and "cli bot" in listed.stdout and secret not in listed.stdout
        assert "events:read" in " ".join(listed.stdout.split())
        revoked = playhall(base, config, "token", "revoke", token_id, "--token", ada.jwt)
        assert revoked.returncode == 0 and f"Token {token_id} is revoked." in revoked.stdout
        status, body = connect_call(base, PLAYERS, "GetProfile", {}, secret)
        assert (status, body["message"]) == (401, "This access token was revoked")
        assert playhall(base, config, "token", "list", "--token", ada.jwt).stdout.strip() == (
            "No tokens."
        )
        unknown = playhall(base, config, "token", "create", "x", "--scope", "nope", "--token", "j")
        assert unknown.returncode != 0 and "nope" in unknown.stderr
        assert token_rows(archive_url, ada) == [(token_id, "cli bot", True)]


def test_a_challenge_marks_a_bot_account_on_either_side(channel, issuer):
    """A person challenges a bot account: both see the invited side marked a bot; the bot's
    own challenge back marks its challenger side."""
    person, bot = Account(channel, issuer, "Person"), Account(channel, issuer, "Robot")
    upgrade(bot)
    heartbeat(person)  # known to the social rooms
    challenges = challenge_service_pb2_grpc.ChallengeServiceStub(channel)
    clock = mpb.Clock(
        seconds_per_turn=86_400, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT, pace=mpb.PACE_TURN_BASED
    )
    terms = cpb.ChallengeTerms(title_id="galileo", seats=2, clock=clock)
    for by, to in ((person, bot), (bot, person)):
        request = cpb.CreateChallengeRequest(player_id=to.player_id, terms=terms)
        challenges.CreateChallenge(request, metadata=bearer(by.jwt), timeout=TIMEOUT)
    for reader in (person, bot):
        listed = challenges.ListChallenges(
            cpb.ListChallengesRequest(), metadata=bearer(reader.jwt), timeout=TIMEOUT
        ).challenges
        marks = {
            (c.challenger_name, c.challenger_bot, c.invited_name, c.invited_bot) for c in listed
        }
        assert marks == {("Person", False, "Robot", True), ("Robot", True, "Person", False)}


def seat_marks(channel: grpc.Channel, match_id: str, token: str = "") -> list[tuple[str, bool]]:
    """Each seat's (name, bot account mark), as GetMatch shows it to the caller of `token`
    (none: a spectator)."""
    matches = match_service_pb2_grpc.MatchServiceStub(channel)
    request = mpb.GetMatchRequest(match_id=match_id, omit_legal_moves=True)
    metadata = bearer(token) if token else None
    got = matches.GetMatch(request, metadata=metadata, timeout=TIMEOUT)
    return [(seat.display_name, seat.bot_account) for seat in got.match.seats]


def test_a_bot_account_seated_by_a_challenge_or_a_join_is_marked_for_every_viewer(replicas, issuer):
    """A bot account's seat is marked on the wire, to each seat and a spectator, on every
    replica (it is stored with the seat); a person's seat is not."""
    a, b = replicas
    run = time.monotonic_ns()
    person, bot = Account(a, issuer, f"Human{run}"), Account(a, issuer, f"Robo{run}")
    upgrade(bot)
    heartbeat(person)
    challenges = challenge_service_pb2_grpc.ChallengeServiceStub(a)
    terms = cpb.ChallengeTerms(title_id="galileo", seats=2)
    request = cpb.CreateChallengeRequest(player_id=bot.player_id, terms=terms)
    made = challenges.CreateChallenge(request, metadata=bearer(person.jwt), timeout=TIMEOUT)
    accept = cpb.AcceptChallengeRequest(challenge_id=made.challenge.challenge_id)
    played = challenges.AcceptChallenge(accept, metadata=bearer(bot.jwt), timeout=TIMEOUT).match
    expected = sorted([(person.name, False), (bot.name, True)])
    for viewer, channel in ((person.jwt, a), (bot.jwt, b), ("", b)):
        assert sorted(seat_marks(channel, played.match_id, viewer)) == expected

    matches = match_service_pb2_grpc.MatchServiceStub(a)
    seats = [mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN), mpb.SeatSpec(kind=mpb.SEAT_KIND_OPEN)]
    create = mpb.CreateMatchRequest(title_id="galileo", seats=seats)
    opened = matches.CreateMatch(create, metadata=bearer(person.jwt), timeout=TIMEOUT).match
    assert seat_marks(a, opened.match_id) == [(person.name, False), ("", False)]
    token = bot.create(scopes=[pb.SCOPE_MATCH_PLAY, pb.SCOPE_MATCH_READ]).secret
    join = mpb.JoinMatchRequest(match_id=opened.match_id)
    matches.JoinMatch(join, metadata=bearer(token), timeout=TIMEOUT)
    for viewer, channel in ((person.jwt, b), (token, a), ("", a)):
        assert seat_marks(channel, opened.match_id, viewer) == [
            (person.name, False),
            (bot.name, True),
        ]
