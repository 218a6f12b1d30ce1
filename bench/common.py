"""What every benchmark shares: client threads in a measurement window, the machine's
description, and the reports' tables, files and arguments."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from threading import Barrier
from typing import Any

import google.protobuf
import grpc
from google.protobuf.internal import api_implementation

from playhall.core import title_ids

RESULTS = Path(__file__).resolve().parent / "results"
ROOT = Path(__file__).resolve().parent.parent


def say(message: str) -> None:
    print(message, flush=True)


def open_channel(address: str) -> grpc.Channel:
    """A connected channel with a connection of its own (not shared with other channels)."""
    channel = grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
    grpc.channel_ready_future(channel).result(timeout=10)
    return channel


def timed(latencies: list[float], call: Callable, *args):
    """`call(*args)`, its wall time appended to `latencies`."""
    start = time.perf_counter()
    response = call(*args)
    latencies.append(time.perf_counter() - start)
    return response


def run_window(
    clients: int,
    seconds: float,
    open_client: Callable[[int], Any],
    at_start: Callable[[], None] = lambda: None,
) -> tuple[list[float], float]:
    """`clients` threads, each with the client `open_client(index)` opens (its `warm_up()`, then
    `step(latencies)` back to back for `seconds` of wall time from when all are ready, when
    `at_start` runs; `close()`); every step's latency and the window's wall time."""
    window: dict[str, float] = {}

    def start() -> None:
        at_start()
        window["start"] = time.perf_counter()

    start_together = Barrier(clients, action=start, timeout=120)

    def client(index: int) -> tuple[list[float], float]:
        latencies: list[float] = []
        try:
            player = open_client(index)
        except BaseException:
            start_together.abort()
            raise
        try:
            player.warm_up()
            start_together.wait()
            while time.perf_counter() - window["start"] < seconds:
                player.step(latencies)
            return latencies, time.perf_counter()
        except BaseException:
            start_together.abort()
            raise
        finally:
            player.close()

    with ThreadPoolExecutor(max_workers=clients) as pool:
        results = list(pool.map(client, range(clients)))
    elapsed = max(end for _, end in results) - window["start"]
    return [latency for each, _ in results for latency in each], elapsed


def percentile_ms(samples: list[float], percent: int) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[percent - 1] * 1000


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict:
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    return {
        "cpu_count": os.cpu_count(),
        "cpus_usable": len(usable) if usable else os.cpu_count(),
        "cpu_model": cpu_model(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "grpcio": grpc.__version__,
        "protobuf": google.protobuf.__version__,
        "protobuf_backend": api_implementation.Type(),
    }


def mark(passed: bool) -> str:
    return "✅ pass" if passed else "❌ fail"


def table(header: Sequence[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table's lines."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return lines + ["| " + " | ".join(row) + " |" for row in rows]


def add_titles_argument(parser: argparse.ArgumentParser) -> None:
    """`--titles`: which registered titles a benchmark measures (default all)."""
    parser.add_argument(
        "--titles",
        nargs="+",
        choices=title_ids(),
        default=list(title_ids()),
        metavar="TITLE",
        help=f"titles to measure (default: all of {', '.join(title_ids())})",
    )


def add_out_argument(parser: argparse.ArgumentParser, stem: str) -> None:
    """`--out`: the directory of a benchmark's `<stem>.json` and `<stem>.md`."""
    parser.add_argument(
        "--out",
        type=Path,
        default=RESULTS,
        help=f"directory for {stem}.json and {stem}.md (default bench/results)",
    )


def write_report(out: Path, stem: str, report: dict, markdown: str, took_s: float) -> None:
    """Writes `<stem>.json` (the raw numbers) and `<stem>.md` into `out`, and says so."""
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{stem}.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / f"{stem}.md").write_text(markdown)
    say(f"Wrote {out / f'{stem}.json'} and {out / f'{stem}.md'} in {took_s:.0f} s")


def source_version() -> str:
    """The commit of the code under test, "+changes" when services/ or protos/ differ from it."""
    root = Path(__file__).resolve().parent.parent

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        changed = git("status", "--porcelain", "--", "services", "protos")
        return git("rev-parse", "--short", "HEAD") + (" +changes" if changed else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def unwind_on_sigterm() -> None:
    """SIGTERM raises SystemExit, so a benchmark's context managers stop every process."""

    def stop(signum, frame) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)


@contextlib.contextmanager
def checkout(rev: str):
    """A worktree of `rev` with its generated protobuf code; its `services` directory."""
    with tempfile.TemporaryDirectory(prefix="playhall-baseline-") as parent:
        tree = Path(parent) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(tree), rev], cwd=ROOT, check=True
        )
        try:
            protos = sorted(str(p) for p in (tree / "protos").rglob("*.proto"))
            subprocess.run(
                [sys.executable, "-m", "grpc_tools.protoc", f"-I{tree / 'protos'}"]
                + [f"--python_out={tree / 'services'}", f"--grpc_python_out={tree / 'services'}"]
                + protos,
                check=True,
            )
            yield tree / "services"
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True
            )


def run_on_private_stores(
    args: argparse.Namespace,
    stem: str,
    measure: Callable[[argparse.Namespace, str, str], Any],
    markdown: Callable[[dict], str],
    figures: Callable[[dict], dict] | None = None,
) -> None:
    """A benchmark on a private Redis (AOF, `appendfsync always`) and a private PostgreSQL
    (fsync on), as deployed: the report of `measure(args, redis_url, database_url)` (a
    coroutine), with `figures` of it first, then the arguments, source, load and machine,
    written as `<stem>.json` and `<stem>.md`. With `args.report_only`, only the `.md` is
    written again from the `.json`."""
    from dev.postgres_server import EmbeddedPostgres
    from dev.redis_server import EmbeddedRedis
    from playhall.archive import database

    if args.report_only:
        report = json.loads((args.out / f"{stem}.json").read_text())
        (args.out / f"{stem}.md").write_text(markdown(report))
        return
    unwind_on_sigterm()
    started = time.monotonic()
    with contextlib.ExitStack() as stack:
        redis_server = stack.enter_context(EmbeddedRedis(appendonly=True))
        postgres = stack.enter_context(EmbeddedPostgres())
        url = postgres.create_database("playhall")
        database.migrate(url)
        load_before = os.getloadavg()[0]
        report = asyncio.run(measure(args, redis_server.url, url))
    report = {
        **({"figures": figures(report)} if figures else {}),
        **report,
        "arguments": {k: str(v) for k, v in vars(args).items() if k != "report_only"},
        "source": source_version(),
        "load_average_1m": [load_before, os.getloadavg()[0]],
        "took_s": time.monotonic() - started,
        "machine": machine(),
    }
    write_report(args.out, stem, report, markdown(report), time.monotonic() - started)
