"""Instrumented registration: every method a server has is counted and timed under its own
series, whichever way the server finds it; names a caller makes up are never remembered."""

from __future__ import annotations

from concurrent import futures

import grpc
import pytest

from playhall.common.metrics import RPC_HANDLED, RPC_STARTED, InstrumentedServer

SERVICE = "playhall.test.Echo"


def echo(request: bytes, context: grpc.ServicerContext) -> bytes:
    if request == b"refuse":
        context.abort(grpc.StatusCode.INVALID_ARGUMENT, "refused")
    return request


def count(metric, *labels: str) -> float:
    return metric.labels(*labels)._value.get()


@pytest.fixture
def served():
    """A real thread-pool server with one echo method, registered the way generated code does
    (a generic handler and the registered-method table); yields a channel to it."""
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    instrumented = InstrumentedServer(server, asynchronous=False)
    handlers = {"Call": grpc.unary_unary_rpc_method_handler(echo)}
    instrumented.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(SERVICE, handlers),)
    )
    instrumented.add_registered_method_handlers(SERVICE, handlers)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            yield channel, instrumented
    finally:
        server.stop(0)


def test_calls_are_counted_by_method_and_code(served):
    channel, _ = served
    labels = ("unary", SERVICE, "Call")
    started, ok, invalid = (
        count(RPC_STARTED, *labels),
        count(RPC_HANDLED, *labels, "OK"),
        count(RPC_HANDLED, *labels, "INVALID_ARGUMENT"),
    )
    call = channel.unary_unary(f"/{SERVICE}/Call", _registered_method=True)
    generic = channel.unary_unary(f"/{SERVICE}/Call")
    assert call(b"hi", timeout=5) == b"hi"
    assert generic(b"hi", timeout=5) == b"hi"
    with pytest.raises(grpc.RpcError) as refused:
        call(b"refuse", timeout=5)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert count(RPC_STARTED, *labels) - started == 3
    assert count(RPC_HANDLED, *labels, "OK") - ok == 2
    assert count(RPC_HANDLED, *labels, "INVALID_ARGUMENT") - invalid == 1


def test_unknown_methods_are_not_remembered(served):
    channel, instrumented = served
    for n in range(20):
        with pytest.raises(grpc.RpcError) as unknown:
            channel.unary_unary(f"/made.Up/M{n}")(b"", timeout=5)
        assert unknown.value.code() == grpc.StatusCode.UNIMPLEMENTED
    assert list(instrumented._wrapped) == [f"/{SERVICE}/Call"]
