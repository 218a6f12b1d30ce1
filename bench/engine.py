"""`make bench`: how fast every registered title plays, in process and through its rules service.

For each title at a representative player count (3 when it allows 3, else its minimum): random
playouts in this process for `--seconds` (moves/s); then its rules service as a process of its
own, timed call by call while random games are played through it, and those requests replayed
back to back by 1 client and by `CLIENTS` (throughput). How each figure is measured and what
it means: bench/README.md. Writes bench/results/engine.json and bench/results/engine.md.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from bench.common import (
    add_out_argument,
    add_titles_argument,
    machine,
    mark,
    open_channel,
    percentile_ms,
    run_window,
    say,
    table,
    timed,
    write_report,
)
from dev.process import start_rules_service
from playhall.core import Game, GameInfo, InvalidSetup, Rng, get_game, play_random
from playhall.core.wire import moves_as_any
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules.v1.rules_service_pb2_grpc import RulesServiceStub

CLIENTS = 4
"""Client threads of the concurrent ApplyMove measurement (the JSON key names this number)."""
ENGINE_TARGETS = {"einstein": 200, "eynsteyn": 3_000, "galileo": 20_000, "inventors": 5_000}
"""Engine moves per second, by title."""
APPLY_P50_TARGET_MS = 1.0
"""ApplyMove median latency through the rules service, for the reference title."""
REFERENCE_TITLE = "galileo"
RELATIVE_TARGET = 2.0
"""These titles' ApplyMove and GetView medians, as a multiple of the reference title's (Einstein's
placements have targets of their own: `bench.einstein_cards`)."""
RELATIVE_TARGET_TITLES = ("eynsteyn", "inventors")


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


class Replayer:
    """A client sending recorded requests round-robin on a connection of its own."""

    def __init__(self, address: str, method: str, requests: Sequence, index: int):
        self.channel = open_channel(address)
        self.call = getattr(RulesServiceStub(self.channel), method)
        self.requests, self.sent = requests, index

    def warm_up(self) -> None:
        self.call(self.requests[self.sent % len(self.requests)])

    def step(self, latencies: list[float]) -> None:
        self.sent += 1
        timed(latencies, self.call, self.requests[self.sent % len(self.requests)])

    def close(self) -> None:
        self.channel.close()


def throughput(
    address: str, method: str, requests: Sequence, clients: int, seconds: float
) -> float:
    """Calls per second completed by `clients` threads, each on its own connection, sending
    `requests` round-robin back to back for `seconds` of wall time."""
    calls, elapsed = run_window(clients, seconds, lambda i: Replayer(address, method, requests, i))
    return len(calls) / elapsed


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


def engine_target(title: str, result: dict) -> str:
    if title not in ENGINE_TARGETS:
        return "—"
    target = ENGINE_TARGETS[title]
    return f"≥ {target:,} moves/s: {mark(result['moves_per_s'] >= target)}"


def rpc_target(title: str, result: dict, reference: dict | None) -> str:
    """Galileo's ApplyMove under a millisecond; the ApplyMove and GetView p50 of the
    `RELATIVE_TARGET_TITLES` within `RELATIVE_TARGET` of Galileo's, measured in the same run."""
    rpc = result["rpc"]
    if title not in RELATIVE_TARGET_TITLES and title != REFERENCE_TITLE:
        return "—"
    if reference is None:
        return f"— ({REFERENCE_TITLE} not in this run)"
    if title == REFERENCE_TITLE:
        passed = rpc["apply_p50_ms"] < APPLY_P50_TARGET_MS
        return f"ApplyMove p50 < {APPLY_P50_TARGET_MS:g} ms: {mark(passed)}"
    ratios = [rpc[key] / reference["rpc"][key] for key in ("apply_p50_ms", "view_p50_ms")]
    passed = max(ratios) <= RELATIVE_TARGET
    return (
        f"ApplyMove, GetView p50 ≤ {RELATIVE_TARGET:g}× {REFERENCE_TITLE}'s: "
        f"{ratios[0]:.2f}×, {ratios[1]:.2f}× {mark(passed)}"
    )


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


def engine_row(title: str, r: dict) -> list[str]:
    return [
        title,
        str(r["players"]),
        f"{r['moves_per_s']:,.0f}",
        f"{r['games_per_s']:,.1f}",
        f"{r['moves_per_game']:.1f}",
        engine_target(title, r),
    ]


def rpc_row(title: str, r: dict, reference: dict | None) -> list[str]:
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
        rpc_target(title, r, reference),
    ]


def markdown(report: dict, seconds: float) -> str:
    m = report["machine"]
    titles = report["titles"].items()
    return "\n".join(
        [
            "# Engine benchmark",
            "",
            f"{report['generated_at']}; {m['cpus_usable']} usable CPUs ({m['cpu_model']}), "
            f"Python {m['python']}, grpcio {m['grpcio']}, protobuf {m['protobuf']} "
            f"({m['protobuf_backend']}). {seconds:g} s per measurement. How it measures and "
            "what each figure means: [bench/README.md](../README.md). Raw numbers: "
            "`engine.json`.",
            "",
            "## Engine, in process, one core",
            "",
            *table(ENGINE_HEADER, [engine_row(title, r) for title, r in titles]),
            "",
            "## Rules service over gRPC",
            "",
            *table(
                RPC_HEADER,
                [rpc_row(title, r, report["titles"].get(REFERENCE_TITLE)) for title, r in titles],
            ),
            "",
        ]
    )


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
