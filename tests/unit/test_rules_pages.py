"""The German and the Persian (right to left) rules pages: for every title and each of these
languages the portal's "how to play" page (`portal/howto/<lang>/<title>.html`) and the full
rules (`docs/rules/<lang>/<title>.md`) exist, keep the English pages' structure, link the
other languages' pages (a language written the other way marked with its direction) and link
only to files that exist. Files only, no servers."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from playhall.core import i18n, title_ids

ROOT = Path(__file__).resolve().parents[2]
PORTAL = ROOT / "services/playhall/gateway/portal"
RULES = ROOT / "docs/rules"
# A Markdown link's target, without its #fragment.
MARKDOWN_LINK = re.compile(r"\]\(([^)#\s]*)(?:#[^)\s]*)?\)")
TRANSLATED = ("de", "fa")
"""The languages of the rules pages besides English (the source)."""
PAGES = [(language, title) for language in TRANSLATED for title in title_ids()]
NAMES = {"de": "German", "fa": "Persian"}


def page_id(case: object) -> str:
    return "-".join(case) if isinstance(case, tuple) else str(case)


def direction(language: str) -> str:
    return "rtl" if language in i18n.RIGHT_TO_LEFT else "ltr"


def howto(title: str, language: str = i18n.SOURCE_LANGUAGE) -> str:
    """The portal's path of a title's how-to-play page in `language`."""
    if language == i18n.SOURCE_LANGUAGE:
        return f"/howto/{title}.html"
    return f"/howto/{language}/{title}.html"


class Page(HTMLParser):
    """What the checks need of an HTML page: the html element's attributes, every element's
    tag and attributes in document order, and the links of its language line."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.root: dict[str, str | None] = {}
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.language_links: list[dict[str, str | None]] = []
        self._in_languages = False
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.elements.append((tag, attributes))
        if tag == "html":
            self.root = attributes
        elif tag == "nav" and "languages" in (attributes.get("class") or "").split():
            self._in_languages = True
        elif tag == "a" and self._in_languages:
            self.language_links.append(attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._in_languages = False

    def count(self, tag: str) -> int:
        return sum(1 for name, _ in self.elements if name == tag)

    def values(self, attribute: str) -> set[str]:
        """Every id (or class) used on the page."""
        return {
            value
            for _, attributes in self.elements
            for value in (attributes.get(attribute) or "").split()
        }

    def targets(self) -> list[str]:
        """What the page links to or loads: every href and src."""
        return [
            value
            for _, attributes in self.elements
            for name, value in attributes.items()
            if name in ("href", "src") and value
        ]


def portal_file(target: str) -> Path:
    """The file of the portal a page's link leads to (the gateway serves `portal/` at `/`,
    a folder by its index.html)."""
    path = target.split("#")[0].split("?")[0]
    assert path.startswith("/"), f"{target}: the portal's pages link with absolute paths"
    file = PORTAL / path.lstrip("/")
    return file / "index.html" if path.endswith("/") or file.is_dir() else file


def headings(path: Path) -> Counter[int]:
    """A Markdown page's headings, counted by level (outside fenced code)."""
    levels: Counter[int] = Counter()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (heading := re.match(r"(#{1,6}) ", line)):
            levels[len(heading[1])] += 1
    return levels


def table_rows(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("|"))


@pytest.mark.parametrize(("language", "title"), PAGES, ids=page_id)
def test_the_how_to_page_has_its_direction_and_the_english_pages_sections_ids_and_classes(
    language, title
):
    page_file = PORTAL / howto(title, language).lstrip("/")
    assert page_file.is_file(), f"no {NAMES[language]} how-to-play page for {title}"
    page, english = Page(page_file), Page(PORTAL / howto(title).lstrip("/"))
    assert page.root.get("lang") == language
    # Persian reads right to left; German, like English, left to right (the default).
    assert page.root.get("dir", "ltr") == direction(language)
    assert page.count("h2") == english.count("h2") > 0
    assert page.count("li") == english.count("li")
    # The portal's styles and scripts find what they look for on the translated page too.
    assert english.values("id") <= page.values("id")
    assert english.values("class") <= page.values("class")


@pytest.mark.parametrize(("language", "title"), PAGES, ids=page_id)
def test_every_link_of_the_how_to_page_leads_to_a_file_of_the_portal(language, title):
    page = Page(PORTAL / howto(title, language).lstrip("/"))
    assert page.targets()
    missing = [target for target in page.targets() if not portal_file(target).is_file()]
    assert not missing, f"{language} {title}: links to nothing: {missing}"


@pytest.mark.parametrize(("language", "title"), PAGES, ids=page_id)
def test_the_how_to_page_links_the_other_languages_pages_in_their_direction(language, title):
    """The language line links each other shipped language's page, in that language; on the
    Persian page every link (to a language read left to right) says dir="ltr", on the German
    one the Persian link says dir="rtl"."""
    page = Page(PORTAL / howto(title, language).lstrip("/"))
    links = {link.get("href"): link for link in page.language_links}
    others = [other for other in i18n.SHIPPED_LANGUAGES if other != language]
    assert set(links) == {howto(title, other) for other in others}
    for other in others:
        link = links[howto(title, other)]
        assert link.get("lang") == other
        if direction(other) != direction(language):
            assert link.get("dir") == direction(other), (other, link)


@pytest.mark.parametrize(("language", "title"), PAGES, ids=page_id)
def test_the_rules_page_keeps_the_english_headings_and_tables(language, title):
    page = RULES / language / f"{title}.md"
    assert page.is_file(), f"no {NAMES[language]} rules page for {title}"
    english = RULES / f"{title}.md"
    assert headings(page) == headings(english)
    assert table_rows(page) == table_rows(english)


@pytest.mark.parametrize(("language", "title"), PAGES, ids=page_id)
def test_every_link_of_the_rules_page_leads_to_a_file_of_the_docs(language, title):
    page = RULES / language / f"{title}.md"
    targets = MARKDOWN_LINK.findall(page.read_text(encoding="utf-8"))
    local = [target for target in targets if target and "://" not in target]
    missing = [target for target in local if not (page.parent / target).resolve().is_file()]
    assert not missing, f"{language} {title}: links to nothing: {missing}"
