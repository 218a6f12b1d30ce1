"""Every title's board in a real browser, at a desktop and a phone size: the last move marked on
the board, the score table at the end adding up to the engine's scores, the replay rebuilding
the board at every step of a finished match, and each title's own fixes (Einstein's cards as
shapes and its three prompted steps, Eynsteyn's edges and keyboard order, readable tired
inventors). Every page also fails its test on any console error or CSP violation (conftest)."""

from __future__ import annotations

import pytest

from playhall.core import title_ids
from playhall.core.wire import moves_as_any
from playhall.einstein.v1 import einstein_pb2 as ein
from playhall.match.v1 import match_service_pb2 as pb
from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    click_a_move,
    seat_url,
    serious_violations,
    version_of,
    wait_js,
)
from tests.helpers import unpack

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
RANDOM_BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)
GREEDY_BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_EASY)
SIZES = {"desktop": DESKTOP, "phone": PHONE}
ISOLATES = str.maketrans("", "", "\u2068\u2069")
"""Drops the marks that isolate a message's arguments (First Strong Isolate, Pop Directional
Isolate) from a text the page shows."""


def table_of(page) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#breakdown tbody tr",
        "rows => rows.map(r => [...r.children].map(c => c.innerText.trim()))",
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("title", title_ids())
def test_a_finished_match_shows_where_every_point_came_from(
    stack, lobby, pages, finished, title, size
):
    match_id = finished[title]
    final = lobby.get(match_id).match
    page = pages.open(SIZES[size])
    page.goto(f"{stack.portal_url}match.html?id={match_id}")
    page.wait_for_selector("#breakdown:not([hidden]) tbody tr")
    rows = table_of(page)
    assert len(rows) == len(final.seats)
    columns = page.eval_on_selector_all(
        "#breakdown thead th", "cells => cells.map(c => c.innerText)"
    )
    for seat, row in enumerate(rows):
        if "Total" in columns:
            total = columns.index("Total")
            # Every source of points adds up to the total, and the total is the engine's score.
            parts = [int(cell.lstrip("+")) for cell in row[1:total]]
            assert sum(parts) == int(row[total]) == final.status.scores[seat], (columns, row)
        else:  # Eynsteyn: no points, the connection decides
            assert row[-1] == (
                "won" if seat in final.winners else "lost" if final.winners else "draw"
            )
    # On a phone the table fits the screen.
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")


@pytest.mark.parametrize("title", title_ids())
def test_the_replay_rebuilds_the_board_at_every_step(stack, lobby, pages, finished, title):
    match_id = finished[title]
    final = lobby.get(match_id).match
    changes = len(lobby.history(match_id).changes)
    page = pages.open()
    page.goto(f"{stack.portal_url}replay.html?id={match_id}")
    wait_js(page, "document.body.dataset.seed === 'verified'")
    page.locator("#first").click()
    # Every step, from the first to the last: a board is drawn, and what it holds only grows
    # for the titles whose pieces stay (tiles of the Big Idea, stones on the grid).
    seen = page.evaluate(
        """() => {
          const pieces = [];
          for (;;) {
            if (!document.querySelector('#board svg.board')) throw new Error('no board');
            const placed = '#board [data-tile], #board .square .stone';
            pieces.push(document.querySelectorAll(placed).length);
            const before = document.body.dataset.step;
            document.querySelector('#next').click();
            if (document.body.dataset.step === before) return pieces;
          }
        }"""
    )
    assert len(seen) == changes
    if title == "einstein":  # tiles are never taken back
        assert seen == sorted(seen) and seen[-1] > seen[0]
    if title == "eynsteyn":
        assert seen[0] == 0 < seen[-1]
    # The last step's table adds up to the engine's final scores.
    page.wait_for_selector("#breakdown:not([hidden]) tbody tr")
    rows = table_of(page)
    columns = page.eval_on_selector_all(
        "#breakdown thead th", "cells => cells.map(c => c.innerText)"
    )
    if "Total" in columns:
        assert [int(row[columns.index("Total")]) for row in rows] == list(final.status.scores)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("title", title_ids())
def test_the_last_move_is_marked_on_the_board(stack, lobby, pages, title, size):
    """The opening move, clicked on the board by the seat to move, is marked there. Two people
    and a fixed seed: against a bot, the move before a click could be one with no place on the
    board (an Inventors refresh, a reward taken), and an invention finished leaves the table."""
    created = lobby.create(title, [HUMAN, HUMAN], seed=b"the last move is marked")
    mover = created.match.status.to_move[0]
    token = next(t for t in created.tokens if t.seat == mover)
    page = pages.open(SIZES[size])
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    wait_js(page, "document.body.dataset.myTurn === 'true'", timeout_s=20)
    marked = "document.querySelector('#board .last-move')"
    assert not page.evaluate(marked), "a mark before any move"
    click_a_move(page, version_of(page), "#board .control.legal")
    wait_js(page, marked, timeout_s=20)
    assert page.locator("#last").inner_text().startswith("Last move: ")
    # The board is no wider than a phone's screen.
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")


def to_phase(lobby, created, phase: str, module) -> None:
    """Plays both seats' first legal moves through the API until seat 0 is to move in `phase`."""
    seats = [lobby.as_seat(t.token) for t in created.tokens]
    match_id = created.match.match_id
    for _ in range(200):
        got = seats[0].get(match_id)
        view = unpack(got.view, module.View, "view")
        mover = list(got.match.status.to_move)[0]
        if mover == 0 and module.Phase.Name(view.phase) == phase:
            return
        moving = seats[mover].get(match_id)
        seats[mover].submit(match_id, moves_as_any(moving.legal_moves)[0], moving.match.version)
    raise AssertionError(f"never reached {phase}")


def test_eynsteyn_says_which_edges_to_connect_and_the_keyboard_meets_the_hand_first(
    stack, lobby, pages
):
    from playhall.eynsteyn.v1 import eynsteyn_pb2

    created = lobby.create("eynsteyn", [HUMAN, HUMAN])
    to_phase(lobby, created, "PHASE_PLACE", eynsteyn_pb2)
    token = created.tokens[0]
    page = pages.open()
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    page.wait_for_selector("[data-stone]")
    # The catalogue isolates an argument (U+2068 ... U+2069) so that it reads right in any
    # direction: the words around it are what this asserts.
    label = page.locator("[data-area=grid] .area-label").text_content().translate(ISOLATES)
    assert "connect top and bottom" in label or "connect left and right" in label
    # An empty square clicked before a stone is chosen: the page says what to do first.
    version = page.evaluate("document.body.dataset.version")
    page.locator(".square").first.click()
    page.wait_for_selector("#error:not([hidden])")
    assert "Choose a stone from your hand first" in page.locator("#error").inner_text()
    assert page.evaluate("document.body.dataset.version") == version
    # Tab from the top of the board: a stone of the hand, long before any square.
    page.evaluate("document.querySelector('#headline').tabIndex = -1")
    page.locator("#headline").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.stone") is not None
    tabbable = page.eval_on_selector_all(
        "#board [tabindex='0']", "nodes => nodes.map(n => n.classList.contains('square'))"
    )
    assert not any(tabbable)  # no square is playable before a stone is chosen
    # A stone, then a square: the grid's lines stay visible under the highlight.
    page.keyboard.press("Enter")
    page.wait_for_selector(".square.legal")
    stroke = page.evaluate(
        "getComputedStyle(document.querySelector('.square.legal rect.slot-square')).strokeWidth"
    )
    assert stroke == "1px"
    page.locator(".square.legal").first.click()
    wait_js(page, f"Number(document.body.dataset.version) > {version}")
    assert page.locator("#board .last-placed").count() == 1


@pytest.mark.parametrize("size", SIZES)
def test_einstein_draws_its_cards_as_shapes_and_prompts_each_step(stack, lobby, pages, size):
    created = lobby.create("einstein", [HUMAN, RANDOM_BOT])
    (token,) = created.tokens
    page = pages.open(SIZES[size])
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    wait_js(page, "document.body.dataset.myTurn === 'true'", timeout_s=20)
    page.wait_for_selector("[data-card^='inspiration/']")
    # Each Inspiration in the hand shows its shape: two to five tiles.
    shapes = page.eval_on_selector_all(
        "[data-card^='inspiration/']",
        "cards => cards.map(c => c.querySelectorAll('polygon').length)",
    )
    assert len(shapes) == 3 and all(2 <= n <= 5 for n in shapes)
    assert page.locator(".stock polygon").count() == 16  # both stocks, as tile shapes
    assert "Step 1 of 3" in page.locator(".prompt").text_content()
    # The stock's row never covers the player's name (it is below it on a phone).
    name = page.locator(".seat-row.mine .seat-name").bounding_box()
    for chip in page.locator(".stock[data-seat='0'] rect").all():
        box = chip.bounding_box()
        apart = box["x"] >= name["x"] + name["width"] or box["y"] >= name["y"] + name["height"]
        assert apart, (name, box)
    chip = page.locator(".stock.legal[data-seat='0']").first
    piece = chip.get_attribute("data-piece")
    chip.click()
    # Chosen: outlined in this seat's row only, and still said to be playable.
    assert page.locator(".stock.selected").count() == 1
    chosen = page.locator(f".stock[data-seat='0'][data-piece='{piece}']")
    assert "not playable" not in chosen.get_attribute("aria-label")
    assert chosen.get_attribute("aria-pressed") == "true"
    prompt = page.locator(".prompt").text_content()
    if "Step 2 of 3" in prompt:
        page.locator(".edge.legal").first.click()
    assert "Step 3 of 3" in page.locator(".prompt").text_content()
    version = page.evaluate("document.body.dataset.version")
    page.locator("[data-ghost]").click()
    wait_js(page, f"Number(document.body.dataset.version) > {version}")
    # Marked once the stream brings the change: the tile just placed.
    wait_js(page, "document.querySelector('path.tile.last-move')")


@pytest.mark.parametrize("size", SIZES)
def test_einstein_draws_each_completed_inspiration_as_its_shape_in_its_players_row(
    stack, lobby, pages, size
):
    # Two greedy bots complete Inspirations early; a spectator watches until one is drawn.
    match_id = lobby.create("einstein", [GREEDY_BOT, GREEDY_BOT]).match.match_id
    page = pages.open(SIZES[size])
    page.goto(f"{stack.portal_url}match.html?id={match_id}")
    wait_js(page, "document.querySelector('.seat-row [data-completed]')", timeout_s=90)
    drawn = page.eval_on_selector_all(
        ".seat-row",
        """rows => rows.map(r => [...r.querySelectorAll('[data-completed]')].map(c => [
             Number(c.dataset.completed), c.querySelectorAll('polygon').length,
             c.querySelector('title').textContent]))""",
    )
    seats = unpack(lobby.get(match_id).view, ein.View, "view").seats
    # Every completed card, in completion order, in its owner's row (the bots play on, so the
    # engine's lists read after may be longer), two to five tiles of its shape, named.
    assert any(drawn)
    for row, seat in zip(drawn, seats, strict=True):
        assert [card for card, _, _ in row] == list(seat.completed)[: len(row)]
        for _, tiles, title in row:
            assert 2 <= tiles <= 5 and title.startswith("Completed Inspiration ")
    # The strip stays inside the player's row (measured at once: the bots' moves redraw it).
    outside = page.eval_on_selector_all(
        ".seat-row",
        """rows => rows.flatMap(r => {
             const o = r.querySelector('rect.seat-bg').getBoundingClientRect();
             return [...r.querySelectorAll('[data-completed] rect')]
               .map(c => c.getBoundingClientRect())
               .filter(b => b.left < o.left || b.right > o.right
                 || b.top < o.top || b.bottom > o.bottom)
               .map(b => [b.left, b.top, b.right, b.bottom]);
           })""",
    )
    assert not outside
    # The tiles of every completed Inspiration are marked on the board, from the public events
    # the page has seen on its watch (the view keeps only the cards; GetMatch may be a change
    # ahead of the watch, so the marks are awaited, then checked against the history).
    wait_js(page, "document.querySelectorAll('#board path.tile.completed').length >= 2")
    marked = page.eval_on_selector_all(
        "#board path.tile.completed", "paths => paths.map(p => Number(p.dataset.tile))"
    )
    tiles: set[int] = set()
    for change in lobby.history(match_id).changes:
        for packed in change.events:
            event = unpack(packed, ein.Event, "event")
            if event.HasField("inspiration_completed"):
                tiles |= set(event.inspiration_completed.tiles)
    assert len(marked) >= 2 and set(marked) <= tiles


def test_a_tired_inventor_stays_readable(stack, lobby, pages):
    created = lobby.create("inventors", [HUMAN, RANDOM_BOT])
    (token,) = created.tokens
    page = pages.open(PHONE)
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    wait_js(
        page,
        "document.body.dataset.myTurn === 'true' && document.querySelector('.invention.legal')",
        timeout_s=20,
    )
    page.locator(".inventor.legal").first.click()
    version = page.evaluate("document.body.dataset.version")
    page.locator(".invention.legal").first.click()
    wait_js(page, f"Number(document.body.dataset.version) > {version}")
    # The player's own inventor just sent to work (the bot's team is drawn too, and may have
    # tired inventors of its own).
    tired = f".inventor.tired[data-seat='{token.seat}']"
    page.wait_for_selector(tired)
    # Dark text on a light grey plate.
    fill = page.evaluate(f'getComputedStyle(document.querySelector("{tired} text")).fill')
    plate = page.evaluate(f"document.querySelector(\"{tired} rect\").getAttribute('fill')")
    assert fill == "rgb(30, 36, 48)" and plate == "#d0d5dd"
    assert "tired" in page.locator(f"{tired} text").text_content()
    # On a phone every discipline row's text stays inside its box (measured in one read: the
    # bot's moves redraw the board, so a row found first may be gone when it is measured).
    rows = page.eval_on_selector_all(
        ".knowledge",
        """rows => rows.slice(0, 8).map(r => [
             r.querySelector('rect').getBoundingClientRect().right,
             r.querySelector('text').getBoundingClientRect().right])""",
    )
    assert rows and all(label <= box + 1 for box, label in rows), rows


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_nothing_serious_on_the_lobby_every_match_page_and_replay(
    stack, lobby, pages, finished, size
):
    page = pages.open(SIZES[size])
    page.goto(stack.portal_url)
    page.wait_for_selector("form.new-match")
    found = {"lobby": serious_violations(page)}
    for title in title_ids():
        created = lobby.create(title, [HUMAN, RANDOM_BOT])
        token = created.tokens[0]
        page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
        page.wait_for_selector("svg.board")
        found[title] = serious_violations(page)
        page.goto(f"{stack.portal_url}match.html?id={finished[title]}")
        page.wait_for_selector("#breakdown:not([hidden])")
        found[f"{title} finished"] = serious_violations(page)
        page.goto(f"{stack.portal_url}replay.html?id={finished[title]}")
        wait_js(page, "document.body.dataset.seed === 'verified'")
        found[f"{title} replay"] = serious_violations(page)
    assert not any(found.values()), "\n".join(f"{k}: {v}" for k, v in found.items() if v)
