"""Each account's event log in Redis, which its event stream (`api/events.py`) is read from.

`playhall:events:<player id>` is a sorted set of what happened to the player, scored by when it
was logged (ms, by the clock of the Redis node holding the key, `LOG_SCRIPT`: so in the order
the entries were added, whatever the clocks of the replicas adding them). A member is
"<kind>|<player id>|<match or challenge id>|<version>|<detail>", written by the same commit or
call that files the matching notice and only if missing: a commit retried or replayed, or an
answer retried, writes the same member again and changes nothing, so an event is logged once.
Members are ordered by (score, member): an event's id, "<score>:<member>", is a cursor a stream
resumes after. A read takes only entries of a millisecond that is over, so no entry is added
later in front of one already read.

A log keeps `KEEP_MS` of events: older ones are dropped when the notifier is done with one of
the player's notices and whenever the player's stream opens, and the key of a player who has
none for that long expires."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import redis.asyncio

from playhall.matchstore.redis_client import as_texts
from playhall.matchstore.store import LOG_SCRIPT, IndexUpdate

KEEP_MS = 7 * 24 * 3600 * 1000
"""How long an account's log keeps an event (a week: a bot is back well before)."""
READ_BATCH = 100
READ_SCRIPT = """
-- KEYS: a log. ARGV: the least score, how many at most. Its entries from that score on, of the
-- milliseconds that are over by its node's clock (one may still be added to the current one).
local now = redis.call('TIME')
local now_ms = now[1] * 1000 + math.floor(now[2] / 1000)
return redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '(' .. now_ms, 'WITHSCORES', 'LIMIT', 0,
  ARGV[2])
"""
LAST_SCRIPT = """
-- KEYS: a log. Its newest entry of the milliseconds that are over, with its score.
local now = redis.call('TIME')
local now_ms = now[1] * 1000 + math.floor(now[2] / 1000)
return redis.call('ZREVRANGEBYSCORE', KEYS[1], '(' .. now_ms, '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
"""


class EventKind(enum.StrEnum):
    """What an event tells its account."""

    MATCH_STARTED = "match_started"
    YOUR_TURN = "your_turn"
    """The version: the turn that waits on the account."""
    MATCH_ENDED = "match_ended"
    CHALLENGE_RECEIVED = "challenge_received"
    CHALLENGE_ANSWERED = "challenge_answered"
    """The detail: "accepted", "declined" (told the challenger) or "withdrawn" (the invited)."""


@dataclass(frozen=True)
class Event:
    """One entry of an account's log."""

    kind: EventKind
    player_id: str
    subject_id: str
    """The match's id, or the challenge's."""
    version: int = 0
    detail: str = ""
    at_ms: int = 0
    """When it was logged (0 until it is)."""

    def member(self) -> str:
        fields = (self.kind.value, self.player_id, self.subject_id, str(self.version), self.detail)
        return "|".join(fields)

    @property
    def cursor(self) -> tuple[int, str]:
        return self.at_ms, self.member()

    @classmethod
    def parse(cls, member: str, at_ms: int) -> Event | None:
        """The event of a stored member (None: a kind this build does not know)."""
        kind, player_id, subject_id, version, detail = member.split("|", 4)
        if kind not in EventKind.__members__.values():
            return None
        return cls(EventKind(kind), player_id, subject_id, int(version), detail, at_ms)


def events_key(player_id: str) -> str:
    return f"playhall:events:{player_id}"


def event_entry(event: Event) -> IndexUpdate:
    """The event logged by a commit (kept as it was when logged already)."""
    return IndexUpdate(events_key(event.player_id), event.member(), operation="log")


def parse_cursor(cursor: str) -> tuple[int, str]:
    """The (time, member) an event id names ("<ms>:" before any event); ValueError for one
    that names none."""
    at, separator, member = cursor.partition(":")
    if not separator or (member and member.count("|") != 4):
        raise ValueError(cursor)
    return int(at), member


def cursor_id(cursor: tuple[int, str]) -> str:
    """The event id of a cursor (`parse_cursor`'s inverse)."""
    return f"{cursor[0]}:{cursor[1]}"


class EventLog:
    def __init__(self, client: redis.asyncio.Redis | redis.asyncio.RedisCluster):
        self.redis = client
        self._log = client.register_script(LOG_SCRIPT)
        self._read = client.register_script(READ_SCRIPT)
        self._last = client.register_script(LAST_SCRIPT)

    async def add(self, event: Event) -> None:
        """Logs an event outside a commit (a challenge's), once however often it is told."""
        await self._log(keys=[events_key(event.player_id)], args=[event.member()])

    async def after(self, player_id: str, cursor: tuple[int, str]) -> list[Event]:
        """Up to `READ_BATCH` of the player's events after `cursor`, oldest first."""
        at_ms, member = cursor
        found = await self._read(keys=[events_key(player_id)], args=[at_ms, READ_BATCH + 64])
        events = []
        for text, score in _scored(found):
            if (int(score), text) <= (at_ms, member):
                continue
            event = Event.parse(text, int(score))
            if event is not None:
                events.append(event)
        return events[:READ_BATCH]

    async def last(self, player_id: str) -> tuple[int, str]:
        """The cursor of the player's newest event of a millisecond that is over ((0, "") with
        none)."""
        newest = _scored(await self._last(keys=[events_key(player_id)]))
        if not newest:
            return 0, ""
        member, score = newest[0]
        return int(score), member

    async def trim(self, player_id: str, now_ms: int) -> None:
        """Drops the player's events older than `KEEP_MS`; the key expires unless renewed."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zremrangebyscore(events_key(player_id), "-inf", now_ms - KEEP_MS)
            pipe.pexpire(events_key(player_id), KEEP_MS)
            await pipe.execute()


def _scored(reply: list) -> list[tuple[str, int]]:
    """A script's sorted-set reply WITHSCORES (member, score, member, score...) as pairs."""
    return list(zip(as_texts(reply[::2]), (int(score) for score in reply[1::2]), strict=True))
