"""Einstein: setup, determinization and the bots' evaluation."""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping

from playhall.core import BotTuning, Budget, Event, Game, MalformedMessage, Rng, i18n
from playhall.core.api import OptionValue
from playhall.core.fields import build, columns
from playhall.games.einstein import render
from playhall.games.einstein.boards import checked_board, is_recent
from playhall.games.einstein.cards import DECKS, EINSTEINS, THEORY_IDS
from playhall.games.einstein.codec import EinsteinCodec
from playhall.games.einstein.engine import (
    FULL_STOCK,
    HAND_SIZE,
    INFO,
    RULES_VERSION,
    THEORIES_UP,
    EinsteinState,
    EinsteinView,
    InspirationsDrawn,
    TheoriesRevealed,
)
from playhall.games.einstein.placement import BigIdea, Place

_GAINS: dict[int, tuple[weakref.ref[BigIdea], dict[tuple[object, ...], dict[Place, int]]]] = {}
"""Per search root: what each placement scores at once, by the facts it depends on."""


class EinsteinGame(Game[EinsteinState]):
    """Einstein for 2 to 4 players."""

    info = INFO
    codec = EinsteinCodec()
    bots = BotTuning(
        budgets={"normal": Budget(300, 0.75), "hard": Budget(1200, 2.0)},
        # Several hundred placements a decision and a costly move (listing the placements after
        # it is most of an iteration's time): no rollouts at all, and slow widening spends the
        # iterations on a few placements.
        search={"rollout_moves": 0, "widen_c": 2.0, "widen_alpha": 0.5},
        greedy_samples=1,  # the evaluation reads public information only
    )

    def setup(self, players: int, options: Mapping[str, OptionValue], rng: Rng) -> EinsteinState:
        chosen = options.get("einsteins")
        names = chosen if isinstance(chosen, tuple) and chosen else EINSTEINS[:players]
        einsteins = tuple(sorted(EINSTEINS.index(name) for name in names))
        hands, piles = [], []
        for einstein in einsteins:
            deck = list(DECKS[einstein])
            rng.shuffle(deck)
            hands.append(tuple(sorted(deck[:HAND_SIZE])))
            piles.append(tuple(deck[HAND_SIZE:]))
        theories = list(THEORY_IDS)
        rng.shuffle(theories)
        return EinsteinState(
            board=BigIdea(),
            einsteins=einsteins,
            stocks=(FULL_STOCK,) * players,
            hands=tuple(hands),
            piles=tuple(piles),
            completed=((),) * players,
            theories_won=((),) * players,
            prestige=(0,) * players,
            theories_up=tuple(theories[:THEORIES_UP]),
            theory_deck=tuple(theories[THEORIES_UP:]),
            current=0,
            placed_this_turn=0,
            completed_this_turn=0,
            end_triggered=False,
            idle_turns=0,
            over=False,
            rules_version=RULES_VERSION,
        )

    def setup_events(self, state: EinsteinState) -> list[Event]:
        events = [Event(TheoriesRevealed(state.theories_up))]
        for seat, hand in enumerate(state.hands):
            drawn = InspirationsDrawn(seat, len(hand), ())
            events.append(Event(drawn, {seat: InspirationsDrawn(seat, len(hand), hand)}))
        return events

    def determinize(self, view: EinsteinView, rng: Rng) -> EinsteinState:
        hands, piles = [], []
        for seat, public in enumerate(view.seats):
            if public.einstein not in range(len(DECKS)):
                raise MalformedMessage("einstein-view-unknown-einstein")
            own = view.hand if seat == view.viewer else ()
            unseen = sorted(set(DECKS[public.einstein]) - set(public.completed) - set(own))
            rng.shuffle(unseen)
            hidden = 0 if own else public.hand_size
            if len(unseen) != hidden + public.pile_size:
                raise MalformedMessage("einstein-view-inspiration-counts")
            hands.append(own or tuple(sorted(unseen[:hidden])))
            piles.append(tuple(unseen[hidden:]))
        won = {t for public in view.seats for t in public.theories}
        deck = sorted(set(THEORY_IDS) - won - set(view.theories_up))
        if len(deck) != view.theory_deck_size:
            raise MalformedMessage("einstein-view-theory-counts")
        rng.shuffle(deck)
        return build(
            EinsteinState,
            view,
            **columns(view.seats, "completed", "prestige", einsteins="einstein"),
            **columns(view.seats, stocks="stock", theories_won="theories"),
            board=checked_board(view.tiles),
            hands=tuple(hands),
            piles=tuple(piles),
            theory_deck=tuple(deck),
        )

    def evaluate(self, state: EinsteinState, seat: int) -> float:
        """The seat's lead in points over the best other seat, squashed into [0, 1]."""
        if state.is_terminal():
            return 1.0 if seat in state.winners() else 0.0
        scores = state.scores()
        lead = scores[seat] - max(v for other, v in enumerate(scores) if other != seat)
        return 0.5 + 0.5 * math.tanh(lead / 6)

    def order_moves(self, state: EinsteinState, seat: int, moves: list[Place]) -> list[Place]:
        """At a search's starting position, the placements that score at once (completing an
        Inspiration, claiming a Theory) first, best first; elsewhere the order given. Worked
        out once per starting position, which every sampled state shares."""
        if not is_recent(state.board):
            return moves
        gains = _gains(state, seat)
        return sorted(moves, key=lambda move: -gains.get(move, 0))

    def render_text(self, view: EinsteinView, language: str = i18n.SOURCE_LANGUAGE) -> str:
        return render.text(view, language)


def _gains(state: EinsteinState, seat: int) -> dict[Place, int]:
    key = (
        seat,
        state.hands[seat],
        state.stocks[seat],
        state.theories_up,
        state.completed_this_turn,
        state.prestige_supply,
    )
    entry = _GAINS.get(id(state.board))
    if entry is None or entry[0]() is not state.board:
        for stale in [k for k, (ref, _) in _GAINS.items() if ref() is None]:
            del _GAINS[stale]
        entry = _GAINS[id(state.board)] = (weakref.ref(state.board), {})
    known = entry[1]
    if key not in known:
        before = state.scores()[seat]
        known[key] = {
            move: state.apply(seat, move).state.scores()[seat] - before
            for move in state.legal_moves(seat)
        }
    return known[key]
