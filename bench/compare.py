"""Side by side: the orchestrator of an earlier commit against this tree's, under one load.

`python -m bench.compare --baseline REV` checks REV out into a temporary git worktree, generates
its protobuf code from its own protos, and starts, on one private Redis (AOF with `appendfsync
always`), two stacks: REV's rules service and orchestrator, and this tree's. The load generator
of `bench.orchestrator` (8 clients on separate matches, by default) then plays against each in
turn, `--rounds` times, interleaved, so both meet the same disturbances of a shared machine. It
prints each round's SubmitMove/s and the CPU each process spent per move, and the medians.

This measures a change; `make bench` measures the tree against its targets.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import secrets
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.engine import say
from bench.orchestrator import TITLE, Sampler, bench_separate
from playhall.common.process import orchestrator_env, start_orchestrator, start_rules_service
from playhall.common.redis_server import EmbeddedRedis

ROOT = Path(__file__).resolve().parent.parent


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


def start_stack(stack: contextlib.ExitStack, redis_url: str, env: dict[str, str]):
    """A rules service and an orchestrator, with `env` (PYTHONPATH picks their code)."""
    rules = stack.enter_context(start_rules_service(TITLE, env))
    orchestrator_settings = orchestrator_env(
        redis_url, {TITLE: rules.address}, secrets.token_urlsafe(32), testing=True
    )
    orchestrator = stack.enter_context(start_orchestrator({**orchestrator_settings, **env}))
    return rules, orchestrator


def run(args: argparse.Namespace) -> dict[str, list[dict]]:
    results: dict[str, list[dict]] = {args.baseline: [], "this tree": []}
    with contextlib.ExitStack() as stack:
        say(f"Checking out {args.baseline}")
        baseline_code = stack.enter_context(checkout(args.baseline))
        server = EmbeddedRedis(appendonly=True)
        stack.callback(server.close)
        server.start()
        sides = {
            args.baseline: start_stack(stack, server.url, {"PYTHONPATH": str(baseline_code)}),
            "this tree": start_stack(stack, server.url, {}),
        }
        loadgen = stack.enter_context(multiprocessing.get_context("spawn").Pool(1))
        for round_ in range(1, args.rounds + 1):
            for name, (rules, orchestrator) in sides.items():
                sampler = Sampler(
                    pids={
                        "orchestrator": (orchestrator.proc.pid,),
                        "rules": (rules.proc.pid,),
                        "redis": (server.proc.pid,),
                    },
                    redis_url=server.url,
                    metrics={
                        "orchestrator": (orchestrator.metrics_port,),
                        "rules": (rules.metrics_port,),
                    },
                )
                say(f"Round {round_}, {name}")
                result = loadgen.apply(
                    bench_separate, ((orchestrator.address,), args.clients, args.seconds, sampler)
                )
                results[name].append(result)
    return results


def report(results: dict[str, list[dict]]) -> str:
    lines = [
        "| code | SubmitMove/s, each round | median | CPU ms per move: orchestrator | rules |",
        "|---|---|---|---|---|",
    ]
    for name, rounds in results.items():
        rates = [r["moves_per_s"] for r in rounds]
        orchestrator = statistics.median(r["cpu_ms_per_move"]["orchestrator"] for r in rounds)
        rules = statistics.median(r["cpu_ms_per_move"]["rules"] for r in rounds)
        lines.append(
            f"| {name} | {', '.join(f'{v:,.0f}' for v in rates)} | "
            f"{statistics.median(rates):,.0f} | {orchestrator:.3f} | {rules:.3f} |"
        )
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.compare",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--baseline", required=True, help="the git revision to compare with")
    parser.add_argument("--rounds", type=int, default=4, help="rounds per side (default 4)")
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="wall time of each round (default 5)"
    )
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0 or args.clients < 1:
        parser.error("--rounds and --clients must be at least 1, --seconds positive")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    print(report(run(args)))


if __name__ == "__main__":
    main()
