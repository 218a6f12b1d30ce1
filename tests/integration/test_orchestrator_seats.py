"""Seats that leave a match of 3 to 5 players, and the turn clocks, on the session's
orchestrator (a real process on a real Redis; its housekeeping scans every 0.1 s).

- A forfeit on the clock does what a resignation does: the seat is a random bot's from then on
  and the others play on; with two seats the other seat wins, as ever.
- A match ends early only when, of two or more people, one is left (who wins), or none is (the
  seats that never left win); a seat that left is never a winner, whatever its bot scores.
- A time bank (Fischer): the time between commits comes off the bank of each seat to move, a
  seat that finishes its part of a turn gets the increment, and only the seat that ran dry is
  out of time. Clocks of both kinds at once, or an increment without a bank, are refused.

No bot worker runs here: the moves of bot seats are submitted with the worker credential.
"""

from __future__ import annotations

import random

import grpc
import pytest

from dev.testbed import WORKER_CREDENTIAL
from playhall.core import get_game
from playhall.core.wire import moves_as_any, pack
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, human_seats
from tests.helpers import TITLE, metric, refusal, scrape, seat_clients, wait_until

FINISHED, RUNNING = pb.MATCH_PHASE_FINISHED, pb.MATCH_PHASE_RUNNING
BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)
FORFEIT = pb.TIMEOUT_ACTION_FORFEIT


def move_first(client: MatchClient, match_id: str) -> pb.SubmitMoveResponse:
    seen = client.get(match_id)
    return client.submit(match_id, moves_as_any(seen.legal_moves)[0], seen.match.version)


def to_move(spectator: MatchClient, match_id: str) -> list[int]:
    return list(spectator.get(match_id).match.status.to_move)


@pytest.mark.parametrize("players", [3, 5])
def test_a_forfeit_hands_the_seat_to_a_bot_and_the_others_play_on(
    orchestrator, channel_a, spectator, players
):
    clock = pb.Clock(seconds_per_turn=1, on_timeout=FORFEIT)
    created = spectator.create(TITLE, human_seats(players), clock=clock)
    match_id = created.match.match_id
    movers = seat_clients([channel_a], created)
    for seat in range(players - 1):
        move_first(movers[seat], match_id)
    late = players - 1
    match = wait_until(
        lambda: (m := spectator.get(match_id).match).seats[late].resigned and m,
        5,
        "the forfeit of the last seat to pick",
        service=orchestrator,
    )
    assert match.phase == RUNNING and not match.winners
    assert match.seats[late].kind == pb.SEAT_KIND_BOT
    assert [s.resigned for s in match.seats[:late]] == [False] * late
    # Its bot picks (through the worker credential) and the people go on taking.
    bot = MatchClient(channel_a, WORKER_CREDENTIAL, seat=late)
    move_first(bot, match_id)
    taker = to_move(spectator, match_id)[0]
    assert move_first(bot if taker == late else movers[taker], match_id).match.phase == RUNNING
    assert_refused_token(movers, created, late, match_id)
    # Ended (all people but seat 0 resign), so no orchestrator on the session's Redis plays
    # its clock on.
    for seat in range(1, late):
        movers[seat].resign(match_id)
    ended = spectator.get(match_id).match
    assert ended.phase == FINISHED and list(ended.winners) == [0]


def assert_refused_token(movers, created, seat: int, match_id: str) -> None:
    """The token of a seat that left holds it no more."""
    token = next(t.token for t in created.tokens if t.seat == seat)
    error = refusal(MatchClient(movers[0].channel, token).get, match_id)
    assert error.code() == grpc.StatusCode.PERMISSION_DENIED


@pytest.mark.parametrize("players", [3, 5])
def test_when_all_people_but_one_leave_that_person_wins(channel_a, spectator, players):
    created = spectator.create(TITLE, human_seats(players))
    match_id = created.match.match_id
    movers = seat_clients([channel_a], created)
    for seat in range(1, players - 1):
        match = movers[seat].resign(match_id).match
        assert match.phase == RUNNING and match.seats[seat].kind == pb.SEAT_KIND_BOT
    ended = movers[players - 1].resign(match_id).match
    assert ended.phase == FINISHED and ended.end_reason == pb.END_REASON_RESIGNATION
    assert list(ended.winners) == [0]


@pytest.mark.parametrize("players", [3, 5])
def test_the_only_person_against_bots_who_resigns_ends_the_match(channel_a, spectator, players):
    created = spectator.create(
        TITLE, [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)] + [BOT] * (players - 1)
    )
    match_id = created.match.match_id
    ended = seat_clients([channel_a], created)[0].resign(match_id).match
    assert ended.phase == FINISHED and ended.end_reason == pb.END_REASON_RESIGNATION
    assert list(ended.winners) == list(range(1, players))


def test_the_leader_who_resigns_before_the_end_is_never_a_winner(channel_a, spectator):
    """The game is played ahead on the local engine from the match's seed, so the seat that
    wins it is known; that seat resigns before the last move, its bot plays the same moves,
    and the game ends as planned: the match's winners leave it out."""
    seed = b"a leader who resigns" * 2
    game = get_game(TITLE)
    state, plan, rng = game.new_game(3, {}, seed), [], random.Random(7)
    while not state.is_terminal():
        seat = state.to_move()[0]
        move = rng.choice(state.legal_moves(seat))
        plan.append((seat, move))
        state = state.apply(seat, move).state
    leader = state.winners()[0]
    created = spectator.create(TITLE, human_seats(3), seed=seed)
    match_id = created.match.match_id
    movers = seat_clients([channel_a], created)
    for number, (seat, move) in enumerate(plan):
        if number == len(plan) - 1:
            movers[leader].resign(match_id)
            movers[leader] = MatchClient(channel_a, WORKER_CREDENTIAL, seat=leader)
        version = spectator.get(match_id).match.version
        movers[seat].submit(match_id, pack(game.codec.encode_move(move)), version)
    final = spectator.get(match_id).match
    assert final.phase == FINISHED and final.end_reason == pb.END_REASON_GAME_OVER
    assert list(final.status.winners) == list(state.winners())
    assert list(final.winners) == [w for w in state.winners() if w != leader]
    assert leader not in final.winners


def test_a_time_bank_is_charged_per_seat_and_refilled_by_the_increment(
    orchestrator, channel_a, spectator
):
    clock = pb.Clock(bank_initial_seconds=3, bank_increment_seconds=2, on_timeout=FORFEIT)
    created = spectator.create(TITLE, human_seats(2), clock=clock)
    match_id, started = created.match.match_id, created.match
    assert list(started.bank_ms) == [3000, 3000]
    created_ms = spectator.history(match_id).changes[0].committed_unix_ms
    assert started.deadline_unix_ms == created_ms + 3000
    movers = seat_clients([channel_a], created)
    picked = move_first(movers[0], match_id).match
    # Seat 0 finished its part of the pick turn: charged, then 2 s back; seat 1 only charged.
    spent = 3000 - picked.bank_ms[1]
    assert 0 <= spent < 1500
    assert picked.bank_ms[0] == 3000 - spent + 2000
    # The deadline is seat 1's, the only seat to move now.
    history = spectator.history(match_id)
    committed = history.changes[-1].committed_unix_ms
    assert picked.deadline_unix_ms == committed + picked.bank_ms[1]
    ended = wait_until(
        lambda: (m := spectator.get(match_id).match).phase == FINISHED and m,
        5,
        "seat 1 to run out of its bank",
        service=orchestrator,
    )
    assert ended.end_reason == pb.END_REASON_TIMEOUT and list(ended.winners) == [0]
    assert spectator.history(match_id).changes[-1].committed_unix_ms >= picked.deadline_unix_ms


@pytest.mark.parametrize(
    "clock",
    [
        pb.Clock(seconds_per_turn=5, bank_initial_seconds=60, on_timeout=FORFEIT),
        pb.Clock(bank_increment_seconds=5, on_timeout=FORFEIT),
        pb.Clock(bank_initial_seconds=60),
        pb.Clock(bank_initial_seconds=-1, on_timeout=FORFEIT),
    ],
)
def test_a_clock_that_is_not_one_kind_is_refused(spectator, clock):
    error = refusal(spectator.create, TITLE, human_seats(2), clock=clock)
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, error.details()


def test_seats_leaving_are_counted(orchestrator, channel_a, spectator):
    before = metric(
        scrape(orchestrator.metrics_port), "playhall_seats_left_total", reason="resigned"
    )
    created = spectator.create(TITLE, human_seats(3))
    seat_clients([channel_a], created)[2].resign(created.match.match_id)
    after = metric(
        scrape(orchestrator.metrics_port), "playhall_seats_left_total", reason="resigned"
    )
    assert after == before + 1
