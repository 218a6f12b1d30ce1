"""FriendsService in the orchestrator process: a thin adapter that checks the caller's player
token, calls `relations.friends.Friends` and maps its refusals with MatchService's table
(`matches.servicer.refusals`). Without the archive's database every call answers UNIMPLEMENTED
saying so."""

from __future__ import annotations

from typing import Any

import grpc

from playhall.accounts.tokens import Player
from playhall.common.errors import InvalidRequest, NoArchive, NotAuthenticated
from playhall.matches.port import MatchPort
from playhall.matches.servicer import bearer_token, refusals
from playhall.relations.friends import Friends, Listed, Lister
from playhall.social.v1 import friends_service_pb2 as pb
from playhall.social.v1 import friends_service_pb2_grpc

PAGE_SIZE = 50
"""A page's size when the request sets none (`graph.PAGE_MAX` at most)."""
Context = grpc.aio.ServicerContext[Any, Any]


class FriendsServicer(friends_service_pb2_grpc.FriendsServiceServicer):
    def __init__(self, matches: MatchPort, friends: Friends | None):
        self.matches = matches
        self.friends = friends

    async def _caller(self, context: Context) -> tuple[Player, Friends]:
        """The signed-in caller and the domain (refused without either)."""
        player = await self.matches.caller(bearer_token(context))
        if not isinstance(player, Player):
            raise NotAuthenticated("account-sign-in-first")
        if self.friends is None:
            raise NoArchive("friend-no-archive")
        return player, self.friends

    async def Follow(self, request: pb.FollowRequest, context: Context) -> pb.FollowResponse:
        async with refusals(context):
            player, friends = await self._caller(context)
            return pb.FollowResponse(friends=await friends.follow(player, request.player_id))

    async def Unfollow(self, request: pb.UnfollowRequest, context: Context) -> pb.UnfollowResponse:
        async with refusals(context):
            player, friends = await self._caller(context)
            await friends.unfollow(player, request.player_id)
            return pb.UnfollowResponse()

    async def Block(self, request: pb.BlockRequest, context: Context) -> pb.BlockResponse:
        async with refusals(context):
            player, friends = await self._caller(context)
            await friends.block(player, request.player_id)
            return pb.BlockResponse()

    async def Unblock(self, request: pb.UnblockRequest, context: Context) -> pb.UnblockResponse:
        async with refusals(context):
            player, friends = await self._caller(context)
            await friends.unblock(player, request.player_id)
            return pb.UnblockResponse()

    async def ListFriends(
        self, request: pb.ListFriendsRequest, context: Context
    ) -> pb.ListFriendsResponse:
        async with refusals(context):
            player, friends = await self._caller(context)
            listing = _circle(friends, request.circle)
            listed = await friends.listed(
                player, listing, request.page_size or PAGE_SIZE, request.page_token
            )
            return pb.ListFriendsResponse(people=_people(listed), next_page_token=listed.next_after)

    async def ListBlocked(
        self, request: pb.ListBlockedRequest, context: Context
    ) -> pb.ListBlockedResponse:
        async with refusals(context):
            player, friends = await self._caller(context)
            listed = await friends.blocked(
                player, request.page_size or PAGE_SIZE, request.page_token
            )
            return pb.ListBlockedResponse(people=_people(listed), next_page_token=listed.next_after)

    async def Heartbeat(
        self, request: pb.HeartbeatRequest, context: Context
    ) -> pb.HeartbeatResponse:
        async with refusals(context):
            player, friends = await self._caller(context)
            return pb.HeartbeatResponse(online_for_ms=await friends.heartbeat(player))

    async def GetRelation(
        self, request: pb.GetRelationRequest, context: Context
    ) -> pb.GetRelationResponse:
        async with refusals(context):
            player, friends = await self._caller(context)
            relation, online = await friends.relation(player, request.player_id)
            return pb.GetRelationResponse(
                following=relation.following,
                followed_by=relation.followed_by,
                blocking=relation.blocking,
                blocked_by=relation.blocked_by,
                online=online,
            )


def _circle(friends: Friends, circle: pb.Circle) -> Lister:
    """The list a request's circle names (unset: the friends)."""
    relations = friends.relations
    listing = {
        pb.CIRCLE_UNSPECIFIED: relations.friends,
        pb.CIRCLE_FRIENDS: relations.friends,
        pb.CIRCLE_FOLLOWING: relations.following,
        pb.CIRCLE_FOLLOWERS: relations.followers,
    }.get(circle)
    if listing is None:
        raise InvalidRequest("friend-circle-unknown", circle=circle)
    return listing


def _people(listed: Listed) -> list[pb.Person]:
    return [
        pb.Person(
            player_id=person.player_id,
            display_name=person.display_name,
            online=online,
            bot=person.bot,
        )
        for person, online in listed.people
    ]
