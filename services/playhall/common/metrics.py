"""Prometheus metrics: the conventional `grpc_server_*` series for every RPC, and the /metrics
HTTP endpoint each process serves on its own port. The interceptors come in two flavours, for
thread-pool and for asyncio servers, recording the same series."""

import time
from collections.abc import AsyncIterator, Callable, Iterator

import grpc
from prometheus_client import Counter, Histogram, start_http_server

RPC_STARTED = Counter(
    "grpc_server_started",
    "RPCs started on the server.",
    ["grpc_type", "grpc_service", "grpc_method"],
)
RPC_HANDLED = Counter(
    "grpc_server_handled",
    "RPCs completed on the server, by status code.",
    ["grpc_type", "grpc_service", "grpc_method", "grpc_code"],
)
RPC_SECONDS = Histogram(
    "grpc_server_handling_seconds",
    "Time to handle an RPC, until its last response.",
    ["grpc_type", "grpc_service", "grpc_method"],
    buckets=(
        0.0001,
        0.00025,
        0.0005,
        0.001,
        0.0025,
        0.005,
        0.01,
        0.025,
        0.05,
        0.1,
        0.25,
        0.5,
        1,
        2.5,
        5,
        10,
    ),
)


def start_metrics_server(port: int, host: str = "0.0.0.0") -> int:
    """Serves /metrics in a daemon thread; returns the bound port (port 0 picks one)."""
    server, _thread = start_http_server(port, addr=host)
    return server.server_port


def _code_of(context: grpc.ServicerContext, completed: bool) -> str:
    """The status the client gets: set by abort, else OK, or UNKNOWN when the handler raised."""
    code = context.code()
    if code is None:
        code = grpc.StatusCode.OK if completed else grpc.StatusCode.UNKNOWN
    return code.name


class _Wrappers:
    """Each method's handler wrapped once, with its metric children bound, instead of on every
    call (a method's handler never changes). Holds only methods the server has, so names a
    caller makes up cannot grow it."""

    def __init__(self, unary: Callable, stream: Callable) -> None:
        self._unary = unary
        self._stream = stream
        self._wrapped: dict[str, grpc.RpcMethodHandler] = {}

    def get(self, method: str) -> grpc.RpcMethodHandler | None:
        return self._wrapped.get(method)

    def wrap(self, method: str, handler: grpc.RpcMethodHandler | None):
        if handler is None:
            return None
        return self._wrapped.setdefault(method, self._wrap(handler, method))

    def _wrap(self, handler: grpc.RpcMethodHandler, full_method: str) -> grpc.RpcMethodHandler:
        service, _, method = full_method.lstrip("/").rpartition("/")
        if handler.unary_unary:
            return grpc.unary_unary_rpc_method_handler(
                self._unary(handler.unary_unary, _Series("unary", service, method)),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream:
            return grpc.unary_stream_rpc_method_handler(
                self._stream(handler.unary_stream, _Series("server_stream", service, method)),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler


class MetricsInterceptor(grpc.ServerInterceptor):
    """Counts and times every unary and server-streaming RPC of a thread-pool server."""

    def __init__(self) -> None:
        self.handlers = _Wrappers(_unary, _stream)

    def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        wrapped = self.handlers.get(method)
        if wrapped is None:
            wrapped = self.handlers.wrap(method, continuation(handler_call_details))
        return wrapped


class AsyncMetricsInterceptor(grpc.aio.ServerInterceptor):
    """`MetricsInterceptor` for an asyncio server (whose handlers are coroutines)."""

    def __init__(self) -> None:
        self.handlers = _Wrappers(_async_unary, _async_stream)

    async def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        wrapped = self.handlers.get(method)
        if wrapped is None:
            wrapped = self.handlers.wrap(method, await continuation(handler_call_details))
        return wrapped


class _Series:
    """The metric children of one method."""

    def __init__(self, *labels: str):
        self.labels = labels
        self.started = RPC_STARTED.labels(*labels)
        self.seconds = RPC_SECONDS.labels(*labels)

    def finished(self, started: float, context: grpc.ServicerContext, completed: bool) -> None:
        self.seconds.observe(time.perf_counter() - started)
        RPC_HANDLED.labels(*self.labels, _code_of(context, completed)).inc()


def _unary(behaviour: Callable, series: _Series) -> Callable:
    def wrapped(request, context):
        series.started.inc()
        started = time.perf_counter()
        completed = False
        try:
            response = behaviour(request, context)
            completed = True
            return response
        finally:
            series.finished(started, context, completed)

    return wrapped


def _stream(behaviour: Callable, series: _Series) -> Callable:
    def wrapped(request, context) -> Iterator:
        series.started.inc()
        started = time.perf_counter()
        completed = False
        try:
            yield from behaviour(request, context)
            completed = True
        finally:
            series.finished(started, context, completed)

    return wrapped


def _async_unary(behaviour: Callable, series: _Series) -> Callable:
    async def wrapped(request, context):
        series.started.inc()
        started = time.perf_counter()
        completed = False
        try:
            response = await behaviour(request, context)
            completed = True
            return response
        finally:
            series.finished(started, context, completed)

    return wrapped


def _async_stream(behaviour: Callable, series: _Series) -> Callable:
    async def wrapped(request, context) -> AsyncIterator:
        series.started.inc()
        started = time.perf_counter()
        completed = False
        try:
            async for response in behaviour(request, context):
                yield response
            completed = True
        finally:
            series.finished(started, context, completed)

    return wrapped
