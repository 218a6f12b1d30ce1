"""The archive: how fast the archiver writes finished matches to PostgreSQL, and what finished
matches cost Redis before and after it.

Starts a private Redis, a private PostgreSQL (fsync on, as deployed), the Galileo rules service
and an orchestrator (testing flag on, so games are scripted by seed), each its own process.
Plays `--matches` whole 3-player Galileo games, every seat by the benchmark's clients, with no
archiver running: Redis's `used_memory` growth over them is what finished matches cost today
(each keeps its record, state and whole log). Then starts the archiver with no grace: the rate
at which the archive fills (from its first match to its last) is the matches archived per
second, and `used_memory` once the outbox and the purge queue are empty is what is left.
Writes bench/results/archive.json and bench/results/archive.md.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ThreadPoolExecutor
from itertools import count

import psycopg
import redis

from bench.common import (
    add_out_argument,
    machine,
    say,
    source_version,
    table,
    unwind_on_sigterm,
    write_report,
)
from bench.orchestrator import SeparatePlayer
from playhall.common import process
from playhall.common.postgres_server import EmbeddedPostgres
from playhall.common.process import ServiceProcess, orchestrator_env, start_rules_service
from playhall.common.redis_server import EmbeddedRedis
from playhall.players import database, outbox

CLIENTS = 4
STEM = "archive"


def play_whole_games(address: str, matches: int) -> list[str]:
    """Plays `matches` scripted games to their end, `CLIENTS` at a time; their match ids."""
    next_match = count()

    def client(index: int) -> list[str]:
        player = SeparatePlayer(address, index, "bench-archive", games=-(-matches // CLIENTS))
        played: list[str] = []
        try:
            while next(next_match) < matches:
                player.new_match()
                while player.played < len(player.script.moves):
                    player.step([])
                played.append(player.match_id)
        finally:
            player.close()
        return played

    with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
        return [match_id for played in pool.map(client, range(CLIENTS)) for match_id in played]


def warm_up(address: str) -> None:
    """A few moves of a match per client, which stays running (and so out of the archive):
    the orchestrator's pools and caches are as large before the measurement as after."""
    for index in range(CLIENTS):
        player = SeparatePlayer(address, index, "bench-archive-warm-up", games=1)
        player.new_match()
        for _ in range(5):
            player.step([])
        player.close()


def archived(url: str) -> int:
    with psycopg.connect(url) as connection:
        return connection.execute("SELECT count(*) FROM matches").fetchone()[0]


def measure_archiving(db: redis.Redis, url: str, matches: int, env: dict) -> dict:
    """Starts the archiver; the archive's fill rate and how long the purge took."""
    with ServiceProcess(
        "playhall.players.archiver",
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
    with (
        EmbeddedRedis() as redis_server,
        EmbeddedPostgres() as postgres,
        start_rules_service("galileo") as rules,
    ):
        url = postgres.create_database("playhall")
        database.migrate(url)
        env = orchestrator_env(
            redis_server.url,
            {"galileo": rules.address},
            "bench-credential",
            testing=True,
            gateway_credential="bench-gateway-credential",
            PLAYHALL_DATABASE_URL=url,
        )
        db = redis.Redis.from_url(redis_server.url)
        with process.start_orchestrator(env) as orchestrator:
            say(f"Playing {matches} whole Galileo games (3 seats), no archiver running")
            warm_up(orchestrator.address)
            before = db.info("memory")["used_memory"]
            started = time.monotonic()
            played = play_whole_games(orchestrator.address, matches)
            play_s = time.monotonic() - started
            kept = db.info("memory")["used_memory"]
            moves = sum(
                int(db.xlen(f"pm:{{{match_id}}}:log")) - 1
                for match_id in played[: min(50, matches)]
            ) / min(50, matches)
            say(f"  {(kept - before) / matches:,.0f} bytes of Redis per finished match")
            say("Archiving them")
            archiving = measure_archiving(db, url, matches, env)
            left = db.info("memory")["used_memory"]
            say(f"  {archiving['archived_per_s']:.0f} matches/s archived")
        db.close()
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
    lines = [
        "# The archive",
        "",
        f"`python -m bench.archive --matches {matches}` on {source_version()}, "
        f"{report['machine']['cpus_usable']} usable cores ({report['machine']['cpu_model']}), "
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
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.archive", description=__doc__)
    parser.add_argument("--matches", type=int, default=1000, help="finished matches (1000)")
    add_out_argument(parser, STEM)
    args = parser.parse_args(argv)
    unwind_on_sigterm()
    started = time.monotonic()
    report = {"machine": machine(), "result": run(args.matches)}
    write_report(args.out, STEM, report, markdown(report), time.monotonic() - started)


if __name__ == "__main__":
    main()
