"""Rule scenarios for the Inventors engine (docs/rules/inventors.md). A test's rule number is
that of the settled point of the title's specification the scenario plays.

Each test plays one rule: the data tables, the deal of every age, work and its placement, the
refresh, genius cubes, finishing an invention and its rewards, upgrades and coffee, the shape of
a turn, the end of an age, the final upgrades, scoring (the series bonus against a brute force)
and the winner, and the hidden information.

Positions come from `GAME.new_game` or are built by hand with `build`, which accounts for every
invention and tile (the codec accepts each one, so no test plays a position the engine could
not reach by its own bookkeeping).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields, replace

import pytest

from playhall.core import SPECTATOR, Event, IllegalMove, NotYourTurn, Rng, RuleError
from playhall.core.errors import MalformedMessage
from playhall.core.i18n import Text, render
from playhall.games.inventors import GAME
from playhall.games.inventors.data import (
    AGE_DECKS,
    ALL_TILES,
    INVENTIONS,
    TEAMS,
    Discipline,
    Knowledge,
    Tile,
)
from playhall.games.inventors.engine import (
    AgeEnded,
    AgeStarted,
    Done,
    EndTurn,
    GameEnded,
    InventionFinished,
    InventorsState,
    Pass,
    Phase,
    Refresh,
    RewardTaken,
    Slot,
    TakePatent,
    TakeTile,
    Upgrade,
    UseCoffee,
    Work,
)
from playhall.games.inventors.scoring import series_bonus

SEED = b"inventors-unit-tests"
P, C, ME, MA = Discipline

# Settled point 3, copied from the rules page (not from teams.json): start -> goal, goal VP.
RULES_TEAMS = {
    "red": [("Einstein", "P1 Ma1", "P3 Ma3", 9), ("Curie", "P1 C1", "P2 C3", 6),
            ("Edison", "P1 Me1", "P3 Me2", 6), ("Tesla", "Me2", "Me4", 3)],
    "yellow": [("Galileo", "P1 C1", "P3 C2", 6), ("Newton", "P1 Me1", "P3 Ma2", 9),
               ("Pascal", "Me1 Ma1", "Me2 Ma3", 6), ("Boyle", "C2", "C4", 3)],
    "purple": [("Lovelace", "Me1 Ma1", "Me1 Ma3", 3), ("Lavoisier", "C1 Ma1", "C3 Ma2", 6),
               ("Watt", "P1 Me1", "P2 Me3", 6), ("Faraday", "P1 C1", "P3 C3", 9)],
    "green": [("Archimedes", "P1 Me1", "P3 Me3", 9), ("Aristotle", "P1 Ma1", "P2 Ma3", 6),
              ("Hippocrates", "C1 Ma1", "C3 Ma2", 6), ("Hypatia", "Ma2", "Ma4", 3)],
    "blue": [("Fibonacci", "Me1 Ma1", "Me2 Ma4", 9), ("Gutenberg", "Me2", "Me4", 3),
             ("Oresme", "P1 Ma1", "P3 Ma2", 6), ("Hildegard", "P1 C1", "P2 C3", 6)],
}  # fmt: skip
# Settled point 4: name, fields (P, C, Me, Ma), category, per age.
RULES_INVENTIONS = [
    "Fire 3,1,0,1 5 | Oil lamp 2,3,0,0 5 | Bow 1,0,2,2 0 | Stone axe 2,0,2,1 0 | "
    "Canoe 2,0,1,2 1 | Wheel 1,0,3,1 1 | Smoke signals 1,3,0,1 2 | Papyrus 0,3,1,1 2 | "
    "Flute 2,0,2,1 3 | Dice 0,1,2,2 3 | Sundial 2,0,0,3 4 | Water clock 1,1,2,1 4",
    "Crossbow 1,0,4,2 0 | Pistol 2,3,1,1 0 | Hot-air balloon 1,3,1,2 1 | Caravel 1,1,3,2 1 | "
    "Printing press 1,2,3,1 2 | Optical telegraph 2,0,3,2 2 | Fireworks 3,4,0,0 3 | "
    "Piano 1,0,4,2 3 | Hourglass 2,2,1,2 4 | Mechanical clock 1,0,3,3 4 | "
    "Lightning rod 4,1,1,1 5 | Voltaic pile 3,3,0,1 5",
    "Gatling gun 1,2,4,2 0 | Revolver 1,2,3,3 0 | Automobile 1,3,4,1 1 | Zeppelin 2,4,1,2 1 | "
    "Telephone 3,1,2,3 2 | Radio 4,1,2,2 2 | Photography 2,4,1,2 3 | Cinema 3,2,3,1 3 | "
    "Pocket watch 1,1,4,3 4 | Chronometer 2,0,4,3 4 | Light bulb 4,3,1,1 5 | Dynamo 4,1,3,1 5",
]
# Settled point 5.
RULES_TILES = {
    Tile.VICTORY_1: 3, Tile.VICTORY_2: 3, Tile.VICTORY_3: 2, Tile.UPGRADE_2: 14,
    Tile.UPGRADE_3: 11, Tile.UPGRADE_4: 5, Tile.COFFEE: 4, Tile.GENIUS: 4, Tile.STAR: 4,
}  # fmt: skip
SHORT = {"P": P, "C": C, "Me": ME, "Ma": MA}


def spelt(values: str) -> Knowledge:
    """'P1 Ma3' as a knowledge tuple."""
    knowledge = [0, 0, 0, 0]
    for part in values.split():
        knowledge[SHORT[part.rstrip("0123456789")]] = int(part.lstrip("PCMea"))
    return (knowledge[0], knowledge[1], knowledge[2], knowledge[3])


INVENTION_ID = {card.name: card.id for card in INVENTIONS}


# -- building positions ------------------------------------------------------------------------


def slot(name: str, cubes: Mapping[int, str] = {}, tiles=(Tile.UPGRADE_2, Tile.UPGRADE_3)) -> Slot:
    """A revealed invention with the cubes of each seat ('P2 C1': two on Physics, one on
    Chemistry)."""
    fields: list[tuple[int, ...]] = [(), (), (), ()]
    for seat, spec in cubes.items():
        for discipline, count in enumerate(spelt(spec)):
            fields[discipline] += (seat,) * count
    return Slot(INVENTION_ID[name], tuple(sorted(tiles)), tuple(fields))  # type: ignore[arg-type]


def build(
    players: int = 2,
    *,
    table: Sequence[Slot],
    age: int = 1,
    knowledge: Mapping[tuple[int, int], str] = {},
    inactive: Iterable[tuple[int, int]] = (),
    held: Mapping[int, Sequence[Tile]] = {},
    patents: Mapping[int, Sequence[str]] = {},
    current: int = 0,
    phase: Phase = Phase.MAIN,
    teams: Sequence[int] | None = None,
) -> InventorsState:
    """A position of age `age`: the given inventions on the table, the rest of that age in its
    deck, earlier ages' other cards discarded; the given tiles held or on inventions, the rest
    in the bag. Inventors not named in `knowledge` keep their team's start."""
    teams = tuple(teams) if teams is not None else tuple(range(players))
    team_knowledge = [[inventor.knowledge for inventor in TEAMS[team].inventors] for team in teams]
    for (seat, inventor), values in knowledge.items():
        team_knowledge[seat][inventor] = spelt(values)
    active = [[True] * 4 for _ in teams]
    for seat, inventor in inactive:
        active[seat][inventor] = False
    patent_ids = {
        seat: tuple(INVENTION_ID[name] for name in names) for seat, names in patents.items()
    }
    used = {s.invention for s in table} | {card for cards in patent_ids.values() for card in cards}
    decks = tuple(
        tuple(card for card in deck if card not in used) if number >= age else ()
        for number, deck in enumerate(AGE_DECKS, start=1)
    )
    discarded = tuple(card for deck in AGE_DECKS[: age - 1] for card in deck if card not in used)
    tiles = Counter(tile for s in table for tile in s.tiles)
    for cards in held.values():
        tiles.update(cards)
    bag = Counter(ALL_TILES) - tiles
    state = InventorsState(
        teams=teams,
        knowledge=tuple(tuple(k) for k in team_knowledge),
        active=tuple(tuple(a) for a in active),
        held=tuple(tuple(sorted(held.get(seat, ()))) for seat in range(players)),
        patents=tuple(patent_ids.get(seat, ()) for seat in range(players)),
        table=tuple(table),
        decks=decks,
        bag=tuple(sorted(bag.elements())),
        discarded_inventions=discarded,
        spent_tiles=(),
        reward=None,
        final_queue=(),
        age=age,
        phase=phase,
        current=current,
        passes=0,
        start_player=0,
        rules_version=GAME.info.rules_version,
    )
    assert GAME.codec.decode_state(GAME.codec.encode_state(state)) == state
    return state


FILLER = ("Bow", "Stone axe", "Canoe", "Wheel", "Flute")


def fillers(count: int = 3) -> list[Slot]:
    """Untouched age-I inventions, to keep an age from ending."""
    return [slot(name) for name in FILLER[:count]]


def copy_of(state: InventorsState) -> InventorsState:
    return replace(state)


def play(state: InventorsState, *moves: tuple[int, object]) -> tuple[InventorsState, list]:
    """Applies (seat, move) pairs; returns the state and the public events."""
    events: list[Event] = []
    for seat, move in moves:
        state, new = state.apply(seat, move)
        events += new
    return state, [event.public for event in events]


def of_type(events: Iterable[object], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]


def assert_refused(
    state: InventorsState, seat: int, move, reason: str, error: type[RuleError] = IllegalMove
) -> RuleError:
    """The move is refused with this error class and a reason containing `reason`, not listed
    as legal, and the state does not change. The refusal, for its key and arguments."""
    before = copy_of(state)
    with pytest.raises(RuleError) as caught:
        state.apply(seat, move)
    assert type(caught.value) is error
    assert reason in caught.value.reason
    assert move not in state.legal_moves(seat)
    assert state == before
    return caught.value


def cubes_on(state: InventorsState, name: str) -> tuple[tuple[int, ...], ...]:
    return next(s.cubes for s in state.table if s.invention == INVENTION_ID[name])


# -- 3, 4, 5: the data -------------------------------------------------------------------------


def test_rule_3_teams_match_the_rules_table():
    assert [team.name for team in TEAMS] == list(RULES_TEAMS)
    for team in TEAMS:
        expected = [
            (name, spelt(start), spelt(goal), points)
            for name, start, goal, points in RULES_TEAMS[team.name]
        ]
        assert [tuple(inventor) for inventor in team.inventors] == expected


def test_rule_4_inventions_match_the_rules_table():
    for age, table in enumerate(RULES_INVENTIONS, start=1):
        expected = []
        for entry in table.split(" | "):
            name, fields, category = entry.rsplit(" ", 2)
            expected.append((name, tuple(int(f) for f in fields.split(",")), int(category), age))
        cards = [card for card in INVENTIONS if card.age == age]
        assert [(c.name, c.fields, c.category, c.patent_points) for c in cards] == expected
        assert Counter(c.category for c in cards) == {category: 2 for category in range(6)}


def test_rule_5_the_bag_holds_the_fifty_tiles_of_the_table():
    assert Counter(ALL_TILES) == RULES_TILES
    assert len(GAME.new_game(5, {}, SEED).bag) + 2 * 8 == 50


# -- 1, 6, 14: setup ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_6_every_age_reveals_players_plus_three_inventions_with_two_tiles(players):
    """Rule 6: ages I, II and III each start with players + 3 of their own inventions, two
    tiles from the bag on each; the bag is never refilled."""
    state = GAME.new_game(players, {}, SEED)
    starts = [(state, GAME.setup_events(state)[0].public)]
    rng = Rng.from_int(players)
    while not state.is_terminal():
        seat = state.to_move()[0]
        state, events = play(state, (seat, rng.choice(state.legal_moves(seat))))
        starts += [(state, event) for event in of_type(events, AgeStarted)]
    assert [event.age for _, event in starts] == [1, 2, 3]
    bag = 50
    for after, event in starts:
        assert len(event.revealed) == players + 3
        assert {r.invention for r in event.revealed} <= set(AGE_DECKS[event.age - 1])
        assert all(len(r.tiles) == 2 for r in event.revealed)
        bag -= 2 * (players + 3)
        if after.age == event.age and after.phase is Phase.MAIN and not after.passes:
            assert after.view(None).deck_sizes[event.age - 1] == 12 - players - 3
    assert len(state.bag) == bag


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_1_each_seat_starts_with_its_team_fifteen_cubes_and_active_inventors(players):
    state = GAME.new_game(players, {}, SEED)
    assert state.teams == tuple(range(players))
    for seat in range(players):
        assert state.supply(seat) == 15
        assert all(state.active[seat])
        assert state.knowledge[seat] == tuple(i.knowledge for i in TEAMS[seat].inventors)
    starts = {GAME.new_game(players, {}, b"seed-%d" % i).current for i in range(40)}
    assert starts == set(range(players)), "the start player is drawn at random"


def test_rule_14_the_teams_option_gives_each_seat_its_named_team():
    state = GAME.new_game(3, {"teams": ("blue", "red", "green")}, SEED)
    assert [TEAMS[team].name for team in state.teams] == ["blue", "red", "green"]


# -- 7: work, refresh, pass ---------------------------------------------------------------------


def test_rule_7_work_places_min_of_knowledge_and_free_fields_and_loses_the_excess():
    """Einstein with P4 Me3 Ma2 on a Fire (P3 C1 Ma1) with one Mathematics field taken: three
    Physics cubes, nothing on Mechanics (no fields), nothing on Mathematics (full)."""
    state = build(table=[slot("Fire", {1: "Ma1"}), *fillers()], knowledge={(0, 0): "P4 Me3 Ma2"})
    after, events = play(state, (0, Work(0, INVENTION_ID["Fire"])))
    assert cubes_on(after, "Fire") == ((0, 0, 0), (), (), (1,))
    assert events[0].placed == (3, 0, 0, 0)
    assert after.supply(0) == 12
    assert after.active[0] == (False, True, True, True)


def test_rule_7_with_too_few_cubes_physics_is_filled_first_then_chemistry():
    """Two cubes left and an inventor knowing P1 C1 Me1 Ma1: Physics and Chemistry get them."""
    busy = [slot("Bow", {0: "P1 Me2"}), slot("Stone axe", {0: "P1 Me2"})]
    busy += [slot("Canoe", {0: "P2 Me1 Ma1"}), slot("Wheel", {0: "Me3"})]
    state = build(table=[slot("Water clock"), *busy], knowledge={(0, 1): "P1 C1 Me1 Ma1"})
    assert state.supply(0) == 2
    after, _ = play(state, (0, Work(1, INVENTION_ID["Water clock"])))
    assert cubes_on(after, "Water clock") == ((0,), (0,), (), ())
    assert after.supply(0) == 0


def test_rule_7_an_inventor_cannot_work_twice_before_a_refresh():
    state = build(table=[slot("Fire"), *fillers()], held={0: [Tile.VICTORY_2]})
    fire = INVENTION_ID["Fire"]
    state, _ = play(state, (0, Work(0, fire)), (0, EndTurn()), (1, Work(0, fire)))
    if state.phase is Phase.AFTER:
        state, _ = play(state, (1, EndTurn()))
    refusal = assert_refused(state, 0, Work(0, fire), "already worked")
    assert refusal.text == Text("inventors-inventor-tired")
    state, _ = play(state, (0, Refresh()))
    assert state.active[0] == (True,) * 4


def test_rule_7_refresh_only_with_an_inactive_inventor():
    state = build(table=[slot("Fire"), *fillers()])
    assert_refused(state, 0, Refresh(), "nothing to refresh")
    tired = build(table=[slot("Fire"), *fillers()], inactive=[(0, 2)])
    after, events = play(tired, (0, Refresh()))
    assert after.active[0] == (True,) * 4 and after.current == 1


def test_rule_7_a_seat_with_all_cubes_on_inventions_cannot_work():
    busy = [slot("Bow", {0: "P1 Me2 Ma1"}), slot("Stone axe", {0: "P2 Me2"})]
    busy += [slot("Canoe", {0: "P2 Me1 Ma1"}), slot("Wheel", {0: "Me3"})]
    state = build(table=[slot("Fire"), *busy])
    assert state.supply(0) == 0
    assert_refused(state, 0, Work(0, INVENTION_ID["Fire"]), "All your cubes")
    assert not [m for m in state.legal_moves(0) if isinstance(m, Work)]
    assert state.legal_moves(0) == [Pass()], "nothing to refresh either: the seat passes"


def test_rule_7_pass_only_when_no_main_action_is_legal():
    state = build(table=[slot("Fire"), *fillers()])
    assert Pass() not in state.legal_moves(0)
    assert_refused(state, 0, Pass(), "passing is not allowed")


def test_rule_7_genius_tile_places_two_more_cubes_of_the_named_disciplines():
    state = build(table=[slot("Fire"), *fillers()], held={0: [Tile.GENIUS]})
    fire = INVENTION_ID["Fire"]
    # Einstein (P1 Ma1) places P and Ma; the genius cubes go to Physics and Chemistry.
    after, events = play(state, (0, Work(0, fire, (P, C))))
    assert cubes_on(after, "Fire") == ((0, 0), (0,), (), (0,))
    assert events[0].placed == (2, 1, 0, 1)
    assert after.held[0] == () and Tile.GENIUS in after.spent_tiles
    # Mathematics has one field, which Einstein fills: naming it for a genius cube is refused.
    assert_refused(state, 0, Work(0, fire, (P, MA)), "extra cubes")
    assert_refused(state, 0, Work(0, fire, (ME, P)), "extra cubes")
    assert_refused(build(table=[slot("Fire"), *fillers()]), 0, Work(0, fire, (P, C)), "no genius")


def test_rule_7_genius_cubes_alone_make_work_legal_when_knowledge_fits_nothing():
    """Tesla (Me2) fits no field of Oil lamp (P2 C3), but a genius tile places two cubes."""
    state = build(table=[slot("Oil lamp"), *fillers()], held={0: [Tile.GENIUS]})
    lamp = INVENTION_ID["Oil lamp"]
    assert Work(3, lamp) not in state.legal_moves(0)
    assert Work(3, lamp, (C, C)) in state.legal_moves(0)
    after, _ = play(state, (0, Work(3, lamp, (P, C))))
    assert cubes_on(after, "Oil lamp") == ((0,), (0,), (), ())


# -- 8: finishing an invention ------------------------------------------------------------------


def test_rule_8_ranking_by_cubes_ties_to_the_finisher_then_clockwise():
    """Seat 1 finishes Fire; seats 0 and 2 have two cubes each, seat 1 one: the tie of 0 and 2
    goes clockwise from the finisher (2 before 0)."""
    table = [slot("Fire", {0: "P2", 2: "P1 C1"}), *fillers()]
    state = build(3, table=table, knowledge={(1, 0): "Ma1"}, current=1)
    after, events = play(state, (1, Work(0, INVENTION_ID["Fire"])))
    (finished,) = of_type(events, InventionFinished)
    assert finished.ranking == (2, 0, 1) and finished.finisher == 1
    assert after.to_move() == (2,)


def test_rule_8_a_finisher_tied_on_cubes_chooses_first():
    """Seat 1 finishes Fire with two cubes, as many as seat 0: seat 1 chooses first."""
    table = [slot("Fire", {0: "P2", 2: "C1"}), *fillers()]
    state = build(3, table=table, knowledge={(1, 0): "P1 Ma1"}, current=1)
    _, events = play(state, (1, Work(0, INVENTION_ID["Fire"])))
    assert of_type(events, InventionFinished)[0].ranking == (1, 0, 2)


def test_rule_8_three_rewards_at_most_the_fourth_contributor_gets_none():
    table = [slot("Fire", {1: "P1", 2: "P1", 3: "P1 C1"}), *fillers(4)]
    state = build(4, table=table, knowledge={(0, 0): "Ma1"})
    after, events = play(state, (0, Work(0, INVENTION_ID["Fire"])))
    assert of_type(events, InventionFinished)[0].ranking == (3, 0, 1, 2)
    after, more = play(after, (3, TakePatent()), (0, TakeTile(Tile.UPGRADE_3)))
    taken = of_type(events + more, RewardTaken)
    assert [t.seat for t in taken] == [3, 0, 1], "the third gets the last reward unasked"
    assert after.held[1] == (Tile.UPGRADE_2,) and after.held[2] == ()
    assert after.patents[3] == (INVENTION_ID["Fire"],)


def test_rule_8_with_two_contributors_one_reward_stays_unused():
    state = build(table=[slot("Fire", {1: "P1 C1"}), *fillers()], knowledge={(0, 0): "P2 Ma1"})
    after, _ = play(state, (0, Work(0, INVENTION_ID["Fire"])))
    assert after.to_move() == (0,) and after.phase is Phase.REWARD
    after, events = play(after, (0, TakeTile(Tile.UPGRADE_3)), (1, TakeTile(Tile.UPGRADE_2)))
    assert after.reward is None
    assert INVENTION_ID["Fire"] in after.discarded_inventions, "the patent nobody took leaves"
    assert not any(INVENTION_ID["Fire"] in p for p in after.patents)


def test_rule_8_cubes_go_back_to_their_owners():
    state = build(table=[slot("Fire", {1: "P1 C1"}), *fillers()], knowledge={(0, 0): "P2 Ma1"})
    assert state.supply(1) == 13
    after, _ = play(state, (0, Work(0, INVENTION_ID["Fire"])))
    assert after.supply(0) == after.supply(1) == 15
    assert INVENTION_ID["Fire"] not in {s.invention for s in after.table}


def test_rule_8_a_sole_contributor_takes_one_reward_and_the_others_leave():
    state = build(table=[slot("Fire"), *fillers()], knowledge={(0, 0): "P3 C1 Ma1"})
    after, _ = play(state, (0, Work(0, INVENTION_ID["Fire"])))
    choices = [TakePatent(), TakeTile(Tile.UPGRADE_2), TakeTile(Tile.UPGRADE_3)]
    assert after.legal_moves(0) == choices
    after, _ = play(after, (0, TakePatent()))
    assert after.patents[0] == (INVENTION_ID["Fire"],) and after.held[0] == ()
    assert Counter(after.spent_tiles) == Counter([Tile.UPGRADE_2, Tile.UPGRADE_3])
    assert after.current == 1, "nothing left to use: the turn ended by itself"


def test_rule_8_a_reward_is_another_seats_move_in_the_middle_of_the_turn():
    state = build(table=[slot("Fire", {1: "P3"}), *fillers()], knowledge={(0, 0): "C1 Ma1"},
                  held={0: [Tile.UPGRADE_2]})  # fmt: skip
    after, _ = play(state, (0, Work(0, INVENTION_ID["Fire"])))
    assert after.to_move() == (1,) and after.current == 0
    refusal = assert_refused(after, 0, EndTurn(), "not your turn", NotYourTurn)
    assert refusal.text == Text("inventors-not-your-turn", {"seat": 1})
    assert after.turn != state.turn
    after, _ = play(after, (1, TakePatent()))
    # Seat 0 then takes what is left (a choice of two kinds) and its turn goes on.
    after, _ = play(after, (0, TakeTile(Tile.UPGRADE_3)))
    assert after.phase is Phase.AFTER and after.to_move() == (0,)


# -- 2, 7: upgrades, coffee and the shape of a turn ----------------------------------------------


def test_rule_2_an_upgrade_3_only_raises_a_2_to_3():
    state = build(table=fillers(5), knowledge={(0, 0): "P2 C1 Ma3"}, held={0: [Tile.UPGRADE_3]})
    after, events = play(state, (0, Upgrade(Tile.UPGRADE_3, 0, P, False)))
    assert after.knowledge[0][0] == (3, 1, 0, 3) and after.held[0] == ()
    for discipline, name, value in (
        (C, "chemistry", 1),
        (ME, "mechanics", 0),
        (MA, "mathematics", 3),
    ):
        refusal = assert_refused(
            state, 0, Upgrade(Tile.UPGRADE_3, 0, discipline, False), "only raises 2"
        )
        assert refusal.text == Text(
            "inventors-upgrade-raises-one",
            {"target": 3, "below": 2, "discipline": name, "value": value},
        )
        assert refusal.reason == f"An upgrade 3 only raises 2 to 3; {name} is at {value}"


def test_rule_2_any_tile_used_as_a_one_only_raises_0_to_1():
    for tile in Tile:
        state = build(table=fillers(5), held={0: [tile]})
        after, _ = play(state, (0, Upgrade(tile, 0, C, True)))
        assert after.knowledge[0][0] == (1, 1, 0, 1)
        refusal = assert_refused(state, 0, Upgrade(tile, 0, P, True), "only raises 0 to 1")
        assert refusal.text == Text(
            "inventors-back-raises-zero", {"discipline": "physics", "value": 1}
        )
    assert_refused(build(table=fillers(5), held={0: [Tile.STAR]}), 0,
                   Upgrade(Tile.STAR, 0, P, False), "Only an upgrade tile")  # fmt: skip


def test_a_refusal_names_the_invention_and_the_discipline_in_the_players_language():
    """Refusals travel as keys with ids: German and Persian players read the invention and the
    discipline in their own words (the German ones of the Erfinderteam rules)."""
    state = build(table=[slot("Fire"), *fillers()])
    press = INVENTION_ID["Printing press"]
    refusal = assert_refused(state, 0, Work(0, press), "not on the table")
    assert refusal.text == Text("inventors-invention-not-on-table", {"invention": press})
    assert refusal.reason.startswith("Printing press is not on the table now")
    german, persian = render(refusal.text, "de"), render(refusal.text, "fa")
    assert "„Druckerpresse“" in german and "دستگاه چاپ" in persian
    assert len({refusal.reason, german, persian}) == 3
    unknown = assert_refused(state, 0, Work(0, 99), "Choose one of the inventions")
    assert unknown.text == Text("inventors-choose-an-invention")

    upgrade = build(table=fillers(5), knowledge={(0, 0): "C2"}, held={0: [Tile.UPGRADE_2]})
    refusal = assert_refused(upgrade, 0, Upgrade(Tile.UPGRADE_2, 0, C, False), "only raises 1")
    german, persian = render(refusal.text, "de"), render(refusal.text, "fa")
    assert german == "Eine Aufwertung 2 hebt nur von 1 auf 2; Chemie steht auf 2"
    assert "شیمی" in persian and "chemistry" not in persian


def test_rule_2_knowledge_never_goes_above_4():
    state = build(table=fillers(5), knowledge={(0, 0): "P4 C3"},
                  held={0: [Tile.UPGRADE_4, Tile.UPGRADE_3, Tile.UPGRADE_2]})  # fmt: skip
    moves = [m for m in state.legal_moves(0) if isinstance(m, Upgrade) and m.inventor == 0]
    assert Upgrade(Tile.UPGRADE_4, 0, C, False) in moves
    assert not [m for m in moves if m.discipline is P]
    for tile in (Tile.UPGRADE_4, Tile.UPGRADE_3, Tile.UPGRADE_2):
        assert_refused(state, 0, Upgrade(tile, 0, P, False), "only raises")


def test_rule_7_coffee_reactivates_every_inventor():
    state = build(table=fillers(5), inactive=[(0, 0), (0, 3)], held={0: [Tile.COFFEE]})
    after, _ = play(state, (0, UseCoffee()))
    assert after.active[0] == (True,) * 4 and after.held[0] == ()
    assert after.phase is Phase.MAIN and after.current == 0, "a free action: the turn goes on"
    assert_refused(build(table=fillers(5), held={0: [Tile.COFFEE]}), 0, UseCoffee(), "active")


def test_rule_7_free_actions_before_and_after_the_main_action_then_an_explicit_end():
    state = build(table=[slot("Fire"), *fillers()], held={0: [Tile.UPGRADE_2, Tile.UPGRADE_2]})
    assert_refused(state, 0, EndTurn(), "main action")
    state, _ = play(state, (0, Upgrade(Tile.UPGRADE_2, 0, P, False)))
    assert state.phase is Phase.MAIN
    state, _ = play(state, (0, Work(0, INVENTION_ID["Fire"])))
    assert state.phase is Phase.AFTER and state.to_move() == (0,)
    assert_refused(state, 0, Refresh(), "already taken your main action")
    state, _ = play(state, (0, Upgrade(Tile.UPGRADE_2, 1, P, False)))
    # No tile left to use: the turn ended by itself.
    assert state.phase is Phase.MAIN and state.current == 1
    assert state.knowledge[0][0][P] == 2 and state.knowledge[0][1][P] == 2


def test_rule_7_the_turn_waits_for_end_turn_while_a_free_action_is_left():
    state = build(table=[slot("Fire"), *fillers()], held={0: [Tile.UPGRADE_2]})
    state, _ = play(state, (0, Work(0, INVENTION_ID["Fire"])))
    assert EndTurn() in state.legal_moves(0) and state.current == 0
    state, _ = play(state, (0, EndTurn()))
    assert state.current == 1 and state.held[0] == (Tile.UPGRADE_2,)


# -- 9: the end of an age -----------------------------------------------------------------------


def test_rule_9_the_age_ends_when_one_unfinished_invention_is_left():
    table = [slot("Fire", {1: "P3"}), slot("Bow", {1: "P1 Me1"})]
    state = build(table=table, knowledge={(0, 0): "C1 Ma1"}, inactive=[(0, 3), (1, 2)])
    after, events = play(
        state, (0, Work(0, INVENTION_ID["Fire"])), (1, TakePatent()), (0, TakeTile(Tile.UPGRADE_3))
    )
    assert of_type(events, AgeEnded) == [AgeEnded(1, (INVENTION_ID["Bow"],))]
    assert INVENTION_ID["Bow"] in after.discarded_inventions
    assert after.supply(0) == after.supply(1) == 15, "the Bow's cubes went back"
    assert Counter(after.spent_tiles) == Counter([Tile.UPGRADE_2] * 2 + [Tile.UPGRADE_3]), (
        "the Bow left with its tiles, and the Fire's tile nobody took"
    )
    assert after.age == 2 and {s.invention for s in after.table} <= set(AGE_DECKS[1])
    assert after.active == ((False, True, True, False), (True, True, False, True)), (
        "inventors are not reactivated"
    )
    assert after.current == 1 and after.phase is Phase.MAIN, "play goes on after the finisher"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_7_every_seat_passing_in_succession_ends_the_age(players):
    """Nobody can work (no knowledge) or refresh (all active): each seat passes in turn from
    the last seat, and the last pass ends the age; the seat after it plays on."""
    zero = {(seat, i): "P0" for seat in range(players) for i in range(4)}
    state = build(players, table=fillers(5), knowledge=zero, current=players - 1)
    order = [players - 1, *range(players - 1)]
    state, events = play(state, *((seat, Pass()) for seat in order[:-1]))
    assert state.passes == players - 1 and state.age == 1 and not of_type(events, AgeEnded)
    state, events = play(state, (order[-1], Pass()))
    assert of_type(events, AgeEnded)[0].age == 1
    assert state.age == 2 and state.current == players - 1 and state.passes == 0
    assert {s.invention for s in state.table} <= set(AGE_DECKS[1])


def test_rule_7_a_work_between_passes_restarts_the_count():
    zero = {(1, i): "P0" for i in range(4)}
    state = build(table=fillers(5), knowledge=zero, current=1)
    state, _ = play(state, (1, Pass()))
    state, _ = play(state, (0, Work(0, INVENTION_ID["Bow"])))
    assert state.passes == 0
    state, _ = play(state, (1, Pass()))
    assert state.age == 1 and state.passes == 1


# -- 10: final upgrades -------------------------------------------------------------------------


def test_rule_10_after_age_three_each_seat_may_still_upgrade_then_is_done():
    table = [slot("Radio", {1: "P3 C1 Me2 Ma2"}), slot("Dynamo")]
    state = build(age=3, table=table, knowledge={(0, 0): "P4"}, held={1: [Tile.VICTORY_3]})
    state, events = play(state, (0, Work(0, INVENTION_ID["Radio"])))
    state, more = play(state, (1, TakePatent()), (0, TakeTile(Tile.UPGRADE_2)))
    assert state.phase is Phase.FINAL and state.to_move() == (1,), "from the seat after"
    assert Done() in state.legal_moves(1)
    state, _ = play(state, (1, Done()))
    assert state.to_move() == (0,)
    state, events = play(state, (0, Upgrade(Tile.UPGRADE_2, 2, P, False)))
    assert state.is_terminal() and of_type(events, GameEnded)
    assert state.knowledge[0][2][P] == 2


# -- 11, 12: scoring and the winner -------------------------------------------------------------


def test_rule_11_a_goal_scores_only_when_every_listed_discipline_reaches_its_target():
    einstein = TEAMS[0].inventors[0]
    base = build(table=fillers(5)).scores()[0]
    for values in ("P3 Ma2", "P2 Ma3", "P3 Ma3", "P4 C1 Ma4"):
        state = build(table=fillers(5), knowledge={(0, 0): values})
        met = all(have >= want for have, want in zip(spelt(values), einstein.goal, strict=True))
        assert state.scores()[0] == base + (einstein.points if met else 0)
    assert base == 0


def _brute_force_series(categories: Sequence[int], stars: int) -> int:
    """Every split of the patents and stars into groups; a group scores k when its patents
    have distinct categories and, with its stars standing for the missing numbers, it is
    exactly 0..k."""
    items = [("patent", c) for c in categories] + [("star", 0)] * stars
    best = 0
    for groups in _partitions(list(range(len(items)))):
        total = 0
        for group in groups:
            cats = [items[i][1] for i in group if items[i][0] == "patent"]
            top = len(group) - 1
            if len(set(cats)) == len(cats) and all(c <= top for c in cats) and top > 0:
                total += top
        best = max(best, total)
    return best


def _partitions(items: list[int]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in _partitions(rest):
        for i in range(len(smaller)):
            yield smaller[:i] + [[first, *smaller[i]]] + smaller[i + 1 :]
        yield [[first], *smaller]


def test_rule_11_the_series_split_is_the_best_of_every_split():
    """Against a brute force over thousands of random collections of patents and stars (stars
    standing for any number, also 6 and above)."""
    rng = Rng.from_int(11)
    for _ in range(2500):
        count = rng.below(7)
        categories = [rng.below(6) for _ in range(count)]
        stars = rng.below(4) if count < 6 else rng.below(2)
        assert series_bonus(categories, stars) == _brute_force_series(categories, stars), (
            categories,
            stars,
        )


def test_rule_11_stars_continue_a_series_beyond_five():
    full = list(range(6))
    assert series_bonus(full, 2) == _brute_force_series(full, 2) == 7


def test_rule_11_the_score_adds_goals_tiles_patents_and_series():
    held = {0: [Tile.VICTORY_3, Tile.VICTORY_1, Tile.STAR, Tile.UPGRADE_4]}
    patents = {0: ["Bow", "Canoe", "Crossbow"]}
    state = build(age=2, table=[slot("Pistol"), slot("Caravel")], held=held, patents=patents,
                  knowledge={(0, 3): "Me4"})  # fmt: skip
    # Tesla's goal (3) + tiles 3 + 1 + patents 1 + 1 + 2 + series {0, 1, star} = 2.
    goal = TEAMS[0].inventors[3].points
    assert state.scores()[0] == goal + 4 + 4 + _brute_force_series([0, 1, 0], 1)


def _over(held: Mapping[int, Sequence[Tile]], patents: Mapping[int, Sequence[str]], players=2):
    state = build(players, age=3, table=[slot("Radio"), slot("Dynamo")], held=held,
                  patents=patents)  # fmt: skip
    over = replace(state, table=(), phase=Phase.OVER,
                   discarded_inventions=state.discarded_inventions
                   + (INVENTION_ID["Radio"], INVENTION_ID["Dynamo"]),
                   spent_tiles=tuple(sorted([Tile.UPGRADE_2, Tile.UPGRADE_3] * 2)))  # fmt: skip
    assert GAME.codec.decode_state(GAME.codec.encode_state(over)) == over
    return over


def test_rule_12_most_points_wins_ties_go_to_more_patents_then_shared():
    over = _over({0: [Tile.VICTORY_3]}, {1: ["Gatling gun"]})
    assert over.scores()[0] == over.scores()[1] and over.winners() == (1,)
    over = _over({0: [Tile.VICTORY_1, Tile.VICTORY_2], 1: [Tile.VICTORY_3]},
                 {0: ["Revolver"], 1: ["Gatling gun"]})  # fmt: skip
    assert over.scores()[0] == over.scores()[1] and over.winners() == (0, 1)
    over = _over({0: [Tile.VICTORY_3, Tile.VICTORY_1]}, {1: ["Gatling gun"]})
    assert over.winners() == (0,) and over.scores()[0] > over.scores()[1]


# -- 13: hidden information ---------------------------------------------------------------------


def _random_states(players: int, seed: int) -> list[InventorsState]:
    state = GAME.new_game(players, {}, b"hidden-%d" % seed)
    states, rng = [state], Rng.from_int(seed)
    while not state.is_terminal():
        seat = state.to_move()[0]
        state, _ = play(state, (seat, rng.choice(state.legal_moves(seat))))
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 5])
def test_rule_13_determinize_reshuffles_exactly_the_decks_order_and_the_bag(players):
    rng = Rng.from_int(13)
    reshuffled = 0
    for state in _random_states(players, players)[::4]:
        for viewer in (SPECTATOR, *range(players)):
            sampled = GAME.determinize(state.view(viewer), rng)
            for name in (field.name for field in fields(InventorsState)):
                if name not in ("decks", "bag"):
                    assert getattr(sampled, name) == getattr(state, name), name
            assert [sorted(d) for d in sampled.decks] == [sorted(d) for d in state.decks]
            assert sorted(sampled.bag) == sorted(state.bag)
            reshuffled += sampled.decks != state.decks or sampled.bag != state.bag
    assert reshuffled, "determinize never changed the hidden order"


def test_rule_13_the_view_holds_no_order_of_the_decks_or_the_bag():
    state = GAME.new_game(3, {}, SEED)
    view = state.view(0)
    assert view.deck_sizes == tuple(len(deck) for deck in state.decks)
    assert view.bag_size == len(state.bag)
    message = GAME.codec.encode_view(view)
    assert not hasattr(message, "decks") and not hasattr(message, "bag")


# -- the wire and the drawings -------------------------------------------------------------------


def _crafted(state: InventorsState, **changes) -> bytes:
    return GAME.codec.encode_state(replace(state, **changes)).SerializeToString()


@pytest.mark.parametrize(
    ("change", "reason", "text"),
    [
        ("a_card_twice", "every invention", Text("inventors-inconsistent-inventions")),
        ("a_tile_lost", "every reward tile", Text("inventors-inconsistent-tiles")),
        ("knowledge_5", "knowledge", Text("inventors-inconsistent-knowledge-range", {"most": 4})),
        (
            "sixteen_cubes",
            "more than 15 cubes",
            Text("inventors-inconsistent-cubes", {"cubes": 15}),
        ),
        ("reward_outside_its_phase", "reward phase", Text("inventors-inconsistent-reward-phase")),
        (
            "a_full_invention",
            "full but not finished",
            Text("inventors-inconsistent-invention-full", {"invention": 1}),
        ),
    ],
)
def test_a_crafted_state_is_refused_not_played(change, reason, text):
    base = build(table=[slot("Fire"), *fillers()])
    changes: dict[str, object] = {
        "a_card_twice": {"patents": ((INVENTION_ID["Fire"],), ())},
        "a_tile_lost": {"bag": base.bag[1:]},
        "knowledge_5": {"knowledge": ((spelt("P5"),) * 4, base.knowledge[1])},
        "sixteen_cubes": {
            "table": (
                slot("Fire", {0: "P3 C1"}),
                *[slot(n, {0: "P1 Me2 Ma1"}) for n in ("Bow", "Stone axe")],
                slot("Canoe", {0: "P1 Me1 Ma2"}),
            )
        },
        "reward_outside_its_phase": {"phase": Phase.REWARD},
        "a_full_invention": {"table": (slot("Fire", {0: "P3 C1 Ma1"}), *fillers())},
    }[change]
    wire = _crafted(base, **changes)
    with pytest.raises(MalformedMessage, match=reason) as refused:
        GAME.codec.decode_state(GAME.codec.state_message.FromString(wire))
    assert refused.value.text == text


def test_a_move_naming_an_unknown_tile_or_discipline_is_refused():
    message = GAME.codec.encode_move(Upgrade(Tile.STAR, 0, P, True))
    message.upgrade.tile = 42  # type: ignore[assignment]
    with pytest.raises(MalformedMessage, match="tile") as refused:
        GAME.codec.decode_move(message)
    assert refused.value.text == Text("inventors-unknown-tile", {"value": 42})
    work = GAME.codec.encode_move(Work(0, 1, (ME, P)))
    with pytest.raises(MalformedMessage, match="in order"):
        GAME.codec.decode_move(work)


def test_the_text_drawing_names_the_mover_and_every_inventor():
    state = build(table=[slot("Fire"), *fillers()])
    drawing = GAME.render_text(state.view(SPECTATOR))
    assert "seat 0 to play" in drawing
    for team in TEAMS[:2]:
        assert all(inventor.name in drawing for inventor in team.inventors)


def test_same_seed_same_game_and_different_seeds_differ():
    first = GAME.new_game(4, {}, SEED)
    assert GAME.new_game(4, {}, SEED) == first
    assert any(GAME.new_game(4, {}, b"other-%d" % i).decks != first.decks for i in range(3))


def test_evaluate_prefers_the_seat_ahead_in_points_and_in_reach():
    ahead = build(table=[slot("Fire", {0: "P3 C1"}), *fillers()], held={0: [Tile.VICTORY_3]})
    assert GAME.evaluate(ahead, 0) > 0.5 > GAME.evaluate(ahead, 1)
    even = build(table=fillers(5))
    assert GAME.evaluate(even, 0) == pytest.approx(GAME.evaluate(even, 1))


def test_order_moves_puts_a_finishing_work_first_and_keeps_every_move():
    state = build(table=[slot("Fire", {1: "P2 C1"}), *fillers()], held={0: [Tile.UPGRADE_2]})
    moves = state.legal_moves(0)
    ordered = GAME.order_moves(state, 0, moves)
    assert sorted(map(repr, ordered)) == sorted(map(repr, moves))
    assert ordered[0] == Work(0, INVENTION_ID["Fire"]), "Einstein's P1 Ma1 finishes the Fire"
