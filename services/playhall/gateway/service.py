"""MatchService, PlayerService, MatchmakingService and TournamentService for Connect clients,
forwarded call by call to an orchestrator over gRPC.

The gateway holds no match state: each call goes on with the caller's bearer token and its
deadline (capped), and the orchestrator's answer comes back as it is, refusals included (their
code and message unchanged). Spectators' WatchMatch streams are the exception: a match's
spectators share one upstream stream per replica (`fanout.py`)."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
import time
from collections import Counter as Counter_
from collections.abc import AsyncGenerator, AsyncIterator

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.request import RequestContext
from google.protobuf import duration_pb2
from prometheus_client import Counter, Gauge, Histogram
from protobuf.wkt import Any as WireAny

from playhall.common.metadata import CLIENT_ADDRESS_HEADER, GATEWAY_CREDENTIAL_HEADER
from playhall.common.refusal_details import LANGUAGE_HEADER
from playhall.gateway.errors import refusal, upstream_error
from playhall.gateway.fanout import Fanout
from playhall.gateway.headers import refuse_undecodable
from playhall.gateway.limits import Buckets
from playhall.gateway.settings import Settings
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.matchmaking.v1 import matchmaking_service_pb2 as mmpb
from playhall.matchmaking.v1 import matchmaking_service_pb2_grpc
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from playhall.tournament.v1 import tournament_service_pb2 as tpb
from playhall.tournament.v1 import tournament_service_pb2_grpc

log = logging.getLogger(__name__)

REQUESTS = Counter(
    "playhall_gateway_requests",
    "Calls the gateway answered, by method, protocol and Connect code (ok for success).",
    ["method", "protocol", "code"],
)
SECONDS = Histogram(
    "playhall_gateway_request_seconds",
    "Time to answer a call, until its last response (streams included).",
    ["method"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60, 600),
)
WATCH_STREAMS = Gauge(
    "playhall_gateway_watch_streams", "WatchMatch streams open through this gateway."
)
QUEUE_STREAMS = Gauge(
    "playhall_gateway_queue_streams", "EnterQueue streams open through this gateway."
)
WATCH_STREAMS_LIMIT = Gauge(
    "playhall_gateway_watch_streams_limit", "WatchMatch streams this gateway serves at most."
)
RATE_LIMITED = Counter(
    "playhall_gateway_rate_limited", "Calls refused by a rate limit, by limit.", ["limit"]
)


def client_address(ctx: RequestContext) -> str:
    """The caller's address without its port."""
    return (ctx.client_address or "unknown").rpartition(":")[0] or "unknown"


def bearer_token(ctx: RequestContext) -> str | None:
    value = ctx.request_headers.get("authorization") or ""
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def accept_language(ctx: RequestContext) -> str | None:
    """The browser's `Accept-Language`: what the gateway's own refusals are worded in, and
    what the orchestrator is asked to word its own in."""
    return ctx.request_headers.get(LANGUAGE_HEADER)


def protocol_of(ctx: RequestContext) -> str:
    kind = ctx.request_headers.get("content-type") or ""
    if kind.startswith("application/grpc-web"):
        return "grpc-web"
    if kind.startswith("application/grpc"):
        return "grpc"
    return "connect"


def retry_info(seconds: float) -> ErrorDetail:
    """A google.rpc.RetryInfo detail: its one field, the delay, as a Duration."""
    delay = duration_pb2.Duration()
    delay.FromNanoseconds(int(seconds * 1e9))
    raw = delay.SerializeToString()
    value = b"\x0a" + bytes([len(raw)]) + raw
    return ErrorDetail(WireAny(type_url="type.googleapis.com/google.rpc.RetryInfo", value=value))


class Guard:
    """A metadata interceptor run before the request body is read: a request whose headers
    were not UTF-8 is refused (`headers.py`), then the per-address and per-token rate limits
    (RESOURCE_EXHAUSTED with a RetryInfo detail, a `retry-after` header and the delay in the
    message); the call's metrics when it ends."""

    def __init__(self, settings: Settings):
        self.limited = settings.rate_limits
        self.by_token = Buckets(settings.rate_per_token, settings.rate_burst)
        self.by_address = Buckets(settings.rate_per_address, settings.rate_burst)

    async def on_start(self, ctx: RequestContext) -> float:
        language = accept_language(ctx)
        refuse_undecodable(language)
        if not self.limited:
            return time.perf_counter()
        address = client_address(ctx)
        token = bearer_token(ctx)
        checks = [("address", self.by_address, address)]
        if token:
            checks.append(("token", self.by_token, hashlib.sha256(token.encode()).hexdigest()))
        for limit, buckets, key in checks:
            wait = buckets.take(key)
            if wait > 0:
                RATE_LIMITED.labels(limit).inc()
                ctx.response_headers["retry-after"] = str(max(1, round(wait + 0.5)))
                raise refusal(
                    Code.RESOURCE_EXHAUSTED,
                    language,
                    "gateway-too-many-calls",
                    retry_info(wait),
                    kind=limit,
                    # Whole milliseconds: a number that reads the same after the wire's strings.
                    retry_ms=math.ceil(wait * 1000),
                )
        return time.perf_counter()

    async def on_end(self, started: float, ctx: RequestContext, error: Exception | None) -> None:
        method = ctx.method.name
        code = "ok"
        if isinstance(error, ConnectError):
            code = error.code.value
        elif error is not None:
            code = Code.UNKNOWN.value
        REQUESTS.labels(method, protocol_of(ctx), code).inc()
        SECONDS.labels(method).observe(time.perf_counter() - started)


class StreamLimits:
    """The browser streams of one gateway that hold an upstream stream each (WatchMatch,
    WatchStandings): at most so many in all and per client address, counted together."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._watching: Counter_[str] = Counter_()
        """Open streams by client address."""
        self._streams = 0
        WATCH_STREAMS_LIMIT.set(settings.max_browser_watch_streams)

    @contextlib.contextmanager
    def admit(self, address: str, accepted: str | None = None):
        """Holds a place for one stream of `address`; RESOURCE_EXHAUSTED when there is none
        (worded in the language `accepted`, an `Accept-Language`, prefers)."""
        if self._streams >= self.settings.max_browser_watch_streams:
            raise refusal(Code.RESOURCE_EXHAUSTED, accepted, "gateway-watchers-full")
        if self._watching[address] >= self.settings.max_watch_streams_per_address:
            raise refusal(
                Code.RESOURCE_EXHAUSTED,
                accepted,
                "gateway-address-watch-most",
                most=self._watching[address],
            )
        self._watching[address] += 1
        self._streams += 1
        WATCH_STREAMS.inc()
        try:
            yield
        finally:
            WATCH_STREAMS.dec()
            self._streams -= 1
            self._watching[address] -= 1
            if not self._watching[address]:
                del self._watching[address]


class Forwarder:
    """Calls of one orchestrator service, forwarded with the caller's bearer token, its
    address vouched for by the gateway's credential, and its deadline (capped); refusals come
    back with their code and message."""

    def __init__(self, stub, settings: Settings):
        self.stub = stub
        self.settings = settings

    def _options(self, ctx: RequestContext, stream: bool = False) -> dict:
        token = bearer_token(ctx)
        remaining = ctx.timeout_ms
        if remaining is None:
            timeout = self.settings.max_watch_s if stream else self.settings.default_timeout_s
        else:
            timeout = max(remaining / 1000, 0.001)
            if not stream:
                timeout = min(timeout, self.settings.max_timeout_s)
        # The gateway's credential makes the orchestrator believe the client's address, which
        # it counts anonymous spectators by (else all of them would be this gateway's).
        metadata = [
            (GATEWAY_CREDENTIAL_HEADER, self.settings.gateway_credential),
            (CLIENT_ADDRESS_HEADER, client_address(ctx)),
        ]
        if token:
            metadata.append(("authorization", f"Bearer {token}"))
        language = accept_language(ctx)
        if language:
            metadata.append((LANGUAGE_HEADER, language[:200]))
        return {"metadata": metadata, "timeout": timeout}

    async def _unary(self, method: str, request, ctx: RequestContext):
        try:
            return await getattr(self.stub, method)(request, **self._options(ctx))
        except grpc.aio.AioRpcError as error:
            raise upstream_error(error) from None

    async def _stream(self, method: str, request, ctx: RequestContext) -> AsyncGenerator:
        """A server stream on an upstream stream of its own, cancelled when the browser's
        ends."""
        call = getattr(self.stub, method)(request, **self._options(ctx, stream=True))
        try:
            async for response in call:
                yield response
        except grpc.aio.AioRpcError as error:
            raise upstream_error(error) from None
        finally:
            call.cancel()


class MatchGateway(Forwarder):
    """The Connect side of MatchService: every method forwards to the orchestrator's stub;
    spectators of a match share one upstream WatchMatch (`fanout.py`)."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings, limits: StreamLimits):
        super().__init__(match_service_pb2_grpc.MatchServiceStub(channel), settings)
        self.limits = limits
        self.fanout = Fanout(
            channel,
            settings.watch_replay_changes,
            settings.watch_linger_s,
            settings.default_timeout_s,
            # Shared by many browsers, the stream names none of them: the orchestrator counts
            # it against its total only.
            upstream_metadata=[(GATEWAY_CREDENTIAL_HEADER, settings.gateway_credential)],
        )

    async def list_games(self, request: pb.ListGamesRequest, ctx) -> pb.ListGamesResponse:
        return await self._unary("ListGames", request, ctx)

    async def create_match(self, request: pb.CreateMatchRequest, ctx) -> pb.CreateMatchResponse:
        return await self._unary("CreateMatch", request, ctx)

    async def list_matches(self, request: pb.ListMatchesRequest, ctx) -> pb.ListMatchesResponse:
        return await self._unary("ListMatches", request, ctx)

    async def join_match(self, request: pb.JoinMatchRequest, ctx) -> pb.JoinMatchResponse:
        return await self._unary("JoinMatch", request, ctx)

    async def get_match(self, request: pb.GetMatchRequest, ctx) -> pb.GetMatchResponse:
        return await self._unary("GetMatch", request, ctx)

    async def submit_move(self, request: pb.SubmitMoveRequest, ctx) -> pb.SubmitMoveResponse:
        return await self._unary("SubmitMove", request, ctx)

    async def get_history(self, request: pb.GetHistoryRequest, ctx) -> pb.GetHistoryResponse:
        return await self._unary("GetHistory", request, ctx)

    async def resign(self, request: pb.ResignRequest, ctx) -> pb.ResignResponse:
        return await self._unary("Resign", request, ctx)

    async def give_time(self, request: pb.GiveTimeRequest, ctx) -> pb.GiveTimeResponse:
        return await self._unary("GiveTime", request, ctx)

    async def undo_move(self, request: pb.UndoMoveRequest, ctx) -> pb.UndoMoveResponse:
        return await self._unary("UndoMove", request, ctx)

    async def watch_match(
        self, request: pb.WatchMatchRequest, ctx
    ) -> AsyncIterator[pb.WatchMatchResponse]:
        with self.limits.admit(client_address(ctx), accept_language(ctx)):
            # Closed with this stream (the browser went away): its upstream stream ends too.
            changes = self.fanout.watch(request, self._options(ctx, stream=True))
            async with contextlib.aclosing(changes):
                async for response in changes:
                    yield response


class PlayerGateway(Forwarder):
    """The Connect side of PlayerService, forwarded call by call."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings):
        super().__init__(player_service_pb2_grpc.PlayerServiceStub(channel), settings)

    async def get_profile(self, request: ppb.GetProfileRequest, ctx) -> ppb.GetProfileResponse:
        return await self._unary("GetProfile", request, ctx)

    async def list_running_matches(
        self, request: ppb.ListRunningMatchesRequest, ctx
    ) -> ppb.ListRunningMatchesResponse:
        return await self._unary("ListRunningMatches", request, ctx)

    async def list_my_turn(self, request: ppb.ListMyTurnRequest, ctx) -> ppb.ListMyTurnResponse:
        return await self._unary("ListMyTurn", request, ctx)

    async def go_away(self, request: ppb.GoAwayRequest, ctx) -> ppb.GoAwayResponse:
        return await self._unary("GoAway", request, ctx)

    async def come_back(self, request: ppb.ComeBackRequest, ctx) -> ppb.ComeBackResponse:
        return await self._unary("ComeBack", request, ctx)

    async def reclaim_seat(self, request: ppb.ReclaimSeatRequest, ctx) -> ppb.ReclaimSeatResponse:
        return await self._unary("ReclaimSeat", request, ctx)

    async def list_finished_matches(
        self, request: ppb.ListFinishedMatchesRequest, ctx
    ) -> ppb.ListFinishedMatchesResponse:
        return await self._unary("ListFinishedMatches", request, ctx)

    async def get_ratings(self, request: ppb.GetRatingsRequest, ctx) -> ppb.GetRatingsResponse:
        return await self._unary("GetRatings", request, ctx)

    async def get_rating_history(
        self, request: ppb.GetRatingHistoryRequest, ctx
    ) -> ppb.GetRatingHistoryResponse:
        return await self._unary("GetRatingHistory", request, ctx)

    async def get_leaderboard(
        self, request: ppb.GetLeaderboardRequest, ctx
    ) -> ppb.GetLeaderboardResponse:
        return await self._unary("GetLeaderboard", request, ctx)

    async def list_notices(self, request: ppb.ListNoticesRequest, ctx) -> ppb.ListNoticesResponse:
        return await self._unary("ListNotices", request, ctx)

    async def mark_notices_read(
        self, request: ppb.MarkNoticesReadRequest, ctx
    ) -> ppb.MarkNoticesReadResponse:
        return await self._unary("MarkNoticesRead", request, ctx)

    async def watch_notices(
        self, request: ppb.WatchNoticesRequest, ctx
    ) -> AsyncIterator[ppb.WatchNoticesResponse]:
        async with contextlib.aclosing(self._stream("WatchNotices", request, ctx)) as updates:
            async for update in updates:
                yield update

    async def get_notification_settings(
        self, request: ppb.GetNotificationSettingsRequest, ctx
    ) -> ppb.GetNotificationSettingsResponse:
        return await self._unary("GetNotificationSettings", request, ctx)

    async def update_notification_settings(
        self, request: ppb.UpdateNotificationSettingsRequest, ctx
    ) -> ppb.UpdateNotificationSettingsResponse:
        return await self._unary("UpdateNotificationSettings", request, ctx)

    async def add_push_subscription(
        self, request: ppb.AddPushSubscriptionRequest, ctx
    ) -> ppb.AddPushSubscriptionResponse:
        return await self._unary("AddPushSubscription", request, ctx)

    async def remove_push_subscription(
        self, request: ppb.RemovePushSubscriptionRequest, ctx
    ) -> ppb.RemovePushSubscriptionResponse:
        return await self._unary("RemovePushSubscription", request, ctx)

    async def confirm_email(
        self, request: ppb.ConfirmEmailRequest, ctx
    ) -> ppb.ConfirmEmailResponse:
        return await self._unary("ConfirmEmail", request, ctx)

    async def unsubscribe(self, request: ppb.UnsubscribeRequest, ctx) -> ppb.UnsubscribeResponse:
        return await self._unary("Unsubscribe", request, ctx)


class MatchmakingGateway(Forwarder):
    """The Connect side of MatchmakingService. An EnterQueue stream is the player's own (it
    hands them a seat), so each browser's is forwarded on an upstream stream of its own;
    closing it closes the upstream stream, and the ticket stays queued for the orchestrator's
    grace."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings):
        super().__init__(matchmaking_service_pb2_grpc.MatchmakingServiceStub(channel), settings)

    async def enter_queue(
        self, request: mmpb.EnterQueueRequest, ctx
    ) -> AsyncIterator[mmpb.EnterQueueResponse]:
        QUEUE_STREAMS.inc()
        try:
            async with contextlib.aclosing(self._stream("EnterQueue", request, ctx)) as updates:
                async for update in updates:
                    yield update
        finally:
            QUEUE_STREAMS.dec()

    async def leave_queue(self, request: mmpb.LeaveQueueRequest, ctx) -> mmpb.LeaveQueueResponse:
        return await self._unary("LeaveQueue", request, ctx)


class TournamentGateway(Forwarder):
    """The Connect side of TournamentService. A WatchStandings stream is forwarded on an
    upstream stream of its own, closed with it; it counts against the same per-address and
    total limits as WatchMatch streams (one `StreamLimits`)."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings, limits: StreamLimits):
        super().__init__(tournament_service_pb2_grpc.TournamentServiceStub(channel), settings)
        self.limits = limits

    async def create_tournament(
        self, request: tpb.CreateTournamentRequest, ctx
    ) -> tpb.CreateTournamentResponse:
        return await self._unary("CreateTournament", request, ctx)

    async def join_tournament(
        self, request: tpb.JoinTournamentRequest, ctx
    ) -> tpb.JoinTournamentResponse:
        return await self._unary("JoinTournament", request, ctx)

    async def get_tournament(
        self, request: tpb.GetTournamentRequest, ctx
    ) -> tpb.GetTournamentResponse:
        return await self._unary("GetTournament", request, ctx)

    async def list_tournaments(
        self, request: tpb.ListTournamentsRequest, ctx
    ) -> tpb.ListTournamentsResponse:
        return await self._unary("ListTournaments", request, ctx)

    async def watch_standings(
        self, request: tpb.WatchStandingsRequest, ctx
    ) -> AsyncIterator[tpb.WatchStandingsResponse]:
        with self.limits.admit(client_address(ctx), accept_language(ctx)):
            updates = self._stream("WatchStandings", request, ctx)
            async with contextlib.aclosing(updates):
                async for update in updates:
                    yield update
