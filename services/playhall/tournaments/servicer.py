"""TournamentService: a thin adapter that resolves the caller's credential, calls the
tournament domain, and maps its refusals to status codes with MatchService's own table
(`servicer.refusals`)."""

from __future__ import annotations

import contextlib
from typing import Any

import grpc

from playhall.matches.servicer import bearer_token, refusals
from playhall.tournament.v1 import tournament_service_pb2 as pb
from playhall.tournament.v1 import tournament_service_pb2_grpc
from playhall.tournaments.api import TournamentApi
from playhall.tournaments.domain import Tournaments


class TournamentServicer(tournament_service_pb2_grpc.TournamentServiceServicer):
    def __init__(self, tournaments: Tournaments):
        self.tournaments = tournaments
        self.api = TournamentApi(tournaments)

    async def CreateTournament(
        self, request: pb.CreateTournamentRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.CreateTournamentResponse:
        async with refusals(context):
            credential = await self.tournaments.matches.caller(bearer_token(context))
            return await self.api.create(request, credential)

    async def JoinTournament(
        self, request: pb.JoinTournamentRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.JoinTournamentResponse:
        async with refusals(context):
            credential = await self.tournaments.matches.caller(bearer_token(context))
            return await self.api.join(request, credential)

    async def GetTournament(
        self, request: pb.GetTournamentRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.GetTournamentResponse:
        async with refusals(context):
            return await self.api.get(request)

    async def ListTournaments(
        self, request: pb.ListTournamentsRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb.ListTournamentsResponse:
        async with refusals(context):
            return await self.api.list(request)

    async def WatchStandings(
        self, request: pb.WatchStandingsRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> None:
        async with refusals(context):
            updates = self.api.watch(request)
            async with contextlib.aclosing(updates):
                async for update in updates:
                    await context.write(update)
