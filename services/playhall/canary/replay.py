"""One archived match played again on a candidate rules service, compared change by change
with what was recorded: the first difference, if any.

Compared: each move's public status (seats to move, step, turn, move count, whether it is
over, scores, winners), its events in every audience's version, and the final state. Not
compared: the rules version a state or status names, which is the candidate's own on a
replay, and the changes the server made without a move (a resignation, a clock, joining
seats), which are no rules' doing. An undo (UndoMove) takes the replay back to the state before
the move it names, as it took the match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import grpc
from google.protobuf import any_pb2, descriptor_pool, message_factory, struct_pb2
from google.protobuf.message import DecodeError, Message

from playhall.canary.recorded import RecordedMatch
from playhall.matches.rules_client import UNREACHABLE
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.rules.v1 import rules_service_pb2_grpc
from playhall.storage.v1 import storage_pb2 as spb

STATUS_FIELDS = ("to_move", "step", "turn", "move_count", "finished", "scores", "winners")
"""What a GameStatus says about the game (not its `rules_version`), in the order reported."""
VERSION_FIELD = "rules_version"


@dataclass(frozen=True)
class Difference:
    """Where a replayed match first went otherwise than recorded."""

    match_id: str
    rules_version: str
    change: int
    """The version of the match's log where it differs (0: its creation)."""
    what: str
    recorded: str
    replayed: str


class Replayer:
    """Replays recorded matches on the rules service behind `channel`."""

    def __init__(self, channel: grpc.Channel, timeout_s: float):
        self.stub = rules_service_pb2_grpc.RulesServiceStub(channel)
        self.timeout_s = timeout_s

    def info(self) -> rpb.GameInfo:
        reply: rpb.GetGameInfoResponse = self.stub.GetGameInfo(
            rpb.GetGameInfoRequest(), timeout=self.timeout_s
        )
        return reply.game

    def replay(self, match: RecordedMatch) -> Difference | None:
        def differs(change: int, what: str, recorded: object, replayed: object) -> Difference:
            return Difference(
                match.match_id, match.rules_version, change, what, str(recorded), str(replayed)
            )

        try:
            started = self.stub.NewGame(
                rpb.NewGameRequest(players=match.players, options=match.options, seed=match.seed),
                timeout=self.timeout_s,
            )
        except grpc.RpcError as error:
            if error.code() in UNREACHABLE:
                raise
            return differs(0, "setup refused", "accepted", _refusal(error))
        creation, _ = match.changes[0]
        found = _compare(creation, started.status, started.events)
        if found:
            return differs(0, *found)
        state = started.state
        # The state before each move, by the version it made: what an undo restores.
        before: dict[int, any_pb2.Any] = {}
        for change, move in match.changes[1:]:
            if change.undid_version in before:
                state = before[change.undid_version]
                continue
            if not move:
                continue
            before[change.version] = state
            try:
                applied = self.stub.ApplyMove(
                    rpb.ApplyMoveRequest(
                        state=state,
                        seat=change.seat,
                        move=any_pb2.Any.FromString(move),
                        omit_legal_moves=True,
                    ),
                    timeout=self.timeout_s,
                )
            except grpc.RpcError as error:
                if error.code() in UNREACHABLE:
                    raise
                return differs(change.version, "move refused", "accepted", _refusal(error))
            found = _compare(change, applied.status, applied.events)
            if found:
                return differs(change.version, *found)
            state = applied.state
        if match.final_state is not None:
            recorded = any_pb2.Any.FromString(match.final_state)
            if not same_payload(recorded, state):
                return differs(match.changes[-1][0].version, "final state", "as archived", "other")
        return None


def _refusal(error: grpc.RpcError) -> str:
    return f"{error.code().name}: {error.details()}"


def _compare(
    change: spb.StoredChange, status: rpb.GameStatus, events: Sequence[rpb.MoveEvent]
) -> tuple[str, object, object] | None:
    """The first thing in which `status` and `events` differ from the recorded change."""
    for name in STATUS_FIELDS:
        recorded, replayed = getattr(change.status, name), getattr(status, name)
        if name in ("to_move", "scores", "winners"):
            recorded, replayed = list(recorded), list(replayed)
        if recorded != replayed:
            return name, recorded, replayed
    if len(change.events) != len(events):
        return "events", f"{len(change.events)} events", f"{len(events)} events"
    for number, (recorded_event, replayed_event) in enumerate(
        zip(change.events, events, strict=True)
    ):
        if not same_event(recorded_event, replayed_event):
            return f"event {number}", "as recorded", "other"
    return None


def same_event(recorded: rpb.MoveEvent, replayed: rpb.MoveEvent) -> bool:
    """The same event for every audience: the public version and each seat's own."""
    if not same_payload(recorded.public_event, replayed.public_event):
        return False
    recorded_seats = {e.seat: e.event for e in recorded.seat_events}
    replayed_seats = {e.seat: e.event for e in replayed.seat_events}
    return recorded_seats.keys() == replayed_seats.keys() and all(
        same_payload(event, replayed_seats[seat]) for seat, event in recorded_seats.items()
    )


def same_payload(recorded: any_pb2.Any, replayed: any_pb2.Any) -> bool:
    """The same message in both, whatever rules version each names. A message whose type
    this process knows (the registered titles', protobuf's well-known types) is compared by
    its fields, so that map order cannot differ it; any other by its bytes."""
    if recorded.type_url != replayed.type_url:
        return False
    if recorded.value == replayed.value:
        return True
    name = recorded.type_url.rpartition("/")[2]
    try:
        descriptor = descriptor_pool.Default().FindMessageTypeByName(name)
        kind = message_factory.GetMessageClass(descriptor)
    except KeyError:
        return False
    try:
        return _versionless(kind.FromString(recorded.value)) == _versionless(
            kind.FromString(replayed.value)
        )
    except DecodeError:
        return False


def _versionless(message: Message) -> Message:
    if isinstance(message, struct_pb2.Struct):
        if VERSION_FIELD in message:
            del message[VERSION_FIELD]
    elif VERSION_FIELD in message.DESCRIPTOR.fields_by_name:
        message.ClearField(VERSION_FIELD)
    return message
