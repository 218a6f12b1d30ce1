"""The gateway's WatchMatch fan-out (`gateway/fanout.py`), every part a process of its own: the
spectators of a match share one upstream stream per gateway, each browser resumes from its own
version (a late one from an old version too), a seat's stream stays its own with its private
events, and the shared stream survives an orchestrator restart. The browsers are asyncio
Connect clients on an event loop of their own thread; the orchestrator's `playhall_watch_streams`
gauge says how many upstream streams it serves."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import grpc
import pytest
from connectrpc.code import Code
from connectrpc.errors import ConnectError

from dev import process
from dev.process import ServiceProcess, free_port, orchestrator_env
from dev.testbed import GATEWAY_CREDENTIAL, TIMEOUT, WORKER_CREDENTIAL, start_orchestrator
from playhall.core.wire import moves_as_any, unpack
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1.match_service_connect import MatchServiceClient
from playhall.match_client import MatchClient, human_seats
from tests.helpers import metric, scrape, start_gateway, wait_until

ROOMY = {
    # Every browser of these tests comes from 127.0.0.1.
    "PLAYHALL_MAX_WATCH_STREAMS_PER_ADDRESS": "200",
    "PLAYHALL_RATE_PER_ADDRESS": "1000",
    "PLAYHALL_RATE_BURST": "1000",
}
WAIT_S = 30.0
"""How long a condition of many processes on a busy machine may take."""


class Browser:
    """One WatchMatch stream through the gateway: what it received, and how it ended."""

    def __init__(self) -> None:
        self.changes: list[pb.MatchChange] = []
        self.error: ConnectError | None = None
        self.ended = False
        self.task: asyncio.Future | None = None
        """Its task on the browsers' loop: cancelling it is closing the browser's tab."""

    @property
    def versions(self) -> list[int]:
        return [change.version for change in self.changes]


class Browsers:
    """Browsers of one gateway, each a task on this object's own event loop."""

    def __init__(self, url: str):
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()
        self.client = self._run(self._client(url))
        self._tasks: list[asyncio.Future] = []

    def _run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(TIMEOUT)

    @staticmethod
    async def _client(url: str) -> MatchServiceClient:
        return MatchServiceClient(url, timeout_ms=int(WAIT_S * 4 * 1000))

    def watch(self, match_id: str, after: int | None = None, token: str | None = None) -> Browser:
        browser = Browser()
        request = pb.WatchMatchRequest(match_id=match_id, after_version=after)
        headers = {"authorization": f"Bearer {token}"} if token else None

        async def follow() -> None:
            try:
                async for response in self.client.watch_match(request, headers=headers):
                    browser.changes.append(response.change)
                browser.ended = True
            except ConnectError as error:
                browser.error = error

        browser.task = asyncio.run_coroutine_threadsafe(follow(), self.loop)
        self._tasks.append(browser.task)
        return browser

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._run(self._close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(TIMEOUT)
        self.loop.close()

    async def _close(self) -> None:
        """Waits for every browser's task to end (cancelled ones included), then the client."""
        current = asyncio.current_task()
        await asyncio.gather(
            *(t for t in asyncio.all_tasks() if t is not current), return_exceptions=True
        )
        await self.client.close()


@pytest.fixture
def browsers(gateway) -> Iterator[Browsers]:
    crowd = Browsers(f"http://127.0.0.1:{gateway.port}")
    yield crowd
    crowd.close()


@pytest.fixture(scope="module")
def upstream(redis_server, galileo_rules) -> Iterator[ServiceProcess]:
    """An orchestrator of this module's own, so that its watch streams are this module's."""
    with start_orchestrator(redis_server.url, galileo_rules.address) as service:
        yield service


@pytest.fixture(scope="module")
def gateway(upstream) -> Iterator[ServiceProcess]:
    with start_gateway(upstream.address, ROOMY) as service:
        yield service


def orchestrator_streams(orchestrator: ServiceProcess) -> float:
    return metric(scrape(orchestrator.metrics_port), "playhall_watch_streams")


@pytest.fixture
def lobby(upstream) -> Iterator[MatchClient]:
    with grpc.insecure_channel(upstream.address) as channel:
        yield MatchClient(channel, timeout_s=WAIT_S, wait_for_ready=True)


def new_match(lobby: MatchClient) -> tuple[str, dict[int, str], dict[int, MatchClient]]:
    """A two-seat Galileo match: its id, the seats' tokens, and a client of each seat (which
    waits for an orchestrator that is away)."""
    created = lobby.create("galileo", human_seats(2))
    tokens = {t.seat: t.token for t in created.tokens}
    seats = {seat: lobby.as_seat(token) for seat, token in tokens.items()}
    return created.match.match_id, tokens, seats


def play(seats: dict[int, MatchClient], match_id: str, count: int) -> int:
    """Plays `count` moves, each the first legal move of a seat to move; the version after."""
    version = 0
    for _ in range(count):
        summary = seats[0].get(match_id, omit_legal_moves=True).match
        seen = seats[summary.status.to_move[0]].get(match_id)
        mover = seats[summary.status.to_move[0]]
        version = mover.submit(
            match_id, moves_as_any(seen.legal_moves)[0], seen.match.version
        ).version
    return version


def finish(seats: dict[int, MatchClient], match_id: str) -> int:
    return seats[0].resign(match_id).match.version


def received(crowd: list[Browser], version: int) -> bool:
    """Whether every browser has received `version`, failing at once on a browser's error."""
    for browser in crowd:
        assert browser.error is None, browser.error
    return all(browser.versions and browser.versions[-1] >= version for browser in crowd)


def scientists_seen(change: pb.MatchChange) -> dict[int, int]:
    """The picked scientist of each pick in the change that shows it (seat: scientist)."""
    events = [unpack(event, gal.Event, "event") for event in change.events]
    return {
        e.pick_committed.seat: e.pick_committed.scientist
        for e in events
        if e.HasField("pick_committed") and e.pick_committed.scientist
    }


def test_a_gateway_shares_more_matches_than_one_address_may_watch(upstream, lobby):
    """The shared streams name no browser, so the orchestrator counts them against its total
    only, not as the gateway's address (which may watch 32 matches anonymously)."""
    matches = [new_match(lobby)[0] for _ in range(40)]
    with start_gateway(upstream.address, {**ROOMY, "PLAYHALL_WATCH_LINGER_S": "0"}) as own:
        crowd = Browsers(f"http://127.0.0.1:{own.port}")
        try:
            browsers = [crowd.watch(match_id) for match_id in matches]
            wait_until(lambda: received(browsers, 0), WAIT_S, "version 0 at every browser")
            assert orchestrator_streams(upstream) == 40
        finally:
            crowd.close()
    wait_until(lambda: orchestrator_streams(upstream) == 0, WAIT_S, "the shared streams closed")


def test_fifty_spectators_cost_the_orchestrator_one_stream_and_see_every_change_once(
    upstream, browsers, lobby
):
    match_id, _, seats = new_match(lobby)
    crowd = [browsers.watch(match_id) for _ in range(50)]
    wait_until(lambda: received(crowd, 0), WAIT_S, "version 0 at every browser")
    assert orchestrator_streams(upstream) == 1
    moved = play(seats, match_id, 6)
    wait_until(lambda: received(crowd, moved), WAIT_S, "every move at every browser")
    assert orchestrator_streams(upstream) == 1
    last = finish(seats, match_id)
    wait_until(lambda: all(b.ended for b in crowd), WAIT_S, "every stream ended with the match")
    for browser in crowd:
        assert browser.versions == list(range(last + 1))


def test_a_late_spectator_from_an_old_version_gets_what_it_missed(upstream, lobby):
    # A buffer of 3 changes: the late browser's version is older than it holds.
    env = {**ROOMY, "PLAYHALL_WATCH_REPLAY_CHANGES": "3"}
    with start_gateway(upstream.address, env) as small:
        crowd = Browsers(f"http://127.0.0.1:{small.port}")
        try:
            match_id, _, seats = new_match(lobby)
            early = crowd.watch(match_id)
            # The shared stream starts at version 0 before the moves: else the early one too
            # would start behind its buffer (a busy machine's gateway answered after 6 moves).
            wait_until(lambda: received([early], 0), WAIT_S, "the early one's stream")
            moved = play(seats, match_id, 6)
            wait_until(lambda: received([early], moved), WAIT_S, "the moves at the early one")
            late = crowd.watch(match_id, after=1)
            recent = crowd.watch(match_id, after=moved - 1)
            wait_until(lambda: received([late, recent], moved), WAIT_S, "what they missed")
            # Once caught up, the late one reads the shared stream again: one upstream stream.
            wait_until(lambda: orchestrator_streams(upstream) == 1, WAIT_S, "one stream again")
            moved = play(seats, match_id, 2)
            last = finish(seats, match_id)
            wait_until(lambda: all(b.ended for b in (early, late, recent)), WAIT_S, "the end")
            assert early.versions == list(range(last + 1))
            assert late.versions == list(range(2, last + 1))
            assert recent.versions == list(range(moved - 2, last + 1))
            samples = scrape(small.metrics_port)
            assert metric(samples, "playhall_gateway_watch_catch_ups_total", reason="behind") == 1
        finally:
            crowd.close()


def test_a_seats_watch_gets_its_private_events_and_never_anothers(upstream, browsers, lobby):
    match_id, tokens, seats = new_match(lobby)
    # The seats' streams open first: a spectator must not be served from either.
    own = {seat: browsers.watch(match_id, token=token) for seat, token in tokens.items()}
    wait_until(lambda: received(list(own.values()), 0), WAIT_S, "the seats' streams")
    spectators = [browsers.watch(match_id) for _ in range(5)]
    wait_until(lambda: received(spectators, 0), WAIT_S, "the spectators' streams")
    assert orchestrator_streams(upstream) == 3
    picks = {}
    for seat, client in seats.items():
        seen = client.get(match_id)
        move = moves_as_any(seen.legal_moves)[0]
        picks[seat] = unpack(move, gal.Move, "move").pick.scientist
        moved = client.submit(match_id, move, seen.match.version).version
    wait_until(lambda: received([*own.values(), *spectators], moved), WAIT_S, "both picks")
    for seat, browser in own.items():
        shown = {s: n for change in browser.changes for s, n in scientists_seen(change).items()}
        assert shown == {seat: picks[seat]}
    for browser in spectators:
        assert not any(scientists_seen(change) for change in browser.changes)


def test_the_shared_stream_resumes_when_the_orchestrator_restarts(redis_server, galileo_rules):
    env = orchestrator_env(
        redis_server.url,
        {"galileo": galileo_rules.address},
        WORKER_CREDENTIAL,
        testing=True,
        gateway_credential=GATEWAY_CREDENTIAL,
    )
    port = free_port()
    first = process.start_orchestrator(env, port=port)
    with (
        start_gateway(first.address, ROOMY) as gateway,
        grpc.insecure_channel(first.address) as channel,
    ):
        crowd = Browsers(f"http://127.0.0.1:{gateway.port}")
        try:
            match_id, _, seats = new_match(
                MatchClient(channel, timeout_s=WAIT_S, wait_for_ready=True)
            )
            spectators = [crowd.watch(match_id) for _ in range(10)]
            moved = play(seats, match_id, 2)
            wait_until(lambda: received(spectators, moved), WAIT_S, "the first moves")
            assert first.terminate() == 0
            with process.start_orchestrator(env, port=port) as second:
                # The one shared stream resumed on the new process, not ten.
                wait_until(lambda: orchestrator_streams(second) == 1, WAIT_S, "the resumed stream")
                moved = play(seats, match_id, 2)
                last = finish(seats, match_id)
                wait_until(lambda: all(b.ended for b in spectators), WAIT_S, "the end")
                for browser in spectators:
                    assert browser.error is None, browser.error
                    assert browser.versions == list(range(last + 1))
                samples = scrape(gateway.metrics_port)
                assert metric(samples, "playhall_gateway_watch_upstream_resumes_total") >= 1
        finally:
            crowd.close()


def test_the_upstream_streams_close_when_their_browsers_leave(upstream, lobby):
    with start_gateway(upstream.address, {**ROOMY, "PLAYHALL_WATCH_LINGER_S": "0.3"}) as short:
        crowd = Browsers(f"http://127.0.0.1:{short.port}")
        try:
            match_id, tokens, _ = new_match(lobby)
            spectators = [crowd.watch(match_id) for _ in range(3)]
            seat = crowd.watch(match_id, token=tokens[0])
            wait_until(lambda: received([*spectators, seat], 0), WAIT_S, "the streams")
            assert orchestrator_streams(upstream) == 2
            seat.task.cancel()
            wait_until(lambda: orchestrator_streams(upstream) == 1, WAIT_S, "the seat's closed")
            for browser in spectators[:2]:
                browser.task.cancel()
            # One spectator is left: the shared stream stays.
            wait_until(
                lambda: metric(scrape(short.metrics_port), "playhall_gateway_watch_streams") == 1,
                WAIT_S,
                "two spectators gone",
            )
            assert orchestrator_streams(upstream) == 1
            spectators[2].task.cancel()
            wait_until(lambda: orchestrator_streams(upstream) == 0, WAIT_S, "the shared closed")
        finally:
            crowd.close()


def test_a_full_gateway_refuses_a_watch_at_once(upstream, lobby):
    with start_gateway(
        upstream.address, {**ROOMY, "PLAYHALL_MAX_BROWSER_WATCH_STREAMS": "2"}
    ) as full:
        crowd = Browsers(f"http://127.0.0.1:{full.port}")
        try:
            match_id, _, _ = new_match(lobby)
            held = [crowd.watch(match_id) for _ in range(2)]
            wait_until(lambda: received(held, 0), WAIT_S, "the two streams")
            refused = crowd.watch(match_id)
            wait_until(lambda: refused.error is not None, WAIT_S, "the refusal")
            assert refused.error.code == Code.RESOURCE_EXHAUSTED
            assert "as many watchers as it can" in refused.error.message
            assert metric(scrape(full.metrics_port), "playhall_gateway_watch_streams_limit") == 2
        finally:
            crowd.close()


def test_spectators_get_the_orchestrators_refusals_and_a_finished_match_whole(browsers, lobby):
    match_id, _, seats = new_match(lobby)
    unknown = browsers.watch("no-such-match")
    ahead = browsers.watch(match_id, after=99)
    wait_until(lambda: unknown.error and ahead.error, WAIT_S, "the refusals")
    assert unknown.error.code == Code.NOT_FOUND
    assert ahead.error.code == Code.INVALID_ARGUMENT and "ahead" in ahead.error.message
    play(seats, match_id, 2)
    last = finish(seats, match_id)
    late = [browsers.watch(match_id), browsers.watch(match_id, after=1)]
    wait_until(lambda: all(b.ended for b in late), WAIT_S, "the finished match's log")
    assert [b.versions for b in late] == [list(range(last + 1)), list(range(2, last + 1))]
    at_end = browsers.watch(match_id, after=last)
    wait_until(lambda: at_end.ended, WAIT_S, "nothing after the end")
    assert at_end.versions == [] and at_end.error is None
