"""`make bench`: the match orchestrator under load, next to the bare chain it cannot beat.

Starts a private Redis (AOF with `appendfsync always`, as a deployment needs), the Galileo rules
service, two orchestrator replicas, the echo servers of `bench.echo_chain` and the floor's A,
each as its own process. The load generator is one more process (its threads are the
concurrent clients, each with its own connection); this process only starts, samples and
reports.

1. Redis memory per active match: `--matches` 3-player Galileo matches are played to
   `--moves` committed moves (mid-game); INFO `used_memory` before and after, divided by the
   matches, plus MEMORY USAGE of every key of one match. The median state of those matches is
   the payload of the bare chain.
2. SubmitMove through the orchestrator, each scenario for `--seconds` of wall time:
   - separate matches, 1 and 8 clients: each client plays its own match with human seats
     (random legal moves), and creates a new one when it ends. It chooses the seeds and plays
     its games on a local engine before the measurement, so it knows every move ahead: a move
     costs it one SubmitMove, as an echo call costs the bare chain's client one call.
   - one shared match, 8 clients holding all three tokens: each submits for a seat that is to
     move at the version it knows. Only commits count as moves; refusals and conflicts are
     counted by status code.
   - separate matches, 8 clients split over two orchestrator replicas on the same Redis: what
     scaling out adds on this machine (the targets are judged on one replica).
3. The bare chain, 1 and 8 clients: echo client → echo server A (one Redis GET of the state,
   a call to echo server B carrying it, one EVALSHA of a script that SETs a key) → reply. Its
   servers run on one uvloop event loop each, as the orchestrator does, and the targets are
   judged against it. For reference, the same chain on thread-pool servers (16 threads each,
   blocking calls: how the orchestrator ran before it moved to asyncio), 8 clients.
4. The floor, 8 clients: the bare chain with the real rules service as B. Its A reads a real
   ApplyMoveRequest (the median mid-game state, a legal move), calls ApplyMove with it,
   stores the answer with the same EVALSHA and replies with it: the chain's work with real
   messages and nothing of the orchestrator's own. What a move costs beyond a floor call is
   reported per process.

They run in this order: memory; the 1-client scenarios; the judged rounds (the bare chain,
separate matches and the floor, `--rounds` times, interleaved); then the thread-pool chain,
the shared match and the two replicas. Each comparison of the judged scenarios is the median
of their round-by-round comparisons.

At the start and end of every scenario's window the load generator samples the CPU time of each
process, Redis INFO commandstats and the orchestrator's and rules service's metrics, so the
report says what one move costs each of them and where a SubmitMove's time goes.

Writes bench/results/orchestrator.json and bench/results/orchestrator.md, targets marked.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import secrets
import signal
import statistics
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import count
from pathlib import Path

import grpc
import redis
from google.protobuf import any_pb2

from bench.echo_chain import METHOD as ECHO_METHOD
from bench.echo_chain import STATE_KEY
from bench.engine import (
    add_out_argument,
    machine,
    mark,
    open_channel,
    percentile_ms,
    say,
    section,
    timed,
    write_report,
)
from playhall.client import MatchClient, human_seats
from playhall.common.process import (
    ServiceProcess,
    metric_samples,
    orchestrator_env,
    start_orchestrator,
    start_rules_service,
)
from playhall.common.redis_server import EmbeddedRedis
from playhall.core.registry import get_game
from playhall.core.wire import moves_as_any, pack, unpack
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.rules.v1 import rules_service_pb2 as rpb

TITLE = "galileo"
PLAYERS = 3
CLIENT_COUNTS = (1, 8)
SHARED_CLIENTS = 8
WARM_UP_MOVES = 6
SCRIPTED_GAMES = 4
"""Games each client of separate matches plays ahead, then replays in turn."""
ECHO_REQUEST = b"m" * 96
"""What the echo client sends (about a SubmitMoveRequest's size); A echoes it back."""
FLOOR_KEY = "bench:floor:request"
"""The real ApplyMoveRequest the floor's A sends the rules service (`bench.echo_chain`)."""
APPLY_MOVE = "/playhall.rules.v1.RulesService/ApplyMove"
CHAIN_ROLES = ("echo", "floor")
"""Prefixes of the roles of the bare chains' and the floor's processes."""
MOVES_PER_S_TARGET = 800
RATIO_TARGET = 0.75
MEMORY_TARGET_BYTES = 16 * 1024
FINISHED = mpb.MATCH_PHASE_FINISHED
GAME = get_game(TITLE)


# --- The load generator (runs in its own process) --------------------------------------------


@dataclass
class Tally:
    """What one client did in a measurement window: a latency per call, by outcome."""

    creates: int = 0
    commit_s: list[float] = field(default_factory=list)
    """Latency of each SubmitMove that committed (the echo call, for the bare chain)."""
    refused_s: list[float] = field(default_factory=list)
    get_s: list[float] = field(default_factory=list)
    refusals: Counter = field(default_factory=Counter)

    @property
    def moves(self) -> int:
        return len(self.commit_s)

    @property
    def submits(self) -> int:
        return len(self.commit_s) + len(self.refused_s)

    @property
    def gets(self) -> int:
        return len(self.get_s)

    def add(self, other: Tally) -> None:
        self.creates += other.creates
        self.commit_s += other.commit_s
        self.refused_s += other.refused_s
        self.get_s += other.get_s
        self.refusals.update(other.refusals)


class Seats:
    """Where a client stands in one match: the version it knows, the seats to move, and legal
    moves of one seat at that version when an answer gave them."""

    def __init__(self, lobby: MatchClient, match_id: str, tokens, summary: mpb.MatchSummary):
        self.match_id = match_id
        self.clients = {t.seat: lobby.as_seat(t.token) for t in tokens}
        self.known: tuple[int, list] | None = None
        self.learn(summary)

    def learn(self, summary: mpb.MatchSummary, seat: int | None = None, legal=()) -> None:
        self.version = summary.version
        self.to_move = list(summary.status.to_move)
        self.finished = summary.phase == FINISHED
        self.known = (seat, list(legal)) if legal and seat in self.to_move else None

    def choose(self, rng: random.Random, tally: Tally) -> tuple[int, object] | None:
        """A seat to move and a legal move of it, asking GetMatch when no answer told them."""
        if self.known is None:
            seat = rng.choice(self.to_move)
            got = timed(tally.get_s, self.clients[seat].get, self.match_id)
            self.learn(got.match, seat, moves_as_any(got.legal_moves))
            if self.known is None:
                return None
        seat, legal = self.known
        return seat, rng.choice(legal)

    def submit(self, seat: int, move, tally: Tally) -> mpb.SubmitMoveResponse:
        start = time.perf_counter()
        try:
            response = self.clients[seat].submit(self.match_id, move, self.version)
        except grpc.RpcError:
            tally.refused_s.append(time.perf_counter() - start)
            raise
        tally.commit_s.append(time.perf_counter() - start)
        self.learn(response.match, seat, moves_as_any(response.legal_moves))
        return response


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
    """One client playing its own matches, one after another, all seats itself.

    It chooses each seed (the orchestrator runs with its testing flag) and plays its `games` on
    a local engine before it starts (replayed in turn when it needs more), so it knows
    every move ahead: a move costs it exactly one SubmitMove, as an echo call costs the bare
    chain's client one call, and no engine runs in the load generator during a measurement.
    Each answer is checked against the script: the version it names, and the match ending
    exactly with the script's last move."""

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

    def new_match(self, tally: Tally) -> None:
        self.script = self.scripts[self.games % len(self.scripts)]
        created = self.lobby.create(TITLE, human_seats(PLAYERS), seed=self.script.seed)
        self.games += 1
        tally.creates += 1
        self.match_id = created.match.match_id
        self.clients = {t.seat: self.lobby.as_seat(t.token) for t in created.tokens}
        self.version = created.match.version
        self.played = 0

    def step(self, tally: Tally) -> None:
        """Commits one move (creating a match first when the last one ended)."""
        if self.played == len(self.script.moves):
            self.new_match(tally)
        seat, move = self.script.moves[self.played]
        response = timed(
            tally.commit_s, self.clients[seat].submit, self.match_id, move, self.version
        )
        self.played += 1
        if response.version != self.version + 1:
            raise AssertionError(
                f"match {self.match_id}: version {response.version} after {self.version}"
            )
        self.version = response.version
        if (response.match.phase == FINISHED) != (self.played == len(self.script.moves)):
            raise AssertionError(f"match {self.match_id} and its script disagree on its end")

    def warm_up(self) -> None:
        tally = Tally()
        for _ in range(WARM_UP_MOVES):
            self.step(tally)

    def close(self) -> None:
        self.channel.close()


class SharedMatch:
    """The one match every client of the shared scenario plays; renewed when it ends."""

    def __init__(self, address: str):
        self.channel = open_channel(address)
        self.lobby = MatchClient(self.channel)
        self.lock = threading.Lock()
        self.generation = 0
        self._create()

    def _create(self) -> None:
        seed = f"bench-shared:{self.generation}".encode()
        self.created = self.lobby.create(TITLE, human_seats(PLAYERS), seed=seed)

    def current(self) -> tuple[int, mpb.CreateMatchResponse]:
        with self.lock:
            return self.generation, self.created

    def renew(self, generation: int, tally: Tally) -> None:
        """A new match, unless another client already replaced `generation`."""
        with self.lock:
            if self.generation == generation:
                self.generation += 1
                self._create()
                tally.creates += 1

    def close(self) -> None:
        self.channel.close()


class SharedPlayer:
    """One of the clients racing on the shared match."""

    def __init__(self, shared: SharedMatch, address: str, index: int):
        self.shared = shared
        self.channel = open_channel(address)
        self.lobby = MatchClient(self.channel)
        self.rng = random.Random(f"bench-shared:{index}")
        self.generation = -1
        self.match: Seats | None = None

    def step(self, tally: Tally) -> None:
        generation, created = self.shared.current()
        if generation != self.generation:
            self.generation = generation
            self.match = Seats(self.lobby, created.match.match_id, created.tokens, created.match)
        if self.match.finished:
            self.shared.renew(generation, tally)
            return
        chosen = self.match.choose(self.rng, tally)
        if chosen is None:
            return
        try:
            self.match.submit(*chosen, tally)
        except grpc.RpcError as error:
            tally.refusals[error.code().name] += 1
            self.match.known = None

    def warm_up(self) -> None:
        tally = Tally()
        while tally.moves < WARM_UP_MOVES:
            self.step(tally)

    def close(self) -> None:
        self.channel.close()


class EchoCaller:
    """A client of the bare chain."""

    def __init__(self, address: str):
        self.channel = open_channel(address)
        self.call = self.channel.unary_unary(ECHO_METHOD)

    def step(self, tally: Tally) -> None:
        timed(tally.commit_s, self.call, ECHO_REQUEST, 10)

    def warm_up(self) -> None:
        for _ in range(WARM_UP_MOVES * 4):
            self.call(ECHO_REQUEST, timeout=10)

    def close(self) -> None:
        self.channel.close()


def run_clients(
    make_client: Callable[[int], object], clients: int, seconds: float, sampler: Sampler
) -> dict:
    """`clients` threads, each with a client of its own, stepping back to back for `seconds`
    after a warm-up; returns the merged tallies, the window's wall time and the samples of the
    servers' counters at its start and end."""
    window: dict = {}

    def start() -> None:
        window["before"] = sampler.sample()
        window["start"] = time.perf_counter()

    start_together = threading.Barrier(clients, action=start, timeout=120)

    def client(index: int) -> tuple[Tally, float]:
        try:
            player = make_client(index)
        except BaseException:
            start_together.abort()
            raise
        try:
            player.warm_up()
            start_together.wait()
            tally = Tally()
            while time.perf_counter() - window["start"] < seconds:
                player.step(tally)
            return tally, time.perf_counter()
        except BaseException:
            start_together.abort()
            raise
        finally:
            player.close()

    with ThreadPoolExecutor(max_workers=clients) as pool:
        results = list(pool.map(client, range(clients)))
    after = sampler.sample()
    total = Tally()
    for tally, _ in results:
        total.add(tally)
    return {
        "tally": total,
        "elapsed_s": max(end for _, end in results) - window["start"],
        "before": window["before"],
        "after": after,
    }


def latency_ms(samples: list[float]) -> dict:
    if len(samples) < 2:
        return {}
    return {
        "p50_ms": round(percentile_ms(samples, 50), 3),
        "p99_ms": round(percentile_ms(samples, 99), 3),
        "mean_ms": round(statistics.fmean(samples) * 1000, 3),
    }


def summarize(run: dict, clients: int) -> dict:
    tally, elapsed = run["tally"], run["elapsed_s"]
    moves = max(tally.moves, 1)
    calls = tally.submits + tally.gets + tally.creates
    return {
        "clients": clients,
        "seconds": round(elapsed, 2),
        "moves": tally.moves,
        "moves_per_s": round(tally.moves / elapsed, 1),
        **latency_ms(tally.commit_s),
        "submit_calls": tally.submits,
        "get_match_calls": tally.gets,
        "create_match_calls": tally.creates,
        "get_match_per_move": round(tally.gets / moves, 3),
        "client_rpcs_per_move": round(calls / moves, 3),
        "get_match_latency": latency_ms(tally.get_s),
        "refusals": dict(tally.refusals),
        "refused_latency": latency_ms(tally.refused_s),
        **per_move(run["before"], run["after"], tally.moves, elapsed),
    }


def bench_separate(
    addresses: Sequence[str], clients: int, seconds: float, sampler: Sampler
) -> dict:
    """Client i plays through orchestrator replica i mod len(addresses)."""
    replicas = f", {len(addresses)} orchestrator replicas" if len(addresses) > 1 else ""
    say(f"  separate matches, {clients} client(s){replicas}, {seconds:g} s")
    run = run_clients(
        lambda i: SeparatePlayer(addresses[i % len(addresses)], i), clients, seconds, sampler
    )
    return {**summarize(run, clients), "orchestrator_replicas": len(addresses)}


def bench_shared(address: str, clients: int, seconds: float, sampler: Sampler) -> dict:
    say(f"  one shared match, {clients} clients, {seconds:g} s")
    shared = SharedMatch(address)
    try:
        run = run_clients(lambda i: SharedPlayer(shared, address, i), clients, seconds, sampler)
    finally:
        shared.close()
    return summarize(run, clients)


def bench_bare_chain(address: str, clients: int, seconds: float, sampler: Sampler) -> dict:
    say(f"  bare chain, {clients} client(s), {seconds:g} s")
    run = run_clients(lambda i: EchoCaller(address), clients, seconds, sampler)
    summary = summarize(run, clients)
    summary["calls_per_s"] = summary.pop("moves_per_s")
    summary["calls"] = summary.pop("moves")
    return summary


def play_to_mid_game(address: str, matches: int, moves: int, clients: int) -> list[str]:
    """Plays `matches` new matches to `moves` committed moves each; returns their ids."""
    next_match = count()

    def client(index: int) -> list[str]:
        # A game of its own for (nearly) every match: the memory is measured over as many games.
        player = SeparatePlayer(address, index, "bench-memory", games=-(-matches // clients))
        played = []
        tally = Tally()
        try:
            while next(next_match) < matches:
                player.new_match(tally)
                for _ in range(moves):
                    player.step(tally)
                played.append(player.match_id)
        finally:
            player.close()
        return played

    with ThreadPoolExecutor(max_workers=clients) as pool:
        return [match_id for played in pool.map(client, range(clients)) for match_id in played]


# --- Sampling the servers ------------------------------------------------------------------------


@dataclass(frozen=True)
class Sampler:
    """Counters of the processes under measurement, read by the load generator right before
    and after a measurement window."""

    pids: dict[str, tuple[int, ...]]
    """Server process ids by role (the orchestrator role has both replicas: summed)."""
    redis_url: str
    metrics: dict[str, tuple[int, ...]]
    """Prometheus ports by role, summed: the orchestrator replicas and the rules service."""

    @classmethod
    def of(
        cls,
        redis_server: EmbeddedRedis,
        rules: ServiceProcess,
        orchestrators: Sequence[ServiceProcess],
        **others: ServiceProcess,
    ) -> Sampler:
        """A sampler of these processes: Redis, the rules service, the orchestrators (summed as
        one role) and `others` by role."""
        return cls(
            pids={
                "redis": (redis_server.proc.pid,),
                "rules": (rules.proc.pid,),
                "orchestrator": tuple(o.proc.pid for o in orchestrators),
                **{role: (process.proc.pid,) for role, process in others.items()},
            },
            redis_url=redis_server.url,
            metrics={
                "rules": (rules.metrics_port,),
                "orchestrator": tuple(o.metrics_port for o in orchestrators),
            },
        )

    def sample(self) -> dict:
        client = redis.Redis.from_url(self.redis_url)
        try:
            commands = client.info("commandstats")
        finally:
            client.close()
        cpu = {role: sum(cpu_seconds(pid) for pid in pids) for role, pids in self.pids.items()}
        cpu["load_generator"] = time.process_time()
        return {
            "cpu": cpu,
            "machine_cpu": machine_busy_seconds(),
            "redis": {name.removeprefix("cmdstat_"): c["calls"] for name, c in commands.items()},
            **{role: scrape_all(ports) for role, ports in self.metrics.items()},
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


def scrape(port: int) -> dict[str, float]:
    """From a Prometheus endpoint, by `series:method`: RPCs started (`started:<method>`), and
    the time and count of handled RPCs (`handled_s`, `handled_n`) and of the orchestrator's calls
    to rules services (`rules_s`, `rules_n`)."""
    wanted = {
        "grpc_server_started_total": ("started", "grpc_method"),
        "grpc_server_handling_seconds_sum": ("handled_s", "grpc_method"),
        "grpc_server_handling_seconds_count": ("handled_n", "grpc_method"),
        "playhall_rules_call_seconds_sum": ("rules_s", "method"),
        "playhall_rules_call_seconds_count": ("rules_n", "method"),
    }
    values: dict[str, float] = {}
    for sample in metric_samples(port, timeout=5):
        if sample.name in wanted:
            series, label = wanted[sample.name]
            key = f"{series}:{sample.labels.get(label, '')}"
            values[key] = values.get(key, 0.0) + sample.value
    return values


def scrape_all(ports: Sequence[int]) -> dict[str, float]:
    """`scrape` of every endpoint, summed."""
    total: Counter = Counter()
    for port in ports:
        total.update(scrape(port))
    return dict(total)


def per_move(before: dict, after: dict, moves: int, seconds: float) -> dict:
    """What the servers did between two samples, per move."""
    moves = max(moves, 1)

    def delta(kind: str) -> dict[str, float]:
        return {k: v - before[kind].get(k, 0) for k, v in after[kind].items()}

    def mean_ms(values: dict[str, float], series: str) -> dict[str, float]:
        means = {}
        for key, n in values.items():
            if key.startswith(f"{series}_n:") and n:
                method = key.split(":", 1)[1]
                means[method] = round(values[f"{series}_s:{method}"] / n * 1000, 3)
        return means

    def calls(values: dict[str, float]) -> dict[str, float]:
        return {
            key.split(":", 1)[1]: round(n / moves, 2)
            for key, n in values.items()
            if key.startswith("started:") and n
        }

    cpu = delta("cpu")
    orchestrator, rules = delta("orchestrator"), delta("rules")
    others = after["machine_cpu"] - before["machine_cpu"] - sum(cpu.values())
    return {
        "cpu_ms_per_move": {role: round(s * 1000 / moves, 3) for role, s in cpu.items()},
        "cpu_utilisation": {role: round(s / seconds, 2) for role, s in cpu.items()},
        "other_processes_cpu_utilisation": round(max(others, 0.0) / seconds, 2),
        "redis_commands_per_move": {
            name: round(calls / moves, 2)
            for name, calls in sorted(delta("redis").items())
            if calls / moves >= 0.005 and name != "info"
        },
        "orchestrator_calls_per_move": calls(orchestrator),
        "rules_calls_per_move": calls(rules),
        "orchestrator_handling_ms": mean_ms(orchestrator, "handled"),
        "orchestrator_rules_call_ms": mean_ms(orchestrator, "rules"),
        "rules_handling_ms": mean_ms(rules, "handled"),
    }


# --- Redis memory ----------------------------------------------------------------------------


def match_keys(client: redis.Redis, match_id: str) -> dict[str, bytes]:
    """Every key of one match, by kind: the match record, its state, its log, idempotency
    records (prefix `req`), ..."""
    prefix = f"pm:{{{match_id}}}"
    keys = {}
    for key in client.scan_iter(match=prefix + "*", count=1000):
        rest = key.decode()[len(prefix) :].lstrip(":")
        keys[rest or "match"] = key
    return keys


def memory_breakdown(client: redis.Redis, keys: dict[str, bytes]) -> list[dict]:
    """MEMORY USAGE of one match's `keys` (from `match_keys`), by kind."""
    rows: dict[str, dict] = {}
    for name, key in sorted(keys.items()):
        kind = name.split(":", 1)[0]
        row = rows.setdefault(
            kind, {"key": kind, "redis_type": client.type(key).decode(), "count": 0, "bytes": 0}
        )
        row["count"] += 1
        row["bytes"] += client.memory_usage(key, samples=0) or 0
        if kind in ("state", "log"):
            row["length"] = client.strlen(key) if kind == "state" else client.xlen(key)
    return list(rows.values())


def keys_bytes(client: redis.Redis, keys: dict[str, dict[str, bytes]]) -> int:
    """MEMORY USAGE (SAMPLES 0) of every key of these matches (`match_keys` by match), summed."""
    with client.pipeline(transaction=False) as pipe:
        for of_match in keys.values():
            for key in of_match.values():
                pipe.memory_usage(key, samples=0)
        return sum(size or 0 for size in pipe.execute())


def state_sizes(client: redis.Redis, keys: dict[str, dict[str, bytes]]) -> list[tuple[int, str]]:
    """(size of the stored state, match id) of each match, smallest first."""
    return sorted(
        (client.strlen(of_match["state"]), match_id) for match_id, of_match in keys.items()
    )


MEMORY_FIELDS = ("used_memory", "used_memory_dataset", "mem_clients_normal", "mem_aof_buffer")
"""INFO memory fields recorded before and after (the first is the measure)."""


def memory_info(client: redis.Redis) -> dict[str, int]:
    info = client.info("memory")
    return {name: info.get(name, 0) for name in MEMORY_FIELDS}


def bench_memory(client: redis.Redis, loadgen, address: str, matches: int, moves: int) -> dict:
    clients = CLIENT_COUNTS[-1]
    say(f"Redis memory: {matches} matches played to {moves} moves each ({clients} clients)")
    # A few matches first, unmeasured, with as many clients: the orchestrator's pool of Redis
    # connections (whose buffers count in used_memory) is then as large before as after.
    loadgen.apply(play_to_mid_game, (address, clients, moves, clients))
    before = memory_info(client)
    started = time.perf_counter()
    match_ids = loadgen.apply(play_to_mid_game, (address, matches, moves, clients))
    elapsed = time.perf_counter() - started
    after = memory_info(client)
    keys = {match_id: match_keys(client, match_id) for match_id in match_ids}
    sizes = state_sizes(client, keys)
    median_size, median_match = sizes[len(sizes) // 2]
    breakdown = memory_breakdown(client, keys[median_match])
    delta = {name: round((after[name] - before[name]) / len(match_ids)) for name in after}
    per_match = delta["used_memory"]
    say(
        f"  {per_match:,} bytes per match (used_memory delta); "
        f"median state {median_size:,} bytes; {elapsed:.1f} s"
    )
    return {
        "matches": len(match_ids),
        "moves_per_match": moves,
        "info_before": before,
        "info_after": after,
        "bytes_per_match": per_match,
        "info_delta_per_match": delta,
        "keys_bytes_per_match_mean": round(keys_bytes(client, keys) / len(match_ids)),
        "keys_of_one_match": breakdown,
        "keys_bytes_of_one_match": sum(row["bytes"] for row in breakdown),
        "state_bytes_median": median_size,
        "state_bytes_min": sizes[0][0],
        "state_bytes_max": sizes[-1][0],
        "example_match_id": median_match,
        "seconds": round(elapsed, 1),
    }


# --- The whole run ---------------------------------------------------------------------------


def start_orchestrators(
    stack: contextlib.ExitStack,
    redis_url: str,
    replicas: int = 1,
    env: dict[str, str] | None = None,
) -> tuple[ServiceProcess, list[ServiceProcess]]:
    """A Galileo rules service and `replicas` orchestrators of it (testing flag), each stopped
    on exit; `env` is added to both (a PYTHONPATH picks their code)."""
    env = env or {}
    rules = stack.enter_context(start_rules_service(TITLE, env))
    settings = orchestrator_env(
        redis_url, {TITLE: rules.address}, secrets.token_urlsafe(32), testing=True, **env
    )
    return rules, [stack.enter_context(start_orchestrator(settings)) for _ in range(replicas)]


def floor_request(stored_state: bytes) -> bytes:
    """The floor's payload: an ApplyMoveRequest of a legal move of the first seat to move on
    a state as the orchestrator stores it (a packed Any)."""
    packed = any_pb2.Any.FromString(stored_state)
    state = GAME.codec.decode_state(unpack(packed, GAME.codec.state_message, "state"))
    seat = state.to_move()[0]
    move = pack(GAME.codec.encode_move(state.legal_moves(seat)[0]))
    return rpb.ApplyMoveRequest(state=packed, seat=seat, move=move).SerializeToString()


def start_services(stack: contextlib.ExitStack, aof: bool) -> dict:
    """Redis, the rules service, two orchestrator replicas (the second only serves the
    replicas scenario) and the echo chain, each stopped on exit."""
    server = stack.enter_context(EmbeddedRedis(appendonly=aof))
    rules, (orchestrator, replica) = start_orchestrators(stack, server.url, replicas=2)
    services = {"redis": server, "rules": rules, "orchestrator": orchestrator, "replica": replica}
    for model, suffix in (("asyncio", ""), ("threads", "_threads")):
        echo_b = stack.enter_context(
            ServiceProcess("bench.echo_chain", ["--role", "b", "--model", model])
        )
        services[f"echo_a{suffix}"] = stack.enter_context(
            ServiceProcess(
                "bench.echo_chain",
                ["--role", "a", "--model", model, "--downstream", echo_b.address]
                + ["--redis-url", server.url],
            )
        )
        services[f"echo_b{suffix}"] = echo_b
    services["floor_a"] = stack.enter_context(
        ServiceProcess(
            "bench.echo_chain",
            ["--role", "a", "--downstream", rules.address, "--redis-url", server.url]
            + ["--forward-method", APPLY_MOVE, "--payload-key", FLOOR_KEY, "--reply", "answer"],
        )
    )
    say(
        f"  redis pid {server.proc.pid} ({server.url}), rules pid {rules.proc.pid} "
        f"({rules.address}), orchestrator pids {orchestrator.proc.pid} ({orchestrator.address})"
        f" and {replica.proc.pid} ({replica.address}), echo chain pids "
        + ", ".join(
            f"{role} {services[role].proc.pid}" for role in services if role.startswith(CHAIN_ROLES)
        )
    )
    return services


def source_version() -> str:
    """The commit of the code under test, "+changes" when services/ or protos/ differ from it."""
    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--", "services", "protos"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return commit + (" +changes" if changed else "")


def run(args: argparse.Namespace) -> dict:
    report: dict = {
        "machine": machine(),
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "settings": {
            "title": TITLE,
            "players": PLAYERS,
            "seconds": args.seconds,
            "rounds_of_judged_scenarios": args.rounds,
            "memory_matches": args.matches,
            "memory_moves_per_match": args.moves,
            "redis_aof": "appendfsync always" if args.aof else "off",
            "load_average_at_start": [round(v, 2) for v in os.getloadavg()],
            "source": source_version(),
        },
    }
    with contextlib.ExitStack() as stack:
        say("Starting Redis, the Galileo rules service, the orchestrator and the echo chain")
        services = start_services(stack, args.aof)
        client = redis.Redis.from_url(services["redis"].url)
        stack.callback(client.close)
        loadgen = stack.enter_context(multiprocessing.get_context("spawn").Pool(1))
        loadgen.apply(say, ("  load generator process ready",))
        sampler = Sampler.of(
            services["redis"],
            services["rules"],
            (services["orchestrator"], services["replica"]),
            **{role: process for role, process in services.items() if role.startswith(CHAIN_ROLES)},
        )
        orchestrator = services["orchestrator"].address
        replicas = (orchestrator, services["replica"].address)
        echo = services["echo_a"].address
        echo_threads = services["echo_a_threads"].address

        memory = bench_memory(client, loadgen, orchestrator, args.matches, args.moves)
        report["redis_memory"] = memory
        state = client.get(match_keys(client, memory["example_match_id"])["state"])
        client.set(STATE_KEY, state)
        client.set(FLOOR_KEY, floor_request(state))
        floor = services["floor_a"].address

        say("Throughput and latency")
        n = CLIENT_COUNTS[-1]
        judged = [
            (f"bare_chain_{n}", bench_bare_chain, echo, n),
            (f"separate_{n}", bench_separate, (orchestrator,), n),
            (f"floor_{n}", bench_bare_chain, floor, n),
        ]
        plan = [
            ("bare_chain_1", bench_bare_chain, echo, 1),
            ("separate_1", bench_separate, (orchestrator,), 1),
            *interleaved(judged, args.rounds),
            (f"threads_chain_{n}", bench_bare_chain, echo_threads, n),
            (f"shared_{SHARED_CLIENTS}", bench_shared, orchestrator, SHARED_CLIENTS),
            (f"replicas_{n}", bench_separate, replicas, n),
        ]
        rounds: dict[str, list[dict]] = {}
        for name, bench, address, clients in plan:
            result = loadgen.apply(bench, (address, clients, args.seconds, sampler))
            rate = rate_of(result)
            refused = sum(result["refusals"].values())
            say(
                f"    {rate:,.0f}/s committed, p50 {result['p50_ms']:.2f} ms, "
                f"p99 {result['p99_ms']:.2f} ms"
                + (f", {refused:,} refused" if refused else "")
                + f"; other processes on this machine used "
                f"{result['other_processes_cpu_utilisation']:.2f} CPUs"
            )
            add_cpu_bound(name, result, report["machine"]["cpus_usable"])
            rounds.setdefault(name, []).append(result)
        report["scenarios"] = {name: median_round(results) for name, results in rounds.items()}
        # Round i of each judged scenario ran within a minute of the others' round i: the
        # comparisons pair them round by round (`headline`).
        report["judged_rounds"] = {
            name: [
                {
                    "rate": rate_of(r),
                    "cpu_ms_per_move": r["cpu_ms_per_move"],
                    "cpu_ms_per_move_total": r["cpu_ms_per_move_total"],
                }
                for r in rounds[name]
            ]
            for name, *_ in judged
        }
        say("Stopping every process")
    return headline(report)


def interleaved(scenarios: list, rounds: int) -> list:
    """`rounds` rounds of the scenarios: each scenario starts a round in turn, and every other
    round runs backwards, so none always runs first or right after the same other one."""
    plan = []
    for r in range(rounds):
        order = scenarios[r % len(scenarios) :] + scenarios[: r % len(scenarios)]
        plan += order[::-1] if r % 2 else order
    return plan


def rate_of(result: dict) -> float:
    return result.get("moves_per_s", result.get("calls_per_s"))


def median_round(results: list[dict]) -> dict:
    """The round with the median rate (the lower middle one of an even count), with every
    round's rate beside it: other load on a shared machine moves single rounds by several
    per cent, and interleaved rounds meet the same disturbances."""
    chosen = sorted(results, key=rate_of)[(len(results) - 1) // 2]
    return {**chosen, "round_rates": [rate_of(r) for r in results]}


@dataclass(frozen=True)
class Kind:
    """What a scenario measures: its label in the report and the processes its requests go
    through, in the columns' order (client, front server, back server, Redis)."""

    label: str
    roles: tuple[str, ...]

    @property
    def orchestrated(self) -> bool:
        return "orchestrator" in self.roles

    @property
    def uses_rules(self) -> bool:
        return "rules" in self.roles


ORCHESTRATED = ("load_generator", "orchestrator", "rules", "redis")
KINDS = {
    "bare": Kind("bare chain (echo calls)", ("load_generator", "echo_a", "echo_b", "redis")),
    "threads": Kind(
        "bare chain on thread-pool servers (echo calls, reference)",
        ("load_generator", "echo_a_threads", "echo_b_threads", "redis"),
    ),
    "floor": Kind(
        "floor: the bare chain with the real rules service as B (calls)",
        ("load_generator", "floor_a", "rules", "redis"),
    ),
    "separate": Kind("SubmitMove, separate matches", ORCHESTRATED),
    "shared": Kind("SubmitMove, one shared match", ORCHESTRATED),
    "replicas": Kind("SubmitMove, separate matches, 2 orchestrator replicas", ORCHESTRATED),
}


def kind(scenario: str) -> Kind:
    return KINDS[scenario.split("_")[0]]


def add_cpu_bound(scenario: str, result: dict, cpus: int) -> None:
    """The CPU time a move costs all the processes it goes through, and the moves per second
    this machine's CPUs could run at that cost if they did nothing else: a ceiling that other
    load on the machine disturbs far less than the measured rate."""
    total_ms = sum(result["cpu_ms_per_move"].get(role, 0.0) for role in kind(scenario).roles)
    result["cpu_ms_per_move_total"] = round(total_ms, 3)
    result["cpu_bound_ceiling_per_s"] = round(cpus * 1000 / total_ms, 1) if total_ms else None


def paired(report: dict, value: Callable[..., float], *scenarios: str) -> float:
    """The median over the judged rounds of `value` of the scenarios' results of one round."""
    rounds = zip(*(report["judged_rounds"][name] for name in scenarios), strict=True)
    return round(statistics.median(value(*results) for results in rounds), 3)


def headline(report: dict) -> dict:
    """The report's top-level keys and targets, from the scenarios. The comparisons of the
    judged scenarios are medians of round-by-round comparisons."""
    s = report["scenarios"]
    n = CLIENT_COUNTS[-1]
    chain, moves, floor = f"bare_chain_{n}", f"separate_{n}", f"floor_{n}"
    per_match = report["redis_memory"]["bytes_per_match"]

    def rate_ratio(a: dict, b: dict) -> float:
        return a["rate"] / b["rate"]

    def total(r: dict) -> float:
        return r["cpu_ms_per_move_total"]

    top = {
        "moves_per_s_1_client": s["separate_1"]["moves_per_s"],
        f"moves_per_s_{n}_clients": s[moves]["moves_per_s"],
        f"shared_match_moves_per_s_{SHARED_CLIENTS}_clients": s[f"shared_{SHARED_CLIENTS}"][
            "moves_per_s"
        ],
        "bare_chain_per_s_1_client": s["bare_chain_1"]["calls_per_s"],
        f"bare_chain_per_s_{n}_clients": s[chain]["calls_per_s"],
        f"threads_chain_per_s_{n}_clients": s[f"threads_chain_{n}"]["calls_per_s"],
        f"floor_per_s_{n}_clients": s[floor]["calls_per_s"],
        "p50_ms": s[moves]["p50_ms"],
        "p99_ms": s[moves]["p99_ms"],
        f"ratio_to_bare_chain_{n}_clients": paired(report, rate_ratio, moves, chain),
        f"ratio_to_threads_chain_{n}_clients": round(
            s[moves]["moves_per_s"] / s[f"threads_chain_{n}"]["calls_per_s"], 3
        ),
        f"floor_ratio_to_bare_chain_{n}_clients": paired(report, rate_ratio, floor, chain),
        "redis_bytes_per_match": per_match,
        "state_bytes": report["redis_memory"]["state_bytes_median"],
        f"cpu_ms_per_move_{n}_clients": s[moves]["cpu_ms_per_move_total"],
        f"cpu_ms_per_bare_chain_call_{n}_clients": s[chain]["cpu_ms_per_move_total"],
        f"cpu_ms_per_floor_call_{n}_clients": s[floor]["cpu_ms_per_move_total"],
        f"cpu_ratio_to_bare_chain_{n}_clients": paired(
            report, lambda m, c: total(c) / total(m), moves, chain
        ),
        f"cpu_bound_moves_per_s_{n}_clients": s[moves]["cpu_bound_ceiling_per_s"],
        f"moves_per_s_{n}_clients_2_replicas": s[f"replicas_{n}"]["moves_per_s"],
        # What a move costs beyond the floor, per process (the orchestrator against the floor's
        # A), and what the ratio target, judged by CPU cost, would leave for it.
        f"beyond_floor_cpu_ms_per_move_{n}_clients": {
            role: paired(
                report,
                lambda m, f, a=role, b=floor_role: (
                    m["cpu_ms_per_move"][a] - f["cpu_ms_per_move"][b]
                ),
                moves,
                floor,
            )
            for role, floor_role in zip(KINDS["separate"].roles, KINDS["floor"].roles, strict=True)
        },
        f"beyond_floor_cpu_ms_total_{n}_clients": paired(
            report, lambda m, f: total(m) - total(f), moves, floor
        ),
        f"beyond_floor_cpu_ms_budget_{n}_clients": paired(
            report, lambda c, f: total(c) / RATIO_TARGET - total(f), chain, floor
        ),
    }
    ratio = top[f"ratio_to_bare_chain_{n}_clients"]
    top["targets"] = {
        "ratio_to_bare_chain": {
            "target": RATIO_TARGET,
            "value": top[f"ratio_to_bare_chain_{n}_clients"],
            "passed": ratio >= RATIO_TARGET,
        },
        "moves_per_s": {
            "target": MOVES_PER_S_TARGET,
            "value": top[f"moves_per_s_{n}_clients"],
            "passed": top[f"moves_per_s_{n}_clients"] >= MOVES_PER_S_TARGET,
        },
        "redis_bytes_per_match": {
            "target": MEMORY_TARGET_BYTES,
            "value": per_match,
            "passed": per_match <= MEMORY_TARGET_BYTES,
        },
    }
    return {**top, **report}


# --- The markdown report -----------------------------------------------------------------------


def fmt(value, digits: int = 2) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def listed(values: dict, digits: int = 2) -> str:
    return ", ".join(f"{name} {fmt(v, digits)}" for name, v in values.items()) or "—"


def target_rows(report: dict) -> list[list[str]]:
    n, t, mem = CLIENT_COUNTS[-1], report["targets"], report["redis_memory"]
    cpus = report["machine"]["cpus_usable"]
    moves, bare = report[f"moves_per_s_{n}_clients"], report[f"bare_chain_per_s_{n}_clients"]
    return [
        [
            f"≥ {RATIO_TARGET:.0%} of the bare chain's throughput ({n} clients, separate matches)",
            f"{t['ratio_to_bare_chain']['value']:.0%} ({moves:,.0f} moves/s vs "
            f"{bare:,.0f} calls/s, medians; the ratio is the median of each round's); by CPU "
            f"cost {report[f'cpu_ratio_to_bare_chain_{n}_clients']:.0%} "
            f"({report[f'cpu_ms_per_move_{n}_clients']:.2f} ms per move vs "
            f"{report[f'cpu_ms_per_bare_chain_call_{n}_clients']:.2f} ms per call). "
            f"Against the same chain on thread-pool servers: "
            f"{report[f'ratio_to_threads_chain_{n}_clients']:.0%} "
            f"({report[f'threads_chain_per_s_{n}_clients']:,.0f} calls/s). "
            f"The floor, the chain with the real rules service and message sizes but nothing "
            f"of the orchestrator's own, reaches "
            f"{report[f'floor_ratio_to_bare_chain_{n}_clients']:.0%} of the chain "
            f"({report[f'floor_per_s_{n}_clients']:,.0f} calls/s). A move costs "
            f"{report[f'beyond_floor_cpu_ms_total_{n}_clients']:.2f} ms of CPU more than a "
            f"floor call ({listed(report[f'beyond_floor_cpu_ms_per_move_{n}_clients'])}: the "
            f"orchestrator against the floor's A, and the rules service too, which the floor "
            f"asks to apply one fixed move to one fixed state); {RATIO_TARGET:.0%} by CPU cost "
            f"would leave {report[f'beyond_floor_cpu_ms_budget_{n}_clients']:.2f} ms",
            mark(t["ratio_to_bare_chain"]["passed"]),
        ],
        [
            f"≥ {MOVES_PER_S_TARGET:,} moves/s ({n} clients, separate matches)",
            f"{moves:,.0f} moves/s; ceiling at its CPU cost on {cpus} idle CPUs: "
            f"{report[f'cpu_bound_moves_per_s_{n}_clients']:,.0f} moves/s",
            mark(t["moves_per_s"]["passed"]),
        ],
        [
            f"≤ {MEMORY_TARGET_BYTES // 1024} KiB of Redis memory per active match",
            f"{mem['bytes_per_match'] / 1024:,.1f} KiB ({mem['bytes_per_match']:,} bytes)",
            mark(t["redis_bytes_per_match"]["passed"]),
        ],
    ]


def rate_cell(r: dict) -> str:
    """The rate, and every round's rate when there were several (the row is the median)."""
    rates = r.get("round_rates", [])
    rounds = f" (rounds: {', '.join(f'{v:,.0f}' for v in rates)})" if len(rates) > 1 else ""
    return f"{rate_of(r):,.0f}{rounds}"


def scenario_rows(s: dict) -> list[list[str]]:
    rows = []
    for name, r in s.items():
        refusals = ", ".join(f"{code} {n:,}" for code, n in sorted(r["refusals"].items()))
        rows.append(
            [
                kind(name).label,
                str(r["clients"]),
                rate_cell(r),
                fmt(r.get("p50_ms")),
                fmt(r.get("p99_ms")),
                fmt(r["client_rpcs_per_move"]),
                fmt(r["get_match_per_move"]),
                refusals or "—",
                fmt(r["other_processes_cpu_utilisation"]),
            ]
        )
    return rows


def rules_ms_per_submit(r: dict) -> float | None:
    """Time a SubmitMove spends waiting for the rules service: its ApplyMove calls, and the
    GetView calls beyond the one each GetMatch makes. None when SubmitMoves were refused (they
    stop early) or nothing was measured."""
    calls, means = r["rules_calls_per_move"], r["orchestrator_rules_call_ms"]
    submits = r["orchestrator_calls_per_move"].get("SubmitMove", 0.0)
    if r["refusals"] or not submits:
        return None
    getviews = calls.get("GetView", 0.0) - r["orchestrator_calls_per_move"].get("GetMatch", 0.0)
    waited = calls.get("ApplyMove", 0.0) * means.get("ApplyMove", 0.0)
    waited += max(getviews, 0.0) * means.get("GetView", 0.0)
    return waited / submits


def time_rows(s: dict) -> list[list[str]]:
    rows = []
    for name, r in s.items():
        if not kind(name).orchestrated:
            continue
        handled, calls = r["orchestrator_handling_ms"], r["orchestrator_rules_call_ms"]
        submit, rules = handled.get("SubmitMove"), rules_ms_per_submit(r)
        rows.append(
            [
                name,
                fmt(r.get("mean_ms")),
                fmt(submit),
                listed({m: calls[m] for m in ("ApplyMove", "GetView") if m in calls}),
                fmt(rules),
                fmt(submit - rules if submit is not None and rules is not None else None),
                listed({m: v for m, v in r["rules_handling_ms"].items() if m != "GetGameInfo"}, 3),
                fmt(handled.get("GetMatch")),
            ]
        )
    return rows


def cost_rows(s: dict) -> list[list[str]]:
    rows = []
    for name, r in s.items():
        cpu, this = r["cpu_ms_per_move"], kind(name)
        rows.append(
            [
                name,
                *(fmt(cpu.get(role), 3) for role in this.roles),
                fmt(r["cpu_ms_per_move_total"], 3),
                fmt(r["cpu_bound_ceiling_per_s"], 0),
                listed(r["orchestrator_calls_per_move"]) if this.orchestrated else "echo 1",
                # The floor's B is the rules service itself, whose metrics count its calls.
                listed(r["rules_calls_per_move"]) if this.uses_rules else "echo 1",
                listed(r["redis_commands_per_move"]),
            ]
        )
    return rows


def memory_rows(m: dict) -> list[list[str]]:
    rows = [
        [r["key"], r["redis_type"], str(r["count"]), f"{r.get('length', '')}", f"{r['bytes']:,}"]
        for r in m["keys_of_one_match"]
    ]
    delta = m["info_delta_per_match"]
    rows += [
        ["all keys of that match", "", "", "", f"{m['keys_bytes_of_one_match']:,}"],
        [
            f"all keys of a match, mean of the {m['matches']}",
            "",
            "",
            "",
            f"{m['keys_bytes_per_match_mean']:,}",
        ],
        [
            "`used_memory_dataset` delta per match",
            "",
            "",
            "",
            f"{delta['used_memory_dataset']:,}",
        ],
        [
            "**`used_memory` delta per match**",
            "",
            "",
            "",
            f"**{m['bytes_per_match']:,}**",
        ],
    ]
    return rows


INTRO = (
    "Every process runs on this machine and shares its CPUs: a private Redis (AOF {aof}), the "
    "Galileo rules service, two orchestrator replicas (the second serves only the scenario "
    "with two), the two echo servers of the bare chain (asyncio on uvloop, as the orchestrator) "
    "and the two of its reference version on thread pools, the A of the floor (asyncio, with "
    "the rules service as its B), and the load generator (one process; "
    "its threads are the clients, each with its own connection). "
    "3-player Galileo matches with human seats, random legal moves, {seconds:g} s of wall time "
    "per scenario. The two scenarios the targets judge (the bare chain and separate matches, "
    "{clients} clients) and the floor ran {rounds} rounds, interleaved; each row and every "
    "number derived from it is its median round. The load average was {load} at the start. "
    "Code under test: {source}. "
    "Reproduce with `make bench` "
    "(options: `.venv/bin/python -m bench.orchestrator --help`); the raw numbers are in "
    "`orchestrator.json`."
)
THROUGHPUT_ABOUT = (
    "*moves/s*: committed SubmitMoves per second of wall time (calls, for the bare chains and"
    " the floor). *p50/p99*: client-side latency of the committed SubmitMove calls (of the "
    "calls). The *floor* is the bare chain with the real rules service as B: its A reads a "
    "real ApplyMoveRequest (the mid-game state below, a legal move) where the chain's reads "
    "the state, calls ApplyMove with it, stores the answer with the same EVALSHA and answers "
    "with it (about a SubmitMove answer's size): the chain's work with real messages, and "
    "nothing of the orchestrator's own. A client of separate matches chooses each match's "
    "seed (the orchestrator runs with its testing flag) and plays its games on a local engine"
    " before the measurement, so it knows every move ahead and a move costs it one "
    "SubmitMove; each answer is checked for its version and for the match ending exactly with"
    " the game's last move. *RPCs/move* counts every client call (SubmitMove, GetMatch, "
    "CreateMatch, refused SubmitMoves) per committed move. In the shared match the clients "
    "hold all three tokens and submit for a seat to move at the version they last saw, asking"
    " GetMatch for its legal moves when the last answer did not carry them; refused "
    "submissions are listed by status code and not counted as moves. With *2 orchestrator "
    "replicas* the clients of separate matches are split over two orchestrator processes on "
    "the same Redis and rules service (client i uses replica i mod 2): what a second replica "
    "adds on this machine. The targets are judged on one replica, as the bare chain has one "
    "echo A. *Other load*: CPUs used by processes outside this benchmark during the window "
    "(the machine has {cpus}); above a few tenths the numbers are disturbed."
)
TIME_ABOUT = (
    "Mean milliseconds, from the services' own metrics over each window: a SubmitMove as the "
    "client saw it and as the orchestrator handled it (`grpc_server_handling_seconds`); each "
    "call of the orchestrator to the rules service, as it waited for it "
    "(`playhall_rules_call_seconds`); of a SubmitMove, the time waiting for the rules service "
    "(its ApplyMove calls, and any GetView beyond the one of each GetMatch, from the call "
    "counts) and the rest: Redis round trips, its own CPU, waiting for its event loop (neither is "
    "shown for the shared match, whose refused SubmitMoves stop early); the rules service's "
    "own handling time; and a GetMatch at the orchestrator."
)
COST_ABOUT = (
    "CPU milliseconds each process spent per committed move (per call for the bare chains "
    "and the floor), from /proc over each window (the orchestrator column adds both replicas; the "
    "second only sweeps its clocks outside its own scenario); the RPCs the orchestrator and "
    "the rules service received per move (their `grpc_server_started_total`); and the Redis "
    "commands per move (INFO commandstats: commands run inside a Lua script are counted "
    "besides their EVALSHA). "
    "*Ceiling*: the moves per second this machine's {cpus} CPUs could run at that CPU cost if "
    "they did nothing else; other load disturbs it far less than the measured rates."
)
MEMORY_ABOUT = (
    "{matches} new 3-player Galileo matches played to {moves} committed moves each (mid-game;"
    " a game has 60). Per match: the growth of INFO `used_memory` over them, divided by the "
    "matches. The rows: MEMORY USAGE (SAMPLES 0) of every key of one of them (`{example}`, "
    "the one with the median state), by kind (`req` is the hash of idempotency records, a "
    "field per move). Its state is {state:,} bytes (range {low:,} to {high:,}); the bare "
    "chain carries that very state. The two measures need not agree: MEMORY USAGE estimates "
    "each key's allocations, while `used_memory` counts what the allocator holds, the main "
    "and expiry dictionaries' tables and the index entries (lobby, activity); "
    "`used_memory_dataset` leaves out Redis's own overhead (client buffers, AOF buffer, ...)."
    " The orchestrator played a few matches with as many clients before the first sample, so "
    "its pool of Redis connections does not grow in between."
)


def markdown(report: dict) -> str:
    m, s, mem, settings = (
        report["machine"],
        report["scenarios"],
        report["redis_memory"],
        report["settings"],
    )
    intro = [
        "# Orchestrator benchmark",
        "",
        f"Generated {report['generated_at']} on {m['platform']}, {m['cpu_model']}, "
        f"{m['cpus_usable']} usable CPUs; Python {m['python']}, grpcio {m['grpcio']}, "
        f"protobuf {m['protobuf']} ({m['protobuf_backend']} backend).",
        "",
        INTRO.format(
            aof=settings["redis_aof"],
            seconds=settings["seconds"],
            rounds=settings["rounds_of_judged_scenarios"],
            clients=CLIENT_COUNTS[-1],
            load=", ".join(f"{v:g}" for v in settings["load_average_at_start"]),
            source=settings["source"],
        ),
        "",
    ]
    targets = section(
        "Targets",
        "The issue's targets, judged on the rates measured in this run; beside them the same "
        "comparisons by CPU cost per move (see *What a move costs*), which other load on the "
        "machine disturbs less.",
        ("target", "measured", ""),
        target_rows(report),
    )
    throughput = section(
        "Throughput and latency",
        THROUGHPUT_ABOUT.format(cpus=m["cpus_usable"]),
        (
            "scenario",
            "clients",
            "moves/s",
            "p50 ms",
            "p99 ms",
            "RPCs/move",
            "GetMatch/move",
            "refused",
            "other load",
        ),
        scenario_rows(s),
    )
    times = section(
        "Where a SubmitMove's time goes",
        TIME_ABOUT,
        (
            "scenario",
            "client",
            "orchestrator",
            "each rules call",
            "SubmitMove: rules",
            "SubmitMove: rest",
            "rules service handling",
            "GetMatch",
        ),
        time_rows(s),
    )
    cost = section(
        "What a move costs",
        COST_ABOUT.format(cpus=m["cpus_usable"]),
        (
            "scenario",
            "CPU ms: load generator",
            "orchestrator / echo A",
            "rules / echo B",
            "redis",
            "all",
            "ceiling/s",
            "orchestrator RPCs/move",
            "rules RPCs/move",
            "Redis commands/move",
        ),
        cost_rows(s),
    )
    memory = section(
        "Redis memory per active match",
        MEMORY_ABOUT.format(
            matches=mem["matches"],
            moves=mem["moves_per_match"],
            example=mem["example_match_id"],
            state=mem["state_bytes_median"],
            low=mem["state_bytes_min"],
            high=mem["state_bytes_max"],
        ),
        ("key", "type", "keys", "length (bytes / entries)", "bytes"),
        memory_rows(mem),
    )
    return "\n".join(intro + targets + throughput + times + cost + memory)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.orchestrator",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=8.0,
        help="wall time of each throughput scenario (default 8)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=5,
        help="rounds of the two judged scenarios (bare chain and separate matches, 8 clients) "
        "and the floor, interleaved; the report takes the median round of each (default 5)",
    )
    parser.add_argument(
        "--matches",
        type=int,
        default=200,
        help="matches played to mid-game for the memory measurement (default 200)",
    )
    parser.add_argument(
        "--moves",
        type=int,
        default=30,
        help="committed moves of each of those matches (default 30, half a 3-player game)",
    )
    parser.add_argument(
        "--no-aof",
        dest="aof",
        action="store_false",
        help="run Redis without AOF (default: AOF with appendfsync always, as deployed)",
    )
    add_out_argument(parser, "orchestrator")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    if args.matches < 1 or not 1 <= args.moves < 60:
        parser.error("--matches must be at least 1 and --moves 1 to 59")
    return args


def stop_on_sigterm(signum, frame) -> None:
    raise SystemExit(128 + signum)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, stop_on_sigterm)  # unwinds, so every process is stopped
    started = time.perf_counter()
    report = run(args)
    write_report(args.out, "orchestrator", report, markdown(report), time.perf_counter() - started)


if __name__ == "__main__":
    main()
