"""The orchestrator's settings: the match service's and those of the other rooms it hosts, read
once from the environment, typed, failing fast."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from playhall.access.limits import LimitSettings
from playhall.access.tokens import MAX_TOKENS
from playhall.accounts.tokens import TokenSettings
from playhall.api.events import EventSettings
from playhall.archive.reputation import MOST_KARMA
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE, celery_broker_url
from playhall.common.settings import SettingsError, load, setting
from playhall.matches.chat import ChatSettings
from playhall.matches.parking import PAUSE_POINTS
from playhall.matches.rules_client import channel_target
from playhall.matches.settings import DEPLOYMENT_SEPARATOR, RULES_PREFIX, MatchSettings
from playhall.matchmaking.settings import MatchmakingSettings
from playhall.relations.presence import PRESENCE_TTL_S
from playhall.social.challenges import ChallengeSettings


@dataclass(frozen=True)
class Settings(MatchSettings):
    """The orchestrator's settings: the match service's (`MatchSettings`), then those of the
    tournaments and matchmaking it hosts too."""

    tournament_interval_s: float = setting(1.0, minimum=0.01)
    """How often the replica holding a tournament's lease looks whether its round is over."""
    tournament_lease_ms: int = setting(5_000, minimum=100)
    """How long a replica holds a tournament's lease without renewing it: a tournament whose
    runner died is taken over by another replica at its first pass after the lease lapses
    (within this time plus `tournament_interval_s`)."""
    karma_floor: int = setting(0, minimum=0)
    """The least karma (`archive.reputation`, 0 to 100) a player needs to enter a matchmaking
    queue or open a challenge; 0: no floor. Needs `database_url` (karma is the archive's)."""
    presence_ttl_s: float = setting(PRESENCE_TTL_S, minimum=0.1)
    """How long a player counts as online after their last FriendsService call (the portal's
    heartbeat comes every 30 s)."""
    max_access_tokens: int = setting(MAX_TOKENS, minimum=1)
    """The most personal access tokens (not revoked, not expired) one player may hold."""
    matchmaking: MatchmakingSettings = setting(
        MatchmakingSettings(), env="PLAYHALL_MATCHMAKING_*", derived=True
    )
    """How the matchmaking queues match (`matchmaking.settings.MatchmakingSettings`)."""
    challenges: ChallengeSettings = setting(
        ChallengeSettings(), env="PLAYHALL_CHALLENGE_*", derived=True
    )
    """How long challenges wait and how many are open at once (`social.challenges`)."""
    chat: ChatSettings = setting(ChatSettings(), env="PLAYHALL_CHAT_*", derived=True)
    """The chat's limits (`matches.chat.ChatSettings`)."""
    events: EventSettings = setting(EventSettings(), env="PLAYHALL_EVENT_*", derived=True)
    """The event streams' pace and limits (`api.events.EventSettings`)."""
    limits: LimitSettings = setting(
        LimitSettings(), env="PLAYHALL_RATE_LIMITS and PLAYHALL_LIMIT_*", derived=True
    )
    """The published rate limits of every call (`access.limits.LimitSettings`)."""

    @classmethod
    def from_env(cls, flags: Mapping[str, Any] | None = None) -> Settings:
        settings = load(
            cls,
            flags,
            rules=_rules_services(),
            broker_url=celery_broker_url(),
            player_tokens=TokenSettings.from_env(),
            matchmaking=MatchmakingSettings.from_env(),
            challenges=load(ChallengeSettings),
            chat=load(ChatSettings),
            events=load(EventSettings),
            limits=LimitSettings.from_env(),
        )
        if settings.bot_queue not in (LIVE_QUEUE, BATCH_QUEUE):
            raise SettingsError(f"PLAYHALL_BOT_QUEUE must be {LIVE_QUEUE} or {BATCH_QUEUE}")
        if settings.parking_pause_at not in PAUSE_POINTS:
            raise SettingsError(f"PLAYHALL_PARKING_PAUSE_AT must be one of {PAUSE_POINTS}")
        if settings.karma_floor > MOST_KARMA:
            raise SettingsError(f"PLAYHALL_KARMA_FLOOR is karma, 0 to {MOST_KARMA}")
        if settings.karma_floor and not settings.database_url:
            raise SettingsError(
                "PLAYHALL_KARMA_FLOOR needs PLAYHALL_DATABASE_URL (karma is kept there)"
            )
        if settings.redis_cluster and not os.environ.get("CELERY_BROKER_URL"):
            raise SettingsError(
                "PLAYHALL_REDIS_CLUSTER=1 needs CELERY_BROKER_URL: Celery cannot use a Redis "
                "Cluster as its broker (use RabbitMQ, amqp://, or a plain Redis)"
            )
        return settings


def _rules_services() -> dict[str, list[list[str]]]:
    """The titles are whatever rules services the environment names: their ids, options,
    messages and rules versions come from each service's GetGameInfo, so a title this build
    never imported is served all the same."""
    rules = {
        name.removeprefix(RULES_PREFIX).lower(): [
            [address.strip() for address in group.split(",")]
            for group in value.split(DEPLOYMENT_SEPARATOR)
            if group.strip()
        ]
        for name, value in sorted(os.environ.items())
        if name.startswith(RULES_PREFIX) and value.strip(DEPLOYMENT_SEPARATOR + " ")
    }
    for deployments in rules.values():
        for addresses in deployments:
            channel_target(addresses)  # refuses address lists gRPC could not dial
    if not rules:
        raise SettingsError(
            "Set the rules service addresses of at least one title, e.g. "
            "PLAYHALL_RULES_GALILEO=host:port[,host:port...] or dns:///rules-galileo:50051 "
            "(several deployments, one per rules version, separated by ';')"
        )
    return rules
