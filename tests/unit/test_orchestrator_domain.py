"""The orchestrator's rules, in process (`tests/inprocess.py`): the domain on the embedded Redis
with the Galileo engine behind an in-process rules client, no server. Who may call as whom,
the same-step rule, idempotent requests, seat checks, the lobby's repair and idle matches, and
the typed refusal each raises. What only processes prove (SIGKILL, AOF, replicas, the wire) stays in
`tests/integration/`.

Concurrency is made, not hoped for: `hall.rules.hold("ApplyMove", n)` holds n requests after
their reads until all n have read, so every one of them commits against a version another has
already moved past."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time

import pytest

from dev.testbed import WORKER_CREDENTIAL
from playhall.common.errors import (
    InvalidRequest,
    MatchError,
    NoSuchMatch,
    NotAuthenticated,
    NotNow,
    NotNowByRules,
    NotYourSeat,
    SeatResigned,
    StaleVersion,
)
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matches.identity import token_hash
from playhall.matchstore.outbox import OUTBOX
from playhall.matchstore.store import (
    ACTIVITY,
    BOT_TURNS,
    DEADLINES,
    IdempotencyRecord,
    UnreadableMatch,
    lobby_key,
    match_key,
    requests_key,
)
from tests.helpers import TITLE, pick, take, view_of
from tests.inprocess import Hall, RedisCommands, counted, open_hall

OPEN, RUNNING, FINISHED = pb.MATCH_PHASE_OPEN, pb.MATCH_PHASE_RUNNING, pb.MATCH_PHASE_FINISHED
HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
OPEN_SEAT = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)


async def refused(kind: type[MatchError], call) -> MatchError:
    """The refusal awaiting `call` raises, which must be exactly a `kind`."""
    with pytest.raises(MatchError) as caught:
        await call
    assert type(caught.value) is kind, f"{type(caught.value).__name__}: {caught.value}"
    return caught.value


async def hand(hall: Hall, match_id: str, seat: int) -> list[int]:
    return list(view_of(await hall.get(match_id, hall.tokens[match_id][seat])).hand)


async def version(hall: Hall, match_id: str) -> int:
    return (await hall.store.load(match_id)).version


async def all_picked(hall: Hall, match_id: str, players: int) -> gal.View:
    """Every seat picks its first scientist at version 0; the spectator's view after it."""
    for seat in range(players):
        card = (await hand(hall, match_id, seat))[0]
        assert (await hall.seat_submit(match_id, seat, pick(card), 0)).version == seat + 1
    return view_of(await hall.get(match_id))


# -- who is calling -----------------------------------------------------------------------------


async def logged_seats(hall: Hall, match_id: str) -> list[int | None]:
    """The acting seat of each logged change (None for the server's)."""
    changes = await hall.store.changes(match_id)
    return [change.seat if change.HasField("seat") else None for change, _ in changes]


async def test_a_spectator_reads_without_secrets_and_cannot_move(hall):
    match_id = await hall.create(3)
    seen = await hall.get(match_id)
    assert not seen.HasField("seat") and not seen.legal_moves.moves
    assert view_of(seen).spectator and not view_of(seen).hand
    card = (await hand(hall, match_id, 0))[0]
    await refused(NotAuthenticated, hall.submit(match_id, None, pick(card), 0))
    reason = (await refused(NotAuthenticated, hall.get(match_id, seat=1))).reason
    assert "seat 1's token" in reason
    assert await version(hall, match_id) == 0


async def test_a_seat_token_holds_its_own_seat_and_no_other(hall):
    match_id = await hall.create(3)
    foreign = hall.tokens[await hall.create(2)][0]
    token0 = hall.tokens[match_id][0]
    seen = await hall.get(match_id, token0)
    assert seen.seat == 0 and len(view_of(seen).hand) == len(seen.legal_moves.moves) == 10
    assert (await hall.get(match_id, token0, seat=0)).seat == 0
    move = pick(view_of(seen).hand[0])

    await refused(NotYourSeat, hall.get(match_id, token0, seat=1))
    await refused(NotYourSeat, hall.submit(match_id, token0, move, 0, seat=1))
    for token in (foreign, "garbage-token", token0.upper()):
        await refused(NotYourSeat, hall.get(match_id, token))
        await refused(NotYourSeat, hall.submit(match_id, token, move, 0))
    assert await version(hall, match_id) == 0
    stored = await hall.store.load(match_id)
    assert stored.token_hashes == {s: token_hash(t) for s, t in hall.tokens[match_id].items()}
    assert (await hall.submit(match_id, token0, move, 0)).version == 1


async def test_the_worker_credential_acts_only_for_a_bot_seat_it_names(hall):
    match_id = await hall.create(seats=[HUMAN, BOT])
    assert list(hall.tokens[match_id]) == [0], "a bot seat has no token"
    reason = (await refused(InvalidRequest, hall.get(match_id, WORKER_CREDENTIAL))).reason
    assert "name the seat" in reason
    await refused(NotYourSeat, hall.get(match_id, WORKER_CREDENTIAL, seat=0))
    beyond = await refused(InvalidRequest, hall.get(match_id, WORKER_CREDENTIAL, seat=2))
    assert "no seat 2" in beyond.reason

    seen = await hall.get(match_id, WORKER_CREDENTIAL, seat=1)
    assert seen.seat == 1 and view_of(seen).seat == 1 and len(seen.legal_moves.moves) == 15
    move = pick(view_of(seen).hand[0])
    human_move = pick((await hand(hall, match_id, 0))[0])
    reserved = hall.seat_submit(match_id, 0, human_move, 0, request_id="bot:guess")
    assert "reserved" in (await refused(InvalidRequest, reserved)).reason
    done = await hall.submit(match_id, WORKER_CREDENTIAL, move, 0, "bot:1:0", seat=1)
    assert done.version == 1 and done.match.status.to_move == [0]


async def test_a_seat_that_resigned_is_a_bots_and_its_token_reads_no_more(hall):
    match_id = await hall.create(3)
    resigned = (await hall.resign(match_id, 1)).match
    assert resigned.phase == RUNNING and resigned.seats[1].kind == pb.SEAT_KIND_BOT
    token1 = hall.tokens[match_id][1]
    assert "resigned" in (await refused(SeatResigned, hall.get(match_id, token1))).reason
    await refused(SeatResigned, hall.resign(match_id, 1))
    move = pick(view_of(await hall.get(match_id, WORKER_CREDENTIAL, seat=1)).hand[0])
    await refused(SeatResigned, hall.submit(match_id, token1, move, 1))
    assert (await hall.submit(match_id, WORKER_CREDENTIAL, move, 1, seat=1)).version == 2


# -- the same-step rule -------------------------------------------------------------------------


async def test_picks_chosen_at_the_start_of_the_step_are_all_accepted(hall):
    match_id = await hall.create(3)
    view = await all_picked(hall, match_id, 3)
    match = await hall.store.load(match_id)
    assert view.phase == gal.PHASE_TAKE and match.version == 3 and match.step_version == 3
    assert all(seat.revealed_pick for seat in view.seats)


async def test_concurrent_picks_of_one_step_are_all_accepted(hall):
    match_id = await hall.create(3)
    cards = [(await hand(hall, match_id, seat))[0] for seat in range(3)]
    conflicts = counted("playhall_commit_conflicts_total", title=TITLE)
    hall.rules.hold("ApplyMove", 3)
    answers = await asyncio.gather(
        *(hall.seat_submit(match_id, seat, pick(cards[seat]), 0) for seat in range(3))
    )
    assert sorted(answer.version for answer in answers) == [1, 2, 3]
    lost = counted("playhall_commit_conflicts_total", title=TITLE) - conflicts
    assert lost >= 2, "the held picks did not race"
    assert hall.rules.calls["ApplyMove"] == 3 + lost, "each lost commit is applied again"
    changes = await hall.store.changes(match_id)
    assert sorted(change.seat for change, _ in changes[1:]) == [0, 1, 2]
    assert view_of(await hall.get(match_id)).phase == gal.PHASE_TAKE


async def test_a_move_of_an_earlier_step_is_stale_and_told_the_current_version(hall):
    match_id = await hall.create(2)
    view = await all_picked(hall, match_id, 2)
    taker = view.order[view.take_index]
    stale = counted("playhall_moves_refused_total", title=TITLE, reason="stale_version")
    for expected in (0, 1):
        error = await refused(
            StaleVersion, hall.seat_submit(match_id, taker, take(view.table[0]), expected)
        )
        assert error.current == 2 and f"version {expected}" in error.reason
    assert counted("playhall_moves_refused_total", title=TITLE, reason="stale_version") == stale + 2
    assert await version(hall, match_id) == 2
    assert (await hall.seat_submit(match_id, taker, take(view.table[0]), 2)).version == 3


async def test_a_seat_that_moved_in_the_step_is_not_covered_by_it(hall):
    match_id = await hall.create(3)
    first, second = (await hand(hall, match_id, 0))[:2]
    assert (await hall.seat_submit(match_id, 0, pick(first), 0)).version == 1
    error = await refused(StaleVersion, hall.seat_submit(match_id, 0, pick(second), 0))
    assert error.current == 1
    again = await refused(NotNowByRules, hall.seat_submit(match_id, 0, pick(second), 1))
    assert "already picked" in again.reason
    assert await version(hall, match_id) == 1


async def test_the_loser_of_a_race_for_the_revealing_pick_is_told_the_current_version(hall):
    match_id = await hall.create(2)
    await hall.seat_submit(match_id, 0, pick((await hand(hall, match_id, 0))[0]), 0)
    cards = (await hand(hall, match_id, 1))[:2]
    hall.rules.hold("ApplyMove", 2)
    results = await asyncio.gather(
        *(hall.seat_submit(match_id, 1, pick(card), 1) for card in cards), return_exceptions=True
    )
    won = [r for r in results if isinstance(r, pb.SubmitMoveResponse)]
    lost = [r for r in results if isinstance(r, BaseException)]
    assert [r.version for r in won] == [2] and len(lost) == 1, results
    assert type(lost[0]) is StaleVersion and lost[0].current == 2, lost[0]
    assert await logged_seats(hall, match_id) == [None, 0, 1]


# -- idempotent requests ------------------------------------------------------------------------


async def test_a_repeated_request_id_gets_the_first_answer_and_applies_once(hall):
    match_id = await hall.create(3)
    card = (await hand(hall, match_id, 0))[0]
    first = await hall.seat_submit(match_id, 0, pick(card), 0, request_id="dup")
    again = await hall.seat_submit(match_id, 0, pick(card), 0, request_id="dup")
    assert first.version == again.version == 1 and view_of(again).own_pick == card
    assert hall.rules.calls["ApplyMove"] == 1
    await hall.seat_submit(match_id, 1, pick((await hand(hall, match_id, 1))[0]), 1)
    late = await hall.seat_submit(match_id, 0, pick(card), 0, request_id="dup")
    assert late.version == 1 and late.match.version == 2
    assert await logged_seats(hall, match_id) == [None, 0, 1]


async def test_a_request_id_used_again_for_another_move_or_seat_is_refused(hall):
    match_id = await hall.create(3)
    first, second = (await hand(hall, match_id, 0))[:2]
    await hall.seat_submit(match_id, 0, pick(first), 0, request_id="dup")
    other_move = hall.seat_submit(match_id, 0, pick(second), 0, request_id="dup")
    reason = (await refused(InvalidRequest, other_move)).reason
    assert "'dup'" in reason and "different move" in reason
    other_seat = hall.seat_submit(match_id, 1, pick(first), 1, request_id="dup")
    await refused(InvalidRequest, other_seat)
    for bad_id in ("", "x" * 129):
        bad = hall.seat_submit(match_id, 1, pick(first), 1, request_id=bad_id)
        await refused(InvalidRequest, bad)
    assert await version(hall, match_id) == 1
    # Seat 1's move, made at the version this process kept, reached the rules: a kept
    # snapshot holds no idempotency records, and the commit found the id's record instead.
    assert hall.rules.calls["ApplyMove"] == 2


async def test_concurrent_copies_of_one_request_all_get_its_one_version(hall):
    match_id = await hall.create(3)
    move = pick((await hand(hall, match_id, 0))[0])
    hall.rules.hold("ApplyMove", 4)
    copies = [hall.seat_submit(match_id, 0, move, 0, request_id="retry") for _ in range(4)]
    answers = await asyncio.gather(*copies)
    assert {answer.version for answer in answers} == {1}
    assert await logged_seats(hall, match_id) == [None, 0]
    assert hall.rules.calls["ApplyMove"] == 4, "the losing copies answered from the record"


async def test_a_record_keeps_seat_digest_and_version_and_once_expired_the_retry_is_stale(hall):
    match_id = await hall.create(2)
    await hall.seat_submit(match_id, 0, pick((await hand(hall, match_id, 0))[0]), 0)
    move = pick((await hand(hall, match_id, 1))[0])
    assert (await hall.seat_submit(match_id, 1, move, 1, request_id="r1")).version == 2
    _, _, stored = await hall.store.snapshot(match_id, "r1")
    digest = hashlib.sha256(move.SerializeToString(deterministic=True)).hexdigest()
    assert IdempotencyRecord.parse(stored) == IdempotencyRecord(1, digest[:16], 2)
    assert 0 < await hall.db.ttl(requests_key(match_id)) <= hall.matches.settings.request_ttl_s

    await hall.db.delete(requests_key(match_id))  # what its expiry does
    error = await refused(StaleVersion, hall.seat_submit(match_id, 1, move, 1, request_id="r1"))
    assert error.current == 2 and await version(hall, match_id) == 2


# -- what a move costs Redis --------------------------------------------------------------------

CLOCK = pb.Clock(seconds_per_turn=600, on_timeout=pb.TIMEOUT_ACTION_FORFEIT)


@pytest.mark.parametrize(
    ("seats", "clock", "scripted"),
    [
        # snapshot: GET GET HGET; commit: GETRANGE MSET XADD HSET EXPIRE PUBLISH
        ([HUMAN, HUMAN, HUMAN], None, 9),
        # and the indexes: the bot's waiting turn, the new deadline, the old one's removal
        ([HUMAN, HUMAN, BOT], CLOCK, 12),
    ],
    ids=["people", "a bot and a clock"],
)
@pytest.mark.parametrize("kept", [True, False], ids=["kept", "read"])
async def test_a_move_is_one_round_trip_to_redis_on_a_kept_snapshot_else_two(
    hall, embedded_redis, seats, clock, scripted, kept
):
    match_id = await hall.create(seats=seats, clock=clock)
    first, second = (await hand(hall, match_id, 0))[0], (await hand(hall, match_id, 1))[0]
    await hall.seat_submit(match_id, 0, pick(first), 0)  # the scripts are loaded now
    if not kept:
        hall.store.kept.forget(match_id)  # as on a replica that did not make the last change
    source = "kept" if kept else "read"
    tried_on = counted("playhall_move_snapshots_total", title=TITLE, source=source)
    async with RedisCommands(embedded_redis.url, hall.db) as commands:
        assert (await hall.seat_submit(match_id, 1, pick(second), 1)).version == 2
    assert counted("playhall_move_snapshots_total", title=TITLE, source=source) == tried_on + 1
    if kept:
        assert commands.sent == ["EVALSHA"], "the commit alone, on the snapshot kept"
        # The commit looks the request id up (HEXISTS): the kept snapshot read no records.
        assert len(commands.scripted) <= scripted - 3 + 1, commands.scripted
    else:
        assert commands.sent == ["EVALSHA", "EVALSHA"], "one snapshot read, one commit"
        assert len(commands.scripted) <= scripted, commands.scripted
    bots_waiting = await hall.db.zrange(BOT_TURNS, 0, -1)
    assert bots_waiting == ([match_id.encode()] if BOT in seats else [])
    deadlines = await hall.db.zrange(DEADLINES, 0, -1)
    assert deadlines == ([f"{match_id}@2".encode()] if clock else [])


async def test_a_move_on_a_kept_snapshot_that_another_replica_made_stale_is_read_again(hall):
    match_id = await hall.create(3)
    first, second = (await hand(hall, match_id, 0))[0], (await hand(hall, match_id, 1))[0]
    await hall.seat_submit(match_id, 0, pick(first), 0)
    stale = hall.store.kept.at(match_id, 1)
    await hall.seat_submit(match_id, 1, pick(second), 1)
    # Another replica's view: this one still keeps version 1, which Redis has moved past.
    hall.store.kept.forget(match_id)
    hall.store.kept.keep(match_id, stale.record, stale.state)
    assert hall.store.kept.at(match_id, 1) is not None
    error = await refused(StaleVersion, hall.seat_submit(match_id, 1, pick(second), 1))
    assert "2" in error.reason and await version(hall, match_id) == 2
    assert hall.store.kept.at(match_id, 1) is None


# -- seats --------------------------------------------------------------------------------------


async def test_a_seat_not_to_move_is_refused_by_the_rules_and_nothing_changes(hall):
    match_id = await hall.create(2)
    view = await all_picked(hall, match_id, 2)
    idle = 1 - view.order[view.take_index]
    before = counted("playhall_moves_refused_total", title=TITLE, reason="failed_precondition")
    error = await refused(NotNowByRules, hall.seat_submit(match_id, idle, take(view.table[0]), 2))
    assert "not your turn" in error.reason
    after = counted("playhall_moves_refused_total", title=TITLE, reason="failed_precondition")
    assert after == before + 1 and await version(hall, match_id) == 2


async def test_moves_before_a_match_starts_and_after_it_ends_are_refused(hall):
    match_id = await hall.create(seats=[HUMAN, OPEN_SEAT])
    move = pick((await hand(hall, match_id, 0))[0])
    assert "waiting" in (await refused(NotNow, hall.seat_submit(match_id, 0, move, 0))).reason
    joined = await hall.api.join(pb.JoinMatchRequest(match_id=match_id))
    hall.tokens[match_id][1] = joined.token.token
    assert joined.token.seat == 1 and joined.match.phase == RUNNING
    ended = (await hall.resign(match_id, 1)).match
    assert ended.phase == FINISHED and list(ended.winners) == [0]
    assert "over" in (await refused(NotNow, hall.seat_submit(match_id, 0, move, 2))).reason
    await refused(SeatResigned, hall.seat_submit(match_id, 1, move, 2))
    await refused(NotNow, hall.resign(match_id, 0))


async def test_join_takes_only_an_open_seat(hall):
    match_id = await hall.create(seats=[HUMAN, OPEN_SEAT, OPEN_SEAT])

    def join(seat: int | None = None):
        return hall.api.join(pb.JoinMatchRequest(match_id=match_id, seat=seat, display_name="Ada"))

    assert "not open" in (await refused(NotNow, join(0))).reason
    assert "no seat 7" in (await refused(InvalidRequest, join(7))).reason
    last = await join(2)
    assert last.token.seat == 2 and last.match.phase == OPEN
    first = await join()
    assert first.token.seat == 1 and first.match.phase == RUNNING
    assert first.match.seats[1].display_name == "Ada"
    assert (await hall.get(match_id, first.token.token)).seat == 1
    assert "no open seat" in (await refused(NotNow, join())).reason
    assert await version(hall, match_id) == 2


async def test_seat_names_are_cleaned_of_what_reorders_or_hides(hall):
    named = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, display_name="\u202eAda\u200b\x07")
    match_id = await hall.create(seats=[named, OPEN_SEAT])
    joined = await hall.api.join(
        pb.JoinMatchRequest(match_id=match_id, display_name="Jose\u0301 \u2066x")
    )
    assert [s.display_name for s in joined.match.seats] == ["Ada", "Jos\u00e9 x"]


async def test_a_match_that_does_not_exist_is_refused_as_such(hall):
    match_id = await hall.create(2)
    token = hall.tokens[match_id][0]
    for missing in ("nope", "0" * 24, f"{match_id}}}:req:x"):
        await refused(NoSuchMatch, hall.get(missing))
        await refused(NoSuchMatch, hall.submit(missing, token, pick(1), 0))
        await refused(NoSuchMatch, hall.api.join(pb.JoinMatchRequest(match_id=missing)))


# -- the lobby's repair -------------------------------------------------------------------------


async def lobby_ids(hall: Hall, phase: int) -> set[str]:
    return {member.decode() for member in await hall.db.zrange(lobby_key(TITLE, phase), 0, -1)}


async def test_the_lobby_repair_files_what_a_crash_left_wrong(hall):
    """What a process that died between a commit and its lobby update, or between a creation's
    index entries and its keys, leaves behind, written directly."""
    match_id = await hall.create(2)  # human seats only: running at once
    over_id = await hall.create(2)
    await hall.resign(over_id, 0)
    now_ms = int(time.time() * 1000)
    open_key, running_key = lobby_key(TITLE, OPEN), lobby_key(TITLE, RUNNING)
    stale_creation, fresh_creation, unreadable, garbled = "ab" * 12, "cd" * 12, "ef" * 12, "fe" * 12
    # More than a page (64) of entries left by creations that never stored their match.
    abandoned = {f"{n:024x}": now_ms - 120_000 - n for n in range(150)}
    async with hall.db.pipeline(transaction=True) as pipe:
        # The running match still filed as open, as if the join that started it died before
        # the move; the finished one filed as running too; the entries of two creations that
        # never stored their match (one too recent to drop); an old entry whose record this
        # version cannot read, and one that is not a record at all (both must stay).
        pipe.zrem(running_key, match_id)
        pipe.zadd(open_key, {match_id: now_ms, stale_creation: now_ms - 120_000})
        pipe.zadd(open_key, {fresh_creation: now_ms, unreadable: now_ms - 120_000})
        pipe.zadd(running_key, {over_id: now_ms, **abandoned, garbled: now_ms - 120_000})
        pipe.hset(match_key(unreadable), "version", 3)
        pipe.set(match_key(garbled), b"7:\xff\xff not a record")
        await pipe.execute()

    passes = [await hall.housekeeper.repair_lobby() for _ in range(4)]
    assert passes == [66, 64, 23, 0], "a page of each list per pass, dropped entries not skipped"
    assert await lobby_ids(hall, OPEN) == {fresh_creation, unreadable}
    assert await lobby_ids(hall, RUNNING) == {match_id, garbled}
    assert over_id in await lobby_ids(hall, FINISHED)
    # Listing skips the record it cannot read instead of failing; that match alone is refused.
    listed = (
        await hall.api.list_matches(pb.ListMatchesRequest(title_id=TITLE, phase=RUNNING))
    ).matches
    assert [m.match_id for m in listed] == [match_id]
    assert "cannot be read" in (await refused(UnreadableMatch, hall.get(garbled))).reason
    assert not (
        await hall.api.list_matches(pb.ListMatchesRequest(title_id=TITLE, phase=OPEN))
    ).matches


async def listed_in(hall, phase: int) -> list[pb.MatchSummary]:
    request = pb.ListMatchesRequest(title_id=TITLE, phase=phase)
    return list((await hall.api.list_matches(request)).matches)


async def test_listing_refiles_a_match_it_finds_under_an_earlier_phase(hall):
    match_id = await hall.create(2)
    await hall.resign(match_id, 0)
    await hall.db.zadd(lobby_key(TITLE, RUNNING), {match_id: 1})
    listed = (await hall.api.list_matches(pb.ListMatchesRequest(title_id=TITLE))).matches
    assert [(m.match_id, m.phase) for m in listed] == [(match_id, FINISHED)]
    assert await lobby_ids(hall, RUNNING) == set()


async def test_a_commit_stands_when_a_lobby_update_after_it_fails_and_the_repair_files_it(
    hall, caplog
):
    match_id = await hall.create(2)
    await hall.db.set(lobby_key(TITLE, FINISHED), "not a sorted set")
    with caplog.at_level(logging.WARNING, "playhall.matches.commits"):
        ended = (await hall.resign(match_id, 0)).match
    assert ended.phase == FINISHED and ended.version == 1
    assert any("index update failed" in record.message for record in caplog.records)
    assert (await hall.store.load(match_id)).phase == FINISHED
    assert await lobby_ids(hall, RUNNING) == {match_id}

    await hall.db.delete(lobby_key(TITLE, FINISHED))
    assert await hall.housekeeper.repair_lobby() == 1
    assert await lobby_ids(hall, RUNNING) == set()
    assert await lobby_ids(hall, FINISHED) == {match_id}


async def test_the_housekeeper_repairs_the_lobby_once_per_interval(hall):
    match_id = await hall.create(2)

    async def misfile():
        await hall.db.zadd(lobby_key(TITLE, OPEN), {match_id: 1})

    await misfile()
    await hall.housekeeper.run_once()
    assert await lobby_ids(hall, OPEN) == set()
    await misfile()
    await hall.housekeeper.run_once()
    assert await lobby_ids(hall, OPEN) == {match_id}, "repaired again within the interval"
    hall.housekeeper.lobby_repair_interval_s = 0
    await hall.housekeeper.run_once()
    assert await lobby_ids(hall, OPEN) == set()


# -- idle matches -------------------------------------------------------------------------------


async def a_pick(hall: Hall, match_id: str) -> None:
    """Seat 0 picks its first scientist: a change of the match."""
    await hall.seat_submit(match_id, 0, pick((await hand(hall, match_id, 0))[0]), 0)


async def test_being_played_lists_past_pages_of_idle_matches_and_a_move_lists_one_again(
    embedded_redis, event_loop
):
    idle_hall = await open_hall(embedded_redis.url, lobby_idle_after_s=1)
    try:
        played = await idle_hall.create(2)
        idle = []
        for _ in range(5):  # newer: listed first
            # The lobby orders by creation time in ms: two matches of one ms list in id order.
            await asyncio.sleep(0.002)
            idle.append(await idle_hall.create(2))
        await asyncio.sleep(1.1)
        await a_pick(idle_hall, played)

        async def being_played(limit: int) -> list[str]:
            request = pb.ListMatchesRequest(title_id=TITLE, phase=RUNNING, limit=limit)
            return [m.match_id for m in (await idle_hall.api.list_matches(request)).matches]

        # Three pages of two: the played match is found behind five idle ones.
        assert await being_played(2) == [played]
        await a_pick(idle_hall, idle[0])
        assert await being_played(2) == [idle[0], played]
        assert await lobby_ids(idle_hall, RUNNING) == {played, *idle}, "entries stay filed"
    finally:
        await idle_hall.close()


async def test_an_unreadable_idle_match_does_not_hold_up_the_abandonment_of_others(
    embedded_redis, event_loop
):
    idle_hall = await open_hall(embedded_redis.url, abandon_after_s=1)
    try:
        match_id = await idle_hall.create(2)
        garbled = "fe" * 12
        await idle_hall.db.set(match_key(garbled), b"7:\xff\xff not a record")
        await idle_hall.db.zadd(ACTIVITY, {garbled: 1})  # first in the index
        await asyncio.sleep(1.1)
        assert await idle_hall.housekeeper.abandon_idle() == 1
        ended = await idle_hall.store.load(match_id)
        assert (ended.phase, ended.end_reason) == (FINISHED, pb.END_REASON_ABANDONED)
        assert await idle_hall.db.zscore(OUTBOX, match_id) is not None, "filed for the archive"
        # The unreadable one is looked at again an idle time later, not at every pass.
        assert await idle_hall.db.zscore(ACTIVITY, garbled) > time.time() * 1000 - 5_000
    finally:
        await idle_hall.close()
