"""An account's event log (`matchstore/events.py`) on a single Redis and on a Redis Cluster: an
event is logged once however often it is written (by a commit's index updates, one command or
a pipeline of them, or outside a commit), scored by the Redis node's clock in the order it was
added, and read after a cursor, each once."""

from __future__ import annotations

import asyncio
import uuid

from playhall.matchstore.events import Event, EventKind, EventLog, event_entry, events_key
from playhall.matchstore.redis_client import redis_client
from playhall.matchstore.store import MatchStore

BACKENDS = ["redis", "cluster"]


def logged(backend, scenario):
    """Runs `scenario(log, store, player_id)` on the backend with a new player's log."""

    async def run():
        client = redis_client(backend.url, 4, cluster=backend.name == "cluster")
        try:
            return await scenario(EventLog(client), MatchStore(client), f"p-{uuid.uuid4().hex}")
        finally:
            await client.aclose()

    return asyncio.run(run())


def test_an_event_written_again_is_logged_once_in_the_order_added(backend):
    async def scenario(log: EventLog, store: MatchStore, player: str):
        turn = Event(EventKind.YOUR_TURN, player, "m1", 3)
        started = Event(EventKind.MATCH_STARTED, player, "m1")
        await store.update_indexes([event_entry(started)])  # one command
        await asyncio.sleep(0.002)
        await store.update_indexes([event_entry(turn), event_entry(started)])  # a pipeline
        await log.add(turn)  # outside a commit, again
        await asyncio.sleep(0.002)  # the millisecond of the last entry is over
        everything = await log.after(player, (0, ""))
        return everything, await log.last(player), await store.redis.zcard(events_key(player))

    everything, last, count = logged(backend, scenario)
    assert [(e.kind, e.subject_id, e.version) for e in everything] == [
        (EventKind.MATCH_STARTED, "m1", 0),
        (EventKind.YOUR_TURN, "m1", 3),
    ]
    assert count == 2
    assert everything[0].at_ms < everything[1].at_ms
    assert last == everything[1].cursor


def test_a_read_after_a_cursor_tells_each_later_event_once(backend):
    async def scenario(log: EventLog, store: MatchStore, player: str):
        for number in range(5):
            await log.add(Event(EventKind.MATCH_ENDED, player, f"m{number}", 1))
        await asyncio.sleep(0.002)
        first = await log.after(player, (0, ""))
        rest = await log.after(player, first[1].cursor)
        nothing = await log.after(player, rest[-1].cursor)
        return first, rest, nothing

    first, rest, nothing = logged(backend, scenario)
    assert [e.subject_id for e in first] == [f"m{n}" for n in range(5)]
    assert [e.subject_id for e in rest] == ["m2", "m3", "m4"]
    assert nothing == []
