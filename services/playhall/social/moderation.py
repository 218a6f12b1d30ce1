"""Moderation: players report a chat message or a player; moderators (a player token carrying
the operator's moderator role, `accounts.tokens`) read the queue of open reports with the
messages around a reported one, delete a message, mute a player from all chat for a time, end
a player's unfinished matches as abandoned, and resolve reports.

- A report of a message names one the reporter could read (what a seat typed in a running
  match's players' room is no spectator's to report, nor to learn of by trying ids); nobody
  reports themselves. A reporter's open report of the same target collapses reports made
  again (`relations.moderation.Reports`).
- Every action is recorded (`ModerationLog`: moderator, action, player, match or message,
  report, reason, time) in one PostgreSQL transaction with what it changes there (the chat ban,
  the report resolved). What it changes in Redis (a message marked deleted, the player's seats
  left) is done inside that transaction before it commits, so a refusal found on the way (the
  message gone, no match to end) writes nothing; only a database failing at the very commit
  could leave a change without its record.
- The player an action touched is told with the reason: a MODERATION notice filed in the
  outbox after the record commits (`matchstore.notices`, told from its facts).

Refusals are typed (`common.errors`); nothing here speaks gRPC."""

from __future__ import annotations

import contextlib
import datetime
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from playhall.accounts.tokens import Player
from playhall.archive.archive import reaching_archive
from playhall.common.errors import (
    InvalidRequest,
    NoSuchMatch,
    NoSuchMessage,
    NoSuchReport,
    NotAuthenticated,
    NotModerator,
    NotNow,
)
from playhall.matches.chat import Chat, checked_text, readable_rooms
from playhall.matches.port import MatchPort
from playhall.matchstore.chat import ChatLine
from playhall.matchstore.notices import NoticeKey, NoticeKind, NoticeOutbox
from playhall.matchstore.store import now_ms
from playhall.relations.graph import Relations
from playhall.relations.moderation import (
    Action,
    ActionKind,
    ChatBans,
    ModerationLog,
    NewAction,
    NewReport,
    Report,
    ReportReason,
    Reports,
)
from playhall.social.metrics import MODERATION_ACTIONS, REPORTS_FILED

MAX_NOTE = 500
"""The longest reason, resolution or report comment, in characters once trimmed."""
CONTEXT_AROUND = 3
"""Messages shown before and after a reported one."""
MAX_MUTE_MINUTES = 525_600
"""The longest mute from chat: a year."""
DEFAULT_PAGE, MAX_PAGE = 20, 100

log = logging.getLogger(__name__)


def checked_note(text: str, what: str, required: bool = True) -> str:
    """A reason, resolution or comment to record (trimmed): one line of plain text of at most
    `MAX_NOTE` characters; refused when `required` and empty."""
    trimmed = text.strip()
    if not trimmed:
        if required:
            raise InvalidRequest("moderation-note-missing", what=what)
        return ""
    if len(trimmed) > MAX_NOTE:
        raise InvalidRequest(
            "moderation-note-too-long", what=what, most=MAX_NOTE, length=len(trimmed)
        )
    return checked_text(trimmed, MAX_NOTE)  # one line, no control or direction characters


def page_limit(limit: int) -> int:
    if not 0 <= limit <= MAX_PAGE:
        raise InvalidRequest("moderation-limit-range", most=MAX_PAGE, default=DEFAULT_PAGE)
    return limit or DEFAULT_PAGE


@dataclass(frozen=True)
class QueuedReport:
    """An open report with its context: for a message, the messages around it."""

    report: Report
    context: list[ChatLine]


class Moderation:
    """Reports and moderators' actions over the match port, the chat domain and the archive's
    PostgreSQL."""

    def __init__(
        self, matches: MatchPort, chat: Chat, pool: AsyncConnectionPool, outbox: NoticeOutbox
    ):
        self.matches = matches
        self.chat = chat
        self.pool = pool
        self.outbox = outbox
        self.reports = Reports(pool)
        self.log = ModerationLog(pool)
        self.relations = Relations(pool)

    # -- callers -------------------------------------------------------------------------------

    async def player(self, token: str | None) -> Player:
        """The signed-in player a bearer token names; refused for anything else."""
        credential = await self.matches.caller(token)
        if not isinstance(credential, Player):
            raise NotAuthenticated("account-sign-in-player")
        return credential

    async def moderator(self, token: str | None) -> Player:
        """The signed-in moderator a bearer token names; `NotModerator` for another player."""
        player = await self.player(token)
        if not player.moderator:
            raise NotModerator()
        return player

    # -- reports -------------------------------------------------------------------------------

    async def report_message(
        self, reporter: Player, match_id: str, message_id: int, reason: ReportReason, comment: str
    ) -> tuple[int, bool]:
        """Files the player's report of a message they could read; (report id, new)."""
        comment = checked_note(comment, "comment", required=False)
        match = await self.matches.load(match_id)
        line = await self._message(match.match_id, message_id)
        if line.room not in readable_rooms(match, reporter):
            raise NoSuchMessage(match_id, message_id)
        _not_self(reporter.player_id, line.player_id, "report")
        report = NewReport(
            reporter.player_id, line.player_id, reason, comment, match.match_id, message_id
        )
        return await self._file(reporter, report)

    async def report_player(
        self, reporter: Player, player_id: str, reason: ReportReason, comment: str
    ) -> tuple[int, bool]:
        """Files the player's report of another player; (report id, new)."""
        comment = checked_note(comment, "comment", required=False)
        _not_self(reporter.player_id, player_id, "report")
        with reaching_archive():
            await self.relations.require_player(player_id)
        return await self._file(reporter, NewReport(reporter.player_id, player_id, reason, comment))

    async def _file(self, reporter: Player, report: NewReport) -> tuple[int, bool]:
        with reaching_archive():
            await self.relations.make_known(reporter)  # named in the moderators' queue
        report_id, new = await self.reports.file(report)
        if new:
            target = "message" if report.message_id else "player"
            REPORTS_FILED.labels(report.reason.value, target).inc()
        return report_id, new

    async def queue(self, after_id: int, limit: int) -> tuple[list[QueuedReport], bool]:
        """Up to `limit` open reports after `after_id`, oldest first, with their context; and
        whether more follow."""
        if after_id < 0:
            raise InvalidRequest("report-after-negative")
        size = page_limit(limit)
        found = await self.reports.open(size + 1, after_id)
        queued = [QueuedReport(report, await self._context(report)) for report in found[:size]]
        return queued, len(found) > size

    async def _context(self, report: Report) -> list[ChatLine]:
        if not report.message_id:
            return []
        try:
            return await self.chat.around(report.match_id, report.message_id, CONTEXT_AROUND)
        except NoSuchMatch:  # its match was never archived (a deployment's archive reset)
            return []

    # -- moderators' actions -------------------------------------------------------------------

    async def resolve(self, moderator: Player, report_id: int, resolution: str) -> Action:
        """Resolves an open report with what was decided."""
        resolution = checked_note(resolution, "resolution")
        report = await self._report(report_id)
        async with self._recording() as connection:
            await self._resolve(connection, report_id, moderator, resolution)
            recorded = await ModerationLog.record(
                connection,
                NewAction(
                    moderator.player_id,
                    ActionKind.RESOLVE_REPORT,
                    report.target_player_id,
                    resolution,
                    report.match_id,
                    report.message_id,
                    report_id,
                ),
            )
        return (await self._recorded([recorded]))[0]

    async def delete_message(
        self, moderator: Player, match_id: str, message_id: int, reason: str, report_id: int
    ) -> Action:
        """Deletes a chat message (its readers see that a moderator did); its author is told."""
        reason = checked_note(reason, "reason")
        match = await self.matches.load(match_id)
        line = await self._message(match.match_id, message_id)
        if line.deleted:
            raise NotNow("moderation-message-deleted-already", message=message_id)
        async with self._recording() as connection:
            await self._resolve(connection, report_id, moderator, reason)
            recorded = await ModerationLog.record(
                connection,
                NewAction(
                    moderator.player_id,
                    ActionKind.DELETE_MESSAGE,
                    line.player_id,
                    reason,
                    match.match_id,
                    message_id,
                    report_id or None,
                ),
            )
            if not await self.chat.delete(match.match_id, message_id):
                raise NoSuchMessage(match_id, message_id)  # dropped by the chat's cap meanwhile
        action = (await self._recorded([recorded]))[0]
        await self._tell(action, {"reason": reason})
        return action

    async def mute_from_chat(
        self, moderator: Player, player_id: str, minutes: int, reason: str, report_id: int
    ) -> Action:
        """Keeps the player from writing in any chat for `minutes`; they are told until when."""
        reason = checked_note(reason, "reason")
        if not 1 <= minutes <= MAX_MUTE_MINUTES:
            raise InvalidRequest("moderation-mute-range", most=MAX_MUTE_MINUTES, given=minutes)
        _not_self(moderator.player_id, player_id, "mute")
        with reaching_archive():
            await self.relations.require_player(player_id)
        until = datetime.datetime.now(datetime.UTC) + datetime.timedelta(minutes=minutes)
        async with self._recording() as connection:
            await self._resolve(connection, report_id, moderator, reason)
            await ChatBans.ban(connection, player_id, until, reason, moderator.player_id)
            recorded = await ModerationLog.record(
                connection,
                NewAction(
                    moderator.player_id,
                    ActionKind.MUTE_FROM_CHAT,
                    player_id,
                    reason,
                    report_id=report_id or None,
                    until=until,
                ),
            )
        action = (await self._recorded([recorded]))[0]
        until_ms = int(until.timestamp() * 1000)
        await self._tell(action, {"reason": reason, "until_ms": str(until_ms)})
        return action

    async def end_matches(
        self, moderator: Player, player_id: str, reason: str, report_id: int
    ) -> list[Action]:
        """Ends the player's part in each of their unfinished matches as abandoned (one
        record per match); they are told once, with how many."""
        reason = checked_note(reason, "reason")
        _not_self(moderator.player_id, player_id, "end-matches")
        with reaching_archive():
            await self.relations.require_player(player_id)
        async with self._recording() as connection:
            await self._resolve(connection, report_id, moderator, reason)
            ended = await self.matches.abandon_players_matches(player_id)
            if not ended:
                raise NotNow("moderation-no-match-to-end")
            recorded = [
                await ModerationLog.record(
                    connection,
                    NewAction(
                        moderator.player_id,
                        ActionKind.END_MATCH,
                        player_id,
                        reason,
                        match_id,
                        report_id=report_id or None,
                    ),
                )
                for match_id in ended
            ]
        actions = await self._recorded(recorded)
        await self._tell(actions[0], {"reason": reason, "matches": str(len(actions))}, "")
        return actions

    async def actions(
        self, player_id: str, before_id: int, limit: int
    ) -> tuple[list[Action], bool]:
        """Recorded actions before `before_id` (0: the newest), newest first, on `player_id`
        only when given; and whether more follow."""
        if before_id < 0:
            raise InvalidRequest("moderation-before-negative")
        size = page_limit(limit)
        found = await self.log.actions(size + 1, before_id, player_id)
        return found[:size], len(found) > size

    # -- the parts -----------------------------------------------------------------------------

    async def _message(self, match_id: str, message_id: int) -> ChatLine:
        """The message as written (a deleted one with its text); `NoSuchMessage` without it."""
        if message_id <= 0:
            raise NoSuchMessage(match_id, message_id)
        found = await self.chat.around(match_id, message_id, 0)
        line = next((line for line in found if line.message_id == message_id), None)
        if line is None:
            raise NoSuchMessage(match_id, message_id)
        return line

    async def _report(self, report_id: int) -> Report:
        report = await self.reports.get(report_id)
        if report is None:
            raise NoSuchReport(report_id)
        return report

    async def _resolve(
        self,
        connection: psycopg.AsyncConnection[Any],
        report_id: int,
        moderator: Player,
        resolution: str,
    ) -> None:
        """Resolves the report an action answers (none: 0), in the action's transaction;
        refused when it is not an open report."""
        if not report_id:
            return
        if not await Reports.resolve(connection, report_id, moderator.player_id, resolution):
            await self._report(report_id)  # NoSuchReport
            raise NotNow("report-resolved-already", report=report_id)

    async def _recorded(self, action_ids: list[int]) -> list[Action]:
        """The committed actions of `action_ids`, each counted and logged for the operator
        (who, what, on whom; never a message's text)."""
        actions = await self.log.find(action_ids)
        for action in actions:
            MODERATION_ACTIONS.labels(action.kind.value).inc()
            log.info(
                "moderation action",
                extra={
                    "action_id": action.action_id,
                    "action": action.kind.value,
                    "moderator_id": action.moderator_id,
                    "player_id": action.target_player_id,
                    "match_id": action.match_id,
                },
            )
        return actions

    @contextlib.asynccontextmanager
    async def _recording(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """One transaction of an action and its record: a refusal inside rolls it back."""
        with reaching_archive():
            async with self.pool.connection() as connection, connection.transaction():
                yield connection

    async def _tell(
        self, action: Action, facts: dict[str, str], match_id: str | None = None
    ) -> None:
        """Files the MODERATION notice of `action` for the player it touched."""
        key = NoticeKey(
            NoticeKind.MODERATION,
            action.target_player_id,
            action.match_id if match_id is None else match_id,
            action.action_id,
            action.kind.value,
        )
        await self.outbox.file(key, now_ms(), facts)


def _not_self(player_id: str, other: str, action: str) -> None:
    """Refuses a moderator's or reporter's `action` (report, mute, end-matches) on themselves."""
    if player_id == other:
        raise InvalidRequest("moderation-self", action=action)
