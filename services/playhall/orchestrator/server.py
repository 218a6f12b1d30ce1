"""Builds the orchestrator from its settings: `python -m playhall.orchestrator`."""

from __future__ import annotations

import argparse
import asyncio
import logging
import time

import uvloop
from grpc_health.v1 import health_pb2
from prometheus_client import REGISTRY

from playhall.access.bots import BotAccounts
from playhall.access.limits import Limiter, LimitSettings, OpenStreams
from playhall.access.tokens import AccessTokens
from playhall.accounts.tokens import Player
from playhall.api.access_gate import AccessGate
from playhall.api.account_servicer import Access, AccountServicer
from playhall.api.event_servicer import EventServicer
from playhall.api.events import AccountEvents, EventSettings
from playhall.api.limits import RateLimits
from playhall.api.v1 import (
    account_service_pb2,
    account_service_pb2_grpc,
    event_service_pb2,
    event_service_pb2_grpc,
)
from playhall.archive import database
from playhall.archive.archive import Archive, ArchiveCheck
from playhall.archive.parked import ParkedTable
from playhall.archive.reputation import Reputations
from playhall.common import logs, tracing
from playhall.common.metrics import start_metrics_server
from playhall.common.server import AsyncService, catch_stop_signals_async, create_async_server
from playhall.common.settings import SettingsError, add_flags, defaults, variables
from playhall.match.v1 import match_service_pb2, match_service_pb2_grpc
from playhall.matches import domain as matches
from playhall.matches.bot_scheduler import BotScheduler
from playhall.matches.chat import Chat, ChatSettings
from playhall.matches.commits import Commits
from playhall.matches.domain import SeatTaken
from playhall.matches.housekeeping import Housekeeper
from playhall.matches.metrics import ActiveMatchesCollector, initialize_series
from playhall.matches.parking import Parking
from playhall.matches.port import MatchPort
from playhall.matches.rules_client import RulesClients
from playhall.matches.servicer import MatchServicer
from playhall.matches.watchers import WatchHub
from playhall.matchmaking.matchmaker import Matchmaker
from playhall.matchmaking.queue_store import QueueStore
from playhall.matchmaking.queues import Matchmaking, QueueRatings
from playhall.matchmaking.servicer import MatchmakingServicer
from playhall.matchmaking.settings import MatchmakingSettings
from playhall.matchmaking.v1 import matchmaking_service_pb2, matchmaking_service_pb2_grpc
from playhall.matchstore.notices import NoticeOutbox
from playhall.matchstore.redis_client import redis_client
from playhall.matchstore.store import MatchStore
from playhall.orchestrator.settings import Settings
from playhall.player_service.servicer import PlayerServicer
from playhall.players.v1 import player_service_pb2, player_service_pb2_grpc
from playhall.relations.friends import Friends
from playhall.relations.graph import Relations
from playhall.relations.moderation import Reports
from playhall.relations.presence import Presence
from playhall.social import metrics as social_metrics
from playhall.social.challenge_servicer import ChallengeServicer
from playhall.social.challenge_store import ChallengeStore
from playhall.social.challenges import Challenges, ChallengeSettings
from playhall.social.chat_servicer import ChatServicer
from playhall.social.friends_servicer import FriendsServicer
from playhall.social.moderation import Moderation
from playhall.social.moderation_servicer import ModerationServicer
from playhall.social.v1 import (
    challenge_service_pb2,
    challenge_service_pb2_grpc,
    chat_service_pb2,
    chat_service_pb2_grpc,
    friends_service_pb2,
    friends_service_pb2_grpc,
    moderation_service_pb2,
    moderation_service_pb2_grpc,
)
from playhall.tournament.v1 import tournament_service_pb2, tournament_service_pb2_grpc
from playhall.tournaments.domain import Tournaments
from playhall.tournaments.runner import TournamentRunner
from playhall.tournaments.servicer import TournamentServicer
from playhall.tournaments.store import TournamentStore

log = logging.getLogger("playhall.orchestrator")
SERVICE_NAME = match_service_pb2.DESCRIPTOR.services_by_name["MatchService"].full_name
PLAYER_SERVICE_NAME = player_service_pb2.DESCRIPTOR.services_by_name["PlayerService"].full_name
TOURNAMENT_SERVICE_NAME = tournament_service_pb2.DESCRIPTOR.services_by_name[
    "TournamentService"
].full_name
MATCHMAKING_SERVICE_NAME = matchmaking_service_pb2.DESCRIPTOR.services_by_name[
    "MatchmakingService"
].full_name
CHALLENGE_SERVICE_NAME = challenge_service_pb2.DESCRIPTOR.services_by_name[
    "ChallengeService"
].full_name
CHAT_SERVICE_NAME = chat_service_pb2.DESCRIPTOR.services_by_name["ChatService"].full_name
MODERATION_SERVICE_NAME = moderation_service_pb2.DESCRIPTOR.services_by_name[
    "ModerationService"
].full_name
FRIENDS_SERVICE_NAME = friends_service_pb2.DESCRIPTOR.services_by_name["FriendsService"].full_name
EVENT_SERVICE_NAME = event_service_pb2.DESCRIPTOR.services_by_name["EventService"].full_name
ACCOUNT_SERVICE_NAME = account_service_pb2.DESCRIPTOR.services_by_name["AccountService"].full_name


def build_matches(settings: Settings) -> matches.Matches:
    """The domain and its clients, on the running event loop."""
    # Watchers hold no connection while they wait: the watch hub's one pub/sub connection
    # wakes them all (`watchers.py`), the one the client's pool holds beyond its limit (on a
    # cluster, a client of its own).
    store = MatchStore(
        redis_client(settings.redis_url, settings.redis_max_connections, settings.redis_cluster),
        request_ttl_s=settings.request_ttl_s,
        wait_replicas=settings.redis_wait_replicas,
        wait_timeout_ms=settings.redis_wait_timeout_ms,
        snapshots_kept=settings.snapshots_kept,
    )
    rules = RulesClients(settings.rules, game_info_ttl_s=settings.game_info_ttl_s)
    hub = WatchHub(store, max_reads=max(settings.redis_max_connections // 4, 1))
    archive = None
    if settings.database_url:
        archive = Archive(
            database.pool(
                settings.database_url,
                timeout_s=settings.database_timeout_s,
                reconnect_timeout_s=settings.database_reconnect_timeout_s,
            )
        )
    commits = Commits(store, rules, settings, BotScheduler(settings.broker_url, settings.bot_queue))
    parking = None
    if archive is not None and settings.park_after_minutes > 0:
        parking = Parking(
            commits,
            ParkedTable(archive.pool),
            settings.park_after_minutes * 60,
            settings.parking_interval_s,
        )
    reputations = bot_accounts = None
    if archive is not None:
        reputations = Reputations(archive.pool, settings.karma_floor)
        bot_accounts = BotAccounts(archive.pool)
    return matches.Matches(commits, hub, archive, parking, reputations, bot_accounts)


def build_matchmaking(
    domain: matches.Matches, settings: MatchmakingSettings, relations: Relations | None
) -> Matchmaking:
    """The queues, on the match store's Redis client and the domain's archive."""
    ratings = QueueRatings(domain.archive, settings.default_bot_level)
    return Matchmaking(
        MatchPort(domain),
        QueueStore(domain.store.redis),
        ratings,
        settings,
        relations=relations,
        reputations=domain.reputations,
    )


def build_friends(
    domain: matches.Matches, relations: Relations | None, settings: Settings
) -> Friends | None:
    """Follows and blocks in the archive's database, presence in the match store's Redis
    (None without an archive)."""
    if relations is None:
        return None
    return Friends(relations, Presence(domain.store.redis, relations, settings.presence_ttl_s))


def build_challenges(
    domain: matches.Matches, relations: Relations | None, settings: ChallengeSettings
) -> Challenges | None:
    """The challenges, on the archive's pool and the match store's Redis (for their notices);
    None without the archive, where they are kept."""
    if domain.archive is None or relations is None or domain.reputations is None:
        return None
    return Challenges(
        MatchPort(domain),
        ChallengeStore(domain.archive.pool),
        relations,
        domain.reputations,
        NoticeOutbox(domain.store.redis),
        settings,
    )


def build_events(
    domain: matches.Matches, changes: MatchServicer, settings: EventSettings
) -> AccountEvents:
    """The accounts' event streams: their seats' fresh tokens made as ReclaimSeat makes them
    (to their end, drained on shutdown), challenges read from the archive (none without)."""

    async def reclaim(match_id: str, player: Player, seat: int) -> SeatTaken:
        taken: SeatTaken = await changes.run_to_end(domain.reclaim(match_id, player, seat))
        return taken

    challenges = ChallengeStore(domain.archive.pool) if domain.archive is not None else None
    return AccountEvents(domain, challenges, reclaim, settings)


def build_moderation(domain: matches.Matches, chat: Chat) -> Moderation | None:
    """Reports and moderators' actions in the archive's database (None without one)."""
    if domain.archive is None:
        return None
    return Moderation(
        MatchPort(domain), chat, domain.archive.pool, NoticeOutbox(domain.store.redis)
    )


def build_access(
    domain: matches.Matches, relations: Relations | None, settings: Settings
) -> Access | None:
    """Personal access tokens and bot accounts in the archive's database (None without one)."""
    if domain.archive is None or relations is None:
        return None
    return Access(
        AccessTokens(domain.archive.pool, settings.max_access_tokens),
        BotAccounts(domain.archive.pool),
        Presence(domain.store.redis, relations, settings.presence_ttl_s),
    )


def rate_limits(domain: matches.Matches, settings: Settings) -> list[RateLimits]:
    """The published rate limits in front of every method, counted in the match store's Redis
    (none when the operator turned them off)."""
    if not settings.limits.rate_limits:
        return []
    table = settings.limits.table()
    limiter = Limiter(domain.store.redis, table)
    streams = OpenStreams(domain.store.redis, table)
    return [RateLimits(limiter, streams, domain.identity, settings.gateway_credential)]


async def create_server(
    settings: Settings,
) -> tuple[AsyncService, MatchServicer, matches.Matches, Matchmaking, Tournaments, EventServicer]:
    """Starts the gRPC server (not yet SERVING); returns it, its servicer, the domain, the
    queues, the tournaments and the event streams."""
    domain = build_matches(settings)
    relations = Relations(domain.archive.pool) if domain.archive is not None else None
    queues = build_matchmaking(domain, settings.matchmaking, relations)
    tournaments = Tournaments(MatchPort(domain), TournamentStore(domain.store.redis), relations)
    servicer = MatchServicer(
        domain,
        max_watch_streams=settings.max_watch_streams,
        max_anonymous_watch_streams_per_address=settings.max_anonymous_watch_streams_per_address,
        gateway_credential=settings.gateway_credential,
    )
    players = PlayerServicer(domain, servicer)
    events = EventServicer(build_events(domain, servicer, settings.events))
    chat = Chat(domain, settings.chat)
    access = build_access(domain, relations, settings)
    service = await create_async_server(
        [
            (match_service_pb2_grpc.add_MatchServiceServicer_to_server, servicer, SERVICE_NAME),
            (
                player_service_pb2_grpc.add_PlayerServiceServicer_to_server,
                players,
                PLAYER_SERVICE_NAME,
            ),
            (
                matchmaking_service_pb2_grpc.add_MatchmakingServiceServicer_to_server,
                MatchmakingServicer(queues),
                MATCHMAKING_SERVICE_NAME,
            ),
            (
                tournament_service_pb2_grpc.add_TournamentServiceServicer_to_server,
                TournamentServicer(tournaments),
                TOURNAMENT_SERVICE_NAME,
            ),
            (
                friends_service_pb2_grpc.add_FriendsServiceServicer_to_server,
                FriendsServicer(MatchPort(domain), build_friends(domain, relations, settings)),
                FRIENDS_SERVICE_NAME,
            ),
            (
                challenge_service_pb2_grpc.add_ChallengeServiceServicer_to_server,
                ChallengeServicer(
                    build_challenges(domain, relations, settings.challenges),
                    MatchPort(domain).caller,
                ),
                CHALLENGE_SERVICE_NAME,
            ),
            (
                chat_service_pb2_grpc.add_ChatServiceServicer_to_server,
                ChatServicer(chat),
                CHAT_SERVICE_NAME,
            ),
            (
                moderation_service_pb2_grpc.add_ModerationServiceServicer_to_server,
                ModerationServicer(build_moderation(domain, chat)),
                MODERATION_SERVICE_NAME,
            ),
            (
                event_service_pb2_grpc.add_EventServiceServicer_to_server,
                events,
                EVENT_SERVICE_NAME,
            ),
            (
                account_service_pb2_grpc.add_AccountServiceServicer_to_server,
                AccountServicer(MatchPort(domain), access, settings.limits),
                ACCOUNT_SERVICE_NAME,
            ),
        ],
        port=settings.port,
        host=settings.host,
        max_connection_age_ms=settings.max_connection_age_ms,
        max_connection_age_grace_ms=settings.max_connection_age_grace_ms,
        # Limits first, so that a flood of calls is turned away before any token is looked up.
        wrappers=[
            *rate_limits(domain, settings),
            AccessGate(access.tokens if access else None),
        ],
    )
    return service, servicer, domain, queues, tournaments, events


async def serve(settings: Settings) -> None:
    """Serves until SIGTERM or SIGINT, then stops gracefully."""
    metrics_port = start_metrics_server(settings.metrics_port, settings.metrics_host)
    service, servicer, domain, queues, tournaments, events = await create_server(settings)
    await domain.store.redis.ping()
    if domain.archive is not None:
        # Ready only once the archive answers: an archived match is read from it.
        if settings.database_migrate:
            await asyncio.to_thread(database.migrate, settings.database_url)
        await domain.archive.pool.open(wait=True)
    initialize_series(sorted(settings.rules))
    social_metrics.initialize_series(sorted(settings.rules))
    REGISTRY.register(
        ActiveMatchesCollector(domain.store, sorted(settings.rules), asyncio.get_running_loop())
    )
    if domain.archive is not None:
        reports = Reports(domain.archive.pool)
        REGISTRY.register(
            social_metrics.ReportsWaitingCollector(reports, asyncio.get_running_loop())
        )
    housekeeper = Housekeeper(
        domain.commits, settings.sweep_interval_s, settings.lobby_repair_interval_s
    )
    housekeeper.start()
    if domain.parking is not None:
        domain.parking.expire = housekeeper.expire
        domain.parking.start()
    matchmaker = Matchmaker(queues)
    matchmaker.start()
    runner = TournamentRunner(
        tournaments, settings.tournament_interval_s, settings.tournament_lease_ms
    )
    runner.start()
    domain.watchers.start()
    stopping = catch_stop_signals_async()
    await service.mark_serving()
    archive_check = None
    if domain.archive is not None:

        async def archive_health(answers: bool) -> None:
            # PlayerService's pages are the archive's. The server's own status and
            # MatchService's stay SERVING: live matches are Redis's and play on.
            status = (
                health_pb2.HealthCheckResponse.SERVING
                if answers
                else health_pb2.HealthCheckResponse.NOT_SERVING
            )
            await service.health.set(PLAYER_SERVICE_NAME, status)

        archive_check = ArchiveCheck(
            domain.archive, settings.database_check_interval_s, archive_health
        )
        archive_check.start()
    log.info(
        "serving",
        extra={
            "port": service.port,
            "metrics_port": metrics_port,
            "titles": sorted(settings.rules),
        },
    )
    await stopping.wait()
    # One budget of `grace_seconds` for everything: calls in flight, changes whose callers went
    # away, and the housekeeping pass in progress.
    deadline = time.monotonic() + settings.grace_seconds
    events.stop()  # event streams end at once, without error: clients resume with a cursor
    await service.stop(settings.grace_seconds)
    await servicer.drain(max(deadline - time.monotonic(), 0))
    await housekeeper.stop(max(deadline - time.monotonic(), 0))
    if domain.parking is not None:
        await domain.parking.stop(max(deadline - time.monotonic(), 0))
    await matchmaker.stop(max(deadline - time.monotonic(), 0))
    await runner.stop(max(deadline - time.monotonic(), 0))
    if archive_check is not None:
        await archive_check.stop(max(deadline - time.monotonic(), 0))
    await domain.watchers.stop()
    await domain.rules.close()
    await domain.store.redis.aclose()
    if domain.archive is not None:
        await domain.archive.pool.close()
    tracing.shutdown()
    log.info("stopped")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.orchestrator",
        description="Serve playhall.match.v1.MatchService. Needs REDIS_URL, "
        "PLAYHALL_WORKER_CREDENTIAL, PLAYHALL_GATEWAY_CREDENTIAL and PLAYHALL_RULES_<TITLE> "
        "for each served title.",
        epilog="Environment: "
        + ", ".join(variables(Settings))
        + ". Matchmaking, with the defaults: "
        + ", ".join(defaults(MatchmakingSettings))
        + ". Challenges, with the defaults: "
        + ", ".join(defaults(ChallengeSettings))
        + ". Chat, with the defaults: "
        + ", ".join(defaults(ChatSettings))
        + ". Rate limits, with the defaults: "
        + ", ".join(defaults(LimitSettings))
        + ".",
    )
    add_flags(parser, Settings, ["port", "metrics_port"])
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env(vars(args))
    except SettingsError as error:
        parser.exit(2, f"playhall.orchestrator: {error}\n")
    logs.configure("orchestrator", settings.log_level)
    tracing.configure("orchestrator", celery=True)
    # uvloop: the event loop in C, about 15 % less CPU per move than asyncio's own (measured
    # with `bench.orchestrator`).
    uvloop.run(serve(settings))
