"""Side by side: the orchestrator of an earlier commit against this tree's, under one load.

`python -m bench.compare --baseline REV` checks REV out into a temporary git worktree, generates
its protobuf code from its own protos, and starts, on one private Redis (AOF with `appendfsync
always`), two stacks: REV's rules service and orchestrator, and this tree's. The load generator
of `bench.orchestrator` (8 clients on separate matches, by default) then plays against each in
turn, `--rounds` times, interleaved (the side going first alternating), so both meet the same
disturbances of a shared machine. The two stacks share the Redis server, each with a database
of its own. It prints each round's SubmitMove/s, and the median round with the CPU the
orchestrator and the rules service spent per move in it.

How large a difference is noise depends on the hour: once, two identical stacks measured in
interleaved rounds (5 of 6 s, by a script like this one) differed by 3 %, while single rounds
of one stack spread by a fifth. `--baseline HEAD` measures the noise of the moment.

This measures a change; `make bench` measures the tree against its targets.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.engine import say
from bench.orchestrator import Sampler, bench_separate, median_round, start_orchestrators
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


def run(args: argparse.Namespace) -> dict[str, list[dict]]:
    results: dict[str, list[dict]] = {args.baseline: [], "this tree": []}
    with contextlib.ExitStack() as stack:
        say(f"Checking out {args.baseline}")
        baseline_code = stack.enter_context(checkout(args.baseline))
        server = stack.enter_context(EmbeddedRedis(appendonly=True))
        sides = {}
        # One server, so both meet its disturbances; a database each, so neither's lobby repair
        # and sweeps meet the other's records (whose format may differ).
        for name, database, env in (
            (args.baseline, 1, {"PYTHONPATH": str(baseline_code)}),
            ("this tree", 0, {}),
        ):
            url = f"{server.url}?db={database}"
            rules, orchestrators = start_orchestrators(stack, url, env=env)
            sides[name] = (orchestrators[0].address, Sampler.of(server, rules, orchestrators))
        loadgen = stack.enter_context(multiprocessing.get_context("spawn").Pool(1))
        for round_ in range(1, args.rounds + 1):
            # Which side goes first alternates, so neither always runs after the other.
            order = list(sides.items()) if round_ % 2 else list(reversed(sides.items()))
            for name, (address, sampler) in order:
                say(f"Round {round_}, {name}")
                result = loadgen.apply(
                    bench_separate, ((address,), args.clients, args.seconds, sampler)
                )
                results[name].append(result)
    return results


def report(results: dict[str, list[dict]]) -> str:
    """Each side's rounds, and its median round (as `make bench` takes it) with that round's
    CPU per move."""
    lines = [
        "| code | SubmitMove/s, each round | median round | its CPU ms per move: orchestrator "
        "| rules |",
        "|---|---|---|---|---|",
    ]
    for name, rounds in results.items():
        median = median_round(rounds)
        cpu = median["cpu_ms_per_move"]
        lines.append(
            f"| {name} | {', '.join(f'{v:,.0f}' for v in median['round_rates'])} | "
            f"{median['moves_per_s']:,.0f} | {cpu['orchestrator']:.3f} | {cpu['rules']:.3f} |"
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
