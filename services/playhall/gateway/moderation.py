"""ModerationService for Connect clients, forwarded call by call to an orchestrator
(`service.py`'s `Forwarder`): the portal's report buttons and its moderator page."""

from __future__ import annotations

import grpc

from playhall.gateway.service import Forwarder
from playhall.gateway.settings import Settings
from playhall.social.v1 import moderation_service_pb2 as mpb
from playhall.social.v1 import moderation_service_pb2_grpc


class ModerationGateway(Forwarder):
    """The Connect side of ModerationService."""

    def __init__(self, channel: grpc.aio.Channel, settings: Settings):
        super().__init__(moderation_service_pb2_grpc.ModerationServiceStub(channel), settings)

    async def report_message(
        self, request: mpb.ReportMessageRequest, ctx
    ) -> mpb.ReportMessageResponse:
        return await self._unary("ReportMessage", request, ctx)

    async def report_player(
        self, request: mpb.ReportPlayerRequest, ctx
    ) -> mpb.ReportPlayerResponse:
        return await self._unary("ReportPlayer", request, ctx)

    async def list_reports(self, request: mpb.ListReportsRequest, ctx) -> mpb.ListReportsResponse:
        return await self._unary("ListReports", request, ctx)

    async def resolve_report(
        self, request: mpb.ResolveReportRequest, ctx
    ) -> mpb.ResolveReportResponse:
        return await self._unary("ResolveReport", request, ctx)

    async def delete_message(
        self, request: mpb.DeleteMessageRequest, ctx
    ) -> mpb.DeleteMessageResponse:
        return await self._unary("DeleteMessage", request, ctx)

    async def mute_from_chat(
        self, request: mpb.MuteFromChatRequest, ctx
    ) -> mpb.MuteFromChatResponse:
        return await self._unary("MuteFromChat", request, ctx)

    async def end_matches(self, request: mpb.EndMatchesRequest, ctx) -> mpb.EndMatchesResponse:
        return await self._unary("EndMatches", request, ctx)

    async def list_actions(self, request: mpb.ListActionsRequest, ctx) -> mpb.ListActionsResponse:
        return await self._unary("ListActions", request, ctx)
