"""The peer benchmark's quick mode (`python -m bench.peer --quick`, about a minute): boardgame.io
with in-memory and FlatFile storage and Playhall's SubmitMove, each at 8 and 64 matches; on both
sides every counted move is read back from the server as applied. Skipped, saying why, without
node and npm or without the npm registry."""

from __future__ import annotations

import pytest

from bench import peer

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


@pytest.fixture(scope="module")
def modules():
    try:
        return peer.install_bgio()
    except peer.PeerUnavailable as reason:
        pytest.skip(str(reason))


def test_every_counted_move_is_applied_on_both_sides(modules, tmp_path):
    args = peer.parse_args(["--quick", "--out", str(tmp_path)])
    report = peer.run(args, modules)
    for matches in ("8", "64"):
        for server in peer.SERVERS:
            (window,) = report["rounds"][matches][server]
            assert window["moves"] > 0, (matches, server)
            assert window["applied"], (matches, server, window)
            assert window["cpu_ms"]["all"] > 0, (matches, server)
    assert set(report["rounds"]["8"]["playhall"][0]["cpu_ms"]) == {*peer.PLAYHALL_ROLES, "all"}
    assert report["all_applied"]
    assert set(report["ratios"]) == {
        "rate_vs_bgio_memory",
        "rate_vs_bgio_flatfile",
        "cpu_vs_bgio_memory",
    }
    assert "Every counted move applied, read back from each server: True." in peer.markdown(report)
