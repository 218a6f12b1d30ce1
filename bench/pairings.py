"""Swiss pairings: how often a Swiss tournament stops before its last round, and how far its
rounds float, over hundreds of random tournaments.

For each field size, plays `--tournaments` Swiss tournaments in this process, pure pairing with
no service, twice: asking for the most rounds allowed (`pairings.swiss_rounds_allowed`: the
entrants less one, or the entrants when odd), and for the classic ceil(log2(entrants)) rounds.
Each round is paired by `swiss_round`, then every game's result drawn at random (the first seat
wins 45 %, a draw 10 %, the second seat wins 45 %; a seeded generator per tournament). A
tournament stops early when its pairing finds no round (`NoPairing`) before the last. With
`--baseline REV`, REV's `tournaments/pairings.py` (loaded alone from git) plays as many
tournaments from the same seeds beside this tree's.

A float is a game between entrants of different scores; its size is their difference in
points. Reported per size: the tournaments that stopped early, the fewest rounds one played,
floats a round and their mean size (over the first half of the rounds too, which no pairing
stops before, so that tournaments which stopped early do not leave their hardest rounds out of
the comparison), and the pairing's time a round (this machine's, shared with other work: a
guide, not a measurement). Writes bench/results/pairings.json and bench/results/pairings.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from types import ModuleType

from bench.common import ROOT, add_out_argument, machine, say, source_version, table, write_report
from playhall.tournaments import pairings
from playhall.tournaments.pairings import Game

STEM = "pairings"
SIZES = (6, 7, 8, 9, 10, 12, 16, 20)
RESULTS = ((1.0, 0.45), (0.5, 0.10), (0.0, 0.45))
"""The first seat's points and how often."""
ROUND_COUNTS: dict[str, Callable[[int], int]] = {
    "the most rounds allowed": pairings.swiss_rounds_allowed,
    "ceil(log2(entrants)) rounds": lambda size: math.ceil(math.log2(size)),
}
PAIRINGS_PATH = "services/playhall/tournaments/pairings.py"

Pairer = Callable[[list[Game], int, int], Sequence[Game]]


def baseline_pairer(rev: str) -> Pairer:
    """REV's `swiss_round` (its pairings.py loaded alone), called as this tree's is and raising
    this tree's NoPairing."""
    source = subprocess.run(
        ["git", "show", f"{rev}:{PAIRINGS_PATH}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    module = _module_of(f"baseline_pairings_{rev}", source)
    takes_rounds_left = "rounds_left" in inspect.signature(module.swiss_round).parameters

    def pair(games: list[Game], count: int, rounds_left: int) -> Sequence[Game]:
        try:
            if takes_rounds_left:
                return module.swiss_round(games, count, rounds_left)
            return module.swiss_round(games, count)
        except module.NoPairing as none:
            raise pairings.NoPairing(str(none)) from none

    return pair


def _module_of(name: str, source: str) -> ModuleType:
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, name, "exec"), module.__dict__)
    return module


def play_round(round_: Sequence[Game], rng: random.Random) -> list[Game]:
    points, weights = zip(*RESULTS, strict=True)
    return [
        Game(g.first, g.second, None if g.second is None else rng.choices(points, weights)[0])
        for g in round_
    ]


def floats_of(round_: Sequence[Game], score: list[float]) -> list[float]:
    """The size of each float of a round, by the scores before it."""
    gaps = (abs(score[g.first] - score[g.second]) for g in round_ if g.second is not None)
    return [gap for gap in gaps if gap]


def tournament(pair: Pairer, size: int, rounds: int, seed: int) -> dict:
    """One tournament: the rounds it played, its floats per round, its pairing times."""
    rng = random.Random(seed)
    games: list[Game] = []
    floats: list[list[float]] = []
    times: list[float] = []
    for number in range(rounds):
        started = time.perf_counter()
        try:
            round_ = pair(games, size, rounds - number)
        except pairings.NoPairing:
            break
        times.append(time.perf_counter() - started)
        floats.append(floats_of(round_, pairings.points(games, size)))
        games += play_round(round_, rng)
    return {"played": len(floats), "floats": floats, "times": times}


def measure(pair: Pairer, size: int, rounds: int, count: int, seed: int) -> dict:
    played = [
        tournament(pair, size, rounds, seed * 1_000_003 + size * 1_009 + i) for i in range(count)
    ]
    half = (size + 1) // 2
    early = [f for t in played for f in t["floats"][:half]]
    every = [f for t in played for f in t["floats"]]
    times = [s for t in played for s in t["times"]]
    return {
        "size": size,
        "rounds": rounds,
        "tournaments": count,
        "stopped_early": sum(t["played"] < rounds for t in played),
        "fewest_rounds_played": min(t["played"] for t in played),
        "first_rounds": half,
        "first_rounds_floats_per_round": statistics.fmean(map(len, early)),
        "first_rounds_mean_float_points": _mean_gap(early),
        "floats_per_round": statistics.fmean(map(len, every)),
        "mean_float_points": _mean_gap(every),
        "ms_per_round_mean": 1000 * statistics.fmean(times),
        "ms_per_round_max": 1000 * max(times),
    }


def _mean_gap(rounds: list[list[float]]) -> float:
    gaps = [gap for floats in rounds for gap in floats]
    return statistics.fmean(gaps) if gaps else 0.0


COLUMNS = (
    "entrants",
    "pairing",
    "rounds",
    "stopped early",
    "fewest rounds played",
    "floats a round (mean points), first half of the rounds",
    "floats a round (mean points), every round played",
    "ms a round (mean / max)",
)


def row_of(name: str, r: dict) -> list[str]:
    return [
        str(r["size"]),
        name,
        str(r["rounds"]),
        f"{r['stopped_early']} of {r['tournaments']} "
        f"({100 * r['stopped_early'] / r['tournaments']:.1f} %)",
        str(r["fewest_rounds_played"]),
        f"{r['first_rounds_floats_per_round']:.2f} ({r['first_rounds_mean_float_points']:.2f})",
        f"{r['floats_per_round']:.2f} ({r['mean_float_points']:.2f})",
        f"{r['ms_per_round_mean']:.1f} / {r['ms_per_round_max']:.0f}",
    ]


def markdown(report: dict) -> str:
    args = report["args"]
    baseline = f" --baseline {args['baseline']}" if args["baseline"] else ""
    lines = [
        "# Swiss pairings",
        "",
        f"`python -m bench.pairings --tournaments {args['tournaments']} --sizes "
        f"{' '.join(map(str, args['sizes']))} --seed {args['seed']}{baseline}` on "
        f"{report['source']}, {report['machine']['cpus_usable']} usable cores "
        f"({report['machine']['cpu_model']}), shared with other work. Method: the module "
        "docstring of `bench/pairings.py`.",
        "",
        "Random results. A float is a game between entrants of different scores: floats a round "
        "and their mean size in points, over the first half of the rounds (which no pairing "
        "stops before: a pairing without a repeat always exists there) and over every round "
        "played (where a tournament that stopped early leaves its last, most constrained rounds "
        "out).",
        "",
    ]
    for scenario, by_pairing in report["pairings"].items():
        rows = [
            row_of(name, by_pairing[name][index])
            for index in range(len(args["sizes"]))
            for name in by_pairing
        ]
        lines += [f"## Asking for {scenario}", "", *table(COLUMNS, rows), ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pairings", description=__doc__)
    parser.add_argument(
        "--tournaments", type=int, default=300, help="tournaments per field size (300)"
    )
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=list(SIZES), help="field sizes (%(default)s)"
    )
    parser.add_argument("--seed", type=int, default=35, help="the results' seed (35)")
    parser.add_argument(
        "--baseline", help="a git revision whose pairing plays the same tournaments too"
    )
    add_out_argument(parser, STEM)
    args = parser.parse_args(argv)
    started = time.monotonic()
    pairers: dict[str, Pairer] = {}
    if args.baseline:
        pairers[f"{args.baseline} (baseline)"] = baseline_pairer(args.baseline)
    pairers["this tree"] = pairings.swiss_round
    results: dict[str, dict[str, list[dict]]] = {}
    for scenario, rounds_of in ROUND_COUNTS.items():
        results[scenario] = {}
        for name, pair in pairers.items():
            results[scenario][name] = []
            for size in args.sizes:
                row = measure(pair, size, rounds_of(size), args.tournaments, args.seed)
                stopped = f"{row['stopped_early']} of {row['tournaments']} stopped early"
                say(f"{scenario}, {name}, {size} entrants: {stopped}")
                results[scenario][name].append(row)
    report = {
        "machine": machine(),
        "source": source_version(),
        "args": {k: v for k, v in vars(args).items() if k != "out"},
        "pairings": results,
    }
    write_report(args.out, STEM, report, markdown(report), time.monotonic() - started)


if __name__ == "__main__":
    main()
