"""Fixtures of the in-process tests: one embedded Redis for the session (no AOF: nothing here
survives a crash), an event loop per test, the tests' token issuer (one a module), and a `Hall`
(the orchestrator's domain, see `tests/inprocess.py`) on an emptied database. A test written
`async def` runs on its loop."""

from __future__ import annotations

import asyncio
import inspect

import pytest

from dev.redis_server import EmbeddedRedis
from tests.helpers import PlayerIssuer
from tests.inprocess import open_hall


@pytest.fixture(scope="session")
def embedded_redis():
    with EmbeddedRedis() as server:
        yield server


@pytest.fixture(scope="module")
def issuer() -> PlayerIssuer:
    """The tests' identity provider (`tests.helpers.PlayerIssuer`), one a module."""
    return PlayerIssuer()


@pytest.fixture
def event_loop():
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


@pytest.fixture
def hall(embedded_redis, event_loop):
    opened = event_loop.run_until_complete(open_hall(embedded_redis.url))
    yield opened
    event_loop.run_until_complete(opened.close())


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Runs an `async def` test on its `event_loop` (which it must use, through `hall`)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    loop = pyfuncitem.funcargs["event_loop"]
    names = inspect.signature(pyfuncitem.obj).parameters
    loop.run_until_complete(pyfuncitem.obj(**{name: pyfuncitem.funcargs[name] for name in names}))
    return True
