"""The text drawing of an Einstein view, for terminals and logs (the portal draws its own). It
takes a view, never a state, so it can show nothing its viewer may not see. Its words come from
the title's catalogue (`locales/<major>/<lang>/render.ftl`, keys `einstein-render-...`; cards,
fields and patterns from `board.ftl`), in the reader's language; the tiles' coordinates and the
layout are the same in every language."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from playhall.core import SPECTATOR, i18n
from playhall.core.drawing import seen_by
from playhall.core.i18n import Text
from playhall.games.einstein import geometry as g
from playhall.games.einstein.cards import EINSTEINS, INSPIRATION_BY_ID, THEORY_BY_ID
from playhall.games.einstein.engine import PLACEMENTS_PER_TURN, EinsteinView, SeatView
from playhall.games.einstein.placement import Tile


class Words:
    """The drawing's words in one language: its texts and numbers."""

    def __init__(self, language: str):
        self.language = language
        self.say: Callable[[Text], str] = partial(i18n.render, language=language)

    def number(self, value: int) -> str:
        return i18n.decimal(value, self.language)

    def listed(self, items: Iterable[str]) -> str:
        return self.say(Text("einstein-render-separator")).join(items) or self.say(
            Text("einstein-render-none")
        )

    def einstein(self, index: int) -> str:
        return self.say(Text("einstein-render-einstein", {"einstein": EINSTEINS[index]}))

    def shape(self, shape: int, key: str = "einstein-render-shape") -> str:
        return self.say(Text(key, {"shape": g.SHAPES[shape].name}))


def _status_line(view: EinsteinView, words: Words) -> str:
    if view.over:
        return words.say(Text("einstein-render-over"))
    turn: dict[str, i18n.Argument] = {
        "seat": view.current,
        "einstein": words.einstein(view.seats[view.current].einstein),
        "idea": view.placed_this_turn + 1,
        "ideas": PLACEMENTS_PER_TURN,
        "ending": "yes" if view.end_triggered else "no",
    }
    return words.say(Text("einstein-render-place", turn))


def _stock(stock: tuple[tuple[int, int], ...], words: Words) -> str:
    return " ".join(
        words.say(
            Text(
                "einstein-render-stock",
                {"shape": words.shape(s, "einstein-render-shape-short"), "a": a, "b": b},
            )
        )
        for s, (a, b) in enumerate(stock)
    )


def _theory(card_id: int, words: Words) -> str:
    card = THEORY_BY_ID[card_id]
    name = words.say(Text(f"einstein-theory-{card.id}"))
    return words.say(Text("einstein-render-theory", {"name": name, "stars": card.stars}))


def _inspiration(card_id: int, words: Words) -> str:
    card = INSPIRATION_BY_ID[card_id]
    named: dict[str, i18n.Argument] = {
        "name": words.say(Text(f"einstein-inspiration-{card.id}")),
        "stars": card.stars,
        "shapes": "+".join(words.shape(pose.shape) for pose in card.poses),
    }
    return words.say(Text("einstein-render-inspiration", named))


def _seat_line(number: int, seat: SeatView, words: Words) -> str:
    record: dict[str, i18n.Argument] = {
        "seat": number,
        # The Einstein and the score padded into columns.
        "einstein": f"{words.einstein(seat.einstein):<13}",
        "points": words.number(seat.score).rjust(3),
        "inspirations": len(seat.completed),
        "theories": len(seat.theories),
        "prestige": seat.prestige,
        "hand": seat.hand_size,
        "pile": seat.pile_size,
        "stock": _stock(seat.stock, words),
    }
    return "  " + words.say(Text("einstein-render-seat", record))


def _tile_text(number: int, tile: Tile, words: Words) -> str:
    pose = tile.pose
    field = words.say(Text(f"einstein-field-{g.SHAPES[pose.shape].field}"))
    placed: dict[str, i18n.Argument] = {
        # The number and the field padded into columns; the position is geometry, as written.
        "number": f"{words.number(number):<3}",
        "field": f"{field:<11}",
        "pattern": words.say(Text(f"einstein-pattern-{g.PATTERN_NAMES[tile.pattern].lower()}")),
        "rotation": pose.rotation,
        "origin": str(pose.origin),
        "seat": tile.owner,
    }
    return "  " + words.say(Text("einstein-render-tile", placed))


def text(view: EinsteinView, language: str = i18n.SOURCE_LANGUAGE) -> str:
    """A plain-text summary: status, Theories, every seat's public record, the viewer's hand,
    then The Big Idea tile by tile."""
    words = Words(language)
    say = words.say
    heading = say(seen_by("einstein", view.viewer))
    theories: dict[str, i18n.Argument] = {
        "theories": words.listed(_theory(card, words) for card in view.theories_up),
        "deck": view.theory_deck_size,
        "prestige": view.prestige_supply,
    }
    lines = [heading, _status_line(view, words), say(Text("einstein-render-theories", theories))]
    lines += [_seat_line(number, seat, words) for number, seat in enumerate(view.seats)]
    if view.viewer is not SPECTATOR:
        hand = words.listed(_inspiration(card, words) for card in view.hand)
        lines.append(say(Text("einstein-render-hand", {"cards": hand})))
    lines.append(say(Text("einstein-render-big-idea", {"count": len(view.tiles)})))
    lines += [_tile_text(number, tile, words) for number, tile in enumerate(view.tiles)]
    return "\n".join(lines)
