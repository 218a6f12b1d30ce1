"""Integration tests of the bot workers: Celery processes playing bot seats through MatchService.

Everything is real and runs in its own process, started by `dev.devstack.Stack`: a private
redis-server (match store and Celery broker), the rules service of every registered title, the
orchestrator and `celery -A playhall.bots.app worker` processes, all with short settings (the
housekeeper scans every 0.1 s, a bot turn is swept after 2 s). Most tests share one module
stack; a test that kills or stops a worker, or changes the broker, owns a fresh one.

What is proven, as the bots issue asks:
- full bot-vs-bot matches of every registered title through a worker: every move by a bot seat,
  submitted once under its deterministic request id, the history contiguous and the result
  reproducible from the revealed seed;
- a worker's whole process group SIGKILLed in the middle of a task, a second worker started:
  the match completes and every move is applied exactly once; the orchestrator SIGKILLed while
  a task runs: the task retries on UNAVAILABLE and the match completes;
- a bot turn committed but never enqueued (its task deleted from the broker) is picked up by
  the sweeper;
- a worker on a Redis broker SIGKILLed 5 times in a row while it holds a task lives on, and its
  matches move again after every restart and finish (issue 35);
- human and bot seats mixed (bots wait for an open seat to be joined); the only human resigns
  and the match ends with the bots the winners;
- a bot sees only its seat's view: the worker credential gets exactly the engine's view of a
  bot seat, and nothing of a human seat;
- the worker liveness probe; the worker metrics, summed over the prefork pool; a worker with
  missing settings refuses to start; a task over its soft time limit counts as failed;
- the tests that share the module stack run twice: with the stack's Redis as the Celery broker,
  and with a private RabbitMQ (`rabbitmq` fixture: Debian's rabbitmq-server on a free port,
  skipped with the reason when it is not installed), whose bot queues must be quorum queues;
  on RabbitMQ, a worker SIGKILLed mid-task has its task redelivered by the broker at once (no
  orphan restore, no sweep) and a second worker finishes the match, each move once.

Every RPC has a deadline, every stream and wait is bounded, so no test can hang.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import json
import math
import os
import random
import re
import socket
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grpc
import kombu
import pytest
import redis
from google.protobuf import any_pb2
from kombu.exceptions import ChannelError

from dev.devstack import Stack
from dev.process import (
    ServiceProcess,
    start_bot_worker,
    start_orchestrator,
    start_rules_service,
)
from dev.rabbitmq_server import EmbeddedRabbitMQ, rabbitmq_missing
from dev.redis_server import EmbeddedRedis
from playhall.bots.orphans import MIN_AGE_S
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE
from playhall.core import get_game, replay, title_ids
from playhall.core.wire import moves_as_any, unpack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, acting_seat
from playhall.matchstore.store import NO_SEAT, requests_key, state_key
from tests.helpers import has_metric, live_processes, metric, scrape, wait_until, worth_quoting

GALILEO = "galileo"
TIMEOUT = 10.0  # every unary RPC
MATCH_TIMEOUT = 120.0  # the longest a match may take to finish, on a machine 3x slower than idle

# A test waits on one match at most, so it fails on MATCH_TIMEOUT's clear message, not this one.
pytestmark = pytest.mark.timeout(MATCH_TIMEOUT + 60)
SWEEP_AFTER_S = 2.0
FAST = {
    "PLAYHALL_SWEEP_INTERVAL_S": "0.1",
    "PLAYHALL_BOT_SWEEP_AFTER_S": str(SWEEP_AFTER_S),
    "PLAYHALL_LOG_LEVEL": "INFO",
}
DEAD_PROBE_TIMEOUT_S = 2.0  # how long a liveness probe waits for a node that is not there
FINISHED, RUNNING = pb.MATCH_PHASE_FINISHED, pb.MATCH_PHASE_RUNNING
BOT, HUMAN = pb.SEAT_KIND_BOT, pb.SEAT_KIND_HUMAN
RANDOM, EASY, NORMAL, HARD = (
    pb.BOT_LEVEL_RANDOM,
    pb.BOT_LEVEL_EASY,
    pb.BOT_LEVEL_NORMAL,
    pb.BOT_LEVEL_HARD,
)
PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
DENIED = grpc.StatusCode.PERMISSION_DENIED


def galileo_moves(players: int) -> int:
    """Moves in a Galileo game of 2, 3 or 5 players: ceil(30 / p) rounds of p picks and p takes
    (4 players run out of experiments in the last round, so not that formula)."""
    assert players in (2, 3, 5)
    return math.ceil(30 / players) * 2 * players


# -- the stacks ------------------------------------------------------------------------------------


def fast_stack(**extra: str) -> Stack:
    """A stack (not started: use it as a context manager) with the fast settings, then `extra`."""
    return Stack(testing=True, extra_env={**FAST, **extra})


@pytest.fixture(scope="module", params=["redis", "rabbitmq"])
def stack(request):
    """Redis, every rules service, the orchestrator and one worker, shared by the tests that
    only play: once with Redis as the Celery broker, once with RabbitMQ."""
    extra = {}
    if request.param == "rabbitmq":
        extra["CELERY_BROKER_URL"] = request.getfixturevalue("rabbitmq").fresh_url()
    with fast_stack(**extra) as started:
        yield started


@pytest.fixture(scope="module")
def lobby(stack):
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        yield client_of(channel)


@pytest.fixture
def own_stack():
    """A stack for one test that breaks something in it."""
    with fast_stack() as started:
        yield started


def client_of(channel: grpc.Channel) -> MatchClient:
    grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
    return MatchClient(channel, timeout_s=TIMEOUT)


def redis_of(stack: Stack) -> redis.Redis:
    return redis.Redis(unix_socket_path=str(stack.redis.socket), socket_timeout=TIMEOUT)


# -- helpers ---------------------------------------------------------------------------------------


def bot(level: int) -> pb.SeatSpec:
    return pb.SeatSpec(kind=BOT, bot_level=level)


def human() -> pb.SeatSpec:
    return pb.SeatSpec(kind=HUMAN)


def wait_finished(client: MatchClient, match_id: str, timeout: float = MATCH_TIMEOUT):
    """`MatchClient.wait_finished`, failing the test with where the match stands when it does
    not finish within `timeout`."""
    try:
        return client.wait_finished(match_id, timeout)
    except grpc.RpcError as error:
        if error.code() != grpc.StatusCode.DEADLINE_EXCEEDED:
            raise
        now = client.get(match_id).match
        pytest.fail(
            f"match {match_id} did not finish within {timeout}s: at version {now.version}, "
            f"phase {pb.MatchPhase.Name(now.phase)}, to move {list(now.status.to_move)}"
        )


def decoded_moves(history: pb.GetHistoryResponse, title: str) -> list[tuple[int, object]]:
    game = get_game(title)
    return [
        (move.seat, game.codec.decode_move(unpack(move.move, game.codec.move_message, "move")))
        for move in history.replay.moves
    ]


def check_finished_game(client: MatchClient, match: pb.MatchSummary) -> pb.GetHistoryResponse:
    """The invariants of every finished match: contiguous history, one change per version, a
    fair seed, winners with the best score (none only for a drawn game, every score level), and
    the result reproducible from seed + moves."""
    assert match.phase == FINISHED
    assert match.end_reason == pb.END_REASON_GAME_OVER
    history = client.history(match.match_id)
    versions = [change.version for change in history.changes]
    assert versions == list(range(match.version + 1)), "history versions not contiguous 0..N"
    assert acting_seat(history.changes[0]) is None
    assert match.seed and hashlib.sha256(match.seed).digest() == match.seed_sha256
    scores = list(match.status.scores)
    assert match.winners or len(set(scores)) == 1, "a finished game has winners unless drawn"
    assert set(match.winners) <= set(range(len(match.seats)))
    assert all(scores[w] == max(scores) for w in match.winners), (scores, list(match.winners))
    game = get_game(match.title_id)
    final = replay(
        game,
        history.replay.players,
        {},
        history.replay.seed,
        decoded_moves(history, match.title_id),
    )
    assert final.is_terminal()
    assert list(final.scores()) == scores
    assert sorted(final.winners()) == sorted(match.winners)
    return history


def check_all_moves_by_bots(match: pb.MatchSummary, history: pb.GetHistoryResponse) -> None:
    """Every change after the setup is one move, by a bot seat."""
    for change in history.changes[1:]:
        assert acting_seat(change) is not None and 0 <= change.seat < len(match.seats), change
        assert match.seats[change.seat].kind == BOT, change
    assert [m.version for m in history.replay.moves] == list(range(1, match.version + 1))


def worker_tasks(worker: ServiceProcess, match_id: str) -> list[tuple[list, str]]:
    """(args, outcome) of every play_turn task of `match_id` the worker finished."""
    found = []
    for line in list(worker.log_lines):
        if match_id not in line or "play_turn" not in line:
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        data = entry.get("data") or {}
        if data.get("name") == "playhall.bots.play_turn" and "args" in data:
            found.append((eval_args(data["args"]), data.get("return_value", "")))
    return found


def eval_args(text: str) -> list:
    """Celery's argsrepr of play_turn: "['<match id>', <seat>, <version>]"."""
    match = re.fullmatch(r"\['([0-9a-f]+)', (\d+), (\d+)\]", text)
    assert match, text
    return [match[1], int(match[2]), int(match[3])]


def node_name(worker: ServiceProcess) -> str:
    """The Celery node name a worker announced ("<name> ready.")."""

    def announced():
        for line in list(worker.log_lines):
            found = re.search(r'"msg": "(\S+@\S+) ready\."', line)
            if found:
                return found[1]
        return None

    return wait_until(announced, 10, "the worker's ready line")


def unacked_tasks(client: redis.Redis) -> dict[bytes, list]:
    """Tasks a worker has taken from the Redis broker and not yet acknowledged (acks_late: not
    finished): delivery tag -> [match id, seat, version]."""
    found = {}
    for tag, raw in client.hgetall("unacked").items():
        message = json.loads(raw)[0]
        args = json.loads(base64.b64decode(message["body"]))[0]
        found[tag] = args
    return found


def delivery_times(client: redis.Redis) -> dict[bytes, float]:
    """When the Redis broker handed each unacknowledged task to a worker (its unacked index:
    delivery tag -> Unix time)."""
    return dict(client.zrange("unacked_index", 0, -1, withscores=True))


def kill_mid_task(
    broker: redis.Redis, lobby: MatchClient, match_id: str, seat: int, kill
) -> tuple[list[bytes], int]:
    """Calls `kill` while a Galileo task of `seat` (a normal or hard bot) is thinking about a
    pick with several cards in hand (round 2 to half the game: about 0.1 s for normal, over a
    second for hard, where a last take or a last pick is a single legal move and takes no
    time).

    The task is the only one of the seat that a worker holds (the broker's unacked hash),
    published for this round's pick step (round r of p players starts at version 2p(r-1)) and
    handed to the worker less than 0.2 s ago by the broker's own clock (its unacked index). The
    match is read after the broker, so a seat still to move there had not committed when the
    kill is sent, however slowly this loop polls. Returns its delivery tags and the match
    version before the kill."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        mine = {
            tag: args for tag, args in unacked_tasks(broker).items() if args[:2] == [match_id, seat]
        }
        delivered = delivery_times(broker)
        current = lobby.get(match_id)
        view = unpack(current.view, gal.View, "view")
        if current.match.phase == FINISHED or view.round > view.rounds_total // 2:
            break
        step_start = 2 * len(current.match.seats) * (view.round - 1)
        fresh = [
            tag
            for tag, args in mine.items()
            if args[2] >= step_start and time.time() - delivered.get(tag, 0) < 0.2
        ]
        if (
            view.phase == gal.PHASE_PICK
            and view.round >= 2
            and seat in current.match.status.to_move
            and len(mine) == 1  # with a sweeper's duplicate, the older one may be committing
            and fresh
        ):
            kill()
            return fresh, current.match.version
        time.sleep(0.005)
    pytest.fail(f"no task of seat {seat} of {match_id} caught in flight by half the game or 60 s")


def play_random_until(
    client: MatchClient, match_id: str, seat: int, rng: random.Random, stop, timeout: float
) -> tuple[pb.GetMatchResponse, int]:
    """Plays random legal moves for a human `seat` until `stop(current, moves_made)` or the end
    of the match; returns the last GetMatch answer and the number of moves made."""
    deadline = time.monotonic() + timeout
    moves = 0
    while True:
        current = client.get(match_id)
        if current.match.phase == FINISHED or stop(current, moves):
            return current, moves
        if time.monotonic() > deadline:
            pytest.fail(f"seat {seat} of {match_id} got stuck: {current.match}")
        if seat not in current.match.status.to_move:
            time.sleep(0.02)
            continue
        move = rng.choice(list(moves_as_any(current.legal_moves)))
        try:
            client.submit(match_id, move, expected_version=current.match.version)
        except grpc.RpcError as error:
            if error.code() != PRECONDITION:
                raise
            continue  # the match moved on under us: look again
        moves += 1


def state_of(client: redis.Redis, match_id: str) -> gal.State:
    """The full Galileo state as stored (what only the orchestrator and rules services see)."""
    raw = client.get(state_key(match_id))
    assert raw is not None
    return unpack(any_pb2.Any.FromString(raw), gal.State, "state")


# -- full bot-vs-bot matches of every title --------------------------------------------------------


def lineups(title: str) -> list[list[int]]:
    """Seat levels of the matches played per title: the smallest, three (if allowed) and the
    largest table, random and easy mixed; in Galileo's largest, one normal seat. The search
    runs the same through a worker whatever the title (every title's levels are played in
    process by tests/unit/test_bots.py), and in some titles a normal seat's game is minutes."""
    info = get_game(title).info
    sizes = sorted({info.min_players, min(max(3, info.min_players), info.max_players)})
    cycle = [RANDOM, EASY]
    tables = [[cycle[(i + n) % 2] for i in range(n)] for n in sizes]
    biggest = [cycle[i % 2] for i in range(info.max_players)]
    if title == GALILEO:
        biggest[0] = NORMAL
    return [*tables, biggest]


@pytest.mark.timeout(MATCH_TIMEOUT + 60)
@pytest.mark.parametrize("title", title_ids())
def test_bot_matches_of_every_title_finish_through_the_worker(stack, lobby, title):
    worker = stack.workers[0]
    created = [
        lobby.create(title, [bot(level) for level in levels]).match for levels in lineups(title)
    ]
    for match in created:
        assert match.phase == RUNNING
        assert all(seat.kind == BOT for seat in match.seats)
    with ThreadPoolExecutor(len(created)) as pool:
        finished = list(pool.map(lambda m: wait_finished(lobby, m.match_id), created))
    for match in finished:
        history = check_finished_game(lobby, match)
        check_all_moves_by_bots(match, history)
        players = len(match.seats)
        if title == GALILEO and players in (2, 3, 5):
            assert len(history.replay.moves) == galileo_moves(players)
        check_bot_request_records(stack, match, history)
        # The moves came from the worker's play_turn tasks: every seat's turns were played there.
        wait_until(
            lambda m=match: seats_moved_by(worker, m.match_id) == set(range(len(m.seats))),
            5,
            f"the worker's log of a moved task for every seat of {match.match_id}",
        )


@pytest.mark.slow
@pytest.mark.timeout(4 * MATCH_TIMEOUT)
def test_hard_bots_keep_within_a_turn_clock_shorter_than_their_budget(stack, lobby):
    """With 3 s a turn, a hard Galileo decision (a budget of several seconds on a busy
    machine) is cut to the clock: every move is the bot's own, none the clock's random move."""
    clock = pb.Clock(seconds_per_turn=3, on_timeout=pb.TIMEOUT_ACTION_BOT_MOVE)
    hard = [bot(HARD), bot(HARD)]
    match = lobby.create(GALILEO, hard, seed=b"clocked", clock=clock).match
    finished = wait_finished(lobby, match.match_id, timeout=3 * MATCH_TIMEOUT)
    history = check_finished_game(lobby, finished)
    assert len(history.replay.moves) == galileo_moves(2)
    check_bot_request_records(stack, finished, history)  # no move without a bot's request


def check_bot_request_records(stack: Stack, match: pb.MatchSummary, history) -> None:
    """Each bot move was submitted once, with the deterministic request id
    `bot:<seat>:<version read>:<mac>`: its idempotency record names that move's version. The
    one other record is the creation's (no seat, version 0)."""
    client = redis_of(stack)
    records, creations = {}, []
    for request_id, record in client.hgetall(requests_key(match.match_id)).items():
        seat, _digest, version = record.decode().split(":")
        if int(seat) == NO_SEAT:
            creations.append(int(version))
        else:
            records[request_id.decode()] = (int(seat), int(version))
    assert creations == [0]
    assert all(rid.startswith("bot:") for rid in records), records
    by_version = {version: seat for seat, version in records.values()}
    assert len(by_version) == len(records), "two requests committed as one version"
    assert by_version == {m.version: m.seat for m in history.replay.moves}
    for request_id, (seat, version) in records.items():
        _, id_seat, read_version, _mac = request_id.split(":")
        assert int(id_seat) == seat and int(read_version) < version


def seats_moved_by(worker: ServiceProcess, match_id: str) -> set[int]:
    return {args[1] for args, outcome in worker_tasks(worker, match_id) if outcome == "'moved'"}


# -- human and bot seats mixed; a human resigns ----------------------------------------------------


def test_a_human_plays_with_two_bots(lobby):
    created = lobby.create(GALILEO, [human(), bot(RANDOM), bot(EASY)])
    match_id = created.match.match_id
    (token,) = created.tokens
    assert token.seat == 0
    player = lobby.as_seat(token.token, 0)
    _, made = play_random_until(
        player, match_id, 0, random.Random(4), lambda _c, _m: False, MATCH_TIMEOUT
    )
    final = wait_finished(lobby, match_id)
    history = check_finished_game(lobby, final)
    assert len(history.replay.moves) == galileo_moves(3)
    by_seat = Counter(change.seat for change in history.changes[1:])
    assert by_seat == {0: 20, 1: 20, 2: 20}
    assert made == 20, "the human made every move of seat 0"


def test_the_only_human_who_resigns_against_bots_ends_the_match_for_them(stack, lobby):
    """No person is left: the match ends at once, the bots win, and no worker plays on."""
    created = lobby.create(GALILEO, [human(), bot(EASY), bot(RANDOM)])
    match_id = created.match.match_id
    player = lobby.as_seat(created.tokens[0].token, 0)
    # Play round 1 (a pick and a take), then wait to be the only seat still to move: the bots
    # have picked for round 2, seat 0 has not.
    _, made = play_random_until(
        player, match_id, 0, random.Random(7), lambda _c, moves: moves >= 2, 30
    )
    assert made == 2
    wait_until(
        lambda: list(lobby.get(match_id).match.status.to_move) == [0], 20, "seat 0 alone to move"
    )
    ended = player.resign(match_id).match
    assert (ended.phase, ended.end_reason) == (FINISHED, pb.END_REASON_RESIGNATION)
    assert list(ended.winners) == [1, 2]
    seat = ended.seats[0]
    assert (seat.kind, seat.bot_level, seat.resigned) == (BOT, RANDOM, True)
    with pytest.raises(grpc.RpcError) as refused:
        player.get(match_id)
    assert refused.value.code() == DENIED
    time.sleep(1)  # room for a worker that would wrongly play on
    history = lobby.history(match_id)
    assert history.match.version == ended.version and acting_seat(history.changes[-1]) == 0
    assert len(history.replay.moves) == ended.version - 1  # every change but creation and resign


def test_bots_wait_for_an_open_seat_then_play_with_the_human_who_joins(stack, lobby):
    def turns_enqueued() -> float:
        samples = scrape(stack.orchestrator.metrics_port)
        return metric(samples, "playhall_bot_turns_enqueued_total", cause="turn")

    before = turns_enqueued()
    match = lobby.create(GALILEO, [pb.SeatSpec(kind=pb.SEAT_KIND_OPEN), bot(EASY), bot(RANDOM)])
    match_id = match.match.match_id
    assert match.match.phase == pb.MATCH_PHASE_OPEN
    time.sleep(3 * float(FAST["PLAYHALL_SWEEP_INTERVAL_S"]))
    assert lobby.get(match_id).match.version == 0, "a bot moved before the match started"
    assert turns_enqueued() == before, "a bot turn was enqueued for a match still open"
    joined = lobby.join(match_id, seat=0, display_name="late")
    assert joined.match.phase == RUNNING
    # The join started the match and enqueued both bots' picks itself (not left to a sweep).
    assert turns_enqueued() == before + 2
    wait_until(lambda: list(lobby.get(match_id).match.status.to_move) == [0], 20, "the bots' picks")
    player = lobby.as_seat(joined.token.token, 0)
    _, made = play_random_until(
        player, match_id, 0, random.Random(11), lambda _c, _m: False, MATCH_TIMEOUT
    )
    final = wait_finished(lobby, match_id)
    history = check_finished_game(lobby, final)
    assert made == 20 and len(history.replay.moves) == galileo_moves(3)


# -- a bot sees only its seat's view ---------------------------------------------------------------


def test_the_worker_credential_reads_only_the_bot_seats_view(stack, lobby):
    created = lobby.create(GALILEO, [human(), human(), bot(RANDOM)])
    match_id = created.match.match_id
    first = lobby.as_seat(created.tokens[0].token, 0)
    worker = lobby.as_seat(stack.worker_credential, 2)
    # The bot picks at once; then seat 0 picks too, seat 1 still thinks: two secret picks.
    wait_until(
        lambda: 2 not in lobby.get(match_id).match.status.to_move, 20, "the bot's secret pick"
    )
    before = first.get(match_id)
    first.submit(
        match_id, moves_as_any(before.legal_moves)[0], expected_version=before.match.version
    )

    seen = worker.get(match_id)
    assert seen.seat == 2
    view = unpack(seen.view, gal.View, "view")
    full = state_of(redis_of(stack), match_id)
    assert view.WhichOneof("viewer") == "seat" and view.seat == 2
    assert list(view.hand) == list(full.seats[2].hand)
    assert view.own_pick == full.seats[2].pick != 0
    for other in (0, 1):
        assert view.seats[other].hand_size == len(full.seats[other].hand)
        assert view.seats[other].revealed_pick == 0, "picks stay secret until all have picked"
    assert view.seats[0].has_picked and not view.seats[1].has_picked
    secrets = set(full.seats[0].hand) | set(full.seats[1].hand) | {full.seats[0].pick}
    assert not secrets & (set(view.hand) | {view.own_pick})
    # Exactly the engine's view of seat 2, nothing more.
    game = get_game(GALILEO)
    expected = game.codec.encode_view(game.codec.decode_state(full).view(2))
    assert view == expected
    # The seat's event log hides seat 0's scientist, shows its own.
    picks = {}
    for change in worker.history(match_id).changes:
        for event in change.events:
            decoded = unpack(event, gal.Event, "event")
            if decoded.WhichOneof("kind") == "pick_committed":
                picks[decoded.pick_committed.seat] = decoded.pick_committed.scientist
    assert picks == {2: full.seats[2].pick, 0: 0}

    # The worker credential is refused for a human seat, to read or to move.
    as_human = lobby.as_seat(stack.worker_credential, 1)
    for call in (
        lambda: as_human.get(match_id),
        lambda: as_human.submit(match_id, moves_as_any(before.legal_moves)[0], seen.match.version),
    ):
        with pytest.raises(grpc.RpcError) as refused:
            call()
        assert refused.value.code() == DENIED
    with pytest.raises(grpc.RpcError) as nameless:
        lobby.as_seat(stack.worker_credential).get(match_id)
    assert nameless.value.code() == grpc.StatusCode.INVALID_ARGUMENT


# -- worker liveness -------------------------------------------------------------------------------


def probe(stack: Stack, tmp_path: Path, *args: str) -> subprocess.Popen:
    """`python -m playhall.bots.liveness` with a worker's environment."""
    metrics_dir = tmp_path / f"probe-metrics-{time.monotonic_ns()}"
    metrics_dir.mkdir()
    env = {
        **os.environ,
        **stack.env,
        "PLAYHALL_ORCHESTRATOR": stack.orchestrator.address,
        "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "playhall.bots.liveness", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen, timeout: float = 30) -> tuple[int, str]:
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail("the liveness probe hung")
    return process.returncode, out + err


def test_liveness_probe_finds_the_stack_worker_by_its_node_name(stack, tmp_path):
    """Stack names its workers `bots-<n>-<pid>@<host>`, and Stack.start_worker says
    `python -m playhall.bots.liveness --node` takes that name."""
    name = node_name(stack.workers[0])
    assert not name.startswith("celery@")
    alive = probe(stack, tmp_path, "--node", name)
    nobody = probe(
        stack,
        tmp_path,
        "--node",
        f"nobody-{os.getpid()}@{socket.gethostname()}",
        "--timeout",
        str(DEAD_PROBE_TIMEOUT_S),
    )
    code, output = finish(alive)
    assert code == 0 and f"{name}: alive" in output, output
    code, output = finish(nobody)
    assert code == 1, output


def test_liveness_probe_pings_the_hosts_default_worker(stack, tmp_path):
    """What the module does: it pings celery@<hostname> (a worker started without -n)."""
    default_node = f"celery@{socket.gethostname()}"
    worker = start_bot_worker(
        {**stack.env, "PLAYHALL_ORCHESTRATOR": stack.orchestrator.address},
        [LIVE_QUEUE, BATCH_QUEUE],
    )
    with worker:
        assert node_name(worker) == default_node
        code, output = finish(probe(stack, tmp_path))
        assert code == 0 and f"{default_node}: alive" in output, output
    code, output = finish(probe(stack, tmp_path, "--timeout", str(DEAD_PROBE_TIMEOUT_S)))
    assert code == 1 and f"{default_node}: no answer" in output, output


# -- worker metrics --------------------------------------------------------------------------------


def test_worker_metrics_count_every_move_across_pool_processes(stack, lobby):
    port = stack.workers[0].metrics_port
    before = scrape(port)
    swept_before = swept(stack)
    match = lobby.create(GALILEO, [bot(RANDOM), bot(EASY)]).match
    final = wait_finished(lobby, match.match_id)
    moves = len(check_finished_game(lobby, final).replay.moves)
    assert moves == galileo_moves(2)

    def delta(samples, name, **labels):
        return metric(samples, name, **labels) - metric(before, name, **labels)

    def moved(samples):
        return delta(samples, "playhall_bot_tasks_total", outcome="moved")

    # The last task counts its move just after the commit the watch reported.
    wait_until(lambda: moved(scrape(port)) >= moves, 5, "the last task's count", 0.1)
    after = scrape(port)
    # Summed over the prefork pool's processes: every move counted once. Only a turn the
    # sweeper re-enqueued (a task slower than the 2 s threshold) may count a replayed answer.
    assert moves <= moved(after) <= moves + (swept(stack) - swept_before)
    assert delta(after, "playhall_bot_tasks_total", outcome="failed") == 0
    for level in ("random", "easy"):
        labels = {"title": GALILEO, "level": level}
        assert delta(after, "playhall_bot_move_seconds_count", **labels) >= moves / 2
        assert delta(after, "playhall_bot_move_seconds_sum", **labels) > 0
        assert delta(after, "playhall_bot_task_seconds_count", **labels) >= moves / 2
    for queue in (LIVE_QUEUE, BATCH_QUEUE):
        assert has_metric(after, "playhall_bot_queue_depth", queue=queue), f"no depth of {queue}"


def swept(stack: Stack) -> float:
    """Bot turns the orchestrator's sweeper re-enqueued so far."""
    samples = scrape(stack.orchestrator.metrics_port)
    return metric(samples, "playhall_bot_turns_enqueued_total", cause="sweep")


# -- a worker SIGKILLed mid-task -------------------------------------------------------------------


def second_worker_finishes(stack: Stack, lobby: MatchClient, match_id: str) -> ServiceProcess:
    """Starts a second worker and checks the 3-seat Galileo match it finishes: every move a
    bot's, each once. Returns the worker."""
    second = stack.start_worker()
    final = wait_finished(lobby, match_id)
    history = check_finished_game(lobby, final)
    check_all_moves_by_bots(final, history)
    assert len(history.replay.moves) == galileo_moves(3), "a move applied twice or lost"
    assert Counter(m.seat for m in history.replay.moves) == {0: 20, 1: 20, 2: 20}
    return second


@pytest.mark.slow
def test_worker_killed_mid_task_then_a_second_worker_finishes_the_match():
    """The second worker puts back the tasks the killed one held (unacknowledged, held by no
    live worker), or the sweeper re-sends their turns: either way each move once. The sweeper
    waits 30 s here: a hard decision outlasts the fast settings' 2 s, and a turn sent again
    would be a second task of the seat, which `kill_mid_task` waits out."""
    with fast_stack(PLAYHALL_BOT_SWEEP_AFTER_S="30") as stack:
        broker = redis_of(stack)
        first = stack.workers[0]
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            lobby = client_of(channel)
            # A hard bot: its decision outlasts the few milliseconds between reading the match
            # and the kill by far, so its move cannot commit in between.
            match_id = lobby.create(GALILEO, [bot(HARD), bot(RANDOM), bot(RANDOM)]).match.match_id

            tags, version = kill_mid_task(broker, lobby, match_id, 0, first.kill)
            wait_until(
                lambda: first.proc.pid not in {g for _, g in live_processes().values()},
                20,
                "the whole group to die",
            )
            # It died mid-task: the task was never acknowledged, and its move never committed.
            left = unacked_tasks(broker)
            assert set(tags) <= set(left), (
                f"the killed task {tags} was acknowledged; unacked: {left}"
            )
            stalled = lobby.get(match_id).match
            assert stalled.phase == RUNNING and 0 in stalled.status.to_move, (
                f"seat 0's move committed: killed at version {version}, now {stalled.version}"
            )

            second = second_worker_finishes(stack, lobby, match_id)
            assert any(args[1] == 0 for args, _ in worker_tasks(second, match_id))
            # The Redis visibility timeout is an hour: the second worker or the sweeper revived it.
            restored = metric(scrape(second.metrics_port), "playhall_bot_tasks_restored_total")
            assert restored >= 1 or swept(stack) > 0


@pytest.mark.slow
def test_orchestrator_killed_mid_match_bots_retry_and_finish(own_stack):
    """The worker's MatchService calls meet UNAVAILABLE while the orchestrator is down: the
    task retries with backoff, and the orchestrator restarted on the same port serves it."""
    stack = own_stack
    broker = redis_of(stack)
    worker = stack.workers[0]
    port = stack.orchestrator.port
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        lobby = client_of(channel)
        seats = [bot(NORMAL), bot(RANDOM), bot(RANDOM)]  # rounds 2 to 5 to catch a pick in
        match_id = lobby.create(GALILEO, seats).match.match_id

        kill_mid_task(broker, lobby, match_id, 0, stack.orchestrator.kill)
        # The decision in flight submits to no server: the task retries, with backoff.
        wait_until(
            lambda: (
                metric(scrape(worker.metrics_port), "playhall_bot_tasks_total", outcome="retried")
                > 0
            ),
            30,  # the decision in flight ends first: seconds on a busy machine
            "a retried task in the worker's metrics",
            0.1,
        )
        stack.orchestrator = start_orchestrator(stack.env, port)
        assert stack.orchestrator.port == port
        final = wait_finished(lobby, match_id)
        history = check_finished_game(lobby, final)
        check_all_moves_by_bots(final, history)
        assert len(history.replay.moves) == galileo_moves(3)


@pytest.mark.slow
def test_a_task_taken_by_a_consumer_that_died_is_put_back_by_a_starting_worker():
    """A consumer takes a bot turn's task without acknowledging it and never comes back (this
    test holds its connection open, as a dead process's would be). The sweeper waits two
    minutes here; the worker that starts puts the task back and plays the turn."""
    with fast_stack(PLAYHALL_BOT_SWEEP_AFTER_S="120") as stack:
        stack.workers[0].terminate()
        broker = redis_of(stack)
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            lobby = client_of(channel)
            match = lobby.create(GALILEO, [bot(RANDOM), bot(RANDOM)]).match
            assert broker.llen(LIVE_QUEUE) == 2
            with kombu.Connection(f"redis+socket://{stack.redis.socket}") as dead:
                taken = dead.SimpleQueue(LIVE_QUEUE).get(timeout=TIMEOUT)
                assert taken.payload is not None and len(unacked_tasks(broker)) == 1
                # Older than a just-delivered task, which a live worker may not list yet.
                wait_until(
                    lambda: time.time() - max(delivery_times(broker).values()) > MIN_AGE_S,
                    MIN_AGE_S + 5,
                    "the taken task to be old enough to restore",
                    0.1,
                )
                worker = stack.start_worker()
                wait_until(
                    lambda: lobby.get(match.match_id).match.version >= 2,
                    20,
                    "both picks, the taken one put back",
                    0.2,
                    service=stack.orchestrator,
                )
                restored = metric(scrape(worker.metrics_port), "playhall_bot_tasks_restored_total")
                assert restored == 1 and swept(stack) == 0
                assert taken.delivery_tag.encode() not in unacked_tasks(broker)


# -- a bot turn committed but never enqueued -------------------------------------------------------


def test_a_bot_turn_never_enqueued_is_picked_up_by_the_sweeper(own_stack):
    stack = own_stack
    broker = redis_of(stack)
    stack.workers[0].terminate()
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        lobby = client_of(channel)
        assert swept(stack) == 0
        match = lobby.create(GALILEO, [bot(RANDOM), bot(EASY)]).match
        # Both picks were committed as due and published; lose the publications, as if the
        # orchestrator had died between its commit and the publish.
        assert broker.llen(LIVE_QUEUE) == 2
        assert broker.delete(LIVE_QUEUE) == 1
        stack.start_worker()
        final = wait_finished(lobby, match.match_id)
        history = check_finished_game(lobby, final)
        check_all_moves_by_bots(final, history)
        assert len(history.replay.moves) == galileo_moves(2)
        created_ms = history.changes[0].committed_unix_ms
        first_move_ms = history.changes[1].committed_unix_ms
        assert first_move_ms - created_ms >= SWEEP_AFTER_S * 1000, "moved before the sweep"
        assert swept(stack) > 0


@pytest.mark.slow
def test_a_restarted_orchestrator_sends_the_bot_turns_that_waited_at_once():
    """As if the orchestrator had died between a commit and its publish: the turns are lost,
    and the replica that starts next sends every turn waiting over 2 s at once, not after
    the sweeper's two minutes."""
    with fast_stack(PLAYHALL_BOT_SWEEP_AFTER_S="120") as stack:
        broker = redis_of(stack)
        stack.workers[0].terminate()
        port = stack.orchestrator.port
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            lobby = client_of(channel)
            match = lobby.create(GALILEO, [bot(RANDOM), bot(RANDOM)]).match
            assert broker.delete(LIVE_QUEUE) == 1
            stack.orchestrator.kill()
            time.sleep(2.5)
            stack.orchestrator = start_orchestrator(stack.env, port)
            stack.start_worker()
            wait_until(
                lambda: lobby.get(match.match_id).match.version >= 1,
                15,
                "a bot move after the orchestrator restarted",
                0.2,
            )
            assert swept(stack) >= 1


@pytest.mark.slow
def test_a_bot_turn_not_published_while_the_broker_is_down_goes_out_when_it_is_back():
    """The broker is a Redis of its own, killed: the match is created (the match store is up)
    but its bot turns cannot be published. Once the broker is back they go out on the next
    housekeeping pass, long before the sweeper's two minutes."""
    with (
        EmbeddedRedis() as broker,
        # Celery's own spelling: its command line reads CELERY_BROKER_URL as it is.
        fast_stack(
            CELERY_BROKER_URL=f"redis+socket://{broker.socket}", PLAYHALL_BOT_SWEEP_AFTER_S="120"
        ) as stack,
        grpc.insecure_channel(stack.orchestrator.address) as channel,
    ):
        lobby = client_of(channel)
        broker.kill()
        match = lobby.create(GALILEO, [bot(RANDOM), bot(RANDOM)]).match
        assert stack.orchestrator.wait_for_log("bot turn not published", TIMEOUT)
        time.sleep(1)
        assert lobby.get(match.match_id).match.version == 0
        broker.start()  # the same socket and directory; stopped with the fixture
        wait_until(
            lambda: lobby.get(match.match_id).match.version >= 1,
            30,
            "a bot move after the broker came back",
            0.2,
            service=stack.orchestrator,
        )
        resent = metric(
            scrape(stack.orchestrator.metrics_port),
            "playhall_bot_turns_enqueued_total",
            cause="resend",
        )
        assert resent >= 1 and swept(stack) == 0
        final = wait_finished(lobby, match.match_id)
        assert len(check_finished_game(lobby, final).replay.moves) == galileo_moves(2)


REDIS_BROKER_KILLS = 5
REDIS_BROKER_DOWN_S = 1.0  # the worker sees it gone and closes its connection meanwhile


@pytest.mark.slow
def test_a_worker_outlives_its_redis_broker_sigkilled_while_it_holds_a_task():
    """Issue 35: the broker, a Redis of its own (AOF, started again in the same directory),
    SIGKILLed 5 times in a row, each time while the worker holds a hard bot's task it took
    since the last start (unacknowledged: it is thinking) and has a slot free (so a BRPOP
    waits too). kombu left the task channel open when it collected the worker's connection and
    closed it after detaching the transport; restoring its unacknowledged task then needed the
    transport's connection, None: AttributeError, and the worker exited ("Unrecoverable
    error"). It lives on (`bots.broker_link`), each match moves again after every restart,
    and every match finishes with each move once."""
    with (
        EmbeddedRedis(appendonly=True) as broker,
        # Only Galileo's rules service. A lost turn (popped just as the broker died) is sent
        # again after 10 s: longer than a hard decision (3 s at most), which it must not double.
        Stack(
            titles=(GALILEO,),
            testing=True,
            extra_env={
                **FAST,
                "CELERY_BROKER_URL": f"redis+socket://{broker.socket}",
                "PLAYHALL_BOT_SWEEP_AFTER_S": "10",
            },
        ) as stack,
        grpc.insecure_channel(stack.orchestrator.address) as channel,
        redis.Redis(unix_socket_path=str(broker.socket), socket_timeout=TIMEOUT) as queue,
    ):
        lobby = client_of(channel)
        worker = stack.workers[0]

        def new_match() -> str:
            return lobby.create(GALILEO, [bot(HARD), bot(RANDOM)]).match.match_id

        def alive(kills: int) -> None:
            """Fails the test if the worker exited (after its running tasks: a worker that
            stops finishes them first)."""
            if worker.proc.poll() is not None:
                said = [line for line in worker.log_lines if worth_quoting(line)]
                pytest.fail(
                    f"the worker exited (status {worker.proc.returncode}) after the broker's "
                    f"kill {kills} of {REDIS_BROKER_KILLS}:\n" + "\n".join(said[-6:])
                )

        def hard_task_in_flight(match_id: str, since: float, kills: int) -> bool:
            """The worker holds one task taken since `since` (so on its connection to the
            broker now): seat 0's (the hard bot's), still to move."""
            alive(kills)
            delivered = delivery_times(queue)
            taken = [
                args
                for tag, args in unacked_tasks(queue).items()
                if delivered.get(tag, 0.0) > since
            ]
            return (
                len(taken) == 1
                and taken[0][:2] == [match_id, 0]
                and 0 in lobby.get(match_id).match.status.to_move
            )

        def moved_on(match_id: str, version: int, kills: int) -> bool:
            alive(kills)
            return lobby.get(match_id).match.version > version

        matches = [new_match()]
        since = 0.0
        for kill in range(1, REDIS_BROKER_KILLS + 1):
            if lobby.get(matches[-1]).match.phase == FINISHED:
                matches.append(new_match())
            match_id = matches[-1]
            wait_until(
                functools.partial(hard_task_in_flight, match_id, since, kill - 1),
                60,
                f"a hard bot's task in flight before kill {kill}",
                0.01,
                service=worker,
            )
            version = lobby.get(match_id).match.version
            broker.kill()
            time.sleep(REDIS_BROKER_DOWN_S)
            broker.start()
            since = time.time()
            wait_until(
                functools.partial(moved_on, match_id, version, kill),
                30,
                f"a bot move after the broker's kill {kill}",
                0.05,
                service=worker,
            )
        for match_id in matches:
            final = wait_finished(lobby, match_id)
            history = check_finished_game(lobby, final)
            check_all_moves_by_bots(final, history)
            assert len(history.replay.moves) == galileo_moves(2), "a move applied twice or lost"
        alive(REDIS_BROKER_KILLS)


# -- worker settings and failures ------------------------------------------------------------------


def start_side_worker(stack: Stack, env: dict[str, str], queue: str) -> ServiceProcess:
    """A worker of `stack` on its own queue (so it never takes a real task), with `env` as its
    whole Playhall environment."""
    return start_bot_worker(env, [queue], node=f"{queue}-{os.getpid()}@%h", timeout=15)


@pytest.mark.parametrize(
    "missing", ["PLAYHALL_ORCHESTRATOR", "PLAYHALL_WORKER_CREDENTIAL", "visibility"]
)
def test_a_worker_without_valid_settings_refuses_to_start(stack, missing):
    """DESIGN: settings come from the environment once, failing fast on a missing value.
    Otherwise a worker would answer pings (the liveness probe would call it alive) while every
    task it took failed."""
    env = {**stack.env, "PLAYHALL_ORCHESTRATOR": stack.orchestrator.address}
    if missing == "visibility":
        env["PLAYHALL_BOT_VISIBILITY_TIMEOUT_S"] = "10"  # not longer than the 60 s time limit
        expected = "PLAYHALL_BOT_VISIBILITY_TIMEOUT_S"
    else:
        assert missing not in os.environ
        del env[missing]
        expected = missing
    try:
        worker = start_side_worker(stack, env, f"bots.check-{missing.lower()}")
    except RuntimeError as refused:
        assert expected in str(refused)
    else:
        worker.terminate()
        pytest.fail(f"the worker started without {expected} and reported ready")


@pytest.mark.slow
def test_a_task_over_its_soft_time_limit_is_counted_as_failed():
    """A hard bot (seconds a Galileo decision) under a 0.2 s soft time limit: its tasks fail,
    and the worker's `playhall_bot_tasks_total{outcome="failed"}` must count them."""
    with fast_stack(
        PLAYHALL_BOT_SOFT_TIME_LIMIT_S="0.2",
        PLAYHALL_BOT_TIME_LIMIT_S="5",
        PLAYHALL_BOT_VISIBILITY_TIMEOUT_S="10",
    ) as stack:
        worker = stack.workers[0]
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            lobby = client_of(channel)
            match_id = lobby.create(GALILEO, [bot(HARD), bot(RANDOM)]).match.match_id

            def failures():
                return [
                    line
                    for line in list(worker.log_lines)
                    if match_id in line and "SoftTimeLimitExceeded" in line
                ]

            wait_until(failures, 20, "a task over its soft time limit", 0.05)
            assert 0 in lobby.get(match_id).match.status.to_move, "the slow seat moved anyway"
        # Counted just after the log line is written.
        wait_until(
            lambda: (
                metric(scrape(worker.metrics_port), "playhall_bot_tasks_total", outcome="failed")
                >= 1
            ),
            3,
            'the failed task in playhall_bot_tasks_total{outcome="failed"}',
            0.1,
        )


# -- RabbitMQ as the broker ------------------------------------------------------------------------


def queue_type(url: str, queue: str) -> str:
    """The x-queue-type a queue was declared with: a passive declaration with another type
    is refused (PRECONDITION_FAILED)."""
    for kind in ("quorum", "classic"):
        with kombu.Connection(url, connect_timeout=5) as connection:
            channel = connection.channel()
            try:
                channel.queue_declare(
                    queue, durable=True, auto_delete=False, arguments={"x-queue-type": kind}
                )
                return kind
            except ChannelError:
                continue
    return "unknown"


def check_rabbitmq_topology(stack: Stack, url: str) -> None:
    """The bot queue is a quorum queue; Celery's native delayed delivery exchanges exist (a
    worker declares them as it starts); no task ever went through Redis."""
    assert stack.workers[0].wait_for_log("Connected to amqp://", 5)
    assert queue_type(url, LIVE_QUEUE) == "quorum"
    with kombu.Connection(url, connect_timeout=5) as connection:
        channel = connection.channel()
        channel.exchange_declare("celery_delayed_0", type="topic", passive=True)
        channel.exchange_declare("celery_delayed_delivery", type="topic", passive=True)
    broker = redis_of(stack)
    assert not broker.exists(LIVE_QUEUE) and not broker.exists("unacked")


@pytest.mark.slow
def test_a_worker_sigkilled_mid_task_on_rabbitmq_has_its_task_redelivered(rabbitmq):
    """The broker hands the dead consumer's unacknowledged task to the next worker at once:
    the match finishes through a second worker with each move once, and the sweeper (two
    minutes here) never had to send a turn again. The queues are quorum queues."""
    url = rabbitmq.fresh_url()  # a virtual host of its own: no other stack's worker on it
    with fast_stack(CELERY_BROKER_URL=url, PLAYHALL_BOT_SWEEP_AFTER_S="120") as stack:
        first = stack.workers[0]
        check_rabbitmq_topology(stack, url)
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            lobby = client_of(channel)
            match_id = lobby.create(GALILEO, [bot(HARD), bot(RANDOM), bot(RANDOM)]).match.match_id
            deadline = time.monotonic() + 30
            while True:
                current = lobby.get(match_id)
                view = unpack(current.view, gal.View, "view")
                if (
                    view.phase == gal.PHASE_PICK
                    and 2 <= view.round <= view.rounds_total // 2
                    and 0 in current.match.status.to_move
                ):
                    break
                assert time.monotonic() < deadline, "seat 0 never came to pick"
                time.sleep(0.005)
            time.sleep(0.1)  # a hard bot's pick with cards in hand takes a second or more
            killed_at = lobby.get(match_id).match.version
            first.kill()
            second = second_worker_finishes(stack, lobby, match_id)
            assert any(args[2] >= killed_at for args, _ in worker_tasks(second, match_id))
            assert swept(stack) == 0


# -- the broker link: orphans first in line, lost turns, a long broker outage ----------------------


def test_an_orphaned_task_is_put_back_where_its_queue_is_consumed_next():
    """A consumer took the oldest of three tasks and died (this test holds its connection open,
    unacknowledged); two turns were published after it. The restore puts the orphan where the
    next consumer pops first, not behind the newer turns."""
    from celery import Celery

    from playhall.bots.orphans import restore_orphans
    from playhall.common.brokers import PLAY_TURN_TASK

    with EmbeddedRedis() as server:
        url = f"redis+socket://{server.socket}"
        app = Celery("orphans-test", broker=url, set_as_current=False)
        for version in range(3):
            app.send_task(PLAY_TURN_TASK, args=["m", 0, version], queue=LIVE_QUEUE)
        with kombu.Connection(url) as dead, kombu.Connection(url) as next_consumer:
            taken = dead.SimpleQueue(LIVE_QUEUE).get(timeout=TIMEOUT)
            assert taken.headers["argsrepr"] == "['m', 0, 0]"
            assert restore_orphans(app, min_age_s=0) == 1
            first = next_consumer.SimpleQueue(LIVE_QUEUE).get(timeout=TIMEOUT)
            assert first.headers["argsrepr"] == "['m', 0, 0]", "the orphan went behind newer turns"
            first.ack()


def test_a_turn_sent_again_by_the_sweeper_waits_a_minute_before_the_next_resend(own_stack):
    """A turn whose tasks were lost (as with a worker SIGKILLed just after popping it) is sent
    again after PLAYHALL_BOT_SWEEP_AFTER_S (2 s here); while it still waits (no worker), the
    sweeper leaves it a minute rather than queueing a duplicate on every pass."""
    from playhall.matchstore.store import BOT_TURNS

    stack = own_stack
    broker = redis_of(stack)
    stack.workers[0].terminate()
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        lobby = client_of(channel)
        match = lobby.create(GALILEO, [bot(RANDOM), bot(RANDOM)]).match
        assert broker.llen(LIVE_QUEUE) == 2 and broker.delete(LIVE_QUEUE) == 1
        wait_until(lambda: swept(stack) >= 2, 15, "both picks sent again", 0.1)
        assert broker.llen(LIVE_QUEUE) == 2
        next_sweep_ms = broker.zscore(BOT_TURNS, match.match_id) + SWEEP_AFTER_S * 1000
        assert next_sweep_ms - time.time() * 1000 > 50_000, "swept again within a minute"
        stack.start_worker()
        final = wait_finished(lobby, match.match_id)
        assert len(check_finished_game(lobby, final).replay.moves) == galileo_moves(2)


def announced_retries(worker: ServiceProcess) -> list[float]:
    """The waits (s) the worker announced between its attempts to reach its broker again."""
    return [
        float(found[1])
        for line in list(worker.log_lines)
        if (found := re.search(r"Trying again in ([\d.]+) seconds", line))
    ]


BROKER_OUTAGE_S = 8.0


@pytest.mark.slow
def test_a_worker_takes_tasks_within_seconds_of_its_broker_back_after_a_long_outage():
    """A private RabbitMQ (a node of its own: this test kills it) SIGKILLed for over 8 s while
    bots play, and started again just after the worker's next attempt. Celery reconnects with
    kombu's backoff unless told otherwise (2 s, then 4, 6, 8, ... up to 30 s between attempts,
    which is attempts at 0, 2, 6, 12 and 20 s): the broker would serve for seconds before the
    worker came back. Capped at 2 s, the worker plays again within seconds of it serving."""
    if missing := rabbitmq_missing():
        pytest.skip(f"RabbitMQ tests need rabbitmq-server: {missing}")
    broker = EmbeddedRabbitMQ()
    only_galileo = Stack(
        titles=(GALILEO,),
        testing=True,
        extra_env={**FAST, "CELERY_BROKER_URL": broker.url, "PLAYHALL_BOT_SWEEP_AFTER_S": "120"},
    )
    with (
        ThreadPoolExecutor(1) as boot,
        contextlib.closing(broker),
    ):
        # The node boots while the stack starts; its worker waits for it.
        booted = boot.submit(broker.start)
        with only_galileo as stack, grpc.insecure_channel(stack.orchestrator.address) as channel:
            booted.result()
            check_reconnect_after_outage(stack, broker, client_of(channel))
            broker.kill()  # faster than its orderly stop, and nothing is left to keep


def check_reconnect_after_outage(
    stack: Stack, broker: EmbeddedRabbitMQ, lobby: MatchClient
) -> None:
    """Kills the broker mid-match, starts it again after the outage, times the first move."""
    worker = stack.workers[0]
    match_id = lobby.create(GALILEO, [bot(NORMAL), bot(RANDOM)]).match.match_id
    wait_until(lambda: lobby.get(match_id).match.version >= 2, 30, "two bot moves", 0.05)
    broker.kill()
    killed = time.monotonic()
    # Down long enough for kombu's default backoff to have grown, and just after an attempt.
    wait_until(
        lambda: time.monotonic() - killed > BROKER_OUTAGE_S and announced_retries(worker),
        BROKER_OUTAGE_S + 5,
        "the worker trying to reconnect",
        0.05,
    )
    before = len(announced_retries(worker))
    wait_until(lambda: len(announced_retries(worker)) > before, 35, "its next attempt", 0.02)
    stalled = lobby.get(match_id).match
    assert stalled.phase == RUNNING, "the match ended while its broker was down"
    broker.start()
    serving = time.monotonic()
    wait_until(
        lambda: lobby.get(match_id).match.version > stalled.version,
        30,
        "a bot move after the broker came back",
        0.05,
        service=worker,
    )
    lag_s = time.monotonic() - serving
    waits = announced_retries(worker)
    assert lag_s < 5.0 and max(waits) <= 2.0, (
        f"the first bot move came {lag_s:.1f} s after the broker served; the worker "
        f"waited up to {max(waits)} s between attempts"
    )


@pytest.mark.slow
def test_a_turn_retried_on_rabbitmq_is_delayed_by_the_broker_not_dropped(rabbitmq):
    """The rules service SIGKILLed mid-match on RabbitMQ: the bot's task meets UNAVAILABLE and
    retries through the broker's delayed delivery, which counts whole seconds (a countdown
    under 1 s was refused and the task rejected: lost until the sweeper, two minutes here). The
    rules service back on its port, the turn is played, no task failed and none was swept."""
    with Stack(
        titles=(GALILEO,),
        testing=True,
        extra_env={
            **FAST,
            "CELERY_BROKER_URL": rabbitmq.fresh_url(),
            "PLAYHALL_BOT_SWEEP_AFTER_S": "120",
        },
    ) as stack:
        worker = stack.workers[0]
        rules = stack.rules[GALILEO]
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            lobby = client_of(channel)
            match_id = lobby.create(GALILEO, [bot(NORMAL), bot(RANDOM)]).match.match_id
            wait_until(lambda: lobby.get(match_id).match.version >= 2, 30, "two bot moves", 0.05)
            rules.kill()

            def retried_or_failed() -> float:
                samples = scrape(worker.metrics_port)
                return sum(
                    metric(samples, "playhall_bot_tasks_total", outcome=outcome)
                    for outcome in ("retried", "failed")
                )

            wait_until(retried_or_failed, 20, "a task meeting the rules service down", 0.1)

            def version() -> int:
                # Read from Redis alone (GetMatch needs the rules service, for the view).
                listed = lobby.list_matches(GALILEO, RUNNING, limit=500)
                return next(m.version for m in listed if m.match_id == match_id)

            stalled = version()
            stack.rules[GALILEO] = start_rules_service(GALILEO, stack.extra_env, rules.port)
            wait_until(
                lambda: version() > stalled,
                20,
                "move after the rules service came back",
                0.05,
                service=worker,
            )
            samples = scrape(worker.metrics_port)
            assert metric(samples, "playhall_bot_tasks_total", outcome="failed") == 0
            assert metric(samples, "playhall_bot_tasks_total", outcome="retried") >= 1
            assert swept(stack) == 0
