"""The gRPC server bootstrap every Playhall service uses: every method counted and timed
(`InstrumentedServer`), the standard health service (SERVING only once started, NOT_SERVING
while shutting down), server reflection, and a graceful stop on SIGTERM or SIGINT.

Two flavours of one setup: a thread-pool server for the rules services, whose handlers are pure
CPU, and an asyncio server for the orchestrator, whose handlers mostly wait on Redis and the
rules services (one event loop hands work over without waking a thread per step)."""

import asyncio
import logging
import signal
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent import futures

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2_grpc

from playhall.common.metrics import HandlerWrapper, InstrumentedServer

log = logging.getLogger(__name__)

MAX_PENDING_CALLS = 50_000
"""Calls a server holds before its handlers take them up (a burst of 10,000 watchers fits)."""

Registration = tuple[Callable[[object, InstrumentedServer], None], object, str]
"""(add_XServicer_to_server, servicer, full service name): the generated function is handed
the `InstrumentedServer`, which has the part of a server it uses."""


class Service:
    """A started gRPC server with its health service."""

    def __init__(self, server: grpc.Server, port: int, health_servicer, names: list[str]):
        self.server = server
        self.port = port
        self.health = health_servicer
        self.names = names

    def mark_serving(self) -> None:
        for name in ["", *self.names]:
            self.health.set(name, health_pb2.HealthCheckResponse.SERVING)

    def stop(self, grace: float) -> None:
        """Reports NOT_SERVING, then lets in-flight RPCs finish for up to `grace` seconds."""
        self.health.enter_graceful_shutdown()
        self.server.stop(grace).wait()


def create_server(
    registrations: Iterable[Registration],
    port: int,
    host: str = "[::]",
    max_workers: int = 16,
    max_message_bytes: int = 4 * 1024 * 1024,
) -> Service:
    """Builds and starts a server on host:port (0 picks a free port) with the given servicers."""
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=max_workers),
        options=_options(max_message_bytes, MAX_CONNECTION_AGE_MS, MAX_CONNECTION_AGE_GRACE_MS),
    )
    health_servicer = health.HealthServicer()
    names = _register(
        InstrumentedServer(server, asynchronous=False),
        registrations,
        health_servicer,
        reflection.ReflectionServicer,
    )
    for name in ["", *names]:
        health_servicer.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
    bound = _listen(server, host, port)
    server.start()
    return Service(server, bound, health_servicer, names)


def status_for(table: Mapping[type, grpc.StatusCode], error: Exception) -> grpc.StatusCode:
    """The status a servicer's `table` (refusal class -> code) gives `error`: that of its
    nearest class in the table."""
    for kind in type(error).__mro__:
        if kind in table:
            return table[kind]
    raise TypeError(f"no status code for {type(error).__name__}")


MAX_CONNECTION_AGE_MS = 300_000
"""Clients reconnect (and re-resolve DNS) at least every few minutes, so replicas added by
scaling get their share of long-lived HTTP/2 connections. A server sends GOAWAY at this age;
streams still open `MAX_CONNECTION_AGE_GRACE_MS` later end with UNAVAILABLE, and clients that
follow a stream (`playhall.match_client`'s watch, the portal) resume on a new connection."""
MAX_CONNECTION_AGE_GRACE_MS = 30_000


def _options(
    max_message_bytes: int, max_connection_age_ms: int, max_connection_age_grace_ms: int
) -> list[tuple[str, int]]:
    return [
        ("grpc.max_receive_message_length", max_message_bytes),
        ("grpc.max_send_message_length", max_message_bytes),
        ("grpc.so_reuseport", 0),
        ("grpc.max_connection_age_ms", max_connection_age_ms),
        ("grpc.max_connection_age_grace_ms", max_connection_age_grace_ms),
        # Calls the handlers have not taken up yet: beyond gRPC core's default backlog (1,000,
        # dropping at random up to 3,000) it cancels them, and a burst of watchers opening at
        # once would see CANCELLED. Queued instead, each is answered by its handler: the
        # orchestrator refuses what it cannot serve with RESOURCE_EXHAUSTED, cheaply.
        ("grpc.server.max_pending_requests", MAX_PENDING_CALLS),
        ("grpc.server.max_pending_requests_hard_limit", MAX_PENDING_CALLS),
    ]


def _register(
    server: InstrumentedServer,
    registrations: Iterable[Registration],
    health_servicer,
    reflection_servicer: type,
) -> list[str]:
    """Adds the servicers, the health service and reflection (servicers of the server's
    flavour); returns the services' names."""
    names = []
    for add, servicer, name in registrations:
        add(servicer, server)
        names.append(name)
    # Typed for a whole server; it only registers, which is what `InstrumentedServer` does.
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)  # type: ignore[arg-type]
    health_name = health_pb2.DESCRIPTOR.services_by_name["Health"].full_name
    reflection_pb2_grpc.add_ServerReflectionServicer_to_server(
        reflection_servicer([*names, health_name, reflection.SERVICE_NAME]), server
    )
    return names


def _listen(server, host: str, port: int) -> int:
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    return bound


def catch_stop_signals() -> threading.Event:
    """An event the first SIGTERM or SIGINT sets, from now on. Called before the server reports
    SERVING: a signal right after it (a rollout, a test) must find this handler, not Python's
    default of dying on the spot with nothing stopped gracefully."""
    stopping = threading.Event()

    def on_signal(signum, _frame):
        log.info("shutting down", extra={"signal": signal.Signals(signum).name})
        stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    return stopping


def run_until_signalled(service: Service, grace: float, stopping: threading.Event) -> None:
    """Blocks until `stopping` (`catch_stop_signals`) is set, then stops gracefully."""
    stopping.wait()
    service.stop(grace)
    log.info("stopped")


class AsyncService:
    """A started asyncio gRPC server with its health service."""

    def __init__(self, server: grpc.aio.Server, port: int, health_servicer, names: list[str]):
        self.server = server
        self.port = port
        self.health = health_servicer
        self.names = names

    async def mark_serving(self) -> None:
        for name in ["", *self.names]:
            await self.health.set(name, health_pb2.HealthCheckResponse.SERVING)

    async def stop(self, grace: float) -> None:
        """Reports NOT_SERVING, then lets in-flight RPCs finish for up to `grace` seconds."""
        await self.health.enter_graceful_shutdown()
        await self.server.stop(grace)


async def create_async_server(
    registrations: Iterable[Registration],
    port: int,
    host: str = "[::]",
    max_message_bytes: int = 4 * 1024 * 1024,
    max_connection_age_ms: int = MAX_CONNECTION_AGE_MS,
    max_connection_age_grace_ms: int = MAX_CONNECTION_AGE_GRACE_MS,
    wrappers: Sequence[HandlerWrapper] = (),
) -> AsyncService:
    """`create_server` on the running event loop, whose connections' age can be set (the
    orchestrator's long watch streams are what it bounds), with `wrappers` around every
    method's handler, the first outermost (`InstrumentedServer`: the orchestrator's rate limits
    and access gate)."""
    server = grpc.aio.server(
        options=_options(max_message_bytes, max_connection_age_ms, max_connection_age_grace_ms),
    )
    health_servicer = health.aio.HealthServicer()
    names = _register(
        InstrumentedServer(server, asynchronous=True, wrappers=wrappers),
        registrations,
        health_servicer,
        reflection.aio.ReflectionServicer,
    )
    for name in ["", *names]:
        await health_servicer.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
    bound = _listen(server, host, port)
    await server.start()
    return AsyncService(server, bound, health_servicer, names)


def catch_stop_signals_async() -> asyncio.Event:
    """`catch_stop_signals` for the running event loop: an event the first SIGTERM or SIGINT
    sets, from now on (call it before reporting SERVING)."""
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def on_signal(signum: signal.Signals) -> None:
        log.info("shutting down", extra={"signal": signum.name})
        stopping.set()
        for handled in (signal.SIGTERM, signal.SIGINT):
            # A second signal then acts as usual: Ctrl-C twice stops at once.
            loop.remove_signal_handler(handled)

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, on_signal, signum)
    return stopping
