"""The Persian (right to left) rules pages: for every title the portal's "how to play" page
(`portal/howto/fa/<title>.html`) and the full rules (`docs/rules/fa/<title>.md`) exist, follow
the English pages' structure and link only to what exists. Files only, no servers."""

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
# Another language's how-to page of a title, written alongside this one (the German pages).
HOWTO_PAGE = re.compile(r"/howto/(?:(?P<lang>[a-z]{2,3})/)?(?P<title>[a-z]+)\.html")


class Page(HTMLParser):
    """What the checks need of a page: its html element's attributes, every element's tag and
    attributes in document order, and the links of the language line."""

    def __init__(self, source: str) -> None:
        super().__init__()
        self.root: dict[str, str | None] = {}
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.language_links: list[dict[str, str | None]] = []
        self._in_languages = False
        self.feed(source)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.elements.append((tag, attributes))
        if tag == "html":
            self.root = attributes
        if tag == "nav" and "languages" in (attributes.get("class") or "").split():
            self._in_languages = True
        if tag == "a" and self._in_languages:
            self.language_links.append(attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._in_languages = False

    def count(self, tag: str) -> int:
        return sum(1 for name, _ in self.elements if name == tag)

    def names(self, attribute: str) -> set[str]:
        found: set[str] = set()
        for _, attributes in self.elements:
            found.update((attributes.get(attribute) or "").split())
        return found

    def targets(self) -> list[str]:
        return [
            value
            for _, attributes in self.elements
            for name, value in attributes.items()
            if name in ("href", "src") and value
        ]


def parse(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


def served(target: str) -> bool:
    """Whether a link of a portal page leads to one of the portal's files, or to a title's
    how-to page in a shipped language (the other languages' pages are written in parallel)."""
    path = target.split("#")[0].split("?")[0]
    assert path.startswith("/"), f"{target}: the portal's pages link with absolute paths"
    file = PORTAL / path.lstrip("/")
    if file.is_dir() or path == "/":
        file = file / "index.html"
    if file.is_file():
        return True
    page = HOWTO_PAGE.fullmatch(path)
    return bool(
        page
        and page["lang"] in i18n.SHIPPED_LANGUAGES
        and (PORTAL / "howto" / f"{page['title']}.html").is_file()
    )


def headings(path: Path) -> Counter[int]:
    """Markdown headings by level, outside fenced code."""
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
def test_the_persian_how_to_page_is_right_to_left_and_has_the_english_pages_sections(title):
    english = parse(PORTAL / "howto" / f"{title}.html")
    page_file = PORTAL / "howto" / "fa" / f"{title}.html"
    assert page_file.is_file(), f"no Persian how-to-play page for {title}"
    persian = parse(page_file)
    assert persian.root.get("lang") == "fa"
    assert persian.root.get("dir") == "rtl"
    assert persian.count("h2") == english.count("h2")
    assert persian.count("h2") > 0
    # The portal's styles and scripts find the Persian page as they find the English one.
    assert english.names("id") <= persian.names("id")
    assert english.names("class") <= persian.names("class")


@pytest.mark.parametrize("title", title_ids())
def test_every_link_of_the_persian_how_to_page_leads_to_a_page_of_the_portal(title):
    persian = parse(PORTAL / "howto" / "fa" / f"{title}.html")
    missing = [target for target in persian.targets() if not served(target)]
    assert not missing, f"{title}: links to nothing: {missing}"


@pytest.mark.parametrize("title", title_ids())
def test_the_persian_how_to_page_links_the_other_languages_left_to_right(title):
    persian = parse(PORTAL / "howto" / "fa" / f"{title}.html")
    links = {link.get("href"): link for link in persian.language_links}
    assert set(links) == {f"/howto/{title}.html", f"/howto/de/{title}.html"}
    assert links[f"/howto/{title}.html"].get("lang") == "en"
    assert links[f"/howto/de/{title}.html"].get("lang") == "de"
    assert all(link.get("dir") == "ltr" for link in links.values())


@pytest.mark.parametrize("title", title_ids())
def test_the_persian_rules_page_keeps_the_english_headings_and_tables(title):
    page = RULES / "fa" / f"{title}.md"
    assert page.is_file(), f"no Persian rules page for {title}"
    assert headings(page) == headings(RULES / f"{title}.md")
    assert table_rows(page) == table_rows(RULES / f"{title}.md")


@pytest.mark.parametrize("title", title_ids())
def test_the_persian_rules_pages_links_lead_to_files_of_the_docs(title):
    page = RULES / "fa" / f"{title}.md"
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8"))
    local = [target for target in targets if "://" not in target]
    missing = [target for target in local if not (page.parent / target).resolve().is_file()]
    assert not missing, f"{title}: links to nothing: {missing}"
