"""Eynsteyn's engine values to and from playhall.eynsteyn.v1 messages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from playhall.core import Codec, MalformedMessage
from playhall.core.api import IntOption
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

E = TypeVar("E", e.Phase, e.PassReason, e.EndReason)


class EynsteynCodec(Codec[e.EynsteynState]):
    state_message = pb.State
    move_message = pb.Move
    view_message = pb.View
    event_message = pb.Event

    # -- states --------------------------------------------------------------------------------

    def encode_state(self, state: e.EynsteynState) -> pb.State:
        message = pb.State(
            rules_version=state.rules_version,
            board_size=state.board_size,
            auto_call=state.auto_call,
            board=_encode_board(state.board, state.markers, state.board_size),
            seats=_encode_seats(state.hands, state.markers_left, state.calls, state.north_south),
            stacks=[
                pb.DrawStack(stones=stack, returned=returned)  # type: ignore[arg-type]
                for stack, returned in zip(state.stacks, state.returned, strict=True)
            ],
            # protoc's .pyi types an enum field as the enum's class; its values are ints.
            phase=int(state.phase),  # type: ignore[arg-type]
            current=state.current,
            start_player=state.start_player,
            placement_passes=state.placement_passes,
            step=state.step,
            turn=state.turn,
            move_count=state.move_count,
        )
        _set_optional(message, state.last_placed, state.board_size, state.winner)
        return message

    def decode_state(self, message: pb.State) -> e.EynsteynState:
        e.INFO.check_rules_version(message.rules_version)
        e.INFO.check_players(len(message.seats))
        size = _board_size(message.board_size)
        board, markers = _decode_board(message.board, size)
        state = e.EynsteynState(
            board_size=size,
            auto_call=message.auto_call,
            board=board,
            markers=markers,
            hands=tuple(_kinds(seat.hand) for seat in message.seats),
            stacks=tuple(_kinds(stack.stones) for stack in message.stacks),
            returned=tuple(stack.returned for stack in message.stacks),
            markers_left=tuple(seat.markers_left for seat in message.seats),
            calls=tuple(seat.called for seat in message.seats),
            phase=_enum(e.Phase, message.phase, "phase"),
            current=message.current,
            start_player=message.start_player,
            north_south=_north_south(message.seats),
            last_placed=_decode_cell(message, size),
            placement_passes=message.placement_passes,
            winner=message.winner if message.HasField("winner") else None,
            rules_version=message.rules_version,
            _step=message.step,
            _turn=message.turn,
            _move_count=message.move_count,
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
        raise MalformedMessage("The move is empty: draw, place, mark, skip, end the turn or pass")

    # -- views ---------------------------------------------------------------------------------

    def encode_view(self, view: e.EynsteynView) -> pb.View:
        message = pb.View(
            rules_version=view.rules_version,
            board_size=view.board_size,
            auto_call=view.auto_call,
            board=_encode_board(view.board, view.markers, view.board_size),
            seats=_encode_seats(view.hands, view.markers_left, view.calls, view.north_south),
            stacks=[
                pb.StackView(
                    size=stack.size,
                    top=stack.top,  # type: ignore[arg-type]
                    returned=stack.returned,
                    known_bottom=stack.known_bottom,  # type: ignore[arg-type]
                )
                for stack in view.stacks
            ],
            phase=int(view.phase),  # type: ignore[arg-type]
            current=view.current,
            start_player=view.start_player,
            placement_passes=view.placement_passes,
            step=view.step,
            turn=view.turn,
            move_count=view.move_count,
        )
        _set_optional(message, view.last_placed, view.board_size, view.winner)
        set_viewer(message, view.viewer)
        return message

    def decode_view(self, message: pb.View) -> e.EynsteynView:
        viewer = viewer_of(message)
        if len(message.seats) != e.PLAYERS or len(message.stacks) != RULES.stacks:
            raise MalformedMessage("The view needs two seats and five stacks")
        size = _board_size(message.board_size)
        board, markers = _decode_board(message.board, size)
        return e.EynsteynView(
            rules_version=message.rules_version,
            viewer=viewer,
            board_size=size,
            auto_call=message.auto_call,
            board=board,
            markers=markers,
            hands=tuple(_kinds(seat.hand) for seat in message.seats),
            markers_left=tuple(seat.markers_left for seat in message.seats),
            calls=tuple(seat.called for seat in message.seats),
            stacks=tuple(
                e.StackView(
                    size=stack.size,
                    top=_kind(stack.top) if stack.size else 0,
                    returned=stack.returned,
                    known_bottom=_kinds(stack.known_bottom),
                )
                for stack in message.stacks
            ),
            phase=_enum(e.Phase, message.phase, "phase"),
            current=message.current,
            start_player=message.start_player,
            north_south=_north_south(message.seats),
            last_placed=_decode_cell(message, size),
            placement_passes=message.placement_passes,
            winner=message.winner if message.HasField("winner") else None,
            step=message.step,
            turn=message.turn,
            move_count=message.move_count,
        )

    # -- events --------------------------------------------------------------------------------

    def encode_event(self, event: object) -> pb.Event:
        match event:
            case e.GameStarted():
                return pb.Event(
                    game_started=pb.GameStarted(
                        start_player=event.start_player, north_south_seat=event.north_south
                    )
                )
            case e.StoneDrawn():
                return pb.Event(
                    stone_drawn=pb.StoneDrawn(
                        seat=event.seat,
                        stack=event.stack,
                        kind=event.kind,  # type: ignore[arg-type]
                    )
                )
            case e.StonePlaced():
                return pb.Event(
                    stone_placed=pb.StonePlaced(
                        seat=event.seat,
                        stone=_stone(event.kind, event.rotation),
                        cell=pb.Cell(row=event.row, column=event.column),
                        level=event.level,
                    )
                )
            case e.PreparationEnded():
                return pb.Event(
                    preparation_ended=pb.PreparationEnded(
                        stuck=event.stuck,
                        returned=[
                            pb.ReturnedStone(
                                seat=r.seat,
                                stack=r.stack,
                                kind=r.kind,  # type: ignore[arg-type]
                            )
                            for r in event.returned
                        ],
                    )
                )
            case e.MarkerPlaced():
                cell = pb.Cell(row=event.row, column=event.column)
                return pb.Event(marker_placed=pb.MarkerPlaced(seat=event.seat, cell=cell))
            case e.MarkSkipped():
                return pb.Event(mark_skipped=pb.MarkSkipped(seat=event.seat))
            case e.TurnEnded():
                return pb.Event(
                    turn_ended=pb.TurnEnded(
                        seat=event.seat,
                        stack=event.stack,
                        kind=event.kind,  # type: ignore[arg-type]
                        call=event.call,
                    )
                )
            case e.WinRefused():
                return pb.Event(
                    win_refused=pb.WinRefused(
                        seat=event.seat,
                        stone=_stone(event.kind, event.rotation),
                        cell=pb.Cell(row=event.row, column=event.column),
                    )
                )
            case e.Passed():
                return pb.Event(
                    passed=pb.Passed(
                        seat=event.seat,
                        reason=int(event.reason),  # type: ignore[arg-type]
                        call=event.call,
                    )
                )
            case e.GameEnded():
                return pb.Event(
                    game_ended=pb.GameEnded(
                        winners=event.winners,
                        reason=int(event.reason),  # type: ignore[arg-type]
                    )
                )
        raise TypeError(f"not an Eynsteyn event: {event!r}")


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


def _set_optional(
    message: pb.State | pb.View, last_placed: int | None, size: int, winner: int | None
) -> None:
    if last_placed is not None:
        row, column = divmod(last_placed, size)
        message.last_placed.CopyFrom(pb.Cell(row=row, column=column))
    if winner is not None:
        message.winner = winner


def _board_size(size: int) -> int:
    if not SIZES.min <= size <= SIZES.max:
        raise MalformedMessage(f"A board has {SIZES.min} to {SIZES.max} squares a side, not {size}")
    return size


def _decode_board(message: pb.Board, size: int) -> tuple[Board, tuple[int | None, ...]]:
    heights = list(message.heights)
    if len(heights) != size * size:
        raise MalformedMessage(f"A board of size {size} has {size * size} squares")
    if any(not 0 <= height <= RULES.tallest_stack for height in heights):
        raise MalformedMessage(f"A square holds 0 to {RULES.tallest_stack} stones")
    kinds, rotations = message.kinds, message.rotations
    if not len(kinds) == len(rotations) == sum(heights):
        raise MalformedMessage("The board's heights, kinds and rotations do not match")
    found = [CODE_OF.get(stone) for stone in zip(kinds, rotations, strict=True)]
    codes = [code for code in found if code is not None]
    if len(codes) != len(found):
        raise MalformedMessage("A stone on the board has a kind or rotation that does not exist")
    board = []
    start = 0
    for height in heights:
        board.append(tuple(codes[start : start + height]))
        start += height
    markers: list[int | None] = [None] * (size * size)
    for marker in message.markers:
        if not (0 <= marker.row < size and 0 <= marker.column < size):
            raise MalformedMessage(
                f"Marker square ({marker.row}, {marker.column}) is off the board"
            )
        square = marker.row * size + marker.column
        if markers[square] is not None:
            raise MalformedMessage("Two markers lie on one square")
        markers[square] = marker.seat
    return tuple(board), tuple(markers)


def _kind(value: int) -> int:
    if value not in KIND_BY_ID:
        raise MalformedMessage(f"Unknown stone kind {value}")
    return value


def _kinds(values: Iterable[int]) -> tuple[int, ...]:
    kinds = tuple(values)
    if not KIND_BY_ID.keys() >= set(kinds):
        raise MalformedMessage(f"Unknown stone kind among {sorted(set(kinds))}")
    return kinds


def _north_south(seats: Iterable[pb.SeatState]) -> int:
    edges = [seat.edges for seat in seats]
    if sorted(edges) != sorted(EDGES.values()):
        raise MalformedMessage("One seat must connect North-South and the other West-East")
    return edges.index(pb.EDGE_PAIR_NORTH_SOUTH)


def _decode_cell(message: pb.State | pb.View, size: int) -> int | None:
    if not message.HasField("last_placed"):
        return None
    cell = message.last_placed
    if not (0 <= cell.row < size and 0 <= cell.column < size):
        raise MalformedMessage(f"Square ({cell.row}, {cell.column}) is off the board")
    return cell.row * size + cell.column


def _enum(kind: type[E], value: int, what: str) -> E:
    try:
        return kind(value)
    except ValueError:
        raise MalformedMessage(f"Unknown {what} {value}") from None


def _check_consistent(state: e.EynsteynState) -> None:
    """Refuses a state the engine could never have produced, so none can make it fail."""
    seats = range(e.PLAYERS)
    stones = [ORIENTATIONS[code].kind for square in state.board for code in square]
    stones += [kind for hand in (*state.hands, *state.stacks) for kind in hand]
    if tuple(sorted(stones)) != ALL_STONES:
        _inconsistent("every stone must appear exactly once")
    if len(state.stacks) != RULES.stacks:
        _inconsistent(f"there are {RULES.stacks} draw stacks")
    if any(not 0 <= returned <= len(ALL_STONES) for returned in state.returned):
        _inconsistent("a stack has an impossible number of returned stones")
    placed = Counter(marker for marker in state.markers if marker is not None)
    if not set(placed) <= set(seats):
        _inconsistent("a marker belongs to no seat")
    for seat in seats:
        left = state.markers_left[seat]
        if left < 0 or placed[seat] + left != RULES.markers_per_player:
            _inconsistent(f"seat {seat} must hold {RULES.markers_per_player} markers in all")
    if any(not state.board[sq] for sq, marker in enumerate(state.markers) if marker is not None):
        _inconsistent("a marker lies on an empty square")
    if state.current not in seats or state.start_player not in seats:
        _inconsistent("the seat to move or the start player is no seat")
    if state.last_placed is not None and not state.board[state.last_placed]:
        _inconsistent("the last stone laid is not on the board")
    if not 0 <= state.placement_passes < e.PLAYERS + (state.phase is e.Phase.OVER):
        _inconsistent("too many passes in a row")
    if state.winner is not None and (state.winner not in seats or state.phase is not e.Phase.OVER):
        _inconsistent("a winner while the game is in play")
    if not all(0 <= n <= MOST_MOVES for n in (state.step, state.turn, state.move_count)):
        _inconsistent(f"a game has at most {MOST_MOVES} moves, steps and turns")


def _inconsistent(why: str) -> None:
    raise MalformedMessage(f"The state is inconsistent: {why}")
