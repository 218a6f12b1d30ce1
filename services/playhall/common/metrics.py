"""Prometheus metrics: the conventional `grpc_server_*` series for every RPC, and the /metrics
HTTP endpoint each process serves on its own port.

The instrumented handlers also decode each request themselves. Left to grpcio, a request that
does not parse is answered UNKNOWN (asyncio) or INTERNAL (threads) with a traceback in the log,
is missing from the series, and grows a thread-pool server by some kilobytes that are never
freed; decoded here it is an INVALID_ARGUMENT like any other bad request, counted, and logged as
one warning line."""

import asyncio
import contextlib
import errno
import inspect
import logging
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any, Protocol
from wsgiref.simple_server import WSGIRequestHandler, make_server

import grpc
from google.protobuf.message import DecodeError
from prometheus_client import Counter, Histogram, make_wsgi_app, start_http_server
from prometheus_client.exposition import ThreadingWSGIServer

from playhall.common.refusal_details import details_of, language_of, rich_status
from playhall.core.i18n import Text, render

log = logging.getLogger(__name__)

REDIS_ERRORS = Counter(
    "playhall_redis_errors",
    "Redis commands that failed, by what they were for: a call answered UNAVAILABLE or "
    "INTERNAL (call), a housekeeping pass skipped, an index update after a commit left to the "
    "repair, an active-match count not taken.",
    ["operation"],
)
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


ALL_INTERFACES = "0.0.0.0"
"""The metrics listener's default host (`PLAYHALL_METRICS_HOST`), as a container needs."""
METRICS_PORT_OFFSET = 1000


def default_metrics_port(port: int) -> int:
    """The metrics port of a service on `port` whose metrics port is not set: `port` + 1000
    (a rules service on 50051: 51051), so that services of one machine, which cannot share a
    port, do not share a metrics port either; 0 (a free one) for a service on a free port."""
    derived = port + METRICS_PORT_OFFSET
    return derived if port and derived <= 65535 else 0


def start_default_metrics_server(port: int, host: str) -> int:
    """Serves /metrics on `default_metrics_port(port)`, or on a free port (logged as a
    warning) when something else listens there; the bound port."""
    wanted = default_metrics_port(port)
    try:
        return start_metrics_server(wanted, host)
    except OSError as error:
        if error.errno != errno.EADDRINUSE or not wanted:
            raise
    bound = start_metrics_server(0, host)
    log.warning(
        "the default metrics port is taken: serving metrics on a free port instead",
        extra={"wanted": wanted, "metrics_port": bound},
    )
    return bound


def start_metrics_server(port: int, host: str, ready: Callable[[], bool] | None = None) -> int:
    """Serves /metrics on host:port in a daemon thread; returns the bound port (0 picks one).
    With `ready`, also /readyz: 200 while `ready()` is true, else 503 (the readiness probe of a
    process that serves nothing else, such as the archiver)."""
    if ready is None:
        server, _thread = start_http_server(port, addr=host)
        return server.server_port
    metrics = make_wsgi_app()

    def app(environ, start_response):
        if environ.get("PATH_INFO") != "/readyz":
            return metrics(environ, start_response)
        status = "200 OK" if ready() else "503 Service Unavailable"
        start_response(status, [("Content-Type", "text/plain; charset=utf-8")])
        return [status.encode()]

    class Server(ThreadingWSGIServer):
        # IPv4 or IPv6, as the host is (PLAYHALL_METRICS_HOST may be "::").
        address_family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]

    httpd = make_server(host, port, app, Server, handler_class=_QuietHandler)
    threading.Thread(target=httpd.serve_forever, name="metrics", daemon=True).start()
    return httpd.server_port


class _QuietHandler(WSGIRequestHandler):
    """No access log line per scrape or probe."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


class HandlerWrapper(Protocol):
    """Something to do around a method's calls, applied to its handler once (`wrap`)."""

    def wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        """`handler` of the full method name `method` (e.g. "/playhall.match.v1.MatchService/
        SubmitMove"), wrapped, or as it is."""
        ...


class InstrumentedServer:
    """Registers services on a gRPC server, thread-pool or asyncio, with each method's handler
    wrapped to count and time its calls. Pass it where a generated `add_XServicer_to_server`
    expects the server.

    Wrapping at registration, rather than in a server interceptor, costs nothing per call
    beyond the counting itself: an asyncio server runs its interceptors as a pipeline of
    coroutines on every call (measured: 0.04 ms of the orchestrator's CPU per move). Only the
    methods registered are wrapped, so names a caller makes up never create a series.

    An asyncio server finds registered methods in one table of its own, a generic handler
    consulted first, and not as gRPC's registered methods: grpcio's asyncio server keeps a
    task waiting for each registered method and waits on all of them together again after
    every call, a cost per call that grows with the methods served (the orchestrator serves
    dozens; `bench/results/peer.md`).

    `wrappers` go around every method's handler, outside the counting, the first outermost
    (the orchestrator's rate limits, then its access gate): applied here once rather than as
    server interceptors, for the same reason as the counting."""

    def __init__(
        self,
        server: grpc.Server | grpc.aio.Server,
        asynchronous: bool,
        wrappers: Sequence[HandlerWrapper] = (),
    ) -> None:
        self.server = server
        self._wrappers = wrappers
        self._unary, self._stream = (
            (_async_unary, _async_stream) if asynchronous else (_unary, _stream)
        )
        self._wrapped: dict[str, grpc.RpcMethodHandler] = {}
        """By full method name: one wrapped handler serves both ways of finding a method."""
        self._table: _MethodTable | None = None
        if asynchronous:
            self._table = _MethodTable()
            server.add_generic_rpc_handlers((self._table,))

    def add_generic_rpc_handlers(self, handlers) -> None:
        self.server.add_generic_rpc_handlers(
            tuple(_InstrumentedHandlers(handler, self) for handler in handlers)
        )

    def add_registered_method_handlers(self, service: str, handlers: dict) -> None:
        wrapped = {name: self.wrapped(f"/{service}/{name}", h) for name, h in handlers.items()}
        if self._table is not None:
            self._table.add(service, wrapped)
        else:
            self.server.add_registered_method_handlers(service, wrapped)

    def wrapped(self, full_method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        known = self._wrapped.get(full_method)
        if known is None:
            known = self._wrap(handler, full_method)
            for wrapper in reversed(self._wrappers):
                known = wrapper.wrap(full_method, known)
            known = self._wrapped.setdefault(full_method, known)
        return known

    def _wrap(self, handler: grpc.RpcMethodHandler, full_method: str) -> grpc.RpcMethodHandler:
        service, _, method = full_method.lstrip("/").rpartition("/")
        if handler.unary_unary:
            return grpc.unary_unary_rpc_method_handler(
                self._unary(
                    handler.unary_unary,
                    _Series("unary", service, method, handler.request_deserializer),
                ),
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream:
            return grpc.unary_stream_rpc_method_handler(
                self._stream(
                    handler.unary_stream,
                    _Series("server_stream", service, method, handler.request_deserializer),
                ),
                response_serializer=handler.response_serializer,
            )
        return handler


class _MethodTable(grpc.GenericRpcHandler):
    """Every registered method of an asyncio server by its full name: one lookup a call."""

    def __init__(self) -> None:
        self._handlers: dict[str, grpc.RpcMethodHandler] = {}

    def add(self, service: str, handlers: dict[str, grpc.RpcMethodHandler]) -> None:
        self._handlers.update({f"/{service}/{name}": h for name, h in handlers.items()})

    def service(self, handler_call_details):
        return self._handlers.get(handler_call_details.method)


class _InstrumentedHandlers(grpc.GenericRpcHandler):
    """A service's generic handler, answering with the instrumented method handlers."""

    def __init__(self, handlers: grpc.GenericRpcHandler, server: InstrumentedServer):
        self._handlers = handlers
        self._server = server

    def service(self, handler_call_details):
        handler = self._handlers.service(handler_call_details)
        if handler is None:
            return None
        return self._server.wrapped(handler_call_details.method, handler)


class _CallContext(Protocol):
    """What `_Series.recording` reads of a call's context, thread-pool or asyncio: both have
    `code()`, the status the handler set or None (types-grpcio gives the thread-pool one no
    `code`, and the asyncio one a `code` that is never None)."""

    def time_remaining(self) -> float | None: ...

    def code(self) -> grpc.StatusCode | None: ...


class _Series:
    """The metric children of one method, and the decoder of its requests."""

    def __init__(
        self,
        grpc_type: str,
        service: str,
        method: str,
        deserializer: Callable[[bytes], object] | None,
    ):
        self.labels = (grpc_type, service, method)
        self.started = RPC_STARTED.labels(*self.labels)
        self.seconds = RPC_SECONDS.labels(*self.labels)
        self._handled: dict[grpc.StatusCode, Any] = {}
        """The handled counter's child of each status seen, not looked up by label again."""
        self._deserializer = deserializer

    def decode(self, raw: bytes):
        """The request in `raw`; None (logged) when it does not parse."""
        if self._deserializer is None:
            return raw
        try:
            return self._deserializer(raw)
        except DecodeError as error:
            log.warning(
                "undecodable request refused",
                extra={"method": "/".join(self.labels[1:]), "error": str(error)[:200]},
            )
            return None

    @contextlib.contextmanager
    def recording(self, context: _CallContext):
        """Counts and times the call run inside it, under the status its client gets: the one
        the handler set (abort), else OK when it returned, CANCELLED or DEADLINE_EXCEEDED when
        the client went away, UNKNOWN when it raised."""
        self.started.inc()
        started = time.perf_counter()
        fallback = grpc.StatusCode.UNKNOWN
        try:
            yield
            fallback = grpc.StatusCode.OK
        except (asyncio.CancelledError, GeneratorExit):
            remaining = context.time_remaining()
            expired = remaining is not None and remaining <= 0
            fallback = grpc.StatusCode.DEADLINE_EXCEEDED if expired else grpc.StatusCode.CANCELLED
            raise
        finally:
            self.seconds.observe(time.perf_counter() - started)
            code = context.code() or fallback
            handled = self._handled.get(code)
            if handled is None:
                handled = RPC_HANDLED.labels(*self.labels, code.name)
                self._handled[code] = handled
            handled.inc()


UNDECODABLE = Text("request-undecodable")


def _undecodable(context: grpc.ServicerContext | grpc.aio.ServicerContext) -> grpc.Status:
    """INVALID_ARGUMENT for a request that does not decode, as every refusal is worded."""
    english = render(UNDECODABLE)
    language = language_of(context.invocation_metadata())
    details = details_of(UNDECODABLE, english, language)
    return rich_status(grpc.StatusCode.INVALID_ARGUMENT, english, details)


def _request(series: _Series, raw: bytes, context: grpc.ServicerContext):
    request = series.decode(raw)
    if request is None:
        context.abort_with_status(_undecodable(context))
    return request


async def _async_request(series: _Series, raw: bytes, context: grpc.aio.ServicerContext):
    request = series.decode(raw)
    if request is None:
        status = _undecodable(context)
        await context.abort(status.code, status.details, status.trailing_metadata)
    return request


def _unary(behaviour: Callable, series: _Series) -> Callable:
    def wrapped(raw, context):
        with series.recording(context):
            return behaviour(_request(series, raw, context), context)

    return wrapped


def _stream(behaviour: Callable, series: _Series) -> Callable:
    def wrapped(raw, context) -> Iterator:
        with series.recording(context):
            yield from behaviour(_request(series, raw, context), context)

    return wrapped


def _async_unary(behaviour: Callable, series: _Series) -> Callable:
    async def wrapped(raw, context):
        with series.recording(context):
            return await behaviour(await _async_request(series, raw, context), context)

    return wrapped


def _async_stream(behaviour: Callable, series: _Series) -> Callable:
    """An asyncio streaming handler is an async generator, or a coroutine that writes its
    responses with `context.write` (as the standard health service's Watch does)."""
    if inspect.iscoroutinefunction(behaviour):
        return _async_unary(behaviour, series)

    async def wrapped(raw, context) -> AsyncIterator:
        # aclosing: when the call is cancelled while this waits to send, the handler's
        # generator is closed now (its `finally` blocks run), not when the garbage collector
        # gets to it.
        with series.recording(context):
            request = await _async_request(series, raw, context)
            async with contextlib.aclosing(behaviour(request, context)) as responses:
                async for response in responses:
                    yield response

    return wrapped
