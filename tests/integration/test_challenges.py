"""Challenges on real processes: two orchestrator replicas on a Redis of this module's own, a real
PostgreSQL archive (challenges, blocks and karma are kept there), the Galileo rules service, and
signed-in players calling ChallengeService over gRPC. A notifier pass in the test's process tells
the notices the challenges filed, which each player then reads from their inbox
(PlayerService.ListNotices).

Every player is new to each test (a subject of its own), so one test's open challenges, blocks or
karma never reach another's."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass

import grpc
import psycopg
import pytest
import redis
import redis.asyncio

from dev.testbed import TIMEOUT
from playhall.accounts.tokens import player_id
from playhall.archive import database
from playhall.archive.archive import Archive
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient, bearer
from playhall.matchstore.notices import NoticeOutbox
from playhall.matchstore.store import MatchStore
from playhall.notifications.matches import MatchReader
from playhall.notifications.notifier import Notifier
from playhall.notifications.store import NoticeStore
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from playhall.social.v1 import challenge_service_pb2 as pb
from playhall.social.v1 import challenge_service_pb2_grpc, friends_service_pb2_grpc
from playhall.social.v1 import friends_service_pb2 as fpb
from tests.helpers import (
    PLAYER_ISSUER,
    TITLE,
    PlayerIssuer,
    assert_refused,
    connect_call,
    race,
    start_gateway,
)
from tests.integration.conftest import started_hall

MAX_OPEN = 3
RANDOM = mpb.BOT_LEVEL_RANDOM
KARMA_FLOOR = 50
SETTINGS = {
    "PLAYHALL_DATABASE_MIGRATE": "0",
    "PLAYHALL_CHALLENGE_MAX_OPEN": str(MAX_OPEN),
    "PLAYHALL_KARMA_FLOOR": str(KARMA_FLOOR),
}
"""Three open challenges a player at most, and a karma floor of 50 (a new player has 75)."""
TURN_BASED = mpb.Clock(
    seconds_per_turn=86_400, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT, pace=mpb.PACE_TURN_BASED
)
FAILED_PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
INVALID_ARGUMENT = grpc.StatusCode.INVALID_ARGUMENT
PERMISSION_DENIED = grpc.StatusCode.PERMISSION_DENIED
NOT_FOUND = grpc.StatusCode.NOT_FOUND


@dataclass
class Hall:
    redis_url: str
    database_url: str
    channels: list[grpc.Channel]
    addresses: list[str]


@pytest.fixture(scope="module")
def hall(archive_url, galileo_rules, issuer):
    with started_hall(
        galileo_rules.address, issuer, database_url=archive_url, replicas=2, **SETTINGS
    ) as started:
        addresses = [replica.address for replica in started.replicas]
        yield Hall(started.redis_url, archive_url, started.channels, addresses)


class Person:
    """A signed-in player on one replica, known to others (any FriendsService call makes them
    so)."""

    def __init__(
        self, hall: Hall, issuer: PlayerIssuer, name: str, replica: int = 0, subject: str = ""
    ):
        """A new player, unless `subject` names one."""
        subject = subject or f"{name.lower()}-{uuid.uuid4().hex[:8]}"
        self.subject = subject
        self.id = player_id(PLAYER_ISSUER, subject)
        self.token = issuer.token(subject, name=name)
        channel = hall.channels[replica]
        self.challenges = challenge_service_pb2_grpc.ChallengeServiceStub(channel)
        self.friends = friends_service_pb2_grpc.FriendsServiceStub(channel)
        self.players = player_service_pb2_grpc.PlayerServiceStub(channel)
        self.matches = MatchClient(channel, self.token, timeout_s=TIMEOUT)
        self.friends.ListBlocked(fpb.ListBlockedRequest(), metadata=self._auth, timeout=TIMEOUT)

    @property
    def _auth(self) -> list[tuple[str, str]]:
        return bearer(self.token)

    def call(self, method: str, request=None):
        request = request or getattr(pb, f"{method}Request")()
        return getattr(self.challenges, method)(request, metadata=self._auth, timeout=TIMEOUT)

    def challenge(self, **fields) -> pb.Challenge:
        return self.call("CreateChallenge", create_request(**fields)).challenge

    def accept(self, challenge_id: str) -> pb.AcceptChallengeResponse:
        return self.call("AcceptChallenge", pb.AcceptChallengeRequest(challenge_id=challenge_id))

    def mine(self) -> dict[str, pb.Challenge]:
        listed = self.call("ListChallenges").challenges
        return {challenge.challenge_id: challenge for challenge in listed}

    def lobby(self) -> set[str]:
        listed = self.call("ListOpenChallenges", pb.ListOpenChallengesRequest(title_id=TITLE))
        return {challenge.challenge_id for challenge in listed.challenges}

    def block(self, other: Person) -> None:
        request = fpb.BlockRequest(player_id=other.id)
        self.friends.Block(request, metadata=self._auth, timeout=TIMEOUT)

    def inbox(self) -> list[ppb.Notice]:
        """The player's notices of challenges (not those of their matches' turns)."""
        listed = self.players.ListNotices(
            ppb.ListNoticesRequest(), metadata=self._auth, timeout=TIMEOUT
        )
        kinds = (ppb.NOTICE_KIND_CHALLENGE_RECEIVED, ppb.NOTICE_KIND_CHALLENGE_ANSWERED)
        return [notice for notice in listed.notices if notice.kind in kinds]

    def running(self) -> list[str]:
        listed = self.players.ListRunningMatches(
            ppb.ListRunningMatchesRequest(), metadata=self._auth, timeout=TIMEOUT
        )
        return [entry.match.match_id for entry in listed.matches]

    def reclaim(self, match_id: str) -> ppb.ReclaimSeatResponse:
        request = ppb.ReclaimSeatRequest(match_id=match_id)
        return self.players.ReclaimSeat(request, metadata=self._auth, timeout=TIMEOUT)


def create_request(
    invited: str = "", bot: bool = False, clock: mpb.Clock | None = None, **terms
) -> pb.CreateChallengeRequest:
    """A challenge of Galileo (turn-based, a day a move, unless `clock` says), to the player
    `invited`, or a bot, or anyone; `terms` override the terms' fields."""
    terms = {"title_id": TITLE, **terms}
    request = pb.CreateChallengeRequest(terms=pb.ChallengeTerms(clock=clock or TURN_BASED, **terms))
    if invited:
        request.player_id = invited
    elif bot:
        request.bot = True
    else:
        request.anyone = True
    return request


def tell_notices(hall: Hall) -> None:
    """One notifier pass (inbox only) over the hall's outbox."""

    async def tell() -> None:
        pool = database.pool(hall.database_url)
        client = redis.asyncio.from_url(hall.redis_url)
        await pool.open(wait=True)
        try:
            store = NoticeStore(pool)
            reader = MatchReader(MatchStore(client), Archive(pool))
            await Notifier(NoticeOutbox(client), store, reader, {}).run_once()
        finally:
            await pool.close()
            await client.aclose()

    asyncio.run(tell())


def challenge_rows(hall: Hall, person: Person) -> int:
    with psycopg.connect(hall.database_url) as connection:
        found = connection.execute(
            "SELECT count(*) FROM challenges WHERE challenger_id = %s OR invited_id = %s",
            (person.id, person.id),
        )
        return found.fetchone()[0]


def play_a_move(client: MatchClient, match_id: str) -> bool:
    """Whether the seat's first legal move is applied."""
    seen = client.get(match_id)
    moved = client.submit(match_id, moves_as_any(seen.legal_moves)[0], seen.match.version)
    return moved.version == seen.match.version + 1


# -- accepting -----------------------------------------------------------------------------------


def test_an_accepted_challenge_starts_a_match_both_players_play(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob", replica=1)
    made = ada.challenge(invited=bob.id)
    assert made.state == pb.CHALLENGE_STATE_OPEN
    assert (made.opponent, made.invited_name) == (pb.OPPONENT_PLAYER, "Bob")
    assert bob.mine()[made.challenge_id].state == pb.CHALLENGE_STATE_OPEN

    accepted = bob.accept(made.challenge_id)
    match = accepted.match
    assert match.match_id == made.challenge_id
    assert match.phase == mpb.MATCH_PHASE_RUNNING
    people = {seat.player_id: seat.seat for seat in match.seats}
    assert set(people) == {ada.id, bob.id}
    assert accepted.token.seat == people[bob.id]
    ada_seat = ada.reclaim(match.match_id).token
    assert ada_seat.seat == people[ada.id]

    bob_client = MatchClient(hall.channels[1], accepted.token.token, timeout_s=TIMEOUT)
    ada_client = MatchClient(hall.channels[0], ada_seat.token, timeout_s=TIMEOUT)
    to_move = bob_client.get(match.match_id).match.status.to_move[0]
    mover = bob_client if to_move == people[bob.id] else ada_client
    assert play_a_move(mover, match.match_id)
    answered = ada.mine()[made.challenge_id]
    assert (answered.state, answered.accepted_by) == (pb.CHALLENGE_STATE_ACCEPTED, bob.id)
    assert match.match_id in ada.running() and match.match_id in bob.running()


def test_racing_accepts_of_an_open_challenge_start_exactly_one_match(hall, issuer):
    ada = Person(hall, issuer, "Ada")
    takers = [Person(hall, issuer, f"Taker{n}", replica=n % 2) for n in range(6)]
    made = ada.challenge()
    assert made.opponent == pb.OPPONENT_ANYONE
    assert made.challenge_id in takers[0].lobby()

    results = race(*(lambda taker=taker: taker.accept(made.challenge_id) for taker in takers))
    won = [r for r in results if isinstance(r, pb.AcceptChallengeResponse)]
    lost = [r for r in results if isinstance(r, grpc.RpcError)]
    assert len(won) == 1 and len(lost) == 5, results
    for refusal in lost:
        assert refusal.code() == FAILED_PRECONDITION
        assert "already accepted" in refusal.details()
    winner = next(t for t in takers if t.id in {s.player_id for s in won[0].match.seats})
    assert ada.running() == [made.challenge_id]
    assert winner.running() == [made.challenge_id]
    assert all(not taker.running() for taker in takers if taker is not winner)
    assert made.challenge_id not in takers[0].lobby()


def test_the_same_player_accepting_twice_at_once_gets_one_match(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    bob_elsewhere = Person(hall, issuer, "Bob", replica=1, subject=bob.subject)
    made = ada.challenge(invited=bob.id)

    results = race(
        lambda: bob.accept(made.challenge_id), lambda: bob_elsewhere.accept(made.challenge_id)
    )
    assert all(isinstance(r, pb.AcceptChallengeResponse) for r in results), results
    assert {r.match.match_id for r in results} == {made.challenge_id}
    assert bob.running() == [made.challenge_id]
    assert ada.running() == [made.challenge_id]


def test_an_accept_cut_off_before_its_match_is_finished_by_the_retry(hall, issuer):
    ada, bob, cy = (Person(hall, issuer, name) for name in ("Ada", "Bob", "Cy"))
    made = ada.challenge()
    with psycopg.connect(hall.database_url) as connection:
        # What a crash leaves between the accept's UPDATE and the match's creation.
        connection.execute(
            "UPDATE challenges SET state = 'accepted', accepted_by = %s, accepted_name = 'Bob' "
            "WHERE challenge_id = %s",
            (bob.id, made.challenge_id),
        )
    assert not ada.running()
    assert "already accepted" in assert_refused(FAILED_PRECONDITION, cy.accept, made.challenge_id)
    retried = bob.accept(made.challenge_id)
    assert retried.match.match_id == made.challenge_id
    assert {seat.player_id for seat in retried.match.seats} == {ada.id, bob.id}
    assert ada.running() == [made.challenge_id]


def test_a_bot_challenge_starts_at_once(hall, issuer):
    ada = Person(hall, issuer, "Ada")
    made = ada.call("CreateChallenge", create_request(bot=True, bot_level=mpb.BOT_LEVEL_RANDOM))
    assert made.challenge.state == pb.CHALLENGE_STATE_ACCEPTED
    assert made.challenge.opponent == pb.OPPONENT_BOT
    kinds = sorted(seat.kind for seat in made.match.seats)
    assert kinds == [mpb.SEAT_KIND_HUMAN, mpb.SEAT_KIND_BOT]
    assert made.match.seats[made.token.seat].player_id == ada.id
    assert made.match.match_id == made.challenge.challenge_id
    assert ada.running() == [made.match.match_id]


# -- declining, withdrawing, expiring ------------------------------------------------------------


def test_a_decline_tells_the_challenger_the_reason_and_notices_land_in_the_inboxes(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    made = ada.challenge(invited=bob.id)
    tell_notices(hall)
    (received,) = bob.inbox()
    assert received.kind == ppb.NOTICE_KIND_CHALLENGE_RECEIVED
    assert received.title == "Ada challenges you to Galileo Galilei"  # its catalogue's name
    assert received.match_id == made.challenge_id

    request = pb.DeclineChallengeRequest(
        challenge_id=made.challenge_id, reason=pb.DECLINE_REASON_TOO_FAST
    )
    declined = bob.call("DeclineChallenge", request).challenge
    assert declined.state == pb.CHALLENGE_STATE_DECLINED
    seen = ada.mine()[made.challenge_id]
    assert (seen.state, seen.decline_reason) == (
        pb.CHALLENGE_STATE_DECLINED,
        pb.DECLINE_REASON_TOO_FAST,
    )
    tell_notices(hall)
    (answer,) = ada.inbox()
    assert answer.kind == ppb.NOTICE_KIND_CHALLENGE_ANSWERED
    assert answer.title == "Bob declined your challenge"
    assert "too fast" in answer.body
    reason = assert_refused(FAILED_PRECONDITION, bob.accept, made.challenge_id)
    assert "declined" in reason
    facts = redis.Redis.from_url(hall.redis_url).hlen("playhall:notices:facts")
    assert facts == 0  # told notices take their facts with them


def test_an_accept_tells_the_challenger_where_the_match_is(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    made = ada.challenge(invited=bob.id)
    bob.accept(made.challenge_id)
    tell_notices(hall)
    (answer,) = ada.inbox()
    assert answer.kind == ppb.NOTICE_KIND_CHALLENGE_ANSWERED
    assert answer.title == "Bob accepted your challenge"
    assert answer.url == f"/match.html?id={made.challenge_id}"


def test_a_withdrawn_challenge_cannot_be_accepted(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    made = ada.challenge(invited=bob.id)
    request = pb.WithdrawChallengeRequest(challenge_id=made.challenge_id)
    reason = assert_refused(PERMISSION_DENIED, bob.call, "WithdrawChallenge", request)
    assert "Only the challenger" in reason
    withdrawn = ada.call("WithdrawChallenge", request).challenge
    assert withdrawn.state == pb.CHALLENGE_STATE_WITHDRAWN
    reason = assert_refused(FAILED_PRECONDITION, bob.accept, made.challenge_id)
    assert "withdrew" in reason
    assert not bob.running()


def test_an_expired_challenge_is_listed_expired_and_refused(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    made = ada.challenge(invited=bob.id)
    short = create_request(bob.id)
    short.expires_in_seconds = 1
    soon = ada.call("CreateChallenge", short).challenge
    time.sleep(1.5)
    listed = bob.mine()
    assert listed[soon.challenge_id].state == pb.CHALLENGE_STATE_EXPIRED
    assert listed[made.challenge_id].state == pb.CHALLENGE_STATE_OPEN
    reason = assert_refused(FAILED_PRECONDITION, bob.accept, soon.challenge_id)
    assert "expired" in reason
    assert not bob.running()


# -- refusals ------------------------------------------------------------------------------------


def test_a_block_either_way_refuses_challenges_and_hides_open_ones(hall, issuer):
    ada, bob, cy = (Person(hall, issuer, name) for name in ("Ada", "Bob", "Cy"))
    open_one = ada.challenge()
    bob.block(ada)
    reason = assert_refused(PERMISSION_DENIED, lambda: ada.challenge(invited=bob.id))
    assert reason == "This player does not accept challenges from you"
    reason = assert_refused(PERMISSION_DENIED, lambda: bob.challenge(invited=ada.id))
    assert "You blocked this player" in reason
    assert open_one.challenge_id not in bob.lobby()
    assert open_one.challenge_id in cy.lobby()
    reason = assert_refused(PERMISSION_DENIED, bob.accept, open_one.challenge_id)
    assert "block" in reason
    assert ada.mine().keys() == {open_one.challenge_id}
    assert challenge_rows(hall, bob) == 0


def test_bad_challenges_are_refused_with_a_reason_and_write_nothing(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    nobody = player_id(PLAYER_ISSUER, "never-signed-in")
    no_opponent = pb.CreateChallengeRequest(terms=pb.ChallengeTerms(title_id=TITLE))
    no_clock = mpb.Clock(pace=mpb.PACE_TURN_BASED)
    cases = [
        (INVALID_ARGUMENT, "yourself", create_request(ada.id)),
        (NOT_FOUND, "no player", create_request(nobody)),
        (INVALID_ARGUMENT, "Unknown title", create_request(bob.id, title_id="chess")),
        (INVALID_ARGUMENT, "players", create_request(bob.id, seats=9, bot_level=RANDOM)),
        (INVALID_ARGUMENT, "bot level", create_request(bot=True)),
        (INVALID_ARGUMENT, "bot level", create_request(bob.id, seats=3)),
        (INVALID_ARGUMENT, "anyone", create_request(bob.id, min_karma=10)),
        (INVALID_ARGUMENT, "needs a clock", create_request(bob.id, clock=no_clock)),
        (INVALID_ARGUMENT, "Say whom", no_opponent),
    ]
    for code, words, request in cases:
        reason = assert_refused(code, ada.call, "CreateChallenge", request)
        assert words in reason, reason
    reason = assert_refused(
        grpc.StatusCode.UNAUTHENTICATED,
        lambda: ada.challenges.CreateChallenge(create_request(bob.id), timeout=TIMEOUT),
    )
    assert "Sign in" in reason
    assert challenge_rows(hall, ada) == 0
    tell_notices(hall)
    assert not bob.inbox()


def test_answers_to_unknown_or_other_players_challenges_are_refused(hall, issuer):
    ada, bob, cy = (Person(hall, issuer, name) for name in ("Ada", "Bob", "Cy"))
    made = ada.challenge(invited=bob.id)
    assert "no challenge" in assert_refused(NOT_FOUND, bob.accept, "0" * 24)
    assert "no challenge" in assert_refused(NOT_FOUND, bob.accept, "not an id")
    assert "another player" in assert_refused(PERMISSION_DENIED, cy.accept, made.challenge_id)
    assert "your own" in assert_refused(INVALID_ARGUMENT, ada.accept, made.challenge_id)
    unsaid = pb.DeclineChallengeRequest(challenge_id=made.challenge_id)
    assert "reason" in assert_refused(INVALID_ARGUMENT, bob.call, "DeclineChallenge", unsaid)
    assert ada.mine()[made.challenge_id].state == pb.CHALLENGE_STATE_OPEN


def test_too_many_open_challenges_are_refused(hall, issuer):
    ada = Person(hall, issuer, "Ada")
    made = [ada.challenge() for _ in range(MAX_OPEN)]
    reason = assert_refused(FAILED_PRECONDITION, ada.challenge)
    assert f"{MAX_OPEN} open challenges" in reason
    assert ada.mine().keys() == {challenge.challenge_id for challenge in made}
    ada.call("WithdrawChallenge", pb.WithdrawChallengeRequest(challenge_id=made[0].challenge_id))
    assert ada.challenge().state == pb.CHALLENGE_STATE_OPEN


def test_a_retry_with_the_same_request_id_makes_one_challenge(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    request = create_request(bob.id)
    request.request_id = uuid.uuid4().hex
    first, again = (ada.call("CreateChallenge", request).challenge for _ in range(2))
    assert first.challenge_id == again.challenge_id
    assert ada.mine().keys() == {first.challenge_id}
    other = create_request(bob.id, clock=mpb.Clock())
    other.request_id = request.request_id
    reason = assert_refused(INVALID_ARGUMENT, ada.call, "CreateChallenge", other)
    assert "different challenge" in reason


def set_karma(hall: Hall, person: Person, karma: int) -> None:
    with psycopg.connect(hall.database_url) as connection:
        connection.execute(
            "INSERT INTO reputation (player_id, finished, abandoned, karma) VALUES (%s, 0, 5, %s)",
            (person.id, karma),
        )


def test_karma_below_the_floor_or_a_challenges_minimum_is_refused(hall, issuer):
    ada, low, mid = (Person(hall, issuer, name) for name in ("Ada", "Low", "Mid"))
    set_karma(hall, low, KARMA_FLOOR - 10)
    set_karma(hall, mid, 60)
    reason = assert_refused(FAILED_PRECONDITION, lambda: low.challenge(invited=ada.id))
    assert f"Your karma is {KARMA_FLOOR - 10}" in reason
    assert challenge_rows(hall, low) == 0
    demanding = ada.challenge(min_karma=70)
    reason = assert_refused(FAILED_PRECONDITION, mid.accept, demanding.challenge_id)
    assert "needs at least 70" in reason
    assert ada.mine()[demanding.challenge_id].state == pb.CHALLENGE_STATE_OPEN


SERVICE = "playhall.social.v1.ChallengeService"
PLAYHALL = [sys.executable, "-m", "playhall.cli"]


@pytest.fixture(scope="module")
def portal(hall) -> str:
    """A gateway of the first replica: its URL."""
    with start_gateway(hall.addresses[0]) as gateway:
        yield f"http://127.0.0.1:{gateway.port}"


def test_the_gateway_forwards_challenges_to_browsers(hall, issuer, portal):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    terms = {"titleId": TITLE, "clock": {"pace": "PACE_LIVE"}}
    status, body = connect_call(
        portal, SERVICE, "CreateChallenge", {"anyone": True, "terms": terms}, ada.token
    )
    assert status == 200, body
    challenge_id = body["challenge"]["challengeId"]
    status, body = connect_call(portal, SERVICE, "ListOpenChallenges", {"titleId": TITLE})
    assert challenge_id in {c["challengeId"] for c in body["challenges"]}
    accepting = {"challengeId": challenge_id}
    status, body = connect_call(portal, SERVICE, "AcceptChallenge", accepting, ada.token)
    assert (status, body["code"]) == (400, "invalid_argument")
    assert "your own" in body["message"]
    status, body = connect_call(portal, SERVICE, "AcceptChallenge", accepting, bob.token)
    assert status == 200, body
    assert body["match"]["matchId"] == challenge_id


def playhall(portal: str, person: Person | None, tmp_path, *args: str):
    env = {
        **os.environ,
        "PLAYHALL_GATEWAY": portal,
        "PLAYHALL_CONFIG": str(tmp_path / "login.json"),
        "COLUMNS": "200",
    }
    if person is not None:
        env["PLAYHALL_TOKEN"] = person.token
    return subprocess.run(
        PLAYHALL + list(args), env=env, capture_output=True, text=True, timeout=60
    )


def test_the_cli_sends_answers_and_lists_challenges(hall, issuer, portal, tmp_path):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")

    def run(person, *args):
        return playhall(portal, person, tmp_path, *args)

    def send(*args):
        sent = run(ada, "challenge", "send", TITLE, "--turn-based", "1", "--json", *args)
        assert sent.returncode == 0, sent.stderr
        return json.loads(sent.stdout)["challenge"]["challenge_id"]

    declined_id = send("--to", bob.id)
    listed = run(bob, "challenge", "list")
    assert declined_id in listed.stdout and "open" in listed.stdout
    answer = run(bob, "challenge", "decline", declined_id, "--reason", "too-slow")
    assert answer.returncode == 0, answer.stderr
    mine = json.loads(run(ada, "challenge", "list", "--json").stdout)["challenges"]
    (declined,) = [c for c in mine if c["challenge_id"] == declined_id]
    assert declined["state"] == "CHALLENGE_STATE_DECLINED"
    assert declined["decline_reason"] == "DECLINE_REASON_TOO_SLOW"

    accepted_id = send("--to", bob.id)
    accepted = run(bob, "challenge", "accept", accepted_id)
    assert accepted.returncode == 0, accepted.stderr
    assert f"Match {accepted_id} ({TITLE}) begun" in accepted.stdout
    again = run(bob, "challenge", "decline", accepted_id, "--reason", "later")
    assert again.returncode == 1 and "already accepted" in again.stderr

    open_id = send("--anyone")
    lobby = run(None, "challenge", "open", TITLE)
    assert open_id in lobby.stdout and "anyone" in lobby.stdout
    withdrawn = run(ada, "challenge", "withdraw", open_id)
    assert withdrawn.returncode == 0, withdrawn.stderr
    assert open_id not in run(None, "challenge", "open", TITLE).stdout
    nobody = run(ada, "challenge", "send", TITLE)
    assert nobody.returncode == 1 and "say whom you challenge" in nobody.stderr
