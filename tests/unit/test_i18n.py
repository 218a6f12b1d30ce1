"""`core.i18n`: choosing a language, texts as they travel, and numbers in the reader's digits."""

import datetime

import pytest

from playhall.common.errors import ChatBanned, StaleVersion
from playhall.core import IllegalMove, i18n


@pytest.mark.parametrize(
    ("accepted", "chosen"),
    [
        ("fa-IR,fa;q=0.9,en;q=0.8", "fa"),
        ("fr-FR, de;q=0.7, en;q=0.5", "de"),
        ("en;q=0.2, de;q=0.9", "de"),
        ("de_DE.UTF-8", "de"),
        ("fa_IR.UTF-8@calendar=persian", "fa"),
        ("fr", "en"),
        ("de;q=0", "en"),
        ("de;q=nonsense, fa", "fa"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_negotiate_picks_the_most_preferred_offered_language(accepted, chosen):
    assert i18n.negotiate(accepted) == chosen


def test_a_sentence_is_no_key_and_no_refusal():
    with pytest.raises(ValueError):
        i18n.Text("That square is taken")
    with pytest.raises(ValueError):
        IllegalMove("That square is taken")


def test_a_huge_argument_is_cut_so_a_huge_request_makes_no_huge_refusal():
    text = i18n.Text("rules-unknown-option", {"title": "x", "name": "n" * 5000})
    assert len(str(text.args["name"])) == i18n.ARGUMENT_CHARS
    assert str(text.args["name"]).endswith("\u2026")
    assert len(i18n.render(text, "de")) < 2 * i18n.ARGUMENT_CHARS + 200


def test_numbers_and_dates_are_written_in_the_readers_digits():
    stale = StaleVersion(1234, 10)
    assert "1234" in stale.reason
    assert "۱۲۳۴" in i18n.render(stale.text, "fa") and "1234" not in i18n.render(stale.text, "fa")
    assert "1234" in i18n.render(stale.text, "de")
    banned = ChatBanned(datetime.datetime(2026, 12, 5, 14, 30, tzinfo=datetime.UTC))
    persian = i18n.render(banned.text, "fa")
    assert "۱۴:۳۰" in persian and "14" not in persian
    assert "14:30" in i18n.render(banned.text, "de")
    assert i18n.decimal(0.5, "de") == "0,5" and i18n.decimal(0.5, "fa") == "۰٫۵"


def test_arguments_read_the_same_after_the_wire():
    text = i18n.Text("rules-no-such-seat", {"seat": 7, "first": 0, "last": 2})
    wired = i18n.typed_args(i18n.wire_args(text.args))
    assert wired == {"seat": 7, "first": 0, "last": 2}
    assert i18n.typed_args({"rate": "0.5", "name": "Ada"}) == {"rate": 0.5, "name": "Ada"}
    assert i18n.key_of_reason(i18n.error_reason("galileo-not-in-hand")) == "galileo-not-in-hand"


def test_a_titles_name_and_keys_are_found_without_importing_the_title():
    assert i18n.title_name("inventors", "de") == "Erfinderteam"
    assert i18n.title_name("no_such_title", "de") == "No_such_title"
    assert i18n.shipped("galileo", "1") is not None
    assert i18n.shipped("galileo", "999") is None
    assert i18n.shipped("../etc", None) is None
    assert i18n.catalogue_of("galileo-name").has("galileo-name", "fa")
