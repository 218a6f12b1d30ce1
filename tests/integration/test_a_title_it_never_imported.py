"""The orchestrator learns its titles from its configuration: `PLAYHALL_RULES_RACE` names a
rules service of a title that lives only in the tests (`race_title.py`, its own process), and
the orchestrator, which could not import it, lists it from its GetGameInfo and plays a match of
it to the end."""

from __future__ import annotations

import grpc
import pytest

from dev.process import ServiceProcess, orchestrator_env, start_orchestrator
from dev.testbed import GATEWAY_CREDENTIAL, WORKER_CREDENTIAL
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, human_seats

TIMEOUT = 5.0


@pytest.fixture(scope="module")
def race_rules():
    with ServiceProcess("dev.race_title") as service:
        yield service


def test_a_title_known_only_to_its_rules_service_is_listed_and_played(redis_server, race_rules):
    env = orchestrator_env(
        redis_server.url,
        {"race": race_rules.address},
        WORKER_CREDENTIAL,
        gateway_credential=GATEWAY_CREDENTIAL,
    )
    with start_orchestrator(env) as orchestrator, grpc.insecure_channel(orchestrator.address) as ch:
        lobby = MatchClient(ch, timeout_s=TIMEOUT)
        (info,) = lobby.list_games()
        assert (info.title_id, info.display_name, info.messages.move) == (
            "race",
            "Race to ten",
            "google.protobuf.Int32Value",
        )
        created = lobby.create("race", human_seats(2))
        match_id = created.match.match_id
        seats = {t.seat: lobby.as_seat(t.token) for t in created.tokens}
        moves = 0
        while (match := lobby.get(match_id).match).phase == pb.MATCH_PHASE_RUNNING:
            seat = seats[match.status.to_move[0]]
            legal = moves_as_any(seat.get(match_id).legal_moves)
            seat.submit(match_id, legal[-1], match.version)  # always add the most
            moves += 1
        # 2+2+2+2+2: the first seat's fifth move reaches ten.
        assert moves == 5 and list(match.winners) == [0]
        assert match.end_reason == pb.END_REASON_GAME_OVER
        with pytest.raises(grpc.RpcError) as refused:
            lobby.create("galileo", human_seats(2))
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "served: race" in refused.value.details()
