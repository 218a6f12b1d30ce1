"""The published rate limits: how many calls of each class a token and a client address may
make, and the limiter that counts them in Redis, shared by every orchestrator replica.

Every method the orchestrator serves is of one class (`CLASS_OF`, over the methods of
`access.scopes.REQUIRED`): moves, reads, challenges, streams (opening one), or writes (every
other change). Each class has a rate and a burst (`LimitSettings`, one setting a class); a
token (the player of a player token, else the token itself) gets that, a client address that
times `address_factor` (several people behind one address), whatever its tokens. The worker
credential (Playhall's own bots) is never limited.

The limiter is GCRA (the generic cell rate algorithm: a token bucket kept as one timestamp, the
theoretical arrival time of the next call), one Lua script on one key per (class, subject), so
it works on a Redis Cluster unchanged and every replica counts against the same key. Redis's
clock (`TIME`) is the only clock, so replicas whose clocks differ agree, and the wait a refusal
names is exact: a call made that much later passes (unless other calls took the room first)."""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import redis.asyncio

from playhall.access.scopes import REQUIRED
from playhall.common.errors import OverLimit
from playhall.common.settings import SettingsError, load, setting


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
        )


@dataclass(frozen=True)
class LimitTable:
    """The rate of each class for a token, and the factor an address gets more."""

    per_token: dict[CallClass, Rate]
    address_factor: int

    def for_token(self, kind: CallClass) -> Rate:
        return self.per_token[kind]

    def for_address(self, kind: CallClass) -> Rate:
        return self.per_token[kind].times(self.address_factor)

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
    "address:<ip>" (a personal access token by the prefix its owner sees in their list, its
    secret never)."""

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
-- KEYS[1]: one subject's key for one class. ARGV[1]: the microseconds one call takes up,
-- ARGV[2]: the burst. Returns 0 when the call passes (and counts it), else the microseconds
-- until one would. The key holds the theoretical arrival time of the next call.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local arrival = tonumber(redis.call('GET', KEYS[1]) or now)
if arrival < now then
  arrival = now
end
local allowed_at = arrival + interval - burst * interval
if now < allowed_at then
  return allowed_at - now
end
local next_arrival = arrival + interval
local ttl_ms = math.ceil((next_arrival - now) / 1000) + 1
redis.call('SET', KEYS[1], string.format('%.0f', next_arrival), 'PX', ttl_ms)
return 0
"""
KEY_PREFIX = "limits"


class Limiter:
    """Counts calls against the table in Redis; `admit` refuses one over a limit."""

    def __init__(self, client: redis.asyncio.Redis | redis.asyncio.RedisCluster, table: LimitTable):
        self.table = table
        self._take = client.register_script(GCRA_SCRIPT)

    def rate(self, subject: Subject, kind: CallClass) -> Rate:
        if subject.kind is SubjectKind.ADDRESS:
            return self.table.for_address(kind)
        return self.table.for_token(kind)

    async def wait_us(self, subject: Subject, kind: CallClass) -> int:
        """Takes one call of `kind` from `subject`: 0 when it passes, else the microseconds
        until one would (nothing taken)."""
        rate = self.rate(subject, kind)
        key = f"{KEY_PREFIX}:{kind}:{subject.counted_as}"
        return int(await self._take(keys=[key], args=[rate.interval_us, rate.burst]))

    async def admit(self, kind: CallClass, subjects: Iterable[Subject]) -> None:
        """Counts one call of `kind` for each subject in turn; `OverLimit` for the first over
        its limit (those after it are not counted)."""
        for subject in subjects:
            wait = await self.wait_us(subject, kind)
            if wait:
                rate = self.rate(subject, kind)
                raise OverLimit(str(subject), str(kind), str(rate), wait / 1_000_000)


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
    return "\n".join(lines) + "\n"
