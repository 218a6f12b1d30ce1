"""The published rate limits: how many calls of each class a token and a client address may
make, and the limiter that counts them in Redis, shared by every orchestrator replica.

Every method the orchestrator serves is of one class (`CLASS_OF`, over the methods of
`access.scopes.REQUIRED`): moves, reads, challenges, streams (opening one), or writes (every
other change). Each class has a rate and a burst (`LimitSettings`, one setting a class); a
token (the player of a player token, else the token itself) gets that, a client address that
times `address_factor` (several people behind one address), whatever its tokens. The worker
credential (Playhall's own bots) is never limited.

A stream counts once, when it opens, and holds a place while it is open: a token may hold
`limit_open_streams` at once (an address that times the factor), counted in Redis too, as
leases its replica renews (a replica that dies frees its streams' places within a lease).

The limiter is GCRA (the generic cell rate algorithm: a token bucket kept as one timestamp, the
theoretical arrival time of the next call), one Lua script on one key per (class, subject), so
it works on a Redis Cluster unchanged and every replica counts against the same key. Redis's
clock (`TIME`) is the only clock, so replicas whose clocks differ agree, and the wait a refusal
names is exact: a call made that much later passes (unless other calls took the room first)."""

from __future__ import annotations

import asyncio
import enum
import logging
import math
import re
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import redis
import redis.asyncio
from redis.exceptions import NoScriptError

from playhall.access.scopes import REQUIRED
from playhall.common.errors import OverLimit, TooManyStreams
from playhall.common.settings import SettingsError, load, setting

log = logging.getLogger(__name__)


class CallClass(enum.StrEnum):
    """A class of calls, limited together."""

    MOVES = "moves"
    """Submitting a move."""
    READS = "reads"
    """Reading: every Get and List method."""
    CHALLENGES = "challenges"
    """Making and answering challenges."""
    STREAMS = "streams"
    """Opening a stream (watching a match, the event stream, a queue, the chat, ...)."""
    WRITES = "writes"
    """Every other change: creating and joining matches, resigning, following, chatting, ..."""


MOVE_METHODS = frozenset({"/playhall.match.v1.MatchService/SubmitMove"})
CHALLENGE_METHODS = frozenset(
    f"/playhall.social.v1.ChallengeService/{name}"
    for name in ("CreateChallenge", "AcceptChallenge", "DeclineChallenge", "WithdrawChallenge")
)
STREAM_METHODS = frozenset(
    {
        "/playhall.match.v1.MatchService/WatchMatch",
        "/playhall.players.v1.PlayerService/WatchNotices",
        "/playhall.matchmaking.v1.MatchmakingService/EnterQueue",
        "/playhall.tournament.v1.TournamentService/WatchStandings",
        "/playhall.social.v1.ChatService/WatchChat",
        "/playhall.api.v1.EventService/StreamEvents",
    }
)
"""The server-streaming methods (a unit test holds this to the contracts)."""
READ_PREFIXES = ("Get", "List")


def class_of(method: str) -> CallClass:
    """The class of a method, by its full gRPC name ("/package.Service/Method")."""
    if method in MOVE_METHODS:
        return CallClass.MOVES
    if method in CHALLENGE_METHODS:
        return CallClass.CHALLENGES
    if method in STREAM_METHODS:
        return CallClass.STREAMS
    if method.rpartition("/")[2].startswith(READ_PREFIXES):
        return CallClass.READS
    return CallClass.WRITES


CLASS_OF: dict[str, CallClass] = {method: class_of(method) for method in REQUIRED}
"""Each method the orchestrator serves and its class; a method missing here is not limited
(the health and reflection services)."""


@dataclass(frozen=True)
class Rate:
    """So many calls a second on average, and at most `burst` at once after a rest."""

    per_second: float
    burst: int

    @property
    def interval_us(self) -> int:
        """The time one call takes up, in microseconds (rounded up: never more than the
        rate)."""
        return math.ceil(1_000_000 / self.per_second)

    def times(self, factor: int) -> Rate:
        return Rate(self.per_second * factor, self.burst * factor)

    def __str__(self) -> str:
        return f"{self.per_second:g}/s burst {self.burst}"


RATE_SYNTAX = re.compile(
    r"^\s*(?P<count>\d+(?:\.\d+)?)\s*/\s*(?P<unit>s|min|h)(?:\s+burst\s+(?P<burst>\d+))?\s*$"
)
SECONDS_IN = {"s": 1, "min": 60, "h": 3600}


def parse_rate(text: str, name: str) -> Rate:
    """A rate as the settings write it: "20/s burst 40", "30/min", "100/h burst 10" (the
    burst defaults to one second's calls, at least 1). `name` is the variable, for the
    refusal."""
    found = RATE_SYNTAX.match(text)
    if found is None or float(found["count"]) <= 0:
        raise SettingsError(
            f"{name} must be a rate like '20/s burst 40' or '30/min' (per s, min or h), "
            f"not {text!r}"
        )
    per_second = float(found["count"]) / SECONDS_IN[found["unit"]]
    burst = int(found["burst"]) if found["burst"] else max(1, math.ceil(per_second))
    if burst < 1:
        raise SettingsError(f"{name}'s burst must be at least 1, not {burst}")
    return Rate(per_second, burst)


@dataclass(frozen=True)
class LimitSettings:
    """The published limits (`common.settings`: each from `PLAYHALL_<NAME>`). The defaults
    let a bot play many matches at once: 20 moves a second with bursts of 40."""

    rate_limits: bool = setting(True)
    """Whether calls are limited at all (off: nothing is counted)."""
    limit_moves: str = setting("20/s burst 40")
    limit_reads: str = setting("20/s burst 40")
    limit_challenges: str = setting("1/s burst 10")
    limit_streams: str = setting("1/s burst 8")
    """Opening streams."""
    limit_writes: str = setting("5/s burst 20")
    limit_open_streams: int = setting(8, minimum=1)
    """Streams one token may hold open at once, on all replicas together."""
    limit_address_factor: int = setting(5, minimum=1)
    """A client address may make this many times what one token may, whatever its tokens."""

    @classmethod
    def from_env(cls, flags: Mapping[str, Any] | None = None) -> LimitSettings:
        settings = load(cls, flags)
        settings.table()  # fails fast on a malformed rate
        return settings

    def table(self) -> LimitTable:
        return LimitTable(
            {
                kind: parse_rate(getattr(self, f"limit_{kind}"), f"PLAYHALL_LIMIT_{kind.upper()}")
                for kind in CallClass
            },
            self.limit_address_factor,
            self.limit_open_streams,
        )


@dataclass(frozen=True)
class LimitTable:
    """The rate of each class for a token, the factor an address gets more, and the streams
    a token may hold open."""

    per_token: dict[CallClass, Rate]
    address_factor: int
    open_streams: int
    """Streams one token may hold open at once (an address, `address_factor` times that)."""

    def for_token(self, kind: CallClass) -> Rate:
        return self.per_token[kind]

    def for_address(self, kind: CallClass) -> Rate:
        return self.per_token[kind].times(self.address_factor)

    def most_open(self, kind: SubjectKind) -> int:
        """Streams a token, or an address, may hold open at once."""
        if kind is SubjectKind.ADDRESS:
            return self.open_streams * self.address_factor
        return self.open_streams

    def methods(self, kind: CallClass) -> list[str]:
        """The methods of a class, by full name, sorted."""
        return sorted(method for method, of in CLASS_OF.items() if of is kind)


class SubjectKind(enum.StrEnum):
    """Who a limit counts: a token (the player of a player token, else the token) or an
    address."""

    TOKEN = "token"
    ADDRESS = "address"


@dataclass(frozen=True)
class Subject:
    """One counted caller, counted by `key` and named in refusals as "token:<name>" or
    "address:<ip>" (a personal access token the access gate refused by the prefix its owner
    sees in their list, its secret never)."""

    kind: SubjectKind
    name: str
    key: str = ""
    """What it is counted by, when not its name (a personal access token's hash)."""

    def __str__(self) -> str:
        return f"{self.kind}:{self.name}"

    @property
    def counted_as(self) -> str:
        return f"{self.kind}:{self.key or self.name}"


GCRA_SCRIPT = """
-- KEYS: one subject's key for one class each. ARGV: for each key, the microseconds one call
-- takes up and the burst. Returns, for each key, 0 when the call passes (and counts it there),
-- else the microseconds until one would. A key holds the theoretical arrival time of the next
-- call.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local waits = {}
for i, key in ipairs(KEYS) do
  local interval = tonumber(ARGV[2 * i - 1])
  local burst = tonumber(ARGV[2 * i])
  local arrival = tonumber(redis.call('GET', key) or now)
  if arrival < now then
    arrival = now
  end
  local allowed_at = arrival + interval - burst * interval
  if now < allowed_at then
    waits[i] = allowed_at - now
  else
    local next_arrival = arrival + interval
    local ttl_ms = math.ceil((next_arrival - now) / 1000) + 1
    redis.call('SET', key, string.format('%.0f', next_arrival), 'PX', ttl_ms)
    waits[i] = 0
  end
end
return waits
"""
KEY_PREFIX = "limits"


class Limiter:
    """Counts calls against the table in Redis; `admit` refuses one over a limit."""

    def __init__(self, client: redis.asyncio.Redis | redis.asyncio.RedisCluster, table: LimitTable):
        self.table = table
        self._client = client
        self._gcra = client.register_script(GCRA_SCRIPT)
        self._cluster = isinstance(client, redis.asyncio.RedisCluster)

    def rate(self, subject: Subject, kind: CallClass) -> Rate:
        if subject.kind is SubjectKind.ADDRESS:
            return self.table.for_address(kind)
        return self.table.for_token(kind)

    async def wait_us(self, kind: CallClass, subjects: list[Subject]) -> list[int]:
        """Takes one call of `kind` from each subject that has room for it: for each, 0 when
        it passed, else the microseconds until one would (nothing taken from that one).

        One round trip: on a single Redis, one script call counts every subject; on a Redis
        Cluster, whose subjects' keys lie in slots of their own, a pipeline of one call per
        subject goes to each node of their keys, in parallel. The EVALSHA are sent as they are
        rather than as redis-py's `Script`, which asks SCRIPT EXISTS first, a round trip more;
        a Redis that lost its scripts (restarted, failed over) answers NOSCRIPT, and those
        subjects are counted again once it has the script."""
        groups = [subjects] if not self._cluster else [[subject] for subject in subjects]
        replies = await self._evalsha(kind, groups)
        lost = [i for i, reply in enumerate(replies) if isinstance(reply, NoScriptError)]
        if lost:
            await self._client.script_load(GCRA_SCRIPT)
            again = await self._evalsha(kind, [groups[i] for i in lost])
            for i, reply in zip(lost, again, strict=True):
                replies[i] = reply
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        return [int(wait) for waits in replies for wait in waits]

    async def _evalsha(self, kind: CallClass, groups: list[list[Subject]]) -> list[Any]:
        """Each group's waits (or the NOSCRIPT error its script call met), one EVALSHA a
        group: alone, without a pipeline's own cost, when there is one group."""
        commands = [self._command(kind, group) for group in groups]
        if len(commands) == 1:
            try:
                return [await self._client.execute_command(*commands[0])]
            except NoScriptError as error:
                return [error]
        async with self._client.pipeline(transaction=False) as pipe:
            for command in commands:
                pipe.execute_command(*command)
            return list(await pipe.execute(raise_on_error=False))

    def _command(self, kind: CallClass, group: list[Subject]) -> tuple[Any, ...]:
        keys = [f"{KEY_PREFIX}:{kind}:{subject.counted_as}" for subject in group]
        rates = [self.rate(subject, kind) for subject in group]
        arguments = [value for rate in rates for value in (rate.interval_us, rate.burst)]
        return ("EVALSHA", self._gcra.sha, len(keys), *keys, *arguments)

    async def admit(self, kind: CallClass, subjects: Iterable[Subject]) -> None:
        """Counts one call of `kind` for every subject that has room for it, all at once;
        `OverLimit` for the first over its limit (the others took the call all the same, as
        docs/limits.md says)."""
        counted = list(subjects)
        if not counted:
            return
        for subject, wait in zip(counted, await self.wait_us(kind, counted), strict=True):
            if wait:
                rate = self.rate(subject, kind)
                raise OverLimit(
                    str(subject), str(kind), rate.per_second, rate.burst, wait / 1_000_000
                )


OPEN_SCRIPT = """
-- KEYS[1]: one subject's open streams, a sorted set of stream ids by when their lease ends.
-- ARGV[1]: the stream's id, ARGV[2]: the most open at once, ARGV[3]: the lease (ms).
-- Returns 1 when the stream is taken in, 0 when the subject holds the most already. Leases
-- run out on their own, so a replica that died frees its streams' places within a lease.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""
RENEW_SCRIPT = """
-- KEYS[1], ARGV[1], ARGV[3] as OPEN_SCRIPT's: the stream's lease starts again (if it is held).
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[3]), ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 0
"""
STREAM_LEASE_S = 30.0
"""How long a stream's place is held without its replica renewing it (every third of it)."""


class OpenStreams:
    """The streams each subject holds open, counted in Redis across replicas (a sorted set of
    leases per subject): at most `LimitTable.most_open` at once."""

    def __init__(
        self,
        client: redis.asyncio.Redis | redis.asyncio.RedisCluster,
        table: LimitTable,
        lease_s: float = STREAM_LEASE_S,
    ):
        self.table = table
        self.lease_ms = round(lease_s * 1000)
        self._client = client
        self._open = client.register_script(OPEN_SCRIPT)
        self._renew = client.register_script(RENEW_SCRIPT)

    @staticmethod
    def key(subject: Subject) -> str:
        return f"{KEY_PREFIX}:open:{subject.counted_as}"

    async def open(self, subjects: Iterable[Subject]) -> Places:
        """Takes a place for one stream of each subject, held (its leases renewed) until
        `Places.close`; `TooManyStreams` for the first subject with none left (and nothing is
        held)."""
        places = Places(self, uuid.uuid4().hex)
        for subject in subjects:
            most = self.table.most_open(subject.kind)
            key = self.key(subject)
            if not await self._open(keys=[key], args=[places.stream, most, self.lease_ms]):
                await places.close()
                raise TooManyStreams(str(subject), most)
            places.keys.append(key)
        places.renew_until_closed()
        return places

    async def renew(self, keys: list[str], stream: str) -> None:
        for key in keys:
            await self._renew(keys=[key], args=[stream, 0, self.lease_ms])

    async def free(self, keys: list[str], stream: str) -> None:
        for key in keys:
            await self._client.zrem(key, stream)


class Places:
    """One stream's places in its subjects' counts, until it closes."""

    def __init__(self, streams: OpenStreams, stream: str):
        self.streams = streams
        self.stream = stream
        self.keys: list[str] = []
        self._renewing: asyncio.Task[None] | None = None

    def renew_until_closed(self) -> None:
        self._renewing = asyncio.create_task(self._renew_every_third())

    async def _renew_every_third(self) -> None:
        while True:
            await asyncio.sleep(self.streams.lease_ms / 3000)
            try:
                await self.streams.renew(self.keys, self.stream)
            except redis.RedisError as error:
                # Tried again a third of a lease later: the place is lost only if all fail.
                log.warning("a stream's lease not renewed", extra={"error": str(error)[:200]})

    async def close(self) -> None:
        if self._renewing is not None:
            self._renewing.cancel()
        try:
            await self.streams.free(self.keys, self.stream)
        except redis.RedisError as error:
            # Its lease runs out on its own.
            log.warning("a stream's place not freed", extra={"error": str(error)[:200]})


def short_name(method: str) -> str:
    """A method as the docs write it: "MatchService.SubmitMove" for its full name."""
    service, _, name = method.lstrip("/").partition("/")
    return f"{service.rpartition('.')[2]}.{name}"


def markdown_table(table: LimitTable) -> str:
    """The table of limits as docs/limits.md shows it (a test holds the file to this)."""
    lines = [
        "| Class | Per token | Per address | Methods |",
        "| --- | --- | --- | --- |",
    ]
    for kind in CallClass:
        methods = ", ".join(f"`{short_name(method)}`" for method in table.methods(kind))
        lines.append(
            f"| {kind} | {table.for_token(kind)} | {table.for_address(kind)} | {methods} |"
        )
    lines.append("")
    lines.append(
        f"Streams open at once: {table.most_open(SubjectKind.TOKEN)} per token, "
        f"{table.most_open(SubjectKind.ADDRESS)} per address."
    )
    return "\n".join(lines) + "\n"
