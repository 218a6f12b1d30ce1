"""Einstein's engine values to and from playhall.einstein.v1 messages.

A decoded state's tiles are checked one by one (boards.py): every tile must have been a legal
placement when it was placed (the first at the origin), so a crafted Big Idea can neither overlap
nor carry coordinates beyond what a game reaches.
"""

from __future__ import annotations

from typing import Any

from playhall.core import Codec, MalformedMessage, i18n
from playhall.core.fields import from_message, in_oneof, row, to_message
from playhall.core.wire import set_viewer, viewer_of
from playhall.einstein.v1 import einstein_pb2 as pb
from playhall.games.einstein import engine as e
from playhall.games.einstein import geometry as g
from playhall.games.einstein.boards import checked_board
from playhall.games.einstein.cards import DECKS, EINSTEINS, THEORY_IDS
from playhall.games.einstein.placement import BigIdea, Place, Stock, Tile, Via

MAX_TILES = len(EINSTEINS) * len(g.SHAPES) * 2 * e.TILES_PER_PATTERN


class EinsteinCodec(Codec[e.EinsteinState], messages=pb):
    # -- states --------------------------------------------------------------------------------

    def encode_state(self, state: e.EinsteinState) -> pb.State:
        return to_message(
            pb.State,
            state,
            seats=[
                pb.SeatState(
                    **row(state, seat, "completed", "prestige", hand="hands", pile="piles"),
                    **row(state, seat, theories="theories_won"),
                    einstein=state.einsteins[seat] + 1,  # type: ignore[arg-type]
                    stock=_encode_stock(state.stocks[seat]),
                )
                for seat in range(state.num_players)
            ],
            tiles=[_encode_tile(tile) for tile in state.board.tiles],
        )

    def decode_state(self, message: pb.State) -> e.EinsteinState:
        e.INFO.check_rules_version(message.rules_version)
        e.INFO.check_players(len(message.seats))
        seats = message.seats
        tiles = tuple(_decode_tile(t, len(seats)) for t in message.tiles)
        state = from_message(
            e.EinsteinState,
            message,
            board=_board(tiles),
            einsteins=tuple(_decode_einstein(s.einstein) for s in seats),
            stocks=tuple(_decode_stock(s.stock) for s in seats),
            hands=tuple(tuple(s.hand) for s in seats),
            piles=tuple(tuple(s.pile) for s in seats),
            completed=tuple(tuple(s.completed) for s in seats),
            theories_won=tuple(tuple(s.theories) for s in seats),
            prestige=tuple(s.prestige for s in seats),
        )
        _check_consistent(state)
        return state

    # -- moves ---------------------------------------------------------------------------------

    def encode_move(self, move: Place) -> pb.Move:
        return pb.Move(place=_encode_place(move))

    def decode_move(self, message: pb.Move) -> Place:
        if message.WhichOneof("action") != "place":
            raise MalformedMessage("einstein-empty-move")
        return _decode_place(message.place)

    def describe_move(self, move: Place) -> i18n.Text:
        """A placement by its field, pattern, rotation and position (as the text drawing
        writes a tile), and the edge it lies against where the move names one."""
        placed: dict[str, i18n.Argument] = {
            "field": g.SHAPES[move.shape].field,
            "pattern": g.PATTERN_NAMES[move.pattern].lower(),
            "rotation": move.rotation,
            "origin": str(move.origin),
            "via": "no" if move.via is None else "yes",
        }
        if move.via is not None:
            placed["edge"] = move.via.own_edge
            placed["hostEdge"] = move.via.host_edge
            placed["hostTile"] = move.via.host_tile
        return i18n.Text("einstein-move-place", placed)

    # -- views ---------------------------------------------------------------------------------

    def encode_view(self, view: e.EinsteinView) -> pb.View:
        message = to_message(
            pb.View,
            view,
            seats=[
                to_message(
                    pb.SeatView,
                    seat,
                    einstein=seat.einstein + 1,
                    stock=_encode_stock(seat.stock),
                )
                for seat in view.seats
            ],
            tiles=[_encode_tile(tile) for tile in view.tiles],
        )
        set_viewer(message, view.viewer)
        return message

    def decode_view(self, message: pb.View) -> e.EinsteinView:
        viewer = viewer_of(message)
        players = len(message.seats)
        return from_message(
            e.EinsteinView,
            message,
            viewer=viewer,
            seats=tuple(
                from_message(
                    e.SeatView,
                    seat,
                    einstein=_decode_einstein(seat.einstein),
                    stock=_decode_stock(seat.stock),
                )
                for seat in message.seats
            ),
            tiles=tuple(_decode_tile(t, players) for t in message.tiles),
        )

    # -- events --------------------------------------------------------------------------------

    def encode_event(self, event: object) -> pb.Event:
        match event:
            case e.IdeaPlaced():
                return in_oneof(pb.Event, pb, event, place=_encode_place(event.move))
            case e.EndTriggered():
                return in_oneof(pb.Event, pb, event, reason=int(event.reason))
        return in_oneof(pb.Event, pb, event)


# -- pieces ----------------------------------------------------------------------------------------


def _encode_point(v: g.Vec) -> pb.Point:
    return pb.Point(one=v[0], zeta=v[1], zeta_squared=v[2], zeta_cubed=v[3])


def _decode_point(message: pb.Point) -> g.Vec:
    return (message.one, message.zeta, message.zeta_squared, message.zeta_cubed)


def _encode_place(move: Place) -> pb.Place:
    message = pb.Place(
        field=move.shape + 1,  # type: ignore[arg-type]
        pattern=move.pattern + 1,  # type: ignore[arg-type]
        rotation=move.rotation,
        origin=_encode_point(move.origin),
    )
    if move.via is not None:
        message.via.CopyFrom(to_message(pb.Via, move.via))
    return message


def _decode_place(message: pb.Place) -> Place:
    via = None
    if message.HasField("via"):
        via = Via(message.via.host_tile, message.via.host_edge, message.via.own_edge)
    return Place(
        shape=_decode_field(message.field),
        pattern=_decode_pattern(message.pattern),
        rotation=_decode_rotation(message.rotation),
        origin=_decode_point(message.origin),
        via=via,
    )


def _encode_tile(tile: Tile) -> pb.Tile:
    return pb.Tile(
        field=tile.pose.shape + 1,  # type: ignore[arg-type]
        pattern=tile.pattern + 1,  # type: ignore[arg-type]
        rotation=tile.pose.rotation,
        origin=_encode_point(tile.pose.origin),
        owner=tile.owner,
    )


def _decode_tile(message: pb.Tile, players: int) -> Tile:
    if not 0 <= message.owner < players:
        raise MalformedMessage("einstein-tile-owner-unknown", seat=message.owner)
    pose = g.Pose(
        _decode_field(message.field),
        _decode_rotation(message.rotation),
        _decode_point(message.origin),
    )
    return Tile(pose, _decode_pattern(message.pattern), message.owner)


def _encode_stock(stock: Stock) -> list[pb.FieldStock]:
    return [
        pb.FieldStock(field=shape + 1, pattern_a=a, pattern_b=b)  # type: ignore[arg-type]
        for shape, (a, b) in enumerate(stock)
    ]


def _decode_stock(messages: Any) -> Stock:
    if [m.field for m in messages] != [shape.kind + 1 for shape in g.SHAPES]:
        raise MalformedMessage("einstein-stock-order")
    stock = tuple((m.pattern_a, m.pattern_b) for m in messages)
    if any(not 0 <= n <= e.TILES_PER_PATTERN for counts in stock for n in counts):
        raise MalformedMessage("einstein-stock-range", most=e.TILES_PER_PATTERN)
    return stock


def _decode_field(value: int) -> int:
    if not 1 <= value <= len(g.SHAPES):
        raise MalformedMessage("einstein-unknown-field", value=value)
    return value - 1


def _decode_pattern(value: int) -> int:
    if value not in (1, 2):
        raise MalformedMessage("einstein-unknown-pattern", value=value)
    return value - 1


def _decode_rotation(value: int) -> int:
    if not 0 <= value < g.TURNS:
        raise MalformedMessage("einstein-rotation-range", value=value)
    return value


def _decode_einstein(value: int) -> int:
    if not 1 <= value <= len(EINSTEINS):
        raise MalformedMessage("einstein-unknown-einstein", value=value)
    return value - 1


def _board(tiles: tuple[Tile, ...]) -> BigIdea:
    if len(tiles) > MAX_TILES:
        raise MalformedMessage("einstein-inconsistent-tiles")
    return checked_board(tiles)


def _check_consistent(state: e.EinsteinState) -> None:
    """Refuses a state the engine could never have produced, so none can make it fail."""
    players = state.num_players
    if len(set(state.einsteins)) != players:
        raise MalformedMessage("einstein-inconsistent-einstein-twice")
    for seat, einstein in enumerate(state.einsteins):
        cards = [*state.hands[seat], *state.piles[seat], *state.completed[seat]]
        if sorted(cards) != sorted(DECKS[einstein]):
            raise MalformedMessage("einstein-inconsistent-inspirations", seat=seat)
        if len(state.hands[seat]) > e.HAND_SIZE or list(state.hands[seat]) != sorted(
            state.hands[seat]
        ):
            raise MalformedMessage("einstein-inconsistent-hand", seat=seat, most=e.HAND_SIZE)
        placed = [0] * (2 * len(g.SHAPES))
        for tile in state.board.tiles:
            if tile.owner == seat:
                placed[2 * tile.pose.shape + tile.pattern] += 1
        left = [n for counts in state.stocks[seat] for n in counts]
        if any(a + b != e.TILES_PER_PATTERN for a, b in zip(placed, left, strict=True)):
            raise MalformedMessage("einstein-inconsistent-stock", seat=seat)
    theories = [*state.theories_up, *state.theory_deck]
    theories += [t for won in state.theories_won for t in won]
    if sorted(theories) != sorted(THEORY_IDS) or len(state.theories_up) > e.THEORIES_UP:
        raise MalformedMessage("einstein-inconsistent-theories")
    if any(p < 0 for p in state.prestige) or state.prestige_supply < 0:
        raise MalformedMessage("einstein-inconsistent-prestige", tokens=e.PRESTIGE_TOKENS)
    if not 0 <= state.current < players or not 0 <= state.idle_turns <= players:
        raise MalformedMessage("einstein-inconsistent-turn-counters")
    if not 0 <= state.placed_this_turn < e.PLACEMENTS_PER_TURN:
        raise MalformedMessage("einstein-inconsistent-placements")
    if not 0 <= state.completed_this_turn <= len(state.completed[state.current]):
        raise MalformedMessage("einstein-inconsistent-completed")
    most = 4 * MAX_TILES + 8
    if not (0 <= state.step <= most and 0 <= state.move_count <= MAX_TILES):
        raise MalformedMessage("einstein-inconsistent-moves", most=MAX_TILES)
    if not state.over and not state.board.has_placement(state.stocks[state.current]):
        raise MalformedMessage("einstein-inconsistent-no-placement")
