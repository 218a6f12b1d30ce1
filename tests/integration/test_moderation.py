"""Moderation and reputation on a real orchestrator process: a Redis of this module's own, a
real PostgreSQL archive, the Galileo rules service, signed-in players calling
ModerationService, ChatService, MatchService, MatchmakingService and PlayerService over gRPC
(and once through the gateway), and the archiver's and the notifier's passes run in the
test's process against the same stores.

Every player is new to each test (a subject of its own), so one test's reports, mutes or karma
never reach another's; the tables are counted per player."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass

import grpc
import psycopg
import pytest
import redis.asyncio

from dev.testbed import TIMEOUT
from playhall.accounts.tokens import player_id
from playhall.archive import database
from playhall.archive.archive import Archive
from playhall.archive.archiver import Archiver
from playhall.archive.settings import ArchiverSettings
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.match_client import MatchClient, bearer
from playhall.matchmaking.v1 import matchmaking_service_pb2 as qpb
from playhall.matchmaking.v1 import matchmaking_service_pb2_grpc
from playhall.matchstore.notices import NoticeOutbox
from playhall.matchstore.store import MatchStore
from playhall.notifications.matches import MatchReader
from playhall.notifications.notifier import Notifier
from playhall.notifications.store import NoticeStore
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from playhall.social.v1 import chat_service_pb2 as cpb
from playhall.social.v1 import chat_service_pb2_grpc, moderation_service_pb2_grpc
from playhall.social.v1 import moderation_service_pb2 as pb
from tests.helpers import (
    PLAYER_ISSUER,
    TITLE,
    PlayerIssuer,
    assert_refused,
    connect_call,
    start_gateway,
)
from tests.integration.conftest import started_hall

KARMA_FLOOR = 50
SETTINGS = {
    "PLAYHALL_DATABASE_MIGRATE": "0",
    "PLAYHALL_KARMA_FLOOR": str(KARMA_FLOOR),
    "PLAYHALL_CHAT_RATE_COUNT": "20",
}
"""A karma floor of 50 (a new player has 75); chat fast enough for a test's few lines."""
MODERATOR_ROLE = {"roles": ["player", "playhall-moderator"]}
OPEN = mpb.SeatSpec(kind=mpb.SEAT_KIND_OPEN)
ME = mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN)
ABUSE = pb.REPORT_REASON_ABUSE
INVALID_ARGUMENT = grpc.StatusCode.INVALID_ARGUMENT
NOT_FOUND = grpc.StatusCode.NOT_FOUND
PERMISSION_DENIED = grpc.StatusCode.PERMISSION_DENIED
FAILED_PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
UNAUTHENTICATED = grpc.StatusCode.UNAUTHENTICATED


@dataclass
class Hall:
    redis_url: str
    database_url: str
    channel: grpc.Channel
    address: str


@pytest.fixture(scope="module")
def hall(archive_url, galileo_rules, issuer):
    with started_hall(
        galileo_rules.address, issuer, database_url=archive_url, **SETTINGS
    ) as started:
        [replica], [channel] = started.replicas, started.channels
        yield Hall(started.redis_url, archive_url, channel, replica.address)


class Person:
    """A signed-in player (a moderator with `moderator`), known to others once created (a
    profile read makes them so)."""

    def __init__(self, hall: Hall, issuer: PlayerIssuer, name: str, moderator: bool = False):
        subject = f"{name.lower()}-{uuid.uuid4().hex[:8]}"
        self.hall = hall
        self.name = name
        self.id = player_id(PLAYER_ISSUER, subject)
        self.token = issuer.token(subject, name=name, **(MODERATOR_ROLE if moderator else {}))
        self.moderation = moderation_service_pb2_grpc.ModerationServiceStub(hall.channel)
        self.chat = chat_service_pb2_grpc.ChatServiceStub(hall.channel)
        self.players = player_service_pb2_grpc.PlayerServiceStub(hall.channel)
        self.queues = matchmaking_service_pb2_grpc.MatchmakingServiceStub(hall.channel)
        self.matches = MatchClient(hall.channel, self.token, timeout_s=TIMEOUT)
        self.profile = self.player_call("GetProfile").player

    def _call(self, stub, method: str, request):
        return getattr(stub, method)(request, metadata=bearer(self.token), timeout=TIMEOUT)

    def call(self, method: str, request=None):
        """A ModerationService call."""
        return self._call(self.moderation, method, request or getattr(pb, f"{method}Request")())

    def player_call(self, method: str, request=None):
        return self._call(self.players, method, request or getattr(ppb, f"{method}Request")())

    def say(self, match_id: str, text: str) -> cpb.ChatMessage:
        request = cpb.SendMessageRequest(match_id=match_id, room=cpb.CHAT_ROOM_PLAYERS, text=text)
        return self._call(self.chat, "SendMessage", request).message

    def read(self, match_id: str) -> list[cpb.ChatMessage]:
        request = cpb.ListMessagesRequest(match_id=match_id)
        return list(self._call(self.chat, "ListMessages", request).messages)

    def report_message(self, match_id: str, message_id: int, **fields):
        request = pb.ReportMessageRequest(
            match_id=match_id, message_id=message_id, **{"reason": ABUSE, **fields}
        )
        return self.call("ReportMessage", request)

    def moderation_notices(self) -> list[ppb.Notice]:
        listed = self.player_call("ListNotices").notices
        return [notice for notice in listed if notice.kind == ppb.NOTICE_KIND_MODERATION]

    def reputation(self) -> ppb.Reputation:
        return self.player_call("GetProfile").player.reputation


def running_match(creator: Person, joiner: Person) -> str:
    """A running two-seat live match of `creator` (seat 0) and `joiner`."""
    match_id = creator.matches.create(TITLE, [ME, OPEN]).match.match_id
    joiner.matches.join(match_id)
    return match_id


def rows(hall: Hall, query: str, *args) -> int:
    with psycopg.connect(hall.database_url) as connection:
        return connection.execute(query, args).fetchone()[0]


def reports_by(hall: Hall, person: Person) -> int:
    return rows(hall, "SELECT count(*) FROM reports WHERE reporter_id = %s", person.id)


def actions_on(hall: Hall, person: Person) -> int:
    return rows(
        hall, "SELECT count(*) FROM moderation_actions WHERE target_player_id = %s", person.id
    )


def set_karma(hall: Hall, person: Person, karma: int) -> None:
    with psycopg.connect(hall.database_url) as connection:
        connection.execute(
            "INSERT INTO reputation (player_id, karma) VALUES (%s, %s) "
            "ON CONFLICT (player_id) DO UPDATE SET karma = EXCLUDED.karma",
            (person.id, karma),
        )


def run_passes(hall: Hall, archive: bool = False, notify: bool = False) -> None:
    """The archiver's pass and the notifier's (inbox only), in this process, on the hall's
    stores."""

    async def passes() -> None:
        pool = database.pool(hall.database_url)
        client = redis.asyncio.from_url(hall.redis_url)
        await pool.open(wait=True)
        try:
            store = MatchStore(client)
            if archive:
                settings = ArchiverSettings(redis_url="", database_url="")
                await Archiver(store, Archive(pool), settings).run_once()
            if notify:
                reader = MatchReader(store, Archive(pool))
                await Notifier(NoticeOutbox(client), NoticeStore(pool), reader, {}).run_once()
        finally:
            await pool.close()
            await client.aclose()

    asyncio.run(passes())


# -- who may do what ---------------------------------------------------------------------------

MODERATORS_CALLS = {
    "ListReports": pb.ListReportsRequest(),
    "ResolveReport": pb.ResolveReportRequest(report_id=1, resolution="fine"),
    "DeleteMessage": pb.DeleteMessageRequest(match_id="0" * 24, message_id=1, reason="rude"),
    "MuteFromChat": pb.MuteFromChatRequest(player_id="p-" + "0" * 32, minutes=5, reason="rude"),
    "EndMatches": pb.EndMatchesRequest(player_id="p-" + "0" * 32, reason="abandons"),
    "ListActions": pb.ListActionsRequest(),
}


@pytest.mark.parametrize("method", list(MODERATORS_CALLS))
def test_a_moderators_call_needs_a_moderators_token(hall, issuer, method):
    player = Person(hall, issuer, "Pat")
    reason = assert_refused(PERMISSION_DENIED, player.call, method, MODERATORS_CALLS[method])
    assert "moderator" in reason
    anonymous = moderation_service_pb2_grpc.ModerationServiceStub(hall.channel)
    request = MODERATORS_CALLS[method]
    call = getattr(anonymous, method)
    assert_refused(UNAUTHENTICATED, lambda: call(request, timeout=TIMEOUT))
    assert (
        rows(hall, "SELECT count(*) FROM moderation_actions WHERE moderator_id = %s", player.id)
        == 0
    )


def test_the_profile_says_who_is_a_moderator(hall, issuer):
    assert Person(hall, issuer, "Mo", moderator=True).profile.moderator
    assert not Person(hall, issuer, "Pat").profile.moderator


# -- reports -----------------------------------------------------------------------------------


def test_a_reported_message_reaches_the_queue_with_its_context_and_a_repeat_collapses(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    mo = Person(hall, issuer, "Mo", moderator=True)
    match_id = running_match(ada, bob)
    said = [bob.say(match_id, f"line {n}") for n in range(1, 9)]
    reported = said[4]

    first = ada.report_message(match_id, reported.message_id, comment="  rude  ")
    again = ada.report_message(match_id, reported.message_id, reason=pb.REPORT_REASON_SPAM)
    assert (first.already_reported, again.already_reported) == (False, True)
    assert again.report_id == first.report_id and reports_by(hall, ada) == 1

    queue = mo.call("ListReports", pb.ListReportsRequest(limit=100)).reports
    (report,) = [r for r in queue if r.report_id == first.report_id]
    assert (report.reporter_id, report.reporter_name) == (ada.id, "Ada")
    assert (report.player_id, report.player_name) == (bob.id, "Bob")
    assert (report.match_id, report.message_id) == (match_id, reported.message_id)
    assert (report.reason, report.comment) == (ABUSE, "rude"), "the first report stands"
    around = [m.text for m in report.context]
    assert around == [f"line {n}" for n in range(2, 9)], "three before, three after"


def test_a_player_is_reported_and_the_queue_pages(hall, issuer):
    mo = Person(hall, issuer, "Mo", moderator=True)
    reporters = [Person(hall, issuer, f"R{n}") for n in range(3)]
    target = Person(hall, issuer, "Tom")
    made = [
        r.call("ReportPlayer", pb.ReportPlayerRequest(player_id=target.id, reason=ABUSE))
        for r in reporters
    ]
    ids = [m.report_id for m in made]
    seen, after = [], ids[0] - 1
    while True:
        page = mo.call("ListReports", pb.ListReportsRequest(after_report_id=after, limit=2))
        seen += [r.report_id for r in page.reports if r.player_id == target.id]
        if not page.next_after_report_id:
            break
        after = page.next_after_report_id
    assert seen == ids


def test_a_spectator_cannot_report_what_the_players_room_holds(hall, issuer):
    ada, bob, cat = (Person(hall, issuer, name) for name in ("Ada", "Bob", "Cat"))
    match_id = running_match(ada, bob)
    secret = bob.say(match_id, "I hold the red card")
    reason = assert_refused(NOT_FOUND, cat.report_message, match_id, secret.message_id)
    assert reason == f"Match {match_id!r} has no message {secret.message_id} you could have read"
    missing = assert_refused(NOT_FOUND, cat.report_message, match_id, secret.message_id + 1)
    absent = f"Match {match_id!r} has no message {secret.message_id + 1} you could have read"
    assert missing == absent, "a hidden message and a missing one are refused alike"
    assert reports_by(hall, cat) == 0


def test_bad_reports_are_refused_with_a_reason_and_write_nothing(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    match_id = running_match(ada, bob)
    own = ada.say(match_id, "hello")
    cases = [
        (
            NOT_FOUND,
            "ReportPlayer",
            pb.ReportPlayerRequest(player_id="p-" + "9" * 32, reason=ABUSE),
        ),
        (INVALID_ARGUMENT, "ReportPlayer", pb.ReportPlayerRequest(player_id=ada.id, reason=ABUSE)),
        (INVALID_ARGUMENT, "ReportPlayer", pb.ReportPlayerRequest(player_id=bob.id)),
        (
            INVALID_ARGUMENT,
            "ReportPlayer",
            pb.ReportPlayerRequest(player_id=bob.id, reason=ABUSE, comment="a\u202eb"),
        ),
        (
            INVALID_ARGUMENT,
            "ReportPlayer",
            pb.ReportPlayerRequest(player_id=bob.id, reason=ABUSE, comment="x" * 501),
        ),
        (
            NOT_FOUND,
            "ReportMessage",
            pb.ReportMessageRequest(match_id="f" * 24, message_id=1, reason=ABUSE),
        ),
        (
            NOT_FOUND,
            "ReportMessage",
            pb.ReportMessageRequest(match_id=match_id, message_id=99, reason=ABUSE),
        ),
        (
            NOT_FOUND,
            "ReportMessage",
            pb.ReportMessageRequest(match_id=match_id, message_id=0, reason=ABUSE),
        ),
        (
            INVALID_ARGUMENT,
            "ReportMessage",
            pb.ReportMessageRequest(match_id=match_id, message_id=own.message_id, reason=ABUSE),
        ),
    ]
    reasons = [assert_refused(code, ada.call, method, request) for code, method, request in cases]
    assert "There is no player" in reasons[0]
    assert reasons[1] == "You cannot report yourself" == reasons[-1]
    assert reasons[2].startswith("Say why you report it: one of abuse, spam")
    assert "plain text" in reasons[3] and "at most 500 characters" in reasons[4]
    assert reports_by(hall, ada) == 0


# -- moderators' actions -----------------------------------------------------------------------


def test_deleting_a_message_is_recorded_resolves_its_report_and_tells_its_author(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    mo = Person(hall, issuer, "Mo", moderator=True)
    match_id = running_match(ada, bob)
    rude = bob.say(match_id, "you are a fool")
    report = ada.report_message(match_id, rude.message_id)

    empty = pb.DeleteMessageRequest(match_id=match_id, message_id=rude.message_id, reason=" ")
    assert "Give a reason" in assert_refused(INVALID_ARGUMENT, mo.call, "DeleteMessage", empty)
    assert actions_on(hall, bob) == 0 and not ada.read(match_id)[0].deleted

    request = pb.DeleteMessageRequest(
        match_id=match_id,
        message_id=rude.message_id,
        reason="Insults are not allowed",
        report_id=report.report_id,
    )
    action = mo.call("DeleteMessage", request).action
    assert action.kind == pb.MODERATION_ACTION_KIND_DELETE_MESSAGE
    assert (action.moderator_id, action.moderator_name) == (mo.id, "Mo")
    assert (action.player_id, action.player_name) == (bob.id, "Bob")
    assert (action.match_id, action.message_id) == (match_id, rude.message_id)
    assert (action.report_id, action.reason) == (report.report_id, "Insults are not allowed")
    assert action.created_unix_ms > 0

    (shown,) = ada.read(match_id)
    assert shown.deleted and shown.text == ""
    queue = mo.call("ListReports", pb.ListReportsRequest(limit=100)).reports
    assert report.report_id not in {r.report_id for r in queue}, "resolved with the action"
    listed = mo.call("ListActions", pb.ListActionsRequest(player_id=bob.id)).actions
    assert [a.action_id for a in listed] == [action.action_id]

    assert "deleted already" in assert_refused(
        FAILED_PRECONDITION, mo.call, "DeleteMessage", request
    )
    assert actions_on(hall, bob) == 1

    run_passes(hall, notify=True)
    (notice,) = bob.moderation_notices()
    assert notice.title == "A moderator deleted a message of yours"
    assert notice.body == "Reason: Insults are not allowed"
    assert notice.match_id == match_id
    assert not ada.moderation_notices()


def test_a_muted_player_cannot_chat_anywhere_until_the_mute_ends(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    mo = Person(hall, issuer, "Mo", moderator=True)
    match_id = running_match(ada, bob)
    for minutes in (0, 525_601):
        wrong = pb.MuteFromChatRequest(player_id=bob.id, minutes=minutes, reason="spam")
        assert_refused(INVALID_ARGUMENT, mo.call, "MuteFromChat", wrong)
    unknown = pb.MuteFromChatRequest(player_id="p-" + "8" * 32, minutes=5, reason="spam")
    assert_refused(NOT_FOUND, mo.call, "MuteFromChat", unknown)
    assert actions_on(hall, bob) == 0
    bob.say(match_id, "still here")

    muted = mo.call(
        "MuteFromChat", pb.MuteFromChatRequest(player_id=bob.id, minutes=60, reason="Flooding")
    ).action
    assert muted.kind == pb.MODERATION_ACTION_KIND_MUTE_FROM_CHAT
    assert 3_590_000 < muted.until_unix_ms - muted.created_unix_ms <= 3_600_000
    reason = assert_refused(PERMISSION_DENIED, bob.say, match_id, "let me speak")
    assert reason.startswith("A moderator muted you from chat until ")
    other = running_match(bob, ada)
    assert_refused(PERMISSION_DENIED, bob.say, other, "or here")
    ada.say(match_id, "I still can")
    assert [m.text for m in ada.read(match_id)] == ["still here", "I still can"]

    run_passes(hall, notify=True)
    (notice,) = bob.moderation_notices()
    assert notice.title.startswith("A moderator muted you from chat until ")
    assert notice.body == "Reason: Flooding"


def test_ending_a_players_matches_counts_them_abandoned_once_archived(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    mo = Person(hall, issuer, "Mo", moderator=True)
    running = running_match(ada, bob)
    waiting = bob.matches.create(TITLE, [ME, OPEN]).match.match_id
    spectated = running_match(ada, Person(hall, issuer, "Cat"))

    request = pb.EndMatchesRequest(player_id=bob.id, reason="Leaves every losing match")
    actions = mo.call("EndMatches", request).actions
    assert sorted(a.match_id for a in actions) == sorted([running, waiting])
    assert {a.kind for a in actions} == {pb.MODERATION_ACTION_KIND_END_MATCH}
    ended = ada.matches.get(running).match
    assert (ended.phase, ended.end_reason, list(ended.winners)) == (
        mpb.MATCH_PHASE_FINISHED,
        mpb.END_REASON_TIMEOUT,
        [0],
    )
    called_off = ada.matches.get(waiting).match
    assert called_off.end_reason == mpb.END_REASON_ABANDONED
    assert ada.matches.get(spectated).match.phase == mpb.MATCH_PHASE_RUNNING, "not Bob's"

    refused = assert_refused(FAILED_PRECONDITION, mo.call, "EndMatches", request)
    assert refused == "The player has no unfinished match to end"
    assert actions_on(hall, bob) == 2

    run_passes(hall, archive=True, notify=True)
    assert bob.reputation() == ppb.Reputation(finished=0, abandoned=1, karma=60)
    assert ada.reputation() == ppb.Reputation(finished=1, abandoned=0, karma=77)
    ratings = ada.player_call("GetRatings", ppb.GetRatingsRequest(player_id=bob.id))
    assert ratings.player.reputation.karma == 60, "another player's profile shows it"
    (notice,) = bob.moderation_notices()
    assert notice.title == "A moderator ended your part in 2 matches as abandoned"


def test_an_action_answering_a_resolved_or_unknown_report_writes_nothing(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    mo = Person(hall, issuer, "Mo", moderator=True)
    report = ada.call("ReportPlayer", pb.ReportPlayerRequest(player_id=bob.id, reason=ABUSE))
    resolve = pb.ResolveReportRequest(report_id=report.report_id, resolution="Warned by mail")
    resolved = mo.call("ResolveReport", resolve).action
    assert resolved.kind == pb.MODERATION_ACTION_KIND_RESOLVE_REPORT
    assert (resolved.player_id, resolved.report_id) == (bob.id, report.report_id)

    assert "resolved already" in assert_refused(
        FAILED_PRECONDITION, mo.call, "ResolveReport", resolve
    )
    mute = pb.MuteFromChatRequest(
        player_id=bob.id, minutes=5, reason="x", report_id=report.report_id
    )
    assert_refused(FAILED_PRECONDITION, mo.call, "MuteFromChat", mute)
    mute.report_id = 10**12
    assert "There is no report" in assert_refused(NOT_FOUND, mo.call, "MuteFromChat", mute)
    assert actions_on(hall, bob) == 1
    assert rows(hall, "SELECT count(*) FROM chat_bans WHERE player_id = %s", bob.id) == 0

    again = ada.call("ReportPlayer", pb.ReportPlayerRequest(player_id=bob.id, reason=ABUSE))
    assert again.report_id != report.report_id and not again.already_reported


# -- karma on the paths that check it ----------------------------------------------------------


def test_karma_below_the_floor_keeps_a_player_out_of_the_queues(hall, issuer):
    low = Person(hall, issuer, "Low")
    set_karma(hall, low, KARMA_FLOOR - 1)
    stream = low.queues.EnterQueue(
        qpb.EnterQueueRequest(title_id=TITLE, players=2),
        metadata=bearer(low.token),
        timeout=TIMEOUT,
    )
    with pytest.raises(grpc.RpcError) as refused:
        next(iter(stream))
    assert refused.value.code() == FAILED_PRECONDITION
    assert refused.value.details() == (
        f"Your karma is {KARMA_FLOOR - 1}; entering a queue needs at least {KARMA_FLOOR} "
        "(finishing matches raises it)"
    )
    assert low.reputation().karma == KARMA_FLOOR - 1


def test_a_match_with_a_minimum_karma_refuses_a_joiner_below_it(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    set_karma(hall, bob, 60)
    stub = match_service_pb2_grpc.MatchServiceStub(hall.channel)
    request = mpb.CreateMatchRequest(title_id=TITLE, seats=[ME, OPEN], min_karma=70)
    created = stub.CreateMatch(request, metadata=bearer(ada.token), timeout=TIMEOUT).match
    assert created.min_karma == 70
    reason = assert_refused(FAILED_PRECONDITION, bob.matches.join, created.match_id)
    assert reason.startswith("Your karma is 60; this match needs at least 70")
    assert ada.matches.get(created.match_id).match.version == created.version


# -- through the gateway -----------------------------------------------------------------------

SERVICE = "playhall.social.v1.ModerationService"


def test_the_gateway_forwards_reports_and_refuses_a_players_moderation(hall, issuer):
    ada, bob = Person(hall, issuer, "Ada"), Person(hall, issuer, "Bob")
    with start_gateway(hall.address) as gateway:
        base = f"http://127.0.0.1:{gateway.port}"
        report = {"playerId": bob.id, "reason": "REPORT_REASON_SPAM", "comment": "ads"}
        status, body = connect_call(base, SERVICE, "ReportPlayer", report, ada.token)
        assert status == 200 and int(body["reportId"]) > 0, body
        status, body = connect_call(base, SERVICE, "ListReports", {}, ada.token)
        assert (status, body["code"]) == (403, "permission_denied")
        assert "moderator" in body["message"]
