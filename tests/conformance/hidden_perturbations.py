"""For each title: a state that differs from a given one only in what `viewer` may not see.

Written independently of the engines' `view` and `determinize`, from the rules pages' lists of
hidden information, so that a leak in a view cannot hide behind the same mistake elsewhere.
"""

from dataclasses import replace

from playhall.core import SPECTATOR, Rng
from playhall.games.einstein.engine import EinsteinState
from playhall.games.eynsteyn.engine import EynsteynState
from playhall.games.galileo.engine import GalileoState, Phase
from playhall.games.inventors.engine import InventorsState


def perturb_galileo(state: GalileoState, viewer, rng: Rng) -> GalileoState:
    """Re-deals other seats' hands, their unrevealed picks and the undealt scientists among
    themselves (sizes kept), and reshuffles the experiment deck."""
    secret_seats = [s for s in range(state.num_players) if viewer is SPECTATOR or s != viewer]
    picks_hidden = state.phase is Phase.PICK
    pool = list(state.undealt)
    for seat in secret_seats:
        pool += state.hands[seat]
        if picks_hidden and state.picks[seat]:
            pool.append(state.picks[seat])
    rng.shuffle(pool)
    hands, picks = list(state.hands), list(state.picks)
    for seat in secret_seats:
        size = len(hands[seat])
        hands[seat], pool = tuple(sorted(pool[:size])), pool[size:]
        if picks_hidden and picks[seat]:
            picks[seat], pool = pool[0], pool[1:]
    deck = list(state.deck)
    rng.shuffle(deck)
    return replace(
        state, hands=tuple(hands), picks=tuple(picks), undealt=tuple(pool), deck=tuple(deck)
    )


def perturb_einstein(state: EinsteinState, viewer, rng: Rng) -> EinsteinState:
    """Re-deals each other seat's hand and pile among themselves (sizes kept), and reshuffles
    every pile (the viewer's own included) and the Major Theory deck."""
    hands, piles = list(state.hands), list(state.piles)
    for seat in range(state.num_players):
        if viewer is not SPECTATOR and seat == viewer:
            pile = list(piles[seat])
            rng.shuffle(pile)
            piles[seat] = tuple(pile)
            continue
        pool = [*hands[seat], *piles[seat]]
        rng.shuffle(pool)
        size = len(hands[seat])
        hands[seat], piles[seat] = tuple(sorted(pool[:size])), tuple(pool[size:])
    deck = list(state.theory_deck)
    rng.shuffle(deck)
    return replace(state, hands=tuple(hands), piles=tuple(piles), theory_deck=tuple(deck))


def perturb_inventors(state: InventorsState, viewer, rng: Rng) -> InventorsState:
    """Reshuffles every invention deck and the tile bag: all else is on the table for everyone,
    so the viewer does not matter."""
    decks = []
    for deck in state.decks:
        shuffled = list(deck)
        rng.shuffle(shuffled)
        decks.append(tuple(shuffled))
    bag = list(state.bag)
    rng.shuffle(bag)
    return replace(state, decks=tuple(decks), bag=tuple(bag))


def perturb_eynsteyn(state: EynsteynState, viewer, rng: Rng) -> EynsteynState:
    """Deals the stones below the draw stacks' tops again among the stacks, sizes kept; the
    stones returned under a stack by a stuck preparation were seen going there and stay. The
    board, both hands, markers and calls are public."""
    middles, kept = [], []
    for stack, returned in zip(state.stacks, state.returned, strict=True):
        bottom = min(returned, max(len(stack) - 1, 0))
        middles += stack[1 : len(stack) - bottom]
        kept.append((stack[:1], len(stack[1 : len(stack) - bottom]), stack[len(stack) - bottom :]))
    rng.shuffle(middles)
    stacks = []
    for top, count, bottom in kept:
        stacks.append(top + tuple(middles[:count]) + bottom)
        middles = middles[count:]
    return replace(state, stacks=tuple(stacks))


PERTURB = {
    "einstein": perturb_einstein,
    "eynsteyn": perturb_eynsteyn,
    "galileo": perturb_galileo,
    "inventors": perturb_inventors,
}
