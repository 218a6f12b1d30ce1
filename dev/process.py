"""Starting Playhall services as child processes and stopping them cleanly: used by the demo, the
benchmarks and the tests, so each starts a service the way an operator would."""

from __future__ import annotations

import collections
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Collection, Mapping, Sequence

from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.samples import Sample

LOOPBACK = {"PLAYHALL_HOST": "127.0.0.1", "PLAYHALL_METRICS_HOST": "127.0.0.1"}
"""Where the services started here listen, gRPC and metrics alike: this machine only (a
container listens on every interface, the services' default)."""


LISTEN_PORTS = range(20_000, 32_000)
"""Where `free_port` picks: below Linux's ephemeral range (32768 and up), so no outgoing
connection can take the port between its pick and the server's bind."""


def port_is_free(port: int) -> bool:
    """Whether a server could bind loopback TCP `port` now."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


PORT_SHARE_ENV = "PLAYHALL_PORT_SHARE"
"""`<i>/<n>`: this process and its children pick only ports p with p % n == i, so that n
processes starting servers side by side (the test suite on several processes) never pick the
same port before one of them binds it. A cluster node's bus port (+10000) keeps the share when
n divides 10000."""


def port_share() -> tuple[int, int]:
    """(i, n) from `PORT_SHARE_ENV`, (0, 1) (every port) when it is not set."""
    index, _, count = os.environ.get(PORT_SHARE_ENV, "0/1").partition("/")
    return int(index), int(count)


def free_port(ports: range = LISTEN_PORTS, taken: Collection[int] = ()) -> int:
    """A loopback TCP port of `ports` (of this process's share of them) that nothing listens on
    now, for a server about to start, and not one of `taken`: ports already handed to servers
    that have not bound them yet (two picks made before either server starts could otherwise
    be the same port)."""
    index, count = port_share()
    mine = ports[(index - ports.start) % count :: count]
    pick = random.SystemRandom()
    while (port := pick.choice(mine)) in taken or not port_is_free(port):
        pass
    return port


def free_ports(count: int, taken: Collection[int] = ()) -> list[int]:
    """`count` different free ports, none of `taken`, for servers started together."""
    ports: list[int] = []
    for _ in range(count):
        ports.append(free_port(taken=[*taken, *ports]))
    return ports


LOG_LINES_KEPT = 10_000


class ServiceProcess:
    """A service child process that announced its ports with a JSON log line ("serving")."""

    def __init__(
        self,
        module: str,
        args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
        timeout: float = 20.0,
    ):
        self.module = module
        self.env = dict(env or {})
        """The settings it was started with, over the caller's environment."""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", module, *args],
            env={**os.environ, **LOOPBACK, **(env or {})},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        # The newest lines only: a service of `make run` logs for as long as it runs.
        self._log: collections.deque[str] = collections.deque(maxlen=LOG_LINES_KEPT)
        self._ready = threading.Event()
        self.announcement: dict = {}
        threading.Thread(target=self._read_logs, daemon=True).start()
        if not self._ready.wait(timeout) or not self.announcement:
            self.kill()
            raise RuntimeError(f"{module} did not start:\n" + "\n".join(self.log_lines[-20:]))

    @property
    def log_lines(self) -> list[str]:
        """The newest lines the service logged, as they are now: a copy, which the reader
        thread cannot change under a caller iterating it (iterating the deque itself while a
        line arrives raises RuntimeError, as a busy machine showed)."""
        return list(self._log)

    def _read_logs(self) -> None:
        for line in self.proc.stderr:
            self._log.append(line.rstrip())
            if not self._ready.is_set():
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if entry.get("msg") == "serving":
                    self.announcement = entry
                    self._ready.set()
        self._ready.set()

    @property
    def port(self) -> int:
        return self.announcement["port"]

    @property
    def metrics_port(self) -> int:
        return self.announcement["metrics_port"]

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def terminate(self, timeout: float = 10.0) -> int:
        """SIGTERM, then wait; SIGKILL if it does not stop in time. Returns the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill()
        return self.proc.returncode

    def kill(self) -> None:
        """SIGKILL to the whole process group."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def wait_for_log(self, text: str, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(text in line for line in self.log_lines):
                return True
            time.sleep(0.05)
        return False

    def __enter__(self) -> ServiceProcess:
        return self

    def __exit__(self, *exc) -> None:
        self.terminate()


def start_rules_service(
    title: str, env: Mapping[str, str] | None = None, port: int = 0, metrics_port: int = 0
) -> ServiceProcess:
    """A rules service for `title` on `port` and `metrics_port` (0, the default, picks a free
    one)."""
    return ServiceProcess(
        "playhall.rules_service",
        ["--game", title, "--port", str(port), "--metrics-port", str(metrics_port)],
        env,
    )


def orchestrator_env(
    redis_url: str,
    rules: Mapping[str, str],
    worker_credential: str,
    testing: bool = False,
    *,
    gateway_credential: str,
    **extra: str,
) -> dict[str, str]:
    """The environment of an orchestrator (and of the workers and gateways that share its
    credentials): its Redis, each title's rules service addresses, the worker's and the
    gateways' credentials and the testing flag, then `extra` settings."""
    return {
        "REDIS_URL": redis_url,
        "PLAYHALL_WORKER_CREDENTIAL": worker_credential,
        "PLAYHALL_GATEWAY_CREDENTIAL": gateway_credential,
        "PLAYHALL_TESTING": "1" if testing else "0",
        **{f"PLAYHALL_RULES_{title.upper()}": address for title, address in rules.items()},
        **extra,
    }


def start_orchestrator(
    env: Mapping[str, str], port: int = 0, metrics_port: int = 0
) -> ServiceProcess:
    """An orchestrator on `port` and `metrics_port` (0 picks a free one)."""
    return ServiceProcess(
        "playhall.orchestrator", ["--port", str(port), "--metrics-port", str(metrics_port)], env
    )


def start_gateway(
    orchestrator: str, env: Mapping[str, str] | None = None, port: int = 0, metrics_port: int = 0
) -> ServiceProcess:
    """A gateway (Connect, gRPC-Web and the portal) of the orchestrator at `orchestrator`, on
    `port` and `metrics_port` (0 picks a free one)."""
    return ServiceProcess(
        "playhall.gateway",
        ["--port", str(port), "--metrics-port", str(metrics_port)],
        {"PLAYHALL_ORCHESTRATOR": orchestrator, **(env or {})},
    )


def start_bot_worker(
    env: Mapping[str, str],
    queues: Sequence[str],
    concurrency: int = 1,
    node: str | None = None,
    timeout: float = 20.0,
    metrics_port: int = 0,
) -> ServiceProcess:
    """A Celery bot worker on `queues`, named `node` (default `celery@<host>`), with `env` as
    its Playhall environment and `metrics_port` (0 picks a free one)."""
    named = ["-n", node] if node else []
    return ServiceProcess(
        "celery",
        [
            "-A",
            "playhall.bots.app",
            "worker",
            "-Q",
            ",".join(queues),
            "-c",
            str(concurrency),
            *named,
            "--without-mingle",
            "--without-gossip",
        ],
        {**env, "PLAYHALL_METRICS_PORT": str(metrics_port)},
        timeout=timeout,
    )


def metric_samples(port: int, timeout: float = 10.0) -> list[Sample]:
    """Every sample a process's Prometheus endpoint on 127.0.0.1:`port` serves now."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=timeout) as response:
        text = response.read().decode()
    return [sample for family in text_string_to_metric_families(text) for sample in family.samples]
