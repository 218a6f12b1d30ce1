"""Where the orchestrator's CPU goes under the SubmitMove scenario of `bench.orchestrator`.

Starts a private Redis (AOF, `appendfsync always`), the Galileo rules service and an
orchestrator with a profiler (`bench.profiled_orchestrator`), each its own process; one load
generator process plays the SubmitMove scenario (8 clients on separate matches) for `--seconds`,
with the profiler on from just before the clients start to just after they end (SIGUSR1,
SIGUSR2). The report gives the share of the profiled time by where the code lives (Playhall's,
redis-py, grpc, protobuf, asyncio and uvloop, Prometheus, the rest) and the functions with the
most time of their own.

cProfile costs a lot per Python call (moves run about three times slower under it), so small
Python functions weigh more in it than they do unprofiled: read the shares as where to look,
and judge a change by `bench.orchestrator`'s CPU per move. Writes bench/results/profile.md and
profile.json (and keeps the raw profile with `--keep PATH`, for `python -m pstats`).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import pstats
import secrets
import signal
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from bench.common import add_out_argument, machine, say, source_version, table, write_report
from bench.orchestrator import TITLE, UNREACHED_LIMITS, Sampler, bench_separate
from dev.process import ServiceProcess, orchestrator_env, start_rules_service
from dev.redis_server import EmbeddedRedis

TOP = 25
PLACES = (
    ("playhall", ("/playhall/",)),
    ("redis-py", ("/redis/",)),
    ("grpc", ("/grpc/", "cygrpc")),
    ("protobuf", ("/protobuf/", "_upb", "Message' objects")),
    ("prometheus_client", ("/prometheus_client/",)),
    ("asyncio and uvloop", ("/asyncio/", "uvloop", "_asyncio", "select.epoll", "socket")),
)
"""Where a function's code lives, by a piece of its file name (or built-in's name)."""


def place(filename: str, name: str) -> str:
    where = f"{filename}:{name}"
    for label, marks in PLACES:
        if any(mark in where for mark in marks):
            return label
    return "other (the standard library, logging, imports...)"


def profiled_orchestrator(profile: str, env: dict[str, str]) -> ServiceProcess:
    """An orchestrator whose profiler SIGUSR1 starts and SIGUSR2 stops, writing `profile`."""
    return ServiceProcess(
        "bench.profiled_orchestrator",
        ["--port", "0", "--metrics-port", "0"],
        {**env, "PLAYHALL_BENCH_PROFILE": profile},
    )


def run(args: argparse.Namespace, profile: str) -> dict:
    with contextlib.ExitStack() as stack:
        say("Starting Redis, the Galileo rules service and the orchestrator under cProfile")
        server = stack.enter_context(EmbeddedRedis(appendonly=True))
        rules = stack.enter_context(start_rules_service(TITLE))
        env = orchestrator_env(
            server.url,
            {TITLE: rules.address},
            secrets.token_urlsafe(32),
            testing=True,
            gateway_credential=secrets.token_urlsafe(32),
            **UNREACHED_LIMITS,
        )
        orchestrator = stack.enter_context(profiled_orchestrator(profile, env))
        loadgen = stack.enter_context(multiprocessing.get_context("spawn").Pool(1))
        sampler = Sampler.of(server, rules, orchestrator=orchestrator)
        orchestrator.proc.send_signal(signal.SIGUSR1)
        result = loadgen.apply(bench_separate, (orchestrator.address, args.seconds, sampler))
        orchestrator.proc.send_signal(signal.SIGUSR2)
        if not wait_for_file(profile, timeout_s=30):
            raise RuntimeError("the orchestrator wrote no profile")
    return {"moves_per_s": result["per_s"], "moves": result["calls"], **summary(profile)}


def wait_for_file(path: str, timeout_s: float) -> bool:
    """Whether `path` exists and has stopped growing within `timeout_s`."""
    deadline, size = time.monotonic() + timeout_s, -1
    while time.monotonic() < deadline:
        current = os.path.getsize(path) if os.path.exists(path) else -1
        if current > 0 and current == size:
            return True
        size = current
        time.sleep(0.2)
    return False


def summary(profile: str) -> dict:
    stats = pstats.Stats(profile)
    own: Counter[str] = Counter()
    functions = []
    for (filename, line, name), (_, calls, tottime, cumtime, _) in stats.stats.items():
        own[place(filename, name)] += tottime
        short = filename.split("site-packages/")[-1].split("services/")[-1]
        functions.append((tottime, calls, cumtime, f"{short}:{line}({name})"))
    total = sum(own.values())
    functions.sort(reverse=True)
    return {
        "profiled_s": round(total, 3),
        "share_by_place": {k: round(v / total, 3) for k, v in own.most_common()},
        "top_own_time": [
            {"function": f, "own_s": round(t, 3), "calls": c, "cumulative_s": round(cum, 3)}
            for t, c, cum, f in functions[:TOP]
        ],
    }


def markdown(report: dict) -> str:
    m = report["machine"]
    places = [[k, f"{v:.1%}"] for k, v in report["share_by_place"].items()]
    top = [
        [f"`{f['function']}`", f"{f['own_s']:.3f}", f"{f['calls']:,}", f"{f['cumulative_s']:.3f}"]
        for f in report["top_own_time"]
    ]
    return "\n".join(
        [
            "# Where the orchestrator's CPU goes (cProfile under SubmitMove)",
            "",
            f"{report['generated_at']}, code {report['source']}; {m['cpus_usable']} usable CPUs "
            f"({m['cpu_model']}), Python {m['python']}. 8 clients on separate matches for "
            f"{report['seconds']:g} s: {report['moves']:,} moves, {report['moves_per_s']:,.0f}/s "
            f"under the profiler; load average {report['load_average']}. How it measures, and "
            "how far to trust it: `python -m bench.profile --help`. Raw numbers: "
            "`profile.json`.",
            "",
            f"Own time by where the code lives ({report['profiled_s']:.1f} s profiled, the "
            "window only):",
            "",
            *table(("code", "share of own time"), places),
            "",
            f"The {TOP} functions with the most time of their own (a coroutine counts a call per "
            "resumption):",
            "",
            *table(("function", "own s", "calls", "cumulative s"), top),
            "",
        ]
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.profile",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="wall time of the window (default 20)"
    )
    parser.add_argument("--keep", type=Path, help="also keep the raw cProfile output here")
    add_out_argument(parser, "profile")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="playhall-profile-") as directory:
        profile = str(args.keep or Path(directory) / "orchestrator.prof")
        report = {
            "machine": machine(),
            "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "source": source_version(),
            "seconds": args.seconds,
            "load_average": ", ".join(f"{v:.2f}" for v in os.getloadavg()),
            **run(args, profile),
        }
    write_report(args.out, "profile", report, markdown(report), time.perf_counter() - started)


if __name__ == "__main__":
    main()
