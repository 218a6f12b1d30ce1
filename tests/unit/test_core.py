"""The engine API's shared pieces: seeded randomness, options, rules versions, the registry, the
Any wrapper, states as dataclasses and the fields copied by name (`core/fields.py`)."""

import dataclasses
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import NamedTuple

import pytest
from google.protobuf import any_pb2, empty_pb2

from playhall.common.settings import SettingsError
from playhall.core import (
    BoolOption,
    ChoiceOption,
    GameInfo,
    IncompatibleVersion,
    IntOption,
    InvalidSetup,
    MalformedMessage,
    Rng,
    SlotsState,
    Transition,
    Viewer,
    get_game,
    i18n,
    title_ids,
)
from playhall.core.fields import (
    build,
    columns,
    from_message,
    in_oneof,
    message_fields,
    row,
    to_message,
)
from playhall.core.wire import pack, unpack
from playhall.eynsteyn.v1 import eynsteyn_pb2
from playhall.galileo.v1 import galileo_pb2
from playhall.matches.rules_client import channel_target

INFO = GameInfo(
    title_id="demo",
    display_name="Demo",
    min_players=2,
    max_players=4,
    rules_version="demo/3.1",
    options=(
        IntOption("board_size", "side of the board", 8, 14, 10),
        BoolOption("auto_call", "call automatically", False),
        ChoiceOption("teams", "which teams", ("red", "blue", "green")),
    ),
)


def test_rng_is_reproducible_and_seed_sensitive():
    draws = [Rng(b"seed").below(1000) for _ in range(3)]
    assert len(set(draws)) == 1
    assert [Rng(b"seed").below(10**9) for _ in range(2)] != [Rng(b"seee").below(10**9)] * 2


def test_rng_output_is_pinned_so_replays_survive_python_upgrades():
    # Changing the generator would silently change every stored match's replay.
    rng = Rng(b"pinned")
    items = list(range(10))
    rng.shuffle(items)
    assert items == PINNED_SHUFFLE
    assert [rng.below(100) for _ in range(5)] == PINNED_DRAWS


PINNED_SHUFFLE = [5, 9, 3, 1, 6, 2, 4, 8, 0, 7]
PINNED_DRAWS = [89, 44, 58, 26, 9]


def test_rng_below_stays_in_range_and_covers_it():
    rng = Rng.from_int(7)
    seen = {rng.below(5) for _ in range(500)}
    assert seen == {0, 1, 2, 3, 4}
    with pytest.raises(ValueError):
        rng.below(0)


def test_rng_chance_is_never_at_0_always_at_1_and_near_its_probability_between():
    rng = Rng.from_int(11)
    assert not any(rng.chance(0.0) for _ in range(1000))
    assert all(rng.chance(1.0) for _ in range(1000))
    hits = sum(rng.chance(0.25) for _ in range(4000))
    assert 800 < hits < 1200  # 1,000 expected, sigma 27


def test_rng_shuffle_is_a_permutation():
    rng = Rng.from_int(1)
    items = list(range(50))
    rng.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


def test_options_take_defaults_and_checked_values():
    assert INFO.resolve_options({}) == {"board_size": 10, "auto_call": False, "teams": ()}
    resolved = INFO.resolve_options({"board_size": 12, "auto_call": True, "teams": ("blue",)})
    assert resolved == {"board_size": 12, "auto_call": True, "teams": ("blue",)}


@pytest.mark.parametrize(
    ("given", "reason", "key"),
    [
        ({"colour": 1}, "Unknown option 'colour'", "rules-unknown-option"),
        ({"board_size": 15}, "must be 8 to 14", "rules-option-out-of-range"),
        ({"board_size": True}, "whole number", "rules-option-not-whole"),
        ({"auto_call": 1}, "true or false", "rules-option-not-bool"),
        ({"teams": ("pink",)}, "'pink' is not one of", "rules-option-unknown-choice"),
        ({"teams": ("red", "red")}, "same choice twice", "rules-option-repeated-choice"),
    ],
)
def test_bad_options_are_refused_with_a_reason(given, reason, key):
    with pytest.raises(InvalidSetup, match=reason) as refused:
        INFO.resolve_options(given)
    text = refused.value.text
    assert text is not None and text.key == key
    assert text.args["option"] == next(iter(given))
    for language in i18n.SHIPPED_LANGUAGES:
        assert i18n.platform().variables(language)[key] == set(text.args)


def test_a_title_without_options_says_so_in_every_language():
    info = GameInfo("plain", "Plain", 2, 2, "plain/1.0")
    with pytest.raises(InvalidSetup, match=r"Unknown option 'x' for Plain \(options: none\)") as no:
        info.resolve_options({"x": 1})
    assert no.value.text == i18n.Text("rules-no-options", {"option": "x", "title": "Plain"})
    assert i18n.render(no.value.text, "de") == (
        "Unbekannte Option „x“ für Plain (es gibt keine Optionen)"
    )


def test_player_counts_outside_the_range_are_refused():
    INFO.check_players(3)
    with pytest.raises(InvalidSetup, match="2 to 4 players, not 5") as refused:
        INFO.check_players(5)
    assert refused.value.text is not None and refused.value.text.key == "rules-player-count"
    assert dict(refused.value.text.args) == {"title": "Demo", "min": 2, "max": 4, "players": 5}


def test_states_of_another_major_rules_version_are_refused():
    INFO.check_rules_version("demo/3.7")
    with pytest.raises(IncompatibleVersion, match="cannot continue"):
        INFO.check_rules_version("demo/4.0")
    with pytest.raises(MalformedMessage, match="names no rules version"):
        INFO.check_rules_version("")


def test_registry_knows_galileo_and_names_the_known_titles_for_unknown_ones():
    assert "galileo" in title_ids()
    assert get_game("galileo").info.title_id == "galileo"
    with pytest.raises(KeyError, match="known: .*galileo"):
        get_game("chess")


def test_new_game_requires_a_sensible_seed():
    game = get_game("galileo")
    for seed in (b"", bytes(65)):
        with pytest.raises(InvalidSetup, match="seed"):
            game.new_game(3, {}, seed)


def test_unpack_refuses_missing_foreign_and_garbage_payloads():
    move = galileo_pb2.Move(pick=galileo_pb2.Pick(scientist=3))
    assert unpack(pack(move), galileo_pb2.Move, "move") == move
    with pytest.raises(MalformedMessage, match="missing"):
        unpack(any_pb2.Any(), galileo_pb2.Move, "move")
    with pytest.raises(MalformedMessage, match="google.protobuf.Empty"):
        unpack(pack(empty_pb2.Empty()), galileo_pb2.Move, "move")
    garbage = pack(move)
    garbage.value = b"\xff\xff\xff"
    with pytest.raises(MalformedMessage, match="could not be decoded") as undecodable:
        unpack(garbage, galileo_pb2.Move, "move")
    assert undecodable.value.text == i18n.Text("rules-message-undecodable", {"what": "move"})
    assert i18n.render(undecodable.value.text, "de") == "Der Zug ließ sich nicht dekodieren"


def test_rules_addresses_become_dialable_targets_or_a_clear_error():
    assert channel_target(["rules:50051"]) == "rules:50051"
    assert channel_target(["dns:///rules:50051"]) == "dns:///rules:50051"
    assert channel_target(["10.0.0.1:1", "10.0.0.2:1"]) == "ipv4:10.0.0.1:1,10.0.0.2:1"
    assert channel_target(["[::1]:1", "[::2]:1"]) == "ipv6:[::1]:1,[::2]:1"
    with pytest.raises(SettingsError, match="dns:///"):
        channel_target(["rules-a:1", "rules-b:1"])


def test_choice_options_that_name_their_count_refuse_other_counts():
    info = dataclasses.replace(
        INFO,
        options=(
            ChoiceOption(
                "colours", "one per seat", ("red", "blue", "green", "gold"), per_seat=True
            ),
            ChoiceOption("bonuses", "exactly two", ("x", "y", "z"), count=2),
            ChoiceOption("teams", "any number", ("red", "blue", "green")),
        ),
    )
    info.check_choice_counts(3, {"colours": ("red", "blue", "gold"), "bonuses": ("x", "z")})
    info.check_choice_counts(2, {"colours": ("gold", "red"), "teams": ("red",)})
    # No names at all is the default: the title decides.
    info.check_choice_counts(4, info.resolve_options({}))
    with pytest.raises(InvalidSetup, match="'colours' takes 3 names for 3 players, not 2"):
        info.check_choice_counts(3, {"colours": ("red", "blue")})
    with pytest.raises(InvalidSetup, match="'colours' takes 2 names for 2 players, not 3"):
        info.check_choice_counts(2, {"colours": ("red", "blue", "gold")})
    with pytest.raises(InvalidSetup, match="'bonuses' takes 2 names"):
        info.check_choice_counts(4, {"bonuses": ("x",)})


# -- a title's fields, written once -----------------------------------------------------------


@dataclass(slots=True, kw_only=True)
class Counters(SlotsState):
    """A toy state: one seat counting up, with a turn of its own and a cache."""

    count: int
    last: int | None
    turn: int  # no default, though `State.turn` is a property
    _cache: dict[int, int] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def num_players(self) -> int:
        return 1

    def to_move(self) -> tuple[int, ...]:
        return (0,)

    def is_terminal(self) -> bool:
        return False

    def scores(self) -> tuple[int, ...]:
        return (self.count,)

    def winners(self) -> tuple[int, ...]:
        return ()

    def legal_moves(self, seat: int) -> list[int]:
        return [1]

    def apply(self, seat: int, move: int) -> Transition:
        state = self._copy()
        state.count += move
        state.step += 1
        return Transition(state, [])

    def view(self, viewer: Viewer) -> object:
        return self


def test_a_dataclass_state_is_built_by_keyword_copied_and_compared_without_its_caches():
    state = Counters(rules_version="demo/1.0", count=2, last=None, turn=7)
    assert (state.step, state.move_count, state.turn) == (0, 0, 7)
    state._cache[1] = 1
    assert state == Counters(rules_version="demo/1.0", count=2, last=None, turn=7)
    assert "_cache" not in repr(state)
    after = state.apply(0, 1).state
    assert (after.count, after.step, state.count, state.step) == (3, 1, 2, 0)
    assert after != state and replace(after, count=2, step=0) == state
    with pytest.raises(TypeError):
        hash(state)
    with pytest.raises(TypeError, match="turn"):
        Counters(rules_version="demo/1.0", count=2, last=None)
    with pytest.raises(TypeError, match="extra"):
        Counters(rules_version="demo/1.0", count=2, last=None, turn=7, extra=1)


def test_fields_of_the_same_name_are_copied_between_dataclasses():
    seats = (SeatView(2, (1, 2)), SeatView(0, ()))
    got = build(SeatView, seats[0], hand_size=5)
    assert got == SeatView(5, (1, 2))
    columns_ = columns(seats, "played", sizes="hand_size")
    assert columns_ == {"played": ((1, 2), ()), "sizes": (2, 0)}
    table = SimpleNamespace(**columns_)
    assert row(table, 1, "played", hand_size="sizes") == {"played": (), "hand_size": 0}


def test_scalar_fields_of_the_same_name_go_to_a_message_and_back():
    state = Counters(rules_version="galileo/1.0", count=3, last=None, turn=0, step=4, move_count=5)
    message = to_message(galileo_pb2.State, state, round=2)
    assert message == galileo_pb2.State(rules_version="galileo/1.0", round=2, step=4, move_count=5)
    assert message_fields(message, Counters) == {
        "rules_version": "galileo/1.0",
        "step": 4,
        "move_count": 5,
    }
    assert from_message(Counters, message, count=3, last=None, turn=0) == state
    # repeated fields come back as tuples; an unset field with presence as None
    view = eynsteyn_pb2.View(placement_passes=1)
    values = message_fields(view, EynsteynCells)
    assert values == {"placement_passes": 1, "winner": None, "turn": 0}
    won = to_message(eynsteyn_pb2.View, EynsteynCells(placement_passes=0, winner=0, turn=0))
    assert won.HasField("winner") and won.winner == 0
    assert not to_message(eynsteyn_pb2.View, EynsteynCells(0, None, 0)).HasField("winner")
    picks = message_fields(galileo_pb2.PicksRevealed(scientists=[3, 1]), Revealed)
    assert picks == {"scientists": (3, 1)}


def test_an_event_goes_in_the_oneof_member_of_its_class_name():
    event = in_oneof(galileo_pb2.Event, galileo_pb2, PicksRevealed((3, 1), (1, 0)))
    assert event == galileo_pb2.Event(
        picks_revealed=galileo_pb2.PicksRevealed(scientists=[3, 1], order=[1, 0])
    )
    with pytest.raises(TypeError, match="not a playhall.galileo.v1.Event"):
        in_oneof(galileo_pb2.Event, galileo_pb2, Revealed((3,)))
    with pytest.raises(TypeError, match="holds no one playhall.galileo.v1.SeatView"):
        in_oneof(galileo_pb2.Event, galileo_pb2, SeatView(1, ()))


@dataclass(frozen=True)
class SeatView:
    hand_size: int
    played: tuple[int, ...]


class EynsteynCells(NamedTuple):
    placement_passes: int
    winner: int | None
    turn: int


@dataclass(frozen=True)
class Revealed:
    scientists: tuple[int, ...]


@dataclass(frozen=True)
class PicksRevealed:
    scientists: tuple[int, ...]
    order: tuple[int, ...]
