"""JoinTournament in process (`tests/inprocess.py`, the embedded Redis): a signed-in player
enters a tournament before its first round, after its entrants (a round robin plans the rounds
its new field needs) and plays their seat once it starts; refused, with nothing written, when
anonymous, twice, once a round is paired, when full, and for an unknown tournament."""

from __future__ import annotations

import asyncio

import pytest

from dev.testbed import WORKER_CREDENTIAL
from playhall.common.errors import NoSuchTournament, NotAuthenticated, NotNow
from playhall.matchstore.model import SeatKind
from playhall.matchstore.store import now_ms
from playhall.tournament.v1 import tournament_service_pb2 as tpb
from playhall.tournaments.domain import MAX_ENTRANTS
from tests.unit.test_tournaments import bots, person, request, runners

pytestmark = pytest.mark.usefixtures("event_loop")

START_IN_MS = 300
"""How far ahead the tournaments here start: joins come before."""


async def scheduled(tournaments, entrants: int):
    """A round robin of bots that starts START_IN_MS from now."""
    start = now_ms() + START_IN_MS
    return await tournaments.create(request(bots(entrants), start_unix_ms=start), WORKER_CREDENTIAL)


async def joined(tournaments, tournament_id: str, player) -> tpb.Tournament:
    answer = await tournaments.api.join(
        tpb.JoinTournamentRequest(tournament_id=tournament_id), player
    )
    return answer.tournament


async def test_a_player_joins_before_the_start_and_plays_their_seat(hall):
    tournaments, (runner,) = runners(hall)
    created = await scheduled(tournaments, 3)
    assert created.rounds_planned == 3
    ada = person("ada")
    after = await joined(tournaments, created.tournament_id, ada)
    assert [e.player_id for e in after.entrants] == ["", "", "", ada.player_id]
    assert after.entrants[3].display_name == "ada"
    assert after.rounds_planned == 3  # four in a round robin: three rounds, no byes
    assert after.phase == tpb.TOURNAMENT_PHASE_SCHEDULED
    await asyncio.sleep(START_IN_MS / 1000 + 0.05)
    assert (await runner.run_once())[created.tournament_id] == "paired"
    first = (await tournaments.get(created.tournament_id)).rounds[0].pairings
    (mine,) = [p for p in first if 3 in (p.first, p.second)]
    match = await hall.store.load(mine.match_id)
    seat = 0 if mine.first == 3 else 1
    assert match.seats[seat].player_id == ada.player_id
    assert match.seats[seat].kind == SeatKind.HUMAN


async def test_refused_joins_write_nothing(hall):
    tournaments, (runner,) = runners(hall)
    created = await scheduled(tournaments, 2)
    tid = created.tournament_id
    ada = person("ada")
    with pytest.raises(NotAuthenticated, match="Sign in to join"):
        await joined(tournaments, tid, None)
    await joined(tournaments, tid, ada)
    stored = await tournaments.domain.store.load(tid)
    with pytest.raises(NotNow, match="already"):
        await joined(tournaments, tid, ada)
    with pytest.raises(NoSuchTournament):
        await joined(tournaments, "f" * 24, ada)
    assert (await tournaments.domain.store.load(tid)).version == stored.version
    # Started: entries are closed.
    await asyncio.sleep(START_IN_MS / 1000 + 0.05)
    assert (await runner.run_once())[tid] == "paired"
    paired = await tournaments.domain.store.load(tid)
    with pytest.raises(NotNow, match="has started"):
        await joined(tournaments, tid, person("bea"))
    after = await tournaments.domain.store.load(tid)
    assert after.version == paired.version and len(after.entrants) == 3
    # Full.
    full = await scheduled(tournaments, MAX_ENTRANTS)
    with pytest.raises(NotNow, match="full"):
        await joined(tournaments, full.tournament_id, person("cid"))
    assert len((await tournaments.get(full.tournament_id)).entrants) == MAX_ENTRANTS
