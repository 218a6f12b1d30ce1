"""Turn clocks: what a commit does to the seats' time, and who is out of time.

A clock (`model.Clock`) is a fixed time for every turn or a Fischer time bank.
Either way it times turns, not moves (`GameStatus.turn`): the moves of one seat's turn share
its time, and the seats of a simultaneous step each have the step as their turn.

- Fixed: the seats to move must finish the turn `seconds_per_turn` after it began.
- Bank: each seat starts with `bank_initial_seconds`; the time between two commits is taken
  from the bank of every seat that was to move in it, and a seat that finishes its part of a
  turn gets `bank_increment_seconds` back. The deadline is when the first seat to move runs dry.

A turn-based clock (`Pace.TURN_BASED`) counts days: a fixed time per turn is one of
`TURN_BASED_DAYS`, a bank starts with one day to `TURN_BASED_MAX_BANK_DAYS`, and its increment
never lifts it above its start (as Board Game Arena's turn-based tables). The length of a day
is a setting (`turn_based_day_s`), which tests shorten to seconds.
"""

from __future__ import annotations

from collections.abc import Collection

from playhall.common.errors import InvalidRequest
from playhall.matchstore.model import Clock, TimeoutAction
from playhall.rules.v1 import rules_service_pb2 as rpb

MAX_SECONDS = 7 * 86_400
"""The longest a live clock gives a turn or a bank."""
DAY_S = 86_400
TURN_BASED_DAYS = (1, 2, 3, 5, 7, 14)
"""The times per turn a turn-based match may have, in days (as lichess's correspondence)."""
TURN_BASED_MAX_BANK_DAYS = 30


def check(clock: Clock, day_s: int = DAY_S) -> None:
    """Refuses a clock that is not one of the two kinds, or out of range for its pace (a day
    lasting `day_s` seconds)."""
    if clock.turn_based:
        _check_turn_based(clock, day_s)
        return
    for name in ("seconds_per_turn", "bank_initial_seconds", "bank_increment_seconds"):
        if not 0 <= getattr(clock, name) <= MAX_SECONDS:
            raise InvalidRequest("clock-field-range", field=name, most=MAX_SECONDS)
    if clock.seconds_per_turn and clock.bank_initial_seconds:
        raise InvalidRequest("clock-choose-one")
    if clock.bank_increment_seconds and not clock.bank_initial_seconds:
        raise InvalidRequest("clock-increment-needs-bank")
    if is_on(clock) and clock.on_timeout == TimeoutAction.UNSPECIFIED:
        raise InvalidRequest("clock-timeout-action-missing")


def _check_turn_based(clock: Clock, day_s: int) -> None:
    if not is_on(clock):
        raise InvalidRequest("clock-turn-based-needs-clock")
    if clock.seconds_per_turn and clock.bank_initial_seconds:
        raise InvalidRequest("clock-choose-one")
    offered = [days * day_s for days in TURN_BASED_DAYS]
    if clock.seconds_per_turn and clock.seconds_per_turn not in offered:
        raise InvalidRequest(
            "clock-turn-based-per-turn",
            days=", ".join(map(str, TURN_BASED_DAYS)),
            seconds=", ".join(map(str, offered)),
        )
    most = TURN_BASED_MAX_BANK_DAYS * day_s
    if clock.bank_initial_seconds and not day_s <= clock.bank_initial_seconds <= most:
        raise InvalidRequest("clock-turn-based-bank-range", most=TURN_BASED_MAX_BANK_DAYS)
    if not 0 <= clock.bank_increment_seconds <= clock.bank_initial_seconds:
        raise InvalidRequest("clock-turn-based-increment-too-big")
    if clock.on_timeout == TimeoutAction.UNSPECIFIED:
        raise InvalidRequest("clock-timeout-action-missing")


def is_on(clock: Clock) -> bool:
    return bool(clock.seconds_per_turn or clock.bank_initial_seconds)


def initial_banks(clock: Clock, players: int) -> list[int]:
    """Every seat's bank at the start, in milliseconds (none without a bank)."""
    return [clock.bank_initial_seconds * 1000] * players if clock.bank_initial_seconds else []


def refill(clock: Clock, banks: list[int], seats: list[int]) -> None:
    """Gives `seats` (taken over by a bot) a full bank again."""
    if banks:
        for seat in seats:
            banks[seat] = clock.bank_initial_seconds * 1000


def deadline(
    clock: Clock,
    banks: list[int],
    status: rpb.GameStatus,
    now_ms: int,
    current: int,
    new_turn: bool,
    away: Collection[int] = (),
    paused_ms: int = 0,
) -> tuple[int, int]:
    """When the seats to move run out of time, for a running match that committed at
    `now_ms` with deadline `current`; `new_turn` when that commit began another turn. And,
    with a time per turn, what is left of the turn while its clock stands still (`paused_ms`
    before the commit): it does while a seat to move is `away`. A bank's deadline is the
    first of the present seats' to run dry; none while every seat to move is away."""
    if not status.to_move:
        return 0, 0
    present = [seat for seat in status.to_move if seat not in away]
    if banks:
        return (now_ms + min(banks[seat] for seat in present), 0) if present else (0, 0)
    if not clock.seconds_per_turn:
        return current, 0
    if new_turn or not (current or paused_ms):
        left = clock.seconds_per_turn * 1000
    elif current:
        left = max(current - now_ms, 0)
    else:
        left = paused_ms
    if len(present) < len(status.to_move):
        return 0, left
    if current and not new_turn:
        return current, 0
    return now_ms + left, 0


def seat_deadline(
    clock: Clock, banks: list[int], deadline_ms: int, since_ms: int, seat: int
) -> int:
    """When `seat`, to move since `since_ms`, runs out of time (0 without a clock): its own
    bank's end, or the turn's deadline."""
    if banks:
        return since_ms + banks[seat]
    return deadline_ms if is_on(clock) else 0


def give(
    banks: list[int], deadline_ms: int, paused_ms: int, to_seat: int, ms: int
) -> tuple[int, int]:
    """Gives `to_seat` `ms` more: to its bank, or, with a time per turn, to the turn's
    deadline, or to what is left of the turn while its clock stands still (a seat away).
    Returns the deadline and the paused time, given to or not."""
    if banks:
        banks[to_seat] += ms
        return deadline_ms, paused_ms
    if not deadline_ms:
        return 0, paused_ms + ms
    return deadline_ms + ms, paused_ms


def charge(
    clock: Clock,
    banks: list[int],
    before: rpb.GameStatus,
    after: rpb.GameStatus,
    elapsed_ms: int,
    mover: int | None,
    away: Collection[int] = (),
) -> None:
    """Takes `elapsed_ms` from the bank of every seat to move `before` a commit but those
    `away` since the last one, and gives the increment to `mover` if the commit finished its
    part of the turn."""
    if not banks:
        return
    for seat in before.to_move:
        if seat not in away:
            banks[seat] = max(banks[seat] - elapsed_ms, 0)
    finished = after.turn != before.turn or mover not in after.to_move
    if mover is not None and mover in before.to_move and finished:
        banks[mover] += clock.bank_increment_seconds * 1000
        if clock.turn_based:
            banks[mover] = min(banks[mover], clock.bank_initial_seconds * 1000)


def out_of_time(
    banks: list[int], status: rpb.GameStatus, elapsed_ms: int, away: Collection[int] = ()
) -> list[int]:
    """The seats to move whose time is up `elapsed_ms` after the last commit: all of them
    with a fixed time per turn; never a seat `away`."""
    present = [seat for seat in status.to_move if seat not in away]
    if not banks:
        return present
    return [seat for seat in present if banks[seat] <= elapsed_ms]
