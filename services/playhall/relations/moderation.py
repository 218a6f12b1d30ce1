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


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


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


class ReportReason(enum.Enum):
    """Why a player reports a message or a player (a fixed list)."""

    ABUSE = "abuse"
    SPAM = "spam"
    CHEATING = "cheating"
    UNSPORTSMANLIKE = "unsportsmanlike"
    """Unsportsmanlike play, abandoning matches included."""
    OTHER = "other"


@dataclass(frozen=True)
class Report:
    """A player's report: of a chat message (`match_id` and `message_id` set) or of a player."""

    report_id: int
    reporter_id: str
    target_player_id: str
    match_id: str
    message_id: str
    reason: ReportReason
    comment: str
    created_at: datetime.datetime
    resolved_at: datetime.datetime | None = None
    resolved_by: str = ""
    resolution: str = ""


REPORT_COLUMNS = (
    "id, reporter_id, target_player_id, match_id, message_id, reason, comment, created_at, "
    "resolved_at, coalesce(resolved_by, ''), coalesce(resolution, '')"
)


def _report(row: tuple[Any, ...]) -> Report:
    report_id, reporter, target, match_id, message_id, reason, *rest = row
    return Report(report_id, reporter, target, match_id, message_id, ReportReason(reason), *rest)
