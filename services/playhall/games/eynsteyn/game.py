"""Eynsteyn: setup, determinization and the bots' evaluation."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache

from playhall.core import Event, Game, MalformedMessage, Rng
from playhall.core.api import OptionValue
from playhall.games.eynsteyn import render
from playhall.games.eynsteyn.board import EAST, NORTH, SOUTH, WEST, Board, distance, geometry
from playhall.games.eynsteyn.codec import EynsteynCodec
from playhall.games.eynsteyn.engine import (
    INFO,
    PLAYERS,
    RULES_VERSION,
    EynsteynState,
    EynsteynView,
    GameStarted,
    Phase,
)
from playhall.games.eynsteyn.stones import ALL_STONES, ORIENTATIONS, RULES

TEMPO = 0.5
"""What being the next to place is worth, in stones of connection distance."""
CALL_BONUS = 1.0
"""What a standing call is worth, in stones: the next connecting placement wins outright."""
MARKER_VALUE = 0.05
"""What a marker kept in hand is worth, in stones, so that markers are not spent for nothing."""
SCALE = 2.0
"""The lead, in stones, at which the evaluation reaches about 0.88."""


class EynsteynGame(Game[EynsteynState]):
    """Eynsteyn for two players."""

    info = INFO
    codec = EynsteynCodec()

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
            _step=0,
            _turn=0,
            _move_count=0,
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
            raise MalformedMessage("The view shows more stones than the game has")
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        stacks: list[tuple[int, ...]] = []
        for stack in view.stacks:
            if not stack.size:
                stacks.append(())
                continue
            middle = stack.size - 1 - len(stack.known_bottom)
            if not 0 <= middle <= len(pool):
                raise MalformedMessage("The view's stone counts do not add up")
            stacks.append((stack.top, *pool[:middle], *stack.known_bottom))
            del pool[:middle]
        if pool:
            raise MalformedMessage("The view's stone counts do not add up")
        return EynsteynState(
            board_size=view.board_size,
            auto_call=view.auto_call,
            board=view.board,
            markers=view.markers,
            hands=view.hands,
            stacks=tuple(stacks),
            returned=tuple(stack.returned for stack in view.stacks),
            markers_left=view.markers_left,
            calls=view.calls,
            phase=view.phase,
            current=view.current,
            start_player=view.start_player,
            north_south=view.north_south,
            last_placed=view.last_placed,
            placement_passes=view.placement_passes,
            winner=view.winner,
            rules_version=view.rules_version,
            _step=view.step,
            _turn=view.turn,
            _move_count=view.move_count,
        )

    def evaluate(self, state: EynsteynState, seat: int) -> float:
        """The lead in connection distance (the stones each player still needs, by a 0-1 BFS),
        with the tempo of the next placement, standing calls and kept markers, squashed into
        [0, 1]. Only public information counts, so it is kept per position."""
        if state.is_terminal():
            return 0.5 if state.winner is None else float(state.winner == seat)
        return _evaluate(
            state.board_size,
            state.board,
            state.coverable_squares(),
            state.calls,
            state.markers_left,
            state.north_south,
            _to_place(state),
            seat,
        )

    def render_text(self, view: EynsteynView) -> str:
        return render.text(view)

    def render_svg(self, view: EynsteynView) -> str:
        return render.svg(view)


def _to_place(state: EynsteynState) -> int:
    """The seat that lays the next stone of the playing phase."""
    if state.phase in (Phase.PLACE, Phase.PREPARATION, Phase.OPENING_DRAW, Phase.REFILL_DRAW):
        return state.current if state.phase is Phase.PLACE else state.start_player
    return 1 - state.current


@lru_cache(maxsize=8192)
def _evaluate(
    size: int,
    board: Board,
    coverable: frozenset[int],
    calls: tuple[bool, ...],
    markers_left: tuple[int, ...],
    north_south: int,
    to_place: int,
    seat: int,
) -> float:
    geo = geometry(size)
    need: list[float] = []
    for player in range(PLAYERS):
        source, target = (NORTH, SOUTH) if player == north_south else (WEST, EAST)
        stones: float = min(distance(geo, board, coverable, source, target), 2 * size)
        if player == to_place:
            stones -= TEMPO
        if calls[player]:
            stones -= CALL_BONUS
        need.append(stones - MARKER_VALUE * markers_left[player])
    lead = need[1 - seat] - need[seat]
    return 0.5 + 0.5 * math.tanh(lead / SCALE)
