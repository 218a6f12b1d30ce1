"""Instrumented registration on real servers, thread-pool and asyncio: every method a server has
is counted and timed under its own series, whichever way the server finds it, under the status
its client got; names a caller makes up are never remembered."""

from __future__ import annotations

import asyncio
from concurrent import futures

import grpc
import pytest
from prometheus_client import REGISTRY

from playhall.common.metrics import InstrumentedServer

GENERIC = "playhall.test.Generic"
"""Registered as generated code did before registered methods: a generic handler only."""
REGISTERED = "playhall.test.Registered"
"""Registered as generated code does now: a generic handler and the registered-method table."""


def count(name: str, kind: str, service: str, method: str, **labels: str) -> float:
    labels.update(grpc_type=kind, grpc_service=service, grpc_method=method)
    return REGISTRY.get_sample_value(name, labels) or 0.0


def started_calls(service: str, method: str, kind: str = "unary") -> float:
    return count("grpc_server_started_total", kind, service, method)


def handled(service: str, method: str, code: str, kind: str = "unary") -> float:
    return count("grpc_server_handled_total", kind, service, method, grpc_code=code)


def echo(request: bytes, context: grpc.ServicerContext) -> bytes:
    if request == b"refuse":
        context.abort(grpc.StatusCode.INVALID_ARGUMENT, "refused")
    return request


@pytest.fixture
def served():
    """A thread-pool server with both services; yields a channel to it and the registrar."""
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    instrumented = InstrumentedServer(server, asynchronous=False)
    handlers = {"Call": grpc.unary_unary_rpc_method_handler(echo)}
    for service in (GENERIC, REGISTERED):
        generic = grpc.method_handlers_generic_handler(service, handlers)
        instrumented.add_generic_rpc_handlers((generic,))
    instrumented.add_registered_method_handlers(REGISTERED, handlers)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            yield channel, instrumented
    finally:
        server.stop(0)


@pytest.mark.parametrize("service", [GENERIC, REGISTERED])
def test_calls_are_counted_by_method_and_code(served, service):
    channel, _ = served
    before = [
        started_calls(service, "Call"),
        handled(service, "Call", "OK"),
        handled(service, "Call", "INVALID_ARGUMENT"),
    ]
    call = channel.unary_unary(f"/{service}/Call", _registered_method=service == REGISTERED)
    assert call(b"hi", timeout=5) == b"hi"
    assert call(b"hi", timeout=5) == b"hi"
    with pytest.raises(grpc.RpcError) as refused:
        call(b"refuse", timeout=5)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    after = [
        started_calls(service, "Call"),
        handled(service, "Call", "OK"),
        handled(service, "Call", "INVALID_ARGUMENT"),
    ]
    assert [a - b for a, b in zip(after, before, strict=True)] == [3, 2, 1]


def test_unknown_methods_are_not_remembered(served):
    channel, instrumented = served
    for service in (GENERIC, REGISTERED):
        assert channel.unary_unary(f"/{service}/Call")(b"hi", timeout=5) == b"hi"
    for n in range(20):
        with pytest.raises(grpc.RpcError) as unknown:
            channel.unary_unary(f"/made.Up/M{n}")(b"", timeout=5)
        assert unknown.value.code() == grpc.StatusCode.UNIMPLEMENTED
    series = [s for family in REGISTRY.collect() for s in family.samples]
    assert not any(s.labels.get("grpc_service") == "made.Up" for s in series)
    assert sorted(instrumented._wrapped) == [f"/{GENERIC}/Call", f"/{REGISTERED}/Call"]


ASYNC = "playhall.test.Async"


async def slow(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
    await asyncio.sleep(10)
    return request


async def generated(request: bytes, context: grpc.aio.ServicerContext):
    for _ in range(3):
        yield request


async def written(request: bytes, context: grpc.aio.ServicerContext) -> None:
    for _ in range(2):
        await context.write(request)


async def until(condition, within_s: float = 2.0) -> None:
    """Polls `condition` on the running loop; fails the test after `within_s`."""
    for _ in range(int(within_s / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    pytest.fail("the server did not count the call in time")


async def exercise_asyncio_server() -> dict[str, list]:
    server = grpc.aio.server()
    handlers = {
        "Slow": grpc.unary_unary_rpc_method_handler(slow),
        "Generated": grpc.unary_stream_rpc_method_handler(generated),
        "Written": grpc.unary_stream_rpc_method_handler(written),
    }
    instrumented = InstrumentedServer(server, asynchronous=True)
    instrumented.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(ASYNC, handlers),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    answers: dict[str, list] = {}
    started = started_calls(ASYNC, "Slow")
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            for method in ("Generated", "Written"):
                stream = channel.unary_stream(f"/{ASYNC}/{method}")(b"x", timeout=5)
                answers[method] = [response async for response in stream]
            with pytest.raises(grpc.aio.AioRpcError) as late:
                await channel.unary_unary(f"/{ASYNC}/Slow")(b"x", timeout=0.2)
            answers["late"] = [late.value.code()]
            counted = handled(ASYNC, "Slow", "CANCELLED")
            cancelled = channel.unary_unary(f"/{ASYNC}/Slow")(b"x", timeout=5)
            await until(lambda: started_calls(ASYNC, "Slow") >= started + 2)
            cancelled.cancel()
            # Counted while the channel and the server are still up: only the cancel can do it.
            await until(lambda: handled(ASYNC, "Slow", "CANCELLED") > counted)
    finally:
        await server.stop(0)
    return answers


def test_asyncio_streams_of_both_kinds_and_calls_the_client_gave_up_are_counted():
    before = {
        "generated": handled(ASYNC, "Generated", "OK", "server_stream"),
        "written": handled(ASYNC, "Written", "OK", "server_stream"),
        "late": handled(ASYNC, "Slow", "DEADLINE_EXCEEDED"),
        "cancelled": handled(ASYNC, "Slow", "CANCELLED"),
        "unknown": handled(ASYNC, "Slow", "UNKNOWN"),
    }
    answers = asyncio.run(exercise_asyncio_server())
    assert answers["Generated"] == [b"x"] * 3 and answers["Written"] == [b"x"] * 2
    assert answers["late"] == [grpc.StatusCode.DEADLINE_EXCEEDED]
    assert handled(ASYNC, "Generated", "OK", "server_stream") - before["generated"] == 1
    assert handled(ASYNC, "Written", "OK", "server_stream") - before["written"] == 1
    assert handled(ASYNC, "Slow", "DEADLINE_EXCEEDED") - before["late"] == 1
    assert handled(ASYNC, "Slow", "CANCELLED") - before["cancelled"] == 1
    assert handled(ASYNC, "Slow", "UNKNOWN") == before["unknown"]


ASYNC_REGISTERED = "playhall.test.AsyncRegistered"


async def answer(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
    return request


async def call_registered_on_asyncio_server() -> list[bytes]:
    server = grpc.aio.server()
    instrumented = InstrumentedServer(server, asynchronous=True)
    # As generated code registers a service, minus its generic handler: only the table of
    # registered methods can answer, whichever way the client names the method.
    handlers = {"Call": grpc.unary_unary_rpc_method_handler(answer)}
    instrumented.add_registered_method_handlers(ASYNC_REGISTERED, handlers)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            method = f"/{ASYNC_REGISTERED}/Call"
            return [
                await channel.unary_unary(method, _registered_method=registered)(b"x", timeout=5)
                for registered in (True, False)
            ]
    finally:
        await server.stop(0)


def test_asyncio_registered_methods_are_served_from_one_table_and_counted():
    before = handled(ASYNC_REGISTERED, "Call", "OK")
    assert asyncio.run(call_registered_on_asyncio_server()) == [b"x", b"x"]
    assert handled(ASYNC_REGISTERED, "Call", "OK") - before == 2
