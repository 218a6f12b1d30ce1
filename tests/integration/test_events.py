"""EventService.StreamEvents on real processes: an orchestrator on a Redis of this module's
own, a real PostgreSQL archive (challenges are kept there), the Galileo rules service, and
signed-in players whose streams are read in threads while they challenge, accept and play over
gRPC; one stream through the gateway over Connect. Streams send a keep-alive every 0.4 s here.

Every player is new to each test, so one test's events never reach another's."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
import urllib.request
import uuid

import grpc
import pytest

from dev.redis_server import EmbeddedRedis
from dev.testbed import TIMEOUT, Backend
from playhall.accounts.tokens import player_id
from playhall.api.v1 import account_service_pb2 as apb
from playhall.api.v1 import account_service_pb2_grpc, event_service_pb2_grpc
from playhall.api.v1 import event_service_pb2 as epb
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient, bearer
from playhall.social.v1 import challenge_service_pb2 as cpb
from playhall.social.v1 import challenge_service_pb2_grpc, friends_service_pb2_grpc
from playhall.social.v1 import friends_service_pb2 as fpb
from tests.helpers import PLAYER_ISSUER, TITLE, PlayerIssuer, start_gateway
from tests.integration.conftest import started_hall

STREAMS_PER_ACCOUNT = 2
SETTINGS = {
    "PLAYHALL_DATABASE_MIGRATE": "0",
    "PLAYHALL_EVENT_KEEP_ALIVE_S": "0.4",
    "PLAYHALL_EVENT_POLL_MS": "50",
    "PLAYHALL_EVENT_STREAMS_PER_ACCOUNT": str(STREAMS_PER_ACCOUNT),
}
TURN_BASED = mpb.Clock(
    seconds_per_turn=86_400, on_timeout=mpb.TIMEOUT_ACTION_FORFEIT, pace=mpb.PACE_TURN_BASED
)
WAIT_S = 10.0


@pytest.fixture(scope="module")
def started(archive_url, galileo_rules, issuer):
    with started_hall(galileo_rules.address, issuer, database_url=archive_url, **SETTINGS) as hall:
        yield hall


@pytest.fixture(scope="module")
def hall(started):
    return started.replicas[0]


@pytest.fixture(scope="module")
def channel(started):
    return started.channels[0]


class Stream:
    """A StreamEvents call read in a thread: its events wait in a queue, then its end (None,
    or the RpcError it ended with)."""

    def __init__(self, channel: grpc.Channel, token: str, after: str = ""):
        stub = event_service_pb2_grpc.EventServiceStub(channel)
        request = epb.StreamEventsRequest(after=after)
        self.call = stub.StreamEvents(request, metadata=bearer(token), timeout=60)
        self.events: queue.Queue = queue.Queue()
        self.ended: grpc.RpcError | None = None
        self.last_id = after
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for event in self.call:
                self.events.put(event)
        except grpc.RpcError as error:
            self.ended = error
        self.events.put(None)

    def next(self, *kinds: str) -> epb.StreamEventsResponse:
        """The next event of one of `kinds` (every other event before it is skipped), within
        `WAIT_S`."""
        deadline = time.monotonic() + WAIT_S
        while True:
            event = self.events.get(timeout=max(deadline - time.monotonic(), 0.001))
            assert event is not None, f"the stream ended: {self.ended}"
            self.last_id = event.event_id
            if event.WhichOneof("event") in kinds:
                return event

    def gather(self, *kinds: str) -> dict[str, epb.StreamEventsResponse]:
        """The next event of each of `kinds`, in whatever order they come."""
        found: dict[str, epb.StreamEventsResponse] = {}
        while len(found) < len(kinds):
            event = self.next(*(kind for kind in kinds if kind not in found))
            found[event.WhichOneof("event")] = event
        return found

    def until_quiet(self) -> list[epb.StreamEventsResponse]:
        """Every event up to the next keep-alive (which comes once nothing more is told)."""
        told = []
        while (event := self.next(*KINDS)).WhichOneof("event") != "keep_alive":
            told.append(event)
        return told

    def close(self) -> None:
        self.call.cancel()


KINDS = (
    "challenge_received",
    "challenge_answered",
    "match_started",
    "your_turn",
    "match_ended",
    "keep_alive",
)


class Person:
    """A new signed-in player, known to others (any FriendsService call makes them so)."""

    def __init__(self, channel: grpc.Channel, issuer: PlayerIssuer, name: str):
        subject = f"{name.lower()}-{uuid.uuid4().hex[:8]}"
        self.id = player_id(PLAYER_ISSUER, subject)
        self.token = issuer.token(subject, name=name)
        self.channel = channel
        self.challenges = challenge_service_pb2_grpc.ChallengeServiceStub(channel)
        friends = friends_service_pb2_grpc.FriendsServiceStub(channel)
        friends.ListBlocked(fpb.ListBlockedRequest(), metadata=bearer(self.token), timeout=TIMEOUT)

    def stream(self, after: str = "") -> Stream:
        return Stream(self.channel, self.token, after)

    def challenge(self, other: Person) -> cpb.Challenge:
        terms = cpb.ChallengeTerms(title_id=TITLE, clock=TURN_BASED)
        request = cpb.CreateChallengeRequest(player_id=other.id, terms=terms)
        return self.call("CreateChallenge", request).challenge

    def accept(self, challenge_id: str) -> cpb.AcceptChallengeResponse:
        return self.call("AcceptChallenge", cpb.AcceptChallengeRequest(challenge_id=challenge_id))

    def call(self, method: str, request):
        call = getattr(self.challenges, method)
        return call(request, metadata=bearer(self.token), timeout=TIMEOUT)


def play_first_legal_move(client: MatchClient, seen: mpb.GetMatchResponse) -> bool:
    """Whether the seat's first legal move is applied."""
    match_id = seen.match.match_id
    moved = client.submit(match_id, moves_as_any(seen.legal_moves)[0], seen.match.version)
    return moved.version == seen.match.version + 1


@contextlib.contextmanager
def streams(*people: Person):
    """Each person's stream, open (a first keep-alive read) and closed at the end."""
    opened = [person.stream() for person in people]
    try:
        for stream in opened:
            stream.until_quiet()
        yield opened
    finally:
        for stream in opened:
            stream.close()


# -- live -----------------------------------------------------------------------------------------


def test_a_challenge_received_accepted_and_played_arrives_as_events(channel, issuer):
    ada, bob = Person(channel, issuer, "Ada"), Person(channel, issuer, "Bob")
    with streams(ada, bob) as (ada_events, bob_events):
        made = ada.challenge(bob)
        received = bob_events.next("challenge_received").challenge_received.challenge
        assert (received.challenge_id, received.challenger_id) == (made.challenge_id, ada.id)
        assert received.terms.title_id == TITLE and received.state == cpb.CHALLENGE_STATE_OPEN
        assert received.terms.clock.pace == mpb.PACE_TURN_BASED

        bob.accept(made.challenge_id)
        told = ada_events.gather("challenge_answered", "match_started", "your_turn")
        answered = told["challenge_answered"].challenge_answered
        assert answered.answer == epb.CHALLENGE_ANSWER_ACCEPTED
        assert answered.challenge.accepted_by == bob.id
        events = {ada.id: ada_events, bob.id: bob_events}
        started = {ada.id: told, bob.id: bob_events.gather("match_started", "your_turn")}
        match = started[ada.id]["match_started"].match_started.match
        assert match.match_id == made.challenge_id
        seat_of = {seat.player_id: seat.seat for seat in match.seats}
        # Galileo's seats move together: the first turn waits on both players.
        for person in (ada, bob):
            seats = started[person.id]["match_started"].match_started.seats
            assert [seat.seat for seat in seats] == [seat_of[person.id]]
            turn = started[person.id]["your_turn"].your_turn
            assert (turn.match_id, list(turn.seats)) == (made.challenge_id, [seat_of[person.id]])
            assert turn.deadline_unix_ms > 0
        first_turn = turn.turn

        # The seat tokens the events carried are the seats': SubmitMove takes them, and the
        # next turn (Galileo's turn is several steps) is told to each seat it waits on.
        seats = {p.id: started[p.id]["match_started"].match_started.seats[0] for p in (ada, bob)}
        clients = {p: MatchClient(channel, s.token, timeout_s=TIMEOUT) for p, s in seats.items()}
        while (seen := clients[ada.id].get(made.challenge_id)).match.status.turn == first_turn:
            for person, client in clients.items():
                view = client.get(made.challenge_id)
                if seats[person].seat in view.match.status.to_move:
                    assert play_first_legal_move(client, view)
        waiting = seen.match.status.to_move
        for person in (ada, bob):
            if seat_of[person.id] in waiting:
                turn = events[person.id].next("your_turn").your_turn
                assert turn.match_id == made.challenge_id and turn.turn > first_turn
                assert list(turn.seats) == [seat_of[person.id]]

        bob_seat = started[bob.id]["match_started"].match_started.seats[0]
        MatchClient(channel, bob_seat.token, timeout_s=TIMEOUT).resign(made.challenge_id)
        for person in (ada, bob):
            ended = events[person.id].next("match_ended").match_ended
            assert ended.match.match_id == made.challenge_id
            assert ended.match.phase == mpb.MATCH_PHASE_FINISHED
            assert list(ended.match.winners) == [seat_of[ada.id]]
            assert list(ended.seats) == [seat_of[person.id]]


def test_a_declined_and_a_withdrawn_challenge_are_told(channel, issuer):
    ada, bob = Person(channel, issuer, "Ada"), Person(channel, issuer, "Bob")
    with streams(ada, bob) as (ada_events, bob_events):
        declined = ada.challenge(bob)
        request = cpb.DeclineChallengeRequest(
            challenge_id=declined.challenge_id, reason=cpb.DECLINE_REASON_TOO_SLOW
        )
        bob.call("DeclineChallenge", request)
        answered = ada_events.next("challenge_answered").challenge_answered
        assert answered.answer == epb.CHALLENGE_ANSWER_DECLINED
        assert answered.challenge.decline_reason == cpb.DECLINE_REASON_TOO_SLOW

        withdrawn = ada.challenge(bob)
        assert bob_events.next("challenge_received").challenge_received.challenge.challenge_id
        request = cpb.WithdrawChallengeRequest(challenge_id=withdrawn.challenge_id)
        ada.call("WithdrawChallenge", request)
        told = bob_events.next("challenge_answered").challenge_answered
        assert told.answer == epb.CHALLENGE_ANSWER_WITHDRAWN
        assert told.challenge.challenge_id == withdrawn.challenge_id


def test_keep_alives_come_at_the_interval_with_the_cursor(channel, issuer):
    ada = Person(channel, issuer, "Ada")
    with streams(ada) as (events,):
        alive = [events.next("keep_alive") for _ in range(3)]
    gaps = [b.at_unix_ms - a.at_unix_ms for a, b in zip(alive, alive[1:], strict=False)]
    assert all(300 <= gap <= 2000 for gap in gaps), gaps
    assert {event.event_id for event in alive} == {"0:"}  # nothing happened to Ada yet


# -- reconnecting ---------------------------------------------------------------------------------


def test_a_stream_resumed_with_its_cursor_tells_each_missed_event_once(channel, issuer):
    ada, bob = Person(channel, issuer, "Ada"), Person(channel, issuer, "Bob")
    with streams(bob) as (bob_events,):
        cursor = bob_events.next("keep_alive").event_id
    # While Bob is away: a challenge, his own accept, and Ada's first move if hers.
    made = ada.challenge(bob)
    bob.accept(made.challenge_id)

    resumed = bob.stream(after=cursor)
    try:
        told = resumed.until_quiet()
    finally:
        resumed.close()
    kinds = [event.WhichOneof("event") for event in told]
    assert kinds[:2] == ["challenge_received", "match_started"], kinds
    assert set(kinds) <= {"challenge_received", "match_started", "your_turn"}
    assert len({event.event_id for event in told}) == len(told)
    assert all(event.event_id > cursor for event in told)
    started = told[1].match_started
    assert started.match.match_id == made.challenge_id

    # Again from the last event told: nothing twice.
    again = bob.stream(after=told[-1].event_id)
    try:
        assert again.until_quiet() == []
    finally:
        again.close()


def test_a_stream_opened_without_a_cursor_replays_what_is_pending(channel, issuer):
    ada, bob, cy = (Person(channel, issuer, name) for name in ("Ada", "Bob", "Cy"))
    waiting = cy.challenge(bob)
    made = ada.challenge(bob)
    bob.accept(made.challenge_id)

    stream = bob.stream()
    try:
        told = stream.until_quiet()
    finally:
        stream.close()
    by_kind: dict[str, list] = {}
    for event in told:
        by_kind.setdefault(event.WhichOneof("event"), []).append(event)
    received = [e.challenge_received.challenge.challenge_id for e in by_kind["challenge_received"]]
    assert received == [waiting.challenge_id]
    started = [e.match_started for e in by_kind["match_started"]]
    assert [s.match.match_id for s in started] == [made.challenge_id]
    # The replayed seat token is fresh and good for a move (or a read of the seat's view).
    seat = started[0].seats[0]
    view = MatchClient(channel, seat.token, timeout_s=TIMEOUT).get(made.challenge_id)
    assert view.seat == seat.seat
    to_move = started[0].match.status.to_move
    turns = [e.your_turn.match_id for e in by_kind.get("your_turn", [])]
    assert turns == ([made.challenge_id] if seat.seat in to_move else [])


# -- refusals and limits --------------------------------------------------------------------------


def test_streams_beyond_the_cap_of_an_account_are_refused(channel, issuer):
    ada = Person(channel, issuer, "Ada")
    with streams(*[ada] * STREAMS_PER_ACCOUNT):
        refused = ada.stream()
        assert refused.events.get(timeout=WAIT_S) is None
        assert refused.ended.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert f"already has {STREAMS_PER_ACCOUNT} event streams" in refused.ended.details()
    # Closed streams give their places back, once the server has seen them end (a cancel
    # reaches it a moment after the client closes).
    deadline = time.monotonic() + WAIT_S
    while True:
        again = ada.stream()
        first = again.events.get(timeout=WAIT_S)
        again.close()
        if first is not None:
            break
        assert again.ended.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, again.ended
        assert time.monotonic() < deadline, "closed streams never gave their places back"
        time.sleep(0.1)


@pytest.mark.parametrize(
    ("token", "after", "code"),
    [
        ("", "", grpc.StatusCode.UNAUTHENTICATED),
        ("not-a-token", "", grpc.StatusCode.UNAUTHENTICATED),
        (None, "not-a-cursor", grpc.StatusCode.INVALID_ARGUMENT),
    ],
)
def test_a_stream_is_refused_without_a_player_or_with_a_bad_cursor(
    channel, issuer, token, after, code
):
    token = issuer.token(f"p-{uuid.uuid4().hex[:8]}") if token is None else token
    refused = Stream(channel, token, after)
    assert refused.events.get(timeout=WAIT_S) is None
    assert refused.ended.code() == code, refused.ended.details()


def access_token(person: Person, *scopes: int) -> str:
    """A personal access token of the person's with `scopes`."""
    accounts = account_service_pb2_grpc.AccountServiceStub(person.channel)
    request = apb.CreateAccessTokenRequest(name="events", scopes=scopes)
    made = accounts.CreateAccessToken(request, metadata=bearer(person.token), timeout=TIMEOUT)
    return made.secret


@pytest.mark.parametrize("scope", [apb.SCOPE_EVENTS_READ, apb.SCOPE_BOT_PLAY])
def test_an_access_token_with_events_read_opens_the_stream(channel, issuer, scope):
    ada, bob = Person(channel, issuer, "Ada"), Person(channel, issuer, "Bob")
    stream = Stream(channel, access_token(bob, scope))
    try:
        stream.until_quiet()
        made = ada.challenge(bob)
        told = stream.next("challenge_received").challenge_received
        assert told.challenge.challenge_id == made.challenge_id
    finally:
        stream.close()


def test_an_access_token_without_events_read_is_refused_naming_it(channel, issuer):
    ada = Person(channel, issuer, "Ada")
    refused = Stream(channel, access_token(ada, apb.SCOPE_MATCH_READ, apb.SCOPE_CHALLENGE_READ))
    assert refused.events.get(timeout=WAIT_S) is None
    assert refused.ended.code() == grpc.StatusCode.PERMISSION_DENIED
    assert "events:read" in refused.ended.details()


def test_streams_end_without_error_when_the_orchestrator_stops(galileo_rules, issuer):
    with EmbeddedRedis() as server:
        backend = Backend("redis", server.url)
        replica = backend.start_orchestrator(galileo_rules.address, **issuer.env, **SETTINGS)
        with replica, grpc.insecure_channel(replica.address) as channel:
            grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
            stream = Stream(channel, issuer.token(f"p-{uuid.uuid4().hex[:8]}"))
            stream.until_quiet()
            stopped = time.monotonic()
            assert replica.terminate() == 0
            while stream.events.get(timeout=WAIT_S) is not None:
                pass
            assert stream.ended is None  # the call ended OK: the client resumes with its cursor
            assert time.monotonic() - stopped < 5  # at once, not after the grace


# -- over Connect: the gateway and the CLI ------------------------------------------------------


@pytest.fixture(scope="module")
def portal(hall):
    """A gateway of the orchestrator: its URL."""
    with start_gateway(hall.address) as gateway:
        yield f"http://127.0.0.1:{gateway.port}"


def test_the_gateway_streams_events_over_connect(portal, channel, issuer):
    ada, bob = Person(channel, issuer, "Ada"), Person(channel, issuer, "Bob")
    made = ada.challenge(bob)
    url = f"{portal}/playhall.api.v1.EventService/StreamEvents"
    headers = {
        "content-type": "application/connect+json",
        "connect-protocol-version": "1",
        "connect-timeout-ms": "1500",
        "authorization": f"Bearer {bob.token}",
    }
    body = b"{}"
    request = urllib.request.Request(
        url, b"\0" + len(body).to_bytes(4, "big") + body, headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        raw = response.read()
    messages = []
    while raw:
        flags, size = raw[0], int.from_bytes(raw[1:5], "big")
        messages.append((flags, json.loads(raw[5 : 5 + size])))
        raw = raw[5 + size :]
    events = [message for flags, message in messages if not flags & 2]
    assert events[0]["challengeReceived"]["challenge"]["challengeId"] == made.challenge_id
    assert any("keepAlive" in event for event in events[1:])
    assert messages[-1][0] & 2 and messages[-1][1]["error"]["code"] == "deadline_exceeded"


class Follower:
    """`playhall events` in a process of its own, its output lines read in a thread."""

    def __init__(self, portal: str, person: Person, tmp_path, *args: str):
        env = {
            **os.environ,
            "PLAYHALL_GATEWAY": portal,
            "PLAYHALL_CONFIG": str(tmp_path / "login.json"),
            "PLAYHALL_TOKEN": person.token,
            "COLUMNS": "200",
        }
        command = [sys.executable, "-m", "playhall.cli", "events", *args]
        self.proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def line(self) -> str:
        return self.lines.get(timeout=WAIT_S)

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=TIMEOUT)


def test_the_cli_follows_events_and_resumes_after_an_event_id(portal, channel, issuer, tmp_path):
    ada, bob = Person(channel, issuer, "Ada"), Person(channel, issuer, "Bob")
    made = ada.challenge(bob)
    follower = Follower(portal, bob, tmp_path, "--json")
    try:
        replayed = json.loads(follower.line())
        assert replayed["challenge_received"]["challenge"]["challenge_id"] == made.challenge_id
        cursor = json.loads(follower.line())["event_id"]  # a keep-alive, after the replay
    finally:
        follower.close()
    bob.accept(made.challenge_id)

    follower = Follower(portal, bob, tmp_path, "--after", cursor)
    try:
        assert follower.line().startswith(f"match {made.challenge_id} ({TITLE}) runs: your seat ")
        assert follower.line().startswith(f"your turn in match {made.challenge_id}, due ")
    finally:
        follower.close()
