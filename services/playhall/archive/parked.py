"""Parked matches in PostgreSQL (`parked_matches`, revision 0006): the rows `matches.parking`
writes before a match's Redis keys are dropped and deletes once they are restored.

A parking writes the row, then drops the keys, holding the match's parking lock (an advisory
lock) throughout; a caller bringing the match back takes the same lock, then the row's, while it
restores the keys, and deletes the row only if told to: two callers never restore one parking
twice, a caller that read a row another has restored since finds no row (not an old copy of a
match that moved on), and one that finds no row looks for the keys before any parking can
start. The deadline ticker takes due rows with `FOR UPDATE SKIP LOCKED`, so replicas share them
without waiting for each other."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from playhall.matchstore.parking import Dropped, LogEntry, Parcel
from playhall.matchstore.store import BroughtBack, parse_record

COLUMNS = """match_id, park_id, version, record, state, log_ids, log_changes, log_moves,
    request_ids, request_values, requests_expire_ms, deadline_ms"""

PutBack = Callable[[Parcel], Awaitable[bool]]
"""Restores a parcel's keys; True when its row may go (the keys are in Redis now)."""
Drop = Callable[[], Awaitable[Dropped]]
"""Deletes a parked match's Redis keys if it is still at the parked version."""
InRedis = Callable[[], Awaitable[bool]]
"""Whether the match has a record in Redis."""

LOCK_CLASS = 0x7061726B  # "park"
"""The first key of every match's parking lock (an advisory lock; the second is the hash of
the match id). A parker holds it from writing the row to dropping the keys, and a caller
bringing the match back while it looks for the row: so "no row" and "no keys" are never seen
at two moments that a parking falls between."""
LOCK = "SELECT pg_advisory_lock(%s, hashtext(%s))"
UNLOCK = "SELECT pg_advisory_unlock(%s, hashtext(%s))"
LOCK_IN_TRANSACTION = "SELECT pg_advisory_xact_lock(%s, hashtext(%s))"
UPSERT = f"""
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
"""


@dataclass(frozen=True)
class Taken:
    """What `take` found: the match's parcel (None without a row) and, without one, whether
    the match is in Redis."""

    parcel: Parcel | None
    in_redis: bool


class ParkedTable:
    """Reads and writes `parked_matches` through the archive's connection pool."""

    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def park(self, parcel: Parcel, drop: Drop) -> Dropped | None:
        """Writes the parcel as the match's row (committed), then calls `drop` to delete its
        Redis keys, all under the match's parking lock, and deletes the row again when the drop
        lost to a commit. None when a row of a newer version is there (a slower parker's parcel
        never replaces a newer one)."""
        park_id = uuid.uuid4()
        async with self.pool.connection() as connection:
            await connection.execute(LOCK, (LOCK_CLASS, parcel.match_id))
            try:
                written = await connection.execute(UPSERT, _row(parcel, park_id))
                if await written.fetchone() is None:
                    return None
                dropped = await drop()
                if dropped is Dropped.MOVED:
                    await _delete(connection, parcel.match_id, park_id)
                return dropped
            finally:
                await connection.execute(UNLOCK, (LOCK_CLASS, parcel.match_id))

    async def take(self, match_id: str, put_back: PutBack, in_redis: InRedis) -> Taken:
        """The match's parcel, handed to `put_back` under the row's lock, and its row deleted
        if `put_back` says so. Without a row, whether the match is in Redis, asked while no
        parker can be between its row and its drop (the parking lock): a match found in
        neither is in neither."""
        async with self.pool.connection() as connection, connection.transaction():
            await connection.execute(LOCK_IN_TRANSACTION, (LOCK_CLASS, match_id))
            cursor = connection.cursor(row_factory=dict_row)
            await cursor.execute(
                f"SELECT {COLUMNS} FROM parked_matches WHERE match_id = %s FOR UPDATE",
                (match_id,),
            )
            row = await cursor.fetchone()
            if row is None:
                return Taken(None, await in_redis())
            parcel = _parcel(row)
            if await put_back(parcel):
                await _delete(connection, parcel.match_id, row["park_id"])
            return Taken(parcel, True)

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


class ParkedRecords:
    """`MatchStore.ParkedMatches` for a process that reads matches but never brings one back
    (the notifier): lists and loads see a parked match's record where it is."""

    def __init__(self, table: ParkedTable):
        self.table = table

    async def bring_back(self, match_id: str) -> BroughtBack | None:
        return None

    async def records(self, match_ids: Sequence[str]) -> dict[str, bytes]:
        return await self.table.records(match_ids)
