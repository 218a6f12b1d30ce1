"""Spectators through one gateway replica: the browsers watching 10 matches share one upstream
WatchMatch per match (`gateway/fanout.py`), so the orchestrator serves 10 streams however many
browsers watch. For each number of spectators (none first, as the baseline of the moves): the
upstream streams the orchestrator then serves, the delivery latency, what was refused and with
which status, and the moves' p50/p99 meanwhile. Adds its section to bench/results/scale.md and
its numbers to scale.json under "spectators": part of `python -m bench.scale`, or alone
(the other sections as the last run left them):

    python -m bench.scale --only-spectators [--spectators 1000 10000]

Processes: a single Redis (AOF), the Galileo rules service, one orchestrator, one gateway
replica (its per-address stream cap and rate limits raised: every browser comes from
127.0.0.1), and the browsers: asyncio Connect clients (`connectrpc`, one HTTP/1.1 connection
each) in a process of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import queue
import random
import re
import statistics
import time
from pathlib import Path

import grpc
import uvloop
from connectrpc.errors import ConnectError

from bench.common import (
    percentile_ms,
    say,
    source_version,
    table,
)
from dev.process import (
    ServiceProcess,
    metric_samples,
    orchestrator_env,
    start_gateway,
    start_orchestrator,
    start_rules_service,
)
from dev.redis_server import EmbeddedRedis
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1.match_service_connect import MatchServiceClient
from playhall.match_client import MatchClient, human_seats

TITLE = "galileo"
MATCHES = 10
ROUNDS = 8
"""Rounds of moves per run: one move in each match per round."""
MOVE_PAUSE_S = 0.05
"""Between two moves: about 20 moves/s over the 10 matches (2 a second in each, a fast game)."""
SLOW_PAUSE_S = 0.5
"""The pace of the last run, the most spectators again: 2 moves/s over the 10 matches."""
OPEN_BATCH = 500
OPEN_PAUSE_S = 0.5
"""Browsers open in batches of OPEN_BATCH, OPEN_PAUSE_S apart (as viewers arrive)."""
OPEN_WAIT_S = 120.0
"""How long all browsers may take to get their first change, beyond their arrival."""
GATEWAY_ENV = {
    "PLAYHALL_MAX_WATCH_STREAMS_PER_ADDRESS": "100000",
    "PLAYHALL_RATE_PER_ADDRESS": "100000",
    "PLAYHALL_RATE_BURST": "100000",
    "PLAYHALL_GATEWAY_CREDENTIAL": "bench-gateway",
}


def cpu_s(pid: int) -> float:
    """The CPU seconds (user + system) process `pid` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def without_url(message: str) -> str:
    """A client error's message without the request's URL (the same for every browser)."""
    return re.sub(r" ?(for url )?\(http[^)]*\)", "", message)[:160]


def gauge(process: ServiceProcess, name: str, **labels: str) -> float:
    return sum(
        s.value
        for s in metric_samples(process.metrics_port)
        if s.name == name and all(s.labels.get(k) == v for k, v in labels.items())
    )


# -- the browsers ----------------------------------------------------------------------------


def browsers_process(url: str, match_ids: list[str], per_match: int, ready, results) -> None:
    """In a process of its own: `per_match` spectators of each match. Puts how many opened (got
    version 0) and failed once all are one or the other, then what they saw."""
    outcome: dict = {"latencies_ms": [], "out_of_order": 0, "refused": {}, "complete": 0}
    receipts = [float("inf"), 0.0]
    """The first and the last receipt of a move's change (Unix seconds)."""
    settled = 0

    async def one(client: MatchServiceClient, number: int, match_id: str) -> None:
        nonlocal settled
        await asyncio.sleep(number // OPEN_BATCH * OPEN_PAUSE_S)
        versions: list[int] = []
        try:
            async for response in client.watch_match(pb.WatchMatchRequest(match_id=match_id)):
                if not versions:
                    settled += 1
                    if settled == len(match_ids) * per_match:
                        ready.put(settled)
                change = response.change
                versions.append(change.version)
                if change.version > 0:
                    now = time.time()
                    receipts[:] = [min(receipts[0], now), max(receipts[1], now)]
                    outcome["latencies_ms"].append(now * 1000 - change.committed_unix_ms)
        except ConnectError as error:
            key = f"{error.code.name} after {len(versions)} changes: {without_url(error.message)}"
            outcome["refused"][key] = outcome["refused"].get(key, 0) + 1
            if not versions:
                settled += 1
                if settled == len(match_ids) * per_match:
                    ready.put(settled)
            return
        if versions == list(range(len(versions))):
            outcome["complete"] += 1
        else:
            outcome["out_of_order"] += 1

    async def main() -> dict:
        async with MatchServiceClient(url, timeout_ms=900_000) as client:
            plans = [m for m in match_ids for _ in range(per_match)]
            ends = await asyncio.gather(
                *(one(client, n, m) for n, m in enumerate(plans)), return_exceptions=True
            )
        for end in ends:
            if isinstance(end, BaseException):  # the client failed, not a status: say which
                key = f"{type(end).__name__}: {without_url(str(end))}"
                outcome["refused"][key] = outcome["refused"].get(key, 0) + 1
        outcome["receipts_s"] = max(receipts[1] - receipts[0], 0.0)
        outcome["cpu_s"] = time.process_time()
        return outcome

    results.put(uvloop.run(main()))


# -- one run ---------------------------------------------------------------------------------


def play_round(
    games: list[tuple[str, dict[int, MatchClient]]], rng, pause_s: float, latencies: list[float]
):
    for match_id, seats in games:
        summary = seats[0].get(match_id, omit_legal_moves=True).match
        seat = rng.choice(list(summary.status.to_move))
        seen = seats[seat].get(match_id)
        move = rng.choice(list(moves_as_any(seen.legal_moves)))
        started = time.perf_counter()
        seats[seat].submit(match_id, move, seen.match.version)
        latencies.append(time.perf_counter() - started)
        time.sleep(pause_s)


def bench_spectators(
    orchestrator: ServiceProcess,
    gateway: ServiceProcess,
    lobby: MatchClient,
    count: int,
    pause_s: float,
) -> dict:
    """`count` spectators (count // MATCHES of each match) through `gateway` while ROUNDS
    rounds of moves are played, `pause_s` apart."""
    games = []
    for _ in range(MATCHES):
        created = lobby.create(TITLE, human_seats(2))
        seats = {t.seat: lobby.as_seat(t.token) for t in created.tokens}
        games.append((created.match.match_id, seats))
    per_match = count // MATCHES
    context = multiprocessing.get_context("spawn")
    ready, results = context.Queue(), context.Queue()
    browsers = None
    opened_s = 0.0
    if per_match:
        browsers = context.Process(
            target=browsers_process,
            args=(
                f"http://127.0.0.1:{gateway.port}",
                [m for m, _ in games],
                per_match,
                ready,
                results,
            ),
        )
        started = time.monotonic()
        browsers.start()
        # Every browser's first change (or refusal), or as many as came within the time.
        with contextlib.suppress(queue.Empty):
            ready.get(timeout=OPEN_WAIT_S + count / OPEN_BATCH * OPEN_PAUSE_S)
        opened_s = time.monotonic() - started
    watching = {
        "orchestrator_streams": gauge(orchestrator, "playhall_watch_streams"),
        "gateway_streams": gauge(gateway, "playhall_gateway_watch_streams"),
        "shared_upstreams": gauge(gateway, "playhall_gateway_watch_upstreams", kind="shared"),
        "gateway_rss_mib": rss_mib(gateway.proc.pid),
    }
    cpu_before = cpu_s(gateway.proc.pid)
    moves: list[float] = []
    rng = random.Random(count)
    for _ in range(ROUNDS):
        play_round(games, rng, pause_s, moves)
    for match_id, seats in games:
        seats[0].resign(match_id)
    outcome: dict = {"latencies_ms": [], "out_of_order": 0, "refused": {}, "complete": 0}
    if browsers is not None:
        outcome = results.get(timeout=900)
        browsers.join(30)
    latencies = outcome["latencies_ms"]
    gateway_cpu = cpu_s(gateway.proc.pid) - cpu_before
    settle = time.monotonic() + 60
    while gauge(gateway, "playhall_gateway_watch_streams") and time.monotonic() < settle:
        time.sleep(0.2)  # the next run starts once this one's browsers are gone
    return {
        "spectators": count,
        "matches": MATCHES,
        "open_s": round(opened_s, 1),
        **watching,
        "move_pause_s": pause_s,
        "gateway_cpu_s": round(gateway_cpu, 1),
        "browsers_cpu_s": round(outcome.get("cpu_s", 0.0), 1),
        "deliveries_per_s": round(len(latencies) / outcome["receipts_s"])
        if outcome.get("receipts_s")
        else None,
        "streams_complete": outcome["complete"],
        "streams_out_of_order": outcome["out_of_order"],
        "refused": outcome["refused"],
        "changes_delivered": len(latencies),
        "delivery_p50_ms": round(statistics.median(latencies), 1) if latencies else None,
        "delivery_p99_ms": round(statistics.quantiles(latencies, n=100)[98], 1)
        if len(latencies) > 1
        else None,
        "moves": len(moves),
        "move_p50_ms": round(percentile_ms(moves, 50), 1),
        "move_p99_ms": round(percentile_ms(moves, 99), 1),
    }


def run_spectators(counts: list[int]) -> dict:
    """Every count in one run, on the same processes, the baseline without spectators first."""
    runs = []
    with contextlib.ExitStack() as stack:
        redis = stack.enter_context(EmbeddedRedis(appendonly=True))
        rules = stack.enter_context(start_rules_service(TITLE))
        env = orchestrator_env(
            redis.url,
            {TITLE: rules.address},
            "bench-worker",
            testing=True,
            gateway_credential=GATEWAY_ENV["PLAYHALL_GATEWAY_CREDENTIAL"],
        )
        orchestrator = stack.enter_context(start_orchestrator(env))
        gateway = stack.enter_context(start_gateway(orchestrator.address, GATEWAY_ENV))
        channel = stack.enter_context(grpc.insecure_channel(orchestrator.address))
        lobby = MatchClient(channel, timeout_s=30)
        plans = [
            (0, MOVE_PAUSE_S),
            *((c, MOVE_PAUSE_S) for c in counts),
            (max(counts), SLOW_PAUSE_S),
        ]
        for count, pause_s in plans:
            say(
                f"  {count} spectators of {MATCHES} matches through one gateway,"
                f" moves {pause_s:g} s apart"
            )
            runs.append(bench_spectators(orchestrator, gateway, lobby, count, pause_s))
    return {
        "rounds": ROUNDS,
        "source": source_version(),
        "runs": runs,
    }


# -- the report ------------------------------------------------------------------------------


def section(spectators: dict) -> list[str]:
    """The gateway section of scale.md."""
    runs = spectators["runs"]
    lines = [
        "",
        f"## Spectators of {MATCHES} matches through one gateway replica",
        "",
        f"`python -m bench.scale --only-spectators`, source {spectators['source']}."
        f" {spectators['rounds']} rounds of one move in each match"
        f" ({MATCHES * spectators['rounds']} moves, straight to the orchestrator, a pause"
        " between two), then a resignation ends each match; the first row has no spectators"
        " (the moves' baseline), the last has the most again at a tenth of the pace. Upstream"
        " streams: the orchestrator's `playhall_watch_streams` once every browser had its first"
        " change. Delivery: receipt minus commit time of every move's change at every browser;"
        " deliveries/s: their number over the time from the first to the last. CPU seconds:"
        " the gateway's from the first move to the last delivery, the browsers' process's over"
        " its life (opening included).",
        "",
    ]
    rows = []
    for r in runs:
        refused = ", ".join(f"{n} {why}" for why, n in r["refused"].items()) or "none"
        delivery = "—"
        if r["delivery_p50_ms"] is not None:
            delivery = f"{r['delivery_p50_ms']} / {r['delivery_p99_ms']}"
        complete = f"{r['streams_complete']:,}"
        if r["streams_out_of_order"]:
            complete += f" ({r['streams_out_of_order']} out of order)"
        rows.append(
            [
                f"{r['spectators']:,}",
                f"{1 / r['move_pause_s']:g}",
                f"{r['orchestrator_streams']:g}",
                complete,
                f"{r['changes_delivered']:,}",
                delivery,
                f"{r['deliveries_per_s'] or 0:,}",
                refused,
                f"{r['move_p50_ms']} / {r['move_p99_ms']}",
                f"{r['gateway_cpu_s']} / {r['browsers_cpu_s']}",
                f"{r['gateway_rss_mib']}",
                f"{r['open_s']}",
            ]
        )
    lines += table(
        [
            "spectators",
            "moves/s (about)",
            "upstream streams",
            "streams complete",
            "changes delivered",
            "delivery p50 / p99 ms",
            "deliveries/s",
            "refused (status)",
            "moves p50 / p99 ms",
            "CPU s gateway / browsers",
            "gateway RSS MiB",
            "opening s",
        ],
        rows,
    )
    return lines
