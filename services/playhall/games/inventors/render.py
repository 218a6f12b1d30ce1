"""Drawings of an Inventors view, as text and as SVG. They take a view, never a state, so a
drawing can show nothing its viewer may not see."""

from __future__ import annotations

from xml.sax.saxutils import escape

from playhall.core import SPECTATOR
from playhall.games.inventors.data import (
    INVENTION_BY_ID,
    TEAMS,
    Discipline,
    Knowledge,
    Tile,
    describe_invention,
    describe_tile,
)
from playhall.games.inventors.engine import InventorsView, Phase, Slot

SHORT = ("P", "C", "Me", "Ma")
TEAM_COLOURS = {
    "red": "#d6453d",
    "yellow": "#e8c52a",
    "purple": "#8a4fc2",
    "green": "#3fa34d",
    "blue": "#3d6fd6",
}


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


def _text(x: int, y: int, label: str, size: int = 12, cls: str = "") -> str:
    attribute = f' class="{cls}"' if cls else ""
    return f'<text x="{x}" y="{y}" font-size="{size}"{attribute}>{escape(label)}</text>'


def _invention(x: int, y: int, slot: Slot, colours: list[str]) -> str:
    card = INVENTION_BY_ID[slot.invention]
    parts = [
        f'<rect x="{x}" y="{y}" width="150" height="120" rx="6" fill="#f4efe2" stroke="#333"/>',
        _text(x + 6, y + 16, f"{card.name} (cat {card.category})", 11),
    ]
    for d in Discipline:
        row_y = y + 26 + 18 * d
        parts.append(_text(x + 6, row_y + 11, SHORT[d], 11))
        for i in range(card.fields[d]):
            fill = colours[slot.cubes[d][i]] if i < len(slot.cubes[d]) else "#fff"
            parts.append(
                f'<rect class="field" x="{x + 30 + 14 * i}" y="{row_y}" width="12" height="12" '
                f'fill="{fill}" stroke="#333"/>'
            )
    parts.append(_text(x + 6, y + 112, f"tiles: {_tiles(slot.tiles)}", 10, "tiles"))
    return f'<g class="invention" data-id="{card.id}">{"".join(parts)}</g>'


def _inventor(
    x: int, y: int, name: str, knowledge: Knowledge, goal: Knowledge, active: bool, points: int
) -> str:
    state = "active" if active else "inactive"
    label = f"{name}: {_values(knowledge)} goal {_values(goal)} ({points}) {state}"
    return (
        f'<g class="inventor" data-active="{str(active).lower()}">'
        f'<rect x="{x}" y="{y}" width="300" height="16" fill="{"#fff" if active else "#ccc"}" '
        f'stroke="#666"/>{_text(x + 4, y + 12, label, 11)}</g>'
    )


def svg(view: InventorsView) -> str:
    """A standalone SVG: status, the revealed inventions, then one block per seat with its
    inventors (knowledge, goal, active or not), tiles, patents and score."""
    colours = [TEAM_COLOURS[TEAMS[seat.team].name] for seat in view.seats]
    parts = [_text(10, 22, status_line(view), 16)]
    for i, slot in enumerate(view.table):
        parts.append(_invention(10 + 160 * (i % 6), 34 + 130 * (i // 6), slot, colours))
    y = 34 + 130 * ((len(view.table) + 5) // 6) + 10
    for number, seat in enumerate(view.seats):
        team = TEAMS[seat.team]
        block = [
            f'<rect x="10" y="{y}" width="14" height="14" fill="{colours[number]}"/>',
            _text(30, y + 12, f"seat {number} ({team.name}): {seat.score} pts", 13, "score"),
            _text(330, y + 12, f"tiles: {_tiles(seat.held)}", 11, "held"),
            _text(
                330,
                y + 28,
                "patents: "
                + (", ".join(INVENTION_BY_ID[card].name for card in seat.patents) or "-"),
                11,
                "patents",
            ),
            _text(330, y + 44, f"cubes: {seat.supply}", 11),
        ]
        for i, (inventor, knowledge, active) in enumerate(
            zip(team.inventors, seat.knowledge, seat.active, strict=True)
        ):
            block.append(
                _inventor(
                    20,
                    y + 18 + 18 * i,
                    inventor.name,
                    knowledge,
                    inventor.goal,
                    active,
                    inventor.points,
                )
            )
        parts.append(f'<g class="seat" data-seat="{number}">{"".join(block)}</g>')
        y += 96
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="980" height="{y + 10}" '
        f'font-family="sans-serif">{"".join(parts)}</svg>'
    )
