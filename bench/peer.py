"""`make bench-peer`: Playhall's SubmitMove beside boardgame.io, the framework a user compares.

boardgame.io 0.50.2 (npm, installed into `.cache/bench-peer`) runs its own server (Koa and
socket.io, `bench/peer/server.js`) twice, with in-memory storage (nothing survives a restart)
and with its FlatFile storage (files, no fsync), and plays Tally, a trivial two-player game
(`bench/peer/game.js`): a move adds one to a counter. Its client (`bench/peer/client.js`, a
node process) plays every seat through boardgame.io's own client and socket.io transport, a
connection per seat; a move counts once the server's new state is back. Playhall runs as
deployed: Redis with AOF `appendfsync always`, the Galileo rules service over gRPC, one
orchestrator counting its rate limits (`PLAYHALL_LIMITS`); a load generator process plays
scripted Galileo matches (`bench.orchestrator`'s clients), a move one SubmitMove. A second
Playhall stack runs without rate limits: what counting them costs. The four servers take
interleaved rounds of `--seconds` at each of `--matches` concurrent matches. The window's
server CPU comes from /proc (utime + stime): boardgame.io's node process; Playhall's
orchestrator, rules service and Redis, each.
After every window both sides read each match back from their server and check that every
counted move was applied (`applied` in the report); a window that fails the check fails the run.

Writes bench/results/peer.md and peer.json (`ratios`: Playhall over boardgame.io at the first
`--matches`, the median of the rounds' ratios). `--quick` (about a minute): one short round,
the checks only. Without node and npm, or without the npm registry, it says why and stops
(exit status 0, nothing written).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bench.common import (
    ROOT,
    add_out_argument,
    machine,
    mark,
    percentile_ms,
    run_window,
    say,
    source_version,
    table,
    unwind_on_sigterm,
    write_report,
)
from bench.orchestrator import (
    TITLE,
    UNREACHED_LIMITS,
    SeparatePlayer,
    cpu_seconds,
    interleaved,
)
from dev.process import ServiceProcess, orchestrator_env, start_orchestrator, start_rules_service
from dev.redis_server import EmbeddedRedis

PEER_DIR = Path(__file__).resolve().parent / "peer"
CACHE = ROOT / ".cache" / "bench-peer"
"""Where npm installs boardgame.io (git-ignored, reused between runs)."""
NPM_CACHE = ROOT / ".cache" / "npm"
UNREACHABLE = re.compile(r"ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH")
"""npm's errors for a registry it cannot reach."""
BGIO_VERSION = "0.50.2"
WARM_UP_MOVES = 6
CPU_RATIO_TARGET = 5.0
"""SubmitMove's server CPU per move at most this many times boardgame.io in-memory's."""
FLATFILE_RATE_TARGET = 3.0
"""SubmitMove's moves/s at least this many times boardgame.io FlatFile's."""
PLAYHALL_LIMITS = {
    "playhall": UNREACHED_LIMITS,
    "playhall_unlimited": {"PLAYHALL_RATE_LIMITS": "0"},
}
"""Playhall's rate limits, by server: counted as deployed at rates no client here reaches
(`UNREACHED_LIMITS`), and off, which says what counting them costs a move."""
SERVERS = {
    "bgio_memory": "boardgame.io, in-memory storage",
    "bgio_flatfile": "boardgame.io, FlatFile storage",
    "playhall": "Playhall SubmitMove (Galileo, AOF always)",
    "playhall_unlimited": "Playhall SubmitMove without rate limits",
}
PLAYHALL_ROLES = ("orchestrator", "rules", "redis")


class PeerUnavailable(Exception):
    """boardgame.io cannot run here: the reason."""


# --- boardgame.io --------------------------------------------------------------------------------


def install_bgio() -> Path:
    """boardgame.io's node_modules folder, installed by npm from bench/peer/package.json into
    the cache unless the pinned version is there already."""
    if not (shutil.which("node") and shutil.which("npm")):
        raise PeerUnavailable("node and npm are needed to run boardgame.io; not found on PATH")
    modules = CACHE / "node_modules"
    wanted = (PEER_DIR / "package.json").read_text()
    installed = CACHE / "package.json"
    if (
        installed.exists()
        and installed.read_text() == wanted
        and (modules / "boardgame.io").exists()
    ):
        return modules
    CACHE.mkdir(parents=True, exist_ok=True)
    installed.write_text(wanted)
    say(f"Installing boardgame.io {BGIO_VERSION} from npm into {CACHE}")
    done = subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", "--no-package-lock", "--prefer-offline"]
        + [f"--cache={NPM_CACHE}"],
        cwd=CACHE,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0 and UNREACHABLE.search(done.stderr):
        raise PeerUnavailable(f"the npm registry cannot be reached: {done.stderr.strip()[-300:]}")
    if done.returncode != 0:
        raise RuntimeError(f"npm install of boardgame.io failed: {done.stderr.strip()[-400:]}")
    return modules


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class BgioServer:
    """A running boardgame.io server process of bench/peer/server.js."""

    proc: subprocess.Popen
    url: str

    @classmethod
    @contextlib.contextmanager
    def run(cls, modules: Path, storage: str) -> Iterator[BgioServer]:
        port = free_port()
        with tempfile.TemporaryDirectory(prefix="bench-peer-flatfile-") as files:
            proc = subprocess.Popen(
                ["node", str(PEER_DIR / "server.js"), str(port), storage, files],
                env={**os.environ, "NODE_PATH": str(modules), "NODE_ENV": "production"},
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            try:
                first = proc.stdout.readline() if proc.stdout else ""
                if not first.startswith("listening"):
                    raise RuntimeError(f"boardgame.io's server did not start: {first}")
                yield cls(proc, f"http://127.0.0.1:{port}")
            finally:
                proc.kill()
                proc.wait()


def bgio_window(modules: Path, server: BgioServer, matches: int, seconds: float) -> dict:
    """`matches` new Tally matches played for `seconds` by bench/peer/client.js; the server's
    CPU sampled when the client opens and closes the window; each match read back."""
    client = subprocess.Popen(
        ["node", str(PEER_DIR / "client.js"), server.url, str(matches), str(seconds)]
        + [str(WARM_UP_MOVES)],
        env={**os.environ, "NODE_PATH": str(modules)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert client.stdout is not None
    cpu: dict[str, float] = {}
    for line in client.stdout:
        if line.strip() in ("start", "end"):
            cpu[line.strip()] = cpu_seconds(server.proc.pid)
        elif line.startswith("{"):
            outcome = json.loads(line)
    if client.wait() != 0:
        raise RuntimeError(f"boardgame.io's client failed (exit status {client.returncode})")
    latencies = [ms / 1000 for ms in outcome["latencies"]]
    applied = all(
        m["stored"] == m["played"] and m["seen"] == [m["played"]] * 2 for m in outcome["readBack"]
    ) and sum(m["stored"] - WARM_UP_MOVES for m in outcome["readBack"]) == len(latencies)
    return summary(latencies, outcome["seconds"], {"node": cpu["end"] - cpu["start"]}, applied)


def summary(latencies: list[float], seconds: float, cpu_s: dict[str, float], applied: bool) -> dict:
    """A window's figures: moves/s, p50/p99, server CPU ms per move by process and in all."""
    moves = max(len(latencies), 1)
    cpu_ms = {role: round(s * 1000 / moves, 3) for role, s in cpu_s.items()}
    return {
        "moves": len(latencies),
        "seconds": round(seconds, 2),
        "per_s": round(len(latencies) / seconds, 1),
        "p50_ms": round(percentile_ms(latencies, 50), 2),
        "p99_ms": round(percentile_ms(latencies, 99), 2),
        "cpu_ms": {**cpu_ms, "all": round(sum(cpu_ms.values()), 3)},
        "applied": applied,
    }


# --- Playhall (the load generator's process) ------------------------------------------------------


class CountedPlayer(SeparatePlayer):
    """bench.orchestrator's scripted client that also counts its window's moves per match and
    reads its matches back from the orchestrator afterwards."""

    def __init__(self, address: str, index: int):
        super().__init__(address, index, label="peer")
        self.counting = False
        self.counted: Counter[str] = Counter()
        self.version_before: dict[str, int] = {}
        self.readers: dict = {}

    def warm_up(self) -> None:
        super().warm_up()
        self.counting = True

    def step(self, latencies: list[float]) -> None:
        super().step(latencies)
        if self.counting:
            self.version_before.setdefault(self.match_id, self.version - 1)
            self.counted[self.match_id] += 1
            self.readers[self.match_id] = self.clients[0]

    def applied(self) -> bool:
        """Whether every match's version on the server grew by exactly the moves counted."""
        return all(
            self.readers[match_id].get(match_id, omit_legal_moves=True).match.version - before
            == self.counted[match_id]
            for match_id, before in self.version_before.items()
        )

    def close(self) -> None:
        """Kept open for the read-back after the window (`finish`)."""

    def finish(self) -> None:
        super().close()


def playhall_window(address: str, pids: dict[str, int], matches: int, seconds: float) -> dict:
    """`matches` clients on separate matches for `seconds` (`run_window`), the servers' CPU
    sampled around the window, every match read back after it."""
    players: list[CountedPlayer] = []
    before: dict[str, float] = {}

    def open_player(index: int) -> CountedPlayer:
        player = CountedPlayer(address, index)
        players.append(player)
        return player

    def sample() -> dict[str, float]:
        return {role: cpu_seconds(pid) for role, pid in pids.items()}

    latencies, elapsed = run_window(matches, seconds, open_player, lambda: before.update(sample()))
    after = sample()
    try:
        applied = all(player.applied() for player in players)
        counted = sum(sum(player.counted.values()) for player in players)
    finally:
        for player in players:
            player.finish()
    cpu = {role: after[role] - before[role] for role in pids}
    return summary(latencies, elapsed, cpu, applied and counted == len(latencies))


@contextlib.contextmanager
def playhall_stack(limits: dict[str, str]) -> Iterator[tuple[str, dict[str, int]]]:
    """Redis (AOF always), the Galileo rules service and an orchestrator (testing flag; rate
    limits as `limits` set them): its address and the pids."""
    with contextlib.ExitStack() as stack:
        redis_server = stack.enter_context(EmbeddedRedis(appendonly=True))
        rules = stack.enter_context(start_rules_service(TITLE))
        settings = orchestrator_env(
            redis_server.url,
            {TITLE: rules.address},
            secrets.token_urlsafe(32),
            testing=True,
            gateway_credential=secrets.token_urlsafe(32),
            **limits,
        )
        orchestrator: ServiceProcess = stack.enter_context(start_orchestrator(settings))
        pids = {
            "orchestrator": orchestrator.proc.pid,
            "rules": rules.proc.pid,
            "redis": redis_server.proc.pid,
        }
        yield orchestrator.address, pids


# --- The run ------------------------------------------------------------------------------------


def run(args: argparse.Namespace, modules: Path) -> dict:
    """Every server at every size in interleaved rounds; each window's figures by server."""
    rounds: dict[str, dict[str, list[dict]]] = {
        str(n): {name: [] for name in SERVERS} for n in args.matches
    }
    load_start = [round(v, 2) for v in os.getloadavg()]
    with contextlib.ExitStack() as stack:
        say("Starting boardgame.io (in-memory, FlatFile) and two Playhall stacks")
        bgio = {
            "bgio_memory": stack.enter_context(BgioServer.run(modules, "memory")),
            "bgio_flatfile": stack.enter_context(BgioServer.run(modules, "flatfile")),
        }
        playhall = {
            name: stack.enter_context(playhall_stack(limits))
            for name, limits in PLAYHALL_LIMITS.items()
        }
        loadgen = stack.enter_context(multiprocessing.get_context("spawn").Pool(1))
        plan = interleaved(list(SERVERS), args.rounds)
        for round_number in range(args.rounds):
            order = plan[round_number * len(SERVERS) : (round_number + 1) * len(SERVERS)]
            for matches in args.matches:
                for name in order:
                    if name in playhall:
                        result = loadgen.apply(
                            playhall_window, (*playhall[name], matches, args.seconds)
                        )
                    else:
                        result = bgio_window(modules, bgio[name], matches, args.seconds)
                    say(
                        f"  round {round_number + 1}, {matches} matches, {SERVERS[name]}: "
                        f"{result['per_s']:,.0f} moves/s, p50 {result['p50_ms']:.2f} ms, "
                        f"{result['cpu_ms']['all']:.3f} server CPU ms/move, "
                        f"applied {result['applied']}"
                    )
                    rounds[str(matches)][name].append(result)
    return {
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "source": source_version(),
        "settings": {
            "seconds": args.seconds,
            "rounds": args.rounds,
            "matches": args.matches,
            "boardgame.io": BGIO_VERSION,
            "node": subprocess.run(
                ["node", "--version"], capture_output=True, text=True
            ).stdout.strip(),
        },
        "load_average": {"start": load_start, "end": [round(v, 2) for v in os.getloadavg()]},
        "machine": machine(),
        "rounds": rounds,
        "medians": {
            n: {name: median_round(rs) for name, rs in by.items()} for n, by in rounds.items()
        },
        "ratios": ratios(rounds[str(args.matches[0])]),
        "ratios_without_rate_limits": ratios(rounds[str(args.matches[0])], "playhall_unlimited"),
        "all_applied": all(
            r["applied"] for by in rounds.values() for rs in by.values() for r in rs
        ),
    }


def median_round(results: list[dict]) -> dict:
    """The window with the median rate, with every window's rate beside it."""
    chosen = sorted(results, key=lambda r: r["per_s"])[(len(results) - 1) // 2]
    return {**chosen, "round_rates": [r["per_s"] for r in results]}


def ratios(rounds: dict[str, list[dict]], ours: str = "playhall") -> dict[str, float]:
    """Playhall (the server `ours`) over boardgame.io, paired by round, the median over the
    rounds."""

    def paired(value, peer: str) -> float:
        pairs = zip(rounds[ours], rounds[peer], strict=True)
        return round(statistics.median(value(ours, theirs) for ours, theirs in pairs), 3)

    def rate(ours: dict, theirs: dict) -> float:
        return ours["per_s"] / theirs["per_s"]

    def cpu(ours: dict, theirs: dict) -> float:
        return ours["cpu_ms"]["all"] / theirs["cpu_ms"]["all"]

    return {
        "rate_vs_bgio_memory": paired(rate, "bgio_memory"),
        "rate_vs_bgio_flatfile": paired(rate, "bgio_flatfile"),
        "cpu_vs_bgio_memory": paired(cpu, "bgio_memory"),
    }


# --- The report ---------------------------------------------------------------------------------


def markdown(report: dict) -> str:
    settings, first = report["settings"], str(report["settings"]["matches"][0])
    r, load = report["ratios"], report["load_average"]
    unlimited = report["ratios_without_rate_limits"]
    rows = []
    for matches, by in report["medians"].items():
        for name, m in by.items():
            rates = ", ".join(f"{v:,.0f}" for v in m["round_rates"])
            parts = ", ".join(
                f"{role} {ms:.3f}" for role, ms in m["cpu_ms"].items() if role != "all"
            )
            rows.append(
                [matches, SERVERS[name], f"{m['per_s']:,.0f} ({rates})", f"{m['p50_ms']:.2f}"]
                + [f"{m['p99_ms']:.2f}", f"{m['cpu_ms']['all']:.3f} ({parts})", str(m["applied"])]
            )
    targets = [
        [
            f"SubmitMove's server CPU per move ≤ {CPU_RATIO_TARGET:g}x boardgame.io in-memory's",
            f"{r['cpu_vs_bgio_memory']:.2f}x",
            f"{unlimited['cpu_vs_bgio_memory']:.2f}x",
            mark(r["cpu_vs_bgio_memory"] <= CPU_RATIO_TARGET),
        ],
        [
            f"SubmitMove's moves/s ≥ {FLATFILE_RATE_TARGET:g}x boardgame.io FlatFile's",
            f"{r['rate_vs_bgio_flatfile']:.2f}x",
            f"{unlimited['rate_vs_bgio_flatfile']:.2f}x",
            mark(r["rate_vs_bgio_flatfile"] >= FLATFILE_RATE_TARGET),
        ],
        [
            "SubmitMove's moves/s over boardgame.io in-memory's",
            f"{r['rate_vs_bgio_memory']:.2f}x",
            f"{unlimited['rate_vs_bgio_memory']:.2f}x",
            "",
        ],
    ]
    return "\n".join(
        [
            "# Playhall beside boardgame.io",
            "",
            f"`make bench-peer` at {report['source']}, {report['generated_at']}; boardgame.io "
            f"{settings['boardgame.io']} on node {settings['node']}; "
            f"{report['machine']['cpus_usable']} cores ({report['machine']['cpu_model']}) shared "
            f"with other work, load average {load['start'][0]:.2f} at the start, "
            f"{load['end'][0]:.2f} at the end. {settings['rounds']} interleaved rounds of "
            f"{settings['seconds']:g} s per server and size. How it measures: `bench/peer.py`'s "
            "docstring and bench/README.md. Raw numbers: `peer.json`.",
            "",
            f"Targets at {first} matches (Playhall over boardgame.io, paired by round, the "
            "median over the rounds):",
            "",
            *table(["target", "measured", "without rate limits", "verdict"], targets),
            "",
            "The median round of each (every round's moves/s in brackets); server CPU ms per "
            "move from /proc, by process:",
            "",
            *table(
                [
                    "matches",
                    "server",
                    "moves/s",
                    "p50 ms",
                    "p99 ms",
                    "server CPU ms/move",
                    "applied",
                ],
                rows,
            ),
            "",
            f"Every counted move applied, read back from each server: {report['all_applied']}.",
            "",
            *where_the_cost_is(report),
        ]
    )


def where_the_cost_is(report: dict) -> list[str]:
    """Where SubmitMove's server CPU per move goes at the first size, beside boardgame.io
    in-memory's, when the CPU target is not met."""
    if report["ratios"]["cpu_vs_bgio_memory"] <= CPU_RATIO_TARGET:
        return []
    first = report["medians"][str(report["settings"]["matches"][0])]
    ours, theirs = first["playhall"]["cpu_ms"], first["bgio_memory"]["cpu_ms"]["all"]
    shares = ", ".join(
        f"{role} {ours[role]:.3f} ms ({ours[role] / ours['all']:.0%}, "
        f"{ours[role] / theirs:.1f}x boardgame.io's whole server)"
        for role in PLAYHALL_ROLES
    )
    unlimited = first["playhall_unlimited"]["cpu_ms"]["all"]
    return [
        f"Where SubmitMove's {ours['all']:.3f} server CPU ms per move goes (the median round), "
        f"beside boardgame.io in-memory's {theirs:.3f}: {shares}. Without rate limits a move "
        f"cost {unlimited:.3f} ms: counting them (one script call to Redis a move, for the "
        f"token and the address) about {ours['all'] - unlimited:.3f} ms.",
        "",
    ]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.peer", description=__doc__)
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds per window")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--matches", type=int, nargs="+", default=[8, 64])
    parser.add_argument(
        "--quick", action="store_true", help="one round of 2 s windows, the checks only"
    )
    add_out_argument(parser, "peer")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.seconds = 1, 2.0
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        modules = install_bgio()
    except PeerUnavailable as reason:
        say(f"bench-peer skipped: {reason}")
        return 0
    unwind_on_sigterm()
    started = time.monotonic()
    report = run(args, modules)
    if not args.quick:
        write_report(args.out, "peer", report, markdown(report), time.monotonic() - started)
    print(markdown(report))
    return 0 if report["all_applied"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
