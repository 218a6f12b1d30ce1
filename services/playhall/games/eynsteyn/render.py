"""The text drawing of an Eynsteyn view, for terminals and logs (the portal draws its own). It
takes a view, never a state, so it can show nothing its viewer may not see."""

from __future__ import annotations

from playhall.core import SPECTATOR
from playhall.games.eynsteyn.engine import EynsteynView, Phase
from playhall.games.eynsteyn.stones import (
    KIND_BY_ID,
    PATTERNS,
    Pattern,
    Side,
)

GLYPHS = {
    frozenset({Side.N, Side.S}): "│",
    frozenset({Side.E, Side.W}): "─",
    frozenset({Side.N, Side.E}): "└",
    frozenset({Side.E, Side.S}): "┌",
    frozenset({Side.S, Side.W}): "┐",
    frozenset({Side.N, Side.W}): "┘",
    frozenset({Side.N, Side.E, Side.S}): "├",
    frozenset({Side.E, Side.S, Side.W}): "┬",
    frozenset({Side.N, Side.S, Side.W}): "┤",
    frozenset({Side.N, Side.E, Side.W}): "┴",
}
"""The glyph of a pattern with one line; two-line patterns and blockers are special."""


def glyph(pattern: Pattern) -> str:
    lines = [frozenset(group) for group in pattern if len(group) > 1]
    if not lines:
        return "■"
    if len(lines) == 2:
        return (
            "┼"
            if frozenset({Side.N, Side.S}) in lines
            else ("╱" if frozenset({Side.N, Side.W}) in lines else "╲")
        )
    return GLYPHS[lines[0]]


def _edges_of(view: EynsteynView, seat: int) -> str:
    return "North-South" if seat == view.north_south else "West-East"


def _hand(kinds: tuple[int, ...]) -> str:
    return " ".join(f"{KIND_BY_ID[kind].name}" for kind in kinds) or "-"


def status_line(view: EynsteynView) -> str:
    if view.phase is Phase.OVER:
        if view.winner is None:
            return "Game over: a draw"
        return f"Game over: seat {view.winner} wins"
    step = {
        Phase.OPENING_DRAW: "draws (opening hands of 10)",
        Phase.PREPARATION: "places a stone (preparation)",
        Phase.REFILL_DRAW: "draws (hands of 8)",
        Phase.PLACE: "places a stone",
        Phase.MARK: "may mark a stone",
        Phase.END_TURN: "ends the turn (draw, call or not)",
        Phase.WIN_REFUSED: "passes: the win was refused without a call",
    }[view.phase]
    return f"Seat {view.current} {step}"


def text(view: EynsteynView) -> str:
    """The board (each square: the top stone's lines, its height, a marker's seat), then the
    seats and the stacks."""
    who = "spectator" if view.viewer is SPECTATOR else f"seat {view.viewer}"
    size = view.board_size
    lines = [f"Eynsteyn, seen by {who}", status_line(view)]
    lines.append("    " + "".join(f"{column:<4}" for column in range(size)))
    for row in range(size):
        cells = []
        for column in range(size):
            square = row * size + column
            stones = view.board[square]
            if not stones:
                cells.append(" .  ")
                continue
            marker = view.markers[square]
            mark = " " if marker is None else "ab"[marker]
            cells.append(f"{glyph(PATTERNS[stones[-1]])}{len(stones)}{mark} ")
        lines.append(f"{row:>2}  " + "".join(cells))
    for seat in range(len(view.hands)):
        call = ", calls EYNSTEYN" if view.calls[seat] else ""
        lines.append(
            f"  seat {seat} ({'ab'[seat]}, {_edges_of(view, seat)}): markers "
            f"{view.markers_left[seat]}{call}; hand: {_hand(view.hands[seat])}"
        )
    tops = ", ".join(
        f"{number}: {KIND_BY_ID[stack.top].name if stack.size else 'empty'} ({stack.size})"
        for number, stack in enumerate(view.stacks, start=1)
    )
    lines.append(f"Stacks: {tops}")
    return "\n".join(lines)
