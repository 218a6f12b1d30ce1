"""Signed-in players' seats in the domain, in process (`tests/inprocess.py`): the per-player
index of running matches and its repair, ReclaimSeat beside other seats' moves, and how a
bearer token is told apart (worker credential, player token, seat token). The wire and the
refusal codes are proved on real processes in `tests/integration/test_players.py`."""

from __future__ import annotations

import pytest

from playhall.accounts.tokens import Player, PlayerTokens, TokenSettings, player_id
from playhall.archive.archive import leaving
from playhall.common.errors import NotAuthenticated
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matches.domain import PLAYER_FILING_GRACE_MS
from playhall.matches.identity import Identity
from playhall.matchstore import records
from playhall.matchstore.model import ChangeCause, EndReason
from playhall.matchstore.store import now_ms, player_matches_key
from tests.helpers import TITLE, PlayerIssuer

pytestmark = pytest.mark.usefixtures("event_loop")

ADA = Player(player_id("https://id", "ada"), "Ada", "https://id", "ada")
BOB = Player(player_id("https://id", "bob"), "Bob", "https://id", "bob")
SEATS = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]


async def ada_and_bob(hall) -> tuple[str, dict[int, str]]:
    """A running match of Ada (seat 0, its creator) and Bob (seat 1, who joined)."""
    created = await hall.api.create(pb.CreateMatchRequest(title_id=TITLE, seats=SEATS), ADA)
    match_id = created.match.match_id
    joined = await hall.api.join(pb.JoinMatchRequest(match_id=match_id), BOB)
    return match_id, {0: created.tokens[0].token, 1: joined.token.token}


async def running_ids(hall, player: Player) -> list[str]:
    return [summary.match_id for summary, _ in await hall.matches.running_matches(player, 50)]


async def test_an_ended_match_left_in_the_index_by_a_crash_is_dropped_by_the_reader(hall):
    match_id, tokens = await ada_and_bob(hall)
    assert await running_ids(hall, ADA) == [match_id]
    await hall.api.resign(pb.ResignRequest(match_id=match_id), tokens[1])
    key = player_matches_key(ADA.player_id)
    assert await hall.db.zscore(key, match_id) is None
    # As if the orchestrator died between the commit that ended it and the index update.
    await hall.db.zadd(key, {match_id: now_ms()})
    assert await running_ids(hall, ADA) == []
    assert await hall.db.zscore(key, match_id) is None


async def test_an_entry_without_its_match_is_a_creation_in_progress_until_the_grace(hall):
    key = player_matches_key(ADA.player_id)
    young, old = "a" * 24, "b" * 24
    await hall.db.zadd(key, {young: now_ms(), old: now_ms() - PLAYER_FILING_GRACE_MS - 1})
    assert await running_ids(hall, ADA) == []
    assert await hall.db.zscore(key, young) is not None
    assert await hall.db.zscore(key, old) is None


CAROL = Player(player_id("https://id", "carol"), "Carol", "https://id", "carol")


async def test_a_reclaimed_seat_that_runs_out_of_time_is_archived_as_timed_out(hall):
    """A reclaim is the seat's change without a move, as a resignation is: its stored cause
    tells them apart."""
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)] + [pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)] * 2
    created = await hall.api.create(pb.CreateMatchRequest(title_id=TITLE, seats=seats), ADA)
    match_id = created.match.match_id
    for player in (BOB, CAROL):
        await hall.api.join(pb.JoinMatchRequest(match_id=match_id), player)
    await hall.matches.reclaim(match_id, BOB)
    reclaimed, _ = (await hall.store.changes(match_id))[-1]
    assert reclaimed.seat == 1 and records.cause_of(reclaimed) == ChangeCause.NEW_TOKEN
    match = await hall.store.load(match_id)
    hall.commits.leave(match, [1], EndReason.TIMEOUT)  # as the clock's forfeit does
    assert await hall.commits.commit(match, None, ChangeCause.SERVER) is not None
    assert leaving(match, await hall.store.changes(match_id)) == {1: "timed_out"}


async def test_a_reclaim_leaves_the_seat_to_move_its_move(hall):
    match_id, tokens = await ada_and_bob(hall)
    for seat in (0, 1):  # the simultaneous picks
        seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), tokens[seat])
        move = moves_as_any(seen.legal_moves)[0]
        await hall.submit(match_id, tokens[seat], move, seen.match.version)
    seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), BOB)
    (mover,) = seen.match.status.to_move
    other = {0: ADA, 1: BOB}[1 - mover]
    chosen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), tokens[mover])
    # The other player takes their seat back while the mover thinks ...
    taken = await hall.matches.reclaim(match_id, other)
    assert taken.seat == 1 - mover
    # ... and the move chosen before it is still the mover's to make.
    move = moves_as_any(chosen.legal_moves)[0]
    moved = await hall.submit(match_id, tokens[mover], move, chosen.match.version)
    assert moved.version == chosen.match.version + 2


async def test_the_kind_of_a_bearer_token_is_told_by_its_form():
    issuer = PlayerIssuer()
    settings = TokenSettings(
        jwt_issuer=issuer.issuer, jwt_audience=issuer.audience, jwt_public_keys=issuer.keys[1]
    )
    # A worker credential with two dots is still the worker credential, never a JWT to check.
    identity = Identity("worker.credential.here", PlayerTokens(settings))
    assert await identity.resolve("worker.credential.here") == "worker.credential.here"
    assert await identity.resolve("a-seat_token") == "a-seat_token"
    assert await identity.resolve(None) is None
    player = await identity.resolve(issuer.token("ada"))
    assert isinstance(player, Player) and player.player_id == player_id(issuer.issuer, "ada")
    with pytest.raises(NotAuthenticated, match="malformed"):
        await identity.resolve("x.y.z")
