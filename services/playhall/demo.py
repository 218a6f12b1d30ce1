"""`make demo`: the whole stack on this machine, one Galileo match played through it.

Starts a private Redis, the rules services and the orchestrator as their own processes; creates
a 3-player Galileo match; three clients, each holding one seat's token, play random legal moves
through the orchestrator while a spectator watches the live event stream and prints each round;
then prints the final score table, checks the revealed seed against the hash published at
creation, and stops everything.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import threading

import grpc

from playhall.client import MatchClient, human_seats
from playhall.core import Rng
from playhall.core.wire import unpack
from playhall.devstack import Stack
from playhall.galileo.v1 import galileo_pb2
from playhall.games.galileo.cards import describe_experiment, describe_scientist
from playhall.match.v1 import match_service_pb2 as mpb


def describe(event: galileo_pb2.Event) -> str | None:
    """One line for a public Galileo event, None for those not worth a line."""
    kind = event.WhichOneof("kind")
    if kind == "round_started":
        revealed = ", ".join(describe_experiment(c) for c in event.round_started.revealed)
        return f"Round {event.round_started.round}: revealed {revealed}"
    if kind == "picks_revealed":
        picks = "; ".join(
            f"seat {seat} {describe_scientist(card)}"
            for seat, card in enumerate(event.picks_revealed.scientists)
        )
        order = " > ".join(str(s) for s in event.picks_revealed.order)
        return f"  picks: {picks}   order: {order}"
    if kind == "experiment_taken":
        take = event.experiment_taken.take
        bonus = " doubled" if take.doubled else ""
        return (
            f"  seat {event.experiment_taken.seat} takes "
            f"{describe_experiment(take.experiment)}: {take.points} pts{bonus}"
        )
    if kind == "no_experiment_left":
        return f"  seat {event.no_experiment_left.seat} gets no experiment"
    return None


def spectate(spectator: MatchClient, match_id: str, done: threading.Event) -> None:
    """Prints the match as a spectator sees it, live, until it finishes."""
    for change in spectator.watch(match_id, after_version=None, timeout_s=600):
        for payload in change.events:
            line = describe(unpack(payload, galileo_pb2.Event, "event"))
            if line:
                print(line, flush=True)
    done.set()


def play_seat(client: MatchClient, match_id: str, seat: int, rng: Rng) -> None:
    """Plays random legal moves for one seat until the match ends."""
    while True:
        current = client.get(match_id)
        if current.match.phase == mpb.MATCH_PHASE_FINISHED:
            return
        if seat not in current.match.status.to_move:
            next(client.watch(match_id, current.match.version), None)
            continue
        move = rng.choice(list(current.legal_moves))
        try:
            client.submit(match_id, move, current.match.version)
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.FAILED_PRECONDITION:
                raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.demo",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--players", type=int, default=3, help="seats (2-5, default 3)")
    args = parser.parse_args(argv)
    print("Starting Redis, the rules services and the orchestrator ...", flush=True)
    with Stack() as stack:
        print("\n".join(f"  {line}" for line in stack.describe()), flush=True)
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            lobby = MatchClient(channel)
            created = lobby.create("galileo", human_seats(args.players))
            match = created.match
            print(
                f"\nMatch {match.match_id}: Galileo Galilei, {args.players} random players, "
                f"seed SHA-256 {match.seed_sha256.hex()[:16]}...\n",
                flush=True,
            )
            watched = threading.Event()
            watcher = threading.Thread(target=spectate, args=(lobby, match.match_id, watched))
            watcher.start()
            players = [
                threading.Thread(
                    target=play_seat,
                    args=(lobby.as_seat(t.token), match.match_id, t.seat, Rng.from_int(t.seat)),
                )
                for t in created.tokens
            ]
            for player in players:
                player.start()
            for player in players:
                player.join()
            watcher.join(timeout=30)
            final = lobby.get(match.match_id).match
        print("\nFinal scores")
        for seat, score in enumerate(final.status.scores):
            mark = "  winner" if seat in final.winners else ""
            print(f"  seat {seat}: {score:3d}{mark}")
        fair = hashlib.sha256(final.seed).digest() == final.seed_sha256
        print(
            f"{final.version} changes; revealed seed {final.seed.hex()[:16]}... "
            f"{'matches' if fair else 'DOES NOT MATCH'} the hash published at creation"
        )
        print("Stopping ...", flush=True)
    print("Stopped.")
    return 0 if fair and watched.is_set() else 1


if __name__ == "__main__":
    sys.exit(main())
