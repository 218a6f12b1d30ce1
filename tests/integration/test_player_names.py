"""Display names on real processes (the outside audit, issue 35, item 7): the gateway's guest
sign-in takes letters of every script with their combining marks and stores them in NFC, and
refuses invisible names (Hangul fillers, zero-width characters), control characters and bidi
overrides with a reason a guest can read; a name from an OIDC provider's ID token is cleaned
the same way (`accounts.names`) before the orchestrator shows it anywhere, so a U+202E in it
cannot reorder the row it is shown in. The provider is the tests' own, in its own process
(`tests/oidc_provider.py`), the orchestrator fetching its JWKS."""

from __future__ import annotations

import unicodedata

import grpc
import pytest

from dev.devstack import guest_env
from dev.testbed import TIMEOUT, start_orchestrator
from playhall.accounts.guests import new_signing_key
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from tests import oidc_provider
from tests.helpers import TITLE, connect_call, start_gateway

GUESTS = "playhall.players.v1.GuestService"
PLAYERS = "playhall.players.v1.PlayerService"
MATCHES = "playhall.match.v1.MatchService"
CLIENT_ID = "playhall"
REDIRECT = "http://127.0.0.1:1/signin.html"
NFD_JOSE = unicodedata.normalize("NFD", "José")


def profile_name(channel: grpc.Channel, token: str) -> str:
    stub = player_service_pb2_grpc.PlayerServiceStub(channel)
    reply = stub.GetProfile(
        ppb.GetProfileRequest(), metadata=[("authorization", f"Bearer {token}")], timeout=TIMEOUT
    )
    return reply.player.display_name


# -- the guest sign-in ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def guest_hall(redis_server, galileo_rules):
    """An orchestrator trusting a guest issuer, and a gateway signing its guests in."""
    trusting, signing = guest_env(new_signing_key())
    with (
        start_orchestrator(redis_server.url, galileo_rules.address, **trusting) as orchestrator,
        start_gateway(orchestrator.address, signing) as gateway,
        grpc.insecure_channel(orchestrator.address) as channel,
    ):
        yield channel, f"http://127.0.0.1:{gateway.port}"


ACCEPTED = {
    "José typed as J o s e + combining acute (NFD)": (NFD_JOSE, "José"),
    "Devanagari, vowel signs and virama": ("नमस्ते", "नमस्ते"),
    "Thai, marks above the letters": ("สวัสดี", "สวัสดี"),
    "a diaeresis, precomposed": ("Zoë", "Zoë"),
    "Arabic": ("محمد علي", "محمد علي"),
    "CJK": ("李小龍", "李小龍"),
    "Persian with a non-joiner between letters": ("می\u200cخواهم", "می\u200cخواهم"),
}


@pytest.mark.parametrize("case", list(ACCEPTED))
def test_a_name_of_any_script_signs_a_guest_in_as_nfc(guest_hall, case):
    channel, base = guest_hall
    typed, shown = ACCEPTED[case]
    status, guest = connect_call(base, GUESTS, "SignInGuest", {"displayName": typed})
    assert status == 200, guest
    assert guest["displayName"] == shown
    assert unicodedata.is_normalized("NFC", guest["displayName"])
    # The orchestrator shows the name the token carries.
    assert profile_name(channel, guest["token"]) == shown


INVISIBLE = "A name cannot contain invisible characters"
REFUSED = {
    "HANGUL FILLER alone": ("\u3164", INVISIBLE),
    "HANGUL FILLER twice": ("\u3164\u3164", INVISIBLE),
    "HANGUL CHOSEONG FILLER": ("\u115f\u115f", INVISIBLE),
    "HALFWIDTH HANGUL FILLER after a name": ("Ada\uffa0", INVISIBLE),
    "zero-width spaces only": ("\u200b\u200b\u200b", INVISIBLE),
    "a zero-width joiner alone": ("\u200d\u200d", INVISIBLE),
    "braille blanks": ("\u2800\u2800", INVISIBLE),
    "a NUL": ("ab\x00cd", INVISIBLE),
    "an escape sequence": ("Ada\x1b[31m", INVISIBLE),
    "a right-to-left override": ("\u202eAda Lovelace", INVISIBLE),
    "an isolate": ("Ada\u2067x\u2069", INVISIBLE),
    "a byte order mark": ("\ufeffAda", INVISIBLE),
    "a combining mark on nothing": ("\u0301Ada", "A name has letters and digits"),
    "markup": ("<b>Ada</b>", "A name has letters and digits"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_an_invisible_or_reordering_guest_name_is_refused_with_a_reason(guest_hall, case):
    _, base = guest_hall
    typed, reason = REFUSED[case]
    status, refused = connect_call(base, GUESTS, "SignInGuest", {"displayName": typed})
    assert (status, refused["code"]) == (400, "invalid_argument"), refused
    assert refused["message"].startswith(reason), refused["message"]


# -- names from an OIDC provider --------------------------------------------------------------

USERS = [
    ("mallory", "\u202eMallory\x07 the\u200b Admin", 300),
    ("filler", "\u3164", 300),
    ("nfd", NFD_JOSE, 300),
]
"""Whose names the provider puts in its ID tokens: a bidi override, a bell and a zero-width
space in one; a Hangul filler alone (nothing visible: the token's `preferred_username`, which
the provider sets to the subject, is shown instead); an accent as a combining mark."""
SHOWN = {"mallory": "Mallory the Admin", "filler": "filler", "nfd": "José"}


@pytest.fixture(scope="module")
def oidc_hall(redis_server, galileo_rules):
    """The tests' OIDC provider, and an orchestrator and gateway trusting it by its JWKS URL."""
    with oidc_provider.start(CLIENT_ID, REDIRECT, USERS) as provider:
        issuer = oidc_provider.issuer(provider)
        env = {
            "PLAYHALL_JWT_ISSUER": issuer,
            "PLAYHALL_JWT_AUDIENCE": CLIENT_ID,
            "PLAYHALL_JWKS_URL": f"{issuer}/jwks",
        }
        with (
            start_orchestrator(redis_server.url, galileo_rules.address, **env) as orchestrator,
            start_gateway(orchestrator.address) as gateway,
            grpc.insecure_channel(orchestrator.address) as channel,
        ):
            yield provider, channel, f"http://127.0.0.1:{gateway.port}"


@pytest.mark.parametrize("subject", list(SHOWN))
def test_a_name_from_the_identity_provider_is_cleaned_wherever_it_is_shown(oidc_hall, subject):
    provider, channel, base = oidc_hall
    token = oidc_provider.id_token(provider, CLIENT_ID, REDIRECT, subject)
    shown = SHOWN[subject]
    assert profile_name(channel, token) == shown
    status, profile = connect_call(base, PLAYERS, "GetProfile", {}, token)
    assert (status, profile["player"]["displayName"]) == (200, shown)
    # The seat the player creates carries the cleaned name to the lobby and the match page.
    seats = [{"kind": "SEAT_KIND_HUMAN"}, {"kind": "SEAT_KIND_OPEN"}]
    status, created = connect_call(
        base, MATCHES, "CreateMatch", {"titleId": TITLE, "seats": seats}, token
    )
    assert status == 200, created
    assert created["match"]["seats"][0]["displayName"] == shown
