"""The orchestrator's refusals in the caller's language: a call with `accept-language` is
refused with its key and arguments (`google.rpc.ErrorInfo`) and the sentence in that language
(`google.rpc.LocalizedMessage`) while the status message stays English; through the gateway,
the browser's `Accept-Language` gets the Connect error's message in its language."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import grpc
import pytest

from dev.testbed import TIMEOUT
from playhall.common.refusal_details import DOMAIN
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.match_client import human_seats
from tests.helpers import localized_refusal, pick, start_gateway

UNKNOWN_MATCH = "0123456789abcdef01234567"
SERVICE = "/playhall.match.v1.MatchService/"
PERSIAN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")
"""A Persian sentence's digits as ASCII ones (the locale may write either)."""


@pytest.fixture(scope="module")
def stub(orchestrator):
    with grpc.insecure_channel(orchestrator.address) as channel:
        yield match_service_pb2_grpc.MatchServiceStub(channel)


@pytest.fixture(scope="module")
def gateway_base(orchestrator):
    with start_gateway(orchestrator.address) as service:
        yield f"http://127.0.0.1:{service.port}"


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("de", f"Es gibt keine Partie „{UNKNOWN_MATCH}“"),
        ("fa", f"بازی «{UNKNOWN_MATCH}» وجود ندارد"),
    ],
)
def test_an_unknown_match_is_refused_in_the_callers_language(stub, language, sentence):
    error, found = localized_refusal(
        stub.GetMatch,
        pb.GetMatchRequest(match_id=UNKNOWN_MATCH),
        metadata=[("accept-language", f"{language};q=0.9, en;q=0.5")],
    )
    assert error.code() == grpc.StatusCode.NOT_FOUND
    assert error.details() == f"There is no match '{UNKNOWN_MATCH}'", "the status stays English"
    info = found["ErrorInfo"]
    assert (info.reason, info.domain) == ("MATCH_NOT_FOUND", DOMAIN)
    assert dict(info.metadata) == {"match": UNKNOWN_MATCH}
    localized = found["LocalizedMessage"]
    assert (localized.locale, localized.message) == (language, sentence)


@pytest.mark.parametrize(
    ("language", "words"),
    [("de", "Die Partie ist weitergegangen"), ("fa", "بازی جلو رفته است")],
)
def test_a_stale_move_is_refused_with_both_versions_in_the_callers_language(stub, language, words):
    created = stub.CreateMatch(
        pb.CreateMatchRequest(title_id="galileo", seats=human_seats(2)), timeout=TIMEOUT
    )
    match_id, token = created.match.match_id, created.tokens[0].token
    stale = created.match.version + 3
    error, found = localized_refusal(
        stub.SubmitMove,
        pb.SubmitMoveRequest(
            match_id=match_id, move=pick(0), expected_version=stale, request_id=f"stale-{language}"
        ),
        metadata=[("authorization", f"Bearer {token}"), ("accept-language", language)],
    )
    assert error.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error.details().startswith("The match has moved on: it is at version ")
    info = found["ErrorInfo"]
    assert info.reason == "MATCH_STALE_VERSION"
    current = str(created.match.version)
    assert dict(info.metadata) == {"current": current, "expected": str(stale)}
    localized = found["LocalizedMessage"]
    assert localized.locale == language and words in localized.message
    assert str(stale) in localized.message.translate(PERSIAN_DIGITS)


def test_a_refusal_without_a_language_comes_in_english(stub):
    error, found = localized_refusal(stub.GetMatch, pb.GetMatchRequest(match_id=UNKNOWN_MATCH))
    assert found["LocalizedMessage"].locale == "en"
    assert found["LocalizedMessage"].message == error.details()


@pytest.mark.parametrize(
    ("accept_language", "sentence"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", f"Es gibt keine Partie „{UNKNOWN_MATCH}“"),
        ("fa-IR", f"بازی «{UNKNOWN_MATCH}» وجود ندارد"),
        ("en-GB", f"There is no match '{UNKNOWN_MATCH}'"),
    ],
)
def test_the_gateway_shows_the_browser_the_refusal_in_its_language(
    gateway_base, accept_language, sentence
):
    request = urllib.request.Request(
        gateway_base + SERVICE + "GetMatch",
        data=json.dumps({"matchId": UNKNOWN_MATCH}).encode(),
        headers={
            "content-type": "application/json",
            "connect-protocol-version": "1",
            "accept-language": accept_language,
        },
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=TIMEOUT)
    body = json.loads(refused.value.read())
    assert refused.value.code == 404
    assert body["code"] == "not_found"
    assert body["message"] == sentence
