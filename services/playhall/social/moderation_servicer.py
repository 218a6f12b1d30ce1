"""ModerationService: a thin adapter that reads the caller's player token (a moderator's for
the moderators' calls), decodes the request into the moderation domain's terms
(`social.moderation`), calls it, and maps its refusals to status codes with MatchService's own
table (`matches.servicer.refusals`). Without an archive every call answers UNIMPLEMENTED."""

from __future__ import annotations

import datetime
from typing import Any

import grpc

from playhall.common.errors import InvalidRequest, NoArchive
from playhall.matches.servicer import bearer_token, refusals
from playhall.relations.moderation import Action, ActionKind, Report, ReportReason
from playhall.social.chat_servicer import wire_message
from playhall.social.moderation import Moderation, QueuedReport
from playhall.social.v1 import moderation_service_pb2 as pb
from playhall.social.v1 import moderation_service_pb2_grpc

REASONS: dict[int, ReportReason] = {
    pb.REPORT_REASON_ABUSE: ReportReason.ABUSE,
    pb.REPORT_REASON_SPAM: ReportReason.SPAM,
    pb.REPORT_REASON_CHEATING: ReportReason.CHEATING,
    pb.REPORT_REASON_UNSPORTSMANLIKE: ReportReason.UNSPORTSMANLIKE,
    pb.REPORT_REASON_OTHER: ReportReason.OTHER,
}
WIRE_REASONS: dict[ReportReason, Any] = {reason: wire for wire, reason in REASONS.items()}
WIRE_KINDS: dict[ActionKind, Any] = {
    ActionKind.RESOLVE_REPORT: pb.MODERATION_ACTION_KIND_RESOLVE_REPORT,
    ActionKind.DELETE_MESSAGE: pb.MODERATION_ACTION_KIND_DELETE_MESSAGE,
    ActionKind.MUTE_FROM_CHAT: pb.MODERATION_ACTION_KIND_MUTE_FROM_CHAT,
    ActionKind.END_MATCH: pb.MODERATION_ACTION_KIND_END_MATCH,
}


def reason_of(wire: int) -> ReportReason:
    if wire not in REASONS:
        named = ", ".join(reason.value for reason in ReportReason)
        raise InvalidRequest("report-reason-missing", named=named)
    return REASONS[wire]


def _unix_ms(at: datetime.datetime | None) -> int:
    return 0 if at is None else int(at.timestamp() * 1000)


def wire_report(queued: QueuedReport) -> pb.Report:
    report: Report = queued.report
    return pb.Report(
        report_id=report.report_id,
        reporter_id=report.reporter_id,
        reporter_name=report.reporter_name,
        player_id=report.target_player_id,
        player_name=report.target_name,
        match_id=report.match_id,
        message_id=report.message_id,
        reason=WIRE_REASONS[report.reason],
        comment=report.comment,
        created_unix_ms=_unix_ms(report.created_at),
        resolved_unix_ms=_unix_ms(report.resolved_at),
        resolved_by=report.resolved_by,
        resolution=report.resolution,
        context=[wire_message(line) for line in queued.context],
    )


def wire_action(action: Action) -> pb.ModerationAction:
    return pb.ModerationAction(
        action_id=action.action_id,
        moderator_id=action.moderator_id,
        moderator_name=action.moderator_name,
        kind=WIRE_KINDS[action.kind],
        player_id=action.target_player_id,
        player_name=action.target_name,
        match_id=action.match_id,
        message_id=action.message_id,
        report_id=action.report_id or 0,
        reason=action.reason,
        until_unix_ms=_unix_ms(action.until),
        created_unix_ms=_unix_ms(action.created_at),
    )


Context = grpc.aio.ServicerContext[Any, Any]


class ModerationServicer(moderation_service_pb2_grpc.ModerationServiceServicer):
    def __init__(self, moderation: Moderation | None):
        self._moderation = moderation

    @property
    def moderation(self) -> Moderation:
        if self._moderation is None:
            raise NoArchive("moderation-no-archive")
        return self._moderation

    async def ReportMessage(
        self, request: pb.ReportMessageRequest, context: Context
    ) -> pb.ReportMessageResponse:
        async with refusals(context, request):
            reporter = await self.moderation.player(bearer_token(context))
            report_id, new = await self.moderation.report_message(
                reporter,
                request.match_id,
                request.message_id,
                reason_of(request.reason),
                request.comment,
            )
            return pb.ReportMessageResponse(report_id=report_id, already_reported=not new)

    async def ReportPlayer(
        self, request: pb.ReportPlayerRequest, context: Context
    ) -> pb.ReportPlayerResponse:
        async with refusals(context):
            reporter = await self.moderation.player(bearer_token(context))
            report_id, new = await self.moderation.report_player(
                reporter, request.player_id, reason_of(request.reason), request.comment
            )
            return pb.ReportPlayerResponse(report_id=report_id, already_reported=not new)

    async def ListReports(
        self, request: pb.ListReportsRequest, context: Context
    ) -> pb.ListReportsResponse:
        async with refusals(context):
            await self.moderation.moderator(bearer_token(context))
            queued, more = await self.moderation.queue(request.after_report_id, request.limit)
            return pb.ListReportsResponse(
                reports=[wire_report(report) for report in queued],
                next_after_report_id=queued[-1].report.report_id if more else 0,
            )

    async def ResolveReport(
        self, request: pb.ResolveReportRequest, context: Context
    ) -> pb.ResolveReportResponse:
        async with refusals(context):
            moderator = await self.moderation.moderator(bearer_token(context))
            action = await self.moderation.resolve(moderator, request.report_id, request.resolution)
            return pb.ResolveReportResponse(action=wire_action(action))

    async def DeleteMessage(
        self, request: pb.DeleteMessageRequest, context: Context
    ) -> pb.DeleteMessageResponse:
        async with refusals(context, request):
            moderator = await self.moderation.moderator(bearer_token(context))
            action = await self.moderation.delete_message(
                moderator, request.match_id, request.message_id, request.reason, request.report_id
            )
            return pb.DeleteMessageResponse(action=wire_action(action))

    async def MuteFromChat(
        self, request: pb.MuteFromChatRequest, context: Context
    ) -> pb.MuteFromChatResponse:
        async with refusals(context):
            moderator = await self.moderation.moderator(bearer_token(context))
            action = await self.moderation.mute_from_chat(
                moderator, request.player_id, request.minutes, request.reason, request.report_id
            )
            return pb.MuteFromChatResponse(action=wire_action(action))

    async def EndMatches(
        self, request: pb.EndMatchesRequest, context: Context
    ) -> pb.EndMatchesResponse:
        async with refusals(context):
            moderator = await self.moderation.moderator(bearer_token(context))
            actions = await self.moderation.end_matches(
                moderator, request.player_id, request.reason, request.report_id
            )
            return pb.EndMatchesResponse(actions=[wire_action(action) for action in actions])

    async def ListActions(
        self, request: pb.ListActionsRequest, context: Context
    ) -> pb.ListActionsResponse:
        async with refusals(context):
            await self.moderation.moderator(bearer_token(context))
            actions, more = await self.moderation.actions(
                request.player_id, request.before_action_id, request.limit
            )
            return pb.ListActionsResponse(
                actions=[wire_action(action) for action in actions],
                next_before_action_id=actions[-1].action_id if more else 0,
            )
