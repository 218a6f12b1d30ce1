"""`make bench-bots`: whether each bot level beats the one below in every title, how long its
decisions take, and how much of a bot task is deciding.

1. The ladder, in process: 2-player games between neighbouring levels (easy vs random, normal
   vs easy, hard vs normal), the higher level's seat rotating, a seed per game, played by
   `--workers` processes, scored by points (a win 1, a draw 1/2). A pairing stops at
   `--max-games` or when a sequential probability ratio test decides for or against its
   target. Every decision is timed (p50/p99 per level and title, the longest turn). Finished
   games are appended to a state file keyed by the bots' configuration and code, so a rerun
   resumes instead of replaying.
2. Bot task time: a dev stack plays `normal` vs `random` matches; the worker's metrics give the
   share of a `play_turn` task's time spent deciding.

How each figure is measured and what it means: bench/README.md. Writes bench/results/bots.json
and bench/results/bots.md. `--quick` is a smoke run of about two minutes with small limits.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import math
import multiprocessing
import os
import queue
import signal
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench.common import (
    RESULTS,
    add_out_argument,
    add_titles_argument,
    machine,
    mark,
    say,
    table,
    write_report,
)
from dev.process import metric_samples
from playhall.archive import ratings
from playhall.bots import arena, base
from playhall.bots.greedy import GreedyBot
from playhall.bots.ismcts import IsmctsBot
from playhall.bots.levels import LEVELS
from playhall.core import Game, get_game

STATE_FILE = RESULTS / "bots-games.jsonl"  # kept in git: a fresh clone resumes the ladder
TESTED = "normal"  # the level whose bot tasks are timed through the stack
ALPHA = BETA = 0.05
DELTA = 0.1  # the indifference zone: wide enough that a clear ladder step decides in 10-30 games
WILSON_Z = 1.959963984540054
TASK_SHARE_TARGET = 0.90


@dataclass(frozen=True)
class Pairing:
    """The tested level against opponents; the tested bot's seat rotates game by game."""

    name: str
    levels: tuple[str, ...]  # tested level first
    target: float
    target_text: str

    @property
    def players(self) -> int:
        return len(self.levels)

    @property
    def tested(self) -> str:
        return self.levels[0]

    def describe(self) -> str:
        return " vs ".join(self.levels)


PAIRINGS = {
    p.name: p
    for p in (
        Pairing("easy-vs-random", ("easy", "random"), 0.65, "score ≥ 65 %"),
        Pairing("normal-vs-easy", ("normal", "easy"), 0.65, "score ≥ 65 %"),
        Pairing("hard-vs-normal", ("hard", "normal"), 0.60, "score ≥ 60 %"),
    )
}


# --- Configuration: what a game's result depends on -----------------------------------------


def level_config(level: str, title: str | None = None) -> dict:
    """A level's bot class and parameters; with a title, only that title's own settings
    (another title's budget does not change this title's games)."""
    bot = LEVELS[level]
    params = {key: value for key, value in vars(bot).items() if not key.startswith("_")}
    if title is not None and isinstance(params.get("titles"), dict):
        params["titles"] = {title: params["titles"].get(title)}
    return {"class": f"{type(bot).__module__}.{type(bot).__qualname__}", "params": params}


def code_digest(game: Game | None = None) -> str:
    """A hash of the code a bot game runs: the play loop (`play_one`), what every bot shares
    (`base`: the decision RNG, legal moves from a view), every level's bot class and, with a
    game, its title's package (its engine, evaluation, move order and tactics)."""
    modules = {arena, base, *(sys.modules[type(bot).__module__] for bot in LEVELS.values())}
    if game is not None:
        package = type(game).__module__.rsplit(".", 1)[0] + "."
        modules |= {m for name, m in list(sys.modules.items()) if name.startswith(package)}
    digest = hashlib.sha256(inspect.getsource(play_one).encode())
    for module in sorted(modules, key=lambda m: m.__name__):
        digest.update(module.__name__.encode() + b"\0" + inspect.getsource(module).encode())
    return digest.hexdigest()[:16]


def pairing_config(game: Game, pairing: Pairing) -> str:
    """The key of a pairing's games in the state file: changes whenever the bots' classes,
    parameters for this title or code, or the title's code or rules version change."""
    title = game.info.title_id
    payload = {
        "title": title,
        "rules_version": game.info.rules_version,
        "levels": [{"level": level, **level_config(level, title)} for level in pairing.levels],
        "code": code_digest(game),
    }
    blob = json.dumps(payload, sort_keys=True, default=repr).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


# --- Statistics ---------------------------------------------------------------------------------


def wilson(successes: float, n: int, z: float = WILSON_Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Sprt:
    """Wald's SPRT for a win rate: H0 p <= p0 against H1 p >= p1. An outcome x in [0, 1] (a
    shared win counts 1/k) adds x log(p1/p0) + (1 - x) log((1 - p1)/(1 - p0))."""

    p0: float
    p1: float
    alpha: float = ALPHA
    beta: float = BETA

    @classmethod
    def around(cls, target: float, delta: float = DELTA) -> Sprt:
        d = min(delta, (1 - target) / 2, target / 2)
        return cls(target - d, target + d)

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    def step(self, x: float) -> float:
        return x * math.log(self.p1 / self.p0) + (1 - x) * math.log((1 - self.p1) / (1 - self.p0))

    def run(self, outcomes: list[float]) -> tuple[str, int, float]:
        """(verdict, outcomes read, log-likelihood ratio): "accept" (H1, the target is met),
        "reject" (H0) or "undecided" after all of them."""
        llr = 0.0
        for n, x in enumerate(outcomes, 1):
            llr += self.step(x)
            if llr >= self.upper:
                return "accept", n, llr
            if llr <= self.lower:
                return "reject", n, llr
        return "undecided", len(outcomes), llr


# --- 1. Win rates, in process, in parallel --------------------------------------------------


def two_player(game: Game) -> int:
    return max(2, game.info.min_players)


def game_seed(title: str, pairing: str, index: int) -> bytes:
    return hashlib.sha256(f"bench-bots:{title}:{pairing}:{index}".encode()).digest()[:16]


def seat_levels(pairing: Pairing, index: int) -> tuple[int, list[str]]:
    """The tested bot's seat in the index-th game (rotating) and every seat's level."""
    tested = index % pairing.players
    others = list(pairing.levels[1:])
    return tested, [
        pairing.levels[0] if seat == tested else others.pop(0) for seat in range(pairing.players)
    ]


def play_one(task: dict) -> dict:
    """One game, in a pool process. The bots arrive pickled from the parent's LEVELS. Plays as
    `arena.play` does, timing every decision and every turn (a seat's moves of one turn)."""
    game = get_game(task["title"])
    bots = task["bots"]
    seed = bytes.fromhex(task["seed"])
    state = game.new_game(len(bots), {}, seed)
    decision_ms: list[list[float]] = [[] for _ in bots]
    turn_ms: list[list[float]] = [[] for _ in bots]
    turn = None
    moves = 0
    start = time.perf_counter()
    while not state.is_terminal():
        seat = state.to_move()[0]
        began = time.perf_counter()
        decision = bots[seat].choose(
            game, state.view(seat), seat, base.decision_rng(seed.hex(), seat, moves)
        )
        took = (time.perf_counter() - began) * 1000
        decision_ms[seat].append(round(took, 2))
        if turn == (seat, state.turn):
            turn_ms[seat][-1] = round(turn_ms[seat][-1] + took, 2)
        else:
            turn_ms[seat].append(round(took, 2))
        turn = (seat, state.turn)
        state = state.apply(seat, decision.move).state
        moves += 1
    seconds = time.perf_counter() - start
    result = arena.GameResult(state.scores(), state.winners(), moves)
    tested = task["tested_seat"]
    return {
        **{k: task[k] for k in ("title", "pairing", "config", "index", "seed", "tested_seat")},
        "levels": task["levels"],
        "scores": list(result.scores),
        "winners": list(result.winners),
        "share": result.score(tested),
        "draw": not result.winners,
        "moves": result.moves,
        "seconds": round(seconds, 3),
        "tested_decisions": len(decision_ms[tested]),
        "tested_seconds": round(sum(decision_ms[tested]) / 1000, 4),
        "decision_ms": decision_ms,
        "turn_ms": turn_ms,
    }


def ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


@dataclass
class Run:
    """The games of one pairing on one title."""

    title: str
    pairing: Pairing
    config: str
    max_games: int
    done: dict[int, dict] = field(default_factory=dict)
    in_flight: set[int] = field(default_factory=set)
    resumed: int = 0

    @property
    def label(self) -> str:
        return f"{self.title} {self.pairing.name}"

    @property
    def sprt(self) -> Sprt:
        return Sprt.around(self.pairing.target)

    def read(self) -> tuple[list[dict], str, float]:
        """The finished games in seed order up to the first gap, as far as the SPRT reads
        them, with its verdict and log-likelihood ratio."""
        games = []
        for index in range(self.max_games):
            if index not in self.done:
                break
            games.append(self.done[index])
        verdict, read, llr = self.sprt.run([g["share"] for g in games])
        return games[:read], verdict, llr

    @property
    def spent(self) -> float:
        """Seconds of play this pairing has had: its finished games, and each game in play at
        their mean; unknown (infinite) while its first game is still in play, so a pairing of
        unknown cost gets no second game before the others have had theirs."""
        seconds = [game["seconds"] for game in self.done.values()]
        if not seconds:
            return math.inf if self.in_flight else 0.0
        return sum(seconds) * (1 + len(self.in_flight) / len(seconds))

    def next_index(self) -> int | None:
        if self.read()[1] != "undecided":
            return None
        for index in range(self.max_games):
            if index not in self.done and index not in self.in_flight:
                return index
        return None

    def task(self, index: int) -> dict:
        tested, levels = seat_levels(self.pairing, index)
        return {
            "title": self.title,
            "pairing": self.pairing.name,
            "config": self.config,
            "index": index,
            "seed": game_seed(self.title, self.pairing.name, index).hex(),
            "tested_seat": tested,
            "levels": levels,
            "bots": [LEVELS[level] for level in levels],
        }

    def summary(self, stopped_early: bool) -> dict:
        games, verdict, llr = self.read()
        n = len(games)
        wins = sum(g["share"] for g in games)
        low, high = wilson(wins, n)
        decisions = sum(g["tested_decisions"] for g in games)
        tested_seconds = sum(g["tested_seconds"] for g in games)
        draws = sum(1 for g in games if g.get("draw"))
        sprt = self.sprt
        return {
            "pairing": self.pairing.describe(),
            "players": self.pairing.players,
            "levels": list(self.pairing.levels),
            "config": self.config,
            "target": round(self.pairing.target, 4),
            "target_text": self.pairing.target_text,
            "max_games": self.max_games,
            "games": n,
            "points": round(wins, 3),
            "score": round(wins / n, 4) if n else None,
            "draws": draws,
            "draw_share": round(draws / n, 4) if n else None,
            "wilson_95": [round(low, 4), round(high, 4)],
            "sprt": {
                "p0": round(sprt.p0, 4),
                "p1": round(sprt.p1, 4),
                "alpha": sprt.alpha,
                "beta": sprt.beta,
                "llr": round(llr, 3),
                "bounds": [round(sprt.lower, 3), round(sprt.upper, 3)],
                "verdict": verdict,
            },
            "stopped_by_time_limit": stopped_early
            and verdict == "undecided"
            and n < self.max_games,
            "finished_games_not_counted": len(self.done) - n,
            "resumed_games": self.resumed,
            "tested_mean_decision_ms": round(tested_seconds / decisions * 1000, 1)
            if decisions
            else None,
            "tested_decisions": decisions,
        }


def load_state(path: Path, runs: dict[tuple[str, str], Run]) -> tuple[int, int]:
    """Reads finished games back into their runs; returns (games reused, lines ignored)."""
    reused = ignored = 0
    if not path.exists():
        return 0, 0
    for line in path.read_text().splitlines():
        try:
            game = json.loads(line)
            run = runs.get((game["title"], game["pairing"]))
            index = game["index"]
            fits = (
                run is not None
                and game["config"] == run.config
                and game["seed"] == game_seed(run.title, run.pairing.name, index).hex()
                and index < run.max_games
            )
        except (ValueError, KeyError, TypeError):
            ignored += 1  # e.g. a line cut short when a run was killed
            continue
        if not fits:
            ignored += 1
            continue
        run.done[index] = game
        reused += 1
    for run in runs.values():
        run.resumed = len(run.done)
    return reused, ignored


def progress_line(run: Run, game: dict, finished: int, total: int) -> str:
    games, verdict, llr = run.read()
    wins = sum(g["share"] for g in games)
    low, high = wilson(wins, len(games))
    outcome = "drawn" if game.get("draw") else "won" if game["share"] else "lost"
    rate = f"{wins / len(games):.3f}" if games else "-"
    return (
        f"  [{run.label}] game {game['index']:3d} ({run.pairing.tested} at seat "
        f"{game['tested_seat']}): {outcome:6} {game['seconds']:5.1f} s | {len(games)} counted, "
        f"score {rate} "
        f"[{low:.2f}, {high:.2f}], LLR {llr:+.2f} in ({run.sprt.lower:.2f}, "
        f"{run.sprt.upper:.2f}) {verdict} | {finished} played this run, <= {total} to go"
    )


def bench_games(
    runs: list[Run], workers: int, state: Path, time_limit: float | None, play: bool = True
) -> bool:
    """Plays the runs' missing games in a pool (none unless `play`); returns whether the time
    limit (or not playing) stopped it."""
    by_key = {(run.title, run.pairing.name): run for run in runs}
    reused, ignored = load_state(state, by_key)
    say(
        f"ladder: {len(runs)} pairings, {workers} worker processes, state {state} "
        f"({reused} finished games reused; {ignored} lines unused: other bots or configurations, "
        "beyond --max-games, or cut short)"
    )
    if not play:
        return True
    state.parent.mkdir(parents=True, exist_ok=True)
    results: queue.Queue = queue.Queue()
    started = time.monotonic()
    finished = 0
    stopped = False
    # fork: the pool runs exactly the code and levels this process loaded (no gRPC channel
    # exists in this process yet, so forking is safe)
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=ignore_sigint)
    try:

        def in_flight() -> int:
            return sum(len(run.in_flight) for run in runs)

        def submit() -> bool:
            candidates = [(run, run.next_index()) for run in runs]
            candidates = [(run, index) for run, index in candidates if index is not None]
            if not candidates:
                return False
            # the least played in time, not in games: a pairing of quick games reaches its
            # verdict early instead of waiting for the slow pairings' games at each count
            run, index = min(
                candidates, key=lambda c: (c[0].spent, len(c[0].done) + len(c[0].in_flight))
            )
            run.in_flight.add(index)
            pool.apply_async(
                play_one, (run.task(index),), callback=results.put, error_callback=results.put
            )
            return True

        def remaining() -> int:
            return sum(
                run.max_games - len(run.done) for run in runs if run.read()[1] == "undecided"
            )

        while in_flight() < workers and submit():
            pass
        with state.open("a") as log:
            if log.tell() and not state.read_bytes().endswith(b"\n"):
                log.write("\n")  # end a line cut short when a run was killed mid-write
            while in_flight():
                try:
                    item = results.get(timeout=1)
                except queue.Empty:
                    continue
                if isinstance(item, BaseException):
                    raise item
                run = by_key[(item["title"], item["pairing"])]
                run.in_flight.discard(item["index"])
                run.done[item["index"]] = item
                log.write(json.dumps(item) + "\n")
                log.flush()
                finished += 1
                say(progress_line(run, item, finished, remaining()))
                if time_limit is not None and time.monotonic() - started > time_limit:
                    if not stopped:
                        say(f"  time limit of {time_limit:g} s reached: finishing games in play")
                    stopped = True
                    continue
                while in_flight() < workers and submit():
                    pass
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    say(f"  {finished} games played in {time.monotonic() - started:.0f} s")
    return stopped


# --- 2. Bot task time through the stack -----------------------------------------------------


def scrape(port: int) -> dict[tuple[str, str, str], float]:
    """The worker's bot metrics: (sample name, title, level) -> value."""
    return {
        (sample.name, sample.labels.get("title", ""), sample.labels["level"]): sample.value
        for sample in metric_samples(port)
        if "level" in sample.labels
    }


def settled_metrics(port: int, wait_s: float = 5.0) -> dict:
    """Scrapes until two scrapes half a second apart agree (the last task's observation lands
    just after its move commits), or `wait_s` passes."""
    deadline = time.monotonic() + wait_s
    previous = scrape(port)
    while time.monotonic() < deadline:
        time.sleep(0.5)
        current = scrape(port)
        if current == previous:
            break
        previous = current
    return previous


def bench_tasks(titles: list[str], matches: int) -> dict:
    """Bot-vs-bot matches through a dev stack; the share of task time spent deciding."""
    import grpc

    from dev.devstack import Stack
    from playhall.match.v1 import match_service_pb2 as mpb
    from playhall.match_client import MatchClient

    say(f"bot tasks: starting a stack ({', '.join(titles)}) with one worker")
    played = []
    with Stack(titles=tuple(titles)) as stack:
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            lobby = MatchClient(channel, timeout_s=30)
            for title in titles:
                players = two_player(get_game(title))
                for index in range(matches):
                    tested = index % players
                    levels = [TESTED if seat == tested else "random" for seat in range(players)]
                    seats = [
                        mpb.SeatSpec(
                            kind=mpb.SEAT_KIND_BOT,
                            bot_level=mpb.BotLevel.Value(f"BOT_LEVEL_{level.upper()}"),
                        )
                        for level in levels
                    ]
                    seed = b"bench-bots:stack:%s:%d" % (title.encode(), index)
                    start = time.monotonic()
                    match = lobby.create(title, seats, seed=seed).match
                    final = lobby.wait_finished(match.match_id, timeout_s=900)
                    elapsed = time.monotonic() - start
                    played.append(
                        {
                            "title": title,
                            "levels": levels,
                            "version": final.version,
                            "scores": list(final.status.scores),
                            "winners": list(final.winners),
                            "seconds": round(elapsed, 2),
                        }
                    )
                    say(
                        f"  [{title}] match {index + 1}/{matches} ({' vs '.join(levels)}): "
                        f"scores {list(final.status.scores)}, winners {list(final.winners)}, "
                        f"{final.version} changes in {elapsed:.1f} s"
                    )
        metrics = settled_metrics(stack.workers[0].metrics_port)
        say("  stopping the stack")
    levels: dict[str, dict] = {}
    for title in titles:
        for level in (TESTED, "random"):

            def value(name: str, title: str = title, level: str = level) -> float:
                return metrics.get((name, title, level), 0.0)

            tasks = value("playhall_bot_task_seconds_count")
            task_s = value("playhall_bot_task_seconds_sum")
            move_s = value("playhall_bot_move_seconds_sum")
            if not tasks:
                continue
            iterations = value("playhall_bot_search_iterations_total")
            levels[f"{title}/{level}"] = {
                "title": title,
                "level": level,
                "tasks": int(tasks),
                "decisions": int(value("playhall_bot_move_seconds_count")),
                "task_seconds_sum": round(task_s, 4),
                "move_seconds_sum": round(move_s, 4),
                "search_share": round(move_s / task_s, 4) if task_s else None,
                "mean_task_ms": round(task_s / tasks * 1000, 2),
                "mean_overhead_ms": round((task_s - move_s) / tasks * 1000, 2),
                "iterations_per_s": round(iterations / move_s) if move_s else 0,
            }
            r = levels[f"{title}/{level}"]
            say(
                f"  [{title}] {level}: {r['tasks']} tasks, {r['mean_task_ms']:.1f} ms each, "
                f"{r['mean_overhead_ms']:.1f} ms outside the decision, "
                f"deciding {r['search_share']:.1%} of task time"
            )
    return {"matches": played, "levels": levels, "target_share": TASK_SHARE_TARGET}


# --- The report -----------------------------------------------------------------------------


def pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def verdict_mark(summary: dict) -> str:
    verdict = summary["sprt"]["verdict"]
    if verdict == "accept":
        return f"{mark(True)} (SPRT accepts)"
    if verdict == "reject":
        return f"{mark(False)} (SPRT rejects)"
    rate = summary["score"]
    side = "≥" if rate is not None and rate >= summary["target"] else "<"
    why = "time limit" if summary["stopped_by_time_limit"] else "max games"
    return f"⚠️ undecided at {why} (estimate {side} target)"


def games_rows(report: dict) -> list[list[str]]:
    rows = []
    for title, pairings in report.get("games", {}).get("titles", {}).items():
        for s in pairings.values():
            low, high = s["wilson_95"]
            sprt = s["sprt"]
            rows.append(
                [
                    title,
                    s["pairing"],
                    f"{s['games']} / {s['max_games']}",
                    f"{pct(s['score'])} ({low:.1%} – {high:.1%})",
                    pct(s["draw_share"]),
                    f"{sprt['p0']:.3f} vs {sprt['p1']:.3f}, LLR {sprt['llr']:+.2f}",
                    f"{s['target_text']}: {verdict_mark(s)}",
                ]
            )
    return rows


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (q in [0, 1]) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def decision_times(runs: list[Run]) -> dict:
    """Per title and level, over every finished game of these runs: the decisions' and the
    turns' time (a turn is a seat's moves between two of another seat's)."""
    found: dict[tuple[str, str], dict[str, list[float]]] = {}
    for run in runs:
        for game in run.done.values():
            for seat, level in enumerate(game["levels"]):
                times = found.setdefault((run.title, level), {"decisions": [], "turns": []})
                times["decisions"] += game.get("decision_ms", [[]] * len(game["levels"]))[seat]
                times["turns"] += game.get("turn_ms", [[]] * len(game["levels"]))[seat]
    result: dict = {}
    for (title, level), times in sorted(found.items()):
        decisions, turns = times["decisions"], times["turns"]
        if not decisions:
            continue
        result.setdefault(title, {})[level] = {
            "decisions": len(decisions),
            "p50_ms": round(percentile(decisions, 0.5), 1),
            "p99_ms": round(percentile(decisions, 0.99), 1),
            "max_ms": round(max(decisions), 1),
            "turns": len(turns),
            "turn_p99_ms": round(percentile(turns, 0.99), 1),
            "turn_max_ms": round(max(turns), 1),
            "budget": budget_text(title, level),
        }
    return result


def level_ratings(runs: list[Run]) -> dict:
    """Per title, each level's rating from the ladder's counted games, as the portal rates bots
    (`playhall.archive.ratings`, every level one player starting at the initial rating); the
    games are rated in seed order, the title's pairings interleaved."""
    by_title: dict[str, list[list[dict]]] = {}
    for run in runs:
        by_title.setdefault(run.title, []).append(run.read()[0])
    result: dict = {}
    for title, pairings in by_title.items():
        rated: dict[str, ratings.Rating] = {}
        games: dict[str, int] = {}
        for index in range(max(map(len, pairings), default=0)):
            for game in (games_of[index] for games_of in pairings if index < len(games_of)):
                levels = dict(enumerate(game["levels"]))
                places = ratings.placements(
                    [
                        ratings.SeatResult(seat, score, seat in game["winners"], left=False)
                        for seat, score in enumerate(game["scores"])
                    ]
                )
                players = ratings.rated_places(levels, places)
                before = {level: rated.get(level, ratings.INITIAL) for level in players}
                rated.update(ratings.rate(before, players))
                for level in players:
                    games[level] = games.get(level, 0) + 1
        result[title] = {
            level: {
                "games": games[level],
                "mu": round(rated[level].mu, 2),
                "sigma": round(rated[level].sigma, 2),
                "ordinal": round(rated[level].ordinal, 2),
            }
            for level in LEVELS
            if level in rated
        }
    return result


def rating_rows(report: dict) -> list[list[str]]:
    rows = []
    for title, levels in report.get("games", {}).get("ratings", {}).items():
        cells = []
        for level in LEVELS:
            found = levels.get(level)
            cells.append(
                f"{found['mu']:.1f} ± {found['sigma']:.1f} ({found['games']} "
                f"game{'' if found['games'] == 1 else 's'})"
                if found
                else "—"
            )
        rows.append([title, *cells])
    return rows


def slips_text(slips: float) -> str:
    return f"; {slips:.0%} of decisions at random" if slips else ""


def budget_text(title: str, level: str) -> str:
    bot = LEVELS[level]
    if isinstance(bot, IsmctsBot):
        own = bot.for_title(title)
        return f"{own.iterations:,} iterations, cap {own.time_cap_s:g} s" + slips_text(own.slips)
    if isinstance(bot, GreedyBot):
        samples = bot.titles.get(title, bot.samples)
        return f"{samples} sample(s) of every move" + slips_text(bot.slips)
    return "—"


def time_rows(report: dict) -> list[list[str]]:
    rows = []
    for title, levels in report.get("games", {}).get("decision_times", {}).items():
        for level in LEVELS:
            if level not in levels:
                continue
            t = levels[level]
            rows.append(
                [
                    title,
                    level,
                    t["budget"],
                    f"{t['decisions']:,}",
                    f"{t['p50_ms']:,.1f}",
                    f"{t['p99_ms']:,.1f}",
                    f"{t['max_ms']:,.1f}",
                    f"{t['turn_p99_ms']:,.1f}",
                    f"{t['turn_max_ms']:,.1f}",
                ]
            )
    return rows


TIME_HEADER = (
    "title",
    "level",
    "budget per decision",
    "decisions",
    "p50 ms",
    "p99 ms",
    "max ms",
    "turn p99 ms",
    "longest turn ms",
)


def task_rows(report: dict) -> list[list[str]]:
    rows = []
    for r in report.get("tasks", {}).get("levels", {}).values():
        target = (
            f"≥ {TASK_SHARE_TARGET:.0%}: {mark(r['search_share'] >= TASK_SHARE_TARGET)}"
            if r["level"] == TESTED and r["search_share"] is not None
            else "—"
        )
        rows.append(
            [
                r["title"],
                r["level"],
                str(r["tasks"]),
                f"{r['mean_task_ms']:,.1f}",
                f"{r['mean_overhead_ms']:,.1f}",
                f"{r['iterations_per_s']:,}" if r["iterations_per_s"] else "—",
                pct(r["search_share"]),
                target,
            ]
        )
    return rows


GAMES_HEADER = (
    "title",
    "pairing (higher level first)",
    "games / max",
    "score of the higher level (95 % Wilson interval)",
    "draws",
    "SPRT: H0 p ≤ p0 vs H1 p ≥ p1",
    "target",
)
RATING_HEADER = ("title", *(f"{level}: μ ± σ" for level in LEVELS))
TASK_HEADER = (
    "title",
    "level",
    "tasks",
    "mean task ms",
    "ms outside the decision",
    "iterations/s in the worker",
    "task time deciding",
    "target",
)


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def markdown(report: dict) -> str:
    m, run = report["machine"], report["run"]
    quick = " (quick smoke run: small limits, not the full benchmark)" if run["quick"] else ""
    lines = [
        f"# Bot benchmark{quick}",
        "",
        f"{report['generated_at']}; {m['cpus_usable']} usable CPUs ({m['cpu_model']}), Python "
        f"{m['python']}; took {run['wall_s']:.0f} s; 1-minute load average at the start of "
        + ", ".join(f"{part} {load:.1f}" for part, load in report["load"].items())
        + f"; bot code digest `{report['code_digest']}`. How it measures and what each figure "
        "means: [bench/README.md](../README.md). Raw numbers: `bots.json`. Bot turn latency "
        "with 1 and 2 worker processes and the matches a worker core sustains: "
        "[capacity.md](capacity.md) (`bench.capacity`).",
        "",
    ]
    if "games" in report:
        lines += ["## The ladder", "", *table(GAMES_HEADER, games_rows(report)), ""]
        lines += [
            "## Ratings from the ladder games",
            "",
            f"Each level as the portal rates a bot (OpenSkill, from μ {ratings.INITIAL.mu:g}, "
            f"σ {ratings.INITIAL.sigma:.2f}), on the counted "
            "games above only: a level's ladder neighbours are all it met, so compare the "
            "levels of one title, not one title's numbers with another's.",
            "",
            *table(RATING_HEADER, rating_rows(report)),
            "",
        ]
        lines += ["## Decision time", "", *table(TIME_HEADER, time_rows(report)), ""]
    if "tasks" in report:
        lines += ["## Bot task time", "", *table(TASK_HEADER, task_rows(report)), ""]
    return "\n".join(lines)


# --- The whole run ----------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bots",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_titles_argument(parser)
    parser.add_argument(
        "--pairings",
        nargs="+",
        choices=list(PAIRINGS),
        default=list(PAIRINGS),
        metavar="PAIRING",
        help=f"pairings to play (default: the whole ladder, {', '.join(PAIRINGS)})",
    )
    parser.add_argument(
        "--max-games",
        type=int,
        help="most games of a pairing (default 100; --quick 2)",
    )
    parser.add_argument(
        "--workers", type=int, default=2, help="processes playing games (default 2)"
    )
    parser.add_argument(
        "--state",
        type=Path,
        default=STATE_FILE,
        help=f"JSON-lines file of finished games, for resuming (default {STATE_FILE})",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        help="seconds after which no new game starts (the games in play finish; rerun to "
        "resume); default 1800, --quick none; 0 for none",
    )
    parser.add_argument(
        "--matches",
        type=int,
        help="normal vs random matches per title through the stack (default 3; --quick 1)",
    )
    parser.add_argument(
        "--sections",
        nargs="+",
        choices=("games", "tasks"),
        default=["games", "tasks"],
        help="what to measure (default: all)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run of about two minutes, small limits"
    )
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="play no game: write the report from the games in --state",
    )
    add_out_argument(parser, "bots")
    args = parser.parse_args(argv)
    quick = args.quick
    defaults = {
        "max_games": 2 if quick else 100,
        "time_limit": 0 if quick else 1800,
        "matches": 1 if quick else 3,
    }
    for name, default in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    for name in ("max_games", "matches", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.time_limit < 0:
        parser.error("--time-limit must not be negative")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    code = code_digest()
    report: dict = {
        "machine": machine(),
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "run": {
            "quick": args.quick,
            "titles": args.titles,
            "pairings": args.pairings,
            "matches": args.matches,
        },
        "levels": {level: level_config(level) for level in LEVELS},
        "code_digest": code,
    }
    report["load"] = {}
    if "games" in args.sections:
        report["load"]["games"] = os.getloadavg()[0]
        runs = []
        for title in args.titles:
            game = get_game(title)
            for name in args.pairings:
                pairing = PAIRINGS[name]
                if not game.info.min_players <= pairing.players <= game.info.max_players:
                    continue
                config = pairing_config(game, pairing)
                runs.append(Run(title, pairing, config, args.max_games))
        time_limit = args.time_limit or None
        try:
            stopped = bench_games(
                runs, args.workers, args.state, time_limit, play=not args.report_only
            )
        except KeyboardInterrupt:
            say(f"\ninterrupted: finished games are in {args.state}; run again to resume")
            return 130
        report["games"] = {
            "workers": args.workers,
            "state_file": display_path(args.state),
            "time_limit_s": time_limit,
            "reused_games": sum(run.resumed for run in runs),
            "titles": {},
            "decision_times": decision_times(runs),
            "ratings": level_ratings(runs),
        }
        for run in runs:
            summary = run.summary(stopped)
            report["games"]["titles"].setdefault(run.title, {})[run.pairing.name] = summary
            say(
                f"  [{run.label}] {summary['games']} games, score {pct(summary['score'])} "
                f"{summary['wilson_95']}, SPRT {summary['sprt']['verdict']}"
            )
    if "tasks" in args.sections:
        report["load"]["tasks"] = os.getloadavg()[0]
        report["tasks"] = bench_tasks(args.titles, args.matches)
    report["run"]["wall_s"] = round(time.monotonic() - started, 1)
    write_report(args.out, "bots", report, markdown(report), report["run"]["wall_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
