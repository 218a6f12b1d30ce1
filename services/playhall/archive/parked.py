"""Parked matches in PostgreSQL (`parked_matches`, revision 0006): the rows `matches.parking`
writes before a match's Redis keys are dropped and deletes once they are restored.

Taking a row back (`take`, `take_due`) happens inside a transaction that holds the row's lock
while the caller restores the keys, and deletes the row only if the caller says so: two callers
never restore one parking twice, and a caller that read a row another has restored since finds
no row, not an old copy of a match that moved on. The deadline ticker takes due rows with
`FOR UPDATE SKIP LOCKED`, so replicas share them without waiting for each other."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from playhall.matchstore.parking import LogEntry, Parcel
from playhall.matchstore.store import parse_record

PutBack = Callable[[Parcel], Awaitable[bool]]
"""Restores a parcel's keys; True when its row may go (the keys are in Redis now)."""

COLUMNS = """match_id, park_id, version, record, state, log_ids, log_changes, log_moves,
    request_ids, request_values, requests_expire_ms, deadline_ms"""


class ParkedTable:
    """Reads and writes `parked_matches` through the archive's connection pool."""

    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def park(self, parcel: Parcel, park_id: uuid.UUID) -> bool:
        """Writes the parcel as the match's row, unless a row of a newer version is there
        (a slower parker's parcel never replaces a newer one); whether it did."""
        async with self.pool.connection() as connection:
            written = await connection.execute(
                f"""
                INSERT INTO parked_matches ({COLUMNS})
                VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
                ON CONFLICT (match_id) DO UPDATE SET
                    park_id = EXCLUDED.park_id, version = EXCLUDED.version,
                    record = EXCLUDED.record, state = EXCLUDED.state,
                    log_ids = EXCLUDED.log_ids, log_changes = EXCLUDED.log_changes,
                    log_moves = EXCLUDED.log_moves, request_ids = EXCLUDED.request_ids,
                    request_values = EXCLUDED.request_values,
                    requests_expire_ms = EXCLUDED.requests_expire_ms,
                    deadline_ms = EXCLUDED.deadline_ms, parked_at = now()
                WHERE parked_matches.version <= EXCLUDED.version
                RETURNING match_id
                """,
                _row(parcel, park_id),
            )
            return await written.fetchone() is not None

    async def unpark(self, match_id: str, park_id: uuid.UUID) -> None:
        """Deletes the row of one parking (a later parking's row stays)."""
        async with self.pool.connection() as connection:
            await connection.execute(
                "DELETE FROM parked_matches WHERE match_id = %s AND park_id = %s",
                (match_id, park_id),
            )

    async def take(self, match_id: str, put_back: PutBack) -> Parcel | None:
        """The match's parcel, handed to `put_back` under the row's lock, and its row deleted
        if `put_back` says so; None when the match is not parked."""
        async with self.pool.connection() as connection, connection.transaction():
            cursor = connection.cursor(row_factory=dict_row)
            await cursor.execute(
                f"SELECT {COLUMNS} FROM parked_matches WHERE match_id = %s FOR UPDATE",
                (match_id,),
            )
            row = await cursor.fetchone()
            if row is None:
                return None
            parcel = _parcel(row)
            if await put_back(parcel):
                await _delete(connection, parcel.match_id, row["park_id"])
            return parcel

    async def take_due(self, now_ms: int, limit: int, put_back: PutBack) -> list[Parcel]:
        """Up to `limit` parcels whose deadline is due by `now_ms`, earliest first, among the
        rows no other transaction holds; each as `take` hands it over."""
        async with self.pool.connection() as connection, connection.transaction():
            cursor = connection.cursor(row_factory=dict_row)
            await cursor.execute(
                f"""
                SELECT {COLUMNS} FROM parked_matches
                WHERE deadline_ms <= %s ORDER BY deadline_ms LIMIT %s
                FOR UPDATE SKIP LOCKED
                """,
                (now_ms, limit),
            )
            taken = []
            for row in await cursor.fetchall():
                parcel = _parcel(row)
                if await put_back(parcel):
                    await _delete(connection, parcel.match_id, row["park_id"])
                taken.append(parcel)
            return taken

    async def records(self, match_ids: Sequence[str]) -> dict[str, bytes]:
        """The stored records of those of `match_ids` that are parked."""
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT match_id, record FROM parked_matches WHERE match_id = ANY(%s)",
                (list(match_ids),),
            )
            return {match_id: bytes(record) for match_id, record in await cursor.fetchall()}

    async def count(self) -> int:
        async with self.pool.connection() as connection:
            cursor = await connection.execute("SELECT count(*) FROM parked_matches")
            row = await cursor.fetchone()
            return row[0] if row else 0

    async def earliest_due(self, now_ms: int) -> int | None:
        """The earliest deadline due by `now_ms` still parked (unix ms), None if none is."""
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT min(deadline_ms) FROM parked_matches WHERE deadline_ms <= %s", (now_ms,)
            )
            row = await cursor.fetchone()
            return row[0] if row else None


async def forget(connection: psycopg.AsyncConnection[Any], match_id: str) -> None:
    """Deletes whatever row the match has left (the archive's transaction of an ended match:
    a row a parker could not clean up must never bring an old copy back)."""
    await connection.execute("DELETE FROM parked_matches WHERE match_id = %s", (match_id,))


async def _delete(connection: psycopg.AsyncConnection[Any], match_id: str, park_id: Any) -> None:
    await connection.execute(
        "DELETE FROM parked_matches WHERE match_id = %s AND park_id = %s", (match_id, park_id)
    )


def _row(parcel: Parcel, park_id: uuid.UUID) -> tuple[Any, ...]:
    request_ids = sorted(parcel.requests)
    return (
        parcel.match_id,
        park_id,
        parcel.version,
        parcel.record,
        parcel.state,
        [entry.entry_id for entry in parcel.log],
        [entry.change for entry in parcel.log],
        [entry.move for entry in parcel.log],
        request_ids,
        [parcel.requests[request_id] for request_id in request_ids],
        parcel.requests_expire_ms,
        parcel.deadline_ms or None,
    )


def _parcel(row: dict[str, Any]) -> Parcel:
    record = bytes(row["record"])
    match = parse_record(row["match_id"], record)
    assert match is not None
    return Parcel(
        match_id=row["match_id"],
        version=row["version"],
        record=record,
        state=bytes(row["state"]),
        log=[
            LogEntry(entry_id, bytes(change), bytes(move))
            for entry_id, change, move in zip(
                row["log_ids"], row["log_changes"], row["log_moves"], strict=True
            )
        ],
        requests=dict(zip(row["request_ids"], row["request_values"], strict=True)),
        requests_expire_ms=row["requests_expire_ms"],
        deadline_ms=row["deadline_ms"] or 0,
        lobby_phase=match.phase,
        title_id=match.title_id,
        created_unix_ms=match.created_unix_ms,
    )
