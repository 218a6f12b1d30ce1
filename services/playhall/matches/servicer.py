"""MatchService: a thin adapter that reads the caller's token (a player token checked into the
player it signs in, `identity.Identity.resolve`), calls the match domain, and maps its refusals
to status codes.

A change, once started, is finished even if its caller goes away: a cancelled call (a client's
deadline, a dropped connection) cancels the handler, and a change cut off between its commit
and the index updates and bot turns that follow it would leave those to the background repair
and sweeps (seconds to a minute) instead of now. So changes run as tasks of their own, which
a cancellation of the call does not reach; `drain` waits for them on shutdown."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Iterable
from typing import Any

import grpc
import redis
from google.protobuf.message import Message
from google.rpc import error_details_pb2
from prometheus_client import Gauge

from playhall.common import tracing
from playhall.common.errors import (
    Broken,
    InvalidRequest,
    MatchBusy,
    MatchError,
    NoArchive,
    NoSuchMatch,
    NotAllowed,
    NotAuthenticated,
    NotNow,
    NotYourSeat,
    RefusedByRules,
    RulesVersionGone,
    SlowDown,
    Unavailable,
)
from playhall.common.metadata import (
    CLIENT_ADDRESS_HEADER,
    GATEWAY_CREDENTIAL_HEADER,
    REFUSAL_KEY,
    text_entries,
)
from playhall.common.metrics import REDIS_ERRORS
from playhall.common.refusal_details import (
    CALLER_LANGUAGE,
    details_of,
    language_of,
    rich_status,
)
from playhall.common.server import status_for
from playhall.core.i18n import SOURCE_LANGUAGE, Text, render
from playhall.match.v1 import match_service_pb2_grpc
from playhall.matches.api import MatchApi
from playhall.matches.domain import Matches
from playhall.matches.identity import Credential, GatewayCredential
from playhall.matchstore.redis_client import STORAGE_UNAVAILABLE

log = logging.getLogger(__name__)

WATCH_STREAMS = Gauge("playhall_watch_streams", "Open WatchMatch streams.")
WATCH_STREAMS_LIMIT = Gauge(
    "playhall_watch_streams_limit", "WatchMatch streams this replica serves at most."
)


STATUS_OF = {
    InvalidRequest: grpc.StatusCode.INVALID_ARGUMENT,
    NoSuchMatch: grpc.StatusCode.NOT_FOUND,
    NotAuthenticated: grpc.StatusCode.UNAUTHENTICATED,
    NotYourSeat: grpc.StatusCode.PERMISSION_DENIED,
    NotAllowed: grpc.StatusCode.PERMISSION_DENIED,
    NotNow: grpc.StatusCode.FAILED_PRECONDITION,
    RulesVersionGone: grpc.StatusCode.FAILED_PRECONDITION,
    MatchBusy: grpc.StatusCode.ABORTED,
    SlowDown: grpc.StatusCode.RESOURCE_EXHAUSTED,
    Unavailable: grpc.StatusCode.UNAVAILABLE,
    Broken: grpc.StatusCode.INTERNAL,
    NoArchive: grpc.StatusCode.UNIMPLEMENTED,
}
"""The status of each refusal of the domain: the error contract of MatchService."""
STORAGE_UNAVAILABLE_REASON = Text("storage-unavailable")
"""The reason of UNAVAILABLE for any failure of the storage that a retry can outlast."""
STORAGE_FAILED_REASON = Text("storage-failed")
"""The reason of INTERNAL for a failure of the storage that a retry would meet again."""


def status_code(error: MatchError) -> grpc.StatusCode:
    return status_for(STATUS_OF, error)


@contextlib.asynccontextmanager
async def refusals(
    context: grpc.aio.ServicerContext[Any, Any], request: object = None
) -> AsyncIterator[None]:
    """Maps the domain's refusals to statuses, each with its key and its sentence in the
    caller's language (`common.refusal_details`); names the request's match on the call's
    span."""
    tracing.tag_match(getattr(request, "match_id", ""))
    language = language_of(context.invocation_metadata())
    CALLER_LANGUAGE.set(language)
    try:
        yield
    except MatchError as error:
        status = rich_status(status_code(error), error.reason, refusal_details(error, language))
        # The refusal's kind too, for clients that act on one (a resumed watch of a resigned
        # seat ends rather than fails): the status code alone is shared by several.
        kind = ((REFUSAL_KEY, type(error).__name__),)
        await context.abort(
            status.code, status.details, trailing_metadata=(*status.trailing_metadata, *kind)
        )
    except STORAGE_UNAVAILABLE as error:
        REDIS_ERRORS.labels("call").inc()
        log.warning("storage unavailable for a request", extra={"error": str(error)})
        # A change may have been committed just before the storage went away: a retry with
        # the same request id is answered with its version rather than applied again.
        await abort_with(context, grpc.StatusCode.UNAVAILABLE, STORAGE_UNAVAILABLE_REASON, language)
    except redis.RedisError as error:
        REDIS_ERRORS.labels("call").inc()
        log.error("storage refused a request", extra={"error": str(error)})
        await abort_with(context, grpc.StatusCode.INTERNAL, STORAGE_FAILED_REASON, language)


async def abort_with(
    context: grpc.aio.ServicerContext[Any, Any], code: grpc.StatusCode, text: Text, language: str
) -> None:
    """Ends the call with `code` and `text` as every refusal carries one (the English as the
    status message, the key and the sentence in `language` as its details)."""
    english = render(text)
    status = rich_status(code, english, details_of(text, english, language))
    await context.abort(status.code, status.details, trailing_metadata=status.trailing_metadata)


def refusal_details(error: MatchError, language: str) -> list[Message]:
    """The key and the localized sentence of a refusal: a rules service's as it wrote them,
    the domain's from the platform catalogue."""
    if not isinstance(error, RefusedByRules):
        return details_of(error.text, error.reason, language)
    locale, sentence = error.localized or (SOURCE_LANGUAGE, error.reason)
    info = details_of(error.text, error.reason, language)[:-1]
    return [*info, error_details_pb2.LocalizedMessage(locale=locale, message=sentence)]


def bearer_token(context: grpc.aio.ServicerContext) -> str | None:
    """The token of `authorization: Bearer <token>`, None without the header."""
    return bearer_in(context.invocation_metadata())


def bearer_in(metadata: Iterable[tuple[str, str | bytes]] | None) -> str | None:
    """`bearer_token` of a call's metadata (as an interceptor sees it)."""
    for key, value in metadata or ():
        # A text key: gRPC hands its value as str (only a `-bin` key's is bytes).
        if key == "authorization" and isinstance(value, str):
            scheme, _, token = value.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                raise NotAuthenticated("token-bearer-form")
            return token.strip()
    return None


class WatchSlots:
    """The watch streams one replica serves at once: at most `total`, of which at most
    `per_address` from one address without a token (watching needs none, so one spectator
    could otherwise take every slot). A stream holds a Redis connection while it waits; the
    pool has `total` connections on top of those of every other call."""

    def __init__(self, total: int, per_address: int):
        self.total = total
        self.per_address = per_address
        self.open = 0
        WATCH_STREAMS_LIMIT.set(total)
        self._anonymous: collections.Counter[str] = collections.Counter()

    def refusal(self, address: str | None) -> Text | None:
        """Why a new stream from `address` (None: a caller with a token) is refused, if it is."""
        if self.open >= self.total:
            return Text("watch-server-full")
        if address is not None and self._anonymous[address] >= self.per_address:
            return Text("watch-address-full", {"most": self.per_address})
        return None

    @contextlib.contextmanager
    def held(self, address: str | None):
        self.open += 1
        WATCH_STREAMS.inc()
        if address is not None:
            self._anonymous[address] += 1
        try:
            yield
        finally:
            self.open -= 1
            WATCH_STREAMS.dec()
            if address is not None:
                self._anonymous[address] -= 1
                if not self._anonymous[address]:
                    del self._anonymous[address]


def spectator_address(context: grpc.aio.ServicerContext, gateways: GatewayCredential) -> str | None:
    """The address an anonymous watcher is counted by: the client's, as a gateway with the
    gateway credential names it; anyone else's own address (a client address it sends is not
    believed). A gateway's stream that names no client is the one it shares among all the
    spectators of a match (each counted by the gateway itself), so it counts against the
    replica's total only (None). A wrong gateway credential is refused."""
    metadata = text_entries(context.invocation_metadata())
    credential = metadata.get(GATEWAY_CREDENTIAL_HEADER)
    if credential is None:
        return peer_address(context)
    if not gateways.admits(credential):
        raise NotAuthenticated("gateway-credential-mismatch")
    forwarded = metadata.get(CLIENT_ADDRESS_HEADER, "").strip()
    return f"client:{forwarded}" if forwarded else None


def peer_address(context: grpc.aio.ServicerContext) -> str:
    """The caller's address without its port: "ipv4:10.0.0.7:51234" is "ipv4:10.0.0.7"."""
    peer = context.peer() or "unknown"
    kind, _, rest = peer.partition(":")
    return f"{kind}:{rest.rpartition(':')[0]}" if kind in ("ipv4", "ipv6") else peer


class MatchServicer(match_service_pb2_grpc.MatchServiceServicer):
    def __init__(
        self,
        matches: Matches,
        max_watch_streams: int,
        max_anonymous_watch_streams_per_address: int,
        gateway_credential: str,
    ):
        self.matches = matches
        self.api = MatchApi(matches)
        self.gateways = GatewayCredential(gateway_credential)
        self.watch_slots = WatchSlots(max_watch_streams, max_anonymous_watch_streams_per_address)
        self._changes: set[asyncio.Task] = set()

    async def run_to_end(self, change: Awaitable):
        """Awaits `change` in a task of its own, which runs to its end even if this call is
        cancelled."""
        task = asyncio.ensure_future(change)
        self._changes.add(task)
        task.add_done_callback(self._changes.discard)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            task.add_done_callback(_log_failure)
            raise

    async def _credential(self, context: grpc.aio.ServicerContext) -> Credential:
        return await self.matches.identity.resolve(bearer_token(context))

    async def drain(self, timeout: float) -> None:
        """Waits up to `timeout` seconds for changes whose callers went away."""
        if self._changes and timeout > 0:
            await asyncio.wait(self._changes, timeout=timeout)

    async def ListGames(self, request, context):
        async with refusals(context):
            return await self.api.list_games()

    async def CreateMatch(self, request, context):
        async with refusals(context):
            return await self.run_to_end(self.api.create(request, await self._credential(context)))

    async def ListMatches(self, request, context):
        async with refusals(context):
            return await self.api.list_matches(request)

    async def JoinMatch(self, request, context):
        async with refusals(context, request):
            return await self.run_to_end(self.api.join(request, await self._credential(context)))

    async def GetMatch(self, request, context):
        async with refusals(context, request):
            return await self.api.get(request, await self._credential(context))

    async def SubmitMove(self, request, context):
        async with refusals(context, request):
            credential = await self._credential(context)
            return await self.run_to_end(self.api.submit(request, credential))

    async def WatchMatch(self, request, context):
        async with refusals(context):
            token = bearer_token(context)
            address = None if token else spectator_address(context, self.gateways)
            credential = await self.matches.identity.resolve(token)
        # Checked and taken with no await in between: one event loop serves every stream.
        refused = self.watch_slots.refusal(address)
        if refused:
            language = language_of(context.invocation_metadata())
            await abort_with(context, grpc.StatusCode.RESOURCE_EXHAUSTED, refused, language)
        # A coroutine that writes, not a generator that yields: a cancelled call raises in here
        # wherever it waits, so the slot is given back at once. A generator cancelled while its
        # response is being sent stays suspended, slot and all, until the garbage collector
        # finds it.
        with self.watch_slots.held(address):
            async with (
                refusals(context, request),
                contextlib.aclosing(self.api.watch(request, credential)) as changes,
            ):
                async for response in changes:
                    await context.write(response)

    async def GetHistory(self, request, context):
        async with refusals(context, request):
            return await self.api.history(request, await self._credential(context))

    async def UndoMove(self, request, context):
        async with refusals(context, request):
            credential = await self._credential(context)
            return await self.run_to_end(self.api.undo(request, credential))

    async def Resign(self, request, context):
        async with refusals(context, request):
            credential = await self._credential(context)
            return await self.run_to_end(self.api.resign(request, credential))

    async def GiveTime(self, request, context):
        async with refusals(context, request):
            credential = await self._credential(context)
            return await self.run_to_end(self.api.give_time(request, credential))


def _log_failure(task: asyncio.Task) -> None:
    """Logs how a change ended whose caller went away: a refusal is an answer nobody hears,
    anything else a failure nobody else reports."""
    if task.cancelled():
        return
    error = task.exception()
    if error is not None and not isinstance(error, MatchError):
        log.error(
            "a change whose caller went away failed",
            exc_info=(type(error), error, error.__traceback__),
        )
