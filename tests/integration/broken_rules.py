"""Rules services with one deliberate bug each, for the conformance kit to catch:
`python -m tests.integration.broken_rules BUG` serves Galileo's real servicer behind a small
wrapper that breaks one promise (on free loopback ports, announced in the "serving" log line).

- `leak`: a seat's view shows the other seats' secret picks before they are revealed.
- `peek`: the spectator's view shows the next three experiments of the face-down deck.
- `twice`: a move is applied twice over: the state's move count goes up by two (no title lets a
  seat repeat a move at once, so the double shows in the count the state carries).
- `status`: a move by a seat not to move is refused INVALID_ARGUMENT, not FAILED_PRECONDITION.
- `shuffle`: NewGame mixes fresh randomness into the seed, so a seed no longer fixes the game.
- `undo`: ApplyMove calls every step undoable, the picks revealed and the turns passed on too.
- `english`: every refusal is said in English, whatever language the call asks for.
"""

from __future__ import annotations

import os
import sys

import grpc
from google.rpc import code_pb2, status_pb2
from grpc_status import rpc_status

from playhall.common.refusal_details import LANGUAGE_HEADER, STATUS_DETAILS_KEY
from playhall.core import get_game
from playhall.core.wire import pack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules_service.server import Settings, serve
from playhall.rules_service.servicer import RulesServicer

TITLE = "galileo"


def _leaky(state_any, view_any):
    """`view_any` with every seat's pick of `state_any` shown as revealed."""
    state, view = gal.State(), gal.View()
    state_any.Unpack(state)
    view_any.Unpack(view)
    for seat, public in zip(state.seats, view.seats, strict=True):
        public.revealed_pick = seat.pick
    return pack(view)


class Leak(RulesServicer):
    def GetView(self, request, context):
        response = super().GetView(request, context)
        response.view.CopyFrom(_leaky(request.state, response.view))
        return response

    def ApplyMove(self, request, context):
        response = super().ApplyMove(request, context)
        response.mover_view.view.CopyFrom(_leaky(response.state, response.mover_view.view))
        return response


class Peek(RulesServicer):
    def GetView(self, request, context):
        response = super().GetView(request, context)
        if request.spectator:
            state, view = gal.State(), gal.View()
            request.state.Unpack(state)
            response.view.Unpack(view)
            view.hand.extend(state.experiment_deck[:3])
            response.view.CopyFrom(pack(view))
        return response


class Twice(RulesServicer):
    def ApplyMove(self, request, context):
        response = super().ApplyMove(request, context)
        state = gal.State()
        response.state.Unpack(state)
        state.move_count += 1
        response.state.CopyFrom(pack(state))
        response.status.move_count = state.move_count
        return response


class _Relabelled:
    """A servicer context whose FAILED_PRECONDITION aborts come out as INVALID_ARGUMENT (the
    rich status's code too, so that the refusal stays one a client can read)."""

    def __init__(self, context):
        self._context = context

    def abort_with_status(self, status):
        if status.code == grpc.StatusCode.FAILED_PRECONDITION:
            encoded = dict(status.trailing_metadata)[STATUS_DETAILS_KEY]
            rich = status_pb2.Status.FromString(encoded)
            rich.code = code_pb2.INVALID_ARGUMENT
            status = rpc_status.to_status(rich)
        self._context.abort_with_status(status)

    def __getattr__(self, name):
        return getattr(self._context, name)


class Status(RulesServicer):
    def ApplyMove(self, request, context):
        return super().ApplyMove(request, _Relabelled(context))


class _Monolingual:
    """A servicer context that hides the caller's accept-language."""

    def __init__(self, context):
        self._context = context

    def invocation_metadata(self):
        return [item for item in self._context.invocation_metadata() if item[0] != LANGUAGE_HEADER]

    def __getattr__(self, name):
        return getattr(self._context, name)


class English(RulesServicer):
    def ApplyMove(self, request, context):
        return super().ApplyMove(request, _Monolingual(context))


class Shuffle(RulesServicer):
    def NewGame(self, request, context):
        salted = pb.NewGameRequest()
        salted.CopyFrom(request)
        # The seed keeps its length, so that a missing or overlong seed is still refused.
        salted.seed = bytes(
            a ^ b for a, b in zip(request.seed, os.urandom(len(request.seed)), strict=True)
        )
        return super().NewGame(salted, context)


class Undo(RulesServicer):
    def ApplyMove(self, request, context):
        response = super().ApplyMove(request, context)
        response.undoable = True
        return response


BUGS = {
    "leak": Leak,
    "peek": Peek,
    "twice": Twice,
    "status": Status,
    "shuffle": Shuffle,
    "undo": Undo,
    "english": English,
}

if __name__ == "__main__":
    servicer = BUGS[sys.argv[1]](get_game(TITLE))
    serve(
        Settings(TITLE, host="127.0.0.1", port=0, metrics_port=0, metrics_host="127.0.0.1"),
        servicer=servicer,
    )
