"""Random games played through the service under test: the positions every check probes.

A playout picks, at each position, a random seat among those to move and a random move of the
ones the service lists for it, until the game ends or the bound on moves is reached. Every
state and listed move must parse as the title's message, so that the checks can read them.
Everything the checks need later is kept: the NewGame answer, and per position the state, its
status and the moves listed for each seat to move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from playhall.conformance.target import Refusal, Target
from playhall.rules.v1 import rules_service_pb2 as pb


@dataclass
class Position:
    state: Any
    status: pb.GameStatus
    legal: dict[int, list[bytes]]
    """The moves listed for each seat to move, as the service spelt them."""
    outcomes: dict[tuple[int, bytes], bytes | None] = field(default_factory=dict)
    """The state (in one spelling) each listed move led to, once a check needed it."""


@dataclass
class Playout:
    players: int
    seed: bytes
    new_game: pb.NewGameResponse | Refusal
    positions: list[Position] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Why the game stopped before its end, other than a refused listed move."""
    listed_refused: list[str] = field(default_factory=list)
    """Listed moves the service refused (the game stops there)."""
    miscounted: list[str] = field(default_factory=list)
    """Moves after which the move count did not go up by exactly one."""

    @property
    def finished(self) -> bool:
        return bool(self.positions) and self.positions[-1].status.finished

    def probes(self, count: int) -> list[Position]:
        """`count` positions spread evenly over the game, the first and the last among them."""
        if len(self.positions) <= count:
            return list(self.positions)
        last = len(self.positions) - 1
        return [self.positions[round(i * last / (count - 1))] for i in range(count)]


def seed_of(index: int) -> bytes:
    """The kit's seeds: fixed, so that a report can be reproduced."""
    return f"playhall-conformance-{index}".encode()


def play(target: Target, players: int, seed: bytes, max_moves: int) -> Playout:
    rng = random.Random(seed)
    first = target.call("NewGame", pb.NewGameRequest(players=players, seed=seed))
    playout = Playout(players, seed, first)
    if isinstance(first, Refusal):
        return playout
    state, status = first.state, first.status
    while True:
        if not target.parses(target.state_class, state.value):
            playout.problems.append(
                f"the state at move {status.move_count} does not parse as "
                f"{target.info.messages.state}"
            )
            return playout
        legal: dict[int, list[bytes]] = {}
        for seat in status.to_move:
            view = target.call("GetView", pb.GetViewRequest(state=state, seat=seat))
            if isinstance(view, Refusal):
                playout.problems.append(
                    f"GetView for seat {seat} refused at move {status.move_count}: "
                    f"{view.code.name} {view.details}"
                )
                return playout
            legal[seat] = list(view.legal_moves.moves)
            if not all(target.parses(target.move_class, move) for move in legal[seat]):
                playout.problems.append(
                    f"a move listed for seat {seat} at move {status.move_count} does not parse "
                    f"as {target.info.messages.move}"
                )
                return playout
        playout.positions.append(Position(state, status, legal))
        if status.finished or len(playout.positions) > max_moves:
            return playout
        movers = [seat for seat in status.to_move if legal[seat]]
        if not movers:
            playout.problems.append(
                f"at move {status.move_count} seats {list(status.to_move)} are to move, "
                "and none of them is listed a move"
            )
            return playout
        seat = rng.choice(movers)
        move = rng.choice(legal[seat])
        after = target.call(
            "ApplyMove",
            pb.ApplyMoveRequest(
                state=state, seat=seat, move=target.move_any(move), omit_legal_moves=True
            ),
        )
        if isinstance(after, Refusal):
            playout.listed_refused.append(
                f"seat {seat}'s listed move {target.describe_move(move)} at move "
                f"{status.move_count} was refused: {after.code.name} {after.details}"
            )
            return playout
        if after.status.move_count != status.move_count + 1:
            playout.miscounted.append(
                f"one move by seat {seat} took the move count from {status.move_count} to "
                f"{after.status.move_count}"
            )
        state, status = after.state, after.status
