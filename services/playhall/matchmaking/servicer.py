"""MatchmakingService: a thin adapter that checks the caller's player token, calls the
matchmaking API (`api.py`, which reads the requests into the queues' terms and writes their
updates as responses), and maps the domain's refusals to status codes with MatchService's own
table (`servicer.refusals`)."""

from __future__ import annotations

import collections
import contextlib
from typing import Any

import grpc

from playhall.accounts.tokens import Player
from playhall.common.errors import NotAuthenticated
from playhall.common.refusal_details import language_of
from playhall.core.i18n import Text
from playhall.matches.servicer import abort_with, bearer_token, refusals
from playhall.matchmaking.api import MatchmakingApi
from playhall.matchmaking.queues import Matchmaking
from playhall.matchmaking.v1 import matchmaking_service_pb2 as pb
from playhall.matchmaking.v1 import matchmaking_service_pb2_grpc


class MatchmakingServicer(matchmaking_service_pb2_grpc.MatchmakingServiceServicer):
    def __init__(self, matchmaking: Matchmaking):
        self.matchmaking = matchmaking
        self.api = MatchmakingApi(matchmaking)
        self.per_player = matchmaking.settings.matchmaking_streams_per_player
        self._streams: collections.Counter[str] = collections.Counter()
        """Open EnterQueue streams by player id."""

    async def _player(self, context: grpc.aio.ServicerContext[Any, Any]) -> Player:
        credential = await self.matchmaking.matches.caller(bearer_token(context))
        if not isinstance(credential, Player):
            raise NotAuthenticated("queue-sign-in-to-be-matched")
        return credential

    async def EnterQueue(
        self, request: pb.EnterQueueRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> None:
        # A coroutine that writes, as WatchMatch is: a cancelled call stops it where it waits.
        async with refusals(context):
            player = await self._player(context)
        if self._streams[player.player_id] >= self.per_player:
            await abort_with(
                context,
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                Text("queue-streams-most", {"most": self.per_player}),
                language_of(context.invocation_metadata()),
            )
        self._streams[player.player_id] += 1
        try:
            async with refusals(context):
                updates = self.api.enter(request, player)
                async with contextlib.aclosing(updates):
                    async for update in updates:
                        await context.write(update)
        finally:
            self._streams[player.player_id] -= 1
            if not self._streams[player.player_id]:
                del self._streams[player.player_id]

    async def LeaveQueue(
        self, request: pb.LeaveQueueRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.LeaveQueueResponse:
        async with refusals(context):
            player = await self._player(context)
            return await self.api.leave(request, player)
