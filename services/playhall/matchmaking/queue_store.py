"""The matchmaking queues in Redis. Every key of a title's queues is `mm:{<title>}:...`, the
title its hash tag, so a Redis Cluster keeps them in one slot and one script sees all of a
title's queues at once (a player is in at most one of them). A queue is a player count `n`
and a pace: live, whose keys are `mm:{t}:<n>:...`, or turn-based at `d` days a move, whose
keys are `mm:{t}:<n>:tb<d>:...` (written `<q>` below; `queue_key`):

    mm:{t}:tickets            hash, player id -> the ticket (JSON: players, days, rating,
                              entered, name)
    mm:{t}:<q>:queue          sorted set, player id -> rating: the queue's tickets
    mm:{t}:<q>:entered        sorted set, player id -> when the ticket entered (ms)
    mm:{t}:<q>:seen           sorted set, player id -> when a stream last followed it (ms)
    mm:{t}:<q>:pending        sorted set, assignment id -> when it was made (ms): matched
                              tickets whose match is not known to exist yet
    mm:{t}:<q>:seating        sorted set, assignment id -> when its match was made (ms):
                              matches whose seats the matchmaker looks at once the seat
                              grace is over (a seat nobody took is absent)
    mm:{t}:<q>:lease          the matchmaker's lease: which replica matches this queue
    mm:{t}:assignment:<id>    an assignment (JSON: the players, their tickets, bot levels,
                              the days of a turn-based one); expires after a day (live) or
                              `TURN_BASED_ASSIGNMENT_TTL_S`
    mm:{t}:assigned:<player>  the assignment of a player matched in a live queue, until its
                              match is over
    mm:{t}:<n>:tb<d>:assigned:<player>
                              the assignment of a player matched in a turn-based queue, until
                              it is handed over (once) or its match is over

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
from typing import Any

import redis.asyncio
from redis.typing import EncodableT

from playhall.matchstore.leases import Leases
from playhall.matchstore.model import BotLevel
from playhall.matchstore.redis_client import as_texts

ASSIGNMENT_TTL_S = 86_400
"""How long an assignment (and a matched player's pointer to it) is kept: long past the time
its match is made and its players are handed their seats."""
TURN_BASED_ASSIGNMENT_TTL_S = 30 * 86_400
"""The same for a turn-based queue, whose player may come for their seat days later (they find
the match among their running ones meanwhile)."""

QUEUE_OF_TICKET = """
-- The queue a ticket (JSON) waits in, as `queue_name` writes it.
local function queue_of(ticket)
  local t = cjson.decode(ticket)
  return tostring(t.players) .. '/' .. tostring(t.days or 0)
end
"""

ENTER_SCRIPT = (
    QUEUE_OF_TICKET
    + """
-- KEYS: 1 tickets, 2 queue, 3 entered, 4 seen, 5 the player's assignment pointer.
-- ARGV: 1 player, 2 the queue (`queue_name`), 3 the ticket (JSON), 4 rating, 5 now (ms).
local assigned = redis.call('GET', KEYS[5])
if assigned then return {'assigned', assigned} end
local ticket = redis.call('HGET', KEYS[1], ARGV[1])
if ticket then
  if queue_of(ticket) ~= ARGV[2] then return {'elsewhere', ticket} end
  redis.call('ZADD', KEYS[4], ARGV[5], ARGV[1])
  return {'queued', ticket}
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[1])
return {'entered', ARGV[3]}
"""
)

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

LEAVE_SCRIPT = (
    QUEUE_OF_TICKET
    + """
-- KEYS: 1 tickets, 2 queue, 3 entered, 4 seen, 5 the assignment pointer.
-- ARGV: 1 player, 2 the queue KEYS 2-5 belong to (`queue_name`).
local assigned = redis.call('GET', KEYS[5])
if assigned then return {'assigned', assigned} end
local ticket = redis.call('HGET', KEYS[1], ARGV[1])
if not ticket or queue_of(ticket) ~= ARGV[2] then return {'none'} end
redis.call('HDEL', KEYS[1], ARGV[1])
for i = 2, 4 do redis.call('ZREM', KEYS[i], ARGV[1]) end
return {'left'}
"""
)

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


def queue_key(title: str, players: int, part: str, days: int = 0) -> str:
    """One of a queue's sorted sets (queue, entered, seen, pending, seating) or its lease: of
    the live queue of `players`-player matches, or with `days` of its turn-based queue at
    `days` a move."""
    pace = f":tb{days}" if days else ""
    return f"{_prefix(title)}:{players}{pace}:{part}"


def queue_name(players: int, days: int) -> str:
    """A queue as the scripts compare it with a ticket's (`QUEUE_OF_TICKET`)."""
    return f"{players}/{days}"


def assignment_key(title: str, assignment_id: str) -> str:
    return f"{_prefix(title)}:assignment:{assignment_id}"


def assigned_key(title: str, player_id: str, players: int = 0, days: int = 0) -> str:
    """A matched player's pointer to their assignment: one per title for the live queues (a
    player holds at most one live matchmade match of a title, handed over again and again),
    one per turn-based queue (`players`, `days`), consumed when it is handed over, so that
    the player may queue there again while the match runs."""
    if days:
        return queue_key(title, players, f"assigned:{player_id}", days)
    return f"{_prefix(title)}:assigned:{player_id}"


def pointer_ttl_s(days: int) -> int:
    """How long an assignment and its players' pointers are kept."""
    return TURN_BASED_ASSIGNMENT_TTL_S if days else ASSIGNMENT_TTL_S


def match_id_of(assignment_id: str) -> str:
    """The id of an assignment's match: known before the match exists, the same for every
    attempt to create it."""
    return hashlib.sha256(f"assignment:{assignment_id}".encode()).hexdigest()[:24]


def _live_as_before(fields: dict[str, Any]) -> dict[str, Any]:
    """A ticket's or an assignment's fields without `days` when it is live (0): stored as
    before turn-based queues were, so a replica of the build before reads it during a rolling
    update."""
    if not fields.get("days"):
        fields.pop("days", None)
    return fields


@dataclass(frozen=True)
class Ticket:
    """A player waiting in a queue."""

    player_id: str
    players: int
    rating: float
    entered_ms: int
    name: str
    days: int = 0
    """0 in a live queue; the days a move of a turn-based one."""

    def encode(self) -> str:
        return json.dumps(_live_as_before(asdict(self)), separators=(",", ":"))

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
    days: int = 0
    """0 for a live queue's assignment; the days a move of a turn-based queue's."""

    @property
    def match_id(self) -> str:
        return match_id_of(self.assignment_id)

    def encode(self) -> str:
        fields = _live_as_before(asdict(self))
        fields["tickets"] = [_live_as_before(ticket) for ticket in fields["tickets"]]
        return json.dumps(fields, separators=(",", ":"))

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
    another queue of the title: `ticket`)."""

    outcome: str
    ticket: Ticket | None = None
    assignment_id: str = ""


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

    def _ticket_keys(self, title: str, players: int, days: int = 0) -> list[str]:
        return [tickets_key(title)] + [
            queue_key(title, players, part, days) for part in ("queue", "entered", "seen")
        ]

    async def enter(self, ticket: Ticket, title: str, now_ms: int) -> Entered:
        players, days = ticket.players, ticket.days
        keys = [
            *self._ticket_keys(title, players, days),
            assigned_key(title, ticket.player_id, players, days),
        ]
        args: list[EncodableT] = [
            ticket.player_id,
            queue_name(players, days),
            ticket.encode(),
            ticket.rating,
            now_ms,
        ]
        outcome, value = _texts(await self._enter(keys=keys, args=args))
        if outcome == "assigned":
            return Entered(outcome, assignment_id=value)
        return Entered(outcome, ticket=Ticket.decode(value))

    async def follow(
        self, title: str, players: int, player_id: str, now_ms: int, days: int = 0
    ) -> Followed:
        keys = [
            tickets_key(title),
            queue_key(title, players, "entered", days),
            queue_key(title, players, "seen", days),
            assigned_key(title, player_id, players, days),
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

    async def leave(
        self, title: str, players: int, player_id: str, days: int = 0
    ) -> tuple[str, str]:
        """("left" | "none" | "assigned", the assignment id if assigned)."""
        keys = [
            *self._ticket_keys(title, players, days),
            assigned_key(title, player_id, players, days),
        ]
        reply = _texts(await self._leave(keys=keys, args=[player_id, queue_name(players, days)]))
        return reply[0], reply[1] if len(reply) > 1 else ""

    async def assigned(self, title: str, player_id: str, players: int = 0, days: int = 0) -> str:
        """The assignment the player's pointer names ("" without one)."""
        raw = await self.redis.get(assigned_key(title, player_id, players, days))
        return "" if raw is None else _texts([raw])[0]

    async def pointers(
        self, title: str, player_id: str, queues: list[tuple[int, int]]
    ) -> list[tuple[int, int, str]]:
        """The player's pointers in the turn-based `queues` (players, days) of the title, as
        (players, days, assignment id): one round trip."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for players, days in queues:
                pipe.get(assigned_key(title, player_id, players, days))
            found = await pipe.execute()
        return [
            (players, days, _texts([raw])[0])
            for (players, days), raw in zip(queues, found, strict=True)
            if raw is not None
        ]

    async def assignment(self, title: str, assignment_id: str) -> Assignment | None:
        raw = await self.redis.get(assignment_key(title, assignment_id))
        return None if raw is None else Assignment.decode(raw)

    async def forget_assignment(
        self, title: str, player_id: str, assignment_id: str, players: int = 0, days: int = 0
    ) -> None:
        """Drops the player's pointer (of the live queues, or of the turn-based queue
        `players`, `days`) if it still names the assignment."""
        key = assigned_key(title, player_id, players, days)
        await self._forget(keys=[key], args=[assignment_id])

    # -- the matchmaker's ----------------------------------------------------------------------

    async def hold_lease(
        self, title: str, players: int, holder: str, ttl_ms: int, days: int = 0
    ) -> bool:
        """Takes or renews the queue's lease; whether `holder` holds it now."""
        return await self.leases.hold(queue_key(title, players, "lease", days), holder, ttl_ms)

    async def release_lease(self, title: str, players: int, holder: str, days: int = 0) -> None:
        await self.leases.release(queue_key(title, players, "lease", days), holder)

    async def waiting(
        self, title: str, players: int, limit: int, days: int = 0
    ) -> list[tuple[Ticket, int]]:
        """The `limit` longest-waiting tickets with when a stream last followed each (ms)."""
        entered = as_texts(
            await self.redis.zrange(queue_key(title, players, "entered", days), 0, limit - 1)
        )
        if not entered:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hmget(tickets_key(title), entered)
            pipe.zmscore(queue_key(title, players, "seen", days), entered)
            raws, seens = await pipe.execute()
        return [
            (Ticket.decode(raw), int(seen or 0))
            for raw, seen in zip(raws, seens, strict=True)
            if raw is not None
        ]

    async def queued(self, title: str, players: int, days: int = 0) -> int:
        return await self.redis.zcard(queue_key(title, players, "entered", days))

    async def busy(self, title: str, queues: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
        """Of `queues` (players, days), those with tickets, assignments pending or matches
        whose seats are still to be looked at, with their tickets: one round trip for the
        many turn-based queues of a title, which are mostly empty."""
        parts = ("entered", "pending", "seating")
        async with self.redis.pipeline(transaction=False) as pipe:
            for players, days in queues:
                for part in parts:
                    pipe.zcard(queue_key(title, players, part, days))
            counts = await pipe.execute()
        found = {}
        for index, queue in enumerate(queues):
            tickets, pending, seating = counts[index * len(parts) : (index + 1) * len(parts)]
            if tickets or pending or seating:
                found[queue] = int(tickets)
        return found

    async def drop_unfollowed(
        self,
        title: str,
        players: int,
        holder: str,
        cutoff_ms: int,
        player_ids: list[str],
        days: int = 0,
    ) -> int:
        if not player_ids:
            return 0
        keys = [queue_key(title, players, "lease", days), *self._ticket_keys(title, players, days)]
        return int(await self._drop(keys=keys, args=[holder, cutoff_ms, *player_ids]))

    async def match(self, assignment: Assignment, holder: str) -> str:
        """Records `assignment` if `holder` holds the queue's lease and every ticket of it is
        still queued: "ok", "not_holder" or "gone"."""
        title, players, days = assignment.title_id, assignment.players, assignment.days
        ids = [t.player_id for t in assignment.tickets]
        keys = [
            queue_key(title, players, "lease", days),
            *self._ticket_keys(title, players, days),
            queue_key(title, players, "pending", days),
            assignment_key(title, assignment.assignment_id),
            *(assigned_key(title, player_id, players, days) for player_id in ids),
        ]
        args: list[EncodableT] = [
            holder,
            assignment.assignment_id,
            assignment.encode(),
            assignment.made_ms,
            pointer_ttl_s(days),
            *ids,
        ]
        return _texts(await self._match(keys=keys, args=args))[0]

    async def pending(self, title: str, players: int, limit: int = 64, days: int = 0) -> list[str]:
        key = queue_key(title, players, "pending", days)
        return as_texts(await self.redis.zrange(key, 0, limit - 1))

    async def is_pending(self, assignment: Assignment) -> bool:
        """Whether the assignment's match is not known to exist yet (it is being made)."""
        key = queue_key(assignment.title_id, assignment.players, "pending", assignment.days)
        return await self.redis.zscore(key, assignment.assignment_id) is not None

    async def made(
        self, title: str, players: int, assignment_id: str, at_ms: int, days: int = 0
    ) -> None:
        """The assignment's match exists (since `at_ms` at the latest): it leaves the pending
        list for the seating list. In that order, so a crash in between leaves it pending, to
        be found made again (`NX`: the time of the first call stands)."""
        seating = queue_key(title, players, "seating", days)
        await self.redis.zadd(seating, {assignment_id: at_ms}, nx=True)
        await self.redis.zrem(queue_key(title, players, "pending", days), assignment_id)

    async def seating_due(
        self, title: str, players: int, made_before_ms: int, limit: int = 64, days: int = 0
    ) -> list[str]:
        """Assignments whose match was made before `made_before_ms` and whose seats nobody
        has looked at since."""
        members = await self.redis.zrangebyscore(
            queue_key(title, players, "seating", days), "-inf", made_before_ms, start=0, num=limit
        )
        return as_texts(members)

    async def seated(self, title: str, players: int, assignment_id: str, days: int = 0) -> None:
        """The seats of the assignment's match have been looked at: never again."""
        await self.redis.zrem(queue_key(title, players, "seating", days), assignment_id)


def new_assignment_id() -> str:
    return secrets.token_hex(12)


def _texts(reply: Iterable[object]) -> list[str]:
    return [v.decode() if isinstance(v, bytes) else str(v) for v in reply]
