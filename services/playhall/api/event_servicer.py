"""EventService: a thin adapter that reads the caller's token, opens their event stream
(`api/events.py`), writes each event as its message, and maps refusals to status codes with
MatchService's own table (`matches.servicer.refusals`)."""

from __future__ import annotations

import collections
import contextlib
from typing import Any

import grpc

from playhall.accounts.tokens import Player
from playhall.api.events import (
    AccountEvents,
    ChallengeAnswered,
    ChallengeReceived,
    Happening,
    KeepAlive,
    MatchEnded,
    MatchStarted,
    Told,
    YourTurn,
)
from playhall.api.v1 import event_service_pb2 as pb
from playhall.api.v1 import event_service_pb2_grpc
from playhall.common.errors import NotAuthenticated
from playhall.common.refusal_details import language_of
from playhall.core.i18n import Text
from playhall.matches.servicer import abort_with, bearer_token, refusals
from playhall.matchstore import wire
from playhall.matchstore.events import cursor_id
from playhall.social.challenge_servicer import challenge_message

ANSWERS = {
    "accepted": pb.CHALLENGE_ANSWER_ACCEPTED,
    "declined": pb.CHALLENGE_ANSWER_DECLINED,
    "withdrawn": pb.CHALLENGE_ANSWER_WITHDRAWN,
}


def event_message(told: Told) -> pb.StreamEventsResponse:
    """The wire message of an event."""
    message = pb.StreamEventsResponse(event_id=cursor_id(told.cursor), at_unix_ms=told.at_ms)
    field, body = _body(told.what)
    getattr(message, field).CopyFrom(body)
    return message


def _body(what: Happening) -> tuple[str, Any]:
    """The oneof field an event goes in, with its message."""
    match what:
        case ChallengeReceived(challenge):
            return "challenge_received", pb.ChallengeReceived(
                challenge=challenge_message(challenge)
            )
        case ChallengeAnswered(challenge, answer):
            return "challenge_answered", pb.ChallengeAnswered(
                challenge=challenge_message(challenge),
                answer=ANSWERS.get(answer, pb.CHALLENGE_ANSWER_UNSPECIFIED),
            )
        case MatchStarted(match, seats):
            return "match_started", pb.MatchStarted(
                match=wire.summary(match),
                seats=[wire.seat_token(taken.seat, taken.token) for taken in seats],
            )
        case YourTurn(match_id, seats, deadline_ms, turn):
            return "your_turn", pb.YourTurn(
                match_id=match_id, seats=seats, deadline_unix_ms=deadline_ms, turn=turn
            )
        case MatchEnded(match, seats):
            return "match_ended", pb.MatchEnded(match=wire.summary(match), seats=seats)
        case KeepAlive():
            return "keep_alive", pb.KeepAlive()


class EventServicer(event_service_pb2_grpc.EventServiceServicer):
    def __init__(self, events: AccountEvents):
        self.events = events
        self._streams: collections.Counter[str] = collections.Counter()
        """Open streams by account."""

    async def _player(self, context: grpc.aio.ServicerContext[Any, Any]) -> Player:
        credential = await self.events.matches.identity.resolve(bearer_token(context))
        if not isinstance(credential, Player):
            raise NotAuthenticated("event-sign-in-first")
        return credential

    async def StreamEvents(
        self, request: pb.StreamEventsRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> None:
        # A coroutine that writes, as WatchMatch is: a cancelled call stops it where it waits,
        # and its slot is given back at once.
        async with refusals(context):
            player = await self._player(context)
        most = self.events.settings.event_streams_per_account
        if self._streams[player.player_id] >= most:
            await abort_with(
                context,
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                Text("event-streams-most", {"most": most}),
                language_of(context.invocation_metadata()),
            )
        self._streams[player.player_id] += 1
        try:
            async with refusals(context):
                told = self.events.stream(player, request.after)
                async with contextlib.aclosing(told):
                    async for event in told:
                        await context.write(event_message(event))
        finally:
            self._streams[player.player_id] -= 1
            if not self._streams[player.player_id]:
                del self._streams[player.player_id]

    def stop(self) -> None:
        """Ends every stream cleanly (the server stops): clients resume with their cursor."""
        self.events.stopping.set()
