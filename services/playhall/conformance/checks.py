"""The promises of the RulesService contract, each checked over the wire.

Every check sees the service only through `Target` (the contract and the title's messages) and
the random games of `playouts`; none imports an engine, so a title written in any language is
judged by what it answers. A check fills its `Result`: how many cases it tried, and every case
that broke its promise, in words that say what was sent and what came back.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import any_pb2, empty_pb2
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from playhall.conformance.catalogues import LANGUAGES, Catalogues, shipped_folder
from playhall.conformance.playouts import Playout, Position, play, seed_of
from playhall.conformance.target import TYPE_PREFIX, Refusal, Target
from playhall.rules.v1 import rules_service_pb2 as pb

INVALID = grpc.StatusCode.INVALID_ARGUMENT
PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION
INTEGER_TYPES = {
    FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT32,
    FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_SINT32, FieldDescriptor.TYPE_SINT64,
    FieldDescriptor.TYPE_FIXED32, FieldDescriptor.TYPE_FIXED64, FieldDescriptor.TYPE_SFIXED32,
    FieldDescriptor.TYPE_SFIXED64,
}  # fmt: skip
GARBAGE = b"\x0a\xff\x01"
"""Bytes no message parses: a length-delimited field 1 announcing 255 bytes, then one."""


@dataclass(frozen=True)
class Config:
    seeds: int = 3
    """Random games played (each seat count in turn), and seeds NewGame is asked twice about."""
    max_moves: int = 3000
    """A game not over after this many moves breaks the promise that games end."""
    probes: int = 6
    """Positions of each game the costlier checks probe (the first and the last among them)."""
    moves_per_probe: int = 12
    """Listed, unlisted and branching moves tried at each probed position, at most."""
    strict_moves: bool = False
    """Every move spelt otherwise than listed must be refused: for titles whose protos give
    each move one spelling (a title may document several, e.g. einstein's ignored `via`)."""
    catalogue: Path | None = None
    """The folder of the title's message catalogue (`<language>/*.ftl`); None for the one
    Playhall's own title of that id ships."""


@dataclass
class Result:
    name: str
    promise: str
    checked: int = 0
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What a person should know about a pass, e.g. why there was nothing to compare."""

    @property
    def passed(self) -> bool:
        return not self.failures and (self.checked > 0 or bool(self.notes))


@dataclass
class Run:
    """What the checks share: the service and the random games played through it."""

    target: Target
    config: Config
    playouts: list[Playout]

    def probes(self) -> Iterator[tuple[Playout, Position]]:
        for playout in self.playouts:
            for position in playout.probes(self.config.probes):
                yield playout, position

    def rng(self, salt: str) -> random.Random:
        return random.Random(f"{salt}-{self.config.seeds}")


Check = Callable[[Run, Result], None]
CHECKS: list[tuple[str, str, Check]] = []


def check(name: str, promise: str) -> Callable[[Check], Check]:
    def register(function: Check) -> Check:
        CHECKS.append((name, promise, function))
        return function

    return register


def prepare(target: Target, config: Config) -> Run:
    low, high = target.info.min_players, target.info.max_players
    playouts = []
    for index in range(config.seeds):
        players = low + index % max(high - low + 1, 1)
        playouts.append(play(target, players, seed_of(index), config.max_moves))
    return Run(target, config, playouts)


def run_checks(run: Run, only: set[str] | None = None) -> list[Result]:
    results = []
    for name, promise, function in CHECKS:
        if only is not None and name not in only:
            continue
        result = Result(name, promise)
        function(run, result)
        results.append(result)
    return results


# -- helpers -----------------------------------------------------------------------------------


def expect_refusal(result: Result, code: grpc.StatusCode, answer: object, what: str) -> None:
    """Counts one case: `answer` must be a refusal with `code` and a reason to read."""
    result.checked += 1
    if not isinstance(answer, Refusal):
        result.failures.append(f"{what}: accepted, expected {code.name}")
    elif answer.code != code:
        result.failures.append(
            f"{what}: {answer.code.name} ({answer.details!r}), expected {code.name}"
        )
    elif not answer.details.strip():
        result.failures.append(f"{what}: {code.name} without a reason for the player")


def refused(result: Result, answer: object, what: str) -> bool:
    """True (and a failure recorded) when a call that had to answer was refused."""
    if isinstance(answer, Refusal):
        result.failures.append(f"{what}: refused {answer.code.name} {answer.details!r}")
        return True
    return False


def apply(run: Run, position: Position, seat: int, move: bytes, **extra: bool) -> Any:
    return run.target.call(
        "ApplyMove",
        pb.ApplyMoveRequest(
            state=position.state, seat=seat, move=run.target.move_any(move), **extra
        ),
    )


def where(playout: Playout, position: Position) -> str:
    return (
        f"game {playout.seed.decode(errors='replace')} ({playout.players} seats), "
        f"move {position.status.move_count}"
    )


def moves_key(target: Target, moves: pb.MoveList) -> frozenset[bytes]:
    return frozenset(target.canonical(target.move_class, move) for move in moves.moves)


def started(run: Run) -> list[tuple[Playout, pb.NewGameResponse]]:
    return [(p, p.new_game) for p in run.playouts if not isinstance(p.new_game, Refusal)]


def any_listed_move(run: Run) -> bytes | None:
    for playout in run.playouts:
        for position in playout.positions:
            for moves in position.legal.values():
                if moves:
                    return moves[0]
    return None


# -- the promises ------------------------------------------------------------------------------


@check("game-info", "GetGameInfo describes the title: id, seat range, rules version, messages")
def game_info(run: Run, result: Result) -> None:
    info = run.target.info
    result.checked += 1
    if not info.title_id:
        result.failures.append("GetGameInfo names no title id")
    if not 1 <= info.min_players <= info.max_players:
        result.failures.append(f"seat range {info.min_players}-{info.max_players} is empty")
    if not info.rules_version:
        result.failures.append("GetGameInfo names no rules version")


@check("deterministic", "NewGame gives the same game for the same seed; ApplyMove the same result")
def deterministic(run: Run, result: Result) -> None:
    target = run.target
    for playout in run.playouts:
        if refused(result, playout.new_game, f"NewGame for {playout.players} seats"):
            continue
        again = target.call(
            "NewGame", pb.NewGameRequest(players=playout.players, seed=playout.seed)
        )
        result.checked += 1
        if refused(result, again, f"NewGame for {playout.players} seats, asked again"):
            continue
        first = playout.new_game
        assert not isinstance(first, Refusal)
        if target.canonical(target.state_class, first.state.value) != target.canonical(
            target.state_class, again.state.value
        ):
            result.failures.append(
                f"NewGame with seed {playout.seed!r} and {playout.players} seats gave two "
                "different states"
            )
        elif first.status != again.status or first.events != again.events:
            result.failures.append(
                f"NewGame with seed {playout.seed!r} gave the same state with another status "
                "or other setup events"
            )
    for playout, position in run.probes():
        for seat, moves in sorted(position.legal.items())[:1]:
            if not moves:
                continue
            answers = [
                apply(run, position, seat, moves[0], omit_legal_moves=True) for _ in range(2)
            ]
            result.checked += 1
            if any(isinstance(answer, Refusal) for answer in answers):
                continue  # a refused listed move is listed-moves-accepted's failure
            one, two = answers
            if (
                target.canonical(target.state_class, one.state.value)
                != target.canonical(target.state_class, two.state.value)
                or one.status != two.status
            ):
                result.failures.append(
                    f"{where(playout, position)}: the same move by seat {seat} gave two "
                    "different states"
                )


@check("listed-moves-accepted", "every move GetView lists for a seat is accepted")
def listed_moves_accepted(run: Run, result: Result) -> None:
    rng = run.rng("listed")
    for playout in run.playouts:
        result.failures += playout.listed_refused
        result.checked += max(len(playout.positions) - 1, 0)
    for playout, position in run.probes():
        for seat, moves in sorted(position.legal.items()):
            for move in rng.sample(moves, min(len(moves), run.config.moves_per_probe)):
                answer = apply(run, position, seat, move, omit_legal_moves=True)
                result.checked += 1
                refused(
                    result, answer,
                    f"{where(playout, position)}: seat {seat}'s listed move "
                    f"{run.target.describe_move(move)}",
                )  # fmt: skip


@check("move-applied-once", "ApplyMove applies the move once: the count goes up by one, and the "
       "mover's view is GetView's of the new state")  # fmt: skip
def move_applied_once(run: Run, result: Result) -> None:
    target = run.target
    for playout in run.playouts:
        result.failures += playout.miscounted
        result.checked += max(len(playout.positions) - 1, 0)
    for playout, position in run.probes():
        for seat, moves in sorted(position.legal.items()):
            if not moves:
                continue
            after = apply(run, position, seat, moves[-1])
            if isinstance(after, Refusal):
                continue  # listed-moves-accepted's failure
            result.checked += 1
            place = (
                f"{where(playout, position)}: seat {seat}'s move {target.describe_move(moves[-1])}"
            )
            if after.status.move_count != position.status.move_count + 1:
                result.failures.append(
                    f"{place} took the move count from {position.status.move_count} to "
                    f"{after.status.move_count}"
                )
            view = target.call("GetView", pb.GetViewRequest(state=after.state, seat=seat))
            if refused(result, view, f"{place}: GetView of the state it returned"):
                continue
            if target.view_key(view.view) != target.view_key(after.mover_view.view):
                result.failures.append(f"{place}: the mover's view differs from GetView's")
            if moves_key(target, view.legal_moves) != moves_key(
                target, after.mover_view.legal_moves
            ):
                result.failures.append(f"{place}: the mover's legal moves differ from GetView's")
            if view.status != after.status:
                result.failures.append(f"{place}: GetView's status differs from ApplyMove's")


def mutations(message: Message, reorder: bool = False) -> Iterator[Message]:
    """Copies of `message` with one number, enum or flag changed (in nested messages too):
    moves a seat could spell that the rules may not list; with `reorder`, also each list of
    numbers turned by one (a deck's order)."""
    for descriptor in message.DESCRIPTOR.fields:
        if descriptor.containing_oneof is not None and not message.HasField(descriptor.name):
            continue
        value = getattr(message, descriptor.name)
        if descriptor.type == FieldDescriptor.TYPE_MESSAGE:
            if descriptor.is_repeated or not message.HasField(descriptor.name):
                continue
            for changed in mutations(value, reorder):
                copy = type(message)()
                copy.CopyFrom(message)
                getattr(copy, descriptor.name).CopyFrom(changed)
                yield copy
            continue
        if descriptor.is_repeated:
            if reorder and len(set(value)) > 1:
                copy = type(message)()
                copy.CopyFrom(message)
                del getattr(copy, descriptor.name)[:]
                getattr(copy, descriptor.name).extend([*value[1:], value[0]])
                yield copy
            continue
        for other in _other_values(descriptor, value):
            copy = type(message)()
            copy.CopyFrom(message)
            setattr(copy, descriptor.name, other)
            yield copy


def _other_values(descriptor: Any, value: object) -> list[Any]:
    if descriptor.type == FieldDescriptor.TYPE_BOOL:
        return [not value]
    if descriptor.type == FieldDescriptor.TYPE_ENUM:
        numbers = [v.number for v in descriptor.enum_type.values]
        return [n for n in numbers if n != value] + [max(numbers) + 1]
    if descriptor.type in INTEGER_TYPES and isinstance(value, int):
        unsigned = descriptor.type in {
            FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_UINT64,
            FieldDescriptor.TYPE_FIXED32, FieldDescriptor.TYPE_FIXED64,
        }  # fmt: skip
        others = {value + 1, value - 1, value + 2, value + 4, 1000, -1}
        return sorted(v for v in others if v != value and not (unsigned and v < 0))
    return []


def _leaves(message: Message, prefix: str = "") -> dict[str, object]:
    leaves: dict[str, object] = {}
    for descriptor, value in message.ListFields():
        path = prefix + descriptor.name
        if descriptor.type == FieldDescriptor.TYPE_MESSAGE and not descriptor.is_repeated:
            leaves.update(_leaves(value, path + "."))
        else:
            leaves[path] = value if not descriptor.is_repeated else tuple(value)
    return leaves


def _distance(one: dict[str, object], two: dict[str, object]) -> int:
    return sum(one.get(path) != two.get(path) for path in one.keys() | two.keys())


def _plays_as_listed(
    run: Run, position: Position, seat: int, move: bytes, after: Any
) -> str | None:
    """The listed move that `move` (accepted, yet not listed) plays exactly as, if any: a title
    may document several spellings of one move. Nearest first, as such spellings differ from
    theirs in a field or two."""
    target = run.target
    played = target.canonical(target.state_class, after.state.value)
    leaves = _leaves(target.move_class.FromString(move))
    listed = sorted(
        position.legal[seat],
        key=lambda m: _distance(leaves, _leaves(target.move_class.FromString(m))),
    )
    for candidate in listed:
        if (seat, candidate) not in position.outcomes:
            answer = apply(run, position, seat, candidate, omit_legal_moves=True)
            position.outcomes[seat, candidate] = (
                None
                if isinstance(answer, Refusal)
                else target.canonical(target.state_class, answer.state.value)
            )
        if position.outcomes[seat, candidate] == played:
            return target.describe_move(candidate)
    return None


MoveCase = tuple[str, Position, int, bytes]
"""A move the kit sends to see it refused: what it is (for a report), the position, the seat
and the move."""


def unlisted_moves(run: Run) -> Iterator[MoveCase]:
    """Moves not listed for a seat to move (a listed move with a field changed, a move of
    another position), the same ones on every call."""
    target, rng = run.target, run.rng("unlisted")
    canonical = {m: target.canonical(target.move_class, m) for p in run.playouts
                 for pos in p.positions for ms in pos.legal.values() for m in ms}  # fmt: skip
    pool = sorted(set(canonical.values()))
    for playout, position in run.probes():
        for seat, moves in sorted(position.legal.items()):
            listed = {canonical[m] for m in moves}
            candidates = set()
            for move in rng.sample(moves, min(len(moves), 4)):
                for changed in mutations(target.move_class.FromString(move)):
                    candidates.add(changed.SerializeToString(deterministic=True))
            candidates.update(rng.sample(pool, min(len(pool), run.config.moves_per_probe)))
            unlisted = sorted(candidates - listed)
            for move in rng.sample(unlisted, min(len(unlisted), run.config.moves_per_probe)):
                what = (
                    f"{where(playout, position)}: seat {seat}'s unlisted move "
                    f"{target.describe_move(move)}"
                )
                yield what, position, seat, move


@check("unlisted-moves-refused", "a move not listed (a changed field, a move of another "
       "position) is refused INVALID_ARGUMENT with a reason, or plays exactly as a listed one "
       "(never with --strict-moves)")  # fmt: skip
def unlisted_moves_refused(run: Run, result: Result) -> None:
    aliases = 0
    for what, position, seat, move in unlisted_moves(run):
        answer = apply(run, position, seat, move, omit_legal_moves=True)
        if isinstance(answer, Refusal):
            expect_refusal(result, INVALID, answer, what)
            continue
        result.checked += 1
        same = _plays_as_listed(run, position, seat, move, answer)
        if same is None:
            result.failures.append(f"{what}: accepted, and it plays as no listed move")
        elif run.config.strict_moves:
            result.failures.append(f"{what}: accepted as a second spelling of {same}")
        else:
            aliases += 1
    if aliases:
        result.notes.append(f"{aliases} accepted as another spelling of a listed move")


@check("not-your-turn", "a move by a seat not to move, or on a finished game, is refused "
       "FAILED_PRECONDITION with a reason")  # fmt: skip
def not_your_turn(run: Run, result: Result) -> None:
    for what, position, seat, move in moves_out_of_turn(run):
        expect_refusal(result, PRECONDITION, apply(run, position, seat, move), what)


def moves_out_of_turn(run: Run) -> Iterator[MoveCase]:
    """A listed move of a seat to move, sent as every other seat, at every probe; and a move
    listed somewhere, sent by every seat to each finished game."""
    target = run.target
    for playout, position in run.probes():
        listed = [
            (seat, move) for seat, moves in sorted(position.legal.items()) for move in moves[:1]
        ]
        if not listed and not position.status.finished:
            continue
        move = listed[0][1] if listed else any_listed_move(run)
        if move is None:
            continue
        for seat in range(playout.players):
            if seat in position.status.to_move:
                continue
            state = "finished game" if position.status.finished else "position"
            what = (
                f"{where(playout, position)}: seat {seat} (not to move) playing "
                f"{target.describe_move(move)} on the {state}"
            )
            yield what, position, seat, move


@check("moves-listed-to-movers", "GetView lists moves to the seats to move only: none to other "
       "seats, the spectator, or anyone when omitted")  # fmt: skip
def moves_listed_to_movers(run: Run, result: Result) -> None:
    target = run.target
    for playout, position in run.probes():
        asks: list[tuple[int | None, bool]] = [(seat, False) for seat in range(playout.players)]
        asks += [(None, False)] + [(seat, True) for seat in position.status.to_move]
        for seat, omit in asks:
            request = (
                pb.GetViewRequest(state=position.state, spectator=True)
                if seat is None
                else pb.GetViewRequest(state=position.state, seat=seat, omit_legal_moves=omit)
            )
            view = target.call("GetView", request)
            what = f"{where(playout, position)}: GetView for {_who(seat)}"
            if refused(result, view, what):
                continue
            result.checked += 1
            if seat is not None and seat in position.status.to_move and not omit:
                continue  # the movers' lists are what the other checks play
            if view.legal_moves.moves:
                why = "that omitted them" if omit else "not to move"
                result.failures.append(f"{what} ({why}) lists {len(view.legal_moves.moves)} moves")


@check("malformed-refused", "undecodable bytes, foreign messages, seats out of range and bad "
       "setups are refused INVALID_ARGUMENT with a reason")  # fmt: skip
def malformed_refused(run: Run, result: Result) -> None:
    cases = malformed_requests(run)
    if cases is None:
        result.failures.append("no game was set up and listed a move, so nothing to send")
        return
    for what, method, request in cases:
        expect_refusal(result, INVALID, run.target.call(method, request), what)


def malformed_requests(run: Run) -> list[tuple[str, str, Message]] | None:
    """Requests no service may accept, each with what it is and its method: bad setups,
    states and moves that do not decode or are of another type, seats out of range, views of
    nobody; None when no game was set up and listed a move to build them from."""
    target, info = run.target, run.target.info
    games = started(run)
    move = any_listed_move(run)
    if not games or move is None:
        return None
    playout, first = games[0]
    state, players = first.state, playout.players
    mover = next(iter(playout.positions[0].status.to_move), 0) if playout.positions else 0
    foreign_state = any_pb2.Any(type_url=TYPE_PREFIX + info.messages.move, value=move)
    empty = any_pb2.Any()
    empty.Pack(empty_pb2.Empty())
    cases: list[tuple[str, str, Message]] = [
        ("NewGame with one seat fewer than the fewest", "NewGame",
         pb.NewGameRequest(players=info.min_players - 1, seed=b"s")),
        ("NewGame with one seat more than the most", "NewGame",
         pb.NewGameRequest(players=info.max_players + 1, seed=b"s")),
        ("NewGame without a seed", "NewGame", pb.NewGameRequest(players=players)),
        ("NewGame with a 65-byte seed", "NewGame",
         pb.NewGameRequest(players=players, seed=b"s" * 65)),
        ("NewGame with an option the title does not have", "NewGame",
         pb.NewGameRequest(players=players, seed=b"s",
                           options={"no-such-option": pb.OptionValue(bool_value=True)})),
        ("ApplyMove with a state that does not decode", "ApplyMove",
         pb.ApplyMoveRequest(state=any_pb2.Any(type_url=state.type_url, value=GARBAGE),
                             seat=mover, move=target.move_any(move))),
        ("ApplyMove with a move as the state", "ApplyMove",
         pb.ApplyMoveRequest(state=foreign_state, seat=mover, move=target.move_any(move))),
        ("ApplyMove without a state", "ApplyMove",
         pb.ApplyMoveRequest(seat=mover, move=target.move_any(move))),
        ("ApplyMove with a move that does not decode", "ApplyMove",
         pb.ApplyMoveRequest(state=state, seat=mover, move=target.move_any(GARBAGE))),
        ("ApplyMove with a google.protobuf.Empty as the move", "ApplyMove",
         pb.ApplyMoveRequest(state=state, seat=mover, move=empty)),
        ("ApplyMove with the state as the move", "ApplyMove",
         pb.ApplyMoveRequest(state=state, seat=mover, move=state)),
        ("ApplyMove by seat -1", "ApplyMove",
         pb.ApplyMoveRequest(state=state, seat=-1, move=target.move_any(move))),
        (f"ApplyMove by seat {players} of {players}", "ApplyMove",
         pb.ApplyMoveRequest(state=state, seat=players, move=target.move_any(move))),
        ("GetView naming no viewer", "GetView", pb.GetViewRequest(state=state)),
        (f"GetView for seat {players} of {players}", "GetView",
         pb.GetViewRequest(state=state, seat=players)),
        ("GetView with a move as the state", "GetView",
         pb.GetViewRequest(state=foreign_state, seat=0)),
        ("GetView with spectator set to false", "GetView",
         pb.GetViewRequest(state=state, spectator=False)),
        ("RenderView naming no format", "RenderView", pb.RenderViewRequest(state=state, seat=0)),
        ("RenderView naming no viewer", "RenderView",
         pb.RenderViewRequest(state=state, format=pb.RENDER_FORMAT_TEXT)),
    ]  # fmt: skip
    return cases


VERSION_NUMBER = re.compile(r"^(.*?)(\d+)((?:\..*)?)$")


def other_major(version: str) -> str:
    """`version` with its major number one higher ("galileo/1.2" gives "galileo/2.2"), or a
    major no service plays when it has no number."""
    match = VERSION_NUMBER.match(version)
    if match is None:
        return version + "-conformance-999"
    return f"{match[1]}{int(match[2]) + 1}{match[3]}"


def _string_fields(message: Message, value: str) -> Iterator[tuple[Message, str]]:
    """Every (message, field name) in `message` whose string is `value`."""
    for descriptor, found in message.ListFields():
        if descriptor.type == FieldDescriptor.TYPE_STRING and found == value:
            yield message, descriptor.name
        elif descriptor.type == FieldDescriptor.TYPE_MESSAGE:
            if descriptor.is_repeated:
                for item in found:
                    if isinstance(item, Message):
                        yield from _string_fields(item, value)
            elif isinstance(found, Message):
                yield from _string_fields(found, value)


@check("foreign-version-refused", "a state written by another major rules version is refused "
       "FAILED_PRECONDITION with a reason")  # fmt: skip
def foreign_version_refused(run: Run, result: Result) -> None:
    target = run.target
    for playout in run.playouts:
        for position in playout.probes(3)[:2]:
            recorded = position.status.rules_version
            state = target.state_class.FromString(position.state.value)
            fields = list(_string_fields(state, recorded))
            if not fields:
                result.checked += 1
                result.failures.append(
                    f"{where(playout, position)}: the state holds no field with the rules "
                    f"version {recorded!r} its status reports"
                )
                continue
            foreign = other_major(recorded)
            for holder, name in fields:
                setattr(holder, name, foreign)
            packed = any_pb2.Any(type_url=position.state.type_url, value=state.SerializeToString())
            seat = next(iter(position.legal), 0)
            moves = position.legal.get(seat) or [any_listed_move(run) or b""]
            place = f"{where(playout, position)}: a state of rules {foreign!r}"
            expect_refusal(
                result, PRECONDITION,
                target.call("ApplyMove", pb.ApplyMoveRequest(
                    state=packed, seat=seat, move=target.move_any(moves[0]))),
                f"{place} in ApplyMove",
            )  # fmt: skip
            expect_refusal(
                result, PRECONDITION,
                target.call("GetView", pb.GetViewRequest(state=packed, spectator=True)),
                f"{place} in GetView",
            )  # fmt: skip


def _seen(event: pb.MoveEvent, viewer: int | None, target: Target) -> bytes:
    for version in event.seat_events:
        if viewer is not None and version.seat == viewer:
            return target.event_key(version.event)
    return target.event_key(event.public_event)


def _told(
    target: Target, events: Iterable[pb.MoveEvent], status: pb.GameStatus, viewer: int | None
) -> bytes:
    """What `viewer` has been told: the events as it sees them, and the public status."""
    return b"\1".join([_seen(e, viewer, target) for e in events] + [status.SerializeToString(
        deterministic=True)])  # fmt: skip


def _view_of(target: Target, state: any_pb2.Any, viewer: int | None) -> Any:
    request = (
        pb.GetViewRequest(state=state, spectator=True)
        if viewer is None
        else pb.GetViewRequest(state=state, seat=viewer)
    )
    return target.call("GetView", request)


def _who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"


@check("hidden-information", "a viewer told the same events sees the same view (and legal "
       "moves), whatever it may not see")  # fmt: skip
def hidden_information(run: Run, result: Result) -> None:
    """The contract has no RPC that determinizes a view, so the states that differ only in
    what a viewer may not see come from the service's own events: two games that told a viewer
    the same things (the same setup events, or the same events of different moves by another
    seat from one position, with the same public status) must show it the same view. A view
    that shows what such a move hid (a secret pick, the card a seat gave away) differs between
    them. Setups are not compared: a title's setup events need not spell out everything its
    first view shows. A title whose every move tells everyone everything has nothing to
    compare, and a leak of what no move touches (a deck's order) cannot be seen this way."""
    target, rng = run.target, run.rng("hidden")
    groups: dict[tuple[int | None, bytes], list[tuple[str, any_pb2.Any]]] = defaultdict(list)
    for playout, position in run.probes():
        for mover, moves in sorted(position.legal.items()):
            for move in rng.sample(moves, min(len(moves), run.config.moves_per_probe)):
                after = apply(run, position, mover, move, omit_legal_moves=True)
                if isinstance(after, Refusal):
                    continue
                for viewer in [None, *range(playout.players)]:
                    if viewer == mover:
                        continue
                    told = _told(target, after.events, after.status, viewer)
                    key = f"{where(playout, position)} seat {mover}\0".encode() + told
                    groups[(viewer, key)].append(
                        (f"{where(playout, position)}, seat {mover} playing "
                         f"{target.describe_move(move)}", after.state)
                    )  # fmt: skip
    for (viewer, _), members in groups.items():
        if len(members) < 2:
            continue
        seen: dict[tuple[bytes, frozenset[bytes]], str] = {}
        for label, state in members:
            view = _view_of(target, state, viewer)
            if refused(result, view, f"GetView for {_who(viewer)} after {label}"):
                continue
            seen.setdefault(
                (target.view_key(view.view), moves_key(target, view.legal_moves)), label
            )
        result.checked += len(members) - 1
        if len(seen) > 1:
            first, second = list(seen.values())[:2]
            result.failures.append(
                f"{_who(viewer)} was told the same after {first} as after {second}, but its "
                "view differs: it shows what it may not see"
            )
    if result.checked == 0:
        result.notes.append("no two moves told a viewer the same: every move was public")


STATE_MUTATIONS = 24
"""Changed states the spectator check looks at per probed position, at most."""


@check("spectator-public-only", "the spectator sees only what every seat sees: a change to a "
       "state that shows in its view shows in every seat's")  # fmt: skip
def spectator_public_only(run: Run, result: Result) -> None:
    """What a spectator may see is public, so every seat sees it too. The kit changes one
    field of a state at a time (a number, an enum, a flag, the order of a list) and asks for
    every view of the changed state the service accepts: a change the spectator's view shows
    while some seat's does not is something shown to spectators that a seat may not see (the
    order of a deck, the pile of undealt cards). The other way round proves nothing: a seat
    also sees its own secrets."""
    target, rng = run.target, run.rng("spectator")
    for playout in run.playouts:
        viewers = [None, *range(playout.players)]
        for position in playout.probes(3):
            before = {}
            for viewer in viewers:
                view = _view_of(target, position.state, viewer)
                if refused(result, view, f"{where(playout, position)}: GetView for {_who(viewer)}"):
                    break
                before[viewer] = target.view_key(view.view)
            else:
                state = target.state_class.FromString(position.state.value)
                changed = list(mutations(state, reorder=True))
                for mutant in rng.sample(changed, min(len(changed), STATE_MUTATIONS)):
                    packed = any_pb2.Any(
                        type_url=position.state.type_url, value=mutant.SerializeToString()
                    )
                    shown = _changes_shown(target, packed, viewers, before)
                    if shown is None or None not in shown:
                        continue
                    result.checked += 1
                    blind = [seat for seat in viewers[1:] if seat not in shown]
                    if blind:
                        result.failures.append(
                            f"{where(playout, position)}: a change to the state shows in the "
                            f"spectator's view but not in seat {blind[0]}'s: "
                            f"{_difference(state, mutant)}"
                        )
    if result.checked == 0 and not result.failures:
        result.notes.append("no change to a state showed in the spectator's view")


def _changes_shown(
    target: Target, state: any_pb2.Any, viewers: list[int | None], before: dict[int | None, bytes]
) -> set[int | None] | None:
    """The viewers whose view of `state` differs from `before`; None when the service
    refuses the changed state (it may check its states' consistency)."""
    shown = set()
    for viewer in viewers:
        view = target.call(
            "GetView",
            pb.GetViewRequest(state=state, spectator=True, omit_legal_moves=True)
            if viewer is None
            else pb.GetViewRequest(state=state, seat=viewer, omit_legal_moves=True),
        )
        if isinstance(view, Refusal):
            return None
        if target.view_key(view.view) != before[viewer]:
            shown.add(viewer)
    return shown


def _difference(state: Message, mutant: Message) -> str:
    one, two = _leaves(state), _leaves(mutant)
    paths = sorted(path for path in one.keys() | two.keys() if one.get(path) != two.get(path))
    return ", ".join(f"{path} changed" for path in paths[:3])


UNDO_POSITIONS = 60
"""Positions of each game where the undo check applies a listed move of the seat to move."""
UNDO_REVEAL_CASES = 8
"""Undoable steps of each game whose reveals the undo check looks for, by changed states."""


@check("undo-reveals-nothing", "a step ApplyMove calls undoable leaves the same seat alone to "
       "move in the same turn, and shows the mover and the spectator nothing the mover did not "
       "know (nothing drawn, nothing hidden turned up)")  # fmt: skip
def undo_reveals_nothing(run: Run, result: Result) -> None:
    """Taking a step back is fair only if the step taught nobody anything: the kit applies a
    listed move at many positions and, wherever the answer says undoable, checks that the seat
    still moves alone in the same turn, then changes one field of the state at a time that
    neither the mover's nor the spectator's view shows (a deck's order, another seat's hand)
    and applies the same move again: the mover's and the spectator's views after it must be
    the same as after the real step. A step that drew from a shuffled pile or turned up a
    hidden card shows what the change touched. A title that never answers undoable passes
    with a note."""
    target, rng = run.target, run.rng("undo")
    undoable = 0
    for playout in run.playouts:
        positions = [p for p in playout.positions if len(p.status.to_move) == 1]
        revealing_checks = 0
        for position in rng.sample(positions, min(len(positions), UNDO_POSITIONS)):
            seat = position.status.to_move[0]
            if not position.legal.get(seat):
                continue
            move = rng.choice(position.legal[seat])
            after = apply(run, position, seat, move)
            if isinstance(after, Refusal) or not after.undoable:
                continue
            undoable += 1
            result.checked += 1
            what = (
                f"{where(playout, position)}: seat {seat}'s undoable {target.describe_move(move)}"
            )
            kept = _turn_kept(position.status, after.status, seat)
            if kept:
                result.failures.append(f"{what} {kept}")
            elif revealing_checks < UNDO_REVEAL_CASES:
                revealing_checks += 1
                shown = _step_shows(run, position, seat, move, after, rng)
                if shown:
                    result.failures.append(f"{what} shows what the mover did not know: {shown}")
    if not undoable and not result.failures:
        result.notes.append("no step was answered undoable: the title never undoes")


def _turn_kept(before: pb.GameStatus, after: pb.GameStatus, seat: int) -> str | None:
    """Why an undoable step broke the turn, if it did."""
    if after.finished:
        return "ended the game"
    if list(before.to_move) != [seat] or list(after.to_move) != [seat]:
        return f"left seats {list(after.to_move)} to move (from {list(before.to_move)})"
    if after.turn != before.turn:
        return f"moved the turn on from {before.turn} to {after.turn}"
    return None


def _step_shows(
    run: Run, position: Position, seat: int, move: bytes, after: Any, rng: random.Random
) -> str | None:
    """A change of the state before the step, hidden from the mover and the spectator, that
    shows in the mover's or the spectator's view after it (described), if any."""
    target, viewers = run.target, [seat, None]
    seen_before = {v: _view_key(target, position.state, v) for v in viewers}
    seen_after = {v: _view_key(target, after.state, v) for v in viewers}
    state = target.state_class.FromString(position.state.value)
    changed = list(mutations(state, reorder=True))
    for mutant in [*swaps(state), *rng.sample(changed, min(len(changed), STATE_MUTATIONS))]:
        packed = any_pb2.Any(type_url=position.state.type_url, value=mutant.SerializeToString())
        if any(_view_key(target, packed, v) != seen_before[v] for v in viewers):
            continue  # a change the mover or the spectator sees (or a state refused)
        twin = target.call(
            "ApplyMove",
            pb.ApplyMoveRequest(
                state=packed, seat=seat, move=target.move_any(move), omit_legal_moves=True
            ),
        )
        if isinstance(twin, Refusal):
            continue
        for viewer in viewers:
            if _view_key(target, twin.state, viewer) != seen_after[viewer]:
                return f"{_difference(state, mutant)} shows in {_who(viewer)}'s view after it"
    return None


def swaps(message: Message) -> Iterator[Message]:
    """Copies of `message` with two neighbouring items near either end of one list swapped,
    in nested messages and lists of them too: a pile's hidden part reordered while its top
    item (first or last) stays, which `mutations`' turn of the whole list would show."""
    for descriptor in message.DESCRIPTOR.fields:
        value = getattr(message, descriptor.name)
        if descriptor.message_type is not None and descriptor.message_type.GetOptions().map_entry:
            continue
        if descriptor.type == FieldDescriptor.TYPE_MESSAGE:
            if descriptor.is_repeated:
                items = list(value)
            else:
                items = [value] if message.HasField(descriptor.name) else []
            for index, item in enumerate(items):
                for changed in swaps(item):
                    copy = type(message)()
                    copy.CopyFrom(message)
                    field = getattr(copy, descriptor.name)
                    (field[index] if descriptor.is_repeated else field).CopyFrom(changed)
                    yield copy
        elif descriptor.is_repeated:
            count = len(value)
            for i in sorted({0, 1, count - 3, count - 2}):
                if 0 <= i < count - 1 and value[i] != value[i + 1]:
                    copy = type(message)()
                    copy.CopyFrom(message)
                    items = getattr(copy, descriptor.name)
                    items[i], items[i + 1] = value[i + 1], value[i]
                    yield copy


def _view_key(target: Target, state: any_pb2.Any, viewer: int | None) -> bytes | None:
    """`viewer`'s view of `state` in one spelling; None when the service refuses the state."""
    request = (
        pb.GetViewRequest(state=state, spectator=True, omit_legal_moves=True)
        if viewer is None
        else pb.GetViewRequest(state=state, seat=viewer, omit_legal_moves=True)
    )
    view = target.call("GetView", request)
    return None if isinstance(view, Refusal) else target.view_key(view.view)


@check("games-end", "random play ends every game within the bound, with a consistent "
       "final status")  # fmt: skip
def games_end(run: Run, result: Result) -> None:
    for playout in run.playouts:
        result.checked += 1
        name = f"game {playout.seed.decode(errors='replace')} ({playout.players} seats)"
        result.failures += [f"{name}: {problem}" for problem in playout.problems]
        if not playout.positions or playout.listed_refused or playout.problems:
            continue
        final = playout.positions[-1].status
        if not playout.finished:
            result.failures.append(f"{name} was not over after {run.config.max_moves} moves")
            continue
        if final.to_move:
            result.failures.append(f"{name} is finished with seats {list(final.to_move)} to move")
        if len(final.scores) != playout.players:
            result.failures.append(f"{name} ended with {len(final.scores)} scores")
        if not set(final.winners) <= set(range(playout.players)) or len(set(final.winners)) != len(
            final.winners
        ):
            result.failures.append(f"{name} ended with winners {list(final.winners)}")
        for seat in range(playout.players):
            view = _view_of(run.target, playout.positions[-1].state, seat)
            if not refused(result, view, f"{name}: GetView of the end") and view.legal_moves.moves:
                result.failures.append(f"{name} is over, yet seat {seat} is listed moves")


@check("render-view", "RenderView draws every viewer's view as text")
def render_view(run: Run, result: Result) -> None:
    for playout in run.playouts:
        for position in playout.probes(3):
            for viewer in [None, *range(playout.players)]:
                request = pb.RenderViewRequest(state=position.state, format=pb.RENDER_FORMAT_TEXT)
                if viewer is None:
                    request.spectator = True
                else:
                    request.seat = viewer
                answer = run.target.call("RenderView", request)
                result.checked += 1
                what = f"{where(playout, position)}: RenderView for {_who(viewer)}"
                if not refused(result, answer, what) and not answer.content.strip():
                    result.failures.append(f"{what} drew nothing")


def refused_requests(run: Run) -> Iterator[tuple[str, str, Message]]:
    """Every request the refusal checks send, each with what it is and its method: the
    unlisted moves, the moves out of turn and the malformed requests."""
    for what, position, seat, move in [*unlisted_moves(run), *moves_out_of_turn(run)]:
        request = pb.ApplyMoveRequest(
            state=position.state, seat=seat, move=run.target.move_any(move), omit_legal_moves=True
        )
        yield what, "ApplyMove", request
    yield from malformed_requests(run) or []


@check("refusals-localized", "every refused illegal move or bad request names its message key "
       "(ErrorInfo) with exactly that message's arguments, and says it in the language asked "
       "for (LocalizedMessage: en, de, fa) as the title's catalogue does")  # fmt: skip
def refusals_localized(run: Run, result: Result) -> None:
    """A refusal travels as a message key and its arguments, and the player reads it in their
    language: the kit sends every request of the refusal checks (unlisted moves, moves out of
    turn, malformed requests) once in each shipped language, as the call's accept-language, and
    compares each refusal with the catalogue the title ships (`--catalogue` for a title outside
    Playhall; keys without the title's prefix are the platform's): the key is there in every
    language, the metadata holds exactly the arguments its message uses in each, and the
    LocalizedMessage is in the language asked for and says what the catalogue says."""
    info = run.target.info
    folder = run.config.catalogue or shipped_folder(info.title_id, info.rules_version)
    if folder is None or not folder.is_dir():
        result.failures.append(
            f"no catalogue of {info.title_id} ({info.rules_version}) to compare with "
            f"({folder or 'none shipped'}): give its folder with --catalogue"
        )
        return
    catalogues = Catalogues(info.title_id, folder)
    keys = set()
    for what, method, request in refused_requests(run):
        for language in LANGUAGES:
            answer = run.target.call(method, request, language)
            if not isinstance(answer, Refusal):
                continue  # accepted: the check that sends it says whether it may be
            result.checked += 1
            keys.add(catalogues.key_of(answer))
            problem = catalogues.problem(answer, language)
            if problem:
                result.failures.append(f"{what}, asked in {language}: {problem}")
    keys.discard(None)
    result.notes.append(f"{len(keys)} different message keys")
