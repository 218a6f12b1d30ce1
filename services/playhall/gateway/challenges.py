"""ChallengeService for Connect clients, forwarded call by call to an orchestrator (`service.py`'s
`Forwarder`): the portal's challenges made and received, its answers, and the lobby's open
challenges."""

from __future__ import annotations

import grpc

from playhall.gateway.service import Forwarder
from playhall.gateway.settings import Settings
from playhall.social.v1 import challenge_service_pb2 as cpb
from playhall.social.v1 import challenge_service_pb2_grpc


class ChallengeGateway(Forwarder):
    """The Connect side of ChallengeService."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings):
        super().__init__(challenge_service_pb2_grpc.ChallengeServiceStub(channel), settings)

    async def create_challenge(
        self, request: cpb.CreateChallengeRequest, ctx
    ) -> cpb.CreateChallengeResponse:
        return await self._unary("CreateChallenge", request, ctx)

    async def accept_challenge(
        self, request: cpb.AcceptChallengeRequest, ctx
    ) -> cpb.AcceptChallengeResponse:
        return await self._unary("AcceptChallenge", request, ctx)

    async def decline_challenge(
        self, request: cpb.DeclineChallengeRequest, ctx
    ) -> cpb.DeclineChallengeResponse:
        return await self._unary("DeclineChallenge", request, ctx)

    async def withdraw_challenge(
        self, request: cpb.WithdrawChallengeRequest, ctx
    ) -> cpb.WithdrawChallengeResponse:
        return await self._unary("WithdrawChallenge", request, ctx)

    async def list_challenges(
        self, request: cpb.ListChallengesRequest, ctx
    ) -> cpb.ListChallengesResponse:
        return await self._unary("ListChallenges", request, ctx)

    async def list_open_challenges(
        self, request: cpb.ListOpenChallengesRequest, ctx
    ) -> cpb.ListOpenChallengesResponse:
        return await self._unary("ListOpenChallenges", request, ctx)
