"""Who a watch stream is counted against, and what a replica answers beyond what it serves.

- Spectators through the gateway are not one address: 48 browsers are all served (most share
  one stream per match; one with a stream of its own, a catch-up from an old version, is
  counted by its own address, which the gateway forwards with its credential). The orchestrator
  believes a forwarded address only with the gateway's credential.
- A replica holding as many streams as it serves refuses the next ones at once with
  RESOURCE_EXHAUSTED (never CANCELLED), while moves go on.

Each test starts its own orchestrator (and gateway) on the session's Redis, with low limits."""

from __future__ import annotations

import asyncio
import contextlib
import time

import grpc
from connectrpc.errors import ConnectError

from dev.testbed import GATEWAY_CREDENTIAL, TIMEOUT, start_orchestrator
from playhall.common.metadata import CLIENT_ADDRESS_HEADER, GATEWAY_CREDENTIAL_HEADER
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.match.v1.match_service_connect import MatchServiceClient
from playhall.match_client import MatchClient, human_seats
from tests.helpers import TITLE, pick, start_gateway, view_of

STREAM_TIMEOUT = 60.0
PER_ADDRESS = 32
"""The orchestrator's default PLAYHALL_MAX_ANONYMOUS_WATCH_STREAMS_PER_ADDRESS."""
ADDRESS_REFUSAL = (
    f"RESOURCE_EXHAUSTED: Your address already watches {PER_ADDRESS} matches without a seat "
    "token; close one first"
)


async def first_answer(stub, match_id: str, metadata=()) -> tuple[object, str]:
    """Opens a WatchMatch stream and reads its first answer: (the open call, "ok") or (None,
    the status it ended with)."""
    call = stub.WatchMatch(
        pb.WatchMatchRequest(match_id=match_id), metadata=metadata, timeout=STREAM_TIMEOUT
    )
    try:
        response = await call.read()
    except grpc.aio.AioRpcError as error:
        return None, f"{error.code().name}: {error.details()}"
    if response is grpc.aio.EOF:
        return None, "ended"
    return call, "ok"


async def through_gateway(
    client: MatchServiceClient, match_id: str, browser: str, streams: list
) -> str:
    """A spectator's WatchMatch through the gateway from the browser at address `browser` (as
    the Ingress names it in X-Forwarded-For); "ok" once its first change came (the stream is
    kept open in `streams`), else the code and message it ended with."""
    stream = client.watch_match(
        pb.WatchMatchRequest(match_id=match_id),
        headers={"x-forwarded-for": browser},
        timeout_ms=int(STREAM_TIMEOUT * 1000),
    )
    try:
        first = await anext(stream)
    except ConnectError as error:
        return f"{error.code.name}: {error.message}"
    streams.append(stream)
    return "ok" if first.change.version == 0 else f"version {first.change.version}"


def test_spectators_through_the_gateway_are_counted_by_their_own_address(
    redis_server, galileo_rules
):
    gateway_limits = {
        "PLAYHALL_MAX_WATCH_STREAMS_PER_ADDRESS": "64",
        "PLAYHALL_RATE_PER_ADDRESS": "1000",
        "PLAYHALL_RATE_BURST": "1000",
    }
    with (
        start_orchestrator(redis_server.url, galileo_rules.address) as orchestrator,
        start_gateway(orchestrator.address, gateway_limits) as gateway,
        grpc.insecure_channel(orchestrator.address) as channel,
    ):
        lobby = MatchClient(channel, timeout_s=TIMEOUT)
        created = lobby.create(TITLE, human_seats(2))
        match_id = created.match.match_id
        for token in created.tokens:
            seat = lobby.as_seat(token.token)
            seen = seat.get(match_id)
            seat.submit(match_id, pick(view_of(seen).hand[0]), seen.match.version)

        async def main():
            streams: list = []
            client = MatchServiceClient(f"http://127.0.0.1:{gateway.port}")
            try:
                browsers = [f"203.0.113.{n}" for n in range(1, 49)]
                many = await asyncio.gather(
                    *(through_gateway(client, match_id, b, streams) for b in browsers)
                )
                one = await asyncio.gather(
                    *(through_gateway(client, match_id, "198.51.100.7", streams) for _ in range(33))
                )
                async with grpc.aio.insecure_channel(orchestrator.address) as direct:
                    stub = match_service_pb2_grpc.MatchServiceStub(direct)
                    vouched = [(GATEWAY_CREDENTIAL_HEADER, GATEWAY_CREDENTIAL)]
                    as_gateway = await asyncio.gather(
                        *(
                            first_answer(stub, match_id, [*vouched, (CLIENT_ADDRESS_HEADER, a)])
                            for a in [f"203.0.113.{n}" for n in range(1, 49)]
                            + ["198.51.100.7"] * 33
                        )
                    )
                    forged = await asyncio.gather(
                        *(
                            first_answer(stub, match_id, [(CLIENT_ADDRESS_HEADER, f"10.1.0.{n}")])
                            for n in range(33)
                        )
                    )
                    wrong = [(GATEWAY_CREDENTIAL_HEADER, GATEWAY_CREDENTIAL + "-not")]
                    refused = await first_answer(
                        stub, match_id, [*wrong, (CLIENT_ADDRESS_HEADER, "10.2.0.1")]
                    )
                    for call, _ in [*as_gateway, *forged]:
                        if call is not None:
                            call.cancel()
                outcomes = [outcome for _, outcome in as_gateway]
                return many + one, outcomes, [outcome for _, outcome in forged], refused[1]
            finally:
                for stream in streams:
                    with contextlib.suppress(ConnectError):
                        await stream.aclose()
                await client.close()

        browsers, vouched, forged, wrong_credential = asyncio.run(main())
    # 48 browsers and 33 of one more (within the gateway's own cap of 64 per address): all served.
    assert browsers == ["ok"] * (48 + 33), sorted(set(browsers))
    # Vouched for by the gateway, each of 48 addresses is counted on its own, and one address
    # holds the orchestrator's limit, as a direct caller's would.
    assert sorted(vouched) == sorted(["ok"] * (48 + PER_ADDRESS) + [ADDRESS_REFUSAL]), sorted(
        set(vouched)
    )
    # A caller without the gateway credential is counted by its own address, whatever it says.
    assert sorted(forged) == sorted(["ok"] * PER_ADDRESS + [ADDRESS_REFUSAL]), sorted(set(forged))
    assert wrong_credential.startswith("UNAUTHENTICATED: This gateway's credential"), (
        wrong_credential
    )


def test_watchers_beyond_the_replicas_limit_are_refused_at_once_while_moves_go_on(
    redis_server, galileo_rules
):
    limit, beyond = 50, 3000
    with (
        start_orchestrator(
            redis_server.url,
            galileo_rules.address,
            PLAYHALL_MAX_WATCH_STREAMS=str(limit),
            PLAYHALL_MAX_ANONYMOUS_WATCH_STREAMS_PER_ADDRESS=str(limit + beyond),
        ) as replica,
        grpc.insecure_channel(replica.address) as channel,
    ):
        lobby = MatchClient(channel, timeout_s=TIMEOUT)
        created = lobby.create(TITLE, human_seats(2), b"\x07" * 32)
        match_id = created.match.match_id
        seat0 = lobby.as_seat(created.tokens[0].token)
        hand = view_of(seat0.get(match_id)).hand

        async def main():
            async with grpc.aio.insecure_channel(replica.address) as watch_channel:
                stub = match_service_pb2_grpc.MatchServiceStub(watch_channel)
                held = await asyncio.gather(*(first_answer(stub, match_id) for _ in range(limit)))
                assert [outcome for _, outcome in held] == ["ok"] * limit
                started = time.monotonic()
                flood = asyncio.gather(*(first_answer(stub, match_id) for _ in range(beyond)))
                # A move while the flood is refused: answered, and seen by every held stream.
                moved = await asyncio.to_thread(seat0.submit, match_id, pick(hand[0]), 0)
                refused = await flood
                elapsed = time.monotonic() - started
                seen = await asyncio.gather(*(call.read() for call, _ in held))
                for call, _ in held:
                    call.cancel()
                return moved, refused, elapsed, seen

        moved, refused, elapsed, seen = asyncio.run(main())
    assert moved.version == 1
    outcomes = {outcome for _, outcome in refused}
    assert outcomes == {
        "RESOURCE_EXHAUSTED: This server is watching as many matches as it can; "
        "try another replica, or poll GetMatch"
    }, outcomes
    # At once: refused as they came, not left waiting until their deadline (a loose bound).
    assert elapsed < STREAM_TIMEOUT / 2, f"{beyond} refusals took {elapsed:.1f} s"
    assert [response.change.version for response in seen] == [1] * limit
