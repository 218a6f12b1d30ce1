"""The terminal client's language and words (`playhall.cli.words`): `--lang` beats the
locale's variables, which POSIX orders (LC_ALL, LC_MESSAGES, LANG), English without; every key
the client formats is in the English catalogue with exactly the arguments the code passes, and
a family of keys named by an enum (a bot level, a challenge's state, a column) has a key for
each value; numbers, durations and dates are the locale's, in its digits."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from typer.testing import CliRunner

from playhall.cli import app as cli_app
from playhall.cli import tournament, words
from playhall.core import i18n
from playhall.social.v1 import challenge_service_pb2 as chpb
from playhall.tournament.v1 import tournament_service_pb2 as tpb

CLI = Path(cli_app.__file__).parent
ENGLISH = i18n.platform().variables(i18n.SOURCE_LANGUAGE)


@pytest.fixture(autouse=True)
def english_again():
    """Each test leaves the client speaking English, as it starts."""
    yield
    words.use(i18n.SOURCE_LANGUAGE)


def test_lang_beats_the_locale_variables_which_beat_english(tmp_path):
    env = {"PLAYHALL_CONFIG": str(tmp_path / "login.json"), "LC_ALL": "", "LC_MESSAGES": ""}
    runner = CliRunner()
    persian = {**env, "LANG": "fa_IR.UTF-8"}
    said = runner.invoke(cli_app.app, ["--lang", "de", "logout"], env=persian)
    assert said.exit_code == 0 and said.stdout.strip() == "Niemand war angemeldet.", said.stdout
    said = runner.invoke(cli_app.app, ["logout"], env=persian)
    assert said.stdout.strip() == "کسی وارد نشده بود.", said.stdout
    said = runner.invoke(cli_app.app, ["logout"], env={**env, "LANG": "C.UTF-8"})
    assert said.stdout.strip() == "Nobody was signed in.", said.stdout
    refused = runner.invoke(cli_app.app, ["--lang", "xx", "logout"], env=persian)
    assert refused.exit_code == 2


def test_the_locale_variables_are_read_in_posix_order():
    assert words.from_environment({"LC_ALL": "de_DE.UTF-8", "LANG": "fa_IR.UTF-8"}) == "de"
    assert words.from_environment({"LC_MESSAGES": "fa_IR", "LANG": "de_DE"}) == "fa"
    assert words.from_environment({"LC_ALL": "", "LANG": "de_AT.UTF-8"}) == "de"
    assert words.from_environment({"LANG": "C"}) == "en" == words.from_environment({})
    assert words.from_environment({"LANG": "ja_JP.UTF-8"}) == "en"
    assert words.chosen("fa", {"LANG": "de_DE.UTF-8"}) == "fa"
    assert words.chosen(None, {"LANG": "de_DE.UTF-8"}) == "de"


def test_lang_is_read_from_the_command_line_for_the_help_texts():
    assert words.from_argv(["--lang", "de", "play", "--help"]) == "de"
    assert words.from_argv(["--lang=fa", "games"]) == "fa"
    assert words.from_argv(["games", "--help"]) is None
    assert words.from_argv(["--lang"]) is None


def test_the_languages_lang_offers_are_the_shipped_ones():
    assert tuple(cli_app.Language) == i18n.SHIPPED_LANGUAGES


def formatted_keys() -> dict[str, set[str]]:
    """The keys the client's code formats with `t` (a literal key), with their arguments."""
    used: dict[str, set[str]] = {}
    for path in sorted(CLI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "t":
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    used[first.value] = {keyword.arg for keyword in node.keywords if keyword.arg}
    return used


def test_every_key_the_client_formats_is_in_english_with_its_arguments():
    used = formatted_keys()
    assert len(used) > 150
    for key, arguments in used.items():
        assert key in ENGLISH, key
        assert ENGLISH[key] == arguments, (key, ENGLISH[key], arguments)


def column_names() -> set[str]:
    """The columns the client's tables name by `cli-column-<name>`: the literal names each
    loop or `columns` tuple beside such a key lists."""
    source = (CLI / "app.py").read_text("utf-8")
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        tuples = []
        if isinstance(node, (ast.For, ast.comprehension)) and "cli-column-" in ast.unparse(node):
            tuples.append(node.iter)
        if isinstance(node, ast.ListComp | ast.GeneratorExp) and "cli-column-" in ast.unparse(node):
            tuples.extend(generator.iter for generator in node.generators)
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "columns":
            tuples.append(node.value)
        for listed in tuples:
            if isinstance(listed, ast.Tuple):
                names |= {e.value for e in listed.elts if isinstance(e, ast.Constant)}
    return names


def test_every_key_named_by_a_value_exists_in_english():
    families = {
        "cli-column-": column_names(),
        "cli-bot-level-": {*tournament.LEVELS, "unspecified"},
        "cli-challenge-state-": set(cli_app.CHALLENGE_STATES.values()),
        "cli-decline-reason-": {*cli_app.DECLINE_WORDS.values(), *cli_app.DeclineWhy},
        "cli-tournament-phase-": {
            name.removeprefix("TOURNAMENT_PHASE_").lower()
            for name in tpb.TournamentPhase.DESCRIPTOR.values_by_name
        },
        "cli-circle-": set(cli_app.Circle),
        "cli-circle-empty-": set(cli_app.Circle),
        "cli-chat-room-": set(cli_app.ROOM_NAMES.values()),
        "cli-results-": {"finished", "draw", "abandoned"},
    }
    assert len(families["cli-column-"]) > 30
    assert len(families["cli-challenge-state-"]) == len(chpb.ChallengeState.DESCRIPTOR.values)
    for prefix, values in families.items():
        for value in values:
            assert f"{prefix}{value}" in ENGLISH, f"{prefix}{value}"
    for key in cli_app.ANSWERS.values():
        assert ENGLISH[key] == {"challenge"}, key


def test_numbers_durations_and_days_are_written_for_the_locale():
    day, hour, minute = 86_400_000, 3_600_000, 60_000
    words.use("de")
    assert words.duration(2 * day + 5 * hour + 59 * minute) == "2 Tg., 5 Std."
    assert words.number(25.0, "#,##0.0") == "25,0"
    assert words.t("cli-matches-wait", count=2).startswith("2 Partien warten auf dich")
    words.use("fa")
    assert words.duration(3 * hour + 10 * minute) == "۳ ساعت،\u200f ۱۰ دقیقه"
    assert words.number(1234.5, "#,##0.0") == "۱٬۲۳۴٫۵"
    assert words.t("cli-match-created", match="m1", seat=1) == (
        "بازی m1 ساخته شد؛ شما در جایگاه ۱ هستید."
    )
    assert words.title_name("galileo") == "گالیله گالیله"
    words.use("en")
    assert words.duration(45_999) == "45s" and words.whole(1234) == "1,234"
