"""Matchmaking: how long players wait and how close in rating their opponents are, with tickets
arriving at a steady rate over two orchestrator replicas.

Starts a private Redis, a private PostgreSQL (the archive the ratings are read from), the
Galileo rules service and two orchestrators with the default matchmaking settings (a window of
2 rating points growing 0.25 a second; bots after `--bot-fill-after` seconds), each its own
process. Gives `--tickets` players ratings drawn from a normal distribution (mean 25, standard
deviation `--spread`), then lets them arrive at `--rate` a second (exponential gaps), each on
an EnterQueue stream of its own to either replica, for the 2-player queue. Reports each
ticket's wait until its Matched (as the orchestrator measured it), the rating gap within each
match of two people, the share of tickets that bots were needed for, and whether any player
was seated twice. Writes bench/results/matchmaking.json and bench/results/matchmaking.md.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import statistics
import time

import grpc
import psycopg

from bench.common import (
    add_out_argument,
    machine,
    say,
    source_version,
    table,
    unwind_on_sigterm,
    write_report,
)
from dev import process
from dev.postgres_server import EmbeddedPostgres
from dev.process import orchestrator_env, start_rules_service
from dev.redis_server import EmbeddedRedis
from playhall.accounts.guests import GuestIssuer, new_signing_key
from playhall.archive import database
from playhall.matchmaking.v1 import matchmaking_service_pb2 as pb
from playhall.matchmaking.v1 import matchmaking_service_pb2_grpc

STEM = "matchmaking"
ISSUER, AUDIENCE = "https://bench.playhall", "playhall"
TITLE, PLAYERS = "galileo", 2


def rate_players(url: str, signed: list, rng: random.Random, spread: float) -> dict[str, float]:
    """A rating for each signed-in player, in the archive; by player id."""
    ratings = {s.player.player_id: rng.gauss(25.0, spread) for s in signed}
    with psycopg.connect(url, autocommit=True) as connection:
        for s in signed:
            connection.execute(
                "INSERT INTO players (id, issuer, subject, kind, display_name) "
                "VALUES (%s, %s, %s, 'person', %s)",
                (s.player.player_id, s.player.issuer, s.player.subject, s.player.display_name),
            )
            connection.execute(
                "INSERT INTO ratings (player_id, title_id, mu, sigma, games, updated_at) "
                "VALUES (%s, %s, %s, 3, 20, now())",
                (s.player.player_id, TITLE, ratings[s.player.player_id]),
            )
    return ratings


async def arrive(addresses: list[str], signed: list, rate: float, rng: random.Random) -> list:
    """Every ticket's Matched (None for one not matched before the stream's deadline)."""
    channels = [grpc.aio.insecure_channel(address) for address in addresses]
    stubs = [matchmaking_service_pb2_grpc.MatchmakingServiceStub(c) for c in channels]

    async def one(index: int, token: str, delay: float):
        await asyncio.sleep(delay)
        call = stubs[index % len(stubs)].EnterQueue(
            pb.EnterQueueRequest(title_id=TITLE, players=PLAYERS),
            metadata=[("authorization", f"Bearer {token}")],
            timeout=300,
        )
        async for update in call:
            if update.HasField("matched"):
                return update.matched
        return None

    delays, at = [], 0.0
    for _ in signed:
        at += rng.expovariate(rate)
        delays.append(at)
    try:
        return await asyncio.gather(
            *(one(i, s.token, d) for i, (s, d) in enumerate(zip(signed, delays, strict=True)))
        )
    finally:
        for channel in channels:
            await channel.close()


def run(tickets: int, rate: float, spread: float, bot_fill_after: float, seed: int) -> dict:
    rng = random.Random(seed)
    private, public = new_signing_key()
    issuer = GuestIssuer(ISSUER, AUDIENCE, private, ttl_s=3600)
    signed = [issuer.sign_in(f"Player {n}") for n in range(tickets)]
    with (
        EmbeddedRedis() as redis_server,
        EmbeddedPostgres(durable=False) as postgres,
        start_rules_service(TITLE) as rules,
    ):
        url = postgres.create_database("playhall")
        database.migrate(url)
        ratings = rate_players(url, signed, rng, spread)
        env = orchestrator_env(
            redis_server.url,
            {TITLE: rules.address},
            "bench-credential",
            gateway_credential="bench-gateway-credential",
            PLAYHALL_DATABASE_URL=url,
            PLAYHALL_DATABASE_MIGRATE="0",
            PLAYHALL_JWT_ISSUER=ISSUER,
            PLAYHALL_JWT_AUDIENCE=AUDIENCE,
            PLAYHALL_JWT_PUBLIC_KEYS=public,
            PLAYHALL_MATCHMAKING_BOT_FILL_AFTER_S=str(bot_fill_after),
        )
        with process.start_orchestrator(env) as a, process.start_orchestrator(env) as b:
            say(f"{tickets} tickets arriving at {rate:g}/s over two replicas")
            started = time.monotonic()
            matched = asyncio.run(arrive([a.address, b.address], signed, rate, rng))
            took_s = time.monotonic() - started
    waits = [m.waited_ms / 1000 for m in matched if m is not None]
    by_match = collections.defaultdict(list)
    for m in matched:
        if m is not None:
            by_match[m.match.match_id].append(m)
    seated = collections.Counter(
        seat.player_id for ms in by_match.values() for seat in ms[0].match.seats if seat.player_id
    )
    people = [ms for ms in by_match.values() if ms[0].bot_seats == 0]
    gaps = [
        abs(ratings[ms[0].match.seats[0].player_id] - ratings[ms[0].match.seats[1].player_id])
        for ms in people
    ]
    quantiles = statistics.quantiles(waits, n=100, method="inclusive") if len(waits) > 1 else []
    return {
        "tickets": tickets,
        "rate_per_s": rate,
        "rating_spread": spread,
        "bot_fill_after_s": bot_fill_after,
        "took_s": took_s,
        "matched": len(waits),
        "matches": len(by_match),
        "matches_with_bots": len(by_match) - len(people),
        "seated_twice": sum(1 for n in seated.values() if n > 1),
        "wait_p50_s": quantiles[49] if quantiles else None,
        "wait_p90_s": quantiles[89] if quantiles else None,
        "wait_p99_s": quantiles[98] if quantiles else None,
        "wait_max_s": max(waits, default=None),
        "gap_mean": statistics.fmean(gaps) if gaps else None,
        "gap_p90": statistics.quantiles(gaps, n=10)[8] if len(gaps) > 1 else None,
        "gap_max": max(gaps, default=None),
        "load_average_1m": os.getloadavg()[0],
    }


def markdown(report: dict) -> str:
    r = report["result"]
    lines = [
        "# Matchmaking",
        "",
        f"`python -m bench.matchmaking --tickets {r['tickets']} --rate {r['rate_per_s']:g} "
        f"--spread {r['rating_spread']:g} --bot-fill-after {r['bot_fill_after_s']:g}` on "
        f"{source_version()}, {report['machine']['cpus_usable']} usable cores "
        f"({report['machine']['cpu_model']}), shared with other work (load average "
        f"{r['load_average_1m']:.1f} at the end). Method: the module docstring of "
        "`bench/matchmaking.py`.",
        "",
        f"{r['tickets']} players rated N(25, {r['rating_spread']:g}) entered the 2-player Galileo "
        f"queue at {r['rate_per_s']:g} a second over two replicas, default windows (2 points, "
        f"+0.25 a second), bots after {r['bot_fill_after_s']:g} s; all of it took "
        f"{r['took_s']:.0f} s.",
        "",
        *table(
            ["", "value"],
            [
                ["tickets matched", f"{r['matched']} of {r['tickets']}"],
                ["players seated twice", str(r["seated_twice"])],
                ["matches (of them with a bot)", f"{r['matches']} ({r['matches_with_bots']})"],
                [
                    "wait p50 / p90 / p99 / max",
                    " / ".join(
                        f"{r[k]:.2f} s" if r[k] is not None else "-"
                        for k in ("wait_p50_s", "wait_p90_s", "wait_p99_s", "wait_max_s")
                    ),
                ],
                [
                    "rating gap of two players, mean / p90 / max",
                    " / ".join(
                        f"{r[k]:.2f}" if r[k] is not None else "-"
                        for k in ("gap_mean", "gap_p90", "gap_max")
                    ),
                ],
            ],
        ),
        "",
        "A wait is the orchestrator's: from the ticket's entry to the match script that took "
        "it, so it includes the matchmaker's interval (0.5 s) but not the client's stream. The "
        "gap is the difference of the two players' ratings (OpenSkill mu) in a match without "
        "bots: the window a ticket had grown to bounds it.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.matchmaking", description=__doc__)
    parser.add_argument("--tickets", type=int, default=1000, help="players (1000)")
    parser.add_argument("--rate", type=float, default=50.0, help="arrivals a second (50)")
    parser.add_argument("--spread", type=float, default=4.0, help="ratings' deviation (4)")
    parser.add_argument(
        "--bot-fill-after", type=float, default=30.0, help="seconds before bots fill (30)"
    )
    parser.add_argument("--seed", type=int, default=24, help="arrivals and ratings (24)")
    add_out_argument(parser, STEM)
    args = parser.parse_args(argv)
    unwind_on_sigterm()
    started = time.monotonic()
    result = run(args.tickets, args.rate, args.spread, args.bot_fill_after, args.seed)
    report = {"machine": machine(), "result": result}
    write_report(args.out, STEM, report, markdown(report), time.monotonic() - started)


if __name__ == "__main__":
    main()
