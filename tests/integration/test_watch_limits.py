"""Who a watch stream is counted against, and what a replica answers beyond what it serves.

- Spectators through the gateway are counted by their own address, which the gateway forwards
  with its credential; the orchestrator believes that address from nobody else.
- A replica holding as many streams as it serves refuses the next ones at once with
  RESOURCE_EXHAUSTED (never CANCELLED), while moves go on.

Each test starts its own orchestrator (and gateway) on the session's Redis, with low limits."""

from __future__ import annotations

import asyncio
import time

import grpc
import pytest

from playhall.client import MatchClient, human_seats
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc
from tests.helpers import TIMEOUT, TITLE, pick, start_orchestrator, view_of

STREAM_TIMEOUT = 60.0


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
    assert elapsed < 10, f"{beyond} refusals took {elapsed:.1f} s"
    assert [response.change.version for response in seen] == [1] * limit


if __name__ == "__main__":
    pytest.main([__file__])
