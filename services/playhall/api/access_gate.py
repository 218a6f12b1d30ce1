"""The orchestrator's access gate: a wrapper of every method's handler that checks every call
presenting a personal access token before the handler runs, whatever the service. The token
must be known, not revoked and not expired (`access.tokens`, read from PostgreSQL at each call,
so a revoke holds on every replica at once), and hold the scope its method needs
(`access.scopes.REQUIRED`). The check runs when the call does (inside the rate limits' count,
which is outside it), not when the call is routed. A refused call is answered by the refusal,
mapped by MatchService's one table (`matches.servicer.refusals`), and its handler never runs;
an accepted one runs with the grant in `access.tokens.ADMITTED`, where the caller's identity is
read from.

Calls with a player token, a seat token or no token pass through untouched."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any, TypeAlias

import grpc

from playhall.access.scopes import require
from playhall.access.tokens import ADMITTED, AccessTokens, Grant, looks_like_access_token
from playhall.common.errors import NotAuthenticated
from playhall.matches.servicer import bearer_in, refusals

Handler: TypeAlias = "grpc.RpcMethodHandler[Any, Any]"  # subscriptable in the stubs only


class AccessGate:
    """Checks personal access tokens and their scopes; None `tokens` refuses every one (a
    `common.metrics.HandlerWrapper`)."""

    def __init__(self, tokens: AccessTokens | None):
        self.tokens = tokens

    def wrap(self, method: str, handler: Handler) -> Handler:
        """`handler` checking the token when the call runs, not when it is routed: the rate
        limits, whose wrapper runs first, have counted the call before the token is looked up,
        so a flood of calls with made-up tokens never reaches PostgreSQL."""

        async def admitted(context: grpc.aio.ServicerContext[Any, Any]) -> None:
            secret = presented_access_token(context.invocation_metadata())
            if secret is None:
                return
            async with refusals(context):  # a refusal aborts the call here
                grant = await self.admit(method, secret)
            # The handler runs in this task after this: it reads the grant.
            ADMITTED.set(grant)

        behaviour: Callable[..., Any] | None = handler.unary_unary or handler.unary_stream
        if behaviour is None:  # no method of the contracts streams its requests
            return handler
        codecs = {
            "request_deserializer": handler.request_deserializer,
            "response_serializer": handler.response_serializer,
        }
        if handler.unary_unary:

            async def unary(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
                await admitted(context)
                return await behaviour(request, context)

            return grpc.unary_unary_rpc_method_handler(unary, **codecs)
        if inspect.iscoroutinefunction(behaviour):  # a stream written with context.write

            async def writer(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
                await admitted(context)
                return await behaviour(request, context)

            return grpc.unary_stream_rpc_method_handler(writer, **codecs)

        async def stream(
            request: Any, context: grpc.aio.ServicerContext[Any, Any]
        ) -> AsyncIterator[Any]:
            await admitted(context)
            async for response in behaviour(request, context):
                yield response

        return grpc.unary_stream_rpc_method_handler(stream, **codecs)

    async def admit(self, method: str, secret: str) -> Grant:
        if self.tokens is None:
            raise NotAuthenticated("token-none-kept")
        grant = await self.tokens.verify(secret)
        require(method, grant.scopes)
        return grant


def presented_access_token(metadata: Iterable[tuple[str, str | bytes]] | None) -> str | None:
    """The personal access token a call's metadata carries as its bearer token, if it does (a
    malformed header is left to the handler, which refuses it)."""
    try:
        token = bearer_in(metadata)
    except NotAuthenticated:
        return None
    return token if token is not None and looks_like_access_token(token) else None
