"""The orchestrator's settings: read once from the environment, typed, failing fast."""

from __future__ import annotations

import os
from dataclasses import dataclass

from playhall.common.brokers import celery_broker_url
from playhall.common.metrics import ALL_INTERFACES
from playhall.common.settings import SettingsError, env_bool, env_float, env_int, env_str
from playhall.orchestrator.rules_client import channel_target

RULES_PREFIX = "PLAYHALL_RULES_"
"""`PLAYHALL_RULES_<TITLE>`: the addresses of a title's rules service."""


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
    metrics_host: str = ALL_INTERFACES
    grace_seconds: float = 5.0
    request_ttl_s: int = 86_400
    finished_state_ttl_s: int = 7 * 86_400
    abandon_after_s: int = 7 * 86_400
    sweep_interval_s: float = 0.5
    lobby_repair_interval_s: float = 10.0
    game_info_ttl_s: float = 30.0
    max_watch_streams: int = 1_000
    max_anonymous_watch_streams_per_address: int = 32
    redis_max_connections: int = 64
    bot_sweep_after_s: float = 60.0
    watch_poll_ms: int = 1_000
    broker_url: str = ""
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, port: int | None = None, metrics_port: int | None = None) -> Settings:
        # The titles are whatever rules services the environment names: their ids, options
        # and messages come from each service's GetGameInfo, so a title this build never
        # imported is served all the same.
        rules = {
            name.removeprefix(RULES_PREFIX).lower(): [a.strip() for a in value.split(",")]
            for name, value in sorted(os.environ.items())
            if name.startswith(RULES_PREFIX) and value.strip()
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
            testing=env_bool("PLAYHALL_TESTING"),
            host=env_str("PLAYHALL_HOST", cls.host),
            port=port if port is not None else env_int("PLAYHALL_PORT", cls.port),
            metrics_port=metrics_port
            if metrics_port is not None
            else env_int("PLAYHALL_METRICS_PORT", cls.metrics_port),
            metrics_host=env_str("PLAYHALL_METRICS_HOST", cls.metrics_host),
            grace_seconds=env_float("PLAYHALL_GRACE_SECONDS", cls.grace_seconds),
            request_ttl_s=env_int("PLAYHALL_REQUEST_TTL_S", cls.request_ttl_s),
            finished_state_ttl_s=env_int("PLAYHALL_FINISHED_STATE_TTL_S", cls.finished_state_ttl_s),
            abandon_after_s=env_int("PLAYHALL_ABANDON_AFTER_S", cls.abandon_after_s),
            sweep_interval_s=env_float("PLAYHALL_SWEEP_INTERVAL_S", cls.sweep_interval_s),
            game_info_ttl_s=env_float("PLAYHALL_GAME_INFO_TTL_S", cls.game_info_ttl_s),
            lobby_repair_interval_s=env_float(
                "PLAYHALL_LOBBY_REPAIR_INTERVAL_S", cls.lobby_repair_interval_s
            ),
            max_watch_streams=env_int(
                "PLAYHALL_MAX_WATCH_STREAMS", cls.max_watch_streams, minimum=1
            ),
            max_anonymous_watch_streams_per_address=env_int(
                "PLAYHALL_MAX_ANONYMOUS_WATCH_STREAMS_PER_ADDRESS",
                cls.max_anonymous_watch_streams_per_address,
                minimum=1,
            ),
            redis_max_connections=env_int(
                "PLAYHALL_REDIS_MAX_CONNECTIONS", cls.redis_max_connections, minimum=4
            ),
            bot_sweep_after_s=env_float("PLAYHALL_BOT_SWEEP_AFTER_S", cls.bot_sweep_after_s),
            broker_url=celery_broker_url(),
            log_level=env_str("PLAYHALL_LOG_LEVEL", cls.log_level),
        )
