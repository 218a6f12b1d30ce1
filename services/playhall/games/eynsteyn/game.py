"""Eynsteyn: setup, determinization and the bots' evaluation."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from playhall.core import BotTuning, Budget, Event, Game, MalformedMessage, Rng, i18n
from playhall.core.api import OptionValue
from playhall.core.fields import build, columns
from playhall.games.eynsteyn import render, tactics
from playhall.games.eynsteyn.board import (
    EAST,
    JOINS,
    NORTH,
    SOUTH,
    WEST,
    Board,
    distance,
    distance_map,
    geometry,
)
from playhall.games.eynsteyn.codec import EynsteynCodec
from playhall.games.eynsteyn.engine import (
    INFO,
    PLAYERS,
    RULES_VERSION,
    EynsteynState,
    EynsteynView,
    GameStarted,
    Phase,
    Place,
    SkipMark,
)
from playhall.games.eynsteyn.stones import (
    ALL_STONES,
    ORIENTATION_CODE,
    ORIENTATIONS,
    RULES,
    Orientation,
)

TEMPO = 0.5
"""What being the next to place is worth, in stones of connection distance."""
CALL_BONUS = 1.0
"""What a standing call is worth, in stones: the next connecting placement wins outright."""
MARKER_VALUE = 0.05
"""What a marker kept in hand is worth, in stones, so that markers are not spent for nothing."""
THREAT_VALUE = 0.75
"""What each square beyond the first that would connect is worth, in stones (up to two)."""
BLOCK_BONUS = 1.5
"""How much a placement that breaks the opponent's best line is preferred, in stones."""
SCALE = 2.0
"""The lead, in stones, at which the evaluation reaches about 0.88."""


class EynsteynGame(Game[EynsteynState]):
    """Eynsteyn for two players."""

    info = INFO
    codec = EynsteynCodec()
    bots = BotTuning(
        budgets={"normal": Budget(150, 0.5), "hard": Budget(1000, 2.0)},
        # Random stones say little about a connection: no rollouts, the connection evaluation
        # judges every new node, and slow widening spends the iterations on a few placements.
        search={"rollout_moves": 0, "widen_c": 2.0, "widen_alpha": 0.5},
        greedy_samples=1,  # the evaluation reads public information only
    )

    def setup(self, players: int, options: Mapping[str, OptionValue], rng: Rng) -> EynsteynState:
        size = options["board_size"]
        auto_call = options["auto_call"]
        assert isinstance(size, int) and isinstance(auto_call, bool)
        stones = list(ALL_STONES)
        rng.shuffle(stones)
        height = len(stones) // RULES.stacks
        start = rng.below(players)
        return EynsteynState(
            board_size=size,
            auto_call=auto_call,
            board=((),) * (size * size),
            markers=(None,) * (size * size),
            hands=((),) * players,
            stacks=tuple(tuple(stones[i * height : (i + 1) * height]) for i in range(RULES.stacks)),
            returned=(0,) * RULES.stacks,
            markers_left=(RULES.markers_per_player,) * players,
            calls=(False,) * players,
            phase=Phase.OPENING_DRAW,
            current=start,
            start_player=start,
            north_south=rng.below(players),
            last_placed=None,
            placement_passes=0,
            winner=None,
            rules_version=RULES_VERSION,
        )

    def setup_events(self, state: EynsteynState) -> list[Event]:
        return [Event(GameStarted(state.start_player, state.north_south))]

    def determinize(self, view: EynsteynView, rng: Rng) -> EynsteynState:
        """The view's position with the stones below the stacks' tops (other than the known
        returned ones) dealt again at random among the stacks, every stack keeping its size."""
        unseen = Counter(ALL_STONES)
        seen = [ORIENTATIONS[code].kind for stones in view.board for code in stones]
        seen += [kind for hand in view.hands for kind in hand]
        for stack in view.stacks:
            seen += [stack.top, *stack.known_bottom] if stack.size else []
        unseen.subtract(seen)
        if any(count < 0 for count in unseen.values()):
            raise MalformedMessage("eynsteyn-view-stones-excess")
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        stacks: list[tuple[int, ...]] = []
        for stack in view.stacks:
            if not stack.size:
                stacks.append(())
                continue
            middle = stack.size - 1 - len(stack.known_bottom)
            if not 0 <= middle <= len(pool):
                raise MalformedMessage("eynsteyn-view-stones-miscounted")
            stacks.append((stack.top, *pool[:middle], *stack.known_bottom))
            del pool[:middle]
        if pool:
            raise MalformedMessage("eynsteyn-view-stones-miscounted")
        return build(
            EynsteynState,
            view,
            stacks=tuple(stacks),
            **columns(view.stacks, "returned"),
        )

    def evaluate(self, state: EynsteynState, seat: int) -> float:
        """The lead in connection distance (the stones each player still needs, a stone that
        can be covered once its neighbours are filled counting two),
        with more than one square that would connect (the opponent blocks one per turn), the
        tempo of the next placement, standing calls and kept markers, squashed into [0, 1].
        Only public information counts: distances are kept per board."""
        if state.is_terminal():
            return 0.5 if state.winner is None else float(state.winner == seat)
        coverable = state.coverable_squares()
        distances = _distances(
            state.board_size, state.board, coverable, state.coverable_later(), state.north_south
        )
        threats = tuple(
            len(state.connecting_squares(player)) if stones <= 1 else 0
            for player, stones in enumerate(distances)
        )
        return _evaluate(
            distances, threats, state.calls, state.markers_left, _to_place(state), seat
        )

    def order_moves(self, state: EynsteynState, seat: int, moves: list[Any]) -> list[Any]:
        """Placements along the seat's best lines first, and those that break the opponent's
        best line; no marker before the markers (a search should not spend its visits on a
        hundred marks); every other step keeps the engine's order."""
        if state.phase is Phase.MARK:
            return sorted(moves, key=lambda move: not isinstance(move, SkipMark))
        if state.phase is not Phase.PLACE or len(moves) < 2:
            return moves
        keys = _placement_keys(
            state.board_size,
            state.board,
            state.coverable_squares(),
            state.coverable_later(),
            state.north_south,
            seat,
        )
        size = state.board_size
        return sorted(
            moves,
            key=lambda move: (
                keys[ORIENTATION_CODE[Orientation(move.kind, move.rotation)]][
                    move.row * size + move.column
                ]
                if isinstance(move, Place)
                else 0.0
            ),
        )

    def tactical_moves(self, state: EynsteynState, seat: int, moves: list[Any]) -> list[Any]:
        """A winning placement alone, else the placements that hand the opponent no win on its
        next placement, and of those the few best after the opponent's strongest reply; the
        call whenever it may be made (`tactics`)."""
        kept = tactics.tactical_moves(state, seat, moves)
        if state.phase is not Phase.PLACE or not all(isinstance(move, Place) for move in kept):
            return kept
        return tactics.against_replies(state, seat, kept, self.order_moves, self.evaluate)

    def render_text(self, view: EynsteynView, language: str = i18n.SOURCE_LANGUAGE) -> str:
        return render.text(view, language)


def _to_place(state: EynsteynState) -> int:
    """The seat that lays the next stone of the playing phase."""
    if state.phase is Phase.PLACE:
        return state.current
    if state.phase in (Phase.OPENING_DRAW, Phase.PREPARATION, Phase.REFILL_DRAW):
        return state.start_player
    return 1 - state.current


def _edges(seat: int, north_south: int) -> tuple[int, int]:
    return (NORTH, SOUTH) if seat == north_south else (WEST, EAST)


@lru_cache(maxsize=4096)
def _distances(
    size: int, board: Board, coverable: frozenset[int], later: frozenset[int], north_south: int
) -> tuple[int, ...]:
    """Each seat's connection distance, capped at twice the board size."""
    geo = geometry(size)
    return tuple(
        min(distance(geo, board, coverable, *_edges(seat, north_south), later), 2 * size)
        for seat in range(PLAYERS)
    )


def _evaluate(
    distances: tuple[int, ...],
    threats: tuple[int, ...],
    calls: tuple[bool, ...],
    markers_left: tuple[int, ...],
    to_place: int,
    seat: int,
) -> float:
    need: list[float] = []
    for player, distance_left in enumerate(distances):
        # One stone blocks one threat: every further square that would connect counts.
        stones = distance_left - THREAT_VALUE * min(max(threats[player] - 1, 0), 2)
        if player == to_place:
            stones -= TEMPO
        if calls[player]:
            stones -= CALL_BONUS
        need.append(stones - MARKER_VALUE * markers_left[player])
    lead = need[1 - seat] - need[seat]
    return 0.5 + 0.5 * math.tanh(lead / SCALE)


@lru_cache(maxsize=256)
def _placement_keys(
    size: int,
    board: Board,
    coverable: frozenset[int],
    later: frozenset[int],
    north_south: int,
    seat: int,
) -> tuple[tuple[float, ...], ...]:
    """For each orientation code and square, how promising a stone laid there looks to `seat`
    (lower first): the length of the seat's best line through the stone, less a bonus when the
    square lies on the opponent's best line and the stone breaks it there."""
    geo = geometry(size)
    own_from, own_to = _edges(seat, north_south)
    their_from, their_to = _edges(1 - seat, north_south)
    own = (
        distance_map(geo, board, coverable, own_from, later),
        distance_map(geo, board, coverable, own_to, later),
    )
    theirs = (
        distance_map(geo, board, coverable, their_from, later),
        distance_map(geo, board, coverable, their_to, later),
    )
    their_best = min(theirs[0][node] for node, flag in enumerate(geo.rim) if flag == their_to)
    own_best = min(own[0][node] for node, flag in enumerate(geo.rim) if flag == own_to)
    unplayable = float(4 * geo.nodes)
    lineless = own_best + 2.0  # a stone without lines neither helps nor spoils the own line
    keys = [[unplayable] * (size * size) for _ in ORIENTATIONS]
    for square, stones in enumerate(board):
        if stones and square not in coverable:
            continue
        borders = geo.side_node[square]
        blocking = _through(theirs, borders, range(4)) <= their_best
        for code in range(len(ORIENTATIONS)):
            groups = JOINS[code]
            line = min((_through(own, borders, group) for group in groups), default=lineless)
            if blocking and all(_through(theirs, borders, g) > their_best for g in groups):
                line -= BLOCK_BONUS
            keys[code][square] = line
    return tuple(tuple(row) for row in keys)


def _through(
    maps: tuple[list[int], list[int]], borders: tuple[int, ...], sides: Iterable[int]
) -> float:
    """The shortest line from one edge to the other entering at one of `sides` of a square and
    leaving at another."""
    start, end = maps
    return min(
        (start[borders[a]] + end[borders[b]] for a in sides for b in sides if a != b),
        default=float("inf"),
    )
