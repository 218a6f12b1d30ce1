"""The replay canary over a full archive: `--matches` archived matches of every title, replayed.

Starts a private PostgreSQL (fsync on, as deployed), every title's rules service and the race
title's (`dev/race_title.py`, 1.0), then an orchestrator on a private Redis and an
archiver (no grace), each its own process (`dev/replays.py`). `CLIENTS` clients play
`--matches` whole matches of each title to their end, every seat choosing random legal moves
(the seat count random within the title's range), and wait until all are archived. Then
`playhall.canary` replays each title's archived matches on the rules service they were played
on, which must give no difference; and the race's on race 1.1, a deliberate rules change (a win
by one scores two), which must give exactly the matches won by a one. Writes
bench/results/canary.json and bench/results/canary.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

from google.protobuf import wrappers_pb2

from bench.common import (
    add_out_argument,
    add_titles_argument,
    machine,
    say,
    source_version,
    table,
    unwind_on_sigterm,
    write_report,
)
from dev import race_title
from dev.postgres_server import EmbeddedPostgres
from dev.process import start_rules_service
from dev.replays import archiving, play_random_match, wait_archived
from playhall.archive import database
from playhall.canary.cli import CanarySettings, run
from playhall.core import get_game

CLIENTS = 4
STEM = "canary"
RACE = "race"


def fill(url: str, rules: dict[str, str], matches: int) -> dict[str, dict[str, list]]:
    """Plays and archives `matches` matches of each title; by title, each match's moves."""
    played: dict[str, dict[str, list]] = {}
    with archiving(url, rules) as client:
        for title in rules:
            info = race_title.RaceGame.info if title == RACE else get_game(title).info
            started = time.monotonic()

            def one(index: int, title=title, info=info) -> tuple[str, list]:
                rng = random.Random(f"{title}-{index}")
                players = rng.randint(info.min_players, info.max_players)
                return play_random_match(client, title, players, rng)

            with ThreadPoolExecutor(CLIENTS) as pool:
                played[title] = dict(pool.map(one, range(matches)))
            say(f"  {title}: {matches} matches played in {time.monotonic() - started:.0f} s")
        wait_archived(url, {m for by_id in played.values() for m in by_id}, 300)
    return played


def replay(url: str, address: str, matches: int) -> dict:
    report = run(CanarySettings(rules=address, database_url=url, matches=matches))
    return {
        "candidate": report.candidate,
        "replayed": report.replayed,
        "differences": sorted(d.match_id for d in report.differences),
        "kinds": sorted({d.what for d in report.differences}),
        "seconds": report.seconds,
    }


def added(move) -> int:
    number = wrappers_pb2.Int32Value()
    move.Unpack(number)
    return number.value


def measure(matches: int, titles: list[str]) -> dict:
    with EmbeddedPostgres() as postgres, ExitStack() as services:
        url = postgres.create_database("playhall")
        database.migrate(url)
        rules = {
            title: services.enter_context(start_rules_service(title)).address for title in titles
        }
        rules[RACE] = services.enter_context(race_title.start("race/1.0")).address
        say(f"Playing and archiving {matches} matches of each of {', '.join(rules)}")
        started = time.monotonic()
        played = fill(url, rules, matches)
        fill_s = time.monotonic() - started
        results = {}
        for title, address in rules.items():
            results[title] = {
                "moves_mean": statistics.mean(len(moves) for moves in played[title].values()),
                **replay(url, address, matches),
            }
            say(f"  {title}: {len(results[title]['differences'])} differ")
        with race_title.start("race/1.1") as careless:
            changed = replay(url, careless.address, matches)
        won_by_one = sorted(m for m, moves in played[RACE].items() if added(moves[-1]) == 1)
        say(f"  race/1.1: {len(changed['differences'])} differ, {len(won_by_one)} won by one")
    return {
        "matches": matches,
        "fill_s": fill_s,
        "titles": results,
        "deliberate_change": {**changed, "expected": won_by_one},
        "load_average_1m": os.getloadavg()[0],
    }


def markdown(report: dict) -> str:
    numbers = report["result"]
    rows = [
        [
            title,
            result["candidate"],
            f"{result['replayed']}",
            f"{result['moves_mean']:.0f}",
            f"{len(result['differences'])}",
            f"{result['seconds']:.1f} s",
            f"{result['replayed'] / result['seconds']:.1f}",
        ]
        for title, result in numbers["titles"].items()
    ]
    change = numbers["deliberate_change"]
    exact = change["differences"] == change["expected"]
    lines = [
        "# The replay canary",
        "",
        f"`python -m bench.canary --matches {numbers['matches']}` (`make canary`) on "
        f"{source_version()}, {report['machine']['cpus_usable']} usable cores "
        f"({report['machine']['cpu_model']}), shared with other work (load average "
        f"{numbers['load_average_1m']:.1f} at the end). Method: the module docstring of "
        "`bench/canary.py`.",
        "",
        f"Filling the archive for real (play through the orchestrator, then the archiver) took "
        f"{numbers['fill_s']:.0f} s.",
        "",
        "Each title replayed on the rules service its matches were played on:",
        "",
        *table(
            [
                "title",
                "candidate",
                "matches replayed",
                "moves per match",
                "differ",
                "replay time",
                "matches/s",
            ],
            rows,
        ),
        "",
        f"The deliberate change, race/1.1 (a win by one scores two), over the same "
        f"{change['replayed']} race matches: {len(change['differences'])} differ "
        f"({', '.join(change['kinds']) or 'nothing'}); {len(change['expected'])} were won by a "
        f"one; the two sets are {'the same' if exact else 'NOT the same'}.",
        "",
        "The replay time is one canary process replaying one match after another (NewGame, then "
        "each move's ApplyMove, every answer compared); it bounds how long a rollout gate "
        "waits for a title.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.canary", description=__doc__)
    parser.add_argument("--matches", type=int, default=200, help="matches per title (200)")
    add_titles_argument(parser)
    add_out_argument(parser, STEM)
    args = parser.parse_args(argv)
    unwind_on_sigterm()
    started = time.monotonic()
    report = {"machine": machine(), "result": measure(args.matches, args.titles)}
    write_report(args.out, STEM, report, markdown(report), time.monotonic() - started)


if __name__ == "__main__":
    main()
