"""The engine API every title implements, in the spirit of OpenSpiel's `State`.

A title is a `Game` (its description, setup, and the operations that start from a view) plus a
`State` class (one position, immutable: `apply` returns a new state) and a `Codec` (engine objects
to and from the title's protobuf messages).

The shape carries every title without special cases:
- *Who moves* is a tuple of seats. Several seats at once is a simultaneous step (Galileo's secret
  picks); one seat several times in a row is a multi-step turn (Eynsteyn's place, mark, end);
  a seat other than the turn's owner is a choice that seat makes (Inventors' rewards).
- *The step id* stays the same while the seats of one simultaneous step commit and changes with
  everything else, so the orchestrator can tell a harmless concurrent pick from a stale move.
- *The turn id* stays the same over all the steps of one seat's turn (Eynsteyn's draw, place,
  mark and end), so a turn clock gives a whole turn one deadline; by default it is the step id.
- *Moves* are the title's own immutable, hashable values. A move's canonical form depends on
  the move alone, never on the state it is played in, and `legal_moves` lists each once; a
  title with many equivalent descriptions of a move (Einstein's placements) canonicalises
  inside `apply`.
- *Events* come out of `apply` in the versions each audience may see, so no caller ever has to
  read a state to tell people what happened.
- *Views* are all that a seat or a spectator may know; bots start from a view and sample the rest
  with `Game.determinize`, and renderers draw views, never states, so neither can leak.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from types import ModuleType
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar

from google.protobuf.message import Message

from playhall.core import i18n, versions
from playhall.core.errors import IllegalMove, IncompatibleVersion, InvalidSetup, MalformedMessage
from playhall.core.rng import Rng

SPECTATOR = None
"""The viewer value that stands for a spectator (public information only)."""

Viewer = int | None
"""A seat number, or `SPECTATOR`."""

StateT = TypeVar("StateT", bound="State")
"""A title's own `State` class, which its `Game` and `Codec` take and return."""
SEED_BYTES = range(1, 65)
"""The lengths a game's seed may have."""


@dataclass(frozen=True)
class IntOption:
    """An integer option with an inclusive range."""

    name: str
    description: str
    min: int
    max: int
    default: int


@dataclass(frozen=True)
class BoolOption:
    """An on/off option."""

    name: str
    description: str
    default: bool


@dataclass(frozen=True)
class ChoiceOption:
    """Names chosen, each at most once, from a fixed list. An empty default means "the title
    decides from the player count". A value holds one name per seat when `per_seat`, exactly
    `count` names when that is set, any number otherwise."""

    name: str
    description: str
    choices: tuple[str, ...]
    default: tuple[str, ...] = ()
    per_seat: bool = False
    count: int | None = None


OptionSpec = IntOption | BoolOption | ChoiceOption
OptionValue = int | bool | tuple[str, ...]


@dataclass(frozen=True)
class GameInfo:
    """What a title is: ids, names, seats, options and the version of its rules."""

    title_id: str
    display_name: str
    min_players: int
    max_players: int
    rules_version: str
    options: tuple[OptionSpec, ...] = ()

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise InvalidSetup(
                "rules-player-count",
                title=self.display_name,
                min=self.min_players,
                max=self.max_players,
                players=players,
            )

    def resolve_options(self, given: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        """Every option's value: the given ones checked, the rest at their defaults."""
        specs = {spec.name: spec for spec in self.options}
        unknown = sorted(set(given) - set(specs))
        if unknown and not specs:
            raise InvalidSetup("rules-no-options", option=unknown[0], title=self.display_name)
        if unknown:
            raise InvalidSetup(
                "rules-unknown-option",
                option=unknown[0],
                title=self.display_name,
                options=", ".join(sorted(specs)),
            )
        return {
            name: _check_option(spec, given[name]) if name in given else spec.default
            for name, spec in specs.items()
        }

    def check_choice_counts(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Refuses a choice value with the wrong number of names for `players` seats."""
        for spec in self.options:
            value = options.get(spec.name)
            if not isinstance(spec, ChoiceOption) or not isinstance(value, tuple) or not value:
                continue
            wanted = players if spec.per_seat else spec.count
            if wanted is None:
                continue
            if len(value) != wanted:
                raise InvalidSetup(
                    "rules-option-name-count",
                    option=spec.name,
                    wanted=wanted,
                    players=players,
                    given=len(value),
                )

    def check_rules_version(self, found: str) -> None:
        """Refuses a state written by another major version of these rules."""
        if not found:
            raise MalformedMessage("rules-no-rules-version")
        if not versions.compatible(found, self.rules_version):
            raise IncompatibleVersion(
                "rules-incompatible-version", found=found, plays=self.rules_version
            )


def _check_option(spec: OptionSpec, value: OptionValue) -> OptionValue:
    if isinstance(spec, BoolOption):
        if not isinstance(value, bool):
            raise InvalidSetup("rules-option-not-bool", option=spec.name)
        return value
    if isinstance(spec, IntOption):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidSetup("rules-option-not-whole", option=spec.name)
        if not spec.min <= value <= spec.max:
            raise InvalidSetup(
                "rules-option-out-of-range",
                option=spec.name,
                min=spec.min,
                max=spec.max,
                value=value,
            )
        return value
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        raise InvalidSetup("rules-option-not-names", option=spec.name)
    for name in value:
        if name not in spec.choices:
            raise InvalidSetup(
                "rules-option-unknown-choice",
                option=spec.name,
                choice=name,
                choices=", ".join(spec.choices),
            )
    if len(set(value)) != len(value):
        raise InvalidSetup("rules-option-repeated-choice", option=spec.name)
    return value


@dataclass(frozen=True)
class Event:
    """One thing that happened, as each audience may see it.

    `public` is what spectators and every seat not in `private` see; `private` holds fuller
    versions for seats that may see more (e.g. their own secret pick). Payloads are the title's
    own event values, encoded by its codec.
    """

    public: Any
    private: Mapping[int, Any] = field(default_factory=dict)

    def seen_by(self, viewer: Viewer) -> Any:
        if viewer is SPECTATOR:
            return self.public
        return self.private.get(viewer, self.public)


@dataclass(frozen=True, slots=True, kw_only=True)
class ViewBase:
    """The fields every view shares with its state: the rules version, the viewer (a seat, or
    `SPECTATOR`), the step id and the moves applied. A title's view subclasses it with
    `@dataclass(frozen=True, slots=True, kw_only=True)` and adds the rest."""

    rules_version: str
    viewer: Viewer
    step: int
    move_count: int


@dataclass(frozen=True, slots=True)
class SeatEvent:
    """An event payload about one seat, which it names first: a title's event that carries a
    seat subclasses it (`@dataclass(frozen=True, slots=True)` with its own fields after the
    seat, or only `__slots__ = ()` when the seat is all it tells)."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The event payload of a game's end: every seat's final score and the winners (several
    for a shared win, none for a draw)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


class Transition(NamedTuple):
    """What `State.apply` returns: the new state and what happened on the way."""

    state: State
    events: list[Event]


class State(ABC):
    """One position of a game, hidden information included. Immutable: `apply` returns a new
    state and never changes the one it is called on."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """The number of seats."""

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats that may move now, in ascending order; empty when the game is over."""

    @property
    @abstractmethod
    def step(self) -> int:
        """The step id: unchanged while seats of one simultaneous step commit."""

    @property
    def turn(self) -> int:
        """The turn id: unchanged over every step of one seat's turn, which a turn clock times
        as one. The step id unless a title's turns have several steps."""
        return self.step

    @property
    @abstractmethod
    def move_count(self) -> int:
        """Moves applied since setup."""

    @property
    @abstractmethod
    def rules_version(self) -> str:
        """The version of the rules that created this state (`GameInfo.rules_version`)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the game is over."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Every seat's current score (public information)."""

    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (several for a shared win, none for a draw)."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Any]:
        """Every legal move of `seat` now, each once (in canonical form), in a canonical
        order."""

    @abstractmethod
    def apply(self, seat: int, move: Any) -> Transition:
        """The state after `seat` plays `move`. Raises a `RuleError` and changes nothing when the
        move is refused."""

    @abstractmethod
    def view(self, viewer: Viewer) -> Any:
        """What `viewer` (a seat, or `SPECTATOR`) may see: hidden information removed."""

    def undoable(self, seat: int, move: Any, after: State) -> bool:
        """Whether `seat` may take back `move`, which led from this state to `after` (BGA's
        undo policy): only a step that revealed nothing hidden (no card or tile drawn, no
        secret shown), drew nothing from a shuffled pile, and left the same seat alone to go on
        with the same turn. The orchestrator keeps the state before each undoable step of a
        turn until the turn ends. A title that says nothing never undoes."""
        return False

    def keeps_turn(self, seat: int, after: State) -> bool:
        """True when `seat` was alone to move here and still is in `after`, in the same turn,
        with the game going on: the part of `undoable` every title shares."""
        return (
            self.to_move() == (seat,)
            and after.to_move() == (seat,)
            and after.turn == self.turn
            and not after.is_terminal()
        )

    def check_seat(self, seat: int) -> None:
        """Refuses a seat number outside the game."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            # A seat that is no number (an in-process caller's True) is named as it was given.
            named = seat if type(seat) is int else str(seat)
            raise IllegalMove("rules-no-such-seat", seat=named, first=0, last=self.num_players - 1)

    def check_viewer(self, viewer: Viewer) -> None:
        if viewer is not SPECTATOR:
            self.check_seat(viewer)


@dataclass(slots=True, kw_only=True)
class SlotsState(State):
    """A `State` that is a dataclass: a title's state class is a
    `@dataclass(slots=True, kw_only=True)` subclass whose fields are written once, as its
    annotations, and construction by keyword, `_copy` and comparison field by field come with
    them. The version and the step and move counters every state keeps are fields here (the
    counters start at 0); a title whose turns take several steps adds `turn: int = 0`.
    A cache is a field the comparison and the repr leave out (`field(init=False,
    compare=False, repr=False, default=...)`); `_copy` copies it too, so a title resets the
    caches a change would make stale. Unhashable: states are values compared whole, never keys.
    (A subclass method cannot call `super()` with no arguments: the slots make a new class.)"""

    rules_version: str = field()  # no default (field() keeps the State property from being one)
    step: int = 0
    move_count: int = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(SlotsState, cls).__init_subclass__(**kwargs)
        # A field with no default of its own that a base defines (`turn`, a `State` property)
        # would take the base's attribute as its default: it gets none instead.
        for name in cls.__dict__.get("__annotations__", {}):
            if name not in cls.__dict__ and hasattr(cls, name):
                setattr(cls, name, field())

    def _copy(self) -> Self:
        """A shallow copy, for `apply` to change into the next state."""
        clone = object.__new__(type(self))
        for name in _slot_fields(type(self)):
            setattr(clone, name, getattr(self, name))
        return clone


def _slot_fields(cls: type) -> tuple[str, ...]:
    """Every field of a state class, its caches included (kept per class: `_copy` is hot)."""
    names = _SLOT_FIELDS.get(cls)
    if names is None:
        names = _SLOT_FIELDS[cls] = tuple(f.name for f in fields(cls))
    return names


_SLOT_FIELDS: dict[type, tuple[str, ...]] = {}


class Codec(ABC, Generic[StateT]):
    """Converts a title's engine values to and from its protobuf messages.

    Decoding is the trust boundary: a decoded state is checked to be one the engine could have
    produced (every card exactly once, indices in range), so no request can make the engine
    crash.

    A title's codec names its generated module once, `class GalileoCodec(Codec[GalileoState],
    messages=galileo_pb2)`, whose `State`, `Move`, `View` and `Event` are its messages.
    """

    state_message: ClassVar[type[Message]]
    move_message: ClassVar[type[Message]]
    view_message: ClassVar[type[Message]]
    event_message: ClassVar[type[Message]]

    def __init_subclass__(cls, messages: ModuleType | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if messages is not None:
            cls.state_message = messages.State
            cls.move_message = messages.Move
            cls.view_message = messages.View
            cls.event_message = messages.Event

    @abstractmethod
    def encode_state(self, state: StateT) -> Any: ...

    @abstractmethod
    def decode_state(self, message: Any) -> StateT: ...

    @abstractmethod
    def encode_move(self, move: Any) -> Any: ...

    @abstractmethod
    def decode_move(self, message: Any) -> Any: ...

    @abstractmethod
    def encode_view(self, view: Any) -> Any: ...

    @abstractmethod
    def decode_view(self, message: Any) -> Any: ...

    @abstractmethod
    def encode_event(self, event: Any) -> Any: ...

    def describe_move(self, move: Any) -> i18n.Text:
        """A move as a person reads it (a terminal's list of moves): a key of the title's
        catalogue and its arguments. By default `<title>-move-<move class>` with the move's
        fields as arguments (its `value` when it is no dataclass), the title being its
        messages' package (`playhall.<title>.v1`); a title overrides it to name its cards and
        pieces."""
        title = self.move_message.DESCRIPTOR.full_name.split(".")[-3]
        kind = re.sub(r"(?<!^)(?=[A-Z])", "-", type(move).__name__).lower()
        if is_dataclass(move):
            args = {f.name: _argument(getattr(move, f.name)) for f in fields(move)}
        else:
            args = {"value": _argument(move)}
        return i18n.Text(f"{title}-move-{kind}", args)


def _argument(value: Any) -> i18n.Argument:
    """A move's field as a message argument: a number stays one (Fluent writes it and
    selects on it), a flag is "yes" or "no", anything else its text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | str):
        return value
    return str(value)


@dataclass(frozen=True)
class Budget:
    """What one search decision may spend: iterations, and a time cap in seconds (the budget
    normally ends first, so a seeded decision reproduces; the cap protects a slow worker)."""

    iterations: int
    time_cap_s: float


@dataclass(frozen=True)
class BotTuning:
    """How the bot levels (`playhall.bots.levels`) play a title, which knows its engine's speed
    and its game's length. What it leaves out, a level plays with its own settings."""

    budgets: Mapping[str, Budget] = field(default_factory=dict)
    """Search level ("normal", "hard") -> its budget per decision in this title."""
    slips: Mapping[str, float] = field(default_factory=dict)
    """Search level -> the share of its decisions played at random, as `easy` does."""
    search: Mapping[str, float] = field(default_factory=dict)
    """The search settings every search level plays this title with (`bots.ismcts.PER_TITLE`:
    `rollout_moves`, `widen_c`, `widen_alpha`, `exploration`)."""
    greedy_samples: int | None = None
    """Samples of the hidden information a greedy (`easy`) decision judges; None for the
    level's own. One is as good as eight where `evaluate` reads public information only."""


class Game(ABC, Generic[StateT]):
    """A title: its description, its setup, and what starts from a view."""

    info: ClassVar[GameInfo]
    codec: ClassVar[Codec[Any]]
    bots: ClassVar[BotTuning] = BotTuning()
    """How the bot levels play this title (budgets, slips, search shape)."""

    def new_game(
        self, players: int, options: Mapping[str, OptionValue] | None = None, seed: bytes = b""
    ) -> StateT:
        """The first state of a game. Deterministic in (players, options, seed)."""
        self.info.check_players(players)
        resolved = self.info.resolve_options(options or {})
        self.info.check_choice_counts(players, resolved)
        if not SEED_BYTES.start <= len(seed) < SEED_BYTES.stop:
            raise InvalidSetup("rules-seed-length", min=SEED_BYTES.start, max=SEED_BYTES.stop - 1)
        return self.setup(players, resolved, Rng(seed))

    @abstractmethod
    def setup(self, players: int, options: Mapping[str, OptionValue], rng: Rng) -> StateT:
        """The first state, from checked arguments."""

    def setup_events(self, state: StateT) -> list[Event]:
        """What setup revealed (e.g. the first cards on the table), as events: the start of
        every match's event log. None by default."""
        return []

    @abstractmethod
    def determinize(self, view: Any, rng: Rng) -> StateT:
        """A full state consistent with `view`: whatever the view hides is sampled from `rng`.
        `determinize(v, rng).view(viewer) == v` for the view's viewer."""

    @abstractmethod
    def evaluate(self, state: StateT, seat: int) -> float:
        """A heuristic value of `state` for `seat` in [0, 1]: about the chance it wins."""

    def order_moves(self, state: StateT, seat: int, moves: list[Any]) -> list[Any]:
        """`moves` (legal moves of `seat`), most promising first: search widens in this order.
        A cheap guess, never a search; by default the order given."""
        return moves

    def tactical_moves(self, state: StateT, seat: int, moves: list[Any]) -> list[Any]:
        """Of `moves` (legal moves of `seat`, which only depend on what the seat sees), the ones
        a search should start from, by a look one turn ahead at public information: a move that
        wins at once alone, else those that leave the opponents no win on their next turn (all
        of them when none does). By default `moves`."""
        return moves

    @abstractmethod
    def render_text(self, view: Any, language: str = i18n.SOURCE_LANGUAGE) -> str:
        """A plain-text drawing of a view, its words in `language` (a shipped language; the
        title's catalogue falls back to English), its geometry the same in every language."""


def play_random(
    state: State, rng: Rng, max_moves: int = 100_000
) -> tuple[State, list[tuple[int, Any]]]:
    """Plays uniformly random legal moves to the end; returns the final state and the moves as
    (seat, move) pairs. The one random playout shared by demos, tests and benchmarks."""
    history: list[tuple[int, Any]] = []
    while not state.is_terminal():
        if len(history) >= max_moves:
            raise RuntimeError(f"no end after {max_moves} moves")
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        move = rng.choice(state.legal_moves(seat))
        state = state.apply(seat, move).state
        history.append((seat, move))
    return state, history


def replay(
    game: Game[Any],
    players: int,
    options: Mapping[str, OptionValue],
    seed: bytes,
    moves: Sequence[tuple[int, Any]],
) -> State:
    """The state reached from a seed by a list of (seat, move) pairs."""
    state: State = game.new_game(players, options, seed)
    for seat, move in moves:
        state = state.apply(seat, move).state
    return state
