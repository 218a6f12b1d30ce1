"""`make demo`: starts the Galileo rules service as its own process, plays a complete random
3-player game through it over gRPC, prints each round and the final score table, and stops the
service cleanly."""

import argparse
import secrets
import sys

import grpc

from playhall.common.process import start_rules_service
from playhall.core import Rng
from playhall.core.wire import unpack
from playhall.galileo.v1 import galileo_pb2
from playhall.games.galileo.cards import describe_experiment, describe_scientist
from playhall.rules.v1 import rules_service_pb2 as pb
from playhall.rules.v1 import rules_service_pb2_grpc


def describe_round(events: list[galileo_pb2.Event]) -> list[str]:
    """Lines for the public events of a round."""
    lines = []
    for event in events:
        kind = event.WhichOneof("kind")
        if kind == "round_started":
            revealed = ", ".join(describe_experiment(c) for c in event.round_started.revealed)
            lines.append(f"Round {event.round_started.round}: revealed {revealed}")
        elif kind == "picks_revealed":
            picks = "; ".join(
                f"seat {seat} {describe_scientist(card)}"
                for seat, card in enumerate(event.picks_revealed.scientists)
            )
            order = " > ".join(str(s) for s in event.picks_revealed.order)
            lines.append(f"  picks: {picks}   order: {order}")
        elif kind == "experiment_taken":
            take = event.experiment_taken.take
            bonus = " doubled" if take.doubled else ""
            lines.append(
                f"  seat {event.experiment_taken.seat} takes "
                f"{describe_experiment(take.experiment)}: {take.points} pts{bonus}"
            )
        elif kind == "no_experiment_left":
            lines.append(f"  seat {event.no_experiment_left.seat} gets no experiment")
    return lines


def play(
    stub: rules_service_pb2_grpc.RulesServiceStub, players: int, seed: bytes, rng: Rng
) -> pb.GameStatus:
    """Plays random legal moves until the end, printing each round's public events."""
    started = stub.NewGame(pb.NewGameRequest(players=players, seed=seed))
    state, status = started.state, started.status
    first = stub.GetView(pb.GetViewRequest(state=state, spectator=True))
    table = unpack(first.view, galileo_pb2.View, "view").table
    print(f"Round 1: revealed {', '.join(describe_experiment(c) for c in table)}")
    while not status.finished:
        seat = rng.choice(list(status.to_move))
        view = stub.GetView(pb.GetViewRequest(state=state, seat=seat))
        move = rng.choice(list(view.legal_moves))
        applied = stub.ApplyMove(pb.ApplyMoveRequest(state=state, seat=seat, move=move))
        state, status = applied.state, applied.status
        public = [unpack(e.public_event, galileo_pb2.Event, "event") for e in applied.events]
        for line in describe_round(public):
            print(line)
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m playhall.demo", description=__doc__)
    parser.add_argument("--players", type=int, default=3, help="seats (2-5, default 3)")
    parser.add_argument("--seed", help="hex seed for a reproducible game (default: random)")
    args = parser.parse_args(argv)
    seed = bytes.fromhex(args.seed) if args.seed else secrets.token_bytes(32)
    print(f"Starting the Galileo rules service (seed {seed.hex()})")
    with start_rules_service("galileo") as service:
        print(f"  listening on {service.address}, metrics on :{service.metrics_port}")
        with grpc.insecure_channel(service.address) as channel:
            stub = rules_service_pb2_grpc.RulesServiceStub(channel)
            info = stub.GetGameInfo(pb.GetGameInfoRequest()).game
            print(
                f"Playing {info.display_name} ({info.rules_version}), "
                f"{args.players} random players\n"
            )
            status = play(stub, args.players, seed, Rng(seed))
        print("\nFinal scores")
        for seat, score in enumerate(status.scores):
            mark = "  winner" if seat in status.winners else ""
            print(f"  seat {seat}: {score:3d}{mark}")
        print(f"{status.move_count} moves. Stopping the rules service")
    print(f"Rules service stopped (exit code {service.proc.returncode})")
    return 0 if service.proc.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
