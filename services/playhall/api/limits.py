"""The published rate limits applied to every call the orchestrator serves: a wrapper of every
method's handler that counts each call of a Playhall method against its caller's token and
address (`access.limits`) before the method runs, and refuses one over a limit with
RESOURCE_EXHAUSTED in gRPC's rich error model: `grpc-status-details-bin` holds a
google.rpc.Status whose details are a google.rpc.RetryInfo (exactly how long until a call
would pass) and a google.rpc.QuotaFailure (the subject counted and the limit it ran into).

A stream holds a place in its caller's count of open streams (on every replica together)
until it ends; one more than the limit is refused RESOURCE_EXHAUSTED with the QuotaFailure
alone (no wait frees a place: closing a stream does).

Who is counted: the token as the player it signs in (a player token) or as itself (a personal
access token or a seat token), and the client's address (a gateway's, with the gateway
credential, names the browser's). The worker credential is never counted, nor a gateway's
stream shared by a match's spectators (the gateway limits each of them)."""

from __future__ import annotations

import contextlib
import inspect
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeAlias

import grpc
import redis
from google.protobuf import duration_pb2
from google.rpc import error_details_pb2
from prometheus_client import Counter

from playhall.access.limits import (
    CLASS_OF,
    CallClass,
    Limiter,
    OpenStreams,
    Places,
    Subject,
    SubjectKind,
)
from playhall.access.tokens import (
    SHOWN_PREFIX,
    looks_like_access_token,
    secret_hash,
)
from playhall.accounts.tokens import Player
from playhall.common.errors import NotAuthenticated, OverLimit, TooManyStreams
from playhall.common.metadata import (
    CLIENT_ADDRESS_HEADER,
    GATEWAY_CREDENTIAL_HEADER,
    REFUSAL_KEY,
    text_entries,
)
from playhall.common.refusal_details import details_of, language_of, rich_status
from playhall.matches.identity import GatewayCredential, Identity, one_call
from playhall.matches.servicer import bearer_token, peer_address, status_code

log = logging.getLogger(__name__)

# Generic to the type checker only: at run time neither class is subscriptable.
Handler: TypeAlias = "grpc.RpcMethodHandler[Any, Any]"
Context: TypeAlias = "grpc.aio.ServicerContext[Any, Any]"

RATE_LIMITED = Counter(
    "playhall_rate_limited_total",
    "Calls refused by a published rate limit, by class of call and what was counted.",
    ["call_class", "subject"],
)


def retry_delay(seconds: float) -> duration_pb2.Duration:
    delay = duration_pb2.Duration()
    delay.FromNanoseconds(round(seconds * 1e9))
    return delay


def violation(refusal: OverLimit | TooManyStreams, call_class: CallClass) -> str:
    """What a QuotaFailure says of the limit reached: "moves: 20/s burst 40 per token"."""
    kind = refusal.subject.partition(":")[0]
    if isinstance(refusal, TooManyStreams):
        return f"{call_class}: {refusal.most} open at once per {kind}"
    return f"{call_class}: {refusal.limit} per {kind}"


def limit_status(
    refusal: OverLimit | TooManyStreams, call_class: CallClass, language: str
) -> grpc.Status:
    """The refusal as gRPC's rich error model carries it: code, message and, in the
    `grpc-status-details-bin` trailer, a QuotaFailure and, where a wait lets a call through,
    a RetryInfo before it (a stream's place is freed by closing one, not by waiting); then the
    ErrorInfo and LocalizedMessage in `language` every refusal carries."""
    details: list[Any] = [
        error_details_pb2.QuotaFailure(
            violations=[
                error_details_pb2.QuotaFailure.Violation(
                    subject=refusal.subject, description=violation(refusal, call_class)
                )
            ]
        ),
    ]
    if isinstance(refusal, OverLimit):
        details.insert(
            0, error_details_pb2.RetryInfo(retry_delay=retry_delay(refusal.retry_after_s))
        )
    details += details_of(refusal.text, refusal.reason, language)
    return rich_status(status_code(refusal), refusal.reason, details)


class RateLimits:
    """Counts every call of a method in `CLASS_OF` before its handler runs (a
    `common.metrics.HandlerWrapper`)."""

    def __init__(
        self,
        limiter: Limiter,
        streams: OpenStreams,
        identity: Identity,
        gateway_credential: str,
    ):
        self.limiter = limiter
        self.streams = streams
        self.identity = identity
        self.gateways = GatewayCredential(gateway_credential)

    def wrap(self, method: str, handler: Handler) -> Handler:
        call_class = CLASS_OF.get(method)
        if call_class is None:
            return handler
        if handler.unary_unary:
            return grpc.unary_unary_rpc_method_handler(
                self._unary(handler.unary_unary, call_class),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream:
            return grpc.unary_stream_rpc_method_handler(
                self._stream(handler.unary_stream, call_class),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler

    def _unary(self, behaviour: Callable[..., Any], call_class: CallClass) -> Callable[..., Any]:
        async def limited(request: Any, context: Context) -> Any:
            with one_call():
                await self.admit(call_class, await self.subjects(context), context)
                return await behaviour(request, context)

        return limited

    def _stream(self, behaviour: Callable[..., Any], call_class: CallClass) -> Callable[..., Any]:
        """A streaming handler is an async generator, or a coroutine that writes its responses
        with `context.write` (`common.metrics`): the limited one is of the same kind."""
        if inspect.iscoroutinefunction(behaviour):

            async def limited_writer(request: Any, context: Context) -> Any:
                async with self.stream_admitted(call_class, context):
                    return await behaviour(request, context)

            return limited_writer

        async def limited(request: Any, context: Context) -> AsyncIterator[Any]:
            async with self.stream_admitted(call_class, context):
                async for response in behaviour(request, context):
                    yield response

        return limited

    @contextlib.asynccontextmanager
    async def stream_admitted(self, call_class: CallClass, context: Context) -> AsyncIterator[None]:
        """Counts a stream's opening and holds its place among its subjects' open streams
        while it runs."""
        with one_call():
            subjects = await self.subjects(context)
            await self.admit(call_class, subjects, context)
            places = await self.open(call_class, subjects, context)
            try:
                yield
            finally:
                if places is not None:
                    await places.close()

    async def admit(self, call_class: CallClass, subjects: list[Subject], context: Context) -> None:
        """Counts the call; aborts it RESOURCE_EXHAUSTED with the rich details when over a
        limit. A limiter whose Redis fails lets the call through (logged): the method itself
        then answers as the storage lets it."""
        try:
            await self.limiter.admit(call_class, subjects)
        except OverLimit as refusal:
            await self.refuse(refusal, call_class, context)
        except redis.RedisError as error:
            log.warning("rate limits not counted", extra={"error": str(error)[:200]})

    async def open(
        self, call_class: CallClass, subjects: list[Subject], context: Context
    ) -> Places | None:
        """A place for the stream in each subject's count of open streams, or the call aborted
        when one has none left (None, the stream let through, when Redis fails)."""
        try:
            return await self.streams.open(subjects)
        except TooManyStreams as refusal:
            await self.refuse(refusal, call_class, context)
        except redis.RedisError as error:
            log.warning("open streams not counted", extra={"error": str(error)[:200]})
        return None

    async def refuse(
        self, refusal: OverLimit | TooManyStreams, call_class: CallClass, context: Context
    ) -> None:
        RATE_LIMITED.labels(call_class, refusal.subject.partition(":")[0]).inc()
        status = limit_status(refusal, call_class, language_of(context.invocation_metadata()))
        # Beside the details, the refusal's class, as every refusal of the orchestrator names it.
        trailing = (*status.trailing_metadata, (REFUSAL_KEY, type(refusal).__name__))
        await context.abort(status.code, status.details, trailing_metadata=trailing)

    async def subjects(self, context: Context) -> list[Subject]:
        """Who the call counts against: its address, then its token; nobody for the worker
        credential."""
        metadata = text_entries(context.invocation_metadata())
        try:
            token = bearer_token(context)
        except NotAuthenticated:
            token = None  # a malformed authorization: the method refuses it
        if token is not None and self.identity.is_worker(token):
            return []
        counted = []
        address = self.address(context, metadata)
        if address is not None:
            counted.append(Subject(SubjectKind.ADDRESS, address))
        if token is not None:
            subject = await self.token_subject(token)
            if subject is not None:
                counted.append(subject)
        return counted

    def address(self, context: Context, metadata: dict[str, str]) -> str | None:
        """The client's address: the one a gateway names (believed with its credential), else
        the caller's own; None for a gateway's call that names no client (a stream it shares
        among a match's spectators, whom it limits itself)."""
        credential = metadata.get(GATEWAY_CREDENTIAL_HEADER)
        if credential is not None and self.gateways.admits(credential):
            return metadata.get(CLIENT_ADDRESS_HEADER, "").strip() or None
        return peer_address(context).partition(":")[2]

    async def token_subject(self, token: str) -> Subject | None:
        """What a token is counted as: a personal access token by its hash (named by the
        prefix its owner sees; counted before the access gate looks it up, so made-up tokens
        are counted too), a player token as the player it signs in, any other token (a seat's)
        by its hash. None for a player token that is not accepted (the method refuses it)."""
        digest = secret_hash(token)
        if looks_like_access_token(token):
            return Subject(SubjectKind.TOKEN, token[:SHOWN_PREFIX], digest)
        try:
            credential = await self.identity.resolve(token)
        except NotAuthenticated:
            return None
        if isinstance(credential, Player):
            return Subject(SubjectKind.TOKEN, credential.player_id)
        return Subject(SubjectKind.TOKEN, digest[:16])
