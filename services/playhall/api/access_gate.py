"""The orchestrator's access gate: a server interceptor that checks every call presenting a
personal access token before its handler runs, whatever the service. The token must be known,
not revoked and not expired (`access.tokens`, read from PostgreSQL at each call, so a revoke
holds on every replica at once), and hold the scope its method needs (`access.scopes.REQUIRED`).
A refused call is answered by the refusal, mapped by MatchService's one table
(`matches.servicer.refusals`), and its handler never runs; an accepted one runs with the grant
in `access.tokens.ADMITTED`, where the caller's identity is read from.

Calls with a player token, a seat token or no token pass through untouched."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeAlias

import grpc

from playhall.access.scopes import require
from playhall.access.tokens import ADMITTED, AccessTokens, Grant, looks_like_access_token
from playhall.common.errors import MatchError, NotAuthenticated
from playhall.matches.servicer import bearer_in, refusals

NO_TOKENS = "This deployment keeps no personal access tokens (it has no archive database)"

Handler: TypeAlias = "grpc.RpcMethodHandler[Any, Any]"  # subscriptable in the stubs only
Continuation: TypeAlias = Callable[[grpc.HandlerCallDetails], Awaitable["Handler | None"]]


class AccessGate(grpc.aio.ServerInterceptor):
    """Checks personal access tokens and their scopes; None `tokens` refuses every one."""

    def __init__(self, tokens: AccessTokens | None):
        self.tokens = tokens

    async def intercept_service(
        self, continuation: Continuation, handler_call_details: grpc.HandlerCallDetails
    ) -> Handler | None:
        handler = await continuation(handler_call_details)
        secret = presented_access_token(handler_call_details)
        if handler is None or secret is None:
            return handler
        try:
            grant = await self.admit(handler_call_details.method, secret)
        except MatchError as refused:
            return refusing(handler, refused)
        # The interceptor runs in the call's own task, before its handler: the handler sees it.
        ADMITTED.set(grant)
        return handler

    async def admit(self, method: str, secret: str) -> Grant:
        if self.tokens is None:
            raise NotAuthenticated(NO_TOKENS)
        grant = await self.tokens.verify(secret)
        require(method, grant.scopes)
        return grant


def presented_access_token(details: grpc.HandlerCallDetails) -> str | None:
    """The personal access token a call carries as its bearer token, if it does (a malformed
    header is left to the handler, which refuses it)."""
    try:
        token = bearer_in(details.invocation_metadata)
    except NotAuthenticated:
        return None
    return token if token is not None and looks_like_access_token(token) else None


def refusing(handler: Handler, refused: MatchError) -> Handler:
    """A handler of `handler`'s kind that answers every call with `refused`."""

    async def refuse(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        async with refusals(context):
            raise refused

    codecs = {
        "request_deserializer": handler.request_deserializer,
        "response_serializer": handler.response_serializer,
    }
    if handler.request_streaming and handler.response_streaming:
        return grpc.stream_stream_rpc_method_handler(refuse, **codecs)
    if handler.request_streaming:
        return grpc.stream_unary_rpc_method_handler(refuse, **codecs)
    if handler.response_streaming:
        return grpc.unary_stream_rpc_method_handler(refuse, **codecs)
    return grpc.unary_unary_rpc_method_handler(refuse, **codecs)
