"""Einstein: the state, its moves, its events and its views.

Rules: docs/rules/einstein.md. Seats sit in age order (youngest first), which is also the turn
order. A turn is two placements, each judged alone: when the active seat has no legal
placement left the turn ends early (after one, or none, which the engine plays by itself). A
placement may complete Inspirations in the placer's hand (paying Prestige to the owners of the
other tiles used) and claim face-up Major Theories; the turn ends by drawing the hand back to
three and refilling the Theories. After an end trigger the round is played out to the oldest
Einstein; as many turns in a row without a placement as there are seats end the game at once.
Undo: the turn's first placement may be taken back while the turn goes on, unless it completed
an Inspiration (which shows a card of the hidden hand and pays other seats).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import TypeVar

from playhall.core import (
    Event,
    GameEnded,
    GameInfo,
    GameOver,
    IllegalMove,
    NotYourTurn,
    SeatEvent,
    SlotsState,
    State,
    Transition,
    ViewBase,
    i18n,
    versions,
)
from playhall.core.api import ChoiceOption, Viewer
from playhall.core.fields import build, row
from playhall.games.einstein import geometry as g
from playhall.games.einstein.cards import (
    EINSTEINS,
    INSPIRATION_BY_ID,
    THEORY_BY_ID,
    embedding,
)
from playhall.games.einstein.placement import BigIdea, Place, Stock, Tile
from playhall.games.einstein.theories import REQUIREMENTS, Placement

RULES_VERSION = "einstein/1.0"
HAND_SIZE = 3
THEORIES_UP = 3
PRESTIGE_TOKENS = 30
TILES_PER_PATTERN = 3
PLACEMENTS_PER_TURN = 2
INFO = GameInfo(
    title_id="einstein",
    display_name="Einstein: His Amazing Life and Incomparable Science",
    min_players=2,
    max_players=4,
    rules_version=RULES_VERSION,
    options=(
        ChoiceOption(
            name="einsteins",
            description="The Einsteins in the game, one per seat (seats follow their age)",
            choices=EINSTEINS,
            per_seat=True,
        ),
    ),
)
MESSAGES = i18n.register(
    INFO.title_id,
    Path(__file__).with_name("locales") / versions.major(RULES_VERSION).rpartition("/")[2],
)
"""Einstein's texts (refusals, its name) at the major version of its rules."""
FULL_STOCK: Stock = ((TILES_PER_PATTERN, TILES_PER_PATTERN),) * len(g.SHAPES)


class EndReason(IntEnum):
    """What triggered the end (values match the proto enum)."""

    LAST_INSPIRATION_DRAWN = 1
    LAST_THEORY_REVEALED = 2
    TWO_FIELDS_LEFT = 3


@dataclass(frozen=True, slots=True)
class IdeaPlaced(SeatEvent):
    move: Place
    tile: int


@dataclass(frozen=True, slots=True)
class InspirationCompleted(SeatEvent):
    card: int
    tiles: tuple[int, ...]
    prestige: tuple[int, ...]
    """Tokens each seat took for it."""


@dataclass(frozen=True, slots=True)
class TheoryClaimed(SeatEvent):
    theory: int


@dataclass(frozen=True, slots=True)
class EndTriggered(SeatEvent):
    reason: EndReason


@dataclass(frozen=True, slots=True)
class TurnEnded(SeatEvent):
    placed: int


@dataclass(frozen=True, slots=True)
class InspirationsDrawn(SeatEvent):
    count: int
    cards: tuple[int, ...]  # empty in every version but the drawer's own


@dataclass(frozen=True, slots=True)
class TheoriesRevealed:
    theories: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    """The public part of one seat."""

    einstein: int
    stock: Stock
    hand_size: int
    pile_size: int
    completed: tuple[int, ...]
    theories: tuple[int, ...]
    prestige: int
    score: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EinsteinView(ViewBase):
    """What one seat (or a spectator, `viewer` None) may see."""

    hand: tuple[int, ...]
    seats: tuple[SeatView, ...]
    tiles: tuple[Tile, ...]
    theories_up: tuple[int, ...]
    theory_deck_size: int
    prestige_supply: int
    current: int
    placed_this_turn: int
    completed_this_turn: int
    end_triggered: bool
    idle_turns: int
    over: bool


@dataclass(slots=True, kw_only=True)
class EinsteinState(SlotsState):
    """An Einstein position. Fields are tuples (the Big Idea is immutable too)."""

    board: BigIdea
    einsteins: tuple[int, ...]
    stocks: tuple[Stock, ...]
    hands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    completed: tuple[tuple[int, ...], ...]
    theories_won: tuple[tuple[int, ...], ...]
    prestige: tuple[int, ...]
    theories_up: tuple[int, ...]
    theory_deck: tuple[int, ...]
    current: int
    placed_this_turn: int
    completed_this_turn: int
    end_triggered: bool
    idle_turns: int
    over: bool

    # -- the State API -------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.einsteins)

    @property
    def turn(self) -> int:
        return self.step - self.placed_this_turn

    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> tuple[int, ...]:
        return tuple(
            sum(INSPIRATION_BY_ID[c].stars for c in cards)
            + sum(THEORY_BY_ID[t].stars for t in won)
            + tokens
            for cards, won, tokens in zip(
                self.completed, self.theories_won, self.prestige, strict=True
            )
        )

    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        scores = self.scores()
        best = max(scores)
        # Seats sit in age order: the last of the tied is the oldest Einstein.
        return (max(seat for seat, score in enumerate(scores) if score == best),)

    def legal_moves(self, seat: int) -> list[Place]:
        self.check_seat(seat)
        if self.over or seat != self.current:
            return []
        return self.board.placements(self.stocks[seat])

    def apply(self, seat: int, move: Place) -> Transition:
        self.check_seat(seat)
        if self.over:
            raise GameOver("einstein-game-over")
        if seat != self.current:
            raise NotYourTurn("einstein-not-your-turn", seat=self.current)
        if not isinstance(move, Place):
            raise IllegalMove("einstein-place-only")
        if move.shape not in range(len(g.SHAPES)) or move.pattern not in (0, 1):
            raise IllegalMove("einstein-no-such-tile")
        placed, contacts, why = self.board.judge(move, self.stocks[seat])
        if why:
            raise IllegalMove(why)
        state = self._copy()
        events: list[Event] = []
        state._place(seat, placed, events)
        return Transition(state, events)

    def undoable(self, seat: int, move: Place, after: State) -> bool:
        """The turn's first placement, while the turn goes on and unless it completed an
        Inspiration (a card shown from the hidden hand, Prestige paid to other seats)."""
        return (
            isinstance(after, EinsteinState)
            and self.keeps_turn(seat, after)
            and after.completed_this_turn == self.completed_this_turn
        )

    def view(self, viewer: Viewer) -> EinsteinView:
        self.check_viewer(viewer)
        scores = self.scores()
        return build(
            EinsteinView,
            self,
            viewer=viewer,
            hand=self.hands[viewer] if viewer is not None else (),
            seats=tuple(
                SeatView(
                    **row(self, seat, "completed", "prestige", einstein="einsteins"),
                    **row(self, seat, stock="stocks", theories="theories_won"),
                    hand_size=len(self.hands[seat]),
                    pile_size=len(self.piles[seat]),
                    score=scores[seat],
                )
                for seat in range(self.num_players)
            ),
            tiles=self.board.tiles,
            theory_deck_size=len(self.theory_deck),
        )

    @property
    def prestige_supply(self) -> int:
        return PRESTIGE_TOKENS - sum(self.prestige)

    # -- the rules -----------------------------------------------------------------------------
    # The helpers below change a state that `apply` has just copied and not yet returned.

    def _place(self, seat: int, move: Place, events: list[Event]) -> None:
        tile = len(self.board.tiles)
        self.board = self.board.placed(Tile(move.pose, move.pattern, seat))
        self.stocks = _replaced(self.stocks, seat, _taken(self.stocks[seat], move))
        self.placed_this_turn += 1
        self.step += 1
        self.move_count += 1
        events.append(Event(IdeaPlaced(seat, move, tile)))
        completions = self._complete_inspirations(seat, tile, events)
        self._claim_theories(seat, tile, completions, events)
        fields_left = sum(1 for a, b in self.stocks[seat] if a + b)
        if fields_left <= 2:
            self._trigger_end(seat, EndReason.TWO_FIELDS_LEFT, events)
        stock = self.stocks[seat]
        if self.placed_this_turn < PLACEMENTS_PER_TURN and self.board.has_placement(stock):
            return
        self._end_turn(events)

    def _complete_inspirations(
        self, seat: int, tile: int, events: list[Event]
    ) -> tuple[tuple[int, ...], ...]:
        outline = g.outline(self.board.tiles[tile].pose)
        done: list[tuple[int, ...]] = []
        for card in self.hands[seat]:
            tiles = embedding(INSPIRATION_BY_ID[card], self.board.outlines, outline)
            if tiles is None:
                continue
            done.append(tiles)
            self.hands = _replaced(
                self.hands, seat, tuple(c for c in self.hands[seat] if c != card)
            )
            self.completed = _replaced(self.completed, seat, self.completed[seat] + (card,))
            paid = self._pay_prestige(seat, tiles)
            self.completed_this_turn += 1
            events.append(Event(InspirationCompleted(seat, card, tiles, paid)))
        return tuple(done)

    def _pay_prestige(self, seat: int, tiles: tuple[int, ...]) -> tuple[int, ...]:
        """One token per tile of another seat, clockwise from the completer, while they last."""
        paid = [0] * self.num_players
        prestige = list(self.prestige)
        supply = self.prestige_supply
        for offset in range(1, self.num_players):
            other = (seat + offset) % self.num_players
            owed = sum(self.board.tiles[t].owner == other for t in tiles)
            paid[other] = min(owed, supply)
            supply -= paid[other]
            prestige[other] += paid[other]
        self.prestige = tuple(prestige)
        return tuple(paid)

    def _claim_theories(
        self,
        seat: int,
        tile: int,
        completions: tuple[tuple[int, ...], ...],
        events: list[Event],
    ) -> None:
        placement = Placement(self.board, tile, completions, self.completed_this_turn)
        for theory in self.theories_up:
            if REQUIREMENTS[THEORY_BY_ID[theory].requirement](placement):
                self.theories_up = tuple(t for t in self.theories_up if t != theory)
                self.theories_won = _replaced(
                    self.theories_won, seat, self.theories_won[seat] + (theory,)
                )
                events.append(Event(TheoryClaimed(seat, theory)))

    def _trigger_end(self, seat: int, reason: EndReason, events: list[Event]) -> None:
        if not self.end_triggered:
            self.end_triggered = True
            events.append(Event(EndTriggered(seat, reason)))

    def _end_turn(self, events: list[Event]) -> None:
        """Draws, refills, and passes the turn on, playing out turns with no placement."""
        while True:
            seat = self.current
            events.append(Event(TurnEnded(seat, self.placed_this_turn)))
            self.idle_turns = 0 if self.placed_this_turn else self.idle_turns + 1
            self._draw_inspirations(seat, events)
            self._refill_theories(seat, events)
            last_seat = seat == self.num_players - 1
            if (self.end_triggered and last_seat) or self.idle_turns >= self.num_players:
                self._finish(events)
                return
            self.current = (seat + 1) % self.num_players
            self.placed_this_turn = 0
            self.completed_this_turn = 0
            self.step += 1
            if self.board.has_placement(self.stocks[self.current]):
                return

    def _draw_inspirations(self, seat: int, events: list[Event]) -> None:
        count = min(HAND_SIZE - len(self.hands[seat]), len(self.piles[seat]))
        if count <= 0:
            return
        drawn = self.piles[seat][:count]
        self.piles = _replaced(self.piles, seat, self.piles[seat][count:])
        self.hands = _replaced(self.hands, seat, tuple(sorted(self.hands[seat] + drawn)))
        events.append(
            Event(InspirationsDrawn(seat, count, ()), {seat: InspirationsDrawn(seat, count, drawn)})
        )
        if not self.piles[seat]:
            self._trigger_end(seat, EndReason.LAST_INSPIRATION_DRAWN, events)

    def _refill_theories(self, seat: int, events: list[Event]) -> None:
        count = min(THEORIES_UP - len(self.theories_up), len(self.theory_deck))
        if count <= 0:
            return
        revealed = self.theory_deck[:count]
        self.theory_deck = self.theory_deck[count:]
        self.theories_up += revealed
        events.append(Event(TheoriesRevealed(revealed)))
        if not self.theory_deck:
            self._trigger_end(seat, EndReason.LAST_THEORY_REVEALED, events)

    def _finish(self, events: list[Event]) -> None:
        self.over = True
        self.placed_this_turn = 0
        self.completed_this_turn = 0
        self.step += 1
        events.append(Event(GameEnded(self.scores(), self.winners())))


def _taken(stock: Stock, move: Place) -> Stock:
    counts = list(stock[move.shape])
    counts[move.pattern] -= 1
    return _replaced(stock, move.shape, (counts[0], counts[1]))


T = TypeVar("T")


def _replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return items[:index] + (value,) + items[index + 1 :]
