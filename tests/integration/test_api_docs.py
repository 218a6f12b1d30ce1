"""The API reference at the gateway's `/api/` (`deploy/api_docs.py`, written by `make proto`),
fetched from a real gateway process: every service and rpc of every public contract is there,
on its package's page, with the comment its .proto file gives it (read here from the .proto
text itself, not from the descriptors the reference is made from) and, for each method the
orchestrator serves, the scope a personal access token needs (`access.scopes`); every field of
every message with its comment; every link between pages lands on an element that exists; the
guide and the rate limits' table are pages of it; and the portal's bar links the reference."""

from __future__ import annotations

import html
import re
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dev.testbed import TIMEOUT
from playhall.access.scopes import REQUIRED, Gate
from tests.helpers import start_gateway

PROTOS = Path(__file__).resolve().parents[2] / "protos"
PRIVATE = {"playhall.storage.v1"}
"""The orchestrator's records, never on the wire (not in the reference)."""
COMMENTED = re.compile(r"((?:^[ \t]*//[^\n]*\n)+)[ \t]*(service|rpc|message|enum)\s+(\w+)", re.M)
"""A block of `//` lines right before a service, rpc, message or enum, and what it comments."""
FIELD = re.compile(r"((?:^[ \t]*//[^\n]*\n)+)[ \t]*(?:[\w.<>, ]+ )?(\w+) = \d+;", re.M)
"""A block of `//` lines right before a field (its type, its name, its number) or an enum value."""


@pytest.fixture(scope="module")
def base(orchestrator) -> str:
    with start_gateway(orchestrator.address) as gateway:
        yield f"http://127.0.0.1:{gateway.port}"


def fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
        return response.status, response.read().decode()


def public_protos() -> list[tuple[str, str]]:
    """(package, text) of every contract but the private ones."""
    found = []
    for path in sorted(PROTOS.rglob("*.proto")):
        text = path.read_text()
        package = re.search(r"^package ([\w.]+);", text, re.M)[1]
        if package not in PRIVATE:
            found.append((package, text))
    return found


def words(comment_lines: str) -> str:
    """A `//` comment block as the words a reader sees (code marks dropped)."""
    lines = [re.sub(r"^\s*// ?", "", line) for line in comment_lines.splitlines()]
    return " ".join(" ".join(lines).replace("`", "").split())


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def same_text(a: str, b: str) -> bool:
    """Equal but for where the spaces fall (markup adds some around code)."""
    return a.replace(" ", "") == b.replace(" ", "")


class Anchors(HTMLParser):
    """The ids and the links of one page."""

    def __init__(self, text: str):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        named = dict(attrs)
        if "id" in named:
            self.ids.add(named["id"])
        if tag == "a" and named.get("href"):
            self.links.append(named["href"])


def test_every_service_and_rpc_of_every_contract_is_on_its_page_with_its_comment(base):
    pages: dict[str, str] = {}
    checked = declared = 0
    for package, text in public_protos():
        declared += len(re.findall(r"^\s*(?:service|rpc)\s", text, re.M))
        if package not in pages:
            status, pages[package] = fetch(f"{base}/api/{package}.html")
            assert status == 200
        page = pages[package]
        service = None
        for comment, kind, name in COMMENTED.findall(text):
            if kind == "service":
                service = f"{package}.{name}"
                found = re.search(
                    rf'<section class="service" id="{re.escape(service)}">\s*<h3>service {name}'
                    r"</h3>(.*?)<dl",
                    page,
                    re.S,
                )
                assert found, f"service {service} is not on its page"
            elif kind == "rpc":
                found = re.search(
                    rf'<dt id="{re.escape(f"{service}.{name}")}">.*?</dt>\s*<dd>(.*?)'
                    r'(?:<p class="access">.*?</p>)?</dd>',
                    page,
                    re.S,
                )
                assert found, f"rpc {service}.{name} is not on its page"
            else:
                continue
            assert same_text(text_of(found[1]), words(comment)), f"{kind} {name}'s comment"
            checked += 1
    assert checked == declared > 80, "a service or rpc without its comment before it"


def test_each_method_the_orchestrator_serves_names_what_a_token_needs(base):
    pages: dict[str, str] = {}
    for method, rule in REQUIRED.items():
        service, name = method.strip("/").split("/")
        package = service.rsplit(".", 1)[0]
        if package not in pages:
            pages[package] = fetch(f"{base}/api/{package}.html")[1]
        found = re.search(
            rf'<dt id="{re.escape(f"{service}.{name}")}">.*?</dt>\s*<dd>.*?'
            r'<p class="access">(.*?)</p></dd>',
            pages[package],
            re.S,
        )
        assert found, f"{method} says nothing of tokens"
        said = text_of(found[1])
        if rule is Gate.OPEN:
            assert "no scope needed" in said, (method, said)
        elif rule is Gate.SIGN_IN:
            assert "player token (the portal's sign-in) only" in said, (method, said)
        else:
            assert f"the scope {rule.value}" in said, (method, said)


def test_the_index_lists_every_service_and_its_rpcs(base):
    status, index = fetch(f"{base}/api/")
    assert status == 200
    for package, text in public_protos():
        service = None
        for _comment, kind, name in COMMENTED.findall(text):
            if kind == "service":
                service = f"{package}.{name}"
                assert f'href="{package}.html#{service}"' in index, service
            elif kind == "rpc":
                assert f'href="{package}.html#{service}.{name}">{name}</a>' in index, name


def test_every_field_and_enum_value_is_described_in_its_row(base):
    for package, text in public_protos():
        _, page = fetch(f"{base}/api/{package}.html")
        for comment, name in FIELD.findall(text):
            rows = re.findall(rf"<tr><td><code>{name}</code></td>(.*?)</tr>", page, re.S)
            described = [text_of(row.rsplit("<td>", 1)[-1]) for row in rows]
            assert any(same_text(d, words(comment)) for d in described), f"{package} {name}"


def test_every_link_between_pages_lands_on_an_element(base):
    _, index = fetch(f"{base}/api/")
    pages = {"index.html": index}
    for href in Anchors(index).links:
        name = href.split("#")[0]
        if name.endswith(".html") and "/" not in name and name not in pages:
            pages[name] = fetch(f"{base}/api/{name}")[1]
    anchors = {name: Anchors(text) for name, text in pages.items()}
    wrong = []
    for name, page in anchors.items():
        for href in page.links:
            target, _, fragment = href.partition("#")
            if href.startswith(("http", "/")) or not target:
                continue
            if target not in anchors or (fragment and fragment not in anchors[target].ids):
                wrong.append(f"{name}: {href}")
    assert not wrong, wrong
    match = anchors["playhall.match.v1.html"]
    assert {"playhall.match.v1.MatchService.SubmitMove", "playhall.match.v1.Clock"} <= match.ids
    assert (
        'href="playhall.rules.v1.html#playhall.rules.v1.MoveList"'
        in pages["playhall.match.v1.html"]
    ), "GetMatchResponse.legal_moves links its type in another package"


def test_the_portal_links_the_reference_and_the_guides_are_published(base):
    _, bar = fetch(f"{base}/js/account.js")
    assert 'href: "/api/"' in bar
    status, guide = fetch(f"{base}/api/write-a-bot.html")
    assert status == 200 and "StreamEvents" in guide and "RetryInfo" in guide
    status, limits = fetch(f"{base}/api/limits.html")
    classes = re.findall(r"<tr>\s*<td>(\w+)</td>", limits)
    assert status == 200 and classes == ["moves", "reads", "challenges", "streams", "writes"]
    status, css = fetch(f"{base}/css/api.css")
    assert status == 200 and ".api" in css
