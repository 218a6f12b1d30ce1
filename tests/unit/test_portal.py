"""The portal's static files: every registered title has a board page (its module under
js/titles/, with the functions the match page calls) and a how-to-play page, and no page
loads anything from another origin."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from playhall.core import get_game, title_ids
from playhall.gateway.schema import import_title_messages, schema

PORTAL = Path(__file__).resolve().parents[2] / "services/playhall/gateway/portal"


@pytest.mark.parametrize("title", title_ids())
def test_every_registered_title_has_a_board_page_and_a_how_to_play_page(title):
    module = PORTAL / "js/titles" / f"{title}.js"
    assert module.is_file(), f"no board page for {title}: add portal/js/titles/{title}.js"
    source = module.read_text()
    # The board, the log's lines, the end's score table and the replay's rebuilt view.
    for function in ("board", "describe", "breakdown", "replayStart", "replayStep"):
        assert re.search(rf"export (async )?function {function}\(", source), (title, function)
    howto = PORTAL / "howto" / f"{title}.html"
    assert howto.is_file(), f"no how-to-play page for {title}"
    assert len(re.sub(r"<[^>]+>", " ", howto.read_text()).split()) > 80


def test_the_schema_served_to_the_portal_holds_every_titles_messages_and_no_others():
    """/portal/schema.json: the descriptors the portal decodes a title's messages with. The
    packages of the platform's own contracts (players, matchmaking, tournament, ...) are no
    titles, and their messages are not in it."""
    codecs = [get_game(title).codec for title in title_ids()]
    packages = {codec.move_message.DESCRIPTOR.file.package for codec in codecs}
    assert import_title_messages() == sorted(packages)
    served = schema(import_title_messages())["messages"]
    for codec in codecs:
        for message in (codec.state_message, codec.move_message, codec.view_message):
            assert message.DESCRIPTOR.full_name in served
    strays = [name for name in served if not name.startswith(tuple(f"{p}." for p in packages))]
    assert not strays, strays


LOADED_FROM_ELSEWHERE = re.compile(
    r"""(\bsrc=|<link\b[^>]*\bhref=|url\()["']?(https?:)?//""", re.IGNORECASE
)
"""What a browser fetches by itself from another site: a script, image or frame's source, a
linked stylesheet or icon, a CSS url(). (A link a person follows, such as the API reference's
to protobuf.dev, loads nothing.)"""


def test_pages_load_nothing_from_elsewhere():
    for path in PORTAL.rglob("*"):
        if path.suffix in (".html", ".js", ".css"):
            text = path.read_text()
            assert not LOADED_FROM_ELSEWHERE.search(text), path
            assert "import(" not in text or "http" not in text, path


def test_the_check_of_what_pages_load_catches_each_way_of_loading():
    for loads in (
        '<script src="https://cdn.example/x.js">',
        "<img src=//cdn.example/x.png>",
        '<link rel="stylesheet" href="https://cdn.example/x.css">',
        "body { background: url('https://cdn.example/x.png') }",
    ):
        assert LOADED_FROM_ELSEWHERE.search(loads), loads
    assert not LOADED_FROM_ELSEWHERE.search('<a href="https://protobuf.dev/">protobuf</a>')


INLINE_STYLE = re.compile(
    r"""\bstyle\s*[:=]\s*["'`][^"'`]*:|\.style\.|setAttribute\(\s*["']style"""
)
"""An inline style, as an attribute the page's JS sets or HTML carries (CSS declarations, so a
colon inside: an `Intl` format's `style: "short"` is none): the gateway's
Content-Security-Policy (`style-src 'self'`) makes the browser drop it."""


def test_the_inline_style_check_tells_a_style_from_a_format_option():
    assert INLINE_STYLE.search('h("div", { style: "color: red" })')
    assert INLINE_STYLE.search('<p style="margin:0">')
    assert INLINE_STYLE.search("cell.style.left = x")
    assert not INLINE_STYLE.search('new Intl.NumberFormat(lang, { style: "unit", unit })')


def test_no_page_sets_an_inline_style_the_content_security_policy_blocks():
    offenders = [
        f"{path.relative_to(PORTAL)}:{number}"
        for path in sorted(PORTAL.rglob("*"))
        if path.suffix in (".js", ".html")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if INLINE_STYLE.search(line)
    ]
    assert not offenders, f"inline styles (use a class in css/portal.css): {offenders}"
