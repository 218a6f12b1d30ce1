"""Signing in through the operator's OIDC provider, in a real browser: the provider is a real
HTTP server in its own process (`tests/oidc_provider.py`), the gateway and orchestrator of the
whole stack are configured with its issuer and JWKS URL, and guests are off. A player signs in
(Authorization Code with PKCE) and creates a match that is theirs; a replayed callback, a code
issued for another PKCE challenge, a sign-in cancelled at the provider and an expired token
each end with a message on the page. The pages run under the gateway's real
Content-Security-Policy, and any console error or CSP violation fails the test (but the token
endpoint's expected 400)."""

from __future__ import annotations

import base64
import hashlib
import json
import urllib.request
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from dev.devstack import Stack
from dev.process import ServiceProcess, free_port
from playhall.accounts.tokens import player_id
from tests.browser.test_players import StrictPages, start_against_a_bot

CLIENT_ID = "playhall"
ADA = ("ada", "Ada Lovelace", 3600)
BRIEF = ("brief", "Brief Visitor", 75)
"""Whose token lives 75 s: less the portal's minute of margin, the page signs out after 15."""


@pytest.fixture(scope="module")
def provider_port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def gateway_port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def provider(provider_port, gateway_port):
    users = [f"--user={sub}:{name}:{ttl}" for sub, name, ttl in (ADA, BRIEF)]
    args = [
        f"--port={provider_port}",
        f"--client-id={CLIENT_ID}",
        f"--redirect-uri=http://127.0.0.1:{gateway_port}/signin.html",
        *users,
    ]
    with ServiceProcess("tests.oidc_provider", args) as process:
        yield f"http://127.0.0.1:{process.port}"


@pytest.fixture(scope="module")
def stack(provider, gateway_port):
    env = {
        "PLAYHALL_JWT_ISSUER": provider,
        "PLAYHALL_JWT_AUDIENCE": CLIENT_ID,
        "PLAYHALL_JWKS_URL": f"{provider}/jwks",
        "PLAYHALL_OIDC_ISSUER": provider,
        "PLAYHALL_OIDC_CLIENT_ID": CLIENT_ID,
    }
    with Stack(
        testing=True,
        gateway=True,
        guests=False,
        titles=("galileo",),
        ports={"gateway": gateway_port},
        extra_env=env,
    ) as s:
        yield s


@pytest.fixture
def pages(browser):
    strict = StrictPages(browser)
    yield strict
    strict.close()
    assert not strict.errors, f"console errors or CSP violations: {strict.errors}"


def through_the_provider(
    page, portal: str, provider: str, name: str | None, challenge: str = ""
) -> str:
    """Signs in from the lobby as `name` on the provider's page (or cancels there, for
    `name=None`), with the code issued for `challenge` instead of the portal's where given; the
    callback URL the provider sent."""
    page.goto(portal)
    page.locator("#oidc-sign-in").click()
    page.wait_for_url(f"{provider}/authorize?*")
    if challenge:
        parts = urlsplit(page.url)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        page.goto(f"{provider}/authorize?{urlencode({**query, 'code_challenge': challenge})}")
    with page.expect_request(f"{portal}signin.html?*") as callback:
        label = f"Continue as {name}" if name else "Cancel"
        page.get_by_role("button", name=label).click()
    return callback.value.url


def claims_of(token: str) -> dict:
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def test_the_gateway_offers_the_provider_and_lets_pages_fetch_from_its_origin_only(stack, provider):
    with urllib.request.urlopen(f"{stack.portal_url}portal/config.json", timeout=10) as response:
        assert json.loads(response.read()) == {
            "guestSignIn": False,
            "oidc": {"issuer": provider, "clientId": CLIENT_ID, "scope": "openid profile"},
        }
    with urllib.request.urlopen(f"{stack.portal_url}signin.html", timeout=10) as response:
        policy = response.headers["content-security-policy"]
    assert f"connect-src 'self' {provider}" in policy.split("; ")
    assert policy.count("http") == 1  # no other origin anywhere


def test_a_player_signs_in_through_the_provider_and_a_replayed_callback_is_refused(
    stack, provider, lobby, pages
):
    page = pages.new_page()
    callback = through_the_provider(page, stack.portal_url, provider, "Ada Lovelace")
    page.wait_for_selector("body[data-signed-in=true] #player-name")
    assert page.locator("#player-name").inner_text() == "Ada Lovelace"
    assert page.url == stack.portal_url  # back where the sign-in started
    assert page.locator("#guest-name").count() == 0  # guests are off here
    signed = json.loads(page.evaluate("localStorage.getItem('playhall.player')"))
    claims = claims_of(signed["token"])
    # The ID token: issued to the portal's client id, which is Playhall's audience.
    assert (claims["iss"], claims["aud"], claims["sub"]) == (provider, CLIENT_ID, "ada")
    assert signed["playerId"] == player_id(provider, "ada")
    assert signed["expiresUnix"] == claims["exp"]

    match_id = start_against_a_bot(page)
    seat = lobby.get(match_id).match.seats[0]
    assert (seat.player_id, seat.display_name) == (player_id(provider, "ada"), "Ada Lovelace")

    # The same callback again (the back button, or a leaked URL): its state was used up.
    page.goto(callback)
    page.wait_for_selector("body[data-sign-in-refused=true]")
    assert "already used" in page.locator("#error").inner_text()
    assert "code=" not in page.url  # the code left the address bar
    # It changed nothing: still signed in as before, with the same token.
    page.wait_for_selector("body[data-signed-in=true] #player-name")
    assert json.loads(page.evaluate("localStorage.getItem('playhall.player')")) == signed


def test_a_code_issued_for_another_pkce_challenge_is_refused(stack, provider, pages):
    page = pages.new_page()
    pages.expect_error(page, "400")  # the token endpoint's refusal, as the browser logs it
    other = base64.urlsafe_b64encode(hashlib.sha256(b"someone else's verifier").digest())
    through_the_provider(
        page, stack.portal_url, provider, "Ada Lovelace", challenge=other.rstrip(b"=").decode()
    )
    page.wait_for_selector("body[data-sign-in-refused=true][data-signed-in=false]")
    message = page.locator("#error").inner_text()
    assert "refused to complete the sign-in" in message and "PKCE" in message
    assert page.evaluate("localStorage.getItem('playhall.player')") is None


def test_a_sign_in_cancelled_at_the_provider_says_so_and_the_next_one_works(stack, provider, pages):
    page = pages.new_page()
    through_the_provider(page, stack.portal_url, provider, None)
    page.wait_for_selector("body[data-sign-in-refused=true][data-signed-in=false]")
    assert page.locator("#error").inner_text() == (
        "The sign-in provider refused: the user cancelled."
    )
    # Signing in again from this page works, and returns to the lobby, not to this page.
    page.locator("#oidc-sign-in").click()
    page.wait_for_url(f"{provider}/authorize?*")
    page.get_by_role("button", name="Continue as Ada Lovelace").click()
    page.wait_for_selector("body[data-signed-in=true] #player-name")
    assert page.url == stack.portal_url


def test_the_portal_signs_out_when_the_token_expires(stack, provider, pages):
    page = pages.new_page()
    through_the_provider(page, stack.portal_url, provider, "Brief Visitor")
    page.wait_for_selector("body[data-signed-in=true] #player-name")
    page.wait_for_selector("body[data-signed-in=false] #sign-in-error", timeout=30_000)
    assert page.locator("#sign-in-error").inner_text() == "Your sign-in expired. Sign in again."
    assert page.locator("#oidc-sign-in").is_visible()
    assert page.evaluate("localStorage.getItem('playhall.player')") is None
