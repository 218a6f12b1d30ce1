"""The archive in a real PostgreSQL (the session's embedded server, a fresh database per test):
its migrations, a match written once with its seats and history, and ratings equal to what
OpenSkill computes for hand-made results.

The ranks each case expects are written out by hand (from the rules in `archive.ratings`:
winners share first place, the rest by score, seats that left last), and the expected ratings
come from `openskill` itself, never from the code under test."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import random
import subprocess
import sys
from collections import Counter

import psycopg
import pytest
from openskill.models import PlackettLuce

from playhall.accounts.tokens import Player, player_id
from playhall.archive import database, ratings
from playhall.archive.archive import Archive, ArchivedMatch, PlayerKey, bot_player
from playhall.archive.pages import FINISHED, HISTORY, LEADERBOARD, PlayerPages
from playhall.common.errors import InvalidRequest, NotAuthenticated
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
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2 as spb
from tests.helpers import wait_until

TITLE = "galileo"
OPENSKILL = PlackettLuce()


def person(name: str) -> PlayerKey:
    """A signed-in person, as the archiver finds them on a seat: their id and name only."""
    return PlayerKey(player_id("https://id.example", name), "person", name.capitalize())


def finished(
    match_id: str,
    scores: list[int],
    winners: list[int],
    resigned: tuple[int, ...] = (),
    end_reason: int = EndReason.GAME_OVER,
) -> Match:
    """A finished match of len(scores) person seats, as the orchestrator holds it."""
    seats = [
        Seat(seat=s, kind=SeatKind.HUMAN, display_name=f"P{s}", resigned=s in resigned)
        for s in range(len(scores))
    ]
    return Match(
        match_id=match_id,
        version=len(scores) + 1,
        title_id=TITLE,
        rules_version="galileo-1",
        setup=Setup(options={}, players=len(scores), seed=match_id.encode() * 2),
        seed_sha256=hashlib.sha256(match_id.encode() * 2).digest(),
        clock=Clock(),
        seats=seats,
        token_hashes={s: f"hash{s}" for s in range(len(scores))},
        step=3,
        step_version=2,
        status=rpb.GameStatus(finished=True, scores=scores, winners=winners),
        phase=MatchPhase.FINISHED,
        end_reason=end_reason,
        winners=winners,
        created_unix_ms=1_700_000_000_000,
        updated_unix_ms=1_700_000_060_000,
        deadline_unix_ms=0,
        bank_ms=[],
    )


def history(seats: int) -> list[tuple[spb.StoredChange, bytes]]:
    """A creation, one move per seat, and the end."""
    changes = [(spb.StoredChange(version=0, phase=spb.MATCH_PHASE_RUNNING), b"")]
    for seat in range(seats):
        change = spb.StoredChange(version=seat + 1, seat=seat, phase=spb.MATCH_PHASE_RUNNING)
        changes.append((change, f"move{seat}".encode()))
    changes.append((spb.StoredChange(version=seats + 1, phase=spb.MATCH_PHASE_FINISHED), b""))
    return changes


def archived(match: Match, players: list[PlayerKey | None]) -> ArchivedMatch:
    return ArchivedMatch(match, b"final-state", history(len(match.seats)), dict(enumerate(players)))


def run(url: str, work):
    """Runs `work(archive)` on a fresh event loop with a pool of the database at `url`."""

    async def main():
        pool = database.pool(url)
        await pool.open(wait=True)
        try:
            return await work(Archive(pool))
        finally:
            await pool.close()

    return asyncio.run(main())


def store_all(url: str, matches: list[ArchivedMatch]) -> list[int | None]:
    async def work(archive: Archive):
        return [await archive.store(match) for match in matches]

    return run(url, work)


def ratings_of(url: str, players: list[PlayerKey]) -> dict[PlayerKey, tuple[float, float, int]]:
    """(mu, sigma, games) of each player that has a rating."""
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT player_id, mu, sigma, games FROM ratings WHERE title_id = %s", (TITLE,)
        ).fetchall()
    found = {player: (mu, sigma, games) for player, mu, sigma, games in rows}
    return {p: found[p.player_id] for p in players if p.player_id in found}


def count(url: str, query: str, *args) -> int:
    with psycopg.connect(url) as connection:
        return connection.execute(query, args).fetchone()[0]


def expected(ranks: list[int]) -> list[tuple[float, float]]:
    """What openskill computes for players new to the title finishing at `ranks`."""
    teams = OPENSKILL.rate([[OPENSKILL.rating()] for _ in ranks], ranks=ranks)
    return [(team[0].mu, team[0].sigma) for team in teams]


# -- migrations ----------------------------------------------------------------------------------


def test_migrations_build_the_schema_on_an_empty_database_once_however_many_run_at_once(
    empty_database,
):
    assert database.current_revision(empty_database) is None
    with psycopg.connect(empty_database, autocommit=True) as holder:
        # Held here while three replicas (the migration Job's command) start: each must wait
        # for it; then all go at once, and only the lock keeps the second from failing on
        # CREATE TABLE of a table the first just made.
        holder.execute("SELECT pg_advisory_lock(%s)", (database.MIGRATION_LOCK,))
        racers = [
            subprocess.Popen(
                [sys.executable, "-m", "playhall.archive.migrate"],
                env={**os.environ, "PLAYHALL_DATABASE_URL": empty_database},
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(3)
        ]
        waiting = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        wait_until(
            lambda: holder.execute(waiting).fetchone()[0] == 3, 30, "three migrations waiting"
        )
        holder.execute("SELECT pg_advisory_unlock(%s)", (database.MIGRATION_LOCK,))
        outcomes = [(racer.wait(60), racer.stderr.read()) for racer in racers]
    assert [code for code, _ in outcomes] == [0, 0, 0], outcomes
    assert database.current_revision(empty_database) == database.head_revision()
    tables = count(
        empty_database,
        "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename = ANY(%s)",
        ["players", "matches", "match_seats", "match_changes", "ratings", "rating_history"],
    )
    assert tables == 6


def test_migrating_from_the_previous_revision_keeps_the_data_and_completes_it(empty_database):
    database.migrate(empty_database, "0001")
    with psycopg.connect(empty_database) as connection:
        (player,) = connection.execute(
            "INSERT INTO players (issuer, subject, kind, display_name) "
            "VALUES ('https://id.example', 'ada', 'person', 'Ada') RETURNING id"
        ).fetchone()
        connection.execute(
            "INSERT INTO ratings VALUES (%s, 'galileo', 30.0, 4.0, 7, now())", (player,)
        )
    database.migrate(empty_database, "0002")
    with psycopg.connect(empty_database) as connection:
        row = connection.execute(
            "SELECT mu, sigma, games, ordinal FROM ratings WHERE player_id = %s", (player,)
        ).fetchone()
        indexes = connection.execute(
            "SELECT count(*) FROM pg_indexes WHERE indexname = 'ratings_leaderboard'"
        ).fetchone()[0]
    assert row == (30.0, 4.0, 7, pytest.approx(18.0))
    assert indexes == 1


def test_migrating_from_0002_keys_every_row_by_the_product_player_id(empty_database):
    """Rows of 0002 (uuid ids) keep who they are: a person, a bot level, an anonymous seat,
    ratings and their history all under the ids a seat and `bot_player` name."""
    database.migrate(empty_database, "0002")
    ada = person("ada")
    easy = bot_player(TITLE, BotLevel.EASY)
    with psycopg.connect(empty_database) as connection:
        uuids = {}
        for key, issuer, subject, kind in [
            ("ada", "https://id.example", "ada", "person"),
            ("easy", easy.issuer, easy.subject, "bot"),
        ]:
            (uuids[key],) = connection.execute(
                "INSERT INTO players (issuer, subject, kind, display_name) "
                "VALUES (%s, %s, %s, %s) RETURNING id",
                (issuer, subject, kind, key.capitalize()),
            ).fetchone()
        for n, match_id in enumerate(["m1", "m2"]):
            connection.execute(
                "INSERT INTO matches VALUES (%s, %s, 'galileo-1', 'seed', 'hash', 'game_over', "
                "3, 'record', NULL, %s, %s, now())",
                (match_id, TITLE, f"2026-01-0{n + 1}T10:00Z", f"2026-01-0{n + 1}T11:00Z"),
            )
            for seat, player in enumerate([uuids["ada"], uuids["easy"], None]):
                connection.execute(
                    "INSERT INTO match_seats VALUES (%s, %s, %s, 'human', 'X', 1, 1, true, "
                    "false, false)",
                    (match_id, seat, player),
                )
            for player, mu in ((uuids["ada"], 26.0 + n), (uuids["easy"], 24.0 - n)):
                connection.execute(
                    "INSERT INTO rating_history VALUES (%s, %s, %s, %s, 8.0, %s)",
                    (player, TITLE, match_id, mu, f"2026-01-0{n + 1}T11:00Z"),
                )
        for player, mu in ((uuids["ada"], 27.0), (uuids["easy"], 23.0)):
            connection.execute(
                "INSERT INTO ratings VALUES (%s, %s, %s, 8.0, 2, now())", (player, TITLE, mu)
            )
    database.migrate(empty_database)
    assert database.current_revision(empty_database) == database.head_revision()
    with psycopg.connect(empty_database) as connection:
        players = connection.execute(
            "SELECT id, issuer, subject, kind FROM players ORDER BY kind"
        ).fetchall()
        seats = connection.execute(
            "SELECT match_id, player_id, title_id, finished_at::date::text FROM match_seats "
            "ORDER BY match_id, seat"
        ).fetchall()
        ratings = connection.execute(
            "SELECT player_id, mu, games FROM ratings ORDER BY mu"
        ).fetchall()
        changes = connection.execute(
            "SELECT player_id, match_id, mu, games FROM rating_history ORDER BY player_id, at"
        ).fetchall()
    assert players == [
        (easy.player_id, easy.issuer, easy.subject, "bot"),
        (ada.player_id, "https://id.example", "ada", "person"),
    ]
    assert seats == [
        ("m1", ada.player_id, TITLE, "2026-01-01"),
        ("m1", easy.player_id, TITLE, "2026-01-01"),
        ("m1", None, TITLE, "2026-01-01"),
        ("m2", ada.player_id, TITLE, "2026-01-02"),
        ("m2", easy.player_id, TITLE, "2026-01-02"),
        ("m2", None, TITLE, "2026-01-02"),
    ]
    assert ratings == [(easy.player_id, 23.0, 2), (ada.player_id, 27.0, 2)]
    assert sorted(changes) == sorted(
        [
            (ada.player_id, "m1", 26.0, 1),
            (ada.player_id, "m2", 27.0, 2),
            (easy.player_id, "m1", 24.0, 1),
            (easy.player_id, "m2", 23.0, 2),
        ]
    )
    # The next match of the person, as a seat names them, goes on from their rating.
    store_all(empty_database, [archived(finished("m3", [3, 1], [0]), [ada, easy])])
    assert ratings_of(empty_database, [ada])[ada][2] == 3
    assert count(empty_database, "SELECT count(*) FROM players") == 2


def test_migrating_gives_seats_archived_as_anonymous_their_signed_in_player_back(
    empty_database,
):
    """Before 0003 a signed-in person's seat was archived as anonymous; the match's record
    kept the seat's player id, and the migration takes it from there."""
    database.migrate(empty_database, "0002")
    ada, bob = person("ada"), person("bob")
    match = finished("m1", [4, 2, 1], [0])
    match.seats[0].player_id, match.seats[0].display_name = ada.player_id, "Ada L."
    match.seats[2].player_id = bob.player_id
    record = records.stored_match(match).SerializeToString()
    with psycopg.connect(empty_database) as connection:
        connection.execute(
            "INSERT INTO matches VALUES ('m1', %s, 'galileo-1', 'seed', 'hash', 'game_over', "
            "3, %s, NULL, now(), now(), now())",
            (TITLE, record),
        )
        # As the archiver of then wrote it: every person's seat anonymous.
        for seat in range(3):
            connection.execute(
                "INSERT INTO match_seats VALUES ('m1', %s, NULL, 'human', 'X', 1, 1, false, "
                "false, false)",
                (seat,),
            )
        # Bob is known already, by a name of his own.
        connection.execute(
            "INSERT INTO players (issuer, subject, kind, display_name) "
            "VALUES ('https://id.example', 'bob', 'person', 'Bobby')"
        )
    database.migrate(empty_database)
    with psycopg.connect(empty_database) as connection:
        seats = connection.execute(
            "SELECT s.seat, s.player_id, p.display_name FROM match_seats s "
            "LEFT JOIN players p ON p.id = s.player_id ORDER BY s.seat"
        ).fetchall()
    assert seats == [(0, ada.player_id, "Ada L."), (1, None, None), (2, bob.player_id, "Bobby")]
    listed = read(
        empty_database,
        lambda h: h.finished_matches(signed_in("ada"), ppb.ListFinishedMatchesRequest()),
    )
    ((found,),) = [list(listed.matches)]
    assert found.match.match_id == "m1" and list(found.seats) == [0]
    assert not found.HasField("rating_after")  # unrated: its ratings were made without it


# -- one match, once -----------------------------------------------------------------------------


def test_a_match_is_written_once_with_its_seats_and_whole_history(database_url):
    players = [person("ada"), person("bob"), None]
    match = archived(finished("m1", [5, 9, 2], [1]), players)
    assert store_all(database_url, [match, match]) == [2, None]
    with psycopg.connect(database_url) as connection:
        seats = connection.execute(
            "SELECT seat, player_id IS NOT NULL, final_score, placement, winner "
            "FROM match_seats WHERE match_id = 'm1' ORDER BY seat"
        ).fetchall()
        changes = connection.execute(
            "SELECT version, move FROM match_changes WHERE match_id = 'm1' ORDER BY version"
        ).fetchall()
        stored = connection.execute(
            "SELECT seed, seed_sha256, rules_version, end_reason, final_state FROM matches"
        ).fetchone()
    assert seats == [(0, True, 5, 2, False), (1, True, 9, 1, True), (2, False, 2, 3, False)]
    assert [(v, bytes(m) if m else None) for v, m in changes] == [
        (0, None),
        (1, b"move0"),
        (2, b"move1"),
        (3, b"move2"),
        (4, None),
    ]
    assert bytes(stored[0]) == b"m1m1" and bytes(stored[1]) == hashlib.sha256(b"m1m1").digest()
    assert stored[2:4] == ("galileo-1", "game_over") and bytes(stored[4]) == b"final-state"
    # Rated once, though stored twice; the anonymous seat is not rated.
    assert [games for _, _, games in ratings_of(database_url, players[:2]).values()] == [1, 1]
    assert count(database_url, "SELECT count(*) FROM rating_history") == 2


def test_the_same_match_stored_by_two_archivers_at_once_is_written_and_rated_once(database_url):
    players = [person("ada"), person("bob")]
    match = archived(finished("m1", [3, 1], [0]), players)

    async def work(archive: Archive):
        return await asyncio.gather(archive.store(match), archive.store(match))

    # One writes it and rates both players; the other finds it archived.
    assert sorted(run(database_url, work), key=lambda rated: rated is None) == [2, None]
    assert [games for _, _, games in ratings_of(database_url, players).values()] == [1, 1]


def test_matches_of_one_player_archived_in_parallel_update_the_rating_each_time(database_url):
    ada = person("ada")
    opponents = [person(f"opponent{i}") for i in range(6)]
    matches = [
        archived(finished(f"m{i}", [2, 1], [0]), [ada, opponent])
        for i, opponent in enumerate(opponents)
    ]

    async def work(archive: Archive):
        return await asyncio.gather(*(archive.store(match) for match in matches))

    assert run(database_url, work) == [2] * 6
    # Six wins, whatever order the locks gave them: games counts every one.
    assert ratings_of(database_url, [ada])[ada][2] == 6
    assert (
        count(database_url, "SELECT count(*) FROM rating_history WHERE match_id LIKE 'm%%'") == 12
    )


# -- ratings -------------------------------------------------------------------------------------

CASES = {
    # name: (scores, winners, resigned, the places written out by hand)
    "two, the first wins": ([10, 4], [0], (), [1, 2]),
    "three, a shared win": ([7, 7, 3], [0, 1], (), [1, 1, 3]),
    "four, one resigned": ([8, 5, 12, 5], [0], (2,), [1, 2, 4, 2]),
    "five, no winner, equal scores tied": ([4, 9, 4, 1, 9], [], (), [3, 1, 3, 5, 1]),
    "five, two left": ([6, 2, 9, 3, 1], [0], (2, 4), [1, 3, 4, 2, 4]),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_ratings_are_what_openskill_computes_for_the_places(database_url, case):
    scores, winners, resigned, places = CASES[case]
    players = [person(f"p{seat}") for seat in range(len(scores))]
    store_all(database_url, [archived(finished("m1", scores, winners, resigned), players)])
    found = ratings_of(database_url, players)
    for player, (mu, sigma) in zip(players, expected(places), strict=True):
        assert found[player] == (pytest.approx(mu, abs=1e-9), pytest.approx(sigma, abs=1e-9), 1)
    placements = count(database_url, "SELECT array_agg(placement ORDER BY seat) FROM match_seats")
    assert placements == places


def test_a_second_match_starts_from_the_ratings_the_first_left(database_url):
    ada, bob, cy = person("ada"), person("bob"), person("cy")
    store_all(
        database_url,
        [
            archived(finished("m1", [3, 1], [0]), [ada, bob]),
            archived(finished("m2", [0, 5, 5], [1, 2]), [ada, bob, cy]),
        ],
    )
    first = OPENSKILL.rate([[OPENSKILL.rating()], [OPENSKILL.rating()]], ranks=[1, 2])
    second = OPENSKILL.rate([first[0], first[1], [OPENSKILL.rating()]], ranks=[3, 1, 1])
    found = ratings_of(database_url, [ada, bob, cy])
    for player, team, games in zip([ada, bob, cy], second, [2, 2, 1], strict=True):
        assert found[player] == (
            pytest.approx(team[0].mu, abs=1e-9),
            pytest.approx(team[0].sigma, abs=1e-9),
            games,
        )
    assert count(database_url, "SELECT count(*) FROM rating_history") == 5


def test_bots_are_rated_as_one_player_per_title_and_level(database_url):
    match = finished("m1", [1, 6], [1])
    for seat, level in enumerate([BotLevel.EASY, BotLevel.HARD]):
        match.seats[seat].kind = SeatKind.BOT
        match.seats[seat].bot_level = level
    match.token_hashes = {}
    again = finished("m2", [1, 6], [1])
    again.seats, again.token_hashes = match.seats, {}
    store_all(
        database_url,
        [ArchivedMatch.of(m, None, history(2)) for m in (match, again)],
    )
    easy, hard = bot_player(TITLE, BotLevel.EASY), bot_player(TITLE, BotLevel.HARD)
    found = ratings_of(database_url, [easy, hard])
    assert found[easy][2] == found[hard][2] == 2
    assert found[hard][0] > found[easy][0]
    assert count(database_url, "SELECT count(*) FROM players WHERE kind = 'bot'") == 2


def test_a_signed_in_persons_seat_is_archived_and_rated_as_that_person(database_url):
    """The seat carries only the player id and the name it showed: that is the player."""
    ada, bob = person("ada"), person("bob")
    match = finished("m1", [4, 2, 1], [0])
    match.seats[0].player_id, match.seats[0].display_name = ada.player_id, "Ada L."
    match.seats[1].player_id = bob.player_id
    store_all(database_url, [ArchivedMatch.of(match, None, history(3))])
    won, lost = expected([1, 2])
    found = ratings_of(database_url, [ada, bob])
    assert found[ada][0] == pytest.approx(won[0], abs=1e-9)
    assert found[bob][0] == pytest.approx(lost[0], abs=1e-9)
    assert found[ada][2] == found[bob][2] == 1
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT s.seat, s.player_id, p.display_name, p.issuer FROM match_seats s "
            "LEFT JOIN players p ON p.id = s.player_id ORDER BY s.seat"
        ).fetchall()
    assert rows == [(0, ada.player_id, "Ada L.", None), (1, bob.player_id, "P1", None)] + [
        (2, None, None, None)
    ]


def test_a_player_in_several_seats_is_rated_once_by_their_best_place(database_url):
    ada, bob = person("ada"), person("bob")
    store_all(database_url, [archived(finished("m1", [1, 5, 3], [1]), [ada, ada, bob])])
    won, lost = expected([1, 2])
    found = ratings_of(database_url, [ada, bob])
    assert found[ada] == (pytest.approx(won[0], abs=1e-9), pytest.approx(won[1], abs=1e-9), 1)
    assert found[bob] == (pytest.approx(lost[0], abs=1e-9), pytest.approx(lost[1], abs=1e-9), 1)


def test_unrated_results_leave_every_rating_alone(database_url):
    ada, bob = person("ada"), person("bob")
    abandoned = finished("m1", [3, 1], [], end_reason=EndReason.ABANDONED)
    against_oneself = finished("m2", [3, 1], [0])
    alone = finished("m3", [3, 1], [0])
    store_all(
        database_url,
        [
            archived(abandoned, [ada, bob]),
            archived(against_oneself, [ada, ada]),
            archived(alone, [ada, None]),
        ],
    )
    assert count(database_url, "SELECT count(*) FROM matches") == 3
    assert ratings_of(database_url, [ada, bob]) == {}


# -- a player's pages: finished matches, ratings, rating history, leaderboards -----------------

TITLES = [TITLE, "mosaic"]


def signed_in(name: str) -> Player:
    return Player(
        player_id("https://id.example", name), name.capitalize(), "https://id.example", name
    )


def read(url: str, call):
    """`call(history)` on the archive at `url`, the titles served being `TITLES`."""

    async def work(archive: Archive):
        return await call(PlayerPages(archive, lambda: TITLES))

    return run(url, work)


def at_minute(match: Match, minute: int, title: str = TITLE) -> Match:
    match.updated_unix_ms = 1_700_000_000_000 + minute * 60_000
    match.title_id = title
    return match


def all_pages(fetch, items: str, size: int) -> list:
    """Every page `fetch(page_size, page_token)` gives, following the tokens."""
    pages, token = [], ""
    while True:
        page = fetch(size, token)
        pages.append(list(getattr(page, items)))
        token = page.next_page_token
        if not token:
            return pages


def test_a_players_finished_matches_come_newest_first_a_page_at_a_time(database_url):
    ada, bob = person("ada"), person("bob")
    matches = [
        archived(at_minute(finished("m1", [3, 1], [0]), 1), [ada, bob]),
        archived(at_minute(finished("m2", [1, 3], [1]), 2, "mosaic"), [ada, bob]),
        # Ada in two seats of one match: one entry, both seats.
        archived(at_minute(finished("m3", [1, 5, 3], [1]), 3), [ada, ada, bob]),
        archived(at_minute(finished("m4", [3, 1], [0]), 4), [bob, None]),
        archived(
            at_minute(finished("m5", [3, 1], [], end_reason=EndReason.ABANDONED), 5),
            [bob, ada],
        ),
    ]
    store_all(database_url, matches)

    def fetch(title: str):
        def page(size: int, token: str):
            request = ppb.ListFinishedMatchesRequest(
                title_id=title, page_size=size, page_token=token
            )
            return read(database_url, lambda h: h.finished_matches(signed_in("ada"), request))

        return page

    pages = all_pages(fetch(""), "matches", 2)
    assert [[m.match.match_id for m in page] for page in pages] == [["m5", "m3"], ["m2", "m1"]]
    m5, m3, m2, m1 = [m for page in pages for m in page]
    assert list(m3.seats) == [0, 1] and list(m5.seats) == [1] and list(m1.seats) == [0]
    assert m1.finished_unix_ms == 1_700_000_060_000
    assert m3.match.phase == MatchPhase.FINISHED and list(m3.match.winners) == [1]
    # The rating each match left Ada with, in its title; none after the abandoned match.
    assert not m5.HasField("rating_after")
    assert (m1.rating_after.title_id, m1.rating_after.matches) == (TITLE, 1)
    assert (m3.rating_after.title_id, m3.rating_after.matches) == (TITLE, 2)
    assert (m2.rating_after.title_id, m2.rating_after.matches) == ("mosaic", 1)
    assert m1.rating_after.provisional and m1.rating_after.display == pytest.approx(
        m1.rating_after.mu - 3 * m1.rating_after.sigma
    )
    only = all_pages(fetch("mosaic"), "matches", 2)
    assert [[m.match.match_id for m in page] for page in only] == [["m2"]]
    # Bob's own list holds m4; Ada's never did.
    bobs = read(
        database_url,
        lambda h: h.finished_matches(signed_in("bob"), ppb.ListFinishedMatchesRequest()),
    )
    assert [m.match.match_id for m in bobs.matches] == ["m5", "m4", "m3", "m2", "m1"]


def test_a_bot_accounts_seat_stays_marked_in_the_finished_match_list(database_url):
    """The seat a bot account held is marked in its players' finished-match lists (the mark
    is stored with the seat); a person's seat is not."""
    ada, robot = person("ada"), person("robot")
    match = finished("bot-seat", [3, 1], [0])
    match.seats[1].bot_account = True
    store_all(database_url, [archived(match, [ada, robot])])
    listed = read(
        database_url,
        lambda h: h.finished_matches(signed_in("ada"), ppb.ListFinishedMatchesRequest()),
    )
    found = [m.match for m in listed.matches if m.match.match_id == "bot-seat"]
    assert [seat.bot_account for seat in found[0].seats] == [False, True]


def insert_ratings(url: str, rows: list[tuple[str, str, float, float]]) -> None:
    """Players (id, kind) with a rating (mu, sigma) in TITLE, made by hand."""
    with psycopg.connect(url) as connection:
        for player, kind, mu, sigma in rows:
            connection.execute(
                "INSERT INTO players (id, kind, display_name) VALUES (%s, %s, %s)",
                (player, kind, f"name-{player[-4:]}"),
            )
            connection.execute(
                "INSERT INTO ratings (player_id, title_id, mu, sigma, games, updated_at) "
                "VALUES (%s, %s, %s, %s, 12, now())",
                (player, TITLE, mu, sigma),
            )


def pid(n: int) -> str:
    return f"p-{n:032x}"


def test_a_leaderboard_ranks_settled_ratings_best_first_and_shares_ranks_of_equal_ones(
    database_url,
):
    settled = ratings.PROVISIONAL_SIGMA - 1
    insert_ratings(
        database_url,
        [
            (pid(1), "person", 30.0, settled),  # ordinal 30 - 16.5 = 13.5
            (pid(2), "bot", 40.0, settled),  # 23.5
            (pid(3), "person", 30.0, settled),  # 13.5, tied with 1
            (pid(4), "person", 50.0, ratings.PROVISIONAL_SIGMA + 0.5),  # provisional: 29.5
            (pid(5), "person", 20.0, settled),  # 3.5
            (pid(6), "person", 30.0, settled),  # 13.5, tied with 1 and 3
        ],
    )

    def fetch(provisional: bool):
        def page(size: int, token: str):
            request = ppb.GetLeaderboardRequest(
                title_id=TITLE, page_size=size, page_token=token, include_provisional=provisional
            )
            return read(database_url, lambda h: h.leaderboard(request))

        return page

    pages = all_pages(fetch(False), "entries", 2)
    entries = [(e.rank, e.player.player_id) for page in pages for e in page]
    # The tie spans a page boundary and still shares its rank.
    assert entries == [(1, pid(2)), (2, pid(1)), (2, pid(3)), (2, pid(6)), (5, pid(5))]
    assert [len(page) for page in pages] == [2, 2, 1]
    first = pages[0][0]
    assert first.player.bot and first.player.display_name == f"name-{pid(2)[-4:]}"
    assert (first.rating.display, first.rating.matches) == (pytest.approx(23.5), 12)
    assert not any(e.rating.provisional for page in pages for e in page)
    everyone = [e for page in all_pages(fetch(True), "entries", 10) for e in page]
    assert [(e.rank, e.player.player_id) for e in everyone][:2] == [(1, pid(4)), (2, pid(2))]
    assert everyone[0].rating.provisional and len(everyone) == 6


def test_ratings_and_their_history_of_any_player_or_the_signed_in_one(database_url):
    ada, bob = person("ada"), person("bob")
    store_all(
        database_url,
        [
            archived(at_minute(finished(f"m{i}", [3, 1], [i % 2]), i), [ada, bob])
            for i in range(1, 6)
        ],
    )
    mine = read(database_url, lambda h: h.ratings(signed_in("ada"), ppb.GetRatingsRequest()))
    assert mine.player.player_id == ada.player_id and mine.player.display_name == "Ada"
    ((rating,),) = [list(mine.ratings)]
    assert (rating.title_id, rating.matches, rating.provisional) == (TITLE, 5, True)
    # Another player's, by id, with the name their last seat showed.
    theirs = read(
        database_url,
        lambda h: h.ratings(signed_in("ada"), ppb.GetRatingsRequest(player_id=bob.player_id)),
    )
    assert theirs.player.display_name == "Bob" and theirs.ratings[0].matches == 5
    # Signed in, never archived: no ratings, and that is no error.
    new = read(database_url, lambda h: h.ratings(signed_in("cy"), ppb.GetRatingsRequest()))
    assert (new.player.display_name, list(new.ratings)) == ("Cy", [])

    def page(size: int, token: str):
        request = ppb.GetRatingHistoryRequest(title_id=TITLE, page_size=size, page_token=token)
        return read(database_url, lambda h: h.rating_history(signed_in("ada"), request))

    pages = all_pages(page, "changes", 2)
    changes = [c for p in pages for c in p]
    assert [c.match_id for c in changes] == ["m5", "m4", "m3", "m2", "m1"]
    assert [c.rating.matches for c in changes] == [5, 4, 3, 2, 1]
    assert changes[0].rating == rating
    sigmas = [c.rating.sigma for c in changes]
    assert sigmas == sorted(sigmas)  # newest first: the least uncertain first
    # Ratings are public: nobody signed in reads a named player's, not "their own".
    public = read(
        database_url, lambda h: h.ratings(None, ppb.GetRatingsRequest(player_id=ada.player_id))
    )
    assert (public.player.display_name, public.ratings[0].matches) == ("Ada", 5)
    request = ppb.GetRatingHistoryRequest(player_id=bob.player_id, title_id=TITLE)
    assert len(read(database_url, lambda h: h.rating_history(None, request)).changes) == 5
    with pytest.raises(NotAuthenticated, match="sign in"):
        read(database_url, lambda h: h.ratings(None, ppb.GetRatingsRequest()))


def test_rating_history_lists_changes_in_the_order_they_were_applied_not_by_the_end(
    database_url,
):
    """The archiver rates matches as it archives them, which after an outage or with several
    archivers is not the order they ended in: the history is the order the ratings were
    applied in, each change's count of matches one less than the change before it in the
    list, and its newest change is the rating itself."""
    ada, bob = person("ada"), person("bob")
    # Archived in this order; they ended at minutes 5, 1, 9, 3.
    ended = {"late": 5, "early": 1, "latest": 9, "middle": 3}
    store_all(
        database_url,
        [
            archived(at_minute(finished(match_id, [3, 1], [0]), minute), [ada, bob])
            for match_id, minute in ended.items()
        ],
    )

    def page(size: int, token: str):
        request = ppb.GetRatingHistoryRequest(title_id=TITLE, page_size=size, page_token=token)
        return read(database_url, lambda h: h.rating_history(signed_in("ada"), request))

    pages = all_pages(page, "changes", 3)
    changes = [c for p in pages for c in p]
    assert [c.match_id for c in changes] == ["middle", "latest", "early", "late"]
    assert [c.rating.matches for c in changes] == [4, 3, 2, 1]
    # Each win made Ada surer and rated higher than the one applied before it.
    assert [c.rating.sigma for c in changes] == sorted(c.rating.sigma for c in changes)
    assert [c.rating.mu for c in changes] == sorted((c.rating.mu for c in changes), reverse=True)
    # The times are the matches' ends: not the list's order.
    ends = [c.rating.updated_unix_ms for c in changes]
    assert ends == [1_700_000_000_000 + ended[c.match_id] * 60_000 for c in changes]
    assert ends != sorted(ends, reverse=True)
    mine = read(database_url, lambda h: h.ratings(signed_in("ada"), ppb.GetRatingsRequest()))
    assert changes[0].rating == mine.ratings[0]


REFUSED = {
    "a page token that is not one": (
        "finished_matches",
        ppb.ListFinishedMatchesRequest(page_token="not a token!"),
        "page_token is not a page token",
    ),
    "a token of another list": (
        "finished_matches",
        ppb.ListFinishedMatchesRequest(page_token=LEADERBOARD.make({"title_id": TITLE}, [])),
        "not a page token of ListFinishedMatches",
    ),
    "a token for another filter": (
        "finished_matches",
        ppb.ListFinishedMatchesRequest(
            title_id="mosaic", page_token=FINISHED.make({"title_id": ""}, [1, "m1"])
        ),
        "another query",
    ),
    "a token whose cursor is damaged": (
        "finished_matches",
        ppb.ListFinishedMatchesRequest(page_token=FINISHED.make({"title_id": ""}, ["x", 1])),
        "not a page token of ListFinishedMatches",
    ),
    "a token too long to be one": (
        "finished_matches",
        ppb.ListFinishedMatchesRequest(page_token="W" * 5000),
        "too long",
    ),
    "a token whose rating is not a number": (
        "leaderboard",
        ppb.GetLeaderboardRequest(
            title_id=TITLE,
            page_token=LEADERBOARD.make(
                {"title_id": TITLE, "include_provisional": False}, [float("nan"), pid(1), 1, 1]
            ),
        ),
        "not a page token of GetLeaderboard",
    ),
    "a negative page size": (
        "finished_matches",
        ppb.ListFinishedMatchesRequest(page_size=-1),
        "page_size must be from 1 to 100",
    ),
    "too large a page": (
        "leaderboard",
        ppb.GetLeaderboardRequest(title_id=TITLE, page_size=201),
        "page_size must be from 1 to 200",
    ),
    "an unknown title": (
        "leaderboard",
        ppb.GetLeaderboardRequest(title_id="chess"),
        "Unknown title 'chess'; served: galileo, mosaic",
    ),
    "no title": ("rating_history", ppb.GetRatingHistoryRequest(), "title_id is required"),
    "a rating history token of the list by the matches' ends": (
        "rating_history",
        ppb.GetRatingHistoryRequest(
            title_id=TITLE,
            page_token=HISTORY.make(
                {"player_id": person("ada").player_id, "title_id": TITLE},
                [1_700_000_120_000_000, "m2"],
            ),
        ),
        "send no page_token to start again",
    ),
    "a malformed player id": (
        "ratings",
        ppb.GetRatingsRequest(player_id="ada"),
        "'ada' is not a player id",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_bad_requests_for_a_players_pages_are_refused_with_the_reason(database_url, case):
    method, request, reason = REFUSED[case]

    async def call(h: PlayerPages):
        if method == "leaderboard":
            return await h.leaderboard(request)
        return await getattr(h, method)(signed_in("ada"), request)

    with pytest.raises(InvalidRequest) as refused:
        read(database_url, call)
    assert reason in refused.value.reason


def test_made_up_requests_for_a_players_pages_are_answered_or_refused_never_failed(database_url):
    """Requests made from mutations of real ones (page tokens bit-flipped, cut, re-encoded with
    odd cursors; odd sizes, titles and ids): each is answered or refused INVALID_ARGUMENT,
    never an error of the database or of Python."""
    ada, bob = person("ada"), person("bob")
    store_all(
        database_url,
        [archived(at_minute(finished(f"m{i}", [3, 1], [0]), i), [ada, bob]) for i in range(4)],
    )
    rng = random.Random(20261202)
    oddities = [
        -1, 0, 2**31 - 1, 2**53, 10**30, 1.5, float("inf"), "", "\x00", "é" * 70, None, [], {},
        True, "m1", pid(1),
    ]  # fmt: skip
    real = {
        "finished_matches": FINISHED.make({"title_id": ""}, [1_700_000_120_000_000, "m2"]),
        "rating_history": HISTORY.make(
            {"player_id": ada.player_id, "title_id": TITLE, "order": "applied"}, [2, "m2"]
        ),
        "leaderboard": LEADERBOARD.make(
            {"title_id": TITLE, "include_provisional": True}, [-1.5, pid(1), 1, 1]
        ),
    }

    def token(method: str) -> str:
        kind = rng.randrange(4)
        if kind == 0:  # bytes changed
            raw = bytearray(real[method].encode())
            raw[rng.randrange(len(raw))] = rng.randrange(32, 127)
            return raw.decode()
        if kind == 1:  # cut
            return real[method][: rng.randrange(len(real[method]))]
        body = json.loads(base64.urlsafe_b64decode(real[method] + "=="))
        if kind == 2:  # an odd cursor value
            body["cursor"][rng.randrange(len(body["cursor"]))] = rng.choice(oddities)
        else:  # an odd query value
            key = rng.choice(sorted(body["query"]))
            body["query"][key] = rng.choice(oddities)
        return base64.urlsafe_b64encode(json.dumps(body).encode()).decode()

    def request(method: str):
        size = rng.choice([0, 1, 2, -1, 10**6, 2**31 - 1, -(2**31)])
        title = rng.choice([TITLE, "", "mosaic", "chess", "\x00", "é" * 70])
        fields = {"page_size": size, "page_token": token(method) if rng.random() < 0.8 else ""}
        if method == "finished_matches":
            return ppb.ListFinishedMatchesRequest(title_id=title, **fields)
        if method == "leaderboard":
            return ppb.GetLeaderboardRequest(
                title_id=title, include_provisional=rng.random() < 0.5, **fields
            )
        player = rng.choice(["", ada.player_id, pid(9), "ada", "p-" + "\x00" * 32])
        return ppb.GetRatingHistoryRequest(player_id=player, title_id=title, **fields)

    cases = [(method, request(method)) for method in sorted(real) * 100]

    async def call_all(h: PlayerPages):
        outcomes = Counter()
        for method, sent in cases:
            try:
                if method == "leaderboard":
                    await h.leaderboard(sent)
                else:
                    await getattr(h, method)(signed_in("ada"), sent)
                outcomes["answered"] += 1
            except InvalidRequest as refused:
                assert refused.reason and len(refused.reason) < 300, refused.reason
                outcomes[type(refused).__name__] += 1
        return outcomes

    outcomes = read(database_url, call_all)
    assert sum(outcomes.values()) == len(cases)
    assert outcomes["answered"] and outcomes["InvalidRequest"]


def test_a_player_the_archive_does_not_know_yet_has_no_ratings(database_url):
    # The portal asks for the rating of every seat it shows, first matches and bot levels not
    # yet archived included: an answer, never NOT_FOUND.
    ratings = read(
        database_url,
        lambda h: h.ratings(signed_in("ada"), ppb.GetRatingsRequest(player_id=pid(7))),
    )
    assert (ratings.player.player_id, list(ratings.ratings)) == (pid(7), [])
    history = read(
        database_url,
        lambda h: h.rating_history(
            signed_in("ada"), ppb.GetRatingHistoryRequest(player_id=pid(7), title_id="galileo")
        ),
    )
    assert list(history.changes) == []
