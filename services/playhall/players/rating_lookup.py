"""The ratings matchmaking orders its queues by, read from the archive: one small read, so
that the archive's schema is known here in one place."""

from __future__ import annotations

from collections.abc import Sequence

from psycopg_pool import AsyncConnectionPool

from playhall.players.archive import PlayerKey


async def current_ratings(
    pool: AsyncConnectionPool, title_id: str, players: Sequence[PlayerKey]
) -> dict[PlayerKey, float]:
    """The rating (OpenSkill's mu) in `title_id` of each of `players` the archive has rated;
    a player without a rated match there is left out."""
    if not players:
        return {}
    by_identity = {(p.issuer, p.subject): p for p in players}
    async with pool.connection() as connection:
        found = await connection.execute(
            """
            SELECT p.issuer, p.subject, r.mu FROM ratings r JOIN players p ON p.id = r.player_id
            WHERE r.title_id = %s AND (p.issuer, p.subject) IN
                (SELECT * FROM unnest(%s::text[], %s::text[]))
            """,
            (title_id, [p.issuer for p in players], [p.subject for p in players]),
        )
        rows = await found.fetchall()
    return {by_identity[(issuer, subject)]: mu for issuer, subject, mu in rows}
