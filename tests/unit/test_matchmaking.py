"""Matchmaking in process (`tests/inprocess.py`, the embedded Redis): how tickets are grouped
(windows, bots), the nearest bot level, and the crash cases of the scripts that are hard to
time on real processes: an assignment whose match was never made (its matchmaker died right
after the match script) is made by the next lease holder, once; a holder that lost its lease
matches nothing; one queue per title. The wire, the replicas and the kills are in
`tests/integration/test_matchmaking.py`."""

from __future__ import annotations

import dataclasses

import pytest

from playhall.accounts.tokens import Player, player_id
from playhall.common.errors import InvalidRequest, NotNow
from playhall.common.settings import SettingsError
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matches.port import MatchPort
from playhall.matchmaking.api import MatchmakingApi
from playhall.matchmaking.matchmaker import Matchmaker
from playhall.matchmaking.queue_store import (
    Assignment,
    QueueStore,
    Ticket,
    assignment_key,
    match_id_of,
    new_assignment_id,
    queue_key,
)
from playhall.matchmaking.queues import (
    Matched,
    Matchmaking,
    QueueRatings,
    Waiting,
    find_groups,
    nearest_level,
)
from playhall.matchmaking.settings import MatchmakingSettings
from playhall.matchmaking.v1 import matchmaking_service_pb2 as pb
from playhall.matchstore.model import (
    BotLevel,
    Clock,
    EndReason,
    MatchPhase,
    Seat,
    SeatKind,
    TimeoutAction,
)
from playhall.matchstore.store import now_ms
from tests.helpers import TITLE

pytestmark = pytest.mark.usefixtures("event_loop")

SETTINGS = MatchmakingSettings(
    matchmaking_window=1.0,
    matchmaking_window_growth=1.0,
    matchmaking_window_max=10.0,
    matchmaking_bot_fill_after_s=30.0,
)
NOW = 1_000_000


def ticket(name: str, rating: float, waited_s: float = 0.0) -> Ticket:
    return Ticket(name, 2, rating, NOW - int(waited_s * 1000), name)


def grouped(tickets, players=2, settings=SETTINGS):
    return [
        (sorted(t.player_id for t in g.tickets), g.bots)
        for g in find_groups(tickets, players, NOW, settings)
    ]


def test_the_window_widens_with_the_wait_up_to_its_most():
    assert SETTINGS.window(0) == 1.0
    assert SETTINGS.window(3) == 4.0
    assert SETTINGS.window(100) == 10.0


def test_players_meet_only_when_both_windows_hold_the_gap():
    assert grouped([ticket("a", 20), ticket("b", 23)]) == []
    # a has waited 2 s (window 3), b has just come (window 1): not yet.
    assert grouped([ticket("a", 20, 2), ticket("b", 23)]) == []
    assert grouped([ticket("a", 20, 2), ticket("b", 23, 2)]) == [(["a", "b"], 0)]


def test_the_longest_waiting_ticket_picks_its_nearest_neighbours():
    tickets = [ticket("old", 25, 5), ticket("near", 25.5), ticket("far", 24), ticket("x", 40)]
    assert grouped(tickets) == [(["near", "old"], 0)]
    # Three: the spread of 1.5 is more than a new ticket's window of 1, not a second's 2.
    assert grouped(tickets, players=3) == []
    tickets[1:3] = [ticket("near", 25.5, 1), ticket("far", 24, 1)]
    assert grouped(tickets, players=3) == [(["far", "near", "old"], 0)]


def test_bots_fill_only_after_the_wait():
    alone = [ticket("a", 25, 29)]
    assert grouped(alone) == []
    assert grouped([ticket("a", 25, 30)], players=4) == [(["a"], 3)]
    never = dataclasses.replace(SETTINGS, matchmaking_bot_fill_after_s=0)
    assert grouped([ticket("a", 25, 3600)], settings=never) == []


def test_the_queues_pace_is_a_clock_the_seat_grace_ends_before(monkeypatch):
    """Matchmade matches run on the clock of the PLAYHALL_MATCHMAKING_CLOCK_* settings (two
    minutes a turn, forfeit, by default); a clock `clocks.check` refuses, no clock, or a seat
    grace as long as the first turn stops the orchestrator with the variable's name."""
    default = MatchmakingSettings.from_env()
    assert default.clock == Clock(seconds_per_turn=120, on_timeout=TimeoutAction.FORFEIT)
    assert default.matchmaking_seat_grace_s == 60
    prefix = "PLAYHALL_MATCHMAKING_"
    monkeypatch.setenv(prefix + "CLOCK_SECONDS_PER_TURN", "0")
    monkeypatch.setenv(prefix + "CLOCK_BANK_INITIAL_SECONDS", "300")
    monkeypatch.setenv(prefix + "CLOCK_BANK_INCREMENT_SECONDS", "2")
    monkeypatch.setenv(prefix + "CLOCK_ON_TIMEOUT", "bot_move")
    assert MatchmakingSettings.from_env().clock == Clock(
        bank_initial_seconds=300, bank_increment_seconds=2, on_timeout=TimeoutAction.BOT_MOVE
    )
    refusals = [
        ({"CLOCK_ON_TIMEOUT": "shrug"}, "CLOCK_ON_TIMEOUT must be one of forfeit, bot_move"),
        ({"CLOCK_SECONDS_PER_TURN": "30"}, "Choose one clock"),
        ({"CLOCK_BANK_INITIAL_SECONDS": "0"}, "A bank increment needs bank_initial_seconds"),
        (
            {"CLOCK_BANK_INITIAL_SECONDS": "0", "CLOCK_BANK_INCREMENT_SECONDS": "0"},
            "Matchmade matches need a clock",
        ),
        ({"SEAT_GRACE_S": "300"}, r"SEAT_GRACE_S \(300\) must be shorter than .* \(300 s\)"),
    ]
    for changes, reason in refusals:
        with monkeypatch.context() as changed:
            for name, value in changes.items():
                changed.setenv(prefix + name, value)
            with pytest.raises(SettingsError, match=reason):
                MatchmakingSettings.from_env()


def test_the_nearest_bot_level_and_the_default_without_ratings():
    levels = {BotLevel.EASY: 17.0, BotLevel.NORMAL: 24.0, BotLevel.HARD: 31.0}
    assert nearest_level(levels, 29.0, BotLevel.NORMAL) == BotLevel.HARD
    assert nearest_level(levels, 20.5, BotLevel.NORMAL) == BotLevel.EASY  # a tie
    assert nearest_level({}, 40.0, BotLevel.NORMAL) == BotLevel.NORMAL


def player(name: str) -> Player:
    return Player(player_id("https://id", name), name.title(), "https://id", name)


def queues_of(hall) -> tuple[Matchmaking, Matchmaker]:
    settings = dataclasses.replace(SETTINGS, matchmaking_lease_ms=500)
    queues = QueueStore(hall.db)
    ratings = QueueRatings(None, BotLevel.NORMAL)
    port = MatchPort(hall.matches)
    matchmaking = Matchmaking(port, queues, ratings, settings)
    return matchmaking, Matchmaker(matchmaking)


async def first_update(
    matchmaking: Matchmaking, who: Player, players: int = 2
) -> Waiting | Matched:
    updates = matchmaking.enter(TITLE, players, who)
    try:
        return await anext(updates)
    finally:
        await updates.aclose()


async def test_one_queue_of_a_title_at_once_and_bad_queues_refused(hall):
    matchmaking, _ = queues_of(hall)
    ada = player("ada")
    waiting = await first_update(matchmaking, ada, 2)
    assert isinstance(waiting, Waiting)
    assert waiting.queued == 1 and waiting.rating == 25.0
    with pytest.raises(NotNow, match="already waiting in the 2-player queue"):
        await first_update(matchmaking, ada, 3)
    with pytest.raises(InvalidRequest, match="2 to 5 players, not 6"):
        await first_update(matchmaking, ada, 6)
    with pytest.raises(InvalidRequest, match="Unknown title"):
        await matchmaking.leave("chess", ada)
    assert await matchmaking.leave(TITLE, ada)
    assert not await matchmaking.leave(TITLE, ada)
    # Left, the player may enter another queue of the title.
    again = await first_update(matchmaking, ada, 3)
    assert isinstance(again, Waiting) and again.queued == 1


async def test_an_assignment_whose_match_was_never_made_is_made_once_by_the_next_holder(hall):
    matchmaking, matchmaker = queues_of(hall)
    ada, bob = player("ada"), player("bob")
    await first_update(matchmaking, ada)
    await first_update(matchmaking, bob)
    tickets = [t for t, _ in await matchmaking.queues.waiting(TITLE, 2, 10)]
    # A matchmaker that died right after its match script: the tickets are assigned, no match.
    dead = "a-replica-that-died"
    assert await matchmaking.queues.hold_lease(TITLE, 2, dead, 500)
    assignment = Assignment(new_assignment_id(), TITLE, 2, tickets, [], now_ms())
    assert await matchmaking.queues.match(assignment, dead) == "ok"
    assert await matchmaking.queues.match(assignment, dead) == "gone"  # never matched twice
    assert await hall.matches.store.load(assignment.match_id) is None
    await hall.db.delete(queue_key(TITLE, 2, "lease"))  # its lease expired
    assert await matchmaker.match_queue(TITLE, 2) == 0
    match = await hall.matches.store.load(match_id_of(assignment.assignment_id))
    assert match is not None and match.player_ids() == {ada.player_id, bob.player_id}
    assert await matchmaking.queues.pending(TITLE, 2) == []
    # Made again (a holder that found it pending too), the match is left as it was.
    created = await hall.matches.start(
        TITLE,
        [Seat(seat=n, kind=SeatKind.HUMAN) for n in range(2)],
        [0, 1],
        match_id=assignment.match_id,
    )
    assert created is None
    assert (await hall.matches.store.load(assignment.match_id)).player_ids() == match.player_ids()
    # Each player is handed their seat, however often they ask.
    for who in (ada, bob, ada):
        handed = await first_update(matchmaking, who)
        assert isinstance(handed, Matched)
        assert handed.match.match_id == assignment.match_id
        assert match.seats[handed.seat].player_id == who.player_id


async def first_response(api: MatchmakingApi, who: Player, players: int = 2):
    updates = api.enter(pb.EnterQueueRequest(title_id=TITLE, players=players), who)
    try:
        return await anext(updates)
    finally:
        await updates.aclose()


async def test_the_api_reads_requests_and_writes_the_updates(hall):
    """MatchmakingService's messages in and out (the servicer adds only the transport): a
    waiting ticket's update, the seat with its match and token, and a leave."""
    matchmaking, matchmaker = queues_of(hall)
    api = MatchmakingApi(matchmaking)
    ada, bob, cy = player("ada"), player("bob"), player("cy")
    waiting = await first_response(api, ada)
    assert waiting.WhichOneof("update") == "waiting"
    assert waiting.waiting.queued == 1 and waiting.waiting.rating == 25.0
    # The window widens with the wait, which is a millisecond or two here.
    assert waiting.waiting.window == pytest.approx(1.0, abs=0.05)
    assert 0 < waiting.waiting.bots_in_ms <= 30_000
    await first_response(api, bob)
    assert await matchmaker.match_queue(TITLE, 2) == 1
    handed = await first_response(api, ada)
    assert handed.WhichOneof("update") == "matched"
    match = await hall.matches.store.load(handed.matched.match.match_id)
    assert match.seats[handed.matched.token.seat].player_id == ada.player_id
    assert handed.matched.token.token and handed.matched.bot_seats == 0
    assert handed.matched.match.phase == mpb.MATCH_PHASE_RUNNING
    assert len(handed.matched.match.seats) == 2
    await first_response(api, cy, 3)
    assert (await api.leave(pb.LeaveQueueRequest(title_id=TITLE), cy)).left
    assert not (await api.leave(pb.LeaveQueueRequest(title_id=TITLE), cy)).left


async def test_a_holder_that_lost_its_lease_matches_nothing(hall):
    matchmaking, matchmaker = queues_of(hall)
    await first_update(matchmaking, player("ada"))
    await first_update(matchmaking, player("bob"))
    tickets = [t for t, _ in await matchmaking.queues.waiting(TITLE, 2, 10)]
    assert await matchmaking.queues.hold_lease(TITLE, 2, "another-replica", 5_000)
    assert not await matchmaking.queues.hold_lease(TITLE, 2, matchmaker.holder, 5_000)
    stale = Assignment(new_assignment_id(), TITLE, 2, tickets, [], now_ms())
    assert await matchmaking.queues.match(stale, matchmaker.holder) == "not_holder"
    assert await matchmaker.match_queue(TITLE, 2) == 0
    assert await matchmaking.queues.queued(TITLE, 2) == 2


async def test_tickets_no_stream_follows_leave_after_the_grace(hall):
    matchmaking, matchmaker = queues_of(hall)
    await first_update(matchmaking, player("ada"))
    old = now_ms() - int(SETTINGS.matchmaking_ticket_grace_s * 1000) - 1
    await hall.db.zadd(queue_key(TITLE, 2, "seen"), {player("ada").player_id: old})
    await matchmaker.match_queue(TITLE, 2)
    assert await matchmaking.queues.queued(TITLE, 2) == 0
    assert await matchmaking.queues.ticket(TITLE, player("ada").player_id) is None


async def test_a_stopping_matchmaker_gives_its_leases_up(hall):
    _, matchmaker = queues_of(hall)
    await matchmaker.match_queue(TITLE, 2)
    lease = queue_key(TITLE, 2, "lease")
    assert (await hall.db.get(lease)).decode() == matchmaker.holder
    await matchmaker.stop(1.0)
    assert await hall.db.get(lease) is None


async def seated_match(
    hall, matchmaker: Matchmaker, people: list[str], bots: int, came: list[str]
) -> Assignment:
    """The assignment of a match the matchmaker made of `people` and `bots` a seat grace ago
    (as far as its seating list says), whose people in `came` have collected their seats."""
    players = len(people) + bots
    tickets = [Ticket(player(p).player_id, players, 25.0, now_ms(), p) for p in people]
    assignment = Assignment(new_assignment_id(), TITLE, players, tickets, [BotLevel.EASY] * bots)
    await hall.db.set(assignment_key(TITLE, assignment.assignment_id), assignment.encode())
    await hall.db.zadd(queue_key(TITLE, players, "pending"), {assignment.assignment_id: 0})
    await matchmaker.match_queue(TITLE, players)  # made now: its grace is not over
    assert await hall.matches.store.exists(assignment.match_id)
    for name in came:
        await hall.matches.reclaim(assignment.match_id, player(name))
    await made_a_grace_ago(hall, assignment)
    return assignment


async def made_a_grace_ago(hall, assignment: Assignment) -> None:
    seating = queue_key(TITLE, assignment.players, "seating")
    await hall.db.zadd(seating, {assignment.assignment_id: 0})


@pytest.mark.parametrize(
    "people, bots, came, outcome",
    [
        (["ada", "bob"], 0, ["ada"], "void"),
        (["ada"], 1, [], "void"),
        (["ada", "bob"], 1, ["ada"], "void"),
        (["ada", "bob", "cy", "di"], 0, ["ada"], "void"),
        (["ada", "bob", "cy", "di"], 0, ["ada", "cy"], "forfeited"),
        (["ada", "bob"], 0, ["ada", "bob"], "seated"),
    ],
)
async def test_seats_nobody_took_within_the_grace(hall, people, bots, came, outcome):
    """A seat grace after a match is made, a match left with fewer than two people is void
    (ABANDONED, no winners), else its absent seats forfeit to random bots and the rest play
    on; a match everybody came to is left as it was. Either way the pass looks once: a
    second look (a holder that died before it took the match off the seating list, or
    another replica) changes nothing."""
    _, matchmaker = queues_of(hall)
    assignment = await seated_match(hall, matchmaker, people, bots, came)
    before = await hall.matches.store.load(assignment.match_id)
    assert before.clock == SETTINGS.clock and before.deadline_unix_ms > 0
    await matchmaker.match_queue(TITLE, assignment.players)
    after = await hall.matches.store.load(assignment.match_id)
    assert await matchmaker.queues.seating_due(TITLE, assignment.players, now_ms()) == []
    took = {player(name).player_id for name in came}
    if outcome == "seated":
        assert after.version == before.version
    elif outcome == "void":
        assert after.version == before.version + 1
        assert after.phase == MatchPhase.FINISHED
        assert after.end_reason == EndReason.ABANDONED and after.winners == []
    else:
        assert after.version == before.version + 1
        assert after.phase == MatchPhase.RUNNING
        for seat in after.seats:
            assert seat.resigned == (seat.kind == SeatKind.BOT) == (seat.player_id not in took)
    await made_a_grace_ago(hall, assignment)
    await matchmaker.match_queue(TITLE, assignment.players)
    again = await hall.matches.store.load(assignment.match_id)
    assert again.version == after.version
    assert await matchmaker.queues.seating_due(TITLE, assignment.players, now_ms()) == []
