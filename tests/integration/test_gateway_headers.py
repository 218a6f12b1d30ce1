"""Request headers that are not UTF-8, sent as raw bytes to a gateway process (the outside
audit, issue 35, item 5): every protocol the gateway serves refuses the call in its own form
(Connect unary: HTTP 400 `invalid_argument`, or 401 `unauthenticated` for the `authorization`
header; a Connect stream: its end-of-stream message; gRPC-Web: `grpc-status`), with a reason
that names the header and quotes nothing of the bytes or of a Python exception, and nothing in
the gateway's log at ERROR. Before, the Connect library failed decoding the header: HTTP 500
`unknown` with the exception's text, and a traceback in the log."""

from __future__ import annotations

import http.client
import json
import struct
from urllib.parse import unquote

import pytest

from dev.testbed import TIMEOUT
from playhall.match.v1 import match_service_pb2 as pb
from tests.helpers import start_gateway

SERVICE = "/playhall.match.v1.MatchService/"
BAD = b"caf\xe9 \xff\xfe"
"""Latin-1 bytes and two that start no UTF-8 sequence."""
LEAKS = ("codec", "decode", "byte", "position", "Traceback", "utf-8'", "\\x", "café")
"""What the Python exception's text (or the bytes themselves) would bring into a reply."""


@pytest.fixture(scope="module")
def gateway(orchestrator):
    with start_gateway(orchestrator.address) as service:
        yield service


def raw_call(
    port: int, method: str, content_type: str | bytes, body: bytes, headers: list[tuple[str, bytes]]
) -> tuple[int, http.client.HTTPMessage, bytes]:
    """POST `body` to the gateway with `headers` as raw bytes (http.client sends bytes values
    as they are): (HTTP status, headers, body read to its end)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        connection.putrequest("POST", SERVICE + method)
        connection.putheader("content-type", content_type)
        connection.putheader("content-length", str(len(body)))
        for name, value in headers:
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def envelope(flags: int, data: bytes) -> bytes:
    return struct.pack(">BI", flags, len(data)) + data


def frames(body: bytes) -> list[tuple[int, bytes]]:
    """The enveloped messages of a Connect or gRPC-Web stream: (flags, data)."""
    found = []
    while body:
        flags, length = struct.unpack(">BI", body[:5])
        found.append((flags, body[5 : 5 + length]))
        body = body[5 + length :]
    return found


def connect_unary(port: int, headers: list[tuple[str, bytes]]) -> tuple[int, dict]:
    body = json.dumps({"matchId": "no-such-match"}).encode()
    status, _, reply = raw_call(
        port, "GetMatch", "application/json", body, [("connect-protocol-version", b"1"), *headers]
    )
    return status, json.loads(reply)


def connect_stream(port: int, headers: list[tuple[str, bytes]]) -> tuple[int, dict]:
    """A WatchMatch over Connect (JSON): (HTTP status, the end-of-stream message's error)."""
    body = envelope(0, json.dumps({"matchId": "no-such-match"}).encode())
    status, _, reply = raw_call(
        port,
        "WatchMatch",
        "application/connect+json",
        body,
        [("connect-protocol-version", b"1"), *headers],
    )
    (flags, end), *_ = [f for f in frames(reply) if f[0] & 0x02]
    return status, json.loads(end)["error"]


def grpc_web(port: int, method: str, headers: list[tuple[str, bytes]]) -> tuple[int, str, str]:
    """A gRPC-Web call (binary) of GetMatch or WatchMatch: (HTTP status, grpc-status,
    grpc-message), from the headers of a trailers-only reply or from the trailer frame."""
    request = pb.WatchMatchRequest if method == "WatchMatch" else pb.GetMatchRequest
    body = envelope(0, request(match_id="no-such-match").SerializeToString())
    status, reply_headers, reply = raw_call(
        port, method, "application/grpc-web+proto", body, [("x-grpc-web", b"1"), *headers]
    )
    trailers = {k.lower(): v for k, v in reply_headers.items()}
    for flags, data in frames(reply):
        if flags & 0x80:
            for line in data.decode().split("\r\n"):
                if line:
                    name, _, value = line.partition(":")
                    trailers[name.strip().lower()] = value.strip()
    return status, trailers.get("grpc-status", ""), unquote(trailers.get("grpc-message", ""))


def assert_nothing_leaked(message: str) -> None:
    assert message, "a refusal without a reason"
    for leak in LEAKS:
        assert leak not in message, message


def errors_logged(gateway, since: int) -> list[str]:
    """The gateway's log lines after line `since` that are errors or not JSON (tracebacks)."""
    lines = list(gateway.log_lines)[since:]
    return [line for line in lines if not line.startswith("{") or '"level": "error"' in line]


@pytest.mark.parametrize("name", ["x-custom", "connect-timeout-ms", "authorization"])
def test_a_header_that_is_not_utf8_is_refused_in_every_protocol(gateway, name):
    logged = len(gateway.log_lines)
    value = b"Bearer " + BAD if name == "authorization" else BAD
    bad = [(name, value)]
    expected = "unauthenticated" if name == "authorization" else "invalid_argument"
    reason = f"The {name} header is not UTF-8 text"

    status, error = connect_unary(gateway.port, bad)
    assert (status, error["code"]) == ((401 if expected == "unauthenticated" else 400), expected)
    assert error["message"].startswith(reason), error
    assert_nothing_leaked(error["message"])

    status, error = connect_stream(gateway.port, bad)
    assert (status, error["code"]) == (200, expected), error
    assert error["message"].startswith(reason), error
    assert_nothing_leaked(error["message"])

    grpc_code = "16" if expected == "unauthenticated" else "3"
    for method in ("GetMatch", "WatchMatch"):
        status, code, message = grpc_web(gateway.port, method, bad)
        assert (status, code) == (200, grpc_code), (method, message)
        assert message.startswith(reason), (method, message)
        assert_nothing_leaked(message)

    assert not errors_logged(gateway, logged)


def test_the_same_calls_with_readable_headers_reach_the_orchestrator(gateway):
    # The refusals above come from the header alone: with UTF-8 bytes (accents included) the
    # same calls go through and are answered by the orchestrator (no such match).
    good = [("x-custom", "café".encode())]
    status, error = connect_unary(gateway.port, good)
    assert (status, error["code"]) == (404, "not_found")
    status, error = connect_stream(gateway.port, good)
    assert error["code"] == "not_found"
    for method in ("GetMatch", "WatchMatch"):
        assert grpc_web(gateway.port, method, good)[1] == "5"


def test_a_content_type_that_is_not_utf8_is_an_unsupported_media_type(gateway):
    # Without a readable content type no protocol can be chosen: the Connect protocol's answer
    # to a content type it does not serve, with nothing of the bytes in it.
    logged = len(gateway.log_lines)
    status, _, body = raw_call(gateway.port, "GetMatch", b"application/" + BAD, b"{}", [])
    assert status == 415
    assert_nothing_leaked(body.decode("latin-1") or "-")
    assert not errors_logged(gateway, logged)
