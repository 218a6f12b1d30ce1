"""A watch stream's inbox (`matches.watchers.Watcher`) and cancellation: a stream whose
caller went away ends, even when its changes arrive in the same turn of the event loop as the
cancel. Python 3.11's `asyncio.wait_for` returned the changes then and dropped the cancel, so
a handler with nothing more to send waited for its idle match forever, holding a watch slot
(the wait is `common.waits.set_within` now)."""

from __future__ import annotations

import asyncio

import pytest

from playhall.matches.watchers import Watcher
from playhall.storage.v1 import storage_pb2


class Feed:
    """What a watcher needs of its feed when nothing is missing: nothing."""


def test_a_watcher_cancelled_as_its_changes_arrive_raises_the_cancel():
    async def scenario() -> None:
        watcher = Watcher(Feed())
        waiting = asyncio.create_task(watcher.next(None, 30))
        await asyncio.sleep(0)  # it waits for its event now
        watcher.put([storage_pb2.StoredChange(version=0)])
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting

    asyncio.run(scenario())


def test_a_watcher_gets_its_changes_in_order_once():
    async def scenario() -> list[int]:
        watcher = Watcher(Feed())
        watcher.put([storage_pb2.StoredChange(version=v) for v in (1, 0)])
        watcher.put([storage_pb2.StoredChange(version=1)])
        return [change.version for change in await watcher.next(None, 30)]

    assert asyncio.run(scenario()) == [0, 1]


def test_a_watcher_with_nothing_new_times_out_with_none():
    async def scenario():
        return await Watcher(Feed()).next(None, 0.01)

    assert asyncio.run(scenario()) is None
