"""Galileo Galilei: setup, determinization and the bots' evaluation."""

from __future__ import annotations

import math
from collections.abc import Mapping

from playhall.core import BotTuning, Budget, Event, Game, MalformedMessage, Rng, i18n
from playhall.core.api import OptionValue
from playhall.core.fields import build, columns
from playhall.games.galileo import render
from playhall.games.galileo.cards import (
    EXPERIMENT_BY_ID,
    EXPERIMENT_IDS,
    SCIENTIST_BY_ID,
    SCIENTIST_IDS,
)
from playhall.games.galileo.codec import GalileoCodec
from playhall.games.galileo.engine import (
    INFO,
    RULES_VERSION,
    GalileoState,
    GalileoView,
    Phase,
    RoundStarted,
    rounds_for,
)


class GalileoGame(Game[GalileoState]):
    """Galileo Galilei for 2 to 5 players."""

    info = INFO
    codec = GalileoCodec()
    bots = BotTuning(
        budgets={"normal": Budget(600, 0.5), "hard": Budget(3000, 1.5)},
        # The search stops gaining early in its budget (bench/results/bots-notes.md), so no
        # budget alone sets `hard` above `normal`: `normal` slips instead, as chess engines
        # weaken their lower levels.
        slips={"normal": 0.15},
    )

    def setup(self, players: int, options: Mapping[str, OptionValue], rng: Rng) -> GalileoState:
        scientists = sorted(SCIENTIST_IDS)
        rng.shuffle(scientists)
        hand_size = rounds_for(players)
        experiments = sorted(EXPERIMENT_IDS)
        rng.shuffle(experiments)
        start = rng.below(players)
        others = [seat for seat in range(players) if seat != start]
        rng.shuffle(others)
        state = GalileoState(
            hands=tuple(
                tuple(sorted(scientists[seat * hand_size : (seat + 1) * hand_size]))
                for seat in range(players)
            ),
            picks=(0,) * players,
            played=((),) * players,
            taken=((),) * players,
            undealt=tuple(scientists[players * hand_size :]),
            deck=tuple(experiments),
            table=(),
            discarded=(),
            phase=Phase.PICK,
            round=0,
            order=(),
            previous_order=(start, *others),
            take_index=0,
            start_player=start,
            rules_version=RULES_VERSION,
        )
        state.start_round([])
        return state

    def setup_events(self, state: GalileoState) -> list[Event]:
        return [Event(RoundStarted(state.round, state.table))]

    def determinize(self, view: GalileoView, rng: Rng) -> GalileoState:
        own = view.viewer
        known = set(view.hand) | {view.own_pick} | {s.revealed_pick for s in view.seats}
        for public in view.seats:
            known.update(public.played)
        unseen = sorted(SCIENTIST_IDS - known)
        rng.shuffle(unseen)
        hands: list[tuple[int, ...]] = []
        picks: list[int] = []
        for seat, public in enumerate(view.seats):
            if seat == own:
                hands.append(view.hand)
                picks.append(view.own_pick)
                continue
            hands.append(tuple(sorted(_deal(unseen, public.hand_size))))
            if public.revealed_pick:
                picks.append(public.revealed_pick)
            else:
                picks.append(_deal(unseen, 1)[0] if public.has_picked else 0)
        if len(unseen) != view.undealt_count:
            raise MalformedMessage("galileo-view-cards-miscounted")
        taken = {take.experiment for seat in view.seats for take in seat.taken}
        deck = sorted(EXPERIMENT_IDS - taken - set(view.table) - set(view.discarded))
        if len(deck) != view.deck_size:
            raise MalformedMessage("galileo-view-experiments-miscounted")
        rng.shuffle(deck)
        return build(
            GalileoState,
            view,
            **columns(view.seats, "played", "taken"),
            hands=tuple(hands),
            picks=tuple(picks),
            undealt=tuple(unseen),
            deck=tuple(deck),
        )

    def evaluate(self, state: GalileoState, seat: int) -> float:
        """The seat's lead over the best other seat, counting each committed pick's best
        take from the table (at half value when others take first), squashed into [0, 1]."""
        if state.is_terminal():
            winners = state.winners()
            return 1 / len(winners) if seat in winners else 0.0
        expected = [score + _round_prospect(state, s) for s, score in enumerate(state.scores())]
        lead = expected[seat] - max(v for other, v in enumerate(expected) if other != seat)
        return 0.5 + 0.5 * math.tanh(lead / 8)

    def render_text(self, view: GalileoView, language: str = i18n.SOURCE_LANGUAGE) -> str:
        return render.text(view, language)


def _deal(pool: list[int], count: int) -> list[int]:
    if count > len(pool):
        raise MalformedMessage("galileo-view-cards-miscounted")
    dealt = pool[-count:] if count else []
    del pool[len(pool) - count :]
    return dealt


def _round_prospect(state: GalileoState, seat: int) -> float:
    """What `seat` can still expect from this round's table with the scientist it picked."""
    pick = state.picks[seat]
    if not pick or not state.table:
        return 0.0
    if state.phase is Phase.TAKE and state.order.index(seat) < state.take_index:
        return 0.0
    colour = SCIENTIST_BY_ID[pick].colour
    best = max(
        EXPERIMENT_BY_ID[card].points * (2 if EXPERIMENT_BY_ID[card].colour == colour else 1)
        for card in state.table
    )
    first = state.phase is Phase.TAKE and state.order[state.take_index] == seat
    return best if first else best / 2
