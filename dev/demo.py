"""`make demo`: the whole stack on this machine, bots playing every title through it.

Starts a private Redis and PostgreSQL, one rules service per registered title, the
orchestrator, the archiver, a bot worker and the browser gateway (its portal's URL is printed),
each as its own process; plays one bot-vs-bot match of every title through the orchestrator
while a spectator follows the live event stream (the progress line: the version, the time and
who is to move, every second on a terminal, every few seconds in a log); prints each final
score table, checks the revealed seed against the hash published at creation, waits for the
archive to hold every match and prints the bots' ratings it computed, prints a short metrics
summary, and stops everything, leaving no process behind.

Each title's match uses its cheapest bot levels and options that still play it to its end
(`PLANS`), so the demo takes about a minute on an idle machine and finishes on a busy one: the
spectator's watch resumes whenever its stream is cut, and only `--timeout` (for every match
together) ends the wait, with a message saying where the match stood.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TextIO

import grpc
import psycopg

from dev.devstack import Stack
from dev.process import metric_samples
from playhall.bots.levels import LEVELS, level_name
from playhall.common.channels import RECONNECT_OPTIONS
from playhall.core import get_game
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient
from playhall.rules.v1 import rules_service_pb2 as rpb

DEFAULT_TIMEOUT_S = 1800.0
"""The time every match together may take: about a minute on an idle two-core machine, so this
leaves room for one that is many times over-committed."""


@dataclass(frozen=True)
class Plan:
    """A title's demo match: the level of each seat, and the title's options."""

    levels: tuple[str, ...]
    options: Mapping[str, rpb.OptionValue] = field(default_factory=dict)


PLANS = {
    # An `easy` (greedy) seat costs about 0.1 s of CPU a move here against a random one's
    # 1 ms: the cheapest levels that still play a whole match to its end. Measured in process
    # (`playhall.bots.levels`, six seeds): Einstein with an easy seat 34 moves and 3-4 s of bot
    # CPU, random seats 37 moves and 0.13 s; Eynsteyn's random seats never connect (269 moves,
    # every stone laid), an easy one against a random one on the smallest board connects after
    # about 88 moves (2 s); Legendary Inventors' two random seats end after about 110 moves;
    # Galileo is 60 moves whoever plays, so an easy seat costs nothing there.
    "einstein": Plan(("random", "random")),
    "eynsteyn": Plan(("easy", "random"), {"board_size": rpb.OptionValue(int_value=8)}),
    "galileo": Plan(("easy", "random")),
    "inventors": Plan(("random", "random")),
}
DEFAULT_PLAN_LEVEL = "random"
"""A title without a plan: random seats, as few as it allows."""


def plan_for(title: str, players: int | None, levels: tuple[str, ...] | None) -> Plan:
    """The title's plan, with the seats (`players`, clamped to the title's range) and their
    levels (repeated round the table) the command line asked for, if it did."""
    info = get_game(title).info
    plan = PLANS.get(title, Plan((DEFAULT_PLAN_LEVEL,) * info.min_players))
    chosen = levels or plan.levels
    count = min(max(players or len(plan.levels), info.min_players), info.max_players)
    return Plan(tuple(chosen[seat % len(chosen)] for seat in range(count)), plan.options)


class Progress:
    """A match's progress while it is played: its title, version, elapsed time and who is to
    move. On a terminal one status line rewritten every second; elsewhere (a log, a pipe) a
    plain line every `every_s` seconds. Ticks on a timer, so a slow bot shows as time passing
    rather than silence."""

    def __init__(self, match: mpb.MatchSummary, stream: TextIO = sys.stdout, every_s: float = 5.0):
        self.name = get_game(match.title_id).info.display_name
        self.levels = {seat.seat: level_name(seat.bot_level) for seat in match.seats}
        self.stream = stream
        self.tty = stream.isatty()
        self.every_s = 1.0 if self.tty else every_s
        self.started = time.monotonic()
        self.change: mpb.MatchChange | None = None
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._ticker = threading.Thread(target=self._tick, daemon=True)

    def __enter__(self) -> Progress:
        self._ticker.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stopped.set()
        self._ticker.join()
        self._write(self.status(), final=True)

    def seen(self, change: mpb.MatchChange) -> None:
        with self._lock:
            self.change = change

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def status(self) -> str:
        with self._lock:
            change = self.change
        if change is None:
            return f"  {self.name}: waiting for the first move, {self.elapsed():.0f} s"
        if change.phase == mpb.MATCH_PHASE_FINISHED:
            return f"  {self.name}: finished at version {change.version} in {self.elapsed():.1f} s"
        movers = ", ".join(f"seat {s} ({self.levels[s]})" for s in change.status.to_move)
        return (
            f"  {self.name}: version {change.version}, {self.elapsed():.0f} s, "
            f"scores {list(change.status.scores)}, to move: {movers or '-'}"
        )

    def _tick(self) -> None:
        while not self._stopped.wait(self.every_s):
            self._write(self.status())

    def _write(self, text: str, final: bool = False) -> None:
        if self.tty:
            text = "\r\033[K" + text + ("\n" if final else "")
        else:
            text += "\n"
        self.stream.write(text)
        self.stream.flush()


class MatchFailed(Exception):
    """A demo match did not finish; the message says where it stood and why."""


def create_match(lobby: MatchClient, title: str, plan: Plan) -> mpb.MatchSummary:
    seats = [
        mpb.SeatSpec(
            kind=mpb.SEAT_KIND_BOT, bot_level=mpb.BotLevel.Value(f"BOT_LEVEL_{level}".upper())
        )
        for level in plan.levels
    ]
    return lobby.create(title, seats, options=plan.options).match


def follow(lobby: MatchClient, match: mpb.MatchSummary, timeout_s: float) -> mpb.MatchSummary:
    """Watches the match to its end with a progress line; its final summary."""
    with Progress(match) as progress:
        try:
            return lobby.wait_finished(match.match_id, timeout_s=timeout_s, on_change=progress.seen)
        except grpc.RpcError as error:
            at = progress.change.version if progress.change else 0
            if error.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                raise MatchFailed(
                    f"{progress.name}: match {match.match_id} had not finished when the demo's "
                    f"time ran out ({progress.elapsed():.0f} s, at version {at}). The machine is "
                    "probably very busy: run it again with a longer --timeout."
                ) from error
            raise MatchFailed(
                f"{progress.name}: the watch of match {match.match_id} failed at version {at}: "
                f"{error.code().name}: {error.details()}"
            ) from error


def play_bot_match(
    lobby: MatchClient, title: str, plan: Plan, timeout_s: float, portal: str = ""
) -> mpb.MatchSummary:
    match = create_match(lobby, title, plan)
    names = ", ".join(f"seat {s.seat} {level_name(s.bot_level)}" for s in match.seats)
    print(f"\n{get_game(title).info.display_name}: match {match.match_id} ({names})", flush=True)
    if portal:
        print(f"  watch: {portal}match.html?id={match.match_id}", flush=True)
    return follow(lobby, match, timeout_s)


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


def play_every_title(stack: Stack, args: argparse.Namespace) -> tuple[bool, list[str]]:
    """One match of each title, one after another, within `args.timeout` together; whether
    every one finished and revealed a seed matching its published hash, and their ids."""
    deadline = time.monotonic() + args.timeout
    fair, played = True, []
    with grpc.insecure_channel(stack.orchestrator.address, options=RECONNECT_OPTIONS) as channel:
        lobby = MatchClient(channel, timeout_s=30)
        for title in stack.titles:
            plan = plan_for(title, args.players, args.levels)
            final = play_bot_match(
                lobby, title, plan, max(deadline - time.monotonic(), 1.0), stack.portal_url
            )
            played.append(final.match_id)
            fair &= print_result(final)
    return fair, played


def print_metrics(stack: Stack) -> None:
    print("\nMetrics")
    orchestrator = (
        "playhall_moves_accepted_total",
        "playhall_matches_finished_total",
        "playhall_bot_turns_enqueued_total",
    )
    worker = (
        "playhall_bot_move_seconds_sum",
        "playhall_bot_move_seconds_count",
        "playhall_bot_search_iterations_total",
        "playhall_bot_tasks_total",
    )
    print("\n".join(metric_lines(stack.orchestrator.metrics_port, orchestrator)))
    print("\n".join(metric_lines(stack.workers[0].metrics_port, worker)))


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


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m dev.demo",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--players",
        type=int,
        help="seats per match, within each title's range (default: each title's demo plan, "
        "two seats)",
    )
    parser.add_argument(
        "--levels",
        type=lambda text: tuple(text.split(",")),
        help="bot levels of the seats, repeated round the table (default: each title's "
        f"cheapest levels that still play a whole match; levels: {', '.join(LEVELS)})",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT_S,
        help=f"seconds every match together may take (default {DEFAULT_TIMEOUT_S:.0f})",
    )
    args = parser.parse_args(argv)
    if unknown := sorted(set(args.levels or ()) - set(LEVELS)):
        parser.error(f"unknown bot level {unknown[0]!r}; levels: {', '.join(LEVELS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    print(
        "Starting Redis, PostgreSQL, the rules services, the orchestrator, the archiver, a bot "
        "worker and the gateway ...",
        flush=True,
    )
    started = time.monotonic()
    failure = None
    with Stack(gateway=True) as stack:
        print("\n".join(f"  {line}" for line in stack.describe()), flush=True)
        print(f"Watch the matches in a browser while they last: {stack.portal_url}", flush=True)
        archived = False
        try:
            fair, played = play_every_title(stack, args)
        except MatchFailed as failed:
            failure, fair = failed, False
        else:
            print(f"\nEvery title's match finished, {time.monotonic() - started:.0f} s in all.")
            archived = print_ratings(stack.database_url, played)
            print_metrics(stack)
        print("Stopping ...", flush=True)
    print("Stopped.")
    if failure is not None:
        print(f"The demo failed. {failure}", file=sys.stderr)
    return 0 if fair and archived else 1


if __name__ == "__main__":
    sys.exit(main())
