"""`make chaos`: bot matches played while each component is SIGKILLed and restarted in turn.

Starts a stack of its own, each part a process restartable at the address it first had: Redis
(AOF, `appendfsync always`, on a unix socket), the Galileo rules service, the orchestrator
(default settings), one Celery bot worker, the gateway, and the Celery broker: a private
RabbitMQ node (`--broker rabbitmq`, the default, as production runs) or the store's Redis
(`--broker redis`, as `make run`; then there is no broker of its own to kill). For each
component in turn it creates a batch of bot-only matches, SIGKILLs the component once they
play, starts it again after `--down-seconds` (the broker after `--broker-down-seconds`, a long
outage), and waits until every match that was running moves again and all finish. Then every
match's history is checked (contiguous versions, the replay's moves, no seat moving twice in a
step or out of turn, the replay on the local engine giving every logged status and the final
result), and the recovery of each component is read from the commit times; the gateway's, as
bots play without it, from when every running match is seen moving through it again.

How it measures and what each figure means: bench/README.md. Writes `--out` (Markdown) and the
raw numbers next to it (`.json`). Exits 1 when a history check fails, a match does not finish
or a target is missed. Every wait is bounded; the stack and its temporary directory are removed
on exit, Ctrl-C and SIGTERM included.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import random
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import grpc
from connectrpc.errors import ConnectError
from connectrpc.protocol import ProtocolType

from bench.common import (
    RESULTS,
    machine,
    mark,
    say,
    source_version,
    table,
    unwind_on_sigterm,
    write_report,
)
from dev.demo import Progress
from dev.process import (
    ServiceProcess,
    free_ports,
    metric_samples,
    orchestrator_env,
    start_bot_worker,
    start_gateway,
    start_orchestrator,
)
from dev.rabbitmq_server import EmbeddedRabbitMQ, rabbitmq_missing
from dev.redis_server import EmbeddedRedis
from playhall.common.brokers import LIVE_QUEUE
from playhall.core import RuleError, get_game
from playhall.core.wire import unpack
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match.v1.match_service_connect import MatchServiceClientSync
from playhall.match_client import MatchClient, acting_seat
from playhall.rules_service.convert import decode_options, status

TITLE = "galileo"
COMPONENTS = ("redis", "rules", "orchestrator", "worker", "gateway", "broker")
"""In the order of the rounds; started in STARTUP_ORDER."""
STARTUP_ORDER = ("redis", "broker", "rules", "orchestrator", "worker", "gateway")
BROKER_NAMES = {"rabbitmq": "a RabbitMQ node of its own", "redis": "the store's Redis"}
LEVELS = (mpb.BOT_LEVEL_RANDOM, mpb.BOT_LEVEL_EASY)
TARGET_S = 10.0
WARMUP_VERSIONS = 3
POLL_S = 0.25
CALL_TIMEOUT_S = 3.0
LOOPBACK = "127.0.0.1"
RUNNING, FINISHED = mpb.MATCH_PHASE_RUNNING, mpb.MATCH_PHASE_FINISHED
COUNTERS = {
    "orchestrator": ("playhall_bot_turns_enqueued_total", "cause"),
    "worker": ("playhall_bot_tasks_total", "outcome"),
}
"""What each round counts, as evidence of where its time went: bot turns sent by cause (turn,
sweep) and bot tasks by outcome (moved, retried, ...)."""
# This process's own channel redials quickly, so its view lags no restart.
FAST_REDIAL = [
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.min_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 500),
]


class ChaosStack:
    """Redis, the Galileo rules service, the orchestrator, a bot worker, the gateway and (on
    `broker="rabbitmq"`) a RabbitMQ node as the Celery broker, each one killed and started
    again at the address it first had."""

    def __init__(self, workdir: Path, broker: str):
        self.workdir = workdir
        (workdir / "redis").mkdir()
        self.redis = EmbeddedRedis(directory=str(workdir / "redis"), appendonly=True)
        self.rabbitmq = EmbeddedRabbitMQ() if broker == "rabbitmq" else None
        self.rules_port, self.orchestrator_port, self.gateway_port = free_ports(3)
        broker_env = {"CELERY_BROKER_URL": self.rabbitmq.url} if self.rabbitmq else {}
        self.env = orchestrator_env(
            self.redis.url,
            {TITLE: f"{LOOPBACK}:{self.rules_port}"},
            secrets.token_urlsafe(32),
            gateway_credential=secrets.token_urlsafe(32),
            PLAYHALL_HOST=LOOPBACK,
            PLAYHALL_METRICS_HOST=LOOPBACK,
            **broker_env,
        )
        self.components = [c for c in STARTUP_ORDER if c != "broker" or self.rabbitmq]
        self.services: dict[str, ServiceProcess] = {}
        self.started: list[tuple[str, ServiceProcess]] = []
        """Every process started, killed ones included, for their logs."""

    @property
    def orchestrator_address(self) -> str:
        return f"{LOOPBACK}:{self.orchestrator_port}"

    @property
    def gateway_url(self) -> str:
        return f"http://{LOOPBACK}:{self.gateway_port}"

    def start(self, component: str) -> None:
        if component in ("redis", "broker"):
            self.server(component).start()
            return
        if component == "rules":
            args = ["--game", TITLE, "--port", str(self.rules_port), "--metrics-port", "0"]
            service = ServiceProcess("playhall.rules_service", args, self.env)
        elif component == "orchestrator":
            service = start_orchestrator(self.env, self.orchestrator_port)
        elif component == "gateway":
            env = {
                "PLAYHALL_HOST": LOOPBACK,
                "PLAYHALL_METRICS_HOST": LOOPBACK,
                "PLAYHALL_GATEWAY_CREDENTIAL": self.env["PLAYHALL_GATEWAY_CREDENTIAL"],
            }
            service = start_gateway(self.orchestrator_address, env, self.gateway_port)
        else:
            metrics = self.workdir / f"worker-metrics-{len(self.started)}"
            metrics.mkdir()  # a SIGKILLed worker cannot remove the directory it makes itself
            env = {
                **self.env,
                "PLAYHALL_ORCHESTRATOR": self.orchestrator_address,
                "PROMETHEUS_MULTIPROC_DIR": str(metrics),
            }
            service = start_bot_worker(env, [LIVE_QUEUE], concurrency=2)
        self.services[component] = service
        self.started.append((component, service))

    def server(self, component: str) -> EmbeddedRedis | EmbeddedRabbitMQ:
        """The Redis or RabbitMQ server behind `component` ("redis" or "broker")."""
        server = self.redis if component == "redis" else self.rabbitmq
        if server is None:
            raise ValueError("no broker of its own: the store's Redis is the broker")
        return server

    def kill(self, component: str) -> None:
        if component in ("redis", "broker"):
            self.server(component).kill()
        else:
            self.services[component].kill()

    def __enter__(self) -> ChaosStack:
        try:
            for component in self.components:
                self.start(component)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc) -> None:
        for component in reversed(self.components):
            if component in self.services:
                self.services[component].terminate(timeout=5)
        if self.rabbitmq:
            self.rabbitmq.close()
        self.redis.stop()

    def save_logs(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        for number, (component, service) in enumerate(self.started):
            (directory / f"{number:02d}-{component}.log").write_text(
                "\n".join(service.log_lines) + "\n"
            )
        shutil.copy(self.workdir / "redis" / "redis.log", directory / "redis.log")
        if self.rabbitmq:
            shutil.copy(self.rabbitmq.dir / "stdout.log", directory / "rabbitmq.log")


def counters(stack: ChaosStack) -> dict[str, tuple[ServiceProcess, dict[str, float]]]:
    """The COUNTERS of the processes serving now, by label ({} when one does not answer)."""
    found = {}
    for component, (name, label) in COUNTERS.items():
        service, samples = stack.services[component], []
        with contextlib.suppress(OSError):
            samples = metric_samples(service.metrics_port, timeout=5)
        found[component] = (service, {s.labels[label]: s.value for s in samples if s.name == name})
    return found


def counted_since(before: dict, after: dict) -> dict[str, dict[str, float]]:
    """What each counter added between two `counters`; all of it for a restarted process."""
    added = {}
    for component, (service, now) in after.items():
        then = before[component][1] if before[component][0] is service else {}
        added[component] = {k: v - then.get(k, 0) for k, v in now.items() if v > then.get(k, 0)}
    return added


class Tracker:
    """The last seen version of every match created, read from the running lobby list
    (ListMatches reads Redis only), and from GetHistory once a match has left it."""

    def __init__(self, client: MatchClient):
        self.client = client
        self.versions: dict[str, int] = {}
        self.finished: set[str] = set()

    def poll(self) -> bool:
        """False when the orchestrator or Redis does not answer."""
        try:
            listed = self.client.list_matches(TITLE, RUNNING, limit=500)
            running = {match.match_id: match.version for match in listed}
            for match_id in self.versions.keys() - running.keys() - self.finished:
                match = self.client.history(match_id).match
                running[match_id] = match.version
                if match.phase == FINISHED:
                    self.finished.add(match_id)
        except grpc.RpcError:
            return False
        self.versions.update((m, v) for m, v in running.items() if m in self.versions)
        return True

    def running(self) -> dict[str, int]:
        return {m: v for m, v in self.versions.items() if m not in self.finished}


def until(condition, timeout_s: float, show) -> bool:
    """Calls `condition` every POLL_S until it is true or `timeout_s` passed; `show(elapsed)`
    after each call."""
    started = time.monotonic()
    while True:
        if condition():
            return True
        elapsed = time.monotonic() - started
        show(elapsed)
        if elapsed > timeout_s:
            return False
        time.sleep(POLL_S)


def create_matches(tracker: Tracker, rng: random.Random, count: int) -> list[str]:
    created = []
    for _ in range(count):
        seats = [
            mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot_level=rng.choice(LEVELS))
            for _ in range(rng.randint(2, 5))
        ]
        match = tracker.client.create(TITLE, seats, seed=rng.randbytes(32)).match
        tracker.versions[match.match_id] = match.version
        created.append(match.match_id)
    return created


@dataclass
class Round:
    """One component's SIGKILL and restart (Unix seconds) and what the live view saw."""

    component: str
    created: list[str]
    killed: float = 0.0
    restarted: float = 0.0
    serving: float = 0.0
    running_at_kill: int = 0
    all_moved_live: bool = False
    all_finished: bool = False
    seen_through_gateway: float | None = None
    """When (Unix s) the gateway first listed every match running at its kill moved on."""
    counted: dict = field(default_factory=dict)
    recovery: dict = field(default_factory=dict)


def play_round(stack: ChaosStack, tracker: Tracker, rng: random.Random, args, number: int) -> Round:
    component, rounds = args.components[number], len(args.components)
    share = args.matches // rounds + (number < args.matches % rounds)
    progress, tag = Progress(), f"[{number + 1}/{rounds} {component}]"
    played = Round(component, create_matches(tracker, rng, share))

    def warmed() -> bool:
        tracker.poll()
        return all(tracker.versions[m] >= WARMUP_VERSIONS for m in played.created)

    if not until(warmed, 60, lambda _: progress.show(f"{tag} warming up {share} new matches")):
        raise RuntimeError(f"{tag} the new matches did not start playing within 60 s")
    counted = counters(stack)
    down_s = args.broker_down_seconds if component == "broker" else args.down_seconds
    pending = kill_and_restart(stack, tracker, played, down_s, progress, tag)
    if component == "gateway":
        played.all_moved_live = wait_until_seen(stack, played, pending, args, progress, tag)
    else:
        played.all_moved_live = wait_until_moved(tracker, played, pending, args, progress, tag)
    # Every match ends before the next kill, so a match that moved and stalled again is
    # this round's (its pause), not the next one's.
    played.all_finished = until(
        lambda: tracker.poll() and not tracker.running(),
        args.recovery_timeout,
        lambda s: progress.show(f"{tag} {len(tracker.running())} matches still playing"),
    )
    played.counted = counted_since(counted, counters(stack))
    return played


def wait_until_moved(
    tracker: Tracker, played: Round, pending: dict[str, int], args, progress, tag: str
) -> bool:
    """Until each match of `pending` (by the version last seen) has committed after the
    restart began, or was over before it; whether all did within `--recovery-timeout`."""
    running = len(pending)

    def settled(match_id: str) -> bool:
        history = tracker.client.history(match_id)
        last = history.changes[-1].committed_unix_ms
        return last >= played.restarted * 1000 or history.match.phase == FINISHED

    def all_moved() -> bool:
        try:
            if not tracker.poll():
                return False
            for match_id, seen in list(pending.items()):
                if tracker.versions[match_id] > seen or match_id in tracker.finished:
                    pending[match_id] = tracker.versions[match_id]
                    if settled(match_id):
                        del pending[match_id]
        except grpc.RpcError:
            return False
        return not pending

    def show(elapsed: float, final: bool = False) -> None:
        moved = running - len(pending)
        progress.show(f"{tag} {moved}/{running} moved, {elapsed:.1f} s after serving", final)

    moved = until(all_moved, args.recovery_timeout, show)
    show(time.time() - played.serving, final=True)
    return moved


def wait_until_seen(
    stack: ChaosStack, played: Round, pending: dict[str, int], args, progress, tag: str
) -> bool:
    """Bots play without the gateway: until it lists (Connect, as a browser calls it) every
    match of `pending` at a newer version or no longer running; whether it did within
    `--recovery-timeout`."""
    through = MatchServiceClientSync(
        stack.gateway_url, protocol=ProtocolType.CONNECT, timeout_ms=int(CALL_TIMEOUT_S * 1000)
    )
    request = mpb.ListMatchesRequest(title_id=TITLE, phase=RUNNING, limit=500)

    def all_seen() -> bool:
        try:
            listed = {m.match_id: m.version for m in through.list_matches(request).matches}
        except ConnectError:
            return False
        if any(listed.get(match_id, math.inf) <= seen for match_id, seen in pending.items()):
            return False
        played.seen_through_gateway = time.time()
        return True

    def show(elapsed: float) -> None:
        progress.show(f"{tag} waiting for the gateway's list, {elapsed:.1f} s after serving")

    seen = until(all_seen, args.recovery_timeout, show)
    show(time.time() - played.serving)
    progress.show(f"{tag} listed by the gateway again", final=True)
    return seen


def kill_and_restart(
    stack: ChaosStack, tracker: Tracker, played: Round, down_s: float, progress, tag: str
) -> dict[str, int]:
    """SIGKILLs the round's component, waits `down_s`, starts it again; the version of each
    match running at the kill."""
    if not tracker.poll():
        raise RuntimeError(f"{tag} the stack does not answer before the kill")
    before = tracker.running()
    played.running_at_kill = len(before)
    played.killed = time.time()
    stack.kill(played.component)
    progress.show(f"{tag} SIGKILLed with {len(before)} matches running", final=True)
    time.sleep(down_s)
    played.restarted = time.time()
    stack.start(played.component)
    played.serving = time.time()
    progress.show(
        f"{tag} serving again {played.serving - played.killed:.1f} s after the SIGKILL",
        final=True,
    )
    return before


def moved_again(commits_ms: list[int]) -> tuple[float, float]:
    """Of a match's commits after the restart began (Unix ms): the first one, and the first
    one after which it never waited longer than TARGET_S for the next (Unix s)."""
    for_good = commits_ms[0]
    for before, after in zip(commits_ms, commits_ms[1:], strict=False):
        if after - before > TARGET_S * 1000:
            for_good = after
    return commits_ms[0] / 1000, for_good / 1000


def recovery(played: Round, histories: dict, next_kill: float = math.inf) -> dict:
    """From the commit times up to `next_kill`: when each match running at the kill moved
    again, first and for good (see `moved_again`); the slowest from the SIGKILL and from
    serving. The gateway's, which bots do not use, from when it listed them moving again."""
    if played.component == "gateway":
        return gateway_recovery(played)
    killed_ms, restarted_ms = played.killed * 1000, played.restarted * 1000
    moved, stuck = {}, []
    for match_id, history in histories.items():
        times = [change.committed_unix_ms for change in history.changes]
        later = [t for t in times if restarted_ms <= t < next_kill * 1000]
        if times[0] > killed_ms or (not later and history.match.phase == FINISHED):
            continue  # created after the kill, or over before the restart
        if later:
            moved[match_id] = moved_again(later)
        else:
            stuck.append(match_id)
    first, for_good = ([times[i] - played.serving for times in moved.values()] for i in (0, 1))
    done = bool(moved) and not stuck
    return {
        "matches": len(moved) + len(stuck),
        "never_moved": stuck,
        "serving_after_kill_s": played.serving - played.killed,
        "from_kill_s": max(for_good) + played.serving - played.killed if done else None,
        "from_serving_s": max(for_good) if done else None,
        "first_commit_from_serving_s": max(first) if done else None,
        "median_from_serving_s": statistics.median(for_good) if for_good else None,
        "per_match_from_serving_s": {
            match_id: [round(t - played.serving, 3) for t in times]
            for match_id, times in moved.items()
        },
    }


def gateway_recovery(played: Round) -> dict:
    seen = played.seen_through_gateway
    from_serving = seen - played.serving if seen is not None else None
    return {
        "matches": played.running_at_kill,
        "never_moved": [],
        "serving_after_kill_s": played.serving - played.killed,
        "from_kill_s": seen - played.killed if seen is not None else None,
        "from_serving_s": from_serving,
        "first_commit_from_serving_s": from_serving,
        "median_from_serving_s": None,
        "per_match_from_serving_s": {},
    }


def history_problems(history: mpb.GetHistoryResponse) -> list[str]:
    """What is wrong with a finished match's history (nothing: an empty list)."""
    changes, match = list(history.changes), history.match
    versions = [change.version for change in changes]
    if versions != list(range(len(versions))) or versions[-1] != match.version:
        return [f"versions not contiguous from 0 to {match.version}: {versions}"]
    if match.phase != FINISHED or match.end_reason != mpb.END_REASON_GAME_OVER:
        return [f"not over by the rules: phase {match.phase}, end reason {match.end_reason}"]
    problems = []
    moves = [(c.version, c.seat) for c in changes if acting_seat(c) is not None]
    if [(move.version, move.seat) for move in history.replay.moves] != moves:
        problems.append("the replay's moves are not the history's move changes")
    turns = set()
    for before, change in zip(changes, changes[1:], strict=False):
        seat = acting_seat(change)
        turn = (before.status.step, seat)
        if seat is not None and (seat not in before.status.to_move or turn in turns):
            problems.append(f"version {change.version}: seat {change.seat} was not to move")
        turns.add(turn)
    return problems + replay_problems(history)


def replay_problems(history: mpb.GetHistoryResponse) -> list[str]:
    """Replays the match on the local engine, comparing every status with the logged one."""
    game, replay, match = get_game(TITLE), history.replay, history.match
    logged = {change.version: change.status for change in history.changes}
    state = game.new_game(replay.players, decode_options(replay.options), replay.seed)
    if status(state) != logged[0]:
        return ["the replayed setup differs from version 0"]
    for move in replay.moves:
        try:
            decoded = game.codec.decode_move(unpack(move.move, game.codec.move_message, "move"))
            state, _ = state.apply(move.seat, decoded)
        except RuleError as error:
            return [f"version {move.version}: the engine refuses the move: {error.reason}"]
        if status(state) != logged.get(move.version):
            return [f"version {move.version}: the replayed status differs from the logged one"]
    final = status(state)
    if not final.finished or (list(final.winners), list(final.scores)) != (
        list(match.winners),
        list(match.status.scores),
    ):
        return ["the replay does not end with the match's scores and winners"]
    return []


def histories_of(client: MatchClient, match_ids: list[str]) -> dict:
    found = {}
    for match_id in match_ids:
        for attempt in range(5):
            try:
                found[match_id] = client.history(match_id)
                break
            except grpc.RpcError:
                if attempt == 4:
                    raise
                time.sleep(1)
    return found


def met(recovery: dict) -> bool:
    """Whether every match of a round moved within TARGET_S of the restarted component serving."""
    return recovery["from_serving_s"] is not None and recovery["from_serving_s"] <= TARGET_S


def seconds(value: float | None, cap: float) -> str:
    return f"{value:.1f}" if value is not None else f"> {cap:.0f} (not all moved)"


def markdown(report: dict) -> str:
    m, p, checks = report["machine"], report["parameters"], report["checks"]
    cap = p["recovery_timeout_s"]
    rows = []
    for r in report["rounds"]:
        rec = r["recovery"]
        counted = "; ".join(
            f"{who} {', '.join(f'{k} {v:g}' for k, v in sorted(c.items())) or 'nothing'}"
            for who, c in r["counted"].items()
        )
        rows.append(
            [
                r["component"],
                str(rec["matches"]),
                f"{rec['serving_after_kill_s']:.1f}",
                seconds(rec["from_kill_s"], cap + rec["serving_after_kill_s"]),
                seconds(rec["from_serving_s"], cap),
                seconds(rec["first_commit_from_serving_s"], cap),
                f"≤ {TARGET_S:.0f} s: {mark(met(rec))}",
                counted,
            ]
        )
    header = (
        "component",
        "matches running",
        "serving again (s after SIGKILL)",
        "SIGKILL → all moved (s)",
        "serving → all moved (s)",
        "serving → each first commit (s)",
        "target (serving → all moved)",
        "counted: bot turns sent, bot tasks",
    )
    failed = [f"- `{match_id}`: {'; '.join(why)}" for match_id, why in checks["problems"].items()]
    return "\n".join(
        [
            "# Chaos: recovery after a SIGKILL",
            "",
            f"{report['generated_at']}, code {report['commit']}; {m['cpus_usable']} usable "
            f"CPUs ({m['cpu_model']}), Python {m['python']}, grpcio {m['grpcio']}. "
            f"{p['matches']} bot-only Galileo matches (--seed {p['seed']}), Celery broker "
            f"{BROKER_NAMES[p['broker']]}; each component down {p['down_seconds']:g} s"
            + (f", the broker {p['broker_down_seconds']:g} s" if p["broker"] == "rabbitmq" else "")
            + f"; took {report['took_s']:.0f} s. How it measures and what each figure means: "
            "[bench/README.md](../README.md). Raw numbers: `chaos.json`.",
            "",
            *table(header, rows),
            "",
            "Bots play without the gateway: its round's *moved* is when it first listed every "
            "match that was running at its SIGKILL at a newer version (or no longer running).",
            "",
            f"History checks of {checks['matches']} matches ({checks['finished']} finished): "
            + ("all passed." if not failed else f"{len(failed)} failed:"),
            *failed,
            "",
        ]
    )


def run(args: argparse.Namespace) -> dict:
    rng = random.Random(args.seed)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="playhall-chaos-") as workdir:
        say(f"Starting {', '.join(COMPONENTS)} (the broker: {BROKER_NAMES[args.broker]}) ...")
        with (
            ChaosStack(Path(workdir), args.broker) as stack,
            grpc.insecure_channel(stack.orchestrator_address, options=FAST_REDIAL) as channel,
        ):
            try:
                tracker = Tracker(MatchClient(channel, timeout_s=CALL_TIMEOUT_S))
                rounds = [
                    play_round(stack, tracker, rng, args, n) for n in range(len(args.components))
                ]
                progress = Progress()
                until(
                    lambda: tracker.poll() and not tracker.running(),
                    args.finish_timeout,
                    lambda s: progress.show(f"{len(tracker.running())} matches still playing"),
                )
                progress.show(f"{len(tracker.finished)} matches finished", final=True)
                histories = histories_of(tracker.client, list(tracker.versions))
            finally:
                if args.logs:
                    stack.save_logs(args.logs)
    for played, following in zip(rounds, rounds[1:] + [None], strict=True):
        played.recovery = recovery(played, histories, following.killed if following else math.inf)
    problems = {m: history_problems(h) for m, h in histories.items()}
    return {
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "commit": source_version(),
        "parameters": {
            "matches": args.matches,
            "broker": args.broker,
            "down_seconds": args.down_seconds,
            "broker_down_seconds": args.broker_down_seconds,
            "seed": args.seed,
            "components": list(args.components),
            "recovery_timeout_s": args.recovery_timeout,
            "finish_timeout_s": args.finish_timeout,
        },
        "took_s": time.monotonic() - started,
        "rounds": [asdict(played) for played in rounds],
        "checks": {
            "matches": len(histories),
            "finished": len(tracker.finished),
            "problems": {m: why for m, why in problems.items() if why},
        },
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.chaos",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--matches", type=int, default=30, help="matches in all (default 30)")
    parser.add_argument(
        "--down-seconds",
        type=float,
        default=5.0,
        help="how long a kill lasts, the broker's aside (default 5)",
    )
    parser.add_argument(
        "--broker-down-seconds",
        type=float,
        default=20.0,
        help="how long the broker's kill lasts: a long outage (default 20)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of seats and match seeds")
    parser.add_argument(
        "--broker",
        choices=BROKER_NAMES,
        default="rabbitmq",
        help="Celery's broker: a private RabbitMQ node (default, needs Debian's "
        "rabbitmq-server) or the store's Redis (no broker round then)",
    )
    parser.add_argument(
        "--components",
        nargs="+",
        choices=COMPONENTS,
        help="what to kill, in order (default: all six; without the broker on --broker redis)",
    )
    parser.add_argument(
        "--recovery-timeout",
        type=float,
        default=120.0,
        help="seconds after serving a round waits for every match to move (default 120)",
    )
    parser.add_argument(
        "--finish-timeout",
        type=float,
        default=180.0,
        help="seconds to wait for every match to finish after the last round (default 180)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=RESULTS / "chaos.md",
        help="the report; the raw numbers go next to it as .json (default bench/results/chaos.md)",
    )
    parser.add_argument("--logs", type=Path, help="directory to save every process's log in")
    args = parser.parse_args(argv)
    if args.components is None:
        args.components = [c for c in COMPONENTS if c != "broker" or args.broker == "rabbitmq"]
    if args.broker == "redis" and "broker" in args.components:
        parser.error("on --broker redis the broker is the store's Redis: kill it as redis")
    if args.broker == "rabbitmq" and (missing := rabbitmq_missing()):
        parser.error(f"{missing}; or run with --broker redis")
    if args.matches < len(args.components) or min(args.down_seconds, args.broker_down_seconds) < 0:
        parser.error("give at least one match per round and non-negative down times")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    unwind_on_sigterm()
    report = run(args)
    out = args.out.with_suffix("")
    write_report(out.parent, out.name, report, markdown(report), report["took_s"])
    say(markdown(report))
    missed = [r for r in report["rounds"] if not met(r["recovery"])]
    failed = report["checks"]["problems"] or report["checks"]["finished"] < args.matches
    return 1 if missed or failed else 0


if __name__ == "__main__":
    sys.exit(main())
