"""The conformance suite: every registered title must pass it, unchanged.

It plays random games from many seeds, with the default options and with every option away from
its default (each integer option at its minimum and maximum, each on/off option flipped, each
choice option with a value of the number of names it takes), and checks, on every position
reached, the promises the rest of Playhall builds on: games end; `apply` accepts exactly the
legal moves, never mutates its input, and refuses everything else with a reason; every legal move
is listed once, in a canonical form that depends on the move alone; states, moves and views
survive their protobuf messages; seed + moves replay a game; views hide everything hidden, and
events tell a viewer nothing its views do not; `determinize` agrees with the view it starts from;
the step id only stays put within a simultaneous step; choice options refuse a value with the
wrong number of names.

A new title adds one entry to `hidden_perturbations.PERTURB` (how to change what a viewer may
not see) and gets everything else for free.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import pytest

from playhall.core import (
    SPECTATOR,
    BoolOption,
    ChoiceOption,
    GameInfo,
    IntOption,
    InvalidSetup,
    Rng,
    RuleError,
    get_game,
    play_random,
    replay,
    title_ids,
)
from tests.conformance.hidden_perturbations import PERTURB

SEEDS = range(4)
"""Seeds played with the default options; every other option setting is played from one."""

ALTERNATIVE_MOVES = 4
"""How many other moves of the mover the events check tries at each step, at most."""


def _seed(index: int) -> bytes:
    return b"conformance-%d" % index


class Case(NamedTuple):
    """One random game: a title, its seats, the options that differ from the defaults (sorted
    (name, value) pairs) and a seed."""

    title: str
    players: int
    options: tuple = ()
    seed_index: int = 0

    @property
    def id(self) -> str:
        settings = "".join(f"-{name}={_spelt(value)}" for name, value in self.options)
        return f"{self.title}-{self.players}p{settings}-s{self.seed_index}"


def _spelt(value) -> str:
    return "+".join(value) if isinstance(value, tuple) else str(value).lower()


def _choice_count(spec: ChoiceOption, players: int) -> int | None:
    """How many names a value of `spec` holds for `players` seats (None: any number)."""
    return players if spec.per_seat else spec.count


def option_settings(info: GameInfo, players: int) -> list[tuple]:
    """The option settings played besides the defaults, one option away from its default at a
    time: an integer option at its minimum and at its maximum, an on/off option the other way,
    a choice option with the last names of its list (as many as it takes, or all of them)."""
    settings = []
    for spec in info.options:
        if isinstance(spec, IntOption):
            values = [spec.min, spec.max]
        elif isinstance(spec, BoolOption):
            values = [not spec.default]
        else:
            count = _choice_count(spec, players)
            count = len(spec.choices) if count is None else count
            values = [spec.choices[-count:]] if 0 < count <= len(spec.choices) else []
        settings += [((spec.name, value),) for value in values if value != spec.default]
    return list(dict.fromkeys(settings))


def _cases():
    for title in title_ids():
        info = get_game(title).info
        for players in range(info.min_players, info.max_players + 1):
            for seed_index in SEEDS:
                yield Case(title, players, (), seed_index)
            for options in option_settings(info, players):
                yield Case(title, players, options)


ALL_CASES = list(_cases())
CASES = [pytest.param(case, id=case.id) for case in ALL_CASES]
ONE_PER_SETUP = [pytest.param(case, id=case.id) for case in ALL_CASES if case.seed_index == 0]
"""One game of every player count and option setting, for the slower checks."""


@cache
def _game_record(case: Case):
    """A random game: (initial state, [(state_before, seat, move, state_after)], final)."""
    game = get_game(case.title)
    initial = game.new_game(case.players, dict(case.options), _seed(case.seed_index))
    final, history = play_random(initial, Rng.from_int(case.seed_index))
    steps, state = [], initial
    for seat, move in history:
        after = state.apply(seat, move).state
        steps.append((state, seat, move, after))
        state = after
    return initial, steps, final


def _states(case: Case):
    initial, steps, final = _game_record(case)
    return [initial, *(after for *_, after in steps)]


def _viewers(state):
    return [SPECTATOR, *range(state.num_players)]


def _seen(codec, events, viewer) -> list[bytes]:
    """The events as `viewer` receives them: their messages' bytes."""
    return [
        codec.encode_event(event.seen_by(viewer)).SerializeToString(deterministic=True)
        for event in events
    ]


def _some(moves: list, rng: Rng) -> list:
    """At most `ALTERNATIVE_MOVES` of `moves`, drawn at random."""
    if len(moves) <= ALTERNATIVE_MOVES:
        return moves
    drawn = list(moves)
    rng.shuffle(drawn)
    return drawn[:ALTERNATIVE_MOVES]


def test_every_title_has_a_hidden_information_perturbation():
    assert set(PERTURB) == set(title_ids())


@pytest.mark.parametrize("title", title_ids())
def test_options_advertise_values_the_title_accepts(title):
    """What `GameInfo.options` offers a portal is consistent: defaults within range and among
    the choices, out-of-range values refused, enough names for a choice of one per seat."""
    info = get_game(title).info
    assert len({spec.name for spec in info.options}) == len(info.options)
    assert info.resolve_options({spec.name: spec.default for spec in info.options}) == (
        info.resolve_options({})
    )
    for spec in info.options:
        if isinstance(spec, IntOption):
            assert spec.min <= spec.default <= spec.max
            for outside in (spec.min - 1, spec.max + 1):
                with pytest.raises(InvalidSetup):
                    info.resolve_options({spec.name: outside})
        elif isinstance(spec, BoolOption):
            assert isinstance(spec.default, bool)
        else:
            assert spec.choices and len(set(spec.choices)) == len(spec.choices)
            assert not (spec.per_seat and spec.count is not None), "one count or the other"
            most = info.max_players if spec.per_seat else spec.count
            assert most is None or 1 <= most <= len(spec.choices), "too few names to choose"


def _counted_choice_options():
    for title in title_ids():
        info = get_game(title).info
        for spec in info.options:
            if isinstance(spec, ChoiceOption) and _choice_count(spec, 1) is not None:
                for players in range(info.min_players, info.max_players + 1):
                    yield pytest.param(
                        title, spec.name, players, id=f"{title}-{spec.name}-{players}p"
                    )


COUNTED_CHOICE_OPTIONS = list(_counted_choice_options()) or [
    pytest.param(
        None, None, 0, marks=pytest.mark.skip(reason="no title has a choice option of n names")
    )
]


@pytest.mark.parametrize(("title", "option", "players"), COUNTED_CHOICE_OPTIONS)
def test_choice_options_take_the_number_of_names_they_say(title, option, players):
    """A choice option that takes one name per seat, or exactly n, accepts a value of that many
    names and refuses one name fewer or more, as a portal reading `GameInfo` expects."""
    game = get_game(title)
    spec = next(spec for spec in game.info.options if spec.name == option)
    names, count = spec.choices, _choice_count(spec, players)
    assert count is not None and 1 <= count <= len(names), "too few names to choose"
    game.new_game(players, {option: names[-count:]}, _seed(0))
    wrong = [names[1 - count :] if count > 1 else ()]  # one fewer (no names: "the default")
    if count < len(names):
        wrong.append(names[-count - 1 :])
    for value in filter(None, wrong):
        with pytest.raises(InvalidSetup):
            game.new_game(players, {option: value}, _seed(0))


@pytest.mark.parametrize("case", CASES)
def test_random_playouts_end_with_winners_and_scores(case):
    _, steps, final = _game_record(case)
    assert final.is_terminal()
    assert final.to_move() == ()
    assert len(final.scores()) == case.players
    assert set(final.winners()) <= set(range(case.players))
    assert final.move_count == len(steps)


@pytest.mark.parametrize("case", CASES)
def test_movers_have_moves_and_others_have_none(case):
    for state in _states(case):
        movers = set(state.to_move())
        assert bool(movers) != state.is_terminal()
        for seat in range(case.players):
            assert bool(state.legal_moves(seat)) == (seat in movers)


@pytest.mark.parametrize("case", CASES)
def test_legal_moves_are_listed_once_in_a_form_of_their_own(case):
    """Each legal move is listed once; its form depends on the move alone (decoding its message,
    which knows no state, gives the listed move back), the list's order on the position alone
    (the state decoded from its message lists the same moves in the same order)."""
    codec = get_game(case.title).codec
    states = _states(case)
    for state in states:
        for seat in range(case.players):
            moves = state.legal_moves(seat)
            assert len(set(moves)) == len(moves), f"seat {seat} has a move listed twice: {moves}"
    for state in states[:: max(1, len(states) // 12)]:
        wire = codec.encode_state(state).SerializeToString()
        decoded = codec.decode_state(codec.state_message.FromString(wire))
        for seat in range(case.players):
            moves = state.legal_moves(seat)
            for move in moves:
                message = codec.encode_move(move).SerializeToString()
                again = codec.decode_move(codec.move_message.FromString(message))
                assert again == move and hash(again) == hash(move)
            assert decoded.legal_moves(seat) == moves == state.legal_moves(seat)


@pytest.mark.parametrize("case", CASES)
def test_apply_never_mutates_its_input(case):
    codec = get_game(case.title).codec
    for before, seat, move, _ in _game_record(case)[1]:
        encoded = codec.encode_state(before).SerializeToString(deterministic=True)
        before.apply(seat, move)
        assert codec.encode_state(before).SerializeToString(deterministic=True) == encoded


@pytest.mark.parametrize("case", CASES)
def test_apply_accepts_exactly_the_legal_moves(case):
    """Every listed move applies; every other move seen in the game is refused with a reason
    and leaves the state as it was."""
    game = get_game(case.title)
    initial, steps, _ = _game_record(case)
    every_move = {move for *_, move, _ in steps}
    for state, *_ in steps[:: max(1, len(steps) // 12)]:
        encoded = game.codec.encode_state(state).SerializeToString(deterministic=True)
        for seat in range(case.players):
            legal = state.legal_moves(seat)
            for move in legal:
                state.apply(seat, move)
            for move in every_move - set(legal):
                with pytest.raises(RuleError) as refused:
                    state.apply(seat, move)
                assert refused.value.reason.strip()
        assert game.codec.encode_state(state).SerializeToString(deterministic=True) == encoded


@pytest.mark.parametrize("case", CASES)
def test_seats_outside_the_game_are_refused(case):
    initial = _game_record(case)[0]
    seat = initial.to_move()[0]
    move = initial.legal_moves(seat)[0]
    for bad in (-1, case.players, case.players + 7):
        with pytest.raises(RuleError, match="no seat"):
            initial.apply(bad, move)
        with pytest.raises(RuleError, match="no seat"):
            initial.view(bad)


@pytest.mark.parametrize("case", CASES)
def test_finished_games_refuse_every_move(case):
    _, steps, final = _game_record(case)
    _, seat, move, _ = steps[-1]
    with pytest.raises(RuleError) as refused:
        final.apply(seat, move)
    assert "over" in refused.value.reason


@pytest.mark.parametrize("case", CASES)
def test_states_moves_and_views_round_trip_through_their_messages(case):
    codec = get_game(case.title).codec
    for state, _seat, move, _ in _game_record(case)[1]:
        message = codec.encode_state(state)
        wire = codec.state_message.FromString(message.SerializeToString())
        assert codec.decode_state(wire) == state
        assert (
            codec.decode_move(
                codec.move_message.FromString(codec.encode_move(move).SerializeToString())
            )
            == move
        )
        for viewer in _viewers(state):
            view = state.view(viewer)
            wire_view = codec.view_message.FromString(codec.encode_view(view).SerializeToString())
            assert codec.decode_view(wire_view) == view


@pytest.mark.parametrize("case", CASES)
def test_seed_and_moves_replay_the_game(case):
    game = get_game(case.title)
    initial, steps, final = _game_record(case)
    moves = [(seat, move) for _, seat, move, _ in steps]
    options, seed = dict(case.options), _seed(case.seed_index)
    assert replay(game, case.players, options, seed, moves) == final
    assert game.new_game(case.players, options, seed) == initial


@pytest.mark.parametrize("case", CASES)
def test_views_do_not_change_when_only_hidden_information_does(case):
    perturb = PERTURB[case.title]
    rng = Rng.from_int(case.seed_index)
    changed = 0
    for state in _states(case):
        for viewer in _viewers(state):
            other = perturb(state, viewer, rng)
            changed += other != state
            assert other.view(viewer) == state.view(viewer)
            if viewer is not SPECTATOR:
                # Bots take their moves from a sampled state: a seat's own legal moves may
                # depend only on what that seat can see.
                assert other.legal_moves(viewer) == state.legal_moves(viewer)
    assert changed, "the perturbation never changed anything: the test would prove nothing"


@pytest.mark.parametrize("case", CASES)
def test_events_tell_a_viewer_nothing_its_views_do_not(case):
    """Plays a viewer cannot tell apart show it the same events whenever they leave it the same
    view: the recorded move applied to the state and to the state's hidden-information
    perturbation for that viewer; when another seat moves, also that seat's other moves (which
    the viewer does not see) in either. Setup events likewise, from either first state."""
    game = get_game(case.title)
    perturb = PERTURB[case.title]
    rng = Rng.from_int(200 + case.seed_index)
    initial, steps, _ = _game_record(case)
    for viewer in _viewers(initial):
        hidden = perturb(initial, viewer, rng)
        assert _seen(game.codec, game.setup_events(hidden), viewer) == (
            _seen(game.codec, game.setup_events(initial), viewer)
        ), f"setup events tell {_who(viewer)} what its view hides"
    compared = 0
    for before, seat, move, after in steps:
        events = before.apply(seat, move).events
        for viewer in _viewers(before):
            seen, view = _seen(game.codec, events, viewer), after.view(viewer)
            hidden = perturb(before, viewer, rng)
            plays = [(hidden, move)]
            if viewer != seat:
                others = [other for other in before.legal_moves(seat) if other != move]
                plays += [(before, other) for other in _some(others, rng)]
                plays += [(hidden, other) for other in _some(hidden.legal_moves(seat), rng)]
            for state, played in plays:
                if played not in state.legal_moves(seat):
                    continue
                result = state.apply(seat, played)
                if result.state.view(viewer) != view:
                    continue
                compared += 1
                where = "the perturbed state" if state is hidden else "the same state"
                assert _seen(game.codec, result.events, viewer) == seen, (
                    f"{_who(viewer)} is left the same view by seat {seat}'s {move!r} and by its "
                    f"{played!r} in {where}, but sees different events: "
                    f"{[event.seen_by(viewer) for event in events]} against "
                    f"{[event.seen_by(viewer) for event in result.events]}"
                )
    assert compared, "no two plays left a viewer the same view: the test would prove nothing"


def _who(viewer) -> str:
    return "a spectator" if viewer is SPECTATOR else f"seat {viewer}"


@pytest.mark.parametrize("case", CASES)
def test_determinize_is_consistent_with_the_view(case):
    game = get_game(case.title)
    rng = Rng.from_int(100 + case.seed_index)
    for state in _states(case)[::3]:
        for viewer in _viewers(state):
            view = state.view(viewer)
            sampled = game.determinize(view, rng)
            assert sampled.view(viewer) == view
            # The sample is a state the engine accepts as its own.
            assert game.codec.decode_state(game.codec.encode_state(sampled)) == sampled
            if not sampled.is_terminal():
                seat = sampled.to_move()[0]
                sampled.apply(seat, sampled.legal_moves(seat)[0])


@pytest.mark.parametrize("case", CASES)
def test_step_id_only_stays_within_a_simultaneous_step(case):
    for before, seat, _, after in _game_record(case)[1]:
        assert after.step >= before.step
        if after.step == before.step:
            assert set(after.to_move()) <= set(before.to_move()) - {seat}


@pytest.mark.parametrize("case", CASES)
def test_events_have_a_version_for_every_audience(case):
    codec = get_game(case.title).codec
    for before, seat, move, _ in _game_record(case)[1]:
        events = before.apply(seat, move).events
        assert events, "every move reports what happened"
        for event in events:
            for viewer in _viewers(before):
                codec.encode_event(event.seen_by(viewer))
            assert set(event.private) <= set(range(case.players))


@pytest.mark.parametrize("case", ONE_PER_SETUP)
def test_views_render_as_text(case):
    game = get_game(case.title)
    for state in _states(case)[::7]:
        for viewer in _viewers(state):
            assert game.render_text(state.view(viewer)).strip()


@pytest.mark.parametrize("case", ONE_PER_SETUP)
def test_evaluate_is_a_probability_like_value(case):
    game = get_game(case.title)
    for state in _states(case)[::5]:
        for seat in range(case.players):
            assert 0.0 <= game.evaluate(state, seat) <= 1.0
