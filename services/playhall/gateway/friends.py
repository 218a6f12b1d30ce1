"""FriendsService for Connect clients, forwarded call by call to an orchestrator (`service.py`'s
`Forwarder`): the portal's follows, blocks, friends list with presence, and its heartbeat."""

from __future__ import annotations

import grpc

from playhall.gateway.service import Forwarder
from playhall.gateway.settings import Settings
from playhall.social.v1 import friends_service_pb2 as fpb
from playhall.social.v1 import friends_service_pb2_grpc


class FriendsGateway(Forwarder):
    """The Connect side of FriendsService."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings):
        super().__init__(friends_service_pb2_grpc.FriendsServiceStub(channel), settings)

    async def follow(self, request: fpb.FollowRequest, ctx) -> fpb.FollowResponse:
        return await self._unary("Follow", request, ctx)

    async def unfollow(self, request: fpb.UnfollowRequest, ctx) -> fpb.UnfollowResponse:
        return await self._unary("Unfollow", request, ctx)

    async def block(self, request: fpb.BlockRequest, ctx) -> fpb.BlockResponse:
        return await self._unary("Block", request, ctx)

    async def unblock(self, request: fpb.UnblockRequest, ctx) -> fpb.UnblockResponse:
        return await self._unary("Unblock", request, ctx)

    async def list_friends(self, request: fpb.ListFriendsRequest, ctx) -> fpb.ListFriendsResponse:
        return await self._unary("ListFriends", request, ctx)

    async def list_blocked(self, request: fpb.ListBlockedRequest, ctx) -> fpb.ListBlockedResponse:
        return await self._unary("ListBlocked", request, ctx)

    async def heartbeat(self, request: fpb.HeartbeatRequest, ctx) -> fpb.HeartbeatResponse:
        return await self._unary("Heartbeat", request, ctx)

    async def get_relation(self, request: fpb.GetRelationRequest, ctx) -> fpb.GetRelationResponse:
        return await self._unary("GetRelation", request, ctx)
