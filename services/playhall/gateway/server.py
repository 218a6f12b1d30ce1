"""Builds the gateway from its settings: `python -m playhall.gateway`."""

from __future__ import annotations

import argparse
import asyncio
import logging
import socket

import grpc
import uvicorn
import uvloop

from playhall.common import logs
from playhall.common.channels import RECONNECT_OPTIONS
from playhall.common.metrics import start_metrics_server
from playhall.common.settings import SettingsError, add_flags, variables
from playhall.gateway.app import Readiness, build_app
from playhall.gateway.settings import Settings

log = logging.getLogger("playhall.gateway")


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port ("[::]" is every interface, IPv6 and IPv4)."""
    bare = host.strip("[]")
    family = socket.AF_INET6 if ":" in bare else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family == socket.AF_INET6:
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    sock.bind((bare, port))
    sock.listen(1024)
    sock.setblocking(False)
    return sock


class _Server(uvicorn.Server):
    """uvicorn's server, reporting not ready as soon as a stop begins."""

    def __init__(self, config: uvicorn.Config, readiness: Readiness):
        super().__init__(config)
        self.readiness = readiness

    def handle_exit(self, sig, frame) -> None:
        if not self.should_exit:
            log.info("shutting down", extra={"signal": getattr(sig, "name", str(sig))})
        self.readiness.stopping = True
        super().handle_exit(sig, frame)
        # uvicorn raises the signal again once stopped, which would make a clean stop exit
        # -15: a graceful stop exits 0 like every other Playhall service.
        self._captured_signals.clear()


async def serve(settings: Settings) -> None:
    metrics_port = start_metrics_server(settings.metrics_port, settings.metrics_host)
    # Round-robin over every orchestrator replica a dns:/// name resolves to (they are
    # interchangeable); reconnects at most 2 s apart after an outage.
    channel = grpc.aio.insecure_channel(
        settings.orchestrator,
        options=[*RECONNECT_OPTIONS, ("grpc.lb_policy_name", "round_robin")],
    )
    readiness = Readiness(channel)
    config = uvicorn.Config(
        build_app(settings, channel, readiness),
        log_config=None,
        access_log=False,
        lifespan="off",
        loop="none",
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        # Typed int, used as asyncio.timeout's delay, which may have a fraction.
        timeout_graceful_shutdown=settings.grace_seconds,  # type: ignore[arg-type]
        h11_max_incomplete_event_size=settings.max_request_bytes + 16 * 1024,
    )
    server = _Server(config, readiness)
    sock = listen(settings.host, settings.port)
    port = sock.getsockname()[1]
    serving = asyncio.ensure_future(server.serve(sockets=[sock]))
    # Announced once uvicorn has its signal handlers, so a SIGTERM from then on stops it
    # gracefully.
    while not server.started and not serving.done():
        await asyncio.sleep(0.01)
    if server.started:
        log.info(
            "serving",
            extra={
                "port": port,
                "metrics_port": metrics_port,
                "orchestrator": settings.orchestrator,
                "portal": f"http://127.0.0.1:{port}/",
            },
        )
    await serving
    await channel.close()
    log.info("stopped")


def _plain(record: logging.LogRecord) -> bool:
    """uvicorn's records carry a copy of their message with terminal colours: not in JSON."""
    record.__dict__.pop("color_message", None)
    return True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.gateway",
        description="Serve playhall.match.v1.MatchService to browsers (Connect, gRPC-Web) and "
        "the portal. Needs PLAYHALL_ORCHESTRATOR.",
        epilog="Environment: " + ", ".join(variables(Settings)) + ".",
    )
    add_flags(
        parser,
        Settings,
        ["port", "metrics_port", "orchestrator", "oidc_issuer", "oidc_client_id", "oidc_scope"],
    )
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env(vars(args))
    except SettingsError as error:
        parser.exit(2, f"playhall.gateway: {error}\n")
    logs.configure("gateway", settings.log_level)
    for handler in logging.getLogger().handlers:
        handler.addFilter(_plain)
    uvloop.run(serve(settings))
