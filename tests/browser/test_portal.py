"""The portal in a real browser (headless system Chromium): a whole Galileo match against a
bot by clicking the board, a legal move by clicking on every registered title's page, an
illegal click answered with the engine's reason, a dropped stream that recovers without a
reload, a click that another seat's move interrupts, and two seats of one match each seeing
only their own hand."""

from __future__ import annotations

import grpc
import pytest

from dev.process import free_port, start_gateway, start_orchestrator
from playhall.core import title_ids
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from tests.browser.conftest import click_a_move, seat_url, send_if_asked, version_of, wait_js
from tests.helpers import take, view_of, wait_until

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
RANDOM_BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)


def test_a_whole_galileo_match_against_a_bot_by_clicking_and_the_keyboard(stack, lobby, page):
    page.goto(stack.portal_url)
    form = page.locator("form[data-title=galileo]")
    form.locator("select[name=players]").select_option("2")
    form.locator("select[name=seat-1]").select_option("BOT_LEVEL_RANDOM")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("svg.board")
    assert "#token=" in page.url
    clicks = 0
    while page.evaluate("document.body.dataset.phase") != "MATCH_PHASE_FINISHED":
        wait_js(
            page,
            "document.body.dataset.myTurn === 'true' && document.body.dataset.busy !== 'true'"
            " && document.querySelector('.control.legal')"
            " || document.body.dataset.phase === 'MATCH_PHASE_FINISHED'",
            timeout_s=20,
        )
        if page.evaluate("document.body.dataset.phase") == "MATCH_PHASE_FINISHED":
            break
        before = version_of(page)
        target = page.locator(".control.legal").first
        if clicks % 2:
            target.focus()  # every other move with the keyboard
            page.keyboard.press("Enter")
        else:
            target.click()
        # Picks and takes are final: the page asks first, and Send (or Enter) sends.
        page.wait_for_selector("#confirm-move[open]")
        send_if_asked(page, keyboard=bool(clicks % 2))
        wait_js(page, f"Number(document.body.dataset.version) > {before}")
        assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
        clicks += 1
        assert clicks < 100
    # Galileo with two seats: 15 rounds, a pick and a take in each, all made on the page.
    match_id = page.url.split("id=")[1].split("#")[0]
    history = lobby.history(match_id).changes
    assert sum(change.HasField("seat") and change.seat == 0 for change in history) == 30
    assert clicks == 30
    assert page.locator("#turn").inner_text().startswith("Finished")
    assert "took the" in page.locator("#log").inner_text()
    page.locator("#replay").click()
    # Loaded first: read while the replay page replaces the match page, there is no body yet.
    page.wait_for_url(f"**/replay.html?id={match_id}")
    wait_js(page, "document.body.dataset.seed === 'verified'")
    assert page.locator("#fairness").inner_text() == "shuffles verified"
    page.locator("#first").click()
    assert "Round 1 begins" in page.locator("#log").inner_text()


@pytest.mark.parametrize("title", title_ids())
def test_each_titles_page_makes_a_legal_move_by_clicking(stack, lobby, page, title):
    created = lobby.create(title, [HUMAN, RANDOM_BOT])
    (token,) = created.tokens
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    page.wait_for_selector("svg.board")
    wait_js(
        page,
        "document.body.dataset.myTurn === 'true' && document.body.dataset.busy !== 'true'"
        " && document.querySelector('.control.legal')",
        timeout_s=20,
    )
    before = version_of(page)
    click_a_move(page, before)
    assert page.locator("#error").is_hidden()
    moved = lobby.history(created.match.match_id).changes
    assert any(change.HasField("seat") and change.seat == 0 for change in moved)


def test_an_illegal_click_shows_the_engines_reason(stack, lobby, pages):
    pages.allowed = ("status of 400",)  # the refused move's own answer, in the network log
    page = pages.open()
    created = lobby.create("galileo", [HUMAN, HUMAN])
    match_id = created.match.match_id
    token = created.tokens[0]
    page.goto(seat_url(stack.portal_url, match_id, token.token, token.seat))
    page.wait_for_selector("svg.board [data-experiment]")
    # Taking an experiment while everyone picks: not highlighted, and the engine says why.
    experiment = page.locator("[data-experiment]").first
    assert "legal" not in experiment.get_attribute("class")
    experiment.click()
    send_if_asked(page)  # a take is never taken back: the page asks first
    page.wait_for_selector("#error:not([hidden])")
    shown = page.locator("#error").inner_text()
    seat = lobby.as_seat(token.token)
    number = int(experiment.get_attribute("data-experiment"))
    with pytest.raises(grpc.RpcError) as direct:
        seat.submit(match_id, take(number), seat.get(match_id).match.version)
    assert shown == direct.value.details() != ""
    assert version_of(page) == seat.get(match_id).match.version


def test_a_click_during_another_seats_move_still_makes_the_move(stack, lobby, pages):
    created = lobby.create("galileo", [HUMAN, HUMAN])
    match_id = created.match.match_id
    mine, theirs = created.tokens
    page = pages.open()
    page.goto(seat_url(stack.portal_url, match_id, mine.token, mine.seat))
    wait_js(page, "document.querySelector('.control.legal[data-scientist]')")
    box = page.locator(".control.legal[data-scientist]").first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # The press, then the other seat's pick reaches the page, then the release: a redraw in
    # between would leave the release on a new element, and no click.
    page.mouse.down()
    before = version_of(page)
    other = lobby.as_seat(theirs.token)
    got = other.get(match_id)
    other.submit(match_id, moves_as_any(got.legal_moves)[0], got.match.version)
    wait_js(page, f"Number(document.body.dataset.version) > {before}")
    page.mouse.up()
    send_if_asked(page)  # a pick is never taken back: the page asks first
    wait_js(page, "document.querySelector('#log').innerText.includes('picked the')")
    history = lobby.history(match_id).changes
    assert [change.seat for change in history if change.HasField("seat")] == [1, 0]
    assert page.locator("#error").is_hidden()


def test_a_dropped_stream_recovers_without_a_reload_and_says_live_at_once(stack, lobby, pages):
    credential = {"PLAYHALL_GATEWAY_CREDENTIAL": stack.gateway_credential}
    gateway = start_gateway(
        stack.orchestrator.address, {**credential, "PLAYHALL_GRACE_SECONDS": "0.2"}
    )
    port = gateway.port
    created = lobby.create("galileo", [HUMAN, HUMAN])
    match_id = created.match.match_id
    mine, theirs = created.tokens
    # The network log of the outage: refused connections, the stream cut off, a request the
    # kill caught in flight reset.
    # And an UNAVAILABLE (503) from the gateway just started: a fresh-clone run got one as
    # the page opened (cause not found), which the page now tries again.
    pages.allowed = (
        "ERR_CONNECTION_REFUSED",
        "ERR_INCOMPLETE_CHUNKED_ENCODING",
        "ERR_CONNECTION_RESET",
        "status of 503",
    )
    try:
        page = pages.open()
        page.goto(seat_url(f"http://127.0.0.1:{port}/", match_id, mine.token, mine.seat))
        wait_js(page, "document.body.dataset.connection === 'live'")
        page.evaluate("window.notReloaded = true")
        gateway.kill()  # the connection drops with no goodbye
        wait_js(page, "document.body.dataset.connection === 'reconnecting'")
        page.locator(".control.legal[data-scientist]").first.click()
        send_if_asked(page)
        page.wait_for_selector("#error:not([hidden])")
        assert "cannot be reached" in page.locator("#error").inner_text()
        gateway = start_gateway(stack.orchestrator.address, credential, port=port)
        # Live as soon as the stream is back (at most one back-off pause), with nothing new to
        # send, and the outage's error gone.
        wait_js(page, "document.body.dataset.connection === 'live'", timeout_s=6)
        assert page.locator("#connection").inner_text() == "live"
        assert page.locator("#error").is_hidden()
        assert "picked" not in page.locator("#log").inner_text()
        # The stream is really live: the other seat's pick shows without a reload.
        other = lobby.as_seat(theirs.token)
        got = other.get(match_id)
        other.submit(match_id, moves_as_any(got.legal_moves)[0], got.match.version)
        wait_js(page, "document.querySelector('#log').innerText.includes('picked')")
        assert "Seat 2 picked a scientist" in page.locator("#log").inner_text()
        assert page.evaluate("window.notReloaded") is True
    finally:
        gateway.terminate()


def test_a_page_opened_while_the_match_server_is_out_of_reach_comes_up_when_it_is_back(
    stack, lobby, pages
):
    """No orchestrator listens where the gateway looks yet: the page says it is reconnecting
    and tries again, and shows the match once one does, without a reload."""
    created = lobby.create("galileo", [HUMAN, HUMAN])
    mine = created.tokens[0]
    port = free_port()
    credential = {"PLAYHALL_GATEWAY_CREDENTIAL": stack.gateway_credential}
    gateway = start_gateway(f"127.0.0.1:{port}", credential)
    pages.allowed = ("status of 503",)  # the gateway's answers while nothing listens upstream
    try:
        page = pages.open()
        url = f"http://127.0.0.1:{gateway.port}/"
        page.goto(seat_url(url, created.match.match_id, mine.token, mine.seat))
        wait_js(page, "document.body.dataset.connection === 'reconnecting'")
        assert page.locator("#error").is_visible()
        page.evaluate("window.notReloaded = true")
        with start_orchestrator(stack.env, port=port):
            wait_js(page, "document.body.dataset.connection === 'live'")
            page.wait_for_selector(".control.legal[data-scientist]")
            assert page.locator("#error").is_hidden()
            assert page.evaluate("window.notReloaded") is True
            page.close()  # before the servers go: its retries would be refused
    finally:
        gateway.terminate()


def test_two_seats_in_two_browser_contexts_see_only_their_own_hand(stack, lobby, pages):
    created = lobby.create("galileo", [HUMAN, HUMAN])
    match_id = created.match.match_id
    hands = {}
    seats = []
    for token in created.tokens:
        page = pages.open()
        page.goto(seat_url(stack.portal_url, match_id, token.token, token.seat))
        page.wait_for_selector("[data-scientist]")
        shown = page.eval_on_selector_all(
            "[data-scientist]", "nodes => nodes.map(n => Number(n.dataset.scientist))"
        )
        hands[token.seat] = sorted(shown)
        seats.append(page)
    for token in created.tokens:
        view = view_of(lobby.as_seat(token.token).get(match_id))
        assert hands[token.seat] == sorted(view.hand)
    assert not set(hands[0]) & set(hands[1])
    # Seat 0 picks: seat 1's page learns that it picked, never which scientist.
    seats[0].locator(".control.legal[data-scientist]").first.click()
    send_if_asked(seats[0])
    wait_js(seats[1], "document.querySelector('#log').innerText.includes('picked')")
    log = seats[1].locator("#log").inner_text()
    assert "picked a scientist" in log and "picked the" not in log
    wait_until(lambda: "picked the" in seats[0].locator("#log").inner_text(), 10, "own pick")


def test_the_lobby_gives_one_link_per_seat_and_lets_others_join_an_open_seat(stack, pages):
    host, friend, stranger = (pages.open() for _ in range(3))
    host.goto(stack.portal_url)
    form = host.locator("form[data-title=galileo]")
    form.locator("select[name=players]").select_option("3")
    form.locator("select[name=seat-1]").select_option("HUMAN")
    form.locator("select[name=seat-2]").select_option("OPEN")
    form.locator("input[name=name]").fill("Host")
    form.locator("button[type=submit]").click()
    host.wait_for_selector("#links:not([hidden]) .seat-link")
    links = host.eval_on_selector_all(".seat-link", "nodes => nodes.map(n => n.href)")
    assert len(links) == 2 and all("#token=" in link for link in links)
    match_id = links[0].split("id=")[1].split("#")[0]
    friend.goto(links[1])
    friend.wait_for_selector("svg.board")
    assert "Seat 2 (you)" in friend.locator("#whoami").inner_text()
    # The third seat is open: a stranger finds it in the lobby, types a name in the open
    # match's own field (the list refreshing meanwhile keeps it) and joins.
    stranger.goto(stack.portal_url)
    opening = stranger.locator(f"#open li[data-match='{match_id}']")
    opening.locator("input[name=name]").fill("Stranger")
    # Four list answers hold a whole refresh of the open list started after the typing.
    for _ in range(4):
        with stranger.expect_response(lambda response: "ListMatches" in response.url):
            pass
    assert opening.locator("input[name=name]").input_value() == "Stranger"
    opening.locator("button[type=submit]").click()
    stranger.wait_for_selector("svg.board")
    assert "#token=" in stranger.url and "Stranger (you)" in stranger.inner_text("#whoami")
    host.goto(links[0])
    wait_js(host, "document.body.dataset.phase === 'MATCH_PHASE_RUNNING'")
    assert "Host (you)" in host.inner_text("#whoami")
    # The others' page shows the name the stranger gave, not a seat number.
    wait_js(host, "document.getElementById('scores').innerText.includes('Stranger')")
    assert "Seat 3" not in host.inner_text("#scores")


def test_the_turn_clock_counts_down_and_resigning_ends_the_match(stack, lobby, page):
    clock = pb.Clock(seconds_per_turn=90, on_timeout=pb.TIMEOUT_ACTION_BOT_MOVE)
    created = lobby.create("galileo", [HUMAN, HUMAN], clock=clock)
    token = created.tokens[0]
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    page.wait_for_selector("svg.board")
    wait_js(page, "document.querySelector('#clock').innerText.includes('s left')")
    left = int(page.locator("#clock").inner_text().split(" s left")[0])
    assert 80 <= left <= 90
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#resign").click()
    wait_js(page, "document.body.dataset.phase === 'MATCH_PHASE_FINISHED'")
    assert page.locator("#turn").inner_text() == "Finished by resignation: Seat 2 won"
    assert page.locator("#resign").is_hidden() and page.locator("#replay").is_visible()
