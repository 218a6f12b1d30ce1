"""A match's chat in Redis, beside the match's other keys (the same hash tag, so one slot on a
Redis Cluster and one script per message):

    pm:{id}:chat                 hash: "n" -> the last message id (a sequence per match);
                                 "<n>" -> message n as JSON; "<n>:deleted" -> the moderator's
                                 mark ("1") on a deleted message
    pm:{id}:chat:rate:<player>   sorted set of the player's sending times in the window (ms);
                                 expires with the window

The chat key is not one of the keys parking moves (`parking.py`): a parked match's chat stays
in Redis, where messages keep their ids, and the parked row stays as small as the match alone.
The archiver reads it whole into the archive with the match, and `MatchStore.purge` deletes it
with the match's other keys. Who may write or read which room is the domain's
(`matches.chat`); this module stores and fetches."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import redis.asyncio

from playhall.matchstore.redis_client import as_bytes


def chat_key(match_id: str) -> str:
    return f"pm:{{{match_id}}}:chat"


def rate_key(match_id: str, player_id: str) -> str:
    return f"pm:{{{match_id}}}:chat:rate:{player_id}"


LAST_ID = "n"
"""The chat hash's field holding the last message id."""

APPEND_SCRIPT = """
-- KEYS: 1 the chat hash, 2 the author's sending times, 3 the match's state.
-- ARGV: 1 now (ms), 2 the rate window (ms), 3 messages a player may send in it, 4 messages
-- kept, 5 the message (JSON, without its id).
-- The match is still running (its state has no expiry: the ending commit sets one), so a
-- message is either before the end, and archived with the match, or refused.
if redis.call('PTTL', KEYS[3]) ~= -1 then return {'closed', 0} end
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return {'wait', tonumber(oldest[2]) + window - now}
end
local id = redis.call('HINCRBY', KEYS[1], 'n', 1)
redis.call('HSET', KEYS[1], tostring(id), ARGV[5])
redis.call('ZADD', KEYS[2], now, tostring(id))
redis.call('PEXPIRE', KEYS[2], window)
local dropped = id - tonumber(ARGV[4])
if dropped > 0 then
  redis.call('HDEL', KEYS[1], tostring(dropped), dropped .. ':deleted')
end
return {'ok', id}
"""
"""One message appended, if the author is within the rate and the match still runs."""

DELETE_SCRIPT = """
-- KEYS: the chat hash. ARGV: a message id. Marks the message deleted if it is still kept (the
-- check and the mark at once: a message the cap drops in between leaves no stray mark).
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1] .. ':deleted', '1')
return 1
"""


class Room(StrEnum):
    """The two rooms of every match."""

    PLAYERS = "players"
    """Written by the players holding a seat."""
    SPECTATORS = "spectators"
    """Written by the signed-in players who hold no seat."""


@dataclass(frozen=True)
class ChatLine:
    """One message of a match's chat."""

    message_id: int
    """Its place in the match's sequence (from 1)."""
    room: Room
    player_id: str
    display_name: str
    text: str
    sent_unix_ms: int
    deleted: bool = False
    """Deleted by a moderator: shown as such, its text withheld."""

    def stored(self) -> str:
        """Its JSON as the chat hash holds it (the id is the hash field)."""
        return json.dumps(
            {
                "room": self.room.value,
                "player": self.player_id,
                "name": self.display_name,
                "text": self.text,
                "at": self.sent_unix_ms,
            },
            separators=(",", ":"),
        )

    @classmethod
    def parse(cls, message_id: int, stored: bytes, deleted: bool) -> ChatLine:
        fields = json.loads(stored)
        return cls(
            message_id=message_id,
            room=Room(fields["room"]),
            player_id=fields["player"],
            display_name=fields["name"],
            text=fields["text"],
            sent_unix_ms=fields["at"],
            deleted=deleted,
        )


@dataclass(frozen=True)
class Appended:
    """What appending a message did: its id, or why not (`closed`: the match ended;
    `wait_ms`: the author sent their share of the window)."""

    message_id: int = 0
    closed: bool = False
    wait_ms: int = 0


READ_CHUNK = 100
"""Message ids one read asks Redis for at once."""


class ChatStore:
    """The chat keys of matches, on a `MatchStore`'s Redis client."""

    def __init__(self, client: redis.asyncio.Redis | redis.asyncio.RedisCluster):
        self.redis = client
        self._append = client.register_script(APPEND_SCRIPT)
        self._delete = client.register_script(DELETE_SCRIPT)

    async def append(
        self,
        line: ChatLine,
        match_id: str,
        state_key: str,
        rate: tuple[int, int],
        keep: int,
    ) -> Appended:
        """Appends `line` (its id is given here) unless the author sent `rate[0]` messages in
        the last `rate[1]` ms or the match no longer runs; keeps the newest `keep`."""
        count, window_ms = rate
        keys = [chat_key(match_id), rate_key(match_id, line.player_id), state_key]
        args: list[int | str] = [line.sent_unix_ms, window_ms, count, keep, line.stored()]
        outcome, value = await self._append(keys=keys, args=args)
        if outcome == b"closed":
            return Appended(closed=True)
        if outcome == b"wait":
            return Appended(wait_ms=max(int(value), 1))
        return Appended(message_id=int(value))

    async def last_id(self, match_id: str) -> int:
        """The id of the match's last message (0 without any)."""
        return int(await self.redis.hget(chat_key(match_id), LAST_ID) or 0)

    async def last_id_and_state_ttl(self, match_id: str, state_key: str) -> tuple[int, int]:
        """The last message id and the PTTL of the match's state (-1: it runs; -2: no state,
        the match is parked or gone), read at once."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hget(chat_key(match_id), LAST_ID)
            pipe.pttl(state_key)
            last, ttl = await pipe.execute()
        return int(last or 0), ttl

    async def lines(self, match_id: str, ids: Sequence[int]) -> list[ChatLine]:
        """The messages of `ids` still kept, in the order given."""
        if not ids:
            return []
        fields = [field for i in ids for field in (str(i), f"{i}:deleted")]
        values = await self.redis.hmget(chat_key(match_id), fields)
        return [
            ChatLine.parse(i, as_bytes(stored), deleted is not None)
            for i, stored, deleted in zip(ids, values[::2], values[1::2], strict=True)
            if stored is not None
        ]

    async def between(self, match_id: str, after_id: int, up_to: int) -> list[ChatLine]:
        """The kept messages with ids above `after_id`, up to `up_to`, in order."""
        found: list[ChatLine] = []
        for start in range(after_id + 1, up_to + 1, READ_CHUNK):
            ids = range(start, min(start + READ_CHUNK, up_to + 1))
            found.extend(await self.lines(match_id, ids))
        return found

    async def all(self, match_id: str) -> list[ChatLine]:
        """Every kept message of the match, in order (the archiver's read)."""
        return await self.between(match_id, 0, await self.last_id(match_id))

    async def mark_deleted(self, match_id: str, message_id: int) -> bool:
        """Marks a kept message deleted; False when the match keeps no such message."""
        return bool(await self._delete(keys=[chat_key(match_id)], args=[message_id]))
