"""Engine values to and from the shared playhall.rules.v1 messages (info, options, status,
events). Title-specific messages go through the title's own codec."""

from collections.abc import Mapping

from playhall.core import BoolOption, ChoiceOption, Codec, Event, Game, InvalidSetup, State
from playhall.core.api import OptionValue
from playhall.core.wire import pack
from playhall.rules.v1 import rules_service_pb2 as pb

TYPE_URL_PREFIX = "type.googleapis.com/"
"""What `Any.Pack` puts before a message's full name."""


def game_info(game: Game) -> pb.GameInfo:
    info = game.info
    codec = game.codec
    return pb.GameInfo(
        title_id=info.title_id,
        display_name=info.display_name,
        min_players=info.min_players,
        max_players=info.max_players,
        options=[_option_spec(spec) for spec in info.options],
        rules_version=info.rules_version,
        messages=pb.TitleMessages(
            state=codec.state_message.DESCRIPTOR.full_name,
            move=codec.move_message.DESCRIPTOR.full_name,
            view=codec.view_message.DESCRIPTOR.full_name,
            event=codec.event_message.DESCRIPTOR.full_name,
        ),
    )


def _option_spec(spec) -> pb.OptionSpec:
    message = pb.OptionSpec(name=spec.name, description=spec.description)
    if isinstance(spec, BoolOption):
        message.bool_option.default_value = spec.default
    elif isinstance(spec, ChoiceOption):
        message.choice_option.choices.extend(spec.choices)
        message.choice_option.default_values.extend(spec.default)
        if spec.per_seat:
            message.choice_option.per_seat = True
        elif spec.count is not None:
            message.choice_option.exactly = spec.count
    else:
        message.int_option.CopyFrom(
            pb.IntOption(min=spec.min, max=spec.max, default_value=spec.default)
        )
    return message


def decode_options(options: Mapping[str, pb.OptionValue]) -> dict[str, OptionValue]:
    decoded: dict[str, OptionValue] = {}
    for name, value in options.items():
        kind = value.WhichOneof("value")
        if kind is None:
            raise InvalidSetup("rules-option-no-value", option=name)
        if kind == "choice_values":
            decoded[name] = tuple(value.choice_values.values)
        else:
            decoded[name] = getattr(value, kind)
    return decoded


def status(state: State) -> pb.GameStatus:
    return pb.GameStatus(
        to_move=state.to_move(),
        step=state.step,
        finished=state.is_terminal(),
        scores=state.scores(),
        winners=state.winners(),
        rules_version=state.rules_version,
        move_count=state.move_count,
        turn=state.turn,
    )


def move_list(codec: Codec, moves: list) -> pb.MoveList:
    """The moves as one MoveList: their type named once, each move's bytes."""
    if not moves:
        return pb.MoveList()
    return pb.MoveList(
        type_url=TYPE_URL_PREFIX + codec.move_message.DESCRIPTOR.full_name,
        moves=[codec.encode_move(move).SerializeToString() for move in moves],
    )


def move_event(codec: Codec, event: Event) -> pb.MoveEvent:
    return pb.MoveEvent(
        public_event=pack(codec.encode_event(event.public)),
        seat_events=[
            pb.SeatEvent(seat=seat, event=pack(codec.encode_event(version)))
            for seat, version in sorted(event.private.items())
        ],
    )
