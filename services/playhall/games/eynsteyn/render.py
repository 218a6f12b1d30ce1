"""The text drawing of an Eynsteyn view, for terminals and logs (the portal draws its own). It
takes a view, never a state, so it can show nothing its viewer may not see. Its words come from
the title's catalogue (`locales/<major>/<lang>/render.ftl`, keys `eynsteyn-render-...`; the
stones' names from `board.ftl`), in the reader's language; the board's squares, coordinates and
glyphs are the same in every language."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from playhall.core import i18n
from playhall.core.drawing import seen_by
from playhall.core.i18n import Text
from playhall.games.eynsteyn.engine import EynsteynView, Phase, StackView
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


Say = Callable[[Text], str]
"""A text in the drawing's language."""

STEPS = {
    Phase.OPENING_DRAW: "eynsteyn-render-opening-draw",
    Phase.PREPARATION: "eynsteyn-render-preparation",
    Phase.REFILL_DRAW: "eynsteyn-render-refill-draw",
    Phase.PLACE: "eynsteyn-render-place",
    Phase.MARK: "eynsteyn-render-mark",
    Phase.END_TURN: "eynsteyn-render-end-turn",
    Phase.WIN_REFUSED: "eynsteyn-render-win-refused",
}
"""What the seat to move does, by phase."""


def _stone(kind: int, say: Say) -> str:
    return say(Text(f"eynsteyn-kind-{KIND_BY_ID[kind].name.replace('_', '-')}"))


def _listed(items: Iterable[str], say: Say) -> str:
    return say(Text("eynsteyn-render-separator")).join(items) or say(Text("eynsteyn-render-none"))


def status_line(view: EynsteynView, say: Say) -> str:
    if view.phase is Phase.OVER:
        if view.winner is None:
            return say(Text("eynsteyn-render-draw"))
        return say(Text("eynsteyn-render-won", {"seat": view.winner}))
    return say(Text(STEPS[view.phase], {"seat": view.current}))


def _board(view: EynsteynView) -> list[str]:
    """The squares, row by row under the column numbers: each the top stone's lines, its
    height, a marker's seat."""
    size = view.board_size
    lines = ["    " + "".join(f"{column:<4}" for column in range(size))]
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
    return lines


def _seat_line(view: EynsteynView, seat: int, say: Say) -> str:
    edges = "north-south" if seat == view.north_south else "west-east"
    record: dict[str, i18n.Argument] = {
        "seat": seat,
        "marker": "ab"[seat],
        "edges": say(Text(f"eynsteyn-render-{edges}")),
        "markers": view.markers_left[seat],
        "call": "yes" if view.calls[seat] else "no",
        "hand": _listed((_stone(kind, say) for kind in view.hands[seat]), say),
    }
    return "  " + say(Text("eynsteyn-render-seat", record))


def _stack(number: int, stack: StackView, say: Say) -> str:
    if not stack.size:
        return say(Text("eynsteyn-render-stack-empty", {"stack": number, "count": stack.size}))
    top: dict[str, i18n.Argument] = {
        "stack": number,
        "stone": _stone(stack.top, say),
        "count": stack.size,
    }
    return say(Text("eynsteyn-render-stack", top))


def text(view: EynsteynView, language: str = i18n.SOURCE_LANGUAGE) -> str:
    """The board (each square: the top stone's lines, its height, a marker's seat), then the
    seats and the stacks."""
    say: Say = partial(i18n.render, language=language)
    heading = say(seen_by("eynsteyn", view.viewer))
    lines = [heading, status_line(view, say), *_board(view)]
    lines += [_seat_line(view, seat, say) for seat in range(len(view.hands))]
    stacks = _listed(
        (_stack(number, stack, say) for number, stack in enumerate(view.stacks, start=1)), say
    )
    lines.append(say(Text("eynsteyn-render-stacks", {"stacks": stacks})))
    return "\n".join(lines)
