"""The turn clocks' arithmetic (`playhall.matches.clocks`): a fixed time per turn keeps
one deadline over all the moves of a turn; a time bank charges the seats to move, refills the
seat that finished its part of a turn, and names only the seats that ran dry."""

import pytest

from playhall.common.errors import InvalidRequest
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matches import clocks
from playhall.rules.v1 import rules_service_pb2 as rpb

FIXED = mpb.Clock(seconds_per_turn=30, on_timeout=mpb.TIMEOUT_ACTION_BOT_MOVE)
BANK = mpb.Clock(
    bank_initial_seconds=60, bank_increment_seconds=5, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT
)


def status(to_move, turn):
    return rpb.GameStatus(to_move=to_move, turn=turn)


def test_a_fixed_clock_gives_a_whole_turn_one_deadline():
    first = clocks.deadline(FIXED, [], status([0], 7), 1_000, 0, new_turn=True)
    assert first == 31_000
    # A second move of the same turn (the same seat again, or another seat of a
    # simultaneous step) keeps the deadline; the next turn gets a full one.
    assert clocks.deadline(FIXED, [], status([0], 7), 9_000, first, new_turn=False) == first
    assert clocks.deadline(FIXED, [], status([1], 8), 9_000, first, new_turn=True) == 39_000
    assert clocks.deadline(FIXED, [], status([], 9), 9_000, first, new_turn=True) == 0


def test_a_bank_charges_the_seats_to_move_and_refills_the_seat_that_finished():
    banks = clocks.initial_banks(BANK, 3)
    assert banks == [60_000] * 3
    # Seats 0 and 1 pick at once (one turn); seat 0 picks after 10 s.
    clocks.charge(BANK, banks, status([0, 1], 4), status([1], 4), 10_000, mover=0)
    assert banks == [55_000, 50_000, 60_000]
    assert clocks.deadline(BANK, banks, status([1], 4), 10_000, 0, False) == 60_000
    # Seat 2 moves twice in its turn: charged both times, refilled only when it ends.
    clocks.charge(BANK, banks, status([2], 5), status([2], 5), 4_000, mover=2)
    assert banks[2] == 56_000
    clocks.charge(BANK, banks, status([2], 5), status([0], 6), 1_000, mover=2)
    assert banks[2] == 60_000
    # A bank never goes below nothing; only the seats that ran dry are out of time.
    clocks.charge(BANK, banks, status([0, 1], 7), status([0, 1], 7), 52_000, mover=None)
    assert banks[:2] == [3_000, 0]
    assert clocks.out_of_time(banks, status([0, 1], 7), 1_000) == [1]
    assert clocks.out_of_time([], status([0, 1], 7), 0) == [0, 1]


@pytest.mark.parametrize(
    "clock",
    [
        mpb.Clock(seconds_per_turn=5, bank_initial_seconds=5, on_timeout=1),
        mpb.Clock(bank_increment_seconds=5, on_timeout=1),
        mpb.Clock(seconds_per_turn=5),
        mpb.Clock(seconds_per_turn=clocks.MAX_SECONDS + 1, on_timeout=1),
    ],
)
def test_a_clock_that_is_not_one_kind_or_in_range_is_refused(clock):
    with pytest.raises(InvalidRequest):
        clocks.check(clock)
