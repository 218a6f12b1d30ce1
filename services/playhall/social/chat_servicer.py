"""ChatService: a thin adapter that reads the caller's player token, decodes the request into
the chat domain's terms (`matches.chat`), calls it, and maps its refusals to status codes with
MatchService's own table (`matches.servicer.refusals`)."""

from __future__ import annotations

import collections
import contextlib
from typing import Any

import grpc

from playhall.accounts.tokens import Player
from playhall.common.errors import InvalidRequest
from playhall.common.refusal_details import language_of
from playhall.core.i18n import Text
from playhall.matches.chat import Chat
from playhall.matches.servicer import abort_with, bearer_token, refusals
from playhall.matchstore.chat import ChatLine, Room
from playhall.relations.mutes import Muted
from playhall.social.v1 import chat_service_pb2 as pb
from playhall.social.v1 import chat_service_pb2_grpc

ROOMS: dict[int, Room] = {
    pb.CHAT_ROOM_PLAYERS: Room.PLAYERS,
    pb.CHAT_ROOM_SPECTATORS: Room.SPECTATORS,
}
WIRE_ROOMS: dict[Room, Any] = {room: wire for wire, room in ROOMS.items()}
DEFAULT_LIMIT = 50
MAX_LIMIT = 200
STREAMS_PER_PLAYER = 8
"""WatchChat streams one player may hold on one replica (a few tabs, not a flood of polls)."""


def room_of(wire: int) -> Room | None:
    """The room a request names (None: unspecified); refused for a value outside the enum."""
    if wire == pb.CHAT_ROOM_UNSPECIFIED:
        return None
    if wire not in ROOMS:
        raise InvalidRequest("chat-room-unknown", room=wire)
    return ROOMS[wire]


def limit_of(wire: int) -> int:
    if not 0 <= wire <= MAX_LIMIT:
        raise InvalidRequest("chat-limit-range", most=MAX_LIMIT, default=DEFAULT_LIMIT)
    return wire or DEFAULT_LIMIT


def wire_message(line: ChatLine) -> pb.ChatMessage:
    return pb.ChatMessage(
        message_id=line.message_id,
        room=WIRE_ROOMS[line.room],
        player_id=line.player_id,
        display_name=line.display_name,
        text=line.text,
        sent_unix_ms=line.sent_unix_ms,
        deleted=line.deleted,
    )


def wire_muted(muted: Muted) -> pb.MutedPlayer:
    return pb.MutedPlayer(
        player_id=muted.player_id,
        display_name=muted.display_name,
        muted_unix_ms=int(muted.since.timestamp() * 1000),
    )


class ChatServicer(chat_service_pb2_grpc.ChatServiceServicer):
    def __init__(self, chat: Chat):
        self.chat = chat
        self._streams: collections.Counter[str] = collections.Counter()
        """Open WatchChat streams by player id."""

    async def _player(self, context: grpc.aio.ServicerContext[Any, Any]) -> Player:
        return await self.chat.player(bearer_token(context))

    async def SendMessage(
        self, request: pb.SendMessageRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.SendMessageResponse:
        async with refusals(context, request):
            player = await self._player(context)
            room = room_of(request.room)
            if room is None:
                raise InvalidRequest("chat-room-missing")
            line = await self.chat.send(request.match_id, player, room, request.text)
            return pb.SendMessageResponse(message=wire_message(line))

    async def ListMessages(
        self, request: pb.ListMessagesRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.ListMessagesResponse:
        async with refusals(context, request):
            player = await self._player(context)
            page = await self.chat.read(
                request.match_id,
                player,
                room_of(request.room),
                request.after_message_id,
                limit_of(request.limit),
            )
            return pb.ListMessagesResponse(
                messages=[wire_message(line) for line in page.lines],
                next_after_message_id=page.last_id,
                more=page.more,
            )

    async def WatchChat(
        self, request: pb.WatchChatRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> None:
        # A coroutine that writes, as WatchMatch is: a cancelled call stops it where it waits.
        async with refusals(context, request):
            player = await self._player(context)
        if self._streams[player.player_id] >= STREAMS_PER_PLAYER:
            await abort_with(
                context,
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                Text("chat-watch-streams-most", {"most": STREAMS_PER_PLAYER}),
                language_of(context.invocation_metadata()),
            )
        self._streams[player.player_id] += 1
        try:
            async with refusals(context, request):
                batches = self.chat.watch(request.match_id, player, request.after_message_id)
                async with contextlib.aclosing(batches):
                    async for lines in batches:
                        await context.write(
                            pb.WatchChatResponse(messages=[wire_message(line) for line in lines])
                        )
        finally:
            self._streams[player.player_id] -= 1
            if not self._streams[player.player_id]:
                del self._streams[player.player_id]

    async def MutePlayer(
        self, request: pb.MutePlayerRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.MutePlayerResponse:
        async with refusals(context):
            await self.chat.mute(await self._player(context), request.player_id)
            return pb.MutePlayerResponse()

    async def UnmutePlayer(
        self, request: pb.UnmutePlayerRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.UnmutePlayerResponse:
        async with refusals(context):
            await self.chat.unmute(await self._player(context), request.player_id)
            return pb.UnmutePlayerResponse()

    async def ListMuted(
        self, request: pb.ListMutedRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.ListMutedResponse:
        async with refusals(context):
            muted = await self.chat.muted(await self._player(context))
            return pb.ListMutedResponse(players=[wire_muted(m) for m in muted])
