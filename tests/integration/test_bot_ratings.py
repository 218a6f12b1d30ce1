"""Bot accounts rated apart, in a real PostgreSQL (a fresh database per test): a match in which a
bot account meets a person rates nobody unless the operator mixes the pools
(PLAYHALL_BOT_RATINGS_MIXED), bot accounts among themselves are rated, and the leaderboards
list people (with bot levels) and bot accounts apart, each bot marked."""

from __future__ import annotations

import asyncio

import psycopg

from playhall.archive import database
from playhall.archive.archive import Archive, ArchivedMatch, PlayerKey, upsert_players
from playhall.archive.pages import PlayerPages
from playhall.players.v1 import player_service_pb2 as ppb
from tests.integration.test_archive_database import TITLE, archived, finished, person


def store(url: str, matches: list[ArchivedMatch], mixed: bool = False) -> list[int | None]:
    """Archives the matches in order; how many players each rated."""

    async def main():
        pool = database.pool(url)
        await pool.open(wait=True)
        try:
            archive = Archive(pool, bot_ratings_mixed=mixed)
            return [await archive.store(match) for match in matches]
        finally:
            await pool.close()

    return asyncio.run(main())


def make_bot_accounts(url: str, *players: PlayerKey) -> None:
    """The players known and upgraded to bot accounts (as `access.bots` leaves them)."""

    async def main():
        async with await psycopg.AsyncConnection.connect(url) as connection:
            await upsert_players(connection, list(players))
            for player in players:
                await connection.execute(
                    "INSERT INTO bot_accounts (player_id) VALUES (%s)", (player.player_id,)
                )

    asyncio.run(main())


def games(url: str, player: PlayerKey) -> int:
    with psycopg.connect(url) as connection:
        row = connection.execute(
            "SELECT games FROM ratings WHERE player_id = %s AND title_id = %s",
            (player.player_id, TITLE),
        ).fetchone()
    return row[0] if row else 0


def leaderboard(url: str, bot_accounts: bool) -> list[tuple[str, bool]]:
    """(name, bot) of each entry of the title's leaderboard, provisional ratings too."""

    async def main():
        pool = database.pool(url)
        await pool.open(wait=True)
        try:
            pages = PlayerPages(Archive(pool), lambda: [TITLE])
            request = ppb.GetLeaderboardRequest(
                title_id=TITLE, include_provisional=True, bot_accounts=bot_accounts
            )
            answer = await pages.leaderboard(request)
            return [(e.player.display_name, e.player.bot) for e in answer.entries]
        finally:
            await pool.close()

    return asyncio.run(main())


def test_a_bot_account_against_a_person_rates_nobody_and_bots_are_rated_among_themselves(
    database_url,
):
    ada, bob = person("ada"), person("bob")
    robo, tron = person("robo"), person("tron")
    make_bot_accounts(database_url, robo, tron)
    rated = store(
        database_url,
        [
            archived(finished("m-mixed", [3, 1], [0]), [ada, robo]),
            archived(finished("m-bots", [3, 1], [0]), [robo, tron]),
            archived(finished("m-people", [3, 1], [0]), [ada, bob]),
        ],
    )
    assert rated == [0, 2, 2]
    assert [games(database_url, p) for p in (ada, bob, robo, tron)] == [1, 1, 1, 1]
    assert sorted(leaderboard(database_url, bot_accounts=False)) == [
        ("Ada", False),
        ("Bob", False),
    ]
    assert sorted(leaderboard(database_url, bot_accounts=True)) == [
        ("Robo", True),
        ("Tron", True),
    ]


def test_the_operator_may_mix_the_pools(database_url):
    ada, robo = person("ada"), person("robo")
    make_bot_accounts(database_url, robo)
    rated = store(database_url, [archived(finished("m-mixed", [3, 1], [0]), [ada, robo])], True)
    assert rated == [2]
    assert (games(database_url, ada), games(database_url, robo)) == (1, 1)
