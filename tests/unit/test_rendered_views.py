"""GetMatch with `render_text`: the caller's own view drawn by the title's rules service
(RenderView), so a terminal draws a title it does not know; a seat's drawing shows what that
seat may see and no more, a spectator's the public view. The drawing is in the language the
call accepts (issue 41), every title's in en, de and fa, its layout the same in each."""

from __future__ import annotations

import re

import pytest

from playhall.core import SPECTATOR, Rng, State, get_game, play_random
from playhall.core.wire import pack
from playhall.match.v1 import match_service_pb2 as pb
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.rules_service.servicer import RulesServicer
from tests.helpers import TITLE


async def test_get_match_draws_the_callers_own_view_through_the_rules_service(hall):
    match_id = await hall.create(players=2)
    game = get_game(TITLE)
    drawings = {}
    for seat in (0, 1, None):
        token = None if seat is None else hall.tokens[match_id][seat]
        request = pb.GetMatchRequest(match_id=match_id, render_text=True)
        got = await hall.api.get(request, token)
        view = game.codec.view_message()
        got.view.Unpack(view)
        assert got.drawing == game.render_text(game.codec.decode_view(view)), seat
        drawings[seat] = got.drawing
    assert hall.rules.calls["RenderView"] == 3
    # Galileo's hands are secret: each seat sees its own, a spectator none.
    assert "seen by seat 0" in drawings[0] and "Your hand" in drawings[0]
    assert drawings[0] != drawings[1]
    assert "Your hand" not in drawings[None]
    hand = drawings[0].split("Your hand")[1]
    assert hand not in drawings[1] and hand not in drawings[None]
    # Not asked for: no drawing, and no RenderView call.
    assert (await hall.get(match_id, hall.tokens[match_id][0])).drawing == ""
    assert hall.rules.calls["RenderView"] == 3


class CallIn:
    """The part of a gRPC call's context RenderView reads: its metadata, with the caller's
    `accept-language` (none for a caller who names no language)."""

    def __init__(self, accept_language: str | None):
        self.metadata = () if accept_language is None else (("accept-language", accept_language),)

    def invocation_metadata(self):
        return self.metadata


def test_render_view_draws_in_the_language_the_caller_accepts():
    game = get_game(TITLE)
    servicer = RulesServicer(game)
    state = game.new_game(3, {}, b"drawn in three languages")
    request = rpb.RenderViewRequest(
        state=pack(game.codec.encode_state(state)), seat=0, format=rpb.RENDER_FORMAT_TEXT
    )
    drawn = {
        accepted: servicer.RenderView(request, CallIn(accepted)).content
        for accepted in (None, "de-DE,de;q=0.9,en;q=0.5", "fa-IR")
    }
    view = state.view(0)
    assert drawn[None] == game.render_text(view) == game.render_text(view, "en")
    assert drawn["de-DE,de;q=0.9,en;q=0.5"] == game.render_text(view, "de")
    assert drawn["fa-IR"] == game.render_text(view, "fa")
    assert "Galileo Galilei, seen by seat 0" in drawn[None] and "Your hand: S" in drawn[None]
    assert "Galileo Galilei, aus Sicht von Platz 0" in drawn["de-DE,de;q=0.9,en;q=0.5"]
    assert "Deine Hand: W" in drawn["de-DE,de;q=0.9,en;q=0.5"]
    assert "از دید جایگاه ۰" in drawn["fa-IR"] and "دست شما: دانشمند" in drawn["fa-IR"]


def _positions(title: str, count: int = 6) -> list[State]:
    """`count` positions of a seeded random game of `title`, from its start to its end."""
    game = get_game(title)
    state = game.new_game(2, {}, f"{title} drawn".encode())
    _, history = play_random(state, Rng(b"playout"))
    every = max(1, len(history) // (count - 1))
    positions = [state]
    for number, (seat, move) in enumerate(history, 1):
        state = state.apply(seat, move).state
        if number % every == 0 or number == len(history):
            positions.append(state)
    return positions


HEADINGS = {
    "galileo": ("Galileo Galilei, seen by", "Galileo Galilei, aus Sicht", "گالیله گالیله، از دید"),
    "eynsteyn": ("Eynsteyn, seen by", "Eynsteyn, aus Sicht", "آینشتاین، از دید"),
    "inventors": ("Inventors, seen by", "Erfinderteam, aus Sicht", "تیم مخترعان، از دید"),
    "einstein": ("Einstein, seen by", "Einstein, aus Sicht", "اینشتین، از دید"),
}
"""The first words of each title's drawing in English, German and Persian."""
GERMAN = {
    "galileo": ("Tisch: ", "Platz 1: ", " Experiment"),
    "eynsteyn": ("Platz 0 (a, ", "Platz 1 (b, ", "Stapel: 1: "),
    "inventors": ("Erfindungen:", "Platz 0 (Team ", " Ziel "),
    "einstein": ("Haupttheorien: ", "Die Große Idee (", "Platz 1 "),
}
"""Words every German drawing of the title holds (beside its heading)."""


@pytest.mark.parametrize("title", sorted(HEADINGS))
def test_a_title_draws_every_view_in_every_language_its_layout_the_same(title):
    game = get_game(title)
    english, german, persian = HEADINGS[title]
    leaked_key = re.compile(rf"\b{title}-[a-z0-9]+(?:-[a-z0-9]+)+\b")
    for state in _positions(title):
        for viewer in (0, 1, SPECTATOR):
            view = state.view(viewer)
            drawn = {language: game.render_text(view, language) for language in ("en", "de", "fa")}
            assert drawn["en"] == game.render_text(view)
            assert drawn["en"].startswith(english) and drawn["de"].startswith(german)
            assert drawn["fa"].startswith(persian)
            for word in GERMAN[title]:
                assert word in drawn["de"], (word, drawn["de"])
            for language, text in drawn.items():
                # Every key found its words (a missing one reads as the key), and no argument
                # went missing (Fluent writes one as "{$name}").
                assert not leaked_key.search(text) and "{" not in text, (language, text)
                assert len(text.splitlines()) == len(drawn["en"].splitlines()), language
            # The board's squares and the tiles' positions are the same in every language.
            assert _geometry(title, drawn["de"]) == _geometry(title, drawn["en"])
            assert _geometry(title, drawn["fa"]) == _geometry(title, drawn["en"])


def _geometry(title: str, drawing: str) -> list[str]:
    """The parts of a drawing that are no words: Eynsteyn's grid, Einstein's positions."""
    if title == "eynsteyn":
        return [line for line in drawing.splitlines() if line.startswith(("    0", " 0 ", " 1 "))]
    if title == "einstein":
        return re.findall(r"\((-?\d+, -?\d+, -?\d+, -?\d+)\)", drawing)
    return []
