"""The orchestrator's domain in the test's own process: `Matches`, `Commits` and the
housekeeping passes on a real Redis (the embedded one), with each title's engine behind
`InProcessRules`, which answers as `RulesClients` does but calls the real `RulesServicer`
directly instead of over gRPC. No server, no process: a request takes a millisecond or two.

A plain module, like `tests/helpers.py`; the fixtures that build a `Hall` per test are in
`tests/unit/conftest.py`."""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import grpc
import redis
import redis.asyncio
from google.protobuf import any_pb2
from google.protobuf.message import Message
from prometheus_client import REGISTRY

from dev.testbed import GATEWAY_CREDENTIAL, WORKER_CREDENTIAL
from playhall.archive import database
from playhall.archive.parked import ParkedTable
from playhall.archive.reputation import Reputations
from playhall.common.errors import Broken
from playhall.core import Game, get_game
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import human_seats
from playhall.matches.api import MatchApi
from playhall.matches.commits import Commits
from playhall.matches.domain import Matches
from playhall.matches.housekeeping import Housekeeper
from playhall.matches.parking import Parking
from playhall.matches.rules_client import REFUSALS
from playhall.matchstore.store import MatchStore
from playhall.orchestrator.settings import Settings
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.rules_service.servicer import RulesServicer
from tests.helpers import TITLE

HOLD_TIMEOUT_S = 5.0
"""How long a held rules call waits for the others it is held with, so a test that holds
fewer calls than it makes fails instead of hanging."""


class Aborted(Exception):
    """What `context.abort` raises in a real server: the call ends with `code`."""

    def __init__(self, code: grpc.StatusCode, details: str):
        super().__init__(f"{code.name}: {details}")
        self.code = code
        self.details = details


class AbortingContext:
    """The part of a `grpc.ServicerContext` the rules servicer uses: a call without metadata
    (asked in English), aborted with a status."""

    def invocation_metadata(self) -> tuple[()]:
        return ()

    def abort(self, code: grpc.StatusCode, details: str):
        raise Aborted(code, details)

    def abort_with_status(self, status: grpc.Status):
        raise Aborted(status.code, status.details)


class Rendezvous:
    """Holds the first `parties` calls until all of them have arrived, then lets every call
    through: the calls that race past their reads before any of them commits."""

    def __init__(self, parties: int):
        self.parties = parties
        self.arrived = 0
        self._all_here = asyncio.Event()

    async def wait(self) -> None:
        if self._all_here.is_set():
            return
        self.arrived += 1
        if self.arrived >= self.parties:
            self._all_here.set()
        await asyncio.wait_for(self._all_here.wait(), HOLD_TIMEOUT_S)


class InProcessRules:
    """What the domain uses of `RulesClients` (`titles`, `call`, `game_infos`, `close`), served
    by a `RulesServicer` per title in this process. Requests and answers go through their bytes,
    as on the wire, so the domain never shares a message with the servicer; the servicer's
    refusals become the domain's through `rules_client.REFUSALS`, as over gRPC. `calls` counts
    the calls by method; `hold` makes calls of one method meet before any goes on."""

    def __init__(self, games: Iterable[Game]):
        self._servicers = {game.info.title_id: RulesServicer(game) for game in games}
        self._context = AbortingContext()
        self.calls: Counter[str] = Counter()
        self._holds: dict[str, Rendezvous] = {}

    def titles(self) -> list[str]:
        return sorted(self._servicers)

    def hold(self, method: str, parties: int) -> Rendezvous:
        """The next `parties` calls of `method` wait for each other (then calls run freely)."""
        self._holds[method] = Rendezvous(parties)
        return self._holds[method]

    async def call(
        self, title: str, method: str, request: Message, rules_version: str | None = None
    ):
        """As `RulesClients.call`; each title has one version here, which serves every match."""
        self.calls[method] += 1
        if method in self._holds:
            await self._holds[method].wait()
        sent = type(request).FromString(request.SerializeToString())
        try:
            answer = getattr(self._servicers[title], method)(sent, self._context)
        except Aborted as refused:
            raise REFUSALS.get(refused.code, Broken)(refused.details) from None
        return type(answer).FromString(answer.SerializeToString())

    async def game_infos(self) -> list[rpb.GameInfo]:
        return [
            (await self.call(title, "GetGameInfo", rpb.GetGameInfoRequest())).game
            for title in self.titles()
        ]

    async def close(self) -> None:
        pass


@dataclass
class Hall:
    """The domain on one Redis database (emptied when it opens), its rules and its housekeeper,
    with shorthands for the requests the tests make."""

    matches: Matches
    housekeeper: Housekeeper
    api: MatchApi = field(init=False)
    """MatchService's requests and responses over `matches`, as the servicer calls it."""
    rules: InProcessRules
    db: redis.asyncio.Redis
    tokens: dict[str, dict[int, str]] = field(default_factory=dict)
    """The seat tokens of every match this hall created, by match id."""

    def __post_init__(self) -> None:
        self.api = MatchApi(self.matches)

    @property
    def parking(self) -> Parking:
        assert self.matches.parking is not None, "open the hall with a database_url"
        return self.matches.parking

    @property
    def commits(self) -> Commits:
        return self.matches.commits

    @property
    def store(self) -> MatchStore:
        return self.matches.store

    async def close(self) -> None:
        # As the orchestrator stops: a hub task left pending is collected after its loop
        # closed, and its Redis connection's teardown then fails outside any loop.
        await self.matches.watchers.stop()
        await self.db.aclose()
        if self.matches.parking is not None:
            await self.matches.parking.table.pool.close()

    async def create(
        self,
        players: int = 3,
        seats: list[pb.SeatSpec] | None = None,
        seed: bytes | None = None,
        clock: pb.Clock | None = None,
    ) -> str:
        """A new Galileo match (a fresh seed unless given); returns its id."""
        created = await self.api.create(
            pb.CreateMatchRequest(
                title_id=TITLE,
                seats=seats or human_seats(players),
                seed=seed or uuid.uuid4().bytes * 2,
                clock=clock,
            )
        )
        match_id = created.match.match_id
        self.tokens[match_id] = {t.seat: t.token for t in created.tokens}
        return match_id

    async def get(
        self, match_id: str, token: str | None = None, seat: int | None = None
    ) -> pb.GetMatchResponse:
        return await self.api.get(pb.GetMatchRequest(match_id=match_id, seat=seat), token)

    async def submit(
        self,
        match_id: str,
        token: str | None,
        move: any_pb2.Any,
        expected: int,
        request_id: str | None = None,
        seat: int | None = None,
    ) -> pb.SubmitMoveResponse:
        request = pb.SubmitMoveRequest(
            match_id=match_id,
            move=move,
            expected_version=expected,
            request_id=uuid.uuid4().hex if request_id is None else request_id,
            seat=seat,
        )
        return await self.api.submit(request, token)

    async def seat_submit(
        self, match_id: str, seat: int, move: any_pb2.Any, expected: int, **kwargs
    ) -> pb.SubmitMoveResponse:
        """`submit` with the token of `seat`."""
        return await self.submit(match_id, self.tokens[match_id][seat], move, expected, **kwargs)

    async def resign(self, match_id: str, seat: int) -> pb.ResignResponse:
        request = pb.ResignRequest(match_id=match_id)
        return await self.api.resign(request, self.tokens[match_id][seat])


async def open_hall(
    redis_url: str,
    games: Iterable[Game] = (),
    database_url: str = "",
    empty: bool = True,
    **settings,
) -> Hall:
    """A `Hall` of `games` (Galileo by default) on the Redis at `redis_url`, whose database it
    empties (unless not `empty`: another replica's domain); `settings` override the
    orchestrator's (testing mode is on). With `database_url`
    (a migrated database), idle turn-based matches are parked there (`Hall.parking`; its pass
    is not started: a test runs it) and players' karma is read from it. Open it on the event
    loop that uses it."""
    db = redis.asyncio.Redis.from_url(redis_url)
    if empty:
        await db.flushdb()
    rules = InProcessRules(list(games) or [get_game(TITLE)])
    config = Settings(
        redis_url=redis_url,
        rules={title: [] for title in rules.titles()},
        worker_credential=WORKER_CREDENTIAL,
        gateway_credential=GATEWAY_CREDENTIAL,
        testing=True,
        **settings,
    )
    store = MatchStore(db, request_ttl_s=config.request_ttl_s, snapshots_kept=config.snapshots_kept)
    commits = Commits(store, rules, config)
    housekeeper = Housekeeper(commits, config.sweep_interval_s, config.lobby_repair_interval_s)
    parking = reputations = None
    if database_url:
        pool = database.pool(database_url)
        await pool.open(wait=True)
        reputations = Reputations(pool)
        parking = Parking(
            commits,
            ParkedTable(pool),
            config.park_after_minutes * 60,
            config.parking_interval_s,
            housekeeper.expire,
        )
    return Hall(Matches(commits, parking=parking, reputations=reputations), housekeeper, rules, db)


class RedisCommands:
    """The commands the Redis at `url` runs from `async with` to its end, as MONITOR reports
    them (read in a thread of its own): `sent`, the names of those clients sent (each a round
    trip, unless pipelined), and `scripted`, those the scripts they called ran. It ends on an
    ECHO of a marker of its own that `db` sends, so it holds every command sent before it."""

    def __init__(self, url: str, db: redis.asyncio.Redis):
        self.url, self.db = url, db
        self.sent: list[str] = []
        self.scripted: list[str] = []
        self._marker = f"ECHO end-{uuid.uuid4().hex}"
        self._listening = threading.Event()
        self._thread = threading.Thread(target=self._listen, daemon=True)

    def _listen(self) -> None:
        with redis.Redis.from_url(self.url).monitor() as monitor:
            self._listening.set()
            while (command := monitor.next_command())["command"] != self._marker:
                names = self.scripted if command["client_type"] == "lua" else self.sent
                names.append(command["command"].split(" ", 1)[0].upper())

    async def __aenter__(self) -> RedisCommands:
        self._thread.start()
        if not await asyncio.to_thread(self._listening.wait, HOLD_TIMEOUT_S):
            raise TimeoutError("MONITOR did not start")
        return self

    async def __aexit__(self, *exc) -> None:
        await self.db.echo(self._marker.split(" ", 1)[1])
        await asyncio.to_thread(self._thread.join, HOLD_TIMEOUT_S)
        if self._thread.is_alive():
            raise TimeoutError("MONITOR did not see the end marker")


def counted(name: str, **labels: str) -> float:
    """The value of one of this process's Prometheus series (0 before it is first counted)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0
