"""Builds the orchestrator from its settings: `python -m playhall.orchestrator`."""

from __future__ import annotations

import argparse
import logging
import os
from dataclasses import dataclass

import redis
from prometheus_client import REGISTRY

from playhall.common import logs
from playhall.common.brokers import celery_broker_url
from playhall.common.metrics import start_metrics_server
from playhall.common.server import Service, run_until_signalled
from playhall.common.server import create_server as create_grpc_server
from playhall.common.settings import SettingsError, env_float, env_int, env_str
from playhall.core import title_ids
from playhall.match.v1 import match_service_pb2, match_service_pb2_grpc
from playhall.orchestrator import matches
from playhall.orchestrator.bot_scheduler import BotScheduler
from playhall.orchestrator.housekeeping import Housekeeper
from playhall.orchestrator.rules_client import RulesClients, channel_target
from playhall.orchestrator.servicer import MatchServicer
from playhall.orchestrator.store import MatchStore

log = logging.getLogger("playhall.orchestrator")
SERVICE_NAME = match_service_pb2.DESCRIPTOR.services_by_name["MatchService"].full_name


@dataclass(frozen=True)
class Settings:
    """The orchestrator's settings, from the environment (flags override ports)."""

    redis_url: str
    rules: dict[str, list[str]]
    worker_credential: str
    testing: bool = False
    host: str = "[::]"
    port: int = 50050
    metrics_port: int = 9464
    grace_seconds: float = 5.0
    request_ttl_s: int = 86_400
    finished_state_ttl_s: int = 7 * 86_400
    abandon_after_s: int = 7 * 86_400
    sweep_interval_s: float = 0.5
    threads: int = 256
    bot_sweep_after_s: float = 60.0
    broker_url: str = ""
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, port: int | None = None, metrics_port: int | None = None) -> Settings:
        rules = {
            title: [a.strip() for a in os.environ[f"PLAYHALL_RULES_{title.upper()}"].split(",")]
            for title in title_ids()
            if os.environ.get(f"PLAYHALL_RULES_{title.upper()}")
        }
        for addresses in rules.values():
            channel_target(addresses)  # refuses address lists gRPC could not dial
        if not rules:
            raise SettingsError(
                "Set the rules service addresses of at least one title, e.g. "
                "PLAYHALL_RULES_GALILEO=host:port[,host:port...] or dns:///rules-galileo:50051"
            )
        return cls(
            redis_url=env_str("REDIS_URL"),
            rules=rules,
            worker_credential=env_str("PLAYHALL_WORKER_CREDENTIAL"),
            testing=os.environ.get("PLAYHALL_TESTING", "").lower() in ("1", "true", "yes"),
            host=env_str("PLAYHALL_HOST", cls.host),
            port=port if port is not None else env_int("PLAYHALL_PORT", cls.port),
            metrics_port=metrics_port
            if metrics_port is not None
            else env_int("PLAYHALL_METRICS_PORT", cls.metrics_port),
            grace_seconds=env_float("PLAYHALL_GRACE_SECONDS", cls.grace_seconds),
            request_ttl_s=env_int("PLAYHALL_REQUEST_TTL_S", cls.request_ttl_s),
            finished_state_ttl_s=env_int("PLAYHALL_FINISHED_STATE_TTL_S", cls.finished_state_ttl_s),
            abandon_after_s=env_int("PLAYHALL_ABANDON_AFTER_S", cls.abandon_after_s),
            sweep_interval_s=env_float("PLAYHALL_SWEEP_INTERVAL_S", cls.sweep_interval_s),
            threads=env_int("PLAYHALL_THREADS", cls.threads),
            bot_sweep_after_s=env_float("PLAYHALL_BOT_SWEEP_AFTER_S", cls.bot_sweep_after_s),
            broker_url=celery_broker_url(),
            log_level=env_str("PLAYHALL_LOG_LEVEL", cls.log_level),
        )


def build_matches(settings: Settings) -> matches.Matches:
    # Timeouts above the 1 s blocking reads of WatchMatch, so a dead connection never hangs a
    # thread.
    client = redis.Redis.from_url(
        settings.redis_url, health_check_interval=30, socket_timeout=10, socket_connect_timeout=5
    )
    return matches.Matches(
        MatchStore(client, request_ttl_s=settings.request_ttl_s),
        RulesClients(settings.rules),
        matches.Settings(
            worker_credential=settings.worker_credential,
            testing=settings.testing,
            finished_state_ttl_s=settings.finished_state_ttl_s,
            abandon_after_s=settings.abandon_after_s,
            bot_sweep_after_s=settings.bot_sweep_after_s,
        ),
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
    housekeeper = Housekeeper(domain, settings.sweep_interval_s)
    housekeeper.start()
    service.mark_serving()
    log.info(
        "serving",
        extra={"port": port, "metrics_port": metrics_port, "titles": sorted(settings.rules)},
    )
    run_until_signalled(service, settings.grace_seconds)
    housekeeper.stop()
