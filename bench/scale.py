"""Past one machine: moves/s with one and two orchestrator replicas on a single Redis and on a
Redis Cluster, in one run; and what watchers cost one replica (Redis connections, RSS, event
delivery) with 100, 1,000 and 10,000 of them. Writes bench/results/scale.md and .json.

    python -m bench.scale [--seconds 8] [--rounds 2] [--watchers 100 1000 10000]
                          [--spectators 1000 10000] [--only-spectators]

Spectators through one gateway replica are measured by `bench.scale_gateway` (its docstring);
`--only-spectators` measures them alone and keeps the rest of the report as it was.

Processes: a single Redis (AOF, fsync always) and a 3-master cluster with a replica each (AOF
everysec, commits WAIT for one replica), as deployed; the Galileo rules service; orchestrators;
the SubmitMove clients (`bench.orchestrator.SeparatePlayer`, 8 threads of this process, client
i on replica i mod n); the watchers, asyncio streams in a process of their own.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import random
import statistics
import threading
import time
from pathlib import Path

import grpc

from bench.common import (
    RESULTS,
    add_out_argument,
    machine,
    percentile_ms,
    run_window,
    say,
    source_version,
    table,
    unwind_on_sigterm,
    write_report,
)
from bench.orchestrator import CLIENTS, SeparatePlayer
from bench.scale_gateway import run_spectators, section
from dev.process import ServiceProcess, start_rules_service
from dev.redis_server import EmbeddedRedis, EmbeddedRedisCluster
from dev.testbed import Backend, cluster_backend
from playhall.common.brokers import broker_url_of
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.match_client import MatchClient, human_seats
from playhall.orchestrator.settings import Settings as OrchestratorSettings

TITLE = "galileo"
WATCHERS_PER_MATCH = 100
WATCH_MOVES = 6
WATCH_MAX_CONNECTIONS = 16
CLIENT_CHANNELS = 40
"""HTTP/2 connections the watchers share (250 streams each at 10,000)."""
OPEN_BATCH = 500
OPEN_PAUSE_S = 0.5
"""Watchers open in batches of OPEN_BATCH, OPEN_PAUSE_S apart (as viewers arrive, not all in
one instant)."""
PROBE_PAUSE_S = 0.02
"""The pause between two moves of the probe on the watched replica (about 40 moves/s)."""


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def connections(backend: Backend, pid: int) -> int:
    """Redis connections of the orchestrator `pid` (its connections are named by pid)."""
    name = f"playhall-orchestrator-{pid}"
    nodes = [n.client() for n in backend.cluster.nodes] if backend.cluster else [backend.client()]
    return sum(1 for node in nodes for c in node.client_list() if c.get("name") == name)


# -- moves/s ---------------------------------------------------------------------------------


def moves_per_s(replicas: list[ServiceProcess], seconds: float) -> dict:
    addresses = [r.address for r in replicas]
    label = f"scale{random.random()}"
    calls, elapsed = run_window(
        CLIENTS, seconds, lambda i: SeparatePlayer(addresses[i % len(addresses)], i, label)
    )
    return {
        "per_s": round(len(calls) / elapsed, 1),
        "p50_ms": round(percentile_ms(calls, 50), 2),
        "p99_ms": round(percentile_ms(calls, 99), 2),
    }


# -- watchers --------------------------------------------------------------------------------


def watch_process(address: str, match_ids: list[str], per_match: int, ready, results) -> None:
    """In a process of its own: `per_match` streams of each match; puts the count once all are
    open, then (delivery latencies in ms, streams whose versions were not 0..end in order)."""

    async def main():
        channels = [grpc.aio.insecure_channel(address) for _ in range(CLIENT_CHANNELS)]
        opened = 0
        latencies: list[float] = []
        bad = 0
        failed: dict[str, int] = {}

        async def one(number: int, match_id: str) -> None:
            nonlocal opened, bad
            await asyncio.sleep(number // OPEN_BATCH * OPEN_PAUSE_S)
            stub = match_service_pb2_grpc.MatchServiceStub(channels[number % len(channels)])
            call = stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id), timeout=600)
            try:
                await call.initial_metadata()
            finally:
                opened += 1
                if opened == len(match_ids) * per_match:
                    ready.put(opened)
            versions = []
            try:
                async for response in call:
                    versions.append(response.change.version)
                    if response.change.version > 0:
                        latencies.append(time.time() * 1000 - response.change.committed_unix_ms)
            except grpc.RpcError as error:
                key = f"{error.code().name} after {len(versions)} events"
                failed[key] = failed.get(key, 0) + 1
                return
            if versions != list(range(len(versions))) or not versions:
                bad += 1

        plans = [(n, m) for n, m in enumerate(m for m in match_ids for _ in range(per_match))]
        await asyncio.gather(*(one(n, m) for n, m in plans))
        for channel in channels:
            await channel.close()
        return latencies, bad, failed

    results.put(asyncio.run(main()))


class MoveProbe:
    """SubmitMoves on the watched replica itself, one every PROBE_PAUSE_S, in a thread, while
    the watchers open (and some are refused) and while they are fed: each phase's latencies."""

    def __init__(self, address: str):
        self.player = SeparatePlayer(address, 0, f"probe{random.random()}")
        self.phases: dict[str, list[float]] = {"opening": [], "delivering": []}
        self.phase = "opening"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="move probe", daemon=True)

    def __enter__(self) -> MoveProbe:
        self.player.warm_up()
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(PROBE_PAUSE_S):
            self.player.step(self.phases[self.phase])

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(30)
        self.player.close()

    def summary(self) -> dict:
        return {
            phase: {
                "moves": len(latencies),
                "p50_ms": round(percentile_ms(latencies, 50), 2) if latencies else None,
                "p99_ms": round(percentile_ms(latencies, 99), 2) if latencies else None,
            }
            for phase, latencies in self.phases.items()
        }


def bench_watchers(
    backend: Backend, rules: ServiceProcess, count: int, limit: int | None = None
) -> dict:
    """`count` watchers of one replica whose limit of streams is `limit` (None: its default);
    moves through another replica, and a probe's moves through the watched one meanwhile."""
    matches = max(count // WATCHERS_PER_MATCH, 1)
    per_match = count // matches
    limits = {"PLAYHALL_MAX_WATCH_STREAMS": str(limit)} if limit else {}
    with (
        backend.start_orchestrator(
            rules.address,
            PLAYHALL_TESTING="1",
            PLAYHALL_REDIS_MAX_CONNECTIONS=str(WATCH_MAX_CONNECTIONS),
            PLAYHALL_MAX_ANONYMOUS_WATCH_STREAMS_PER_ADDRESS=str(count),
            **limits,
        ) as watched,
        backend.start_orchestrator(rules.address) as mover,
        grpc.insecure_channel(mover.address) as channel,
        MoveProbe(watched.address) as probe,
    ):
        lobby = MatchClient(channel, timeout_s=10)
        games = []
        for _ in range(matches):
            created = lobby.create(TITLE, human_seats(2))
            games.append(
                (created.match.match_id, {t.seat: lobby.as_seat(t.token) for t in created.tokens})
            )
        idle_rss = rss_kib(watched.proc.pid)
        context = multiprocessing.get_context("spawn")
        ready, results = context.Queue(), context.Queue()
        watchers = context.Process(
            target=watch_process,
            args=(watched.address, [m for m, _ in games], per_match, ready, results),
        )
        watchers.start()
        ready.get(timeout=600)
        probe.phase = "delivering"
        time.sleep(1)
        open_rss = rss_kib(watched.proc.pid)
        peak = connections(backend, watched.proc.pid)
        rng = random.Random(count)
        # WATCH_MOVES moves per match, spread over the matches, then each ends (a resignation).
        for _ in range(WATCH_MOVES):
            for match_id, seats in games:
                summary = seats[0].get(match_id, omit_legal_moves=True).match
                seat = rng.choice(list(summary.status.to_move))
                seen = seats[seat].get(match_id)
                seats[seat].submit(
                    match_id, rng.choice(list(moves_as_any(seen.legal_moves))), seen.match.version
                )
                time.sleep(0.005)
            peak = max(peak, connections(backend, watched.proc.pid))
        for match_id, seats in games:
            seats[0].resign(match_id)
        latencies, bad, failed = results.get(timeout=600)
        watchers.join(30)
        problems = [line for line in watched.log_lines if '"level": "info"' not in line][-5:]
    return {
        "watchers": count,
        "limit": limit or default_watch_limit(),
        "matches": matches,
        "events_delivered": len(latencies),
        "streams_out_of_order": bad,
        "streams_failed": failed,
        "watched_log_problems": problems,
        "redis_connections_peak": peak,
        "rss_idle_mib": round(idle_rss / 1024, 1),
        "rss_watching_mib": round(open_rss / 1024, 1),
        "rss_per_1000_watchers_mib": round((open_rss - idle_rss) / 1024 / count * 1000, 1),
        "delivery_p50_ms": round(statistics.median(latencies), 1),
        "delivery_p99_ms": round(statistics.quantiles(latencies, n=100)[98], 1),
        "probe_moves": probe.summary(),
    }


# -- the run ---------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> dict:
    report: dict = {"machine": machine(), "source": source_version(), "seconds": args.seconds}
    with contextlib.ExitStack() as stack:
        single = stack.enter_context(EmbeddedRedis(appendonly=True))
        say("starting a 3-master cluster with a replica each")
        cluster = stack.enter_context(EmbeddedRedisCluster())
        rules = stack.enter_context(start_rules_service(TITLE))
        backends = {
            "single Redis": Backend("redis", single.url),
            "Redis Cluster (WAIT 1)": cluster_backend(cluster, broker_url_of(single.url)),
        }
        fleets = {}
        for name, backend in backends.items():
            fleets[name] = [
                stack.enter_context(backend.start_orchestrator(rules.address, PLAYHALL_TESTING="1"))
                for _ in range(2 if args.rounds else 0)
            ]
        if not args.rounds:
            carry_moves_over(report, args.out / "scale.json")
        rounds: dict[str, list[dict]] = report.get("moves", {})
        for number in range(args.rounds):
            order = [(n, k) for n in backends for k in (1, 2)]
            for name, replicas in order if number % 2 == 0 else reversed(order):
                say(f"  round {number + 1}: {name}, {replicas} replica(s), {args.seconds:g} s")
                rounds.setdefault(f"{name}|{replicas}", []).append(
                    moves_per_s(fleets[name][:replicas], args.seconds)
                )
        report["moves"] = rounds
        for replicas in fleets.values():
            for process in replicas:
                process.terminate()
        report["watchers"] = []
        for count in args.watchers:
            say(f"  {count} watchers on one replica (cluster)")
            report["watchers"].append(
                bench_watchers(backends["Redis Cluster (WAIT 1)"], rules, count, args.watch_limit)
            )
    report["spectators"] = run_spectators(args.spectators)
    return report


def carry_moves_over(report: dict, previous: Path) -> None:
    """`--rounds 0`: the moves/s section of the last report, named by its own source."""
    last = json.loads(previous.read_text())
    report["moves"] = last["moves"]
    report["seconds"] = last["seconds"]
    report["moves_source"] = last.get("moves_source", last["source"])


def markdown(report: dict) -> str:
    lines = [
        "# Scaling out: replicas, the Redis Cluster, watchers",
        "",
        f"`python -m bench.scale`, source {report['source']}, on {report['machine']['cpu_model']}"
        f" ({report['machine']['cpus_usable']} cores, shared with other work). Method:"
        " `bench/README.md`.",
        "",
        f"## SubmitMove, {CLIENTS} clients on separate matches ({report['seconds']:g} s windows,"
        " rounds interleaved)",
        "",
    ]
    if report.get("moves_source"):
        lines += [f"(From the run of source {report['moves_source']}.)", ""]
    rows = []
    for name in ("single Redis", "Redis Cluster (WAIT 1)"):
        one = report["moves"][f"{name}|1"]
        two = report["moves"][f"{name}|2"]
        m1 = statistics.median(r["per_s"] for r in one)
        m2 = statistics.median(r["per_s"] for r in two)
        ratio = statistics.median(b["per_s"] / a["per_s"] for a, b in zip(one, two, strict=True))
        rows.append(
            [
                name,
                f"{m1:,.0f} ({', '.join(str(r['per_s']) for r in one)})",
                f"{m2:,.0f} ({', '.join(str(r['per_s']) for r in two)})",
                f"{ratio:.2f}",
                f"{statistics.median(r['p99_ms'] for r in one):.1f} / "
                f"{statistics.median(r['p99_ms'] for r in two):.1f}",
            ]
        )
    single_1 = statistics.median(r["per_s"] for r in report["moves"]["single Redis|1"])
    cluster_1 = statistics.median(r["per_s"] for r in report["moves"]["Redis Cluster (WAIT 1)|1"])
    lines += table(
        ["storage", "1 replica moves/s (rounds)", "2 replicas moves/s", "2 / 1", "p99 ms 1 / 2"],
        rows,
    )
    lines += [
        "",
        f"Cluster over single Redis, 1 replica: {cluster_1 / single_1:.2f}.",
        "",
        "## Watchers per orchestrator replica directly (cluster)",
        "",
        f"Watchers open {OPEN_BATCH} every {OPEN_PAUSE_S:g} s; another replica commits the"
        f" matches' moves; a probe commits a move on the watched replica every"
        f" {PROBE_PAUSE_S * 1000:g} ms meanwhile (its p50 / p99 while the watchers open, and"
        " while they are fed).",
        "",
    ]
    lines += table(
        [
            "watchers",
            "limit",
            "served",
            "refused / failed",
            "events",
            "out of order",
            "Redis conns (peak)",
            "RSS idle → watching MiB",
            "delivery p50 / p99 ms",
            "probe moves ms: opening; fed",
        ],
        [watcher_row(w) for w in report["watchers"]],
    )
    if "spectators" in report:
        lines += section(report["spectators"])
    return "\n".join(lines) + "\n"


def default_watch_limit() -> int:
    return OrchestratorSettings.__dataclass_fields__["max_watch_streams"].default


def limit_shown(w: dict) -> str:
    """The watched replica's PLAYHALL_MAX_WATCH_STREAMS, its default marked."""
    limit = w.get("limit", w["watchers"])
    return f"{limit:,}" + (" (default)" if limit == default_watch_limit() else "")


def watcher_row(w: dict) -> list[str]:
    failed = sum(w["streams_failed"].values())
    probe = w.get("probe_moves", {})
    return [
        f"{w['watchers']:,}",
        limit_shown(w),
        f"{w['watchers'] - failed:,}",
        ", ".join(f"{n:,} {k}" for k, n in w["streams_failed"].items()) or "0",
        f"{w['events_delivered']:,}",
        str(w["streams_out_of_order"]),
        str(w["redis_connections_peak"]),
        f"{w['rss_idle_mib']} → {w['rss_watching_mib']}",
        f"{w['delivery_p50_ms']} / {w['delivery_p99_ms']}",
        "; ".join(
            f"{p['p50_ms']} / {p['p99_ms']} ({p['moves']})" for p in probe.values() if p["moves"]
        ),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument(
        "--rounds", type=int, default=2, help="0: keep the last report's moves/s section"
    )
    parser.add_argument("--watchers", type=int, nargs="+", default=[100, 1_000, 10_000])
    parser.add_argument(
        "--watch-limit",
        type=int,
        default=None,
        help="PLAYHALL_MAX_WATCH_STREAMS of the watched replica (default: its own default)",
    )
    parser.add_argument("--spectators", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--only-spectators", action="store_true")
    add_out_argument(parser, "scale")
    args = parser.parse_args(argv)
    unwind_on_sigterm()
    started = time.monotonic()
    if args.only_spectators:
        report = json.loads((RESULTS / "scale.json").read_text())
        report["spectators"] = run_spectators(args.spectators)
    else:
        report = run(args)
    write_report(args.out, "scale", report, markdown(report), time.monotonic() - started)


if __name__ == "__main__":
    main()
