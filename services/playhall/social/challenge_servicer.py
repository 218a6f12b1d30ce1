"""ChallengeService in the orchestrator process: a thin adapter that checks the caller's player
token, reads each request into the challenges domain's terms (`challenges.py`), writes its
answers as messages, and maps its refusals with MatchService's table (`matches.servicer.
refusals`). Without the archive's database every call answers UNIMPLEMENTED saying so."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import grpc

from playhall.accounts.tokens import Player
from playhall.common.errors import InvalidRequest, NoArchive, NotAuthenticated
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matches.domain import SeatTaken
from playhall.matches.identity import Credential
from playhall.matches.servicer import bearer_token, refusals
from playhall.matchstore import wire
from playhall.matchstore.model import BotLevel
from playhall.social.challenge_store import Challenge, DeclineReason, Opponent, State, Terms
from playhall.social.challenges import Challenges, NewChallenge
from playhall.social.v1 import challenge_service_pb2 as pb
from playhall.social.v1 import challenge_service_pb2_grpc

Context = grpc.aio.ServicerContext[Any, Any]
LIST_LIMIT, LIST_MOST = 50, 100
"""A list's length when the request sets none, and at most."""
OPPONENTS = {opponent: getattr(pb, f"OPPONENT_{opponent.name}") for opponent in Opponent}
STATES = {state: getattr(pb, f"CHALLENGE_STATE_{state.name}") for state in State}
REASONS = {reason: getattr(pb, f"DECLINE_REASON_{reason.name}") for reason in DeclineReason}
REASON_OF = {number: reason for reason, number in REASONS.items()}


class ChallengeServicer(challenge_service_pb2_grpc.ChallengeServiceServicer):
    def __init__(
        self,
        challenges: Challenges | None,
        caller: Callable[[str | None], Awaitable[Credential]],
    ):
        """`caller`: who a bearer token names (`MatchPort.caller`)."""
        self.challenges = challenges
        self.caller = caller

    async def _reader(self, context: Context) -> Player | None:
        """The signed-in caller, None for nobody (a token that is not accepted is refused)."""
        credential = await self.caller(bearer_token(context))
        return credential if isinstance(credential, Player) else None

    async def _player(self, context: Context) -> Player:
        player = await self._reader(context)
        if player is None:
            raise NotAuthenticated("account-sign-in-first")
        return player

    def _domain(self) -> Challenges:
        if self.challenges is None:
            raise NoArchive("challenge-no-archive")
        return self.challenges

    async def CreateChallenge(
        self, request: pb.CreateChallengeRequest, context: Context
    ) -> pb.CreateChallengeResponse:
        async with refusals(context):
            player = await self._player(context)
            made = await self._domain().create(player, new_challenge(request))
            answer = pb.CreateChallengeResponse(challenge=challenge_message(made.challenge))
            if made.seat is not None:
                answer.match.CopyFrom(wire.summary(made.seat.match))
                answer.token.CopyFrom(seat_token(made.seat))
            return answer

    async def AcceptChallenge(
        self, request: pb.AcceptChallengeRequest, context: Context
    ) -> pb.AcceptChallengeResponse:
        async with refusals(context):
            player = await self._player(context)
            seat = await self._domain().accept(player, request.challenge_id)
            return pb.AcceptChallengeResponse(
                match=wire.summary(seat.match), token=seat_token(seat)
            )

    async def DeclineChallenge(
        self, request: pb.DeclineChallengeRequest, context: Context
    ) -> pb.DeclineChallengeResponse:
        async with refusals(context):
            player = await self._player(context)
            if request.reason not in REASON_OF:
                raise InvalidRequest("challenge-decline-reason-missing")
            declined = await self._domain().decline(
                player, request.challenge_id, REASON_OF[request.reason]
            )
            return pb.DeclineChallengeResponse(challenge=challenge_message(declined))

    async def WithdrawChallenge(
        self, request: pb.WithdrawChallengeRequest, context: Context
    ) -> pb.WithdrawChallengeResponse:
        async with refusals(context):
            player = await self._player(context)
            withdrawn = await self._domain().withdraw(player, request.challenge_id)
            return pb.WithdrawChallengeResponse(challenge=challenge_message(withdrawn))

    async def ListChallenges(
        self, request: pb.ListChallengesRequest, context: Context
    ) -> pb.ListChallengesResponse:
        async with refusals(context):
            player = await self._player(context)
            found = await self._domain().of_player(player, list_limit(request.limit))
            return pb.ListChallengesResponse(challenges=map(challenge_message, found))

    async def ListOpenChallenges(
        self, request: pb.ListOpenChallengesRequest, context: Context
    ) -> pb.ListOpenChallengesResponse:
        async with refusals(context):
            player = await self._reader(context)
            found = await self._domain().open_to_anyone(
                player, request.title_id, list_limit(request.limit)
            )
            return pb.ListOpenChallengesResponse(challenges=map(challenge_message, found))


def list_limit(asked: int) -> int:
    if not 0 <= asked <= LIST_MOST:
        raise InvalidRequest("challenge-list-limit", most=LIST_MOST)
    return asked or LIST_LIMIT


def new_challenge(request: pb.CreateChallengeRequest) -> NewChallenge:
    """The request in the domain's terms (the domain checks them)."""
    opponent = request.WhichOneof("opponent")
    if opponent is None:
        raise InvalidRequest("challenge-opponent-missing")
    return NewChallenge(
        terms=terms_of(request.terms),
        invited_id=request.player_id,
        bot=opponent == "bot",
        expires_in_s=request.expires_in_seconds,
        request_id=request.request_id,
    )


def terms_of(terms: pb.ChallengeTerms) -> Terms:
    bot_level = None
    if terms.bot_level:
        bot_level = wire.API[BotLevel].to_domain(terms.bot_level)
    return Terms(
        title_id=terms.title_id,
        seats=terms.seats or 2,
        options=dict(terms.options),
        clock=wire.clock_of(terms.clock),
        bot_level=bot_level,
        min_karma=terms.min_karma,
    )


def challenge_message(challenge: Challenge) -> pb.Challenge:
    terms = challenge.terms
    return pb.Challenge(
        challenge_id=challenge.challenge_id,
        challenger_id=challenge.challenger_id,
        challenger_name=challenge.challenger_name,
        invited_id=challenge.invited_id,
        invited_name=challenge.invited_name,
        opponent=OPPONENTS[challenge.opponent],
        terms=pb.ChallengeTerms(
            title_id=terms.title_id,
            seats=terms.seats,
            options=terms.options,
            clock=wire.clock_message(terms.clock),
            bot_level=wire.API[BotLevel].to_proto(terms.bot_level) if terms.bot_level else None,
            min_karma=terms.min_karma,
        ),
        state=STATES[challenge.state],
        decline_reason=REASONS[challenge.decline_reason] if challenge.decline_reason else None,
        accepted_by=challenge.accepted_by,
        accepted_name=challenge.accepted_name,
        created_unix_ms=int(challenge.created_at.timestamp() * 1000),
        expires_unix_ms=int(challenge.expires_at.timestamp() * 1000),
        challenger_bot=challenge.challenger_bot,
        invited_bot=challenge.invited_bot,
    )


def seat_token(seat: SeatTaken) -> mpb.SeatToken:
    return wire.seat_token(seat.seat, seat.token)
