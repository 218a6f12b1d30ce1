"""A title Playhall does not ship, served as a rules service of its own:
`python -m dev.race_title` (on free loopback ports).

Race to ten: seats take turns adding 1 or 2 to a shared count; whoever brings it to ten wins.
No hidden information. Its messages are protobuf's own well-known types (the state, view and
events a `Struct`, a move an `Int32Value`), so it needs no proto of its own: it proves the
orchestrator learns a title from its rules service alone.

`RACE_RULES_VERSION` picks the rules it plays, for the tests of rules upgrades: "race/1.0" (the
default); "race/2.0", a new major, races to twelve; "race/1.1" and "race/1.2" claim to be
compatible with 1.0 but are not (the replay canary must catch them): under 1.1 a game won by
adding one scores the winner two, under 1.2 eight may only be raised by one. Its refusals come
from its own catalogue, `dev/race_locales/`, as a title's texts travel with its rules service.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from google.protobuf import struct_pb2, wrappers_pb2

from dev.process import ServiceProcess
from playhall.core import (
    Codec,
    Event,
    Game,
    GameInfo,
    IllegalMove,
    NotYourTurn,
    State,
    Transition,
    i18n,
)
from playhall.core.api import Viewer
from playhall.core.rng import Rng
from playhall.core.versions import major
from playhall.rules_service.server import Settings, serve

TITLE = "race"
RULES_VERSION = os.environ.get("RACE_RULES_VERSION", "race/1.0")
GOAL = 12 if major(RULES_VERSION) == "race/2" else 10
WIN_BY_ONE_SCORES = 2 if RULES_VERSION == "race/1.1" else 1
ONLY_ONE_ONTO = GOAL - 2 if RULES_VERSION == "race/1.2" else None
MESSAGES = i18n.register(TITLE, Path(__file__).with_name("race_locales"))
"""Its own catalogue: a title brings its texts with its rules service."""


class RaceState(State):
    def __init__(
        self, players: int, count: int = 0, moves: int = 0, version: str = RULES_VERSION, last=0
    ):
        self.players, self.count, self.moves = players, count, moves
        self.version = version
        """The rules version that created the state."""
        self.last = last
        """The last number added."""

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def step(self) -> int:
        return self.moves

    @property
    def move_count(self) -> int:
        return self.moves

    @property
    def rules_version(self) -> str:
        return self.version

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self.moves % self.players,)

    def is_terminal(self) -> bool:
        return self.count >= GOAL

    def scores(self) -> tuple[int, ...]:
        won = WIN_BY_ONE_SCORES if self.last == 1 else 1
        return tuple(won * (self.winners() == (seat,)) for seat in range(self.players))

    def winners(self) -> tuple[int, ...]:
        return ((self.moves - 1) % self.players,) if self.is_terminal() else ()

    def legal_moves(self, seat: int) -> list[int]:
        if seat not in self.to_move():
            return []
        steps = (1,) if self.count == ONLY_ONE_ONTO else (1, 2)
        return [step for step in steps if self.count + step <= GOAL]

    def apply(self, seat: int, move: Any) -> Transition:
        self.check_seat(seat)
        if seat not in self.to_move():
            raise NotYourTurn("race-not-your-turn")
        if move not in self.legal_moves(seat):
            raise IllegalMove("race-add-one-or-two", goal=GOAL)
        after = RaceState(self.players, self.count + move, self.moves + 1, self.version, move)
        return Transition(after, [Event({"seat": seat, "added": move, "count": after.count})])

    def view(self, viewer: Viewer) -> Any:
        self.check_viewer(viewer)
        return {"players": self.players, "count": self.count, "moves": self.moves}


class RaceCodec(Codec[RaceState]):
    state_message = struct_pb2.Struct
    move_message = wrappers_pb2.Int32Value
    view_message = struct_pb2.Struct
    event_message = struct_pb2.Struct

    def encode_state(self, state: RaceState) -> Any:
        message = _struct({**state.view(None), "last": state.last})
        message["rules_version"] = state.version
        return message

    def decode_state(self, message: Any) -> RaceState:
        version = message.fields["rules_version"].string_value  # "" when it is missing
        RaceGame.info.check_rules_version(version)
        fields = {key: int(value) for key, value in message.items() if key != "rules_version"}
        return RaceState(
            fields["players"], fields["count"], fields["moves"], version, fields["last"]
        )

    def encode_move(self, move: Any) -> Any:
        return wrappers_pb2.Int32Value(value=move)

    def decode_move(self, message: Any) -> Any:
        return message.value

    def encode_view(self, view: Any) -> Any:
        return _struct(view)

    def decode_view(self, message: Any) -> Any:
        return {key: int(value) for key, value in message.items()}

    def encode_event(self, event: Any) -> Any:
        return _struct(event)


def _struct(fields: Mapping[str, int]) -> struct_pb2.Struct:
    message = struct_pb2.Struct()
    message.update(fields)
    return message


class RaceGame(Game[RaceState]):
    info = GameInfo(TITLE, "Race to ten", 2, 4, RULES_VERSION)
    codec = RaceCodec()

    def setup(self, players: int, options: Mapping[str, Any], rng: Rng) -> RaceState:
        return RaceState(players)

    def determinize(self, view: Any, rng: Rng) -> RaceState:
        return RaceState(view["players"], view["count"], view["moves"])

    def evaluate(self, state: RaceState, seat: int) -> float:
        return 0.5

    def render_text(self, view: Any, language: str = "en") -> str:
        return f"count {view['count']} of {GOAL}"


def start(version: str) -> ServiceProcess:
    """This title's rules service, a process of its own, playing `version`."""
    return ServiceProcess("dev.race_title", env={"RACE_RULES_VERSION": version})


if __name__ == "__main__":
    # Free loopback ports, announced in the "serving" log line like any rules service's.
    serve(
        Settings(TITLE, host="127.0.0.1", port=0, metrics_port=0, metrics_host="127.0.0.1"),
        RaceGame(),
    )
