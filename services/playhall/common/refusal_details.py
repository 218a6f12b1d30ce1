"""A refusal's rich status (gRPC's error model, `grpc-status-details-bin`): what was refused as
a `google.rpc.ErrorInfo` (reason = the message key in upper case, domain, metadata = its
arguments) and the sentence in the caller's language as a `google.rpc.LocalizedMessage`. The
status message stays English, for logs.

The caller's language is the call's `accept-language` metadata (the gateway passes the
browser's), negotiated among the shipped languages; a servicer notes it in `CALLER_LANGUAGE`
for the length of the call, so the rules services are asked in the same language."""

from __future__ import annotations

import contextvars
from collections.abc import Iterable, Sequence

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError, Message
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from playhall.core import i18n

DOMAIN = "playhall.games"
"""`ErrorInfo.domain` of every Playhall refusal (the reason's key says whose catalogue)."""
LANGUAGE_HEADER = "accept-language"
STATUS_DETAILS_KEY = "grpc-status-details-bin"

CALLER_LANGUAGE: contextvars.ContextVar[str] = contextvars.ContextVar(
    "caller_language", default=i18n.SOURCE_LANGUAGE
)
"""The language of the call being served (`language_of`), read where a refusal is made."""


def language_of(metadata: Iterable[tuple[str, str | bytes]] | None) -> str:
    """The shipped language a call's `accept-language` prefers (English without one)."""
    for key, value in metadata or ():
        if key == LANGUAGE_HEADER and isinstance(value, str):
            return i18n.negotiate(value)
    return i18n.SOURCE_LANGUAGE


def details_of(text: i18n.Text | None, message: str, language: str) -> list[Message]:
    """ErrorInfo and LocalizedMessage for a refusal whose English is `message` (only the
    LocalizedMessage, English, for a refusal that has no key)."""
    if text is None:
        return [error_details_pb2.LocalizedMessage(locale=i18n.SOURCE_LANGUAGE, message=message)]
    return [
        error_details_pb2.ErrorInfo(
            reason=i18n.error_reason(text.key), domain=DOMAIN, metadata=i18n.wire_args(text.args)
        ),
        error_details_pb2.LocalizedMessage(locale=language, message=i18n.render(text, language)),
    ]


def rich_status(code: grpc.StatusCode, message: str, details: Sequence[Message]) -> grpc.Status:
    """The status to abort a call with: `code`, the English `message`, and `details`."""
    packed = []
    for detail in details:
        wrapped = any_pb2.Any()
        wrapped.Pack(detail)
        packed.append(wrapped)
    return rpc_status.to_status(
        status_pb2.Status(code=getattr(code_pb2, code.name), message=message, details=packed)
    )


def received_details(
    trailing_metadata: Iterable[tuple[str, str | bytes]] | None,
) -> list[any_pb2.Any]:
    """The details of a refusal as it came back from another service (none when its status
    trailer is missing or does not parse)."""
    raw = next((value for key, value in trailing_metadata or () if key == STATUS_DETAILS_KEY), None)
    if not isinstance(raw, bytes):
        return []
    try:
        return list(status_pb2.Status.FromString(raw).details)
    except DecodeError:
        return []


def received_refusal(
    trailing_metadata: Iterable[tuple[str, str | bytes]] | None,
) -> tuple[i18n.Text | None, error_details_pb2.LocalizedMessage | None]:
    """The key (with arguments) and the localized sentence of a refusal another service sent."""
    text = localized = None
    for detail in received_details(trailing_metadata):
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            try:
                text = i18n.Text(i18n.key_of_reason(info.reason), i18n.typed_args(info.metadata))
            except ValueError:
                text = None
        elif detail.Is(error_details_pb2.LocalizedMessage.DESCRIPTOR):
            localized = error_details_pb2.LocalizedMessage()
            detail.Unpack(localized)
    return text, localized
