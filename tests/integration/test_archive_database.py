"""The archive in a real PostgreSQL (the session's embedded server, a fresh database per test):
its migrations, a match written once with its seats and history, and ratings equal to what
OpenSkill computes for hand-made results.

The ranks each case expects are written out by hand (from the rules in `players.ratings`:
winners share first place, the rest by score, seats that left last), and the expected ratings
come from `openskill` itself, never from the code under test."""

from __future__ import annotations

import asyncio
import hashlib
import os
import subprocess
import sys

import psycopg
import pytest
from openskill.models import PlackettLuce

from playhall.match.v1 import match_service_pb2 as mpb
from playhall.orchestrator.store import Match
from playhall.players import database
from playhall.players.archive import Archive, ArchivedMatch, PlayerKey, bot_player
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2 as spb
from tests.helpers import wait_until

TITLE = "galileo"
OPENSKILL = PlackettLuce()


def person(name: str) -> PlayerKey:
    return PlayerKey("https://id.example", name, "person", name.capitalize())


def finished(
    match_id: str,
    scores: list[int],
    winners: list[int],
    resigned: tuple[int, ...] = (),
    end_reason: int = mpb.END_REASON_GAME_OVER,
) -> Match:
    """A finished match of len(scores) person seats, as the orchestrator holds it."""
    seats = [
        mpb.SeatInfo(seat=s, kind=mpb.SEAT_KIND_HUMAN, display_name=f"P{s}", resigned=s in resigned)
        for s in range(len(scores))
    ]
    return Match(
        match_id=match_id,
        version=len(scores) + 1,
        title_id=TITLE,
        rules_version="galileo-1",
        setup=mpb.Replay(players=len(scores), seed=match_id.encode() * 2),
        seed_sha256=hashlib.sha256(match_id.encode() * 2).digest(),
        clock=mpb.Clock(),
        seats=seats,
        token_hashes={s: f"hash{s}" for s in range(len(scores))},
        step=3,
        step_version=2,
        status=rpb.GameStatus(finished=True, scores=scores, winners=winners),
        phase=mpb.MATCH_PHASE_FINISHED,
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
            """
            SELECT p.issuer, p.subject, r.mu, r.sigma, r.games
            FROM ratings r JOIN players p ON p.id = r.player_id WHERE r.title_id = %s
            """,
            (TITLE,),
        ).fetchall()
    found = {(issuer, subject): (mu, sigma, games) for issuer, subject, mu, sigma, games in rows}
    return {p: found[(p.issuer, p.subject)] for p in players if (p.issuer, p.subject) in found}


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
                [sys.executable, "-m", "playhall.players.migrate"],
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
    database.migrate(empty_database)
    assert database.current_revision(empty_database) == "0002"
    with psycopg.connect(empty_database) as connection:
        row = connection.execute(
            "SELECT mu, sigma, games, ordinal FROM ratings WHERE player_id = %s", (player,)
        ).fetchone()
        indexes = connection.execute(
            "SELECT count(*) FROM pg_indexes WHERE indexname = 'ratings_leaderboard'"
        ).fetchone()[0]
    assert row == (30.0, 4.0, 7, pytest.approx(18.0))
    assert indexes == 1


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
    for seat, level in enumerate([mpb.BOT_LEVEL_EASY, mpb.BOT_LEVEL_HARD]):
        match.seats[seat].kind = mpb.SEAT_KIND_BOT
        match.seats[seat].bot_level = level
    match.token_hashes = {}
    again = finished("m2", [1, 6], [1])
    again.seats, again.token_hashes = match.seats, {}
    store_all(
        database_url,
        [ArchivedMatch.of(m, None, history(2)) for m in (match, again)],
    )
    easy, hard = bot_player(TITLE, mpb.BOT_LEVEL_EASY), bot_player(TITLE, mpb.BOT_LEVEL_HARD)
    found = ratings_of(database_url, [easy, hard])
    assert found[easy][2] == found[hard][2] == 2
    assert found[hard][0] > found[easy][0]
    assert count(database_url, "SELECT count(*) FROM players WHERE kind = 'bot'") == 2


def test_a_player_in_several_seats_is_rated_once_by_their_best_place(database_url):
    ada, bob = person("ada"), person("bob")
    store_all(database_url, [archived(finished("m1", [1, 5, 3], [1]), [ada, ada, bob])])
    won, lost = expected([1, 2])
    found = ratings_of(database_url, [ada, bob])
    assert found[ada] == (pytest.approx(won[0], abs=1e-9), pytest.approx(won[1], abs=1e-9), 1)
    assert found[bob] == (pytest.approx(lost[0], abs=1e-9), pytest.approx(lost[1], abs=1e-9), 1)


def test_unrated_results_leave_every_rating_alone(database_url):
    ada, bob = person("ada"), person("bob")
    abandoned = finished("m1", [3, 1], [], end_reason=mpb.END_REASON_ABANDONED)
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
