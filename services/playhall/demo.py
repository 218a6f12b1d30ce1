"""`make demo`: the whole stack on this machine, bots playing every title through it.

Starts a private Redis and PostgreSQL, one rules service per registered title, the
orchestrator, the archiver, a bot worker and the browser gateway (its portal's URL is printed),
each as its own process; plays one bot-vs-bot match of every title through the orchestrator
while a spectator follows the live event stream (the progress line); prints each final score
table, checks the revealed seed against the hash published at creation, waits for the archive
to hold every match and prints the bots' ratings it computed, prints a short metrics summary,
and stops everything, leaving no process behind.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time

import grpc
import psycopg

from playhall.bots.levels import LEVELS, level_name
from playhall.client import MatchClient
from playhall.common.process import metric_samples
from playhall.core import get_game
from playhall.devstack import Stack
from playhall.match.v1 import match_service_pb2 as mpb

DEFAULT_LEVELS = ("easy", "random")
"""Seat levels, repeated round the table: quick ones, so every title's match takes seconds
(a `normal` seat thinks up to a second a move, and some titles' games run to hundreds)."""


class Progress:
    """One line that rewrites itself on a terminal, or a line every few seconds elsewhere."""

    def __init__(self, stream=sys.stdout):
        self.stream = stream
        self.tty = stream.isatty()
        self.last = 0.0

    def show(self, text: str, final: bool = False) -> None:
        if self.tty:
            self.stream.write("\r\033[K" + text + ("\n" if final else ""))
        elif final or time.monotonic() - self.last > 2:
            self.stream.write(text + "\n")
            self.last = time.monotonic()
        self.stream.flush()


def play_bot_match(
    lobby: MatchClient, title: str, players: int, levels: tuple[str, ...], portal: str = ""
) -> mpb.MatchSummary:
    seats = [
        mpb.SeatSpec(
            kind=mpb.SEAT_KIND_BOT,
            bot_level=mpb.BotLevel.Value("BOT_LEVEL_" + levels[seat % len(levels)].upper()),
        )
        for seat in range(players)
    ]
    match = lobby.create(title, seats).match
    names = ", ".join(f"seat {s.seat} {level_name(s.bot_level)}" for s in match.seats)
    print(f"\n{get_game(title).info.display_name}: match {match.match_id} ({names})")
    if portal:
        print(f"  watch: {portal}match.html?id={match.match_id}")
    progress, started = Progress(), time.monotonic()

    def show(change: mpb.MatchChange) -> None:
        movers = ",".join(map(str, change.status.to_move)) or "-"
        progress.show(
            f"  version {change.version:4d}  {time.monotonic() - started:6.1f}s  "
            f"scores {list(change.status.scores)}  to move: {movers}"
        )

    final = lobby.wait_finished(match.match_id, timeout_s=900, on_change=show)
    progress.show(f"  finished after {time.monotonic() - started:.1f}s", final=True)
    return final


def print_result(match: mpb.MatchSummary) -> bool:
    for seat in match.seats:
        mark = "  winner" if seat.seat in match.winners else ""
        print(
            f"    seat {seat.seat} ({level_name(seat.bot_level):6}) "
            f"{match.status.scores[seat.seat]:4d}{mark}"
        )
    fair = hashlib.sha256(match.seed).digest() == match.seed_sha256
    print(
        f"    {match.version} changes; the revealed seed "
        f"{'matches' if fair else 'DOES NOT MATCH'} the SHA-256 published at creation"
    )
    return fair


def metric_lines(port: int, names: tuple[str, ...]) -> list[str]:
    lines = []
    for sample in metric_samples(port, timeout=5):
        if sample.name in names:
            labels = ",".join(f'{key}="{value}"' for key, value in sorted(sample.labels.items()))
            lines.append(f"    {sample.name}{{{labels}}} = {sample.value:g}")
    return lines


ARCHIVE_TIMEOUT_S = 60


def print_ratings(database_url: str, match_ids: list[str]) -> bool:
    """Waits for the archive to hold every match, then prints the bots' ratings per title;
    False if it does not in time."""
    query = "SELECT count(*) FROM matches WHERE match_id = ANY(%s)"
    deadline = time.monotonic() + ARCHIVE_TIMEOUT_S
    with psycopg.connect(database_url, autocommit=True) as connection:
        while connection.execute(query, (match_ids,)).fetchone()[0] < len(match_ids):
            if time.monotonic() > deadline:
                print(f"\nThe archive did not get every match within {ARCHIVE_TIMEOUT_S} s")
                return False
            time.sleep(0.2)
        rows = connection.execute(
            """
            SELECT r.title_id, p.display_name, r.mu, r.sigma, r.games
            FROM ratings r JOIN players p ON p.id = r.player_id
            ORDER BY r.title_id, r.mu - 3 * r.sigma DESC
            """
        ).fetchall()
    print(f"\nArchived {len(match_ids)} matches; ratings (OpenSkill mu +- sigma):")
    for title, name, mu, sigma, games in rows:
        print(f"    {title:<10} {name:<12} {mu:6.2f} +- {sigma:5.2f}  ({games} game(s))")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.demo",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--players",
        type=int,
        default=3,
        help="seats per match, within each title's range (default 3)",
    )
    parser.add_argument(
        "--levels",
        type=lambda text: tuple(text.split(",")),
        default=DEFAULT_LEVELS,
        help="bot levels of the seats, repeated round the table "
        f"(default {','.join(DEFAULT_LEVELS)}; levels: {', '.join(LEVELS)})",
    )
    args = parser.parse_args(argv)
    if unknown := sorted(set(args.levels) - set(LEVELS)):
        parser.error(f"unknown bot level {unknown[0]!r}; levels: {', '.join(LEVELS)}")
    print(
        "Starting Redis, PostgreSQL, the rules services, the orchestrator, the archiver, a bot "
        "worker and the gateway ...",
        flush=True,
    )
    fair = True
    with Stack(gateway=True) as stack:
        print("\n".join(f"  {line}" for line in stack.describe()), flush=True)
        print(f"Watch the matches in a browser while they last: {stack.portal_url}", flush=True)
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            lobby = MatchClient(channel, timeout_s=30)
            played = []
            for title in stack.titles:
                info = get_game(title).info
                players = min(max(args.players, info.min_players), info.max_players)
                played.append(play_bot_match(lobby, title, players, args.levels, stack.portal_url))
                fair &= print_result(played[-1])
        archived = print_ratings(stack.database_url, [match.match_id for match in played])
        print("\nMetrics")
        print(
            "\n".join(
                metric_lines(
                    stack.orchestrator.metrics_port,
                    (
                        "playhall_moves_accepted_total",
                        "playhall_matches_finished_total",
                        "playhall_bot_turns_enqueued_total",
                    ),
                )
            )
        )
        print(
            "\n".join(
                metric_lines(
                    stack.workers[0].metrics_port,
                    (
                        "playhall_bot_move_seconds_sum",
                        "playhall_bot_move_seconds_count",
                        "playhall_bot_search_iterations_total",
                        "playhall_bot_tasks_total",
                    ),
                )
            )
        )
        print("Stopping ...", flush=True)
    print("Stopped.")
    return 0 if fair and archived else 1


if __name__ == "__main__":
    sys.exit(main())
