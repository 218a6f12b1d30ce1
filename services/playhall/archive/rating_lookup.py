"""The ratings matchmaking orders its queues by, read from the archive: one small read, so
that the archive's schema is known here in one place."""

from __future__ import annotations

from collections.abc import Sequence

from psycopg_pool import AsyncConnectionPool


async def current_ratings(
    pool: AsyncConnectionPool, title_id: str, player_ids: Sequence[str]
) -> dict[str, float]:
    """The rating (OpenSkill's mu) in `title_id` of each of `player_ids` (the product's ids,
    `tokens.player_id`; a bot level's is `archive.bot_player`'s) the archive has rated; a
    player without a rated match there is left out."""
    if not player_ids:
        return {}
    async with pool.connection() as connection:
        found = await connection.execute(
            "SELECT player_id, mu FROM ratings WHERE title_id = %s AND player_id = ANY(%s)",
            (title_id, list(player_ids)),
        )
        return dict(await found.fetchall())
