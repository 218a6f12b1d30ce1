"""Moderation's records in PostgreSQL: moderators' chat bans (a player muted from all chat until
a time), players' reports of a message or a player, and the record of every moderator's action.

Nothing here decides who may do what: the moderation domain (`social.moderation`) checks the
moderator's role and the targets, then writes here; the chat checks `ChatBans` before it takes
a message."""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from playhall.archive.archive import reaching_archive
from playhall.common.errors import ChatBanned


class ChatBans:
    """Players muted from all chat by a moderator, each until a time."""

    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def until(self, player_id: str) -> datetime.datetime | None:
        """When the player's chat ban ends; None when they are not muted now."""
        with reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(
                    "SELECT until FROM chat_bans WHERE player_id = %s AND until > now()",
                    (player_id,),
                )
                row = await found.fetchone()
        return None if row is None else row[0]

    async def require_can_chat(self, player_id: str) -> None:
        """Refuses (`ChatBanned`, naming when the ban ends) a player muted from chat."""
        until = await self.until(player_id)
        if until is not None:
            raise ChatBanned(until)

    @staticmethod
    async def ban(
        connection: psycopg.AsyncConnection[Any],
        player_id: str,
        until: datetime.datetime,
        reason: str,
        moderator_id: str,
    ) -> None:
        """Mutes the player until `until` in the caller's transaction (the latest ban wins, so
        a moderator can shorten or lift one by banning until now)."""
        await connection.execute(
            """
            INSERT INTO chat_bans (player_id, until, reason, moderator_id)
            VALUES (%s, %s, %s, %s)
            ON CONFLICT (player_id) DO UPDATE SET until = EXCLUDED.until,
                reason = EXCLUDED.reason, moderator_id = EXCLUDED.moderator_id,
                created_at = now()
            """,
            (player_id, until, reason, moderator_id),
        )


class ReportReason(enum.StrEnum):
    """Why a player reports a message or a player (a fixed list)."""

    ABUSE = "abuse"
    SPAM = "spam"
    CHEATING = "cheating"
    UNSPORTSMANLIKE = "unsportsmanlike"
    """Unsportsmanlike play, abandoning matches included."""
    OTHER = "other"


@dataclass(frozen=True)
class NewReport:
    """A player's report: of a chat message (`match_id` and `message_id` set, the target its
    author) or of a player."""

    reporter_id: str
    target_player_id: str
    reason: ReportReason
    comment: str = ""
    match_id: str = ""
    message_id: int = 0


@dataclass(frozen=True)
class Report:
    """A report as filed, with the names its players showed last and how it was resolved."""

    report_id: int
    reporter_id: str
    reporter_name: str
    target_player_id: str
    target_name: str
    match_id: str
    message_id: int
    reason: ReportReason
    comment: str
    created_at: datetime.datetime
    resolved_at: datetime.datetime | None
    resolved_by: str
    resolution: str


REPORTS = """
    SELECT r.id, r.reporter_id, coalesce(a.display_name, ''), r.target_player_id,
        coalesce(t.display_name, ''), r.match_id, r.message_id, r.reason, r.comment,
        r.created_at, r.resolved_at, coalesce(r.resolved_by, ''), coalesce(r.resolution, '')
    FROM reports r
    LEFT JOIN players a ON a.id = r.reporter_id
    LEFT JOIN players t ON t.id = r.target_player_id
"""


def _report(row: tuple[Any, ...]) -> Report:
    report_id, reporter, reporter_name, target, target_name, match_id, message_id, reason = row[:8]
    return Report(
        report_id,
        reporter,
        reporter_name,
        target,
        target_name,
        match_id,
        message_id,
        ReportReason(reason),
        *row[8:],
    )


class Reports:
    """Players' reports, open until a moderator resolves them."""

    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def file(self, report: NewReport) -> tuple[int, bool]:
        """Files the report; returns its id and whether it is new. A reporter's open report of
        the same target (the same message, or the same player) is the one returned: reports
        made again collapse into it (its first reason and comment stand)."""
        with reaching_archive():
            async with self.pool.connection() as connection:
                filed = await connection.execute(
                    """
                    INSERT INTO reports (reporter_id, target_player_id, match_id, message_id,
                        reason, comment)
                    VALUES (%s, %s, %s, %s, %s, %s)
                    ON CONFLICT (reporter_id, target_player_id, match_id, message_id)
                        WHERE resolved_at IS NULL DO NOTHING
                    RETURNING id
                    """,
                    (
                        report.reporter_id,
                        report.target_player_id,
                        report.match_id,
                        report.message_id,
                        report.reason.value,
                        report.comment,
                    ),
                )
                row = await filed.fetchone()
                if row is not None:
                    return row[0], True
                found = await connection.execute(
                    """
                    SELECT id FROM reports WHERE reporter_id = %s AND target_player_id = %s
                        AND match_id = %s AND message_id = %s AND resolved_at IS NULL
                    """,
                    (
                        report.reporter_id,
                        report.target_player_id,
                        report.match_id,
                        report.message_id,
                    ),
                )
                existing = await found.fetchone()
        # Resolved between the two statements: a report of its own then, filed again.
        return (existing[0], False) if existing is not None else await self.file(report)

    async def open(self, limit: int, after_id: int = 0) -> list[Report]:
        """Up to `limit` open reports after `after_id`, oldest first (the queue)."""
        with reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(
                    REPORTS + " WHERE r.resolved_at IS NULL AND r.id > %s ORDER BY r.id LIMIT %s",
                    (after_id, limit),
                )
                return [_report(row) for row in await found.fetchall()]

    async def waiting(self) -> tuple[int, float]:
        """How many reports are open, and how many seconds the oldest has waited (0: none),
        by the database's clock."""
        with reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(
                    """
                    SELECT count(*), coalesce(extract(epoch FROM now() - min(created_at)), 0)
                    FROM reports WHERE resolved_at IS NULL
                    """
                )
                row = await found.fetchone()
        assert row is not None  # an aggregate returns its row
        return int(row[0]), float(row[1])

    async def get(self, report_id: int) -> Report | None:
        with reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(REPORTS + " WHERE r.id = %s", (report_id,))
                row = await found.fetchone()
        return None if row is None else _report(row)

    @staticmethod
    async def resolve(
        connection: psycopg.AsyncConnection[Any],
        report_id: int,
        moderator_id: str,
        resolution: str,
    ) -> bool:
        """Resolves an open report in the caller's transaction; False when it was not open."""
        resolved = await connection.execute(
            """
            UPDATE reports SET resolved_at = now(), resolved_by = %s, resolution = %s
            WHERE id = %s AND resolved_at IS NULL
            RETURNING id
            """,
            (moderator_id, resolution, report_id),
        )
        return await resolved.fetchone() is not None


class ActionKind(enum.StrEnum):
    """What a moderator did."""

    RESOLVE_REPORT = "resolve_report"
    DELETE_MESSAGE = "delete_message"
    MUTE_FROM_CHAT = "mute_from_chat"
    END_MATCH = "end_match"
    """Ended the player's part in one match as abandoned (one record per match)."""


@dataclass(frozen=True)
class NewAction:
    """A moderator's action to record."""

    moderator_id: str
    kind: ActionKind
    target_player_id: str
    reason: str
    match_id: str = ""
    message_id: int = 0
    report_id: int | None = None
    until: datetime.datetime | None = None
    """When a chat ban ends."""


@dataclass(frozen=True)
class Action:
    """A recorded action, with when it was taken and the players' names."""

    action_id: int
    moderator_id: str
    moderator_name: str
    kind: ActionKind
    target_player_id: str
    target_name: str
    match_id: str
    message_id: int
    report_id: int | None
    reason: str
    until: datetime.datetime | None
    created_at: datetime.datetime


ACTIONS = """
    SELECT a.id, a.moderator_id, coalesce(m.display_name, ''), a.action, a.target_player_id,
        coalesce(t.display_name, ''), a.match_id, a.message_id, a.report_id, a.reason, a.until,
        a.created_at
    FROM moderation_actions a
    LEFT JOIN players m ON m.id = a.moderator_id
    LEFT JOIN players t ON t.id = a.target_player_id
"""


class ModerationLog:
    """The record of moderators' actions: written in the transaction of what they changed in
    PostgreSQL, read newest first."""

    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    @staticmethod
    async def record(connection: psycopg.AsyncConnection[Any], action: NewAction) -> int:
        """Records `action` in the caller's transaction; returns its id."""
        recorded = await connection.execute(
            """
            INSERT INTO moderation_actions (moderator_id, action, target_player_id, match_id,
                message_id, report_id, reason, until)
            VALUES (%s, %s, %s, %s, %s, %s, %s, %s)
            RETURNING id
            """,
            (
                action.moderator_id,
                action.kind.value,
                action.target_player_id,
                action.match_id,
                action.message_id,
                action.report_id,
                action.reason,
                action.until,
            ),
        )
        row = await recorded.fetchone()
        assert row is not None  # an INSERT ... RETURNING returns its row
        return int(row[0])

    async def actions(
        self, limit: int, before_id: int = 0, target_player_id: str = ""
    ) -> list[Action]:
        """Up to `limit` actions before `before_id` (0: the newest), newest first; only those
        on `target_player_id` when given."""
        with reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(
                    ACTIONS
                    + """
                    WHERE (%(before)s = 0 OR a.id < %(before)s)
                        AND (%(target)s = '' OR a.target_player_id = %(target)s)
                    ORDER BY a.id DESC LIMIT %(limit)s
                    """,
                    {"before": before_id, "target": target_player_id, "limit": limit},
                )
                rows = await found.fetchall()
        return [_action(row) for row in rows]

    async def find(self, action_ids: list[int]) -> list[Action]:
        """The actions of `action_ids`, in that order."""
        with reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(ACTIONS + " WHERE a.id = ANY(%s)", (action_ids,))
                rows = await found.fetchall()
        by_id = {action.action_id: action for action in map(_action, rows)}
        return [by_id[action_id] for action_id in action_ids]


def _action(row: tuple[Any, ...]) -> Action:
    action_id, moderator, moderator_name, kind, target, target_name = row[:6]
    return Action(
        action_id, moderator, moderator_name, ActionKind(kind), target, target_name, *row[6:]
    )
