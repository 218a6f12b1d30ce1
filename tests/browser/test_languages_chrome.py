"""The portal's language in headless Chromium (issue 41): the browser's languages choose the
page's (German headings for `de-DE`; `<html lang="fa" dir="rtl">` and a mirrored header for
`fa`), the header's picker switches it and the choice outlives a reload, the signed-in
player's choice is saved with their notification settings, every Connect call names the
language (Accept-Language), and axe-core finds nothing serious in German or Persian."""

from __future__ import annotations

import json

import pytest
from fluent.syntax import ast, parse

from playhall.core import i18n
from playhall.match.v1 import match_service_pb2 as pb
from playhall.players.v1 import player_service_pb2
from tests.browser.conftest import serious_violations, wait_js
from tests.helpers import wait_until

PLAYERS = "/playhall.players.v1.PlayerService/"
PAGES = (
    "index.html",
    "leaderboard.html",
    "tournaments.html",
    "friends.html",
    "turns.html",
    "profile.html",
    "notifications.html",
    "moderation.html",
    "signin.html",
    "confirm-email.html",
    "match.html?id={match}",
)
REWRITTEN = ("title", "connection", "fairness", "signin-status", "status", "board-heading")
"""Elements whose text the page's own script replaces once it knows more (the match's name,
the connection's state, how a sign-in went, the leaderboard's title): the catalogue's is only
their first. By id, or by
tag where there is none: the document's <title> (the match's name, the count of notices)."""


def open_lobby(pages, stack, locale: str):
    page = pages.open(locale=locale)
    page.goto(stack.portal_url)
    wait_js(page, "document.documentElement.dataset.l10nReady")
    # The account corner renders after the catalogue: its links are there once it has.
    page.wait_for_selector("#account a[href='/leaderboard.html']")
    return page


def text_of(page, selector: str) -> str:
    return page.locator(selector).inner_text().strip()


def language_of(page, selector: str = "html") -> tuple[str, str]:
    """The `lang` and `dir` of the element `selector` finds (the page's, by default)."""
    lang, direction = page.locator(selector).evaluate("element => [element.lang, element.dir]")
    return lang, direction


def test_the_lobby_speaks_german_to_a_german_browser(stack, pages):
    page = open_lobby(pages, stack, "de-DE")
    assert language_of(page) == ("de", "ltr")
    assert text_of(page, "#open-tables-heading") == "Offene Tische: Herausforderungen an alle"
    assert text_of(page, "#titles-heading") == "Spiele"
    assert text_of(page, "#finished-heading") == "Beendet: nachspielen"
    assert text_of(page, "#account a[href='/leaderboard.html']") == "Bestenlisten"
    assert page.locator("#account").get_attribute("aria-label") == "Konto"
    # A Fluent attribute becomes the element's: the guest name field's placeholder and label.
    field = page.locator("#guest-name")
    assert field.get_attribute("placeholder") == "dein Name"
    assert field.get_attribute("aria-label") == "Dein Name als Gast"
    assert serious_violations(page) == []


@pytest.mark.parametrize("name", PAGES, ids=lambda name: name.split(".")[0])
def test_every_pages_static_text_comes_from_the_catalogue(stack, lobby, pages, name):
    if "{match}" in name:
        human = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
        name = name.format(match=lobby.create("galileo", [human, human]).match.match_id)
    page = pages.open(locale="de-DE")
    page.goto(stack.portal_url + name)
    wait_js(page, "document.documentElement.dataset.l10nReady === 'de'")
    shown = page.evaluate(
        """[...document.querySelectorAll('[data-l10n-id]')].map(e => [e.id || e.localName,
             e.dataset.l10nId, e.textContent, e.getAttribute('aria-label'),
             e.getAttribute('title')])"""
    )
    assert len(shown) > 3, shown
    german = messages("de")
    for element_id, key, text, label, title in shown:
        assert key in german, key
        value, attributes = german[key]
        if value is not None and "<" not in value and element_id not in REWRITTEN:
            assert " ".join(text.split()) == " ".join(value.split()), (key, text)
        for attribute, got in (("aria-label", label), ("title", title)):
            if attribute in attributes:
                assert got == attributes[attribute], (key, attribute, got)


def messages(language: str) -> dict[str, tuple[str | None, dict[str, str]]]:
    """The platform's plain messages in `language`: each key's value and attributes as text
    (None for a message of attributes alone, or one with arguments)."""

    def text(pattern) -> str | None:
        if pattern is None or not all(isinstance(e, ast.TextElement) for e in pattern.elements):
            return None
        return "".join(element.value for element in pattern.elements)

    found = {}
    for entry in parse(i18n.platform().source(language)).body:
        if isinstance(entry, ast.Message):
            attributes = {a.id.name: text(a.value) for a in entry.attributes}
            found[entry.id.name] = (text(entry.value), attributes)
    return found


def test_the_lobby_is_right_to_left_in_persian(stack, pages):
    page = open_lobby(pages, stack, "fa")
    assert language_of(page) == ("fa", "rtl")
    assert text_of(page, "#titles-heading") == "بازی\u200cها"
    assert text_of(page, "#account a[href='/leaderboard.html']") == "جدول\u200cهای رده\u200cبندی"
    # The header is mirrored: the brand at the right edge, the account corner at the left.
    width = page.viewport_size["width"]
    brand = page.locator(".bar .brand").bounding_box()
    account = page.locator("#account").bounding_box()
    assert brand["x"] > width / 2, brand
    assert account["x"] < brand["x"], (account, brand)
    assert serious_violations(page) == []


def test_a_page_in_english_keeps_the_header_on_the_left(stack, pages):
    page = open_lobby(pages, stack, "en-GB")
    assert language_of(page) == ("en", "ltr")
    brand = page.locator(".bar .brand").bounding_box()
    assert brand["x"] < page.viewport_size["width"] / 2, brand
    assert text_of(page, "#titles-heading") == "Games"


def test_the_picker_switches_to_german_and_the_choice_outlives_a_reload(stack, pages):
    page = open_lobby(pages, stack, "en-US")
    picker = page.locator("#language")
    assert picker.get_attribute("aria-label") == "Language"
    # Each language is named in itself, and marked as such.
    options = page.evaluate(
        "[...document.querySelectorAll('#language option')].map(o => [o.value, o.lang, o.text])"
    )
    assert options == [["en", "en", "English"], ["de", "de", "Deutsch"], ["fa", "fa", "فارسی"]]
    with page.expect_navigation():
        picker.select_option("de")
    wait_js(page, "document.documentElement.dataset.l10nReady === 'de'")
    page.wait_for_selector("#account a[href='/leaderboard.html']")
    assert text_of(page, "#titles-heading") == "Spiele"
    assert page.locator("#language").get_attribute("aria-label") == "Sprache"
    assert page.evaluate("localStorage.getItem('playhall.language')") == "de"
    page.reload()
    wait_js(page, "document.documentElement.dataset.l10nReady")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert text_of(page, "#open-heading") == "Offene Partien: nimm Platz"
    # Back to Persian from the picker: the page turns right to left.
    with page.expect_navigation():
        page.locator("#language").select_option("fa")
    wait_js(page, "document.documentElement.dataset.l10nReady === 'fa'")
    assert page.evaluate("document.documentElement.dir") == "rtl"


def test_every_call_names_the_pages_language(stack, pages):
    page = pages.open(locale="de-DE")
    languages = []
    page.on(
        "request",
        lambda request: (
            "/playhall." in request.url and languages.append(request.headers.get("accept-language"))
        ),
    )
    page.goto(stack.portal_url)
    wait_js(page, "document.documentElement.dataset.l10nReady")
    page.wait_for_selector("form[data-title=galileo]")
    wait_until(lambda: languages, 10, "a Connect call from the lobby")
    assert set(languages) == {"de"}, languages


@pytest.mark.skipif(
    "language" not in player_service_pb2.NotificationSettings.DESCRIPTOR.fields_by_name,
    reason="NotificationSettings has no language field yet (the notices change adds it)",
)
def test_a_signed_in_players_choice_is_saved_with_their_settings(stack, pages):
    page = open_lobby(pages, stack, "en-US")
    page.locator("#guest-name").fill("Lena Sprache")
    page.locator("#sign-in button[type=submit]").click()
    page.wait_for_selector("body[data-signed-in=true] #player-name")
    assert text_of(page, "#player-name") == "Lena Sprache"
    with page.expect_navigation():
        page.locator("#language").select_option("de")
    wait_js(page, "document.documentElement.dataset.l10nReady === 'de'")
    page.wait_for_selector("body[data-signed-in=true] #player-name")
    # The name keeps its own element (no invisible isolation marks in its text).
    assert text_of(page, "#player-name") == "Lena Sprache"
    assert "Angemeldet als" in text_of(page, "#account .who")
    token = json.loads(page.evaluate("localStorage.getItem('playhall.player')"))["token"]
    got = page.request.post(
        stack.portal_url.rstrip("/") + PLAYERS + "GetNotificationSettings",
        data="{}",
        headers={
            "content-type": "application/json",
            "connect-protocol-version": "1",
            "authorization": f"Bearer {token}",
        },
    )
    assert got.ok, got.text()
    assert got.json()["settings"].get("language") == "de"


def test_a_how_to_page_keeps_its_language_and_links_the_others(stack, pages):
    page = pages.open(locale="fa")
    page.goto(stack.portal_url + "howto/galileo.html")
    wait_js(page, "document.documentElement.dataset.l10nReady === 'fa'")
    # The rules stay English; the header, the portal's chrome, speaks the reader's language.
    assert language_of(page) == ("en", "")  # as its markup has it: left to right
    assert language_of(page, "header.bar") == ("fa", "rtl")
    page.wait_for_selector("#account a[href='/leaderboard.html']")
    assert text_of(page, "#account a[href='/leaderboard.html']") == "جدول\u200cهای رده\u200cبندی"
    links = page.evaluate(
        "[...document.querySelectorAll('nav.languages a')]"
        ".map(a => [a.lang, a.getAttribute('href')])"
    )
    assert links == [["de", "/howto/de/galileo.html"], ["fa", "/howto/fa/galileo.html"]]
    for _, href in links:
        assert page.request.get(stack.portal_url.rstrip("/") + href).ok, href
