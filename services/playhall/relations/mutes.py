"""Personal mutes, in the archive's PostgreSQL (`chat_mutes`, migration 0010): a player mutes
another for themselves, in every match; the chat leaves the muted player's messages out of
what the muting player reads and is streamed. Nobody else's chat changes, and the muted player
is not told."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from psycopg_pool import AsyncConnectionPool

from playhall.common.errors import InvalidRequest

MAX_MUTED = 1_000
"""The most players one player may mute: enough for anyone, small enough to read whole with
every chat read."""


@dataclass(frozen=True)
class Muted:
    """A player someone muted, and since when."""

    player_id: str
    display_name: str
    since: datetime.datetime


class Mutes:
    """Who muted whom, on the archive's connection pool. The callers make the muting player
    known and check the muted one exists (`relations.graph.Relations`)."""

    def __init__(self, pool: AsyncConnectionPool, max_muted: int = MAX_MUTED):
        self.pool = pool
        self.max_muted = max_muted

    async def mute(self, player_id: str, muted_id: str) -> None:
        """Mutes `muted_id` for `player_id` (again: nothing changes)."""
        if player_id == muted_id:
            raise InvalidRequest("chat-mute-self")
        async with self.pool.connection() as connection, connection.transaction():
            counted = await connection.execute(
                "SELECT count(*) FROM chat_mutes WHERE player_id = %s", (player_id,)
            )
            row = await counted.fetchone()
            if row is not None and row[0] >= self.max_muted:
                raise InvalidRequest("chat-mutes-most", most=self.max_muted)
            await connection.execute(
                "INSERT INTO chat_mutes (player_id, muted_id) VALUES (%s, %s) "
                "ON CONFLICT DO NOTHING",
                (player_id, muted_id),
            )

    async def unmute(self, player_id: str, muted_id: str) -> None:
        """Lets `muted_id`'s messages through to `player_id` again (not muted: nothing)."""
        async with self.pool.connection() as connection:
            await connection.execute(
                "DELETE FROM chat_mutes WHERE player_id = %s AND muted_id = %s",
                (player_id, muted_id),
            )

    async def muted_ids(self, player_id: str) -> set[str]:
        """The players `player_id` muted."""
        async with self.pool.connection() as connection:
            found = await connection.execute(
                "SELECT muted_id FROM chat_mutes WHERE player_id = %s", (player_id,)
            )
            return {row[0] for row in await found.fetchall()}

    async def muted(self, player_id: str) -> list[Muted]:
        """The players `player_id` muted, with their names, the latest mute first."""
        async with self.pool.connection() as connection:
            found = await connection.execute(
                """
                SELECT m.muted_id, p.display_name, m.created_at
                FROM chat_mutes m JOIN players p ON p.id = m.muted_id
                WHERE m.player_id = %s ORDER BY m.created_at DESC, m.muted_id
                """,
                (player_id,),
            )
            return [Muted(*row) for row in await found.fetchall()]
