"""The ratings matchmaking orders its queues by, read from the archive: one small read, so
that the archive's schema is known here in one place."""

from __future__ import annotations

from collections.abc import Sequence

from psycopg_pool import AsyncConnectionPool

from playhall.archive import ratings


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


async def rating_change(
    pool: AsyncConnectionPool, player_id: str, match_id: str
) -> tuple[float, float] | None:
    """The player's displayed rating (`ratings.Rating.ordinal`) before and after the match
    rated them (before: the default rating, for their first rated match in the title); None
    while the match is not rated (not archived yet, or unrated)."""
    async with pool.connection() as connection:
        found = await connection.execute(
            """
            SELECT after.mu, after.sigma, before.mu, before.sigma
            FROM rating_history after
            LEFT JOIN rating_history before ON before.player_id = after.player_id
                AND before.title_id = after.title_id AND before.games = after.games - 1
            WHERE after.player_id = %s AND after.match_id = %s
            """,
            (player_id, match_id),
        )
        row = await found.fetchone()
    if row is None:
        return None
    after = ratings.Rating(row[0], row[1])
    first = ratings.Rating(ratings.MODEL.mu, ratings.MODEL.sigma)
    before = ratings.Rating(row[2], row[3]) if row[2] is not None else first
    return before.ordinal, after.ordinal
