"""Undo at the table in a real browser: an Eynsteyn stone laid and taken back by clicking, then
by the keyboard alone, with the board, the log and the replay saying so; the confirm step a
final move goes through first (a Galileo pick, an Eynsteyn stone of the preparation), which
Escape and "Choose again" leave unsent."""

from __future__ import annotations

from playhall.core.wire import moves_as_any
from playhall.eynsteyn.v1 import eynsteyn_pb2 as eyn
from playhall.match.v1 import match_service_pb2 as pb
from tests.browser.conftest import eynsteyn_laid_by, seat_url, version_of, wait_js
from tests.helpers import unpack

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
RANDOM_BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)
SQUARES = "nodes => nodes.map(n => n.getAttribute('aria-label'))"


def eynsteyn_at(lobby, phase: int):
    """A new Eynsteyn match of two people, played through the API (each seat's first listed
    move) until seat 0 is to move in `phase`."""
    created = lobby.create("eynsteyn", [HUMAN, HUMAN])
    seats = [lobby.as_seat(t.token) for t in created.tokens]
    match_id = created.match.match_id
    for _ in range(200):
        got = seats[0].get(match_id)
        mover = got.match.status.to_move[0]
        if mover == 0 and unpack(got.view, eyn.View, "view").phase == phase:
            return created, seats
        moving = seats[mover].get(match_id)
        seats[mover].submit(match_id, moves_as_any(moving.legal_moves)[0], moving.match.version)
    raise AssertionError(f"never reached phase {phase}")


def open_seat(stack, pages, created):
    token = created.tokens[0]
    page = pages.open()
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    page.wait_for_selector("[data-stone]")
    wait_js(page, "document.body.dataset.myTurn === 'true'")
    return page


def undo_ready(page) -> bool:
    return page.evaluate("!document.querySelector('#undo').disabled")


def test_an_eynsteyn_stone_is_taken_back_by_clicking_then_by_the_keyboard(stack, lobby, pages):
    created, seats = eynsteyn_at(lobby, eyn.PHASE_PLACE)
    match_id = created.match.match_id
    page = open_seat(stack, pages, created)
    # The log read from the start: the board says who laid each stone of the preparation.
    wait_js(page, "document.body.dataset.connection === 'live'")
    eynsteyn_laid_by(lobby, page, match_id)
    squares = page.eval_on_selector_all("#board .square", SQUARES)
    assert page.locator("#undo").is_visible() and not undo_ready(page)

    # By clicking: a stone, a square; then Undo.
    before = version_of(page)
    page.locator("[data-stone]").first.click()
    page.locator(".square.legal").first.click()
    wait_js(page, f"Number(document.body.dataset.version) > {before}")
    assert page.locator("#confirm-move").count() == 0  # a stone of a turn may be taken back
    wait_js(page, "!document.querySelector('#undo').disabled")
    assert page.eval_on_selector_all("#board .square", SQUARES) != squares
    page.locator("#undo").click()
    wait_js(page, f"Number(document.body.dataset.version) > {before + 1}")
    wait_js(page, "document.querySelector('#undo').disabled")
    assert page.eval_on_selector_all("#board .square", SQUARES) == squares
    wait_js(page, "document.querySelector('#log').innerText.includes('undid a move')")
    assert page.locator("#error").is_hidden()

    # By the keyboard: a stone, a square, then Undo, each reached and pressed with keys.
    before = version_of(page)
    page.locator("[data-stone]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".square.legal")
    page.locator(".square.legal").first.focus()
    page.keyboard.press("Enter")
    wait_js(page, f"Number(document.body.dataset.version) > {before}")
    wait_js(page, "!document.querySelector('#undo').disabled")
    page.locator("#resign").focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "undo"
    page.keyboard.press("Enter")
    wait_js(page, f"Number(document.body.dataset.version) > {before + 1}")
    assert page.eval_on_selector_all("#board .square", SQUARES) == squares

    # The history has both undos, each naming the move it took back; the replay says so.
    undos = [c for c in lobby.history(match_id).changes if c.undid_version]
    assert [c.undid_version for c in undos] == [before - 1, before + 1]
    seats[1].resign(match_id)
    replay = pages.open()
    replay.goto(f"{stack.portal_url}replay.html?id={match_id}")
    wait_js(replay, "document.body.dataset.step !== undefined")
    changes = lobby.history(match_id).changes
    step = next(i for i, c in enumerate(changes) if c.undid_version)
    replay.evaluate(
        f"(() => {{ const s = document.querySelector('#step'); s.value = {step};"
        " s.dispatchEvent(new Event('input')); })()"
    )
    wait_js(replay, f"document.body.dataset.step === '{step}'")
    assert "undid a move" in replay.locator("#log").inner_text()


def test_a_galileo_pick_is_sent_only_once_confirmed(stack, lobby, pages):
    created = lobby.create("galileo", [HUMAN, RANDOM_BOT])
    token = created.tokens[0]
    page = pages.open()
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    wait_js(
        page, "document.body.dataset.myTurn === 'true' && document.querySelector('.control.legal')"
    )
    before = version_of(page)
    pick = page.locator(".control.legal").first
    pick.click()
    dialog = page.locator("#confirm-move[open]")
    assert "cannot be taken back" in dialog.inner_text()
    assert page.evaluate("document.activeElement.value") == "send"
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm-move", state="detached")
    pick.click()
    page.locator("#confirm-move button[value=back]").click()
    page.wait_for_selector("#confirm-move", state="detached")
    assert version_of(page) == before
    pick.click()
    page.locator("#confirm-move button[value=send]").click()
    wait_js(page, f"Number(document.body.dataset.version) > {before}")
    assert page.locator("#undo").is_disabled()  # a pick is never taken back


def test_an_eynsteyn_stone_of_the_preparation_asks_first(stack, lobby, pages):
    created, _ = eynsteyn_at(lobby, eyn.PHASE_PREPARATION)
    page = open_seat(stack, pages, created)
    before = version_of(page)
    page.locator("[data-stone]").first.click()
    page.locator(".square.legal").first.click()
    assert "preparation" in page.locator("#confirm-move[open]").inner_text()
    page.keyboard.press("Enter")
    wait_js(page, f"Number(document.body.dataset.version) > {before}")
    assert page.locator("#undo").is_disabled()
