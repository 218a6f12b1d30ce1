"""A player's history page and a leaderboard page with a large archive: latencies through
PlayerService, and the plans PostgreSQL runs them with.

Starts a private PostgreSQL (fsync on, as deployed), every title's rules service and an
orchestrator on the archive (each its own process, the orchestrator trusting a signing key of
the benchmark's own for player tokens). Then bulk-loads `--pages` archived matches with COPY,
as the archiver would have written them: matches of every title over 90 days, 2 to 4 seats
each (within the title's range), held by a few thousand signed-in people (how often each plays
is skewed: a few play thousands of matches, most a few dozen), bot levels and a few anonymous
seats; each match's StoredMatch record; placements from a hidden skill per player and luck;
ratings and every rating change computed by `archive.ratings` (OpenSkill) match by match in
order. The matches' logs (`match_changes`) are left out: no page reads them.

Measures, one call at a time from one client (latency, not throughput), `--samples` calls of
each: ListFinishedMatches' first page for players drawn by how much they play, the same
player's page five pages deep (following the tokens, timed alone), GetLeaderboard's first page of a
random title, and a page about rank 1,000. Then EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL
those calls run (`archive.pages.PlayerPages`, on a pool of the benchmark's own) for the heaviest
player and the deepest page: each plan must read by index, never scan a table whole.
"""

from __future__ import annotations

import asyncio
import datetime
import functools
import hashlib
import itertools
import os
import random
import time
from collections import Counter
from contextlib import ExitStack
from typing import Any

import jwt
import psycopg

from bench.common import open_channel, percentile_ms, say, title_ids
from dev import process
from dev.postgres_server import EmbeddedPostgres
from dev.process import orchestrator_env, start_rules_service
from dev.redis_server import EmbeddedRedis
from playhall.accounts.guests import new_signing_key
from playhall.accounts.tokens import Player, player_id
from playhall.archive import database, ratings
from playhall.archive.archive import BOT_ISSUER, Archive, PlayerKey, bot_player, seat_rows
from playhall.archive.pages import PlayerPages
from playhall.match_client import MatchClient, bearer
from playhall.matchstore import records
from playhall.matchstore.model import (
    BotLevel,
    Clock,
    EndReason,
    Match,
    MatchPhase,
    Seat,
    SeatKind,
    Setup,
)
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from playhall.rules.v1 import rules_service_pb2 as rpb

ISSUER = "https://id.bench.example"
AUDIENCE = "playhall"
PEOPLE = 3000
BOT_SHARE, ANONYMOUS_SHARE = 0.3, 0.05
DAYS = 90
LEVELS = (BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD)
BOT_SKILL = {BotLevel.EASY: -1.0, BotLevel.NORMAL: 0.0, BotLevel.HARD: 1.0}
START_MS = 1_760_000_000_000


class Loader:
    """Makes the archive's rows in memory, then COPYs them in."""

    def __init__(self, seed: int, players_range: dict[str, tuple[int, int]]):
        self.rng = random.Random(seed)
        self.players_range = players_range
        self.people = [(player_id(ISSUER, f"bench-{n}"), f"Player {n}") for n in range(PEOPLE)]
        # How often each plays: Zipf-like, so a few play very much.
        self.weights = list(itertools.accumulate(1 / (rank + 1) ** 0.9 for rank in range(PEOPLE)))
        """Cumulative, for `random.choices`."""
        self.skill = {pid: self.rng.gauss(0, 1) for pid, _ in self.people}
        self.rating: dict[tuple[str, str], tuple[ratings.Rating, int, datetime.datetime]] = {}
        self.rows: dict[str, list[tuple]] = {
            name: [] for name in ("matches", "match_seats", "rating_history")
        }
        self.bots: dict[str, PlayerKey] = {}
        self.played: Counter[str] = Counter()
        """Matches per person."""

    def seat(self, title: str, taken: set[str]) -> tuple[str | None, BotLevel, str, float]:
        """(player id, None for an anonymous seat; bot level, 0 for a person; display name;
        skill) of one seat."""
        roll = self.rng.random()
        if roll < ANONYMOUS_SHARE:
            return None, BotLevel.UNSPECIFIED, "Guest", self.rng.gauss(0, 1)
        if roll < ANONYMOUS_SHARE + BOT_SHARE:
            level = self.rng.choice(LEVELS)
            bot = bot_player(title, level)
            self.bots[bot.player_id] = bot
            return bot.player_id, level, bot.display_name, BOT_SKILL[level]
        while True:
            (person,) = self.rng.choices(self.people, cum_weights=self.weights)
            if person[0] not in taken:
                taken.add(person[0])
                self.played[person[0]] += 1
                return person[0], BotLevel.UNSPECIFIED, person[1], self.skill[person[0]]

    def match(self, n: int, total: int, titles: list[str]) -> None:
        title = self.rng.choice(titles)
        low, high = self.players_range[title]
        seats = self.rng.randint(low, min(high, 4))
        taken: set[str] = set()
        held = [self.seat(title, taken) for _ in range(seats)]
        performance = [skill + self.rng.gauss(0, 1.5) for *_, skill in held]
        scores = [max(0, int(20 + 8 * p)) for p in performance]
        best = max(scores)
        abandoned = self.rng.random() < 0.03
        winners = [] if abandoned else [s for s in range(seats) if scores[s] == best]
        resigned = {s for s in range(seats) if s not in winners and self.rng.random() < 0.05}
        finished_ms = START_MS + int(n / total * DAYS * 86_400_000)
        match_id = hashlib.sha256(f"bench-match-{n}".encode()).hexdigest()[:24]
        seed = hashlib.sha256(match_id.encode()).digest()
        match = Match(
            match_id=match_id,
            version=60,
            title_id=title,
            rules_version=f"{title}-1",
            setup=Setup(options={}, players=seats, seed=seed),
            seed_sha256=hashlib.sha256(seed).digest(),
            clock=Clock(),
            seats=[
                Seat(
                    seat=s,
                    kind=SeatKind.BOT if level else SeatKind.HUMAN,
                    bot_level=level,
                    display_name=name,
                    player_id=key if key and not level else "",
                    resigned=s in resigned,
                )
                for s, (key, level, name, _) in enumerate(held)
            ],
            token_hashes={},
            step=59,
            step_version=59,
            status=rpb.GameStatus(finished=True, scores=scores, winners=winners),
            phase=MatchPhase.FINISHED,
            end_reason=EndReason.ABANDONED if abandoned else EndReason.GAME_OVER,
            winners=winners,
            created_unix_ms=finished_ms - 1_200_000,
            updated_unix_ms=finished_ms,
            deadline_unix_ms=0,
            bank_ms=[],
        )
        at = datetime.datetime.fromtimestamp(finished_ms / 1000, datetime.UTC)
        self.rows["matches"].append(
            (
                match_id,
                title,
                match.rules_version,
                seed,
                match.seed_sha256,
                "abandoned" if abandoned else "game_over",
                match.version,
                records.stored_match(match).SerializeToString(),
                os.urandom(256),
                at - datetime.timedelta(minutes=20),
                at,
            )
        )
        keys = {s: key for s, (key, *_) in enumerate(held)}
        rows = seat_rows(match, [], {})
        for row in rows:
            self.rows["match_seats"].append(
                (
                    match_id,
                    row.seat,
                    keys[row.seat],
                    row.kind,
                    row.display_name,
                    row.final_score,
                    row.placement,
                    row.winner,
                    row.resigned,
                    row.timed_out,
                    title,
                    at,
                )
            )
        if abandoned:
            return
        places = ratings.rated_places(keys, {row.seat: row.placement for row in rows})
        if len(places) < 2:
            return
        before = {p: self.rating.get((p, title), (ratings.INITIAL, 0, at))[0] for p in places}
        for p, rating in ratings.rate(before, places).items():
            games = self.rating.get((p, title), (None, 0, at))[1] + 1
            self.rating[(p, title)] = (rating, games, at)
            self.rows["rating_history"].append(
                (p, title, match_id, rating.mu, rating.sigma, at, games)
            )

    def copy(self, url: str) -> None:
        named = dict(self.people)
        with psycopg.connect(url) as connection, connection.cursor() as cursor:
            with cursor.copy(
                "COPY players (id, issuer, subject, kind, display_name) FROM STDIN"
            ) as copy:
                for pid, name in named.items():
                    copy.write_row((pid, None, None, "person", name))
                for bot in self.bots.values():
                    copy.write_row(
                        (bot.player_id, BOT_ISSUER, bot.subject, "bot", bot.display_name)
                    )
            columns = {
                "matches": "match_id, title_id, rules_version, seed, seed_sha256, end_reason, "
                "version, record, final_state, created_at, finished_at",
                "match_seats": "match_id, seat, player_id, kind, display_name, final_score, "
                "placement, winner, resigned, timed_out, title_id, finished_at",
                "rating_history": "player_id, title_id, match_id, mu, sigma, at, games",
            }
            for table, names in columns.items():
                with cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                    for row in self.rows[table]:
                        copy.write_row(row)
            with cursor.copy(
                "COPY ratings (player_id, title_id, mu, sigma, games, updated_at) FROM STDIN"
            ) as copy:
                for (p, title), (rating, games, at) in self.rating.items():
                    copy.write_row((p, title, rating.mu, rating.sigma, games, at))
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute("VACUUM ANALYZE")


def load(url: str, matches: int, players_range: dict[str, tuple[int, int]]) -> Loader:
    loader = Loader(20261202, players_range)
    titles = sorted(players_range)
    for n in range(matches):
        loader.match(n, matches, titles)
    loader.copy(url)
    return loader


def token(private_pem: str, n: int) -> str:
    now = int(time.time())
    claims = {
        "iss": ISSUER,
        "aud": AUDIENCE,
        "sub": f"bench-{n}",
        "name": f"Player {n}",
        "iat": now,
        "exp": now + 3600,
    }
    return jwt.encode(claims, private_pem, algorithm="ES256")


def timed(samples: list[float], call, request, metadata):
    started = time.perf_counter()
    response = call(request, metadata=metadata, timeout=10)
    samples.append(time.perf_counter() - started)
    return response


def latencies(samples: list[float]) -> dict:
    return {
        "calls": len(samples),
        "p50_ms": percentile_ms(samples, 50),
        "p99_ms": percentile_ms(samples, 99),
    }


def measure_calls(address: str, private_pem: str, loader: Loader, samples: int) -> dict:
    rng = random.Random(7)
    channel = open_channel(address)
    stub = player_service_pb2_grpc.PlayerServiceStub(channel)
    tokens = {n: token(private_pem, n) for n in range(PEOPLE)}
    first, deep, board, board_deep = [], [], [], []
    sizes = []
    titles = sorted(loader.players_range)
    for _ in range(samples):
        (n,) = rng.choices(range(PEOPLE), cum_weights=loader.weights)
        metadata = bearer(tokens[n])
        page = timed(first, stub.ListFinishedMatches, ppb.ListFinishedMatchesRequest(), metadata)
        sizes.append(len(page.matches))
        for _ in range(4):  # to the fifth page, the last one timed
            if not page.next_page_token:
                break
            request = ppb.ListFinishedMatchesRequest(page_token=page.next_page_token)
            page = stub.ListFinishedMatches(request, metadata=metadata, timeout=10)
        if page.next_page_token:
            request = ppb.ListFinishedMatchesRequest(page_token=page.next_page_token)
            timed(deep, stub.ListFinishedMatches, request, metadata)
        title = rng.choice(titles)
        request = ppb.GetLeaderboardRequest(title_id=title)
        top = timed(board, stub.GetLeaderboard, request, metadata)
        assert top.entries, f"an empty leaderboard of {title}"
    # About rank 1,000 of each title (provisional ratings included: settled ones are fewer).
    deep_tokens = {}
    for title in titles:
        request = ppb.GetLeaderboardRequest(title_id=title, page_size=200, include_provisional=True)
        page = stub.GetLeaderboard(request, metadata=bearer(tokens[0]), timeout=10)
        for _ in range(4):
            if page.next_page_token:
                request.page_token = page.next_page_token
                page = stub.GetLeaderboard(request, metadata=bearer(tokens[0]), timeout=10)
        if page.next_page_token:
            deep_tokens[title] = page.next_page_token
    for _ in range(samples if deep_tokens else 0):
        title = rng.choice(sorted(deep_tokens))
        request = ppb.GetLeaderboardRequest(
            title_id=title, page_size=50, include_provisional=True, page_token=deep_tokens[title]
        )
        # The token was made for page_size 200: the size is not part of the query it binds.
        timed(board_deep, stub.GetLeaderboard, request, bearer(tokens[0]))
    channel.close()
    return {
        "history_first_page": latencies(first),
        "history_fifth_page": latencies(deep) if len(deep) > 1 else None,
        "leaderboard_first_page": latencies(board),
        "leaderboard_rank_1000": latencies(board_deep) if board_deep else None,
        "history_page_rows_mean": sum(sizes) / len(sizes),
    }


class Explaining(PlayerPages):
    """PlayerPages whose every query is run under EXPLAIN (ANALYZE, BUFFERS): the plans are kept
    and the query answers nothing."""

    def __init__(self, archive: Archive, titles):
        super().__init__(archive, titles)
        self.plans: list[list[str]] = []

    async def _fetch(self, query: str, params: dict[str, Any]) -> list[tuple]:
        async with self.pool.connection() as connection:
            found = await connection.execute("EXPLAIN (ANALYZE, BUFFERS) " + query, params)
            plan = [line for (line,) in await found.fetchall()]
        self.plans.append(plan)
        if query.lstrip().startswith("SELECT display_name, kind FROM players"):
            return [("someone", "person")]
        return []


def explain(url: str, loader: Loader) -> dict:
    """The plans of the pages' queries for the heaviest player and deep pages, the tokens
    got by paging there as a client does."""
    heaviest, played = loader.played.most_common(1)[0]
    caller = Player(heaviest, "Heaviest", ISSUER, "")
    title = sorted(loader.players_range)[0]

    async def deep(call, request, pages: int):
        """`request` with the token of page `pages + 1`."""
        for _ in range(pages):
            request.page_token = (await call(request)).next_page_token
        return request

    async def run() -> dict:
        pool = database.pool(url)
        await pool.open(wait=True)
        plain = PlayerPages(Archive(pool), lambda: sorted(loader.players_range))
        finished = functools.partial(plain.finished_matches, caller)
        cases = {
            "history, first page": ("finished_matches", ppb.ListFinishedMatchesRequest()),
            "history, fifth page": (
                "finished_matches",
                await deep(finished, ppb.ListFinishedMatchesRequest(), 4),
            ),
            "history of one title, first page": (
                "finished_matches",
                ppb.ListFinishedMatchesRequest(title_id=title),
            ),
            "leaderboard, first page": ("leaderboard", ppb.GetLeaderboardRequest(title_id=title)),
            "leaderboard, about rank 1,000": (
                "leaderboard",
                await deep(
                    plain.leaderboard,
                    ppb.GetLeaderboardRequest(
                        title_id=title, include_provisional=True, page_size=200
                    ),
                    5,
                ),
            ),
            "rating history, first page": (
                "rating_history",
                ppb.GetRatingHistoryRequest(title_id=title),
            ),
        }
        try:
            plans = {}
            for name, (method, request) in cases.items():
                explaining = Explaining(Archive(pool), plain.titles)
                call = getattr(explaining, method)
                await (call(request) if method == "leaderboard" else call(caller, request))
                plans[name] = explaining.plans[-1]
            return plans
        finally:
            await pool.close()

    plans = asyncio.run(run())
    return {
        "heaviest_player_matches": played,
        "plans": plans,
        "sequential_scans": sorted(
            name for name, plan in plans.items() if any("Seq Scan" in line for line in plan)
        ),
    }


def game_ranges(address: str) -> dict[str, tuple[int, int]]:
    channel = open_channel(address)
    try:
        games = MatchClient(channel, timeout_s=10).list_games()
        return {game.title_id: (game.min_players, game.max_players) for game in games}
    finally:
        channel.close()


def run(matches: int, samples: int) -> dict:
    private_pem, public_pem = new_signing_key()
    titles = title_ids()
    with ExitStack() as stack:
        postgres = stack.enter_context(EmbeddedPostgres())
        redis_server = stack.enter_context(EmbeddedRedis())
        url = postgres.create_database("playhall")
        database.migrate(url)
        rules = {title: stack.enter_context(start_rules_service(title)) for title in titles}
        env = orchestrator_env(
            redis_server.url,
            {title: service.address for title, service in rules.items()},
            "bench-credential",
            gateway_credential="bench-gateway-credential",
            PLAYHALL_DATABASE_URL=url,
            PLAYHALL_JWT_ISSUER=ISSUER,
            PLAYHALL_JWT_AUDIENCE=AUDIENCE,
            PLAYHALL_JWT_PUBLIC_KEYS=public_pem,
        )
        orchestrator = stack.enter_context(process.start_orchestrator(env))
        ranges = game_ranges(orchestrator.address)
        say(f"Loading {matches:,} archived matches of {', '.join(sorted(ranges))}")
        started = time.monotonic()
        loader = load(url, matches, ranges)
        load_s = time.monotonic() - started
        counts = {name: len(rows) for name, rows in loader.rows.items()}
        counts["ratings"] = len(loader.rating)
        counts["players"] = PEOPLE + len(loader.bots)
        say(f"  {counts} in {load_s:.0f} s")
        say(f"Timing {samples} calls of each page through PlayerService")
        calls = measure_calls(orchestrator.address, private_pem, loader, samples)
        for name, numbers in calls.items():
            if isinstance(numbers, dict):
                say(f"  {name}: p50 {numbers['p50_ms']:.1f} ms, p99 {numbers['p99_ms']:.1f} ms")
        plans = explain(url, loader)
        say(f"  sequential scans in the plans: {plans['sequential_scans'] or 'none'}")
    return {
        "matches": matches,
        "people": PEOPLE,
        "rows": counts,
        "load_s": load_s,
        "samples": samples,
        **calls,
        **plans,
        "load_average_1m": os.getloadavg()[0],
    }
