"""Bot capacity an operator can plan with: bot turn latency at 10, 50 and 200 concurrent bot
matches with 1 and 2 worker pool processes, the `bots.live` queue length KEDA reads meanwhile,
live turns beside a tournament's `bots.batch` work, and the matches per worker core each level
sustains.

Starts a stack of its own, each part a process: Redis (AOF, as deployed; also the Celery
broker, as `make run`), every title's rules service, a live orchestrator and a tournament
orchestrator (`PLAYHALL_BOT_QUEUE=bots.batch`), and one Celery bot worker on
`-Q bots.live,bots.batch` at a time. Every point is a window of `--seconds` in which
`--matches` bot-only matches of mixed titles and levels are kept running (a finished one is
replaced); a turn's latency runs from the commit that made it a bot's turn to that bot's move
committed, both read from the matches' histories (`committed_unix_ms`). How it measures:
bench/README.md. Writes `--out`/capacity.md and capacity.json.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import shutil
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime

import grpc
import redis

from bench.common import (
    add_out_argument,
    machine,
    percentile_ms,
    say,
    source_version,
    table,
    unwind_on_sigterm,
    write_report,
)
from dev.process import (
    ServiceProcess,
    metric_samples,
    orchestrator_env,
    start_bot_worker,
    start_orchestrator,
    start_rules_service,
)
from dev.redis_server import EmbeddedRedis
from playhall.bots.ismcts import IsmctsBot
from playhall.bots.levels import bot_for
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE
from playhall.core import get_game, title_ids
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient

LEVELS = {
    "random": mpb.BOT_LEVEL_RANDOM,
    "easy": mpb.BOT_LEVEL_EASY,
    "normal": mpb.BOT_LEVEL_NORMAL,
}
RUNNING = mpb.MATCH_PHASE_RUNNING
WARMUP_S = 5.0
"""Moves committed this soon after a window opens (the burst of every first turn) are not
counted."""
SAMPLE_S = 0.5
HUMAN_PACE_S = 10.0
"""A person's think time between two bot turns of a person-against-bot match, for the
matches-per-core figure (a bot-only match asks as fast as its bots answer)."""


@dataclass
class Window:
    """One measured point: what ran, the turns it saw and the queue meanwhile."""

    name: str
    processes: int
    matches: int
    batch_matches: int = 0
    seconds: float = 0.0
    created: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(match id, title, level, queue) of every match the window kept running."""
    depth: list[tuple[float, int, int]] = field(default_factory=list)
    """(seconds into the window, LLEN bots.live, LLEN bots.batch)."""
    load: tuple[float, float] = (0.0, 0.0)
    """The 1-minute load average at the window's start and end."""
    task_seconds: dict[str, tuple[float, ...]] = field(default_factory=dict)
    """"title/level" -> (task seconds, tasks, search iterations) the worker counted in the
    window."""
    worker_cpu_s: float = 0.0


class CapacityStack:
    """Redis, the rules services, a live and a batch orchestrator; workers come and go."""

    def __init__(self, titles: tuple[str, ...]):
        self.directory = tempfile.mkdtemp(prefix="playhall-capacity-")
        self.redis = EmbeddedRedis(self.directory, appendonly=True).start()
        self.rules = {title: start_rules_service(title) for title in titles}
        credential = "capacity-" + os.urandom(8).hex()
        # No resend by the sweeper within a run: each orchestrator's sweeper would send a turn
        # of the other's matches to its own queue, and a point's leftovers must stay stopped.
        self.env = orchestrator_env(
            self.redis.url,
            {title: service.address for title, service in self.rules.items()},
            credential,
            gateway_credential="capacity-gateway-" + os.urandom(8).hex(),
            PLAYHALL_BOT_SWEEP_AFTER_S="3600",
            # One client here creates and reads for every player: no published rate limits.
            PLAYHALL_RATE_LIMITS="0",
        )
        self.live = start_orchestrator({**self.env, "PLAYHALL_BOT_QUEUE": LIVE_QUEUE})
        self.batch = start_orchestrator({**self.env, "PLAYHALL_BOT_QUEUE": BATCH_QUEUE})
        self.worker: ServiceProcess | None = None
        self.broker = redis.Redis.from_url(self.redis.url)

    def start_worker(self, processes: int) -> None:
        self.stop_worker()
        env = {**self.env, "PLAYHALL_ORCHESTRATOR": self.live.address}
        self.worker = start_bot_worker(env, [LIVE_QUEUE, BATCH_QUEUE], processes)

    def stop_worker(self) -> None:
        """Stops the worker and drops what waits for it: the matches of the last point stay
        where they are and cost nothing in the next."""
        if self.worker:
            self.worker.terminate()
            self.worker = None
        self.broker.delete(LIVE_QUEUE, BATCH_QUEUE)

    def worker_cpu_s(self) -> float:
        """CPU seconds of the worker's process tree so far (user + system)."""
        total = 0.0
        tick = os.sysconf("SC_CLK_TCK")
        for pid in [self.worker.proc.pid, *children(self.worker.proc.pid)]:
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except FileNotFoundError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick
        return total

    def task_seconds(self) -> dict[str, tuple[float, float, float]]:
        """ "title/level" -> (task seconds, tasks, search iterations) the worker counted."""
        columns = {
            "playhall_bot_task_seconds_sum": 0,
            "playhall_bot_task_seconds_count": 1,
            "playhall_bot_search_iterations_total": 2,
        }
        sums: dict[str, list[float]] = {}
        for sample in metric_samples(self.worker.metrics_port):
            if sample.name in columns:
                key = f"{sample.labels['title']}/{sample.labels['level']}"
                sums.setdefault(key, [0.0, 0.0, 0.0])[columns[sample.name]] += sample.value
        return {key: (value[0], value[1], value[2]) for key, value in sums.items()}

    def close(self) -> None:
        for service in [self.worker, self.live, self.batch, *self.rules.values()]:
            if service:
                service.terminate()
        self.redis.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (the pool, forked by any of the worker's threads)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (FileNotFoundError, ProcessLookupError):
                continue
            if parent == pid:
                found.append(int(entry))
    return found


class Keeper:
    """Keeps `count` matches running through one orchestrator, replacing each that ends."""

    def __init__(
        self,
        address: str,
        count: int,
        queue: str,
        rng: random.Random,
        window: Window,
        titles: list[str],
    ):
        self.titles = titles
        self.channel = grpc.insecure_channel(address)
        self.client = MatchClient(self.channel, timeout_s=10)
        self.count, self.queue, self.rng, self.window = count, queue, rng, window
        # Title and level both change from one match to the next.
        kinds = len(titles) * len(LEVELS)
        self.kinds = itertools.cycle(
            [(titles[i % len(titles)], list(LEVELS)[i % len(LEVELS)]) for i in range(kinds)]
        )
        self.mine: set[str] = set()

    def create(self) -> None:
        title, level = next(self.kinds)
        players = get_game(title).info.min_players
        seats = [mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot_level=LEVELS[level])] * players
        match = self.client.create(title, seats, seed=self.rng.randbytes(32)).match
        self.mine.add(match.match_id)
        self.window.created.append((match.match_id, title, level, self.queue))

    def fill(self) -> None:
        running = set()
        for title in self.titles:
            running |= {m.match_id for m in self.client.list_matches(title, RUNNING, limit=1000)}
        self.mine &= running
        while len(self.mine) < self.count:
            self.create()


def measure(stack: CapacityStack, window: Window, seconds: float, rng: random.Random) -> dict:
    """Runs one window and returns its turn latencies by level and title."""
    titles = list(stack.rules)
    keepers = [Keeper(stack.live.address, window.matches, LIVE_QUEUE, rng, window, titles)]
    if window.batch_matches:
        keepers.append(
            Keeper(stack.batch.address, window.batch_matches, BATCH_QUEUE, rng, window, titles)
        )
    tasks_before, cpu_before = stack.task_seconds(), stack.worker_cpu_s()
    window.load = (os.getloadavg()[0], 0.0)
    start = time.time()
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(SAMPLE_S):
            live, batch = stack.broker.llen(LIVE_QUEUE), stack.broker.llen(BATCH_QUEUE)
            window.depth.append((round(time.time() - start, 2), live, batch))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    while time.time() - start < seconds:
        for keeper in keepers:
            keeper.fill()
        time.sleep(1.0)
    end = time.time()
    stop.set()
    sampler.join()
    window.seconds = end - start
    window.load = (window.load[0], os.getloadavg()[0])
    window.worker_cpu_s = stack.worker_cpu_s() - cpu_before
    after = stack.task_seconds()
    window.task_seconds = {
        key: tuple(a - b for a, b in zip(value, tasks_before.get(key, (0, 0, 0)), strict=True))
        for key, value in after.items()
        if value[1] > tasks_before.get(key, (0, 0, 0))[1]
    }
    turns: dict[str, list[float]] = {}
    waiting: dict[str, list[float]] = {}
    for match_id, title, level, queue in window.created:
        history = keepers[0].client.history(match_id)
        done, pending = turn_latencies(history, (start + WARMUP_S) * 1000, end * 1000)
        for key in (f"{queue}", f"{queue}/{level}", f"{queue}/{level}/{title}"):
            turns.setdefault(key, []).extend(done)
            waiting.setdefault(key, []).extend(pending)
    for keeper in keepers:
        keeper.channel.close()
    return {"turns": turns, "waiting": waiting}


def turn_latencies(
    history: mpb.GetHistoryResponse, counted_from_ms: float, end_ms: float
) -> tuple[list[float], list[float]]:
    """Seconds from each bot turn's start (the commit after which its seat was to move) to the
    seat's move committed, of the moves committed in [counted_from_ms, end_ms]; and how long
    the turns still waiting at end_ms had waited."""
    since: dict[int, int] = {}
    done: list[float] = []
    for change in history.changes:
        at = change.committed_unix_ms
        if at > end_ms:
            break
        if change.HasField("seat") and change.seat in since:
            started = since.pop(change.seat)
            if at >= counted_from_ms:
                done.append((at - started) / 1000)
        to_move = set(change.status.to_move) if change.phase == RUNNING else set()
        for seat in list(since):
            if seat not in to_move:
                del since[seat]
        for seat in to_move:
            since.setdefault(seat, at)
    return done, [(end_ms - at) / 1000 for at in since.values()]


def summary(samples: list[float]) -> dict:
    if len(samples) < 2:
        return {"turns": len(samples)}
    return {
        "turns": len(samples),
        "p50_ms": round(percentile_ms(samples, 50), 1),
        "p99_ms": round(percentile_ms(samples, 99), 1),
    }


def depth_summary(window: Window, column: int) -> dict:
    values = [sample[column] for sample in window.depth]
    return {"median": statistics.median(values), "max": max(values)} if values else {}


def run(args: argparse.Namespace) -> dict:
    rng = random.Random(args.seed)
    report: dict = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "source": source_version(),
        "machine": machine(),
        "seconds": args.seconds,
        "titles": args.titles,
        "levels": list(LEVELS),
        "points": [],
    }
    stack = CapacityStack(tuple(args.titles))
    try:
        plan = [(p, n, 0) for p in args.processes for n in args.matches]
        for _ in range(args.batch_rounds):
            # Live alone, then live beside a tournament, in turns, on one worker.
            plan += [(2, args.batch_live, 0), (2, args.batch_live, args.batch_matches)]
        for processes, matches, batch in plan:
            stack.start_worker(processes)  # a fresh one per point: its counters start at 0
            name = f"{processes}p/{matches}" + (f"+batch{batch}" if batch else "")
            window = Window(name, processes, matches, batch)
            say(f"{name}: {args.seconds:.0f} s, load {os.getloadavg()[0]:.2f}")
            result = measure(stack, window, args.seconds, rng)
            point = {
                "name": name,
                "processes": processes,
                "matches": matches,
                "batch_matches": batch,
                "seconds": round(window.seconds, 1),
                "load_1m": [round(v, 2) for v in window.load],
                "worker_cpu_s": round(window.worker_cpu_s, 1),
                "live_depth": depth_summary(window, 1),
                "batch_depth": depth_summary(window, 2),
                "depth_samples": window.depth,
                "task_seconds": window.task_seconds,
                "latency": {key: summary(v) for key, v in sorted(result["turns"].items())},
                # The waiting turns as if played at the window's end: a lower bound of what
                # their players see, which a p99 of played turns alone would hide.
                "latency_with_waiting": {
                    key: summary(v + result["waiting"].get(key, []))
                    for key, v in sorted(result["turns"].items())
                },
                "waiting_at_end": {
                    key: {"turns": len(v), "max_s": round(max(v), 1)}
                    for key, v in sorted(result["waiting"].items())
                    if v
                },
            }
            live = point["latency"].get(LIVE_QUEUE, {})
            say(
                f"  live turns {live.get('turns', 0)} p50 {live.get('p50_ms')} ms "
                f"p99 {live.get('p99_ms')} ms, depth {point['live_depth']}"
            )
            report["points"].append(point)
            stack.stop_worker()
    finally:
        stack.close()
    report["per_core"] = per_core(report)
    return report


def per_core(report: dict) -> dict:
    """Per level and title: the core-seconds a bot turn costs, and so the turns a busy core
    completes per second and the matches a core keeps up with when a person thinks
    HUMAN_PACE_S between bot turns. From the 1-process points without a tournament: a task's
    wall time (`playhall_bot_task_seconds`) times the worker's CPU time over its tasks' wall
    time in that point, as a task on a shared machine waits for a core as well."""
    totals: dict[str, list[float]] = {}
    for point in report["points"]:
        if point["processes"] != 1 or point["batch_matches"]:
            continue
        wall = sum(value[0] for value in point["task_seconds"].values())
        share = min(1.0, point["worker_cpu_s"] / wall) if wall else 1.0
        for key, (s, c, iterations) in point["task_seconds"].items():
            entry = totals.setdefault(key, [0.0, 0.0, 0.0, 0.0])
            entry[0] += s
            entry[1] += s * share
            entry[2] += c
            entry[3] += iterations
    out: dict = {}
    for level in LEVELS:
        for title in report["titles"]:
            if f"{title}/{level}" not in totals:
                continue
            wall, cpu, count, iterations = totals[f"{title}/{level}"]
            cost = cpu / count
            bot = bot_for(level)
            if isinstance(bot, IsmctsBot) and iterations:
                # A search stopped by its wall-clock cap on a starved core did fewer
                # iterations than its title's budget: its full decision costs proportionally
                # more, but never more than its cap, where it stops on a core of its own too.
                search = bot.for_title(title)
                scaled = cost * max(1.0, search.iterations / (iterations / count))
                cost = max(cost, min(scaled, search.time_cap_s))
            out[f"{level}/{title}"] = {
                "tasks": int(count),
                "task_wall_ms": round(wall / count * 1000, 1),
                "iterations_per_turn": round(iterations / count),
                "task_core_ms": round(cpu / count * 1000, 1),
                "full_budget_core_ms": round(cost * 1000, 1),
                "turns_per_core_s": round(1 / cost, 1),
                "matches_per_core": round(HUMAN_PACE_S / cost, 1),
            }
    return out


def markdown(report: dict) -> str:
    lines = [
        "# Bot capacity",
        "",
        f"Run {report['when']} on {report['source']}, {report['machine']['cpus_usable']} "
        f"shared cores ({report['machine']['cpu_model']}); windows of {report['seconds']:.0f} s; "
        f"titles {', '.join(report['titles'])}; levels {', '.join(report['levels'])} "
        "(one level per match, every seat a bot). Method: bench/README.md (`bench.capacity`).",
        "",
        "## Turn latency and the `bots.live` queue",
        "",
        "From the commit that made it a bot's turn to the bot's move committed. *Processes*: "
        "the worker's prefork pool (`--concurrency`; a deployed pod runs 2). *Depth*: "
        f"`LLEN bots.live` (what KEDA reads) every {SAMPLE_S} s. *Waiting*: turns not yet "
        "played when the window closed, and the longest wait among them; *p99 with waiting*: "
        "the waiting turns counted as if played at the window's end (a lower bound). "
        "*Worker cores*: the worker's CPU seconds per second.",
        "",
    ]
    rows = []
    for p in report["points"]:
        if p["batch_matches"]:
            continue
        live = p["latency"].get(LIVE_QUEUE, {})
        waiting = p["waiting_at_end"].get(LIVE_QUEUE, {"turns": 0, "max_s": 0})
        rows.append(
            [
                str(p["processes"]),
                str(p["matches"]),
                str(live.get("turns", 0)),
                f"{live.get('turns', 0) / (p['seconds'] - WARMUP_S):.1f}",
                str(live.get("p50_ms", "–")),
                str(live.get("p99_ms", "–")),
                f"{p['live_depth'].get('median', '–')} / {p['live_depth'].get('max', '–')}",
                f"{waiting['turns']} ({waiting['max_s']} s)",
                str(p["latency_with_waiting"].get(LIVE_QUEUE, {}).get("p99_ms", "–")),
                f"{p['worker_cpu_s'] / p['seconds']:.2f}",
                f"{p['load_1m'][0]:.1f} → {p['load_1m'][1]:.1f}",
            ]
        )
    lines += table(
        [
            "processes",
            "matches",
            "turns",
            "turns/s",
            "p50 ms",
            "p99 ms",
            "depth median / max",
            "waiting",
            "p99 ms with waiting",
            "worker cores",
            "load 1m",
        ],
        rows,
    )
    lines += ["", "Per level (p50 / p99 ms, turns):", ""]
    level_rows = []
    for p in report["points"]:
        if p["batch_matches"]:
            continue
        cells = [f"{p['processes']}p / {p['matches']}"]
        for level in LEVELS:
            s = p["latency"].get(f"{LIVE_QUEUE}/{level}", {})
            cells.append(f"{s.get('p50_ms', '–')} / {s.get('p99_ms', '–')} ({s.get('turns', 0)})")
        level_rows.append(cells)
    lines += table(["point", *LEVELS], level_rows)
    lines += [
        "",
        "## Live turns beside a tournament",
        "",
        "One worker of 2 processes on `-Q bots.live,bots.batch`; windows of live matches "
        "alone and beside a tournament (bot matches of the batch orchestrator, whose turns go "
        "to `bots.batch`) in turns.",
        "",
    ]
    batch_rows = []
    for p in report["points"]:
        if p["matches"] != report["batch_live"] or p["processes"] != 2:
            continue
        live = p["latency"].get(LIVE_QUEUE, {})
        batch = p["latency"].get(BATCH_QUEUE, {})
        batch_rows.append(
            [
                p["name"],
                str(live.get("turns", 0)),
                str(live.get("p50_ms", "–")),
                str(live.get("p99_ms", "–")),
                str(batch.get("turns", 0)),
                f"{p['live_depth'].get('max', '–')} / {p['batch_depth'].get('max', '–')}",
                f"{p['load_1m'][0]:.1f} → {p['load_1m'][1]:.1f}",
            ]
        )
    lines += table(
        [
            "window",
            "live turns",
            "live p50 ms",
            "live p99 ms",
            "batch turns",
            "max depth live / batch",
            "load 1m",
        ],
        batch_rows,
    )
    lines += [
        "",
        "## Matches per worker core",
        "",
        "A bot turn's cost in the 1-process points: its task's wall time "
        "(`playhall_bot_task_seconds`), and its core time (the wall time times the worker's "
        "CPU seconds over its tasks' wall seconds in that point: on a loaded machine a task "
        "also waits for a core). A search level that stopped at its wall-clock cap before its "
        "iteration budget is scaled up to the full budget (core time × budget / iterations "
        "done), at most its title's cap, the cost of the decision it plays on a core of its "
        "own (an upper bound where some decisions search nothing: a single legal move, a "
        "slip). From that: "
        "the turns a busy core completes per second, and the matches "
        f"a core keeps up with when a person thinks {HUMAN_PACE_S:.0f} s between the bot's "
        "turns (one bot seat).",
        "",
    ]
    lines += table(
        [
            "level / title",
            "tasks",
            "task wall ms",
            "task core ms",
            "iterations / turn",
            "core ms at the full budget",
            "turns per core-second",
            "matches per core",
        ],
        [
            [
                key,
                str(v["tasks"]),
                str(v["task_wall_ms"]),
                str(v["task_core_ms"]),
                str(v["iterations_per_turn"]),
                str(v["full_budget_core_ms"]),
                str(v["turns_per_core_s"]),
                str(v["matches_per_core"]),
            ]
            for key, v in report["per_core"].items()
        ],
    )
    return "\n".join(lines) + "\n"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.capacity",
        description="Bot turn latency, bots.live queue length and matches per worker core.",
    )
    parser.add_argument("--seconds", type=float, default=40.0, help="window per point (40)")
    parser.add_argument(
        "--processes",
        type=int,
        nargs="+",
        default=[1, 2],
        help="worker pool sizes to measure (1 2)",
    )
    parser.add_argument(
        "--matches",
        type=int,
        nargs="+",
        default=[10, 50, 200],
        help="concurrent bot matches per point (10 50 200)",
    )
    parser.add_argument(
        "--batch-live",
        type=int,
        default=10,
        help="live matches of the live-beside-batch windows (10)",
    )
    parser.add_argument(
        "--batch-matches", type=int, default=20, help="tournament matches beside them (20)"
    )
    parser.add_argument(
        "--batch-rounds",
        type=int,
        default=2,
        help="pairs of windows alone / beside a tournament (2)",
    )
    parser.add_argument("--titles", nargs="+", choices=title_ids(), default=list(title_ids()))
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument(
        "--render",
        action="store_true",
        help="only write capacity.md again from the capacity.json in --out",
    )
    add_out_argument(parser, "capacity")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    began = time.time()
    if args.render:
        report = json.loads((args.out / "capacity.json").read_text())
        report["per_core"] = per_core(report)
        write_report(args.out, "capacity", report, markdown(report), time.time() - began)
        return 0
    unwind_on_sigterm()
    report = run(args)
    report["batch_live"] = args.batch_live
    write_report(args.out, "capacity", report, markdown(report), time.time() - began)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
