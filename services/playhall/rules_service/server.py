"""Builds the rules service of one title from its settings."""

from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from typing import Any

from playhall.common import logs, tracing
from playhall.common.metrics import (
    ALL_INTERFACES,
    start_default_metrics_server,
    start_metrics_server,
)
from playhall.common.server import Service, catch_stop_signals, run_until_signalled
from playhall.common.server import create_server as create_grpc_server
from playhall.common.settings import SettingsError, add_flags, load, setting, variables
from playhall.core import Game, get_game, title_ids
from playhall.rules.v1 import rules_service_pb2, rules_service_pb2_grpc
from playhall.rules_service.servicer import RulesServicer

log = logging.getLogger("playhall.rules_service")
SERVICE_NAME = rules_service_pb2.DESCRIPTOR.services_by_name["RulesService"].full_name


@dataclass(frozen=True)
class Settings:
    """How a rules service runs (`common.settings`: each from `PLAYHALL_<NAME>`), overridden
    by command-line flags."""

    game: str = setting(help="title id to host")
    host: str = setting("[::]", help="address to listen on")
    port: int = setting(50051, help="gRPC port, 0 picks a free one")
    metrics_port: int | None = setting(
        None,
        help="Prometheus /metrics port, 0 picks a free one; unset: the gRPC port + 1000 (51051 "
        "beside 50051; a free one when that is taken, or with --port 0)",
    )
    metrics_host: str = setting(ALL_INTERFACES)
    grace_seconds: float = setting(5.0, help="time in-flight calls get on SIGTERM")
    log_level: str = setting("INFO")
    threads: int = setting(2, minimum=1)
    """Handler threads. Handlers are pure CPU under one interpreter lock, so a pool the size of
    a small machine's CPUs serves the most calls; more threads only contend for the lock.
    Scale with replicas. A stream holds a thread for its life: clients that open
    `Health.Watch` need threads beyond these."""
    states_kept: int = setting(
        1024,
        minimum=0,
        help="states answered kept decoded, so a match's next move skips decoding its state "
        "(0: none)",
    )

    @classmethod
    def from_args(cls, argv: list[str] | None = None) -> Settings:
        parser = argparse.ArgumentParser(
            prog="python -m playhall.rules_service",
            description="Serve one title's rules over gRPC (playhall.rules.v1.RulesService).",
            epilog="Environment: " + ", ".join(variables(cls)) + ".",
        )
        add_flags(parser, cls, ["game", "host", "port", "metrics_port", "grace_seconds"])
        try:
            settings = load(cls, vars(parser.parse_args(argv)))
        except SettingsError as error:
            parser.error(str(error))
        if settings.game not in title_ids():
            parser.error(f"unknown game {settings.game!r}; choose from {', '.join(title_ids())}")
        return settings


def create_server(
    settings: Settings, game: Game[Any] | None = None, servicer: Any = None
) -> tuple[Service, int]:
    """Starts the gRPC server of `game` (default: the registered title `settings.game`), or
    of a ready `servicer` (the conformance tests' broken ones), not yet marked SERVING;
    returns it and its bound port."""
    servicer = servicer or RulesServicer(game or get_game(settings.game), settings.states_kept)
    service = create_grpc_server(
        [(rules_service_pb2_grpc.add_RulesServiceServicer_to_server, servicer, SERVICE_NAME)],
        port=settings.port,
        host=settings.host,
        max_workers=settings.threads,
    )
    return service, service.port


def main(argv: list[str] | None = None) -> None:
    serve(Settings.from_args(argv))


def serve(settings: Settings, game: Game[Any] | None = None, servicer: Any = None) -> None:
    """Serves `game` (default: the registered title `settings.game`), or `servicer`, until
    SIGTERM."""
    logs.configure(f"rules-{settings.game}", settings.log_level)
    tracing.configure(f"rules-{settings.game}")
    if settings.metrics_port is None:
        metrics_port = start_default_metrics_server(settings.port, settings.metrics_host)
    else:
        metrics_port = start_metrics_server(settings.metrics_port, settings.metrics_host)
    service, port = create_server(settings, game, servicer)
    stopping = catch_stop_signals()
    service.mark_serving()
    log.info("serving", extra={"title": settings.game, "port": port, "metrics_port": metrics_port})
    run_until_signalled(service, settings.grace_seconds, stopping)
    tracing.shutdown()
