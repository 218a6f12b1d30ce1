"""`make bench`: how fast every registered title plays, in process and through its rules service.

For each title, at a representative player count (3 when the title allows it, else its minimum):

1. Engine: random playouts (`playhall.core.play_random`) in this process, on one core, for a
   fixed wall-time budget: moves/s, games/s and the mean number of moves of a game.
2. Rules service: the real service, started as its own process (`start_rules_service`), driven
   over gRPC on localhost by this process. Latency: random games are played over the wire
   (NewGame, GetView for a mover's legal moves, ApplyMove) and every GetView and ApplyMove call is
   timed on its own. Throughput: the requests those games sent are replayed back to back (the
   service is stateless, so each is valid on its own) by 1 client, and by 4 client threads with a
   connection each for ApplyMove.

Writes bench/results/engine.json and bench/results/engine.md, with the issue's targets marked.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from threading import Barrier

import google.protobuf
import grpc
from google.protobuf.internal import api_implementation

from playhall.common.process import start_rules_service
from playhall.core import Game, GameInfo, InvalidSetup, Rng, get_game, play_random, title_ids
from playhall.core.wire import moves_as_any
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules.v1.rules_service_pb2_grpc import RulesServiceStub

RESULTS = Path(__file__).resolve().parent / "results"
CLIENTS = 4
"""Client threads of the concurrent ApplyMove measurement (the JSON key names this number)."""
ENGINE_TARGETS = {"eynsteyn": 3_000, "galileo": 20_000}
"""Issue targets: engine moves per second, by title."""
APPLY_P50_TARGET_MS = 1.0
"""Issue target: ApplyMove median latency through the rules service, every title."""


def say(message: str) -> None:
    print(message, flush=True)


def representative_players(info: GameInfo) -> int:
    return 3 if info.min_players <= 3 <= info.max_players else info.min_players


def seed_of(index: int) -> bytes:
    """The setup seed of the index-th game of a run, so every run plays the same games."""
    return b"bench:%d" % index


def move_rng(seed: bytes) -> Rng:
    """The random player's choices in the game set up from `seed`."""
    return Rng(b"bench-moves:" + seed)


# --- 1. The engine, in process ---------------------------------------------------------------


def bench_engine(game: Game, players: int, seconds: float) -> dict:
    """Random playouts back to back (setup included) for `seconds` of wall time."""
    games = moves = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        seed = seed_of(games)
        _, history = play_random(game.new_game(players, seed=seed), move_rng(seed))
        games += 1
        moves += len(history)
    elapsed = time.perf_counter() - start
    return {
        "moves_per_s": round(moves / elapsed, 1),
        "games_per_s": round(games / elapsed, 2),
        "moves_per_game": round(moves / games, 2),
    }


# --- 2. The rules service, over gRPC -----------------------------------------------------------


@dataclass
class WireLog:
    """What a client sent and how long each call took (seconds, as the client saw it)."""

    apply_s: list[float] = field(default_factory=list)
    view_s: list[float] = field(default_factory=list)
    apply_requests: list[pb.ApplyMoveRequest] = field(default_factory=list)
    view_requests: list[pb.GetViewRequest] = field(default_factory=list)


def open_channel(address: str) -> grpc.Channel:
    """A connected channel with a connection of its own (not shared with other channels)."""
    channel = grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
    grpc.channel_ready_future(channel).result(timeout=10)
    return channel


def timed(latencies: list[float], call: Callable, *args):
    """`call(*args)`, its wall time appended to `latencies`."""
    start = time.perf_counter()
    response = call(*args)
    latencies.append(time.perf_counter() - start)
    return response


def play_wire_game(stub: RulesServiceStub, players: int, seed: bytes, log: WireLog) -> None:
    """Plays one random game through the service, timing every GetView and ApplyMove into `log`."""
    rng = move_rng(seed)
    started = stub.NewGame(pb.NewGameRequest(players=players, seed=seed))
    state, status = started.state, started.status
    while not status.finished:
        seat = rng.choice(status.to_move)
        view_request = pb.GetViewRequest(state=state, seat=seat)
        view = timed(log.view_s, stub.GetView, view_request)
        move = rng.choice(moves_as_any(view.legal_moves))
        apply_request = pb.ApplyMoveRequest(state=state, seat=seat, move=move)
        applied = timed(log.apply_s, stub.ApplyMove, apply_request)
        log.view_requests.append(view_request)
        log.apply_requests.append(apply_request)
        state, status = applied.state, applied.status


def record_games(address: str, players: int, seconds: float) -> WireLog:
    """Random games over the wire for `seconds`, after one untimed warm-up game."""
    log = WireLog()
    with open_channel(address) as channel:
        stub = RulesServiceStub(channel)
        play_wire_game(stub, players, b"bench:warm-up", WireLog())
        games = 0
        start = time.perf_counter()
        while games == 0 or time.perf_counter() - start < seconds:
            play_wire_game(stub, players, seed_of(games), log)
            games += 1
    return log


def throughput(
    address: str, method: str, requests: Sequence, clients: int, seconds: float
) -> float:
    """Calls per second completed by `clients` threads, each on its own connection, sending
    `requests` round-robin back to back for `seconds` of wall time."""
    window: dict[str, float] = {}
    start_together = Barrier(
        clients, action=lambda: window.update(start=time.perf_counter()), timeout=30
    )

    def client(index: int) -> tuple[int, float]:
        with open_channel(address) as channel:
            call = getattr(RulesServiceStub(channel), method)
            call(requests[index % len(requests)])
            start_together.wait()
            sent = 0
            while time.perf_counter() - window["start"] < seconds:
                call(requests[(index + sent) % len(requests)])
                sent += 1
            return sent, time.perf_counter()

    with ThreadPoolExecutor(max_workers=clients) as pool:
        results = list(pool.map(client, range(clients)))
    elapsed = max(end for _, end in results) - window["start"]
    return sum(sent for sent, _ in results) / elapsed


def percentile_ms(samples: list[float], percent: int) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[percent - 1] * 1000


def bench_rpc(title: str, players: int, seconds: float) -> dict:
    """Latency and throughput of the title's rules service, started for this measurement."""
    with start_rules_service(title) as service:
        address = service.address
        say(f"  [{title}] rules service on {address}: timing random games ({seconds:g} s)")
        log = record_games(address, players, seconds)
        say(
            f"  [{title}] {len(log.apply_s):,} ApplyMove and {len(log.view_s):,} GetView timed; "
            f"ApplyMove back to back, 1 client ({seconds:g} s)"
        )
        apply_1 = throughput(address, "ApplyMove", log.apply_requests, 1, seconds)
        say(f"  [{title}] GetView back to back, 1 client ({seconds:g} s)")
        view_1 = throughput(address, "GetView", log.view_requests, 1, seconds)
        say(f"  [{title}] ApplyMove back to back, {CLIENTS} clients ({seconds:g} s)")
        apply_n = throughput(address, "ApplyMove", log.apply_requests, CLIENTS, seconds)
    return {
        "apply_p50_ms": round(percentile_ms(log.apply_s, 50), 4),
        "apply_p99_ms": round(percentile_ms(log.apply_s, 99), 4),
        "apply_per_s": round(apply_1, 1),
        f"apply_per_s_{CLIENTS}_clients": round(apply_n, 1),
        "view_p50_ms": round(percentile_ms(log.view_s, 50), 4),
        "view_p99_ms": round(percentile_ms(log.view_s, 99), 4),
        "view_per_s": round(view_1, 1),
    }


# --- The whole run and its reports -------------------------------------------------------------


def bench_title(title: str, players: int, seconds: float) -> dict:
    say(f"[{title}] engine: random {players}-player playouts in process ({seconds:g} s)")
    engine = bench_engine(get_game(title), players, seconds)
    say(f"  [{title}] {engine['moves_per_s']:,.0f} moves/s, {engine['games_per_s']:,.1f} games/s")
    rpc = bench_rpc(title, players, seconds)
    say(
        f"  [{title}] ApplyMove p50 {rpc['apply_p50_ms']:.3f} ms, "
        f"{rpc['apply_per_s']:,.0f}/s (1 client), "
        f"{rpc[f'apply_per_s_{CLIENTS}_clients']:,.0f}/s ({CLIENTS} clients)"
    )
    return {"players": players, **engine, "rpc": rpc}


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict:
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    return {
        "cpu_count": os.cpu_count(),
        "cpus_usable": len(usable) if usable else os.cpu_count(),
        "cpu_model": cpu_model(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "grpcio": grpc.__version__,
        "protobuf": google.protobuf.__version__,
        "protobuf_backend": api_implementation.Type(),
    }


def mark(passed: bool) -> str:
    return "✅ pass" if passed else "❌ fail"


def engine_target(title: str, result: dict) -> str:
    if title not in ENGINE_TARGETS:
        return "—"
    target = ENGINE_TARGETS[title]
    return f"≥ {target:,} moves/s: {mark(result['moves_per_s'] >= target)}"


def apply_target(result: dict) -> str:
    passed = result["rpc"]["apply_p50_ms"] < APPLY_P50_TARGET_MS
    return f"ApplyMove p50 < {APPLY_P50_TARGET_MS:g} ms: {mark(passed)}"


ENGINE_HEADER = ("title", "players", "moves/s", "games/s", "moves/game", "target")
RPC_HEADER = (
    "title",
    "players",
    "ApplyMove p50 ms",
    "ApplyMove p99 ms",
    "ApplyMove/s",
    f"ApplyMove/s, {CLIENTS} clients",
    "GetView p50 ms",
    "GetView p99 ms",
    "GetView/s",
    "target",
)
ENGINE_ABOUT = "Random playouts (`playhall.core.play_random`, setup included) back to back."
RPC_ABOUT = (
    "The real rules service runs as its own process; the benchmark process is the client, on "
    "localhost. Latencies are single calls timed by the client while it plays random games "
    "(GetView for the mover's legal moves, then ApplyMove). Throughputs are those recorded "
    f"requests replayed back to back by 1 client, or by {CLIENTS} client threads with a "
    "connection each."
)


def engine_row(title: str, r: dict) -> list[str]:
    return [
        title,
        str(r["players"]),
        f"{r['moves_per_s']:,.0f}",
        f"{r['games_per_s']:,.1f}",
        f"{r['moves_per_game']:.1f}",
        engine_target(title, r),
    ]


def rpc_row(title: str, r: dict) -> list[str]:
    rpc = r["rpc"]
    return [
        title,
        str(r["players"]),
        f"{rpc['apply_p50_ms']:.3f}",
        f"{rpc['apply_p99_ms']:.3f}",
        f"{rpc['apply_per_s']:,.0f}",
        f"{rpc[f'apply_per_s_{CLIENTS}_clients']:,.0f}",
        f"{rpc['view_p50_ms']:.3f}",
        f"{rpc['view_p99_ms']:.3f}",
        f"{rpc['view_per_s']:,.0f}",
        apply_target(r),
    ]


def section(heading: str, about: str, header: Sequence[str], rows: list[list[str]]) -> list[str]:
    lines = [f"## {heading}", "", about, "", "| " + " | ".join(header) + " |"]
    lines.append("|" + "---|" * len(header))
    return lines + ["| " + " | ".join(row) + " |" for row in rows] + [""]


def markdown(report: dict, seconds: float) -> str:
    m = report["machine"]
    titles = report["titles"].items()
    intro = [
        "# Engine benchmark",
        "",
        f"Generated {report['generated_at']} on {m['platform']}, {m['cpu_model']}, "
        f"{m['cpus_usable']} usable CPUs; Python {m['python']}, grpcio {m['grpcio']}, "
        f"protobuf {m['protobuf']} ({m['protobuf_backend']} backend).",
        "",
        "Every title is measured at a representative player count (3 when it allows 3), "
        f"{seconds:g} s of wall time per measurement. Reproduce with `make bench` (options: "
        "`.venv/bin/python -m bench.engine --help`); the raw numbers are in `engine.json`.",
        "",
    ]
    engine = [engine_row(title, r) for title, r in titles]
    rpc = [rpc_row(title, r) for title, r in titles]
    return "\n".join(
        intro
        + section("Engine, in process, one core", ENGINE_ABOUT, ENGINE_HEADER, engine)
        + section("Rules service over gRPC", RPC_ABOUT, RPC_HEADER, rpc)
    )


def add_titles_argument(parser: argparse.ArgumentParser) -> None:
    """`--titles`: which registered titles a benchmark measures (default all)."""
    parser.add_argument(
        "--titles",
        nargs="+",
        choices=title_ids(),
        default=list(title_ids()),
        metavar="TITLE",
        help=f"titles to measure (default: all of {', '.join(title_ids())})",
    )


def add_out_argument(parser: argparse.ArgumentParser, stem: str) -> None:
    """`--out`: the directory of a benchmark's `<stem>.json` and `<stem>.md`."""
    parser.add_argument(
        "--out",
        type=Path,
        default=RESULTS,
        help=f"directory for {stem}.json and {stem}.md (default bench/results)",
    )


def write_report(out: Path, stem: str, report: dict, markdown: str, took_s: float) -> None:
    """Writes `<stem>.json` (the raw numbers) and `<stem>.md` into `out`, and says so."""
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{stem}.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / f"{stem}.md").write_text(markdown)
    say(f"Wrote {out / f'{stem}.json'} and {out / f'{stem}.md'} in {took_s:.0f} s")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.engine",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=5.0,
        help="wall time of each measurement, 5 per title (default 5)",
    )
    add_titles_argument(parser)
    parser.add_argument(
        "--players",
        type=int,
        help="seats of every game (default: 3 when a title allows it, else its minimum)",
    )
    add_out_argument(parser, "engine")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    for title in args.titles if args.players is not None else ():
        try:
            get_game(title).info.check_players(args.players)
        except InvalidSetup as error:
            parser.error(error.reason)
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    started = time.perf_counter()
    report = {
        "machine": machine(),
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "titles": {},
    }
    for title in args.titles:
        players = args.players or representative_players(get_game(title).info)
        report["titles"][title] = bench_title(title, players, args.seconds)
    write_report(
        args.out, "engine", report, markdown(report, args.seconds), time.perf_counter() - started
    )


if __name__ == "__main__":
    main()
