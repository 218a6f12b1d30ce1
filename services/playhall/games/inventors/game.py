"""Inventors: setup, determinization and the bots' evaluation."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping

from playhall.core import BotTuning, Budget, Event, Game, MalformedMessage, Rng, i18n
from playhall.core.api import OptionValue
from playhall.core.fields import build, columns
from playhall.games.inventors import render
from playhall.games.inventors.codec import InventorsCodec
from playhall.games.inventors.data import (
    AGE_DECKS,
    ALL_TILES,
    INVENTION_BY_ID,
    TEAM_NAMES,
    TEAMS,
    UPGRADE_VALUE,
    Tile,
)
from playhall.games.inventors.engine import (
    INFO,
    RULES_VERSION,
    AgeStarted,
    InventorsState,
    InventorsView,
    Move,
    Phase,
    Refresh,
    RevealedInvention,
    Upgrade,
    UseCoffee,
    Work,
    placement,
)
from playhall.games.inventors.scoring import series_bonus

GOAL_REACH = 0.6
"""How much of an unmet goal's points counts per missing knowledge step (compounded)."""
TILE_PROMISE = {Tile.UPGRADE_2: 1.0, Tile.UPGRADE_3: 1.0, Tile.UPGRADE_4: 1.0, Tile.GENIUS: 0.8}
"""What an unused tile is still expected to bring, in points (victory and star tiles already
count in the score)."""
TILE_REWARD = 1.5
"""What a reward tile is expected to bring, in points, when the patent is not the best
reward."""


class InventorsGame(Game[InventorsState]):
    """Inventors for 2 to 5 players."""

    info = INFO
    codec = InventorsCodec()
    bots = BotTuning(budgets={"normal": Budget(150, 0.5), "hard": Budget(1000, 1.0)})

    def setup(self, players: int, options: Mapping[str, OptionValue], rng: Rng) -> InventorsState:
        names = options.get("teams") or TEAM_NAMES[:players]
        assert isinstance(names, tuple)
        teams = tuple(TEAM_NAMES.index(str(name)) for name in names)
        decks = []
        for deck in AGE_DECKS:
            shuffled = list(deck)
            rng.shuffle(shuffled)
            decks.append(tuple(shuffled))
        bag = list(ALL_TILES)
        rng.shuffle(bag)
        start = rng.below(players)
        state = InventorsState(
            teams=teams,
            knowledge=tuple(
                tuple(inventor.knowledge for inventor in TEAMS[team].inventors) for team in teams
            ),
            active=tuple((True,) * len(TEAMS[team].inventors) for team in teams),
            held=((),) * players,
            patents=((),) * players,
            table=(),
            decks=tuple(decks),
            bag=tuple(bag),
            discarded_inventions=(),
            spent_tiles=(),
            reward=None,
            final_queue=(),
            age=0,
            phase=Phase.MAIN,
            current=start,
            passes=0,
            start_player=start,
            rules_version=RULES_VERSION,
        )
        state.deal_age([])
        return state

    def setup_events(self, state: InventorsState) -> list[Event]:
        revealed = tuple(RevealedInvention(slot.invention, slot.tiles) for slot in state.table)
        return [Event(AgeStarted(state.age, revealed))]

    def determinize(self, view: InventorsView, rng: Rng) -> InventorsState:
        seen = {slot.invention for slot in view.table} | set(view.discarded_inventions)
        seen.update(card for seat in view.seats for card in seat.patents)
        if view.reward is not None:
            seen.add(view.reward.invention)
        decks = []
        for deck, size in zip(AGE_DECKS, view.deck_sizes, strict=True):
            unseen = [card for card in deck if card not in seen]
            if len(unseen) != size:
                raise MalformedMessage("inventors-view-invention-counts")
            rng.shuffle(unseen)
            decks.append(tuple(unseen))
        bag = _unseen_tiles(view)
        if len(bag) != view.bag_size:
            raise MalformedMessage("inventors-view-tile-counts")
        rng.shuffle(bag)
        return build(
            InventorsState,
            view,
            **columns(view.seats, "knowledge", "active", "held", "patents", teams="team"),
            decks=tuple(decks),
            bag=tuple(bag),
        )

    def evaluate(self, state: InventorsState, seat: int) -> float:
        """The seat's lead over the best other seat in points held plus points in reach
        (goals by the steps still missing, usable tiles, shares of unfinished inventions),
        squashed into [0, 1]."""
        if state.is_terminal():
            winners = state.winners()
            return 1 / len(winners) if seat in winners else 0.0
        expected = _expected_points(state)
        lead = expected[seat] - max(v for other, v in enumerate(expected) if other != seat)
        return 0.5 + 0.5 * math.tanh(lead / 10)

    def order_moves(self, state: InventorsState, seat: int, moves: list[Move]) -> list[Move]:
        """Work first, by the cubes it places (finishing an invention first of all), then
        upgrades towards a goal, coffee, refresh, and the rest."""
        return sorted(moves, key=lambda move: -_promise(state, seat, move))

    def render_text(self, view: InventorsView, language: str = i18n.SOURCE_LANGUAGE) -> str:
        return render.text(view, language)


_last_expected: tuple[InventorsState | None, list[float]] = (None, [])
"""The last state evaluated and every seat's expected points in it: a search evaluates one
state for each seat in turn, and each seat's value needs every seat's points."""


def _expected_points(state: InventorsState) -> list[float]:
    """Every seat's points held plus points in reach."""
    global _last_expected
    last, expected = _last_expected
    if last is not state:
        scores = state.scores()
        expected = [scores[s] + _prospect(state, s) for s in range(state.num_players)]
        # One tuple, assigned at once: a thread reading it sees a matching pair.
        _last_expected = (state, expected)
    return expected


def _unseen_tiles(view: InventorsView) -> list[Tile]:
    seen = Counter(view.spent_tiles)
    for seat in view.seats:
        seen.update(seat.held)
    for slot in view.table:
        seen.update(slot.tiles)
    if view.reward is not None:
        seen.update(view.reward.tiles)
    unseen = Counter(ALL_TILES) - seen
    return sorted(unseen.elements())


def _prospect(state: InventorsState, seat: int) -> float:
    """Points `seat` may still gain: unmet goals, unused tiles, shares of open inventions."""
    team = TEAMS[state.teams[seat]]
    prospect = 0.0
    for inventor, have in zip(team.inventors, state.knowledge[seat], strict=True):
        missing = sum(max(0, want - value) for want, value in zip(inventor.goal, have, strict=True))
        if missing:
            prospect += inventor.points * GOAL_REACH**missing
    held = state.held[seat]
    prospect += sum(TILE_PROMISE.get(tile, 0.0) for tile in held if _usable(state, seat, tile))
    categories = [INVENTION_BY_ID[card].category for card in state.patents[seat]]
    stars = held.count(Tile.STAR)
    series = series_bonus(categories, stars)
    for slot in state.table:
        mine = slot.cubes_of(seat)
        if mine:
            card = INVENTION_BY_ID[slot.invention]
            patent = card.patent_points + series_bonus([*categories, card.category], stars)
            reward = max(patent - series, TILE_REWARD)
            prospect += mine / sum(card.fields) * reward
    return prospect


def _promise(state: InventorsState, seat: int, move: Move) -> float:
    """A cheap guess of how good `move` is, for the search's move order."""
    if isinstance(move, Work):
        slot = next(s for s in state.table if s.invention == move.invention)
        free = slot.free_fields()
        knowledge = state.knowledge[seat][move.inventor]
        placed = sum(placement(free, knowledge, state.supply(seat))) + len(move.genius)
        return 10.0 + placed + (10.0 if placed == sum(free) else 0.0)
    if isinstance(move, Upgrade):
        goal = TEAMS[state.teams[seat]].inventors[move.inventor].goal[move.discipline]
        value = state.knowledge[seat][move.inventor][move.discipline]
        return 5.0 if goal > value else -1.0
    if isinstance(move, UseCoffee):
        return 2.0
    if isinstance(move, Refresh):
        return 1.0
    return 0.0


def _usable(state: InventorsState, seat: int, tile: Tile) -> bool:
    """An upgrade tile is worth keeping only while some discipline sits one below its number."""
    value = UPGRADE_VALUE.get(tile)
    if value is None:
        return True
    return any(value - 1 in knowledge for knowledge in state.knowledge[seat])
