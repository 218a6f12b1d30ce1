"""Eynsteyn: the state, its moves, its events and its views.

Rules: docs/rules/eynsteyn.md. Two players lay square stones whose lines must join a player's
two board edges. Setup: each draws 10 stones from five open stacks; in the preparation they
place them alternately, never orthogonally next to a stone; each then draws 8. A turn of the
playing phase is three moves by the same seat: place a stone (on an empty square, or on top of a
stone surrounded on all four sides, unmarked and under four high), mark a stone or skip, and end
the turn by drawing a stone and saying whether it calls EYNSTEYN. A connection wins only with a
standing call, or when the opponent's last turn made it possible; otherwise the stone goes back
and the player passes. Undo: the turn's stone and its marker (or skipped marker) may be taken
back until the turn ends, which draws; a refused win, the preparation and the draws may not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from pathlib import Path
from typing import NamedTuple, TypeVar

from playhall.core import (
    Event,
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
from playhall.core.api import BoolOption, IntOption, Viewer
from playhall.core.fields import build
from playhall.games.eynsteyn.board import (
    NORTH_SOUTH,
    WEST_EAST,
    Board,
    Geometry,
    Links,
    geometry,
)
from playhall.games.eynsteyn.stones import (
    KIND_BY_ID,
    ORIENTATION_CODE,
    ORIENTATIONS,
    ORIENTATIONS_OF_KIND,
    RULES,
    Orientation,
    rotations,
)

RULES_VERSION = "eynsteyn/1.0"
PLAYERS = 2
INFO = GameInfo(
    title_id="eynsteyn",
    display_name="Eynsteyn",
    min_players=PLAYERS,
    max_players=PLAYERS,
    rules_version=RULES_VERSION,
    options=(
        IntOption("board_size", "Squares along each side of the board", 8, 14, 10),
        BoolOption(
            "auto_call", "The engine calls EYNSTEYN for every player who is one away", False
        ),
    ),
)
MESSAGES = i18n.register(
    INFO.title_id,
    Path(__file__).with_name("locales") / versions.major(RULES_VERSION).rpartition("/")[2],
)
"""Eynsteyn's texts (its refusals, its name) at the major version of its rules."""
NO_STACK = 0
"""The stack number of an end of turn that draws nothing (every stack is empty)."""


class Phase(IntEnum):
    """The part of the game being played (values match the proto enum)."""

    OPENING_DRAW = 1
    PREPARATION = 2
    REFILL_DRAW = 3
    PLACE = 4
    MARK = 5
    END_TURN = 6
    WIN_REFUSED = 7
    OVER = 8


class PassReason(IntEnum):
    """Why a turn passed (values match the proto enum)."""

    NO_PLACEMENT = 1
    WIN_REFUSED = 2


class EndReason(IntEnum):
    """How the game ended (values match the proto enum)."""

    CONNECTED = 1
    CONNECTED_FOR_OPPONENT = 2
    NO_PLACEMENTS = 3


# -- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top stone of a stack (numbered from 1) while drawing hands."""

    stack: int


@dataclass(frozen=True, slots=True)
class Place:
    """Lay a stone of `kind` from the hand, turned `rotation` quarters clockwise, on a square."""

    kind: int
    rotation: int
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class Mark:
    """Put one of your markers on an occupied square."""

    row: int
    column: int


@dataclass(frozen=True, slots=True)
class SkipMark:
    """Place no marker this turn."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Draw from a stack (`NO_STACK` when all are empty) and call EYNSTEYN or not."""

    stack: int
    call: bool


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up the turn: when no placement is legal, or after a refused win."""


Move = Draw | Place | Mark | SkipMark | EndTurn | Pass


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameStarted:
    start_player: int
    north_south: int


@dataclass(frozen=True, slots=True)
class StoneDrawn(SeatEvent):
    stack: int
    kind: int


@dataclass(frozen=True, slots=True)
class StonePlaced(SeatEvent):
    kind: int
    rotation: int
    row: int
    column: int
    level: int  # 1 for a stone on an empty square


class ReturnedStone(NamedTuple):
    seat: int
    stack: int
    kind: int


@dataclass(frozen=True, slots=True)
class PreparationEnded:
    stuck: bool  # True when a player had no legal square left
    returned: tuple[ReturnedStone, ...]


@dataclass(frozen=True, slots=True)
class MarkerPlaced(SeatEvent):
    row: int
    column: int


class MarkSkipped(SeatEvent):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class TurnEnded(SeatEvent):
    stack: int  # NO_STACK when nothing was drawn
    kind: int  # 0 when nothing was drawn
    call: bool


@dataclass(frozen=True, slots=True)
class WinRefused(SeatEvent):
    kind: int
    rotation: int
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class Passed(SeatEvent):
    reason: PassReason
    call: bool


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    reason: EndReason


class Connections(NamedTuple):
    """Where and with what a seat could connect its edges with one stone."""

    kinds: frozenset[int]
    squares: frozenset[int]


# -- views -------------------------------------------------------------------------------------


class StackView(NamedTuple):
    """What anyone sees of a draw stack."""

    size: int
    top: int  # 0 when empty
    returned: int  # stones put under it when a preparation got stuck
    known_bottom: tuple[int, ...]  # the returned stones still below its top, top to bottom


@dataclass(frozen=True, slots=True, kw_only=True)
class EynsteynView(ViewBase):
    """What a seat (or a spectator, `viewer` None) may see: everything but the order of the
    stones below the stacks' tops."""

    board_size: int
    auto_call: bool
    board: Board
    markers: tuple[int | None, ...]
    hands: tuple[tuple[int, ...], ...]
    markers_left: tuple[int, ...]
    calls: tuple[bool, ...]
    stacks: tuple[StackView, ...]
    phase: Phase
    current: int
    start_player: int
    north_south: int
    last_placed: int | None
    placement_passes: int
    winner: int | None
    turn: int


# -- the state ---------------------------------------------------------------------------------


@dataclass(slots=True, kw_only=True)
class EynsteynState(SlotsState):
    """An Eynsteyn position. Fields are tuples; `apply` builds a new state. The links of the
    board's lines, the coverable squares and the stones that would connect are computed on
    demand and kept."""

    board_size: int
    auto_call: bool
    board: Board
    markers: tuple[int | None, ...]
    hands: tuple[tuple[int, ...], ...]
    stacks: tuple[tuple[int, ...], ...]
    """Draw stacks, top stone first."""
    returned: tuple[int, ...]
    """For each stack, how many stones were put under it when a preparation got stuck."""
    markers_left: tuple[int, ...]
    calls: tuple[bool, ...]
    phase: Phase
    current: int
    start_player: int
    north_south: int
    """The seat that connects North and South; the other connects West and East."""
    last_placed: int | None
    """The square of the stone laid in the playing phase's last turn, if that turn laid one."""
    placement_passes: int
    winner: int | None
    turn: int = 0
    _links: Links | None = field(default=None, init=False, compare=False, repr=False)
    _winning: dict[int, Connections] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    _coverable: frozenset[int] | None = field(default=None, init=False, compare=False, repr=False)

    def _copy(self) -> EynsteynState:
        """A copy that keeps the links (a change to the board replaces them) and drops the
        rest of the caches."""
        clone = SlotsState._copy(self)
        clone._winning = {}
        clone._coverable = None
        return clone

    # -- the State API -------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def geometry(self) -> Geometry:
        return geometry(self.board_size)

    @property
    def links(self) -> Links:
        """The lines of the board's top stones."""
        if self._links is None:
            self._links = Links.of(self.geometry, self.board)
        return self._links

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase is Phase.OVER else (self.current,)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def scores(self) -> tuple[int, ...]:
        return tuple(int(seat == self.winner) for seat in range(self.num_players))

    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    def edge_pair(self, seat: int) -> int:
        """The rim flags of the two edges `seat` connects."""
        return NORTH_SOUTH if seat == self.north_south else WEST_EAST

    def legal_moves(self, seat: int) -> list[Move]:
        self.check_seat(seat)
        if self.phase is Phase.OVER or seat != self.current:
            return []
        match self.phase:
            case Phase.OPENING_DRAW | Phase.REFILL_DRAW:
                return [Draw(number) for number in self._stacks_to_draw()]
            case Phase.PREPARATION:
                return self._placements(self._free_squares())
            case Phase.PLACE:
                return self._placements(self.placement_squares()) or [Pass()]
            case Phase.MARK:
                size = self.board_size
                marks: list[Move] = [Mark(*divmod(sq, size)) for sq in self.markable_squares()]
                return [*marks, SkipMark()]
            case Phase.END_TURN:
                return self._ends_of_turn()
            case Phase.WIN_REFUSED:
                return [Pass()]
        return []

    def apply(self, seat: int, move: Move) -> Transition:
        self.check_seat(seat)
        if self.phase is Phase.OVER:
            raise GameOver("eynsteyn-game-over")
        if seat != self.current:
            raise NotYourTurn("eynsteyn-not-your-turn", seat=self.current)
        match self.phase:
            case Phase.OPENING_DRAW | Phase.REFILL_DRAW:
                return self._draw(move)
            case Phase.PREPARATION:
                return self._prepare(move)
            case Phase.PLACE:
                return self._place(move)
            case Phase.MARK:
                return self._mark(move)
            case Phase.END_TURN:
                return self._end_turn(move)
            case Phase.WIN_REFUSED:
                return self._pass_after_refusal(move)
        raise GameOver("eynsteyn-game-over")

    def undoable(self, seat: int, move: Move, after: State) -> bool:
        """A turn's stone (unless its win was refused: the refusal is a penalty) and its marker
        or skipped marker may be taken back until the turn ends; draws never."""
        if not isinstance(after, EynsteynState) or not self.keeps_turn(seat, after):
            return False
        if self.phase is Phase.PLACE:
            return after.phase in (Phase.MARK, Phase.END_TURN)
        return self.phase is Phase.MARK

    def view(self, viewer: Viewer) -> EynsteynView:
        self.check_viewer(viewer)
        return build(
            EynsteynView,
            self,
            viewer=viewer,
            stacks=tuple(
                stack_view(stack, returned)
                for stack, returned in zip(self.stacks, self.returned, strict=True)
            ),
        )

    # -- where stones may go -------------------------------------------------------------------

    def _stacks_to_draw(self) -> list[int]:
        return [number for number, stack in enumerate(self.stacks, start=1) if stack]

    def _free_squares(self) -> list[int]:
        """Preparation squares: empty, with no orthogonal neighbour occupied."""
        board, neighbours = self.board, self.geometry.neighbours
        return [
            square
            for square, stones in enumerate(board)
            if not stones and not any(board[other] for other in neighbours[square])
        ]

    def coverable(self, square: int) -> bool:
        """Whether a stone may be laid on top of the stone on `square`."""
        return square in self.coverable_squares()

    def coverable_squares(self) -> frozenset[int]:
        """The squares whose stone may be covered: surrounded on all four sides (so never on
        the edge), unmarked and under four high."""
        if self._coverable is None:
            board, neighbours = self.board, self.geometry.neighbours
            self._coverable = frozenset(
                square
                for square in self._stackable()
                if all(board[other] for other in neighbours[square])
            )
        return self._coverable

    def coverable_later(self) -> frozenset[int]:
        """The squares whose stone is not coverable yet but will be once the squares around it
        are filled."""
        return self._stackable() - self.coverable_squares()

    def _stackable(self) -> frozenset[int]:
        """The squares whose stone may be covered once surrounded: off the edge, unmarked and
        under four high."""
        board, markers, on_rim = self.board, self.markers, self.geometry.on_rim
        return frozenset(
            square
            for square, stones in enumerate(board)
            if stones
            and len(stones) < RULES.tallest_stack
            and markers[square] is None
            and not on_rim[square]
        )

    def placement_squares(self) -> list[int]:
        """Playing-phase squares: every empty one and every coverable one, in order."""
        coverable = self.coverable_squares()
        return [
            square for square, stones in enumerate(self.board) if not stones or square in coverable
        ]

    def markable_squares(self) -> list[int]:
        """Occupied squares without a marker and under four high."""
        return [
            square
            for square, stones in enumerate(self.board)
            if stones and self.markers[square] is None and len(stones) < RULES.tallest_stack
        ]

    def _placements(self, squares: list[int]) -> list[Move]:
        if not squares:
            return []
        table = place_moves(self.board_size)
        return [
            table[code][square]
            for kind in sorted(set(self.hands[self.current]))
            for code in ORIENTATIONS_OF_KIND[kind]
            for square in squares
        ]

    # -- connections ---------------------------------------------------------------------------

    def links_without(self, square: int) -> Links:
        """The board's links with `square` left out (its top stone taken away)."""
        if not self.board[square]:
            return self.links
        return Links.of(self.geometry, self.board, without=square)

    def pairs_after(self, square: int, code: int) -> int:
        """The edge pairs connected once a stone of orientation `code` lies on top of
        `square`."""
        return self.links_without(square).pairs_with(square, code)

    def connecting_kinds(self, seat: int) -> frozenset[int]:
        """The kinds of stone some legal placement of which would connect `seat`'s edges."""
        return self._connections(seat).kinds

    def connecting_squares(self, seat: int) -> frozenset[int]:
        """The squares on which some stone would connect `seat`'s edges: the threats."""
        return self._connections(seat).squares

    def _connections(self, seat: int) -> Connections:
        if seat not in self._winning:
            self._winning[seat] = self._find_connections(self.edge_pair(seat))
        return self._winning[seat]

    def _find_connections(self, pair: int) -> Connections:
        links = self.links
        kinds: set[int] = set()
        squares: set[int] = set()
        for square in self.placement_squares():
            # A stone only joins the components around its square: skip squares whose
            # components cannot reach both edges (covering only splits components).
            if links.reach(square) & pair != pair:
                continue
            base = self.links_without(square)
            for code, orientation in enumerate(ORIENTATIONS):
                if square in squares and orientation.kind in kinds:
                    continue
                if base.pairs_with(square, code) & pair:
                    kinds.add(orientation.kind)
                    squares.add(square)
        return Connections(frozenset(kinds), frozenset(squares))

    def one_away(self, seat: int, hand: tuple[int, ...]) -> bool:
        """Whether a stone of `hand` would connect `seat`'s edges on this board."""
        return not self.connecting_kinds(seat).isdisjoint(hand)

    def _ends_of_turn(self) -> list[Move]:
        hand = self.hands[self.current]
        moves: list[Move] = []
        for number in self._stacks_to_draw() or [NO_STACK]:
            drawn = (self.stacks[number - 1][0],) if number != NO_STACK else ()
            calls = _calls(self.one_away(self.current, hand + drawn), self.auto_call)
            moves += [EndTurn(number, call) for call in calls]
        return moves

    # -- the rules -----------------------------------------------------------------------------

    def _draw(self, move: Move) -> Transition:
        if not isinstance(move, Draw):
            raise IllegalMove("eynsteyn-draw-from-stack")
        stack = self._stack_for(move.stack)
        seat = self.current
        state = self._copy()
        kind = state._take_top(seat, stack)
        state._advance()
        events = [Event(StoneDrawn(seat, move.stack, kind))]
        target = RULES.opening_hand if self.phase is Phase.OPENING_DRAW else RULES.playing_hand
        other = 1 - seat
        if len(state.hands[other]) < target:
            state._next_turn(other)
        elif len(state.hands[seat]) < target:
            state._next_turn(seat)
        elif self.phase is Phase.OPENING_DRAW:
            state._next_turn(self.start_player, Phase.PREPARATION)
        else:
            state._next_turn(self.start_player, Phase.PLACE)
        return Transition(state, events)

    def _stack_for(self, number: int) -> int:
        """The index of stack `number`, which must hold a stone."""
        if not 1 <= number <= len(self.stacks):
            raise IllegalMove(
                "eynsteyn-no-such-stack", stack=number, first=1, last=len(self.stacks)
            )
        if not self.stacks[number - 1]:
            raise IllegalMove("eynsteyn-empty-stack-drawn", stack=number)
        return number - 1

    def _placement(self, move: Move) -> tuple[int, int]:
        """The square and orientation code of a placement, checked against the hand and the
        board's bounds."""
        if not isinstance(move, Place):
            raise IllegalMove("eynsteyn-place-first")
        if move.kind not in KIND_BY_ID:
            raise IllegalMove("eynsteyn-no-such-stone")
        if move.kind not in self.hands[self.current]:
            raise IllegalMove("eynsteyn-stone-not-in-hand", kind=KIND_BY_ID[move.kind].name)
        # Turns that repeat a pattern are refused rather than reduced: each placement has one
        # spelling, the one legal_moves lists (the contract's "every move not listed is refused").
        distinct = rotations(move.kind)
        if not 0 <= move.rotation < distinct:
            kind = KIND_BY_ID[move.kind].name
            if distinct == 1:
                raise IllegalMove("eynsteyn-rotation-only-zero", kind=kind, rotation=0)
            raise IllegalMove(
                "eynsteyn-rotation-out-of-range",
                kind=kind,
                orientations=distinct,
                first=0,
                last=distinct - 1,
            )
        size = self.board_size
        if not (0 <= move.row < size and 0 <= move.column < size):
            raise IllegalMove("eynsteyn-off-board")
        orientation = Orientation(move.kind, move.rotation)
        return move.row * size + move.column, ORIENTATION_CODE[orientation]

    def _prepare(self, move: Move) -> Transition:
        square, code = self._placement(move)
        if self.board[square]:
            raise IllegalMove("eynsteyn-square-taken")
        if any(self.board[other] for other in self.geometry.neighbours[square]):
            raise IllegalMove("eynsteyn-preparation-adjacent")
        seat = self.current
        state = self._copy()
        state._lay(seat, square, code)
        state._links = None
        state._advance()
        events = [Event(_placed_event(seat, square, code, 1, self.board_size))]
        if not any(state.hands):
            state._next_turn(self.start_player, Phase.REFILL_DRAW)
            events.append(Event(PreparationEnded(False, ())))
            return Transition(state, events)
        state._next_turn(1 - seat)
        if not state._free_squares():
            events.append(Event(PreparationEnded(True, state._return_hands())))
            state._next_turn(self.start_player, Phase.REFILL_DRAW)
        return Transition(state, events)

    def _place(self, move: Move) -> Transition:
        seat = self.current
        if isinstance(move, Pass):
            if self.placement_squares() and self.hands[seat]:
                raise IllegalMove("eynsteyn-may-not-pass")
            return self._pass(PassReason.NO_PLACEMENT, call=False)
        square, code = self._placement(move)
        if self.board[square] and not self.coverable(square):
            raise IllegalMove(_why_not_coverable(self, square))
        base = self.links_without(square)
        pairs = base.pairs_with(square, code)
        mine, theirs = self.edge_pair(seat), self.edge_pair(1 - seat)
        level = len(self.board[square]) + 1
        if pairs & mine and not self._win_allowed(square, code):
            state = self._copy()
            state._advance()
            state.phase = Phase.WIN_REFUSED
            orientation = ORIENTATIONS[code]
            refused = WinRefused(seat, orientation.kind, orientation.rotation, *_rc(self, square))
            return Transition(state, [Event(refused)])
        state = self._copy()
        state._lay(seat, square, code)
        links = base.copy()
        links.join(square, code)
        state._links = links
        state.last_placed = square
        state.placement_passes = 0
        state._advance()
        events = [Event(_placed_event(seat, square, code, level, self.board_size))]
        if pairs & mine:
            state._end(seat, EndReason.CONNECTED, events)
        elif pairs & theirs:
            state._end(1 - seat, EndReason.CONNECTED_FOR_OPPONENT, events)
        else:
            state.phase = Phase.MARK if state._can_mark() else Phase.END_TURN
        return Transition(state, events)

    def _win_allowed(self, square: int, code: int) -> bool:
        """A connection wins with a standing call, or when the same placement would not have
        connected on the board as the mover's previous turn left it (the opponent's turn, whose
        only change to the lines is its stone on `last_placed`, made it possible)."""
        if self.calls[self.current]:
            return True
        if self.last_placed is None:
            return False
        before = list(self.board)
        before[self.last_placed] = before[self.last_placed][:-1]
        links = Links.of(self.geometry, tuple(before), without=square)
        return not links.pairs_with(square, code) & self.edge_pair(self.current)

    def _mark(self, move: Move) -> Transition:
        seat = self.current
        state = self._copy()
        state._advance()
        state.phase = Phase.END_TURN
        if isinstance(move, SkipMark):
            return Transition(state, [Event(MarkSkipped(seat))])
        if not isinstance(move, Mark):
            raise IllegalMove("eynsteyn-mark-or-skip")
        size = self.board_size
        if not (0 <= move.row < size and 0 <= move.column < size):
            raise IllegalMove("eynsteyn-off-board")
        square = move.row * size + move.column
        if not self.board[square]:
            raise IllegalMove("eynsteyn-mark-empty-square")
        if self.markers[square] is not None:
            raise IllegalMove("eynsteyn-mark-marked")
        if len(self.board[square]) >= RULES.tallest_stack:
            raise IllegalMove("eynsteyn-mark-final-stack")
        state.markers = _replaced(self.markers, square, seat)
        state.markers_left = _replaced(self.markers_left, seat, self.markers_left[seat] - 1)
        return Transition(state, [Event(MarkerPlaced(seat, move.row, move.column))])

    def _end_turn(self, move: Move) -> Transition:
        if not isinstance(move, EndTurn):
            raise IllegalMove("eynsteyn-end-your-turn")
        seat = self.current
        state = self._copy()
        kind = 0
        if self._stacks_to_draw():
            kind = state._take_top(seat, self._stack_for(move.stack))
        elif move.stack != NO_STACK:
            raise IllegalMove("eynsteyn-all-stacks-empty", stack=NO_STACK)
        one_away = self.one_away(seat, state.hands[seat])
        if move.call and not one_away:
            raise IllegalMove("eynsteyn-call-impossible")
        if self.auto_call and move.call != one_away:
            raise IllegalMove("eynsteyn-call-automatic")
        state.calls = _replaced(self.calls, seat, move.call)
        state._advance()
        state._next_turn(1 - seat, Phase.PLACE)
        return Transition(state, [Event(TurnEnded(seat, move.stack, kind, move.call))])

    def _pass_after_refusal(self, move: Move) -> Transition:
        if not isinstance(move, Pass):
            raise IllegalMove("eynsteyn-win-refused-pass")
        return self._pass(PassReason.WIN_REFUSED, call=True)

    def _pass(self, reason: PassReason, call: bool) -> Transition:
        seat = self.current
        state = self._copy()
        state.calls = _replaced(self.calls, seat, call)
        state.last_placed = None
        state.placement_passes = (
            self.placement_passes + 1 if reason is PassReason.NO_PLACEMENT else 0
        )
        state._advance()
        events = [Event(Passed(seat, reason, call))]
        if state.placement_passes >= PLAYERS:
            state._end(None, EndReason.NO_PLACEMENTS, events)
        else:
            state._next_turn(1 - seat, Phase.PLACE)
        return Transition(state, events)

    # The helpers below change a state that `apply` has just copied and not yet returned.

    def _advance(self) -> None:
        self.step += 1
        self.move_count += 1

    def _next_turn(self, seat: int, phase: Phase | None = None) -> None:
        self.current = seat
        self.turn += 1
        if phase is not None:
            self.phase = phase

    def _take_top(self, seat: int, stack: int) -> int:
        kind = self.stacks[stack][0]
        self.stacks = _replaced(self.stacks, stack, self.stacks[stack][1:])
        self.hands = _replaced(self.hands, seat, tuple(sorted((*self.hands[seat], kind))))
        return kind

    def _lay(self, seat: int, square: int, code: int) -> None:
        hand = list(self.hands[seat])
        hand.remove(ORIENTATIONS[code].kind)
        self.hands = _replaced(self.hands, seat, tuple(hand))
        self.board = _replaced(self.board, square, (*self.board[square], code))

    def _can_mark(self) -> bool:
        return self.markers_left[self.current] > 0 and bool(self.markable_squares())

    def _return_hands(self) -> tuple[ReturnedStone, ...]:
        """A stuck preparation: the unplaced stones go under the stacks 1, 2, ... in turn,
        the players alternating, start player first."""
        order = (self.start_player, 1 - self.start_player)
        queues = {seat: list(self.hands[seat]) for seat in order}
        stacks = [list(stack) for stack in self.stacks]
        returned = list(self.returned)
        record: list[ReturnedStone] = []
        while any(queues.values()):
            for seat in order:
                if queues[seat]:
                    stack = len(record) % len(stacks)
                    kind = queues[seat].pop(0)
                    stacks[stack].append(kind)
                    returned[stack] += 1
                    record.append(ReturnedStone(seat, stack + 1, kind))
        self.stacks = tuple(tuple(stack) for stack in stacks)
        self.returned = tuple(returned)
        self.hands = ((),) * PLAYERS
        return tuple(record)

    def _end(self, winner: int | None, reason: EndReason, events: list[Event]) -> None:
        self.winner = winner
        self.phase = Phase.OVER
        events.append(Event(GameEnded(self.winners(), reason)))


def stack_view(stack: tuple[int, ...], returned: int) -> StackView:
    """A stack as anyone sees it: its size, its top and the returned stones below the top."""
    known = min(returned, max(len(stack) - 1, 0))
    return StackView(
        size=len(stack),
        top=stack[0] if stack else 0,
        returned=returned,
        known_bottom=stack[len(stack) - known :] if known else (),
    )


@cache
def place_moves(size: int) -> tuple[tuple[Place, ...], ...]:
    """Every placement move of a board size, by orientation code and square: built once, so
    that listing a thousand placements allocates nothing."""
    return tuple(
        tuple(
            Place(orientation.kind, orientation.rotation, *divmod(square, size))
            for square in range(size * size)
        )
        for orientation in ORIENTATIONS
    )


def _calls(one_away: bool, auto_call: bool) -> tuple[bool, ...]:
    if auto_call:
        return (one_away,)
    return (False, True) if one_away else (False,)


def _rc(state: EynsteynState, square: int) -> tuple[int, int]:
    row, column = divmod(square, state.board_size)
    return row, column


def _placed_event(seat: int, square: int, code: int, level: int, size: int) -> StonePlaced:
    orientation = ORIENTATIONS[code]
    row, column = divmod(square, size)
    return StonePlaced(seat, orientation.kind, orientation.rotation, row, column, level)


def _why_not_coverable(state: EynsteynState, square: int) -> str:
    """The key of the rule that keeps the stone on `square` from being covered."""
    if len(state.board[square]) >= RULES.tallest_stack:
        return "eynsteyn-cover-final-stack"
    if state.markers[square] is not None:
        return "eynsteyn-cover-marked"
    if state.geometry.on_rim[square]:
        return "eynsteyn-cover-edge"
    return "eynsteyn-cover-unsurrounded"


T = TypeVar("T")


def _replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return items[:index] + (value,) + items[index + 1 :]
