"""Bot accounts in the archive's PostgreSQL (`bot_accounts`: migration 0012).

A player upgrades their own account to a bot account, for good, and only while it has never
been rated (`ratings`): a bot account is rated in a pool apart from people (the archive's
`Archive._rate`), and a rated history made as a person would carry over. The upgrade locks the
player's row, as the archiver does when it writes a match's players, so a match being rated at
that moment is either seen (the upgrade refused) or rated with the account as a bot already.

Bots online are the bot accounts with presence (`relations.presence`), by name."""

from __future__ import annotations

import base64
import binascii
import datetime
import json
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass

from psycopg_pool import AsyncConnectionPool

from playhall.access.tokens import person
from playhall.accounts.tokens import Player
from playhall.archive.archive import reaching_archive, upsert_players
from playhall.common.errors import InvalidRequest, NotNow

PAGE_DEFAULT, PAGE_MAX = 50, 200
OnlineAmong = Callable[[list[str]], Awaitable[set[str]]]
"""Those of some players online now (`relations.presence.Presence.online`, beside this room)."""
SCAN_BATCH = 500
"""How many bot accounts one read of the online list looks at (most may be offline)."""


@dataclass(frozen=True)
class OnlineBot:
    player_id: str
    display_name: str
    upgraded_at: datetime.datetime


@dataclass(frozen=True)
class BotPage:
    bots: list[OnlineBot]
    next_page_token: str


class BotAccounts:
    """Bot accounts on the archive's connection pool."""

    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def upgrade(self, player: Player) -> datetime.datetime:
        """Makes the player's account a bot account (again: nothing changes) and says since
        when it is one; NotNow once the account has been rated."""
        with reaching_archive():
            async with self.pool.connection() as connection, connection.transaction():
                await upsert_players(connection, [person(player)])
                await connection.execute(
                    "SELECT 1 FROM players WHERE id = %s FOR UPDATE", (player.player_id,)
                )
                already = await connection.execute(
                    "SELECT upgraded_at FROM bot_accounts WHERE player_id = %s",
                    (player.player_id,),
                )
                row = await already.fetchone()
                if row is not None:
                    upgraded_at: datetime.datetime = row[0]
                    return upgraded_at
                rated = await connection.execute(
                    "SELECT title_id FROM ratings WHERE player_id = %s AND games > 0 LIMIT 1",
                    (player.player_id,),
                )
                title = await rated.fetchone()
                if title is not None:
                    raise NotNow("bot-account-rated", title=title[0])
                upgraded = await connection.execute(
                    "INSERT INTO bot_accounts (player_id) VALUES (%s) RETURNING upgraded_at",
                    (player.player_id,),
                )
                made = await upgraded.fetchone()
        assert made is not None  # INSERT ... RETURNING returns its row
        upgraded_at = made[0]
        return upgraded_at

    async def bots_among(self, player_ids: Collection[str]) -> set[str]:
        """Those of `player_ids` that are bot accounts."""
        if not player_ids:
            return set()
        with reaching_archive():
            async with self.pool.connection() as connection:
                rows = await connection.execute(
                    "SELECT player_id FROM bot_accounts WHERE player_id = ANY(%s)",
                    (list(player_ids),),
                )
                return {row[0] for row in await rows.fetchall()}

    async def online(self, online_among: OnlineAmong, page_size: int, page_token: str) -> BotPage:
        """A page of the bot accounts online, by name, after `page_token`'s place."""
        size = page_size or PAGE_DEFAULT
        if not 0 < size <= PAGE_MAX:
            raise InvalidRequest("bot-page-size", most=PAGE_MAX)
        after = decode_page_token(page_token)
        found: list[OnlineBot] = []
        # One more than the page, to know whether another page follows.
        while len(found) <= size:
            batch = await self._after(after, SCAN_BATCH)
            online = await online_among([bot.player_id for bot in batch])
            found.extend(bot for bot in batch if bot.player_id in online)
            if len(batch) < SCAN_BATCH:
                break
            after = (batch[-1].display_name, batch[-1].player_id)
        page = found[:size]
        return BotPage(page, encode_page_token(page[-1]) if len(found) > size else "")

    async def _after(self, after: tuple[str, str], limit: int) -> list[OnlineBot]:
        with reaching_archive():
            async with self.pool.connection() as connection:
                rows = await connection.execute(
                    """
                    SELECT p.id, p.display_name, b.upgraded_at
                    FROM bot_accounts b JOIN players p ON p.id = b.player_id
                    WHERE (p.display_name, p.id) > (%s, %s)
                    ORDER BY p.display_name, p.id LIMIT %s
                    """,
                    (*after, limit),
                )
                return [OnlineBot(*row) for row in await rows.fetchall()]


def encode_page_token(last: OnlineBot) -> str:
    place = json.dumps([last.display_name, last.player_id]).encode()
    return base64.urlsafe_b64encode(place).decode()


def decode_page_token(token: str) -> tuple[str, str]:
    """The (name, id) a page token starts after; the start for an empty token."""
    if not token:
        return ("", "")
    try:
        name, player_id = json.loads(base64.urlsafe_b64decode(token.encode()))
    except (binascii.Error, ValueError, TypeError):
        raise InvalidRequest("bot-page-token") from None
    if not isinstance(name, str) or not isinstance(player_id, str):
        raise InvalidRequest("bot-page-token")
    return (name, player_id)
