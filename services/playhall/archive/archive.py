"""The archive in PostgreSQL: finished matches written once, with their seats, players, whole
history, chat, and the rating and reputation updates they cause, in one transaction keyed by
the match id; and the reads that let an archived match answer GetMatch and GetHistory as it did
live."""

from __future__ import annotations

import contextlib
import datetime
import logging
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from playhall.accounts import tokens
from playhall.archive import chat, parked, ratings, reputation
from playhall.common.errors import Unavailable
from playhall.common.passes import BackgroundPass
from playhall.matchstore import records
from playhall.matchstore.chat import ChatLine
from playhall.matchstore.model import BotLevel, ChangeCause, EndReason, Match, SeatKind
from playhall.storage.v1 import storage_pb2 as spb

log = logging.getLogger(__name__)

BOT_ISSUER = "playhall:bot"
"""The issuer of the bots' identities: one player per title and level."""

UNRATED_ENDS = (EndReason.UNSPECIFIED, EndReason.ABANDONED)
"""Ends that rate nobody: a match nobody finished says nothing about who plays better."""


@dataclass(frozen=True)
class PlayerKey:
    """Who a player is to the archive: the product's player id (`tokens.player_id`), and
    where it comes from when known (a bot's; a seat carries only a person's id)."""

    player_id: str
    kind: str
    display_name: str
    issuer: str | None = None
    subject: str | None = None


async def upsert_players(
    connection: psycopg.AsyncConnection[Any], players: Sequence[PlayerKey]
) -> None:
    """Makes each player's row on first sight, and keeps the latest name they showed (in one
    order, so that concurrent writers lock rows alike and never deadlock): the archiver for a
    match's seats, the social rooms for a player who signs in (`relations.graph`)."""
    latest = {player.player_id: player for player in players}
    for player_id in sorted(latest):
        player = latest[player_id]
        await connection.execute(
            """
            INSERT INTO players (id, issuer, subject, kind, display_name)
            VALUES (%s, %s, %s, %s, %s)
            ON CONFLICT (id) DO UPDATE SET display_name = EXCLUDED.display_name
            """,
            (player_id, player.issuer, player.subject, player.kind, player.display_name),
        )


def bot_player(title_id: str, level: BotLevel) -> PlayerKey:
    subject = f"{title_id}/{level.label}"
    player_id = tokens.player_id(BOT_ISSUER, subject)
    return PlayerKey(player_id, "bot", f"{level.label.capitalize()} bot", BOT_ISSUER, subject)


def seat_player(match: Match, seat: int) -> PlayerKey | None:
    """The player of a seat: the signed-in person who held it (with the name it showed), a
    bot's identity for a seat a bot held from the start, None (an anonymous seat) for a seat a
    person held with a seat token only. A person's seat that left is played on by a random
    bot, but it stays the person's."""
    info = match.seats[seat]
    if info.player_id:
        return PlayerKey(info.player_id, "person", info.display_name)
    if seat not in match.token_hashes and info.kind == SeatKind.BOT:
        return bot_player(match.title_id, info.bot_level)
    return None


Changes = Sequence[tuple[spb.StoredChange, bytes]]


def leaving(match: Match, changes: Changes) -> dict[int, str]:
    """The seats that left the match early, each "resigned" or "timed_out". With two seats a
    resignation marks the seat and a time-out only ends the match; with more, both mark the
    seat, and a resignation is the change its cause says is one. A change stored before causes
    were is one when the seat made it itself, without a move, while the match ran (a time-out
    is the server's change), which takes a new token of a seat for a resignation too."""
    resigned_itself: set[int] = set()
    running = False
    for change, move in changes:
        cause = records.cause_of(change)
        if cause == ChangeCause.RESIGNATION or (
            cause == ChangeCause.UNSPECIFIED and running and change.HasField("seat") and not move
        ):
            resigned_itself.add(change.seat)
        running = change.phase == spb.MATCH_PHASE_RUNNING
    left = {}
    for info in match.seats:
        if info.resigned:
            two_seats = len(match.seats) == 2
            itself = two_seats or info.seat in resigned_itself
            left[info.seat] = "resigned" if itself else "timed_out"
        elif match.end_reason == EndReason.TIMEOUT and info.seat not in match.winners:
            left[info.seat] = "timed_out"
    return left


@dataclass(frozen=True)
class SeatRow:
    seat: int
    player: PlayerKey | None
    kind: str
    display_name: str
    final_score: int
    placement: int
    winner: bool
    resigned: bool
    timed_out: bool


def seat_rows(
    match: Match, changes: Changes, players: Mapping[int, PlayerKey | None]
) -> list[SeatRow]:
    left = leaving(match, changes)
    scores = list(match.status.scores) or [0] * len(match.seats)
    results = [
        ratings.SeatResult(
            info.seat, scores[info.seat], info.seat in match.winners, info.seat in left
        )
        for info in match.seats
    ]
    places = ratings.placements(results)
    return [
        SeatRow(
            seat=info.seat,
            player=players.get(info.seat),
            kind=info.kind.name.lower(),
            display_name=info.display_name,
            final_score=scores[info.seat],
            placement=places[info.seat],
            winner=info.seat in match.winners,
            resigned=left.get(info.seat) == "resigned",
            timed_out=left.get(info.seat) == "timed_out",
        )
        for info in match.seats
    ]


def _outcomes(match: Match, changes: Changes, rows: list[SeatRow]) -> dict[str, reputation.Outcome]:
    """What the match was for each signed-in person's reputation (bots have none); a match
    called off before it ran is nothing to anyone."""
    ran = any(change.phase == spb.MATCH_PHASE_RUNNING for change, _ in changes)
    if not ran:
        return {}
    return reputation.outcomes_by_player(
        (row.player.player_id, reputation.outcome(match.end_reason, row.timed_out))
        for row in rows
        if row.player and row.player.kind == "person"
    )


def _time(unix_ms: int) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(unix_ms / 1000, datetime.UTC)


@dataclass(frozen=True)
class ArchivedMatch:
    """What a finished match left in Redis: the match, its final state (None once expired)
    and every change of its log with its move; the player of each seat (None for an
    anonymous one); and its chat."""

    match: Match
    state: bytes | None
    changes: Changes
    players: Mapping[int, PlayerKey | None]
    chat: Sequence[ChatLine] = ()

    @classmethod
    def of(
        cls, match: Match, state: bytes | None, changes: Changes, chat: Sequence[ChatLine] = ()
    ) -> ArchivedMatch:
        players = {info.seat: seat_player(match, info.seat) for info in match.seats}
        return cls(match, state, changes, players, chat)


class Archive:
    """Writes and reads the archive through a psycopg connection pool. Bot accounts
    (`bot_accounts`) are rated in a pool apart from everyone else unless `bot_ratings_mixed`:
    a match in which a bot account meets a person or a bot level rates nobody."""

    def __init__(self, pool: AsyncConnectionPool, bot_ratings_mixed: bool = False):
        self.pool = pool
        self.bot_ratings_mixed = bot_ratings_mixed

    async def ping(self) -> None:
        async with self.pool.connection() as connection:
            await connection.execute("SELECT 1")

    async def store(self, archived: ArchivedMatch) -> int | None:
        """Writes the match, its seats, players, history and rating updates in one
        transaction; returns how many players' ratings it updated, or None (and nothing
        written) when the match is archived already."""
        match = archived.match
        async with self.pool.connection() as connection, connection.transaction():
            inserted = await connection.execute(
                """
                INSERT INTO matches (match_id, title_id, rules_version, seed, seed_sha256,
                    end_reason, version, record, final_state, created_at, finished_at)
                VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
                ON CONFLICT (match_id) DO NOTHING
                RETURNING match_id
                """,
                (
                    match.match_id,
                    match.title_id,
                    match.rules_version,
                    match.setup.seed,
                    match.seed_sha256,
                    match.end_reason.name.lower(),
                    match.version,
                    records.stored_match(match).SerializeToString(),
                    archived.state,
                    _time(match.created_unix_ms),
                    _time(match.updated_unix_ms),
                ),
            )
            if await inserted.fetchone() is None:
                return None
            await parked.forget(connection, match.match_id)
            rows = seat_rows(match, archived.changes, archived.players)
            await upsert_players(connection, [row.player for row in rows if row.player])
            await connection.cursor().executemany(
                """
                INSERT INTO match_seats (match_id, seat, player_id, kind, display_name,
                    final_score, placement, winner, resigned, timed_out, title_id, finished_at)
                VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
                """,
                [
                    (
                        match.match_id,
                        row.seat,
                        row.player.player_id if row.player else None,
                        row.kind,
                        row.display_name,
                        row.final_score,
                        row.placement,
                        row.winner,
                        row.resigned,
                        row.timed_out,
                        match.title_id,
                        _time(match.updated_unix_ms),
                    )
                    for row in rows
                ],
            )
            await reputation.record(connection, _outcomes(match, archived.changes, rows))
            async with connection.cursor().copy(
                "COPY match_changes (match_id, version, change, move) FROM STDIN"
            ) as copy:
                for change, move in archived.changes:
                    await copy.write_row(
                        (match.match_id, change.version, change.SerializeToString(), move or None)
                    )
            await chat.write(connection, match.match_id, archived.chat)
            if match.end_reason in UNRATED_ENDS:
                return 0
            return await self._rate(connection, match, rows)

    async def _pools_apart(
        self, connection: psycopg.AsyncConnection[Any], players: list[str]
    ) -> bool:
        """Whether the players are of both pools (bot accounts and the rest) while the
        operator keeps the pools apart."""
        if self.bot_ratings_mixed:
            return False
        found = await connection.execute(
            "SELECT count(*) FROM bot_accounts WHERE player_id = ANY(%s)", (players,)
        )
        row = await found.fetchone()
        return row is not None and 0 < row[0] < len(players)

    async def _rate(
        self, connection: psycopg.AsyncConnection[Any], match: Match, rows: list[SeatRow]
    ) -> int:
        """Updates the ratings of the match's rated players, read under a row lock so that
        two archivers rating one player in parallel never lose an update; returns how many."""
        places = ratings.rated_places(
            {row.seat: row.player.player_id if row.player else None for row in rows},
            {row.seat: row.placement for row in rows},
        )
        if len(places) < 2:
            return 0
        players = sorted(places)
        if await self._pools_apart(connection, players):
            return 0
        at = _time(match.updated_unix_ms)
        await connection.cursor().executemany(
            """
            INSERT INTO ratings (player_id, title_id, mu, sigma, games, updated_at)
            VALUES (%s, %s, %s, %s, 0, %s) ON CONFLICT DO NOTHING
            """,
            [(p, match.title_id, ratings.INITIAL.mu, ratings.INITIAL.sigma, at) for p in players],
        )
        locked = await connection.execute(
            """
            SELECT player_id, mu, sigma FROM ratings
            WHERE title_id = %s AND player_id = ANY(%s)
            ORDER BY player_id FOR UPDATE
            """,
            (match.title_id, players),
        )
        before = {p: ratings.Rating(mu, sigma) for p, mu, sigma in await locked.fetchall()}
        after = ratings.rate(before, places)
        await connection.cursor().executemany(
            """
            UPDATE ratings SET mu = %s, sigma = %s, games = games + 1, updated_at = %s
            WHERE player_id = %s AND title_id = %s
            """,
            [(r.mu, r.sigma, at, p, match.title_id) for p, r in after.items()],
        )
        await connection.execute(
            """
            INSERT INTO rating_history (player_id, title_id, match_id, mu, sigma, at, games)
            SELECT player_id, title_id, %s, mu, sigma, updated_at, games FROM ratings
            WHERE title_id = %s AND player_id = ANY(%s)
            """,
            (match.match_id, match.title_id, list(after)),
        )
        return len(after)

    # -- reading -------------------------------------------------------------------------------

    async def is_archived(self, match_id: str) -> bool:
        async with self.pool.connection() as connection:
            found = await connection.execute(
                "SELECT 1 FROM matches WHERE match_id = %s", (match_id,)
            )
            return await found.fetchone() is not None

    async def match(self, match_id: str) -> tuple[Match, bytes | None] | None:
        """The archived match as the orchestrator held it last, with its final state."""
        async with self.pool.connection() as connection:
            found = await connection.execute(
                "SELECT version, record, final_state FROM matches WHERE match_id = %s",
                (match_id,),
            )
            row = await found.fetchone()
        if row is None:
            return None
        version, record, state = row
        return archived_match(match_id, version, record), _bytes(state)

    async def changes(self, match_id: str) -> list[tuple[spb.StoredChange, bytes]]:
        """Every change of the archived match's log with its move (b"" if none), in order."""
        async with self.pool.connection() as connection:
            found = await connection.execute(
                "SELECT change, move FROM match_changes WHERE match_id = %s ORDER BY version",
                (match_id,),
            )
            rows = await found.fetchall()
        return [(spb.StoredChange.FromString(bytes(c)), _bytes(m) or b"") for c, m in rows]


def archived_match(match_id: str, version: int, record: bytes | memoryview) -> Match:
    """The match of an archived record (a `matches` row's version and record)."""
    return Match(match_id=match_id, version=version, **records.parse_record(bytes(record)))


class ArchiveCheck(BackgroundPass):
    """Asks the archive every interval whether it answers, and calls `on_change(answers)` when
    that changes (the orchestrator's PlayerService health): a read of an archive out of reach
    is refused, and readiness says so before the reads do. Each question waits at most the
    pool's timeout for a connection."""

    name = "archive_check"

    def __init__(
        self,
        archive: Archive,
        interval_s: float,
        on_change: Callable[[bool], Awaitable[None]],
    ):
        super().__init__(interval_s)
        self.archive = archive
        self.on_change = on_change
        self.answers = True
        """What the last question found (the archive answered as the process started)."""

    async def run_once(self) -> None:
        try:
            await self.archive.ping()
        except psycopg.Error as error:
            answers, reason = False, str(error)
        else:
            answers, reason = True, ""
        if answers == self.answers:
            return
        self.answers = answers
        if answers:
            log.info("archive answering again")
        else:
            log.warning("archive out of reach", extra={"error": reason})
        await self.on_change(answers)


@contextlib.contextmanager
def reaching_archive() -> Iterator[None]:
    """Reads of the archive: a database out of reach is UNAVAILABLE, as Redis is."""
    try:
        yield
    except psycopg.OperationalError:
        raise Unavailable("archive-unreachable") from None


def _bytes(value: bytes | memoryview | None) -> bytes | None:
    return None if value is None else bytes(value)
