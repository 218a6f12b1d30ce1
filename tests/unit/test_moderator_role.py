"""The moderator role (`accounts.tokens`): a token whose roles claim holds the operator's role
signs in a moderator, as a list or a space-separated string, at a dotted path (Keycloak's
`realm_access.roles`); any other token, or a role the operator did not name, signs in a player
who is not one. The guest issuer and the tests' OIDC provider mint moderators' tokens."""

from __future__ import annotations

import jwt
import pytest

from playhall.accounts.guests import GuestIssuer
from playhall.accounts.tokens import has_role
from tests import oidc_provider
from tests.helpers import verifier

pytestmark = pytest.mark.usefixtures("event_loop")


@pytest.mark.parametrize(
    ("claims", "path", "expected"),
    [
        ({"roles": ["player", "playhall-moderator"]}, "roles", True),
        ({"roles": "player playhall-moderator"}, "roles", True),
        ({"realm_access": {"roles": ["playhall-moderator"]}}, "realm_access.roles", True),
        ({"roles": ["playhall-moderators"]}, "roles", False),
        ({"roles": "playhall-moderator-not"}, "roles", False),
        ({"roles": {"playhall-moderator": True}}, "roles", False),
        ({"realm_access": ["playhall-moderator"]}, "realm_access.roles", False),
        ({}, "roles", False),
    ],
)
def test_the_role_is_a_list_item_or_a_word(claims, path, expected):
    assert has_role(claims, path, "playhall-moderator") is expected


def test_no_role_named_makes_nobody_a_moderator():
    assert not has_role({"roles": [""]}, "roles", "")


async def test_a_token_with_the_role_signs_in_a_moderator(issuer):
    tokens = verifier(issuer)
    moderator = await tokens.verify(issuer.token("mo", roles=["playhall-moderator"]))
    player = await tokens.verify(issuer.token("pat"))
    assert moderator.moderator and not player.moderator


async def test_the_operator_names_the_claim_and_the_role(issuer):
    tokens = verifier(issuer, moderator_claim="realm_access.roles", moderator_role="mods")
    keycloak = issuer.token("mo", realm_access={"roles": ["mods"]})
    default_claim = issuer.token("mo", roles=["playhall-moderator"])
    assert (await tokens.verify(keycloak)).moderator
    assert not (await tokens.verify(default_claim)).moderator


async def test_a_guest_moderator_token_is_a_moderators(issuer):
    guests = GuestIssuer("playhall-guest", "playhall", issuer.keys[0], ttl_s=3600)
    tokens = verifier(issuer, jwt_issuer="playhall-guest")
    moderator = guests.sign_in("Mo", moderator=True)
    assert (await tokens.verify(moderator.token)).moderator and moderator.player.moderator
    assert not (await tokens.verify(guests.sign_in("Pat").token)).moderator


def test_the_tests_provider_mints_a_moderators_id_token():
    redirect = "http://127.0.0.1:1/signin.html"
    users = [("mo", "Mo", 300, "playhall-moderator"), ("pat", "Pat", 300)]
    with oidc_provider.start("playhall", redirect, users) as provider:

        def roles(subject: str):
            token = oidc_provider.id_token(provider, "playhall", redirect, subject)
            return jwt.decode(token, options={"verify_signature": False}).get("roles")

        assert roles("mo") == ["playhall-moderator"]
        assert roles("pat") is None
