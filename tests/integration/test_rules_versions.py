"""Rules versions pinned to matches, with every part a process of its own: two versions of the
race title (`race_title.py`, `RACE_RULES_VERSION`) side by side, and orchestrators restarted
with new rules configuration as an operator's rollout would (they keep nothing in memory: the
matches live in the session's Redis).

1.0 races to ten, 2.0 to twelve. A match started on 1.0 finishes under 1.0 while 2.0 runs beside
it and new matches start on 2.0; once 1.0 is retired from the configuration, a 1.0 match still
running is refused with FAILED_PRECONDITION and is left as it was."""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from google.protobuf import any_pb2, struct_pb2, wrappers_pb2

from dev import race_title
from dev.process import (
    ServiceProcess,
    free_port,
    orchestrator_env,
    start_orchestrator,
)
from dev.testbed import GATEWAY_CREDENTIAL, TIMEOUT, WORKER_CREDENTIAL
from playhall.common.errors import RulesVersionGone, Unavailable
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, human_seats
from playhall.matches.rules_client import RulesClients
from playhall.rules.v1 import rules_service_pb2 as rpb
from tests.helpers import assert_refused, metric, scrape

NEW_RACE = rpb.NewGameRequest(players=2, seed=b"race")
INFO = rpb.GetGameInfoRequest()


@contextlib.contextmanager
def orchestrator(redis_url: str, *deployments: ServiceProcess | str):
    """An orchestrator whose race deployments are `deployments` (a service or an address), and a
    client of it."""
    addresses = [d if isinstance(d, str) else d.address for d in deployments]
    env = orchestrator_env(
        redis_url,
        {"race": ";".join(addresses)},
        WORKER_CREDENTIAL,
        gateway_credential=GATEWAY_CREDENTIAL,
    )
    with start_orchestrator(env) as service, grpc.insecure_channel(service.address) as channel:
        yield service, MatchClient(channel, timeout_s=TIMEOUT)


class Race:
    """A two-seat race match, each seat always adding two."""

    def __init__(self, lobby: MatchClient):
        created = lobby.create("race", human_seats(2))
        self.match_id = created.match.match_id
        self.rules_version = created.match.rules_version
        self.tokens = {t.seat: t.token for t in created.tokens}

    def move(self, lobby: MatchClient) -> pb.MatchSummary:
        match = lobby.get(self.match_id).match
        seat = lobby.as_seat(self.tokens[match.status.to_move[0]])
        legal = moves_as_any(seat.get(self.match_id).legal_moves)
        return seat.submit(self.match_id, legal[-1], match.version).match

    def finish(self, lobby: MatchClient) -> tuple[pb.MatchSummary, int]:
        """Plays to the end; the match and the count it ended on."""
        match = lobby.get(self.match_id).match
        while match.phase == pb.MATCH_PHASE_RUNNING:
            match = self.move(lobby)
        view = struct_pb2.Struct()
        lobby.get(self.match_id).view.Unpack(view)
        return match, int(view["count"])


def test_a_match_finishes_on_its_rules_while_new_matches_start_on_the_new_ones(redis_server):
    v1 = race_title.start("race/1.0")
    with v1, orchestrator(redis_server.url, v1) as (_, before):
        (info,) = before.list_games()
        assert info.rules_version == "race/1.0"
        upgraded_midway, retired_with = Race(before), Race(before)
        assert upgraded_midway.rules_version == retired_with.rules_version == "race/1.0"
        upgraded_midway.move(before)
        retired_with.move(before)

        # The rollout: 2.0 deployed beside 1.0, the orchestrator restarted to route to both.
        with (
            race_title.start("race/2.0") as v2,
            orchestrator(redis_server.url, v1, v2) as (routing, during),
        ):
            (info,) = during.list_games()
            assert info.rules_version == "race/2.0"
            served = scrape(routing.metrics_port)
            for service, version in ((v1, "race/1.0"), (v2, "race/2.0")):
                assert (
                    metric(
                        served,
                        "playhall_rules_deployment_info",
                        title="race",
                        target=service.address,
                        rules_version=version,
                    )
                    == 1
                )
            new = Race(during)
            assert new.rules_version == "race/2.0"
            old_match, old_count = upgraded_midway.finish(during)
            new_match, new_count = new.finish(during)
            # 2+2+2+2+2 ends the old race at ten, seat 0 winning; the new one needs a sixth two.
            assert (old_count, list(old_match.winners)) == (10, [0])
            assert (new_count, list(new_match.winners)) == (12, [1])
            assert old_match.status.rules_version == "race/1.0"
            assert new_match.status.rules_version == "race/2.0"

            # 1.0 down but still configured: a passing outage, not a retired version.
            v1.kill()
            reason = assert_refused(grpc.StatusCode.UNAVAILABLE, retired_with.move, during)
            assert "race rules service is unavailable" in reason

            # 1.0 retired from the configuration: its running match is refused for good.
            with orchestrator(redis_server.url, v2) as (_, after):
                before_refusal = after.history(retired_with.match_id)
                for call in (after.get, seat_of(after, retired_with).get):
                    reason = assert_refused(
                        grpc.StatusCode.FAILED_PRECONDITION, call, retired_with.match_id
                    )
                    assert "'race/1.0'" in reason and "race/2.0" in reason
                    assert "cannot be continued under other rules" in reason
                mover = seat_of(after, retired_with)
                reason = assert_refused(
                    grpc.StatusCode.FAILED_PRECONDITION,
                    mover.submit,
                    retired_with.match_id,
                    _add(2),
                    before_refusal.match.version,
                )
                assert "'race/1.0'" in reason
                unchanged = after.history(retired_with.match_id)
                assert unchanged.match == before_refusal.match
                assert len(unchanged.changes) == len(before_refusal.changes) == 2
                # New matches play on.
                assert Race(after).finish(after)[1] == 12


def seat_of(lobby: MatchClient, race: Race) -> MatchClient:
    """The client of the seat whose turn it is (seat 1: each race here moved once)."""
    return lobby.as_seat(race.tokens[1])


def _add(number: int) -> any_pb2.Any:
    move = any_pb2.Any()
    move.Pack(wrappers_pb2.Int32Value(value=number))
    return move


def test_each_match_is_routed_to_its_exact_version_else_the_newest_of_its_major():
    """The orchestrator's rules client on three race deployments at once (1.0, 1.1, 2.0) and
    one address where nothing listens yet."""
    with ThreadPoolExecutor() as pool:
        started = list(pool.map(race_title.start, ["race/1.0", "race/1.1", "race/2.0"]))
    with contextlib.ExitStack() as stack:
        for service in started:
            stack.enter_context(service)
        addresses = [[service.address] for service in started]

        async def versions_served() -> dict[str | None, str]:
            clients = RulesClients({"race": addresses})
            try:
                # Every caller of the first moment waits for the deployments' first answers.
                created = await asyncio.gather(
                    *(clients.call("race", "NewGame", NEW_RACE) for _ in range(8))
                )
                assert {c.status.rules_version for c in created} == {"race/2.0"}
                served = {}
                for version in ("race/1.0", "race/1.1", "race/1.7", "race/2.0"):
                    info = await clients.call("race", "GetGameInfo", INFO, version)
                    served[version] = info.game.rules_version
                with pytest.raises(RulesVersionGone, match="no rules service of 'race/3'"):
                    await clients.call("race", "GetGameInfo", INFO, "race/3.0")
            finally:
                await clients.close()
            # A deployment that has not answered yet may be the one: not gone, unavailable.
            waiting = RulesClients({"race": [*addresses, [f"127.0.0.1:{free_port()}"]]})
            try:
                with pytest.raises(Unavailable):
                    await waiting.call("race", "GetGameInfo", INFO, "race/3.0")
            finally:
                await waiting.close()
            return served

        assert asyncio.run(versions_served()) == {
            "race/1.0": "race/1.0",
            "race/1.1": "race/1.1",
            "race/1.7": "race/1.1",
            "race/2.0": "race/2.0",
        }
