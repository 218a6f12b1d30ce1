"""The text drawing of a Galileo view, for terminals and logs (the portal draws its own). It
takes a view, never a state, so it can show nothing its viewer may not see. Its words come from
the title's catalogue (`locales/<major>/<lang>/render.ftl`, keys `galileo-render-...`; colours
from `board.ftl`), in the reader's language; its layout is the same in every language."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from playhall.core import SPECTATOR, i18n
from playhall.core.drawing import seen_by
from playhall.core.i18n import Text
from playhall.games.galileo.cards import EXPERIMENT_BY_ID, SCIENTIST_BY_ID
from playhall.games.galileo.engine import GalileoView, Phase, SeatView

Say = Callable[[Text], str]
"""A text in the drawing's language."""


def _scientist(card_id: int, say: Say) -> str:
    card = SCIENTIST_BY_ID[card_id]
    colour = say(Text(f"galileo-colour-{card.colour}"))
    return say(
        Text("galileo-render-scientist", {"card": card.id, "colour": colour, "power": card.power})
    )


def _experiment(card_id: int, say: Say) -> str:
    card = EXPERIMENT_BY_ID[card_id]
    colour = say(Text(f"galileo-colour-{card.colour}"))
    return say(
        Text(
            "galileo-render-experiment", {"card": card.id, "colour": colour, "points": card.points}
        )
    )


def _listed(items: Iterable[str], say: Say) -> str:
    return say(Text("galileo-render-separator")).join(items) or say(Text("galileo-render-none"))


def _cards(ids: Iterable[int], describe: Callable[[int, Say], str], say: Say) -> str:
    return _listed((describe(card, say) for card in ids), say)


def _status_line(view: GalileoView, say: Say, language: str) -> str:
    if view.phase is Phase.OVER:
        return say(Text("galileo-render-over"))
    rounds = {"round": view.round, "rounds": view.rounds_total}
    if view.phase is Phase.PICK:
        waiting = [
            i18n.decimal(s, language) for s, seat in enumerate(view.seats) if not seat.has_picked
        ]
        return say(Text("galileo-render-picking", {**rounds, "seats": _listed(waiting, say)}))
    order = " > ".join(i18n.decimal(s, language) for s in view.order)
    taker = view.order[view.take_index]
    return say(Text("galileo-render-taking", {**rounds, "order": order, "seat": taker}))


def _pick(seat: SeatView, say: Say) -> str:
    if seat.revealed_pick:
        return _scientist(seat.revealed_pick, say)
    return say(Text("galileo-render-picked" if seat.has_picked else "galileo-render-none"))


def text(view: GalileoView, language: str = i18n.SOURCE_LANGUAGE) -> str:
    """A plain-text summary: status, table, every seat's public record, the viewer's hand."""
    say: Say = partial(i18n.render, language=language)
    heading = say(seen_by("galileo", view.viewer))
    table = _cards(view.table, _experiment, say)
    lines = [
        heading,
        _status_line(view, say, language),
        say(Text("galileo-render-table", {"cards": table, "deck": view.deck_size})),
    ]
    for number, seat in enumerate(view.seats):
        record: dict[str, i18n.Argument] = {
            "seat": number,
            # Right-aligned in three places, as a column of scores.
            "points": i18n.decimal(seat.score, language).rjust(3),
            "experiments": len(seat.taken),
            "doubled": sum(take.doubled for take in seat.taken),
            "hand": seat.hand_size,
            "pick": _pick(seat, say),
        }
        lines.append("  " + say(Text("galileo-render-seat", record)))
    if view.viewer is not SPECTATOR:
        hand = _cards(view.hand, _scientist, say)
        lines.append(say(Text("galileo-render-hand", {"cards": hand})))
        if view.own_pick:
            lines.append(
                say(Text("galileo-render-own-pick", {"card": _scientist(view.own_pick, say)}))
            )
    return "\n".join(lines)
