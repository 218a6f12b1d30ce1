"""The text drawing of an Einstein view, for terminals and logs (the portal draws its own). It
takes a view, never a state, so it can show nothing its viewer may not see."""

from __future__ import annotations

from playhall.core import SPECTATOR
from playhall.games.einstein import geometry as g
from playhall.games.einstein.cards import (
    EINSTEINS,
    describe_inspiration,
    describe_theory,
)
from playhall.games.einstein.engine import EinsteinView
from playhall.games.einstein.placement import Tile


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
