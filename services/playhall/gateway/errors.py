"""An orchestrator's gRPC refusal as the Connect error the browser gets: its code, its message
in the browser's language, and the details of gRPC's rich error model (the
`grpc-status-details-bin` trailer: a google.rpc.Status, e.g. a refusal's ErrorInfo, a rate
limit's RetryInfo and QuotaFailure) as Connect error details."""

from __future__ import annotations

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from google.rpc import error_details_pb2
from protobuf.wkt import Any as WireAny

from playhall.common.refusal_details import received_details


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
