"""Galileo's engine values to and from playhall.galileo.v1 messages."""

from __future__ import annotations

import functools

from playhall.core import Codec, MalformedMessage, i18n
from playhall.core.fields import from_message, in_oneof, to_message
from playhall.core.wire import set_viewer, viewer_of
from playhall.galileo.v1 import galileo_pb2 as pb
from playhall.games.galileo import engine as e
from playhall.games.galileo.cards import (
    EXPERIMENT_BY_ID,
    EXPERIMENT_IDS,
    SCIENTIST_BY_ID,
    SCIENTIST_IDS,
)

ALL_SCIENTISTS = sorted(SCIENTIST_IDS)
ALL_EXPERIMENTS = sorted(EXPERIMENT_IDS)
"""Every card of each deck once: what the cards of a consistent state sort to."""


class GalileoCodec(Codec[e.GalileoState], messages=pb):
    # -- states --------------------------------------------------------------------------------

    def encode_state(self, state: e.GalileoState) -> pb.State:
        return to_message(
            pb.State,
            state,
            seats=[
                pb.SeatState(
                    hand=hand, pick=pick, played=played, taken=[_encode_take(t) for t in taken]
                )
                for hand, pick, played, taken in zip(
                    state.hands, state.picks, state.played, state.taken, strict=True
                )
            ],
            undealt_scientists=state.undealt,
            experiment_deck=state.deck,
            discarded_experiments=state.discarded,
            phase=int(state.phase),
        )

    def decode_state(self, message: pb.State) -> e.GalileoState:
        e.INFO.check_rules_version(message.rules_version)
        e.INFO.check_players(len(message.seats))
        state = from_message(
            e.GalileoState,
            message,
            hands=tuple(tuple(seat.hand) for seat in message.seats),
            picks=tuple(seat.pick for seat in message.seats),
            played=tuple(tuple(seat.played) for seat in message.seats),
            taken=tuple(tuple(_decode_take(t) for t in seat.taken) for seat in message.seats),
            undealt=tuple(message.undealt_scientists),
            deck=tuple(message.experiment_deck),
            discarded=tuple(message.discarded_experiments),
            phase=_decode_phase(message.phase),
        )
        _check_consistent(state)
        return state

    # -- moves ---------------------------------------------------------------------------------

    def encode_move(self, move: e.Move) -> pb.Move:
        if isinstance(move, e.Pick):
            return pb.Move(pick=pb.Pick(scientist=move.scientist))
        return pb.Move(take=pb.TakeExperiment(experiment=move.experiment))

    def decode_move(self, message: pb.Move) -> e.Move:
        action = message.WhichOneof("action")
        if action == "pick":
            return e.Pick(message.pick.scientist)
        if action == "take":
            return e.TakeExperiment(message.take.experiment)
        raise MalformedMessage("galileo-move-empty")

    def describe_move(self, move: e.Move) -> i18n.Text:
        """A pick or a take named by its card: number, colour and power or points."""
        if isinstance(move, e.Pick):
            scientist = SCIENTIST_BY_ID[move.scientist]
            return i18n.Text(
                "galileo-move-pick",
                {"scientist": move.scientist, "colour": scientist.colour, "power": scientist.power},
            )
        experiment = EXPERIMENT_BY_ID[move.experiment]
        return i18n.Text(
            "galileo-move-take-experiment",
            {
                "experiment": move.experiment,
                "colour": experiment.colour,
                "points": experiment.points,
            },
        )

    # -- views ---------------------------------------------------------------------------------

    def encode_view(self, view: e.GalileoView) -> pb.View:
        message = to_message(
            pb.View,
            view,
            seats=[
                to_message(pb.SeatView, seat, taken=[_encode_take(t) for t in seat.taken])
                for seat in view.seats
            ],
            discarded_experiments=view.discarded,
            phase=int(view.phase),
        )
        set_viewer(message, view.viewer)
        return message

    def decode_view(self, message: pb.View) -> e.GalileoView:
        return from_message(
            e.GalileoView,
            message,
            viewer=viewer_of(message),
            seats=tuple(
                from_message(e.SeatView, seat, taken=tuple(_decode_take(t) for t in seat.taken))
                for seat in message.seats
            ),
            discarded=tuple(message.discarded_experiments),
            phase=_decode_phase(message.phase),
        )

    # -- events --------------------------------------------------------------------------------

    def encode_event(self, event: object) -> pb.Event:
        if isinstance(event, e.ExperimentTaken):
            return in_oneof(pb.Event, pb, event, take=_encode_take(event.take))
        return in_oneof(pb.Event, pb, event)


@functools.lru_cache(maxsize=4096)
def _encode_take(take: e.Take) -> pb.Take:
    # Cached, and bounded since a crafted state may hold odd rounds: a game has a few hundred
    # distinct takes, and a constructor copies the messages it is given, so the shared
    # instances are never changed.
    return to_message(pb.Take, take)


def _decode_take(message: pb.Take) -> e.Take:
    # Spelled out, not `from_message`: a decoded state builds dozens, on every call.
    return e.Take(message.experiment, message.round, message.doubled, message.points)


def _decode_phase(value: int) -> e.Phase:
    try:
        return e.Phase(value)
    except ValueError:
        raise MalformedMessage("galileo-unknown-phase", phase=value) from None


def _check_consistent(state: e.GalileoState) -> None:
    """Refuses a state the engine could never have produced, so none can make it fail."""
    players = state.num_players
    seats = set(range(players))
    scientists = [card for cards in (*state.hands, *state.played, state.undealt) for card in cards]
    scientists += [pick for pick in state.picks if pick]
    if sorted(scientists) != ALL_SCIENTISTS:
        _inconsistent("galileo-inconsistent-scientists")
    takes = [take for taken in state.taken for take in taken]
    experiments = [*state.deck, *state.table, *state.discarded]
    experiments += [take.experiment for take in takes]
    if sorted(experiments) != ALL_EXPERIMENTS:
        _inconsistent("galileo-inconsistent-experiments")
    for take in takes:
        if take.points != EXPERIMENT_BY_ID[take.experiment].points * (2 if take.doubled else 1):
            _inconsistent(
                "galileo-inconsistent-points", experiment=take.experiment, points=take.points
            )
    if sorted(state.previous_order) != sorted(seats) or state.start_player not in seats:
        _inconsistent("galileo-inconsistent-seat-orders")
    if state.phase is e.Phase.TAKE:
        if sorted(state.order) != sorted(seats) or not 0 <= state.take_index < players:
            _inconsistent("galileo-inconsistent-take-order")
        if 0 in state.picks:
            _inconsistent("galileo-inconsistent-take-without-pick")
    elif state.order or state.take_index:
        _inconsistent("galileo-inconsistent-order-outside-take")
    if state.phase is e.Phase.PICK and all(state.picks):
        _inconsistent("galileo-inconsistent-all-picked")
    if state.phase is e.Phase.PICK and any(
        not pick and not hand for pick, hand in zip(state.picks, state.hands, strict=True)
    ):
        _inconsistent("galileo-inconsistent-empty-hand")
    rounds = e.rounds_for(players)
    if not 1 <= state.round <= rounds:
        _inconsistent("galileo-inconsistent-round", players=players, first=1, last=rounds)
    # A pick or a take per seat and round, a step per take and reveal: no counter of a real
    # game passes this, and none may reach the largest value its field can hold.
    most_moves = 2 * rounds * players
    if not (0 <= state.step <= most_moves and 0 <= state.move_count <= most_moves):
        _inconsistent("galileo-inconsistent-moves", players=players, most=most_moves)
    if state.phase is e.Phase.OVER and (any(state.picks) or state.table or state.deck):
        _inconsistent("galileo-inconsistent-cards-in-play")


def _inconsistent(key: str, **args: int) -> None:
    """Refuses the state: `key` says what is wrong with it."""
    raise MalformedMessage(key, **args)
