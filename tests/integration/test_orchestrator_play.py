"""Integration tests of the match orchestrator: matches played through MatchService.

Everything is real and runs in its own process: a private redis-server, the Galileo rules
service and two orchestrator replicas on the same Redis (A from the session fixture, B started
here); then all of it again on the session's Redis Cluster (3 masters with a replica each,
commits waiting for one replica), with A and B started for it (`BACKENDS`).
Clients talk to them the way a portal and the bot workers do, through `MatchClient`,
with a seat token, the worker credential or nothing (a spectator). Every unary call has the
client's deadline and every watch stream its own, so a hung server fails a test instead of
hanging the suite.

Covered: whole matches with watchers that disconnect and resume, cross-replica fan-out,
idempotent and racing submissions, simultaneous picks, hidden information, authentication, bad
input, resignation, the lobby, turn clocks, the orchestrator's metrics and its health watch.
"""

from __future__ import annotations

import hashlib
import random
import threading
import time
import uuid
from functools import partial

import grpc
import pytest
from google.protobuf import any_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc

from dev.testbed import TIMEOUT, WORKER_CREDENTIAL
from playhall.core.wire import moves_as_any, pack, unpack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, acting_seat, human_seats
from playhall.rules.v1 import rules_service_pb2 as rpb
from tests.helpers import (
    TITLE,
    assert_refused,
    metric,
    pick,
    race,
    refusal,
    scrape,
    seat_clients,
    split,
    take,
    view_of,
    wait_until,
)

STREAM_TIMEOUT = 20.0
MOVE_TYPE_URL = "type.googleapis.com/playhall.galileo.v1.Move"
RUNNING, FINISHED, OPEN = pb.MATCH_PHASE_RUNNING, pb.MATCH_PHASE_FINISHED, pb.MATCH_PHASE_OPEN
BACKENDS = ["redis", "cluster"]
"""Every test runs on the single Redis and on the Redis Cluster (`integration/conftest.py`)."""
INVALID = grpc.StatusCode.INVALID_ARGUMENT
PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
DENIED = grpc.StatusCode.PERMISSION_DENIED
UNAUTHENTICATED = grpc.StatusCode.UNAUTHENTICATED


# -- fixtures -----------------------------------------------------------------------------------


# -- helpers ------------------------------------------------------------------------------------


def create(
    client: MatchClient,
    players: int = 3,
    seats: list[pb.SeatSpec] | None = None,
    clock: pb.Clock | None = None,
) -> pb.CreateMatchResponse:
    """A new Galileo match with a fresh seed chosen by the test (the server is in testing mode)."""
    return client.create(
        TITLE, seats or human_seats(players), seed=uuid.uuid4().bytes * 2, clock=clock
    )


def events_of(change: pb.MatchChange) -> list[gal.Event]:
    return [unpack(event, gal.Event, "event") for event in change.events]


def pick_events(changes) -> list[gal.PickCommitted]:
    return [
        event.pick_committed
        for change in changes
        for event in events_of(change)
        if event.HasField("pick_committed")
    ]


def play_random(client: MatchClient, match_id: str, rng: random.Random):
    """Plays one random legal move for the client's seat; None when it has none."""
    seen = client.get(match_id)
    if not moves_as_any(seen.legal_moves):
        return None
    move = rng.choice(list(moves_as_any(seen.legal_moves)))
    return client.submit(match_id, move, seen.match.version)


def play_moves(clients: dict[int, MatchClient], match_id: str, count: int, seed: int = 0):
    """Plays `count` moves, each by the first seat that has a legal move."""
    rng = random.Random(seed)
    for _ in range(count):
        assert any(play_random(c, match_id, rng) for c in clients.values()), "nobody can move"


def open_watch(
    client: MatchClient, match_id: str, after_version: int | None = 0, timeout=STREAM_TIMEOUT
):
    """A cancellable WatchMatch call as `client`'s caller; `after_version` None watches from
    the creation (version 0) on."""
    request = pb.WatchMatchRequest(match_id=match_id)
    if after_version is not None:
        request.after_version = after_version
    if client.seat is not None:
        request.seat = client.seat
    return client.stub.WatchMatch(request, metadata=client.metadata, timeout=timeout)


def watch_until(client: MatchClient, match_id: str, version: int, after_version: int = 0):
    """The changes after `after_version` up to `version`, then the stream is cancelled."""
    changes = []
    call = open_watch(client, match_id, after_version, timeout=TIMEOUT)
    try:
        for response in call:
            changes.append(response.change)
            if response.change.version >= version:
                break
    finally:
        call.cancel()
    return changes


def history_seats(history: pb.GetHistoryResponse) -> list[int | None]:
    """The acting seat of every change after creation (None for the server's)."""
    return [acting_seat(change) for change in history.changes if change.version > 0]


class Watcher:
    """Consumes WatchMatch in a thread, recording each change and when it arrived.

    With `disconnect_after=n` it cancels its stream after n changes, waits until the match has
    moved at least `gap` versions past the last one it saw, and resumes with `after_version`.
    """

    def __init__(
        self,
        client: MatchClient,
        match_id: str,
        after_version: int | None = 0,
        disconnect_after: int | None = None,
        gap: int = 3,
    ):
        self.client, self.match_id = client, match_id
        self.after_version = after_version
        self.disconnect_after, self.gap = disconnect_after, gap
        self.changes: list[pb.MatchChange] = []
        self.arrived: dict[int, float] = {}
        self.resumed_from: int | None = None
        self.version_at_resume: int | None = None
        self.ended = False
        self.error: BaseException | None = None
        self._stopping = threading.Event()
        self._call = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        after = self.after_version
        try:
            while not self._stopping.is_set():
                self._call = open_watch(self.client, self.match_id, after)
                for response in self._call:
                    self.changes.append(response.change)
                    self.arrived[response.change.version] = time.monotonic()
                    after = response.change.version
                    if self.resumed_from is None and len(self.changes) == self.disconnect_after:
                        self._call.cancel()
                        self._wait_for_gap(after)
                        self.resumed_from = after
                        break
                else:
                    self.ended = True
                    return
        except grpc.RpcError as error:
            if not (self._stopping.is_set() and error.code() == grpc.StatusCode.CANCELLED):
                self.error = error
        except BaseException as error:  # noqa: BLE001 - reported by join()
            self.error = error

    def _wait_for_gap(self, seen: int) -> None:
        deadline = time.monotonic() + STREAM_TIMEOUT
        while time.monotonic() < deadline:
            match = self.client.get(self.match_id).match
            if match.version >= seen + self.gap or match.phase == FINISHED:
                self.version_at_resume = match.version
                return
            time.sleep(0.01)

    def versions(self) -> list[int]:
        return [change.version for change in self.changes]

    def wait_for(self, version: int, timeout: float = TIMEOUT) -> float:
        """Monotonic time at which `version` arrived."""
        wait_until(lambda: version in self.arrived or self.error, timeout, f"version {version}")
        assert self.error is None, self.error
        return self.arrived[version]

    def join(self, timeout: float = STREAM_TIMEOUT) -> None:
        self._thread.join(timeout)
        assert not self._thread.is_alive(), "the watch stream did not end"
        assert self.error is None, self.error

    def stop(self) -> None:
        self._stopping.set()
        if self._call is not None:
            self._call.cancel()
        self._thread.join(TIMEOUT)


class SeatPlayer:
    """Plays random legal moves for one seat in a thread until the match is over.

    A stale-version refusal is retried with a fresh GetMatch (as a portal would) and recorded
    in `stale`; a GetMatch answer whose view is of another move count than its summary is
    recorded in `torn`.
    """

    def __init__(self, client: MatchClient, match_id: str, seed: int):
        self.client, self.match_id = client, match_id
        self.rng = random.Random(seed)
        self.submitted: list[tuple[int, any_pb2.Any]] = []
        self.stale: list[str] = []
        self.torn: list[tuple[int, int, int]] = []
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        deadline = time.monotonic() + STREAM_TIMEOUT
        try:
            while time.monotonic() < deadline:
                seen = self.client.get(self.match_id)
                summary, view = seen.match, view_of(seen)
                if view.move_count != summary.status.move_count:
                    self.torn.append((summary.version, summary.status.move_count, view.move_count))
                if summary.phase == FINISHED:
                    return
                if not moves_as_any(seen.legal_moves):
                    time.sleep(0.005)
                    continue
                move = self.rng.choice(list(moves_as_any(seen.legal_moves)))
                try:
                    done = self.client.submit(self.match_id, move, summary.version)
                except grpc.RpcError as error:
                    if error.code() != PRECONDITION:
                        raise
                    self.stale.append(error.details())
                    continue
                self.submitted.append((done.version, move))
            raise TimeoutError("the match did not finish in time")
        except BaseException as error:  # noqa: BLE001 - reported by join()
            self.error = error

    def join(self) -> None:
        self._thread.join(STREAM_TIMEOUT + TIMEOUT)
        assert not self._thread.is_alive(), "the player did not stop"
        assert self.error is None, self.error


# -- 1. whole matches, watchers and replay ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_whole_match_with_resuming_watchers_and_verifiable_replay(
    players, channel_a, channel_b, spectator, rules_stub
):
    created = create(spectator, players=players)
    match_id = created.match.match_id
    clients = seat_clients([channel_a, channel_b], created)
    watchers = {  # the spectator from the creation on, seat 1 from after it
        "spectator": Watcher(spectator, match_id, after_version=None, disconnect_after=12),
        "seat 1": Watcher(MatchClient(channel_b, created.tokens[1].token), match_id),
    }
    seat_players = [SeatPlayer(client, match_id, seed) for seed, client in clients.items()]
    for player in seat_players:
        player.join()
    for watcher in watchers.values():
        watcher.join()

    final = spectator.get(match_id).match
    assert final.phase == FINISHED and final.end_reason == pb.END_REASON_GAME_OVER
    assert final.version >= 30
    for name, watcher in watchers.items():
        first = 0 if name == "spectator" else 1
        assert watcher.versions() == list(range(first, final.version + 1)), name
        assert watcher.ended, name
        last = watcher.changes[-1]
        assert last.phase == FINISHED and last.end_reason == pb.END_REASON_GAME_OVER, name
        assert list(last.status.scores) == list(final.status.scores), name
    resumed = watchers["spectator"]
    assert resumed.resumed_from == 11 and resumed.version_at_resume >= 14
    setup = events_of(resumed.changes[0])
    assert acting_seat(resumed.changes[0]) is None and setup[0].round_started.round == 1
    assert all(not p.scientist for p in pick_events(resumed.changes))
    seat_picks = pick_events(watchers["seat 1"].changes)
    assert all(bool(p.scientist) == (p.seat == 1) for p in seat_picks)

    history = spectator.history(match_id)
    replay = history.replay
    assert hashlib.sha256(replay.seed).digest() == created.match.seed_sha256
    assert history.match.seed == replay.seed and replay.players == players
    assert [c.version for c in history.changes] == list(range(final.version + 1))
    submitted = sorted(
        (version, seat, move.SerializeToString())
        for seat, player in zip(clients, seat_players, strict=True)
        for version, move in player.submitted
    )
    assert [(m.version, m.seat, m.move.SerializeToString()) for m in replay.moves] == submitted

    state = rules_stub.NewGame(
        rpb.NewGameRequest(players=replay.players, options=replay.options, seed=replay.seed),
        timeout=TIMEOUT,
    ).state
    for replayed in replay.moves:
        applied = rules_stub.ApplyMove(
            rpb.ApplyMoveRequest(state=state, seat=replayed.seat, move=replayed.move),
            timeout=TIMEOUT,
        )
        state = applied.state
    assert applied.status.finished
    assert list(applied.status.scores) == list(final.status.scores)
    assert list(applied.status.winners) == list(final.winners)


def test_get_match_answers_from_one_snapshot_during_play(channel_a, channel_b, spectator):
    """A GetMatch answer's view and legal moves belong to the version it reports, so a move
    chosen from it at that version is never refused as stale (nothing else can make it stale:
    in Galileo only the seats to move change the match, and picks of one step do not count)."""
    created = create(spectator, players=3)
    match_id = created.match.match_id
    clients = seat_clients([channel_a, channel_b], created)
    players = [SeatPlayer(client, match_id, seed) for seed, client in clients.items()]
    for player in players:
        player.join()
    assert spectator.get(match_id).match.phase == FINISHED
    torn = [read for player in players for read in player.torn]
    stale = [details for player in players for details in player.stale]
    assert not torn, f"(version, summary move_count, view move_count): {torn}"
    assert not stale, stale


# -- 2. two replicas ----------------------------------------------------------------------------


def test_watcher_on_one_replica_sees_moves_through_the_other_within_a_second(
    channel_a, channel_b, spectator
):
    created = create(spectator, players=2)
    match_id = created.match.match_id
    clients = seat_clients([channel_b], created)
    watcher = Watcher(spectator, match_id)
    try:
        play_moves(clients, match_id, 1)
        watcher.wait_for(1)
        latencies = []
        for version in range(2, 7):
            started = time.monotonic()
            play_moves(clients, match_id, 1, seed=version)
            latencies.append(watcher.wait_for(version) - started)
    finally:
        watcher.stop()
    print(f"replica A saw moves submitted through B after {[round(t, 4) for t in latencies]} s")
    assert max(latencies) < 1.0, latencies
    assert watcher.versions() == list(range(1, 7))


# -- 3. duplicate and racing submissions --------------------------------------------------------


def test_same_request_id_applies_once_and_refuses_another_move(channel_a, channel_b, spectator):
    created = create(spectator, players=3)
    match_id = created.match.match_id
    on_a = seat_clients([channel_a], created)
    on_b = seat_clients([channel_b], created)
    hand = view_of(on_a[0].get(match_id)).hand

    first = on_a[0].submit(match_id, pick(hand[0]), 0, request_id="dup-0")
    again = on_b[0].submit(match_id, pick(hand[0]), 0, request_id="dup-0")
    assert first.version == again.version == 1
    assert spectator.get(match_id).match.version == 1

    other_move = assert_refused(INVALID, on_a[0].submit, match_id, pick(hand[1]), 0, "dup-0")
    assert "dup-0" in other_move
    play_moves({1: on_a[1]}, match_id, 1)
    late = on_b[0].submit(match_id, pick(hand[0]), 0, request_id="dup-0")
    assert late.version == 1 and late.match.version == 2
    history = spectator.history(match_id)
    assert history_seats(history) == [0, 1]
    assert [p.seat for p in pick_events(history.changes)] == [0, 1]


def test_concurrent_retries_of_one_request_all_get_its_version(channel_a, channel_b, spectator):
    """Eight copies of one request (same request_id, same move) race through both replicas,
    slightly staggered, in 20 matches: every copy gets the version of the one commit."""
    outcomes = []
    for _ in range(20):
        created = create(spectator, players=3)
        match_id = created.match.match_id
        token = created.tokens[0].token
        copies = [MatchClient(ch, token, timeout_s=TIMEOUT) for ch in [channel_a, channel_b] * 4]
        move = moves_as_any(copies[0].get(match_id).legal_moves)[0]
        results = race(
            *(partial(c.submit, match_id, move, 0, "retry") for c in copies),
            stagger=0.0005,
        )
        assert history_seats(spectator.history(match_id)) == [0]
        outcomes += [r.version if isinstance(r, pb.SubmitMoveResponse) else r for r in results]
    refused = [f"{r.code().name}: {r.details()}" for r in outcomes if isinstance(r, grpc.RpcError)]
    assert not refused, f"{len(refused)} of {len(outcomes)} copies refused: {refused[:3]}"
    assert set(outcomes) == {1}


def test_racing_moves_for_one_seat_through_two_replicas_apply_once(channel_a, channel_b, spectator):
    created = create(spectator, players=3)
    match_id = created.match.match_id
    on_a = seat_clients([channel_a], created)
    on_b = seat_clients([channel_b], created)
    for seat in range(3):
        version = spectator.get(match_id).match.version
        hand = view_of(on_a[seat].get(match_id)).hand
        won, lost = split(
            race(
                lambda s=seat, h=hand, v=version: on_a[s].submit(match_id, pick(h[0]), v),
                lambda s=seat, h=hand, v=version: on_b[s].submit(match_id, pick(h[1]), v),
            )
        )
        assert len(won) == 1 and len(lost) == 1, lost
        assert won[0].version == version + 1
        if seat < 2:  # the revealing pick's refusal: test_a_losing_racer_is_told_the_current_...
            assert lost[0].code() == PRECONDITION, lost[0].details()
            details = lost[0].details()
            assert f"version {version + 1}" in details or "already picked" in details, details

    history = spectator.history(match_id)
    assert history_seats(history) == [0, 1, 2]
    assert sorted(p.seat for p in pick_events(history.changes)) == [0, 1, 2]
    assert view_of(spectator.get(match_id)).phase == gal.PHASE_TAKE


def test_a_losing_racer_is_told_the_current_version(channel_a, channel_b, spectator):
    """The revealing pick of a 2-player round, raced by eight different picks of the seat
    through both replicas (slightly staggered), in 10 matches: one wins, and every loser's
    refusal names the current version (or says the seat already picked)."""
    unclear = []
    for _ in range(10):
        created = create(spectator, players=2)
        match_id = created.match.match_id
        clients = seat_clients([channel_a], created)
        play_moves({0: clients[0]}, match_id, 1)
        token = created.tokens[1].token
        racers = [MatchClient(ch, token, timeout_s=TIMEOUT) for ch in [channel_a, channel_b] * 4]
        hand = view_of(racers[0].get(match_id)).hand[: len(racers)]
        cards = zip(racers, hand, strict=True)
        calls = [partial(racer.submit, match_id, pick(card), 1) for racer, card in cards]
        won, lost = split(race(*calls, stagger=0.0005))
        assert len(won) == 1 and len(lost) == len(calls) - 1
        assert history_seats(spectator.history(match_id)) == [0, 1]
        unclear += [
            f"{e.code().name}: {e.details()}"
            for e in lost
            if e.code() != PRECONDITION
            or ("version 2" not in e.details() and "already picked" not in e.details())
        ]
    assert not unclear, f"{len(unclear)} of 70 refusals are unclear: {sorted(set(unclear))}"


# -- 4. simultaneous picks ----------------------------------------------------------------------


def test_all_seats_pick_at_the_same_version_and_a_stale_take_is_refused(
    channel_a, channel_b, spectator
):
    created = create(spectator, players=4)
    match_id = created.match.match_id
    clients = seat_clients([channel_a, channel_b], created)
    hands = {seat: view_of(c.get(match_id)).hand for seat, c in clients.items()}

    results = race(
        *(lambda s=seat: clients[s].submit(match_id, pick(hands[s][0]), 0) for seat in clients)
    )
    assert all(isinstance(r, pb.SubmitMoveResponse) for r in results), results
    assert sorted(r.version for r in results) == [1, 2, 3, 4]
    assert history_seats(spectator.history(match_id)) == sorted(
        range(4), key=lambda s: results[s].version
    )

    seen = spectator.get(match_id)
    view = view_of(seen)
    assert view.phase == gal.PHASE_TAKE and seen.match.version == 4
    assert [s.revealed_pick for s in view.seats] == [hands[s][0] for s in range(4)]
    taker = view.order[view.take_index]
    details = assert_refused(PRECONDITION, clients[taker].submit, match_id, take(view.table[0]), 0)
    assert "version 4" in details
    assert spectator.get(match_id).match.version == 4
    assert clients[taker].submit(match_id, take(view.table[0]), 4).version == 5


# -- 5. hidden information ----------------------------------------------------------------------


def test_no_other_seat_or_spectator_sees_a_committed_pick(channel_a, channel_b, spectator):
    created = create(spectator, players=3)
    match_id = created.match.match_id
    clients = seat_clients([channel_a, channel_b], created)
    scientist = view_of(clients[0].get(match_id)).hand[0]
    clients[0].submit(match_id, pick(scientist), 0)
    others = {"seat 1": clients[1], "seat 2": clients[2], "spectator": spectator}

    own = clients[0].get(match_id)
    assert view_of(own).own_pick == scientist and scientist not in view_of(own).hand
    assert [p.scientist for p in pick_events(watch_until(clients[0], match_id, 1))] == [scientist]
    assert [p.scientist for p in pick_events(clients[0].history(match_id).changes)] == [scientist]

    for name, client in others.items():
        seen = client.get(match_id)
        view = view_of(seen)
        assert view.seats[0].has_picked, name
        assert view.own_pick == 0 and view.seats[0].revealed_pick == 0, name
        assert scientist not in view.hand, name
        watched = pick_events(watch_until(client, match_id, 1))
        assert [(p.seat, p.scientist) for p in watched] == [(0, 0)], name
        history = client.history(match_id)
        assert [(p.seat, p.scientist) for p in pick_events(history.changes)] == [(0, 0)], name
        assert not history.HasField("replay") and not history.match.seed, name

    watched = spectator.get(match_id)
    assert not moves_as_any(watched.legal_moves) and not watched.HasField("seat")
    assert not view_of(watched).hand and view_of(watched).spectator
    own1 = view_of(clients[1].get(match_id)).hand[0]
    answer = view_of(clients[1].submit(match_id, pick(own1), 1))
    assert answer.own_pick == own1 and answer.seats[0].revealed_pick == 0


# -- 6. authentication --------------------------------------------------------------------------


def test_the_token_is_read_from_a_bearer_authorization_header(channel_a, spectator):
    """What the servicer reads from the wire: only `authorization: Bearer <token>` carries a
    token, and the domain's refusals reach the client with the contract's codes. Who may act
    as whom is tested in process (`tests/unit/test_orchestrator_domain.py`)."""
    created = create(spectator, players=3)
    match_id = created.match.match_id
    token0 = created.tokens[0].token
    move = pick(view_of(MatchClient(channel_a, token0).get(match_id)).hand[0])

    assert_refused(UNAUTHENTICATED, spectator.submit, match_id, move, 0)
    basic = MatchClient(channel_a)
    basic.metadata = [("authorization", f"Basic {token0}")]
    assert_refused(UNAUTHENTICATED, basic.submit, match_id, move, 0)
    basic.metadata = [("authorization", "Bearer ")]
    assert_refused(UNAUTHENTICATED, basic.get, match_id)
    assert_refused(DENIED, MatchClient(channel_a, "garbage-token").submit, match_id, move, 0)
    assert_refused(INVALID, MatchClient(channel_a, WORKER_CREDENTIAL).get, match_id)
    assert spectator.get(match_id).match.version == 0
    assert MatchClient(channel_a, token0, seat=0).submit(match_id, move, 0).version == 1


# -- 7. bad input -------------------------------------------------------------------------------


def test_bad_moves_are_refused_and_change_nothing(channel_a, spectator):
    created = create(spectator, players=3)
    match_id = created.match.match_id
    seat0 = MatchClient(channel_a, created.tokens[0].token, timeout_s=TIMEOUT)
    hand = view_of(seat0.get(match_id)).hand
    absent = next(card for card in range(1, 51) if card not in hand)
    before = spectator.history(match_id)

    assert_refused(grpc.StatusCode.NOT_FOUND, seat0.submit, "no-such-match", pick(hand[0]), 0)
    assert_refused(grpc.StatusCode.NOT_FOUND, spectator.get, "no-such-match")
    assert_refused(grpc.StatusCode.NOT_FOUND, spectator.history, "no-such-match")
    assert_refused(grpc.StatusCode.NOT_FOUND, lambda: list(open_watch(spectator, "nope", 0, 2)))
    garbage = any_pb2.Any(type_url=MOVE_TYPE_URL, value=b"\xff\xff")
    assert_refused(INVALID, seat0.submit, match_id, garbage, 0)
    other_type = pack(pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN))
    assert "Move" in assert_refused(INVALID, seat0.submit, match_id, other_type, 0)
    details = assert_refused(INVALID, seat0.submit, match_id, pick(absent), 0)
    assert "is not in your hand" in details
    empty_id = pb.SubmitMoveRequest(match_id=match_id, move=pick(hand[0]), request_id="")
    # MatchClient fills in a missing request id, so this one goes through the stub.
    assert_refused(
        INVALID, lambda: seat0.stub.SubmitMove(empty_id, timeout=TIMEOUT, metadata=seat0.metadata)
    )

    huge = any_pb2.Any(type_url=MOVE_TYPE_URL, value=b"\x00" * (5 * 1024 * 1024))
    error = refusal(seat0.submit, match_id, huge, 0)
    assert error.code() in (grpc.StatusCode.RESOURCE_EXHAUSTED, INVALID), error.details()

    after = spectator.history(match_id)
    assert after.match.version == 0 and list(after.changes) == list(before.changes)
    assert seat0.submit(match_id, pick(hand[0]), 0).version == 1  # still serving


def test_bad_match_creation_is_refused(backend, galileo_rules, spectator):
    seed = b"\x01" * 32
    bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=pb.BOT_LEVEL_RANDOM)
    assert "galileo" in assert_refused(INVALID, spectator.create, "chess", human_seats(2))
    assert_refused(INVALID, spectator.create, TITLE, human_seats(1))
    assert_refused(INVALID, spectator.create, TITLE, [pb.SeatSpec(), pb.SeatSpec()])
    with (
        backend.start_orchestrator(galileo_rules.address, PLAYHALL_TESTING="0") as prod,
        grpc.insecure_channel(prod.address) as channel,
    ):
        client = MatchClient(channel, timeout_s=TIMEOUT)
        assert_refused(INVALID, client.create, TITLE, human_seats(2), seed)
        open_seat = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
        assert "open" in assert_refused(INVALID, client.create, TITLE, [bot, open_seat], seed)
        created = client.create(TITLE, [bot, bot], seed)
        assert created.match.seed_sha256 == hashlib.sha256(seed).digest()
        assert client.create(TITLE, human_seats(2)).match.phase == RUNNING


def test_watchers_beyond_the_cap_are_refused_and_other_calls_still_served(backend, galileo_rules):
    """PLAYHALL_MAX_WATCH_STREAMS=3: three watch streams may run, a fourth is refused at once."""
    with (
        backend.start_orchestrator(galileo_rules.address, PLAYHALL_MAX_WATCH_STREAMS="3") as small,
        grpc.insecure_channel(small.address) as channel,
    ):
        client = MatchClient(channel, timeout_s=TIMEOUT)
        match_id = client.create(TITLE, human_seats(2), b"\x02" * 32).match.match_id
        watches = [open_watch(client, match_id, after_version=None) for _ in range(3)]
        try:
            for call in watches:
                assert next(call).change.version == 0
            extra = open_watch(client, match_id, after_version=None)
            with pytest.raises(grpc.RpcError) as refused:
                next(extra)
            assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert client.get(match_id).match.version == 0
        finally:
            for call in watches:
                call.cancel()
        # Cancelled watches give all their slots back: three may run again at once.

        def three_watches_accepted() -> bool:
            calls = [open_watch(client, match_id, after_version=None) for _ in range(3)]
            try:
                return all(next(call).change.version == 0 for call in calls)
            except grpc.RpcError:
                return False
            finally:
                for call in calls:
                    call.cancel()

        wait_until(three_watches_accepted, timeout=5, what="the slots of cancelled streams")


def test_more_watchers_than_the_redis_pool_starve_neither_moves_nor_clocks(backend, galileo_rules):
    """150 spectator streams (above redis-py's default pool of 100 connections, which they once
    took whole, when each waited on a connection of its own; now they share the replica's one
    pub/sub connection): all are served, the 151st is refused, and moves and the clock go on."""
    streams = 150
    with (
        backend.start_orchestrator(
            galileo_rules.address,
            PLAYHALL_MAX_WATCH_STREAMS=str(streams),
            PLAYHALL_MAX_ANONYMOUS_WATCH_STREAMS_PER_ADDRESS=str(streams),
        ) as replica,
        grpc.insecure_channel(replica.address) as channel,
    ):
        client = MatchClient(channel, timeout_s=TIMEOUT)
        created = client.create(TITLE, human_seats(2), b"\x03" * 32)
        match_id = created.match.match_id
        watches = [
            open_watch(client, match_id, after_version=0, timeout=60) for _ in range(streams)
        ]
        try:
            wait_until(
                lambda: metric(scrape(replica.metrics_port), "playhall_watch_streams") == streams,
                20,
                f"{streams} open watch streams",
                0.2,
            )
            extra = open_watch(client, match_id, after_version=0)
            with pytest.raises(grpc.RpcError) as refused:
                next(extra)
            assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            seat0 = seat_clients([channel], created)[0]
            hand = view_of(seat0.get(match_id)).hand
            assert seat0.submit(match_id, pick(hand[0]), 0).version == 1
            assert all(next(call).change.version == 1 for call in watches)
            clock = pb.Clock(seconds_per_turn=1, on_timeout=pb.TIMEOUT_ACTION_BOT_MOVE)
            timed = client.create(TITLE, human_seats(2), b"\x04" * 32, clock=clock)
            wait_until(
                lambda: client.get(timed.match.match_id).match.version >= 2,
                6,
                "bot moves made on timeout while every watch slot is taken",
                0.2,
            )
            # Ended, so no orchestrator on the session's Redis plays its clock on.
            client.as_seat(timed.tokens[0].token).resign(timed.match.match_id)
        finally:
            for call in watches:
                call.cancel()


def test_anonymous_watchers_are_limited_per_address_and_seats_are_not(backend, galileo_rules):
    with (
        backend.start_orchestrator(
            galileo_rules.address,
            PLAYHALL_MAX_ANONYMOUS_WATCH_STREAMS_PER_ADDRESS="2",
        ) as replica,
        grpc.insecure_channel(replica.address) as channel,
    ):
        client = MatchClient(channel, timeout_s=TIMEOUT)
        created = client.create(TITLE, human_seats(2), b"\x05" * 32)
        match_id = created.match.match_id
        seat0 = seat_clients([channel], created)[0]
        seated = [open_watch(seat0, match_id, after_version=None) for _ in range(2)]
        # The anonymous streams on a connection of their own, which closing ends for certain.
        with grpc.insecure_channel(replica.address) as spectators:
            watcher = MatchClient(spectators, timeout_s=TIMEOUT)
            anonymous = [open_watch(watcher, match_id, after_version=None) for _ in range(2)]
            for call in anonymous + seated:
                assert next(call).change.version == 0
            third = open_watch(client, match_id, after_version=None)
            with pytest.raises(grpc.RpcError) as refused:
                next(third)
            assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert "without a seat token" in refused.value.details()
        # Closed streams give their address's slots back.
        wait_until(
            lambda: metric(scrape(replica.metrics_port), "playhall_watch_streams") == 2,
            15,
            "the closed streams to end",
            0.2,
        )
        again = open_watch(client, match_id, after_version=None)
        try:
            assert next(again).change.version == 0
        finally:
            again.cancel()
            for call in seated:
                call.cancel()


def test_watching_a_finished_match_past_its_end_returns_at_once(channel_a, spectator):
    created = create(spectator, 2)
    resigned = seat_clients([channel_a], created)[0].resign(created.match.match_id)
    final = resigned.match.version
    started = time.monotonic()
    assert list(spectator.watch(created.match.match_id, after_version=final)) == []
    assert time.monotonic() - started < 2
    assert [c.version for c in spectator.watch(created.match.match_id, final - 1)] == [final]


def test_hostile_requests_get_a_clear_status(channel_a, spectator):
    created = create(spectator, 2)
    match_id = created.match.match_id
    seat0 = seat_clients([channel_a], created)[0]
    legal = moves_as_any(seat0.get(match_id).legal_moves)[0]
    reason = assert_refused(INVALID, seat0.submit, match_id, legal, 0, "bot:0:0:guess")
    assert "reserved" in reason
    assert_refused(INVALID, spectator.create, TITLE, [pb.SeatSpec(kind=77), pb.SeatSpec(kind=77)])
    weird_bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot_level=42)
    assert_refused(INVALID, spectator.create, TITLE, [weird_bot, weird_bot])
    far = open_watch(spectator, match_id, after_version=2**64 - 1)
    with pytest.raises(grpc.RpcError) as refused:
        next(far)
    assert refused.value.code() == INVALID
    assert_refused(grpc.StatusCode.NOT_FOUND, spectator.get, f"{match_id}}}:req:x")
    for _ in range(51 - len(spectator.list_matches(TITLE, limit=500))):
        create(spectator, 2)
    assert len(spectator.list_matches(TITLE, limit=500)) > 50
    assert len(spectator.list_matches(TITLE, limit=-1)) == 50, "a limit below 1 means the default"
    assert spectator.get(match_id).match.version == 0


# -- 8. resignation -----------------------------------------------------------------------------


def test_resigning_in_a_three_player_match_hands_the_seat_to_a_bot(channel_a, spectator):
    created = create(spectator, players=3)
    match_id = created.match.match_id
    clients = seat_clients([channel_a], created)
    resigned = clients[1].resign(match_id).match
    seat = resigned.seats[1]
    assert seat.kind == pb.SEAT_KIND_BOT and seat.resigned
    assert seat.bot_level == pb.BOT_LEVEL_RANDOM
    assert resigned.phase == RUNNING and resigned.version == 1

    scientist = view_of(MatchClient(channel_a, WORKER_CREDENTIAL, seat=1).get(match_id)).hand[0]
    assert_refused(DENIED, clients[1].submit, match_id, pick(scientist), 1)
    worker = MatchClient(channel_a, WORKER_CREDENTIAL, seat=1)
    assert worker.submit(match_id, pick(scientist), 1).version == 2
    assert history_seats(spectator.history(match_id)) == [1, 1]


def test_a_resigned_seats_open_watch_ends_before_the_bots_secrets_reach_it(channel_a, spectator):
    created = create(spectator, players=3)
    match_id = created.match.match_id
    clients = seat_clients([channel_a], created)
    stream = open_watch(clients[1], match_id, after_version=None)
    # The creation's change proves the watch is open: one that reached the server only after
    # the resignation is refused outright, which would prove nothing here.
    seen = [next(stream).change]
    assert seen[0].version == 0
    clients[1].resign(match_id)
    worker = MatchClient(channel_a, WORKER_CREDENTIAL, seat=1)
    scientist = view_of(worker.get(match_id)).hand[0]
    worker.submit(match_id, pick(scientist), 1)
    seen += [response.change for response in stream]  # ends by itself, before the deadline
    assert max(change.version for change in seen) < 2, "the bot's move reached the resigned seat"
    assert all(event.scientist == 0 for change in seen for event in pick_events([change])), (
        "the resigned seat saw the bot's secret pick"
    )


def test_an_open_match_called_off_by_its_only_player_has_no_winner(spectator):
    open_seat = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
    created = spectator.create(TITLE, [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), open_seat])
    (token,) = created.tokens
    match = spectator.as_seat(token.token).resign(created.match.match_id).match
    assert match.phase == FINISHED and list(match.winners) == []
    assert match.end_reason == pb.END_REASON_RESIGNATION


def test_resigning_in_a_two_player_match_ends_it(channel_a, spectator):
    created = create(spectator, players=2)
    match_id = created.match.match_id
    clients = seat_clients([channel_a], created)
    play_moves(clients, match_id, 1)

    ended = clients[0].resign(match_id).match
    assert ended.phase == FINISHED and ended.end_reason == pb.END_REASON_RESIGNATION
    assert list(ended.winners) == [1]
    assert hashlib.sha256(ended.seed).digest() == created.match.seed_sha256
    move = moves_as_any(clients[1].get(match_id).legal_moves)[0]
    assert "over" in assert_refused(PRECONDITION, clients[1].submit, match_id, move, 2)
    assert_refused(DENIED, clients[0].submit, match_id, move, 2)
    history = spectator.history(match_id)
    assert history.match.version == 2 and history.changes[-1].phase == FINISHED
    assert history.replay.seed == ended.seed and len(history.replay.moves) == 1


# -- 9. the lobby -------------------------------------------------------------------------------


def test_open_seat_is_listed_until_joined(channel_a, channel_b, spectator):
    created = create(
        spectator, seats=[pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]
    )
    match_id = created.match.match_id
    assert created.match.phase == OPEN and [t.seat for t in created.tokens] == [0]

    def listed(phase: int) -> bool:
        return match_id in {m.match_id for m in spectator.list_matches(TITLE, phase, limit=500)}

    assert listed(OPEN) and not listed(RUNNING)
    seat0 = MatchClient(channel_a, created.tokens[0].token)
    move = moves_as_any(seat0.get(match_id).legal_moves)[0]
    assert "waiting" in assert_refused(PRECONDITION, seat0.submit, match_id, move, 0)

    joined = MatchClient(channel_b).join(match_id, display_name="Ada")
    assert joined.token.seat == 1 and joined.match.phase == RUNNING
    assert joined.match.seats[1].kind == pb.SEAT_KIND_HUMAN
    assert joined.match.seats[1].display_name == "Ada"
    newcomer = MatchClient(channel_a, joined.token.token)
    seen = newcomer.get(match_id)
    assert seen.seat == 1 and moves_as_any(seen.legal_moves)
    assert (
        newcomer.submit(match_id, moves_as_any(seen.legal_moves)[0], seen.match.version).version
        == 2
    )
    assert listed(RUNNING) and not listed(OPEN)
    assert_refused(PRECONDITION, spectator.join, match_id)


def test_two_people_racing_for_the_last_open_seat(channel_a, channel_b, spectator):
    created = create(spectator, seats=[pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)] * 2)
    match_id = created.match.match_id
    first = MatchClient(channel_a).join(match_id, seat=0)
    assert first.match.phase == OPEN and not created.tokens
    results = race(*(partial(MatchClient(ch).join, match_id) for ch in (channel_a, channel_b)))
    joined = [r for r in results if isinstance(r, pb.JoinMatchResponse)]
    refused = [r for r in results if isinstance(r, grpc.RpcError)]
    assert len(joined) == 1 and [e.code() for e in refused] == [PRECONDITION], results
    assert joined[0].token.seat == 1 and spectator.get(match_id).match.version == 2
    assert MatchClient(channel_b, joined[0].token.token).get(match_id).seat == 1


# -- 10. turn clocks ----------------------------------------------------------------------------


def test_clock_forfeits_the_seat_to_move(replica_a, channel_a, spectator):
    clock = pb.Clock(seconds_per_turn=1, on_timeout=pb.TIMEOUT_ACTION_FORFEIT)
    created = create(spectator, players=2, clock=clock)
    match_id = created.match.match_id
    seat0 = MatchClient(channel_a, created.tokens[0].token)
    moved = seat0.submit(match_id, moves_as_any(seat0.get(match_id).legal_moves)[0], 0)
    deadline_ms = moved.match.deadline_unix_ms
    assert deadline_ms > 0

    wait_until(
        lambda: spectator.get(match_id).match.phase == FINISHED,
        TIMEOUT,
        "forfeit",
        service=replica_a,
    )
    match = spectator.get(match_id).match
    assert match.end_reason == pb.END_REASON_TIMEOUT and list(match.winners) == [0]
    history = spectator.history(match_id)
    assert history_seats(history) == [0, None] and history.changes[-1].phase == FINISHED
    # Not before seat 1's turn was up: the server's own times, whatever the test's pace.
    assert history.changes[-1].committed_unix_ms >= deadline_ms


def test_clock_bot_move_plays_for_the_seat_and_the_match_goes_on(replica_a, channel_a, spectator):
    clock = pb.Clock(seconds_per_turn=1, on_timeout=pb.TIMEOUT_ACTION_BOT_MOVE)
    created = create(spectator, players=2, clock=clock)
    match_id = created.match.match_id
    clients = seat_clients([channel_a], created)
    assert created.match.deadline_unix_ms > 0
    try:
        # One deadline for the whole pick step: both seats get a clock pick when it passes;
        # the take step that follows has a deadline of its own.
        wait_until(
            lambda: spectator.get(match_id).match.version >= 2,
            TIMEOUT,
            "clock moves",
            service=replica_a,
        )
        match = spectator.get(match_id).match
        assert match.phase == RUNNING and match.deadline_unix_ms > created.match.deadline_unix_ms
        clock_moves = spectator.history(match_id).changes[1:3]
        assert sorted(change.seat for change in clock_moves) == [0, 1]
        # Played once the pick step's time was up, not before (the server's own times).
        assert min(c.committed_unix_ms for c in clock_moves) >= created.match.deadline_unix_ms
        assert [e.seat for e in pick_events(clock_moves)] == [c.seat for c in clock_moves]
        play_moves(clients, match_id, 1)
        assert spectator.get(match_id).match.phase == RUNNING
    finally:
        clients[0].resign(match_id)


# -- 11. metrics --------------------------------------------------------------------------------


def test_metrics_count_matches_moves_refusals_and_watch_streams(replica_a, channel_a, spectator):
    def samples() -> list:
        return scrape(replica_a.metrics_port)

    def delta(after, name: str, **labels) -> float:
        return metric(after, name, **labels) - metric(before, name, **labels)

    submit = {"grpc_type": "unary", "grpc_service": "playhall.match.v1.MatchService"}
    submit["grpc_method"] = "SubmitMove"
    watch = {**submit, "grpc_type": "server_stream", "grpc_method": "WatchMatch"}
    before = samples()
    created = create(spectator, players=2)
    match_id = created.match.match_id
    clients = seat_clients([channel_a], created)
    play_moves(clients, match_id, 2)
    mover = next(c for c in clients.values() if moves_as_any(c.get(match_id).legal_moves))
    assert_refused(INVALID, mover.submit, match_id, take(999), 2)
    call = open_watch(spectator, match_id)
    assert next(call).change.version == 1
    running = samples()
    call.cancel()
    clients[0].resign(match_id)
    wait_until(lambda: delta(samples(), "playhall_watch_streams") == 0, TIMEOUT, "watch closed")
    after = samples()

    assert delta(running, "playhall_watch_streams") == 1
    assert delta(running, "playhall_matches_active", title=TITLE, phase="running") == 1
    assert delta(after, "playhall_matches_active", title=TITLE, phase="running") == 0
    assert delta(after, "playhall_matches_created_total", title=TITLE) == 1
    finished = {"title": TITLE, "reason": "resignation"}
    assert delta(after, "playhall_matches_finished_total", **finished) == 1
    assert delta(after, "playhall_moves_accepted_total", title=TITLE) == 2
    refused = {"title": TITLE, "reason": "invalid_argument"}
    assert delta(after, "playhall_moves_refused_total", **refused) == 1
    applied = {"title": TITLE, "method": "ApplyMove"}
    assert delta(after, "playhall_rules_call_seconds_count", **applied) == 3
    assert delta(after, "grpc_server_started_total", **submit) == 3
    assert delta(after, "grpc_server_handled_total", **submit, grpc_code="OK") == 2
    assert delta(after, "grpc_server_handled_total", **submit, grpc_code="INVALID_ARGUMENT") == 1
    assert delta(after, "grpc_server_handling_seconds_count", **submit) == 3
    assert delta(after, "grpc_server_started_total", **watch) == 1
    assert delta(after, "grpc_server_handled_total", **watch, grpc_code="CANCELLED") == 1


def test_health_can_be_watched(channel_a):
    """The standard health service's Watch stream, which gRPC's client-side health checking
    uses, answers SERVING."""
    stub = health_pb2_grpc.HealthStub(channel_a)
    stream = stub.Watch(health_pb2.HealthCheckRequest(service=""), timeout=TIMEOUT)
    try:
        assert next(stream).status == health_pb2.HealthCheckResponse.SERVING
    finally:
        stream.cancel()


def test_a_caller_that_omits_legal_moves_gets_none_and_the_same_view(channel_a, spectator):
    created = create(spectator, 2)
    match_id = created.match.match_id
    seat0 = seat_clients([channel_a], created)[0]
    full = seat0.get(match_id)
    lean = seat0.get(match_id, omit_legal_moves=True)
    assert len(full.legal_moves.moves) == 15 and lean.legal_moves == rpb.MoveList()
    assert lean.view == full.view and lean.match == full.match
    moved = seat0.submit(match_id, moves_as_any(full.legal_moves)[0], 0, omit_legal_moves=True)
    assert moved.version == 1 and moved.legal_moves == rpb.MoveList()
    assert len(view_of(moved).hand) == 14
