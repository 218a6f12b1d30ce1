"""The table in German and Persian (issue 41), in headless Chromium. A finished match of every
title read with the browser's language German shows its event log in German with the arguments
of the match's own events (formatted here by the title's catalogue, the same files the portal
loads) and the board's labels in German; a replay reads in German and in Persian. In Persian, a
match of every title is right to left (`<html dir="rtl">`, the side panel and the log on the
left of the board) while the board keeps its geometry (every area where the English page draws
it), its log is Persian with the locale's digits, and axe-core finds nothing serious."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.lists import format_list

from playhall.core import i18n, title_ids
from playhall.core.wire import unpack
from playhall.einstein.v1 import einstein_pb2 as ein
from playhall.eynsteyn.v1 import eynsteyn_pb2 as eyn
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.games.galileo.cards import EXPERIMENT_BY_ID
from playhall.inventors.v1 import inventors_pb2 as inv
from tests.browser.conftest import DESKTOP, serious_violations, wait_js

FINISHING_MOVES = 30
GAMES = Path(i18n.PLATFORM_FOLDER).parent / "games"
ISOLATES = str.maketrans("", "", "\u2068\u2069")
"""Drops the marks the portal's bundle puts around a message's arguments (First Strong Isolate,
Pop Directional Isolate): they keep a Latin name in order inside a Persian sentence."""
EVENTS = {
    "galileo": gal.Event,
    "einstein": ein.Event,
    "eynsteyn": eyn.Event,
    "inventors": inv.Event,
}
# Per title: the event whose log line is checked, and an area of the board with its German label.
CHECKED = {
    "galileo": ("round_started", "table", "Tisch: die Experimente dieser Runde"),
    "eynsteyn": ("stone_drawn", "grid", "Der Spielplan, 10 × 10"),
    "inventors": ("age_started", "table", "Erfindungen des Zeitalters"),
    "einstein": ("idea_placed", "big-idea", "Die Große Idee:"),
}
# Per title: that event's line in Persian, its numbers in the locale's digits.
PERSIAN = {
    "galileo": re.compile(r"دور ۱ آغاز شد: آزمایش \S+، [۱-۹] امتیاز"),
    "eynsteyn": re.compile(r"از دستهٔ [۱-۵] یک سنگ \S+ برداشت$"),
    "inventors": re.compile(r"عصر ۱ آغاز شد: \S"),
    "einstein": re.compile(r"یک کاشی \S+ گذاشت \(الگوی [AB]\)$"),
}
PERSIAN_LETTER = re.compile(r"[\u0600-\u06ff]")
LANG_AND_DIR = "[document.documentElement.lang, document.documentElement.dir]"


def catalogue(title: str) -> i18n.Catalogue:
    return i18n.Catalogue(GAMES / title / "locales" / "1")


def first_event(lobby, match_id: str, title: str, kind: str):
    """The first public event of `kind` in the match's history (its body)."""
    for change in lobby.history(match_id).changes:
        for packed in change.events:
            event = unpack(packed, EVENTS[title], "event")
            if event.WhichOneof("kind") == kind:
                return getattr(event, kind)
    raise AssertionError(f"no {kind} in the match")


def german_line(lobby, match_id: str, title: str) -> str:
    """The German log text of the title's checked event, from its own arguments. The names of
    the seats are left out (the portal names them): the text after the player's name."""
    messages = catalogue(title)
    say = lambda key, **args: messages.format(i18n.Text(key, args), "de")  # noqa: E731
    body = first_event(lobby, match_id, title, CHECKED[title][0])
    if title == "galileo":
        described = [
            say(f"galileo-experiment-{card.colour}", points=card.points)
            for card in map(EXPERIMENT_BY_ID.__getitem__, body.revealed)
        ]
        experiments = format_list(described, locale="de")
        return say("galileo-log-round-started", round=body.round, experiments=experiments)
    if title == "inventors":
        names = [say(f"inventors-invention-{r.invention}") for r in body.revealed]
        inventions = format_list(names, locale="de")
        return say("inventors-log-age-started", age=body.age, inventions=inventions)
    if title == "eynsteyn":
        kind = eyn.StoneKind.Name(body.kind).removeprefix("STONE_KIND_").lower().replace("_", "-")
        stone = say(f"eynsteyn-kind-{kind}")
        return say("eynsteyn-log-stone-drawn", player="", stone=stone, stack=body.stack).strip()
    field = ein.Field.Name(body.place.field).removeprefix("FIELD_").lower()
    pattern = ein.Pattern.Name(body.place.pattern).removeprefix("PATTERN_")
    named = say(f"einstein-field-{field}")
    return say("einstein-log-idea-placed", player="", field=named, pattern=pattern).strip()


def open_match(pages, stack, match_id: str, locale: str):
    page = pages.open(DESKTOP, locale=locale)
    page.goto(f"{stack.portal_url}match.html?id={match_id}")
    page.wait_for_selector("#board svg.board")
    wait_js(page, "document.querySelectorAll('#log li').length > 0")
    return page


def log_lines(page) -> list[str]:
    return [line.translate(ISOLATES) for line in page.locator("#log li").all_inner_texts()]


def area_label(page, area: str) -> str:
    return page.locator(f"#board [data-area={area}] .area-label").text_content().translate(ISOLATES)


@pytest.mark.parametrize("title", title_ids())
def test_a_match_reads_in_german_with_its_own_arguments(stack, lobby, pages, finished, title):
    match_id = finished[title]
    page = open_match(pages, stack, match_id, "de-DE")
    assert page.evaluate(LANG_AND_DIR) == ["de", "ltr"]
    expected = german_line(lobby, match_id, title)
    lines = log_lines(page)
    assert any(line.endswith(expected) for line in lines), (expected, lines[-5:])
    _, area, label = CHECKED[title]
    assert area_label(page, area).startswith(label)
    # The page's own words: how the match ended, and no English of the table's left.
    assert page.locator("#turn").inner_text().startswith("Beendet")
    assert "Finished" not in page.locator("main").inner_text()
    # "How to play" opens the title's German page.
    page.wait_for_selector("#howto:not([hidden])")
    assert page.locator("#howto").get_attribute("href") == f"/howto/de/{title}.html"
    assert page.request.get(f"{stack.portal_url}howto/de/{title}.html").ok


def test_a_replay_reads_in_german(stack, lobby, pages, finished):
    match_id = finished["einstein"]
    changes = len(lobby.history(match_id).changes)
    page = pages.open(DESKTOP, locale="de-DE")
    page.goto(f"{stack.portal_url}replay.html?id={match_id}")
    wait_js(page, "document.body.dataset.seed === 'verified'")
    assert page.locator("#fairness").inner_text() == "Mischen geprüft"
    assert page.locator("#where").inner_text().translate(ISOLATES) == f"Schritt 1 von {changes}"
    assert page.locator("#title").inner_text().startswith("Wiederholung: ")
    # Step on to the first Idea placed: its line, in German, with its field and pattern.
    expected = german_line(lobby, match_id, "einstein")
    for _ in range(changes):
        if any(line.endswith(expected) for line in log_lines(page)):
            break
        page.locator("#next").click()
    assert any(line.endswith(expected) for line in log_lines(page)), log_lines(page)
    assert area_label(page, "big-idea").startswith("Die Große Idee:")


def test_a_replay_reads_in_persian(stack, lobby, pages, finished):
    match_id = finished["galileo"]
    changes = len(lobby.history(match_id).changes)
    page = pages.open(DESKTOP, locale="fa")
    page.goto(f"{stack.portal_url}replay.html?id={match_id}")
    wait_js(page, "document.body.dataset.seed === 'verified'")
    assert page.evaluate(LANG_AND_DIR) == ["fa", "rtl"]
    assert PERSIAN_LETTER.search(page.locator("#fairness").inner_text())
    where = page.locator("#where").inner_text().translate(ISOLATES)
    assert i18n.decimal(1, "fa") in where and i18n.decimal(changes, "fa") in where, where
    assert not re.search("[0-9]", where), where
    for _ in range(3):
        page.locator("#next").click()
    lines = log_lines(page)
    assert lines and all(PERSIAN_LETTER.search(line) for line in lines), lines
    assert serious_violations(page) == []


def board_geometry(page) -> list[list[float]]:
    """Every area of the board (its panel) relative to the board's own corner, and the board's
    size: what a mirrored page must leave as it is."""
    return page.evaluate(
        """() => {
          const svg = document.querySelector('#board svg.board').getBoundingClientRect();
          const areas = [...document.querySelectorAll('#board .area-bg')].map((r) => {
            const b = r.getBoundingClientRect();
            return [b.x - svg.x, b.y - svg.y, b.width, b.height];
          });
          return [[svg.width, svg.height], ...areas].map((box) => box.map((v) => Math.round(v)));
        }"""
    )


@pytest.mark.parametrize("title", title_ids())
def test_a_match_in_persian_is_mirrored_around_a_board_that_is_not(stack, pages, finished, title):
    match_id = finished[title]
    english = open_match(pages, stack, match_id, "en-US")
    persian = open_match(pages, stack, match_id, "fa")
    assert persian.evaluate(LANG_AND_DIR) == ["fa", "rtl"]
    # The side panel and its log on the left of the board in Persian, on the right in English.
    for page, side_first in ((persian, True), (english, False)):
        board = page.locator("#board").bounding_box()
        for part in ("aside.side", "#log"):
            box = page.locator(part).bounding_box()
            left_of_board = box["x"] + box["width"] <= board["x"] + 1
            assert left_of_board == side_first, (page.url, part, box, board)
    # The board itself is drawn as the English page draws it.
    assert board_geometry(persian) == board_geometry(english)
    lines = log_lines(persian)
    assert all(PERSIAN_LETTER.search(line) for line in lines), lines[:5]
    assert any(PERSIAN[title].search(line) for line in lines), (PERSIAN[title], lines[-5:])
    # Numbers in the locale's digits, never typed: the log's change numbers too.
    assert all(re.match(r"#[۰-۹]+ ", line) for line in lines), lines[:5]
    assert serious_violations(persian) == []
