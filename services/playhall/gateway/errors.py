"""An orchestrator's gRPC refusal as the Connect error the browser gets: its code and message
unchanged, and the details of gRPC's rich error model (the `grpc-status-details-bin` trailer:
a google.rpc.Status, e.g. a rate limit's RetryInfo and QuotaFailure) as Connect error
details."""

from __future__ import annotations

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from google.protobuf.message import DecodeError
from google.rpc import status_pb2
from protobuf.wkt import Any as WireAny

STATUS_DETAILS_KEY = "grpc-status-details-bin"


def connect_code(code: grpc.StatusCode) -> Code:
    """The Connect code of a gRPC status (the same list; only CANCELLED is spelt otherwise)."""
    if code is grpc.StatusCode.CANCELLED:
        return Code.CANCELED
    return Code[code.name]


def upstream_details(error: grpc.aio.AioRpcError) -> list[ErrorDetail]:
    """The details of a refusal's google.rpc.Status, as they came (none when it has no
    status trailer, or one that does not parse)."""
    raw = next(
        (value for key, value in error.trailing_metadata() or () if key == STATUS_DETAILS_KEY),
        None,
    )
    if not isinstance(raw, bytes):
        return []
    try:
        status = status_pb2.Status.FromString(raw)
    except DecodeError:
        return []
    return [
        ErrorDetail(WireAny(type_url=detail.type_url, value=detail.value))
        for detail in status.details
    ]


def upstream_error(error: grpc.aio.AioRpcError) -> ConnectError:
    return ConnectError(connect_code(error.code()), error.details() or "", upstream_details(error))
