"""Players in the portal, in a real browser against the whole stack (its archiver and embedded
PostgreSQL included): a guest signs in, stays signed in across a reload, plays a whole match
against a bot, finds it among their finished matches with its replay and their rating in a
chart on the profile, and on the title's leaderboard beside the bot; a second browser signed
in as the same player takes the seat of a running match back from "My games" and plays on,
while the first browser's link stops working, and the first takes it back from the match page.

The pages run under the gateway's real Content-Security-Policy (no `bypass_csp`): every wait
is a selector, never a script, and a page that logs any console error or CSP violation fails
its test."""

from __future__ import annotations

import json

import grpc
import pytest

from dev.devstack import GUEST_ISSUER
from playhall.accounts.guests import GuestIssuer
from playhall.accounts.tokens import player_id
from playhall.archive.archive import BOT_ISSUER
from playhall.match.v1 import match_service_pb2 as pb
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from tests.browser.conftest import DESKTOP, send_if_asked
from tests.helpers import wait_until

MOVE_TIMEOUT_MS = 20_000
ARCHIVE_TIMEOUT_S = 20
HISTORY_PAGE = 10
"""Finished matches in a page of the profile (`js/profile.js`)."""
LEADERBOARD_PAGE = 20
"""Players in a page of the leaderboard (`js/leaderboard.js`)."""
HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
RANDOM_BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)


class StrictPages:
    """Browser contexts under the portal's own CSP that record every console error, CSP
    violation and uncaught exception of their pages (but those a test expects of a page)."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts = []
        self.errors: list[str] = []
        self.expected: dict[object, str] = {}

    def new_page(self):
        context = self.browser.new_context(viewport=DESKTOP)
        self.contexts.append(context)
        page = context.new_page()

        def record(text: str) -> None:
            if not (page in self.expected and self.expected[page] in text):
                self.errors.append(text)

        page.on("console", lambda m: m.type == "error" and record(m.text))
        page.on("pageerror", lambda error: record(str(error)))
        return page

    def expect_error(self, page, text: str) -> None:
        """From now on `page` may log errors containing `text`."""
        self.expected[page] = text

    def close(self):
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser):
    strict = StrictPages(browser)
    yield strict
    strict.close()
    assert not strict.errors, f"console errors or CSP violations: {strict.errors}"


@pytest.fixture(scope="module")
def player_stub(stack):
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        yield player_service_pb2_grpc.PlayerServiceStub(channel)


def sign_in(page, portal: str, name: str) -> dict:
    page.goto(portal)
    page.locator("#guest-name").fill(name)
    page.locator("#sign-in button[type=submit]").click()
    page.wait_for_selector("body[data-signed-in=true] #player-name")
    assert page.locator("#player-name").inner_text() == name
    return json.loads(page.evaluate("localStorage.getItem('playhall.player')"))


def start_against_a_bot(page) -> str:
    """From the lobby, a two-seat Galileo match against the random bot; its id."""
    form = page.locator("form[data-title=galileo]")
    form.locator("select[name=players]").select_option("2")
    form.locator("select[name=seat-1]").select_option("BOT_LEVEL_RANDOM")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("svg.board")
    assert "#token=" in page.url
    return page.url.split("id=")[1].split("#")[0]


def make_a_move(page) -> bool:
    """Clicks the first highlighted move once it is this seat's turn; False once the match is
    over."""
    page.wait_for_selector(
        "body[data-my-turn=true]:not([data-busy=true]) .control.legal,"
        " body[data-phase=MATCH_PHASE_FINISHED]",
        timeout=MOVE_TIMEOUT_MS,
    )
    if page.get_attribute("body", "data-phase") == "MATCH_PHASE_FINISHED":
        return False
    before = page.get_attribute("body", "data-version")
    page.locator(".control.legal").first.click()
    send_if_asked(page)  # a Galileo pick or take is final: the page asks first
    page.wait_for_selector(f"body:not([data-version='{before}'])", timeout=MOVE_TIMEOUT_MS)
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    return True


def open_until(page, url: str, *selectors: str, timeout_s: float = ARCHIVE_TIMEOUT_S):
    """Loads `url` again until every one of `selectors` is on it (the archiver writes a match
    a moment after it ends, and the page's calls may come before and after that)."""
    for _ in range(int(timeout_s * 2)):
        page.goto(url)
        page.wait_for_selector("body[data-loaded=true]")
        if all(page.locator(selector).count() for selector in selectors):
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"{selectors} never all appeared on {url}")


def test_a_guest_plays_a_bot_and_finds_the_match_and_the_rating_on_the_profile(
    stack, lobby, pages, player_stub
):
    page = pages.new_page()
    signed = sign_in(page, stack.portal_url, "Ada Lovelace")
    page.reload()
    page.wait_for_selector("body[data-signed-in=true] #player-name")  # kept across a reload
    match_id = start_against_a_bot(page)
    assert "Ada Lovelace (you)" in page.locator("#whoami").inner_text()
    # The match seats the player: their seat carries their id, and their (new) rating shows.
    seat = lobby.get(match_id).match.seats[0]
    assert seat.player_id == signed["playerId"] and seat.display_name == "Ada Lovelace"
    page.wait_for_selector(f"#scores .rating[data-player='{signed['playerId']}'][data-rating]")
    assert page.locator("#scores .rating").first.inner_text() == "new"
    moves = 0
    while make_a_move(page):
        moves += 1
        assert moves < 100
    assert moves == 30  # Galileo with two seats: 15 rounds of a pick and a take
    winners = list(lobby.get(match_id).match.winners)
    result = "lost" if 0 not in winners else "won" if len(winners) == 1 else "shared win"

    page.locator("#my-profile").click()
    profile = f"{stack.portal_url}profile.html"
    row = page.locator(f"#history tr[data-match='{match_id}']")
    card_selector = ".rating-card[data-title=galileo]"
    card = page.locator(card_selector)
    open_until(
        page,
        profile,
        f"#history tr[data-match='{match_id}']",
        f"{card_selector} circle.point[data-match='{match_id}']",
    )
    assert row.locator(".result").inner_text() == result
    assert row.locator(".replay-link").get_attribute("href") == f"/replay.html?id={match_id}"
    auth = [("authorization", f"Bearer {signed['token']}")]
    ratings = player_stub.GetRatings(ppb.GetRatingsRequest(), metadata=auth, timeout=10)
    (rating,) = [r for r in ratings.ratings if r.title_id == "galileo"]
    assert rating.matches == 1
    # One scale: the cautious figure, never below 0, saying when it is provisional.
    figure = f"{max(0.0, rating.display):.1f}"
    shown = figure + (" provisional" if rating.provisional else "")
    assert card.locator("h3 .rating").inner_text() == shown
    assert "1 rated match" in card.inner_text() and "first rated match" in card.inner_text()
    point = card.locator(f"svg.rating-chart circle.point[data-match='{match_id}']")
    assert point.get_attribute("data-rating") == figure
    assert card.locator("svg.rating-chart .axis text.tick").count() >= 4
    assert row.locator("td.num").inner_text() == shown
    # The match page shows the new ratings beside the names: the player's, and the bot
    # level's (a player too, whose id the page derives as the server does).
    page.goto(f"{stack.portal_url}match.html?id={match_id}")
    page.wait_for_selector(f"#scores .rating[data-rating='{figure}']")
    bot_id = player_id(BOT_ISSUER, "galileo/random")
    bot = player_stub.GetRatings(ppb.GetRatingsRequest(player_id=bot_id), metadata=auth, timeout=10)
    (bot_rating,) = bot.ratings
    assert bot.player.bot and bot_rating.matches >= 1
    page.wait_for_selector(
        f"#scores .rating[data-player='{bot_id}'][data-rating='{max(0.0, bot_rating.display):.1f}']"
    )
    # Its replay, from the history.
    page.goto(f"{stack.portal_url}profile.html")
    page.locator(f"#history tr[data-match='{match_id}'] .replay-link").click()
    page.wait_for_selector("body[data-seed=verified]")

    # The leaderboard with provisional ratings: the player and the bot, as the archive ranks them.
    page.goto(f"{stack.portal_url}leaderboard.html?title=galileo&provisional=1")
    page.wait_for_selector(f"#board tr[data-player='{signed['playerId']}']")
    board = player_stub.GetLeaderboard(
        ppb.GetLeaderboardRequest(title_id="galileo", include_provisional=True, page_size=20),
        metadata=auth,
        timeout=10,
    )
    shown_ids = page.eval_on_selector_all("#board tr", "rows => rows.map(r => r.dataset.player)")
    assert shown_ids == [entry.player.player_id for entry in board.entries]
    assert "(you)" in page.locator(f"#board tr[data-player='{signed['playerId']}']").inner_text()
    # The bot level is marked a bot once: its name says so ("Random bot"), no second tag.
    bots = page.locator("#board tr .bot-name").all_inner_texts()
    assert bots and all(name.lower().count("bot") == 1 for name in bots), bots

    page.locator("#sign-out").click()
    page.wait_for_selector("body[data-signed-in=false] #sign-in")
    assert page.evaluate("localStorage.getItem('playhall.player')") is None
    # Ratings are public: signed out, the same board, without "(you)".
    page.reload()
    page.wait_for_selector(f"#board tr[data-player='{signed['playerId']}']")
    assert "(you)" not in page.locator("#board").inner_text()
    page.goto(f"{stack.portal_url}profile.html")
    # The page shows it once its script has run (under load, after `goto` returns).
    page.wait_for_selector("#signed-out", state="visible")
    assert page.locator("#ratings-section").is_hidden()


def test_a_second_browser_of_the_same_player_gets_back_into_a_running_match(stack, lobby, pages):
    first = pages.new_page()
    signed = sign_in(first, stack.portal_url, "Grace Hopper")
    match_id = start_against_a_bot(first)
    old_token = first.url.split("#token=")[1].split("&")[0]
    assert make_a_move(first)

    # Another browser, signed in with the same player token (as on another device).
    second = pages.new_page()
    second.goto(stack.portal_url)
    second.evaluate(f"localStorage.setItem('playhall.player', {json.dumps(json.dumps(signed))})")
    second.reload()
    # Its lobby lists the match with a rating beside each name (the player's, the bot's).
    item = f"#running li[data-match='{match_id}']"
    second.wait_for_selector(f"{item} .rating[data-player='{signed['playerId']}'][data-rating]")
    second.wait_for_selector(f"{item} .rating:nth-of-type(2)[data-rating]")
    assert second.locator(f"{item} .rating").count() == 2
    second.goto(f"{stack.portal_url}profile.html")
    second.wait_for_selector("body[data-loaded=true]")
    assert second.locator("#player-name").inner_text() == "Grace Hopper"
    # The first browser's page is still open: its seat's link stops working, and it says so.
    pages.expect_error(first, "status of 403 (Forbidden)")
    second.locator(f"#my-games li[data-match='{match_id}'] button.reclaim").click()
    second.wait_for_selector("svg.board")
    assert f"match.html?id={match_id}#token=" in second.url
    assert "Grace Hopper (you)" in second.locator("#whoami").inner_text()
    before = lobby.get(match_id).match.version
    assert make_a_move(second)
    moved = lobby.history(match_id).changes[before + 1 :]
    assert any(change.HasField("seat") and change.seat == 0 for change in moved)
    # The seat's previous link holds it no more.
    with pytest.raises(grpc.RpcError) as refused:
        lobby.as_seat(old_token).get(match_id)
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    first.wait_for_selector("#error:not([hidden])")
    assert first.locator("#error").inner_text() == refused.value.details()
    # The first browser opens the match without a seat's link (as the lobby's "Watch" does):
    # it offers the player their seat back, and plays on in it.
    pages.expect_error(second, "status of 403 (Forbidden)")
    first.goto(f"{stack.portal_url}match.html?id={match_id}")
    first.wait_for_selector("svg.board")
    assert first.locator("#whoami").inner_text() == "watching"
    first.locator("#take-seat").click()
    first.wait_for_selector("#whoami:text('Grace Hopper (you)')")
    assert "#token=" in first.url
    assert make_a_move(first)


def signed_in_elsewhere(stack, name: str) -> dict:
    """A guest signed in with the stack's guest issuer (the key the gateway signs with), as
    the portal keeps it in localStorage."""
    guest = GuestIssuer(GUEST_ISSUER, "playhall", stack.guest_keys[0], 3600).sign_in(name)
    return {
        "token": guest.token,
        "playerId": guest.player.player_id,
        "displayName": guest.player.display_name,
        "expiresUnix": guest.expires_unix,
    }


def finish_by_resigning(lobby, player: dict) -> str:
    """A match of `player` against the random bot, ended by their resignation; its id."""
    me = lobby.as_seat(player["token"])
    match_id = me.create("galileo", [HUMAN, RANDOM_BOT]).match.match_id
    me.resign(match_id)
    return match_id


def test_the_history_and_the_leaderboard_page_back_and_forth(stack, lobby, pages, player_stub):
    paged = signed_in_elsewhere(stack, "Paged Player")
    # Newest first: the history's first page holds the last ten, its second the first one.
    ids = [finish_by_resigning(lobby, paged) for _ in range(HISTORY_PAGE + 1)]
    others = [signed_in_elsewhere(stack, f"Player {n}") for n in range(LEADERBOARD_PAGE)]
    for other in others:
        finish_by_resigning(lobby, other)
    auth = [("authorization", f"Bearer {paged['token']}")]

    def all_archived() -> bool:
        finished = player_stub.ListFinishedMatches(
            ppb.ListFinishedMatchesRequest(page_size=100), metadata=auth, timeout=10
        )
        board = player_stub.GetLeaderboard(
            ppb.GetLeaderboardRequest(title_id="galileo", include_provisional=True, page_size=100),
            metadata=auth,
            timeout=10,
        )
        rated = {entry.player.player_id: entry.rating.matches for entry in board.entries}
        return len(finished.matches) == len(ids) and all(
            rated.get(p["playerId"]) == 1 for p in others
        )

    wait_until(all_archived, ARCHIVE_TIMEOUT_S, "every match archived and rated")

    page = pages.new_page()
    page.goto(stack.portal_url)
    page.evaluate(f"localStorage.setItem('playhall.player', {json.dumps(json.dumps(paged))})")
    page.goto(f"{stack.portal_url}profile.html")
    page.wait_for_selector("body[data-loaded=true]")

    def shown_matches() -> list[str]:
        return page.eval_on_selector_all("#history tr", "rows => rows.map(r => r.dataset.match)")

    assert shown_matches() == ids[::-1][:HISTORY_PAGE]
    assert page.locator("#history-prev").is_disabled()
    page.locator("#history-next").click()
    page.wait_for_selector("#history-page:text('page 2')")
    assert shown_matches() == ids[:1]
    assert page.locator("#history-next").is_disabled()
    page.locator("#history-prev").click()
    page.wait_for_selector("#history-page:text('page 1')")
    assert shown_matches() == ids[::-1][:HISTORY_PAGE]
    results = page.eval_on_selector_all("#history .result", "cells => cells.map(c => c.innerText)")
    assert results == ["left"] * HISTORY_PAGE
    # Filtered by another title: none.
    titles = page.eval_on_selector_all("#history-title option", "os => os.map(o => o.value)")
    other_title = next(t for t in titles if t not in ("", "galileo"))
    page.locator("#history-title").select_option(other_title)
    page.wait_for_selector("#history td:text('none yet')")

    # The leaderboard, a page of LEADERBOARD_PAGE at a time, ranks going on across pages.
    page.goto(f"{stack.portal_url}leaderboard.html?title=galileo&provisional=1")
    page.wait_for_selector("body[data-loaded=true]")
    expected = player_stub.GetLeaderboard(
        ppb.GetLeaderboardRequest(
            title_id="galileo", include_provisional=True, page_size=LEADERBOARD_PAGE
        ),
        metadata=auth,
        timeout=10,
    )
    second = player_stub.GetLeaderboard(
        ppb.GetLeaderboardRequest(
            title_id="galileo",
            include_provisional=True,
            page_size=LEADERBOARD_PAGE,
            page_token=expected.next_page_token,
        ),
        metadata=auth,
        timeout=10,
    )

    def shown_ranks() -> list[tuple[str, str]]:
        return page.eval_on_selector_all(
            "#board tr", "rows => rows.map(r => [r.dataset.player, r.cells[0].innerText])"
        )

    def ranks_of(board) -> list[list[str]]:
        return [[e.player.player_id, str(e.rank)] for e in board.entries]

    assert shown_ranks() == ranks_of(expected)
    page.locator("#board-next").click()
    page.wait_for_selector("#board-page:text('page 2')")
    assert shown_ranks() == ranks_of(second)
    page.locator("#board-prev").click()
    page.wait_for_selector("#board-page:text('page 1')")
    assert shown_ranks() == ranks_of(expected)
    # Without provisional ratings: only those who played enough (the bot, maybe).
    page.locator("#board-provisional").uncheck()
    settled = player_stub.GetLeaderboard(
        ppb.GetLeaderboardRequest(title_id="galileo", page_size=LEADERBOARD_PAGE),
        metadata=auth,
        timeout=10,
    )
    assert len(settled.entries) < len(expected.entries)
    if settled.entries:
        wait_until(lambda: shown_ranks() == ranks_of(settled), 10, "the settled ratings")
    else:
        page.wait_for_selector("#board td:text('No settled rating yet')")
    assert "provisional" not in page.url
