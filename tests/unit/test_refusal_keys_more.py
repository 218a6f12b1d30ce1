"""The refusals of the social services, tournaments, matchmaking, notices and the gateway are
message keys with arguments (`locales/<lang>/refusals-more.ftl`). test_messages checks every key
passed first to a refusal or a Text (in English, shown with its arguments) and every catalogue
complete; here: the keys passed where its scan does not look (the gateway's `refusal`, the
unsubscribe page's helpers, tables of the code) are in English with their arguments, no key is
passed an argument its message does not show, the file has the same keys in each language, a
sample reads differently in German and Persian than in English, the gateway words its own
refusals in the browser's language, and these packages hand no sentence to a refusal."""

from __future__ import annotations

import ast
import datetime
from collections.abc import Mapping
from pathlib import Path

import pytest
from connectrpc.code import Code
from connectrpc.errors import ConnectError
from fluent.syntax import ast as fluent_ast
from fluent.syntax import parse as parse_fluent
from google.rpc import error_details_pb2

from playhall.common import errors
from playhall.conformance.messages import check_used
from playhall.core import i18n
from playhall.gateway import headers
from playhall.gateway.errors import ERROR_INFO, LOCALIZED_MESSAGE, in_language, refusal
from playhall.match.v1 import match_service_pb2 as match_pb
from playhall.matchmaking.api import days_per_turn
from playhall.matchmaking.v1 import matchmaking_service_pb2 as mmpb
from playhall.notifications.preferences import Preferences, check
from playhall.relations.graph import refuse_self
from playhall.social import challenges
from playhall.social.challenge_store import State
from tests.helpers import called_name, sentences_given, service_files

PACKAGES = [
    "social",
    "relations",
    "tournaments",
    "matchmaking",
    "notifications",
    "notifier",
    "gateway",
    "bots",
    "canary",
]
"""The packages whose refusals this file checks."""
FILE = "refusals-more.ftl"

REFUSALS = {
    "InvalidRequest",
    "NotNow",
    "NotAllowed",
    "Blocked",
    "NotAuthenticated",
    "NoArchive",
    "Unavailable",
    "NotYourSeat",
}
"""The refusal classes these packages raise with a key of their own."""


KEYED_FIRST = {"Text": 0, **dict.fromkeys(REFUSALS, 0)}
"""Calls given their key first: test_messages scans for these too."""
KEYED_ELSEWHERE = {"refusal": 2, "_words": 1, "_line": 1}
"""Calls given their key elsewhere, which test_messages does not scan: the gateway's refusal
takes its key third, the unsubscribe page's helpers second."""


def _key_and_arguments(
    call: ast.Call, positions: Mapping[str, int]
) -> tuple[str, frozenset[str] | None] | None:
    """The key a call named in `positions` is given there, and the argument names (None where
    they are not written out)."""
    name = called_name(call)
    position = positions.get(name or "")
    if position is None or len(call.args) <= position:
        return None
    first = call.args[position]
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    if name == "Text":
        given = call.args[1] if len(call.args) > 1 else ast.Dict(keys=[], values=[])
        if not isinstance(given, ast.Dict):
            return first.value, None
        return first.value, frozenset(
            str(k.value) for k in given.keys if isinstance(k, ast.Constant)
        )
    if any(keyword.arg is None for keyword in call.keywords):
        return first.value, None
    return first.value, frozenset(k.arg for k in call.keywords if k.arg)


def keys_used(
    positions: Mapping[str, int] = {**KEYED_FIRST, **KEYED_ELSEWHERE},
) -> dict[str, frozenset[str] | None]:
    """The keys these packages pass to the calls named in `positions`, and the keys a table of
    the code chooses from."""
    used: dict[str, frozenset[str] | None] = {}
    for path in service_files(*PACKAGES):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and (found := _key_and_arguments(node, positions)):
                used[found[0]] = found[1]
    used |= {key: frozenset() for key in challenges.ANSWERED.values()}
    used["challenge-still-open"] = frozenset()
    return used


def test_the_scan_finds_the_keys():
    used = keys_used()
    assert len(used) > 90, len(used)
    assert used["challenge-open-most"] == {"most"}
    assert used["gateway-too-many-calls"] == {"kind", "retry_ms"}
    assert used["chat-watch-streams-most"] == {"most"}
    assert used["gateway-unsubscribe-done"] == frozenset()


def test_the_keys_test_messages_does_not_scan_are_in_english_and_no_argument_is_in_vain():
    """The keys passed where test_messages does not look are in English, shown with the
    arguments passed; and every key these packages pass is given exactly the arguments its
    English uses (test_messages checks only that none is missing, and that each language uses
    English's arguments)."""
    catalogue = i18n.platform()
    unscanned = keys_used(KEYED_ELSEWHERE)
    problems = [str(p) for p in check_used(catalogue, unscanned, "refusals")]
    english = catalogue.variables(i18n.SOURCE_LANGUAGE)
    for key, passed in sorted(keys_used().items()):
        if key in english and passed is not None and english[key] != passed:
            problems.append(f"{key}: uses {english[key]}, given {passed}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", i18n.SHIPPED_LANGUAGES)
def test_the_file_has_the_same_keys_in_each_language(language):
    """(That no key of it is in another file of the language too, test_messages checks.)"""
    assert _keys_of(i18n.PLATFORM_FOLDER / language / FILE) == _keys_of(
        i18n.PLATFORM_FOLDER / "en" / FILE
    )


def _keys_of(path: Path) -> set[str]:
    body = parse_fluent(path.read_text("utf-8")).body
    assert not [entry for entry in body if isinstance(entry, fluent_ast.Junk)], path
    return {entry.id.name for entry in body if isinstance(entry, fluent_ast.Message)}


EXPIRED_AT = datetime.datetime(2026, 12, 5, 14, 30, tzinfo=datetime.UTC).isoformat(
    timespec="minutes"
)
SAMPLES = [
    i18n.Text("challenge-open-most", {"most": 5}),
    i18n.Text("challenge-self"),
    i18n.Text("challenge-expired", {"at": EXPIRED_AT}),
    i18n.Text("chat-mutes-most", {"most": 200}),
    i18n.Text("friend-self", {"action": "block"}),
    i18n.Text("moderation-note-too-long", {"what": "resolution", "most": 500, "length": 612}),
    i18n.Text("tournament-swiss-rounds-promise", {"rounds": 5, "count": 6, "fewer": 3}),
    i18n.Text("queue-waiting-elsewhere", {"title": "galileo", "players": 2, "days": 3}),
    i18n.Text("queue-match-went-on", {"match": "m-1", "pace": "live", "grace": 30}),
    i18n.Text("notice-per-hour-range", {"least": 1, "most": 1000}),
    i18n.Text("gateway-too-many-calls", {"kind": "token", "retry_ms": 500}),
]


@pytest.mark.parametrize("text", SAMPLES, ids=lambda text: text.key)
def test_a_sample_reads_in_german_and_persian_differently_from_english(text):
    english = i18n.render(text, "en")
    assert "{" not in english and text.key not in english, english
    for language in ("de", "fa"):
        sentence = i18n.render(text, language)
        assert sentence != english and text.key not in sentence, (language, sentence)
        assert "{" not in sentence, sentence


def test_each_selected_id_reads_as_its_own_words():
    """An argument that names a kind of thing is an id; each reads differently (none falls
    to the catch-all of another)."""
    for key, name, ids in [
        ("friend-self", "action", ["follow", "unfollow", "block", "unblock"]),
        ("moderation-self", "action", ["report", "mute", "end-matches"]),
        ("moderation-note-missing", "what", ["comment", "resolution", "reason"]),
        ("gateway-too-many-calls", "kind", ["token", "address"]),
    ]:
        for language in i18n.SHIPPED_LANGUAGES:
            read = {
                i18n.render(i18n.Text(key, {name: id_, "retry_ms": 1}), language) for id_ in ids
            }
            assert len(read) == len(ids), (key, language, read)


def test_the_english_stays_as_it_was():
    assert i18n.english("friend-self", action="follow") == "You cannot follow yourself"
    assert i18n.english("moderation-self", action="end-matches") == (
        "You cannot end the matches of yourself"
    )
    assert i18n.english("queue-waiting-elsewhere", title="galileo", players=2, days=1) == (
        "You are already waiting in the 2-player turn-based queue (1 day a move) of galileo; "
        "leave it first"
    )
    assert i18n.english("queue-match-went-on", match="m", pace="turn-based", grace=30) == (
        "Your match m is over or went on without you; enter the queue again"
    )
    assert i18n.english("challenge-expiry-most", most=604800) == (
        "A challenge waits at most 604800 seconds"
    )


def test_refusals_raised_name_keys():
    with pytest.raises(errors.InvalidRequest) as refused:
        refuse_self("p-1", "p-1", "unfollow")
    assert refused.value.text == i18n.Text("friend-self", {"action": "unfollow"})
    with pytest.raises(errors.InvalidRequest) as refused:
        days_per_turn(mmpb.EnterQueueRequest(pace=match_pb.PACE_LIVE, days_per_turn=3))
    assert refused.value.text is not None and refused.value.text.key == "queue-days-live"
    with pytest.raises(errors.InvalidRequest) as refused:
        check(Preferences(time_zone="Mars/Olympus"))
    assert refused.value.text == i18n.Text("notice-time-zone-unknown", {"zone": "Mars/Olympus"})
    assert "Mars/Olympus" in i18n.render(refused.value.text, "fa")
    assert set(challenges.ANSWERED) == {State.ACCEPTED, State.DECLINED, State.WITHDRAWN}


def _details(error: ConnectError) -> tuple[error_details_pb2.ErrorInfo, str]:
    info = next(d for d in error.details if d.type_name == ERROR_INFO)
    localized = next(d for d in error.details if d.type_name == LOCALIZED_MESSAGE)
    message = error_details_pb2.LocalizedMessage.FromString(localized.message_bytes)
    return error_details_pb2.ErrorInfo.FromString(info.message_bytes), message.locale


def test_the_gateway_words_its_refusal_in_the_browsers_language():
    error = refusal(Code.UNAVAILABLE, "fa-IR,fa;q=0.9,en;q=0.5", "gateway-stopping")
    assert error.message == i18n.render(i18n.Text("gateway-stopping"), "fa")
    info, locale = _details(error)
    assert (info.reason, info.domain, locale) == ("GATEWAY_STOPPING", "playhall.games", "fa")
    english = refusal(Code.UNAVAILABLE, None, "gateway-stopping")
    assert english.message == "The gateway is stopping; watch again"


def test_a_shared_refusal_is_worded_again_for_each_reader():
    shared = refusal(Code.UNAVAILABLE, None, "gateway-match-server-unreachable", seconds=30)
    german = in_language(shared, "de-DE,de;q=0.9")
    assert german.code == Code.UNAVAILABLE
    assert german.message == "Der Partieserver ist seit 30 s nicht erreichbar; schau noch einmal zu"
    info, locale = _details(german)
    assert dict(info.metadata) == {"seconds": "30"} and locale == "de"
    plain = ConnectError(Code.INTERNAL, "no key")
    assert in_language(plain, "de") is plain


def test_an_undecodable_header_is_refused_in_the_callers_language():
    marked = headers._undecodable.set("x-trace")
    try:
        with pytest.raises(ConnectError) as refused:
            headers.refuse_undecodable("de")
    finally:
        headers._undecodable.reset(marked)
    assert refused.value.code == Code.INVALID_ARGUMENT
    assert refused.value.message == "Der Header x-trace ist kein UTF-8-Text"


def test_these_packages_give_no_refusal_a_sentence():
    """No refusal, `ConnectError` or `context.abort` is given a sentence (a literal that is
    not a key, or text built in code) rather than a key."""
    files = service_files(*PACKAGES)
    assert len(files) > 60
    positions = {"ConnectError": 1, "abort": 1, **dict.fromkeys(REFUSALS, 0)}
    found = [where for path in files for where in sentences_given(path, positions)]
    assert not found, "\n".join(found)
