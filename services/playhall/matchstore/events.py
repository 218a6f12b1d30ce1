"""Each account's event log in Redis, which its event stream (`api/events.py`) is read from.

`playhall:events:<player id>` is a sorted set of what happened to the player, scored by when
(unix ms). A member is "<kind>|<player id>|<match or challenge id>|<version>|<detail>", written
by the same commit or call that files the matching notice (ZADD NX, beside the notice
outbox's entry): a commit retried or replayed writes the same member again and changes
nothing, so an event is logged once. Members are ordered by (score, member): an event's id,
"<score>:<member>", is a cursor a stream resumes after.

A log keeps `KEEP_MS` of events: older ones are dropped when the notifier is done with one of
the player's notices and whenever the player's stream reads it, and the key of a player who
has none for that long expires."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import redis.asyncio

from playhall.matchstore.redis_client import as_scored
from playhall.matchstore.store import IndexUpdate

KEEP_MS = 7 * 24 * 3600 * 1000
"""How long an account's log keeps an event (a week: a bot is back well before)."""
READ_BATCH = 100


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
    return IndexUpdate(events_key(event.player_id), event.member(), event.at_ms, "add_new")


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

    async def add(self, event: Event) -> None:
        """Logs an event outside a commit (a challenge's), once however often it is told."""
        await self.redis.zadd(events_key(event.player_id), {event.member(): event.at_ms}, nx=True)

    async def after(self, player_id: str, cursor: tuple[int, str]) -> list[Event]:
        """Up to `READ_BATCH` of the player's events after `cursor`, oldest first."""
        at_ms, member = cursor
        found = await self.redis.zrangebyscore(
            events_key(player_id), at_ms, "+inf", start=0, num=READ_BATCH + 64, withscores=True
        )
        events = []
        for text, score in as_scored(found):
            if (int(score), text) <= (at_ms, member):
                continue
            event = Event.parse(text, int(score))
            if event is not None:
                events.append(event)
        return events[:READ_BATCH]

    async def last(self, player_id: str) -> tuple[int, str]:
        """The cursor of the player's newest event ((0, "") with none)."""
        newest = as_scored(await self.redis.zrange(events_key(player_id), -1, -1, withscores=True))
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
