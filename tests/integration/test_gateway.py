"""The browser gateway as a process in front of the session's orchestrator: MatchService over
Connect (JSON from a plain HTTP client as a browser's `fetch` sends it, binary and a server
stream from the `connectrpc` client), gRPC-Web on the same port, CORS, the rate and size limits,
refusals passed through unchanged, health, metrics and a clean stop."""

from __future__ import annotations

import base64
import json
import threading
import time
import urllib.error
import urllib.request

import grpc
import pytest
from connectrpc.code import Code
from connectrpc.errors import ConnectError
from connectrpc.protocol import ProtocolType
from google.protobuf import duration_pb2

from dev.testbed import TIMEOUT
from playhall.core.wire import unpack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1.match_service_connect import MatchServiceClientSync
from playhall.match_client import MatchClient, human_seats
from tests.helpers import metric, pick, scrape, start_gateway, wait_until

ORIGIN = "https://portal.example"
SERVICE = "/playhall.match.v1.MatchService/"


@pytest.fixture(scope="module")
def gateway(orchestrator):
    env = {"PLAYHALL_CORS_ORIGINS": ORIGIN, "PLAYHALL_MAX_REQUEST_BYTES": "8192"}
    with start_gateway(orchestrator.address, env) as service:
        yield service


@pytest.fixture(scope="module")
def base(gateway) -> str:
    return f"http://127.0.0.1:{gateway.port}"


@pytest.fixture(scope="module")
def direct(orchestrator):
    with grpc.insecure_channel(orchestrator.address) as channel:
        yield MatchClient(channel, timeout_s=TIMEOUT)


def post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def connect_json(base: str, method: str, message: dict, token: str | None = None):
    """A Connect unary call as JSON, the way the portal's `fetch` makes it."""
    headers = {"content-type": "application/json", "connect-protocol-version": "1"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    status, headers, body = post(base + SERVICE + method, json.dumps(message).encode(), headers)
    return status, headers, json.loads(body)


def client(base: str, protocol=ProtocolType.CONNECT, **kwargs) -> MatchServiceClientSync:
    return MatchServiceClientSync(base, protocol=protocol, timeout_ms=5000, **kwargs)


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def two_people(base: str) -> tuple[str, list[str]]:
    created = client(base).create_match(
        pb.CreateMatchRequest(title_id="galileo", seats=human_seats(2))
    )
    return created.match.match_id, [t.token for t in created.tokens]


def test_unary_calls_as_json_carry_the_token_and_the_titles_messages(base):
    status, _, created = connect_json(
        base,
        "CreateMatch",
        {"titleId": "galileo", "seats": [{"kind": "SEAT_KIND_HUMAN"}, {"kind": "SEAT_KIND_HUMAN"}]},
    )
    assert status == 200, created
    match_id, token = created["match"]["matchId"], created["tokens"][1]["token"]
    status, _, got = connect_json(base, "GetMatch", {"matchId": match_id}, token)
    assert status == 200, got
    assert got["seat"] == 1
    # The view's Any is in the canonical JSON mapping, the title's fields by name.
    assert got["view"]["@type"] == "type.googleapis.com/playhall.galileo.v1.View"
    assert got["view"]["seat"] == 1 and len(got["view"]["hand"]) > 0
    assert got["legalMoves"]["typeUrl"].endswith("playhall.galileo.v1.Move")
    first = gal.Move.FromString(base64.b64decode(got["legalMoves"]["moves"][0]))
    assert first.pick.scientist in got["view"]["hand"]
    # A move in JSON, its Any by @type.
    move = {"@type": "type.googleapis.com/playhall.galileo.v1.Move", "pick": {"scientist": 0}}
    move["pick"]["scientist"] = first.pick.scientist
    version = int(got["match"].get("version", 0))  # uint64 as a string; 0 is left out
    request = {"matchId": match_id, "move": move, "expectedVersion": version, "requestId": "j1"}
    status, _, moved = connect_json(base, "SubmitMove", request, token)
    assert status == 200, moved
    assert int(moved["version"]) == version + 1


def test_unary_calls_in_binary_and_over_grpc_web(base):
    for protocol in (ProtocolType.CONNECT, ProtocolType.GRPC_WEB):
        match_id, tokens = two_people(base)
        got = client(base, protocol).get_match(
            pb.GetMatchRequest(match_id=match_id), headers=bearer(tokens[0])
        )
        assert got.HasField("seat") and got.seat == 0, protocol
        view = unpack(got.view, gal.View, "view")
        assert view.seat == 0 and len(view.hand) > 0
        spectator = client(base, protocol).get_match(pb.GetMatchRequest(match_id=match_id))
        assert not spectator.HasField("seat")


def test_watch_match_is_a_server_stream(base):
    match_id, tokens = two_people(base)
    changes: list[pb.MatchChange] = []
    done = threading.Event()

    def watch() -> None:
        stream = client(base).watch_match(
            pb.WatchMatchRequest(match_id=match_id),
            headers=bearer(tokens[0]),
            timeout_ms=10_000,
        )
        for response in stream:
            changes.append(response.change)
            if len(changes) == 2:
                break
        done.set()

    threading.Thread(target=watch, daemon=True).start()
    seat = client(base)
    got = seat.get_match(pb.GetMatchRequest(match_id=match_id), headers=bearer(tokens[0]))
    scientist = unpack(got.view, gal.View, "view").hand[0]
    seat.submit_move(
        pb.SubmitMoveRequest(
            match_id=match_id,
            move=pick(scientist),
            expected_version=got.match.version,
            request_id="stream-1",
        ),
        headers=bearer(tokens[0]),
    )
    assert done.wait(10), changes
    assert [c.version for c in changes] == [got.match.version, got.match.version + 1]
    assert changes[1].seat == 0
    own = gal.Event()
    assert changes[1].events[0].Unpack(own) and own.pick_committed.scientist == scientist


def test_refusals_carry_the_orchestrators_code_and_message_unchanged(base, direct):
    match_id, tokens = two_people(base)
    got = client(base).get_match(pb.GetMatchRequest(match_id=match_id), headers=bearer(tokens[0]))
    view = unpack(got.view, gal.View, "view")
    absent = next(s for s in range(1, 51) if s not in view.hand)
    request = pb.SubmitMoveRequest(
        match_id=match_id, move=pick(absent), expected_version=got.match.version, request_id="x"
    )
    with pytest.raises(grpc.RpcError) as native:
        direct.as_seat(tokens[0]).stub.SubmitMove(
            request, metadata=[("authorization", f"Bearer {tokens[0]}")], timeout=TIMEOUT
        )
    assert native.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    for protocol in (ProtocolType.CONNECT, ProtocolType.GRPC_WEB):
        with pytest.raises(ConnectError) as through:
            client(base, protocol).submit_move(request, headers=bearer(tokens[0]))
        assert through.value.code == Code.INVALID_ARGUMENT
        assert through.value.message == native.value.details()
    status, _, body = connect_json(base, "GetMatch", {"matchId": "no-such-match"})
    assert (status, body["code"]) == (404, "not_found")
    status, _, body = connect_json(base, "Resign", {"matchId": match_id})
    assert (status, body["code"]) == (401, "unauthenticated")


def test_cors_answers_configured_origins_only(base):
    def preflight(origin: str) -> tuple[int, dict]:
        request = urllib.request.Request(
            base + SERVICE + "GetMatch",
            method="OPTIONS",
            headers={
                "origin": origin,
                "access-control-request-method": "POST",
                "access-control-request-headers": "authorization,content-type",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                return response.status, {k.lower(): v for k, v in response.headers.items()}
        except urllib.error.HTTPError as error:
            return error.code, {k.lower(): v for k, v in error.headers.items()}

    status, headers = preflight(ORIGIN)
    assert status == 200
    assert headers["access-control-allow-origin"] == ORIGIN
    assert "authorization" in headers["access-control-allow-headers"].lower()
    status, headers = preflight("https://elsewhere.example")
    assert status == 400 and "access-control-allow-origin" not in headers
    _, headers, _ = post(
        base + SERVICE + "ListGames",
        b"{}",
        {"content-type": "application/json", "origin": ORIGIN},
    )
    assert headers.get("access-control-allow-origin") == ORIGIN


def test_requests_over_the_size_limit_are_refused(base):
    status, _, body = connect_json(base, "GetMatch", {"matchId": "x" * 10_000})
    assert (status, body["code"]) == (429, "resource_exhausted")
    assert "larger than" in body["message"]
    with pytest.raises(ConnectError) as caught:
        client(base, ProtocolType.GRPC_WEB).get_match(pb.GetMatchRequest(match_id="x" * 10_000))
    assert caught.value.code == Code.RESOURCE_EXHAUSTED


TIGHT_RATES = {
    "PLAYHALL_RATE_PER_TOKEN": "0.5",
    "PLAYHALL_RATE_PER_ADDRESS": "1",
    "PLAYHALL_RATE_BURST": "4",
}
"""Gateway buckets a test empties in a handful of calls."""


def test_rate_limits_per_token_and_per_address_give_a_retry_hint(orchestrator):
    with start_gateway(orchestrator.address, TIGHT_RATES) as tight:
        url = f"http://127.0.0.1:{tight.port}"
        answers = [connect_json(url, "ListGames", {}, token="abc") for _ in range(5)]
        assert [status for status, _, _ in answers[:4]] == [200] * 4
        status, headers, body = answers[4]
        assert (status, body["code"]) == (429, "resource_exhausted"), body
        assert "retry in" in body["message"] and int(headers["retry-after"]) >= 1
        details = {detail["type"]: detail for detail in body["details"]}
        assert details.keys() == {
            "google.rpc.ErrorInfo",
            "google.rpc.LocalizedMessage",
            "google.rpc.RetryInfo",
        }
        detail = details["google.rpc.RetryInfo"]
        raw = base64.b64decode(detail["value"] + "==")
        delay = duration_pb2.Duration.FromString(raw[2:])
        assert 0 < delay.ToNanoseconds() <= 2e9
        with pytest.raises(ConnectError) as caught:
            client(url, ProtocolType.GRPC_WEB).list_games(pb.ListGamesRequest())
        assert caught.value.code == Code.RESOURCE_EXHAUSTED
        samples = scrape(tight.metrics_port)
        assert metric(samples, "playhall_gateway_rate_limited_total") >= 2
        assert tight.terminate() == 0


def test_rate_limits_off_count_no_call(orchestrator):
    off = {**TIGHT_RATES, "PLAYHALL_RATE_LIMITS": "0"}
    with start_gateway(orchestrator.address, off) as open_gateway:
        url = f"http://127.0.0.1:{open_gateway.port}"
        answers = [connect_json(url, "ListGames", {}, token="abc") for _ in range(8)]
        assert [status for status, _, _ in answers] == [200] * 8
        assert metric(scrape(open_gateway.metrics_port), "playhall_gateway_rate_limited_total") == 0
        assert open_gateway.terminate() == 0


def test_health_metrics_portal_and_a_clean_stop(orchestrator, base, gateway):
    with urllib.request.urlopen(base + "/readyz", timeout=TIMEOUT) as response:
        assert response.status == 200
    with urllib.request.urlopen(base + "/", timeout=TIMEOUT) as response:
        assert "text/html" in response.headers["content-type"]
    client(base).list_games(pb.ListGamesRequest())
    samples = scrape(gateway.metrics_port)
    assert (
        metric(
            samples,
            "playhall_gateway_requests_total",
            method="ListGames",
            protocol="connect",
            code="ok",
        )
        >= 1
    )
    lines = [json.loads(line) for line in gateway.log_lines if line.startswith("{")]
    assert any(entry.get("msg") == "serving" and entry["component"] == "gateway" for entry in lines)
    with start_gateway(orchestrator.address) as other:
        assert other.terminate() == 0
        assert other.wait_for_log('"stopped"')


def test_watch_streams_per_address_are_limited(orchestrator):
    env = {"PLAYHALL_MAX_WATCH_STREAMS_PER_ADDRESS": "1"}
    with start_gateway(orchestrator.address, env) as gateway:
        url = f"http://127.0.0.1:{gateway.port}"
        match_id, _ = two_people(url)
        first = client(url).watch_match(pb.WatchMatchRequest(match_id=match_id), timeout_ms=5000)
        assert next(first).change.version == 0
        wait_until(
            lambda: metric(scrape(gateway.metrics_port), "playhall_gateway_watch_streams") == 1,
            5,
            "the open stream counted",
        )
        with pytest.raises(ConnectError) as caught:
            next(client(url).watch_match(pb.WatchMatchRequest(match_id=match_id)))
        assert caught.value.code == Code.RESOURCE_EXHAUSTED
        first.close()
        wait_until(
            lambda: metric(scrape(gateway.metrics_port), "playhall_gateway_watch_streams") == 0,
            5,
            "the closed stream released",
        )
        again = client(url).watch_match(pb.WatchMatchRequest(match_id=match_id), timeout_ms=5000)
        assert next(again).change.version == 0
        again.close()


def test_the_callers_deadline_reaches_the_orchestrator_and_a_stop_ends_open_streams(orchestrator):
    with start_gateway(orchestrator.address, {"PLAYHALL_GRACE_SECONDS": "1"}) as gateway:
        url = f"http://127.0.0.1:{gateway.port}"
        match_id, _ = two_people(url)
        started = time.monotonic()
        with pytest.raises(ConnectError) as caught:
            for _ in client(url).watch_match(
                pb.WatchMatchRequest(match_id=match_id), timeout_ms=700
            ):
                pass
        assert caught.value.code == Code.DEADLINE_EXCEEDED
        assert time.monotonic() - started < 5
        # A stream open when SIGTERM comes is given the grace, then the process exits 0.
        stream = client(url).watch_match(pb.WatchMatchRequest(match_id=match_id))
        assert next(stream).change.version == 0
        started = time.monotonic()
        assert gateway.terminate() == 0
        assert time.monotonic() - started < 5
        with pytest.raises(ConnectError):
            next(stream)
