"""An archived match's chat in PostgreSQL (`chat_messages`, migration 0010): written by the
archiver in the match's own transaction (`Archive.store`), read once the match's keys left
Redis, as the chat of a replay. Its callers say what a database out of reach means to theirs
(`archive.reaching_archive`)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from playhall.matchstore.chat import ChatLine, Room


async def write(
    connection: psycopg.AsyncConnection[Any], match_id: str, lines: Sequence[ChatLine]
) -> None:
    """The match's messages, within the archiver's transaction."""
    if not lines:
        return
    async with connection.cursor().copy(
        "COPY chat_messages (match_id, message_id, room, player_id, display_name, body, "
        "sent_at, deleted) FROM STDIN"
    ) as copy:
        for line in lines:
            await copy.write_row(
                (
                    match_id,
                    line.message_id,
                    line.room.value,
                    line.player_id,
                    line.display_name,
                    line.text,
                    _time(line.sent_unix_ms),
                    line.deleted,
                )
            )


class ArchivedChat:
    """Reads archived matches' chat; marks a message deleted for a moderator."""

    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def between(self, match_id: str, after_id: int, up_to: int) -> list[ChatLine]:
        """The match's messages with ids above `after_id`, up to `up_to`, in order."""
        async with self.pool.connection() as connection:
            found = await connection.execute(
                """
                SELECT message_id, room, player_id, display_name, body, sent_at, deleted
                FROM chat_messages WHERE match_id = %s AND message_id > %s
                    AND message_id <= %s
                ORDER BY message_id
                """,
                (match_id, after_id, up_to),
            )
            rows = await found.fetchall()
        return [_line(row) for row in rows]

    async def last_id(self, match_id: str) -> int:
        """The id of the match's last archived message (0 without any)."""
        async with self.pool.connection() as connection:
            found = await connection.execute(
                "SELECT max(message_id) FROM chat_messages WHERE match_id = %s", (match_id,)
            )
            row = await found.fetchone()
        return row[0] or 0 if row else 0

    async def mark_deleted(self, match_id: str, message_id: int) -> bool:
        """Marks an archived message deleted; False when the match has no such message."""
        async with self.pool.connection() as connection:
            marked = await connection.execute(
                "UPDATE chat_messages SET deleted = true WHERE match_id = %s AND message_id = %s",
                (match_id, message_id),
            )
            return marked.rowcount == 1


def _line(row: tuple[Any, ...]) -> ChatLine:
    message_id, room, player_id, display_name, body, sent_at, deleted = row
    return ChatLine(
        message_id=message_id,
        room=Room(room),
        player_id=player_id,
        display_name=display_name,
        text=body,
        sent_unix_ms=int(sent_at.timestamp() * 1000),
        deleted=deleted,
    )


def _time(unix_ms: int) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(unix_ms / 1000, datetime.UTC)
