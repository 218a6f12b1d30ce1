"""Every move a title lists has a name in every shipped language (`Codec.describe_move`, the
title's moves.ftl), as the terminal client lists them; every setup option is described in
every language (options.ftl). A key missing in a language would read as English, one missing
everywhere as the key itself, an argument missing as "{$name}": each fails here."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from playhall.core import Rng, get_game, i18n
from playhall.core.api import Codec

TITLES = ("galileo", "eynsteyn", "inventors", "einstein")
MOVES_PER_STEP = 40
"""About how many legal moves are named at each step (Einstein lists hundreds of placements):
every move of a shorter list, an evenly spread selection of a longer one."""


def _named_moves(title: str, seed: bytes) -> dict[str, set[str]]:
    """Every language's names of the legal moves met in a seeded random game of `title`, by
    the move's key."""
    game = get_game(title)
    rng = Rng(seed)
    state = game.new_game(2, {}, seed)
    names: dict[str, set[str]] = {}
    while not state.is_terminal():
        seat = state.to_move()[rng.below(len(state.to_move()))]
        legal = state.legal_moves(seat)
        for move in legal[:: max(1, len(legal) // MOVES_PER_STEP)]:
            text = game.codec.describe_move(move)
            for language in i18n.SHIPPED_LANGUAGES:
                names.setdefault(text.key, set()).add(f"{language}:{i18n.render(text, language)}")
        state = state.apply(seat, rng.choice(legal)).state
    return names


@pytest.mark.parametrize("title", TITLES)
def test_every_move_of_a_random_game_has_a_name_in_every_language(title):
    names = _named_moves(title, f"{title} moves".encode())
    catalogue = i18n.titles()[title]  # registered by the title's engine, loaded by now
    assert sum(len(written) for written in names.values()) >= 30, names
    for key, written in names.items():
        assert key.startswith(f"{title}-move-"), key
        for language in i18n.SHIPPED_LANGUAGES:
            assert catalogue.has(key, language), (key, language)
        by_language = {
            language: {name.partition(":")[2] for name in written if name.startswith(language)}
            for language in i18n.SHIPPED_LANGUAGES
        }
        for language, shown in by_language.items():
            for name in shown:
                assert name != key and "{" not in name and f"{title}-" not in name, (language, name)
        assert by_language["de"] != by_language["en"] != by_language["fa"], by_language


def test_a_move_reads_as_its_card_in_german_and_persian():
    codec = get_game("galileo").codec
    state = get_game("galileo").new_game(2, {}, b"named picks")
    pick = state.legal_moves(0)[0]
    text = codec.describe_move(pick)
    english, german, persian = (i18n.render(text, language) for language in ("en", "de", "fa"))
    assert re.fullmatch(r"Pick scientist \d+ \((yellow|red|blue|green), power \d\)", english)
    assert re.fullmatch(r"Wissenschaftler \d+ wählen \((gelb|rot|blau|grün), Stärke \d\)", german)
    assert persian.startswith("انتخاب دانشمند ") and "قدرت" in persian
    assert not re.search(r"[0-9]", persian), persian  # Persian digits from the locale


@dataclass(frozen=True)
class LongJump:
    """A move of a title that names no moves of its own."""

    distance: int
    with_run_up: bool


def test_a_title_that_names_no_moves_gets_its_class_and_fields_as_a_key():
    codec: Codec = get_game("galileo").codec
    text = Codec.describe_move(codec, LongJump(7, True))
    assert text == i18n.Text("galileo-move-long-jump", {"distance": 7, "with_run_up": "yes"})


@pytest.mark.parametrize("title", TITLES)
def test_every_setup_option_is_described_in_every_language(title):
    info = get_game(title).info
    catalogue = i18n.titles()[title]  # registered by the title's engine, loaded by now
    for spec in info.options:
        key = f"{title}-option-{spec.name.replace('_', '-')}"
        # The English is the description GetGameInfo carries.
        assert catalogue.format(i18n.Text(key), "en") == spec.description, key
        for language in ("de", "fa"):
            assert catalogue.has(key, language), (key, language)
            assert catalogue.format(i18n.Text(key), language) != spec.description, (key, language)
