"""Shared fixtures: real services in their own processes, on a private Redis server."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from prometheus_client.samples import Sample

from playhall.common import process
from playhall.common.process import (
    ServiceProcess,
    metric_samples,
    orchestrator_env,
    start_rules_service,
)
from playhall.common.redis_server import EmbeddedRedis

WORKER_CREDENTIAL = "test-worker-credential"


def scrape(port: int) -> list[Sample]:
    """Every sample the Prometheus endpoint of a process on 127.0.0.1:`port` serves now."""
    return metric_samples(port, timeout=5.0)


def metric(samples: list[Sample], name: str, **labels: str) -> float:
    """The sum of the samples called `name` whose labels include `labels` (0 when none is)."""
    return sum(s.value for s in samples if s.name == name and labels.items() <= s.labels.items())


def has_metric(samples: list[Sample], name: str, **labels: str) -> bool:
    """Whether some sample called `name` has exactly `labels`."""
    return any(s.name == name and s.labels == labels for s in samples)


def live_processes() -> dict[int, tuple[int, int]]:
    """(parent pid, process group) of every process on this machine that is not a zombie,
    by pid (Linux /proc)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # gone meanwhile
        state, parent, group = text[text.rindex(")") + 2 :].split()[:3]
        if state != "Z":
            found[int(stat.parent.name)] = (int(parent), int(group))
    return found


def wait_until(
    condition: Callable[[], object],
    timeout: float,
    what: str,
    interval: float = 0.02,
    service: ServiceProcess | None = None,
):
    """Polls `condition` until it returns something truthy, and returns that; after `timeout`
    seconds fails the test, quoting `service`'s non-JSON log lines (tracebacks)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            errors = [line for line in getattr(service, "log_lines", []) if line[:1] != "{"]
            pytest.fail(f"no {what} within {timeout} s\n" + "\n".join(errors[-12:]))
        time.sleep(interval)


@pytest.fixture(scope="session")
def redis_server():
    """A private redis-server (AOF on, fsync always) for the whole session."""
    with EmbeddedRedis(appendonly=True) as server:
        yield server


@pytest.fixture(scope="session")
def galileo_rules():
    with start_rules_service("galileo") as service:
        yield service


def start_orchestrator(redis_url: str, rules_address: str, **extra: str) -> ServiceProcess:
    """An orchestrator of the Galileo rules service at `rules_address`, with the testing flag
    and a fast housekeeping sweep, then `extra` settings."""
    env = orchestrator_env(
        redis_url,
        {"galileo": rules_address},
        WORKER_CREDENTIAL,
        testing=True,
        **{"PLAYHALL_SWEEP_INTERVAL_S": "0.1", **extra},
    )
    return process.start_orchestrator(env)


@pytest.fixture(scope="session")
def orchestrator(redis_server, galileo_rules):
    with start_orchestrator(redis_server.url, galileo_rules.address) as service:
        yield service
