"""RulesService: a thin adapter that decodes, calls the title's engine, and maps its refusals to
status codes. No rule lives here."""

import contextlib
import logging

import grpc
from prometheus_client import Counter

from playhall.common.server import status_for
from playhall.core import (
    SPECTATOR,
    Game,
    IllegalMove,
    IncompatibleVersion,
    InvalidSetup,
    MalformedMessage,
    NotYourTurn,
    RuleError,
    State,
)
from playhall.core.wire import pack, unpack
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules.v1 import rules_service_pb2_grpc
from playhall.rules_service import convert

log = logging.getLogger(__name__)

STATUS_OF: dict[type, grpc.StatusCode] = {
    IllegalMove: grpc.StatusCode.INVALID_ARGUMENT,
    InvalidSetup: grpc.StatusCode.INVALID_ARGUMENT,
    MalformedMessage: grpc.StatusCode.INVALID_ARGUMENT,
    NotYourTurn: grpc.StatusCode.FAILED_PRECONDITION,
    IncompatibleVersion: grpc.StatusCode.FAILED_PRECONDITION,
}

MOVES_APPLIED = Counter("playhall_rules_moves_applied", "Moves applied, per title.", ["title"])
MOVES_REFUSED = Counter(
    "playhall_rules_moves_refused", "Moves refused, per title and status code.", ["title", "code"]
)


def status_code(error: RuleError) -> grpc.StatusCode:
    return status_for(STATUS_OF, error)


@contextlib.contextmanager
def refusals(context: grpc.ServicerContext):
    """Turns a rule error into the matching status; everything else is a bug and propagates."""
    try:
        yield
    except RuleError as error:
        context.abort(status_code(error), error.reason)


class RulesServicer(rules_service_pb2_grpc.RulesServiceServicer):
    """Hosts one title."""

    def __init__(self, game: Game):
        self.game = game
        self.codec = game.codec
        self.title = game.info.title_id
        self._info = pb.GetGameInfoResponse(game=convert.game_info(game))
        MOVES_APPLIED.labels(self.title)  # the series exist at 0 before the first move
        for code in sorted({c.name for c in STATUS_OF.values()}):
            MOVES_REFUSED.labels(self.title, code)

    def GetGameInfo(self, request, context):
        return self._info

    def NewGame(self, request, context):
        with refusals(context):
            options = convert.decode_options(request.options)
            state = self.game.new_game(request.players, options, request.seed)
        return pb.NewGameResponse(
            state=self._pack_state(state),
            status=convert.status(state),
            events=[convert.move_event(self.codec, e) for e in self.game.setup_events(state)],
        )

    def ApplyMove(self, request, context):
        try:
            state = self._state(request.state)
            move = self.codec.decode_move(unpack(request.move, self.codec.move_message, "move"))
            after, events = state.apply(request.seat, move)
        except RuleError as error:
            code = status_code(error)
            MOVES_REFUSED.labels(self.title, code.name).inc()
            context.abort(code, error.reason)
        MOVES_APPLIED.labels(self.title).inc()
        return pb.ApplyMoveResponse(
            state=self._pack_state(after),
            status=convert.status(after),
            events=[convert.move_event(self.codec, event) for event in events],
            mover_view=pb.PlayerView(
                view=pack(self.codec.encode_view(after.view(request.seat))),
                legal_moves=self._legal_moves(after, request.seat, request.omit_legal_moves),
            ),
            undoable=state.undoable(request.seat, move, after),
        )

    def GetView(self, request, context):
        with refusals(context):
            state = self._state(request.state)
            viewer = _viewer(request, state)
            view = state.view(viewer)
            legal = self._legal_moves(state, viewer, request.omit_legal_moves)
        return pb.GetViewResponse(
            view=pack(self.codec.encode_view(view)),
            status=convert.status(state),
            legal_moves=legal,
        )

    def RenderView(self, request, context):
        with refusals(context):
            state = self._state(request.state)
            view = state.view(_viewer(request, state))
            if request.format != pb.RENDER_FORMAT_TEXT:
                raise MalformedMessage("Choose a render format: text (the only one)")
            content = self.game.render_text(view)
        return pb.RenderViewResponse(content=content)

    def _state(self, payload) -> State:
        return self.codec.decode_state(unpack(payload, self.codec.state_message, "state"))

    def _legal_moves(self, state: State, viewer, omitted: bool) -> pb.MoveList:
        if omitted or viewer is SPECTATOR:
            return pb.MoveList()
        return convert.move_list(self.codec, state.legal_moves(viewer))

    def _pack_state(self, state: State):
        return pack(self.codec.encode_state(state))


def _viewer(request, state: State):
    which = request.WhichOneof("viewer")
    if which is None:
        raise MalformedMessage("Say whose view: a seat or a spectator")
    if which == "spectator":
        if not request.spectator:
            raise MalformedMessage("spectator must be true when set")
        return SPECTATOR
    state.check_seat(request.seat)
    return request.seat
