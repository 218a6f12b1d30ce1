"""The portal's tournament pages in headless Chromium, under the portal's own
Content-Security-Policy: a Swiss tournament of four bots is listed, its page follows it over
WatchStandings from the first round to the end (standings, rounds, each game linked to its
match), and a game's link opens that match."""

from __future__ import annotations

import grpc
import pytest

from dev.devstack import Stack
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.tournament.v1 import tournament_service_pb2 as tpb
from playhall.tournament.v1 import tournament_service_pb2_grpc
from tests.browser.conftest import DESKTOP


@pytest.fixture(scope="module")
def stack():
    extra = {"PLAYHALL_TOURNAMENT_INTERVAL_S": "0.1"}
    with Stack(titles=("galileo",), testing=True, gateway=True, extra_env=extra) as s:
        yield s


def test_a_tournament_is_listed_and_its_page_follows_it_to_the_end(stack, browser):
    expect = pytest.importorskip("playwright.sync_api").expect
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        created = (
            tournament_service_pb2_grpc.TournamentServiceStub(channel)
            .CreateTournament(
                tpb.CreateTournamentRequest(
                    name="Four random bots",
                    title_id="galileo",
                    format=tpb.TOURNAMENT_FORMAT_SWISS,
                    rounds=2,
                    entrants=[tpb.Entrant(bot_level=mpb.BOT_LEVEL_RANDOM) for _ in range(4)],
                    clock=mpb.Clock(seconds_per_turn=30, on_timeout=mpb.TIMEOUT_ACTION_BOT_MOVE),
                ),
                metadata=(("authorization", f"Bearer {stack.worker_credential}"),),
                timeout=10,
            )
            .tournament
        )
    context = browser.new_context(viewport=DESKTOP)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.goto(stack.portal_url)
        page.get_by_role("link", name="Tournaments").click()
        row = page.locator(f"tr[data-tournament='{created.tournament_id}']")
        expect(row).to_contain_text("Four random bots")
        expect(row).to_contain_text("Swiss")
        row.get_by_role("link").click()
        page.wait_for_url(f"**/tournaments.html?id={created.tournament_id}")
        expect(page.locator("#tournament-heading")).to_have_text("Four random bots")
        # Followed to the end by the stream, without a reload.
        expect(page.locator("body")).to_have_attribute("data-phase", "finished", timeout=90_000)
        expect(page.locator("#standings tr")).to_have_count(4)
        expect(page.locator("#rounds section.round")).to_have_count(2)
        scores = page.locator("#standings td.score").all_inner_texts()
        total = sum(float(s.replace("½", ".5")) for s in scores)  # "1½" and "½" too
        assert total == 4  # two rounds of two games, a point each
        links = page.locator("#rounds a[href^='/match.html?id=']")
        expect(links).to_have_count(4)
        match_id = links.first.get_attribute("href").split("id=")[1]
        links.first.click()
        page.wait_for_url(f"**/match.html?id={match_id}")
        page.wait_for_selector("svg.board")
    finally:
        context.close()
    assert not errors, errors
