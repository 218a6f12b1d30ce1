"""The match service's settings: typed, read once from the environment with the orchestrator's
(`orchestrator.settings.Settings`, which adds the other rooms' settings to these)."""

from __future__ import annotations

from dataclasses import dataclass

from playhall.accounts.tokens import TokenSettings
from playhall.archive.settings import DATABASE_RECONNECT_TIMEOUT_S, DATABASE_TIMEOUT_S
from playhall.common.brokers import LIVE_QUEUE
from playhall.common.metrics import ALL_INTERFACES
from playhall.common.server import MAX_CONNECTION_AGE_GRACE_MS, MAX_CONNECTION_AGE_MS
from playhall.common.settings import setting
from playhall.matches.clocks import DAY_S

RULES_PREFIX = "PLAYHALL_RULES_"
"""`PLAYHALL_RULES_<TITLE>`: the addresses of a title's rules service: comma-separated
addresses of one deployment, and `;` between deployments (one per rules version, while a new
version runs beside the one its running matches started on)."""
DEPLOYMENT_SEPARATOR = ";"


@dataclass(frozen=True)
class MatchSettings:
    """The match service's settings (`common.settings`: each from `PLAYHALL_<NAME>` unless it
    names another variable); the orchestrator's (`orchestrator.settings`) add those of the
    other rooms it hosts."""

    redis_url: str = setting(env="REDIS_URL")
    worker_credential: str = setting()
    gateway_credential: str = setting()
    """The gateways' secret: a call presenting it may name the client it forwards for."""
    rules: dict[str, list[list[str]]] = setting(env=RULES_PREFIX + "<TITLE>", derived=True)
    """Title id -> the addresses of each deployment of its rules service."""
    broker_url: str = setting("", env="CELERY_BROKER_URL or REDIS_URL", derived=True)
    """The Celery broker the bot turns go to (`common.brokers`)."""
    bot_queue: str = setting(LIVE_QUEUE)
    """The queue this replica's bot turns go to: `bots.batch` for a replica that hosts
    tournaments, so their turns never wait in front of a live game's."""
    testing: bool = setting(False)
    player_tokens: TokenSettings = setting(
        TokenSettings(), env="PLAYHALL_JWT_* and PLAYHALL_JWKS_*", derived=True
    )
    """Where player tokens come from (`accounts.tokens.TokenSettings`)."""
    allow_anonymous: bool = setting(True)
    """Whether matches may be created and joined without a player token (seats held by
    their tokens alone). Off: CreateMatch and JoinMatch need a signed-in player."""
    host: str = setting("[::]", help="address to listen on")
    port: int = setting(50050, help="gRPC port, 0 picks a free one")
    metrics_port: int = setting(9464, help="Prometheus /metrics port, 0 picks a free one")
    metrics_host: str = setting(ALL_INTERFACES)
    grace_seconds: float = setting(5.0, help="time in-flight calls get on SIGTERM")
    request_ttl_s: int = setting(86_400, minimum=1)
    snapshots_kept: int = setting(4_096, minimum=0)
    """Of how many matches the replica keeps the last snapshot it read or committed, so that
    a match's next move here skips its read (`matchstore/kept.py`); 0 keeps none."""
    finished_state_ttl_s: int = setting(7 * 86_400, minimum=1)
    abandon_after_s: int = setting(7 * 86_400, minimum=1)
    """A match with no change for this long is ended ABANDONED (and archived)."""
    turn_based_day_s: int = setting(DAY_S, minimum=1)
    """How long a day of a turn-based clock lasts, in seconds: a day, but in tests."""
    turn_based_max_open: int = setting(21, minimum=1)
    """The most turn-based matches not yet over one player may hold a seat in at once."""
    vacation_days_per_year: int = setting(30, minimum=0)
    """The days a player may be away from their turn-based matches each calendar year, their
    clocks stopped (`matches.vacations`)."""
    park_after_minutes: float = setting(30.0, minimum=0)
    """A running turn-based match nobody has read, watched or moved for this long leaves Redis
    for the archive's database until a call needs it (`matches.parking`; 0: never, and never
    without `database_url`)."""
    parking_interval_s: float = setting(1.0, minimum=0.01)
    """How often each replica parks idle matches and brings back parked ones whose deadline
    is due."""
    parking_pause_at: str = setting("")
    """Tests only: stop for good at this point of parking or bringing back a match
    (`parking.PAUSE_POINTS`; only with `testing`)."""
    lobby_idle_after_s: int = setting(3_600, minimum=1)
    """A running match with no change for this long is left out of ListMatches until its next
    change: the lobby's "Being played" shows the matches people play now. It is still played
    on, and its players still find it among their own matches."""
    sweep_interval_s: float = setting(0.5, minimum=0.01)
    lobby_repair_interval_s: float = setting(10.0, minimum=0.01)
    game_info_ttl_s: float = setting(30.0)
    max_watch_streams: int = setting(1_500, minimum=1)
    """What one replica serves on 2 shared cores with a p99 delivery about 1 s
    (`bench/results/scale.md`); beyond, watchers are refused at once with RESOURCE_EXHAUSTED."""
    max_anonymous_watch_streams_per_address: int = setting(32, minimum=1)
    redis_max_connections: int = setting(64, minimum=4)
    redis_cluster: bool = setting(False)
    """REDIS_URL names one node of a Redis Cluster (the client finds the others)."""
    redis_wait_replicas: int = setting(0, minimum=0)
    """Replicas that must confirm a commit (`WAIT`) before it is acknowledged."""
    redis_wait_timeout_ms: int = setting(1_000, minimum=1)
    bot_sweep_after_s: float = setting(8.0)
    """A bot turn waiting this long is sent again, once; then every `BOT_SWEEP_REPEAT_S`."""
    watch_poll_ms: int = setting(1_000, minimum=1)
    max_connection_age_ms: int = setting(MAX_CONNECTION_AGE_MS, minimum=1)
    """When the server sends a connection GOAWAY, so clients reconnect (and spread over
    replicas); its streams end `max_connection_age_grace_ms` later, and watchers resume."""
    max_connection_age_grace_ms: int = setting(MAX_CONNECTION_AGE_GRACE_MS, minimum=1)
    log_level: str = setting("INFO")
    database_url: str = setting("")
    """The archive (PostgreSQL): finished matches whose keys left Redis are read from it; none,
    and such a match is unknown."""
    database_migrate: bool = setting(True)
    """Upgrade the archive's schema at start (off where a Job runs `playhall.archive.migrate`)."""
    database_timeout_s: float = setting(DATABASE_TIMEOUT_S, minimum=0.1)
    """How long a read of the archive waits for a working connection (and a connection
    attempt for the database) before it is refused UNAVAILABLE (`database.pool`)."""
    database_reconnect_timeout_s: float = setting(DATABASE_RECONNECT_TIMEOUT_S, minimum=0)
    """How long a lost connection is opened again with backoff before the next read opens
    one afresh."""
    vapid_public_key: str = setting("")
    """Web Push's application server key, which the portal subscribes browsers with
    (`NotificationSettings.push_public_key`): the public half of the notifier's
    PLAYHALL_VAPID_PRIVATE_KEY, base64url; empty: no pushes offered."""
    database_check_interval_s: float = setting(2.0, minimum=0.1)
    """How often the archive is asked whether it answers: PlayerService's health is
    NOT_SERVING while it does not."""
