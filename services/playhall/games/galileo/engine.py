"""Galileo Galilei: the state, its moves, its events and its views.

Rules: docs/rules/galileo.md. A round reveals one experiment per seat; every seat secretly picks
a scientist (a simultaneous step); picks are revealed together and fix the order (power, highest
first; ties by the previous round's order); in that order each seat takes one revealed
experiment, scoring double when its colour matches the scientist's. The game ends when the
experiment deck is used up. Undo: never. A pick is one seat's part of a simultaneous step, and
a take passes the turn on: no step leaves the same seat alone to go on with its turn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import NamedTuple, TypeVar

from playhall.core import (
    Event,
    GameEnded,
    GameInfo,
    GameOver,
    IllegalMove,
    NotYourTurn,
    SeatEvent,
    SlotsState,
    Transition,
    ViewBase,
    i18n,
    versions,
)
from playhall.core.api import Viewer
from playhall.core.fields import build, row
from playhall.games.galileo.cards import EXPERIMENT_BY_ID, EXPERIMENTS, SCIENTIST_BY_ID

RULES_VERSION = "galileo/1.0"
INFO = GameInfo(
    title_id="galileo",
    display_name="Galileo Galilei",
    min_players=2,
    max_players=5,
    rules_version=RULES_VERSION,
)
MESSAGES = i18n.register(
    INFO.title_id,
    Path(__file__).with_name("locales") / versions.major(RULES_VERSION).rpartition("/")[2],
)
"""Galileo's texts (its refusals, its name) at the major version of its rules."""


def rounds_for(players: int) -> int:
    """Rounds in a game, which is also the hand size: ceil(30 / players)."""
    return math.ceil(len(EXPERIMENTS) / players)


class Phase(IntEnum):
    """The part of a round being played (values match the proto enum)."""

    PICK = 1
    TAKE = 2
    OVER = 3


@dataclass(frozen=True, slots=True)
class Pick:
    """Secretly commit a scientist from the hand."""

    scientist: int


@dataclass(frozen=True, slots=True)
class TakeExperiment:
    """Take a revealed experiment."""

    experiment: int


Move = Pick | TakeExperiment


class Take(NamedTuple):
    """An experiment a seat took and what it scored. (A named tuple: every state decoded from
    the wire builds dozens of them, several times faster than a frozen dataclass.)"""

    experiment: int
    round: int
    doubled: bool
    points: int


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    revealed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PickCommitted(SeatEvent):
    scientist: int  # 0 in every version but the picker's own


@dataclass(frozen=True, slots=True)
class PicksRevealed:
    scientists: tuple[int, ...]
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ExperimentTaken(SeatEvent):
    take: Take


class NoExperimentLeft(SeatEvent):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    discarded: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    """The public part of one seat."""

    hand_size: int
    has_picked: bool
    revealed_pick: int
    played: tuple[int, ...]
    taken: tuple[Take, ...]
    score: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GalileoView(ViewBase):
    """What one seat (or a spectator, `viewer` None) may see."""

    hand: tuple[int, ...]
    own_pick: int
    seats: tuple[SeatView, ...]
    deck_size: int
    undealt_count: int
    table: tuple[int, ...]
    discarded: tuple[int, ...]
    phase: Phase
    round: int
    rounds_total: int
    order: tuple[int, ...]
    previous_order: tuple[int, ...]
    take_index: int
    start_player: int


@dataclass(slots=True, kw_only=True)
class GalileoState(SlotsState):
    """A Galileo position. Fields are tuples; `apply` builds a new state."""

    hands: tuple[tuple[int, ...], ...]
    picks: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    taken: tuple[tuple[Take, ...], ...]
    undealt: tuple[int, ...]
    deck: tuple[int, ...]
    table: tuple[int, ...]
    discarded: tuple[int, ...]
    phase: Phase
    round: int
    order: tuple[int, ...]
    previous_order: tuple[int, ...]
    take_index: int
    start_player: int

    # -- the State API -------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def to_move(self) -> tuple[int, ...]:
        if self.phase is Phase.PICK:
            return tuple(seat for seat, pick in enumerate(self.picks) if not pick)
        if self.phase is Phase.TAKE:
            return (self.order[self.take_index],)
        return ()

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def scores(self) -> tuple[int, ...]:
        return tuple(sum(take.points for take in taken) for taken in self.taken)

    def winners(self) -> tuple[int, ...]:
        if self.phase is not Phase.OVER:
            return ()
        keys = [
            (score, len(taken), sum(take.doubled for take in taken))
            for score, taken in zip(self.scores(), self.taken, strict=True)
        ]
        best = max(keys)
        return tuple(seat for seat, key in enumerate(keys) if key == best)

    def legal_moves(self, seat: int) -> list[Move]:
        self.check_seat(seat)
        if self.phase is Phase.PICK and not self.picks[seat]:
            return [Pick(card) for card in self.hands[seat]]
        if self.phase is Phase.TAKE and self.order[self.take_index] == seat:
            return [TakeExperiment(card) for card in self.table]
        return []

    def apply(self, seat: int, move: Move) -> Transition:
        self.check_seat(seat)
        if self.phase is Phase.OVER:
            raise GameOver("galileo-game-over")
        if self.phase is Phase.PICK:
            return self._pick(seat, move)
        return self._take(seat, move)

    def view(self, viewer: Viewer) -> GalileoView:
        self.check_viewer(viewer)
        revealed = self.phase is Phase.TAKE
        scores = self.scores()
        seats = tuple(
            SeatView(
                **row(self, seat, "played", "taken"),
                hand_size=len(self.hands[seat]),
                has_picked=bool(self.picks[seat]),
                revealed_pick=self.picks[seat] if revealed else 0,
                score=scores[seat],
            )
            for seat in range(self.num_players)
        )
        # `is None` rather than `is SPECTATOR` (the same value), which no type checker narrows.
        return build(
            GalileoView,
            self,
            viewer=viewer,
            hand=self.hands[viewer] if viewer is not None else (),
            own_pick=self.picks[viewer] if viewer is not None else 0,
            seats=seats,
            deck_size=len(self.deck),
            undealt_count=len(self.undealt),
            rounds_total=rounds_for(self.num_players),
        )

    # -- the rules -----------------------------------------------------------------------------

    def _pick(self, seat: int, move: Move) -> Transition:
        if self.picks[seat]:
            raise NotYourTurn("galileo-already-picked")
        if not isinstance(move, Pick):
            raise IllegalMove("galileo-pick-first")
        if move.scientist not in self.hands[seat]:
            raise IllegalMove("galileo-scientist-not-in-hand")
        state = self._copy()
        state.hands = _replaced(
            self.hands, seat, tuple(c for c in self.hands[seat] if c != move.scientist)
        )
        state.picks = _replaced(self.picks, seat, move.scientist)
        state.move_count += 1
        events = [Event(PickCommitted(seat, 0), {seat: PickCommitted(seat, move.scientist)})]
        if 0 not in state.picks:
            state._reveal_picks(events)
        return Transition(state, events)

    def _take(self, seat: int, move: Move) -> Transition:
        current = self.order[self.take_index]
        if seat != current:
            raise NotYourTurn("galileo-not-your-turn", seat=current)
        if not isinstance(move, TakeExperiment):
            raise IllegalMove("galileo-take-instead")
        if move.experiment not in self.table:
            raise IllegalMove("galileo-experiment-not-on-table")
        experiment = EXPERIMENT_BY_ID[move.experiment]
        doubled = experiment.colour == SCIENTIST_BY_ID[self.picks[seat]].colour
        take = Take(experiment.id, self.round, doubled, experiment.points * (2 if doubled else 1))
        state = self._copy()
        state.table = tuple(card for card in self.table if card != move.experiment)
        state.taken = _replaced(self.taken, seat, self.taken[seat] + (take,))
        state.take_index += 1
        state.step += 1
        state.move_count += 1
        events = [Event(ExperimentTaken(seat, take))]
        state._skip_empty_takes(events)
        return Transition(state, events)

    # The helpers below change a state that `apply` has just copied and not yet returned.

    def _reveal_picks(self, events: list[Event]) -> None:
        tie_rank = {seat: rank for rank, seat in enumerate(self.previous_order)}
        self.order = tuple(
            sorted(
                range(self.num_players),
                key=lambda seat: (-SCIENTIST_BY_ID[self.picks[seat]].power, tie_rank[seat]),
            )
        )
        self.phase = Phase.TAKE
        self.take_index = 0
        self.step += 1
        events.append(Event(PicksRevealed(self.picks, self.order)))
        self._skip_empty_takes(events)

    def _skip_empty_takes(self, events: list[Event]) -> None:
        """Seats whose turn comes when the table is empty get nothing; then the round ends."""
        while self.take_index < self.num_players and not self.table:
            events.append(Event(NoExperimentLeft(self.order[self.take_index])))
            self.take_index += 1
        if self.take_index == self.num_players:
            self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        events.append(Event(RoundEnded(self.round, self.table)))
        self.discarded += self.table
        self.table = ()
        self.played = tuple(p + (pick,) for p, pick in zip(self.played, self.picks, strict=True))
        self.picks = (0,) * self.num_players
        self.previous_order = self.order
        self.order = ()
        self.take_index = 0
        if self.deck:
            self.start_round(events)
        else:
            self.phase = Phase.OVER
            events.append(Event(GameEnded(self.scores(), self.winners())))

    def start_round(self, events: list[Event]) -> None:
        """Reveals the next round's experiments (one per seat, or what the deck has left)."""
        count = min(self.num_players, len(self.deck))
        self.round += 1
        self.table = tuple(sorted(self.deck[:count]))
        self.deck = self.deck[count:]
        self.phase = Phase.PICK
        events.append(Event(RoundStarted(self.round, self.table)))


T = TypeVar("T")


def _replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return items[:index] + (value,) + items[index + 1 :]
