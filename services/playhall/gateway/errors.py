"""An orchestrator's gRPC refusal as the Connect error the browser gets: its code, its message
in the browser's language, and the details of gRPC's rich error model (the
`grpc-status-details-bin` trailer: a google.rpc.Status, e.g. a refusal's ErrorInfo, a rate
limit's RetryInfo and QuotaFailure) as Connect error details; and the gateway's own refusals,
worded in the browser's language the same way (`refusal`)."""

from __future__ import annotations

from collections.abc import Sequence

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from google.protobuf import any_pb2
from google.rpc import error_details_pb2
from protobuf.wkt import Any as WireAny

from playhall.common.refusal_details import details_of, received_details
from playhall.core import i18n

ERROR_INFO = error_details_pb2.ErrorInfo.DESCRIPTOR.full_name
LOCALIZED_MESSAGE = error_details_pb2.LocalizedMessage.DESCRIPTOR.full_name


def connect_code(code: grpc.StatusCode) -> Code:
    """The Connect code of a gRPC status (the same list; only CANCELLED is spelt otherwise)."""
    if code is grpc.StatusCode.CANCELLED:
        return Code.CANCELED
    return Code[code.name]


def upstream_error(error: grpc.aio.AioRpcError) -> ConnectError:
    """The refusal as the browser reads it: the sentence in its language (the orchestrator's
    `google.rpc.LocalizedMessage`, asked for by the `accept-language` the gateway passed on),
    else the status message; every detail as it came."""
    details = received_details(error.trailing_metadata())
    message = error.details() or ""
    for detail in details:
        if detail.Is(error_details_pb2.LocalizedMessage.DESCRIPTOR):
            localized = error_details_pb2.LocalizedMessage()
            detail.Unpack(localized)
            message = localized.message
    return ConnectError(
        connect_code(error.code()),
        message,
        [ErrorDetail(WireAny(type_url=d.type_url, value=d.value)) for d in details],
    )


def refusal(
    code: Code,
    accept_language: str | None,
    key: str,
    /,
    *extra: ErrorDetail,
    **args: i18n.Argument,
) -> ConnectError:
    """A refusal of the gateway's own, as the orchestrator's come: `key` with `args` worded in
    the language the request's `Accept-Language` prefers, with its ErrorInfo and
    LocalizedMessage details, then `extra` ones (a rate limit's RetryInfo)."""
    return _worded(code, accept_language, i18n.Text(key, args), extra)


def in_language(error: ConnectError, accept_language: str | None) -> ConnectError:
    """`error` worded for another reader (one refusal shared by the spectators of a match, each
    in their own language): again from its ErrorInfo's key, its other details kept; as it is
    without one, or with a key this gateway's catalogues lack (a title's it has not loaded)."""
    for detail in error.details:
        if detail.type_name == ERROR_INFO:
            info = error_details_pb2.ErrorInfo.FromString(detail.message_bytes)
            key = i18n.key_of_reason(info.reason)
            if not i18n.KEY.fullmatch(key) or not i18n.catalogue_of(key).has(
                key, i18n.SOURCE_LANGUAGE
            ):
                return error
            text = i18n.Text(key, i18n.typed_args(info.metadata))
            kept = [d for d in error.details if d.type_name not in (ERROR_INFO, LOCALIZED_MESSAGE)]
            return _worded(error.code, accept_language, text, kept)
    return error


def _worded(
    code: Code, accept_language: str | None, text: i18n.Text, extra: Sequence[ErrorDetail]
) -> ConnectError:
    language = i18n.negotiate(accept_language)
    details = []
    for detail in details_of(text, i18n.render(text), language):
        packed = any_pb2.Any()
        packed.Pack(detail)
        details.append(ErrorDetail(WireAny(type_url=packed.type_url, value=packed.value)))
    return ConnectError(code, i18n.render(text, language), [*details, *extra])
