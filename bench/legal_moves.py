"""What a bot task's two calls cost with and without the legal-move lists.

`python -m bench.legal_moves`: a private Redis, the Galileo rules service and an orchestrator,
each its own process; whole 3-player Galileo games played the way a bot task plays a turn
(GetMatch for the seat's view, then SubmitMove), alternately with the legal moves sent (as
before `omit_legal_moves`) and omitted (as the bots now ask), game by game so both modes see the
same machine. Reports the wall time of the two calls and the bytes of their answers, per turn.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import grpc

from bench.engine import add_out_argument, write_report
from playhall.client import MatchClient, human_seats
from playhall.common.process import (
    orchestrator_env,
    start_orchestrator,
    start_rules_service,
)
from playhall.common.redis_server import EmbeddedRedis
from playhall.core.wire import moves_as_any

MODES = {"with legal moves": False, "omitted": True}


def field_bytes(size: int) -> int:
    """A length-delimited field of `size` bytes with its one-byte tag and varint length."""
    return 1 + max(1, (size.bit_length() + 6) // 7) + size


def as_anys_bytes(move_list) -> int:
    """The bytes `move_list` took in the form before MoveList: a repeated Any, one per move."""
    sizes = [any_.ByteSize() for any_ in moves_as_any(move_list)]
    return sum(field_bytes(size) for size in sizes)


def answer_bytes(answer) -> tuple[int, int]:
    """An answer's bytes, and what they were with the moves as an Any each."""
    size = answer.ByteSize()
    listed = answer.legal_moves.ByteSize()
    field = field_bytes(listed) if answer.HasField("legal_moves") else 0
    return size, size - field + as_anys_bytes(answer.legal_moves)


def play_game(lobby: MatchClient, omit: bool, rng: random.Random) -> list[tuple[float, int, int]]:
    """One game; (seconds, answer bytes, those bytes in the old form) of each turn's GetMatch
    and SubmitMove."""
    created = lobby.create("galileo", human_seats(3), seed=rng.randbytes(32))
    match_id = created.match.match_id
    seats = {t.seat: lobby.as_seat(t.token) for t in created.tokens}
    # The move is chosen from a full listing outside the timed calls, as a bot chooses its own.
    turns = []
    while True:
        match = lobby.get(match_id).match
        if not match.status.to_move:
            return turns
        seat = seats[match.status.to_move[0]]
        move = rng.choice(moves_as_any(seat.get(match_id).legal_moves))
        started = time.perf_counter()
        seen = seat.get(match_id, omit_legal_moves=omit)
        answer = seat.submit(match_id, move, seen.match.version, omit_legal_moves=omit)
        elapsed = time.perf_counter() - started
        (got, got_old), (sent, sent_old) = answer_bytes(seen), answer_bytes(answer)
        turns.append((elapsed, got + sent, got_old + sent_old))


def measure(games: int, seed: int) -> dict[str, dict[str, float]]:
    rng = random.Random(seed)
    samples: dict[str, list[tuple[float, int, int]]] = {mode: [] for mode in MODES}
    with (
        EmbeddedRedis() as redis,
        start_rules_service("galileo") as rules,
        start_orchestrator(
            orchestrator_env(redis.url, {"galileo": rules.address}, "bench", testing=True)
        ) as orchestrator,
        grpc.insecure_channel(orchestrator.address) as channel,
    ):
        lobby = MatchClient(channel)
        for number in range(games):
            for mode, omit in MODES.items() if number % 2 else reversed(MODES.items()):
                samples[mode] += play_game(lobby, omit, rng)
            print(f"\r{number + 1}/{games} game pairs", end="", flush=True)
    print()
    return {
        mode: {
            "turns": len(turns),
            "ms_p50": statistics.median(t[0] for t in turns) * 1000,
            "ms_mean": statistics.fmean(t[0] for t in turns) * 1000,
            "bytes_mean": statistics.fmean(t[1] for t in turns),
            "old_form_bytes_mean": statistics.fmean(t[2] for t in turns),
        }
        for mode, turns in samples.items()
    }


def report(results: dict[str, dict[str, float]], games: int) -> str:
    rows = "\n".join(
        f"| {mode} | {r['turns']} | {r['ms_p50']:.2f} | {r['ms_mean']:.2f} "
        f"| {r['bytes_mean']:.0f} | {r['old_form_bytes_mean']:.0f} |"
        for mode, r in results.items()
    )
    return f"""# A bot task's calls with and without legal moves

Generated {time.strftime("%Y-%m-%d %H:%M")} by `python -m bench.legal_moves --games {games}`:
{games} pairs of 3-player Galileo games through a real orchestrator, rules service and Redis
on this machine, the two modes alternating game by game. Timed per turn: GetMatch, then
SubmitMove, as a bot task makes them (its search, 97 % of a task, is not in these figures).
*With an Any per move*: the same answers' size had the moves kept the form before MoveList.

| mode | turns | both calls p50 (ms) | mean (ms) | answer bytes | with an Any per move |
|---|---|---|---|---|---|
{rows}

Galileo lists at most 15 moves, so most of the gain is in bytes; a title listing hundreds of
moves per position saves in proportion to its list.
"""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.legal_moves", description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="game pairs (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    add_out_argument(parser, "legal_moves")
    args = parser.parse_args(argv)
    started = time.monotonic()
    results = measure(args.games, args.seed)
    markdown = report(results, args.games)
    write_report(args.out, "legal_moves", results, markdown, time.monotonic() - started)
    print(markdown)


if __name__ == "__main__":
    main()
