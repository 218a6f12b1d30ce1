"""The notice outbox in Redis: what a commit has to tell a player, written by that commit (an
index update like the archive's outbox entry), delivered by the notifier, removed after.

`playhall:notices` is a sorted set of notice keys by when they are due (unix ms). A key is the
notice's collapse key, "<kind>|<player id>|<match id>|<version>|<detail>": a commit retried,
replayed or repeated within one turn writes the same key again (ZADD NX keeps its due time),
and every channel drops a key it delivered before. So a notice is delivered at least once
whatever is killed, and shown once.

A notifier claims due keys by moving their score a lease into the future (one script: two
notifiers never claim one key at once), and removes each once delivered; a notifier that dies
leaves its claims to fall due again when the lease ends.

A notice filed outside a match's commit (a challenge received or answered) has no match to be
composed from: it is filed with its facts (`NoticeOutbox.file(key, due, facts)`, kinds
`TOLD_BY_FACTS`), which wait in `playhall:notices:facts` beside its key until it is done."""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass

import redis.asyncio

from playhall.matchstore.events import KEEP_MS, Event, EventKind, EventLog, events_key
from playhall.matchstore.redis_client import as_texts
from playhall.matchstore.store import IndexUpdate, now_ms

NOTICES = "playhall:notices"

CLAIM_SCRIPT = """
-- KEYS: the outbox. ARGV: now (ms), the lease's end (ms), how many at most.
-- The due keys with their due times, each moved to the lease's end: claimed by this caller
-- until then.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0,
  ARGV[3])
for i = 1, #due, 2 do redis.call('ZADD', KEYS[1], 'XX', ARGV[2], due[i]) end
return due
"""
FACTS = "playhall:notices:facts"
"""Notice key -> the facts (JSON, names to strings) a notice of `TOLD_BY_FACTS` is told from."""
ATTEMPTS = "playhall:notices:attempts"
"""Notice key -> deliveries tried and failed (a channel down), for the backoff."""
PRESENCE_TTL_MS = 30_000
"""How long a watcher's presence lasts unless its watch renews it."""


def watching_key(player_id: str, match_id: str) -> str:
    """Present while the player watches the match (a WatchMatch stream of their seat)."""
    return f"playhall:watching:{player_id}:{match_id}"


class NoticeKind(enum.StrEnum):
    """What a notice tells a player."""

    YOUR_TURN = "your_turn"
    """A match waits on the player: a new turn of theirs began."""
    DEADLINE = "deadline"
    """The player's time in a match runs out soon (detail: the hours left it warns at)."""
    MATCH_ENDED = "match_ended"
    """A match of the player's ended (with its result, and their rating change once rated)."""
    SEAT_LEFT = "seat_left"
    """A seat of a match the player is in resigned or forfeited (detail: which seat)."""
    ROUND_PAIRED = "round_paired"
    """A tournament round seated the player in a new game."""
    TICKET_MATCHED = "ticket_matched"
    """The player's matchmaking ticket was matched."""
    CHALLENGE_RECEIVED = "challenge_received"
    """A player challenged the player to a match (the key's match id: the challenge's)."""
    CHALLENGE_ANSWERED = "challenge_answered"
    """The player's challenge was accepted or declined (detail: which)."""
    MODERATION = "moderation"
    """A moderator acted on the player (version: the action's id; detail: what was done)."""


TOLD_BY_FACTS = frozenset(
    {NoticeKind.CHALLENGE_RECEIVED, NoticeKind.CHALLENGE_ANSWERED, NoticeKind.MODERATION}
)
"""Kinds filed outside a match's commit with the facts they are told from, not from a match."""
LOGGED_EVENTS = {
    NoticeKind.CHALLENGE_RECEIVED: EventKind.CHALLENGE_RECEIVED,
    NoticeKind.CHALLENGE_ANSWERED: EventKind.CHALLENGE_ANSWERED,
}
"""Kinds filed outside a commit that the player's event log (`matchstore.events`) also keeps."""


@dataclass(frozen=True)
class NoticeKey:
    """A notice's collapse key: the player, the match, the kind, the version (or turn) that
    caused it, and a detail that tells notices of one cause apart (a reminder's hours)."""

    kind: NoticeKind
    player_id: str
    match_id: str
    version: int
    detail: str = ""

    def member(self) -> str:
        return "|".join(
            (self.kind.value, self.player_id, self.match_id, str(self.version), self.detail)
        )

    @classmethod
    def parse(cls, member: str) -> NoticeKey:
        kind, player_id, match_id, version, detail = member.split("|", 4)
        return cls(NoticeKind(kind), player_id, match_id, int(version), detail)


def notice_entry(key: NoticeKey, due_ms: int) -> IndexUpdate:
    """The notice filed in the outbox, due at `due_ms` (kept as it was when filed already)."""
    return IndexUpdate(NOTICES, key.member(), due_ms, "add_new")


class NoticeOutbox:
    """The notifier's side of the outbox."""

    def __init__(self, client: redis.asyncio.Redis | redis.asyncio.RedisCluster):
        self.redis = client
        self._claim = client.register_script(CLAIM_SCRIPT)

    async def claim(self, now_ms: int, lease_ms: int, limit: int) -> list[tuple[NoticeKey, int]]:
        """Up to `limit` due notices with when each fell due (ms), claimed for `lease_ms`."""
        reply = await self._claim(keys=[NOTICES], args=[now_ms, now_ms + lease_ms, limit])
        members = as_texts(reply[::2])
        return [
            (NoticeKey.parse(member), int(float(score)))
            for member, score in zip(members, reply[1::2], strict=True)
        ]

    async def done(self, key: NoticeKey) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zrem(NOTICES, key.member())
            pipe.hdel(ATTEMPTS, key.member())
            pipe.hdel(FACTS, key.member())
            # The player's event log is kept for a while after their last notice, then goes.
            pipe.zremrangebyscore(events_key(key.player_id), "-inf", now_ms() - KEEP_MS)
            pipe.pexpire(events_key(key.player_id), KEEP_MS)
            await pipe.execute()

    async def file(
        self, key: NoticeKey, due_ms: int, facts: Mapping[str, str] | None = None
    ) -> None:
        """Files a notice due at `due_ms` (kept as it was when filed already), with the facts
        it is told from (a kind of `TOLD_BY_FACTS`): stored first, so no notifier claims the
        key without them. A kind of `LOGGED_EVENTS` goes to the player's event log too."""
        if facts is not None:
            await self.redis.hset(FACTS, key.member(), json.dumps(dict(facts)))
        if key.kind in LOGGED_EVENTS:
            kind = LOGGED_EVENTS[key.kind]
            event = Event(kind, key.player_id, key.match_id, key.version, key.detail)
            await EventLog(self.redis).add(event)
        await self.redis.zadd(NOTICES, {key.member(): due_ms}, nx=True)

    async def facts(self, key: NoticeKey) -> dict[str, str] | None:
        """The facts the notice was filed with (None: none, or told and gone already)."""
        stored = await self.redis.hget(FACTS, key.member())
        return json.loads(stored) if stored is not None else None

    async def later(self, key: NoticeKey, due_ms: int) -> None:
        """Holds the notice until `due_ms` (quiet hours)."""
        await self.redis.zadd(NOTICES, {key.member(): due_ms}, xx=True)

    async def failed(self, key: NoticeKey) -> int:
        """Counts a failed delivery of the notice; how many there were."""
        return await self.redis.hincrby(ATTEMPTS, key.member(), 1)

    async def watching(self, player_id: str, match_id: str) -> bool:
        return bool(await self.redis.exists(watching_key(player_id, match_id)))

    async def length(self) -> int:
        return await self.redis.zcard(NOTICES)

    async def oldest_due(self, now_ms: int) -> int | None:
        """The due time of the oldest notice due by `now_ms` (None if none is)."""
        oldest = await self.redis.zrangebyscore(
            NOTICES, "-inf", now_ms, start=0, num=1, withscores=True
        )
        return int(oldest[0][1]) if oldest else None


async def mark_watching(
    client: redis.asyncio.Redis | redis.asyncio.RedisCluster, player_id: str, match_id: str
) -> None:
    """The player watches the match now (for `PRESENCE_TTL_MS`, unless marked again)."""
    await client.set(watching_key(player_id, match_id), 1, px=PRESENCE_TTL_MS)


async def unmark_watching(
    client: redis.asyncio.Redis | redis.asyncio.RedisCluster, player_id: str, match_id: str
) -> None:
    await client.delete(watching_key(player_id, match_id))
