"""The match domain's refusals are message keys with arguments: each refusal class of
`common/errors.py`, built as the code builds it, names a key that the platform's catalogue has
in every shipped language with exactly the arguments it passes, and reads differently in German
and Persian than in English; the packages of the match domain raise no sentence."""

from __future__ import annotations

import datetime
import inspect

import pytest

from playhall.accounts.guests import InvalidGuestName, checked_guest_name
from playhall.common import errors
from playhall.core import i18n
from playhall.matchstore.store import NotReplicated, UnreadableMatch
from tests.helpers import sentences_given, service_files

MATCH_DOMAIN = [
    "common",
    "matches",
    "matchstore",
    "archive",
    "access",
    "api",
    "orchestrator",
    "accounts",
    "player_service",
    "match_client.py",
]
"""The packages whose refusals `locales/<lang>/refusals.ftl` words."""

UNTIL = datetime.datetime(2026, 12, 5, 14, 30, tzinfo=datetime.UTC)

BUILT: dict[type, list[errors.MatchError]] = {
    errors.NoSuchMatch: [errors.NoSuchMatch("0123456789abcdef01234567")],
    errors.SeatResigned: [errors.SeatResigned(1)],
    errors.NotModerator: [errors.NotModerator()],
    errors.ChatBanned: [errors.ChatBanned(UNTIL)],
    errors.StaleVersion: [errors.StaleVersion(12, 9)],
    errors.KarmaTooLow: [
        errors.KarmaTooLow(40, 60, needed_for) for needed_for in errors.KarmaTooLow.NEEDED_FOR
    ],
    errors.MatchBusy: [errors.MatchBusy()],
    errors.SlowDown: [errors.SlowDown("chat-too-fast", wait=4)],
    errors.OverLimit: [
        errors.OverLimit("token:t-abc", "moves", 20.0, 40, 0.25),
        errors.OverLimit("address:10.0.0.7", "reads", 0.5, 1, 1.5),
    ],
    errors.TooManyStreams: [
        errors.TooManyStreams("token:t-abc", 8),
        errors.TooManyStreams("address:10.0.0.7", 20),
    ],
    errors.NoSuchTournament: [errors.NoSuchTournament("t-spring")],
    errors.NoSuchChallenge: [errors.NoSuchChallenge("c-42")],
    errors.NoSuchPlayer: [errors.NoSuchPlayer("p-" + "0" * 32)],
    errors.NoSuchReport: [errors.NoSuchReport(7)],
    errors.NoSuchMessage: [errors.NoSuchMessage("0123456789abcdef01234567", 3)],
    errors.NoSuchToken: [errors.NoSuchToken("t-abc")],
    # The classes that take a key from their caller, each with one of the keys raised.
    errors.InvalidRequest: [errors.InvalidRequest("seat-no-such", seat=5, last=1)],
    errors.NotAuthenticated: [errors.NotAuthenticated("seat-send-token", action="undo")],
    errors.NotYourSeat: [errors.NotYourSeat("undo-only-owner", seat=0)],
    errors.NotAllowed: [errors.NotAllowed("undo-not-for-bots")],
    errors.MissingScope: [errors.MissingScope("token-scope-missing", scope="x", method="M")],
    errors.NotNow: [errors.NotNow("match-turn-based-most", most=10)],
    errors.RulesVersionGone: [
        errors.RulesVersionGone(
            "rules-version-gone", version="galileo/1.0", major="galileo/1", served="galileo/2.0"
        )
    ],
    errors.Unavailable: [errors.Unavailable("rules-service-unavailable", title="galileo")],
    errors.NoArchive: [errors.NoArchive("archive-none")],
    errors.Broken: [errors.Broken("match-state-missing", match="0123456789abcdef01234567")],
    errors.Blocked: [errors.Blocked("match-over")],
}
"""Every refusal class, built as the code builds it."""

RULES_CLASSES = {
    errors.MatchError,
    errors.RefusedByRules,
    errors.IllegalByRules,
    errors.NotNowByRules,
}
"""The base class, and the rules service's refusals (worded by the title's catalogue)."""


def refusal_classes() -> set[type]:
    return {
        cls
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, errors.MatchError) and cls not in RULES_CLASSES
    }


def built() -> list[errors.MatchError]:
    extra: list[errors.MatchError] = [
        NotReplicated(1),
        NotReplicated(3, idempotent=False),
        UnreadableMatch("0123456789abcdef01234567"),
    ]
    return [error for made in BUILT.values() for error in made] + extra


def test_every_refusal_class_is_built_here():
    assert refusal_classes() == set(BUILT)


@pytest.mark.parametrize("error", built(), ids=lambda error: type(error).__name__)
def test_a_refusal_names_a_key_with_its_arguments_in_every_language(error):
    text = error.text
    assert text is not None, f"{type(error).__name__} was given a sentence, not a key"
    assert error.reason == i18n.render(text), "the reason is the English of the key"
    catalogue = i18n.platform()
    english = catalogue.format(text, "en")
    for language in i18n.SHIPPED_LANGUAGES:
        assert catalogue.has(text.key, language), (text.key, language)
        used = catalogue.variables(language)[text.key]
        assert used == set(text.args), (text.key, language, used)
        sentence = catalogue.format(text, language)
        assert "{" not in sentence and text.key not in sentence, sentence
        if language != "en":
            assert sentence != english, (text.key, language)


def test_the_wire_arguments_render_as_the_raised_ones():
    """A refusal relayed by another service (its ErrorInfo's metadata: strings) reads as the
    one raised."""
    for error in built():
        assert error.text is not None
        relayed = i18n.Text(error.text.key, i18n.typed_args(i18n.wire_args(error.text.args)))
        for language in i18n.SHIPPED_LANGUAGES:
            assert i18n.render(relayed, language) == i18n.render(error.text, language)


def test_a_chat_ban_travels_as_iso_time_and_each_language_formats_it():
    banned = errors.ChatBanned(UNTIL)
    assert banned.until == UNTIL
    assert banned.text is not None and banned.text.args == {"until": "2026-12-05T14:30+00:00"}
    assert banned.reason.startswith("A moderator muted you from chat until Dec 5, 2026, 2:30")
    assert banned.reason.endswith("PM UTC")
    assert "5" in i18n.render(banned.text, "de") and "2026" in i18n.render(banned.text, "de")


def test_a_selected_word_follows_the_id_passed():
    """Arguments that name a kind of thing are ids; the catalogue says them, and each id reads
    as its own words (none falls to the catch-all)."""
    needed = {
        errors.KarmaTooLow(1, 2, needed_for).reason for needed_for in errors.KarmaTooLow.NEEDED_FOR
    }
    assert len(needed) == len(errors.KarmaTooLow.NEEDED_FOR)
    assert not any("; this needs" in reason for reason in needed)
    token, address = BUILT[errors.OverLimit]
    assert token.reason == (
        "Too many moves from this token (the limit is 20/s burst 40): retry in 250 ms"
    )
    assert address.reason.startswith("Too many reads from this address (the limit is 0.5/s")
    assert token.wait_s == 1 and token.limit == "20/s burst 40"


def test_a_guest_name_refusal_is_a_key_too():
    with pytest.raises(InvalidGuestName) as refused:
        checked_guest_name("x")
    assert refused.value.text.key == "account-guest-name-length"
    assert refused.value.reason == "Choose a name of 2 to 24 characters"
    assert i18n.render(refused.value.text, "de") == "Wähle einen Namen mit 2 bis 24 Zeichen"


def test_the_match_domain_raises_no_sentence():
    """No refusal class of the match domain is given a sentence (a literal that is not a key,
    or text built in code) instead of a key."""
    classes = {cls.__name__ for cls in refusal_classes()} | {
        "InvalidPlayerToken",
        "InvalidGuestName",
        "NotReplicated",
        "UnreadableMatch",
    }
    files = service_files(*MATCH_DOMAIN)
    assert len(files) > 50
    found = [where for path in files for where in sentences_given(path, dict.fromkeys(classes, 0))]
    assert not found, found
