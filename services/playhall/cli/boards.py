"""Text of views and moves for the terminal: a title's own `render_text` and move names where
its engine is installed beside the client, the protobuf text of the messages otherwise (a title
served by a rules service written elsewhere)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from google.protobuf import any_pb2, text_format

from playhall.core import registry
from playhall.core.wire import moves_as_any
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


def _message(payload: any_pb2.Any, message_class: type) -> Any:
    message = message_class()
    payload.Unpack(message)
    return message


def board(title_id: str, view: any_pb2.Any) -> str:
    game = _game(title_id)
    if game is None or not view.Is(game.codec.view_message.DESCRIPTOR):
        return text_format.MessageToString(view)
    return game.render_text(game.codec.decode_view(_message(view, game.codec.view_message)))


def choices(title_id: str, legal: rpb.MoveList) -> list[Choice]:
    game = _game(title_id)
    moves = moves_as_any(legal)
    if game is None:
        return [Choice(move, _proto_text(move)) for move in moves]
    message_class = game.codec.move_message
    return [
        Choice(move, str(game.codec.decode_move(_message(move, message_class)))) for move in moves
    ]


def _proto_text(move: any_pb2.Any) -> str:
    return text_format.MessageToString(move, as_one_line=True)
