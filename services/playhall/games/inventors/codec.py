"""Inventors' engine values to and from playhall.inventors.v1 messages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Any, TypeVar

from playhall.core import Codec, MalformedMessage, i18n
from playhall.core.fields import from_message, in_oneof, to_message
from playhall.core.wire import set_viewer, viewer_of
from playhall.games.inventors import engine as e
from playhall.games.inventors.data import (
    AGE_DECKS,
    AGES,
    ALL_TILES,
    CUBES_PER_SEAT,
    DISCIPLINES,
    INVENTION_BY_ID,
    INVENTORS_PER_TEAM,
    MAX_KNOWLEDGE,
    MAX_REWARDS,
    TEAMS,
    TILES_PER_INVENTION,
    Discipline,
    Knowledge,
    Tile,
    as_knowledge,
)
from playhall.inventors.v1 import inventors_pb2 as pb

ALL_INVENTIONS = sorted(INVENTION_BY_ID)
ALL_TILE_COUNTS = Counter(ALL_TILES)
TILE_OF = {tile.value: tile for tile in Tile}

E = TypeVar("E", bound=IntEnum)


class InventorsCodec(Codec[e.InventorsState], messages=pb):
    # -- states --------------------------------------------------------------------------------

    def encode_state(self, state: e.InventorsState) -> pb.State:
        return to_message(
            pb.State,
            state,
            seats=[
                pb.SeatState(
                    # protoc's .pyi types an enum field as the enum's class; its values are ints.
                    team=team + 1,  # type: ignore[arg-type]
                    knowledge=_encode_knowledge(knowledge),
                    active=active,
                    held=_wire_tiles(held),
                    patents=patents,
                )
                for team, knowledge, active, held, patents in zip(
                    state.teams,
                    state.knowledge,
                    state.active,
                    state.held,
                    state.patents,
                    strict=True,
                )
            ],
            table=[_encode_slot(slot) for slot in state.table],
            decks=[pb.Deck(inventions=deck) for deck in state.decks],
            bag=_wire_tiles(state.bag),
            spent_tiles=_wire_tiles(state.spent_tiles),
            reward=_encode_reward(state.reward),
            phase=int(state.phase),
        )

    def decode_state(self, message: pb.State) -> e.InventorsState:
        e.INFO.check_rules_version(message.rules_version)
        e.INFO.check_players(len(message.seats))
        if len(message.decks) != AGES:
            raise MalformedMessage("inventors-decks", ages=AGES)
        state = from_message(
            e.InventorsState,
            message,
            teams=tuple(_decode_team(seat.team) for seat in message.seats),
            knowledge=tuple(_decode_knowledge(seat.knowledge) for seat in message.seats),
            active=tuple(_decode_active(seat.active) for seat in message.seats),
            held=tuple(_decode_tiles(seat.held) for seat in message.seats),
            patents=tuple(tuple(seat.patents) for seat in message.seats),
            table=tuple(_decode_slot(slot) for slot in message.table),
            decks=tuple(tuple(deck.inventions) for deck in message.decks),
            bag=_decode_tiles(message.bag),
            spent_tiles=_decode_tiles(message.spent_tiles),
            reward=_decode_reward(message.reward) if message.HasField("reward") else None,
            phase=_decode_enum(e.Phase, message.phase, "inventors-unknown-phase"),
        )
        _check_consistent(state)
        return state

    # -- moves ---------------------------------------------------------------------------------

    def encode_move(self, move: e.Move) -> pb.Move:
        match move:
            case e.UseCoffee():
                return pb.Move(use_coffee=pb.UseCoffee())
            case e.Upgrade():
                return pb.Move(upgrade=_encode_upgrade(move))
            case e.Work():
                return pb.Move(work=_encode_work(move))
            case e.Refresh():
                return pb.Move(refresh=pb.Refresh())
            case e.Pass():
                return pb.Move(pass_turn=pb.PassTurn())
            case e.EndTurn():
                return pb.Move(end_turn=pb.EndTurn())
            case e.TakePatent():
                return pb.Move(take_patent=pb.TakePatent())
            case e.TakeTile():
                return pb.Move(take_tile=pb.TakeTile(tile=int(move.tile)))  # type: ignore[arg-type]
            case e.Done():
                return pb.Move(finish_upgrades=pb.FinishUpgrades())
        raise TypeError(f"not an Inventors move: {move!r}")

    def decode_move(self, message: pb.Move) -> e.Move:
        action = message.WhichOneof("action")
        if action == "upgrade":
            return _decode_upgrade(message.upgrade)
        if action == "work":
            return _decode_work(message.work)
        if action == "take_tile":
            return e.TakeTile(_decode_enum(Tile, message.take_tile.tile, "inventors-unknown-tile"))
        simple = _SIMPLE_MOVES.get(action or "")
        if simple is None:
            raise MalformedMessage("inventors-empty-move")
        return simple

    def describe_move(self, move: e.Move) -> i18n.Text:
        """A move by its fields (`Codec.describe_move`); tiles and disciplines by their ids
        (moves.ftl names them), an inventor by its place in the team's list from 1, as the text
        drawing lists them."""
        if isinstance(move, e.Upgrade):
            upgrade: dict[str, i18n.Argument] = {
                "inventor": move.inventor + 1,
                "discipline": move.discipline.name.lower(),
                "tile": _tile_id(move.tile),
                "back": "yes" if move.as_one else "no",
            }
            return i18n.Text("inventors-move-upgrade", upgrade)
        if isinstance(move, e.Work):
            genius = [discipline.name.lower() for discipline in move.genius]
            work: dict[str, i18n.Argument] = {
                "inventor": move.inventor + 1,
                "invention": move.invention,
                "genius": len(genius),
                "first": genius[0] if genius else "",
                "second": genius[1] if len(genius) > 1 else "",
            }
            return i18n.Text("inventors-move-work", work)
        if isinstance(move, e.TakeTile):
            return i18n.Text("inventors-move-take-tile", {"tile": _tile_id(move.tile)})
        return super().describe_move(move)

    # -- views ---------------------------------------------------------------------------------

    def encode_view(self, view: e.InventorsView) -> pb.View:
        message = to_message(
            pb.View,
            view,
            seats=[
                to_message(
                    pb.SeatView,
                    seat,
                    team=seat.team + 1,
                    knowledge=_encode_knowledge(seat.knowledge),
                    held=_wire_tiles(seat.held),
                )
                for seat in view.seats
            ],
            table=[_encode_slot(slot) for slot in view.table],
            spent_tiles=_wire_tiles(view.spent_tiles),
            reward=_encode_reward(view.reward),
            phase=int(view.phase),
        )
        set_viewer(message, view.viewer)
        return message

    def decode_view(self, message: pb.View) -> e.InventorsView:
        return from_message(
            e.InventorsView,
            message,
            viewer=viewer_of(message),
            seats=tuple(
                from_message(
                    e.SeatView,
                    seat,
                    team=_decode_team(seat.team),
                    knowledge=_decode_knowledge(seat.knowledge),
                    active=_decode_active(seat.active),
                    held=_decode_tiles(seat.held),
                )
                for seat in message.seats
            ),
            table=tuple(_decode_slot(slot) for slot in message.table),
            spent_tiles=_decode_tiles(message.spent_tiles),
            reward=_decode_reward(message.reward) if message.HasField("reward") else None,
            phase=_decode_enum(e.Phase, message.phase, "inventors-unknown-phase"),
        )

    # -- events --------------------------------------------------------------------------------

    def encode_event(self, event: object) -> pb.Event:
        return in_oneof(pb.Event, pb, event, **_event_fields(event))


def _event_fields(event: object) -> dict[str, Any]:
    """What of an event does not match its message by name: nested moves and tiles."""
    match event:
        case e.AgeStarted():
            revealed = [
                to_message(pb.RevealedInvention, r, tiles=_wire_tiles(r.tiles))
                for r in event.revealed
            ]
            return {"revealed": revealed}
        case e.Upgraded():
            return {"upgrade": _encode_upgrade(event.upgrade)}
        case e.Worked():
            return {"work": _encode_work(event.work)}
        case e.RewardTaken():
            if isinstance(event.choice, e.TakeTile):
                return {"tile": pb.TakeTile(tile=int(event.choice.tile))}  # type: ignore[arg-type]
            return {"patent": pb.TakePatent()}
    return {}


_SIMPLE_MOVES: dict[str, e.Move] = {
    "use_coffee": e.UseCoffee(),
    "refresh": e.Refresh(),
    "pass_turn": e.Pass(),
    "end_turn": e.EndTurn(),
    "take_patent": e.TakePatent(),
    "finish_upgrades": e.Done(),
}


def _encode_knowledge(knowledge: tuple[Knowledge, ...]) -> list[int]:
    return [value for inventor in knowledge for value in inventor]


def _wire_tiles(tiles: Iterable[Tile]) -> list[pb.Tile]:
    # protoc's .pyi types an enum field as the enum's class; its values are ints.
    return list(tiles)  # type: ignore[arg-type]


def _encode_slot(slot: e.Slot) -> pb.Slot:
    return to_message(
        pb.Slot,
        slot,
        tiles=_wire_tiles(slot.tiles),
        physics=slot.cubes[0],
        chemistry=slot.cubes[1],
        mechanics=slot.cubes[2],
        mathematics=slot.cubes[3],
    )


def _encode_reward(reward: e.Reward | None) -> pb.Reward | None:
    if reward is None:
        return None
    return to_message(pb.Reward, reward, tiles=_wire_tiles(reward.tiles))


def _encode_upgrade(move: e.Upgrade) -> pb.ApplyUpgrade:
    return pb.ApplyUpgrade(
        tile=int(move.tile),  # type: ignore[arg-type]
        inventor=move.inventor,
        discipline=move.discipline + 1,  # type: ignore[arg-type]
        as_one=move.as_one,
    )


def _encode_work(move: e.Work) -> pb.Work:
    return pb.Work(
        inventor=move.inventor,
        invention=move.invention,
        genius=[d + 1 for d in move.genius],  # type: ignore[misc]
    )


def _decode_upgrade(message: pb.ApplyUpgrade) -> e.Upgrade:
    return e.Upgrade(
        _decode_enum(Tile, message.tile, "inventors-unknown-tile"),
        message.inventor,
        _decode_discipline(message.discipline),
        message.as_one,
    )


def _decode_work(message: pb.Work) -> e.Work:
    genius = tuple(_decode_discipline(d) for d in message.genius)
    if len(genius) > e.GENIUS_CUBES or list(genius) != sorted(genius):
        raise MalformedMessage("inventors-genius-disciplines")
    return e.Work(message.inventor, message.invention, genius)


def _decode_discipline(value: int) -> Discipline:
    return _decode_enum(Discipline, value - 1, "inventors-unknown-discipline")


def _decode_enum(kind: type[E], value: int, unknown: str) -> E:
    """The member of `kind` that is `value`, or the refusal keyed `unknown`."""
    try:
        return kind(value)
    except ValueError:
        raise MalformedMessage(unknown, value=value) from None


def _decode_team(value: int) -> int:
    if not 1 <= value <= len(TEAMS):
        raise MalformedMessage("inventors-unknown-team", value=value)
    return value - 1


def _decode_tiles(values: Iterable[int]) -> tuple[Tile, ...]:
    try:
        return tuple(TILE_OF[value] for value in values)
    except KeyError as unknown:
        raise MalformedMessage("inventors-unknown-tile", value=unknown.args[0]) from None


def _decode_knowledge(values: Sequence[int]) -> tuple[Knowledge, ...]:
    if len(values) != DISCIPLINES * INVENTORS_PER_TEAM:
        raise MalformedMessage(
            "inventors-inconsistent-knowledge-size",
            inventors=INVENTORS_PER_TEAM,
            disciplines=DISCIPLINES,
        )
    if not all(0 <= value <= MAX_KNOWLEDGE for value in values):
        raise MalformedMessage("inventors-inconsistent-knowledge-range", most=MAX_KNOWLEDGE)
    return tuple(
        as_knowledge(values[start : start + DISCIPLINES])
        for start in range(0, len(values), DISCIPLINES)
    )


def _decode_active(values: Sequence[bool]) -> tuple[bool, ...]:
    if len(values) != INVENTORS_PER_TEAM:
        raise MalformedMessage("inventors-inconsistent-team-size", inventors=INVENTORS_PER_TEAM)
    return tuple(values)


def _decode_slot(message: pb.Slot) -> e.Slot:
    cubes = (
        tuple(message.physics),
        tuple(message.chemistry),
        tuple(message.mechanics),
        tuple(message.mathematics),
    )
    return e.Slot(message.invention, _decode_tiles(message.tiles), cubes)


def _decode_reward(message: pb.Reward) -> e.Reward:
    return from_message(e.Reward, message, tiles=_decode_tiles(message.tiles))


def _check_consistent(state: e.InventorsState) -> None:
    """Refuses a state the engine could never have produced, so none can make it fail."""
    players = state.num_players
    seats = range(players)
    if len(set(state.teams)) != players:
        raise MalformedMessage("inventors-inconsistent-team-twice")
    _check_inventions(state)
    _check_tiles(state)
    for slot in state.table:
        card = INVENTION_BY_ID[slot.invention]
        if card.age != state.age:
            raise MalformedMessage(
                "inventors-inconsistent-table-age", invention=card.id, age=state.age
            )
        if len(slot.tiles) > TILES_PER_INVENTION or list(slot.tiles) != sorted(slot.tiles):
            raise MalformedMessage("inventors-inconsistent-invention-tiles")
        for discipline, fields in enumerate(slot.cubes):
            if len(fields) > card.fields[discipline] or any(s not in seats for s in fields):
                raise MalformedMessage("inventors-inconsistent-invention-cubes", invention=card.id)
        if not any(slot.free_fields()):
            raise MalformedMessage("inventors-inconsistent-invention-full", invention=card.id)
    if min(state.supplies()) < 0:
        raise MalformedMessage("inventors-inconsistent-cubes", cubes=CUBES_PER_SEAT)
    if any(list(held) != sorted(held) for held in state.held):
        raise MalformedMessage("inventors-inconsistent-held-order")
    if list(state.spent_tiles) != sorted(state.spent_tiles):
        raise MalformedMessage("inventors-inconsistent-spent-order")
    _check_phase(state)
    # A game places at least one cube per work, and refreshes, passes and free actions are
    # bounded by the cubes and tiles: no real game passes this many moves.
    most_moves = 4000
    if not all(0 <= n <= most_moves for n in (state.step, state.turn, state.move_count)):
        raise MalformedMessage("inventors-inconsistent-moves", most=most_moves)


def _check_inventions(state: e.InventorsState) -> None:
    cards = [card for deck in state.decks for card in deck]
    cards += [slot.invention for slot in state.table]
    cards += [card for patents in state.patents for card in patents]
    cards += state.discarded_inventions
    if state.reward is not None and state.reward.patent:
        cards.append(state.reward.invention)
    if sorted(cards) != ALL_INVENTIONS:
        raise MalformedMessage("inventors-inconsistent-inventions")
    for age, deck in enumerate(state.decks, start=1):
        if not set(deck) <= set(AGE_DECKS[age - 1]):
            raise MalformedMessage("inventors-inconsistent-deck-age", age=age)
    if not 1 <= state.age <= AGES:
        raise MalformedMessage("inventors-inconsistent-ages", ages=AGES)
    for age in range(state.age, AGES):
        # The decks of later ages are still whole: only their order is hidden.
        if sorted(state.decks[age]) != list(AGE_DECKS[age]):
            raise MalformedMessage("inventors-inconsistent-deck-whole", age=age + 1)


def _check_tiles(state: e.InventorsState) -> None:
    tiles = Counter(state.bag) + Counter(state.spent_tiles)
    for held in state.held:
        tiles.update(held)
    for slot in state.table:
        tiles.update(slot.tiles)
    if state.reward is not None:
        tiles.update(state.reward.tiles)
    if tiles != ALL_TILE_COUNTS:
        raise MalformedMessage("inventors-inconsistent-tiles")


def _check_phase(state: e.InventorsState) -> None:
    players = state.num_players
    if not (0 <= state.current < players and 0 <= state.start_player < players):
        raise MalformedMessage("inventors-inconsistent-seat-to-move")
    if not 0 <= state.passes < players:
        raise MalformedMessage("inventors-inconsistent-passes", most=players - 1)
    if (state.reward is not None) != (state.phase is e.Phase.REWARD):
        raise MalformedMessage("inventors-inconsistent-reward-phase")
    if state.reward is not None:
        queue, choices = state.reward.queue, state.reward.choices()
        if len(state.reward.tiles) > TILES_PER_INVENTION or len(choices) < 2:
            raise MalformedMessage("inventors-inconsistent-reward-choice")
        if not queue or len(queue) > MAX_REWARDS or len(set(queue)) != len(queue):
            raise MalformedMessage("inventors-inconsistent-reward-order")
        if any(seat not in range(players) for seat in queue):
            raise MalformedMessage("inventors-inconsistent-reward-seat")
    if state.phase is e.Phase.FINAL:
        queue = state.final_queue
        if (
            not queue
            or len(set(queue)) != len(queue)
            or any(s not in range(players) for s in queue)
        ):
            raise MalformedMessage("inventors-inconsistent-final-order")
        if not state._upgrades(queue[0]):
            raise MalformedMessage("inventors-inconsistent-final-seat")
    elif state.final_queue:
        raise MalformedMessage("inventors-inconsistent-final-phase")
    finished = state.phase in (e.Phase.FINAL, e.Phase.OVER)
    if finished and (state.table or state.age != AGES):
        raise MalformedMessage("inventors-inconsistent-final-age")
    if not finished and len(state.table) < (1 if state.phase is e.Phase.REWARD else 2):
        raise MalformedMessage("inventors-inconsistent-age-over")


def _tile_id(tile: Tile) -> str:
    """A tile kind as the catalogues name it ("upgrade-2", board.ftl's inventors-tile-...)."""
    return tile.name.lower().replace("_", "-")
