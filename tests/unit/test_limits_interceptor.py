"""The rate limits' interceptor (`api.limits`) in front of a real MatchService server in this
process, on a real Redis: a player's tokens count together as the player (a fresh sign-in has
no fresh limit), a player token that is not accepted is counted by its address alone, a
limiter whose Redis is gone lets calls through rather than refuse them, and a call's token is
verified once in the call and once in its life (a revoked seat token, an expired player token
refused all the same)."""

from __future__ import annotations

import time

import grpc
import jwt
import pytest
import redis.asyncio
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from dev.testbed import GATEWAY_CREDENTIAL
from playhall.access.limits import CallClass, Limiter, LimitTable, OpenStreams, Rate
from playhall.accounts.tokens import TokenSettings, player_id
from playhall.api.limits import RateLimits
from playhall.common.metadata import CLIENT_ADDRESS_HEADER, GATEWAY_CREDENTIAL_HEADER
from playhall.common.server import create_async_server
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.matches.servicer import MatchServicer
from tests.helpers import TITLE, PlayerIssuer
from tests.inprocess import open_hall
from tests.unit.test_player_tokens import count_decodes

pytestmark = pytest.mark.usefixtures("event_loop")

ISSUER = PlayerIssuer()
TABLE = LimitTable({kind: Rate(1, 3) for kind in CallClass}, address_factor=100, open_streams=2)
"""Three reads at once for a token; an address has room for many more."""
UNREACHABLE = "redis://127.0.0.1:1"
SEAT = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, display_name="Ada")
OPEN = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)


async def serve(redis_url: str, limits_url: str, table: LimitTable = TABLE):
    """A MatchService on the Redis at `redis_url`, limited by `table` in the one at
    `limits_url`; its stub, what closes it all, and its domain."""
    hall = await open_hall(
        redis_url,
        player_tokens=TokenSettings(
            jwt_issuer=ISSUER.issuer,
            jwt_audience=ISSUER.audience,
            jwt_public_keys=ISSUER.keys[1],
            jwt_leeway_s=0,  # a token ends at its `exp`, for a test on the real clock
        ),
    )
    counted_in = redis.asyncio.Redis.from_url(limits_url, socket_connect_timeout=0.5)
    limits = RateLimits(
        Limiter(counted_in, table),
        OpenStreams(counted_in, table),
        hall.matches.identity,
        GATEWAY_CREDENTIAL,
    )
    servicer = MatchServicer(hall.matches, 10, 10, GATEWAY_CREDENTIAL)
    service = await create_async_server(
        [(match_service_pb2_grpc.add_MatchServiceServicer_to_server, servicer, "m")],
        port=0,
        host="127.0.0.1",
        wrappers=[limits],
    )
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{service.port}")

    async def close():
        await channel.close()
        await service.stop(0)
        await counted_in.aclose()
        await hall.close()

    return match_service_pb2_grpc.MatchServiceStub(channel), close, hall


def metadata(address: str, token: str | None = None) -> list[tuple[str, str]]:
    sent = [(GATEWAY_CREDENTIAL_HEADER, GATEWAY_CREDENTIAL), (CLIENT_ADDRESS_HEADER, address)]
    if token:
        sent.append(("authorization", f"Bearer {token}"))
    return sent


async def passes(stub, sent) -> bool:
    try:
        await stub.ListGames(pb.ListGamesRequest(), metadata=sent, timeout=5)
    except grpc.aio.AioRpcError as error:
        assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, error.details()
        return False
    return True


def test_a_players_tokens_count_together_as_the_player(embedded_redis, event_loop):
    async def scenario():
        stub, close, _ = await serve(embedded_redis.url, embedded_redis.url)
        # Each sign-in is a token of its own; every one is Grace's.
        sign_ins = [ISSUER.token("grace", "Grace") for _ in range(4)]
        answers = [await passes(stub, metadata("10.41.0.1", token)) for token in sign_ins]
        assert answers == [True, True, True, False]
        try:
            await stub.ListGames(
                pb.ListGamesRequest(), metadata=metadata("10.41.0.1", sign_ins[0]), timeout=5
            )
        except grpc.aio.AioRpcError as error:
            quota = error_details_pb2.QuotaFailure()
            status = rpc_status.from_call(error)
            status.details[1].Unpack(quota)
            assert quota.violations[0].subject == f"token:{player_id(ISSUER.issuer, 'grace')}"
        else:
            pytest.fail("a fifth read of Grace's passed")
        # Another player at the same address is not held back by Grace's count.
        assert await passes(stub, metadata("10.41.0.1", ISSUER.token("henry", "Henry")))
        # A token that is not accepted is counted by its address alone (the method refuses
        # what needs it): an expired one is not held to the player's count.
        expired = ISSUER.token("grace", "Grace", expires_in=-3600)
        assert all([await passes(stub, metadata("10.41.0.2", expired)) for _ in range(5)])
        await close()

    event_loop.run_until_complete(scenario())


def test_a_limiter_whose_redis_is_gone_lets_calls_through(embedded_redis, event_loop):
    async def scenario():
        stub, close, _ = await serve(embedded_redis.url, UNREACHABLE)
        assert all([await passes(stub, metadata("10.41.0.3", "a-seat-token")) for _ in range(5)])
        await close()

    event_loop.run_until_complete(scenario())


async def refusal(call) -> grpc.aio.AioRpcError:
    try:
        await call
    except grpc.aio.AioRpcError as error:
        return error
    pytest.fail("the call passed")


def test_a_token_is_verified_once_a_call_and_once_in_its_life(
    embedded_redis, event_loop, monkeypatch
):
    """Each call resolves its token twice (its limits, its method): a player token is verified
    by its first call alone, one refused once in each call; a seat token its seat has a new one
    in place of is refused all the same, and a player token once its `exp` has come."""

    async def scenario():
        roomy = LimitTable({kind: Rate(100, 100) for kind in CallClass}, 100, 2)
        stub, close, hall = await serve(embedded_redis.url, embedded_redis.url, roomy)
        decoded = count_decodes(monkeypatch)
        at = "10.41.0.4"
        bob = ISSUER.token("bob", "Bob")
        time.sleep(1 - time.time() % 1)  # `exp` is whole seconds: the token lives 2 s
        ada = ISSUER.token("ada", "Ada", expires_in=2)
        created = await stub.CreateMatch(
            pb.CreateMatchRequest(title_id=TITLE, seats=[SEAT, OPEN]),
            metadata=metadata(at, ada),
            timeout=5,
        )
        match_id, (phone,) = created.match.match_id, created.tokens
        await stub.JoinMatch(
            pb.JoinMatchRequest(match_id=match_id), metadata=metadata(at, bob), timeout=5
        )
        for _ in range(3):
            seen = await stub.GetMatch(get(match_id), metadata=metadata(at, ada), timeout=5)
            assert seen.seat == 0
        assert decoded == [ada, bob], "each token verified by its first call alone"

        # Ada's seat gets a new token: the phone's is refused, verified or not.
        player = await hall.matches.identity.resolve(ada)
        reclaimed = await hall.matches.reclaim(match_id, player)
        old = await refusal(stub.GetMatch(get(match_id), metadata=metadata(at, phone.token)))
        assert old.code() == grpc.StatusCode.PERMISSION_DENIED
        fresh = await stub.GetMatch(get(match_id), metadata=metadata(at, reclaimed.token))
        assert fresh.seat == 0

        # Once its `exp` has come, Ada's token is refused, verified once in each call.
        exp = jwt.decode(ada, options={"verify_signature": False})["exp"]
        time.sleep(max(0.0, exp - time.time()))
        decoded.clear()
        for _ in range(2):
            expired = await refusal(stub.GetMatch(get(match_id), metadata=metadata(at, ada)))
            assert expired.code() == grpc.StatusCode.UNAUTHENTICATED
            assert "expired" in expired.details()
        assert decoded == [ada, ada]
        still = await stub.GetMatch(get(match_id), metadata=metadata(at, reclaimed.token))
        assert still.seat == 0
        await close()

    event_loop.run_until_complete(scenario())


def get(match_id: str) -> pb.GetMatchRequest:
    return pb.GetMatchRequest(match_id=match_id, omit_legal_moves=True)
