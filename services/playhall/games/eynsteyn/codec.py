"""Eynsteyn's engine values to and from playhall.eynsteyn.v1 messages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from playhall.core import Codec, MalformedMessage, i18n
from playhall.core.api import IntOption
from playhall.core.fields import from_message, in_oneof, to_message
from playhall.core.wire import set_viewer, viewer_of
from playhall.eynsteyn.v1 import eynsteyn_pb2 as pb
from playhall.games.eynsteyn import engine as e
from playhall.games.eynsteyn.board import Board
from playhall.games.eynsteyn.stones import (
    ALL_STONES,
    KIND_BY_ID,
    KINDS,
    ORIENTATION_CODE,
    ORIENTATIONS,
    RULES,
)


def _check_kinds_match_the_proto() -> None:
    for kind in KINDS:
        if pb.StoneKind.Name(kind.id) != f"STONE_KIND_{kind.name.upper()}":
            raise ImportError(f"stones.json kind {kind.id} ({kind.name}) is not the proto's")


_check_kinds_match_the_proto()

MOST_MOVES = 16 * len(ALL_STONES)
"""More moves, steps and turns than any game can take: a turn either lays a stone or passes,
and no player passes twice in a row without a stone being laid or the game ending."""
CODE_OF: dict[tuple[int, int], int] = {
    (o.kind, o.rotation): code for o, code in ORIENTATION_CODE.items()
}
KIND_OF_CODE = tuple(orientation.kind for orientation in ORIENTATIONS)
ROTATION_OF_CODE = tuple(orientation.rotation for orientation in ORIENTATIONS)
EDGES = {True: pb.EDGE_PAIR_NORTH_SOUTH, False: pb.EDGE_PAIR_WEST_EAST}
SIZES = next(spec for spec in e.INFO.options if isinstance(spec, IntOption))
PLACEMENTS_KEPT = len(ORIENTATIONS) * 4 * SIZES.max * SIZES.max
"""Every spelling of a placement on the largest board that a move could ask for (four rotations,
though only a kind's distinct ones are accepted), so the cache of their bytes is bounded even
when crafted moves ask for others."""
_PLACEMENT_BYTES: dict[tuple[int, int, int, int], bytes] = {}


class EynsteynCodec(Codec[e.EynsteynState], messages=pb):
    # -- states --------------------------------------------------------------------------------

    def encode_state(self, state: e.EynsteynState) -> pb.State:
        return to_message(
            pb.State,
            state,
            board=_encode_board(state.board, state.markers, state.board_size),
            seats=_encode_seats(state.hands, state.markers_left, state.calls, state.north_south),
            stacks=[
                pb.DrawStack(stones=stack, returned=returned)  # type: ignore[arg-type]
                for stack, returned in zip(state.stacks, state.returned, strict=True)
            ],
            phase=int(state.phase),
            last_placed=_encode_cell(state.last_placed, state.board_size),
        )

    def decode_state(self, message: pb.State) -> e.EynsteynState:
        e.INFO.check_rules_version(message.rules_version)
        e.INFO.check_players(len(message.seats))
        size = _board_size(message.board_size)
        board, markers = _decode_board(message.board, size)
        state = from_message(
            e.EynsteynState,
            message,
            board_size=size,
            board=board,
            markers=markers,
            hands=tuple(_kinds(seat.hand) for seat in message.seats),
            stacks=tuple(_kinds(stack.stones) for stack in message.stacks),
            returned=tuple(stack.returned for stack in message.stacks),
            markers_left=tuple(seat.markers_left for seat in message.seats),
            calls=tuple(seat.called for seat in message.seats),
            phase=_phase(message.phase),
            north_south=_north_south(message.seats),
            last_placed=_decode_cell(message, size),
        )
        _check_consistent(state)
        return state

    # -- moves ---------------------------------------------------------------------------------

    def encode_move(self, move: e.Move) -> pb.Move:
        # Listing hundreds of placements for every view is the codec's busiest job: each
        # placement's bytes are built once (keyed by a plain tuple, which hashes several times
        # faster than the move), and every call gets a message of its own.
        if isinstance(move, e.Place):
            key = (move.kind, move.rotation, move.row, move.column)
            wire = _PLACEMENT_BYTES.get(key)
            if wire is None:
                wire = _encode_move(move).SerializeToString()
                if len(_PLACEMENT_BYTES) < PLACEMENTS_KEPT:
                    _PLACEMENT_BYTES[key] = wire
            return pb.Move.FromString(wire)
        return _encode_move(move)

    def decode_move(self, message: pb.Move) -> e.Move:
        match message.WhichOneof("action"):
            case "draw":
                return e.Draw(message.draw.stack)
            case "place":
                place = message.place
                return e.Place(place.kind, place.rotation, place.row, place.column)
            case "mark":
                return e.Mark(message.mark.row, message.mark.column)
            case "skip_mark":
                return e.SkipMark()
            case "end_turn":
                return e.EndTurn(message.end_turn.stack, message.end_turn.call)
            case "pass_turn":
                return e.Pass()
        raise MalformedMessage("eynsteyn-move-empty")

    def describe_move(self, move: e.Move) -> i18n.Text:
        """A move by its fields (`Codec.describe_move`), a laid stone by its kind's name and
        the end of a turn with nothing left to draw as such."""
        if isinstance(move, e.Place):
            stone = KIND_BY_ID[move.kind].name.replace("_", "-") if move.kind in KIND_BY_ID else ""
            where = {"rotation": move.rotation, "row": move.row, "column": move.column}
            return i18n.Text("eynsteyn-move-place", {"stone": stone, **where})
        if isinstance(move, e.EndTurn) and move.stack == e.NO_STACK:
            call = "yes" if move.call else "no"
            return i18n.Text("eynsteyn-move-end-turn-no-stack", {"call": call})
        return super().describe_move(move)

    # -- views ---------------------------------------------------------------------------------

    def encode_view(self, view: e.EynsteynView) -> pb.View:
        message = to_message(
            pb.View,
            view,
            board=_encode_board(view.board, view.markers, view.board_size),
            seats=_encode_seats(view.hands, view.markers_left, view.calls, view.north_south),
            stacks=[
                to_message(
                    pb.StackView,
                    stack,
                    top=stack.top,
                    known_bottom=stack.known_bottom,
                )
                for stack in view.stacks
            ],
            phase=int(view.phase),
            last_placed=_encode_cell(view.last_placed, view.board_size),
        )
        set_viewer(message, view.viewer)
        return message

    def decode_view(self, message: pb.View) -> e.EynsteynView:
        viewer = viewer_of(message)
        if len(message.seats) != e.PLAYERS or len(message.stacks) != RULES.stacks:
            raise MalformedMessage("eynsteyn-view-shape")
        size = _board_size(message.board_size)
        board, markers = _decode_board(message.board, size)
        return from_message(
            e.EynsteynView,
            message,
            viewer=viewer,
            board_size=size,
            board=board,
            markers=markers,
            hands=tuple(_kinds(seat.hand) for seat in message.seats),
            markers_left=tuple(seat.markers_left for seat in message.seats),
            calls=tuple(seat.called for seat in message.seats),
            stacks=tuple(
                from_message(
                    e.StackView,
                    stack,
                    top=_kind(stack.top) if stack.size else 0,
                    known_bottom=_kinds(stack.known_bottom),
                )
                for stack in message.stacks
            ),
            phase=_phase(message.phase),
            north_south=_north_south(message.seats),
            last_placed=_decode_cell(message, size),
        )

    # -- events --------------------------------------------------------------------------------

    def encode_event(self, event: object) -> pb.Event:
        return in_oneof(pb.Event, pb, event, **_event_fields(event))


def _event_fields(event: object) -> dict[str, Any]:
    """What of an event does not match its message by name: stones, squares, enums."""
    match event:
        case e.GameStarted():
            return {"north_south_seat": event.north_south}
        case e.StoneDrawn() | e.TurnEnded():
            return {"kind": event.kind}
        case e.StonePlaced() | e.WinRefused():
            return {"stone": _stone(event.kind, event.rotation), "cell": to_message(pb.Cell, event)}
        case e.PreparationEnded():
            return {
                "returned": [to_message(pb.ReturnedStone, r, kind=r.kind) for r in event.returned]
            }
        case e.MarkerPlaced():
            return {"cell": to_message(pb.Cell, event)}
        case e.Passed() | e.GameEnded():
            return {"reason": int(event.reason)}
    return {}


def _encode_move(move: e.Move) -> pb.Move:
    match move:
        case e.Draw():
            return pb.Move(draw=pb.Draw(stack=move.stack))
        case e.Place():
            return pb.Move(
                place=pb.Place(
                    kind=move.kind,  # type: ignore[arg-type]
                    rotation=move.rotation,
                    row=move.row,
                    column=move.column,
                )
            )
        case e.Mark():
            return pb.Move(mark=pb.Mark(row=move.row, column=move.column))
        case e.SkipMark():
            return pb.Move(skip_mark=pb.SkipMark())
        case e.EndTurn():
            return pb.Move(end_turn=pb.EndTurn(stack=move.stack, call=move.call))
    return pb.Move(pass_turn=pb.PassTurn())


def _stone(kind: int, rotation: int) -> pb.Stone:
    return pb.Stone(kind=kind, rotation=rotation)  # type: ignore[arg-type]


def _encode_board(board: Board, markers: tuple[int | None, ...], size: int) -> pb.Board:
    codes = [code for stones in board for code in stones]
    return pb.Board(
        heights=[len(stones) for stones in board],
        kinds=[KIND_OF_CODE[code] for code in codes],  # type: ignore[misc]
        rotations=[ROTATION_OF_CODE[code] for code in codes],
        markers=[
            pb.Marker(row=square // size, column=square % size, seat=seat)
            for square, seat in enumerate(markers)
            if seat is not None
        ],
    )


def _encode_seats(
    hands: tuple[tuple[int, ...], ...],
    markers_left: tuple[int, ...],
    calls: tuple[bool, ...],
    north_south: int,
) -> list[pb.SeatState]:
    return [
        pb.SeatState(
            hand=hand,  # type: ignore[arg-type]
            markers_left=left,
            called=called,
            edges=EDGES[seat == north_south],
        )
        for seat, (hand, left, called) in enumerate(zip(hands, markers_left, calls, strict=True))
    ]


def _encode_cell(square: int | None, size: int) -> pb.Cell | None:
    if square is None:
        return None
    row, column = divmod(square, size)
    return pb.Cell(row=row, column=column)


def _board_size(size: int) -> int:
    if not SIZES.min <= size <= SIZES.max:
        raise MalformedMessage("eynsteyn-board-size-range", min=SIZES.min, max=SIZES.max, size=size)
    return size


def _decode_board(message: pb.Board, size: int) -> tuple[Board, tuple[int | None, ...]]:
    heights = list(message.heights)
    if len(heights) != size * size:
        raise MalformedMessage("eynsteyn-board-square-count", size=size, squares=size * size)
    if any(not 0 <= height <= RULES.tallest_stack for height in heights):
        raise MalformedMessage("eynsteyn-board-height-range", least=0, most=RULES.tallest_stack)
    kinds, rotations = message.kinds, message.rotations
    if not len(kinds) == len(rotations) == sum(heights):
        raise MalformedMessage("eynsteyn-board-lists-mismatch")
    found = [CODE_OF.get(stone) for stone in zip(kinds, rotations, strict=True)]
    codes = [code for code in found if code is not None]
    if len(codes) != len(found):
        raise MalformedMessage("eynsteyn-board-unknown-stone")
    board = []
    start = 0
    for height in heights:
        board.append(tuple(codes[start : start + height]))
        start += height
    markers: list[int | None] = [None] * (size * size)
    for marker in message.markers:
        if not (0 <= marker.row < size and 0 <= marker.column < size):
            raise MalformedMessage(
                "eynsteyn-marker-off-board", row=marker.row, column=marker.column
            )
        square = marker.row * size + marker.column
        if markers[square] is not None:
            raise MalformedMessage("eynsteyn-markers-shared-square")
        markers[square] = marker.seat
    return tuple(board), tuple(markers)


def _kind(value: int) -> int:
    if value not in KIND_BY_ID:
        raise MalformedMessage("eynsteyn-unknown-kind", kind=value)
    return value


def _kinds(values: Iterable[int]) -> tuple[int, ...]:
    kinds = tuple(values)
    unknown = set(kinds) - KIND_BY_ID.keys()
    if unknown:
        raise MalformedMessage("eynsteyn-unknown-kind", kind=min(unknown))
    return kinds


def _north_south(seats: Iterable[pb.SeatState]) -> int:
    edges = [seat.edges for seat in seats]
    if sorted(edges) != sorted(EDGES.values()):
        raise MalformedMessage("eynsteyn-edges-unassigned")
    return edges.index(pb.EDGE_PAIR_NORTH_SOUTH)


def _decode_cell(message: pb.State | pb.View, size: int) -> int | None:
    if not message.HasField("last_placed"):
        return None
    cell = message.last_placed
    if not (0 <= cell.row < size and 0 <= cell.column < size):
        raise MalformedMessage("eynsteyn-cell-off-board", row=cell.row, column=cell.column)
    return cell.row * size + cell.column


def _phase(value: int) -> e.Phase:
    try:
        return e.Phase(value)
    except ValueError:
        raise MalformedMessage("eynsteyn-unknown-phase", phase=value) from None


def _check_consistent(state: e.EynsteynState) -> None:
    """Refuses a state the engine could never have produced, so none can make it fail."""
    seats = range(e.PLAYERS)
    stones = [ORIENTATIONS[code].kind for square in state.board for code in square]
    stones += [kind for hand in (*state.hands, *state.stacks) for kind in hand]
    if tuple(sorted(stones)) != ALL_STONES:
        _inconsistent("eynsteyn-inconsistent-stones")
    if len(state.stacks) != RULES.stacks:
        _inconsistent("eynsteyn-inconsistent-stacks", stacks=RULES.stacks)
    if any(not 0 <= returned <= len(ALL_STONES) for returned in state.returned):
        _inconsistent("eynsteyn-inconsistent-returned")
    placed = Counter(marker for marker in state.markers if marker is not None)
    if not set(placed) <= set(seats):
        _inconsistent("eynsteyn-inconsistent-marker-owner")
    for seat in seats:
        left = state.markers_left[seat]
        if left < 0 or placed[seat] + left != RULES.markers_per_player:
            _inconsistent(
                "eynsteyn-inconsistent-markers", seat=seat, markers=RULES.markers_per_player
            )
    if any(not state.board[sq] for sq, marker in enumerate(state.markers) if marker is not None):
        _inconsistent("eynsteyn-inconsistent-marker-on-empty")
    if state.current not in seats or state.start_player not in seats:
        _inconsistent("eynsteyn-inconsistent-seats")
    if state.last_placed is not None and not state.board[state.last_placed]:
        _inconsistent("eynsteyn-inconsistent-last-placed")
    if not 0 <= state.placement_passes < e.PLAYERS + (state.phase is e.Phase.OVER):
        _inconsistent("eynsteyn-inconsistent-passes")
    if state.winner is not None and (state.winner not in seats or state.phase is not e.Phase.OVER):
        _inconsistent("eynsteyn-inconsistent-winner")
    if not all(0 <= n <= MOST_MOVES for n in (state.step, state.turn, state.move_count)):
        _inconsistent("eynsteyn-inconsistent-moves", most=MOST_MOVES)


def _inconsistent(key: str, **args: int) -> None:
    """Refuses the state: `key` says what is wrong with it."""
    raise MalformedMessage(key, **args)
