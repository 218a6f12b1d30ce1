"""Packing title messages into `google.protobuf.Any` and getting them back out, with refusals a
client can act on."""

from typing import TYPE_CHECKING, Any, TypeVar

from google.protobuf import any_pb2
from google.protobuf.message import DecodeError, Message

from playhall.core.api import SPECTATOR, Viewer
from playhall.core.errors import MalformedMessage

if TYPE_CHECKING:
    from playhall.rules.v1.rules_service_pb2 import MoveList

M = TypeVar("M", bound=Message)


def pack(message: Message) -> any_pb2.Any:
    payload = any_pb2.Any()
    payload.Pack(message)
    return payload


def unpack(payload: any_pb2.Any, message_class: type[M], what: str) -> M:
    """The message inside `payload`; `what` names it in errors: "state" or "move" (the
    catalogue says each in its language)."""
    expected = message_class.DESCRIPTOR.full_name
    if not payload.type_url:
        raise MalformedMessage("rules-message-missing", what=what, expected=expected)
    found = payload.type_url.rsplit("/", 1)[-1]
    if found != expected:
        raise MalformedMessage("rules-message-foreign", what=what, found=found, expected=expected)
    message = message_class()
    try:
        message.ParseFromString(payload.value)
    except DecodeError as error:
        # The parser's own words are English prose, no argument a translation could use.
        raise MalformedMessage("rules-message-undecodable", what=what) from error
    return message


def moves_as_any(move_list: "MoveList") -> list[any_pb2.Any]:
    """The moves of a `playhall.rules.v1.MoveList` (one type URL, the moves' bytes), each as an
    Any of its own, as SubmitMove takes it."""
    return [any_pb2.Any(type_url=move_list.type_url, value=move) for move in move_list.moves]


def set_viewer(message: Any, viewer: Viewer) -> None:
    """Fills a title View's `viewer` oneof (`seat`, or `spectator` for None)."""
    if viewer is SPECTATOR:
        message.spectator = True
    else:
        message.seat = viewer


def viewer_of(message: Any) -> Viewer:
    """The viewer a title View names: a seat, or None for a spectator; refused when unset."""
    if message.WhichOneof("viewer") is None:
        raise MalformedMessage("rules-view-no-viewer")
    return SPECTATOR if message.spectator else int(message.seat)
