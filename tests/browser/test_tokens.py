"""The profile's "Programs and bots" section in a real browser against the whole stack (its
archive included), under the portal's own Content-Security-Policy: a guest makes a personal
access token with two scopes, sees its secret once, and a program outside the browser signs in
with it (gRPC); the token is listed without its secret and revoked, and then refused; a name
the server refuses shows its reason; the account becomes a bot account, and the offer goes;
the section passes axe-core. Another player's profile shows no such section. A match the bot
account starts tags its seat "bot"."""

from __future__ import annotations

import grpc

from playhall.match_client import bearer
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from tests.browser.conftest import serious_violations
from tests.browser.test_players import sign_in, start_against_a_bot


def profile_of(stack, token: str) -> ppb.Player:
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        stub = player_service_pb2_grpc.PlayerServiceStub(channel)
        return stub.GetProfile(ppb.GetProfileRequest(), metadata=bearer(token), timeout=10).player


def test_a_token_made_used_and_revoked_and_the_bot_upgrade_from_the_profile(stack, pages):
    page = pages.open()
    # The refused name is a Connect call answered 400, which the browser logs: on purpose.
    pages.allowed = ("the server responded with a status of 400",)
    me = sign_in(page, stack.portal_url, "Botmaker")
    page.goto(f"{stack.portal_url}profile.html")
    page.wait_for_selector("#tokens-section:not([hidden]) #tokens tr")
    assert page.locator("#tokens").inner_text().strip() == "No tokens."
    assert serious_violations(page) == []

    form = page.locator("#token-form")
    form.locator("input[name=name]").fill("  ")
    form.locator("input[value=SCOPE_PROFILE_READ]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#tokens-error:not([hidden])")
    assert "Name the token" in page.locator("#tokens-error").inner_text()

    form.locator("input[name=name]").fill("my engine")
    form.locator("input[value=SCOPE_PROFILE_READ]").check()
    form.locator("input[value=SCOPE_EVENTS_READ]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#token-secret:not([hidden])")
    secret = page.locator("#token-secret-value").inner_text()
    assert page.locator("#tokens-error").is_hidden()
    assert profile_of(stack, secret).player_id == me["playerId"]
    row = page.locator("#tokens tr[data-token]")
    assert row.count() == 1 and secret not in row.inner_text()
    assert "profile:read, events:read" in row.inner_text() and "my engine" in row.inner_text()

    row.locator("button.revoke").click()
    page.wait_for_selector("#tokens tr:not([data-token])")
    try:
        profile_of(stack, secret)
        raise AssertionError("a revoked token was accepted")
    except grpc.RpcError as refused:
        assert refused.code() == grpc.StatusCode.UNAUTHENTICATED

    assert "never played a rated game" in page.locator("#bot-status").inner_text()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#upgrade").click()
    page.wait_for_selector("#upgrade[hidden]", state="attached")
    assert "This account is a bot account" in page.locator("#bot-status").inner_text()

    page.goto(f"{stack.portal_url}profile.html?player={me['playerId']}")
    page.wait_for_selector("body[data-loaded=true]")
    assert page.locator("#tokens-section").is_hidden()

    # The bot account's own seat is tagged "bot" where the match draws its seats; the house
    # bot's seat keeps its own name and no tag.
    page.goto(stack.portal_url)
    start_against_a_bot(page)
    page.wait_for_selector("#scores tr .tag")
    rows = page.locator("#scores tr")
    assert rows.nth(0).locator(".tag").inner_text() == "bot"
    assert "Botmaker" in rows.nth(0).inner_text() and rows.nth(1).locator(".tag").count() == 0
