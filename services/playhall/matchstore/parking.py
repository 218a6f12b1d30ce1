"""Parking, Redis's side: a match's keys taken out whole as a `Parcel`, deleted only while the
match is still at the parcel's version, and put back only where they are absent.

A turn-based match nobody reads or moves for a while leaves Redis for PostgreSQL
(`archive.parked`), which the domain (`matches.parking`) orders so that a match is always in one
place or both, never in none: the row is written before `drop`, and deleted after `restore`.

Its index entries are of two kinds. The players' lists (running, turn-based, "my turn") stay:
they are what a player reads, and a reader finds a parked match's record in PostgreSQL. The
entries that act on a match (its lobby list, its turn deadline, `PARKABLE`) leave with it, and
`restore` files it again: its deadline is then the housekeeper's, as any other.

`PARKABLE` holds every running turn-based match with when it was last read or changed (ms):
commits file it, reads and watchers touch it (only an entry already there: a read never files
a match that ended), and the parking pass takes the oldest."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from playhall.matchstore.model import MatchPhase
from playhall.matchstore.redis_client import as_bytes, as_texts
from playhall.matchstore.store import (
    IndexUpdate,
    MatchStore,
    activity_removal,
    deadline_entry,
    lobby_key,
    log_key,
    match_key,
    now_ms,
    parse_record,
    requests_key,
    state_key,
)

PARKABLE = "playhall:parkable"

PACK_SCRIPT = """
-- KEYS: the match record, its state, its log, its idempotency records.
-- Everything of the match at one version, or false without a record.
local record = redis.call('GET', KEYS[1])
if not record then return false end
local state = redis.call('GET', KEYS[2]) or ''
return {record, state, redis.call('XRANGE', KEYS[3], '-', '+'),
        redis.call('HGETALL', KEYS[4]), redis.call('PTTL', KEYS[4]),
        redis.call('PTTL', KEYS[2])}
"""

DROP_SCRIPT = """
-- KEYS: as PACK_SCRIPT's. ARGV: the parked version.
-- Deletes the match's keys only while it is at the parked version: a commit since wins.
local current = string.match(redis.call('GETRANGE', KEYS[1], 0, 19), '^(%d+):')
if not current then return 'gone' end
if current ~= ARGV[1] then return 'moved' end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return 'dropped'
"""

RESTORE_SCRIPT = """
-- KEYS: as PACK_SCRIPT's. ARGV: the record, the state, the number of log entries, an
-- (entry id, change, move) triple per entry, then when the idempotency records expire (unix
-- ms, 0: no records) and a (request id, record) pair per record.
-- A match already in Redis is left alone: {'present', its version}.
local held = redis.call('GETRANGE', KEYS[1], 0, 19)
if held ~= '' then return {'present', string.match(held, '^(%d+):') or ''} end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[2])
local entries = tonumber(ARGV[3])
for i = 0, entries - 1 do
  local at = 4 + i * 3
  if ARGV[at + 2] ~= '' then
    redis.call('XADD', KEYS[3], ARGV[at], 'change', ARGV[at + 1], 'move', ARGV[at + 2])
  else
    redis.call('XADD', KEYS[3], ARGV[at], 'change', ARGV[at + 1])
  end
end
local at = 4 + entries * 3
for i = at + 1, #ARGV, 2 do
  redis.call('HSET', KEYS[4], ARGV[i], ARGV[i + 1])
end
if #ARGV > at then redis.call('PEXPIREAT', KEYS[4], ARGV[at]) end
return {'restored', ''}
"""


@dataclass(frozen=True)
class LogEntry:
    """One entry of a match's change log: its Stream id, change and move (b"" if none)."""

    entry_id: str
    change: bytes
    move: bytes = b""


@dataclass(frozen=True)
class Parcel:
    """Everything Redis holds of one match at one version."""

    match_id: str
    version: int
    record: bytes
    """As stored: "<version>:<StoredMatch>"."""
    state: bytes
    log: list[LogEntry]
    requests: dict[str, str]
    """The idempotency records: request id -> record."""
    requests_expire_ms: int
    """When they expire (unix ms; 0 without any)."""
    deadline_ms: int
    """The match's turn deadline (unix ms; 0 without one)."""
    lobby_phase: int
    title_id: str
    created_unix_ms: int


class Dropped(StrEnum):
    DROPPED = "dropped"
    """The keys are gone: the match lives in its parked row now."""
    MOVED = "moved"
    """A commit came first: the match stays, and the parker's row goes."""
    GONE = "gone"
    """No keys were left: another parker's drop came first, with a row of the same version."""


class Restored(StrEnum):
    RESTORED = "restored"
    """The keys are back."""
    PRESENT = "present"
    """The match was in Redis already (another caller brought it back, or it never left)."""


@dataclass(frozen=True)
class RestoreResult:
    outcome: Restored
    version: int | None
    """The version Redis holds when it was present (None when restored)."""


class ParkingStore:
    """The parking scripts and `PARKABLE`, on a `MatchStore`'s client."""

    def __init__(self, store: MatchStore):
        self.store = store
        self.redis = store.redis
        self._pack = self.redis.register_script(PACK_SCRIPT)
        self._drop = self.redis.register_script(DROP_SCRIPT)
        self._restore = self.redis.register_script(RESTORE_SCRIPT)

    async def pack(self, match_id: str) -> Parcel | None:
        """The match's keys at one version; None without a record, or when it is not a match
        to park (its state is missing or expiring: it ended)."""
        reply = await self._pack(keys=_keys(match_id))
        if not reply:
            return None
        record, state, log, requests, requests_ttl, state_ttl = reply
        if not state or state_ttl != -1:
            return None
        record = as_bytes(record)
        match = parse_record(match_id, record)
        assert match is not None
        fields = as_texts(requests)
        return Parcel(
            match_id=match_id,
            version=match.version,
            record=record,
            state=as_bytes(state),
            log=[_log_entry(entry) for entry in log],
            requests=dict(zip(fields[::2], fields[1::2], strict=True)),
            requests_expire_ms=now_ms() + requests_ttl if requests_ttl > 0 else 0,
            deadline_ms=match.deadline_unix_ms if match.phase == MatchPhase.RUNNING else 0,
            lobby_phase=match.phase,
            title_id=match.title_id,
            created_unix_ms=match.created_unix_ms,
        )

    async def drop(self, parcel: Parcel) -> Dropped:
        """Deletes the match's keys if it is still at the parcel's version, then the entries
        that act on it (after: a drop that loses the race must leave them)."""
        keys = _keys(parcel.match_id)
        outcome, _ = await self.store.write_script(self._drop, keys, [parcel.version])
        dropped = Dropped(outcome.decode())
        if dropped is Dropped.DROPPED:
            await self.store.update_indexes(_acting_entries(parcel, remove=True))
        return dropped

    async def restore(self, parcel: Parcel) -> tuple[RestoreResult, bool]:
        """Puts the parcel's keys back where the match is absent, then the entries that act on
        it; and whether the required replicas confirmed it."""
        args: list[bytes | str | int] = [parcel.record, parcel.state, len(parcel.log)]
        for entry in parcel.log:
            args.extend((entry.entry_id, entry.change, entry.move))
        live_requests = parcel.requests if parcel.requests_expire_ms > now_ms() else {}
        args.append(parcel.requests_expire_ms if live_requests else 0)
        for request_id, record in live_requests.items():
            args.extend((request_id, record))
        (outcome, version), replicated = await self.store.write_script(
            self._restore, _keys(parcel.match_id), args
        )
        restored = Restored(outcome.decode())
        if restored is Restored.PRESENT:
            return RestoreResult(restored, int(version) if version else None), replicated
        await self.store.update_indexes(_acting_entries(parcel, remove=False))
        return RestoreResult(restored, None), replicated

    async def touch(self, match_ids: Sequence[str], at_ms: int) -> None:
        """The matches read or watched at `at_ms` (only those filed already)."""
        if match_ids:
            await self.redis.zadd(PARKABLE, dict.fromkeys(match_ids, at_ms), xx=True)

    async def idle_since(self, before_ms: int, limit: int) -> list[str]:
        members = await self.redis.zrangebyscore(PARKABLE, "-inf", before_ms, start=0, num=limit)
        return as_texts(members)

    async def forget(self, match_id: str) -> None:
        await self.redis.zrem(PARKABLE, match_id)

    async def refile(self, match_id: str, at_ms: int) -> None:
        await self.redis.zadd(PARKABLE, {match_id: at_ms})


def parkable_entry(match_id: str, at_ms: int, running: bool) -> IndexUpdate:
    """The turn-based match among the parkable ones, changed at `at_ms`; out when not running."""
    if not running:
        return IndexUpdate(PARKABLE, match_id, operation="remove")
    return IndexUpdate(PARKABLE, match_id, at_ms)


def _acting_entries(parcel: Parcel, remove: bool) -> list[IndexUpdate]:
    """The entries that act on a match: its lobby list, its deadline, `PARKABLE` (and, when
    it leaves, the activity index)."""
    operation = "remove" if remove else "add"
    entries = [
        IndexUpdate(
            lobby_key(parcel.title_id, parcel.lobby_phase),
            parcel.match_id,
            parcel.created_unix_ms,
            operation,
        ),
        IndexUpdate(PARKABLE, parcel.match_id, now_ms(), operation),
    ]
    if parcel.deadline_ms:
        deadline = deadline_entry(parcel.match_id, parcel.version, parcel.deadline_ms)
        entries.append(deadline_entry(parcel.match_id, parcel.version) if remove else deadline)
    if remove:
        # A turn-based match is never abandoned: the idle scan would only forget it.
        entries.append(activity_removal(parcel.match_id))
    return entries


def _keys(match_id: str) -> list[str]:
    return [match_key(match_id), state_key(match_id), log_key(match_id), requests_key(match_id)]


def _log_entry(entry: list[Any]) -> LogEntry:
    """One XRANGE entry as the script returns it: [id, [field, value, ...]]."""
    entry_id, fields = entry
    values = dict(zip(fields[::2], fields[1::2], strict=True))
    return LogEntry(as_bytes(entry_id).decode(), values[b"change"], values.get(b"move", b""))
