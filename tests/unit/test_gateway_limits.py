"""The gateway's browser streams that hold an upstream stream each (WatchMatch,
WatchStandings) share one count: per client address and in all."""

import dataclasses

import pytest
from connectrpc.code import Code
from connectrpc.errors import ConnectError

from playhall.gateway.service import StreamLimits
from playhall.gateway.settings import Settings


def limits(per_address: int, total: int, monkeypatch) -> StreamLimits:
    monkeypatch.setenv("PLAYHALL_ORCHESTRATOR", "127.0.0.1:1")
    monkeypatch.setenv("PLAYHALL_GATEWAY_CREDENTIAL", "not used here")
    settings = dataclasses.replace(
        Settings.from_env({}),
        max_watch_streams_per_address=per_address,
        max_browser_watch_streams=total,
    )
    return StreamLimits(settings)


def test_an_address_gets_its_share_and_its_place_back_when_a_stream_ends(monkeypatch):
    shared = limits(2, 10, monkeypatch)
    with shared.admit("10.0.0.1"), shared.admit("10.0.0.1"):
        with pytest.raises(ConnectError) as refused, shared.admit("10.0.0.1"):
            pass
        assert refused.value.code is Code.RESOURCE_EXHAUSTED
        assert "already watches 2 streams" in refused.value.message
        with shared.admit("10.0.0.2"):  # another address has its own share
            pass
    with shared.admit("10.0.0.1"), shared.admit("10.0.0.1"):  # both places back
        pass


def test_the_total_is_counted_over_every_address(monkeypatch):
    shared = limits(5, 2, monkeypatch)
    with (
        shared.admit("10.0.0.1"),
        shared.admit("10.0.0.2"),
        pytest.raises(ConnectError, match="as many watchers as it can"),
        shared.admit("10.0.0.3"),
    ):
        pass
