"""A real Prometheus (the Debian package's binary) scraping a running stack with the repository's
rules: every component is up, a bot match moves the counters, every recording rule has a result,
no alert fires while the stack is healthy, the refusal alert fires when illegal moves flood in,
and every name the rules and the dashboard read is one the processes serve.

So that it takes seconds, not minutes, Prometheus scrapes and evaluates every second and reads
a copy of alerts.yml whose `for:` durations are a 60th of the real ones (a minute becomes a
second: `tests.monitoring.with_minutes_as_seconds`); the expressions, thresholds and windows
are the real ones, and recording.yml is loaded unchanged."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.parse
import urllib.request

import grpc
import pytest
import yaml

from dev.devstack import Stack
from dev.process import free_port
from dev.testbed import TIMEOUT
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, human_seats
from tests.helpers import pick, scrape, wait_until
from tests.monitoring import (
    PROMETHEUS_MADE,
    RULES_DIR,
    all_rules,
    dashboard_targets,
    metric_names,
    raw_names,
    recorded_names,
    with_minutes_as_seconds,
)

STARTUP_TIMEOUT_S = 30
ILLEGAL_MOVES = 300


class Prometheus:
    """The prometheus binary on a private port and data directory, and its HTTP API."""

    def __init__(self, binary: str, directory, targets: dict[str, list[int]]):
        self.port = free_port()
        rules = directory / "rules"
        rules.mkdir()
        (rules / "recording.yml").write_text((RULES_DIR / "recording.yml").read_text())
        (rules / "alerts.yml").write_text(with_minutes_as_seconds(RULES_DIR / "alerts.yml"))
        config = {
            "global": {
                "scrape_interval": "1s",
                "scrape_timeout": "1s",
                "evaluation_interval": "1s",
            },
            "rule_files": [str(rules / "*.yml")],
            "scrape_configs": [
                {
                    "job_name": job,
                    "static_configs": [{"targets": [f"127.0.0.1:{port}" for port in ports]}],
                }
                for job, ports in targets.items()
            ],
        }
        (directory / "prometheus.yml").write_text(yaml.safe_dump(config))
        self.log = (directory / "prometheus.log").open("w")
        self.process = subprocess.Popen(
            [
                binary,
                f"--config.file={directory / 'prometheus.yml'}",
                f"--storage.tsdb.path={directory / 'data'}",
                f"--web.listen-address=127.0.0.1:{self.port}",
                "--log.level=warn",
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.log_path = directory / "prometheus.log"

    def get(self, path: str, **params: str):
        url = f"http://127.0.0.1:{self.port}{path}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        with urllib.request.urlopen(url, timeout=5) as response:
            return json.loads(response.read())

    def ready(self) -> bool:
        assert self.process.poll() is None, self.log_path.read_text()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/-/ready", timeout=2):
                return True
        except OSError:
            return False

    def query(self, expr: str) -> list[dict]:
        answer = self.get("/api/v1/query", query=expr)
        assert answer["status"] == "success", (expr, answer)
        return answer["data"]["result"]

    def firing(self) -> dict[str, list[dict]]:
        """The labels of each firing alert, by name."""
        found: dict[str, list[dict]] = {}
        for alert in self.get("/api/v1/alerts")["data"]["alerts"]:
            if alert["state"] == "firing":
                found.setdefault(alert["labels"]["alertname"], []).append(alert["labels"])
        return found

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


@pytest.fixture(scope="module")
def prometheus_binary() -> str:
    found = shutil.which("prometheus")
    if found is None:
        pytest.skip(
            "the prometheus binary is not installed (Debian package `prometheus`: `apt-get "
            "install prometheus`, which .ci/run does when it runs as root)"
        )
    return found


@pytest.fixture(scope="module")
def stack(prometheus_binary):
    with Stack(testing=True) as started:
        yield started


@pytest.fixture(scope="module")
def targets(stack) -> dict[str, list[int]]:
    """Metrics ports by job, named as deploy/prometheus/prometheus.yml names them."""
    jobs = {f"rules-{title}": [service.metrics_port] for title, service in stack.rules.items()}
    jobs["orchestrator"] = [stack.orchestrator.metrics_port]
    jobs["bot-worker"] = [worker.metrics_port for worker in stack.workers]
    jobs["archiver"] = [stack.archiver.metrics_port]
    jobs["notifier"] = [stack.notifier.metrics_port]
    return jobs


@pytest.fixture(scope="module")
def prometheus(prometheus_binary, targets, tmp_path_factory):
    server = Prometheus(prometheus_binary, tmp_path_factory.mktemp("prometheus"), targets)
    try:
        wait_until(server.ready, STARTUP_TIMEOUT_S, "ready Prometheus", interval=0.2)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def lobby(stack):
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
        yield MatchClient(channel, timeout_s=TIMEOUT)


def bot_match(lobby: MatchClient) -> pb.MatchSummary:
    random_bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)
    created = lobby.create("galileo", [random_bot, random_bot]).match
    return lobby.wait_finished(created.match_id, 60)


def scraped_names(targets: dict[str, list[int]]) -> set[str]:
    """Every sample name the stack's processes serve now."""
    return {sample.name for ports in targets.values() for port in ports for sample in scrape(port)}


def test_prometheus_scrapes_the_stack_and_the_rules_and_dashboard_hold(
    stack, targets, prometheus, lobby
):
    # every component is up
    def all_up():
        up = {(s["metric"]["job"], s["value"][1]) for s in prometheus.query("up")}
        return up == {(job, "1") for job in targets}

    wait_until(all_up, STARTUP_TIMEOUT_S, "every target up", interval=0.5)

    # a bot match moves the counters
    finished = bot_match(lobby)
    assert finished.phase == pb.MATCH_PHASE_FINISHED

    def moved():
        return all(
            prometheus.query(expr)
            for expr in (
                'playhall_moves_accepted_total{title="galileo"} > 0',
                'playhall_rules_moves_applied_total{title="galileo"} > 0',
                'playhall_bot_tasks_total{outcome="moved"} > 0',
                'playhall_matches_finished_total{title="galileo"} > 0',
            )
        )

    wait_until(moved, 15, "the match's moves in Prometheus", interval=0.5)

    # every recording rule evaluates
    deadline = time.monotonic() + 15
    while missing := [name for name in sorted(recorded_names()) if not prometheus.query(name)]:
        if time.monotonic() > deadline:
            pytest.fail(f"recording rules without a result: {missing}")
        time.sleep(0.5)
    moves = prometheus.query('title:playhall_moves_accepted:rate5m{title="galileo"}')
    assert float(moves[0]["value"][1]) > 0

    # a healthy stack fires nothing (a few evaluations after everything was up)
    time.sleep(3)
    assert prometheus.firing() == {}, prometheus.firing()

    # every name the rules and the dashboard read is served by the processes (or made by
    # Prometheus), and every dashboard query runs with a result
    served = scraped_names(targets) | PROMETHEUS_MADE
    recorded_here = recorded_names()
    for rule in all_rules():
        for name in metric_names(rule["expr"]) - recorded_here:
            assert name in served, f"{rule.get('record') or rule['alert']} reads {name}"
    for dashboard, title, expr in dashboard_targets():
        for name in raw_names(expr):
            assert name in served, f"{dashboard}: panel {title!r} reads {name}"

    # a flood of illegal moves fires the refusal alert, and no other
    created = lobby.create("galileo", human_seats(2))
    player = lobby.as_seat(created.tokens[0].token)
    match_id, version = created.match.match_id, created.match.version
    for _ in range(ILLEGAL_MOVES):
        with pytest.raises(grpc.RpcError) as refused:
            player.submit(match_id, pick(99), expected_version=version)
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT, refused.value.details()

    firing = wait_until(
        lambda: prometheus.firing().get("PlayhallMovesRefusedByRules"),
        30,
        "PlayhallMovesRefusedByRules firing",
        interval=0.5,
    )
    assert [labels["title"] for labels in firing] == ["galileo"]
    assert set(prometheus.firing()) == {"PlayhallMovesRefusedByRules"}
    for dashboard, title, expr in dashboard_targets():
        assert prometheus.query(expr), f"{dashboard}: panel {title!r} has no data: {expr}"
    player.resign(match_id)  # ended, so nothing else meets it running
