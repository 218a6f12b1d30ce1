"""RulesService: a thin adapter that decodes, calls the title's engine, and maps its refusals to
status codes. No rule lives here."""

import contextlib
import logging
import threading

import grpc
from google.protobuf import any_pb2
from prometheus_client import Counter

from playhall.common.recent import Recent
from playhall.common.refusal_details import details_of, language_of, rich_status
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


def abort(context: grpc.ServicerContext, code: grpc.StatusCode, error: RuleError) -> None:
    """Ends the call with `code`: the refusal's English as the status message, its key and
    arguments, and the sentence in the caller's language (`common.refusal_details`)."""
    language = language_of(context.invocation_metadata())
    context.abort_with_status(
        rich_status(code, error.reason, details_of(error.text, error.reason, language))
    )


@contextlib.contextmanager
def refusals(context: grpc.ServicerContext):
    """Turns a rule error into the matching status; everything else is a bug and propagates."""
    try:
        yield
    except RuleError as error:
        abort(context, status_code(error), error)


class RulesServicer(rules_service_pb2_grpc.RulesServiceServicer):
    """Hosts one title."""

    def __init__(self, game: Game, states_kept: int = 1024):
        """`states_kept`: how many states this servicer answered it keeps decoded
        (`DecodedStates`)."""
        self.game = game
        self.codec = game.codec
        self.title = game.info.title_id
        self._info = pb.GetGameInfoResponse(game=convert.game_info(game))
        self._state_type_url = pack(self.codec.state_message()).type_url
        self._decoded = DecodedStates(states_kept)
        # The series exist at 0 before the first move; the children are kept, not looked up
        # again by label on every call.
        self._moves_applied = MOVES_APPLIED.labels(self.title)
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
            abort(context, code, error)
        self._moves_applied.inc()
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
                raise MalformedMessage("rules-render-format")
            # In the caller's language (the orchestrator asks in its caller's).
            content = self.game.render_text(view, language_of(context.invocation_metadata()))
        return pb.RenderViewResponse(content=content)

    def _state(self, payload: any_pb2.Any) -> State:
        """The state of `payload`: the one this servicer answered with these bytes when it
        still keeps it, else decoded (and checked) from them."""
        if payload.type_url == self._state_type_url:
            kept = self._decoded.get(payload.value)
            if kept is not None:
                return kept
        return self.codec.decode_state(unpack(payload, self.codec.state_message, "state"))

    def _legal_moves(self, state: State, viewer, omitted: bool) -> pb.MoveList:
        if omitted or viewer is SPECTATOR:
            return pb.MoveList()
        return convert.move_list(self.codec, state.legal_moves(viewer))

    def _pack_state(self, state: State) -> any_pb2.Any:
        packed = pack(self.codec.encode_state(state))
        self._decoded.put(packed.value, state)
        return packed


class DecodedStates:
    """The states a servicer answered, by their encoded bytes, the `size` most recent.

    The orchestrator sends a match's state back as the rules service answered it, so the next
    move of a match finds its state here instead of decoding and checking it again: a
    quarter of an ApplyMove's own time. States are immutable (`core.api`), so one kept state
    serves any number of calls; the bytes are the whole state, so a hit is exactly the state
    sent. Shared by the server's handler threads, hence the lock."""

    def __init__(self, size: int):
        self._states: Recent[bytes, State] = Recent(size)
        self._lock = threading.Lock()

    def get(self, encoded: bytes) -> State | None:
        with self._lock:
            return self._states.get(encoded)

    def put(self, encoded: bytes, state: State) -> None:
        with self._lock:
            self._states.put(encoded, state)


def _viewer(request, state: State):
    which = request.WhichOneof("viewer")
    if which is None:
        raise MalformedMessage("rules-viewer-missing")
    if which == "spectator":
        if not request.spectator:
            raise MalformedMessage("rules-spectator-false")
        return SPECTATOR
    state.check_seat(request.seat)
    return request.seat
