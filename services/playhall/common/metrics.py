"""Prometheus metrics: the conventional `grpc_server_*` series for every RPC, and the /metrics
HTTP endpoint each process serves on its own port."""

import time
from collections.abc import Callable, Iterator

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


class MetricsInterceptor(grpc.ServerInterceptor):
    """Counts and times every unary and server-streaming RPC.

    A method's handler never changes, so each is wrapped once, with its metric children bound,
    instead of on every call."""

    def __init__(self) -> None:
        self._wrapped: dict[str, grpc.RpcMethodHandler] = {}
        """By method; only methods the server has, so unknown names sent by callers cannot
        grow it."""

    def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        wrapped = self._wrapped.get(method)
        if wrapped is None:
            handler = continuation(handler_call_details)
            if handler is None:
                return None
            wrapped = self._wrapped.setdefault(method, self._wrap(handler, method))
        return wrapped

    @staticmethod
    def _wrap(handler: grpc.RpcMethodHandler, full_method: str) -> grpc.RpcMethodHandler:
        service, _, method = full_method.lstrip("/").rpartition("/")
        if handler.unary_unary:
            return grpc.unary_unary_rpc_method_handler(
                _unary(handler.unary_unary, _Series("unary", service, method)),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream:
            return grpc.unary_stream_rpc_method_handler(
                _stream(handler.unary_stream, _Series("server_stream", service, method)),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler


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
