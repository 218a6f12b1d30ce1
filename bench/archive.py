"""The archive: how fast the archiver writes finished matches to PostgreSQL, and what finished
matches cost Redis before and after it.

Starts a private Redis, a private PostgreSQL (fsync on, as deployed), the Galileo rules service
and an orchestrator (testing flag on, so games are scripted by seed), each its own process.
Plays `--matches` whole 3-player Galileo games, every seat by the benchmark's clients, with no
archiver running: Redis's `used_memory` growth over them is what finished matches cost today
(each keeps its record, state and whole log). Then starts the archiver with no grace: the rate
at which the archive fills (from its first match to its last) is the matches archived per
second, and `used_memory` once the outbox and the purge queue are empty is what is left.

With `--pages N` it measures instead a player's history page and a leaderboard page with N
archived matches (`bench/archive_pages.py`), keeping the other part's numbers from
archive.json. Writes bench/results/archive.json and bench/results/archive.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import time

import psycopg
import redis

from bench import archive_pages
from bench.common import (
    add_out_argument,
    machine,
    say,
    source_version,
    table,
    unwind_on_sigterm,
    write_report,
)
from bench.orchestrator import play_to_mid_game, start_galileo
from dev.postgres_server import EmbeddedPostgres
from dev.process import ServiceProcess
from dev.redis_server import EmbeddedRedis
from playhall.archive import database
from playhall.matchstore import outbox

CLIENTS = 4
STEM = "archive"


def archived(url: str) -> int:
    with psycopg.connect(url) as connection:
        return connection.execute("SELECT count(*) FROM matches").fetchone()[0]


def measure_archiving(db: redis.Redis, url: str, matches: int, env: dict) -> dict:
    """Starts the archiver; the archive's fill rate and how long the purge took."""
    with ServiceProcess(
        "playhall.archive.archiver",
        env={**env, "PLAYHALL_ARCHIVE_GRACE_S": "0", "PLAYHALL_ARCHIVE_INTERVAL_S": "0.05"},
    ):
        first = None
        while (done := archived(url)) < matches:
            if done and first is None:
                first = (time.monotonic(), done)
            time.sleep(0.05)
        finished = time.monotonic()
        while db.zcard(outbox.OUTBOX) or db.zcard(outbox.PURGE):
            time.sleep(0.05)
        purged = time.monotonic()
    started, already = first or (finished, 0)
    rate = (matches - already) / (finished - started) if finished > started else float("nan")
    return {"archived_per_s": rate, "purge_lag_s": purged - finished}


def run(matches: int) -> dict:
    with contextlib.ExitStack() as stack:
        redis_server = stack.enter_context(EmbeddedRedis())
        postgres = stack.enter_context(EmbeddedPostgres())
        url = postgres.create_database("playhall")
        database.migrate(url)
        _, orchestrator = start_galileo(stack, redis_server.url, {"PLAYHALL_DATABASE_URL": url})
        db = stack.enter_context(redis.Redis.from_url(redis_server.url))
        say(f"Playing {matches} whole Galileo games (3 seats), no archiver running")
        # A few moves of a match per client, left running (so out of the archive): the
        # orchestrator's pools and caches are as large before the measurement as after.
        play_to_mid_game(orchestrator.address, CLIENTS, 5, CLIENTS, "bench-archive-warm-up")
        before = db.info("memory")["used_memory"]
        started = time.monotonic()
        played = play_to_mid_game(orchestrator.address, matches, None, CLIENTS, "bench-archive")
        play_s = time.monotonic() - started
        kept = db.info("memory")["used_memory"]
        moves = sum(
            int(db.xlen(f"pm:{{{match_id}}}:log")) - 1 for match_id in played[: min(50, matches)]
        ) / min(50, matches)
        say(f"  {(kept - before) / matches:,.0f} bytes of Redis per finished match")
        say("Archiving them")
        archiving = measure_archiving(db, url, matches, orchestrator.env)
        left = db.info("memory")["used_memory"]
        say(f"  {archiving['archived_per_s']:.0f} matches/s archived")
    return {
        "matches": matches,
        "moves_per_match": moves,
        "play_s": play_s,
        "redis_bytes_before": before,
        "redis_bytes_finished_kept": kept,
        "redis_bytes_after_archive": left,
        "kept_bytes_per_match": (kept - before) / matches,
        "left_bytes_per_match": (left - before) / matches,
        **archiving,
        "load_average_1m": os.getloadavg()[0],
    }


def markdown(report: dict) -> str:
    lines = ["# The archive", ""]
    if "result" in report:
        lines += archiving_markdown(report)
    if "pages" in report:
        lines += pages_markdown(report)
    return "\n".join(lines)


def archiving_markdown(report: dict) -> list[str]:
    numbers = report["result"]
    matches = numbers["matches"]
    before = numbers["redis_bytes_before"]

    def row(what: str, after: int, per_match: float) -> list[str]:
        scaled = (after - before) * 10_000 / matches / 2**20
        return [what, f"{after - before:,} B", f"{per_match:,.0f} B", f"{scaled:,.1f} MiB"]

    rows = [
        row(
            "after the finished matches, no archiver (today: every log stays)",
            numbers["redis_bytes_finished_kept"],
            numbers["kept_bytes_per_match"],
        ),
        row(
            "once archived and purged (grace 0)",
            numbers["redis_bytes_after_archive"],
            numbers["left_bytes_per_match"],
        ),
    ]
    machine = report.get("archiving_machine", report["machine"])
    return [
        "## Archiving, and what finished matches cost Redis",
        "",
        f"`python -m bench.archive --matches {matches}` on {numbers['source']}, "
        f"{machine['cpus_usable']} usable cores ({machine['cpu_model']}), "
        "shared with other work. Method: the module docstring of `bench/archive.py`.",
        "",
        f"{matches} whole 3-player Galileo games ({numbers['moves_per_match']:.0f} moves each on "
        f"average), played by {CLIENTS} clients in {numbers['play_s']:.0f} s; the machine's "
        f"load average was {numbers['load_average_1m']:.1f} at the end (other work on its "
        "cores), so the rate is a floor, not a capacity.",
        "",
        *table(
            ["Redis used_memory growth", f"{matches} matches", "per match", "10,000 (scaled)"],
            rows,
        ),
        "",
        *table(
            ["archiver", "value"],
            [
                [
                    "matches archived per second (one archiver, 4 at once, fsync on)",
                    f"{numbers['archived_per_s']:.0f}",
                ],
                ["purge done after the last archive", f"{numbers['purge_lag_s']:.2f} s"],
            ],
        ),
        "",
        "Each archived match is one PostgreSQL transaction: its row, its seats, every change "
        "of its log (COPY) and, for rated seats, the ratings read under a row lock, updated and "
        "their history appended. These games have only anonymous seats (seat tokens), so no "
        "rating is updated here.",
        "",
    ]


def pages_markdown(report: dict) -> list[str]:
    numbers = report["pages"]
    machine = report["pages_machine"]
    rows = numbers["rows"]

    def row(what: str, key: str) -> list[str]:
        found = numbers[key]
        if found is None:
            return [what, "-", "-", "-"]
        return [what, f"{found['p50_ms']:.1f} ms", f"{found['p99_ms']:.1f} ms", str(found["calls"])]

    plans, executions = [], []
    for name, plan in numbers["plans"].items():
        plans += [f"{name}:", "", "```", *plan, "```", ""]
        (took,) = [line.split(":", 1)[1].strip() for line in plan if line.startswith("Execution")]
        executions.append([name, took])
    return [
        f"## A player's history page and a leaderboard page, {numbers['matches']:,} archived "
        "matches",
        "",
        f"`python -m bench.archive --pages {numbers['matches']}` on {numbers['source']}, "
        f"{machine['cpus_usable']} usable cores ({machine['cpu_model']}), shared with other "
        f"work (load average {numbers['load_average_1m']:.1f} at the end). Method: the module "
        "docstring of `bench/archive_pages.py`.",
        "",
        f"The archive: {rows['matches']:,} matches of every title, {rows['match_seats']:,} "
        f"seats, {rows['players']:,} players ({numbers['people']:,} people and the bot levels), "
        f"{rows['ratings']:,} ratings and {rows['rating_history']:,} rating changes, loaded "
        f"with COPY in {numbers['load_s']:.0f} s. The heaviest player has "
        f"{numbers['heaviest_player_matches']:,} matches.",
        "",
        *table(
            ["PlayerService call (gRPC, one at a time)", "p50", "p99", "calls"],
            [
                row("ListFinishedMatches, first page (20)", "history_first_page"),
                row(
                    "ListFinishedMatches, fifth page (players with that many)",
                    "history_fifth_page",
                ),
                row("GetLeaderboard, first page (50)", "leaderboard_first_page"),
                row("GetLeaderboard, a page at about rank 1,000", "leaderboard_rank_1000"),
            ],
        ),
        "",
        "Most of a call's time is spent outside PostgreSQL: in the orchestrator (the player "
        "token's check, a summary decoded from each match's stored record, gRPC) and in "
        "waiting for a core on a machine whose load average was many times its cores, which "
        "is the likeliest cause of the long p99 (not broken down here). In PostgreSQL, the "
        "same queries for the heaviest player and the deepest pages took:",
        "",
        *table(["query (EXPLAIN ANALYZE)", "execution"], executions),
        "",
        "Every page is one index range (keyset pages: the token carries the last row's sort "
        "key), so its cost does not grow with the player's matches or the rank. "
        + (
            "No plan scans a table whole."
            if not numbers["sequential_scans"]
            else f"Plans with a sequential scan: {', '.join(numbers['sequential_scans'])}."
        )
        + " The plans (EXPLAIN ANALYZE of exactly the SQL the calls run, for the heaviest "
        "player and the deepest pages):",
        "",
        *plans,
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.archive", description=__doc__)
    parser.add_argument("--matches", type=int, default=1000, help="finished matches (1000)")
    parser.add_argument(
        "--pages",
        type=int,
        metavar="N",
        help="measure history and leaderboard pages with N archived matches instead",
    )
    parser.add_argument(
        "--samples", type=int, default=500, help="calls of each page with --pages (500)"
    )
    add_out_argument(parser, STEM)
    args = parser.parse_args(argv)
    unwind_on_sigterm()
    started = time.monotonic()
    previous = args.out / f"{STEM}.json"
    report = json.loads(previous.read_text()) if previous.exists() else {}
    if args.pages:
        report["pages"] = {
            **archive_pages.run(args.pages, args.samples),
            "source": source_version(),
        }
        report["pages_machine"] = machine()
    else:
        report["result"] = {**run(args.matches), "source": source_version()}
        report["archiving_machine"] = machine()
    report.setdefault("machine", machine())
    write_report(args.out, STEM, report, markdown(report), time.monotonic() - started)


if __name__ == "__main__":
    main()
