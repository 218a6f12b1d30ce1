"""The German rules pages: for every title the portal's "how to play" page
(`portal/howto/de/<title>.html`) and the full rules (`docs/rules/de/<title>.md`) exist, keep
the English pages' structure and link only to files that exist. Files only, no servers."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from playhall.core import title_ids

ROOT = Path(__file__).resolve().parents[2]
PORTAL = ROOT / "services/playhall/gateway/portal"
RULES = ROOT / "docs/rules"
# A Markdown link's target, without its #fragment.
MARKDOWN_LINK = re.compile(r"\]\(([^)#\s]*)(?:#[^)\s]*)?\)")


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
    return file / "index.html" if path.endswith("/") else file


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


@pytest.mark.parametrize("title", title_ids())
def test_the_german_how_to_page_has_the_english_pages_sections_ids_and_classes(title):
    page_file = PORTAL / "howto" / "de" / f"{title}.html"
    assert page_file.is_file(), f"no German how-to-play page for {title}"
    german, english = Page(page_file), Page(PORTAL / "howto" / f"{title}.html")
    assert german.root.get("lang") == "de"
    assert german.count("h2") == english.count("h2") > 0
    assert german.count("li") == english.count("li")
    # The portal's styles and scripts find what they look for on the German page too.
    assert english.values("id") <= german.values("id")
    assert english.values("class") <= german.values("class")


@pytest.mark.parametrize("title", title_ids())
def test_every_link_of_the_german_how_to_page_leads_to_a_file_of_the_portal(title):
    german = Page(PORTAL / "howto" / "de" / f"{title}.html")
    assert german.targets()
    missing = [target for target in german.targets() if not portal_file(target).is_file()]
    assert not missing, f"{title}: links to nothing: {missing}"


@pytest.mark.parametrize("title", title_ids())
def test_the_german_how_to_page_links_the_english_and_the_persian_page(title):
    german = Page(PORTAL / "howto" / "de" / f"{title}.html")
    languages = {link.get("href"): link.get("lang") for link in german.language_links}
    assert languages == {f"/howto/{title}.html": "en", f"/howto/fa/{title}.html": "fa"}


@pytest.mark.parametrize("title", title_ids())
def test_the_german_rules_page_keeps_the_english_headings_and_tables(title):
    page = RULES / "de" / f"{title}.md"
    assert page.is_file(), f"no German rules page for {title}"
    english = RULES / f"{title}.md"
    assert headings(page) == headings(english)
    assert table_rows(page) == table_rows(english)


@pytest.mark.parametrize("title", title_ids())
def test_every_link_of_the_german_rules_page_leads_to_a_file_of_the_docs(title):
    page = RULES / "de" / f"{title}.md"
    targets = MARKDOWN_LINK.findall(page.read_text(encoding="utf-8"))
    local = [target for target in targets if target and "://" not in target]
    missing = [target for target in local if not (page.parent / target).is_file()]
    assert not missing, f"{title}: links to nothing: {missing}"
