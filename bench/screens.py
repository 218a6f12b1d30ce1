"""`make screens`: screenshots of the portal in headless system Chromium, at a desktop and a
phone width: the lobby, and every registered title's match page a few moves into a match
against a random bot, and a finished Galileo match's replay
(`bench/results/screens/<page>-<width>.png`)."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import grpc
from playwright.sync_api import sync_playwright

from bench.common import RESULTS, say
from playhall.client import MatchClient
from playhall.core import title_ids
from playhall.devstack import Stack
from playhall.match.v1 import match_service_pb2 as pb

WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
SEATS = [
    pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, display_name="Ada"),
    pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM),
]


def play_some(page, moves: int) -> None:
    """Clicks the first highlighted element on each of the seat's next `moves` turns."""
    for _ in range(moves):
        page.wait_for_function(
            "document.body.dataset.myTurn === 'true' && document.body.dataset.busy !== 'true'"
            " && document.querySelector('.control.legal')"
            " || document.body.dataset.phase === 'MATCH_PHASE_FINISHED'",
            timeout=20_000,
        )
        if page.evaluate("document.body.dataset.phase") == "MATCH_PHASE_FINISHED":
            return
        before = int(page.evaluate("document.body.dataset.version || '0'"))
        for _ in range(6):  # a move may take a few clicks (Einstein: piece, edge, ghost)
            page.locator(".control.legal").first.click()
            page.wait_for_timeout(150)
            if int(page.evaluate("document.body.dataset.version || '0'")) > before:
                break
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.screens", description=__doc__)
    parser.add_argument("--out", type=Path, default=RESULTS / "screens")
    parser.add_argument("--moves", type=int, default=5, help="seat moves before the shot")
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
        for title in title_ids():
            created = lobby.create(title, SEATS)
            token = created.tokens[0]
            url = f"{stack.portal_url}match.html?id={created.match.match_id}"
            pages[title] = f"{url}#token={token.token}&seat={token.seat}"
        bots = [SEATS[1], SEATS[1]]
        finished = lobby.create("galileo", bots).match.match_id
        lobby.wait_finished(finished, timeout_s=120)
        pages["galileo-replay"] = f"{stack.portal_url}replay.html?id={finished}"
        for name, url in pages.items():
            for width, viewport in WIDTHS.items():
                context = browser.new_context(viewport=viewport, bypass_csp=True)
                page = context.new_page()
                page.goto(url)
                if name.endswith("replay"):
                    page.wait_for_function("document.body.dataset.seed === 'verified'")
                elif name != "lobby":
                    page.wait_for_selector("svg.board")
                    if width == "desktop":
                        play_some(page, args.moves)
                    page.wait_for_timeout(300)
                else:
                    page.wait_for_selector("form.new-match")
                path = args.out / f"{name}-{width}.png"
                page.screenshot(path=str(path), full_page=True)
                say(f"wrote {path}")
                context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
