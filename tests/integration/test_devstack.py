"""The README's commands: `make run` (`python -m dev.devstack`) serves until interrupted and
then stops every process it started; `make demo` (`python -m dev.demo`) plays through the
orchestrator, archives and rates every match, and afterwards no server it printed still
listens and its Redis and PostgreSQL directories are gone."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import grpc
import pytest
import redis

from dev.process import free_port, free_ports
from playhall.match_client import MatchClient, human_seats
from tests.helpers import live_processes, wait_until

STARTUP_TIMEOUT_S = 60


def read_until(stream, marker: str, timeout_s: float) -> list[str]:
    """Lines of `stream` up to the one containing `marker`."""
    lines = []
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if marker in line:
            return lines
    raise AssertionError(f"no {marker!r} in the output:\n" + "\n".join(lines))


def banner_in_columns(lines: list[str]) -> None:
    """Every endpoint line of the banner has its name, at least two spaces, then its address,
    the addresses in one column (the longest name is a rules service's, `rules-inventors`)."""
    names = ("redis", "postgresql", "rules-", "orchestrator", "archiver", "bot worker", "portal")
    rows = [line for line in lines if line.startswith(names + ("gateway ",))]
    starts = set()
    for line in rows:
        name = re.match(r"(bot worker|\S+)", line).group(1)
        gap = len(line[len(name) :]) - len(line[len(name) :].lstrip(" "))
        assert gap >= 2, line
        starts.add(len(name) + gap)
    assert any(line.startswith("rules-einstein ") for line in rows), rows
    assert len(rows) >= 10 and len(starts) == 1, rows


def test_make_run_serves_on_the_given_redis_until_interrupted_then_stops_everything(
    redis_server,
):
    gateway_port, orchestrator_port = free_ports(2)
    env = {
        **os.environ,
        "REDIS_URL": redis_server.url,
        "PYTHONUNBUFFERED": "1",
        "PLAYHALL_TESTING": "1",
        # Its own ports, from their variables: the gateway's and the orchestrator's here.
        "PLAYHALL_RUN_GATEWAY_PORT": str(gateway_port),
        "PLAYHALL_RUN_ORCHESTRATOR_PORT": str(orchestrator_port),
    }
    stack = subprocess.Popen(
        [sys.executable, "-m", "dev.devstack"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        lines = read_until(stack.stdout, "Press Ctrl-C to stop.", STARTUP_TIMEOUT_S)
        banner_in_columns(lines)
        assert any(re.fullmatch(rf"redis\s+{redis_server.url}", line) for line in lines)
        assert not any("embedded, AOF" in line for line in lines)
        # The archive's PostgreSQL is the stack's own, and an archiver runs.
        postgres_dir = re.search(r"postgresql .*\(embedded, (\S+?)\)", "\n".join(lines)).group(1)
        assert any(re.match(r"archiver\s+metrics", line) for line in lines)
        address = re.search(r"orchestrator\s+(\S+)", "\n".join(lines)).group(1)
        assert address == f"127.0.0.1:{env['PLAYHALL_RUN_ORCHESTRATOR_PORT']}"
        portal = f"http://127.0.0.1:{env['PLAYHALL_RUN_GATEWAY_PORT']}/"
        assert f"Open the portal: {portal}" in lines
        with urllib.request.urlopen(portal + "readyz", timeout=10) as response:
            assert response.status == 200
        children = {pid for pid, (parent, _) in live_processes().items() if parent == stack.pid}
        # A rules service per title, the orchestrator, the archiver, a bot worker, the gateway
        # and PostgreSQL; no Redis of its own.
        assert len(children) >= 6, lines
        with grpc.insecure_channel(address) as channel:
            client = MatchClient(channel)
            assert "galileo" in {game.title_id for game in client.list_games()}
            # PLAYHALL_TESTING=1 reaches the orchestrator: a seed of the client's is accepted.
            assert any("testing mode" in line for line in lines)
            created = client.create("galileo", human_seats(2), seed=b"chosen by the test")
            # The match lives in the Redis it was given.
            db = redis.Redis.from_url(redis_server.url)
            try:
                assert db.keys(f"*{created.match.match_id}*")
            finally:
                db.close()
            # Ended, so the session's other tests never meet it running.
            client.as_seat(created.tokens[0].token).resign(created.match.match_id)
        stack.send_signal(signal.SIGINT)
        assert stack.wait(timeout=30) == 0
        rest = stack.stdout.read()
        assert "Stopped." in rest
        wait_until(
            lambda: not children & live_processes().keys(), 10, "exit of every started process"
        )
        assert not Path(postgres_dir).exists()
    finally:
        if stack.poll() is None:
            stack.kill()
            stack.wait()


def child_running(parent: int, module: str) -> int:
    """The pid of `parent`'s child process running `python -m <module>`."""
    for pid, (ppid, _) in live_processes().items():
        if ppid != parent:
            continue
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if module.encode() in argv:
            return pid
    raise AssertionError(f"no child of {parent} runs {module}")


def test_make_run_restarts_a_service_that_dies_and_stops_clearly_when_it_keeps_dying():
    gateway_port = free_port()
    env = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "PLAYHALL_RUN_GATEWAY_PORT": str(gateway_port),
    }
    stack = subprocess.Popen(
        [sys.executable, "-m", "dev.devstack"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    portal = f"http://127.0.0.1:{gateway_port}/readyz"
    try:
        read_until(stack.stdout, "Press Ctrl-C to stop.", STARTUP_TIMEOUT_S)
        children = {pid for pid, (parent, _) in live_processes().items() if parent == stack.pid}
        first = child_running(stack.pid, "playhall.gateway")
        os.kill(first, signal.SIGKILL)
        said = read_until(stack.stdout, "gateway restarted on the same ports", 60)
        assert any("gateway died (killed by SIGKILL)" in line for line in said), said
        # On its old port: the portal's address printed at the start is right again.
        with urllib.request.urlopen(portal, timeout=10) as response:
            assert response.status == 200
        assert child_running(stack.pid, "playhall.gateway") != first
        # Killed again and again within the minute: restarted three times in all, then the
        # stack stops, saying why.
        for _ in range(2):
            os.kill(child_running(stack.pid, "playhall.gateway"), signal.SIGKILL)
            read_until(stack.stdout, "gateway restarted on the same ports", 60)
        os.kill(child_running(stack.pid, "playhall.gateway"), signal.SIGKILL)
        said = read_until(stack.stdout, "Stopped.", 60)
        assert any("gateway died 4 times in 60 s: stopping the stack." in line for line in said)
        assert stack.wait(timeout=30) == 1
        wait_until(
            lambda: not children & live_processes().keys(), 10, "exit of every started process"
        )
    finally:
        if stack.poll() is None:
            stack.kill()
            stack.wait()


DEMO_TIMEOUT_S = 300
"""The demo plays one short bot match of every title (about 30 s at a load average of 10 on
two cores, plus the stack's start); its own `--timeout` is a minute shorter, so that a match
too slow fails with the demo's message of where it stood rather than a killed process."""


@pytest.mark.timeout(DEMO_TIMEOUT_S + 60)
def test_make_demo_plays_through_the_orchestrator_and_leaves_no_server_or_redis_dir_behind():
    demo = subprocess.run(
        [sys.executable, "-m", "dev.demo", "--timeout", str(DEMO_TIMEOUT_S - 60)],
        capture_output=True,
        text=True,
        timeout=DEMO_TIMEOUT_S,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert demo.returncode == 0, demo.stdout[-2000:] + demo.stderr[-2000:]
    out = demo.stdout
    assert "the revealed seed matches the SHA-256 published at creation" in out
    assert "DOES NOT MATCH" not in out
    assert "Every title's match finished" in out
    assert re.search(r"seat \d \(\w+ *\) +\d+  winner", out)
    assert re.search(r'playhall_moves_accepted_total\{title="galileo"\} = [1-9]', out)
    assert re.search(r"watch: http://127\.0\.0\.1:\d+/match\.html\?id=\w+", out)
    assert re.search(r"Archived \d+ matches; ratings", out)
    assert re.search(r"galileo +\w+ bot +\d+\.\d+ \+- ", out)
    redis_dir = re.search(r"embedded, AOF fsync always, (\S+?)\)", out).group(1)
    postgres_dir = re.search(r"postgresql .*\(embedded, (\S+?)\)", out).group(1)
    assert not Path(redis_dir).exists() and not Path(postgres_dir).exists()
    for port in re.findall(r"127\.0\.0\.1:(\d+)", out):
        assert refuses(int(port)), f"port {port} still answers after the demo"


def refuses(port: int) -> bool:
    """Whether a TCP connection to 127.0.0.1:`port` is refused (nothing listens there)."""
    with socket.socket() as sock:
        try:
            sock.connect(("127.0.0.1", port))
        except ConnectionRefusedError:
            return True
    return False
