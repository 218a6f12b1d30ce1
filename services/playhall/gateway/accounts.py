"""AccountService for Connect clients, forwarded call by call to an orchestrator (`service.py`'s
`Forwarder`): the portal's personal access tokens and bot upgrade, the bots online, and the
published rate limits."""

from __future__ import annotations

import grpc

from playhall.api.v1 import account_service_pb2 as apb
from playhall.api.v1 import account_service_pb2_grpc
from playhall.gateway.service import Forwarder
from playhall.gateway.settings import Settings


class AccountGateway(Forwarder):
    """The Connect side of AccountService."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings):
        super().__init__(account_service_pb2_grpc.AccountServiceStub(channel), settings)

    async def create_access_token(
        self, request: apb.CreateAccessTokenRequest, ctx
    ) -> apb.CreateAccessTokenResponse:
        return await self._unary("CreateAccessToken", request, ctx)

    async def list_access_tokens(
        self, request: apb.ListAccessTokensRequest, ctx
    ) -> apb.ListAccessTokensResponse:
        return await self._unary("ListAccessTokens", request, ctx)

    async def revoke_access_token(
        self, request: apb.RevokeAccessTokenRequest, ctx
    ) -> apb.RevokeAccessTokenResponse:
        return await self._unary("RevokeAccessToken", request, ctx)

    async def upgrade_to_bot(
        self, request: apb.UpgradeToBotRequest, ctx
    ) -> apb.UpgradeToBotResponse:
        return await self._unary("UpgradeToBot", request, ctx)

    async def list_online_bots(
        self, request: apb.ListOnlineBotsRequest, ctx
    ) -> apb.ListOnlineBotsResponse:
        return await self._unary("ListOnlineBots", request, ctx)

    async def get_limits(self, request: apb.GetLimitsRequest, ctx) -> apb.GetLimitsResponse:
        return await self._unary("GetLimits", request, ctx)
