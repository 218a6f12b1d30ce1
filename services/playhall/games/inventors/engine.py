"""Inventors (Erfinderteam): the state, its moves, its events and its views.

Rules: docs/rules/inventors.md. Each seat leads a team of four inventors. A turn is one main
action (send an active inventor to work on a revealed invention, or refresh the team) with free
actions (coffee, upgrades) before and after it. Filling an invention's last field hands its three
rewards (the patent and two tiles) to the leading contributors, each choosing in rank order: a
choice move of that seat in the middle of someone else's turn. An age ends when one unfinished
invention is left; after age III every seat may still upgrade, then the game is scored.
Undo: free actions, and a main action that finished no invention, may be taken back until the
turn ends; finishing an invention hands rewards to other seats and may deal the next age.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import NamedTuple, TypeVar

from playhall.core import (
    ChoiceOption,
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
from playhall.core.api import Viewer
from playhall.core.fields import build, row
from playhall.games.inventors.data import (
    AGES,
    CUBES_PER_SEAT,
    DISCIPLINES,
    INVENTION_BY_ID,
    MAX_REWARDS,
    TEAM_NAMES,
    TEAMS,
    TILES_PER_INVENTION,
    UPGRADE_VALUE,
    Discipline,
    Knowledge,
    Tile,
    as_knowledge,
)
from playhall.games.inventors.scoring import seat_score

RULES_VERSION = "inventors/1.0"
INFO = GameInfo(
    title_id="inventors",
    display_name="Erfinderteam (Legendary Inventors)",
    min_players=2,
    max_players=5,
    rules_version=RULES_VERSION,
    options=(
        ChoiceOption(
            name="teams",
            description="The team of each seat, in seat order (default: the first teams listed)",
            choices=TEAM_NAMES,
            per_seat=True,
        ),
    ),
)
MESSAGES = i18n.register(
    INFO.title_id,
    Path(__file__).with_name("locales") / versions.major(RULES_VERSION).rpartition("/")[2],
)
"""Erfinderteam's texts (refusals, its name) at the major version of its rules."""

EXTRA_INVENTIONS = 3
"""An age reveals this many inventions more than there are seats."""
GENIUS_CUBES = 2
DISCIPLINE_ORDER = tuple(Discipline)


def revealed_per_age(players: int) -> int:
    return players + EXTRA_INVENTIONS


class Phase(IntEnum):
    """What the game waits for (values match the proto enum)."""

    MAIN = 1
    """The turn's seat: free actions, then a main action (or a pass)."""
    AFTER = 2
    """The turn's seat after its main action: free actions, then the end of the turn."""
    REWARD = 3
    """A finished invention's contributors choose their rewards, in rank order."""
    FINAL = 4
    """After age III, each seat in turn may still upgrade, then says done."""
    OVER = 5


# -- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UseCoffee:
    """Free action: spend a coffee tile to reactivate every inventor."""


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Free action: spend a held tile to raise one discipline of one inventor by 1. `as_one`
    uses the tile's back (0 to 1); otherwise an upgrade tile showing n raises n-1 to n."""

    tile: Tile
    inventor: int
    discipline: Discipline
    as_one: bool


@dataclass(frozen=True, slots=True)
class Work:
    """Main action: an active inventor works on a revealed invention. `genius` names the
    disciplines of a genius tile's extra cubes (sorted; empty when no genius tile is spent)."""

    inventor: int
    invention: int
    genius: tuple[Discipline, ...] = ()


@dataclass(frozen=True, slots=True)
class Refresh:
    """Main action: reactivate every inventor."""


@dataclass(frozen=True, slots=True)
class Pass:
    """The turn's seat has no legal main action."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Ends the turn after the main action."""


@dataclass(frozen=True, slots=True)
class TakePatent:
    """Reward choice: the finished invention's card."""


@dataclass(frozen=True, slots=True)
class TakeTile:
    """Reward choice: one of the finished invention's tiles."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class Done:
    """Final upgrades: this seat is finished."""


Move = UseCoffee | Upgrade | Work | Refresh | Pass | EndTurn | TakePatent | TakeTile | Done

# -- the table ---------------------------------------------------------------------------------

Cubes = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""Per discipline, the seats whose cubes fill that discipline's fields, in the order placed."""
NO_CUBES: Cubes = ((), (), (), ())


class Slot(NamedTuple):
    """A revealed, unfinished invention: its card, its tiles and the cubes on it."""

    invention: int
    tiles: tuple[Tile, ...]
    cubes: Cubes

    def free_fields(self) -> Knowledge:
        """Free fields per discipline."""
        fields, cubes = INVENTION_BY_ID[self.invention].fields, self.cubes
        return (
            fields[0] - len(cubes[0]),
            fields[1] - len(cubes[1]),
            fields[2] - len(cubes[2]),
            fields[3] - len(cubes[3]),
        )

    def cubes_of(self, seat: int) -> int:
        return sum(fields.count(seat) for fields in self.cubes)


class Reward(NamedTuple):
    """A finished invention's rewards still to be chosen, and who chooses next."""

    invention: int
    patent: bool
    tiles: tuple[Tile, ...]
    queue: tuple[int, ...]

    def choices(self) -> tuple[Move, ...]:
        patent: tuple[Move, ...] = (TakePatent(),) if self.patent else ()
        return patent + tuple(TakeTile(tile) for tile in sorted(set(self.tiles)))


# -- events ------------------------------------------------------------------------------------


class RevealedInvention(NamedTuple):
    invention: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class AgeStarted:
    age: int
    revealed: tuple[RevealedInvention, ...]


class CoffeeUsed(SeatEvent):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Upgraded(SeatEvent):
    upgrade: Upgrade
    knowledge: int


@dataclass(frozen=True, slots=True)
class Worked(SeatEvent):
    work: Work
    placed: Knowledge
    """Cubes placed per discipline, genius cubes included."""


class Refreshed(SeatEvent):
    __slots__ = ()


class Passed(SeatEvent):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class InventionFinished:
    invention: int
    finisher: int
    ranking: tuple[int, ...]
    """Every contributor, best first; the first three choose rewards."""


@dataclass(frozen=True, slots=True)
class RewardTaken(SeatEvent):
    invention: int
    choice: TakePatent | TakeTile


class TurnEnded(SeatEvent):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class AgeEnded:
    age: int
    discarded: tuple[int, ...]


class FinalDone(SeatEvent):
    __slots__ = ()


# -- views -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat, all public."""

    team: int
    knowledge: tuple[Knowledge, ...]
    active: tuple[bool, ...]
    held: tuple[Tile, ...]
    patents: tuple[int, ...]
    supply: int
    score: int


@dataclass(frozen=True, slots=True, kw_only=True)
class InventorsView(ViewBase):
    """What a seat (or a spectator, `viewer` None) may see: everything but the order of the
    invention decks and of the tile bag."""

    seats: tuple[SeatView, ...]
    table: tuple[Slot, ...]
    deck_sizes: tuple[int, ...]
    bag_size: int
    discarded_inventions: tuple[int, ...]
    spent_tiles: tuple[Tile, ...]
    reward: Reward | None
    final_queue: tuple[int, ...]
    age: int
    phase: Phase
    current: int
    passes: int
    start_player: int
    turn: int


# -- the state ---------------------------------------------------------------------------------


@dataclass(slots=True, kw_only=True)
class InventorsState(SlotsState):
    """An Inventors position. Fields are tuples; `apply` builds a new state."""

    teams: tuple[int, ...]
    knowledge: tuple[tuple[Knowledge, ...], ...]
    active: tuple[tuple[bool, ...], ...]
    held: tuple[tuple[Tile, ...], ...]
    patents: tuple[tuple[int, ...], ...]
    table: tuple[Slot, ...]
    decks: tuple[tuple[int, ...], ...]
    bag: tuple[Tile, ...]
    discarded_inventions: tuple[int, ...]
    spent_tiles: tuple[Tile, ...]
    reward: Reward | None
    final_queue: tuple[int, ...]
    age: int
    phase: Phase
    current: int
    passes: int
    start_player: int
    turn: int = 0

    # -- the State API -------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.teams)

    def to_move(self) -> tuple[int, ...]:
        if self.phase is Phase.REWARD and self.reward is not None:
            return (self.reward.queue[0],)
        if self.phase is Phase.FINAL:
            return (self.final_queue[0],)
        if self.phase is Phase.OVER:
            return ()
        return (self.current,)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def scores(self) -> tuple[int, ...]:
        return tuple(
            seat_score(TEAMS[team], knowledge, held, patents)
            for team, knowledge, held, patents in zip(
                self.teams, self.knowledge, self.held, self.patents, strict=True
            )
        )

    def winners(self) -> tuple[int, ...]:
        if self.phase is not Phase.OVER:
            return ()
        keys = [
            (score, len(patents))
            for score, patents in zip(self.scores(), self.patents, strict=True)
        ]
        best = max(keys)
        return tuple(seat for seat, key in enumerate(keys) if key == best)

    def supply(self, seat: int) -> int:
        """Cubes of `seat` not on an invention."""
        return CUBES_PER_SEAT - sum(slot.cubes_of(seat) for slot in self.table)

    def supplies(self) -> tuple[int, ...]:
        """Every seat's `supply`, counted in one pass over the table."""
        placed = [0] * self.num_players
        for slot in self.table:
            for fields in slot.cubes:
                for seat in fields:
                    placed[seat] += 1
        return tuple(CUBES_PER_SEAT - count for count in placed)

    def legal_moves(self, seat: int) -> list[Move]:
        self.check_seat(seat)
        if seat not in self.to_move():
            return []
        if self.phase is Phase.REWARD and self.reward is not None:
            return list(self.reward.choices())
        if self.phase is Phase.FINAL:
            return [*self._upgrades(seat), Done()]
        free = self._free_actions(seat)
        if self.phase is Phase.AFTER:
            return [*free, EndTurn()]
        main = self._main_actions(seat)
        return [*free, *(main or [Pass()])]

    def apply(self, seat: int, move: Move) -> Transition:
        self.check_seat(seat)
        if self.phase is Phase.OVER:
            raise GameOver("inventors-game-over")
        movers = self.to_move()
        if seat not in movers:
            raise NotYourTurn("inventors-not-your-turn", seat=movers[0])
        state = self._copy()
        events: list[Event] = []
        state._play(seat, move, events)
        state.step += 1
        state.move_count += 1
        if state.to_move() != movers:
            state.turn += 1
        return Transition(state, events)

    def undoable(self, seat: int, move: Move, after: State) -> bool:
        """Free actions, and a main action that finished no invention (whose rewards other
        seats take, and whose age's end deals hidden inventions), until the turn ends; never a
        reward's choice, which belongs to the finished invention."""
        return (
            isinstance(after, InventorsState)
            and self.keeps_turn(seat, after)
            and self.phase in (Phase.MAIN, Phase.AFTER, Phase.FINAL)
            and after.phase is not Phase.REWARD
            and after.age == self.age
            and len(after.table) == len(self.table)
        )

    def view(self, viewer: Viewer) -> InventorsView:
        self.check_viewer(viewer)
        scores, supplies = self.scores(), self.supplies()
        seats = tuple(
            SeatView(
                **row(self, seat, "knowledge", "active", "held", "patents", team="teams"),
                supply=supplies[seat],
                score=scores[seat],
            )
            for seat in range(self.num_players)
        )
        return build(
            InventorsView,
            self,
            viewer=viewer,
            seats=seats,
            deck_sizes=tuple(len(deck) for deck in self.decks),
            bag_size=len(self.bag),
        )

    # -- legal moves ---------------------------------------------------------------------------

    def _free_actions(self, seat: int) -> list[Move]:
        coffee: list[Move] = []
        if Tile.COFFEE in self.held[seat] and not all(self.active[seat]):
            coffee.append(UseCoffee())
        return coffee + self._upgrades(seat)

    def _upgrades(self, seat: int) -> list[Move]:
        moves: list[Move] = []
        if not self.held[seat]:
            return moves
        kinds = sorted(set(self.held[seat]))
        for inventor, knowledge in enumerate(self.knowledge[seat]):
            for discipline in DISCIPLINE_ORDER:
                value = knowledge[discipline]
                for tile in kinds:
                    if value == 0:
                        moves.append(Upgrade(tile, inventor, discipline, True))
                    elif UPGRADE_VALUE.get(tile) == value + 1:
                        moves.append(Upgrade(tile, inventor, discipline, False))
        return moves

    def _main_actions(self, seat: int) -> list[Move]:
        moves: list[Move] = []
        supply = self.supply(seat)
        genius = Tile.GENIUS in self.held[seat]
        if supply:
            free = [(slot.invention, slot.free_fields()) for slot in self.table]
            for inventor, knowledge in enumerate(self.knowledge[seat]):
                if not self.active[seat][inventor]:
                    continue
                for invention, fields in free:
                    if _fits(fields, knowledge):
                        moves.append(Work(inventor, invention))
                    if genius:
                        placed = placement(fields, knowledge, supply)
                        moves += (
                            Work(inventor, invention, names)
                            for names in _genius_choices(fields, placed, supply)
                        )
        if not all(self.active[seat]):
            moves.append(Refresh())
        return moves

    # -- the rules -----------------------------------------------------------------------------

    # The methods below change a state that `apply` has just copied and not yet returned.

    def _play(self, seat: int, move: Move, events: list[Event]) -> None:
        if self.phase is Phase.REWARD:
            self._choose_reward(seat, move, events)
        elif self.phase is Phase.FINAL:
            self._final(seat, move, events)
        elif isinstance(move, UseCoffee | Upgrade):
            self._free_action(seat, move, events)
            if self.phase is Phase.AFTER:
                self._end_turn_if_nothing_left(events)
        elif self.phase is Phase.AFTER:
            if not isinstance(move, EndTurn):
                raise IllegalMove("inventors-main-action-taken")
            self._end_turn(events)
        else:
            self._main_action(seat, move, events)

    def _free_action(self, seat: int, move: UseCoffee | Upgrade, events: list[Event]) -> None:
        if isinstance(move, UseCoffee):
            if Tile.COFFEE not in self.held[seat]:
                raise IllegalMove("inventors-no-coffee")
            if all(self.active[seat]):
                raise IllegalMove("inventors-coffee-useless")
            self._spend(seat, Tile.COFFEE)
            self.active = _replaced(self.active, seat, (True,) * len(self.active[seat]))
            events.append(Event(CoffeeUsed(seat)))
            return
        self._upgrade(seat, move, events)

    def _upgrade(self, seat: int, move: Move, events: list[Event]) -> None:
        if not isinstance(move, Upgrade):
            raise IllegalMove("inventors-upgrade-or-done")
        if move.tile not in self.held[seat]:
            raise IllegalMove("inventors-tile-not-held")
        team = self.knowledge[seat]
        if not 0 <= move.inventor < len(team):
            raise IllegalMove("inventors-upgrade-which-inventor", count=len(team))
        if move.discipline not in DISCIPLINE_ORDER:
            raise IllegalMove("inventors-name-a-discipline")
        value = team[move.inventor][move.discipline]
        # The discipline travels as its id: each language names it in its own word.
        discipline = Discipline(move.discipline).name.lower()
        if move.as_one and value != 0:
            raise IllegalMove("inventors-back-raises-zero", discipline=discipline, value=value)
        if not move.as_one:
            target = UPGRADE_VALUE.get(move.tile)
            if target is None:
                raise IllegalMove("inventors-back-only")
            if value != target - 1:
                raise IllegalMove(
                    "inventors-upgrade-raises-one",
                    target=target,
                    below=target - 1,
                    discipline=discipline,
                    value=value,
                )
        knowledge = list(team[move.inventor])
        knowledge[move.discipline] = value + 1
        inventor = as_knowledge(knowledge)
        self.knowledge = _replaced(self.knowledge, seat, _replaced(team, move.inventor, inventor))
        self._spend(seat, move.tile)
        events.append(Event(Upgraded(seat, move, value + 1)))

    def _main_action(self, seat: int, move: Move, events: list[Event]) -> None:
        if isinstance(move, Work):
            self._work(seat, move, events)
        elif isinstance(move, Refresh):
            if all(self.active[seat]):
                raise IllegalMove("inventors-nothing-to-refresh")
            self.active = _replaced(self.active, seat, (True,) * len(self.active[seat]))
            self.passes = 0
            events.append(Event(Refreshed(seat)))
            self._after_main_action(events)
        elif isinstance(move, Pass):
            if self._main_actions(seat):
                raise IllegalMove("inventors-pass-not-allowed")
            self.passes += 1
            events.append(Event(Passed(seat)))
            if self.passes == self.num_players:
                self._end_age(events)
            else:
                self._end_turn(events)
        elif isinstance(move, EndTurn):
            raise IllegalMove("inventors-main-action-first")
        else:
            raise IllegalMove("inventors-your-turn-choices")

    def _work(self, seat: int, move: Work, events: list[Event]) -> None:
        if not 0 <= move.inventor < len(self.active[seat]):
            raise IllegalMove("inventors-which-inventor", count=len(self.active[seat]))
        if not self.active[seat][move.inventor]:
            raise IllegalMove("inventors-inventor-tired")
        index = next(
            (i for i, slot in enumerate(self.table) if slot.invention == move.invention), None
        )
        if index is None:
            if move.invention in INVENTION_BY_ID:
                raise IllegalMove("inventors-invention-not-on-table", invention=move.invention)
            raise IllegalMove("inventors-choose-an-invention")
        supply = self.supply(seat)
        if not supply:
            raise IllegalMove("inventors-no-cubes")
        slot = self.table[index]
        placed = self._cubes_placed(seat, slot, move, supply)
        slot = slot._replace(
            cubes=tuple(  # type: ignore[arg-type]  # four in, four out
                fields + (seat,) * count for fields, count in zip(slot.cubes, placed, strict=True)
            )
        )
        self.table = _replaced(self.table, index, slot)
        self.active = _replaced(
            self.active, seat, _replaced(self.active[seat], move.inventor, False)
        )
        self.passes = 0
        events.append(Event(Worked(seat, move, placed)))
        if any(slot.free_fields()):
            self._after_main_action(events)
        else:
            self._finish(index, events)

    def _cubes_placed(self, seat: int, slot: Slot, move: Work, supply: int) -> Knowledge:
        """The cubes `move` places per discipline, a genius tile's included (and spent)."""
        fields = slot.free_fields()
        placed = placement(fields, self.knowledge[seat][move.inventor], supply)
        if move.genius:
            if Tile.GENIUS not in self.held[seat]:
                raise IllegalMove("inventors-no-genius")
            if move.genius not in _genius_choices(fields, placed, supply):
                raise IllegalMove("inventors-genius-fields")
            self._spend(seat, Tile.GENIUS)
            extra = list(placed)
            for discipline in move.genius:
                extra[discipline] += 1
            placed = as_knowledge(extra)
        if not sum(placed):
            raise IllegalMove("inventors-knowledge-fits-nothing")
        return placed

    def _finish(self, index: int, events: list[Event]) -> None:
        """The invention at `index` is complete: rank its contributors, return their cubes."""
        slot = self.table[index]
        players, finisher = self.num_players, self.current
        ranking = tuple(
            sorted(
                (seat for seat in range(players) if slot.cubes_of(seat)),
                key=lambda seat: (-slot.cubes_of(seat), (seat - finisher) % players),
            )
        )
        self.table = self.table[:index] + self.table[index + 1 :]
        events.append(Event(InventionFinished(slot.invention, finisher, ranking)))
        self.reward = Reward(slot.invention, True, slot.tiles, ranking[:MAX_REWARDS])
        self.phase = Phase.REWARD
        self._hand_out_rewards(events)

    def _choose_reward(self, seat: int, move: Move, events: list[Event]) -> None:
        reward = self.reward
        if reward is None:
            raise IllegalMove("inventors-no-reward")
        if not isinstance(move, TakePatent | TakeTile) or move not in reward.choices():
            raise IllegalMove("inventors-choose-a-reward")
        self._give(seat, move, events)
        self._hand_out_rewards(events)

    def _give(self, seat: int, choice: TakePatent | TakeTile, events: list[Event]) -> None:
        reward = self.reward
        assert reward is not None
        if isinstance(choice, TakePatent):
            self.patents = _replaced(self.patents, seat, self.patents[seat] + (reward.invention,))
            reward = reward._replace(patent=False)
        else:
            self.held = _replaced(self.held, seat, tuple(sorted(self.held[seat] + (choice.tile,))))
            tiles = list(reward.tiles)
            tiles.remove(choice.tile)
            reward = reward._replace(tiles=tuple(tiles))
        self.reward = reward._replace(queue=reward.queue[1:])
        events.append(Event(RewardTaken(seat, reward.invention, choice)))

    def _hand_out_rewards(self, events: list[Event]) -> None:
        """Gives rewards without a choice (one kind left); stops at a seat that must choose."""
        while self.reward is not None and self.reward.queue:
            choices = self.reward.choices()
            if len(choices) > 1:
                return
            if not choices:
                break
            choice = choices[0]
            assert isinstance(choice, TakePatent | TakeTile)
            self._give(self.reward.queue[0], choice, events)
        reward = self.reward
        assert reward is not None
        if reward.patent:
            self.discarded_inventions += (reward.invention,)
        self.spent_tiles = tuple(sorted(self.spent_tiles + reward.tiles))
        self.reward = None
        if len(self.table) <= 1:
            self._end_age(events)
        else:
            self.phase = Phase.AFTER
            self._end_turn_if_nothing_left(events)

    def _after_main_action(self, events: list[Event]) -> None:
        self.phase = Phase.AFTER
        self._end_turn_if_nothing_left(events)

    def _end_turn_if_nothing_left(self, events: list[Event]) -> None:
        if not self._free_actions(self.current):
            self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        events.append(Event(TurnEnded(self.current)))
        self.current = (self.current + 1) % self.num_players
        self.phase = Phase.MAIN

    def _end_age(self, events: list[Event]) -> None:
        """Discards the age's unfinished inventions (their cubes return), deals the next age or
        starts the final upgrades. Inventors keep their active state."""
        left = tuple(slot.invention for slot in self.table)
        self.discarded_inventions += left
        self.spent_tiles = tuple(
            sorted(self.spent_tiles + tuple(t for slot in self.table for t in slot.tiles))
        )
        self.table = ()
        self.passes = 0
        events.append(Event(AgeEnded(self.age, left)))
        following = (self.current + 1) % self.num_players
        if self.age < AGES:
            self.current = following
            self.phase = Phase.MAIN
            self.deal_age(events)
            return
        order = tuple((following + i) % self.num_players for i in range(self.num_players))
        self.final_queue = tuple(seat for seat in order if self._upgrades(seat))
        self.current = following
        self.phase = Phase.FINAL
        self._end_if_no_final_upgrades(events)

    def deal_age(self, events: list[Event]) -> None:
        """Reveals the next age's inventions, two tiles from the bag on each."""
        self.age += 1
        deck = self.decks[self.age - 1]
        count = min(revealed_per_age(self.num_players), len(deck))
        slots = []
        bag = self.bag
        for invention in deck[:count]:
            tiles, bag = bag[:TILES_PER_INVENTION], bag[TILES_PER_INVENTION:]
            slots.append(Slot(invention, tuple(sorted(tiles)), NO_CUBES))
        self.bag = bag
        self.decks = _replaced(self.decks, self.age - 1, deck[count:])
        self.table = tuple(slots)
        events.append(
            Event(
                AgeStarted(self.age, tuple(RevealedInvention(s.invention, s.tiles) for s in slots))
            )
        )

    def _final(self, seat: int, move: Move, events: list[Event]) -> None:
        if isinstance(move, Done):
            events.append(Event(FinalDone(seat)))
            self.final_queue = self.final_queue[1:]
        else:
            self._upgrade(seat, move, events)
            if not self._upgrades(seat):
                events.append(Event(FinalDone(seat)))
                self.final_queue = self.final_queue[1:]
        self._end_if_no_final_upgrades(events)

    def _end_if_no_final_upgrades(self, events: list[Event]) -> None:
        self.final_queue = tuple(seat for seat in self.final_queue if self._upgrades(seat))
        if not self.final_queue:
            self.phase = Phase.OVER
            events.append(Event(GameEnded(self.scores(), self.winners())))

    def _spend(self, seat: int, tile: Tile) -> None:
        held = list(self.held[seat])
        held.remove(tile)
        self.held = _replaced(self.held, seat, tuple(held))
        self.spent_tiles = tuple(sorted(self.spent_tiles + (tile,)))


def placement(free: Knowledge, knowledge: Knowledge, supply: int) -> Knowledge:
    """Cubes an inventor places per discipline on fields `free`: all that fit, Physics first
    when cubes run short."""
    placed = [0] * DISCIPLINES
    for discipline in range(DISCIPLINES):
        count = min(knowledge[discipline], free[discipline], supply)
        placed[discipline] = count
        supply -= count
    return as_knowledge(placed)


def _fits(free: Knowledge, knowledge: Knowledge) -> bool:
    """Whether an inventor places a cube on fields `free` (with a cube to place)."""
    return bool(
        (knowledge[0] and free[0])
        or (knowledge[1] and free[1])
        or (knowledge[2] and free[2])
        or (knowledge[3] and free[3])
    )


def _genius_choices(
    fields: Knowledge, placed: Knowledge, supply: int
) -> tuple[tuple[Discipline, ...], ...]:
    """The ways to name a genius tile's extra cubes after `placed` on fields `fields` free:
    sorted disciplines of free fields, two of them unless fewer fields or cubes are left; none
    when nothing fits."""
    free = [fields[d] - placed[d] for d in range(DISCIPLINES)]
    extra = min(GENIUS_CUBES, sum(free), supply - sum(placed))
    if extra <= 0:
        return ()
    if extra == 1:
        return tuple((d,) for d in DISCIPLINE_ORDER if free[d])
    return tuple(
        (first, second)
        for first in DISCIPLINE_ORDER
        for second in DISCIPLINE_ORDER
        if first <= second and free[first] and free[second] and (first != second or free[first] > 1)
    )


T = TypeVar("T")


def _replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return items[:index] + (value,) + items[index + 1 :]
