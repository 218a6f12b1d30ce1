"""The portal's pages in the reader's language (issue 41): the lobby, a profile, the
leaderboard, the notification settings and the friends page, drawn by their modules from the
catalogue, in German for a `de-DE` browser and in Persian for a `fa` one: German and Persian
words from the catalogues (a game's name from its title's catalogue), Persian digits in counts
and figures, a Latin name in its own direction on a Persian page, and no message key shown
anywhere (in the text or in an attribute a person reads)."""

from __future__ import annotations

import json
import re

import pytest

from playhall.core import i18n, title_ids
from tests.browser.conftest import wait_js

PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
WORD_WITH_HYPHENS = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
LOBBY_READY = "#title-galileo .play-now h4"
PAGES = ("profile.html", "leaderboard.html?title=galileo", "notifications.html", "friends.html")
"""The pages after the lobby whose keys are looked for (each says body[data-loaded])."""


@pytest.fixture(scope="module")
def keys() -> set[str]:
    """Every message key of the platform's and the titles' catalogues, in English."""
    found = i18n.platform().keys("en")
    for title in title_ids():
        folder = i18n.PLATFORM_FOLDER.parent / "games" / title / "locales" / "1"
        found |= i18n.Catalogue(folder).keys("en")
    return found


def sign_in(page, portal: str, name: str) -> dict:
    """Signs `name` in as a guest from the lobby's bar, once the page's catalogue is in."""
    page.goto(portal)
    wait_js(page, "document.documentElement.dataset.l10nReady")
    page.locator("#guest-name").fill(name)
    page.locator("#sign-in button[type=submit]").click()
    page.wait_for_selector("body[data-signed-in=true] #player-name")
    return json.loads(page.evaluate("localStorage.getItem('playhall.player')"))


def open_page(page, url: str, ready: str = "body[data-loaded=true]") -> None:
    page.goto(url)
    wait_js(page, "document.documentElement.dataset.l10nReady")
    page.wait_for_selector(ready)


def text(page, selector: str) -> str:
    return page.locator(selector).first.inner_text().strip()


def shown_keys(page, keys: set[str]) -> set[str]:
    """The message keys a person would read on the page: in its visible text, or in an
    attribute read out or shown (a label, a tooltip, a placeholder)."""
    words = page.evaluate(
        """(names) => [document.body.innerText, ...[...document.querySelectorAll('*')]
             .flatMap((e) => names.map((n) => e.getAttribute(n) || ''))]""",
        list(READ_ATTRIBUTES),
    )
    return {word for chunk in words for word in WORD_WITH_HYPHENS.findall(chunk)} & keys


def has_persian_digits(value: str) -> bool:
    return bool(value) and all(c in PERSIAN_DIGITS + "٫٬" for c in value)


def keys_on_every_page(page, portal: str, keys: set[str]) -> dict[str, set[str]]:
    """Opens the lobby and PAGES in turn (the player signed in); the keys each shows, by page
    (only the pages that show any)."""
    open_page(page, portal, LOBBY_READY)
    shown = {"lobby": shown_keys(page, keys)}
    for path in PAGES:
        open_page(page, portal + path)
        shown[path] = shown_keys(page, keys)
    return {path: found for path, found in shown.items() if found}


def test_the_pages_speak_german_from_the_catalogue(stack, pages, keys):
    portal = stack.portal_url
    page = pages.open(locale="de-DE")
    sign_in(page, portal, "Gretel")

    open_page(page, portal, LOBBY_READY)
    card = "#title-galileo"
    assert text(page, f"{card} .play-now h4") == "Sofort spielen"
    assert text(page, f"{card} .set-up h4") == "Einen Tisch aufstellen"
    assert text(page, f"{card} button[type=submit]") == "Tisch aufstellen"
    assert "2 bis 5 Spieler" in text(page, f"{card} .game-head .muted")
    assert text(page, f"{card} .game-head a") == "Spielanleitung"
    assert page.locator(f"{card} .game-head a").get_attribute("href") == "/howto/de/galileo.html"
    assert text(page, f"{card} legend") == "Tempo"
    hard = page.locator(f"{card} select[name=seat-1] option[value=BOT_LEVEL_HARD]")
    assert hard.inner_text() == "Bot: schwer"

    open_page(page, portal + "profile.html")
    assert text(page, "#title") == "Profil von Gretel"
    assert text(page, "#reputation").startswith("Karma 75 · 0 Partien beendet, 0 abgebrochen")
    assert text(page, "#vacation-left").startswith("Du hast dieses Jahr noch ")
    assert text(page, "#ratings") == (
        "Noch keine gewertete Partie: beende eine Partie gegen einen Bot oder einen Menschen."
    )

    open_page(page, portal + "leaderboard.html?title=galileo")
    assert text(page, "#board-heading") == "Die besten Spieler von Galileo Galilei"
    assert text(page, "#board-page") == "Seite 1"
    assert text(page, "#board") == (
        "Noch keine feste Wertung: setze das Häkchen bei „mit vorläufigen Wertungen“."
    )

    open_page(page, portal + "notifications.html")
    your_turn = "#kinds tr[data-kind=NOTICE_KIND_YOUR_TURN]"
    assert text(page, f"{your_turn} th") == "Du bist dran\neine Partie wartet auf deinen Zug"
    box = page.locator(f"{your_turn} input[data-channel=NOTICE_CHANNEL_EMAIL]")
    assert box.get_attribute("aria-label") == "Du bist dran: E-Mail"
    assert page.locator("label:has(#remind-24)").inner_text().strip() == "24 Stunden vorher"
    assert page.locator("label:has(#remind-1)").inner_text().strip() == "1 Stunde vorher"

    open_page(page, portal + "friends.html")
    assert text(page, "#friends") == "niemand"
    assert text(page, "#blocked") == "niemand"

    assert keys_on_every_page(page, portal, keys) == {}


def test_the_pages_speak_persian_with_persian_digits(stack, pages, keys):
    portal = stack.portal_url
    page = pages.open(locale="fa")
    sign_in(page, portal, "Rumi")
    assert page.evaluate("document.documentElement.dir") == "rtl"

    open_page(page, portal, LOBBY_READY)
    card = "#title-galileo"
    # The game's name from Galileo's own catalogue, not the server's English display name.
    assert text(page, f"{card} h3") == "گالیله گالیله"
    assert text(page, f"{card} .play-now h4") == "بازی فوری"
    assert text(page, f"{card} .set-up h4") == "یک میز بچینید"
    assert "۲ تا ۵ بازیکن" in text(page, f"{card} .game-head .muted")
    assert page.locator(f"{card} select[name=players] option[value='3']").inner_text() == "۳ بازیکن"

    open_page(page, portal + "profile.html")
    assert text(page, "#title") == "نمایهٔ Rumi"
    # The Latin name keeps its own direction inside the Persian heading.
    assert page.locator("#title bdi[dir=auto]").inner_text() == "Rumi"
    karma = text(page, "#reputation .karma")
    assert has_persian_digits(karma) and karma == "۷۵", karma
    assert "۰ بازی تمام‌شده" in text(page, "#reputation")
    assert text(page, "#ratings").startswith("هنوز بازی رسمی‌ای نیست")

    open_page(page, portal + "leaderboard.html?title=galileo")
    assert text(page, "#board-heading") == "بهترین بازیکنان گالیله گالیله"
    assert text(page, "#board-page") == "صفحهٔ ۱"

    open_page(page, portal + "notifications.html")
    your_turn = "#kinds tr[data-kind=NOTICE_KIND_YOUR_TURN]"
    assert text(page, f"{your_turn} th") == "نوبت شماست\nبازی\u200cای منتظر حرکت شماست"
    assert page.locator("label:has(#remind-24)").inner_text().strip() == "۲۴ ساعت پیش از آن"

    open_page(page, portal + "friends.html")
    assert text(page, "#following") == "هیچ\u200cکس"

    assert keys_on_every_page(page, portal, keys) == {}
