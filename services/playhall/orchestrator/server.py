"""Builds the orchestrator from its settings: `python -m playhall.orchestrator`."""

from __future__ import annotations

import argparse
import logging

import redis
from prometheus_client import REGISTRY

from playhall.common import logs
from playhall.common.metrics import start_metrics_server
from playhall.common.server import Service, run_until_signalled
from playhall.common.server import create_server as create_grpc_server
from playhall.common.settings import SettingsError
from playhall.match.v1 import match_service_pb2, match_service_pb2_grpc
from playhall.orchestrator import matches
from playhall.orchestrator.bot_scheduler import BotScheduler
from playhall.orchestrator.housekeeping import Housekeeper
from playhall.orchestrator.rules_client import RulesClients
from playhall.orchestrator.servicer import MatchServicer
from playhall.orchestrator.settings import Settings
from playhall.orchestrator.store import MatchStore

log = logging.getLogger("playhall.orchestrator")
SERVICE_NAME = match_service_pb2.DESCRIPTOR.services_by_name["MatchService"].full_name


def build_matches(settings: Settings) -> matches.Matches:
    # Timeouts above the 1 s blocking reads of WatchMatch, so a dead connection never hangs a
    # thread.
    client = redis.Redis.from_url(
        settings.redis_url, health_check_interval=30, socket_timeout=10, socket_connect_timeout=5
    )
    return matches.Matches(
        MatchStore(client, request_ttl_s=settings.request_ttl_s),
        RulesClients(settings.rules, game_info_ttl_s=settings.game_info_ttl_s),
        settings,
        BotScheduler(settings.broker_url),
    )


def create_server(settings: Settings) -> tuple[Service, int, matches.Matches]:
    """Starts the gRPC server (not yet SERVING); returns it, its port and the domain."""
    domain = build_matches(settings)
    service = create_grpc_server(
        [
            (
                match_service_pb2_grpc.add_MatchServiceServicer_to_server,
                MatchServicer(domain, max_watch_streams=settings.threads * 3 // 4),
                SERVICE_NAME,
            )
        ],
        port=settings.port,
        host=settings.host,
        max_workers=settings.threads,
    )
    return service, service.port, domain


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.orchestrator",
        description="Serve playhall.match.v1.MatchService. Needs REDIS_URL, "
        "PLAYHALL_WORKER_CREDENTIAL and PLAYHALL_RULES_<TITLE> for each served title.",
    )
    parser.add_argument("--port", type=int, help="gRPC port, 0 picks one (env PLAYHALL_PORT)")
    parser.add_argument(
        "--metrics-port", type=int, help="Prometheus port, 0 picks one (env PLAYHALL_METRICS_PORT)"
    )
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env(args.port, args.metrics_port)
    except SettingsError as error:
        parser.exit(2, f"playhall.orchestrator: {error}\n")
    logs.configure("orchestrator", settings.log_level)
    metrics_port = start_metrics_server(settings.metrics_port)
    service, port, domain = create_server(settings)
    domain.store.redis.ping()
    REGISTRY.register(matches.ActiveMatchesCollector(domain.store, sorted(settings.rules)))
    housekeeper = Housekeeper(domain, settings.sweep_interval_s, settings.lobby_repair_interval_s)
    housekeeper.start()
    service.mark_serving()
    log.info(
        "serving",
        extra={"port": port, "metrics_port": metrics_port, "titles": sorted(settings.rules)},
    )
    run_until_signalled(service, settings.grace_seconds)
    housekeeper.stop()
