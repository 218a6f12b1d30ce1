"""The text drawing of a Galileo view, for terminals and logs (the portal draws its own). It
takes a view, never a state, so it can show nothing its viewer may not see."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from playhall.core import SPECTATOR
from playhall.games.galileo.cards import (
    describe_experiment,
    describe_scientist,
)
from playhall.games.galileo.engine import GalileoView, Phase


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
