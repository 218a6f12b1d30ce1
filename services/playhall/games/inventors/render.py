"""The text drawing of an Inventors view, for terminals and logs (the portal draws its own). It
takes a view, never a state, so it can show nothing its viewer may not see."""

from __future__ import annotations

from playhall.core import SPECTATOR
from playhall.games.inventors.data import (
    INVENTION_BY_ID,
    TEAMS,
    Knowledge,
    Tile,
    describe_invention,
    describe_tile,
)
from playhall.games.inventors.engine import InventorsView, Phase, Slot

SHORT = ("P", "C", "Me", "Ma")


def _values(values: Knowledge) -> str:
    return " ".join(f"{SHORT[d]}{v}" for d, v in enumerate(values) if v) or "-"


def _tiles(tiles: tuple[Tile, ...]) -> str:
    return ", ".join(describe_tile(tile) for tile in tiles) or "-"


def status_line(view: InventorsView) -> str:
    if view.phase is Phase.OVER:
        return "Game over"
    if view.phase is Phase.FINAL:
        return f"Final upgrades: seat {view.final_queue[0]} to upgrade or finish"
    if view.phase is Phase.REWARD and view.reward is not None:
        return (
            f"Age {view.age}: seat {view.reward.queue[0]} chooses a reward of "
            f"{INVENTION_BY_ID[view.reward.invention].name}"
        )
    step = "main action" if view.phase is Phase.MAIN else "free actions or end of turn"
    return f"Age {view.age}: seat {view.current} to play ({step})"


def _slot_line(slot: Slot) -> str:
    card, free = INVENTION_BY_ID[slot.invention], slot.free_fields()
    fields = " ".join(
        f"{SHORT[d]}[{''.join(str(s) for s in slot.cubes[d])}{'.' * free[d]}]"
        for d in range(len(SHORT))
        if card.fields[d]
    )
    return f"  {describe_invention(card.id)}: {fields}  tiles {_tiles(slot.tiles)}"


def text(view: InventorsView) -> str:
    """A plain-text summary: status, the inventions on the table, every seat's team and
    holdings. Cubes show as their owner's seat number, free fields as dots."""
    who = "spectator" if view.viewer is SPECTATOR else f"seat {view.viewer}"
    lines = [f"Inventors, seen by {who}", status_line(view), "Inventions:"]
    lines += [_slot_line(slot) for slot in view.table]
    if view.reward is not None:
        patent = "patent, " if view.reward.patent else ""
        lines.append(f"Rewards left: {patent}{_tiles(view.reward.tiles)}")
    for number, seat in enumerate(view.seats):
        team = TEAMS[seat.team]
        patents = ", ".join(INVENTION_BY_ID[card].name for card in seat.patents) or "-"
        lines.append(
            f"  seat {number} ({team.name}): {seat.score} pts, {seat.supply} cubes, "
            f"tiles {_tiles(seat.held)}, patents {patents}"
        )
        for inventor, knowledge, active in zip(
            team.inventors, seat.knowledge, seat.active, strict=True
        ):
            mark = "ready" if active else "tired"
            met = "met" if inventor.goal_met(knowledge) else "open"
            lines.append(
                f"      {inventor.name:<12} {_values(knowledge):<16} goal {_values(inventor.goal)}"
                f" ({inventor.points} VP, {met}) {mark}"
            )
    return "\n".join(lines)
