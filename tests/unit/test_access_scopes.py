"""access.scopes and the form of personal access tokens: the scope names are the contract's,
parsed strictly; bot:play grants its kit; `require` names the missing scope, refuses every
token on a SIGN_IN method and on a method the table does not know; a token's form is never a
seat token's nor a JWT's."""

from __future__ import annotations

import secrets

import pytest

from playhall.access.scopes import (
    BOT_KIT,
    REQUIRED,
    Gate,
    Scope,
    UnknownScope,
    granted,
    parse,
    require,
)
from playhall.access.tokens import SECRET_PREFIX, looks_like_access_token
from playhall.accounts.tokens import looks_like_jwt
from playhall.api.v1 import account_service_pb2 as pb
from playhall.common.errors import MissingScope

SUBMIT = "/playhall.match.v1.MatchService/SubmitMove"


def test_the_scopes_are_the_contracts_both_ways():
    assert {f"SCOPE_{scope.name}" for scope in Scope} == set(pb.Scope.keys()) - {
        "SCOPE_UNSPECIFIED"
    }
    assert all(scope.value == scope.name.lower().replace("_", ":", 1) for scope in Scope)


def test_scope_names_are_parsed_strictly_and_once():
    assert parse(["match:play", "match:play", "events:read"]) == {
        Scope.MATCH_PLAY,
        Scope.EVENTS_READ,
    }
    for wrong in ("MATCH:PLAY", "match:play ", "match", ""):
        with pytest.raises(UnknownScope):
            parse([wrong])


def test_bot_play_grants_its_kit_and_nothing_else():
    assert granted({Scope.BOT_PLAY}) == BOT_KIT | {Scope.BOT_PLAY}
    assert Scope.PROFILE_WRITE not in granted({Scope.BOT_PLAY})
    assert granted({Scope.MATCH_PLAY}) == {Scope.MATCH_PLAY}


def test_require_names_the_missing_scope():
    require(SUBMIT, frozenset({Scope.MATCH_PLAY}))
    require(SUBMIT, frozenset({Scope.BOT_PLAY}))
    with pytest.raises(MissingScope) as refused:
        require(SUBMIT, frozenset({Scope.MATCH_READ}))
    assert refused.value.reason == "This token lacks the scope match:play, which SubmitMove needs"


@pytest.mark.parametrize("method", [m for m, rule in REQUIRED.items() if rule is Gate.SIGN_IN])
def test_a_sign_in_method_takes_no_token_whatever_its_scopes(method):
    with pytest.raises(MissingScope) as refused:
        require(method, frozenset(Scope))
    assert "takes no personal access token" in refused.value.reason


def test_a_method_the_table_does_not_know_takes_no_token():
    with pytest.raises(MissingScope):
        require("/playhall.match.v1.MatchService/NewThing", frozenset(Scope))
    require("/playhall.match.v1.MatchService/ListGames", frozenset())


def test_a_tokens_form_is_never_a_seat_tokens_nor_a_jwts():
    for _ in range(2000):
        seat_token = secrets.token_urlsafe(32)
        assert not looks_like_access_token(seat_token)
    access_token = SECRET_PREFIX + secrets.token_urlsafe(32)
    assert looks_like_access_token(access_token) and not looks_like_jwt(access_token)
    assert not looks_like_access_token("playhall.a.b") and looks_like_jwt("playhall.a.b")
