"""The metrics interceptor: each method the server has is wrapped once; names a caller makes up
are never remembered."""

from __future__ import annotations

from typing import NamedTuple

import grpc

from playhall.common.metrics import MetricsInterceptor


class CallDetails(NamedTuple):
    method: str
    invocation_metadata: tuple = ()


def echo_handler() -> grpc.RpcMethodHandler:
    return grpc.unary_unary_rpc_method_handler(lambda request, context: request)


def test_a_known_method_is_wrapped_once_and_reused():
    interceptor = MetricsInterceptor()
    handler = echo_handler()
    continued = []

    def continuation(details):
        continued.append(details.method)
        return handler

    first = interceptor.intercept_service(continuation, CallDetails("/a.B/C"))
    second = interceptor.intercept_service(continuation, CallDetails("/a.B/C"))
    assert first is second
    assert first is not handler and first.unary_unary is not handler.unary_unary
    assert continued == ["/a.B/C"]


def test_unknown_methods_are_not_remembered():
    interceptor = MetricsInterceptor()
    for n in range(1000):
        assert interceptor.intercept_service(lambda _: None, CallDetails(f"/made.Up/M{n}")) is None
    assert interceptor.handlers._wrapped == {}
