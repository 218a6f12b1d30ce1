"""Einstein's rules (docs/rules/einstein.md), each test naming the rule it checks."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from playhall.core import SPECTATOR, IllegalMove, MalformedMessage, NotYourTurn, Rng, play_random
from playhall.core.i18n import Text, render
from playhall.games.einstein import GAME
from playhall.games.einstein import engine as e
from playhall.games.einstein import geometry as g
from playhall.games.einstein.boards import checked_board
from playhall.games.einstein.cards import (
    DECKS,
    EINSTEINS,
    INSPIRATION_BY_ID,
    INSPIRATIONS,
    THEORIES,
    embedding,
)
from playhall.games.einstein.placement import BigIdea, Place, Tile, canonical
from playhall.games.einstein.theories import REQUIREMENTS, Placement

EMPTY = ((0, 0),) * 4


def _new(players: int = 2, seed: bytes = b"t") -> e.EinsteinState:
    return GAME.new_game(players, {}, seed)


def _with(state: e.EinsteinState, **fields) -> e.EinsteinState:
    return replace(state, **fields)


def _stock(*tiles: tuple[int, int]) -> e.Stock:
    """A stock holding the listed (shape, pattern) tiles."""
    counts = [[0, 0] for _ in range(4)]
    for shape, pattern in tiles:
        counts[shape][pattern] += 1
    return tuple((a, b) for a, b in counts)


def _events(transition, kind):
    return [event.public for event in transition.events if isinstance(event.public, kind)]


# -- setup and turns -------------------------------------------------------------------------


def test_rule_1_seats_follow_age_and_the_option_names_the_einsteins():
    """Rule 1: the first N Einsteins by default; the option's ones, in age order."""
    assert _new(3).einsteins == (0, 1, 2)
    chosen = GAME.new_game(2, {"einsteins": ("wise", "prime")}, b"s")
    assert chosen.einsteins == (EINSTEINS.index("prime"), EINSTEINS.index("wise"))
    assert sorted(chosen.hands[0] + chosen.piles[0]) == sorted(DECKS[1])


def test_rule_2_setup_deals_three_inspirations_and_reveals_three_theories():
    """Rule 2: each seat a hidden hand of 3 from its own 10; 3 Theories face up."""
    state = _new(4)
    for seat in range(4):
        assert len(state.hands[seat]) == 3 and len(state.piles[seat]) == 7
        assert set(state.hands[seat]) | set(state.piles[seat]) == set(DECKS[seat])
        assert state.stocks[seat] == ((3, 3),) * 4
    assert len(state.theories_up) == 3 and len(state.theory_deck) == 7
    assert state.current == 0 and state.prestige_supply == 30


def test_rule_5_a_turn_is_two_placements_by_the_same_seat():
    """Rule 5: the youngest places twice, then the next seat; the turn id stays put."""
    state = _new()
    first = state.legal_moves(0)[0]
    after_one = state.apply(0, first).state
    assert after_one.to_move() == (0,) and after_one.turn == state.turn
    assert after_one.step != state.step
    after_two = after_one.apply(0, after_one.legal_moves(0)[0]).state
    assert after_two.to_move() == (1,) and after_two.turn != state.turn
    with pytest.raises(NotYourTurn) as refused:
        after_two.apply(0, after_two.legal_moves(1)[0])
    assert refused.value.text == Text("einstein-not-your-turn", {"seat": 1})
    assert refused.value.reason == "It is not your turn: seat 1 places Ideas now"


def test_rule_5_the_turn_ends_early_when_no_placement_is_left():
    """Rule 5: with one tile in stock the turn ends after one placement; a seat with none
    places nothing and the turn passes on."""
    state = _new(4)
    state = state.apply(0, state.legal_moves(0)[0]).state
    state = state.apply(0, state.legal_moves(0)[0]).state
    stocks = (state.stocks[0], _stock((0, 0)), EMPTY, state.stocks[3])
    crafted = _with(state, stocks=stocks)
    move = next(m for m in crafted.legal_moves(1) if m.shape == 0)
    result = crafted.apply(1, move)
    ended = _events(result, e.TurnEnded)
    assert [(t.seat, t.placed) for t in ended] == [(1, 1), (2, 0)]
    assert result.state.to_move() == (3,) and result.state.placed_this_turn == 0


def test_rule_6_the_first_idea_is_any_tile_with_corner_0_at_the_origin():
    """Rule 6: 4 shapes x 2 patterns x 10 rotations; anything else is refused."""
    state = _new()
    moves = state.legal_moves(0)
    assert len(moves) == 80
    with pytest.raises(IllegalMove, match="centre") as refused:
        state.apply(0, Place(0, 0, 0, g.UNIT[0]))
    assert refused.value.text == Text("einstein-first-in-centre")
    assert state.legal_moves(1) == []


def test_rule_7_a_refused_placement_says_why_and_changes_nothing():
    """Rule 7: an overlapping or unmatched placement is refused with a reason."""
    state = _new()
    first = state.legal_moves(0)[0]
    state = state.apply(0, first).state
    with pytest.raises(IllegalMove, match="overlap") as refused:
        state.apply(0, first)
    assert refused.value.text == Text("einstein-overlap")
    with pytest.raises(IllegalMove, match="stock") as refused:
        _with(state, stocks=(EMPTY, state.stocks[1])).apply(0, state.legal_moves(0)[0])
    assert refused.value.text == Text("einstein-not-in-stock")


def test_rule_8_an_equivalent_description_is_accepted_as_the_canonical_move():
    """Rule 8: a star of pattern A turned 72 degrees about its centre is the listed move."""
    state = _new()
    star = next(m for m in state.legal_moves(0) if m.shape == 1 and m.pattern == 0)
    other = g.shifted(star.pose, 2)
    placed = state.apply(0, Place(1, 0, other.rotation, other.origin))
    assert _events(placed, e.IdeaPlaced)[0].move == star


# -- Inspirations ------------------------------------------------------------------------------


def _completing(card_id: int, turn: int = 0, offset: g.Vec = g.ORIGIN, owners=None):
    """A 3-seat state whose Big Idea holds card `card_id`'s shape but its last tile, turned
    and moved; and the move of seat 0 that completes it."""
    card = INSPIRATION_BY_ID[card_id]
    poses = [g.moved(g.turned(p, turn), offset) for p in card.poses]
    owners = owners or [1] * (len(poses) - 1)
    for patterns in _pattern_choices(len(poses)):
        tiles = tuple(
            Tile(canonical(p, pat), pat, owner)
            for p, pat, owner in zip(poses[:-1], patterns[:-1], owners, strict=True)
        )
        board = BigIdea.of(tiles)
        move = Place(poses[-1].shape, patterns[-1], poses[-1].rotation, poses[-1].origin)
        stock = ((3, 3),) * 4
        if not board.judge(move, stock)[2]:
            state = _new(3)
            state = _with(state, board=board, hands=((card_id,), *state.hands[1:]))
            return state, move
    raise AssertionError(f"no line patterns let card {card_id} be completed")


def _pattern_choices(count: int):
    for bits in range(2**count):
        yield [(bits >> i) & 1 for i in range(count)]


@pytest.mark.parametrize("turn", [0, 3, 7])
def test_rule_11_placing_the_last_tile_completes_the_card_up_to_rotation(turn):
    """Rule 11: the shape turned by 36-degree steps and moved still completes the card."""
    state, move = _completing(4, turn, (2, -1, 0, 3))
    result = state.apply(0, move)
    done = _events(result, e.InspirationCompleted)
    assert [d.card for d in done] == [4]
    assert result.state.completed[0] == (4,)
    assert 4 not in result.state.hands[0]


def test_rule_11_only_the_idea_just_placed_completes_a_card():
    """Rule 11: a shape already on the board completes nothing when the new tile is not in
    it."""
    state, move = _completing(4)
    whole = state.board.placed(Tile(move.pose, move.pattern, 1))
    card = INSPIRATION_BY_ID[4]
    assert embedding(card, whole.outlines, g.outline(move.pose)) is not None
    state = _with(state, board=BigIdea.of(whole.tiles))
    outside = [
        m
        for m in state.legal_moves(0)
        if embedding(
            card, state.board.placed(Tile(m.pose, m.pattern, 0)).outlines, g.outline(m.pose)
        )
        is None
    ]
    assert outside
    result = state.apply(0, outside[0])
    assert not _events(result, e.InspirationCompleted)
    assert result.state.hands[0] == (4,)


def test_rule_11_mirror_images_never_complete_a_card():
    """Rule 11: a chiral card's mirrored shape is no match."""
    for card in INSPIRATIONS:
        mirrored = [_mirror(p) for p in card.poses]
        board = BigIdea.of(tuple(Tile(canonical(p, 0), 0, 1) for p in mirrored))
        chiral = embedding(card, board.outlines, g.outline(mirrored[-1])) is None
        if chiral:
            return
    raise AssertionError("no chiral card to test")


def _mirror(pose: g.Pose) -> g.Pose:
    """The mirror image (about the real axis) of a pose, as a pose of the same shape."""

    def conj(v: g.Vec) -> g.Vec:
        point = g.ORIGIN
        for k, c in enumerate(v):
            point = g.add(point, tuple(c * x for x in g.UNIT[-k % 10]))
        return point

    mirrored = {conj(c) for c in g.corners(pose)}
    for rotation in range(10):
        for corner in mirrored:
            candidate = g.Pose(pose.shape, rotation, corner)
            if set(g.corners(candidate)) == mirrored:
                return candidate
    raise AssertionError("every Idea shape is mirror-symmetric")


def test_rule_11_one_placement_may_complete_several_cards():
    """Rule 11: two cards of the hand completed by one tile, both scored."""
    state, move = _completing(4)
    tiles = state.board.placed(Tile(move.pose, move.pattern, 0))
    placed = g.outline(move.pose)
    also = [
        c.id for c in INSPIRATIONS if c.id != 4 and embedding(c, tiles.outlines, placed) is not None
    ]
    assert also, "the test needs a second card this placement completes"
    state = _with(state, hands=(tuple(sorted((4, also[0]))),) + state.hands[1:])
    result = state.apply(0, move)
    assert sorted(d.card for d in _events(result, e.InspirationCompleted)) == sorted((4, also[0]))


def test_rule_12_prestige_one_per_other_tile_clockwise_while_the_supply_lasts():
    """Rule 12: each other seat takes one token per tile of its own in the shape, clockwise
    from the completer; once the 30 are gone the rest is lost; the completer takes none."""
    card = next(c for c in INSPIRATIONS if len(c.poses) == 4)
    state, move = _completing(card.id, owners=[2, 1, 2])
    result = state.apply(0, move)
    assert _events(result, e.InspirationCompleted)[0].prestige == (0, 1, 2)
    assert result.state.prestige == (0, 1, 2)
    scarce = _with(state, prestige=(27, 0, 1))  # 2 tokens left
    result = scarce.apply(0, move)
    assert _events(result, e.InspirationCompleted)[0].prestige == (0, 1, 1)
    assert result.state.prestige_supply == 0


# -- Major Theories ------------------------------------------------------------------------------


def _surround(host: int, wanted: list[int], owners: list[int], lines: str = "any"):
    """A Big Idea of tiles of the `wanted` shapes glued around a tile of shape `host` at the
    origin (each on the next edge where it fits), with the host last: a Placement of it by
    seat 0."""
    host_pose = g.Pose(host, 0, g.ORIGIN)
    poses: list[g.Pose] = []
    free = list(range(g.SHAPES[host].size))
    for shape in wanted:
        for edge in list(free):
            start, _, direction = g.edges(host_pose)[edge]
            # A diamond's edges 0 and 3 carry the same lines in both patterns: glue by 1 or 2
            # so that the line count on the shared edge can be chosen.
            owns = sorted(range(g.SHAPES[shape].size), key=lambda own: shape == 3 and own in (0, 3))
            fits = [g.glue(shape, own, start, direction) for own in owns]
            fits = [p for p in fits if _fits_with(p, [host_pose, *poses])]
            if fits:
                poses.append(fits[0])
                free.remove(edge)
                break
        else:
            raise AssertionError("no room for the test's tile")
    tiles = [Tile(canonical(p, 0), 0, owner) for p, owner in zip(poses, owners, strict=True)]
    tiles.append(Tile(host_pose, 0, 0))
    board = BigIdea.of(tuple(tiles))
    if lines != "any":
        board = _relined(board, lines)
    return Placement(board, len(tiles) - 1, (), 0)


def _fits_with(pose: g.Pose, others: list[g.Pose]) -> bool:
    board = BigIdea.of(tuple(Tile(p, 0, 0) for p in others))
    return board.refusal(pose) == ""


def _relined(board: BigIdea, wanted: str) -> BigIdea:
    """Picks the neighbours' patterns so that the host's shared edges match ('match') or all
    but one match ('one mismatch')."""
    host = len(board.tiles) - 1
    shared = board.neighbours(host)
    host_tile = board.tiles[host]
    tiles = list(board.tiles)
    for number, (own, other, _) in enumerate(shared):
        want_match = wanted == "match" or number > 0
        for pattern in (0, 1):
            tile = tiles[other]
            trial = Tile(canonical(tile.pose, pattern), pattern, tile.owner)
            trial_board = BigIdea.of(tuple(tiles[:other] + [trial] + tiles[other + 1 :]))
            edge_now = next(e_ for o, t, e_ in trial_board.neighbours(host) if o == own)
            host_lines = g.SHAPES[host_tile.pose.shape].patterns[host_tile.pattern][own]
            theirs = g.SHAPES[trial.pose.shape].patterns[pattern][edge_now]
            if (theirs == host_lines) == want_match:
                tiles[other] = trial
                break
    return BigIdea.of(tuple(tiles))


def _theory(name: str):
    return REQUIREMENTS[next(t.requirement for t in THEORIES if t.name == name)]


def test_rule_13_challenges_to_quantum_mechanics():
    """Rule 13 #1: four Ideas, one per field, connected among themselves, the new one in."""
    meets = _surround(0, [1, 2, 3], [1, 1, 1])
    assert _theory("Challenges to Quantum Mechanics")(meets)
    misses = _surround(0, [1, 2, 2], [1, 1, 1])
    assert not _theory("Challenges to Quantum Mechanics")(misses)


def test_rule_13_unified_field():
    """Rule 13 #4: the new Idea touches Ideas of all three other fields."""
    assert _theory("Unified Field")(_surround(0, [1, 2, 3], [1, 1, 1]))
    assert not _theory("Unified Field")(_surround(0, [1, 2, 0], [1, 1, 1]))


def test_rule_13_perfect_fit():
    """Rule 13 #5: 3 or more shared edges, every one a correct match."""
    assert _theory("Perfect Fit")(_surround(0, [3, 3, 3], [1, 1, 1], "match"))
    assert not _theory("Perfect Fit")(_surround(0, [3, 3, 3], [1, 1, 1], "one mismatch"))
    assert not _theory("Perfect Fit")(_surround(0, [3, 3], [1, 1], "match"))


def test_rule_13_crowded_mind():
    """Rule 13 #6: the new Idea shares edges with 4 or more Ideas."""
    assert _theory("Crowded Mind")(_surround(0, [3, 3, 3, 3], [1, 1, 1, 1]))
    assert not _theory("Crowded Mind")(_surround(0, [3, 3, 3], [1, 1, 1]))


def test_rule_13_deep_focus():
    """Rule 13 #9: the new Idea in an edge-connected group of 5 of the placer's Ideas."""
    assert _theory("Deep Focus")(_surround(0, [3, 3, 3, 3], [0, 0, 0, 0]))
    assert not _theory("Deep Focus")(_surround(0, [3, 3, 3, 3], [0, 0, 0, 1]))


def test_rule_13_photoelectric_effect():
    """Rule 13 #10: correct matches with 2 or more Ideas of other seats."""
    assert _theory("Photoelectric Effect")(_surround(0, [3, 3], [1, 2], "match"))
    assert not _theory("Photoelectric Effect")(_surround(0, [3, 3], [1, 0], "match"))
    assert not _theory("Photoelectric Effect")(_surround(0, [3, 3], [1, 2], "one mismatch"))


def _completion(own: int, others: int) -> Placement:
    """A placement by seat 0 (tile 0) completing one Inspiration of `own` + `others` tiles."""
    owners = [0] * own + [1] * others
    board = BigIdea.of(
        tuple(Tile(g.Pose(3, 0, (3 * i, 0, 0, 0)), 0, owner) for i, owner in enumerate(owners))
    )
    return Placement(board, 0, (tuple(range(len(owners))),), 1)


def test_rule_13_lone_genius():
    """Rule 13 #2: an Inspiration completed with just one of the placer's Ideas."""
    assert _theory("Lone Genius")(_completion(1, 2))
    assert not _theory("Lone Genius")(_completion(2, 1))


def test_rule_13_solo_work():
    """Rule 13 #7: an Inspiration completed with the placer's Ideas only."""
    assert _theory("Solo Work")(_completion(3, 0))
    assert not _theory("Solo Work")(_completion(2, 1))


def test_rule_13_borrowed_brilliance():
    """Rule 13 #8: other seats' Ideas outnumber the placer's in the completed shape."""
    assert _theory("Borrowed Brilliance")(_completion(1, 2))
    assert not _theory("Borrowed Brilliance")(_completion(2, 2))


def test_rule_13_annus_mirabilis():
    """Rule 13 #3: two Inspirations completed over the turn."""
    once = _completion(1, 1)
    assert not _theory("Annus Mirabilis")(once)
    assert _theory("Annus Mirabilis")(once._replace(completed_this_turn=2))


def test_rule_13_a_met_theory_is_claimed_by_the_active_seat_only():
    """Rules 13 and 14: after a placement every face-up Theory it meets goes to the placer
    (several at once); Theories pay no Prestige, only the Inspiration does."""
    state, move = _completing(4)
    solo = next(t.id for t in THEORIES if t.name == "Borrowed Brilliance")
    lone = next(t.id for t in THEORIES if t.name == "Lone Genius")
    deck = tuple(t.id for t in THEORIES if t.id not in (solo, lone))
    state = _with(state, theories_up=(solo, lone), theory_deck=deck)
    result = state.apply(0, move)
    claimed = {c.theory for c in _events(result, e.TheoryClaimed)}
    assert claimed == {solo, lone}
    assert set(result.state.theories_won[0]) == {solo, lone}
    assert result.state.theories_won[1:] == ((), ())
    paid = _events(result, e.InspirationCompleted)[0].prestige
    assert result.state.prestige == tuple(a + b for a, b in zip(state.prestige, paid, strict=True))


# -- the end ---------------------------------------------------------------------------------------


def _to_second_turn(players: int = 2) -> e.EinsteinState:
    state = _new(players)
    while state.current == 0:
        state = state.apply(0, state.legal_moves(0)[0]).state
    return state


def test_rule_16a_drawing_the_last_inspiration_triggers_the_end():
    """Rule 16a: the last face-down Inspiration drawn triggers; the oldest's turn ends it."""
    state = _to_second_turn(3)
    pile = state.piles[1]
    state = _with(
        state,
        hands=(state.hands[0], state.hands[1][:2], state.hands[2]),
        piles=(state.piles[0], (state.hands[1][2],), state.piles[2]),
        completed=(state.completed[0], tuple(pile), state.completed[2]),
    )
    state = _play_turn(state)
    assert state.end_triggered and not state.over and state.current == 2
    state = _play_turn(state)
    assert state.over


def test_rule_16b_revealing_the_last_theory_triggers_the_end():
    """Rule 16b: refilling with the last face-down Theory triggers the end."""
    state = _to_second_turn(2)
    won = state.theory_deck[1:]
    state = _with(
        state,
        theories_up=state.theories_up[:2],
        theory_deck=(state.theory_deck[0],),
        theories_won=((), tuple(won) + (state.theories_up[2],)),
    )
    after = _play_turn(state)
    assert after.end_triggered and after.over  # seat 1 is the oldest of two


def test_rule_16c_two_fields_left_after_a_placement_triggers_the_end():
    """Rule 16c: a placement leaving two fields in stock triggers; play goes on to the
    oldest Einstein's turn."""
    state = _new(3)
    state = _with(state, stocks=(_stock((0, 0), (0, 0), (1, 0), (2, 0)),) + state.stocks[1:])
    state = state.apply(0, next(m for m in state.legal_moves(0) if m.shape == 0)).state
    assert not state.end_triggered
    result = state.apply(0, next(m for m in state.legal_moves(0) if m.shape == 0))
    assert result.state.end_triggered
    assert _events(result, e.EndTriggered)[0].reason is e.EndReason.TWO_FIELDS_LEFT
    state = _play_turn(result.state)
    assert not state.over and state.current == 2
    assert _play_turn(state).over


def test_rule_16_the_game_stops_when_nobody_can_place():
    """Rule 16: as many turns in a row as there are seats without a placement end the game at
    once, before the oldest Einstein's turn."""
    state = _new(3)
    state = state.apply(0, state.legal_moves(0)[0]).state
    state = _with(state, stocks=(EMPTY, EMPTY, EMPTY), placed_this_turn=0, idle_turns=0)
    # Seat 0's turn ends with no placement (its stock ran out): no seat can place again.
    events: list = []
    state._end_turn(events)
    assert state.over and not state.end_triggered and state.idle_turns == 3
    assert state.current == 2 and [ev.public.seat for ev in events[:3]] == [0, 1, 2]


def _play_turn(state: e.EinsteinState) -> e.EinsteinState:
    seat = state.current
    while not state.over and state.current == seat:
        state = state.apply(seat, state.legal_moves(seat)[0]).state
    return state


def test_rule_17_ties_go_to_the_oldest_einstein():
    """Rule 17: the score counts stars and Prestige; the oldest of the tied wins."""
    state = _new(3)
    one_star = [c for c in DECKS[0] if INSPIRATION_BY_ID[c].stars == 1][:2]
    two_star = next(c for c in DECKS[2] if INSPIRATION_BY_ID[c].stars == 2)
    tied = _with(
        state,
        completed=(tuple(one_star), (), (two_star,)),
        hands=(
            tuple(c for c in state.hands[0] if c not in one_star),
            state.hands[1],
            tuple(c for c in state.hands[2] if c != two_star),
        ),
        piles=(
            tuple(c for c in state.piles[0] if c not in one_star),
            state.piles[1],
            tuple(c for c in state.piles[2] if c != two_star),
        ),
        prestige=(0, 2, 0),
        over=True,
    )
    assert tied.scores() == (2, 2, 2)
    assert tied.winners() == (2,)
    assert _with(tied, prestige=(1, 2, 0)).winners() == (0,)


def test_rule_16_random_games_end_and_every_seat_has_as_many_turns():
    """Rule 16: played out to the oldest Einstein, every seat has had the same turns."""
    for players in (2, 3, 4):
        final, history = play_random(_new(players, b"r%d" % players), Rng.from_int(players))
        assert final.is_terminal() and final.winners()
        turns = Counter()
        state = _new(players, b"r%d" % players)
        for seat, move in history:
            result = state.apply(seat, move)
            for ended in _events(result, e.TurnEnded):
                turns[ended.seat] += 1
            state = result.state
        if final.idle_turns < players:
            assert len(set(turns.values())) == 1, turns


# -- cards -----------------------------------------------------------------------------------------


def test_rule_10_forty_inspirations_ten_per_einstein_with_the_stated_stars():
    """Rule 10: per Einstein three 1-star, four 2-star, three 3-star; names unique and never a
    Theory's; the four decks differ; stars follow size."""
    assert len(INSPIRATIONS) == 40
    for deck in DECKS:
        stars = Counter(INSPIRATION_BY_ID[c].stars for c in deck)
        assert stars == {1: 3, 2: 4, 3: 3}
    names = [c.name for c in INSPIRATIONS]
    assert len(set(names)) == 40
    assert not set(names) & {t.name for t in THEORIES}
    assert "Mathematics Challenge" in names and "Olympia Academy" in names
    for card in INSPIRATIONS:
        size = len(card.poses)
        assert card.stars == {2: 1, 3: 2, 4: 3, 5: 3}[size]
    shapes = [_signature(c) for c in INSPIRATIONS]
    assert len(set(shapes)) == 40  # no two cards share a shape, so no two decks are equal


def _signature(card) -> tuple:
    return min(
        tuple(sorted(g.moved(o, g.sub(g.ORIGIN, min(turned).origin)) for o in turned))
        for turned in card.turned
    )


@pytest.mark.parametrize("card", INSPIRATIONS, ids=lambda c: c.name)
def test_rule_11_every_card_shape_is_a_legal_connected_patch(card):
    """Rules 9 and 11: each gluing step fits (rule 7, lines ignored) onto the tiles before."""
    board = BigIdea()
    for step, pose in enumerate(card.poses):
        if step:
            assert board.refusal(pose) == "", (card.name, step)
        board = board.placed(Tile(pose, 0, 0))
    assert 2 <= len(card.poses) <= 5


def test_rule_10_no_two_tile_card_of_a_pair_that_touches_one_way_only():
    """Rule 10: no 2-tile card is pentagon + pentagon or pentagon + star."""
    for card in INSPIRATIONS:
        if len(card.poses) == 2:
            assert sorted(p.shape for p in card.poses) not in ([0, 0], [0, 1])


def test_rule_10_in_random_play_every_three_star_card_completes_less_often_than_every_one_star():
    """Rule 10: stars follow difficulty, measured by the shapes random games contain."""
    games = 10
    hits = Counter()
    for index in range(games):
        players = 2 + index % 3
        final, _ = play_random(_new(players, b"c%d" % index), Rng.from_int(index))
        seen = set()
        board = BigIdea()
        for tile in final.board.tiles:
            board = board.placed(tile)
            board.forget_base()
            for card in INSPIRATIONS:
                if card.id not in seen and embedding(card, board.outlines, g.outline(tile.pose)):
                    seen.add(card.id)
        hits.update(seen)
    one = [hits[c.id] for c in INSPIRATIONS if c.stars == 1]
    three = [hits[c.id] for c in INSPIRATIONS if c.stars == 3]
    assert max(three) < min(one), (one, three)


# -- codec, views, renderers ---------------------------------------------------------------------


def test_rule_18_views_hide_hands_and_pile_orders():
    """Rule 18: a seat sees its own hand only; spectators none; piles only by size."""
    state = _new(3)
    view = state.view(1)
    assert view.hand == state.hands[1]
    assert state.view(SPECTATOR).hand == ()
    assert [s.pile_size for s in view.seats] == [7, 7, 7]
    sampled = GAME.determinize(view, Rng.from_int(1))
    assert sampled.view(1) == view
    assert sampled.hands[1] == state.hands[1]


def test_codec_refuses_crafted_states():
    """The trust boundary: overlapping tiles, duplicated cards, broken stock are refused."""
    state, _ = _completing(4)
    codec = GAME.codec
    message = codec.encode_state(_play_from(_new(2)))
    assert codec.decode_state(message) == _play_from(_new(2))
    broken = codec.state_message.FromString(message.SerializeToString())
    broken.tiles.append(broken.tiles[0])
    with pytest.raises(MalformedMessage):
        codec.decode_state(broken)
    broken = codec.state_message.FromString(message.SerializeToString())
    broken.seats[0].hand.append(broken.seats[1].hand[0])
    with pytest.raises(MalformedMessage):
        codec.decode_state(broken)
    broken = codec.state_message.FromString(message.SerializeToString())
    broken.tiles[1].origin.one += 1000
    with pytest.raises(MalformedMessage):
        codec.decode_state(broken)
    broken = codec.state_message.FromString(message.SerializeToString())
    broken.seats[0].stock[0].pattern_a = 7
    with pytest.raises(MalformedMessage):
        codec.decode_state(broken)


def _play_from(state: e.EinsteinState, moves: int = 9) -> e.EinsteinState:
    rng = Rng.from_int(5)
    for _ in range(moves):
        seat = state.to_move()[0]
        state = state.apply(seat, rng.choice(state.legal_moves(seat))).state
    return state


def test_the_text_drawing_names_the_big_idea():
    state = _play_from(_new(3), 12)
    assert "The Big Idea" in GAME.render_text(state.view(0))


def test_rule_7_a_decoded_state_a_tile_on_extends_a_recent_board_to_the_same_frontier():
    """Rule 7: the service's recent boards give a decoded state the frontier a rebuild gives,
    and a forged tile on top of a known board is still refused."""
    codec = GAME.codec
    state = _play_from(_new(3), 14)
    first = codec.decode_state(codec.encode_state(state))
    seat = first.current
    after = first.apply(seat, first.legal_moves(seat)[0]).state
    again = codec.decode_state(codec.encode_state(after))
    assert again.board is not after.board
    assert again.board.frontier == BigIdea.of(after.board.tiles).frontier
    assert again.legal_moves(again.current) == after.legal_moves(after.current)
    forged = codec.encode_state(after)
    forged.tiles.append(forged.tiles[-1])
    forged.tiles[-1].owner = 0
    with pytest.raises(MalformedMessage, match="not a legal placement") as refused:
        codec.decode_state(forged)
    assert refused.value.text == Text(
        "einstein-inconsistent-tile", {"tile": len(after.board.tiles)}
    )
    view = after.view(0)
    doubled = replace(view, tiles=view.tiles + (view.tiles[-1],))
    with pytest.raises(MalformedMessage):
        GAME.determinize(doubled, Rng.from_int(0))


def test_search_order_puts_a_completing_placement_first_at_the_starting_position():
    """Bots: at a search's starting position (a checked board, which every sampled state
    shares) the placements that score at once come first; elsewhere the order is left alone."""
    card = INSPIRATION_BY_ID[4]
    for patterns in _pattern_choices(len(card.poses)):
        tiles = tuple(
            Tile(canonical(p, pat), pat, 1) for p, pat in zip(card.poses, patterns, strict=True)
        )
        try:
            board = checked_board(tiles[:-1])
        except MalformedMessage:
            continue
        last = tiles[-1]
        move = Place(last.pose.shape, last.pattern, last.pose.rotation, last.pose.origin)
        if not board.judge(move, ((3, 3),) * 4)[2]:
            break
    state = _with(_new(3), board=board, hands=((4,), *_new(3).hands[1:]))
    moves = state.legal_moves(0)
    shuffled = list(reversed(moves))
    assert GAME.order_moves(_with(state, board=BigIdea.of(board.tiles)), 0, shuffled) == shuffled
    ordered = GAME.order_moves(state, 0, shuffled)
    assert sorted(ordered, key=repr) == sorted(moves, key=repr)
    completing = [m for m in moves if _events(state.apply(0, m), e.InspirationCompleted)]
    assert completing and ordered[0] in completing


def test_a_refusal_reads_in_the_players_language():
    """A refusal travels as a key and its arguments: German and Persian players read it in
    their words, the seat number in it."""
    state = _new()
    state = state.apply(0, state.legal_moves(0)[0]).state
    with pytest.raises(NotYourTurn) as refused:
        state.apply(1, state.legal_moves(0)[0])
    english = refused.value.reason
    german, persian = render(refused.value.text, "de"), render(refused.value.text, "fa")
    assert german == "Du bist nicht am Zug: Platz 0 legt gerade Ideen"
    assert "نوبت شما نیست" in persian and "۰" in persian  # the seat, in Persian digits
    assert len({english, german, persian}) == 3


def test_a_codec_refusal_carries_the_value_it_refused():
    """A message the codec cannot take names the value in the key's argument, not in a
    sentence built in code."""
    message = GAME.codec.encode_state(_play_from(_new(2)))
    message.tiles[0].rotation = 12
    with pytest.raises(MalformedMessage) as refused:
        GAME.codec.decode_state(message)
    assert refused.value.text == Text("einstein-rotation-range", {"value": 12})
    assert refused.value.reason == "A rotation is 0 to 9 steps of 36 degrees, not 12"
    assert render(refused.value.text, "de").endswith("nicht 12")
