"""Rule scenarios for the Galileo Galilei engine (shared/rules/galileo.md).

Each test plays one rule of the settled rules page: the decks and the deal, the order of a round
and its ties, the short last round with four players, doubling on a colour match, the final
tie-breaks, the hidden simultaneous pick, refusals, the round structure and seeded determinism.

Positions come either from `GAME.new_game` or are built by hand with `build` (a position inside a
round) and `finished` (a game that is over). `Supply` hands out distinct cards by colour and
power or points, so a hand-built position never holds a card twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

import pytest

from playhall.core import SPECTATOR, Event, GameOver, IllegalMove, NotYourTurn, RuleError, i18n
from playhall.games.galileo import GAME
from playhall.games.galileo.cards import (
    EXPERIMENT_BY_ID,
    EXPERIMENT_IDS,
    EXPERIMENTS,
    SCIENTIST_BY_ID,
    SCIENTIST_IDS,
    SCIENTISTS,
)
from playhall.games.galileo.engine import (
    ExperimentTaken,
    GalileoState,
    GameEnded,
    NoExperimentLeft,
    Phase,
    Pick,
    PickCommitted,
    PicksRevealed,
    RoundEnded,
    RoundStarted,
    Take,
    TakeExperiment,
)

SEED = b"galileo-unit-tests"

# The tables of settled point 2, copied from the rules page (not from cards.json).
RULES_SCIENTISTS = {  # colour: copies of power 1, 2, 3, 4, 5
    "yellow": (3, 2, 2, 2, 3),
    "red": (3, 2, 2, 2, 3),
    "blue": (2, 3, 3, 3, 2),
    "green": (2, 3, 3, 3, 2),
}
RULES_EXPERIMENTS = {  # colour: copies worth 1, 2, 3 points
    "yellow": (3, 2, 3),
    "red": (3, 2, 3),
    "blue": (2, 3, 2),
    "green": (2, 3, 2),
}
# Settled point 3: hand size = number of rounds = ceil(30 / players).
RULES_HAND_SIZE = {2: 15, 3: 10, 4: 8, 5: 6}
COLOURS = tuple(RULES_SCIENTISTS)


# -- building positions ------------------------------------------------------------------------


class Supply:
    """Distinct card ids by colour and power (scientists) or points (experiments)."""

    def __init__(self) -> None:
        self._scientists = {
            (card.colour, card.power): [c.id for c in SCIENTISTS if c[1:] == card[1:]]
            for card in SCIENTISTS
        }
        self._experiments = {
            (card.colour, card.points): [c.id for c in EXPERIMENTS if c[1:] == card[1:]]
            for card in EXPERIMENTS
        }

    def scientist(self, colour: str, power: int) -> int:
        return self._scientists[colour, power].pop(0)

    def experiment(self, colour: str, points: int) -> int:
        return self._experiments[colour, points].pop(0)

    def take(self, colour: str, points: int, *, doubled: bool = False, round: int = 1) -> Take:
        """A taken experiment, scored as the rules say (points, twice them when doubled)."""
        card = self.experiment(colour, points)
        return Take(card, round, doubled, points * 2 if doubled else points)


def build(
    hands: Sequence[Sequence[int]],
    *,
    table: Sequence[int],
    deck: Sequence[int] = (),
    picks: Sequence[int] | None = None,
    played: Sequence[Sequence[int]] | None = None,
    taken: Sequence[Sequence[Take]] | None = None,
    phase: Phase = Phase.PICK,
    round: int = 1,
    order: Sequence[int] = (),
    previous_order: Sequence[int] | None = None,
    take_index: int = 0,
    step: int = 0,
    move_count: int = 0,
) -> GalileoState:
    """A position inside a round. Scientists not placed are undealt; experiments not placed are
    discarded; the start player is the first of `previous_order` (seat order by default)."""
    players = len(hands)
    picks = tuple(picks) if picks is not None else (0,) * players
    played = tuple(tuple(p) for p in played) if played is not None else ((),) * players
    taken = tuple(tuple(t) for t in taken) if taken is not None else ((),) * players
    previous_order = tuple(previous_order) if previous_order is not None else tuple(range(players))
    scientists = [c for hand in hands for c in hand] + [p for p in picks if p]
    scientists += [c for cards in played for c in cards]
    experiments = [*table, *deck, *(t.experiment for seat in taken for t in seat)]
    _check_distinct(scientists, SCIENTIST_IDS)
    _check_distinct(experiments, EXPERIMENT_IDS)
    return GalileoState(
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        picks=picks,
        played=played,
        taken=taken,
        undealt=tuple(sorted(SCIENTIST_IDS - set(scientists))),
        deck=tuple(deck),
        table=tuple(sorted(table)),
        discarded=tuple(sorted(EXPERIMENT_IDS - set(experiments))),
        phase=phase,
        round=round,
        order=tuple(order),
        previous_order=previous_order,
        take_index=take_index,
        start_player=previous_order[0],
        rules_version=GAME.info.rules_version,
        step=step,
        move_count=move_count,
    )


def finished(taken: Sequence[Sequence[Take]]) -> GalileoState:
    """A game that is over, with these experiments taken by each seat."""
    players = len(taken)
    return build(
        [()] * players,
        table=(),
        taken=taken,
        phase=Phase.OVER,
        round=RULES_HAND_SIZE[players],
    )


def _check_distinct(cards: Sequence[int], known: frozenset[int]) -> None:
    repeated = [card for card, n in Counter(cards).items() if n > 1]
    assert not repeated, f"a hand-built position repeats cards {repeated}"
    assert set(cards) <= known, f"unknown cards {set(cards) - known}"


def copy_of(state: GalileoState) -> GalileoState:
    """An independent copy of a state, to check later that it did not change."""
    return replace(state)


# -- playing -----------------------------------------------------------------------------------


def pick_all(state: GalileoState, picks: Mapping[int, int]) -> tuple[GalileoState, list[Event]]:
    """Every seat in `picks` picks its scientist, in the mapping's order."""
    events: list[Event] = []
    for seat, scientist in picks.items():
        state, new = state.apply(seat, Pick(scientist))
        events += new
    return state, events


def take_first(state: GalileoState) -> tuple[GalileoState, list[Event]]:
    """The seat to move takes the lowest-numbered experiment on the table."""
    (seat,) = state.to_move()
    return state.apply(seat, TakeExperiment(min(state.table)))


def play_step(state: GalileoState) -> tuple[GalileoState, list[Event]]:
    """One move by the first seat to move, always its first legal move."""
    seat = state.to_move()[0]
    return state.apply(seat, state.legal_moves(seat)[0])


def play_out(state: GalileoState) -> tuple[GalileoState, list[Event]]:
    """Plays first legal moves to the end of the game."""
    events: list[Event] = []
    while not state.is_terminal():
        state, new = play_step(state)
        events += new
    return state, events


def public(events: Iterable[Event]) -> list:
    return [event.public for event in events]


def of_type(events: Iterable[Event], kind: type) -> list:
    return [event.public for event in events if isinstance(event.public, kind)]


def assert_refused(
    state: GalileoState, seat, move, error: type[RuleError], reason: str
) -> RuleError:
    """The move is refused with exactly this error class, a reason containing `reason`, and the
    state does not change."""
    before = copy_of(state)
    with pytest.raises(RuleError) as caught:
        state.apply(seat, move)
    assert type(caught.value) is error
    assert reason in caught.value.reason
    assert str(caught.value) == caught.value.reason
    assert state == before
    return caught.value


# -- 1. the decks and the deal ------------------------------------------------------------------


def test_scientist_deck_matches_the_rules_table():
    counts = Counter((card.colour, card.power) for card in SCIENTISTS)
    expected = {
        (colour, power): copies
        for colour, row in RULES_SCIENTISTS.items()
        for power, copies in enumerate(row, start=1)
    }
    assert dict(counts) == expected
    assert len(SCIENTISTS) == 50
    assert Counter(card.power for card in SCIENTISTS) == {p: 10 for p in range(1, 6)}
    assert Counter(card.colour for card in SCIENTISTS) == {
        "yellow": 12,
        "red": 12,
        "blue": 13,
        "green": 13,
    }
    assert set(range(1, 51)) == SCIENTIST_IDS
    assert all(SCIENTIST_BY_ID[card.id] == card for card in SCIENTISTS)


def test_experiment_deck_matches_the_rules_table():
    counts = Counter((card.colour, card.points) for card in EXPERIMENTS)
    expected = {
        (colour, points): copies
        for colour, row in RULES_EXPERIMENTS.items()
        for points, copies in enumerate(row, start=1)
    }
    assert dict(counts) == expected
    assert len(EXPERIMENTS) == 30
    assert Counter(card.points for card in EXPERIMENTS) == {1: 10, 2: 10, 3: 10}
    assert Counter(card.colour for card in EXPERIMENTS) == {
        "yellow": 8,
        "red": 8,
        "blue": 7,
        "green": 7,
    }
    assert set(range(1, 31)) == EXPERIMENT_IDS
    assert all(EXPERIMENT_BY_ID[card.id] == card for card in EXPERIMENTS)


@pytest.mark.parametrize("players", sorted(RULES_HAND_SIZE))
def test_deal_gives_each_seat_a_hand_of_ceil_30_over_players(players):
    hand_size = RULES_HAND_SIZE[players]
    state = GAME.new_game(players, {}, SEED)

    assert [len(hand) for hand in state.hands] == [hand_size] * players
    dealt = [card for hand in state.hands for card in hand]
    assert len(set(dealt)) == len(dealt)
    assert len(state.undealt) == 50 - players * hand_size
    assert Counter(dealt + list(state.undealt)) == Counter(SCIENTIST_IDS)
    assert set(state.undealt).isdisjoint(dealt)
    # Round 1 reveals one experiment per seat; the rest stay in the deck.
    assert state.round == 1 and state.phase is Phase.PICK
    assert len(state.table) == players
    assert len(state.deck) == 30 - players
    assert Counter(state.table + state.deck) == Counter(EXPERIMENT_IDS)
    view = state.view(SPECTATOR)
    assert view.rounds_total == hand_size
    assert view.undealt_count == 50 - players * hand_size
    assert [seat.hand_size for seat in view.seats] == [hand_size] * players


@pytest.mark.parametrize("players", sorted(RULES_HAND_SIZE))
def test_game_lasts_one_round_per_card_in_hand(players):
    state, events = play_out(GAME.new_game(players, {}, SEED))

    rounds = of_type(events, RoundStarted)
    assert [r.round for r in rounds] == list(range(2, RULES_HAND_SIZE[players] + 1))
    assert state.round == RULES_HAND_SIZE[players]
    assert state.hands == ((),) * players
    assert [len(p) for p in state.played] == [RULES_HAND_SIZE[players]] * players
    assert state.deck == () and state.table == ()
    assert sum(len(t) for t in state.taken) == 30
    assert len(of_type(events, GameEnded)) == 1


# -- 2. the order of a round and its ties --------------------------------------------------------


def test_start_order_is_drawn_with_the_start_player_first():
    orders = set()
    for n in range(12):
        state = GAME.new_game(4, {}, b"start-%d" % n)
        assert state.previous_order[0] == state.start_player
        assert sorted(state.previous_order) == [0, 1, 2, 3]
        orders.add(state.previous_order)
    # Drawn at random: both the start player and the others' order vary between seeds.
    assert len({order[0] for order in orders}) > 1
    assert any(list(order[1:]) != sorted(order[1:]) for order in orders)


def test_round_one_ties_follow_the_drawn_start_order():
    drawn = next(
        s
        for s in (GAME.new_game(4, {}, b"tie-%d" % n) for n in range(50))
        if s.start_player != 0 and list(s.previous_order[1:]) != sorted(s.previous_order[1:])
    )
    supply = Supply()
    # Every seat holds one power-3 scientist, so round 1 is one four-way tie.
    hands = [[supply.scientist(colour, 3)] for colour in COLOURS]
    state = build(
        hands,
        table=drawn.table,
        deck=drawn.deck,
        previous_order=drawn.previous_order,
    )
    state, events = pick_all(state, {seat: hands[seat][0] for seat in (3, 1, 0, 2)})

    assert state.order == drawn.previous_order
    assert of_type(events, PicksRevealed)[0].order == drawn.previous_order
    assert state.to_move() == (drawn.start_player,)


def test_higher_power_goes_first_and_round_one_ties_keep_the_start_order():
    supply = Supply()
    picks = {
        0: supply.scientist("red", 2),
        1: supply.scientist("blue", 4),
        2: supply.scientist("green", 2),
        3: supply.scientist("yellow", 5),
    }
    state = build(
        [[card] for card in picks.values()],
        table=[supply.experiment(c, 1) for c in COLOURS],
        previous_order=(2, 3, 0, 1),
    )
    state, _ = pick_all(state, picks)
    # Power 5, then 4, then the two power-2 seats in the start order (2 before 0).
    assert state.order == (3, 1, 2, 0)


@pytest.mark.parametrize(
    ("round_two_powers", "expected_order"),
    [
        # All tie: the previous round's actual order (2, 0, 1), not seat order, not start order.
        ({0: 4, 1: 4, 2: 4}, (2, 0, 1)),
        # Seat 1 leads; seats 0 and 2 tie and seat 2 came before seat 0 in round 1.
        ({0: 2, 1: 5, 2: 2}, (1, 2, 0)),
    ],
)
def test_later_round_ties_follow_the_previous_rounds_order(round_two_powers, expected_order):
    supply = Supply()
    round_one = {0: supply.scientist("red", 3), 1: supply.scientist("red", 1)}
    round_one[2] = supply.scientist("red", 5)
    round_two = {seat: supply.scientist(COLOURS[seat], p) for seat, p in round_two_powers.items()}
    state = build(
        [[round_one[seat], round_two[seat]] for seat in range(3)],
        table=[
            supply.experiment("blue", 1),
            supply.experiment("blue", 2),
            supply.experiment("blue", 3),
        ],
        deck=[supply.experiment("green", p) for p in (1, 2, 3)],
        previous_order=(0, 1, 2),
    )
    state, _ = pick_all(state, round_one)
    assert state.order == (2, 0, 1)
    for _ in range(3):
        state, _ = take_first(state)
    assert state.round == 2 and state.phase is Phase.PICK
    assert state.previous_order == (2, 0, 1)

    state, events = pick_all(state, {seat: round_two[seat] for seat in (1, 0, 2)})
    assert state.order == expected_order
    assert of_type(events, PicksRevealed) == [
        PicksRevealed(tuple(round_two[s] for s in range(3)), expected_order)
    ]


# -- 3. the short last round with four players ------------------------------------------------


def test_four_player_last_round_reveals_two_and_the_last_two_get_nothing():
    state = GAME.new_game(4, {}, SEED)
    while state.round < 8:
        state, _ = play_step(state)
    assert state.phase is Phase.PICK
    assert len(state.table) == 2 and state.deck == ()
    assert [len(hand) for hand in state.hands] == [1, 1, 1, 1]
    taken_before = [len(t) for t in state.taken]
    last_picks = {seat: state.hands[seat][0] for seat in range(4)}

    state, events = pick_all(state, last_picks)
    order = state.order
    assert state.to_move() == (order[0],)
    state, _ = take_first(state)
    assert state.to_move() == (order[1],)
    state, events = take_first(state)

    assert [type(e) for e in public(events)] == [
        ExperimentTaken,
        NoExperimentLeft,
        NoExperimentLeft,
        RoundEnded,
        GameEnded,
    ]
    assert public(events)[1:4] == [
        NoExperimentLeft(order[2]),
        NoExperimentLeft(order[3]),
        RoundEnded(8, ()),
    ]
    assert state.is_terminal() and state.to_move() == ()
    for seat in order[:2]:
        assert len(state.taken[seat]) == taken_before[seat] + 1
        assert state.taken[seat][-1].round == 8
    for seat in order[2:]:
        assert len(state.taken[seat]) == taken_before[seat]
    # Every seat, with or without an experiment, discarded its last scientist.
    assert all(state.played[seat][-1] == last_picks[seat] for seat in range(4))
    assert state.hands == ((),) * 4
    assert public(events)[-1] == GameEnded(state.scores(), state.winners())


# -- 4. doubling on a colour match -------------------------------------------------------------


def two_player_take_state(supply: Supply, scientist_colour: str, table: Sequence[int]):
    """Seat 0 (power 5, `scientist_colour`) takes first; seat 1 (power 1) second."""
    other = next(c for c in COLOURS if c != scientist_colour)
    picks = (supply.scientist(scientist_colour, 5), supply.scientist(other, 1))
    return build(
        [(), ()],
        table=table,
        picks=picks,
        phase=Phase.TAKE,
        order=(0, 1),
        step=1,
        move_count=2,
    )


def test_matching_colour_scores_double():
    supply = Supply()
    red_three = supply.experiment("red", 3)
    state = two_player_take_state(supply, "red", [red_three, supply.experiment("blue", 2)])

    state, events = state.apply(0, TakeExperiment(red_three))

    assert public(events)[0] == ExperimentTaken(0, Take(red_three, 1, True, 6))
    assert state.taken[0] == (Take(red_three, 1, True, 6),)
    assert state.scores()[0] == 6
    assert state.view(1).seats[0].score == 6


def test_other_colour_scores_plain_points():
    supply = Supply()
    blue_three = supply.experiment("blue", 3)
    state = two_player_take_state(supply, "red", [blue_three, supply.experiment("red", 2)])

    state, events = state.apply(0, TakeExperiment(blue_three))

    assert public(events)[0] == ExperimentTaken(0, Take(blue_three, 1, False, 3))
    assert state.scores()[0] == 3
    assert state.view(SPECTATOR).seats[0].score == 3


@pytest.mark.parametrize("scientist_colour", COLOURS)
@pytest.mark.parametrize("experiment_colour", COLOURS)
@pytest.mark.parametrize("points", [1, 2, 3])
def test_doubling_for_every_colour_pair(scientist_colour, experiment_colour, points):
    supply = Supply()
    card = supply.experiment(experiment_colour, points)
    filler = supply.experiment("yellow" if experiment_colour != "yellow" else "red", 1)
    state = two_player_take_state(supply, scientist_colour, [card, filler])

    state, _ = state.apply(0, TakeExperiment(card))

    match = scientist_colour == experiment_colour
    (take,) = state.taken[0]
    assert take.doubled is match
    assert take.points == (2 * points if match else points)
    assert state.scores() == (take.points, 0)


def test_scores_add_up_over_rounds_with_doubling():
    supply = Supply()
    # Seat 0 plays yellow scientists in both rounds; seat 1 plays blue ones.
    picks = [
        {0: supply.scientist("yellow", 5), 1: supply.scientist("blue", 1)},
        {0: supply.scientist("yellow", 4), 1: supply.scientist("blue", 2)},
    ]
    yellow_two, blue_three = supply.experiment("yellow", 2), supply.experiment("blue", 3)
    green_one, red_three = supply.experiment("green", 1), supply.experiment("red", 3)
    state = build(
        [[picks[0][s], picks[1][s]] for s in (0, 1)],
        table=[yellow_two, blue_three],
        deck=[green_one, red_three],
    )
    state, _ = pick_all(state, picks[0])
    state, _ = state.apply(0, TakeExperiment(yellow_two))  # doubled: 4
    state, _ = state.apply(1, TakeExperiment(blue_three))  # doubled: 6
    state, _ = pick_all(state, picks[1])
    state, _ = state.apply(0, TakeExperiment(red_three))  # plain: 3
    state, events = state.apply(1, TakeExperiment(green_one))  # plain: 1

    assert state.scores() == (7, 7)
    assert [t.round for t in state.taken[0]] == [1, 2]
    assert public(events)[-1] == GameEnded((7, 7), (0, 1))


# -- 5. final tie-breaks -----------------------------------------------------------------------


def test_highest_score_wins_even_with_fewer_experiments():
    s = Supply()
    state = finished(
        [
            [s.take("yellow", 3, doubled=True)],  # 6
            [s.take("red", 2), s.take("red", 2), s.take("blue", 1)],  # 5
        ]
    )
    assert state.scores() == (6, 5)
    assert state.winners() == (0,)


def test_equal_score_more_experiments_wins():
    s = Supply()
    state = finished(
        [
            [s.take("yellow", 3, doubled=True)],  # 6 from one experiment, doubled
            [s.take("blue", 2), s.take("green", 2), s.take("red", 2)],  # 6 from three
        ]
    )
    assert state.scores() == (6, 6)
    assert state.winners() == (1,)


def test_equal_score_and_count_more_doubled_wins():
    s = Supply()
    state = finished(
        [
            [s.take("blue", 2), s.take("green", 2)],  # 4, two taken, none doubled
            [s.take("yellow", 1, doubled=True), s.take("red", 2)],  # 4, two taken, one doubled
        ]
    )
    assert state.scores() == (4, 4)
    assert state.winners() == (1,)


def test_full_tie_is_a_shared_win():
    s = Supply()
    state = finished(
        [
            [s.take("yellow", 2), s.take("red", 1, doubled=True)],
            [s.take("blue", 2), s.take("green", 1, doubled=True)],
            [s.take("red", 3)],
        ]
    )
    assert state.scores() == (4, 4, 3)
    assert state.winners() == (0, 1)


def test_shared_win_is_announced_when_the_game_ends():
    s = Supply()
    green_one, red_one = s.experiment("green", 1), s.experiment("red", 1)
    state = build(
        [(), ()],
        table=[green_one, red_one],
        picks=(s.scientist("green", 5), s.scientist("red", 1)),
        taken=[[s.take("yellow", 2, round=14)], [s.take("blue", 2, round=14)]],
        phase=Phase.TAKE,
        round=15,
        order=(0, 1),
    )
    assert state.winners() == ()  # not over yet
    state, _ = state.apply(0, TakeExperiment(green_one))
    state, events = state.apply(1, TakeExperiment(red_one))

    assert state.is_terminal()
    assert of_type(events, GameEnded) == [GameEnded((4, 4), (0, 1))]
    assert state.winners() == (0, 1)


# -- 6. the hidden simultaneous pick -----------------------------------------------------------


def test_a_committed_pick_shows_only_that_the_seat_has_picked():
    state = GAME.new_game(3, {}, SEED)
    card = state.hands[0][0]
    others = (1, 2, SPECTATOR)
    before = {viewer: state.view(viewer) for viewer in others}

    after, events = state.apply(0, Pick(card))

    (event,) = events
    assert event.seen_by(0) == PickCommitted(0, card)
    assert event.public == PickCommitted(0, 0)
    for viewer in others:
        assert event.seen_by(viewer) == PickCommitted(0, 0)
        old, new = before[viewer], after.view(viewer)
        seat = replace(old.seats[0], has_picked=True, hand_size=old.seats[0].hand_size - 1)
        # The only news for everyone else: seat 0 has picked (one card fewer in hand).
        assert new == replace(old, seats=(seat, *old.seats[1:]), move_count=old.move_count + 1)
        assert new.seats[0].revealed_pick == 0
    assert after.view(1).own_pick == 0
    own = after.view(0)
    assert own.own_pick == card and card not in own.hand
    assert own.seats[0].revealed_pick == 0
    spectator = after.view(SPECTATOR)
    assert spectator.hand == () and spectator.own_pick == 0


def test_picks_stay_hidden_until_the_last_seat_commits():
    state = GAME.new_game(3, {}, SEED)
    picks = {seat: state.hands[seat][-1] for seat in range(3)}

    state, _ = state.apply(2, Pick(picks[2]))
    state, events = state.apply(0, Pick(picks[0]))
    assert state.phase is Phase.PICK and state.to_move() == (1,)
    for viewer in (0, 1, 2, SPECTATOR):
        view = state.view(viewer)
        assert [s.has_picked for s in view.seats] == [True, False, True]
        assert [s.revealed_pick for s in view.seats] == [0, 0, 0]
    assert state.view(0).own_pick == picks[0]
    assert state.view(2).own_pick == picks[2]
    assert [e.seen_by(2) for e in events] == [PickCommitted(0, 0)]
    assert not of_type(events, PicksRevealed)

    state, events = state.apply(1, Pick(picks[1]))

    everything = tuple(picks[s] for s in range(3))
    assert state.phase is Phase.TAKE
    assert events[0].seen_by(1) == PickCommitted(1, picks[1])
    assert events[0].seen_by(0) == PickCommitted(1, 0)
    revealed = of_type(events, PicksRevealed)
    assert [r.scientists for r in revealed] == [everything]
    assert revealed[0].order == state.order
    for viewer in (0, 1, 2, SPECTATOR):
        assert tuple(s.revealed_pick for s in state.view(viewer).seats) == everything
        assert [e.seen_by(viewer) for e in events][1] == revealed[0]


# -- 7. a committed pick is final --------------------------------------------------------------


def test_a_committed_pick_cannot_be_changed():
    state = GAME.new_game(3, {}, SEED)
    first, second = state.hands[1][:2]
    state, _ = state.apply(1, Pick(first))

    assert_refused(state, 1, Pick(second), NotYourTurn, "already picked")
    assert_refused(state, 1, Pick(first), NotYourTurn, "already picked")
    assert state.picks[1] == first
    assert 1 not in state.to_move()
    assert state.legal_moves(1) == []


# -- 8. refusals -------------------------------------------------------------------------------


def test_picking_a_card_not_in_hand_is_refused():
    state = GAME.new_game(3, {}, SEED)
    someone_elses = state.hands[1][0]
    undealt = state.undealt[0]
    assert_refused(
        state,
        0,
        Pick(someone_elses),
        IllegalMove,
        "That scientist is not in your hand: pick one of your own",
    )
    expected = "That scientist is not in your hand: pick one of your own"
    assert assert_refused(state, 0, Pick(undealt), IllegalMove, expected).reason == expected


def test_taking_an_experiment_not_on_the_table_is_refused():
    state = GAME.new_game(3, {}, SEED)
    state, _ = pick_all(state, {seat: state.hands[seat][0] for seat in range(3)})
    taker = state.to_move()[0]
    in_deck = state.deck[0]
    expected = "That experiment is not on the table: take one of those revealed this round"
    assert assert_refused(state, taker, TakeExperiment(in_deck), IllegalMove, expected).reason == (
        expected
    )


def test_taking_out_of_turn_is_refused():
    state = GAME.new_game(3, {}, SEED)
    state, _ = pick_all(state, {seat: state.hands[seat][0] for seat in range(3)})
    taker = state.order[0]
    for seat in state.order[1:]:
        assert_refused(state, seat, TakeExperiment(state.table[0]), NotYourTurn, f"seat {taker}")


def test_picking_during_the_take_phase_is_refused():
    state = GAME.new_game(3, {}, SEED)
    state, _ = pick_all(state, {seat: state.hands[seat][0] for seat in range(3)})
    taker, waiting = state.order[0], state.order[1]
    assert_refused(state, taker, Pick(state.hands[taker][0]), IllegalMove, "take an experiment")
    assert_refused(state, waiting, Pick(state.hands[waiting][0]), NotYourTurn, "not your turn")


def test_taking_during_the_pick_phase_is_refused():
    state = GAME.new_game(3, {}, SEED)
    assert_refused(state, 0, TakeExperiment(state.table[0]), IllegalMove, "pick a scientist")


def test_no_move_is_accepted_after_the_game_is_over():
    state, _ = play_out(GAME.new_game(2, {}, SEED))
    assert state.to_move() == ()
    assert state.legal_moves(0) == [] and state.legal_moves(1) == []
    some_scientist, some_experiment = state.played[0][0], state.taken[0][0].experiment
    for seat in (0, 1):
        assert_refused(state, seat, Pick(some_scientist), GameOver, "game is over")
        assert_refused(state, seat, TakeExperiment(some_experiment), GameOver, "game is over")


@pytest.mark.parametrize("seat", [-1, 3, 7, True])
def test_a_seat_outside_the_game_is_refused(seat):
    state = GAME.new_game(3, {}, SEED)
    assert_refused(state, seat, Pick(state.hands[0][0]), IllegalMove, f"There is no seat {seat}")


def test_a_refusal_is_a_key_and_its_arguments_that_every_language_says():
    """A refusal travels as a message key with its arguments (`error.text`): Galileo's own in
    its catalogue, the shared ones (a seat outside the game) in the platform's; each shipped
    language uses exactly those arguments."""
    state = GAME.new_game(3, {}, SEED)
    not_in_hand = assert_refused(state, 0, Pick(state.hands[1][0]), IllegalMove, "not in your")
    no_seat = assert_refused(state, 7, Pick(state.hands[0][0]), IllegalMove, "no seat 7")
    state, _ = pick_all(state, {seat: state.hands[seat][0] for seat in range(3)})
    taker, waiting = state.order[0], state.order[1]
    out_of_turn = assert_refused(state, waiting, TakeExperiment(state.table[0]), NotYourTurn, "not")
    texts = [error.text for error in (not_in_hand, no_seat, out_of_turn)]
    assert [(text.key, dict(text.args)) for text in texts if text] == [
        ("galileo-scientist-not-in-hand", {}),
        ("rules-no-such-seat", {"seat": 7, "first": 0, "last": 2}),
        ("galileo-not-your-turn", {"seat": taker}),
    ]
    for text in texts:
        assert text is not None
        for language in i18n.SHIPPED_LANGUAGES:
            assert i18n.catalogue_of(text.key).variables(language)[text.key] == set(text.args)
    assert i18n.render(out_of_turn.text, "de") == (
        f"Du bist nicht am Zug: Platz {taker} nimmt jetzt ein Experiment"
    )
    assert i18n.render(out_of_turn.text, "fa") == (
        f"نوبت شما نیست: اکنون جایگاه {i18n.decimal(taker, 'fa')} یک آزمایش برمی‌دارد"
    )


# -- 9. round structure ------------------------------------------------------------------------


def test_played_scientists_are_discarded_and_never_return_to_hand():
    state = GAME.new_game(3, {}, SEED)
    dealt = [Counter(hand) for hand in state.hands]
    revealed: tuple[int, ...] = ()
    seen_played: set[int] = set()
    while not state.is_terminal():
        state, events = play_step(state)
        for event in public(events):
            if isinstance(event, PicksRevealed):
                revealed = event.scientists
            if isinstance(event, RoundEnded):
                # Each seat's scientist of the round lies on top of its discard pile.
                assert tuple(p[-1] for p in state.played) == revealed
        for seat in range(3):
            held = Counter(state.hands[seat] + state.played[seat])
            held.update([state.picks[seat]] if state.picks[seat] else [])
            assert held == dealt[seat]
            assert set(state.hands[seat]).isdisjoint(seen_played)
        seen_played.update(card for p in state.played for card in p)
    assert state.hands == ((), (), ())
    assert [Counter(p) for p in state.played] == dealt


def test_each_round_reveals_fresh_experiments_and_accounts_for_every_card():
    state = GAME.new_game(3, {}, SEED)
    seen = set(state.table)
    while not state.is_terminal():
        state, events = play_step(state)
        for event in public(events):
            if isinstance(event, RoundEnded):
                assert event.discarded == ()  # one experiment per seat: none left over
            if isinstance(event, RoundStarted):
                assert seen.isdisjoint(event.revealed)
                seen.update(event.revealed)
        taken = [t.experiment for seat in state.taken for t in seat]
        assert Counter(state.deck + state.table + state.discarded + tuple(taken)) == Counter(
            EXPERIMENT_IDS
        )
    assert seen == EXPERIMENT_IDS


def test_experiments_left_on_the_table_are_discarded_at_round_end():
    supply = Supply()
    picks = {0: supply.scientist("red", 5), 1: supply.scientist("blue", 5)}
    hands = [[picks[0], supply.scientist("red", 1)], [picks[1], supply.scientist("blue", 1)]]
    table = [supply.experiment("green", p) for p in (1, 2, 3)]  # one more than the seats
    deck = [supply.experiment("yellow", 1), supply.experiment("yellow", 2)]
    state = build(hands, table=table, deck=deck)
    discarded_before = state.discarded

    state, _ = pick_all(state, picks)
    state, _ = state.apply(0, TakeExperiment(table[2]))
    state, events = state.apply(1, TakeExperiment(table[1]))

    assert RoundEnded(1, (table[0],)) in public(events)
    assert state.discarded == discarded_before + (table[0],)
    assert table[0] not in state.table and state.table == tuple(sorted(deck))


def test_step_id_is_shared_by_the_picks_and_changes_on_reveal_and_each_take():
    state = GAME.new_game(3, {}, SEED)
    pick_step = state.step
    steps = [pick_step]
    for count, seat in enumerate((1, 2), start=1):
        state, _ = state.apply(seat, Pick(state.hands[seat][0]))
        assert state.step == pick_step
        assert state.move_count == count
    state, _ = state.apply(0, Pick(state.hands[0][0]))  # the last pick reveals
    assert state.phase is Phase.TAKE and state.step != pick_step
    steps.append(state.step)
    for _ in range(3):
        state, _ = take_first(state)
        assert state.step not in steps
        steps.append(state.step)
    assert state.move_count == 6
    assert state.round == 2 and state.phase is Phase.PICK
    # Round 2's picks again share one step id, the one the last take left.
    state, _ = state.apply(0, Pick(state.hands[0][0]))
    assert state.step == steps[-1]


# -- 10. determinism ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", sorted(RULES_HAND_SIZE))
def test_same_seed_same_setup(players):
    first = GAME.new_game(players, {}, b"same-seed")
    second = GAME.new_game(players, {}, b"same-seed")
    assert first == second
    assert first.view(SPECTATOR) == second.view(SPECTATOR)
    assert play_out(first)[0] == play_out(second)[0]


def test_different_seeds_deal_differently():
    states = [GAME.new_game(3, {}, b"seed-%d" % n) for n in range(6)]
    assert len({s.hands for s in states}) == len(states)
    assert len({s.deck for s in states}) == len(states)


def test_a_saved_pick_phase_in_which_every_seat_has_picked_is_refused():
    """Nobody would be to move and the game would not be over: the codec refuses it."""
    from playhall.core import MalformedMessage

    message = GAME.codec.encode_state(GAME.new_game(2, {}, b"all-picked"))
    for seat in message.seats:
        seat.pick = seat.hand.pop()
    with pytest.raises(MalformedMessage, match="every seat has picked"):
        GAME.codec.decode_state(message)


@pytest.mark.parametrize(
    ("field", "value"),
    [("step", 2**64 - 1), ("move_count", 2**64 - 1), ("round", 2**31 - 1), ("round", 0)],
)
def test_a_saved_state_with_a_counter_no_game_reaches_is_refused(field, value):
    """A counter at its field's maximum would overflow when the next move increments it: the
    codec refuses such a state with a reason instead of letting the move fail."""
    from playhall.core import MalformedMessage

    message = GAME.codec.encode_state(GAME.new_game(3, {}, b"counters"))
    setattr(message, field, value)
    with pytest.raises(MalformedMessage, match="a game of 3 has") as refused:
        GAME.codec.decode_state(message)
    key = "galileo-inconsistent-round" if field == "round" else "galileo-inconsistent-moves"
    assert refused.value.text is not None and refused.value.text.key == key
    assert refused.value.text.args["players"] == 3
    # Every state of a real game stays within the bounds.
    state = GAME.new_game(5, {}, b"counters")
    while not state.is_terminal():
        seat = state.to_move()[0]
        state, _ = state.apply(seat, state.legal_moves(seat)[0])
        assert GAME.codec.decode_state(GAME.codec.encode_state(state)) == state
