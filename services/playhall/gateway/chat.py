"""ChatService for Connect clients, forwarded call by call to an orchestrator (`service.py`'s
`Forwarder`). A WatchChat stream is forwarded on an upstream stream of its own, closed with it,
and counts against the same per-address and total limits as WatchMatch streams."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import grpc

from playhall.gateway.service import (
    Forwarder,
    StreamLimits,
    accept_language,
    client_address,
)
from playhall.gateway.settings import Settings
from playhall.social.v1 import chat_service_pb2 as cpb
from playhall.social.v1 import chat_service_pb2_grpc


class ChatGateway(Forwarder):
    """The Connect side of ChatService."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings, limits: StreamLimits):
        super().__init__(chat_service_pb2_grpc.ChatServiceStub(channel), settings)
        self.limits = limits

    async def send_message(self, request: cpb.SendMessageRequest, ctx) -> cpb.SendMessageResponse:
        return await self._unary("SendMessage", request, ctx)

    async def list_messages(
        self, request: cpb.ListMessagesRequest, ctx
    ) -> cpb.ListMessagesResponse:
        return await self._unary("ListMessages", request, ctx)

    async def watch_chat(
        self, request: cpb.WatchChatRequest, ctx
    ) -> AsyncIterator[cpb.WatchChatResponse]:
        with self.limits.admit(client_address(ctx), accept_language(ctx)):
            batches = self._stream("WatchChat", request, ctx)
            async with contextlib.aclosing(batches):
                async for batch in batches:
                    yield batch

    async def mute_player(self, request: cpb.MutePlayerRequest, ctx) -> cpb.MutePlayerResponse:
        return await self._unary("MutePlayer", request, ctx)

    async def unmute_player(
        self, request: cpb.UnmutePlayerRequest, ctx
    ) -> cpb.UnmutePlayerResponse:
        return await self._unary("UnmutePlayer", request, ctx)

    async def list_muted(self, request: cpb.ListMutedRequest, ctx) -> cpb.ListMutedResponse:
        return await self._unary("ListMuted", request, ctx)
