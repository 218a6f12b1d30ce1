"""Drawings of an Einstein view, as text and as SVG. They take a view, never a state, so a
drawing can show nothing its viewer may not see."""

from __future__ import annotations

from xml.sax.saxutils import escape

from playhall.core import SPECTATOR
from playhall.games.einstein import geometry as g
from playhall.games.einstein.cards import (
    EINSTEINS,
    INSPIRATION_BY_ID,
    describe_inspiration,
    describe_theory,
)
from playhall.games.einstein.engine import EinsteinView
from playhall.games.einstein.placement import Tile, lines_of

FIELD_COLOURS = ("#3d6fd6", "#d6453d", "#3fa34d", "#e8a42a")
"""Mathematics, physics, philosophy, chemistry."""
SEAT_COLOURS = ("#ffffff", "#222222", "#b05cc8", "#20b2aa")
SCALE = 36.0
PANEL_WIDTH = 430


def _status_line(view: EinsteinView) -> str:
    if view.over:
        return "Game over"
    trigger = ", end triggered" if view.end_triggered else ""
    return (
        f"Seat {view.current} ({EINSTEINS[view.seats[view.current].einstein]}) to place "
        f"Idea {view.placed_this_turn + 1} of 2{trigger}"
    )


def _stock(stock: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"{g.SHAPES[s].name[:4]} {a}A/{b}B" for s, (a, b) in enumerate(stock))


def _tile_text(number: int, tile: Tile) -> str:
    pose = tile.pose
    return (
        f"  #{number:<3d} {g.SHAPES[pose.shape].field:<11s} {g.PATTERN_NAMES[tile.pattern]} "
        f"rot {pose.rotation} at {pose.origin} by seat {tile.owner}"
    )


def text(view: EinsteinView) -> str:
    """A plain-text summary: status, Theories, every seat's public record, the viewer's hand,
    then The Big Idea tile by tile."""
    who = "spectator" if view.viewer is SPECTATOR else f"seat {view.viewer}"
    lines = [
        f"Einstein, seen by {who}",
        _status_line(view),
        "Major Theories: "
        + (", ".join(describe_theory(t) for t in view.theories_up) or "-")
        + f"   (deck {view.theory_deck_size}, Prestige left {view.prestige_supply})",
    ]
    for number, seat in enumerate(view.seats):
        lines.append(
            f"  seat {number} {EINSTEINS[seat.einstein]:<13s} {seat.score:3d} pts, "
            f"{len(seat.completed)} Inspirations, {len(seat.theories)} Theories, "
            f"{seat.prestige} Prestige, hand {seat.hand_size}, pile {seat.pile_size}; "
            f"stock {_stock(seat.stock)}"
        )
    if view.viewer is not SPECTATOR:
        lines.append("Your hand: " + (", ".join(describe_inspiration(c) for c in view.hand) or "-"))
    lines.append(f"The Big Idea ({len(view.tiles)} tiles):")
    lines += [_tile_text(number, tile) for number, tile in enumerate(view.tiles)]
    return "\n".join(lines)


def _point(v: g.Vec, box: tuple[float, float, float, float]) -> tuple[float, float]:
    x, y = g.to_xy(v)
    return (x - box[0]) * SCALE + 20, (box[3] - y) * SCALE + 50


def _edge_marks(tile: Tile, box: tuple[float, float, float, float]) -> list[str]:
    """One or two short strokes inside each edge, across it: its line count."""
    marks = []
    for number, (start, end, _) in enumerate(g.edges(tile.pose)):
        (x0, y0), (x1, y1) = _point(start, box), _point(end, box)
        dx, dy = (x1 - x0), (y1 - y0)
        # The tile lies to the left of its edges; on screen y points down, so left is (dy, -dx).
        nx, ny = dy / SCALE, -dx / SCALE
        count = lines_of(tile, number)
        for k in range(count):
            t = 0.5 + (k - (count - 1) / 2) * 0.12
            mx, my = x0 + dx * t, y0 + dy * t
            marks.append(
                f'<line class="edge-line" x1="{mx + nx * 2:.1f}" y1="{my + ny * 2:.1f}" '
                f'x2="{mx + nx * 7:.1f}" y2="{my + ny * 7:.1f}" stroke="#111" '
                f'stroke-width="1.5"/>'
            )
    return marks


def _tile_svg(number: int, tile: Tile, box: tuple[float, float, float, float]) -> str:
    points = [_point(c, box) for c in g.corners(tile.pose)]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    field = g.SHAPES[tile.pose.shape].field
    return (
        f'<g class="tile" data-tile="{number}" data-field="{field}" data-owner="{tile.owner}">'
        f'<polygon points="{path}" fill="{FIELD_COLOURS[tile.pose.shape]}" stroke="#333" '
        f'stroke-width="1"/>{"".join(_edge_marks(tile, box))}'
        f'<circle class="owner" cx="{cx:.1f}" cy="{cy:.1f}" r="5" '
        f'fill="{SEAT_COLOURS[tile.owner]}" stroke="#000"/></g>'
    )


def _bounds(view: EinsteinView) -> tuple[float, float, float, float]:
    xy = [g.to_xy(c) for tile in view.tiles for c in g.corners(tile.pose)] or [(0.0, 0.0)]
    return (
        min(x for x, _ in xy) - 0.5,
        max(x for x, _ in xy) + 0.5,
        min(y for _, y in xy) - 0.5,
        max(y for _, y in xy) + 0.5,
    )


def _panel(view: EinsteinView, left: float) -> tuple[list[str], float]:
    rows = [f"Major Theories: {', '.join(describe_theory(t) for t in view.theories_up) or '-'}"]
    for number, seat in enumerate(view.seats):
        rows.append(
            f"seat {number} {EINSTEINS[seat.einstein]}: {seat.score} pts, "
            f"{seat.prestige} Prestige, hand {seat.hand_size}"
        )
        rows.append(f"  stock {_stock(seat.stock)}")
    parts = []
    y = 50.0
    for row in rows:
        parts.append(f'<text x="{left}" y="{y}" font-size="12">{escape(row)}</text>')
        y += 18
    for number, colour in enumerate(SEAT_COLOURS[: len(view.seats)]):
        parts.append(
            f'<circle cx="{left + 8 + 60 * number}" cy="{y}" r="5" fill="{colour}" '
            f'stroke="#000"/><text x="{left + 18 + 60 * number}" y="{y + 4}" '
            f'font-size="12">seat {number}</text>'
        )
    y += 24
    if view.viewer is not SPECTATOR:
        parts.append(f'<g class="hand"><text x="{left}" y="{y}" font-size="13">Your hand</text>')
        for card in view.hand:
            y += 18
            label = describe_inspiration(card)
            stars = INSPIRATION_BY_ID[card].stars
            parts.append(
                f'<text class="card" x="{left + 10}" y="{y}" font-size="12" '
                f'data-stars="{stars}">{escape(label)}</text>'
            )
        parts.append("</g>")
    stock = view.seats[view.viewer].stock if view.viewer is not None else None
    if stock is not None:
        y += 26
        parts.append(f'<g class="stock"><text x="{left}" y="{y}" font-size="13">Your stock</text>')
        for shape, counts in enumerate(stock):
            y += 18
            parts.append(
                f'<rect x="{left + 10}" y="{y - 10}" width="12" height="12" '
                f'fill="{FIELD_COLOURS[shape]}"/><text x="{left + 28}" y="{y}" font-size="12">'
                f"{g.SHAPES[shape].field}: {counts[0]} A, {counts[1]} B</text>"
            )
        parts.append("</g>")
    return parts, y + 20


def svg(view: EinsteinView) -> str:
    """A standalone SVG: The Big Idea (tiles coloured by field, a dot in the owner's colour,
    each edge's lines as strokes), then a panel with the Theories, the seats, the viewer's
    hand and stock."""
    box = _bounds(view)
    board_width = (box[1] - box[0]) * SCALE + 40
    board_height = (box[3] - box[2]) * SCALE + 70
    parts = [f'<text x="10" y="22" font-size="16">{escape(_status_line(view))}</text>']
    parts.append('<g class="big-idea">')
    parts += [_tile_svg(number, tile, box) for number, tile in enumerate(view.tiles)]
    parts.append("</g>")
    panel, panel_height = _panel(view, board_width + 10)
    parts += panel
    width = board_width + PANEL_WIDTH
    height = max(board_height, panel_height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'font-family="sans-serif"><rect width="100%" height="100%" fill="#f7f4ea"/>'
        f"{''.join(parts)}</svg>"
    )
