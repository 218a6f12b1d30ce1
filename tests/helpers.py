"""What the tests share besides fixtures: metrics scraped from a process, waiting, starting an
orchestrator process, the helpers that build Galileo moves and race or refuse calls of
MatchService (a refusal with its rich details), and the scan for sentences handed to refusals
in the services' code. A plain module, imported by name; the conftest files hold only
fixtures."""

from __future__ import annotations

import ast
import contextlib
import itertools
import json
import os
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import jwt
import pytest
import redis
from google.protobuf import any_pb2
from google.rpc import error_details_pb2
from prometheus_client.samples import Sample

from dev import process
from dev.postgres_server import EmbeddedPostgres
from dev.process import ServiceProcess, metric_samples
from dev.testbed import (
    GATEWAY_CREDENTIAL,
    TIMEOUT,
)
from playhall.accounts.guests import new_signing_key
from playhall.accounts.tokens import PlayerTokens, TokenSettings
from playhall.common.refusal_details import received_details
from playhall.core import i18n
from playhall.core.wire import pack, unpack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient

TITLE = "galileo"
SERVICES = Path(__file__).resolve().parents[1] / "services" / "playhall"
QUOTED_LEVELS = ("warning", "error", "critical")
"""The log levels a wait that runs out quotes from its service's log, with the tracebacks."""


def connect_call(base: str, service: str, method: str, message: dict, token: str | None = None):
    """A Connect unary call as JSON, as the portal's `fetch` makes it: (HTTP status, body)."""
    headers = {"content-type": "application/json", "connect-protocol-version": "1"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{base}/{service}/{method}", json.dumps(message).encode(), headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


# -- metrics and processes ----------------------------------------------------------------------


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


def unread_bytes(pid: int) -> int:
    """Bytes waiting in the receive queues of the TCP sockets of process `pid`, unread: a
    request sent to a stopped (SIGSTOP) server shows here (Linux /proc)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):  # closed meanwhile
            target = os.readlink(fd)
            if target.startswith("socket:["):
                inodes.add(target[len("socket:[") : -1])
    waiting = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[9] in inodes:
                    waiting += int(fields[4].partition(":")[2], 16)
    return waiting


def worth_quoting(line: str) -> bool:
    """A log line that may say why a wait ran out: a traceback's, or a warning or worse."""
    return line[:1] != "{" or any(f'"level": "{level}"' in line for level in QUOTED_LEVELS)


def wait_until(
    condition: Callable[[], object],
    timeout: float,
    what: str,
    interval: float = 0.02,
    service: ServiceProcess | None = None,
):
    """Polls `condition` until it returns something truthy, and returns that; after `timeout`
    seconds fails the test, quoting `service`'s warnings, errors and non-JSON log lines
    (tracebacks)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            errors = [line for line in getattr(service, "log_lines", []) if worth_quoting(line)]
            pytest.fail(f"no {what} within {timeout} s\n" + "\n".join(errors[-12:]))
        time.sleep(interval)


def start_gateway(orchestrator_address: str, env: dict[str, str] | None = None, **ports: int):
    """A gateway of the orchestrator at `orchestrator_address` with the tests' gateway
    credential, then `env` settings (`ports`: `port`, `metrics_port`)."""
    return process.start_gateway(
        orchestrator_address,
        {"PLAYHALL_GATEWAY_CREDENTIAL": GATEWAY_CREDENTIAL, **(env or {})},
        **ports,
    )


def orchestrator_connection_name(pid: int) -> str:
    """The client name of each Redis connection of the orchestrator process `pid`."""
    return f"playhall-orchestrator-{pid}"


def kill_orchestrator_connections(nodes: list[redis.Redis], pid: int) -> int:
    """Closes, from the server side (CLIENT KILL ID), every connection the orchestrator `pid`
    holds to each Redis of `nodes`, idle or in the middle of a command; how many it closed."""
    name = orchestrator_connection_name(pid)
    killed = 0
    for node in nodes:
        for connection in node.client_list():
            if connection.get("name") == name:
                killed += node.client_kill_filter(_id=connection["id"])
    return killed


_DATABASES = itertools.count()


def fresh_database(server: EmbeddedPostgres) -> str:
    """A new, empty database on `server` (a name of this process's own); its URL."""
    return server.create_database(f"test_{os.getpid()}_{next(_DATABASES)}")


# -- player tokens ------------------------------------------------------------------------------


PLAYER_ISSUER = "https://id.test.playhall"
PLAYER_AUDIENCE = "playhall"


@dataclass
class PlayerIssuer:
    """An identity provider for the tests: an ES256 key of its own, and the orchestrator
    settings that trust it. `token` signs whatever claims a test needs, right or wrong."""

    issuer: str = PLAYER_ISSUER
    audience: str = PLAYER_AUDIENCE
    keys: tuple[str, str] = field(default_factory=new_signing_key)
    """(private PEM, public PEM)."""

    @property
    def env(self) -> dict[str, str]:
        """The orchestrator's settings that trust this issuer."""
        return {
            "PLAYHALL_JWT_ISSUER": self.issuer,
            "PLAYHALL_JWT_AUDIENCE": self.audience,
            "PLAYHALL_JWT_PUBLIC_KEYS": self.keys[1],
        }

    def token(
        self,
        subject: str,
        name: str = "Ada",
        expires_in: float = 300,
        key=None,
        algorithm: str = "ES256",
        kid: str | None = None,
        **claims,
    ) -> str:
        """A token for `subject`, signed with this issuer's key unless `key` is given (with
        `algorithm`, naming key id `kid`); `claims` override (or, as None, drop) the standard
        ones. Each token is fresh (its own `jti`)."""
        now = time.time()
        body = {
            "iss": self.issuer,
            "aud": self.audience,
            "sub": subject,
            "name": name,
            "iat": int(now),
            "exp": int(now + expires_in),
            "jti": uuid.uuid4().hex,
            **claims,
        }
        body = {k: v for k, v in body.items() if v is not None}
        headers = {"kid": kid} if kid else None
        return jwt.encode(body, key or self.keys[0], algorithm=algorithm, headers=headers)


def verifier(issuer: PlayerIssuer, **overrides) -> PlayerTokens:
    """Player tokens (`accounts.tokens`) that trust `issuer`, then `overrides` of the settings."""
    settings = {
        "jwt_issuer": issuer.issuer,
        "jwt_audience": issuer.audience,
        "jwt_public_keys": issuer.keys[1],
        **overrides,
    }
    return PlayerTokens(TokenSettings(**settings))


def unsigned_token(claims: dict) -> str:
    """A token with `alg: none` (no signature), as an attacker would send it."""
    return jwt.encode(claims, None, algorithm="none")


# -- Galileo moves ------------------------------------------------------------------------------


def view_of(response) -> gal.View:
    return unpack(response.view, gal.View, "view")


def pick(scientist: int) -> any_pb2.Any:
    return pack(gal.Move(pick=gal.Pick(scientist=scientist)))


def take(experiment: int) -> any_pb2.Any:
    return pack(gal.Move(take=gal.TakeExperiment(experiment=experiment)))


# -- MatchService calls -------------------------------------------------------------------------


def seat_clients(
    channels: list[grpc.Channel], created: pb.CreateMatchResponse, timeout_s: float = TIMEOUT
) -> dict[int, MatchClient]:
    """One client per seat token of a new match; seat s talks to channels[s % len(channels)]."""
    return {
        t.seat: MatchClient(channels[t.seat % len(channels)], t.token, timeout_s=timeout_s)
        for t in created.tokens
    }


def refusal(call: Callable, *args, **kwargs) -> grpc.RpcError:
    """The error `call` fails with; fails the test if it succeeds."""
    with pytest.raises(grpc.RpcError) as caught:
        call(*args, **kwargs)
    return caught.value


def localized_refusal(call: Callable, *args, **kwargs) -> tuple[grpc.RpcError, dict[str, object]]:
    """The refusal `call` meets (made with the tests' timeout), with its rich details by name:
    "ErrorInfo" (the key and arguments) and "LocalizedMessage" (the caller's language)."""
    error = refusal(call, *args, timeout=TIMEOUT, **kwargs)
    found: dict[str, object] = {}
    for detail in received_details(error.trailing_metadata()):
        for kind in (error_details_pb2.ErrorInfo, error_details_pb2.LocalizedMessage):
            if detail.Is(kind.DESCRIPTOR):
                message = kind()
                detail.Unpack(message)
                found[kind.DESCRIPTOR.name] = message
    return error, found


def assert_refused(code: grpc.StatusCode, call: Callable, *args) -> str:
    error = refusal(call, *args)
    assert error.code() == code, error.details()
    return error.details()


def race(*calls: Callable[[], object], stagger: float = 0.0) -> list[object]:
    """Runs the calls at the same moment (call i `i * stagger` seconds later); each result is
    a response or the RpcError raised."""
    barrier = threading.Barrier(len(calls))

    def run(numbered):
        number, call = numbered
        barrier.wait(TIMEOUT)
        time.sleep(number * stagger)
        try:
            return call()
        except grpc.RpcError as error:
            return error

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, enumerate(calls)))


def split(results: list[object]) -> tuple[list[pb.SubmitMoveResponse], list[grpc.RpcError]]:
    """The answers and the refusals of raced calls."""
    won = [r for r in results if isinstance(r, pb.SubmitMoveResponse)]
    lost = [r for r in results if isinstance(r, grpc.RpcError)]
    assert len(won) + len(lost) == len(results), results
    return won, lost


# -- refusals' keys in the code -----------------------------------------------------------------


def service_files(*parts: str) -> list[Path]:
    """The Python files of these packages (or modules, `name.py`) of services/playhall,
    generated code (`_pb2`, `_connect`) left out."""
    return [
        path
        for part in parts
        for path in (
            [SERVICES / part] if part.endswith(".py") else sorted((SERVICES / part).rglob("*.py"))
        )
        if "_pb2" not in path.name and "_connect" not in path.name
    ]


def called_name(call: ast.Call) -> str | None:
    """The name a call calls: `f` of `f(...)` and of `x.f(...)`."""
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def sentences_given(path: Path, positions: Mapping[str, int]) -> list[str]:
    """Where (`file:line`, relative to services/playhall) a call named in `positions` is given
    a sentence rather than a key at its position there: a literal that is not a key, or text
    built in code (an f-string, a `+`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        position = positions.get(called_name(node) or "")
        if position is None or len(node.args) <= position:
            continue
        given = node.args[position]
        built = isinstance(given, ast.JoinedStr | ast.BinOp)
        sentence = isinstance(given, ast.Constant) and not i18n.KEY.fullmatch(str(given.value))
        if built or sentence:
            found.append(f"{path.relative_to(SERVICES)}:{node.lineno}")
    return found
