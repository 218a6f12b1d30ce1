"""Every catalogue is complete in every shipped language, and every key the code uses is in
it (`conformance.messages`): a missing key, a translation whose arguments differ from
English, a syntax error or a key defined twice fails here."""

from __future__ import annotations

import ast
import functools
import json
import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

import pytest

from playhall.common import errors as match_errors
from playhall.conformance.messages import Problem, check_catalogue, check_used
from playhall.core import errors as rule_errors
from playhall.core import i18n

SERVICES = Path(__file__).resolve().parents[2] / "services" / "playhall"
PORTAL = SERVICES / "gateway" / "portal"
TITLE_FOLDERS = sorted(path for path in SERVICES.glob("games/*/locales/*") if path.is_dir())
CATALOGUES = [i18n.PLATFORM_FOLDER, *TITLE_FOLDERS]

JS_KEY = re.compile(r"""\bt\(\s*["'`]([a-z][a-z0-9]*(?:-[a-z0-9]+)+)["'`]""")
HTML_KEY = re.compile(r"""data-l10n-id["']?\s*[=:]\s*["']([a-z][a-z0-9-]*)["']""")
TITLE_IDS = "|".join(sorted({folder.parent.parent.name for folder in TITLE_FOLDERS}))
TITLE_LITERAL = re.compile(rf"""["'`]((?:{TITLE_IDS})(?:-[a-z0-9]+)+)["'`]""")
"""A string of a title's keys, as a board's table of an enum's values holds it."""


@functools.cache
def _catalogue_for(key: str) -> i18n.Catalogue:
    """The catalogue a key belongs to: its title's newest major, else the platform's."""
    return _catalogue_of_title(key.partition("-")[0])


@functools.cache
def _catalogue_of_title(title: str) -> i18n.Catalogue:
    majors = sorted(SERVICES.glob(f"games/{title}/locales/*"))
    return i18n.Catalogue(majors[-1]) if majors else i18n.platform()


def _message_classes() -> set[str]:
    found: set[str] = set()
    pending: list[type] = [rule_errors.RuleError, match_errors.MatchError]
    while pending:
        kind = pending.pop()
        found.add(kind.__name__)
        pending.extend(kind.__subclasses__())
    return found | {"Text", "english"}


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _arguments(call: ast.Call) -> frozenset[str] | None:
    """The argument names a call passes with its key (None where they are not all written
    out: `**args`, or a Text's arguments in a variable)."""
    if _called_name(call) == "Text":
        if len(call.args) < 2:
            return frozenset()
        literal = call.args[1]
        if isinstance(literal, ast.Dict) and all(isinstance(k, ast.Constant) for k in literal.keys):
            return frozenset(str(k.value) for k in literal.keys if isinstance(k, ast.Constant))
        return None
    if any(keyword.arg is None for keyword in call.keywords):
        return None
    return frozenset(keyword.arg for keyword in call.keywords if keyword.arg)


def python_keys() -> dict[str, dict[str, frozenset[str] | None]]:
    """The keys Python code passes to a refusal, a Text or `english`, by file."""
    classes = _message_classes()
    used: dict[str, dict[str, frozenset[str] | None]] = defaultdict(dict)
    for path in sorted(SERVICES.rglob("*.py")):
        if "_pb2" in path.name:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and _called_name(node) in classes and node.args):
                continue
            first = node.args[0]
            key = first.value if isinstance(first, ast.Constant) else None
            if isinstance(key, str) and i18n.KEY.fullmatch(key):
                used[str(path.relative_to(SERVICES))][key] = _arguments(node)
    return used


def portal_keys() -> dict[str, set[str]]:
    """The keys the portal's scripts and pages look up, by file."""
    used: dict[str, set[str]] = {}
    for path in sorted([*PORTAL.rglob("*.js"), *PORTAL.rglob("*.html")]):
        if "vendor" in path.parts:
            continue
        text = path.read_text("utf-8")
        keys = set(JS_KEY.findall(text)) | set(HTML_KEY.findall(text))
        if path.suffix == ".js":
            keys |= set(TITLE_LITERAL.findall(text))
        if keys:
            used[str(path.relative_to(SERVICES))] = keys
    return used


@pytest.mark.parametrize("folder", CATALOGUES, ids=lambda f: str(f.relative_to(SERVICES)))
def test_every_catalogue_is_complete_in_every_shipped_language(folder):
    catalogue = i18n.Catalogue(folder)
    assert set(i18n.SHIPPED_LANGUAGES) <= set(catalogue.languages), catalogue.languages
    assert catalogue.keys(i18n.SOURCE_LANGUAGE), f"{folder} has no English messages"
    problems = check_catalogue(catalogue)
    assert not problems, "\n".join(map(str, problems))


def test_every_key_python_passes_is_in_english_with_its_arguments():
    problems: list[Problem] = []
    by_catalogue: dict[Path, dict[str, frozenset[str] | None]] = defaultdict(dict)
    where: dict[str, str] = {}
    for path, keys in python_keys().items():
        for key, passed in keys.items():
            by_catalogue[_catalogue_for(key).folder][key] = passed
            where[key] = path
    assert by_catalogue, "no key found in the code: the scan is broken"
    for folder, keys in by_catalogue.items():
        for problem in check_used(i18n.Catalogue(folder), keys, str(folder)):
            problems.append(Problem(where[problem.key], problem.key, problem.what))
    assert not problems, "\n".join(map(str, sorted(problems)))


def test_every_key_the_portal_looks_up_is_in_english():
    missing = [
        f"{path}: {key}"
        for path, keys in portal_keys().items()
        for key in sorted(keys)
        if not _catalogue_for(key).has(key, i18n.SOURCE_LANGUAGE)
    ]
    assert not missing, "\n".join(missing)


def test_the_check_finds_a_missing_key_and_differing_arguments(tmp_path):
    for language, text in {
        "en": "greeting = Hello { $name }\nfarewell = Bye\ncount = { $n } left\n",
        "de": "greeting = Hallo { $who }\ncount = { $n } übrig\ncount = doppelt\n",
        "fa": "greeting = سلام { $name }\nfarewell = خداحافظ\ncount = { $n } مانده\nextra = x\n",
    }.items():
        (tmp_path / language).mkdir()
        (tmp_path / language / "a.ftl").write_text(text, "utf-8")
    problems = {(p.key, p.what.split(",")[0]) for p in check_catalogue(i18n.Catalogue(tmp_path))}
    assert ("farewell", "missing") in problems
    assert ("greeting", "uses $who") in problems
    assert ("extra", "not in the English catalogue") in problems
    assert any(key == "count" and what.startswith("also defined") for key, what in problems)
    used = check_used(i18n.Catalogue(tmp_path), {"greeting": frozenset(), "nowhere": None}, "x")
    assert {p.key for p in used} == {"greeting", "nowhere"}


def _card_keys() -> list[str]:
    """The keys the boards build from a card's id (`js/titles/*.js`): every invention and
    inventor of Erfinderteam, every Inspiration and Major Theory of Einstein."""
    games = SERVICES / "games"
    inventions = json.loads((games / "inventors" / "inventions.json").read_text("utf-8"))
    count = sum(len(age["inventions"]) for age in inventions["ages"])
    teams = json.loads((games / "inventors" / "teams.json").read_text("utf-8"))["teams"]
    cards = json.loads((games / "einstein" / "cards.json").read_text("utf-8"))
    return [
        *(f"inventors-invention-{n}" for n in range(1, count + 1)),
        *(f"inventors-inventor-{i['name'].lower()}" for team in teams for i in team["inventors"]),
        *(f"einstein-inspiration-{card['id']}" for card in cards["inspirations"]),
        *(f"einstein-theory-{card['id']}" for card in cards["theories"]),
        *(f"einstein-requirement-{card['id']}" for card in cards["theories"]),
    ]


def test_every_card_a_board_names_by_its_id_has_its_name_in_every_language():
    keys = _card_keys()
    assert len(keys) > 100
    missing = [
        f"{language}: {key}"
        for key in keys
        for language in i18n.SHIPPED_LANGUAGES
        if not _catalogue_for(key).has(key, language)
    ]
    assert not missing, "\n".join(missing)


def test_every_title_names_itself_in_every_language():
    for folder in TITLE_FOLDERS:
        title = folder.parent.parent.name
        catalogue = i18n.Catalogue(folder)
        for language in i18n.SHIPPED_LANGUAGES:
            assert catalogue.has(f"{title}-name", language), (title, language)


PROSE = re.compile(r"[A-Z][a-z]+ [a-z]+|[a-z]+ [a-z]+[.!?:]")
"""English words as a sentence begins or ends ("Open tables", "no moves left."): not a class
list, a path or a key."""
NOT_TEXT = {
    "Terminal player": "the terminal client's default display name, a name as players type",
    "Request failed": "the Connect client's own message prefix the CLI recognizes, not shown",
}
"""Literals that read as English and are no text of Playhall's, with why."""


def _prose(literal: str, placeholder: str) -> bool:
    words = re.sub(placeholder, " ", literal)
    return literal not in NOT_TEXT and PROSE.search(words) is not None


def _js_literals(path: Path) -> list[tuple[int, str]]:
    code = re.sub(r"/\*.*?\*/", "", path.read_text("utf-8"), flags=re.S)
    found = []
    for number, line in enumerate(code.splitlines(), 1):
        line = re.sub(r"(^|\s)//.*$", "", line)
        for _, literal in re.findall(r"""(?<![\w$])(["'`])((?:\\.|(?!\1).)*)\1""", line):
            found.append((number, literal))
    return found


def _python_literals(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text("utf-8"))
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


WORD = re.compile(r"[A-Za-z]{2,}(?![A-Za-z:/])")
"""A word (not a URL's scheme such as a placeholder's "https://")."""


class _UnkeyedText(HTMLParser):
    """The text and readable attributes of a page that no `data-l10n-id` element holds."""

    READ = ("title", "aria-label", "placeholder", "alt")
    VOID = {"meta", "link", "input", "img", "br", "hr", "source"}

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, bool]] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        keyed = "data-l10n-id" in attributes
        for name in self.READ:
            if WORD.search(attributes.get(name) or "") and not keyed:
                self.found.append(f"<{tag} {name}={attributes[name]!r}>")
        if tag not in self.VOID:
            self.open.append((tag, keyed))

    def handle_endtag(self, tag):
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        inside = self.open[-1][0] if self.open else ""
        if inside in ("script", "style") or not WORD.search(data):
            return
        if not any(keyed for _, keyed in self.open) and data.strip() != "Playhall":
            self.found.append(data.strip()[:60])


def test_no_text_a_person_reads_is_built_in_code():
    """The portal's pages and scripts and the terminal client show catalogue texts only: an
    English sentence in their code (the brand's name and NOT_TEXT aside) fails here."""
    built = []
    for path in sorted(PORTAL.glob("*.html")):
        page = _UnkeyedText()
        page.feed(path.read_text("utf-8"))
        built += [f"{path.name}: {text}" for text in page.found]
    for path in sorted((PORTAL / "js").rglob("*.js")):
        built += [
            f"{path.name}:{number}: {literal[:60]}"
            for number, literal in _js_literals(path)
            if _prose(literal, r"\$\{[^}]*\}")
        ]
    for path in sorted((SERVICES / "cli").glob("*.py")):
        built += [
            f"{path.name}:{number}: {literal[:60]}"
            for number, literal in _python_literals(path)
            if _prose(literal, r"\{[^}]*\}")
        ]
    assert not built, "\n".join(built)


def test_the_literal_check_finds_an_english_sentence(tmp_path):
    script = tmp_path / "page.js"
    script.write_text('// Says "Not this one."\nh("p", {}, "Open tables", t("lobby-x"));\n')
    assert [literal for _, literal in _js_literals(script) if _prose(literal, "x")] == [
        "Open tables"
    ]
    module = tmp_path / "cli.py"
    module.write_text('"""A docstring, not shown."""\nprint("Your turn now")\n')
    assert [literal for _, literal in _python_literals(module) if _prose(literal, "x")] == [
        "Your turn now"
    ]
    assert _prose("Open tables for everyone", r"\$\{[^}]*\}")
    assert _prose("${n} moves left.", r"\$\{[^}]*\}")
    assert not _prose("muted row-label", r"\$\{[^}]*\}")
    assert not _prose("/profile.html?player=${id}", r"\$\{[^}]*\}")
    page = _UnkeyedText()
    page.feed('<h2>Open tables</h2><p data-l10n-id="x">Fine <b>here</b></p><input title="Go on">')
    assert page.found == ["Open tables", "<input title='Go on'>"]
