"""At the table, in a real browser (issue 42): every Erfinderteam team's inventors drawn for a
spectator as the view carries them; an Einstein tile placed on a phone by taps alone, every
target at least 24 x 24 CSS px and none overlapping another, the cards' texts inside their
cards; "How to play" on every match page and replay; a long press that explains a piece and plays
nothing; the opponent's last move marked and animated, not animated under reduced motion;
sounds off until turned on, the choice kept; Eynsteyn's stones marked with who laid them and
the winner's line drawn at the end. Every page also fails its test on any console error or
CSP violation (conftest)."""

from __future__ import annotations

import warnings

import pytest

from playhall.core import title_ids
from playhall.core.wire import moves_as_any
from playhall.einstein.v1 import einstein_pb2 as ein
from playhall.eynsteyn.v1 import eynsteyn_pb2 as eyn
from playhall.inventors.v1 import inventors_pb2 as inv
from playhall.match.v1 import match_service_pb2 as pb
from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    eynsteyn_laid_by,
    seat_url,
    version_of,
    wait_js,
)
from tests.helpers import unpack

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
RANDOM_BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)

# The interactive elements of the board and the table's tools, as a tap sees them.
TARGETS = "#board [role=button], .table-tools a:not([hidden]), .table-tools button:not([hidden])"


def play_first_moves(lobby, created, until) -> None:
    """Plays the seat to move's first legal move through the API until `until(response)` (a
    GetMatch of seat 0) holds."""
    seats = {t.seat: lobby.as_seat(t.token) for t in created.tokens}
    match_id = created.match.match_id
    for _ in range(300):
        got = seats[0].get(match_id)
        if until(got):
            return
        mover = seats[got.match.status.to_move[0]]
        moving = mover.get(match_id)
        mover.submit(match_id, moves_as_any(moving.legal_moves)[0], moving.match.version)
    raise AssertionError("the match never got there")


def target_problems(page) -> list[str]:
    """Every tap target smaller than 24 x 24 CSS px, and every two whose boxes overlap."""
    return page.evaluate(
        """(selector) => {
          const boxes = [...document.querySelectorAll(selector)]
            .map((n) => [n, n.getBoundingClientRect()])
            .filter(([, b]) => b.width > 0 && b.height > 0);
          const name = (n) => n.getAttribute('aria-label') || n.textContent.trim();
          const problems = [];
          for (const [n, b] of boxes) {
            if (b.width < 24 || b.height < 24) {
              problems.push(`small ${b.width.toFixed(1)}x${b.height.toFixed(1)}: ${name(n)}`);
            }
          }
          for (let i = 0; i < boxes.length; i++) {
            for (let j = i + 1; j < boxes.length; j++) {
              const [a, p] = boxes[i];
              const [c, q] = boxes[j];
              const across = Math.min(p.right, q.right) - Math.max(p.left, q.left);
              const down = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
              if (across > 0.5 && down > 0.5) problems.push(`overlap: ${name(a)} / ${name(c)}`);
            }
          }
          return problems;
        }""",
        TARGETS,
    )


def test_erfinderteam_shows_every_teams_inventors_to_a_spectator(stack, lobby, pages):
    created = lobby.create("inventors", [HUMAN, HUMAN, HUMAN], seed=b"every team visible")

    # Moves until an inventor was sent to work: it is tired now, for everyone to see.
    def one_tired(got) -> bool:
        return any(not a for s in unpack(got.view, inv.View, "view").seats for a in s.active)

    play_first_moves(lobby, created, one_tired)
    view = unpack(lobby.get(created.match.match_id).view, inv.View, "view")
    page = pages.open(DESKTOP)
    page.goto(f"{stack.portal_url}match.html?id={created.match.match_id}")
    page.wait_for_selector("svg.board [data-team-seat]")
    drawn = page.eval_on_selector_all(
        ".inventor",
        """nodes => nodes.map(n => [Number(n.dataset.seat), Number(n.dataset.inventor),
             n.classList.contains('tired'), n.querySelector('title').textContent])""",
    )
    # A knowledge row reads "Phys 2": its number, without the marks isolating an argument.
    knowledge = page.eval_on_selector_all(
        ".knowledge",
        """nodes => nodes.map(n => [Number(n.dataset.seat), n.dataset.knowledge,
             Number(n.querySelector('text').textContent.replace(/[\u2068\u2069]/g, '')
               .split(' ')[1])])""",
    )
    assert sorted((seat, i) for seat, i, _, _ in drawn) == [
        (seat, i) for seat in range(3) for i in range(4)
    ]
    for seat, i, tired, about in drawn:
        assert tired == (not view.seats[seat].active[i]), (seat, i)
        assert "'s inventor " in about and "goal worth" in about, about
    assert any(tired for _, _, tired, _ in drawn), "the inventor sent to work is tired"
    # Every discipline's knowledge as the view says, for every team.
    assert len(knowledge) == 3 * 16
    for seat, where, value in knowledge:
        inventor, discipline = map(int, where.split("/"))
        assert value == view.seats[seat].knowledge[inventor * 4 + discipline], (seat, where)
    # A spectator moves nothing: none of them is a control.
    assert page.locator(".inventor.control, .knowledge.control").count() == 0


CHOSEN = ".stock.selected, .edge.legal, [data-ghost]"
PAGE_STATE = """() => ({body: {...document.body.dataset}, drawn: document.getElementById('board')
  .dataset.drawn, hint: document.getElementById('hint')?.hidden, chosen: document
  .querySelectorAll('.stock.selected').length})"""


def tap_until_chosen(page, target: str) -> None:
    """Taps `target`, and once more if nothing was chosen: in a loaded full run a tap was lost
    now and then (unexplained; never alone or beside CPU hogs). The lost tap is reported as a
    warning with the page's state, for whoever finds its cause."""
    timeout = pytest.importorskip("playwright.sync_api").TimeoutError
    page.locator(target).first.tap()
    try:
        page.wait_for_selector(CHOSEN, timeout=10_000)
    except timeout:
        warnings.warn(f"a tap on {target} chose nothing: {page.evaluate(PAGE_STATE)}", stacklevel=2)
        page.locator(target).first.tap()


def einstein_with_tiles(lobby, tiles: int):
    """An Einstein match of two people with at least `tiles` tiles down and seat 0 to place."""
    created = lobby.create("einstein", [HUMAN, HUMAN], seed=b"a crowded big idea")

    def ready(got) -> bool:
        view = unpack(got.view, ein.View, "view")
        return len(view.tiles) >= tiles and list(got.match.status.to_move) == [0]

    play_first_moves(lobby, created, ready)
    return created


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_einstein_is_placed_by_taps_alone_with_targets_apart(stack, lobby, pages, size):
    created = einstein_with_tiles(lobby, 12)
    token = next(t for t in created.tokens if t.seat == 0)
    phone = size == "phone"
    page = pages.open(PHONE if phone else DESKTOP, has_touch=True, is_mobile=phone)
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    wait_js(page, "document.body.dataset.myTurn === 'true'", timeout_s=20)
    page.wait_for_selector(".stock.legal")
    assert not target_problems(page)
    before = version_of(page)
    tap_until_chosen(page, ".stock.legal")
    page.wait_for_selector(".edge.legal, [data-ghost]")
    if page.locator("[data-ghost]").count() == 0:
        # Step 2: every edge target in view is a disc of at least 24 px, none on another; a
        # crowded Big Idea is zoomed, and panned by taps.
        assert not target_problems(page)
        zoomed = page.locator("[data-zoomed='true']").count() == 1
        # This Big Idea's edges lie too close together for a phone: it is zoomed there.
        assert zoomed or not phone
        if zoomed:
            page.locator(".pan-button").first.tap()
            assert not target_problems(page)
            page.locator(".stock.selected").tap()  # chosen again: back at its first edge
        page.locator(".edge.legal").first.tap()
    page.wait_for_selector("[data-ghost]")
    assert not target_problems(page)
    if page.locator(".turn-button").count():
        page.locator(".turn-button").tap()
        assert not target_problems(page)
    page.locator("[data-ghost]").tap()
    wait_js(page, f"Number(document.body.dataset.version) > {before}", timeout_s=20)
    view = unpack(lobby.get(created.match.match_id).view, ein.View, "view")
    assert len(view.tiles) >= 13
    # The cards' names and requirements never run out of their cards.
    outside = page.eval_on_selector_all(
        "#board .card:not(.completed)",
        """cards => cards.flatMap(c => {
             const o = c.querySelector('rect').getBoundingClientRect();
             return [...c.querySelectorAll('text')]
               .map(t => [t.textContent, t.getBoundingClientRect()])
               .filter(([, b]) => b.left < o.left - 0.5 || b.right > o.right + 0.5)
               .map(([words]) => words);
           })""",
    )
    assert page.locator("#board .card").count() >= 3 and not outside, outside


@pytest.mark.parametrize("title", title_ids())
def test_every_match_page_links_how_to_play(stack, lobby, pages, title):
    created = lobby.create(title, [HUMAN, RANDOM_BOT])
    token = created.tokens[0]
    page = pages.open(PHONE)
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    page.wait_for_selector("#howto:not([hidden])")
    link = page.locator("#howto")
    assert link.get_attribute("href") == f"/howto/{title}.html"
    assert link.inner_text() == "How to play"
    assert page.request.get(f"{stack.portal_url}howto/{title}.html").ok
    # Every control on the board explains itself on hover, in the title's terms.
    untitled = page.eval_on_selector_all(
        "#board .control", "nodes => nodes.filter(n => !n.querySelector(':scope > title')).length"
    )
    assert page.locator("#board .control").count() and untitled == 0
    # The replay links the rules too.
    page.goto(f"{stack.portal_url}replay.html?id={created.match.match_id}")
    page.wait_for_selector("#howto:not([hidden])")
    assert page.locator("#howto").get_attribute("href") == f"/howto/{title}.html"


def test_a_long_press_explains_a_piece_and_plays_nothing(stack, lobby, pages):
    created = lobby.create("galileo", [HUMAN, HUMAN])
    token = created.tokens[0]
    page = pages.open(PHONE, has_touch=True, is_mobile=True)
    page.goto(seat_url(stack.portal_url, created.match.match_id, token.token, token.seat))
    page.wait_for_selector("[data-scientist].legal")
    before = version_of(page)
    card = page.locator("[data-scientist]").first
    box = card.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    client = page.context.new_cdp_session(page)
    touch = {"x": x, "y": y, "id": 1}
    client.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [touch]})
    page.wait_for_selector("#hint:not([hidden])", timeout=3000)
    client.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    about = card.locator(":scope > title").text_content()
    assert page.locator("#hint").inner_text() == about
    assert "scientist" in about and "strongest" in about
    page.wait_for_timeout(500)
    assert version_of(page) == before, "a long press played the card"


def opponent_moves(lobby, created) -> None:
    """Seat 1 (or whoever is to move, not seat 0) makes its first legal move through the API."""
    seats = {t.seat: lobby.as_seat(t.token) for t in created.tokens}
    got = seats[0].get(created.match.match_id, omit_legal_moves=True)
    mover = got.match.status.to_move[0]
    assert mover != 0
    moving = seats[mover].get(created.match.match_id)
    seats[mover].submit(
        created.match.match_id, moves_as_any(moving.legal_moves)[0], moving.match.version
    )


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_opponents_last_move_is_marked_and_animated_unless_motion_is_reduced(
    stack, lobby, pages, motion
):
    created = einstein_with_tiles(lobby, 2)
    # Seat 0 places its two tiles; the watcher is seat 1, who sees them arrive.
    watcher = next(t for t in created.tokens if t.seat == 1)
    page = pages.open(DESKTOP, reduced_motion=motion)
    page.goto(seat_url(stack.portal_url, created.match.match_id, watcher.token, watcher.seat))
    page.wait_for_selector("svg.board path.tile")
    seats = {t.seat: lobby.as_seat(t.token) for t in created.tokens}
    moving = seats[0].get(created.match.match_id)
    seats[0].submit(
        created.match.match_id, moves_as_any(moving.legal_moves)[0], moving.match.version
    )
    wait_js(page, "document.querySelector('#board.fresh path.tile.last-move')", timeout_s=20)
    animation = page.evaluate(
        "getComputedStyle(document.querySelector('#board.fresh path.tile.last-move')).animationName"
    )
    assert animation == ("none" if motion == "reduce" else "last-move-flash")
    assert page.locator("#last").inner_text().startswith("Last move: ")
    # The flash is short: a later redraw does not replay it.
    wait_js(page, "!document.querySelector('#board.fresh')", timeout_s=5)


def test_sounds_are_off_until_turned_on_and_the_choice_is_kept(stack, lobby, pages):
    created = lobby.create("eynsteyn", [HUMAN, HUMAN], seed=b"sounds")
    first = lobby.get(created.match.match_id).match.status.to_move[0]
    watcher = next(t for t in created.tokens if t.seat != first)
    page = pages.open(DESKTOP)
    url = seat_url(stack.portal_url, created.match.match_id, watcher.token, watcher.seat)
    page.goto(url)
    page.wait_for_selector("#sounds:not([hidden])")
    toggle = page.locator("#sounds")
    assert toggle.get_attribute("aria-pressed") == "false"
    assert toggle.inner_text() == "Sounds off"

    def move_by_the_mover() -> None:
        seats = {t.seat: lobby.as_seat(t.token) for t in created.tokens}
        got = seats[watcher.seat].get(created.match.match_id, omit_legal_moves=True)
        mover = seats[got.match.status.to_move[0]]
        moving = mover.get(created.match.match_id)
        before = version_of(page)
        mover.submit(
            created.match.match_id, moves_as_any(moving.legal_moves)[0], moving.match.version
        )
        wait_js(page, f"Number(document.body.dataset.version) > {before}", timeout_s=20)

    move_by_the_mover()
    assert page.evaluate("document.body.dataset.beeps") is None, "a sound while they are off"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    move_by_the_mover()
    wait_js(page, "Number(document.body.dataset.beeps) >= 1")
    # Kept for the next page.
    page.reload()
    page.wait_for_selector("#sounds[aria-pressed='true']")
    assert page.locator("#sounds").inner_text() == "Sounds on"


def test_eynsteyn_marks_who_laid_each_stone(stack, lobby, pages):
    created = lobby.create("eynsteyn", [HUMAN, HUMAN], seed=b"who laid it")

    def placing(got) -> bool:
        return eyn.Phase.Name(unpack(got.view, eyn.View, "view").phase) == "PHASE_PLACE"

    play_first_moves(lobby, created, placing)
    page = pages.open(DESKTOP)
    page.goto(f"{stack.portal_url}match.html?id={created.match.match_id}")
    laid = eynsteyn_laid_by(lobby, page, created.match.match_id)
    assert len(set(laid.values())) == 2  # both seats laid preparation stones
    drawn = page.eval_on_selector_all(
        ".square",
        """squares => squares.filter(s => s.querySelector('.laid-by')).map(s => [
             s.dataset.cell, Number(s.querySelector('.laid-by').dataset.seat),
             s.getAttribute('aria-label')])""",
    )
    assert {cell: seat for cell, seat, _ in drawn} == laid
    assert all(" laid by " in label for _, _, label in drawn)


def test_eynsteyn_draws_the_winners_line_at_the_end(stack, pages):
    """The board module itself, given a finished game's view: a line down column 0 that turns
    by two curves into column 1, beside a dead end, for the North-South seat."""
    page = pages.open(DESKTOP)
    page.goto(f"{stack.portal_url}match.html")
    drawn = page.evaluate(
        """async () => {
          const title = await import('/js/titles/eynsteyn.js');
          await title.setup();
          const n = 10;
          const stones = new Map();
          for (let r = 0; r < 5; r++) stones.set(r * n, ['STONE_KIND_STRAIGHT', 0]);
          stones.set(5 * n, ['STONE_KIND_CURVE', 0]);           // N to E
          stones.set(5 * n + 1, ['STONE_KIND_CURVE', 2]);       // W to S
          for (let r = 6; r < n; r++) stones.set(r * n + 1, ['STONE_KIND_STRAIGHT', 0]);
          stones.set(3 * n + 1, ['STONE_KIND_STRAIGHT', 1]);    // a dead end beside it
          const board = { heights: [], kinds: [], rotations: [], markers: [] };
          for (let i = 0; i < n * n; i++) {
            const s = stones.get(i);
            board.heights.push(s ? 1 : 0);
            if (s) { board.kinds.push(s[0]); board.rotations.push(s[1]); }
          }
          const view = {
            boardSize: n, board, phase: 'PHASE_OVER', winner: 1, current: 0,
            seats: [{ edges: 'EDGE_PAIR_WEST_EAST' }, { edges: 'EDGE_PAIR_NORTH_SOUTH' }],
            stacks: [],
          };
          const svg = title.board({
            view, seat: null, summary: { version: '1' }, names: (n) => `Seat ${n + 1}`,
            legal: [], play: () => {}, key: () => '', width: 960, last: [], history: [],
          });
          return {
            path: [...svg.querySelectorAll('.win-path')].map((r) => r.dataset.cell),
            winner: svg.querySelector('.win-line')?.dataset.winner,
          };
        }"""
    )
    assert drawn["winner"] == "1"
    assert drawn["path"] == [f"{r},0" for r in range(6)] + [f"{r},1" for r in range(5, 10)]
