"""Fixtures of the browser tests: the whole stack with its gateway (bots play), and headless
Chromium from the system (Debian's `chromium`) driven by Playwright, never a downloaded
browser. Without either, every browser test skips and says why. Every page runs under the
portal's own Content-Security-Policy, and a test fails on any console error, CSP violation or
uncaught script error of any of its pages. Everything else is module-scoped:
sync Playwright keeps an event loop running in this thread while it is started, which the
other suites' `asyncio.run` could not run beside, so it stops with the module."""

from __future__ import annotations

import shutil

import grpc
import pytest

from dev.devstack import Stack
from playhall.core import title_ids
from playhall.core.wire import moves_as_any
from playhall.eynsteyn.v1 import eynsteyn_pb2 as eyn
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient
from tests.helpers import unpack, wait_until

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def launch(playwright):
    """Headless system Chromium (as root it needs --no-sandbox)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


def wait_js(page, expression: str, timeout_s: float = 10) -> object:
    """Waits until the page's `expression` is truthy. Not `page.wait_for_function`: it compiles
    its predicate with eval, which the portal's Content-Security-Policy refuses; an evaluation
    through the DevTools protocol is no page script."""
    return wait_until(lambda: page.evaluate(expression), timeout_s, expression, interval=0.05)


def seat_url(portal: str, match_id: str, token: str, seat: int) -> str:
    return f"{portal}match.html?id={match_id}#token={token}&seat={seat}"


def eynsteyn_laid_by(lobby, page, match_id: str) -> dict[str, int]:
    """Who laid the stone on each square so far ("row,column": seat), from the match's history,
    once the page's board marks every one of them: the page reads the log as a stream, so its
    first mark comes before its last."""
    laid = {}
    for change in lobby.history(match_id).changes:
        for packed in change.events:
            event = unpack(packed, eyn.Event, "event")
            if event.HasField("stone_placed"):
                cell = event.stone_placed.cell
                laid[f"{cell.row},{cell.column}"] = event.stone_placed.seat
    wait_js(page, f"document.querySelectorAll('#board .laid-by').length === {len(laid)}")
    return laid


def version_of(page) -> int:
    return int(page.evaluate("document.body.dataset.version || '0'"))


def send_if_asked(page, keyboard: bool = False) -> None:
    """Sends the move the page asks to confirm, if it asks (a move that can never be taken
    back: js/undo.js), by its Send button or, with `keyboard`, by Enter on it."""
    dialog = page.locator("#confirm-move[open]")
    if not dialog.count():
        return
    if keyboard:
        assert page.evaluate("document.activeElement.value") == "send"
        page.keyboard.press("Enter")
    else:
        dialog.locator("button[value=send]").click()


def click_a_move(page, before: int, controls: str = ".control.legal") -> None:
    """Clicks the first highlighted control until the page sends a move (one may take a few
    clicks: an Inventors invention then an inventor, an Einstein piece, edge and ghost), then
    waits for the match past version `before`. Each click's move is waited for to its answer
    (`busy`), not for a fixed time: on a busy machine the answer came after the next click,
    which then waited for a control that a committed Galileo pick had taken away."""
    for _ in range(6):
        page.locator(controls).first.click()
        send_if_asked(page)
        answered = (
            f"document.body.dataset.busy !== 'true' && (Number(document.body.dataset.version) >"
            f" {before} || document.querySelector('{controls}'))"
        )
        wait_js(page, answered, timeout_s=20)
        if version_of(page) > before:
            break
    wait_js(page, f"Number(document.body.dataset.version) > {before}")


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture(scope="module")
def playwright():
    if CHROMIUM is None:
        pytest.skip("no system Chromium: install Debian's `chromium` (.ci/run does as root)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")
    with sync_api.sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright):
    browser = launch(playwright)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def stack():
    """Redis, every title's rules service, the orchestrator, a bot worker and the gateway."""
    with Stack(testing=True, gateway=True, extra_env={"PLAYHALL_SWEEP_INTERVAL_S": "0.1"}) as s:
        yield s


@pytest.fixture(scope="module")
def lobby(stack):
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        yield MatchClient(channel, timeout_s=10)


@pytest.fixture(scope="module")
def finished(request, lobby) -> dict[str, str]:
    """A finished match of every title, by title: two people play the module's
    `FINISHING_MOVES` (60 unless it says) moves, each their first legal move, through the API,
    then the second resigns if the game is not over by then."""
    moves = getattr(request.module, "FINISHING_MOVES", 60)
    human = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
    matches = {}
    for title in title_ids():
        created = lobby.create(title, [human, human])
        match_id = created.match.match_id
        seats = [lobby.as_seat(t.token) for t in created.tokens]
        for _ in range(moves):
            got = seats[0].get(match_id, omit_legal_moves=True)
            if got.match.phase == pb.MATCH_PHASE_FINISHED:
                break
            mover = seats[got.match.status.to_move[0]]
            moving = mover.get(match_id)
            mover.submit(match_id, moves_as_any(moving.legal_moves)[0], moving.match.version)
        if seats[1].get(match_id).match.phase != pb.MATCH_PHASE_FINISHED:
            seats[1].resign(match_id)
        matches[title] = match_id
    return matches


class Pages:
    """Opens pages in contexts of their own, each watched for console errors (a CSP violation
    is one), uncaught script errors and CSP violation events; `check` fails on any."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts: list = []
        self.errors: list[str] = []
        self.allowed: tuple[str, ...] = ()
        """Console texts a test causes on purpose (a refused connection while it is down)."""
        self.server_errors: list[str] = []
        """The answers of status 5xx, by URL: what a console's "Failed to load resource"
        leaves out."""

    def open(self, viewport: dict = DESKTOP, **options):
        context = self.browser.new_context(viewport=viewport, **options)
        self.contexts.append(context)
        # The event catches what a console message might not say: the directive refused.
        context.add_init_script(
            "document.addEventListener('securitypolicyviolation', (e) => console.error("
            "`CSP violation: ${e.violatedDirective} ${e.blockedURI}`))"
        )
        return self.watch(context.new_page())

    def reopen(self, context):
        """Another page in `context` (the same browser: its sign-in kept), watched as the
        first was."""
        return self.watch(context.new_page())

    def watch(self, page):
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on(
            "response",
            lambda answer: (
                answer.status >= 500 and self.server_errors.append(f"{answer.status} {answer.url}")
            ),
        )
        page.on(
            "console",
            lambda message: (
                message.type == "error"
                and not any(allowed in message.text for allowed in self.allowed)
                and self.errors.append(f"{page.url}: {message.text}")
            ),
        )
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.contexts.clear()

    def check(self) -> None:
        errors, self.errors = self.errors, []
        answers, self.server_errors = self.server_errors, []
        assert not errors, f"errors on the pages: {errors}; answers of status 5xx: {answers}"


@pytest.fixture
def pages(browser):
    opened = Pages(browser)
    yield opened
    opened.close()
    opened.check()


@pytest.fixture
def page(pages):
    return pages.open()
