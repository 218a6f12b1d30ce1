"""GetMatch with `render_text`: the caller's own view drawn by the title's rules service
(RenderView), so a terminal draws a title it does not know; a seat's drawing shows what that
seat may see and no more, a spectator's the public view."""

from __future__ import annotations

from playhall.core import get_game
from playhall.match.v1 import match_service_pb2 as pb
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
