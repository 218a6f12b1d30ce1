"""The gateway's ASGI application: MatchService, PlayerService, MatchmakingService,
TournamentService, ChatService, FriendsService, ChallengeService, EventService and
AccountService over Connect (and gRPC-Web) under their paths
(`/playhall.match.v1.MatchService/`, ...), the guest sign-in where it is on, health endpoints,
the one-click unsubscribe link of mails (`unsubscribe.py`), the portal's message catalogues
(`locales.py`), and the portal's static files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import grpc
from connectrpc.server import ConnectASGIApplication
from grpc_health.v1 import health_pb2, health_pb2_grpc
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from playhall.api.v1.account_service_connect import AccountServiceASGIApplication
from playhall.api.v1.event_service_connect import EventServiceASGIApplication
from playhall.gateway.accounts import AccountGateway
from playhall.gateway.challenges import ChallengeGateway
from playhall.gateway.chat import ChatGateway
from playhall.gateway.events import EventGateway
from playhall.gateway.friends import FriendsGateway
from playhall.gateway.guests import GuestGateway
from playhall.gateway.headers import UndecodableHeaders
from playhall.gateway.locales import locale_routes
from playhall.gateway.moderation import ModerationGateway
from playhall.gateway.schema import import_title_messages, schema
from playhall.gateway.service import (
    Guard,
    MatchGateway,
    MatchmakingGateway,
    PlayerGateway,
    StreamLimits,
    TournamentGateway,
)
from playhall.gateway.settings import Settings
from playhall.gateway.unsubscribe import unsubscribe_route
from playhall.match.v1.match_service_connect import MatchServiceASGIApplication
from playhall.matchmaking.v1.matchmaking_service_connect import MatchmakingServiceASGIApplication
from playhall.players.v1.guest_service_connect import GuestServiceASGIApplication
from playhall.players.v1.player_service_connect import PlayerServiceASGIApplication
from playhall.social.v1.challenge_service_connect import ChallengeServiceASGIApplication
from playhall.social.v1.chat_service_connect import ChatServiceASGIApplication
from playhall.social.v1.friends_service_connect import FriendsServiceASGIApplication
from playhall.social.v1.moderation_service_connect import ModerationServiceASGIApplication
from playhall.tournament.v1.tournament_service_connect import TournamentServiceASGIApplication

PORTAL = Path(__file__).parent / "portal"
GAMES = Path(__file__).parent.parent / "games"
"""The titles' data files (e.g. Galileo's cards.json), which their board pages draw from."""
SIMPLE_NAME = re.compile(r"^[a-z0-9_]+$")
SERVICE_PATHS = (
    "/playhall.match.v1.MatchService",
    "/playhall.players.v1.PlayerService",
    "/playhall.players.v1.GuestService",
    "/playhall.matchmaking.v1.MatchmakingService",
    "/playhall.tournament.v1.TournamentService",
    "/playhall.social.v1.ChatService",
    "/playhall.social.v1.FriendsService",
    "/playhall.social.v1.ChallengeService",
    "/playhall.api.v1.AccountService",
    "/playhall.api.v1.EventService",
)

REQUEST_HEADERS = [
    "accept-language",
    "authorization",
    "content-type",
    "connect-protocol-version",
    "connect-timeout-ms",
    "grpc-timeout",
    "x-grpc-web",
    "x-user-agent",
]
EXPOSED_HEADERS = ["grpc-status", "grpc-message", "grpc-status-details-bin", "retry-after"]


class SecurityHeaders:
    """The portal's pages load nothing from elsewhere and are never framed; with an OIDC
    provider, they may fetch from its origin alone (discovery document, token endpoint)."""

    def __init__(self, app, oidc_origin: str = ""):
        self.app = app
        connect = f"; connect-src 'self' {oidc_origin}" if oidc_origin else ""
        policy = f"default-src 'self'; style-src 'self'; frame-ancestors 'none'{connect}"
        self.headers = [
            (b"content-security-policy", policy.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"].startswith(SERVICE_PATHS):
            return await self.app(scope, receive, send)

        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.headers]}
            await send(message)

        await self.app(scope, receive, sending)


class Readiness:
    """Ready while the orchestrator's health service says SERVING and no stop has begun."""

    def __init__(self, channel: grpc.aio.Channel):
        self.health = health_pb2_grpc.HealthStub(channel)
        self.stopping = False

    async def ready(self) -> tuple[bool, str]:
        if self.stopping:
            return False, "stopping"
        try:
            # types-grpcio-health-checking leaves out the methods the stub sets in __init__.
            check = self.health.Check  # type: ignore[attr-defined]
            reply = await check(health_pb2.HealthCheckRequest(), timeout=2)
        except grpc.aio.AioRpcError as error:
            return False, f"orchestrator: {error.code().name}"
        if reply.status != health_pb2.HealthCheckResponse.SERVING:
            return False, "orchestrator not serving"
        return True, "ok"


def build_app(settings: Settings, channel: grpc.aio.Channel, readiness: Readiness) -> Starlette:
    packages = import_title_messages()
    title_schema = schema(packages)
    guard = [Guard(settings)]
    limits = StreamLimits(settings)
    services: list[ConnectASGIApplication[Any]] = [
        MatchServiceASGIApplication(
            MatchGateway(channel, settings, limits),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
        PlayerServiceASGIApplication(
            PlayerGateway(channel, settings),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
        MatchmakingServiceASGIApplication(
            MatchmakingGateway(channel, settings),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
        TournamentServiceASGIApplication(
            TournamentGateway(channel, settings, limits),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
        ChatServiceASGIApplication(
            ChatGateway(channel, settings, limits),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
        FriendsServiceASGIApplication(
            FriendsGateway(channel, settings),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
        ChallengeServiceASGIApplication(
            ChallengeGateway(channel, settings),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
        ModerationServiceASGIApplication(
            ModerationGateway(channel, settings),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
        AccountServiceASGIApplication(
            AccountGateway(channel, settings),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
        EventServiceASGIApplication(
            EventGateway(channel, settings, limits),
            interceptors=guard,
            read_max_bytes=settings.max_request_bytes,
        ),
    ]
    if settings.guest_issuer:
        services.append(
            GuestServiceASGIApplication(
                GuestGateway(settings),
                interceptors=guard,
                read_max_bytes=settings.max_request_bytes,
            )
        )

    async def healthz(_request: Request) -> PlainTextResponse:
        return PlainTextResponse("ok")

    async def readyz(_request: Request) -> PlainTextResponse:
        ready, why = await readiness.ready()
        return PlainTextResponse(why, status_code=200 if ready else 503)

    async def schema_json(_request: Request) -> JSONResponse:
        return JSONResponse(title_schema, headers={"cache-control": "max-age=300"})

    async def portal_config(_request: Request) -> JSONResponse:
        # What the portal offers depends on the deployment: the guest sign-in only where the
        # operator turned it on, so a page never calls a service that is not there; the OIDC
        # provider's issuer and the portal's client id where there is one.
        offered: dict[str, object] = {"guestSignIn": bool(settings.guest_issuer)}
        if settings.oidc_issuer:
            offered["oidc"] = {
                "issuer": settings.oidc_issuer,
                "clientId": settings.oidc_client_id,
                "scope": settings.oidc_scope,
            }
        return JSONResponse(offered, headers={"cache-control": "max-age=300"})

    async def title_data(request: Request) -> Response:
        title, name = request.path_params["title"], request.path_params["name"]
        path = GAMES / title / f"{name}.json"
        if not (SIMPLE_NAME.match(title) and SIMPLE_NAME.match(name) and path.is_file()):
            return PlainTextResponse("not found", status_code=404)
        return FileResponse(path, media_type="application/json")

    middleware = [Middleware(SecurityHeaders, oidc_origin=settings.oidc_origin)]
    if settings.origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=settings.origins,
                allow_methods=["GET", "POST"],
                allow_headers=REQUEST_HEADERS,
                expose_headers=EXPOSED_HEADERS,
                max_age=600,
            )
        )
    # Innermost, next to the services: a header that is not UTF-8 is refused as the caller's
    # protocol refuses a call (`headers.py`), not left to fail inside the Connect library.
    middleware.append(Middleware(UndecodableHeaders, prefixes=SERVICE_PATHS))
    return Starlette(
        routes=[
            Route("/healthz", healthz),
            Route("/readyz", readyz),
            Route("/portal/schema.json", schema_json),
            Route("/portal/config.json", portal_config),
            Route("/portal/data/{title}/{name}.json", title_data),
            *locale_routes(settings),
            unsubscribe_route(channel, settings),
            *(Mount(service.path, app=service) for service in services),
            Mount("/", app=StaticFiles(directory=PORTAL, html=True)),
        ],
        middleware=middleware,
    )
