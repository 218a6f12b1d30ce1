"""The portal audit's items (issue 42), each in a real browser against the whole stack: the
lobby's two ways in said apart with a picture and a line about each game; a tournament created
in the portal, with its entrants and games named as people say them; one rating scale on
every page, never negative for a newcomer and saying when it is provisional; pagers that say
which entries they show; replays from the start; the score table's headers over their
numbers; the phone's header; and, on every page, tap targets of 24 x 24 px that never overlap
and no text cut off (`layout.py`), at a phone's and a desktop's size."""

from __future__ import annotations

import json
import re

import grpc
import pytest

from dev.devstack import Stack
from playhall.core import title_ids
from playhall.match.v1 import match_service_pb2 as pb
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from tests.browser.conftest import DESKTOP, PHONE, seat_url, version_of, wait_js
from tests.browser.layout import clipped_texts, small_or_overlapping_targets
from tests.browser.test_players import finish_by_resigning, sign_in, signed_in_elsewhere
from tests.helpers import wait_until

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
RANDOM_BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)
SIZES = {"desktop": DESKTOP, "phone": PHONE}
ARCHIVE_TIMEOUT_S = 30
HISTORY_PAGE = 10
"""Finished matches in a page of the profile (`js/profile.js`)."""
PHONE_HEADER_PX = 90
FINISHING_MOVES = 40
"""The moves of each finished match (conftest's `finished`) before the second seat resigns."""
MOST_TAPS_A_MOVE = 6
"""An Inventors invention then an inventor, an Einstein piece, edge and ghost (conftest's
`click_a_move`)."""


@pytest.fixture(scope="module")
def stack():
    """The browser tests' stack (conftest), tournaments paired at once."""
    extra = {
        "PLAYHALL_SWEEP_INTERVAL_S": "0.1",
        "PLAYHALL_TOURNAMENT_INTERVAL_S": "0.1",
    }
    with Stack(testing=True, gateway=True, extra_env=extra) as s:
        yield s


@pytest.fixture(scope="module")
def player_stub(stack):
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        yield player_service_pb2_grpc.PlayerServiceStub(channel)


def signed_in_page(pages, stack, player: dict, viewport: dict = DESKTOP):
    """A page of a browser where `player` is signed in (as the portal keeps it)."""
    page = pages.open(viewport)
    page.goto(stack.portal_url)
    page.evaluate(f"localStorage.setItem('playhall.player', {json.dumps(json.dumps(player))})")
    return page


def wait_rated(player_stub, player: dict, title: str, matches: int) -> ppb.Rating:
    auth = [("authorization", f"Bearer {player['token']}")]

    def rating():
        got = player_stub.GetRatings(ppb.GetRatingsRequest(), metadata=auth, timeout=10)
        found = [r for r in got.ratings if r.title_id == title and r.matches == matches]
        return found[0] if found else None

    return wait_until(rating, ARCHIVE_TIMEOUT_S, f"{matches} rated matches of {title}")


# -- the lobby --------------------------------------------------------------------------------


def test_the_lobby_says_each_games_two_ways_in_apart_with_a_picture_and_a_line(stack, lobby, pages):
    page = pages.open()
    page.goto(stack.portal_url)
    page.wait_for_selector("form.new-match")
    games = lobby.list_games()
    for game in games:
        card = page.locator(f"#title-{game.title_id}")
        assert card.locator("svg.game-picture").count() == 1
        assert len(card.locator(".about").inner_text()) > 30
        players = (
            f"{game.min_players} players"
            if game.min_players == game.max_players
            else f"{game.min_players} to {game.max_players} players"
        )
        assert players in card.inner_text()
        # Each way in is a section headed by what it is, with a line saying what it does.
        ways = card.locator(".ways-in > section")
        assert ways.locator("h4").all_inner_texts() == ["Play now", "Set up a table"]
        assert all(len(note) > 30 for note in ways.locator(".way-note").all_inner_texts())
    assert "2 to 2" not in page.locator("#titles").inner_text()
    assert "2 players ·" in page.locator("#title-eynsteyn").inner_text()


# -- tournaments ------------------------------------------------------------------------------


def test_a_tournament_created_in_the_portal_names_its_game_and_entrants(stack, lobby, pages):
    page = pages.open()
    sign_in(page, stack.portal_url, "Ada Cup")
    page.goto(f"{stack.portal_url}tournaments.html")
    form = page.locator("#tournament-form")
    form.locator("input[name=name]").fill("Audit cup")
    form.locator("select[name=title]").select_option("galileo")
    form.locator("select[name=format]").select_option("TOURNAMENT_FORMAT_SWISS")
    form.locator("select[name=rounds]").select_option("2")
    form.locator("select[name=bots]").select_option("3")
    form.locator("select[name=bot-level]").select_option("BOT_LEVEL_RANDOM")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"tournaments\.html\?id=[0-9a-f]{24}$"))
    page.wait_for_selector("#tournament-heading:text('Audit cup')")
    galileo = next(g.display_name for g in lobby.list_games() if g.title_id == "galileo")
    facts = page.locator("#tournament-facts").inner_text()
    assert facts.startswith(f"Swiss of {galileo},") and "galileo" not in facts
    # Its first round is paired: every entrant named (the first too), a bot's "bot" said once.
    page.wait_for_selector("#rounds section.round[data-round='1'] tr")
    page.wait_for_selector("#standings tr:nth-child(4)")
    shown = page.locator("main").inner_text()
    assert "NaN" not in shown and "Entrant" not in page.locator("#rounds").inner_text()
    names = page.locator("#standings tr td:nth-child(2)").all_inner_texts()
    assert sorted(names) == ["Ada Cup", "Random bot 1", "Random bot 2", "Random bot 3"]
    assert all(len(re.findall(r"\bbot\b", n, re.I)) <= 1 for n in names)
    pairings = page.locator("#rounds section.round[data-round='1']").inner_text()
    assert "Ada Cup" in pairings
    # The list names the game too.
    page.goto(f"{stack.portal_url}tournaments.html")
    tournament_id = page.url  # the list page: find the row by its name
    row = page.locator("#list tr", has_text="Audit cup")
    row.wait_for()
    assert row.locator("td:nth-child(2)").inner_text() == galileo
    assert tournament_id.endswith("tournaments.html")


def test_a_tournament_is_joined_in_the_portal_before_it_starts(stack, pages):
    ada = pages.open()
    sign_in(ada, stack.portal_url, "Ada Host")
    ada.goto(f"{stack.portal_url}tournaments.html")
    form = ada.locator("#tournament-form")
    form.locator("input[name=name]").fill("Open cup")
    form.locator("select[name=format]").select_option("TOURNAMENT_FORMAT_ROUND_ROBIN")
    form.locator("select[name=bots]").select_option("1")
    form.locator("select[name=starts]").select_option("15")
    form.locator("button[type=submit]").click()
    ada.wait_for_url(re.compile(r"tournaments\.html\?id=[0-9a-f]{24}$"))
    ada.wait_for_selector("#join-note:text('You are in this tournament.')")
    assert ada.locator("#join-button").is_hidden()
    url = ada.url
    # Signed out, the page says how to join; signed in, a click enters the player.
    anyone = pages.open()
    anyone.goto(url)
    anyone.wait_for_selector("#join-note:text('Sign in')")
    assert anyone.locator("#join-button").is_hidden()
    bea = pages.open(PHONE)
    sign_in(bea, stack.portal_url, "Bea Joins")
    bea.goto(url)
    bea.locator("#join-button").click()
    bea.wait_for_selector("#join-note:text('You are in this tournament.')")
    names = bea.locator("#standings tr td:nth-child(2)").all_inner_texts()
    assert sorted(names) == ["Ada Host", "Bea Joins", "Normal bot 1"]
    # The host's page follows (WatchStandings): three entrants, three rounds planned.
    ada.wait_for_selector("#standings tr:nth-child(3)")
    assert "0 of 3 rounds" in ada.locator("#tournament-facts").inner_text()


def test_a_tournament_the_server_refuses_says_why_and_stays_on_the_form(stack, pages):
    page = pages.open()
    sign_in(page, stack.portal_url, "Bea Cup")
    pages.allowed = ("400 (Bad Request)",)
    page.goto(f"{stack.portal_url}tournaments.html")
    form = page.locator("#tournament-form")
    form.locator("input[name=name]").fill("Too many rounds")
    form.locator("select[name=rounds]").select_option("3")
    form.locator("select[name=bots]").select_option("1")  # two entrants: one Swiss round
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#error:not([hidden])")
    assert "1 to 1 rounds" in page.locator("#error").inner_text()
    assert page.url.endswith("tournaments.html")


# -- ratings ----------------------------------------------------------------------------------


def test_one_rating_scale_everywhere_never_negative_for_a_newcomer(
    stack, lobby, pages, player_stub
):
    newcomer = signed_in_elsewhere(stack, "New Comer")
    finish_by_resigning(lobby, newcomer)
    rating = wait_rated(player_stub, newcomer, "galileo", 1)
    # The server's cautious figure after a first loss is below 0: the portal shows 0.
    assert rating.display < 0 and rating.provisional
    shown = "0.0 provisional"

    page = signed_in_page(pages, stack, newcomer)
    page.goto(f"{stack.portal_url}profile.html")
    page.wait_for_selector("body[data-loaded=true]")
    assert page.locator(".rating-card[data-title=galileo] h3 .rating").inner_text() == shown
    assert page.locator("#history tr td.num").first.inner_text() == shown
    assert "−" not in page.locator(".rating-card[data-title=galileo] .rating-facts").inner_text()
    page.goto(f"{stack.portal_url}leaderboard.html?title=galileo&provisional=1")
    row = page.locator(f"#board tr[data-player='{newcomer['playerId']}']")
    row.wait_for()
    assert row.locator("td.num").nth(1).inner_text() == shown
    # Beside their name in the lobby, and in the queue's words: the same figure.
    running = lobby.as_seat(newcomer["token"]).create("galileo", [HUMAN, RANDOM_BOT])
    page.goto(stack.portal_url)
    tag = page.locator(f"#running li[data-match='{running.match.match_id}'] .rating").first
    tag.wait_for()
    wait_until(lambda: tag.inner_text() == shown, 10, "the lobby's rating tag")
    card = page.locator(".play-now[data-title=galileo]")
    card.locator("button.play-now-start").click()
    status = card.locator(".play-now-status")
    wait_until(lambda: "Waiting" in status.inner_text(), 15, "the queue's status")
    assert f"your rating {shown}" in status.inner_text()
    card.locator("button.play-now-leave").click()
    page.wait_for_selector(".play-now[data-title=galileo] .play-now-status:text('You left')")


# -- pagers, replays, score tables ------------------------------------------------------------


def test_the_pagers_say_which_entries_they_show(stack, lobby, pages, player_stub):
    paged = signed_in_elsewhere(stack, "Pager Reader")
    for _ in range(HISTORY_PAGE + 1):
        finish_by_resigning(lobby, paged)
    wait_rated(player_stub, paged, "galileo", HISTORY_PAGE + 1)
    page = signed_in_page(pages, stack, paged)
    page.goto(f"{stack.portal_url}profile.html")
    page.wait_for_selector("body[data-loaded=true]")
    page.wait_for_selector("#history-page:text('page 1: matches 1–10')")
    assert page.locator("#history-prev").inner_text() == "Newer"
    assert page.locator("#history-next").inner_text() == "Older: matches from 11"
    page.locator("#history-next").click()
    page.wait_for_selector("#history-page:text('page 2: matches 11–11')")
    assert page.locator("#history-prev").inner_text() == "Newer: matches 1–10"
    assert page.locator("#history-next").inner_text() == "Older"
    # The leaderboard's: Previous and Next, and the places shown.
    page.goto(f"{stack.portal_url}leaderboard.html?title=galileo&provisional=1")
    page.wait_for_selector("body[data-loaded=true]")
    rows = page.locator("#board tr").count()
    assert page.locator("#board-page").inner_text() == f"page 1: places 1–{rows}"
    assert page.locator("#board-prev").inner_text() == "Previous"
    assert page.locator("#board-prev").is_disabled()


@pytest.mark.parametrize("title", title_ids())
def test_a_replay_opens_at_the_start(stack, lobby, pages, finished, title):
    changes = len(lobby.history(finished[title]).changes)
    page = pages.open()
    page.goto(f"{stack.portal_url}replay.html?id={finished[title]}")
    wait_js(page, "document.body.dataset.seed === 'verified'")
    assert page.evaluate("document.body.dataset.step") == "0"
    assert page.locator("#where").inner_text() == f"change 1 of {changes}"
    assert page.locator("#first").count() == 1
    page.locator("#last").click()
    assert page.evaluate("document.body.dataset.step") == str(changes - 1)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("title", title_ids())
def test_the_score_tables_headers_stand_over_their_numbers(stack, pages, finished, title, size):
    page = pages.open(SIZES[size])
    page.goto(f"{stack.portal_url}match.html?id={finished[title]}")
    page.wait_for_selector("#breakdown:not([hidden]) tbody tr")
    misaligned = page.evaluate(
        """() => {
          const heads = [...document.querySelectorAll('#breakdown thead th')].slice(1);
          const row = document.querySelector('#breakdown tbody tr');
          return heads.map((th, i) => {
            const cell = row.children[i + 1];
            const apart = th.getBoundingClientRect().right - cell.getBoundingClientRect().right;
            const aligned = getComputedStyle(th).textAlign === getComputedStyle(cell).textAlign;
            return Math.abs(apart) > 1 || !aligned ? th.innerText : null;
          }).filter(Boolean);
        }"""
    )
    assert misaligned == []


# -- the header and the layout checks ---------------------------------------------------------


def test_the_phone_header_is_under_90_px_and_the_replay_links_the_account(
    stack, lobby, pages, finished
):
    player = signed_in_elsewhere(stack, "Tall Header")
    page = signed_in_page(pages, stack, player, PHONE)
    pages_to_see = {
        "lobby": (stack.portal_url, "form.new-match"),
        "replay": (
            f"{stack.portal_url}replay.html?id={finished['galileo']}",
            "body[data-seed=verified]",
        ),
        "profile": (f"{stack.portal_url}profile.html", "body[data-loaded=true]"),
        "match": (f"{stack.portal_url}match.html?id={finished['eynsteyn']}", "svg.board"),
        "leaderboard": (f"{stack.portal_url}leaderboard.html", "body[data-loaded=true]"),
        "tournaments": (f"{stack.portal_url}tournaments.html", "body[data-loaded=true]"),
    }
    heights = {}
    for name, (url, loaded) in pages_to_see.items():
        page.goto(url)
        page.wait_for_selector(loaded)
        page.wait_for_selector("#account #my-profile")
        heights[name] = page.locator("header.bar").bounding_box()["height"]
        # The same account links on every page, the replay's too.
        links = page.locator("#account a").all_inner_texts()
        assert "Leaderboards" in links and "My games and profile" in links, (name, links)
    assert all(height < PHONE_HEADER_PX for height in heights.values()), heights


@pytest.mark.parametrize("size", SIZES)
def test_no_text_is_clipped_on_the_lobby_match_replay_and_profile(
    stack, lobby, pages, finished, size
):
    player = signed_in_elsewhere(stack, f"Clip Check {size}")
    finish_by_resigning(lobby, player)
    page = signed_in_page(pages, stack, player, SIZES[size])
    visits = {
        "lobby": (stack.portal_url, "form.new-match"),
        "profile": (f"{stack.portal_url}profile.html", "body[data-loaded=true]"),
    }
    for title in title_ids():
        created = lobby.as_seat(player["token"]).create(title, [HUMAN, RANDOM_BOT])
        token = created.tokens[0]
        visits[f"{title} match"] = (
            seat_url(stack.portal_url, created.match.match_id, token.token, token.seat),
            "svg.board",
        )
        visits[f"{title} finished"] = (
            f"{stack.portal_url}match.html?id={finished[title]}",
            "#breakdown:not([hidden])",
        )
        visits[f"{title} replay"] = (
            f"{stack.portal_url}replay.html?id={finished[title]}",
            "body[data-seed=verified]",
        )
    found = {}
    for name, (url, loaded) in visits.items():
        page.goto(url)
        page.wait_for_selector(loaded)
        found[name] = clipped_texts(page)
    assert not any(found.values()), "\n".join(
        f"{k}: {line}" for k, v in found.items() for line in v
    )


@pytest.mark.parametrize("title", title_ids())
def test_every_tap_target_of_a_match_page_on_a_phone_is_24_px_and_alone(stack, lobby, pages, title):
    """At every step of a move made by taps (Einstein's piece, then its edge, then its ghost;
    a Galileo pick's confirmation), the page's targets, the board's and the bar's, are checked
    as they stand."""
    player = signed_in_elsewhere(stack, f"Tap {title}")
    page = signed_in_page(pages, stack, player, PHONE)
    created = lobby.as_seat(player["token"]).create(title, [HUMAN, RANDOM_BOT])
    token = created.tokens[0]
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    page.wait_for_selector("svg.board")
    ready = (
        "document.body.dataset.myTurn === 'true' && document.body.dataset.busy !== 'true'"
        " && document.querySelector('.control.legal')"
    )
    wait_js(page, ready, timeout_s=20)
    found = small_or_overlapping_targets(page)
    before = version_of(page)
    confirm = "dialog#confirm-move[open]"
    for _ in range(MOST_TAPS_A_MOVE):
        page.locator(".control.legal").first.click()
        sent = f"Number(document.body.dataset.version) > {before}"
        wait_js(page, f"{sent} || document.querySelector('{confirm}') || ({ready})", 20)
        if version_of(page) > before:
            break
        found += small_or_overlapping_targets(page)
        if page.locator(confirm).count():  # a final move is asked about first (Galileo's)
            page.locator(f"{confirm} button[value=send]").click()
            wait_js(page, sent, 20)
            break
    assert version_of(page) > before, "no move was sent"
    assert not found, "\n".join(found)
