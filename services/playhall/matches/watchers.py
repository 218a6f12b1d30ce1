"""WatchMatch's fan-out inside one replica: every watcher of every match on one pub/sub
connection, the match's Stream as the log each reads and resumes from.

Each commit PUBLISHes its new version on the match's channel (`store.changed_channel`). The
hub holds one pub/sub connection (on a Redis Cluster, to any one node: classic pub/sub reaches
every node) subscribed to the channel of each match this replica has watchers of. A message
wakes that match's `Feed`, which reads the Stream once past the last version it has, and hands
the changes to every watcher of the match here: one read per match and commit, whatever the
number of watchers. So a replica's Redis connections are its pool (`PLAYHALL_REDIS_MAX_
CONNECTIONS`, per node on a Cluster) plus one, not one per watcher.

Pub/sub may drop messages (a reconnect, a failover): each watcher counts versions and re-reads
the Stream itself when a change arrives out of sequence or its queue overflowed; every feed is
read again once its channel's subscription is confirmed (so nothing published just before is
missed), after every reconnect, and every `RESYNC_S` seconds in any case. A watcher sees every
change of its match, in order, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

import redis
import redis.asyncio

from playhall.common.waits import set_within
from playhall.matchstore.store import MatchStore, changed_channel, match_id_of_channel
from playhall.storage.v1 import storage_pb2

log = logging.getLogger(__name__)

RESYNC_S = 10.0
"""How often every feed reads its Stream even without a message (lost pub/sub messages)."""
MAX_PENDING = 64
"""Batches one watcher may have waiting; beyond, it re-reads the Stream instead."""
RECONNECT_PAUSE_S = 0.5


class Watcher:
    """One watch stream's inbox: the batches of changes its feed handed it."""

    def __init__(self, feed: Feed):
        self.feed = feed
        self.pending: list[list[storage_pb2.StoredChange]] = []
        self.overflowed = False
        self._ready = asyncio.Event()

    def put(self, changes: list[storage_pb2.StoredChange]) -> None:
        if len(self.pending) >= MAX_PENDING:
            self.pending.clear()
            self.overflowed = True
        else:
            self.pending.append(changes)
        self._ready.set()

    async def next(
        self, after: int | None, timeout_s: float
    ) -> list[storage_pb2.StoredChange] | None:
        """The changes after version `after` (none yet: None) that arrived within `timeout_s`,
        in order and each once; re-read from the Stream when what arrived leaves a gap. None on
        timeout."""
        if not await set_within(self._ready, timeout_s):
            return None
        self._ready.clear()
        batches, self.pending = self.pending, []
        gap, self.overflowed = self.overflowed, False
        first_wanted = 0 if after is None else after + 1
        fresh = [c for batch in batches for c in batch if c.version >= first_wanted]
        fresh.sort(key=lambda c: c.version)
        if not gap:
            expected = first_wanted
            for change in fresh:
                if change.version < expected:
                    continue
                if change.version != expected:
                    gap = True
                    break
                expected += 1
        if gap:
            return [change for change, _ in await self.feed.hub.read(self.feed.match_id, after)]
        seen: set[int] = set()
        unique = []
        for change in fresh:
            if change.version not in seen:
                seen.add(change.version)
                unique.append(change)
        return unique

    def close(self) -> None:
        self.feed.leave(self)


class Feed:
    """The watchers of one match on this replica, and the last version read for them."""

    def __init__(self, hub: WatchHub, match_id: str):
        self.hub = hub
        self.match_id = match_id
        self.watchers: set[Watcher] = set()
        self.last: int | None = None
        self._again = False
        self._reading: asyncio.Task | None = None

    def join(self, after: int | None) -> Watcher:
        watcher = Watcher(self)
        self.watchers.add(watcher)
        if self.last is None or (after is not None and after > self.last):
            # Reads start here; a watcher further back fills its gap from the Stream itself.
            self.last = after
        return watcher

    def leave(self, watcher: Watcher) -> None:
        self.watchers.discard(watcher)
        if not self.watchers:
            self.hub.drop(self)

    def poke(self) -> None:
        """Reads the Stream past `last` soon (again, if a read is under way)."""
        if self._reading is not None and not self._reading.done():
            self._again = True
            return
        self._reading = asyncio.create_task(self._read(), name=f"feed {self.match_id}")

    async def _read(self) -> None:
        self._again = True
        while self._again and self.watchers:
            self._again = False
            try:
                entries = await self.hub.read(self.match_id, self.last)
            except redis.RedisError as error:
                log.warning("a watch feed read failed", extra={"error": str(error)})
                await asyncio.sleep(RECONNECT_PAUSE_S)
                self._again = True
                continue
            changes = [change for change, _ in entries]
            if not changes:
                continue
            self.last = changes[-1].version
            for watcher in list(self.watchers):
                watcher.put(changes)

    def cancel(self) -> None:
        if self._reading is not None:
            self._reading.cancel()


class WatchHub:
    """One replica's feeds, woken by one pub/sub connection; `start` runs it on the loop."""

    def __init__(self, store: MatchStore, max_reads: int = 16):
        self.store = store
        self.feeds: dict[str, Feed] = {}
        self._reads = asyncio.Semaphore(max_reads)
        """Stream reads of watchers at once, so that watchers joining by the thousand never
        take every connection of the pool (on a Cluster, a full node pool fails a command)."""
        self._subscribe: set[str] = set()
        self._unsubscribe: set[str] = set()
        self._task: asyncio.Task | None = None
        self.reconnects = 0
        self._touch: Callable[[list[str]], Awaitable[None]] | None = None
        self._touch_every_s = RESYNC_S
        self._touching: asyncio.Task | None = None

    def keep_unparked(self, touch: Callable[[list[str]], Awaitable[None]], every_s: float) -> None:
        """Has `touch` called with the matches watched here every `every_s` seconds (or
        `RESYNC_S`, if sooner): a watched match is never idle, so never parked."""
        self._touch, self._touch_every_s = touch, min(every_s, RESYNC_S)

    # -- watchers ----------------------------------------------------------------------------

    def watch(self, match_id: str, after: int | None) -> Watcher:
        """A watcher of the match, fed every change after `after` from now on (the changes
        before now are the caller's to read). Starts the hub on the running loop if needed."""
        self.start()
        feed = self.feeds.get(match_id)
        if feed is None:
            feed = self.feeds[match_id] = Feed(self, match_id)
            self._unsubscribe.discard(match_id)
            self._subscribe.add(match_id)
        return feed.join(after)

    def drop(self, feed: Feed) -> None:
        if self.feeds.get(feed.match_id) is feed:
            del self.feeds[feed.match_id]
            feed.cancel()
            self._subscribe.discard(feed.match_id)
            self._unsubscribe.add(feed.match_id)

    async def read(self, match_id: str, after: int | None):
        async with self._reads:
            return await self.store.changes(match_id, after)

    # -- the connection ----------------------------------------------------------------------

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="watch hub")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        for feed in list(self.feeds.values()):
            feed.cancel()

    async def _pubsub_client(self) -> redis.asyncio.Redis:
        client = self.store.redis
        if not isinstance(client, redis.asyncio.RedisCluster):
            return client
        # Any node will do (classic pub/sub reaches them all): the next one after each failure.
        await client.initialize()
        nodes = client.get_nodes()
        node = nodes[self.reconnects % len(nodes)]
        kwargs = node.connection_kwargs
        # The node's connection class: the orchestrator's, whose writes on a connection
        # closed under them fail as redis errors (`redis_client.py`), which `_run` survives.
        pool = redis.asyncio.ConnectionPool(
            connection_class=node.connection_class,
            host=node.host,
            port=node.port,
            socket_timeout=kwargs.get("socket_timeout"),
            socket_connect_timeout=kwargs.get("socket_connect_timeout"),
            health_check_interval=kwargs.get("health_check_interval", 0),
            client_name=kwargs.get("client_name"),
        )
        return redis.asyncio.Redis.from_pool(pool)

    async def _run(self) -> None:
        while True:
            client: redis.asyncio.Redis | None = None
            try:
                client = await self._pubsub_client()
                async with client.pubsub() as pubsub:
                    await self._serve(pubsub)
            except (redis.RedisError, OSError) as error:
                self.reconnects += 1
                log.warning("watch hub reconnecting", extra={"error": str(error)})
                await asyncio.sleep(RECONNECT_PAUSE_S)
            finally:
                if client is not None and client is not self.store.redis:
                    await client.aclose()

    async def _serve(self, pubsub) -> None:
        # Every feed subscribes again on a new connection, and is read once confirmed.
        self._subscribe |= set(self.feeds)
        self._unsubscribe.clear()
        await pubsub.ping()
        resynced = touched = time.monotonic()
        while True:
            if self._subscribe:
                channels, self._subscribe = [changed_channel(m) for m in self._subscribe], set()
                await pubsub.subscribe(*channels)
            if self._unsubscribe:
                channels, self._unsubscribe = [changed_channel(m) for m in self._unsubscribe], set()
                await pubsub.unsubscribe(*channels)
            message = await pubsub.get_message(timeout=0.05)
            while message is not None:
                self._deliver(message)
                message = await pubsub.get_message(timeout=0)
            if self._touch is not None and time.monotonic() - touched >= self._touch_every_s:
                touched = time.monotonic()
                self._touch_watched()
            if time.monotonic() - resynced >= RESYNC_S:
                resynced = time.monotonic()
                for feed in list(self.feeds.values()):
                    feed.poke()

    def _touch_watched(self) -> None:
        """Touches the watched matches in a task of its own (the pub/sub loop never waits on
        it), one at a time: a touch that outlives the interval is not doubled."""
        if not self.feeds or self._touch is None:
            return
        if self._touching is not None and not self._touching.done():
            return
        self._touching = asyncio.create_task(self._touch_safely(list(self.feeds)))

    async def _touch_safely(self, match_ids: list[str]) -> None:
        assert self._touch is not None
        try:
            await self._touch(match_ids)
        except redis.RedisError as error:
            log.warning("watched matches not touched", extra={"error": str(error)})

    def _deliver(self, message: dict) -> None:
        kind = message["type"]
        if kind not in ("message", "subscribe"):
            return
        feed = self.feeds.get(match_id_of_channel(message["channel"]))
        if feed is not None:
            # A commit, or a subscription now in place: what came before it is in the Stream.
            feed.poke()
