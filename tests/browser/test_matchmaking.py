"""The lobby's "Play now" in headless Chromium: two people who sign in as guests from two
browsers and press Play now on the same title land in one match, each in their own seat; the
first sees the wait and the rating window while alone."""

from __future__ import annotations

import re

import grpc
import pytest

from dev.devstack import Stack
from playhall.match_client import MatchClient
from tests.browser.conftest import DESKTOP


@pytest.fixture(scope="module")
def stack():
    """Galileo's stack with the gateway's guest sign-in; bots would join only after a minute."""
    with Stack(titles=("galileo",), testing=True, gateway=True) as s:
        yield s


def play_now(page, portal_url: str, name: str) -> None:
    page.goto(portal_url)
    page.once("dialog", lambda dialog: dialog.accept(name))  # the guest sign-in's name
    card = page.locator(".play-now[data-title=galileo]")
    card.locator("select[name=queue-players]").select_option("2")
    card.locator("button.play-now-start").click()


def test_play_now_lands_two_signed_in_players_in_one_match(stack, browser):
    expect = pytest.importorskip("playwright.sync_api").expect
    # Under the portal's own Content-Security-Policy: the test only reads the page.
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    errors: list[str] = []
    try:
        ada, bob = (context.new_page() for context in contexts)
        for page in (ada, bob):
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on(
                "console",
                lambda message: message.type == "error" and errors.append(message.text),
            )
        play_now(ada, stack.portal_url, "Ada")
        status = ada.locator(".play-now[data-title=galileo] .play-now-status")
        expect(status).to_contain_text("Waiting", timeout=15_000)
        shown = status.inner_text()
        # A newcomer: no number on another scale than the profile's (the queue's mu 25.0).
        near = r"Waiting \d+ s · looking for players near your level \(you are new here\)"
        assert re.search(near, shown)
        assert "25.0" not in shown
        assert "nobody else in this queue yet" in shown and "bots join in" in shown
        play_now(bob, stack.portal_url, "Bob")
        for page in (ada, bob):
            page.wait_for_url(re.compile(r"/match\.html\?id=[0-9a-f]{24}#token="))
            page.wait_for_selector("svg.board")
        match_ids = {page.url.split("id=")[1].split("#")[0] for page in (ada, bob)}
        assert len(match_ids) == 1
        assert "Ada (you)" in ada.inner_text("#whoami")
        assert "Bob (you)" in bob.inner_text("#whoami")
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            match = MatchClient(channel, timeout_s=10).get(match_ids.pop()).match
        assert sorted(seat.display_name for seat in match.seats) == ["Ada", "Bob"]
        assert all(seat.player_id for seat in match.seats)
    finally:
        for context in contexts:
            context.close()
    assert not errors, f"script errors on the page: {errors}"
