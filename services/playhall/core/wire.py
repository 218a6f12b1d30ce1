"""Packing title messages into `google.protobuf.Any` and getting them back out, with refusals a
client can act on."""

from typing import TypeVar

from google.protobuf import any_pb2
from google.protobuf.message import DecodeError, Message

from playhall.core.errors import MalformedMessage

M = TypeVar("M", bound=Message)


def pack(message: Message) -> any_pb2.Any:
    payload = any_pb2.Any()
    payload.Pack(message)
    return payload


def unpack(payload: any_pb2.Any, message_class: type[M], what: str) -> M:
    """The message inside `payload`; `what` names it in errors ("state", "move")."""
    expected = message_class.DESCRIPTOR.full_name
    if not payload.type_url:
        raise MalformedMessage(f"The {what} is missing: send a {expected}")
    found = payload.type_url.rsplit("/", 1)[-1]
    if found != expected:
        raise MalformedMessage(f"The {what} is a {found}, but this game needs a {expected}")
    message = message_class()
    try:
        message.ParseFromString(payload.value)
    except DecodeError as error:
        raise MalformedMessage(f"The {what} could not be decoded: {error}") from error
    return message
