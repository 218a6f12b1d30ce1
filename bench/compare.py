"""Side by side: the orchestrator of an earlier commit against this tree's, under one load.

`python -m bench.compare --baseline REV` checks REV out into a temporary git worktree with its
own generated protobuf code, starts REV's rules service and orchestrator and this tree's on one
private Redis (a database each), and plays the SubmitMove scenario of `bench.orchestrator`
against each in turn, `--rounds` times, the side going first alternating. It prints each
round's SubmitMove/s, each side's median round with its CPU per move, and the ratios paired by
round. `--baseline HEAD` measures the noise of the moment (bench/README.md).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing

from bench.common import checkout, say
from bench.orchestrator import Sampler, bench_separate, median_round, paired, start_galileo
from dev.redis_server import EmbeddedRedis


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
            rules, orchestrator = start_galileo(stack, url, env=env)
            sides[name] = (
                orchestrator.address,
                Sampler.of(server, rules, orchestrator=orchestrator),
            )
        loadgen = stack.enter_context(multiprocessing.get_context("spawn").Pool(1))
        for round_ in range(1, args.rounds + 1):
            # Which side goes first alternates, so neither always runs after the other.
            order = list(sides.items()) if round_ % 2 else list(reversed(sides.items()))
            for name, (address, sampler) in order:
                say(f"Round {round_}, {name}")
                results[name].append(
                    loadgen.apply(bench_separate, (address, args.seconds, sampler))
                )
    return results


def report(results: dict[str, list[dict]]) -> str:
    """Each side's rounds and median round with its CPU per move; this tree against the
    baseline, paired by round."""
    lines = [
        "| code | SubmitMove/s, each round | median round | its CPU ms per move: orchestrator "
        "| rules |",
        "|---|---|---|---|---|",
    ]
    for name, rounds in results.items():
        median = median_round(rounds)
        cpu = median["cpu_ms"]
        lines.append(
            f"| {name} | {', '.join(f'{v:,.0f}' for v in median['round_rates'])} | "
            f"{median['per_s']:,.0f} | {cpu['orchestrator']:.3f} | {cpu['rules']:.3f} |"
        )
    baseline, tree = results
    rate = paired(results, lambda t, b: t["per_s"] / b["per_s"], tree, baseline)
    cpu = paired(
        results,
        lambda t, b: t["cpu_ms"]["orchestrator"] / b["cpu_ms"]["orchestrator"],
        tree,
        baseline,
    )
    lines.append(
        f"\nThis tree against {baseline}, paired by round: SubmitMove/s x {rate:.3f}, "
        f"the orchestrator's CPU per move x {cpu:.3f}."
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
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1, --seconds positive")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    print(report(run(args)))


if __name__ == "__main__":
    main()
