"""A bounded fuzz test of both services over raw bytes.

The real processes run as in the other integration tests: the session's Galileo rules service
(`galileo_rules`) and an orchestrator of it. The orchestrator fuzzed here is this module's own,
on a Redis server of its own, so the matches the fuzz creates (with clocks, with bots, with five
seats) never reach the session's orchestrator, its lobby or the metric deltas other tests take.

Every RPC of both contracts (the table below must name each method the protos declare) gets a
bounded number of requests, sent as bytes through `channel.unary_unary`/`unary_stream` with no
serializer, each with a deadline:
- random byte strings;
- bit-flipped, truncated, extended and spliced serializations of valid requests, taken from a
  real game and real matches (real states, legal moves, match ids, seat tokens);
- well-formed messages with fuzzed field values: huge and negative ints, negative seats, empty
  or garbage Any type URLs, Anys with the right type URL and a corrupted value, edited states.
Then Galileo states whose move count, step or round is at the maximum of its field type are
applied and viewed at every position of a real game.

Asserted: bytes that do not decode as the RPC's request get INVALID_ARGUMENT with a short
reason and no traceback; every other answer has a status the contract names for that RPC
(UNKNOWN and INTERNAL never; DEADLINE_EXCEEDED only for a WatchMatch stream of a real match,
whose short deadline the test sets); every refusal has a reason without traceback text; every
answer decodes as the RPC's response. Afterwards both processes are alive, both answer health
SERVING, and a new match is played to its end through the orchestrator.

The seed is PLAYHALL_FUZZ_SEED (default below) and is quoted in every failure. Mutation
positions, field values and the order of the requests reproduce from it; the bytes of the match
ids and seat tokens the server draws do not.
"""

from __future__ import annotations

import os
import random
import time
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import grpc
import pytest
from google.protobuf import any_pb2, empty_pb2
from google.protobuf.message import DecodeError, Message
from grpc_health.v1 import health_pb2, health_pb2_grpc

from dev.redis_server import EmbeddedRedis
from dev.testbed import TIMEOUT, WORKER_CREDENTIAL, start_orchestrator
from playhall.core.wire import moves_as_any, pack, unpack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient, bearer, human_seats
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.rules.v1 import rules_service_pb2_grpc
from tests.helpers import TITLE

SEED = int(os.environ.get("PLAYHALL_FUZZ_SEED", "20240611"))
RULES = "playhall.rules.v1.RulesService"
MATCH = "playhall.match.v1.MatchService"
WATCH_DEADLINE = 0.75
"""The deadline of a fuzzed WatchMatch stream: a watch of a real match runs until it."""
WATCH_BATCH = 25
"""Fuzzed watch streams open at once (the orchestrator's cap is 1000)."""
N_RANDOM, N_MUTATED, N_FIELDS = 60, 150, 80
"""Requests per RPC of each kind: 290 per RPC, 4,060 over the 14 RPCs."""
MAX_REASON = 200
"""The longest reason accepted for undecodable bytes."""

INT32_MIN, INT32_MAX, UINT64_MAX = -(2**31), 2**31 - 1, 2**64 - 1
STATE_URL = "type.googleapis.com/playhall.galileo.v1.State"
MOVE_URL = "type.googleapis.com/playhall.galileo.v1.Move"
SERVING = health_pb2.HealthCheckResponse.SERVING

S = grpc.StatusCode
OK, INVALID, PRECONDITION = S.OK, S.INVALID_ARGUMENT, S.FAILED_PRECONDITION
NOT_FOUND, UNAUTHENTICATED, DENIED, UNAVAILABLE = (
    S.NOT_FOUND,
    S.UNAUTHENTICATED,
    S.PERMISSION_DENIED,
    S.UNAVAILABLE,
)

# -- the contracts: the statuses each RPC may answer, from the proto comments --------------------

# rules_service.proto: a rule-forbidden move and a malformed request (wrong message type,
# undecodable bytes, seat out of range) are INVALID_ARGUMENT; a seat not to move, a finished game
# and a state of an incompatible rules version are FAILED_PRECONDITION. Only the RPCs that take a
# state can meet the FAILED_PRECONDITION cases.
RULES_CONTRACT: dict[str, set[grpc.StatusCode]] = {
    "GetGameInfo": {OK, INVALID},
    "NewGame": {OK, INVALID},
    "ApplyMove": {OK, INVALID, PRECONDITION},
    "GetView": {OK, INVALID, PRECONDITION},
    "RenderView": {OK, INVALID, PRECONDITION},
}

# match_service.proto: unknown match NOT_FOUND; missing token UNAUTHENTICATED; a token that does
# not own the seat PERMISSION_DENIED; an illegal move (and a malformed request) INVALID_ARGUMENT;
# not your turn, a stale version (a finished match, a taken seat) FAILED_PRECONDITION; a rules
# service (or the match storage) that cannot be reached UNAVAILABLE. Each RPC may answer the
# statuses of what it does: only the calls on a match can be NOT_FOUND, only the calls that read
# the caller's token UNAUTHENTICATED or PERMISSION_DENIED, only the changes FAILED_PRECONDITION.
# ABORTED ("too busy") and RESOURCE_EXHAUSTED (the watch cap) are left out: the proto does not
# name them and these sequential requests, at most WATCH_BATCH streams at once, cannot cause
# them. DEADLINE_EXCEEDED is added for the watch of a real match only (see `allowed`).
MATCH_CONTRACT: dict[str, set[grpc.StatusCode]] = {
    "ListGames": {OK, INVALID, UNAVAILABLE},
    # A bearer token on these is a player's (who then holds the seat): a malformed one, or none
    # where the operator allows no anonymous play, is UNAUTHENTICATED.
    "CreateMatch": {OK, UNAUTHENTICATED, INVALID, UNAVAILABLE},
    "ListMatches": {OK, INVALID, UNAVAILABLE},
    "JoinMatch": {OK, NOT_FOUND, UNAUTHENTICATED, INVALID, PRECONDITION, UNAVAILABLE},
    "GetMatch": {OK, NOT_FOUND, UNAUTHENTICATED, DENIED, INVALID, UNAVAILABLE},
    "SubmitMove": {OK, NOT_FOUND, UNAUTHENTICATED, DENIED, INVALID, PRECONDITION, UNAVAILABLE},
    "WatchMatch": {OK, NOT_FOUND, UNAUTHENTICATED, DENIED, INVALID, UNAVAILABLE},
    "GetHistory": {OK, NOT_FOUND, UNAUTHENTICATED, DENIED, INVALID, UNAVAILABLE},
    "Resign": {OK, NOT_FOUND, UNAUTHENTICATED, DENIED, INVALID, PRECONDITION, UNAVAILABLE},
    "GiveTime": {OK, NOT_FOUND, UNAUTHENTICATED, DENIED, INVALID, PRECONDITION, UNAVAILABLE},
    "UndoMove": {OK, NOT_FOUND, UNAUTHENTICATED, DENIED, INVALID, PRECONDITION, UNAVAILABLE},
}

STREAMING = {"WatchMatch"}
MODULES = {RULES: rpb, MATCH: mpb}


def methods(service: str):
    return MODULES[service].DESCRIPTOR.services_by_name[service.rsplit(".", 1)[1]].methods


def method_names(service: str) -> set[str]:
    return {m.name for m in methods(service)}


def message_classes(service: str, rpc: str) -> tuple[type[Message], type[Message]]:
    module = MODULES[service]
    method = module.DESCRIPTOR.services_by_name[service.rsplit(".", 1)[1]].methods_by_name[rpc]
    return (
        getattr(module, method.input_type.name),
        getattr(module, method.output_type.name),
    )


def test_the_contract_tables_name_every_rpc_of_both_protos():
    assert set(RULES_CONTRACT) == method_names(RULES)
    assert set(MATCH_CONTRACT) == method_names(MATCH)
    streaming = {m.name for s in (RULES, MATCH) for m in methods(s) if m.server_streaming}
    assert streaming == STREAMING
    assert not any(m.client_streaming for s in (RULES, MATCH) for m in methods(s))
    for service, contract in ((RULES, RULES_CONTRACT), (MATCH, MATCH_CONTRACT)):
        for rpc, codes in contract.items():
            assert not codes & {S.UNKNOWN, S.INTERNAL, S.DEADLINE_EXCEEDED}, (service, rpc)


# -- processes and channels ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def fuzz_redis():
    with EmbeddedRedis() as server:
        yield server


@pytest.fixture(scope="module")
def fuzzed_orchestrator(fuzz_redis, galileo_rules):
    with start_orchestrator(fuzz_redis.url, galileo_rules.address) as service:
        yield service


def open_channel(address: str):
    channel = grpc.insecure_channel(address)
    grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
    return channel


@pytest.fixture(scope="module")
def rules_channel(galileo_rules):
    with open_channel(galileo_rules.address) as channel:
        yield channel


@pytest.fixture(scope="module")
def match_channel(fuzzed_orchestrator):
    with open_channel(fuzzed_orchestrator.address) as channel:
        yield channel


# -- calls over raw bytes -----------------------------------------------------------------------


@dataclass
class Outcome:
    code: grpc.StatusCode
    details: str
    replies: list[bytes] = field(default_factory=list)


@dataclass
class Case:
    source: str
    """How the bytes were made: random, flip, truncate, extend, splice, byte, fields, valid."""
    data: bytes
    metadata: tuple[tuple[str, str], ...] = ()


class RawCaller:
    """Calls one RPC with bytes in and bytes out."""

    def __init__(self, channel: grpc.Channel, service: str, rpc: str):
        path = f"/{service}/{rpc}"
        self.streaming = rpc in STREAMING
        make = channel.unary_stream if self.streaming else channel.unary_unary
        self.method = make(path, request_serializer=None, response_deserializer=None)

    def __call__(self, case: Case) -> Outcome:
        return self.finish(self.start(case)) if self.streaming else self._unary(case)

    def _unary(self, case: Case) -> Outcome:
        try:
            reply = self.method(case.data, timeout=TIMEOUT, metadata=case.metadata)
        except grpc.RpcError as error:
            return Outcome(error.code(), error.details() or "")
        return Outcome(OK, "", [reply])

    def start(self, case: Case):
        return self.method(case.data, timeout=WATCH_DEADLINE, metadata=case.metadata)

    @staticmethod
    def finish(call) -> Outcome:
        replies = []
        try:
            for reply in call:
                replies.append(reply)
        except grpc.RpcError as error:
            return Outcome(error.code(), error.details() or "", replies)
        return Outcome(OK, "", replies)


def run_cases(caller: RawCaller, cases: Sequence[Case]) -> list[Outcome]:
    if not caller.streaming:
        return [caller(case) for case in cases]
    outcomes = []
    for start in range(0, len(cases), WATCH_BATCH):
        calls = [caller.start(case) for case in cases[start : start + WATCH_BATCH]]
        outcomes += [caller.finish(call) for call in calls]
    return outcomes


# -- judging answers ----------------------------------------------------------------------------


@dataclass
class Problem:
    rpc: str
    source: str
    decodable: bool
    code: grpc.StatusCode
    details: str
    data: bytes
    what: str


def reason_problem(details: str) -> str | None:
    if not details.strip():
        return "an empty reason"
    if "Traceback" in details or "Exception" in details or 'File "' in details:
        return "a reason with traceback text"
    return None


def judge(
    service: str, rpc: str, case: Case, outcome: Outcome, live_ids: set[str]
) -> Problem | None:
    request_class, response_class = message_classes(service, rpc)
    try:
        request = request_class.FromString(case.data)
    except DecodeError:
        request = None

    def problem(what: str) -> Problem:
        return Problem(
            rpc, case.source, request is not None, outcome.code, outcome.details, case.data, what
        )

    if request is None:
        if outcome.code != INVALID:
            return problem("undecodable bytes not answered INVALID_ARGUMENT")
        if len(outcome.details) > MAX_REASON:
            return problem(f"a reason longer than {MAX_REASON} characters for undecodable bytes")
        bad_reason = reason_problem(outcome.details)
        return problem(f"{bad_reason} for undecodable bytes") if bad_reason else None
    allowed = {**RULES_CONTRACT, **MATCH_CONTRACT}[rpc]
    if rpc == "WatchMatch" and request.match_id in live_ids:
        allowed = allowed | {S.DEADLINE_EXCEEDED}  # a live watch runs until our short deadline
    if outcome.code not in allowed:
        return problem("a status the contract does not name for this RPC")
    if outcome.code != OK:
        bad_reason = reason_problem(outcome.details)
        if bad_reason:
            return problem(bad_reason)
    for reply in outcome.replies:
        try:
            response_class.FromString(reply)
        except DecodeError:
            return problem("an answer that does not decode as the response")
    return None


def summary(problems: list[Problem], sent: int, what: str) -> str:
    """Failures grouped by RPC, status and kind, with counts and a sample each."""
    groups: dict[tuple, list[Problem]] = {}
    for p in problems:
        key = (p.rpc, p.code.name, "decodable" if p.decodable else "undecodable", p.what)
        groups.setdefault(key, []).append(p)
    lines = [
        f"{len(problems)} of {sent} {what} broke the contract "
        f"(seed {SEED}: rerun with PLAYHALL_FUZZ_SEED={SEED})"
    ]
    for (rpc, code, kind, why), found in sorted(groups.items(), key=lambda g: -len(g[1])):
        sample = found[0]
        sources = Counter(p.source for p in found)
        lines.append(
            f"  {rpc}: {code} x{len(found)} ({kind}; {why}; from {dict(sources)})\n"
            f"    reason: {sample.details[:160]!r}\n    request: {sample.data[:48].hex()}"
        )
    return "\n".join(lines)


def send_all(
    channel, service: str, rpc: str, cases: list[Case], live_ids: set[str]
) -> tuple[list[Problem], Counter]:
    outcomes = run_cases(RawCaller(channel, service, rpc), cases)
    codes = Counter(outcome.code.name for outcome in outcomes)
    problems = [judge(service, rpc, c, o, live_ids) for c, o in zip(cases, outcomes, strict=True)]
    return [p for p in problems if p is not None], codes


# -- making bytes -------------------------------------------------------------------------------


def varint(value: int) -> bytes:
    value &= UINT64_MAX
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def random_bytes(rng: random.Random) -> bytes:
    roll = rng.random()
    if roll < 0.55:
        return rng.randbytes(rng.randint(1, 64))
    if roll < 0.8:  # a plausible tag, then a length or value that does not fit
        tag = (rng.randint(1, 20) << 3) | rng.choice([0, 1, 2, 3, 4, 5, 6, 7])
        return varint(tag) + varint(rng.choice([2**31, 2**63, 1000, 5])) + rng.randbytes(3)
    if roll < 0.9:  # deep nesting of length-delimited field 1
        body = b""
        for _ in range(rng.randint(50, 200)):
            body = b"\x0a" + varint(len(body)) + body
        return body
    return rng.randbytes(rng.randint(65, 2048))


def mutate(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    kinds = ["flip", "flips", "truncate", "extend", "splice", "byte"] if data else ["extend"]
    kind = rng.choice(kinds)
    out = bytearray(data)
    if kind in ("flip", "flips"):
        for _ in range(1 if kind == "flip" else rng.randint(2, 8)):
            bit = rng.randrange(len(out) * 8)
            out[bit // 8] ^= 1 << (bit % 8)
    elif kind == "truncate":
        del out[rng.randrange(len(out)) :]
    elif kind == "extend":
        at = rng.randint(0, len(out)) if rng.random() < 0.5 else len(out)
        out[at:at] = rng.randbytes(rng.randint(1, 16))
    elif kind == "splice":
        start = rng.randrange(len(out))
        chunk = out[start : start + rng.randint(1, 32)]
        at = rng.randint(0, len(out))
        out[at:at] = chunk
    else:
        out[rng.randrange(len(out))] = rng.randrange(256)
    return kind, bytes(out)


def unknown_fields(rng: random.Random) -> bytes:
    """Well-formed fields of numbers no request declares."""
    out = b""
    for _ in range(rng.randint(1, 4)):
        number = rng.randint(100, 5000)
        if rng.random() < 0.5:
            out += varint(number << 3) + varint(rng.randrange(2**64))
        else:
            payload = rng.randbytes(rng.randint(0, 20))
            out += varint(number << 3 | 2) + varint(len(payload)) + payload
    return out


# -- fuzzed field values ------------------------------------------------------------------------


def any_int32(rng: random.Random, usual: Sequence[int] = range(-1, 7)) -> int:
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(list(usual))
    if roll < 0.8:
        return rng.choice([INT32_MIN, INT32_MAX, INT32_MIN + 1, INT32_MAX - 1, -2, 100, 65536])
    return rng.randint(INT32_MIN, INT32_MAX)


def any_uint64(rng: random.Random, usual: Sequence[int] = (0, 1, 2)) -> int:
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(list(usual))
    if roll < 0.8:
        return rng.choice([2**31, 2**32, 2**63 - 1, 2**63, UINT64_MAX - 1, UINT64_MAX])
    return rng.randrange(2**64)


def any_text(rng: random.Random, usual: Sequence[str] = ()) -> str:
    if usual and rng.random() < 0.4:
        return rng.choice(list(usual))
    return rng.choice(
        [
            "",
            " ",
            "galileo",
            "GALILEO",
            "galileo\x00",
            "\x00",
            "é🙂\u200b",
            "x" * rng.choice([1, 65, 129, 1000, 5000]),
            rng.randbytes(12).hex(),
            "{" + rng.randbytes(12).hex() + "}",
            "*",
            "../../etc/passwd",
            "%s%n%x",
            "line\nbreak",
            "bot:0:0:guess",
        ]
    )


def any_bytes(rng: random.Random) -> bytes:
    return rng.randbytes(rng.choice([0, 1, 16, 32, 64, 65, 1024]))


BAD_TYPE_URLS = [
    "",
    "garbage",
    "/",
    "type.googleapis.com/",
    "type.googleapis.com/playhall.galileo.v1.Nope",
    "type.googleapis.com/google.protobuf.Empty",
    "type.googleapis.com/playhall.galileo.v1.Move/",
    "example.org/playhall.galileo.v1.Move",
    "é/🙂",
    "x" * 5000,
]


def any_payload(rng: random.Random, valid: Sequence[any_pb2.Any], right_url: str) -> any_pb2.Any:
    """An Any for a state or move field: one of `valid`, or a broken or edited one."""
    roll = rng.random()
    base = rng.choice(list(valid))
    if roll < 0.25:
        return base
    if roll < 0.4:  # the right type URL, a corrupted value
        value = mutate(rng, base.value)[1] if rng.random() < 0.6 else random_bytes(rng)
        return any_pb2.Any(type_url=right_url, value=value)
    if roll < 0.55:  # a garbage type URL
        return any_pb2.Any(type_url=rng.choice(BAD_TYPE_URLS), value=base.value)
    if roll < 0.7:  # another message type
        other = rng.choice(
            [
                gal.View(seat=0),
                gal.Event(),
                gal.State(),
                gal.Move(),
                empty_pb2.Empty(),
                rpb.GameStatus(move_count=UINT64_MAX),
            ]
        )
        return pack(other)
    if roll < 0.75:
        return any_pb2.Any()
    if right_url == MOVE_URL:
        if rng.random() < 0.5:
            return pack(gal.Move(pick=gal.Pick(scientist=any_int32(rng, range(0, 52)))))
        return pack(gal.Move(take=gal.TakeExperiment(experiment=any_int32(rng, range(0, 32)))))
    state = unpack(base, gal.State, "state")
    for _ in range(rng.randint(1, 3)):
        rng.choice(STATE_EDITS)(rng, state)
    return pack(state)


def _edit_seats(rng, s: gal.State):
    roll = rng.random()
    if roll < 0.3 and s.seats:
        del s.seats[rng.randrange(len(s.seats))]
    elif roll < 0.6:
        s.seats.add()
    elif s.seats:
        s.seats.add().CopyFrom(rng.choice(s.seats))


def _edit_seat_cards(rng, s: gal.State):
    if not s.seats:
        return
    seat = rng.choice(s.seats)
    roll = rng.random()
    if roll < 0.3:
        seat.hand.append(any_int32(rng, [0, -1, 51, 1]))
    elif roll < 0.5:
        del seat.hand[:]
    elif roll < 0.7:
        seat.pick = any_int32(rng, [0, -1, 51, 1])
    else:
        seat.taken.add(
            experiment=any_int32(rng, [0, 1, 30, 31]),
            round=any_int32(rng, [1, INT32_MAX]),
            doubled=rng.random() < 0.5,
            points=any_int32(rng, [0, INT32_MAX, INT32_MIN]),
        )


def _edit_cards(rng, s: gal.State):
    pile = rng.choice([s.undealt_scientists, s.experiment_deck, s.table, s.discarded_experiments])
    roll = rng.random()
    if roll < 0.4:
        pile.append(any_int32(rng, [0, -1, 1, 30, 50, 51]))
    elif roll < 0.7 and pile:
        del pile[rng.randrange(len(pile))]
    elif pile:
        pile.append(pile[0])


def _edit_scalar(rng, s: gal.State):
    name = rng.choice(["phase", "round", "take_index", "start_player"])
    usual = {"phase": [0, 1, 2, 3, 4, -1], "round": [0, 1, 10, 11, -1]}.get(name, range(-1, 7))
    setattr(s, name, any_int32(rng, usual))


def _edit_counter(rng, s: gal.State):
    setattr(s, rng.choice(["step", "move_count"]), any_uint64(rng, [0, UINT64_MAX]))


def _edit_orders(rng, s: gal.State):
    order = rng.choice([s.order, s.previous_order])
    if rng.random() < 0.5 and order:
        order[rng.randrange(len(order))] = any_int32(rng)
    else:
        order.append(any_int32(rng))


def _edit_version(rng, s: gal.State):
    s.rules_version = rng.choice(
        ["", "galileo/1", "galileo/2.0", "galileo/999999999999999.0", "chess/1.0", "x" * 300]
    )


STATE_EDITS: list[Callable[[random.Random, gal.State], None]] = [
    _edit_seats,
    _edit_seat_cards,
    _edit_cards,
    _edit_scalar,
    _edit_counter,
    _edit_orders,
    _edit_version,
]


# -- a real game: the rules service's corpus ----------------------------------------------------


@dataclass
class Position:
    state: any_pb2.Any
    status: rpb.GameStatus
    seat: int
    legal: list[any_pb2.Any]
    move: any_pb2.Any
    after: rpb.ApplyMoveResponse


@dataclass
class RulesCorpus:
    positions: list[Position]
    starts: list[any_pb2.Any]

    @property
    def states(self) -> list[any_pb2.Any]:
        return [p.state for p in self.positions] + self.starts

    @property
    def moves(self) -> list[any_pb2.Any]:
        return [m for p in self.positions for m in p.legal]


@pytest.fixture(scope="module")
def rules_corpus(rules_channel) -> RulesCorpus:
    """Every position of a 3-player game played with random legal moves, and 2- to 5-player
    starts."""
    stub = rules_service_pb2_grpc.RulesServiceStub(rules_channel)
    rng = random.Random(SEED)
    started = stub.NewGame(rpb.NewGameRequest(players=3, seed=b"fuzz corpus"), timeout=TIMEOUT)
    state, status, positions = started.state, started.status, []
    while not status.finished:
        assert len(positions) < 200, "the game does not end"
        seat = rng.choice(sorted(status.to_move))
        view = stub.GetView(rpb.GetViewRequest(state=state, seat=seat), timeout=TIMEOUT)
        legal = list(moves_as_any(view.legal_moves))
        move = rng.choice(legal)
        after = stub.ApplyMove(
            rpb.ApplyMoveRequest(state=state, seat=seat, move=move), timeout=TIMEOUT
        )
        positions.append(Position(state, status, seat, legal, move, after))
        state, status = after.state, after.status
    starts = [
        stub.NewGame(rpb.NewGameRequest(players=n, seed=bytes([n]) * 8), timeout=TIMEOUT).state
        for n in (2, 4, 5)
    ]
    return RulesCorpus(positions, starts + [state])


def rules_templates(corpus: RulesCorpus, rpc: str) -> list[Message]:
    """Valid requests of `rpc` from the real game."""
    some = corpus.positions[::7] + corpus.positions[-1:]
    if rpc == "GetGameInfo":
        return [rpb.GetGameInfoRequest()]
    if rpc == "NewGame":
        return [rpb.NewGameRequest(players=n, seed=b"fuzz %d" % n) for n in (2, 3, 4, 5)]
    if rpc == "ApplyMove":
        return [rpb.ApplyMoveRequest(state=p.state, seat=p.seat, move=p.move) for p in some]
    views = [rpb.GetViewRequest(state=p.state, seat=p.seat) for p in some]
    views += [rpb.GetViewRequest(state=s, spectator=True) for s in corpus.starts]
    if rpc == "GetView":
        return views
    return [
        rpb.RenderViewRequest(state=v.state, format=rpb.RENDER_FORMAT_TEXT, **_viewer_of(v))
        for v in views
    ]


def _viewer_of(request) -> dict:
    return {"spectator": True} if request.spectator else {"seat": request.seat}


def _fuzzed_viewer(rng: random.Random) -> dict:
    roll = rng.random()
    if roll < 0.6:
        return {"seat": any_int32(rng)}
    if roll < 0.8:
        return {"spectator": rng.random() < 0.8}
    return {}


def _fuzzed_options(rng: random.Random) -> dict[str, rpb.OptionValue]:
    options = {}
    for _ in range(rng.choice([0, 0, 1, 2])):
        value = rng.choice(
            [
                rpb.OptionValue(),
                rpb.OptionValue(int_value=rng.choice([0, -1, 2**63 - 1, -(2**63)])),
                rpb.OptionValue(bool_value=True),
                rpb.OptionValue(choice_values=rpb.ChoiceValues(values=[any_text(rng)])),
            ]
        )
        options[any_text(rng, ["board_size", "variant"])] = value
    return options


def rules_fields(rng: random.Random, corpus: RulesCorpus, rpc: str) -> Message:
    """A well-formed request of `rpc` with fuzzed field values."""
    if rpc == "GetGameInfo":
        return rpb.GetGameInfoRequest()
    if rpc == "NewGame":
        return rpb.NewGameRequest(
            players=any_int32(rng, range(0, 7)),
            seed=any_bytes(rng) if rng.random() < 0.7 else b"seed",
            options=_fuzzed_options(rng),
        )
    state = any_payload(rng, corpus.states, STATE_URL)
    if rpc == "ApplyMove":
        move = any_payload(rng, corpus.moves, MOVE_URL)
        return rpb.ApplyMoveRequest(state=state, seat=any_int32(rng), move=move)
    if rpc == "GetView":
        return rpb.GetViewRequest(state=state, **_fuzzed_viewer(rng))
    fmt = any_int32(rng, [0, 1, 2, 3, -1])
    return rpb.RenderViewRequest(state=state, format=fmt, **_fuzzed_viewer(rng))


def make_cases(
    rng: random.Random,
    templates: list[tuple[Message, tuple]],
    fields: Callable[[random.Random], tuple[Message, tuple]],
    metadata_pool: list[tuple],
    unknown_ok: bool = True,
) -> list[Case]:
    cases = [Case("valid", m.SerializeToString(), md) for m, md in templates]
    cases += [Case("random", random_bytes(rng), rng.choice(metadata_pool)) for _ in range(N_RANDOM)]
    for _ in range(N_MUTATED):
        template, metadata = rng.choice(templates)
        source, data = mutate(rng, template.SerializeToString())
        if rng.random() < 0.3:
            metadata = rng.choice(metadata_pool)
        cases.append(Case(source, data, metadata))
    for _ in range(N_FIELDS):
        message, metadata = fields(rng)
        data = message.SerializeToString()
        if unknown_ok and rng.random() < 0.1:
            data += unknown_fields(rng)
        cases.append(Case("fields", data, metadata))
    rng.shuffle(cases)
    return cases


@pytest.mark.parametrize("rpc", list(RULES_CONTRACT))
def test_fuzzed_rules_service_requests_get_only_contract_statuses(
    rpc, rules_channel, rules_corpus, galileo_rules
):
    rng = random.Random(f"{SEED}/{RULES}/{rpc}")
    templates = [(m, ()) for m in rules_templates(rules_corpus, rpc)]
    cases = make_cases(rng, templates, lambda r: (rules_fields(r, rules_corpus, rpc), ()), [()])
    problems, codes = send_all(rules_channel, RULES, rpc, cases, set())
    print(f"RulesService.{rpc}: {len(cases)} requests, statuses {dict(codes)}")
    assert galileo_rules.proc.poll() is None, f"the rules service died (seed {SEED})"
    if problems:
        pytest.fail(summary(problems, len(cases), f"fuzzed RulesService.{rpc} requests"))


# -- counters at their types' maximum -----------------------------------------------------------


def _starts_round(response: rpb.ApplyMoveResponse) -> bool:
    kinds = {unpack(e.public_event, gal.Event, "event").WhichOneof("kind") for e in response.events}
    return "round_started" in kinds


COUNTER_EDITS = {
    "move_count": {"move_count": UINT64_MAX},
    "step": {"step": UINT64_MAX},
    "round": {"round": INT32_MAX},
    "all three": {"move_count": UINT64_MAX, "step": UINT64_MAX, "round": INT32_MAX},
}


def test_states_with_counters_at_their_maximum_are_refused_never_unknown(
    rules_channel, rules_corpus, galileo_rules
):
    """At every position of a real game, the state with its move count, step or round at the
    maximum of its field type: the move that would take a counter past it is INVALID_ARGUMENT
    (the contract's malformed request), anything else OK or INVALID_ARGUMENT; views of such
    states OK or INVALID_ARGUMENT."""
    callers = {rpc: RawCaller(rules_channel, RULES, rpc) for rpc in RULES_CONTRACT}
    problems, codes, sent = [], Counter(), 0
    for index, position in enumerate(rules_corpus.positions):
        step_moves = position.after.status.step != position.status.step
        for name, edit in COUNTER_EDITS.items():
            message = unpack(position.state, gal.State, "state")
            for attribute, value in edit.items():
                setattr(message, attribute, value)
            state = pack(message)
            overflows = (
                "move_count" in edit
                or ("step" in edit and step_moves)
                or ("round" in edit and _starts_round(position.after))
            )
            move = rpb.ApplyMoveRequest(state=state, seat=position.seat, move=position.move)
            requests = [("ApplyMove", move, {INVALID} if overflows else {OK, INVALID})]
            if index % 10 == 0:
                view = rpb.GetViewRequest(state=state, seat=position.seat)
                text = rpb.RenderViewRequest(
                    state=state, spectator=True, format=rpb.RENDER_FORMAT_TEXT
                )
                requests += [("GetView", view, {OK, INVALID}), ("RenderView", text, {OK, INVALID})]
            for rpc, request, allowed in requests:
                case = Case(name, request.SerializeToString())
                outcome = callers[rpc](case)
                sent += 1
                codes[f"{rpc} {outcome.code.name}"] += 1
                if outcome.code not in allowed:
                    names = " or ".join(sorted(code.name for code in allowed))
                    what = f"expected {names}"
                    if rpc == "ApplyMove":
                        past = "takes a counter past its maximum" if overflows else "fits"
                        what += f": the move {past}"
                else:
                    what = reason_problem(outcome.details) if outcome.code != OK else None
                if what:
                    problems.append(
                        Problem(rpc, name, True, outcome.code, outcome.details, case.data, what)
                    )
    print(f"counters at their maximum: {sent} requests, statuses {dict(codes)}")
    assert galileo_rules.proc.poll() is None, f"the rules service died (seed {SEED})"
    if problems:
        pytest.fail(summary(problems, sent, "requests with counters at their maximum"))


# -- real matches: the orchestrator's corpus ----------------------------------------------------


@dataclass
class MatchCorpus:
    spectator: MatchClient
    running: list[str]
    open_match: str
    finished: str
    bot_match: str
    tokens: dict[str, dict[int, str]]
    metadata_pool: list[tuple]

    @property
    def ids(self) -> list[str]:
        """In a fixed order (the ids are random), so that the seed picks the same match."""
        return [*self.running, self.open_match, self.finished, self.bot_match]

    def fresh(self, match_id: str, token: str | None = None, seat: int | None = None):
        """The match now, as a seat (or the worker with `seat`) sees it; None when refused
        (a seat that resigned)."""
        try:
            return self.spectator.as_seat(token, seat).get(match_id)
        except grpc.RpcError:
            return None


def _md(token: str | None) -> tuple:
    return tuple(bearer(token))


@pytest.fixture(scope="module")
def match_corpus(match_channel) -> MatchCorpus:
    spectator = MatchClient(match_channel, timeout_s=TIMEOUT)
    tokens: dict[str, dict[int, str]] = {}

    def create(seats, seed: bytes) -> str:
        created = spectator.create(TITLE, seats, seed=seed)
        tokens[created.match.match_id] = {t.seat: t.token for t in created.tokens}
        return created.match.match_id

    human, open_seat = pb_seat(mpb.SEAT_KIND_HUMAN), pb_seat(mpb.SEAT_KIND_OPEN)
    bot = mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot_level=mpb.BOT_LEVEL_RANDOM)
    running = [create(human_seats(3), b"fuzz running %d" % n) for n in range(2)]
    rng = random.Random(SEED)
    for match_id in running:  # a few moves, so the logs and states are not the first ones
        for _ in range(4):
            for token in tokens[match_id].values():
                seen = spectator.as_seat(token).get(match_id)
                if moves_as_any(seen.legal_moves):
                    move = rng.choice(list(moves_as_any(seen.legal_moves)))
                    spectator.as_seat(token).submit(match_id, move, seen.match.version)
                    break
    open_match = create([human, open_seat, open_seat], b"fuzz open")
    finished = create(human_seats(2), b"fuzz finished")
    spectator.as_seat(tokens[finished][0]).resign(finished)
    bot_match = create([human, bot], b"fuzz bots")
    pool = [(), _md(WORKER_CREDENTIAL)]
    pool += [_md(token) for seats in tokens.values() for token in seats.values()]
    pool += [
        (("authorization", "Bearer not-a-token"),),
        (("authorization", "Basic dXNlcjpwYXNz"),),
        (("authorization", "Bearer "),),
        (("authorization", "bearer   " + tokens[running[0]][0]),),
        (("authorization", "Bearer " + "x" * 4000),),
        (("authorization", "Bearer a"), ("authorization", "Bearer b")),
    ]
    return MatchCorpus(spectator, running, open_match, finished, bot_match, tokens, pool)


def pb_seat(kind: int) -> mpb.SeatSpec:
    return mpb.SeatSpec(kind=kind)


MATCH_ONLY_REQUESTS = {
    "GetMatch": mpb.GetMatchRequest,
    "WatchMatch": mpb.WatchMatchRequest,
    "GetHistory": mpb.GetHistoryRequest,
    "Resign": mpb.ResignRequest,
    "UndoMove": mpb.UndoMoveRequest,
}
"""The requests that name only a match (and a seat)."""


def match_templates(corpus: MatchCorpus, rpc: str) -> list[tuple[Message, tuple]]:
    """Valid requests of `rpc` on the real matches, with the metadata that makes them valid."""
    run, tokens = corpus.running[0], corpus.tokens
    seat_tokens = [
        (match_id, s, t) for match_id in corpus.running for s, t in tokens[match_id].items()
    ]
    human = pb_seat(mpb.SEAT_KIND_HUMAN)
    bot = mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot_level=mpb.BOT_LEVEL_EASY)
    if rpc == "ListGames":
        return [(mpb.ListGamesRequest(), ())]
    if rpc == "CreateMatch":
        clock = mpb.Clock(seconds_per_turn=600, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT)
        return [
            (mpb.CreateMatchRequest(title_id=TITLE, seats=human_seats(2), seed=b"s" * 32), ()),
            (mpb.CreateMatchRequest(title_id=TITLE, seats=[human, bot], clock=clock), ()),
            (mpb.CreateMatchRequest(title_id=TITLE, seats=[human, pb_seat(2), human]), ()),
        ]
    if rpc == "ListMatches":
        return [
            (mpb.ListMatchesRequest(title_id=TITLE, phase=phase, limit=limit), ())
            for phase, limit in ((0, 0), (1, 10), (2, 50), (3, 5))
        ]
    if rpc == "JoinMatch":
        return [
            (mpb.JoinMatchRequest(match_id=corpus.open_match, display_name="Fuzz"), ()),
            (mpb.JoinMatchRequest(match_id=corpus.open_match, seat=2), ()),
        ]
    if rpc == "SubmitMove":
        found = []
        callers = [(match_id, token, None) for match_id, _, token in seat_tokens]
        callers.append((corpus.bot_match, WORKER_CREDENTIAL, 1))
        for match_id, token, seat in callers:
            seen = corpus.fresh(match_id, token, seat)
            for move in list(moves_as_any(seen.legal_moves))[:2] if seen else []:
                request = mpb.SubmitMoveRequest(
                    match_id=match_id,
                    move=move,
                    expected_version=seen.match.version,
                    request_id=uuid.UUID(int=len(found)).hex,
                )
                if seat is not None:
                    request.seat = seat
                found.append((request, _md(token)))
        assert found, "no seat of the fuzz's matches can move"
        return found
    if rpc == "GiveTime":
        return [
            (mpb.GiveTimeRequest(match_id=match_id, to_seat=1 - s, seconds=60), _md(t))
            for match_id, s, t in seat_tokens
            if s in (0, 1)
        ]
    request_class = MATCH_ONLY_REQUESTS[rpc]
    found = [(request_class(match_id=match_id, seat=s), _md(t)) for match_id, s, t in seat_tokens]
    found += [(request_class(match_id=match_id), _md(t)) for match_id, _, t in seat_tokens[:3]]
    found.append((request_class(match_id=corpus.bot_match, seat=1), _md(WORKER_CREDENTIAL)))
    if rpc != "Resign":
        found += [
            (request_class(match_id=m), ()) for m in (run, corpus.finished, corpus.open_match)
        ]
    if rpc == "WatchMatch":
        for request, _ in found:
            request.after_version = 0
        found.append((mpb.WatchMatchRequest(match_id=corpus.finished), ()))
    return found


def _fuzzed_match_id(rng: random.Random, corpus: MatchCorpus) -> str:
    if rng.random() < 0.7:
        return rng.choice(corpus.ids)
    return any_text(rng, [corpus.running[0] + "x", corpus.running[0].upper()])


def _fuzzed_seat(rng: random.Random, request: Message) -> None:
    if rng.random() < 0.6:
        request.seat = any_int32(rng)


def _fuzzed_seat_spec(rng: random.Random) -> mpb.SeatSpec:
    return mpb.SeatSpec(
        kind=any_int32(rng, [0, 1, 1, 2, 3, 77]),
        bot_level=any_int32(rng, [0, 1, 2, 3, 4, 42]),
        display_name=any_text(rng, ["Ada"]),
    )


def match_fields(rng: random.Random, corpus: MatchCorpus, rpc: str) -> tuple[Message, tuple]:
    """A well-formed request of `rpc` with fuzzed field values, and its metadata."""
    metadata = rng.choice(corpus.metadata_pool)
    if rpc == "ListGames":
        return mpb.ListGamesRequest(), metadata
    if rpc == "CreateMatch":
        request = mpb.CreateMatchRequest(
            title_id=any_text(rng, [TITLE, TITLE]),
            seats=[_fuzzed_seat_spec(rng) for _ in range(rng.choice([0, 1, 2, 2, 3, 5, 6, 9]))],
            options=_fuzzed_options(rng),
            seed=any_bytes(rng),
        )
        if rng.random() < 0.4:
            request.clock.CopyFrom(
                mpb.Clock(
                    seconds_per_turn=any_int32(rng, [0, 600, 604800, 604801, 1209600, -1]),
                    on_timeout=any_int32(rng, [0, 1, 2, 3]),
                    pace=any_int32(rng, [0, 1, 2, 3]),
                )
            )
        return request, metadata
    if rpc == "ListMatches":
        request = mpb.ListMatchesRequest(
            title_id=any_text(rng, [TITLE, ""]),
            phase=any_int32(rng, [0, 1, 2, 3, 4]),
            limit=any_int32(rng, [0, 1, 50, 500, 501]),
        )
        return request, metadata
    match_id = _fuzzed_match_id(rng, corpus)
    if rpc == "JoinMatch":
        request = mpb.JoinMatchRequest(match_id=match_id, display_name=any_text(rng, ["Bo"]))
        _fuzzed_seat(rng, request)
        return request, metadata
    if rpc == "SubmitMove":
        # Mostly a seat of a running match, with its token, the current version and its legal
        # moves, so the fuzzed move reaches the rules service.
        match_id = rng.choice(corpus.running) if rng.random() < 0.7 else match_id
        seats = corpus.tokens.get(match_id) or {0: None}
        seat = rng.choice(sorted(seats))
        token = seats[seat]
        seen = corpus.fresh(match_id, token) if match_id in corpus.tokens else None
        legal = (
            list(moves_as_any(seen.legal_moves))
            if seen and moves_as_any(seen.legal_moves)
            else [pack(gal.Move())]
        )
        version = seen.match.version if seen else 0
        request = mpb.SubmitMoveRequest(
            match_id=match_id,
            move=any_payload(rng, legal, MOVE_URL),
            expected_version=version if rng.random() < 0.7 else any_uint64(rng, [version + 1]),
            request_id=uuid.UUID(int=rng.getrandbits(128)).hex
            if rng.random() < 0.7
            else any_text(rng, ["bot:1:2:3"]),
        )
        _fuzzed_seat(rng, request)
        return request, (_md(token) if rng.random() < 0.7 else metadata)
    if rpc == "GiveTime":
        request = mpb.GiveTimeRequest(
            match_id=match_id,
            to_seat=any_int32(rng, [0, 1, 2, 9]),
            seconds=any_int32(rng, [0, 1, 3600, 86400, 86401, -1]),
        )
        _fuzzed_seat(rng, request)
        return request, metadata
    request_class = MATCH_ONLY_REQUESTS[rpc]
    request = request_class(match_id=match_id)
    _fuzzed_seat(rng, request)
    if rpc == "WatchMatch" and rng.random() < 0.7:
        request.after_version = any_uint64(rng, [0, 1, 3, 5, 9])
    return request, metadata


@pytest.mark.parametrize("rpc", list(MATCH_CONTRACT))
def test_fuzzed_orchestrator_requests_get_only_contract_statuses(
    rpc, match_channel, match_corpus, fuzzed_orchestrator
):
    rng = random.Random(f"{SEED}/{MATCH}/{rpc}")
    templates = match_templates(match_corpus, rpc)
    cases = make_cases(
        rng, templates, lambda r: match_fields(r, match_corpus, rpc), match_corpus.metadata_pool
    )
    started = time.monotonic()
    problems, codes = send_all(match_channel, MATCH, rpc, cases, set(match_corpus.ids))
    took = time.monotonic() - started
    print(f"MatchService.{rpc}: {len(cases)} requests in {took:.1f} s, statuses {dict(codes)}")
    assert fuzzed_orchestrator.proc.poll() is None, f"the orchestrator died (seed {SEED})"
    if problems:
        pytest.fail(summary(problems, len(cases), f"fuzzed MatchService.{rpc} requests"))


# -- afterwards ---------------------------------------------------------------------------------


def health_status(channel: grpc.Channel, service: str) -> int:
    stub = health_pb2_grpc.HealthStub(channel)
    return stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=TIMEOUT).status


def test_after_the_fuzz_both_services_are_alive_healthy_and_a_match_plays_to_its_end(
    galileo_rules, fuzzed_orchestrator, rules_channel, match_channel
):
    assert galileo_rules.proc.poll() is None, "the rules service died"
    assert fuzzed_orchestrator.proc.poll() is None, "the orchestrator died"
    for channel, service in ((rules_channel, RULES), (match_channel, MATCH)):
        for name in ("", service):
            assert health_status(channel, name) == SERVING, (service, name)

    stub = rules_service_pb2_grpc.RulesServiceStub(rules_channel)
    assert stub.GetGameInfo(rpb.GetGameInfoRequest(), timeout=TIMEOUT).game.title_id == TITLE
    spectator = MatchClient(match_channel, timeout_s=TIMEOUT)
    assert [game.title_id for game in spectator.list_games()] == [TITLE]
    created = spectator.create(TITLE, human_seats(2), seed=b"after the fuzz")
    match_id = created.match.match_id
    seats = {t.seat: spectator.as_seat(t.token) for t in created.tokens}
    rng = random.Random(SEED)
    moves = 0
    while spectator.get(match_id).match.phase != mpb.MATCH_PHASE_FINISHED:
        assert moves < 200, "the match does not end"
        for client in seats.values():
            seen = client.get(match_id)
            if moves_as_any(seen.legal_moves):
                client.submit(
                    match_id, rng.choice(list(moves_as_any(seen.legal_moves))), seen.match.version
                )
                moves += 1
                break
        else:
            pytest.fail("nobody can move in a running match")
    match = spectator.get(match_id).match
    assert match.end_reason == mpb.END_REASON_GAME_OVER
    assert set(match.winners) <= {0, 1}  # empty for a draw
    assert moves == match.version == match.status.move_count == 60  # 15 rounds of 2 picks, 2 takes
    changes = list(spectator.watch(match_id, after_version=0, timeout_s=TIMEOUT))
    assert [c.version for c in changes] == list(range(1, 61))
    assert changes[-1].phase == mpb.MATCH_PHASE_FINISHED
