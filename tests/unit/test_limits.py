"""The published rate limits' table and limiter (`access.limits`): rates as the settings write
them, every method of the contracts in one class (the streaming ones exactly the streams), the
GCRA script on the session's real Redis and on a Redis Cluster (a burst, then refusals naming
an exact wait that, waited, lets one call through; a refusal counts nothing; a call's subjects
counted at once, the others all the same when one is over), the open streams
counted across replicas (renewed while open, run out when their replica died), and
docs/limits.md holding the table the code has."""

from __future__ import annotations

import asyncio
import itertools
import time
import uuid
from pathlib import Path

import pytest
import redis.asyncio
import redis.asyncio.cluster
from google.protobuf import descriptor_pool

from playhall.access.limits import (
    CLASS_OF,
    STREAM_METHODS,
    CallClass,
    Limiter,
    LimitSettings,
    LimitTable,
    OpenStreams,
    Rate,
    Subject,
    SubjectKind,
    markdown_table,
    parse_rate,
)
from playhall.access.scopes import REQUIRED
from playhall.api.v1 import account_service_pb2, event_service_pb2  # noqa: F401 (registers)
from playhall.common.errors import OverLimit, TooManyStreams
from playhall.common.settings import SettingsError
from playhall.match.v1 import match_service_pb2  # noqa: F401 (registers the services)
from playhall.matchmaking.v1 import matchmaking_service_pb2  # noqa: F401
from playhall.players.v1 import player_service_pb2  # noqa: F401
from playhall.social.v1 import (  # noqa: F401
    challenge_service_pb2,
    chat_service_pb2,
    friends_service_pb2,
    moderation_service_pb2,
)
from playhall.tournament.v1 import tournament_service_pb2  # noqa: F401

DOCS = Path(__file__).parents[2] / "docs" / "limits.md"


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("20/s burst 40", Rate(20, 40)),
        ("30/min", Rate(0.5, 1)),
        ("7200/h burst 3", Rate(2, 3)),
        (" 2.5/s ", Rate(2.5, 3)),
    ],
)
def test_rates_are_read_as_the_settings_write_them(text, rate):
    assert parse_rate(text, "PLAYHALL_LIMIT_MOVES") == rate


@pytest.mark.parametrize("text", ["20", "20/day", "0/s", "-1/s", "20/s burst", "20/s burst 0"])
def test_a_malformed_rate_stops_the_service_naming_its_variable(text, monkeypatch):
    monkeypatch.setenv("PLAYHALL_LIMIT_READS", text)
    with pytest.raises(SettingsError, match="PLAYHALL_LIMIT_READS"):
        LimitSettings.from_env()


def test_the_defaults_and_an_address_factor():
    table = LimitSettings().table()
    assert table.for_token(CallClass.MOVES) == Rate(20, 40)
    assert table.for_address(CallClass.MOVES) == Rate(100, 200)
    assert table.for_token(CallClass.CHALLENGES) == Rate(1, 10)


def server_streaming(method: str) -> bool:
    service, _, name = method.lstrip("/").partition("/")
    found = descriptor_pool.Default().FindServiceByName(service).FindMethodByName(name)
    return bool(found.server_streaming)


def test_every_method_has_a_class_and_the_streams_are_the_streaming_methods():
    assert set(CLASS_OF) == set(REQUIRED)
    assert {method for method in REQUIRED if server_streaming(method)} == STREAM_METHODS
    assert CLASS_OF["/playhall.match.v1.MatchService/SubmitMove"] is CallClass.MOVES
    assert CLASS_OF["/playhall.match.v1.MatchService/GetMatch"] is CallClass.READS
    assert CLASS_OF["/playhall.match.v1.MatchService/CreateMatch"] is CallClass.WRITES
    assert CLASS_OF["/playhall.social.v1.ChallengeService/AcceptChallenge"] is (
        CallClass.CHALLENGES
    )
    assert CLASS_OF["/playhall.social.v1.ChallengeService/ListChallenges"] is CallClass.READS


def test_docs_hold_the_table_the_code_has():
    assert markdown_table(LimitSettings().table()) in DOCS.read_text()


TABLE = LimitTable({kind: Rate(4, 3) for kind in CallClass}, address_factor=2, open_streams=2)
"""A call takes up 250 ms; three at once; two streams open."""


def fresh(kind: SubjectKind = SubjectKind.TOKEN) -> Subject:
    return Subject(kind, uuid.uuid4().hex)


async def burst_then_wait(limiter: Limiter, subject: Subject) -> None:
    passed = 0
    with pytest.raises(OverLimit) as refused:
        for passed in itertools.count():  # noqa: B007 (read after the loop)
            await limiter.admit(CallClass.READS, [subject])
    size = TABLE.for_token(CallClass.READS).burst
    if subject.kind is SubjectKind.ADDRESS:
        size = TABLE.for_address(CallClass.READS).burst
    assert passed == size
    wait = refused.value.retry_after_s
    assert 0 < wait <= 0.25
    assert refused.value.subject == str(subject)
    # Refused again at once: a refusal took nothing, so the same wait (less the time gone) holds.
    with pytest.raises(OverLimit) as again:
        await limiter.admit(CallClass.READS, [subject])
    assert again.value.retry_after_s <= wait
    time.sleep(again.value.retry_after_s)
    passed_at = time.monotonic()
    await limiter.admit(CallClass.READS, [subject])
    # The next is refused, unless the room of one more call came meanwhile (a busy machine
    # between the two calls).
    try:
        await limiter.admit(CallClass.READS, [subject])
    except OverLimit:
        return
    interval_s = 1 / limiter.rate(subject, CallClass.READS).per_second
    assert time.monotonic() - passed_at >= interval_s, "a call passed with no room for it"


def test_a_burst_then_an_exact_wait_on_redis(redis_server):
    async def scenario():
        client = redis.asyncio.Redis.from_url(redis_server.url)
        limiter = Limiter(client, TABLE)
        await burst_then_wait(limiter, fresh())
        await burst_then_wait(limiter, fresh(SubjectKind.ADDRESS))
        subject = fresh()
        await limiter.admit(CallClass.MOVES, [subject])
        # The key lives only as long as it matters: until the bucket is full again.
        ttl = await client.pttl(f"limits:moves:{subject.counted_as}")
        assert 0 < ttl <= 251
        await client.aclose()

    asyncio.run(scenario())


def test_the_first_subject_over_its_limit_is_named_and_the_others_count_the_call(redis_server):
    async def scenario():
        client = redis.asyncio.Redis.from_url(redis_server.url)
        limiter = Limiter(client, TABLE)
        token, address = fresh(), fresh(SubjectKind.ADDRESS)
        for _ in range(3):
            await limiter.admit(CallClass.WRITES, [token])
        with pytest.raises(OverLimit) as refused:
            await limiter.admit(CallClass.WRITES, [token, address])
        assert refused.value.subject == str(token)
        assert "Too many writes from this token (the limit is 4/s burst 3)" in refused.value.reason
        # Both were counted at once: the address, which had room, took the refused call (its
        # burst of 6 has 5 left), the token, which had none, nothing (the same wait holds).
        for _ in range(5):
            await limiter.admit(CallClass.WRITES, [address])
        with pytest.raises(OverLimit) as address_over:
            await limiter.admit(CallClass.WRITES, [address])
        assert address_over.value.subject == str(address)
        with pytest.raises(OverLimit) as again:
            await limiter.admit(CallClass.WRITES, [token])
        assert again.value.retry_after_s <= refused.value.retry_after_s
        await client.aclose()

    asyncio.run(scenario())


def test_a_redis_that_lost_the_script_counts_the_call_once_it_has_it_again(redis_server):
    async def scenario():
        client = redis.asyncio.Redis.from_url(redis_server.url)
        limiter = Limiter(client, TABLE)
        token, address = fresh(), fresh(SubjectKind.ADDRESS)
        await limiter.admit(CallClass.MOVES, [address, token])
        await client.script_flush()  # as a restarted Redis has none
        for _ in range(2):
            await limiter.admit(CallClass.MOVES, [address, token])
        with pytest.raises(OverLimit) as refused:
            await limiter.admit(CallClass.MOVES, [address, token])
        # Each call was counted once for each subject: the token's burst of 3 is used up.
        assert refused.value.subject == str(token)
        await client.aclose()

    asyncio.run(scenario())


def test_the_limiter_on_a_redis_cluster(redis_cluster):
    async def scenario():
        nodes = [redis.asyncio.cluster.ClusterNode(h, p) for h, p in redis_cluster.startup_nodes]
        client = redis.asyncio.RedisCluster(startup_nodes=nodes)
        limiter = Limiter(client, TABLE)
        await client.initialize()

        def node_of(subject: Subject) -> str:
            return client.get_node_from_key(f"limits:writes:{subject.counted_as}").name

        for _ in range(3):  # keys in several slots
            await burst_then_wait(limiter, fresh())
        # A call's subjects, their keys on different nodes, counted in one pipeline.
        address = fresh(SubjectKind.ADDRESS)
        token = next(t for t in iter(fresh, None) if node_of(t) != node_of(address))
        for _ in range(3):
            await limiter.admit(CallClass.WRITES, [address, token])
        with pytest.raises(OverLimit) as refused:
            await limiter.admit(CallClass.WRITES, [address, token])
        assert refused.value.subject == str(token)
        keys = [f"limits:writes:{subject.counted_as}" for subject in (token, address)]
        assert all([await client.exists(key) for key in keys])
        await client.aclose()

    asyncio.run(scenario())


def test_open_streams_are_counted_and_a_dead_replicas_places_run_out(redis_server):
    subject = fresh()

    async def open_and_die():
        """A replica that opens two streams and stops renewing them (its loop ends)."""
        client = redis.asyncio.Redis.from_url(redis_server.url)
        streams = OpenStreams(client, TABLE, lease_s=0.6)
        await streams.open([subject])
        await streams.open([subject])
        with pytest.raises(TooManyStreams) as refused:
            await streams.open([subject])
        assert refused.value.subject == str(subject) and refused.value.most == 2
        await client.aclose()

    async def another_replica():
        client = redis.asyncio.Redis.from_url(redis_server.url)
        streams = OpenStreams(client, TABLE, lease_s=0.6)
        with pytest.raises(TooManyStreams):
            await streams.open([subject])
        await asyncio.sleep(0.7)
        first = await streams.open([subject])
        await streams.open([subject])
        # Renewed every third of a lease: held past the lease.
        await asyncio.sleep(0.9)
        with pytest.raises(TooManyStreams):
            await streams.open([subject])
        await first.close()
        third = await streams.open([subject])
        # An address holds twice a token's; a subject refused leaves nothing held.
        address = fresh(SubjectKind.ADDRESS)
        for _ in range(3):
            await streams.open([address])
        with pytest.raises(TooManyStreams):
            await streams.open([address, subject])
        assert await client.zcard(OpenStreams.key(address)) == 3
        await third.close()
        await client.aclose()

    asyncio.run(open_and_die())
    asyncio.run(another_replica())
