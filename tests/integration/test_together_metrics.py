"""Together's Prometheus series on a real orchestrator process (a Redis of this module's own, a
real PostgreSQL archive, the Galileo rules service), read from its /metrics endpoint as
Prometheus reads them: follows and blocks, challenges made, answered, too late and raced, chat
messages and their refusals by reason, reports and moderators' actions move their counters
when, and only when, the event happens; the open reports and the oldest one's wait are read
from PostgreSQL at each scrape.

Every player is new to each test, and each test compares the counters before and after its
own calls (the process and its counters are the module's)."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass

import grpc
import psycopg
import pytest

from dev.testbed import TIMEOUT
from playhall.accounts.tokens import player_id
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient, bearer
from playhall.social.v1 import challenge_service_pb2 as pb
from playhall.social.v1 import (
    challenge_service_pb2_grpc,
    chat_service_pb2_grpc,
    friends_service_pb2_grpc,
    moderation_service_pb2_grpc,
)
from playhall.social.v1 import chat_service_pb2 as cpb
from playhall.social.v1 import friends_service_pb2 as fpb
from playhall.social.v1 import moderation_service_pb2 as mopb
from tests.helpers import (
    PLAYER_ISSUER,
    TITLE,
    PlayerIssuer,
    assert_refused,
    metric,
    race,
    scrape,
    wait_until,
)
from tests.integration.conftest import started_hall

RATE_COUNT = 3
SETTINGS = {
    "PLAYHALL_DATABASE_MIGRATE": "0",
    "PLAYHALL_CHAT_RATE_COUNT": str(RATE_COUNT),
    "PLAYHALL_CHAT_RATE_WINDOW_S": "60",
}
"""Three chat messages a minute per player and match: the fourth is refused by the rate."""
MODERATOR_ROLE = {"roles": ["player", "playhall-moderator"]}
TURN_BASED = mpb.Clock(
    seconds_per_turn=86_400, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT, pace=mpb.PACE_TURN_BASED
)
ME = mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN)
OPEN = mpb.SeatSpec(kind=mpb.SEAT_KIND_OPEN)
PLAYERS, SPECTATORS = cpb.CHAT_ROOM_PLAYERS, cpb.CHAT_ROOM_SPECTATORS
FAILED_PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
INVALID_ARGUMENT = grpc.StatusCode.INVALID_ARGUMENT
PERMISSION_DENIED = grpc.StatusCode.PERMISSION_DENIED
RESOURCE_EXHAUSTED = grpc.StatusCode.RESOURCE_EXHAUSTED


@dataclass
class Hall:
    database_url: str
    channel: grpc.Channel
    metrics_port: int


@pytest.fixture(scope="module")
def hall(archive_url, galileo_rules, issuer):
    with started_hall(
        galileo_rules.address, issuer, database_url=archive_url, **SETTINGS
    ) as started:
        [replica], [channel] = started.replicas, started.channels
        yield Hall(archive_url, channel, replica.metrics_port)


class Person:
    """A signed-in player (a moderator with `moderator`), known to others once made (a
    FriendsService call makes them so)."""

    def __init__(self, hall: Hall, issuer: PlayerIssuer, name: str, moderator: bool = False):
        subject = f"{name.lower()}-{uuid.uuid4().hex[:8]}"
        self.id = player_id(PLAYER_ISSUER, subject)
        self.token = issuer.token(subject, name=name, **(MODERATOR_ROLE if moderator else {}))
        self.stubs = {
            "friends": friends_service_pb2_grpc.FriendsServiceStub(hall.channel),
            "challenges": challenge_service_pb2_grpc.ChallengeServiceStub(hall.channel),
            "chat": chat_service_pb2_grpc.ChatServiceStub(hall.channel),
            "moderation": moderation_service_pb2_grpc.ModerationServiceStub(hall.channel),
        }
        self.matches = MatchClient(hall.channel, self.token, timeout_s=TIMEOUT)
        self.call("friends", "ListBlocked", fpb.ListBlockedRequest())

    def call(self, service: str, method: str, request):
        stub = self.stubs[service]
        return getattr(stub, method)(request, metadata=bearer(self.token), timeout=TIMEOUT)

    def follow(self, other: Person) -> fpb.FollowResponse:
        return self.call("friends", "Follow", fpb.FollowRequest(player_id=other.id))

    def block(self, other: Person) -> fpb.BlockResponse:
        return self.call("friends", "Block", fpb.BlockRequest(player_id=other.id))

    def challenge(self, invited: Person | None = None, expires_in_s: int = 0) -> pb.Challenge:
        request = pb.CreateChallengeRequest(
            terms=pb.ChallengeTerms(title_id=TITLE, clock=TURN_BASED),
            expires_in_seconds=expires_in_s,
        )
        if invited is None:
            request.anyone = True
        else:
            request.player_id = invited.id
        return self.call("challenges", "CreateChallenge", request).challenge

    def accept(self, challenge_id: str) -> pb.AcceptChallengeResponse:
        request = pb.AcceptChallengeRequest(challenge_id=challenge_id)
        return self.call("challenges", "AcceptChallenge", request)

    def say(self, match_id: str, text: str, room=PLAYERS) -> cpb.ChatMessage:
        request = cpb.SendMessageRequest(match_id=match_id, room=room, text=text)
        return self.call("chat", "SendMessage", request).message

    def moderate(self, method: str, request):
        return self.call("moderation", method, request)


class Counters:
    """The series the orchestrator serves now, to compare with later."""

    def __init__(self, hall: Hall):
        self.hall = hall
        self.before = scrape(hall.metrics_port)

    def moved(self, name: str, **labels: str) -> float:
        """How much the sum of the samples `name` with `labels` grew since this was made."""
        now = scrape(self.hall.metrics_port)
        return metric(now, name, **labels) - metric(self.before, name, **labels)


def running_match(creator: Person, joiner: Person) -> str:
    """A running two-seat live match of `creator` and `joiner`."""
    match_id = creator.matches.create(TITLE, [ME, OPEN]).match.match_id
    joiner.matches.join(match_id)
    return match_id


def open_reports(hall: Hall) -> int:
    with psycopg.connect(hall.database_url) as connection:
        found = connection.execute("SELECT count(*) FROM reports WHERE resolved_at IS NULL")
        return found.fetchone()[0]


def reading(hall: Hall, name: str) -> float:
    (value,) = [s.value for s in scrape(hall.metrics_port) if s.name == name]
    return value


# -- follows and blocks ------------------------------------------------------------------------


RELATIONS_MADE = "playhall_relations_made_total"


def test_follows_and_blocks_count_when_new(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    counters = Counters(hall)

    ada.follow(bob)
    ada.follow(bob)  # a repeat changes nothing
    bob.block(ada)
    bob.block(ada)
    refused = assert_refused(PERMISSION_DENIED, ada.follow, bob)  # across the block
    assert "does not accept you" in refused

    assert counters.moved(RELATIONS_MADE, kind="follow") == 1
    assert counters.moved(RELATIONS_MADE, kind="block") == 1


# -- challenges --------------------------------------------------------------------------------

CREATED = "playhall_challenges_created_total"
ANSWERED = "playhall_challenges_answered_total"
DECLINES = "playhall_challenge_declines_total"
TOO_LATE = "playhall_challenge_answers_too_late_total"
RACES_LOST = "playhall_challenge_accept_races_lost_total"
TURN = {"title": TITLE, "pace": "turn_based"}


def test_challenges_count_as_made_declined_withdrawn_and_too_late(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    counters = Counters(hall)

    declined = ada.challenge(bob)
    request = pb.DeclineChallengeRequest(
        challenge_id=declined.challenge_id, reason=pb.DECLINE_REASON_TOO_FAST
    )
    bob.call("challenges", "DeclineChallenge", request)
    withdrawn = ada.challenge(bob)
    request = pb.WithdrawChallengeRequest(challenge_id=withdrawn.challenge_id)
    ada.call("challenges", "WithdrawChallenge", request)
    assert "withdrew" in assert_refused(FAILED_PRECONDITION, bob.accept, withdrawn.challenge_id)
    expiring = ada.challenge(bob, expires_in_s=1)
    time.sleep(1.5)
    assert "expired" in assert_refused(FAILED_PRECONDITION, bob.accept, expiring.challenge_id)
    # refused before it is made: not counted
    assert_refused(INVALID_ARGUMENT, ada.challenge, ada)

    assert counters.moved(CREATED, **TURN, opponent="player") == 3
    assert counters.moved(CREATED, opponent="anyone") == 0
    assert counters.moved(ANSWERED, **TURN, answer="declined") == 1
    assert counters.moved(ANSWERED, **TURN, answer="withdrawn") == 1
    assert counters.moved(ANSWERED, answer="accepted") == 0
    assert counters.moved(DECLINES, reason="too_fast") == 1
    assert counters.moved(DECLINES) == 1
    assert counters.moved(TOO_LATE, state="withdrawn") == 1
    assert counters.moved(TOO_LATE, state="expired") == 1
    assert counters.moved(TOO_LATE) == 2


def test_racing_accepts_count_one_accepted_and_the_others_lost_or_late(hall, issuer):
    ada = Person(hall, issuer, "Ada")
    takers = [Person(hall, issuer, f"Taker{n}") for n in range(6)]
    counters = Counters(hall)

    made = ada.challenge()
    results = race(*(lambda taker=taker: taker.accept(made.challenge_id) for taker in takers))
    assert sum(isinstance(r, pb.AcceptChallengeResponse) for r in results) == 1, results

    assert counters.moved(CREATED, **TURN, opponent="anyone") == 1
    assert counters.moved(ANSWERED, **TURN, answer="accepted") == 1
    # Five refused "already accepted": each lost the race (it read the challenge open) or came
    # after it (it read it accepted); either way counted too late, the lost ones also as lost.
    lost = counters.moved(RACES_LOST, title=TITLE)
    assert counters.moved(TOO_LATE, state="accepted") == 5
    assert 0 <= lost <= 5
    assert counters.moved(TOO_LATE) == 5


# -- chat --------------------------------------------------------------------------------------

MESSAGES = "playhall_chat_messages_total"
REFUSED = "playhall_chat_refused_total"


def test_chat_messages_count_by_room_and_refusals_by_reason(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    cy, dee = Person(hall, issuer, "Cy"), Person(hall, issuer, "Dee")
    mo = Person(hall, issuer, "Mo", moderator=True)
    match_id = running_match(ada, bob)
    counters = Counters(hall)

    for n in range(RATE_COUNT):
        ada.say(match_id, f"good luck {n}")
    assert_refused(RESOURCE_EXHAUSTED, ada.say, match_id, "one too many")
    cy.say(match_id, "nice opening", SPECTATORS)
    assert_refused(PERMISSION_DENIED, cy.say, match_id, "psst, move there")  # players' room
    assert_refused(INVALID_ARGUMENT, bob.say, match_id, "x" * 501)
    assert_refused(INVALID_ARGUMENT, bob.say, match_id, "   ")
    assert_refused(INVALID_ARGUMENT, bob.say, match_id, "ring\abell")
    assert_refused(INVALID_ARGUMENT, bob.say, match_id, "two\nlines")
    mute = mopb.MuteFromChatRequest(player_id=dee.id, minutes=5, reason="Flooding")
    mo.moderate("MuteFromChat", mute)
    assert_refused(PERMISSION_DENIED, dee.say, match_id, "let me talk", SPECTATORS)
    end = mopb.EndMatchesRequest(player_id=bob.id, reason="Leaves every losing match")
    mo.moderate("EndMatches", end)
    assert_refused(FAILED_PRECONDITION, cy.say, match_id, "well played", SPECTATORS)

    assert counters.moved(MESSAGES, room="players") == RATE_COUNT
    assert counters.moved(MESSAGES, room="spectators") == 1
    expected = {"rate": 1, "rights": 1, "length": 2, "control": 2, "ban": 1, "closed": 1}
    for reason, count in expected.items():
        assert counters.moved(REFUSED, reason=reason) == count, reason
    assert counters.moved(REFUSED) == sum(expected.values())


# -- reports and moderation --------------------------------------------------------------------

FILED = "playhall_reports_filed_total"
ACTIONS = "playhall_moderation_actions_total"


def test_reports_and_actions_count_and_the_queue_is_read_at_each_scrape(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    mo = Person(hall, issuer, "Mo", moderator=True)
    match_id = running_match(ada, bob)
    line = bob.say(match_id, "you play like a potato")
    counters = Counters(hall)

    by_message = mopb.ReportMessageRequest(
        match_id=match_id, message_id=line.message_id, reason=mopb.REPORT_REASON_ABUSE
    )
    message_report = ada.moderate("ReportMessage", by_message).report_id
    by_player = mopb.ReportPlayerRequest(player_id=bob.id, reason=mopb.REPORT_REASON_SPAM)
    player_report = ada.moderate("ReportPlayer", by_player).report_id
    assert ada.moderate("ReportPlayer", by_player).already_reported  # collapses: not counted
    assert counters.moved(FILED, reason="abuse", target="message") == 1
    assert counters.moved(FILED, reason="spam", target="player") == 1
    assert counters.moved(FILED) == 2

    # The queue as each scrape reads it: the open reports, the oldest one's wait by
    # PostgreSQL's clock (made 5 hours old here, past PlayhallReportsWaiting's 4).
    wait_until(
        lambda: reading(hall, "playhall_reports_open") == open_reports(hall), 5, "open reports"
    )
    with psycopg.connect(hall.database_url) as connection:
        connection.execute(
            "UPDATE reports SET created_at = now() - interval '5 hours' WHERE id = %s",
            (player_report,),
        )
    assert 5 * 3600 <= reading(hall, "playhall_reports_oldest_open_seconds") < 5 * 3600 + 60

    delete = mopb.DeleteMessageRequest(
        match_id=match_id, message_id=line.message_id, reason="Insult", report_id=message_report
    )
    mo.moderate("DeleteMessage", delete)
    mute = mopb.MuteFromChatRequest(
        player_id=bob.id, minutes=10, reason="Spam", report_id=player_report
    )
    mo.moderate("MuteFromChat", mute)
    assert_refused(FAILED_PRECONDITION, mo.moderate, "MuteFromChat", mute)  # resolved already
    assert counters.moved(ACTIONS, action="delete_message") == 1
    assert counters.moved(ACTIONS, action="mute_from_chat") == 1
    assert counters.moved(ACTIONS) == 2

    assert reading(hall, "playhall_reports_open") == open_reports(hall)
    assert reading(hall, "playhall_reports_oldest_open_seconds") < 5 * 3600
