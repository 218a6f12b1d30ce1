"""Drawings of a Galileo view, as text and as SVG. They take a view, never a state, so a drawing
can show nothing its viewer may not see."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from xml.sax.saxutils import escape

from playhall.core import SPECTATOR
from playhall.games.galileo.cards import (
    EXPERIMENT_BY_ID,
    SCIENTIST_BY_ID,
    describe_experiment,
    describe_scientist,
)
from playhall.games.galileo.engine import GalileoView, Phase

COLOURS = {"yellow": "#e8c52a", "red": "#d6453d", "blue": "#3d6fd6", "green": "#3fa34d"}


def _cards(ids: Iterable[int], describe: Callable[[int], str]) -> str:
    return ", ".join(describe(card) for card in ids) or "-"


def _status_line(view: GalileoView) -> str:
    if view.phase is Phase.OVER:
        return "Game over"
    if view.phase is Phase.PICK:
        waiting = [str(s) for s, seat in enumerate(view.seats) if not seat.has_picked]
        return (
            f"Round {view.round}/{view.rounds_total}: picking "
            f"(waiting for seats {', '.join(waiting)})"
        )
    order = " > ".join(str(s) for s in view.order)
    return (
        f"Round {view.round}/{view.rounds_total}: taking in order {order}, "
        f"seat {view.order[view.take_index]} to take"
    )


def text(view: GalileoView) -> str:
    """A plain-text summary: status, table, every seat's public record, the viewer's hand."""
    who = "spectator" if view.viewer is SPECTATOR else f"seat {view.viewer}"
    lines = [
        f"Galileo Galilei, seen by {who}",
        _status_line(view),
        f"Table: {_cards(view.table, describe_experiment)}   (deck {view.deck_size})",
    ]
    for number, seat in enumerate(view.seats):
        pick = (
            describe_scientist(seat.revealed_pick)
            if seat.revealed_pick
            else ("picked" if seat.has_picked else "-")
        )
        doubled = sum(take.doubled for take in seat.taken)
        lines.append(
            f"  seat {number}: {seat.score:3d} pts, {len(seat.taken)} experiments "
            f"({doubled} doubled), hand {seat.hand_size}, pick {pick}"
        )
    if view.viewer is not SPECTATOR:
        lines.append(f"Your hand: {_cards(view.hand, describe_scientist)}")
        if view.own_pick:
            lines.append(f"Your pick: {describe_scientist(view.own_pick)}")
    return "\n".join(lines)


def _card(x: int, y: int, colour: str, label: str) -> str:
    return (
        f'<g><rect x="{x}" y="{y}" width="44" height="60" rx="5" fill="{COLOURS[colour]}" '
        f'stroke="#222"/><text x="{x + 22}" y="{y + 36}" text-anchor="middle" '
        f'font-size="16" fill="#fff">{escape(label)}</text></g>'
    )


def svg(view: GalileoView) -> str:
    """A standalone SVG: the table on top, then one row per seat, then the viewer's hand."""
    parts = [f'<text x="10" y="22" font-size="16">{escape(_status_line(view))}</text>']
    for i, card_id in enumerate(view.table):
        card = EXPERIMENT_BY_ID[card_id]
        parts.append(_card(10 + 50 * i, 34, card.colour, f"{card.points}pt"))
    y = 110
    for number, seat in enumerate(view.seats):
        parts.append(
            f'<text x="10" y="{y + 34}" font-size="14">seat {number}: {seat.score} pts</text>'
        )
        for i, take in enumerate(seat.taken):
            card = EXPERIMENT_BY_ID[take.experiment]
            label = f"{take.points}" + ("x2" if take.doubled else "")
            parts.append(_card(120 + 50 * i, y, card.colour, label))
        y += 70
    for i, card_id in enumerate(view.hand):
        scientist = SCIENTIST_BY_ID[card_id]
        parts.append(_card(10 + 50 * i, y + 10, scientist.colour, str(scientist.power)))
    height = y + 80
    width = max(800, 130 + 50 * max((len(s.taken) for s in view.seats), default=0))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif">{"".join(parts)}</svg>'
    )
