"""An orchestrator's gRPC refusal as the Connect error the browser gets: its code and message
unchanged."""

from __future__ import annotations

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError


def connect_code(code: grpc.StatusCode) -> Code:
    """The Connect code of a gRPC status (the same list; only CANCELLED is spelt otherwise)."""
    if code is grpc.StatusCode.CANCELLED:
        return Code.CANCELED
    return Code[code.name]


def upstream_error(error: grpc.aio.AioRpcError) -> ConnectError:
    return ConnectError(connect_code(error.code()), error.details() or "")
