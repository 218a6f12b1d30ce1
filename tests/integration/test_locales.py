"""The gateway serves the portal's message catalogues (issue 41, `gateway/locales.py`):
`/locales/languages.json` (the offered languages, the default, the right-to-left ones and each
one's own name), the platform's catalogue of a language, a title's catalogue at a major rules
version, and nothing for a name that is not a simple one or a catalogue that does not exist.
The operator's PLAYHALL_LANGUAGES may name only shipped languages: a gateway told to offer one
that is not refuses to start, naming it. The gateway's calls to its orchestrator play no part:
it starts against an address where nothing listens."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from dev.testbed import TIMEOUT
from playhall.core import i18n
from tests.helpers import start_gateway

NOBODY = "127.0.0.1:9"
"""An orchestrator address where nothing listens: catalogues need none."""


@pytest.fixture(scope="module")
def gateway():
    with start_gateway(NOBODY) as service:
        yield service


def get(gateway, path: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(f"http://{gateway.address}{path}", timeout=TIMEOUT) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_languages_json_names_what_the_portal_offers(gateway):
    status, headers, body = get(gateway, "/locales/languages.json")
    assert status == 200
    assert headers["content-type"] == "application/json"
    assert "max-age" in headers["cache-control"]
    assert json.loads(body) == {
        "offered": ["en", "de", "fa"],
        "default": "en",
        "rtl": ["fa"],
        "names": {"en": "English", "de": "Deutsch", "fa": "فارسی"},
    }


def test_the_platform_catalogue_of_a_language_is_all_its_files(gateway):
    status, headers, body = get(gateway, "/locales/de.ftl")
    assert status == 200
    assert headers["content-type"] == "text/plain; charset=utf-8"
    assert "max-age" in headers["cache-control"]
    text = body.decode("utf-8")
    assert text == i18n.platform().source("de")
    assert "portal-language-name = Deutsch" in text  # portal-common.ftl
    assert "page-lobby-games = Spiele" in text  # portal-pages.ftl


def test_a_titles_catalogue_at_its_major_version(gateway):
    status, headers, body = get(gateway, "/locales/eynsteyn/1/fa.ftl")
    assert status == 200
    assert headers["content-type"] == "text/plain; charset=utf-8"
    folder = i18n.PLATFORM_FOLDER.parent / "games" / "eynsteyn" / "locales" / "1"
    assert body.decode("utf-8") == i18n.Catalogue(folder).source("fa")
    assert "eynsteyn-name =" in body.decode("utf-8")


@pytest.mark.parametrize(
    "path",
    [
        "/locales/xx.ftl",  # not a language of the portal
        "/locales/EN.ftl",
        "/locales/..%2Fen.ftl",
        "/locales/nosuchtitle/1/en.ftl",
        "/locales/eynsteyn/99/en.ftl",  # a major it never had
        "/locales/eynsteyn/1/xx.ftl",
        "/locales/eynsteyn/1.0/en.ftl",
        "/locales/Eynsteyn/1/en.ftl",
        "/locales/eynsteyn/..%2F..%2Fgalileo/en.ftl",
        "/locales/..%2Flocales/1/en.ftl",
    ],
)
def test_anything_else_is_not_found(gateway, path):
    status, _, _ = get(gateway, path)
    assert status == 404, path


def test_the_operator_chooses_the_languages_and_the_default():
    env = {"PLAYHALL_LANGUAGES": "de,fa", "PLAYHALL_DEFAULT_LANGUAGE": "fa"}
    with start_gateway(NOBODY, env) as service:
        status, _, body = get(service, "/locales/languages.json")
        assert status == 200
        assert json.loads(body) == {
            "offered": ["de", "fa"],
            "default": "fa",
            "rtl": ["fa"],
            "names": {"de": "Deutsch", "fa": "فارسی"},
        }
        # English stays served: the portal falls back to it for a key a translation lacks.
        assert get(service, "/locales/en.ftl")[0] == 200


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"PLAYHALL_LANGUAGES": "en,de,fr"}, "PLAYHALL_LANGUAGES names fr"),
        ({"PLAYHALL_LANGUAGES": "de", "PLAYHALL_DEFAULT_LANGUAGE": "en"}, "not one of"),
        ({"PLAYHALL_LANGUAGES": " , "}, "PLAYHALL_LANGUAGES names no language"),
    ],
)
def test_a_language_the_portal_does_not_ship_is_refused_at_start(env, says):
    started = subprocess.run(
        [sys.executable, "-m", "playhall.gateway", "--port", "0", "--metrics-port", "0"],
        env={
            **os.environ,
            "PLAYHALL_ORCHESTRATOR": NOBODY,
            "PLAYHALL_GATEWAY_CREDENTIAL": "x",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert started.returncode != 0
    assert says in started.stderr, started.stderr[-2000:]
