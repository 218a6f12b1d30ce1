"""Waiting for an asyncio event for a while, without losing a cancel.

`asyncio.wait_for` does not do for this on Python 3.11: when the awaited event and a cancel of
the waiting task arrive in the same turn of the loop, it returns the event and drops the
cancel. A watch stream whose caller went away then waited for its idle match for good. A
timeout scope (`asyncio.timeout`) keeps the cancel."""

from __future__ import annotations

import asyncio
import contextlib


async def set_within(event: asyncio.Event, timeout_s: float) -> bool:
    """Waits up to `timeout_s` seconds for `event`; whether it is set."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout_s):
            await event.wait()
    return event.is_set()
