"""The matchmaking queues in Redis. Every key of a title's queues is `mm:{<title>}:...`, the
title its hash tag, so a Redis Cluster keeps them in one slot and one script sees all of a
title's queues at once (a player is in at most one of them):

    mm:{t}:tickets            hash, player id -> the ticket (JSON: players, rating, entered, name)
    mm:{t}:<n>:queue          sorted set, player id -> rating: the queue of `n`-player matches
    mm:{t}:<n>:entered        sorted set, player id -> when the ticket entered (ms)
    mm:{t}:<n>:seen           sorted set, player id -> when a stream last followed it (ms)
    mm:{t}:<n>:pending        sorted set, assignment id -> when it was made (ms): matched
                              tickets whose match is not known to exist yet
    mm:{t}:<n>:seating        sorted set, assignment id -> when its match was made (ms):
                              matches whose seats the matchmaker looks at once the seat
                              grace is over (a seat nobody took is absent)
    mm:{t}:<n>:lease          the matchmaker's lease: which replica matches this queue
    mm:{t}:assignment:<id>    an assignment (JSON: the players, their tickets, bot levels);
                              expires after a day
    mm:{t}:assigned:<player>  the assignment of a matched player, until its match is over

Matching is one script (`MATCH_SCRIPT`): it checks that the caller still holds the queue's
lease and that every ticket is still queued, then removes the tickets and records the
assignment, all at once. The match's id is derived from the assignment's, and its creation
refuses an id that exists, so creating it again (after a crash, by the next lease holder)
never makes a second match.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

import redis.asyncio
from redis.typing import EncodableT

from playhall.matchstore.leases import Leases
from playhall.matchstore.model import BotLevel
from playhall.matchstore.redis_client import as_texts

ASSIGNMENT_TTL_S = 86_400
"""How long an assignment (and a matched player's pointer to it) is kept: long past the time
its match is made and its players are handed their seats."""

ENTER_SCRIPT = """
-- KEYS: 1 tickets, 2 queue, 3 entered, 4 seen, 5 the player's assignment pointer.
-- ARGV: 1 player, 2 players per match, 3 the ticket (JSON), 4 rating, 5 now (ms).
local assigned = redis.call('GET', KEYS[5])
if assigned then return {'assigned', assigned} end
local ticket = redis.call('HGET', KEYS[1], ARGV[1])
if ticket then
  local players = tostring(cjson.decode(ticket).players)
  if players ~= ARGV[2] then return {'elsewhere', players} end
  redis.call('ZADD', KEYS[4], ARGV[5], ARGV[1])
  return {'queued', ticket}
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[1])
return {'entered', ARGV[3]}
"""

FOLLOW_SCRIPT = """
-- A stream's look at its ticket. KEYS: 1 tickets, 2 entered, 3 seen, 4 the assignment pointer.
-- ARGV: 1 player, 2 now (ms).
local assigned = redis.call('GET', KEYS[4])
if assigned then return {'assigned', assigned} end
local ticket = redis.call('HGET', KEYS[1], ARGV[1])
if not ticket then return {'gone'} end
redis.call('ZADD', KEYS[3], 'XX', ARGV[2], ARGV[1])
local ahead = redis.call('ZRANK', KEYS[2], ARGV[1]) or 0
return {'waiting', ahead, redis.call('ZCARD', KEYS[2]), ticket}
"""

LEAVE_SCRIPT = """
-- KEYS: 1 tickets, 2 queue, 3 entered, 4 seen, 5 the assignment pointer.
-- ARGV: 1 player, 2 players per match of the queue KEYS 2-4 belong to.
local assigned = redis.call('GET', KEYS[5])
if assigned then return {'assigned', assigned} end
local ticket = redis.call('HGET', KEYS[1], ARGV[1])
if not ticket or tostring(cjson.decode(ticket).players) ~= ARGV[2] then return {'none'} end
redis.call('HDEL', KEYS[1], ARGV[1])
for i = 2, 4 do redis.call('ZREM', KEYS[i], ARGV[1]) end
return {'left'}
"""

MATCH_SCRIPT = """
-- KEYS: 1 lease, 2 tickets, 3 queue, 4 entered, 5 seen, 6 pending, 7 the assignment, then
-- each player's assignment pointer. ARGV: 1 lease holder, 2 assignment id, 3 the assignment
-- (JSON), 4 now (ms), 5 ttl (s), then the player ids (in the order of their pointers).
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return {'not_holder'} end
local first = 6
for i = first, #ARGV do
  if not redis.call('ZSCORE', KEYS[3], ARGV[i]) then return {'gone', ARGV[i]} end
end
for i = first, #ARGV do
  local player = ARGV[i]
  redis.call('HDEL', KEYS[2], player)
  for k = 3, 5 do redis.call('ZREM', KEYS[k], player) end
  redis.call('SET', KEYS[8 + i - first], ARGV[2], 'EX', ARGV[5])
end
redis.call('SET', KEYS[7], ARGV[3], 'EX', ARGV[5])
redis.call('ZADD', KEYS[6], ARGV[4], ARGV[2])
return {'ok'}
"""

DROP_SCRIPT = """
-- Tickets no stream followed since the cutoff leave. KEYS: 1 lease, 2 tickets, 3 queue,
-- 4 entered, 5 seen. ARGV: 1 lease holder, 2 cutoff (ms), then player ids.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
local dropped = 0
for i = 3, #ARGV do
  local seen = redis.call('ZSCORE', KEYS[5], ARGV[i])
  if seen and tonumber(seen) < tonumber(ARGV[2]) then
    redis.call('HDEL', KEYS[2], ARGV[i])
    for k = 3, 5 do redis.call('ZREM', KEYS[k], ARGV[i]) end
    dropped = dropped + 1
  end
end
return dropped
"""

FORGET_SCRIPT = """
-- The player's match is over: their pointer goes, if it still names this assignment.
-- KEYS: 1 the pointer. ARGV: 1 assignment id.
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 'ok'
"""


def _prefix(title: str) -> str:
    return f"mm:{{{title}}}"


def tickets_key(title: str) -> str:
    return f"{_prefix(title)}:tickets"


def queue_key(title: str, players: int, part: str) -> str:
    """One of a queue's sorted sets (queue, entered, seen, pending, seating) or its lease."""
    return f"{_prefix(title)}:{players}:{part}"


def assignment_key(title: str, assignment_id: str) -> str:
    return f"{_prefix(title)}:assignment:{assignment_id}"


def assigned_key(title: str, player_id: str) -> str:
    return f"{_prefix(title)}:assigned:{player_id}"


def match_id_of(assignment_id: str) -> str:
    """The id of an assignment's match: known before the match exists, the same for every
    attempt to create it."""
    return hashlib.sha256(f"assignment:{assignment_id}".encode()).hexdigest()[:24]


@dataclass(frozen=True)
class Ticket:
    """A player waiting in a queue."""

    player_id: str
    players: int
    rating: float
    entered_ms: int
    name: str

    def encode(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def decode(cls, raw: bytes | str) -> Ticket:
        return cls(**json.loads(raw))


@dataclass(frozen=True)
class Assignment:
    """Tickets matched together: the seats of one match, the people first, then bots."""

    assignment_id: str
    title_id: str
    players: int
    tickets: list[Ticket]
    bot_levels: list[BotLevel] = field(default_factory=list)
    made_ms: int = 0

    @property
    def match_id(self) -> str:
        return match_id_of(self.assignment_id)

    def encode(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def decode(cls, raw: bytes | str) -> Assignment:
        fields = json.loads(raw)
        fields["tickets"] = [Ticket(**t) for t in fields["tickets"]]
        fields["bot_levels"] = [BotLevel(level) for level in fields.get("bot_levels", [])]
        return cls(**fields)

    def ticket_of(self, player_id: str) -> Ticket | None:
        return next((t for t in self.tickets if t.player_id == player_id), None)


@dataclass(frozen=True)
class Entered:
    """What EnterQueue found: `outcome` is "entered", "queued" (the ticket was there),
    "assigned" (the player is matched: `assignment_id`) or "elsewhere" (the player waits in
    the `players` queue of the title)."""

    outcome: str
    ticket: Ticket | None = None
    assignment_id: str = ""
    players: int = 0


@dataclass(frozen=True)
class Followed:
    """A stream's look at its ticket: "waiting" (`ahead` of `queued`), "assigned" or "gone"."""

    outcome: str
    assignment_id: str = ""
    ahead: int = 0
    queued: int = 0
    ticket: Ticket | None = None


class QueueStore:
    """The queues' keys and scripts, on the orchestrator's asyncio Redis client."""

    def __init__(self, client: redis.asyncio.Redis | redis.asyncio.RedisCluster):
        self.redis = client
        self._enter = client.register_script(ENTER_SCRIPT)
        self._follow = client.register_script(FOLLOW_SCRIPT)
        self._leave = client.register_script(LEAVE_SCRIPT)
        self._match = client.register_script(MATCH_SCRIPT)
        self._drop = client.register_script(DROP_SCRIPT)
        self._forget = client.register_script(FORGET_SCRIPT)
        self.leases = Leases(client)

    def _ticket_keys(self, title: str, players: int) -> list[str]:
        return [tickets_key(title)] + [
            queue_key(title, players, part) for part in ("queue", "entered", "seen")
        ]

    async def enter(self, ticket: Ticket, title: str, now_ms: int) -> Entered:
        keys = [*self._ticket_keys(title, ticket.players), assigned_key(title, ticket.player_id)]
        args: list[EncodableT] = [
            ticket.player_id,
            ticket.players,
            ticket.encode(),
            ticket.rating,
            now_ms,
        ]
        outcome, value = _texts(await self._enter(keys=keys, args=args))
        if outcome == "assigned":
            return Entered(outcome, assignment_id=value)
        if outcome == "elsewhere":
            return Entered(outcome, players=int(value))
        return Entered(outcome, ticket=Ticket.decode(value))

    async def follow(self, title: str, players: int, player_id: str, now_ms: int) -> Followed:
        keys = [
            tickets_key(title),
            queue_key(title, players, "entered"),
            queue_key(title, players, "seen"),
            assigned_key(title, player_id),
        ]
        reply = _texts(await self._follow(keys=keys, args=[player_id, now_ms]))
        if reply[0] == "assigned":
            return Followed("assigned", assignment_id=reply[1])
        if reply[0] == "gone":
            return Followed("gone")
        return Followed(
            "waiting", ahead=int(reply[1]), queued=int(reply[2]), ticket=Ticket.decode(reply[3])
        )

    async def ticket(self, title: str, player_id: str) -> Ticket | None:
        raw = await self.redis.hget(tickets_key(title), player_id)
        return None if raw is None else Ticket.decode(raw)

    async def leave(self, title: str, players: int, player_id: str) -> tuple[str, str]:
        """("left" | "none" | "assigned", the assignment id if assigned)."""
        keys = [*self._ticket_keys(title, players), assigned_key(title, player_id)]
        reply = _texts(await self._leave(keys=keys, args=[player_id, players]))
        return reply[0], reply[1] if len(reply) > 1 else ""

    async def assignment(self, title: str, assignment_id: str) -> Assignment | None:
        raw = await self.redis.get(assignment_key(title, assignment_id))
        return None if raw is None else Assignment.decode(raw)

    async def forget_assignment(self, title: str, player_id: str, assignment_id: str) -> None:
        await self._forget(keys=[assigned_key(title, player_id)], args=[assignment_id])

    # -- the matchmaker's ----------------------------------------------------------------------

    async def hold_lease(self, title: str, players: int, holder: str, ttl_ms: int) -> bool:
        """Takes or renews the queue's lease; whether `holder` holds it now."""
        return await self.leases.hold(queue_key(title, players, "lease"), holder, ttl_ms)

    async def release_lease(self, title: str, players: int, holder: str) -> None:
        await self.leases.release(queue_key(title, players, "lease"), holder)

    async def waiting(self, title: str, players: int, limit: int) -> list[tuple[Ticket, int]]:
        """The `limit` longest-waiting tickets with when a stream last followed each (ms)."""
        entered = as_texts(
            await self.redis.zrange(queue_key(title, players, "entered"), 0, limit - 1)
        )
        if not entered:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hmget(tickets_key(title), entered)
            pipe.zmscore(queue_key(title, players, "seen"), entered)
            raws, seens = await pipe.execute()
        return [
            (Ticket.decode(raw), int(seen or 0))
            for raw, seen in zip(raws, seens, strict=True)
            if raw is not None
        ]

    async def queued(self, title: str, players: int) -> int:
        return await self.redis.zcard(queue_key(title, players, "entered"))

    async def drop_unfollowed(
        self, title: str, players: int, holder: str, cutoff_ms: int, player_ids: list[str]
    ) -> int:
        if not player_ids:
            return 0
        keys = [queue_key(title, players, "lease"), *self._ticket_keys(title, players)]
        return int(await self._drop(keys=keys, args=[holder, cutoff_ms, *player_ids]))

    async def match(self, assignment: Assignment, holder: str) -> str:
        """Records `assignment` if `holder` holds the queue's lease and every ticket of it is
        still queued: "ok", "not_holder" or "gone"."""
        title, players = assignment.title_id, assignment.players
        ids = [t.player_id for t in assignment.tickets]
        keys = [
            queue_key(title, players, "lease"),
            *self._ticket_keys(title, players),
            queue_key(title, players, "pending"),
            assignment_key(title, assignment.assignment_id),
            *(assigned_key(title, player_id) for player_id in ids),
        ]
        args: list[EncodableT] = [
            holder,
            assignment.assignment_id,
            assignment.encode(),
            assignment.made_ms,
            ASSIGNMENT_TTL_S,
            *ids,
        ]
        return _texts(await self._match(keys=keys, args=args))[0]

    async def pending(self, title: str, players: int, limit: int = 64) -> list[str]:
        members = await self.redis.zrange(queue_key(title, players, "pending"), 0, limit - 1)
        return as_texts(members)

    async def made(self, title: str, players: int, assignment_id: str, at_ms: int) -> None:
        """The assignment's match exists (since `at_ms` at the latest): it leaves the pending
        list for the seating list. In that order, so a crash in between leaves it pending, to
        be found made again (`NX`: the time of the first call stands)."""
        await self.redis.zadd(queue_key(title, players, "seating"), {assignment_id: at_ms}, nx=True)
        await self.redis.zrem(queue_key(title, players, "pending"), assignment_id)

    async def seating_due(
        self, title: str, players: int, made_before_ms: int, limit: int = 64
    ) -> list[str]:
        """Assignments whose match was made before `made_before_ms` and whose seats nobody
        has looked at since."""
        members = await self.redis.zrangebyscore(
            queue_key(title, players, "seating"), "-inf", made_before_ms, start=0, num=limit
        )
        return as_texts(members)

    async def seated(self, title: str, players: int, assignment_id: str) -> None:
        """The seats of the assignment's match have been looked at: never again."""
        await self.redis.zrem(queue_key(title, players, "seating"), assignment_id)


def new_assignment_id() -> str:
    return secrets.token_hex(12)


def _texts(reply: Iterable[object]) -> list[str]:
    return [v.decode() if isinstance(v, bytes) else str(v) for v in reply]
