"""Drawings of an Eynsteyn view, as text and as SVG. They take a view, never a state, so a drawing
can show nothing its viewer may not see."""

from __future__ import annotations

from xml.sax.saxutils import escape

from playhall.core import SPECTATOR
from playhall.games.eynsteyn.engine import EynsteynView, Phase
from playhall.games.eynsteyn.stones import (
    KIND_BY_ID,
    ORIENTATION_CODE,
    PATTERNS,
    Orientation,
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
EDGE_COLOURS = ("#c8c8c8", "#5a5a5a")
"""North-South light grey, West-East dark grey, as on the board."""
SEAT_COLOURS = ("#d6453d", "#3d6fd6")
CELL = 40
MARGIN = 30


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


MIDPOINTS = {Side.N: (0.5, 0.0), Side.E: (1.0, 0.5), Side.S: (0.5, 1.0), Side.W: (0.0, 0.5)}


def _stone_paths(pattern: Pattern, x: float, y: float, cell: float) -> list[str]:
    """The lines of a stone whose square's corner is (x, y): joined sides through the centre
    (a curve for two adjacent sides), dead ends as short stubs with a bar."""

    def at(px: float, py: float) -> str:
        return f"{x + px * cell:.1f} {y + py * cell:.1f}"

    paths = []
    for group in pattern:
        if len(group) == 1:
            px, py = MIDPOINTS[group[0]]
            stub_x, stub_y = px + (0.5 - px) * 0.4, py + (0.5 - py) * 0.4
            paths.append(
                f'<path class="dead-end" d="M {at(px, py)} L {at(stub_x, stub_y)}" '
                f'stroke="#222" stroke-width="3"/>'
            )
            continue
        ends = [MIDPOINTS[side] for side in group]
        if len(group) == 2 and (group[1] - group[0]) % 2:
            (ax, ay), (bx, by) = ends
            d = f"M {at(ax, ay)} Q {at(0.5, 0.5)} {at(bx, by)}"
        else:
            d = " ".join(f"M {at(px, py)} L {at(0.5, 0.5)}" for px, py in ends)
        paths.append(f'<path class="line" d="{d}" fill="none" stroke="#222" stroke-width="3"/>')
    return paths


def _tile(kind: int, x: float, y: float, cell: float, css: str) -> str:
    pattern = PATTERNS[ORIENTATION_CODE[Orientation(kind, 0)]]
    return (
        f'<g class="{css}"><rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#f3ecd6" '
        f'stroke="#222"/>{"".join(_stone_paths(pattern, x, y, cell))}</g>'
    )


def _edges(view: EynsteynView, side: float) -> list[str]:
    ns, we = EDGE_COLOURS
    m, t = MARGIN, 8
    return [
        f'<rect class="edge" data-edge="north" x="{m}" y="{m - t}" width="{side}" height="{t}" '
        f'fill="{ns}"/>',
        f'<rect class="edge" data-edge="south" x="{m}" y="{m + side}" width="{side}" '
        f'height="{t}" fill="{ns}"/>',
        f'<rect class="edge" data-edge="west" x="{m - t}" y="{m}" width="{t}" height="{side}" '
        f'fill="{we}"/>',
        f'<rect class="edge" data-edge="east" x="{m + side}" y="{m}" width="{t}" '
        f'height="{side}" fill="{we}"/>',
    ]


def _square(view: EynsteynView, square: int) -> list[str]:
    row, column = divmod(square, view.board_size)
    x, y = MARGIN + column * CELL, MARGIN + row * CELL
    stones = view.board[square]
    fill = "#f3ecd6" if stones else "#ffffff"
    parts = [
        f'<rect class="square" data-row="{row}" data-column="{column}" x="{x}" y="{y}" '
        f'width="{CELL}" height="{CELL}" fill="{fill}" stroke="#999"/>'
    ]
    if not stones:
        return parts
    parts += _stone_paths(PATTERNS[stones[-1]], x, y, CELL)
    parts.append(
        f'<text class="height" x="{x + 3}" y="{y + 11}" font-size="9">{len(stones)}</text>'
    )
    marker = view.markers[square]
    if marker is not None:
        parts.append(
            f'<circle class="marker" data-seat="{marker}" cx="{x + CELL - 8}" cy="{y + 8}" '
            f'r="5" fill="{SEAT_COLOURS[marker]}"/>'
        )
    return parts


def svg(view: EynsteynView) -> str:
    """A standalone SVG: the board with its edges, then each seat's hand, then the stacks."""
    side = view.board_size * CELL
    parts = [f'<text x="{MARGIN}" y="16" font-size="14">{escape(status_line(view))}</text>']
    parts += _edges(view, side)
    for square in range(len(view.board)):
        parts += _square(view, square)
    y = MARGIN + side + 24
    tile = 28
    for seat, hand in enumerate(view.hands):
        call = ", EYNSTEYN!" if view.calls[seat] else ""
        label = f"seat {seat} ({_edges_of(view, seat)}), markers {view.markers_left[seat]}{call}"
        parts.append(
            f'<text class="hand" data-seat="{seat}" x="{MARGIN}" y="{y}" font-size="12" '
            f'fill="{SEAT_COLOURS[seat]}">{escape(label)}</text>'
        )
        for index, kind in enumerate(hand):
            parts.append(_tile(kind, MARGIN + index * (tile + 4), y + 6, tile, "hand-stone"))
        y += tile + 30
    parts.append(f'<text x="{MARGIN}" y="{y}" font-size="12">stacks</text>')
    for index, stack in enumerate(view.stacks):
        x = MARGIN + index * (tile + 24)
        if stack.size:
            parts.append(_tile(stack.top, x, y + 6, tile, "stack-top"))
        parts.append(
            f'<text class="stack-size" x="{x}" y="{y + tile + 20}" font-size="10">'
            f"{index + 1}: {stack.size}</text>"
        )
    width = max(2 * MARGIN + side, MARGIN + 11 * (tile + 4))
    height = y + tile + 30
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif">{"".join(parts)}</svg>'
    )
