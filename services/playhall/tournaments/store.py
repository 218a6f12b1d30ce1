"""Tournaments in Redis. A tournament is one key, "<version>:<JSON record>", that only a
compare-and-set script changes; pairing a round is one such change, made under the
tournament's lease, so a round is paired once however many replicas try.

Keys:
    pt:{<id>}          the record
    pt:{<id>}:lease    which replica runs the tournament
    playhall:tournaments         every tournament by start time (ms)
    playhall:tournaments:active  the tournaments not yet over by start time (ms)
"""

from __future__ import annotations

import enum
import json
from dataclasses import asdict, dataclass, field

import redis.asyncio

from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matchstore import wire
from playhall.matchstore.leases import Leases
from playhall.matchstore.model import BotLevel, Clock
from playhall.matchstore.redis_client import as_bytes, as_texts

ALL = "playhall:tournaments"
ACTIVE = "playhall:tournaments:active"

SET_SCRIPT = """
-- Writes the record if it is still at the version read and the caller holds the lease (when
-- it names one). KEYS: 1 record, 2 lease. ARGV: 1 version read, 2 new record, 3 holder or ''.
if ARGV[3] ~= '' and redis.call('GET', KEYS[2]) ~= ARGV[3] then return 'not_holder' end
local current = redis.call('GET', KEYS[1])
local version = current and string.match(current, '^(%d+):') or '-1'
if version ~= ARGV[1] then return 'stale' end
redis.call('SET', KEYS[1], ARGV[2])
return 'ok'
"""


def record_key(tournament_id: str) -> str:
    return f"pt:{{{tournament_id}}}"


def lease_key(tournament_id: str) -> str:
    return f"pt:{{{tournament_id}}}:lease"


class Format(enum.IntEnum):
    """How a tournament pairs its rounds (stored by these numbers, as the API numbers them)."""

    UNSPECIFIED = 0
    SWISS = 1
    ROUND_ROBIN = 2


@dataclass
class StoredEntrant:
    bot_level: BotLevel
    """UNSPECIFIED for a player."""
    player_id: str
    display_name: str


@dataclass
class StoredPairing:
    first: int
    second: int | None
    match_id: str
    first_points: float | None = None


@dataclass
class StoredTournament:
    tournament_id: str
    name: str
    title_id: str
    format: Format
    rounds_planned: int
    entrants: list[StoredEntrant]
    start_unix_ms: int
    clock: str
    """The matches' clock, as a serialized `playhall.match.v1.Clock` in hex (`games_clock`)."""
    created_by: str
    finished: bool = False
    rounds: list[list[StoredPairing]] = field(default_factory=list)
    version: int = -1
    """The version read; -1 for one not stored yet."""

    def games_clock(self) -> Clock:
        """The clock the tournament's games have."""
        return wire.clock_of(mpb.Clock.FromString(bytes.fromhex(self.clock)))

    @staticmethod
    def stored_clock(clock: Clock) -> str:
        return wire.clock_message(clock).SerializeToString().hex()

    def encode(self) -> str:
        body = asdict(self)
        del body["version"]
        return f"{self.version + 1}:" + json.dumps(body, separators=(",", ":"))

    @classmethod
    def decode(cls, raw: bytes) -> StoredTournament:
        version, _, body = raw.decode().partition(":")
        fields = json.loads(body)
        fields["format"] = Format(fields["format"])
        fields["entrants"] = [
            StoredEntrant(BotLevel(e["bot_level"]), e["player_id"], e["display_name"])
            for e in fields["entrants"]
        ]
        fields["rounds"] = [[StoredPairing(**p) for p in r] for r in fields["rounds"]]
        return cls(**fields, version=int(version))


class TournamentStore:
    def __init__(self, client: redis.asyncio.Redis | redis.asyncio.RedisCluster):
        self.redis = client
        self._set = client.register_script(SET_SCRIPT)
        self.leases = Leases(client)

    async def create(self, tournament: StoredTournament) -> None:
        """Indexes it, then writes it: an index entry without its record is skipped."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(ALL, {tournament.tournament_id: tournament.start_unix_ms})
            pipe.zadd(ACTIVE, {tournament.tournament_id: tournament.start_unix_ms})
            await pipe.execute()
        await self.save(tournament, "")

    async def load(self, tournament_id: str) -> StoredTournament | None:
        raw = await self.redis.get(record_key(tournament_id))
        return StoredTournament.decode(as_bytes(raw)) if raw is not None else None

    async def save(self, tournament: StoredTournament, holder: str) -> str:
        """'ok', 'stale' (changed since it was read) or 'not_holder' (the lease is lost)."""
        tid = tournament.tournament_id
        reply = await self._set(
            keys=[record_key(tid), lease_key(tid)],
            args=[str(tournament.version), tournament.encode(), holder],
        )
        outcome = reply.decode() if isinstance(reply, bytes) else str(reply)
        if outcome == "ok":
            tournament.version += 1
        return outcome

    async def latest(self, limit: int) -> list[StoredTournament]:
        ids = as_texts(await self.redis.zrevrange(ALL, 0, limit - 1))
        raws = await self.redis.mget([record_key(i) for i in ids]) if ids else []
        return [StoredTournament.decode(as_bytes(raw)) for raw in raws if raw is not None]

    async def due(self, now_ms: int, limit: int = 256) -> list[str]:
        """The tournaments not over whose start time has come."""
        ids = await self.redis.zrangebyscore(ACTIVE, "-inf", now_ms, start=0, num=limit)
        return as_texts(ids)

    async def finished(self, tournament_id: str) -> None:
        await self.redis.zrem(ACTIVE, tournament_id)

    async def hold_lease(self, tournament_id: str, holder: str, ttl_ms: int) -> bool:
        return await self.leases.hold(lease_key(tournament_id), holder, ttl_ms)

    async def release_lease(self, tournament_id: str, holder: str) -> None:
        await self.leases.release(lease_key(tournament_id), holder)
