"""The conformance suite: every registered title must pass it, unchanged.

It plays random games from many seeds and checks, on every position reached, the promises the
rest of Playhall builds on: games end; `apply` accepts exactly the legal moves, never mutates its
input, and refuses everything else with a reason; states, moves and views survive their protobuf
messages; seed + moves replay a game; views hide everything hidden; `determinize` agrees with the
view it starts from; the step id only stays put within a simultaneous step.

A new title adds one entry to `hidden_perturbations.PERTURB` (how to change what a viewer may
not see) and gets everything else for free.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from functools import cache

import pytest

from playhall.core import SPECTATOR, Rng, RuleError, get_game, play_random, replay, title_ids
from tests.conformance.hidden_perturbations import PERTURB

SEEDS = range(4)


def _seed(index: int) -> bytes:
    return b"conformance-%d" % index


@cache
def _game_record(title: str, players: int, seed_index: int):
    """A random game: (initial state, [(state_before, seat, move, state_after)], final)."""
    game = get_game(title)
    initial = game.new_game(players, {}, _seed(seed_index))
    final, history = play_random(initial, Rng.from_int(seed_index))
    steps, state = [], initial
    for seat, move in history:
        after = state.apply(seat, move).state
        steps.append((state, seat, move, after))
        state = after
    return initial, steps, final


def _cases():
    for title in title_ids():
        info = get_game(title).info
        for players in range(info.min_players, info.max_players + 1):
            for seed_index in SEEDS:
                yield pytest.param(
                    title, players, seed_index, id=f"{title}-{players}p-s{seed_index}"
                )


CASES = list(_cases())


def _states(title, players, seed_index):
    initial, steps, final = _game_record(title, players, seed_index)
    return [initial, *(after for *_, after in steps)]


def _viewers(state):
    return [SPECTATOR, *range(state.num_players)]


def test_every_title_has_a_hidden_information_perturbation():
    assert set(PERTURB) == set(title_ids())


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_random_playouts_end_with_winners_and_scores(title, players, seed_index):
    _, steps, final = _game_record(title, players, seed_index)
    assert final.is_terminal()
    assert final.to_move() == ()
    assert len(final.scores()) == players
    assert set(final.winners()) <= set(range(players))
    assert final.move_count == len(steps)


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_movers_have_moves_and_others_have_none(title, players, seed_index):
    for state in _states(title, players, seed_index):
        movers = set(state.to_move())
        assert bool(movers) != state.is_terminal()
        for seat in range(players):
            assert bool(state.legal_moves(seat)) == (seat in movers)


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_apply_never_mutates_its_input(title, players, seed_index):
    codec = get_game(title).codec
    for before, seat, move, _ in _game_record(title, players, seed_index)[1]:
        encoded = codec.encode_state(before).SerializeToString(deterministic=True)
        before.apply(seat, move)
        assert codec.encode_state(before).SerializeToString(deterministic=True) == encoded


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_apply_accepts_exactly_the_legal_moves(title, players, seed_index):
    """Every listed move applies; every other move seen in the game is refused with a reason
    and leaves the state as it was."""
    game = get_game(title)
    initial, steps, _ = _game_record(title, players, seed_index)
    every_move = {move for *_, move, _ in steps}
    for state, *_ in steps[:: max(1, len(steps) // 12)]:
        encoded = game.codec.encode_state(state).SerializeToString(deterministic=True)
        for seat in range(players):
            legal = state.legal_moves(seat)
            for move in legal:
                state.apply(seat, move)
            for move in every_move - set(legal):
                with pytest.raises(RuleError) as refused:
                    state.apply(seat, move)
                assert refused.value.reason.strip()
        assert game.codec.encode_state(state).SerializeToString(deterministic=True) == encoded


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_seats_outside_the_game_are_refused(title, players, seed_index):
    initial = _game_record(title, players, seed_index)[0]
    seat = initial.to_move()[0]
    move = initial.legal_moves(seat)[0]
    for bad in (-1, players, players + 7):
        with pytest.raises(RuleError, match="no seat"):
            initial.apply(bad, move)
        with pytest.raises(RuleError, match="no seat"):
            initial.view(bad)


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_finished_games_refuse_every_move(title, players, seed_index):
    _, steps, final = _game_record(title, players, seed_index)
    _, seat, move, _ = steps[-1]
    with pytest.raises(RuleError) as refused:
        final.apply(seat, move)
    assert "over" in refused.value.reason


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_states_moves_and_views_round_trip_through_their_messages(title, players, seed_index):
    codec = get_game(title).codec
    for state, _seat, move, _ in _game_record(title, players, seed_index)[1]:
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


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_seed_and_moves_replay_the_game(title, players, seed_index):
    game = get_game(title)
    _, steps, final = _game_record(title, players, seed_index)
    moves = [(seat, move) for _, seat, move, _ in steps]
    assert replay(game, players, {}, _seed(seed_index), moves) == final
    assert (
        game.new_game(players, {}, _seed(seed_index)) == _game_record(title, players, seed_index)[0]
    )


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_views_do_not_change_when_only_hidden_information_does(title, players, seed_index):
    perturb = PERTURB[title]
    rng = Rng.from_int(seed_index)
    changed = 0
    for state in _states(title, players, seed_index):
        for viewer in _viewers(state):
            other = perturb(state, viewer, rng)
            changed += other != state
            assert other.view(viewer) == state.view(viewer)
            if viewer is not SPECTATOR:
                # Bots take their moves from a sampled state: a seat's own legal moves may
                # depend only on what that seat can see.
                assert other.legal_moves(viewer) == state.legal_moves(viewer)
    assert changed, "the perturbation never changed anything: the test would prove nothing"


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_determinize_is_consistent_with_the_view(title, players, seed_index):
    game = get_game(title)
    rng = Rng.from_int(100 + seed_index)
    for state in _states(title, players, seed_index)[::3]:
        for viewer in _viewers(state):
            view = state.view(viewer)
            sampled = game.determinize(view, rng)
            assert sampled.view(viewer) == view
            # The sample is a state the engine accepts as its own.
            assert game.codec.decode_state(game.codec.encode_state(sampled)) == sampled
            if not sampled.is_terminal():
                seat = sampled.to_move()[0]
                sampled.apply(seat, sampled.legal_moves(seat)[0])


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_step_id_only_stays_within_a_simultaneous_step(title, players, seed_index):
    for before, seat, _, after in _game_record(title, players, seed_index)[1]:
        assert after.step >= before.step
        if after.step == before.step:
            assert set(after.to_move()) <= set(before.to_move()) - {seat}


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES)
def test_events_have_a_version_for_every_audience(title, players, seed_index):
    codec = get_game(title).codec
    for before, seat, move, _ in _game_record(title, players, seed_index)[1]:
        events = before.apply(seat, move).events
        assert events, "every move reports what happened"
        for event in events:
            for viewer in _viewers(before):
                codec.encode_event(event.seen_by(viewer))
            assert set(event.private) <= set(range(players))


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES[:: len(SEEDS)])
def test_views_render_as_text_and_svg(title, players, seed_index):
    game = get_game(title)
    for state in _states(title, players, seed_index)[::7]:
        for viewer in _viewers(state):
            view = state.view(viewer)
            assert game.render_text(view).strip()
            assert ElementTree.fromstring(game.render_svg(view)).tag.endswith("svg")


@pytest.mark.parametrize(("title", "players", "seed_index"), CASES[:: len(SEEDS)])
def test_evaluate_is_a_probability_like_value(title, players, seed_index):
    game = get_game(title)
    for state in _states(title, players, seed_index)[::5]:
        for seat in range(players):
            assert 0.0 <= game.evaluate(state, seat) <= 1.0
