"""The turn clocks' arithmetic (`playhall.matches.clocks`): a fixed time per turn keeps
one deadline over all the moves of a turn; a time bank charges the seats to move, refills the
seat that finished its part of a turn, and names only the seats that ran dry."""

import pytest

from playhall.common.errors import InvalidRequest
from playhall.matches import clocks
from playhall.matchstore.model import Clock, Pace, TimeoutAction
from playhall.rules.v1 import rules_service_pb2 as rpb

FIXED = Clock(seconds_per_turn=30, on_timeout=TimeoutAction.BOT_MOVE)
BANK = Clock(bank_initial_seconds=60, bank_increment_seconds=5, on_timeout=TimeoutAction.FORFEIT)
FORFEIT = TimeoutAction.FORFEIT
TURN_BASED = Pace.TURN_BASED
DAY = 10
"""A turn-based day of ten seconds, as the tests set `turn_based_day_s`."""


def status(to_move, turn):
    return rpb.GameStatus(to_move=to_move, turn=turn)


def test_a_fixed_clock_gives_a_whole_turn_one_deadline():
    first, _ = clocks.deadline(FIXED, [], status([0], 7), 1_000, 0, new_turn=True)
    assert first == 31_000
    # A second move of the same turn (the same seat again, or another seat of a
    # simultaneous step) keeps the deadline; the next turn gets a full one.
    assert clocks.deadline(FIXED, [], status([0], 7), 9_000, first, False) == (first, 0)
    assert clocks.deadline(FIXED, [], status([1], 8), 9_000, first, True) == (39_000, 0)
    assert clocks.deadline(FIXED, [], status([], 9), 9_000, first, True) == (0, 0)


def test_a_bank_charges_the_seats_to_move_and_refills_the_seat_that_finished():
    banks = clocks.initial_banks(BANK, 3)
    assert banks == [60_000] * 3
    # Seats 0 and 1 pick at once (one turn); seat 0 picks after 10 s.
    clocks.charge(BANK, banks, status([0, 1], 4), status([1], 4), 10_000, mover=0)
    assert banks == [55_000, 50_000, 60_000]
    assert clocks.deadline(BANK, banks, status([1], 4), 10_000, 0, False) == (60_000, 0)
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
        Clock(seconds_per_turn=5, bank_initial_seconds=5, on_timeout=FORFEIT),
        Clock(bank_increment_seconds=5, on_timeout=FORFEIT),
        Clock(seconds_per_turn=5),
        Clock(seconds_per_turn=clocks.MAX_SECONDS + 1, on_timeout=FORFEIT),
        # Turn-based: a clock of its days, a bank of one day to a month, an increment within it.
        Clock(pace=TURN_BASED),
        Clock(seconds_per_turn=4 * DAY, on_timeout=FORFEIT, pace=TURN_BASED),
        Clock(seconds_per_turn=DAY + 1, on_timeout=FORFEIT, pace=TURN_BASED),
        Clock(seconds_per_turn=DAY, pace=TURN_BASED),
        Clock(bank_initial_seconds=DAY - 1, on_timeout=FORFEIT, pace=TURN_BASED),
        Clock(bank_initial_seconds=31 * DAY, on_timeout=FORFEIT, pace=TURN_BASED),
        Clock(
            bank_initial_seconds=DAY,
            bank_increment_seconds=DAY + 1,
            on_timeout=FORFEIT,
            pace=TURN_BASED,
        ),
    ],
)
def test_a_clock_that_is_not_one_kind_or_in_range_is_refused(clock):
    with pytest.raises(InvalidRequest):
        clocks.check(clock, DAY)


@pytest.mark.parametrize(
    "clock",
    [
        *(
            Clock(seconds_per_turn=days * DAY, on_timeout=FORFEIT, pace=TURN_BASED)
            for days in clocks.TURN_BASED_DAYS
        ),
        Clock(
            bank_initial_seconds=3 * DAY,
            bank_increment_seconds=DAY,
            on_timeout=FORFEIT,
            pace=TURN_BASED,
        ),
        # Days per turn a live clock could not have.
        Clock(seconds_per_turn=14 * clocks.DAY_S, on_timeout=FORFEIT, pace=TURN_BASED),
    ],
)
def test_a_turn_based_clock_counts_days(clock):
    day = clocks.DAY_S if clock.seconds_per_turn == 14 * clocks.DAY_S else DAY
    clocks.check(clock, day)


def test_a_turn_based_bank_never_grows_above_its_start():
    bank = Clock(
        bank_initial_seconds=3 * DAY,
        bank_increment_seconds=DAY,
        on_timeout=FORFEIT,
        pace=TURN_BASED,
    )
    banks = clocks.initial_banks(bank, 2)
    clocks.charge(bank, banks, status([0], 1), status([1], 2), 4_000, mover=0)
    assert banks == [30_000, 30_000], "10 s increment after 4 s: capped at the start"
    clocks.charge(bank, banks, status([1], 2), status([0], 3), 25_000, mover=1)
    assert banks == [30_000, 15_000]
    live = Clock(bank_initial_seconds=30, bank_increment_seconds=10, on_timeout=FORFEIT)
    live_banks = clocks.initial_banks(live, 2)
    clocks.charge(live, live_banks, status([0], 1), status([1], 2), 4_000, mover=0)
    assert live_banks == [36_000, 30_000], "a live bank keeps its whole increment"


def test_a_seat_away_stops_its_clock_and_finds_its_time_on_return():
    # A time per turn: the turn stops with 12 s left while its seat is away, then goes on.
    assert clocks.deadline(FIXED, [], status([0], 7), 18_000, 30_000, False, away={0}) == (
        0,
        12_000,
    )
    assert clocks.deadline(FIXED, [], status([0], 7), 99_000, 0, False, (), 12_000) == (
        111_000,
        0,
    )
    # A turn that begins while its seat is away waits whole.
    assert clocks.deadline(FIXED, [], status([0], 8), 5_000, 0, True, away={0}) == (0, 30_000)
    # A bank: a seat away is not charged, and only the present seats set the deadline.
    banks = [60_000, 60_000]
    clocks.charge(BANK, banks, status([0, 1], 4), status([0, 1], 4), 10_000, None, away={1})
    assert banks == [50_000, 60_000]
    assert clocks.deadline(BANK, banks, status([0, 1], 4), 0, 0, False, away={0}) == (60_000, 0)
    assert clocks.deadline(BANK, banks, status([0], 4), 0, 0, False, away={0}) == (0, 0)
    assert clocks.out_of_time([0, 0], status([0, 1], 4), 1, away={1}) == [0]
    assert clocks.out_of_time([], status([0, 1], 4), 1, away={1}) == [0]
