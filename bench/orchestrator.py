"""`make bench`: SubmitMove through the orchestrator against the floor, and Redis memory per match.

Starts a private Redis (AOF, `appendfsync always`), the Galileo rules service, an orchestrator,
the echo chain and the floor's front server (`bench.echo_chain`), each its own process, and a
load generator process whose threads are the clients. First it plays `--matches` matches to
`--moves` moves and divides Redis's `used_memory` growth by the matches; then it runs
`--rounds` interleaved rounds of the echo chain, SubmitMove on separate matches and the floor,
`CLIENTS` clients each, `--seconds` each, sampling every process's CPU time around each window.
With `--baseline REV`, REV's orchestrator (and a rules service of its own, on a database of the
same Redis) plays the SubmitMove scenario too, as a fourth scenario of every round: before and
after side by side, each against the same floor.

How each figure is measured and what it means: bench/README.md. Writes
bench/results/orchestrator.json and bench/results/orchestrator.md.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import secrets
import statistics
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import count

import redis
from google.protobuf import any_pb2

from bench.common import (
    add_out_argument,
    checkout,
    machine,
    mark,
    open_channel,
    percentile_ms,
    run_window,
    say,
    source_version,
    table,
    timed,
    unwind_on_sigterm,
    write_report,
)
from bench.echo_chain import FLOOR_KEY, STATE_KEY
from bench.echo_chain import METHOD as ECHO_METHOD
from dev.process import (
    ServiceProcess,
    metric_samples,
    orchestrator_env,
    start_orchestrator,
    start_rules_service,
)
from dev.redis_server import EmbeddedRedis
from playhall.core.registry import get_game
from playhall.core.wire import pack, unpack
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient, human_seats
from playhall.matchstore.store import state_key
from playhall.rules.v1 import rules_service_pb2 as rpb

TITLE = "galileo"
PLAYERS = 3
CLIENTS = 8
WARM_UP_MOVES = 6
SCRIPTED_GAMES = 4
"""Games each client of separate matches plays ahead, then replays in turn."""
ECHO_REQUEST = b"m" * 96
"""What the echo client sends (about a SubmitMoveRequest's size); A echoes it back."""
FLOOR_RATIO_TARGET = 0.8
MOVES_PER_S_TARGET = 800
MEMORY_TARGET_BYTES = 16 * 1024
FINISHED = mpb.MATCH_PHASE_FINISHED
GAME = get_game(TITLE)
SCENARIOS = {
    "chain": ("echo chain (reference)", ("load_generator", "echo_a", "echo_b", "redis")),
    "floor": ("floor", ("load_generator", "floor_a", "rules", "redis")),
    "submit": ("SubmitMove", ("load_generator", "orchestrator", "rules", "redis")),
    "baseline": (
        "SubmitMove at the baseline",
        ("load_generator", "orchestrator", "rules", "redis"),
    ),
}
"""Label and the processes a call goes through (client, front, back, Redis), by scenario."""
UNREACHED_LIMITS = {
    f"PLAYHALL_LIMIT_{kind}": "100000/s burst 100000" for kind in ("MOVES", "READS", "WRITES")
}
"""The orchestrator's rate limits as the benchmarks set them: counted as deployed (every call
takes its share in Redis) at rates no client here reaches, since one address carries every
seat, each moving as fast as the machine allows."""


# --- The load generator (runs in its own process) --------------------------------------------


@dataclass(frozen=True)
class GameScript:
    """A game played ahead of time on a local engine: its seed and every move, packed."""

    seed: bytes
    moves: tuple[tuple[int, any_pb2.Any], ...]
    """(seat, move) in the order they are submitted."""

    @classmethod
    def play(cls, seed: bytes, rng: random.Random) -> GameScript:
        """Random legal moves of a random seat to move, to the end."""
        state = GAME.new_game(PLAYERS, {}, seed)
        moves = []
        while not state.is_terminal():
            seat = rng.choice(state.to_move())
            move = rng.choice(state.legal_moves(seat))
            moves.append((seat, pack(GAME.codec.encode_move(move))))
            state, _ = state.apply(seat, move)
        return cls(seed, tuple(moves))


class SeparatePlayer:
    """One client playing its own matches one after another, every seat itself, from games it
    played on a local engine before the window (the orchestrator's testing flag lets it choose
    the seeds): a move costs it one SubmitMove. Each answer is checked against the script."""

    def __init__(self, address: str, index: int, label: str = "bench", games: int = SCRIPTED_GAMES):
        self.channel = open_channel(address)
        self.lobby = MatchClient(self.channel)
        rng = random.Random(f"{label}:{index}")
        self.scripts = [
            GameScript.play(f"{label}:{index}:{game}".encode(), rng) for game in range(games)
        ]
        self.games = 0
        self.match_id = ""
        self.clients: dict[int, MatchClient] = {}
        self.version = 0
        self.script = self.scripts[0]
        self.played = len(self.script.moves)
        """Moves of `script` committed so far (all: no match yet)."""

    def new_match(self) -> None:
        self.script = self.scripts[self.games % len(self.scripts)]
        created = self.lobby.create(TITLE, human_seats(PLAYERS), seed=self.script.seed)
        self.games += 1
        self.match_id = created.match.match_id
        self.clients = {t.seat: self.lobby.as_seat(t.token) for t in created.tokens}
        self.version = created.match.version
        self.played = 0

    def step(self, latencies: list[float]) -> None:
        """Commits one move (creating a match first when the last one ended)."""
        if self.played == len(self.script.moves):
            self.new_match()
        seat, move = self.script.moves[self.played]
        response = timed(latencies, self.clients[seat].submit, self.match_id, move, self.version)
        self.played += 1
        if response.version != self.version + 1:
            raise AssertionError(
                f"match {self.match_id}: version {response.version} after {self.version}"
            )
        self.version = response.version
        if (response.match.phase == FINISHED) != (self.played == len(self.script.moves)):
            raise AssertionError(f"match {self.match_id} and its script disagree on its end")

    def warm_up(self) -> None:
        for _ in range(WARM_UP_MOVES):
            self.step([])

    def close(self) -> None:
        self.channel.close()


class EchoCaller:
    """A client of the echo chain or the floor: one call per step."""

    def __init__(self, address: str):
        self.channel = open_channel(address)
        self.call = self.channel.unary_unary(ECHO_METHOD)

    def step(self, latencies: list[float]) -> None:
        timed(latencies, self.call, ECHO_REQUEST, 10)

    def warm_up(self) -> None:
        for _ in range(WARM_UP_MOVES * 4):
            self.call(ECHO_REQUEST, timeout=10)

    def close(self) -> None:
        self.channel.close()


def run_clients(make_client: Callable[[int], object], seconds: float, sampler: Sampler) -> dict:
    """CLIENTS clients stepping back to back for `seconds` (`run_window`); a summary of the
    window, with what the servers did per call."""
    window: dict = {}
    calls, elapsed = run_window(
        CLIENTS, seconds, make_client, lambda: window.update(before=sampler.sample())
    )
    after = sampler.sample()
    return {
        "per_s": round(len(calls) / elapsed, 1),
        "calls": len(calls),
        "seconds": round(elapsed, 2),
        "p50_ms": round(percentile_ms(calls, 50), 3),
        "p99_ms": round(percentile_ms(calls, 99), 3),
        **per_call(window["before"], after, len(calls), elapsed),
    }


def bench_separate(address: str, seconds: float, sampler: Sampler) -> dict:
    say(f"  SubmitMove, {CLIENTS} clients on separate matches, {seconds:g} s")
    return run_clients(lambda i: SeparatePlayer(address, i), seconds, sampler)


def bench_chain(address: str, seconds: float, sampler: Sampler) -> dict:
    say(f"  chain at {address}, {CLIENTS} clients, {seconds:g} s")
    return run_clients(lambda i: EchoCaller(address), seconds, sampler)


def play_to_mid_game(
    address: str,
    matches: int,
    moves: int | None,
    clients: int = CLIENTS,
    tag: str = "bench-memory",
) -> list[str]:
    """Plays `matches` new matches, `clients` at a time, to `moves` committed moves each (None:
    each to its end); returns their ids."""
    next_match = count()

    def client(index: int) -> list[str]:
        # A game of its own for (nearly) every match: the memory is measured over as many games.
        player = SeparatePlayer(address, index, tag, games=-(-matches // clients))
        played: list[str] = []
        try:
            while next(next_match) < matches:
                player.new_match()
                while player.played < (len(player.script.moves) if moves is None else moves):
                    player.step([])
                played.append(player.match_id)
        finally:
            player.close()
        return played

    with ThreadPoolExecutor(max_workers=clients) as pool:
        return [match_id for played in pool.map(client, range(clients)) for match_id in played]


# --- Sampling the servers ------------------------------------------------------------------------


@dataclass(frozen=True)
class Sampler:
    """Counters of the processes under measurement, read right before and after a window."""

    pids: dict[str, int]
    """Server process ids by role."""
    redis_url: str
    rules_metrics_port: int

    @classmethod
    def of(cls, redis_server: EmbeddedRedis, rules: ServiceProcess, **others) -> Sampler:
        """A sampler of Redis, the rules service and `others` (ServiceProcess) by role."""
        pids = {role: process.proc.pid for role, process in others.items()}
        pids |= {"redis": redis_server.proc.pid, "rules": rules.proc.pid}
        return cls(pids, redis_server.url, rules.metrics_port)

    def sample(self) -> dict:
        client = redis.Redis.from_url(self.redis_url)
        try:
            commands = client.info("commandstats")
        finally:
            client.close()
        cpu = {role: cpu_seconds(pid) for role, pid in self.pids.items()}
        cpu["load_generator"] = time.process_time()
        rules = Counter()
        for sample in metric_samples(self.rules_metrics_port, timeout=5):
            if sample.name == "grpc_server_started_total":
                rules[sample.labels.get("grpc_method", "")] += sample.value
        return {
            "cpu": cpu,
            "machine_cpu": machine_busy_seconds(),
            "redis": {name.removeprefix("cmdstat_"): c["calls"] for name, c in commands.items()},
            "rules": dict(rules),
        }


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), 0 where unknown."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU time every process of the machine has used so far (Linux /proc/stat), 0 elsewhere."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(v) for v in stat.readline().split()[1:]]
    except OSError:
        return 0.0
    idle = fields[3] + fields[4]  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def per_call(before: dict, after: dict, calls: int, seconds: float) -> dict:
    """What the processes did between two samples, per call."""
    calls = max(calls, 1)

    def delta(kind: str) -> dict[str, float]:
        return {k: v - before[kind].get(k, 0) for k, v in after[kind].items()}

    def each(values: dict[str, float]) -> dict[str, float]:
        return {k: round(n / calls, 2) for k, n in sorted(values.items()) if n / calls >= 0.005}

    cpu = delta("cpu")
    others = after["machine_cpu"] - before["machine_cpu"] - sum(cpu.values())
    return {
        "cpu_ms": {role: round(s * 1000 / calls, 3) for role, s in cpu.items()},
        "other_load_cpus": round(max(others, 0.0) / seconds, 2),
        "redis_commands": each({k: v for k, v in delta("redis").items() if k != "info"}),
        "rules_calls": each(delta("rules")),
    }


# --- Redis memory ----------------------------------------------------------------------------


def bench_memory(client: redis.Redis, loadgen, address: str, matches: int, moves: int) -> dict:
    """Redis's `used_memory` growth per match over `matches` matches played to `moves` moves,
    and the median of their stored states (which the chains carry)."""
    say(f"Redis memory: {matches} matches played to {moves} moves each")
    # A few matches first, unmeasured: the orchestrator's pool of Redis connections (whose
    # buffers count in used_memory) is then as large before as after.
    loadgen.apply(play_to_mid_game, (address, CLIENTS, moves))
    before = client.info("memory")["used_memory"]
    match_ids = loadgen.apply(play_to_mid_game, (address, matches, moves))
    per_match = round((client.info("memory")["used_memory"] - before) / len(match_ids))
    states = sorted((client.get(state_key(m)) for m in match_ids), key=len)
    state = states[len(states) // 2]
    say(f"  {per_match:,} bytes per match; median state {len(state):,} bytes")
    return {"matches": len(match_ids), "moves": moves, "bytes_per_match": per_match, "state": state}


# --- The whole run ---------------------------------------------------------------------------


def start_galileo(
    stack: contextlib.ExitStack, redis_url: str, env: dict[str, str] | None = None
) -> tuple[ServiceProcess, ServiceProcess]:
    """A Galileo rules service and an orchestrator of it (testing flag), each stopped on exit;
    `env` is added to both (a PYTHONPATH picks their code)."""
    env = env or {}
    rules = stack.enter_context(start_rules_service(TITLE, env))
    settings = orchestrator_env(
        redis_url,
        {TITLE: rules.address},
        secrets.token_urlsafe(32),
        testing=True,
        gateway_credential=secrets.token_urlsafe(32),
        **{**UNREACHED_LIMITS, **env},
    )
    return rules, stack.enter_context(start_orchestrator(settings))


def floor_request(stored_state: bytes) -> bytes:
    """The floor's payload: an ApplyMoveRequest of a legal move of the first seat to move on
    a state as the orchestrator stores it (a packed Any)."""
    packed = any_pb2.Any.FromString(stored_state)
    state = GAME.codec.decode_state(unpack(packed, GAME.codec.state_message, "state"))
    seat = state.to_move()[0]
    move = pack(GAME.codec.encode_move(state.legal_moves(seat)[0]))
    return rpb.ApplyMoveRequest(state=packed, seat=seat, move=move).SerializeToString()


def start_chains(stack: contextlib.ExitStack, redis_url: str, rules: ServiceProcess) -> dict:
    """The echo chain's A and B and the floor's A (whose B is the rules service)."""

    def start(*args: str) -> ServiceProcess:
        return stack.enter_context(ServiceProcess("bench.echo_chain", list(args)))

    echo_b = start("--role", "b")
    a = ("--role", "a", "--redis-url", redis_url, "--downstream")
    return {
        "echo_b": echo_b,
        "echo_a": start(*a, echo_b.address),
        "floor_a": start(*a, rules.address, "--floor"),
    }


def interleaved(scenarios: list, rounds: int) -> list:
    """`rounds` rounds of the scenarios: each scenario starts a round in turn, and every other
    round runs backwards, so none always runs first or right after the same other one."""
    plan = []
    for r in range(rounds):
        order = scenarios[r % len(scenarios) :] + scenarios[: r % len(scenarios)]
        plan += order[::-1] if r % 2 else order
    return plan


def median_round(results: list[dict]) -> dict:
    """The round with the median rate (the lower middle one of an even count), with every
    round's rate beside it."""
    chosen = sorted(results, key=lambda r: r["per_s"])[(len(results) - 1) // 2]
    return {**chosen, "round_rates": [r["per_s"] for r in results]}


PATH = ("load_generator", "front", "back", "redis")
"""The columns of a call's path: SCENARIOS' roles in order, whatever the scenario."""


def path_cpu(name: str, result: dict) -> dict[str, float]:
    """CPU ms per call of each process on the scenario's path, and of all of them."""
    cpu = {
        column: result["cpu_ms"].get(role, 0.0)
        for column, role in zip(PATH, SCENARIOS[name][1], strict=True)
    }
    return {**cpu, "all": round(sum(cpu.values()), 3)}


def paired(rounds: dict[str, list[dict]], value: Callable[..., float], *names: str) -> float:
    """The median over the rounds of `value` of the named scenarios' results of one round."""
    return round(statistics.median(map(value, *(rounds[n] for n in names))), 3)


def by_rate(rounds: dict[str, list[dict]], name: str, other: str) -> float:
    """`name`'s throughput over `other`'s, paired by round."""
    return paired(rounds, lambda n, o: n["per_s"] / o["per_s"], name, other)


def by_cpu(rounds: dict[str, list[dict]], name: str, other: str) -> float:
    """`other`'s CPU per call of its whole path over `name`'s, paired by round."""
    return paired(
        rounds, lambda n, o: o["path_cpu_ms"]["all"] / n["path_cpu_ms"]["all"], name, other
    )


def pair(rounds: dict[str, list[dict]]) -> dict:
    """SubmitMove (and the baseline's, if any) against the floor, this tree's against the
    baseline's, and the floor against the chain, paired by round: by throughput, by CPU per
    call of the whole path, and per column of the path."""
    baseline = {}
    if rounds.get("baseline"):
        baseline = {
            "baseline_to_floor": by_rate(rounds, "baseline", "floor"),
            "baseline_to_floor_by_cpu": by_cpu(rounds, "baseline", "floor"),
            "submit_to_baseline": by_rate(rounds, "submit", "baseline"),
            "submit_to_baseline_by_cpu": by_cpu(rounds, "submit", "baseline"),
        }
    return {
        "submit_to_floor": by_rate(rounds, "submit", "floor"),
        "submit_to_floor_by_cpu": by_cpu(rounds, "submit", "floor"),
        **baseline,
        "floor_to_chain": by_rate(rounds, "floor", "chain"),
        "beyond_floor_cpu_ms": {
            column: paired(
                rounds,
                lambda s, f, c=column: s["path_cpu_ms"][c] - f["path_cpu_ms"][c],
                "submit",
                "floor",
            )
            for column in (*PATH, "all")
        },
    }


def run(args: argparse.Namespace) -> dict:
    report: dict = {
        "machine": machine(),
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "source": source_version(),
        "settings": {
            "seconds": args.seconds,
            "rounds": args.rounds,
            "clients": CLIENTS,
            "redis_aof": "appendfsync always" if args.aof else "off",
            "baseline": args.baseline,
        },
        "load_average": {"start": [round(v, 2) for v in os.getloadavg()]},
    }
    with contextlib.ExitStack() as stack:
        say("Starting Redis, the Galileo rules service, the orchestrator and the chains")
        server = stack.enter_context(EmbeddedRedis(appendonly=args.aof))
        rules, orchestrator = start_galileo(stack, server.url)
        chains = start_chains(stack, server.url, rules)
        client = stack.enter_context(redis.Redis.from_url(server.url))
        loadgen = stack.enter_context(multiprocessing.get_context("spawn").Pool(1))
        sampler = Sampler.of(server, rules, orchestrator=orchestrator, **chains)
        samplers = dict.fromkeys(("chain", "submit", "floor"), sampler)
        scenarios = [
            ("chain", bench_chain, chains["echo_a"].address),
            ("submit", bench_separate, orchestrator.address),
            ("floor", bench_chain, chains["floor_a"].address),
        ]
        if args.baseline:
            say(f"Checking out {args.baseline} and starting its rules service and orchestrator")
            code = stack.enter_context(checkout(args.baseline))
            # A database of its own, so neither's lobby repair and sweeps meet the other's
            # records (whose format may differ); one server, so both meet its disturbances.
            env = {"PYTHONPATH": str(code)}
            old_rules, old = start_galileo(stack, f"{server.url}?db=1", env=env)
            samplers["baseline"] = Sampler.of(server, old_rules, orchestrator=old)
            scenarios.append(("baseline", bench_separate, old.address))

        memory = bench_memory(client, loadgen, orchestrator.address, args.matches, args.moves)
        state = memory.pop("state")
        report["redis_memory"] = {**memory, "state_bytes": len(state)}
        client.set(STATE_KEY, state)
        client.set(FLOOR_KEY, floor_request(state))

        say(f"{args.rounds} rounds of {', '.join(name for name, *_ in scenarios)}")
        rounds: dict[str, list[dict]] = {name: [] for name, *_ in scenarios}
        for name, bench, address in interleaved(scenarios, args.rounds):
            result = loadgen.apply(bench, (address, args.seconds, samplers[name]))
            result["path_cpu_ms"] = path_cpu(name, result)
            say(
                f"    {result['per_s']:,.0f}/s, p50 {result['p50_ms']:.2f} ms, "
                f"{result['path_cpu_ms']['all']:.2f} CPU ms per call; other load "
                f"{result['other_load_cpus']:.2f} CPUs"
            )
            rounds[name].append(result)
    report["load_average"]["end"] = [round(v, 2) for v in os.getloadavg()]
    report["rounds"] = rounds
    report["scenarios"] = {name: median_round(results) for name, results in rounds.items()}
    report["paired"] = pair(rounds)
    return report


# --- The markdown report -----------------------------------------------------------------------


def fmt(value, digits: int = 2) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def listed(values: dict) -> str:
    return ", ".join(f"{name} {v:g}" for name, v in values.items()) or "—"


def scenario_row(name: str, r: dict, ratio: str, label: str = "") -> list[str]:
    return [
        label or SCENARIOS[name][0],
        f"{r['per_s']:,.0f} ({', '.join(f'{v:,.0f}' for v in r['round_rates'])})",
        ratio,
        fmt(r["p50_ms"]),
        fmt(r["p99_ms"]),
        *(fmt(v, 3) for v in r["path_cpu_ms"].values()),
        listed(r["rules_calls"]) if name != "chain" else "echo 1",
        listed(r["redis_commands"]),
        fmt(r["other_load_cpus"]),
    ]


def markdown(report: dict) -> str:
    m, s, p, mem = report["machine"], report["scenarios"], report["paired"], report["redis_memory"]
    ratio, moves = p["submit_to_floor"], s["submit"]["per_s"]
    beyond = p["beyond_floor_cpu_ms"]
    load = report["load_average"]
    targets = [
        [
            f"SubmitMove ≥ {FLOOR_RATIO_TARGET:g} of the floor's throughput, paired by round",
            f"{ratio:.2f} (by CPU per call: {p['submit_to_floor_by_cpu']:.2f})",
            mark(ratio >= FLOOR_RATIO_TARGET),
        ],
        [
            f"SubmitMove ≥ {MOVES_PER_S_TARGET:,} moves/s",
            f"{moves:,.0f}",
            mark(moves >= MOVES_PER_S_TARGET),
        ],
        [
            f"Redis memory per active match ≤ {MEMORY_TARGET_BYTES // 1024} KiB",
            f"{mem['bytes_per_match'] / 1024:.1f} KiB",
            mark(mem["bytes_per_match"] <= MEMORY_TARGET_BYTES),
        ],
    ]
    rows = [
        scenario_row("chain", s["chain"], f"floor / chain {p['floor_to_chain']:.2f}"),
        scenario_row("floor", s["floor"], "1"),
        scenario_row("submit", s["submit"], f"**{ratio:.2f}**"),
        *baseline_rows(report),
        [
            "SubmitMove − floor",
            "",
            "",
            "",
            "",
            *(fmt(v, 3) for v in beyond.values()),
            "",
            "",
            "",
        ],
    ]
    header = (
        "",
        "calls/s: median (rounds)",
        "vs floor",
        "p50 ms",
        "p99 ms",
        "CPU ms/call: load generator",
        "orchestrator / A",
        "rules / B",
        "Redis",
        "all",
        "rules calls/call",
        "Redis commands/call",
        "other load (CPUs)",
    )
    return "\n".join(
        [
            "# Orchestrator benchmark",
            "",
            f"{report['generated_at']}, code {report['source']}; {m['cpus_usable']} usable CPUs "
            f"({m['cpu_model']}), Python {m['python']}, grpcio {m['grpcio']}. "
            f"{CLIENTS} clients, {report['settings']['rounds']} interleaved rounds of "
            f"{report['settings']['seconds']:g} s, Redis AOF {report['settings']['redis_aof']}; "
            f"load average {', '.join(map(str, load['start']))} at the start, "
            f"{', '.join(map(str, load['end']))} at the end. How it measures and what each "
            "figure means: [bench/README.md](../README.md). Raw numbers: `orchestrator.json`.",
            "",
            *table(("target", "measured", ""), targets),
            "",
            *table(header, rows),
            "",
            f"Redis memory: {mem['matches']} matches played to {mem['moves']} moves; median "
            f"stored state {mem['state_bytes']:,} bytes.",
            "",
            *baseline_summary(report),
        ]
    )


def baseline_rows(report: dict) -> list[list[str]]:
    """The baseline's SubmitMove row, when there is one."""
    baseline, p = report["settings"].get("baseline"), report["paired"]
    if not baseline:
        return []
    ratio = f"{p['baseline_to_floor']:.2f}"
    return [
        scenario_row(
            "baseline", report["scenarios"]["baseline"], ratio, f"SubmitMove at {baseline}"
        )
    ]


def baseline_summary(report: dict) -> list[str]:
    """This tree against the baseline, in one sentence, when there is one."""
    baseline, p = report["settings"].get("baseline"), report["paired"]
    if not baseline:
        return []
    return [
        f"Against {baseline}, paired by round: SubmitMove/s x {p['submit_to_baseline']:.3f}, "
        f"CPU per move of its whole path x {1 / p['submit_to_baseline_by_cpu']:.3f}; against the "
        f"floor {p['baseline_to_floor']:.2f} before (by CPU per call "
        f"{p['baseline_to_floor_by_cpu']:.2f}), {p['submit_to_floor']:.2f} after (by CPU per "
        f"call {p['submit_to_floor_by_cpu']:.2f}). Redis commands per move (each EVALSHA and "
        f"the commands its script ran): {commands(report['scenarios']['baseline']):.1f} before, "
        f"{commands(report['scenarios']['submit']):.1f} after.",
        "",
    ]


def commands(result: dict) -> float:
    return sum(result["redis_commands"].values())


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.orchestrator",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seconds", type=float, default=8.0, help="wall time of each window (default 8)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument(
        "--matches", type=int, default=200, help="matches for the memory figure (default 200)"
    )
    parser.add_argument(
        "--moves", type=int, default=30, help="moves of each of those matches (default 30)"
    )
    parser.add_argument(
        "--no-aof",
        dest="aof",
        action="store_false",
        help="run Redis without AOF (default: AOF with appendfsync always, as deployed)",
    )
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="also run the SubmitMove scenario against the orchestrator of git revision REV",
    )
    add_out_argument(parser, "orchestrator")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    if args.matches < 1 or not 1 <= args.moves < 60:
        parser.error("--matches must be at least 1 and --moves 1 to 59")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    unwind_on_sigterm()
    started = time.perf_counter()
    report = run(args)
    write_report(args.out, "orchestrator", report, markdown(report), time.perf_counter() - started)


if __name__ == "__main__":
    main()
