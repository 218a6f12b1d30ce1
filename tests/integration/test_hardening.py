"""What an outside audit of the running stack found, each proven on real processes:

- request bytes that do not decode are INVALID_ARGUMENT with a short reason from the rules
  service and the orchestrator alike (not INTERNAL or UNKNOWN), counted in
  `grpc_server_handled_total`, and logged as one warning line without a traceback;
- 100,000 of them leave the rules service's memory where it was (grpcio's own decoding grew it
  by about 16 KB each);
- every listener, gRPC and Prometheus, binds the host it is given: loopback for the processes
  the dev stack and the tests start, every interface by default (a container).
"""

from __future__ import annotations

import collections
import json
from concurrent.futures import Future
from pathlib import Path

import grpc
import pytest

from dev.process import ServiceProcess, start_rules_service
from playhall.rules_service.server import Settings as RulesSettings
from tests.helpers import metric, scrape, wait_until

TIMEOUT = 5.0
GARBAGE = b"\xff\xff\xff\xff"
"""Not a protobuf message of any type: a field number 0 is never valid."""
INVALID = grpc.StatusCode.INVALID_ARGUMENT


def raw_unary(channel: grpc.Channel, method: str):
    """A unary call of `method` that sends and returns bytes, unencoded."""
    return channel.unary_unary(method, request_serializer=None, response_deserializer=None)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


def log_entries(service: ServiceProcess) -> list[dict]:
    entries = []
    for line in service.log_lines:
        try:
            entries.append(json.loads(line))
        except ValueError:
            entries.append({"msg": line})  # a line that is not JSON: a traceback, say
    return entries


def check_refused_and_logged(service: ServiceProcess, channel: grpc.Channel, method: str) -> None:
    """One undecodable request to `method`: INVALID_ARGUMENT with a short reason, counted
    under that code, one warning line and no traceback."""
    service_name, _, name = method.lstrip("/").rpartition("/")
    labels = {"grpc_service": service_name, "grpc_method": name, "grpc_code": "INVALID_ARGUMENT"}
    counted = metric(scrape(service.metrics_port), "grpc_server_handled_total", **labels)
    logged = len(service.log_lines)
    if name == "WatchMatch":
        call = channel.unary_stream(method, request_serializer=None, response_deserializer=None)
        with pytest.raises(grpc.RpcError) as refused:
            next(call(GARBAGE, timeout=TIMEOUT))
    else:
        with pytest.raises(grpc.RpcError) as refused:
            raw_unary(channel, method)(GARBAGE, timeout=TIMEOUT)
    assert refused.value.code() == INVALID, refused.value.details()
    assert "could not be decoded" in refused.value.details()
    assert len(refused.value.details()) < 120
    wait_until(
        lambda: (
            metric(scrape(service.metrics_port), "grpc_server_handled_total", **labels)
            == counted + 1
        ),
        TIMEOUT,
        f"the refusal of {method} counted",
    )

    # The log line comes through the process's stderr reader, which may lag the metric. The
    # process's background passes (the matchmaker, the metrics) may log lines of their own
    # meanwhile: the request's is the one refusal line, and nothing logged has a traceback.
    def refusals() -> list[dict]:
        new = log_entries(service)[logged:]
        return [e for e in new if e["msg"] == "undecodable request refused"]

    (line,) = wait_until(refusals, TIMEOUT, f"the log line of {method}")
    assert line["level"] == "warning" and "exc" not in line
    new = log_entries(service)[logged:]
    assert not [e for e in new if "exc" in e or e["level"] == "error"], new


@pytest.fixture(scope="module")
def rules_channel(galileo_rules):
    with grpc.insecure_channel(galileo_rules.address) as channel:
        grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
        yield channel


@pytest.mark.parametrize("method", ["NewGame", "ApplyMove", "GetView", "RenderView"])
def test_the_rules_service_refuses_undecodable_bytes(galileo_rules, rules_channel, method):
    check_refused_and_logged(
        galileo_rules, rules_channel, f"/playhall.rules.v1.RulesService/{method}"
    )


@pytest.mark.parametrize("method", ["CreateMatch", "SubmitMove", "GetMatch", "WatchMatch"])
def test_the_orchestrator_refuses_undecodable_bytes(orchestrator, channel_a, method):
    check_refused_and_logged(orchestrator, channel_a, f"/playhall.match.v1.MatchService/{method}")


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_100000_undecodable_requests_leave_the_rules_service_memory_where_it_was():
    # A process of its own, so no other test's calls change its memory meanwhile.
    with (
        start_rules_service("galileo") as service,
        grpc.insecure_channel(service.address) as channel,
    ):
        apply_move = raw_unary(channel, "/playhall.rules.v1.RulesService/ApplyMove")

        def burst(count: int) -> collections.Counter[grpc.StatusCode]:
            calls: list[Future] = [apply_move.future(GARBAGE, timeout=30) for _ in range(count)]
            return collections.Counter(call.exception().code() for call in calls)

        # Warm-up: the pools and caches a server grows once.
        for _ in range(10):
            assert burst(200) == {INVALID: 200}
        before = rss_kib(service.proc.pid)
        for _ in range(490):
            assert burst(200) == {INVALID: 200}
        grown = rss_kib(service.proc.pid) - before
        assert grown < 8 * 1024, f"the rules service grew {grown} KiB over 98,000 requests"


# -- where the listeners bind --------------------------------------------------------------------


def listening(port: int) -> set[str]:
    """The local addresses of the TCP sockets listening on `port` (Linux /proc/net)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            host, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.add(host)
    return found


LOOPBACK = {"0100007F", "0000000000000000FFFF00000100007F"}
"""127.0.0.1, on an IPv4 socket or (as gRPC binds it) an IPv6 one."""
ANY_V4, ANY_V6 = "00000000", "0" * 32


def test_services_started_here_listen_on_loopback_only(galileo_rules, orchestrator):
    for service in (galileo_rules, orchestrator):
        for port in (service.port, service.metrics_port):
            found = listening(port)
            assert found and found <= LOOPBACK, (service.module, port, found)


def test_by_default_a_service_listens_on_every_interface(monkeypatch):
    for name in ("PLAYHALL_HOST", "PLAYHALL_METRICS_HOST", "PLAYHALL_GAME"):
        monkeypatch.delenv(name, raising=False)
    settings = RulesSettings.from_args(["--game", "galileo"])
    assert (settings.host, settings.metrics_host) == ("[::]", "0.0.0.0")
    env = {"PLAYHALL_HOST": settings.host, "PLAYHALL_METRICS_HOST": settings.metrics_host}
    with start_rules_service("galileo", env) as service:
        assert listening(service.port) and listening(service.port) <= {ANY_V4, ANY_V6}
        assert listening(service.metrics_port) == {ANY_V4}
