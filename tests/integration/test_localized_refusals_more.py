"""Refusals of the chat and of challenges in the caller's language, on real processes (an
orchestrator with a PostgreSQL archive, the Galileo rules service, a gateway): over gRPC with
`accept-language` they come with their key and arguments (`google.rpc.ErrorInfo`) and the
sentence in that language (`google.rpc.LocalizedMessage`), the status message staying English;
through the gateway, the browser's `Accept-Language` gets the Connect error's message in its
language, with the same details, and the unsubscribe page of a mail reads in it."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid

import grpc
import pytest

from dev.testbed import TIMEOUT
from playhall.accounts.tokens import player_id
from playhall.common.refusal_details import DOMAIN
from playhall.core import i18n
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import bearer
from playhall.social.challenge_servicer import LIST_MOST
from playhall.social.chat_servicer import DEFAULT_LIMIT, MAX_LIMIT
from playhall.social.v1 import challenge_service_pb2 as cpb
from playhall.social.v1 import challenge_service_pb2_grpc, chat_service_pb2_grpc
from playhall.social.v1 import chat_service_pb2 as chpb
from tests.helpers import PLAYER_ISSUER, TITLE, localized_refusal, start_gateway
from tests.integration.conftest import started_hall

UNKNOWN_MATCH = "0123456789abcdef01234567"
LANGUAGES = [("de", "de-DE,de;q=0.9,en;q=0.5"), ("fa", "fa-IR,fa;q=0.9")]
"""Each language asked for, and an `Accept-Language` a browser of it sends."""
ROOM_MISSING = i18n.Text("chat-room-missing")
SELF = i18n.Text("challenge-self")


@pytest.fixture(scope="module")
def hall(archive_url, galileo_rules, issuer):
    with started_hall(
        galileo_rules.address, issuer, database_url=archive_url, PLAYHALL_DATABASE_MIGRATE="0"
    ) as started:
        yield started


@pytest.fixture(scope="module")
def portal(hall) -> str:
    with start_gateway(hall.replicas[0].address) as gateway:
        yield f"http://127.0.0.1:{gateway.port}"


@pytest.fixture
def token(issuer) -> str:
    return issuer.token(f"lang-{uuid.uuid4().hex[:8]}", name="Leyla")


def assert_localized(error, found, code, text: i18n.Text, language: str) -> None:
    assert error.code() == code
    assert error.details() == i18n.render(text), "the status message stays English"
    info = found["ErrorInfo"]
    assert (info.reason, info.domain) == (i18n.error_reason(text.key), DOMAIN)
    assert dict(info.metadata) == i18n.wire_args(text.args)
    localized = found["LocalizedMessage"]
    assert localized.locale == language
    assert localized.message == i18n.render(text, language)
    assert localized.message != error.details()


@pytest.mark.parametrize(("language", "accept"), LANGUAGES)
def test_a_chat_refusal_comes_in_the_callers_language(hall, token, language, accept):
    chat = chat_service_pb2_grpc.ChatServiceStub(hall.channels[0])
    metadata = [*bearer(token), ("accept-language", accept)]
    request = chpb.SendMessageRequest(match_id=UNKNOWN_MATCH, text="hallo")
    error, found = localized_refusal(chat.SendMessage, request, metadata=metadata)
    assert_localized(error, found, grpc.StatusCode.INVALID_ARGUMENT, ROOM_MISSING, language)
    too_many = chpb.ListMessagesRequest(match_id=UNKNOWN_MATCH, limit=10_000)
    error, found = localized_refusal(chat.ListMessages, too_many, metadata=metadata)
    limit = i18n.Text("chat-limit-range", {"most": MAX_LIMIT, "default": DEFAULT_LIMIT})
    assert_localized(error, found, grpc.StatusCode.INVALID_ARGUMENT, limit, language)


@pytest.mark.parametrize(("language", "accept"), LANGUAGES)
def test_a_challenge_refusal_comes_in_the_callers_language(hall, issuer, language, accept):
    subject = f"self-{uuid.uuid4().hex[:8]}"
    token = issuer.token(subject, name="Darya")
    challenges = challenge_service_pb2_grpc.ChallengeServiceStub(hall.channels[0])
    metadata = [*bearer(token), ("accept-language", accept)]
    mine = challenges.ListChallenges(
        cpb.ListChallengesRequest(), metadata=metadata, timeout=TIMEOUT
    )
    assert not mine.challenges  # signed in and known: the refusals below are the domain's
    own_id = player_id(PLAYER_ISSUER, subject)
    to_self = create_request(own_id)
    error, found = localized_refusal(challenges.CreateChallenge, to_self, metadata=metadata)
    assert_localized(error, found, grpc.StatusCode.INVALID_ARGUMENT, SELF, language)
    listing = cpb.ListOpenChallengesRequest(title_id=TITLE, limit=10_000)
    error, found = localized_refusal(challenges.ListOpenChallenges, listing, metadata=metadata)
    limit = i18n.Text("challenge-list-limit", {"most": LIST_MOST})
    assert_localized(error, found, grpc.StatusCode.INVALID_ARGUMENT, limit, language)


def create_request(invited: str) -> cpb.CreateChallengeRequest:
    clock = mpb.Clock(pace=mpb.PACE_LIVE)
    terms = cpb.ChallengeTerms(title_id=TITLE, seats=2, clock=clock)
    return cpb.CreateChallengeRequest(terms=terms, player_id=invited)


def connect_refusal(base: str, service: str, method: str, message: dict, headers: dict) -> dict:
    """The Connect error a unary call as the portal makes it meets (its JSON body)."""
    request = urllib.request.Request(
        f"{base}/{service}/{method}",
        json.dumps(message).encode(),
        {"content-type": "application/json", "connect-protocol-version": "1", **headers},
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=TIMEOUT)
    assert refused.value.code == 400
    return json.loads(refused.value.read())


@pytest.mark.parametrize(("language", "accept"), LANGUAGES)
def test_the_gateway_shows_chat_and_challenge_refusals_in_the_browsers_language(
    portal, token, language, accept
):
    headers = {"authorization": f"Bearer {token}", "accept-language": accept}
    body = connect_refusal(
        portal, "playhall.social.v1.ChatService", "SendMessage", {"matchId": UNKNOWN_MATCH}, headers
    )
    assert body["code"] == "invalid_argument"
    assert body["message"] == i18n.render(ROOM_MISSING, language)
    types = {detail["type"] for detail in body["details"]}
    assert {"google.rpc.ErrorInfo", "google.rpc.LocalizedMessage"} <= types
    body = connect_refusal(
        portal,
        "playhall.social.v1.ChallengeService",
        "CreateChallenge",
        {"terms": {"titleId": TITLE, "clock": {"pace": "PACE_LIVE"}}},
        headers,
    )
    opponent = i18n.Text("challenge-opponent-missing")
    assert body["message"] == i18n.render(opponent, language)
    assert body["message"] != i18n.render(opponent)


@pytest.mark.parametrize(("language", "accept"), LANGUAGES)
def test_the_unsubscribe_page_and_its_refusal_read_in_the_browsers_language(
    portal, language, accept
):
    headers = {"accept-language": accept}
    asking = urllib.request.Request(f"{portal}/unsubscribe?token=some-token", headers=headers)
    with urllib.request.urlopen(asking, timeout=TIMEOUT) as response:
        form = response.read().decode()
    direction = "rtl" if language in i18n.RIGHT_TO_LEFT else "ltr"
    assert f'<html lang="{language}" dir="{direction}">' in form
    button = i18n.render(i18n.Text("gateway-unsubscribe-button"), language)
    assert f'id="unsubscribe">{button}</button>' in form
    posting = urllib.request.Request(
        f"{portal}/unsubscribe?token=not-a-token", b"", headers, method="POST"
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(posting, timeout=TIMEOUT)
    assert refused.value.code == 400
    invalid = i18n.render(i18n.Text("notice-unsubscribe-link-invalid"), language)
    assert f'id="refused">{invalid}</p>' in refused.value.read().decode()
