"""Text of views and moves for the terminal. A board is the title's own drawing of the caller's
view, made by its rules service (RenderView, asked for through GetMatch's `render_text`), so
every title served draws, one this client never installed included, in the client's language
(the orchestrator asks the rules service in it). A move reads as its title names it
(`Codec.describe_move`, in the client's language) where the title's engine is installed beside
the client (the shipped titles); else as its message's fields: JSON where the client has the
message's type (protobuf's own types, as a title may use for its moves), field numbers and
values where it does not."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Protobuf's own message types, registered so that moves made of them read as JSON.
from google.protobuf import (  # noqa: F401
    any_pb2,
    descriptor_pool,
    duration_pb2,
    empty_pb2,
    json_format,
    message_factory,
    struct_pb2,
    text_format,
    timestamp_pb2,
    wrappers_pb2,
)
from google.protobuf.message import DecodeError

from playhall.cli.words import language, t
from playhall.core import i18n, registry
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.rules.v1 import rules_service_pb2 as rpb


@dataclass(frozen=True)
class Choice:
    """A legal move: the Any to submit and how it reads."""

    move: any_pb2.Any
    text: str


def _game(title_id: str) -> Any | None:
    try:
        return registry.get_game(title_id)
    except KeyError:
        return None


def know_messages(title_id: str) -> bool:
    """Loads the title's protobuf messages (its engine's codec) where they are installed, so
    that its Anys print as JSON; False for a title this client does not know."""
    return _game(title_id) is not None


def board(now: mpb.GetMatchResponse) -> str:
    """The drawing of the caller's view that the rules service made (`now` read with
    `render_text`); the view's protobuf text from an orchestrator that made none."""
    return now.drawing or text_format.MessageToString(now.view)


def choices(title_id: str, legal: rpb.MoveList) -> list[Choice]:
    """The legal moves, each with its text: the title's own names for a move of the message
    its installed engine knows, the message's fields otherwise."""
    moves = moves_as_any(legal)
    game = _game(title_id)
    if game is not None and moves and moves[0].Is(game.codec.move_message.DESCRIPTOR):
        codec = game.codec
        return [Choice(move, _named(codec, move)) for move in moves]
    return [Choice(move, move_text(move)) for move in moves]


def _named(codec: Any, move: any_pb2.Any) -> str:
    """A move of an installed title as the title names it, in the client's language."""
    return i18n.render(codec.describe_move(codec.decode_move(_message(move, codec))), language())


def _message(move: any_pb2.Any, codec: Any) -> Any:
    message = codec.move_message()
    move.Unpack(message)
    return message


def move_text(move: any_pb2.Any) -> str:
    """A move of a title this client has no engine of, in one line: its message as JSON
    where the type is known here, else its fields by number (`1 { 2: 7 }`)."""
    try:
        descriptor = descriptor_pool.Default().FindMessageTypeByName(move.TypeName())
    except KeyError:
        fields = empty_pb2.Empty()
        try:
            fields.MergeFromString(move.value)  # every field kept as an unknown one
        except DecodeError:
            return t("cli-move-not-protobuf", size=len(move.value))
        text = text_format.MessageToString(fields, as_one_line=True, print_unknown_fields=True)
        return text or t("cli-move-empty")
    message = message_factory.GetMessageClass(descriptor)()
    move.Unpack(message)
    return json_format.MessageToJson(message, indent=None)
