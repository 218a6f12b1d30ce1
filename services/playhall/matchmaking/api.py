"""MatchmakingService's calls in its own messages: each request read into the queues' terms
(`queues.Matchmaking`), each update written as its response (`matchstore/wire.py` writes the
match and the seat token). The servicer adds the transport (the caller's player token, the
streams a player may follow at once, statuses); tests drive the API through this without a
server."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncGenerator

from playhall.accounts.tokens import Player
from playhall.common.errors import InvalidRequest
from playhall.matchmaking.queues import Matched, Matchmaking, Waiting
from playhall.matchmaking.v1 import matchmaking_service_pb2 as pb
from playhall.matchstore import wire
from playhall.matchstore.model import Pace


class MatchmakingApi:
    """The queues behind MatchmakingService's requests and responses."""

    def __init__(self, matchmaking: Matchmaking):
        self.matchmaking = matchmaking

    async def enter(
        self, request: pb.EnterQueueRequest, player: Player
    ) -> AsyncGenerator[pb.EnterQueueResponse, None]:
        days = days_per_turn(request)
        updates = self.matchmaking.enter(request.title_id, request.players, player, days)
        async with contextlib.aclosing(updates):
            async for update in updates:
                yield update_message(update)

    async def leave(self, request: pb.LeaveQueueRequest, player: Player) -> pb.LeaveQueueResponse:
        return pb.LeaveQueueResponse(left=await self.matchmaking.leave(request.title_id, player))


def days_per_turn(request: pb.EnterQueueRequest) -> int:
    """The queue's pace as the domain takes it: 0 for a live queue, the days a move of a
    turn-based one (which the domain checks against those offered)."""
    try:
        pace = wire.API[Pace].to_domain(request.pace)
    except ValueError:
        raise InvalidRequest("clock-pace-missing") from None
    if pace != Pace.TURN_BASED:
        if request.days_per_turn:
            raise InvalidRequest("queue-days-live")
        return 0
    if request.days_per_turn <= 0:
        raise InvalidRequest("queue-days-missing")
    return request.days_per_turn


def update_message(update: Waiting | Matched) -> pb.EnterQueueResponse:
    if isinstance(update, Waiting):
        return pb.EnterQueueResponse(
            waiting=pb.Waiting(
                rating=update.rating,
                window=update.window,
                waited_ms=update.waited_ms,
                ahead=update.ahead,
                queued=update.queued,
                bots_in_ms=update.bots_in_ms,
            )
        )
    return pb.EnterQueueResponse(
        matched=pb.Matched(
            match=wire.summary(update.match),
            token=wire.seat_token(update.seat, update.token),
            waited_ms=update.waited_ms,
            bot_seats=update.bot_seats,
        )
    )
