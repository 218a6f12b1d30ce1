"""The match store: every match in Redis, committed atomically.

Keys of one match share the hash tag `{match_id}`, so a Redis Cluster keeps them in one slot and
one Lua script can commit a move:

    pm:{id}            "<version>:<StoredMatch>": the version, where the commit script can
                       compare it, then title, setup, seats, token hashes, step, status, phase...
    pm:{id}:state      the title's state (an Any); expires some time after the match ends
    pm:{id}:log        stream of StoredChange entries, entry id "<version>-1"
    pm:{id}:req        hash of idempotency records, request id -> "<seat>:<digest>:<version>";
                       it expires `request_ttl_s` after the last move that carried a request id
                       (one small hash takes a third of the memory of a key per record)
    pm:{id}:chat       the match's chat (`chat.py`), purged with the match

Indexes across matches (lobby lists, each signed-in player's running matches, turn
deadlines, last activity, bot turns) are sorted sets
of their own, each reader re-checking the match itself, so a stale index entry is harmless. A
change reaches them as `IndexUpdate`s, two ways:

- on a single Redis, inside the commit script, so a move costs two round trips whatever it
  touches: one snapshot read (`SNAPSHOT_SCRIPT`) and one commit (`COMMIT_SCRIPT`), and one
  alone when the snapshot is one this process kept of the version the move was made at
  (`kept.py`);
- on a Redis Cluster, where each index lives in a slot of its own that the match's script cannot
  touch, around the script with single-key commands (a pipeline over several keys is split per
  node by the client, never one cross-slot command): those that must survive a crash right after
  the commit before it, the others after it.

Every commit also PUBLISHes its version on the match's channel `pm:{id}:changed` (not a key: on
a Cluster, classic pub/sub reaches every node), which wakes the watchers of each replica
(`watchers.py`); the Stream stays the log they read and resume from.

With `wait_replicas` (a replicated deployment with `appendfsync everysec`), the commit script
and `WAIT <n> <timeout>` go down one connection in one pipeline, so WAIT covers that very write;
a commit fewer replicas acknowledged in time is reported as `NotReplicated`.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, TypeVar

import redis
import redis.asyncio
import redis.asyncio.cluster
from google.protobuf.message import DecodeError

from playhall.common.errors import Broken, Unavailable
from playhall.matchstore import records
from playhall.matchstore.chat import chat_key
from playhall.matchstore.kept import KeptSnapshots
from playhall.matchstore.model import LOBBY_PHASES, Match
from playhall.matchstore.redis_client import as_bytes, as_scored, as_texts
from playhall.storage.v1 import storage_pb2

log = logging.getLogger(__name__)
T = TypeVar("T")

DEADLINES = "playhall:deadlines"
ACTIVITY = "playhall:activity"
BOT_TURNS = "playhall:bot_turns"

COMMIT_SCRIPT = """
-- One commit of a match, all at once or not at all.
-- KEYS: 1 the match record, 2 its log, 3 its state, 4 its idempotency records; then, on a single
-- Redis only, one index key per index update (a Cluster keeps those in slots of their own, and
-- MatchStore updates them around the script).
-- ARGV: 1-11 named in COMMIT_ARGS, then an (operation, member, score) triple per index key.
--
-- The version check reads only the record's "<version>:" prefix (GETRANGE), not the record the
-- snapshot already read. No idempotency record is looked up again either when the snapshot
-- was read: every commit that writes one also raises the version, so a match still at the
-- loaded version has exactly the records its snapshot saw. A snapshot the orchestrator kept
-- (`kept.py`) read none: then (ARGV[11]) a record of the request id is a conflict, and the read
-- that follows finds it and answers with it.
local current = string.match(redis.call('GETRANGE', KEYS[1], 0, 19), '^(%d+):') or ''
if current ~= ARGV[1] then return {'conflict', current, ''} end
if ARGV[11] ~= '' and redis.call('HEXISTS', KEYS[4], ARGV[2]) == 1 then
  return {'conflict', current, ''}
end
local version = tostring(tonumber(ARGV[1]) + 1)
local record = version .. ':' .. ARGV[9]
if ARGV[3] ~= '' and ARGV[4] == '' then
  redis.call('MSET', KEYS[1], record, KEYS[3], ARGV[3])  -- a move: record and state at once
else
  redis.call('SET', KEYS[1], record)
  if ARGV[3] ~= '' then
    redis.call('SET', KEYS[3], ARGV[3], 'EX', ARGV[4])  -- the move that ends the match
  elseif ARGV[4] ~= '' then
    redis.call('EXPIRE', KEYS[3], ARGV[4])  -- ended without a move (a resignation, a timeout)
  end
end
if ARGV[6] ~= '' then
  redis.call('XADD', KEYS[2], version .. '-1', 'change', ARGV[5], 'move', ARGV[6])
else
  redis.call('XADD', KEYS[2], version .. '-1', 'change', ARGV[5])
end
if ARGV[2] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[2], ARGV[7] .. ':' .. version)
  redis.call('EXPIRE', KEYS[4], ARGV[8])
end
-- The index updates: additions first, then (only if every one worked) removals, so a failure
-- leaves a duplicate entry, never a match in no lobby list. A failure does not undo the commit
-- (an index never stops play; pcall, not call): it is reported, and the background repair or
-- sweep makes up for it.
local FIRST_INDEX_KEY, FIRST_INDEX_ARG = 5, 12  -- where the index updates start
local failed = ''
local function update_indexes(removals)
  for i = FIRST_INDEX_KEY, #KEYS do
    local at = FIRST_INDEX_ARG + (i - FIRST_INDEX_KEY) * 3
    local operation, member, score = ARGV[at], ARGV[at + 1], ARGV[at + 2]
    if (operation == 'remove') == removals then
      local reply
      if removals then
        reply = redis.pcall('ZREM', KEYS[i], member)
      elseif operation == 'add_new' then
        reply = redis.pcall('ZADD', KEYS[i], 'NX', score, member)
      elseif operation == 'log' then
        local now = redis.call('TIME')
        reply = redis.pcall('ZADD', KEYS[i], 'NX', now[1] * 1000 + math.floor(now[2] / 1000),
          member)
      else
        reply = redis.pcall('ZADD', KEYS[i], score, member)
      end
      if type(reply) == 'table' and reply.err and failed == '' then failed = reply.err end
    end
  end
end
update_indexes(false)
if failed == '' then update_indexes(true) end
redis.call('PUBLISH', ARGV[10], version)
return {'ok', version, failed}
"""
"""The commit script (`MatchStore.commit`)."""

LOG_SCRIPT = """
-- KEYS: a log (a sorted set). ARGV: a member. The member added unless it is there, scored by
-- Redis's clock (ms): one key's entries are in the order they were added, whatever the clocks
-- of the processes that add them.
local now = redis.call('TIME')
return redis.call('ZADD', KEYS[1], 'NX', now[1] * 1000 + math.floor(now[2] / 1000), ARGV[1])
"""
"""An index update of operation "log" outside the commit script (which does the same)."""

CREATE_SCRIPT = """
-- KEYS: the match record, its state, its log, its idempotency records. ARGV: record (with its
-- version), state, change, then the creating request's id, record and the records' time to
-- live ('' when the creation carries no request id).
-- A match id already taken is left alone: a creation under an id chosen ahead (a matchmaking
-- assignment's, or one derived from a request id) happens once however often it is attempted.
if redis.call('EXISTS', KEYS[1]) == 1 then return 'exists' end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[2])
redis.call('XADD', KEYS[3], '0-1', 'change', ARGV[3])
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[4], ARGV[5] .. ':0')
  redis.call('EXPIRE', KEYS[4], ARGV[6])
end
return 'ok'
"""
"""The new match's own keys (`MatchStore.create`)."""

CONFIRM_SCRIPT = """
-- KEYS: the match's idempotency records. ARGV: their time to live.
-- A write of the caller's own, so that the WAIT after it covers every write the match's node
-- had taken before: renewing the records' expiry is one that changes nothing else.
return redis.call('EXPIRE', KEYS[1], ARGV[1])
"""
"""The write a replayed request's confirmation waits behind (`MatchStore.confirm`)."""

SNAPSHOT_SCRIPT = """
-- KEYS: the match record, its state, its idempotency records. ARGV: a request id, or ''.
local record = false
if ARGV[1] ~= '' then record = redis.call('HGET', KEYS[3], ARGV[1]) end
return {redis.call('GET', KEYS[1]), redis.call('GET', KEYS[2]), record}
"""
"""The match record, its state and one idempotency record (false when missing), at once, in
one round trip (`MatchStore.snapshot`)."""


def now_ms() -> int:
    return int(time.time() * 1000)


def match_key(match_id: str) -> str:
    return f"pm:{{{match_id}}}"


def state_key(match_id: str) -> str:
    return f"pm:{{{match_id}}}:state"


def log_key(match_id: str) -> str:
    return f"pm:{{{match_id}}}:log"


def requests_key(match_id: str) -> str:
    return f"pm:{{{match_id}}}:req"


def changed_channel(match_id: str) -> str:
    """The pub/sub channel each commit of the match publishes its new version on."""
    return f"pm:{{{match_id}}}:changed"


def match_id_of_channel(channel: bytes | str) -> str:
    text = channel.decode() if isinstance(channel, bytes) else channel
    return text[len("pm:{") : text.index("}")]


def lobby_key(title: str, phase: int) -> str:
    return f"playhall:lobby:{title}:{phase}"


def player_matches_key(player_id: str) -> str:
    """The player's running matches: match id -> when the player was filed there (ms)."""
    return f"playhall:player:{player_id}:running"


def my_turn_key(player_id: str) -> str:
    """The matches waiting on the player: match id -> when their time runs out (ms;
    `NO_DEADLINE` without a clock)."""
    return f"playhall:player:{player_id}:my_turn"


def turn_based_key(player_id: str) -> str:
    """The player's turn-based matches not yet over: match id -> when they took a seat (ms)."""
    return f"playhall:player:{player_id}:turn_based"


BRING_BACK_ATTEMPTS = 5
"""Times a read that finds no record asks for the match to be brought back. A call that
restores it answers from what it restored; one told it is in Redis (restored by another) reads
Redis again, where it may be missing once more (parked again at once), so it asks again."""
NO_DEADLINE = 2**52
"""The score of a waiting match without a clock: after every deadline (exact as a double)."""


@dataclass
class Commit:
    """What a commit changes besides the version."""

    change: storage_pb2.StoredChange
    record: bytes
    state: bytes = b""
    state_ttl_s: int = 0
    move: bytes = b""
    records_unread: bool = False
    """The match was a snapshot kept without its idempotency records (`kept.py`): the script
    looks the request id up itself."""


class Outcome(StrEnum):
    """How the commit script ended (its first reply)."""

    COMMITTED = "ok"
    """The change is the match's new version."""
    CONFLICT = "conflict"
    """The match is no longer at the loaded version (another change won), or the request id
    has a record already: load and try again. This is also how a retry racing this attempt
    with the same request id shows: its commit raised the version, so the next read finds its
    record and answers with its version."""


@dataclass(frozen=True)
class IndexUpdate:
    """One entry of an index (a sorted set) a commit adds, adds if missing, or removes."""

    key: str
    member: str
    score: int = 0
    operation: str = "add"
    """"add" (or move to `score`), "add_new" (only if missing: ZADD NX), "log" (only if
    missing, scored by Redis's clock in ms: `LOG_SCRIPT`) or "remove"."""

    def args(self) -> tuple[str, str, int]:
        """Its (operation, member, score) triple, as the commit script takes it."""
        return self.operation, self.member, self.score


def deadline_entry(match_id: str, version: int, deadline_ms: int = 0) -> IndexUpdate:
    """The turn deadline of the match's `version`, at `deadline_ms` (0: its removal)."""
    member = f"{match_id}@{version}"
    if not deadline_ms:
        return IndexUpdate(DEADLINES, member, operation="remove")
    return IndexUpdate(DEADLINES, member, deadline_ms)


def bot_turn_entry(match_id: str, at_ms: int, only_new: bool = False) -> IndexUpdate:
    """A bot seat of the match is to move since `at_ms` (`only_new`: unless one already was)."""
    return IndexUpdate(BOT_TURNS, match_id, at_ms, "add_new" if only_new else "add")


def lobby_entries(match: Match, old_phases: Sequence[int]) -> list[IndexUpdate]:
    """The match filed under its phase, then out of the lists of `old_phases`."""
    filed = lobby_key(match.title_id, match.phase)
    return [IndexUpdate(filed, match.match_id, match.created_unix_ms)] + [
        IndexUpdate(lobby_key(match.title_id, phase), match.match_id, operation="remove")
        for phase in old_phases
    ]


def activity_removal(match_id: str) -> IndexUpdate:
    return IndexUpdate(ACTIVITY, match_id, operation="remove")


def player_match_removal(player_id: str, match_id: str) -> IndexUpdate:
    """The match out of the player's running matches."""
    return IndexUpdate(player_matches_key(player_id), match_id, operation="remove")


def turn_based_removal(player_id: str, match_id: str) -> IndexUpdate:
    """The match out of the player's turn-based matches (it is over)."""
    return IndexUpdate(turn_based_key(player_id), match_id, operation="remove")


def my_turn_entry(player_id: str, match_id: str, deadline_ms: int | None) -> IndexUpdate:
    """The match waiting on the player until `deadline_ms` (0: without a clock), or, with
    None, not waiting on them."""
    if deadline_ms is None:
        return IndexUpdate(my_turn_key(player_id), match_id, operation="remove")
    return IndexUpdate(my_turn_key(player_id), match_id, deadline_ms or NO_DEADLINE)


@dataclass(frozen=True)
class CommitResult:
    outcome: Outcome
    value: str
    """The new version, or the current version."""
    replicated: bool = True
    """Whether the required replicas confirmed it (always, without `wait_replicas`)."""
    index_failure: str = ""
    """Why an index update of a committed change failed ("" if none did): the change stands,
    and the background repair and sweeps make up for the update."""


@dataclass(frozen=True)
class IdempotencyRecord:
    """What a request id committed: which seat sent which move (the first
    `RECORDED_DIGEST_CHARS` hex characters of its SHA-256), and the version it created.
    Stored as "<seat>:<digest>:<version>"; the commit script appends the version."""

    seat: int
    digest: str
    version: int | None = None

    def request_value(self) -> str:
        """The record before its version is known, as the commit script takes it."""
        return f"{self.seat}:{self.digest[:RECORDED_DIGEST_CHARS]}"

    def same_request(self, other: IdempotencyRecord) -> bool:
        return self.request_value() == other.request_value()

    def same_body(self, other: IdempotencyRecord) -> bool:
        """Whether both are of the same request, whichever seat it was given."""
        return self.digest[:RECORDED_DIGEST_CHARS] == other.digest[:RECORDED_DIGEST_CHARS]

    @classmethod
    def parse(cls, stored: str) -> IdempotencyRecord:
        seat, digest, version = stored.split(":")
        return cls(int(seat), digest, int(version))


NO_SEAT = -1
"""The seat of a creation's idempotency record: the request is the whole match's."""

RECORDED_DIGEST_CHARS = 16
"""Hex characters of a move's SHA-256 an idempotency record keeps: 64 bits tell a retry from a
request id reused for another move, and every move keeps a record, so more would only cost
memory."""

COMMIT_ARGS = (
    "loaded_version",
    "request_id",
    "state",
    "state_ttl_s",
    "change",
    "move",
    "request_value",
    "request_ttl_s",
    "record",
    "channel",
    "records_unread",
)
"""The commit script's ARGV, by name, in order (ARGV[1] is `loaded_version`)."""


class NotReplicated(Unavailable):
    """The change is committed on the master, but fewer replicas than required confirmed it in
    time: it is not acknowledged, as a failover now could lose it. A retry with the same
    request id answers once the change is on the replicas (or commits it again if it was
    lost); a change without one may stand or not, which a read tells."""

    def __init__(self, required: int, idempotent: bool = True):
        super().__init__(
            "storage-not-replicated-retry" if idempotent else "storage-not-replicated-read",
            required=required,
        )


@dataclass(frozen=True)
class BroughtBack:
    """What bringing a parked match back found: the match as its row held it, and whether this
    call restored it (then a read answers from it, as the match may be parked again before
    Redis is read) or found it in Redis already (then Redis is read again)."""

    restored: bool
    record: bytes = b""
    """As stored: "<version>:<StoredMatch>" (empty when not restored by this call)."""
    state: bytes = b""
    requests: dict[str, str] = dataclasses.field(default_factory=dict)
    log: list[tuple[bytes, bytes]] = dataclasses.field(default_factory=list)
    """Each change with its move (b"" if none), in order."""


class ParkedMatches(Protocol):
    """Where matches that left Redis while they waited are (`matches.parking.Parking`): a read
    that finds no record asks it before it answers that there is no such match."""

    async def bring_back(self, match_id: str) -> BroughtBack | None:
        """Puts a parked match back in Redis; None when the match is neither parked nor in
        Redis (as seen while no parking is under way)."""

    async def records(self, match_ids: Sequence[str]) -> dict[str, bytes]:
        """The stored records ("<version>:<StoredMatch>") of those of `match_ids` that are
        parked, read where they are (a list does not bring a match back)."""


class MatchStore:
    """Reads and commits matches, on the event loop of its asyncio Redis client. With `parked`
    set, a match that is not in Redis is looked for there too: `load`, `snapshot` and `changes`
    bring it back, `load_many` and `exists` read it where it is."""

    def __init__(
        self,
        client: redis.asyncio.Redis | redis.asyncio.RedisCluster,
        request_ttl_s: int = 86_400,
        wait_replicas: int = 0,
        wait_timeout_ms: int = 1_000,
        snapshots_kept: int = 0,
    ):
        """`snapshots_kept`: of how many matches the last snapshot read or committed is kept
        for `kept_snapshot` (`kept.py`)."""
        self.redis = client
        self.request_ttl_s = request_ttl_s
        self.wait_replicas = wait_replicas
        self.wait_timeout_ms = wait_timeout_ms
        self.cluster = isinstance(client, redis.asyncio.RedisCluster)
        self.parked: ParkedMatches | None = None
        self._commit = client.register_script(COMMIT_SCRIPT)
        self._create = client.register_script(CREATE_SCRIPT)
        self._confirm = client.register_script(CONFIRM_SCRIPT)
        self._snapshot = client.register_script(SNAPSHOT_SCRIPT)
        self.kept = KeptSnapshots(snapshots_kept)

    async def write_script(self, script, keys: list[str], args: list) -> tuple[Any, bool]:
        """Runs a writing script: its reply (whatever the script returns), and whether enough
        replicas confirmed it. With `wait_replicas`, WAIT follows on the same connection (one
        pipeline to the node of `keys`' slot) for up to `wait_timeout_ms`."""
        if not self.wait_replicas:
            return await script(keys=keys, args=args), True
        wait: dict = {}
        if isinstance(self.redis, redis.asyncio.RedisCluster):
            wait["target_nodes"] = self.redis.get_node_from_key(keys[0])
        for _ in range(2):
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.execute_command("EVALSHA", script.sha, len(keys), *keys, *args)
                pipe.execute_command("WAIT", self.wait_replicas, self.wait_timeout_ms, **wait)
                reply, acknowledged = await pipe.execute(raise_on_error=False)
            if isinstance(reply, redis.exceptions.NoScriptError):
                await self.redis.script_load(script.script)
                continue
            if isinstance(reply, Exception):
                raise reply
            if isinstance(acknowledged, Exception) or acknowledged < self.wait_replicas:
                log.warning(
                    "a write was not confirmed by enough replicas in time",
                    extra={"key": keys[0], "acknowledged": str(acknowledged)},
                )
                return reply, False
            return reply, True
        raise redis.exceptions.NoScriptError("the script could not be loaded")

    # -- creating and reading ------------------------------------------------------------------

    async def create(
        self,
        match: Match,
        state: bytes,
        change: storage_pb2.StoredChange,
        request: tuple[str, IdempotencyRecord] | None = None,
        indexes: Sequence[IndexUpdate] = (),
        maybe_parked: bool = True,
    ) -> bool:
        """Indexes first (the lobby, activity, the players' lists, and `indexes`), then the
        match's own keys in one script (one slot): a crash in between leaves index entries of a
        match that does not exist, which readers skip and the lobby repair drops, never a match
        missing from them. False when a match of that id existed already (it is left as it
        was). `request`: the creating request's id and record, kept as a move's are;
        `maybe_parked`: a match of this id may be parked (a turn-based match's creation under
        an id chosen ahead, retried days later), so it is looked for there first; a live
        match is never parked, and a random id is new, so their creation needs no database."""
        request_id, record = request or ("", None)
        parked = self.parked if maybe_parked else None
        if parked is not None and await parked.bring_back(match.match_id) is not None:
            return False  # parked (a creation retried days later), and back now
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(
                lobby_key(match.title_id, match.phase), {match.match_id: match.created_unix_ms}
            )
            pipe.zadd(ACTIVITY, {match.match_id: match.updated_unix_ms})
            for player_id in match.player_ids():
                pipe.zadd(player_matches_key(player_id), {match.match_id: match.created_unix_ms})
                if match.clock.turn_based:
                    pipe.zadd(turn_based_key(player_id), {match.match_id: match.created_unix_ms})
            for update in indexes:
                _queue(pipe, update)
            await pipe.execute()
        reply, replicated = await self.write_script(
            self._create,
            [
                match_key(match.match_id),
                state_key(match.match_id),
                log_key(match.match_id),
                requests_key(match.match_id),
            ],
            [
                f"{match.version}:".encode() + match_record(match),
                state,
                change.SerializeToString(),
                request_id,
                record.request_value() if record else "",
                self.request_ttl_s,
            ],
        )
        # Again, in case the repair of another replica dropped the first entry while this
        # creation was held up for longer than the repair's grace. The match exists now: a
        # failure here is logged, not reported as a failed creation.
        try:
            await self.redis.zadd(
                lobby_key(match.title_id, match.phase), {match.match_id: match.created_unix_ms}
            )
        except redis.RedisError as error:
            log.warning(
                "created; filing it again failed",
                extra={"match_id": match.match_id, "error": str(error)},
            )
        if not replicated:
            raise NotReplicated(self.wait_replicas, idempotent=request is not None)
        return reply != b"exists"

    async def confirm(self, match_id: str) -> None:
        """Returns once the required replicas hold every write the match's node had taken
        before, a replayed request's change among them; `NotReplicated` when fewer confirm in
        time. (A WAIT alone would not do: it covers only its own connection's writes.) Where
        the records are gone (the match left Redis for the archive), there is nothing to renew
        and the archive holds the change."""
        if not self.wait_replicas:
            return
        keys, args = [requests_key(match_id)], [self.request_ttl_s]
        try:
            _, replicated = await self.write_script(self._confirm, keys, args)
        except redis.ConnectionError:
            # A pooled connection closed under it (a failover, CLIENT KILL): unlike a commit,
            # renewing an expiry and waiting may simply be done again.
            _, replicated = await self.write_script(self._confirm, keys, args)
        if not replicated:
            raise NotReplicated(self.wait_replicas)

    async def load(self, match_id: str) -> Match | None:
        raw = await self._read_through(
            match_id, lambda: self.redis.get(match_key(match_id)), lambda back: back.record
        )
        return parse_record(match_id, raw)

    async def _read_through(
        self,
        match_id: str,
        read: Callable[[], Awaitable[T | None]],
        from_row: Callable[[BroughtBack], T],
    ) -> T | None:
        """`read()` of the match in Redis; where it finds nothing, the match brought back from
        its parked row (`from_row` of what this call restored), or read again."""
        found = await read()
        for _ in range(BRING_BACK_ATTEMPTS):
            if found is not None or self.parked is None:
                break
            back = await self.parked.bring_back(match_id)
            if back is None:
                break  # neither parked nor in Redis
            if back.restored:
                return from_row(back)
            found = await read()
        return found

    async def load_many(self, match_ids: Sequence[str]) -> list[Match | None]:
        """`load` of each match in one round trip (a pipeline of GETs, not one MGET: the
        matches live in different Cluster slots); None for a match without a record, or with
        one this version cannot read, which is logged and skipped rather than failing all."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for match_id in match_ids:
                pipe.get(match_key(match_id))
            raws = await pipe.execute(raise_on_error=False)
        loaded = []
        for match_id, raw in zip(match_ids, raws, strict=True):
            try:
                if isinstance(raw, redis.ResponseError):
                    raise UnreadableMatch(match_id)
                loaded.append(parse_record(match_id, raw))
            except UnreadableMatch as error:
                log.warning("skipped a match record", extra={"error": error.reason})
                loaded.append(None)
        missing = [match_id for match_id, raw in zip(match_ids, raws, strict=True) if raw is None]
        if missing and self.parked is not None:
            parked = await self.parked.records(missing)
            loaded = [
                parse_record(match_id, parked[match_id]) if match_id in parked else match
                for match_id, match in zip(match_ids, loaded, strict=True)
            ]
        return loaded

    async def exists(self, match_id: str) -> bool:
        """Whether the match has a record, whatever its form (in Redis, or parked)."""
        if await self.redis.exists(match_key(match_id)):
            return True
        return self.parked is not None and bool(await self.parked.records([match_id]))

    async def snapshot(
        self, match_id: str, request_id: str = ""
    ) -> tuple[Match | None, bytes | None, str | None]:
        """The match, its state and an idempotency record, read by one script (atomic, and one
        slot thanks to the hash tag) so that all three belong to the same version."""
        keys = [match_key(match_id), state_key(match_id), requests_key(match_id)]

        async def read() -> tuple[bytes, bytes | None, bytes | None] | None:
            stored, state, record = await self._snapshot(keys=keys, args=[request_id])
            return None if stored is None else (stored, state, record)

        def from_row(back: BroughtBack) -> tuple[bytes, bytes | None, bytes | None]:
            record = back.requests.get(request_id) if request_id else None
            return back.record, back.state, record.encode() if record is not None else None

        stored, state, record = await self._read_through(match_id, read, from_row) or (
            None,
            None,
            None,
        )
        match = parse_record(match_id, stored)
        if match is not None and state is not None:
            self.kept.keep(match_id, as_bytes(stored), state)
        return match, state, record.decode() if record is not None and request_id else None

    def kept_snapshot(self, match_id: str, version: int) -> tuple[Match, bytes] | None:
        """The match and its state at `version` as this process last read or committed them,
        without a read: a guess only a commit at `version` may act on, as its version test
        confirms it (None when no snapshot of that version is kept)."""
        kept = self.kept.at(match_id, version)
        if kept is None:
            return None
        match = parse_record(match_id, kept.record)
        if match is None:  # never: a kept record is a record
            return None
        match.records_unread = True
        return match, kept.state

    # -- committing ----------------------------------------------------------------------------

    async def commit(
        self,
        match_id: str,
        loaded_version: int,
        commit: Commit,
        request: tuple[str, IdempotencyRecord] | None = None,
        first: Sequence[IndexUpdate] = (),
        then: Sequence[IndexUpdate] = (),
    ) -> CommitResult:
        """Applies `commit` if the match is still at `loaded_version`: the new record, state, one
        log entry, the idempotency record (if any) and the index updates, all in one script,
        which then publishes the new version. The caller read the request id's record in the
        snapshot of `loaded_version` and found none.

        On a Cluster the index updates run around the script instead: `first` before it (a
        failure is raised, nothing is committed), `then` after a commit (a failure is
        reported in the result)."""
        request_id, record = request or ("", None)
        named: dict[str, bytes | str | int] = {
            "loaded_version": loaded_version,
            "request_id": request_id,
            "state": commit.state,
            "state_ttl_s": commit.state_ttl_s or "",
            "change": commit.change.SerializeToString(),
            "move": commit.move,
            "request_value": record.request_value() if record else "",
            "request_ttl_s": self.request_ttl_s,
            "record": commit.record,
            "channel": changed_channel(match_id),
            "records_unread": "1" if commit.records_unread and request_id else "",
        }
        args = [named[name] for name in COMMIT_ARGS]
        keys = [match_key(match_id), log_key(match_id), state_key(match_id), requests_key(match_id)]
        if self.cluster:
            await self.update_indexes(first)
        else:
            for update in (*first, *then):
                keys.append(update.key)
                args.extend(update.args())
        (outcome, value, failure), replicated = await self.write_script(self._commit, keys, args)
        result = CommitResult(
            Outcome(outcome.decode()), value.decode(), replicated, failure.decode()
        )
        if result.outcome is Outcome.COMMITTED and commit.state:
            self.kept.keep(match_id, f"{result.value}:".encode() + commit.record, commit.state)
        else:
            # A change without a state keeps the last one, which is not at hand; a conflict
            # proves the snapshot at the loaded version wrong (one this process committed
            # since stays).
            self.kept.forget(match_id, up_to=loaded_version)
        if self.cluster and result.outcome is Outcome.COMMITTED and then:
            try:
                await self.update_indexes(then)
            except redis.RedisError as error:
                return dataclasses.replace(result, index_failure=str(error) or repr(error))
        return result

    # -- the log -------------------------------------------------------------------------------

    async def changes(
        self, match_id: str, after_version: int | None = None
    ) -> list[tuple[storage_pb2.StoredChange, bytes]]:
        """Logged changes with a version above `after_version` (all without one), with their
        moves (b"" if none)."""
        start = "-" if after_version is None else f"{after_version + 1}-0"

        async def read() -> list | None:
            entries = await self.redis.xrange(log_key(match_id), min=start, max="+")
            return [_entry(fields) for _, fields in entries] if entries else None

        def from_row(back: BroughtBack) -> list:
            return [(storage_pb2.StoredChange.FromString(c), move) for c, move in back.log]

        if after_version is not None:
            return await read() or []
        return await self._read_through(match_id, read, from_row) or []

    # -- indexes -------------------------------------------------------------------------------

    async def update_indexes(self, updates: Sequence[IndexUpdate]) -> None:
        """Applies index updates with single-key commands: the additions, then (only once they
        worked) the removals, as the commit script does, so a failure in between leaves a
        duplicate, which readers and the repair handle, never a match in no list at all."""
        additions = [update for update in updates if update.operation != "remove"]
        removals = [update for update in updates if update.operation == "remove"]
        for group in (additions, removals):
            if len(group) == 1:
                await _queue(self.redis, group[0])
            elif group:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for update in group:
                        _queue(pipe, update)
                    await pipe.execute()

    async def place_in_lobby(self, match: Match) -> None:
        """Files the match under its phase and takes it out of the lists of earlier phases
        (repairs a move a crash cut short). Phases only move forward, so a `match` read a
        moment ago can never take an entry out of a list its newer phase belongs in."""
        earlier = LOBBY_PHASES[: LOBBY_PHASES.index(match.phase)]
        await self.update_indexes(lobby_entries(match, earlier))

    async def drop_from_lobby(self, title: str, phase: int, match_id: str) -> None:
        await self.redis.zrem(lobby_key(title, phase), match_id)

    async def lobby(self, title: str, phase: int, limit: int, start: int = 0) -> list[str]:
        """The ids of the `limit` newest matches of a list, from rank `start` (newest first)."""
        members = await self.redis.zrevrange(lobby_key(title, phase), start, start + limit - 1)
        return as_texts(members)

    async def lobby_page(
        self, title: str, phase: int, start: int, count: int
    ) -> list[tuple[str, int]]:
        """(match id, creation time in ms) of `count` entries from rank `start`, oldest first."""
        entries = await self.redis.zrange(
            lobby_key(title, phase), start, start + count - 1, withscores=True
        )
        return [(member, int(score)) for member, score in as_scored(entries)]

    async def lobby_size(self, title: str, phase: int) -> int:
        return await self.redis.zcard(lobby_key(title, phase))

    async def file_for_player(
        self, player_id: str, match_id: str, at_ms: int, turn_based: bool = False
    ) -> None:
        """Lists the match among the player's running matches, and their turn-based ones
        (before the commit that seats them: a crash in between leaves an entry the reader
        skips, never a seat unlisted)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(player_matches_key(player_id), {match_id: at_ms})
            if turn_based:
                pipe.zadd(turn_based_key(player_id), {match_id: at_ms})
            await pipe.execute()

    async def turn_based_count(self, player_id: str) -> int:
        """How many turn-based matches not yet over the player holds a seat in (one whose
        seating was cut short by a crash counts until the match ends or is abandoned)."""
        return await self.redis.zcard(turn_based_key(player_id))

    async def turn_based_matches(self, player_id: str) -> list[str]:
        """The turn-based matches not yet over the player holds a seat in."""
        return as_texts(await self.redis.zrange(turn_based_key(player_id), 0, -1))

    async def my_turn(self, player_id: str, limit: int) -> tuple[list[tuple[str, int]], int]:
        """(match id, deadline in ms, 0 without a clock) of the `limit` matches waiting on the
        player whose time runs out first; and how many wait on them in all."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zrange(my_turn_key(player_id), 0, limit - 1, withscores=True)
            pipe.zcard(my_turn_key(player_id))
            entries, count = await pipe.execute()
        waiting = [(member, int(score)) for member, score in as_scored(entries)]
        return [(match_id, 0 if at == NO_DEADLINE else at) for match_id, at in waiting], count

    async def unfile_player_matches(self, player_id: str, match_ids: Sequence[str]) -> None:
        await self.redis.zrem(player_matches_key(player_id), *match_ids)

    async def player_matches(self, player_id: str, limit: int) -> list[tuple[str, int]]:
        """(match id, filing time in ms) of the player's `limit` newest running matches."""
        entries = await self.redis.zrevrange(
            player_matches_key(player_id), 0, limit - 1, withscores=True
        )
        return [(member, int(score)) for member, score in as_scored(entries)]

    async def set_deadline(self, match_id: str, version: int, deadline_ms: int) -> None:
        await self.update_indexes([deadline_entry(match_id, version, deadline_ms)])

    async def due_deadlines(self, now: int, limit: int = 32) -> list[tuple[str, int]]:
        members = await self.redis.zrangebyscore(DEADLINES, "-inf", now, start=0, num=limit)
        due = []
        for member in as_texts(members):
            match_id, _, version = member.rpartition("@")
            due.append((match_id, int(version)))
        return due

    async def clear_deadline(self, match_id: str, version: int) -> None:
        await self.update_indexes([deadline_entry(match_id, version)])

    async def touch(self, match_id: str, at_ms: int) -> None:
        await self.redis.zadd(ACTIVITY, {match_id: at_ms})

    async def idle_since(self, before_ms: int, limit: int = 32) -> list[str]:
        members = await self.redis.zrangebyscore(ACTIVITY, "-inf", before_ms, start=0, num=limit)
        return as_texts(members)

    async def mark_bot_turn(self, match_id: str, at_ms: int, only_new: bool = False) -> None:
        """Records that a bot seat of the match is to move since `at_ms`."""
        await self.update_indexes([bot_turn_entry(match_id, at_ms, only_new)])

    async def unmark_bot_turn(self, match_id: str) -> None:
        await self.redis.zrem(BOT_TURNS, match_id)

    async def bot_turns_waiting(self, before_ms: int, limit: int = 64) -> list[str]:
        members = await self.redis.zrangebyscore(BOT_TURNS, "-inf", before_ms, start=0, num=limit)
        return as_texts(members)

    async def forget_activity(self, match_id: str) -> None:
        await self.update_indexes([activity_removal(match_id)])

    async def purge(self, match_id: str) -> None:
        """Removes an archived match from Redis: its index entries (lobby, bot turn, activity),
        then its keys, in that order, so a crash in between leaves keys that the next purge
        finds again, never an entry of keys that are gone. After the record's read, one
        pipeline on a single Redis (run in order); on a Cluster, whose pipeline sends each
        node its commands at once, the entries and then the keys (one slot, so one DEL)."""
        match = parse_record(match_id, await self.redis.get(match_key(match_id)))
        removals = [
            IndexUpdate(BOT_TURNS, match_id, operation="remove"),
            activity_removal(match_id),
        ]
        if match is not None:
            lobby = lobby_key(match.title_id, match.phase)
            removals.append(IndexUpdate(lobby, match_id, operation="remove"))
        keys = [match_key(match_id), state_key(match_id), log_key(match_id), chat_key(match_id)]
        if self.cluster:
            await self.update_indexes(removals)
            await self.redis.delete(*keys, requests_key(match_id))
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for update in removals:
                _queue(pipe, update)
            pipe.delete(*keys, requests_key(match_id))
            await pipe.execute()


def _queue(target, update: IndexUpdate):
    """Sends `update` on a client (an awaitable) or queues it on a pipeline."""
    if update.operation == "remove":
        return target.zrem(update.key, update.member)
    if update.operation == "log":
        return target.eval(LOG_SCRIPT, 1, update.key, update.member)
    return target.zadd(update.key, {update.member: update.score}, nx=update.operation == "add_new")


def _entry(fields: object) -> tuple[storage_pb2.StoredChange, bytes]:
    """A log entry's change and move (b"" if none)."""
    if not isinstance(fields, dict):
        raise TypeError(f"a log entry of {type(fields).__name__} where fields were expected")
    return storage_pb2.StoredChange.FromString(fields[b"change"]), fields.get(b"move", b"")


def match_record(match: Match) -> bytes:
    """The match's StoredMatch record."""
    return records.stored_match(match).SerializeToString()


class UnreadableMatch(Broken):
    """A match record this version cannot parse (written by another build, or damaged)."""

    def __init__(self, match_id: str):
        super().__init__("storage-record-unreadable", match=match_id)


def parse_record(match_id: str, raw: object) -> Match | None:
    """The match of a record as read (None: no record)."""
    if raw is None:
        return None
    version, _, record = as_bytes(raw).partition(b":")
    try:
        return Match(match_id=match_id, version=int(version), **records.parse_record(record))
    except (DecodeError, ValueError):
        raise UnreadableMatch(match_id) from None
