"""The published rate limits on two orchestrator processes sharing the session's Redis, with
low limits (reads: 2 a second, bursts of 4; 2 streams open; an address twice that): a looping
client is refused
RESOURCE_EXHAUSTED with a RetryInfo and a QuotaFailure it parses, and a call made after the
delay it names passes; calls split across both replicas count together; an address is limited
whatever its tokens, and a token whatever its address; a token holds at most 2 streams open on
both replicas together, and a closed one frees its place; the worker credential is never
limited; through a gateway the details reach a Connect client; GetLimits answers the table.

Each test counts under addresses of its own (named by the gateway credential, as a gateway
names its browsers'), so the tests share no count."""

from __future__ import annotations

import base64
import itertools
import time

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from dev.testbed import GATEWAY_CREDENTIAL, TIMEOUT, WORKER_CREDENTIAL, start_orchestrator
from playhall.api.v1 import account_service_pb2 as apb
from playhall.api.v1 import account_service_pb2_grpc
from playhall.common.metadata import CLIENT_ADDRESS_HEADER, GATEWAY_CREDENTIAL_HEADER
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.match_client import human_seats
from tests.helpers import connect_call, metric, scrape, start_gateway, wait_until

LIMITS = {
    "PLAYHALL_RATE_LIMITS": "1",
    "PLAYHALL_LIMIT_READS": "2/s burst 4",
    "PLAYHALL_LIMIT_ADDRESS_FACTOR": "2",
    "PLAYHALL_LIMIT_OPEN_STREAMS": "2",
}
READ_BURST = 4
READ_RATE = 2
READ_INTERVAL_S = 0.5
ADDRESSES = (f"10.40.0.{n}" for n in itertools.count(1))
"""A fresh client address for each use."""


@pytest.fixture(scope="module")
def replicas(redis_server, galileo_rules):
    with (
        start_orchestrator(redis_server.url, galileo_rules.address, **LIMITS) as a,
        start_orchestrator(redis_server.url, galileo_rules.address, **LIMITS) as b,
    ):
        yield a, b


@pytest.fixture(scope="module")
def stubs(replicas):
    with (
        grpc.insecure_channel(replicas[0].address) as a,
        grpc.insecure_channel(replicas[1].address) as b,
    ):
        yield match_service_pb2_grpc.MatchServiceStub(a), match_service_pb2_grpc.MatchServiceStub(b)


def forwarded(address: str, token: str | None = None) -> list[tuple[str, str]]:
    """A gateway's metadata for a call of the client at `address` (with `token`)."""
    metadata = [(GATEWAY_CREDENTIAL_HEADER, GATEWAY_CREDENTIAL), (CLIENT_ADDRESS_HEADER, address)]
    if token:
        metadata.append(("authorization", f"Bearer {token}"))
    return metadata


def list_games(stub, metadata) -> grpc.RpcError | None:
    """A read: None when it passes, else its refusal."""
    try:
        stub.ListGames(pb.ListGamesRequest(), metadata=metadata, timeout=TIMEOUT)
    except grpc.RpcError as error:
        return error
    return None


def passes_until_refused(calls) -> tuple[int, grpc.RpcError, float]:
    """How many of `calls` (each a call returning its refusal or None) pass before the first
    refusal, that refusal, and the seconds they took."""
    started = time.monotonic()
    for passed, call in enumerate(calls):
        refused = call()
        if refused is not None:
            return passed, refused, time.monotonic() - started
    pytest.fail("never refused")


def burst_and_refill(burst: int, rate: float, elapsed: float) -> range:
    """How many calls a limit of `burst` at `rate` a second lets pass in `elapsed` seconds:
    the burst, and what the rate refilled meanwhile (calls are slow on a busy machine)."""
    return range(burst, burst + int(elapsed * rate) + 1)


def details(error: grpc.RpcError):
    """(RetryInfo, QuotaFailure) of a refusal's rich status (then its key and sentence, as
    every refusal carries them)."""
    status = rpc_status.from_call(error)
    assert status is not None, "no grpc-status-details-bin"
    retry, quota = error_details_pb2.RetryInfo(), error_details_pb2.QuotaFailure()
    kinds = [detail.type_url.rpartition("/")[2] for detail in status.details]
    assert kinds == [
        "google.rpc.RetryInfo",
        "google.rpc.QuotaFailure",
        "google.rpc.ErrorInfo",
        "google.rpc.LocalizedMessage",
    ]
    info = error_details_pb2.ErrorInfo()
    status.details[2].Unpack(info)
    assert info.reason == "LIMIT_TOO_MANY_CALLS" and info.metadata["calls"] == "reads"
    status.details[0].Unpack(retry)
    status.details[1].Unpack(quota)
    return retry, quota


def test_a_looping_client_is_told_how_long_to_wait_and_that_wait_is_honest(stubs):
    address = next(ADDRESSES)
    stub = stubs[0]
    sent_at = []

    def read() -> grpc.RpcError | None:
        sent_at.append(time.monotonic())
        return list_games(stub, forwarded(address))

    passed, refused, elapsed = passes_until_refused(read for _ in range(100))
    refused_at = sent_at[-1]  # the server refused after this: the room counted from here is less
    # The address may make twice a token's burst, at twice its rate.
    assert passed in burst_and_refill(2 * READ_BURST, 2 * READ_RATE, elapsed)
    assert refused.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "Too many reads from this address" in refused.details()
    retry, quota = details(refused)
    delay = retry.retry_delay.ToTimedelta().total_seconds()
    assert 0 < delay <= READ_INTERVAL_S / 2
    (violation,) = quota.violations
    assert violation.subject == f"address:{address}"
    assert violation.description == "reads: 4/s burst 8 per address"
    time.sleep(delay)
    assert list_games(stub, forwarded(address)) is None
    # One call took the room the wait made: the next is refused again, unless the room of one
    # more came meanwhile (a busy machine late for the first call or between the two).
    if list_games(stub, forwarded(address)) is None:
        waited = time.monotonic() - refused_at
        assert waited >= delay + READ_INTERVAL_S / 2, f"passed with no room after {waited:.3f} s"


def test_calls_split_across_two_replicas_count_together(stubs, replicas):
    address = next(ADDRESSES)
    passed, refused, elapsed = passes_until_refused(
        lambda stub=stub: list_games(stub, forwarded(address))
        for stub in itertools.islice(itertools.cycle(stubs), 100)
    )
    # Not twice that: one count for both replicas.
    assert passed in burst_and_refill(2 * READ_BURST, 2 * READ_RATE, elapsed)
    assert refused.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    refusals = [
        metric(scrape(replica.metrics_port), "playhall_rate_limited_total", call_class="reads")
        for replica in replicas
    ]
    assert sum(refusals) >= 1


def test_an_address_is_limited_whatever_its_tokens_and_a_token_whatever_its_address(stubs):
    address, elsewhere = next(ADDRESSES), next(ADDRESSES)
    stub = stubs[0]
    passed, refused, elapsed = passes_until_refused(
        lambda: list_games(stub, forwarded(address, "first-token")) for _ in range(100)
    )
    assert passed in burst_and_refill(READ_BURST, READ_RATE, elapsed)
    (violation,) = details(refused)[1].violations
    assert violation.subject.startswith("token:")
    assert "Too many reads from this token" in refused.details()
    # The same token is refused from another address too.
    refused = list_games(stub, forwarded(elsewhere, "first-token"))
    assert refused is not None and details(refused)[1].violations[0].subject.startswith("token:")
    # A second token from the first address: the address has room for fewer than a burst.
    passed, refused, _ = passes_until_refused(
        lambda: list_games(stub, forwarded(address, "second-token")) for _ in range(100)
    )
    assert passed < READ_BURST
    assert details(refused)[1].violations[0].subject == f"address:{address}"


def test_the_worker_credential_is_never_limited(stubs):
    address = next(ADDRESSES)
    worker = forwarded(address, WORKER_CREDENTIAL)
    assert [list_games(stubs[0], worker) for _ in range(4 * READ_BURST)] == [None] * 4 * READ_BURST
    # The address itself was not counted either.
    assert list_games(stubs[0], forwarded(address)) is None


def test_a_connect_client_gets_the_details_through_the_gateway(replicas):
    with start_gateway(replicas[0].address, {"PLAYHALL_RATE_PER_ADDRESS": "1000"}) as gateway:
        base = f"http://127.0.0.1:{gateway.port}"
        for _ in range(100):
            status, body = connect_call(
                base, "playhall.match.v1.MatchService", "ListGames", {}, token="gateway-token"
            )
            if status != 200:
                break
        assert (status, body["code"]) == (429, "resource_exhausted"), body
        assert "Too many reads from this token" in body["message"]
        by_type = {detail["type"]: detail["value"] for detail in body["details"]}
        assert set(by_type) == {
            "google.rpc.RetryInfo",
            "google.rpc.QuotaFailure",
            "google.rpc.ErrorInfo",
            "google.rpc.LocalizedMessage",
        }
        retry = error_details_pb2.RetryInfo.FromString(
            base64.b64decode(by_type["google.rpc.RetryInfo"] + "==")
        )
        assert 0 < retry.retry_delay.ToTimedelta().total_seconds() <= READ_INTERVAL_S
        quota = error_details_pb2.QuotaFailure.FromString(
            base64.b64decode(by_type["google.rpc.QuotaFailure"] + "==")
        )
        assert quota.violations[0].subject.startswith("token:")


def test_get_limits_answers_the_table_as_the_caller_is_limited(replicas):
    with grpc.insecure_channel(replicas[0].address) as channel:
        accounts = account_service_pb2_grpc.AccountServiceStub(channel)
        answer = accounts.GetLimits(
            apb.GetLimitsRequest(), metadata=forwarded(next(ADDRESSES)), timeout=TIMEOUT
        )
        assert answer.limited
        by_name = {limit.name: limit for limit in answer.limits}
        assert list(by_name) == ["moves", "reads", "challenges", "streams", "writes"]
        reads = by_name["reads"]
        assert reads.call_class == apb.CALL_CLASS_READS
        assert (reads.token_per_second, reads.token_burst) == (2, READ_BURST)
        assert (reads.address_per_second, reads.address_burst) == (4, 2 * READ_BURST)
        assert "playhall.api.v1.AccountService/GetLimits" in reads.methods
        assert by_name["moves"].methods == ["playhall.match.v1.MatchService/SubmitMove"]
        assert (by_name["moves"].token_per_second, by_name["moves"].token_burst) == (20, 40)
        assert (answer.token_open_streams, answer.address_open_streams) == (2, 4)
        worker = accounts.GetLimits(
            apb.GetLimitsRequest(),
            metadata=forwarded(next(ADDRESSES), WORKER_CREDENTIAL),
            timeout=TIMEOUT,
        )
        assert not worker.limited and len(worker.limits) == 5


def test_a_token_holds_so_many_streams_open_on_both_replicas_together(stubs):
    address = next(ADDRESSES)
    created = stubs[0].CreateMatch(
        pb.CreateMatchRequest(title_id="galileo", seats=human_seats(2)),
        metadata=forwarded(address),
        timeout=TIMEOUT,
    )
    watch = pb.WatchMatchRequest(match_id=created.match.match_id)
    seat = forwarded(address, created.tokens[0].token)
    held = [stub.WatchMatch(watch, metadata=seat, timeout=30) for stub in stubs]
    assert [next(stream).change.version for stream in held] == [0, 0]
    refused = stubs[0].WatchMatch(watch, metadata=seat, timeout=30)
    with pytest.raises(grpc.RpcError):
        next(refused)
    assert refused.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "already holds 2 streams open" in refused.details()
    status = rpc_status.from_call(refused)
    # No RetryInfo: no wait frees a place, closing a stream does.
    assert [detail.type_url.rpartition("/")[2] for detail in status.details] == [
        "google.rpc.QuotaFailure",
        "google.rpc.ErrorInfo",
        "google.rpc.LocalizedMessage",
    ]
    quota = error_details_pb2.QuotaFailure()
    status.details[0].Unpack(quota)
    assert quota.violations[0].subject.startswith("token:")
    assert quota.violations[0].description == "streams: 2 open at once per token"
    held[1].cancel()

    def reopened():
        stream = stubs[1].WatchMatch(watch, metadata=seat, timeout=30)
        try:
            next(stream)
        except grpc.RpcError:
            return None
        return stream

    again = wait_until(reopened, 5, "the closed stream's place freed")
    for stream in (held[0], again):
        stream.cancel()
