"""The text drawing of an Inventors view, for terminals and logs (the portal draws its own). It
takes a view, never a state, so it can show nothing its viewer may not see. Its words come from
the title's catalogue (`locales/<major>/<lang>/render.ftl`, keys `inventors-render-...`; the
names of inventions, inventors, teams and tiles from `board.ftl`), in the reader's language;
its layout is the same in every language."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from playhall.core import i18n
from playhall.core.drawing import seen_by
from playhall.core.i18n import Text
from playhall.games.inventors.data import (
    INVENTION_BY_ID,
    TEAMS,
    UPGRADE_VALUE,
    VICTORY_POINTS,
    Discipline,
    Inventor,
    Knowledge,
    Tile,
)
from playhall.games.inventors.engine import InventorsView, Phase, SeatView, Slot


class Words:
    """The drawing's words in one language: its texts, numbers and the disciplines' short
    names."""

    def __init__(self, language: str):
        self.language = language
        self.say: Callable[[Text], str] = partial(i18n.render, language=language)
        self.short = tuple(
            self.say(Text(f"inventors-render-{discipline.name.lower()}"))
            for discipline in Discipline
        )

    def number(self, value: int) -> str:
        return i18n.decimal(value, self.language)

    def listed(self, items: Iterable[str]) -> str:
        return self.say(Text("inventors-render-separator")).join(items) or self.say(
            Text("inventors-render-none")
        )


def _values(values: Knowledge, words: Words) -> str:
    shown = (f"{words.short[d]}{words.number(v)}" for d, v in enumerate(values) if v)
    return " ".join(shown) or words.say(Text("inventors-render-none"))


def _tile(tile: Tile, words: Words) -> str:
    if tile in VICTORY_POINTS:
        return words.say(Text("inventors-render-tile-victory", {"points": VICTORY_POINTS[tile]}))
    if tile in UPGRADE_VALUE:
        return words.say(Text("inventors-render-tile-upgrade", {"value": UPGRADE_VALUE[tile]}))
    return words.say(Text(f"inventors-tile-{tile.name.lower()}"))


def _tiles(tiles: tuple[Tile, ...], words: Words) -> str:
    return words.listed(_tile(tile, words) for tile in tiles)


def _name(card_id: int, words: Words) -> str:
    return words.say(Text(f"inventors-invention-{card_id}"))


def status_line(view: InventorsView, words: Words) -> str:
    say = words.say
    if view.phase is Phase.OVER:
        return say(Text("inventors-render-over"))
    if view.phase is Phase.FINAL:
        return say(Text("inventors-render-final", {"seat": view.final_queue[0]}))
    if view.phase is Phase.REWARD and view.reward is not None:
        invention = _name(view.reward.invention, words)
        chooser: dict[str, i18n.Argument] = {
            "age": view.age,
            "seat": view.reward.queue[0],
            "invention": invention,
        }
        return say(Text("inventors-render-reward", chooser))
    step = "inventors-render-main" if view.phase is Phase.MAIN else "inventors-render-after"
    return say(Text(step, {"age": view.age, "seat": view.current}))


def _slot_line(slot: Slot, words: Words) -> str:
    card, free = INVENTION_BY_ID[slot.invention], slot.free_fields()
    fields = " ".join(
        f"{words.short[d]}[{''.join(words.number(s) for s in slot.cubes[d])}{'.' * free[d]}]"
        for d in range(len(words.short))
        if card.fields[d]
    )
    named: dict[str, i18n.Argument] = {
        "name": _name(card.id, words),
        "card": card.id,
        "category": card.category,
    }
    invention = words.say(Text("inventors-render-invention", named))
    shown: dict[str, i18n.Argument] = {
        "invention": invention,
        "fields": fields,
        "tiles": _tiles(slot.tiles, words),
    }
    return "  " + words.say(Text("inventors-render-slot", shown))


def _inventor_line(inventor: Inventor, knowledge: Knowledge, active: bool, words: Words) -> str:
    name = words.say(Text(f"inventors-inventor-{inventor.name.lower()}"))
    record: dict[str, i18n.Argument] = {
        # Name and knowledge padded into columns.
        "inventor": f"{name:<12}",
        "knowledge": f"{_values(knowledge, words):<16}",
        "goal": _values(inventor.goal, words),
        "points": inventor.points,
        "met": "yes" if inventor.goal_met(knowledge) else "no",
        "ready": "yes" if active else "no",
    }
    return "      " + words.say(Text("inventors-render-inventor", record))


def _seat_lines(number: int, seat: SeatView, words: Words) -> list[str]:
    team = TEAMS[seat.team]
    record: dict[str, i18n.Argument] = {
        "seat": number,
        "team": words.say(Text(f"inventors-team-{team.name}")),
        "points": seat.score,
        "cubes": seat.supply,
        "tiles": _tiles(seat.held, words),
        "patents": words.listed(_name(card, words) for card in seat.patents),
    }
    lines = ["  " + words.say(Text("inventors-render-seat", record))]
    for inventor, knowledge, active in zip(
        team.inventors, seat.knowledge, seat.active, strict=True
    ):
        lines.append(_inventor_line(inventor, knowledge, active, words))
    return lines


def text(view: InventorsView, language: str = i18n.SOURCE_LANGUAGE) -> str:
    """A plain-text summary: status, the inventions on the table, every seat's team and
    holdings. Cubes show as their owner's seat number, free fields as dots."""
    words = Words(language)
    say = words.say
    heading = say(seen_by("inventors", view.viewer))
    lines = [heading, status_line(view, words), say(Text("inventors-render-inventions"))]
    lines += [_slot_line(slot, words) for slot in view.table]
    if view.reward is not None:
        left: dict[str, i18n.Argument] = {"patent": "yes" if view.reward.patent else "no"}
        tiles = _tiles(view.reward.tiles, words)
        lines.append(say(Text("inventors-render-rewards", {**left, "tiles": tiles})))
    for number, seat in enumerate(view.seats):
        lines += _seat_lines(number, seat, words)
    return "\n".join(lines)
