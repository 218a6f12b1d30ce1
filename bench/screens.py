"""`make screens`: screenshots of the portal in headless system Chromium, at a desktop and a
phone width, under the portal's own Content-Security-Policy: the lobby, and for every registered
title its match page a few moves into a match against a random bot (`<title>-mid-<width>.png`),
the page of a finished bot match with its score breakdown (`<title>-end-<width>.png`) and that
match's replay (`<title>-replay-<width>.png`), in `bench/results/screens/`; then, at the
desktop width, the lobby and every title's match page in German and in Persian (right to left),
the browser's language chosen as a person's would be (`lobby-de.png`, `<title>-mid-fa.png`). A
page's console error stops it."""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

import grpc
from playwright.sync_api import sync_playwright

from bench.common import RESULTS, say
from dev.devstack import Stack
from playhall.core import title_ids
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient

WIDTHS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
LANGUAGES = ("de", "fa")
"""The languages besides English whose pages are shot (the browser's language, as a reader's)."""
SEATS = [
    pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, display_name="Ada"),
    pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM),
]


def wait_js(page, expression: str, timeout_s: float = 20) -> None:
    """Waits for the page's `expression` (page.wait_for_function's eval is refused by the CSP)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(expression)
        page.wait_for_timeout(50)


def play_some(page, moves: int) -> None:
    """Clicks the first highlighted element on each of the seat's next `moves` turns."""
    for _ in range(moves):
        wait_js(
            page,
            "document.body.dataset.myTurn === 'true' && document.body.dataset.busy !== 'true'"
            " && document.querySelector('.control.legal')"
            " || document.body.dataset.phase === 'MATCH_PHASE_FINISHED'",
        )
        if page.evaluate("document.body.dataset.phase") == "MATCH_PHASE_FINISHED":
            return
        before = int(page.evaluate("document.body.dataset.version || '0'"))
        for _ in range(6):  # a move may take a few clicks (Einstein: piece, edge, ghost)
            page.locator(".control.legal").first.click()
            confirm = page.locator("#confirm-move[open] button[value=send]")
            if confirm.count():  # a final move (a Galileo pick): the page asks first
                confirm.click()
            page.wait_for_timeout(150)
            if int(page.evaluate("document.body.dataset.version || '0'")) > before:
                break
        wait_js(page, f"Number(document.body.dataset.version) > {before}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.screens", description=__doc__)
    parser.add_argument("--out", type=Path, default=RESULTS / "screens")
    parser.add_argument("--moves", type=int, default=5, help="seat moves before the shot")
    parser.add_argument("--only", nargs="*", help="only these pages (lobby, galileo-mid, ...)")
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium")
    if chromium is None:
        say("No system Chromium (Debian's `chromium`): no screenshots.")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with (
        Stack(gateway=True) as stack,
        grpc.insecure_channel(stack.orchestrator.address) as channel,
        sync_playwright() as playwright,
    ):
        lobby = MatchClient(channel)
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        pages = {"lobby": stack.portal_url}
        finished = {}
        for title in title_ids():
            created = lobby.create(title, SEATS)
            token = created.tokens[0]
            url = f"{stack.portal_url}match.html?id={created.match.match_id}"
            pages[f"{title}-mid"] = f"{url}#token={token.token}&seat={token.seat}"
            finished[title] = lobby.create(title, [SEATS[1], SEATS[1]]).match.match_id
        for title, match_id in finished.items():
            lobby.wait_finished(match_id, timeout_s=300)
            pages[f"{title}-end"] = f"{stack.portal_url}match.html?id={match_id}"
            pages[f"{title}-replay"] = f"{stack.portal_url}replay.html?id={match_id}"
        errors: list[str] = []
        shots = [(name, url, width, "en") for name, url in pages.items() for width in WIDTHS]
        # In other languages, the pages a player reads most: the lobby and a match of each title
        # (its moves played by the English shot before).
        shots += [
            (name, url, "desktop", language)
            for language in LANGUAGES
            for name, url in pages.items()
            if name == "lobby" or name.endswith("-mid")
        ]
        for name, url, width, language in shots:
            if args.only and name not in args.only:
                continue
            context = browser.new_context(viewport=WIDTHS[width], locale=language)
            page = context.new_page()
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            if name.endswith("replay"):
                wait_js(page, "document.body.dataset.seed === 'verified'")
                page.locator("#prev").click()
            elif name != "lobby":
                page.wait_for_selector("svg.board")
                if name.endswith("mid") and width == "desktop" and language == "en":
                    play_some(page, args.moves)
                page.wait_for_timeout(300)
            else:
                page.wait_for_selector("form.new-match")
                # The lobby's lists arrive after its form: drawn once the catalogue has put
                # the page's own words in.
                page.wait_for_timeout(300)
            shot = f"{name}-{width}" if language == "en" else f"{name}-{language}"
            path = args.out / f"{shot}.png"
            page.screenshot(path=str(path), full_page=True)
            say(f"wrote {path}")
            context.close()
            if errors:
                say(f"console errors on {url}: {errors}")
                return 1
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
