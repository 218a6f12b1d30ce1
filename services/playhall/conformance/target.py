"""The rules service under test, seen only through the RulesService contract: its stub, its
GameInfo, and its title's messages, learnt from the service's own server reflection (so the kit
checks a service in any language) or, for a service without reflection, from the protos
compiled into this package."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import grpc
from google.protobuf import any_pb2, descriptor_pool, message_factory, text_format
from google.protobuf.message import DecodeError, Message
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)

import playhall
from playhall.common.refusal_details import LANGUAGE_HEADER, received_details
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules.v1 import rules_service_pb2_grpc

TYPE_PREFIX = "type.googleapis.com/"


class TargetError(Exception):
    """The service cannot be checked at all (unreachable, no GameInfo, messages it does not
    describe); the CLI reports it and exits 2."""


@dataclass(frozen=True)
class Refusal:
    """A call the service refused: its status code, its message, and the details of its rich
    status (`grpc-status-details-bin`; none when it sent none)."""

    code: grpc.StatusCode
    details: str
    rich: tuple[any_pb2.Any, ...] = ()


class Target:
    """One rules service: calls return the response, or a `Refusal` for a non-OK status."""

    def __init__(self, address: str, timeout: float):
        self.address = address
        self.timeout = timeout
        self.channel = grpc.insecure_channel(address)
        self.stub = rules_service_pb2_grpc.RulesServiceStub(self.channel)
        try:
            grpc.channel_ready_future(self.channel).result(timeout=timeout)
            self.info = self.stub.GetGameInfo(pb.GetGameInfoRequest(), timeout=timeout).game
        except grpc.FutureTimeoutError as error:
            raise TargetError(f"no rules service answers at {address}") from error
        except grpc.RpcError as error:
            raise TargetError(
                f"GetGameInfo failed: {error.code().name} {error.details()}"
            ) from error
        names = self.info.messages
        pool = _pool(self.channel, names.state)
        try:
            self.state_class = _message_class(pool, names.state)
            self.move_class = _message_class(pool, names.move)
            self.view_class = _message_class(pool, names.view)
            self.event_class = _message_class(pool, names.event)
        except KeyError as error:
            raise TargetError(f"the service's messages are not described: {error}") from error

    def close(self) -> None:
        self.channel.close()

    def call(self, method: str, request: Message, language: str | None = None) -> Any:
        """The response of `method`, or the `Refusal` it ended with; asked in `language` (the
        call's accept-language) when one is given."""
        metadata = [(LANGUAGE_HEADER, language)] if language else None
        try:
            return getattr(self.stub, method)(request, timeout=self.timeout, metadata=metadata)
        except grpc.RpcError as error:
            # grpc-stubs types a metadatum as an object with `key`; grpc gives (key, value).
            trailer = cast(Iterable[tuple[str, str | bytes]], error.trailing_metadata())
            rich = tuple(received_details(trailer))
            return Refusal(error.code(), error.details() or "", rich)

    def move_any(self, move: bytes) -> any_pb2.Any:
        return any_pb2.Any(type_url=TYPE_PREFIX + self.info.messages.move, value=move)

    def describe_move(self, move: bytes) -> str:
        """A move as a person reads it in a report."""
        try:
            text = text_format.MessageToString(self.move_class.FromString(move), as_one_line=True)
        except DecodeError:
            return f"<undecodable {move!r}>"
        return "{" + text + "}"

    def parses(self, cls: type[Message], payload: bytes) -> bool:
        try:
            cls.FromString(payload)
        except DecodeError:
            return False
        return True

    def canonical(self, cls: type[Message], payload: bytes) -> bytes:
        """`payload` in one spelling (fields in order, maps sorted), so that two encodings of
        the same message compare equal; bytes that do not parse compare as they are."""
        try:
            return cls.FromString(payload).SerializeToString(deterministic=True)
        except DecodeError:
            return payload

    def view_key(self, view: any_pb2.Any) -> bytes:
        return view.type_url.encode() + b"\0" + self.canonical(self.view_class, view.value)

    def event_key(self, event: any_pb2.Any) -> bytes:
        return event.type_url.encode() + b"\0" + self.canonical(self.event_class, event.value)


def _pool(channel: grpc.Channel, probe: str) -> descriptor_pool.DescriptorPool:
    """The service's own descriptors when it serves reflection; else this package's."""
    reflected = descriptor_pool.DescriptorPool(ProtoReflectionDescriptorDatabase(channel))
    try:
        reflected.FindMessageTypeByName(probe)
        return reflected
    except (KeyError, grpc.RpcError):
        # Only the generated modules (playhall/<package>/v1/*_pb2.py), never an engine.
        for root in playhall.__path__:
            for path in sorted(Path(root).glob("*/v1/*_pb2.py")):
                importlib.import_module(f"playhall.{path.parent.parent.name}.v1.{path.stem}")
        return descriptor_pool.Default()


def _message_class(pool: descriptor_pool.DescriptorPool, name: str) -> type[Message]:
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(name))
