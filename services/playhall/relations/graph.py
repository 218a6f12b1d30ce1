"""Who follows whom and who blocked whom, in the archive's PostgreSQL (`follows`, `blocks`:
migration 0008).

Two players who follow each other are friends. A block stands between two players both ways:
neither follows, challenges or chats to the other, neither sees the other's presence, and
matchmaking and Swiss pairings keep them apart (`blocked_pairs`). Blocking deletes the follows
between them; a follow and a block of one pair take the pair's advisory lock, so a follow racing
a block never survives it.

A player is known (may be followed, blocked, challenged) once their row is in `players`: the
archiver writes it for a match's seats, `make_known` for a player who signs in to a social
service or PlayerService. Every refusal is raised before anything is written."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Collection
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from playhall.accounts.tokens import Player
from playhall.archive.archive import PlayerKey, upsert_players
from playhall.common.errors import Blocked, InvalidRequest, NoSuchPlayer, NotNow

MAX_FOLLOWING = 1000
"""The most players one player may follow (a cap, so that lists stay short to read)."""
MAX_BLOCKED = 1000
"""The most players one player may block (matchmaking reads a queue's blocks at every pass)."""
PAGE_MAX = 200
"""The most players one page of a list holds."""

IS_BOT_ACCOUNT = "EXISTS (SELECT 1 FROM bot_accounts b WHERE b.player_id = p.id)"
"""Whether the listed player `p` is a bot account (migration 0012: `access.bots`)."""
FOLLOWING = f"""
    SELECT p.id, p.display_name, {IS_BOT_ACCOUNT}
    FROM follows f JOIN players p ON p.id = f.followed_id
    WHERE f.follower_id = %(player)s
"""
FOLLOWERS = f"""
    SELECT p.id, p.display_name, {IS_BOT_ACCOUNT}
    FROM follows f JOIN players p ON p.id = f.follower_id
    WHERE f.followed_id = %(player)s
"""
FRIENDS = f"""
    SELECT p.id, p.display_name, {IS_BOT_ACCOUNT} FROM follows f
    JOIN follows back ON back.follower_id = f.followed_id AND back.followed_id = f.follower_id
    JOIN players p ON p.id = f.followed_id
    WHERE f.follower_id = %(player)s
"""
BLOCKED = f"""
    SELECT p.id, p.display_name, {IS_BOT_ACCOUNT}
    FROM blocks b JOIN players p ON p.id = b.blocked_id
    WHERE b.blocker_id = %(player)s
"""
"""The lists a player has, each as (id, display_name, bot account) rows of `player`'s."""


@dataclass(frozen=True)
class Person:
    """A player in a list: their id, the name they last showed, and whether they are a bot
    account."""

    player_id: str
    display_name: str
    bot: bool = False


@dataclass(frozen=True)
class Page:
    """One page of a list, by display name; `next_after` starts the next ('' at the end)."""

    people: list[Person]
    next_after: str


@dataclass(frozen=True)
class Relation:
    """What one player (the viewer) is to another."""

    following: bool = False
    """The viewer follows them."""
    followed_by: bool = False
    """They follow the viewer."""
    blocking: bool = False
    """The viewer blocked them."""
    blocked_by: bool = False
    """They blocked the viewer."""

    @property
    def friends(self) -> bool:
        return self.following and self.followed_by

    @property
    def blocked(self) -> bool:
        """A block stands between them, either way."""
        return self.blocking or self.blocked_by


class Relations:
    """Follows and blocks on the archive's connection pool."""

    def __init__(
        self,
        pool: AsyncConnectionPool,
        max_following: int = MAX_FOLLOWING,
        max_blocked: int = MAX_BLOCKED,
    ):
        self.pool = pool
        self.max_following = max_following
        self.max_blocked = max_blocked

    async def make_known(self, player: Player) -> None:
        """Makes a signed-in player known to others (idempotent; keeps their latest name)."""
        key = PlayerKey(
            player.player_id, "person", player.display_name, player.issuer, player.subject
        )
        async with self.pool.connection() as connection:
            await upsert_players(connection, [key])

    async def require_player(self, player_id: str) -> None:
        """Refuses (NoSuchPlayer) an id nobody has signed in or been archived under."""
        async with self.pool.connection() as connection:
            await _require(connection, player_id)

    async def blocked_between(self, a: str, b: str) -> bool:
        """Whether either player blocked the other."""
        async with self.pool.connection() as connection:
            return (await _relation(connection, a, b)).blocked

    async def blocked_pairs(self, players: Collection[str]) -> set[frozenset[str]]:
        """Every pair of `players` of whom one blocked the other."""
        if len(players) < 2:
            return set()
        ids = list(players)
        async with self.pool.connection() as connection:
            rows = await connection.execute(
                "SELECT blocker_id, blocked_id FROM blocks "
                "WHERE blocker_id = ANY(%s) AND blocked_id = ANY(%s)",
                (ids, ids),
            )
            return {frozenset(row) for row in await rows.fetchall()}

    async def blocked_with(self, player: str, others: Collection[str]) -> set[str]:
        """Those of `others` whom `player` blocked or who blocked `player`."""
        if not others:
            return set()
        async with self.pool.connection() as connection:
            rows = await connection.execute(
                """
                SELECT blocked_id FROM blocks WHERE blocker_id = %(p)s AND blocked_id = ANY(%(o)s)
                UNION
                SELECT blocker_id FROM blocks WHERE blocked_id = %(p)s AND blocker_id = ANY(%(o)s)
                """,
                {"p": player, "o": list(others)},
            )
            return {row[0] for row in await rows.fetchall()}

    async def relation(self, viewer: str, other: str) -> Relation:
        """What `viewer` is to `other` (refused for an unknown `other`)."""
        async with self.pool.connection() as connection:
            await _require(connection, other)
            return await _relation(connection, viewer, other)

    async def follow(self, follower: str, followed: str) -> bool:
        """`follower` follows `followed` (again: nothing changes); whether the follow is new.
        Refused for oneself, an unknown player, a block either way, and past
        `max_following`."""
        refuse_self(follower, followed, "follow")
        async with self._pair(follower, followed) as connection:
            await _require(connection, followed)
            relation = await _relation(connection, follower, followed)
            if relation.blocking:
                raise Blocked("friend-follow-blocking")
            if relation.blocked_by:
                raise Blocked("friend-follow-blocked-by")
            if relation.following:
                return False
            if await _count(connection, "follows", "follower_id", follower) >= self.max_following:
                raise NotNow("friend-following-most", most=self.max_following)
            await connection.execute(
                "INSERT INTO follows (follower_id, followed_id) VALUES (%s, %s)",
                (follower, followed),
            )
            return True

    async def unfollow(self, follower: str, followed: str) -> None:
        """`follower` no longer follows `followed` (nothing changes if they did not)."""
        refuse_self(follower, followed, "unfollow")
        async with self.pool.connection() as connection:
            await _require(connection, followed)
            await connection.execute(
                "DELETE FROM follows WHERE follower_id = %s AND followed_id = %s",
                (follower, followed),
            )

    async def block(self, blocker: str, blocked: str) -> bool:
        """`blocker` blocks `blocked` (again: nothing changes), and the follows between them
        end both ways; whether the block is new. Refused for oneself, an unknown player and
        past `max_blocked`."""
        refuse_self(blocker, blocked, "block")
        async with self._pair(blocker, blocked) as connection:
            await _require(connection, blocked)
            if (await _relation(connection, blocker, blocked)).blocking:
                return False
            if await _count(connection, "blocks", "blocker_id", blocker) >= self.max_blocked:
                raise NotNow("friend-blocked-most", most=self.max_blocked)
            await connection.execute(
                "INSERT INTO blocks (blocker_id, blocked_id) VALUES (%s, %s)", (blocker, blocked)
            )
            await connection.execute(
                "DELETE FROM follows WHERE (follower_id, followed_id) IN ((%s, %s), (%s, %s))",
                (blocker, blocked, blocked, blocker),
            )
            return True

    async def unblock(self, blocker: str, blocked: str) -> None:
        """`blocker` lifts their block of `blocked` (nothing changes if there was none; a
        block the other way stands)."""
        refuse_self(blocker, blocked, "unblock")
        async with self.pool.connection() as connection:
            await _require(connection, blocked)
            await connection.execute(
                "DELETE FROM blocks WHERE blocker_id = %s AND blocked_id = %s", (blocker, blocked)
            )

    async def following(self, player: str, limit: int, after: str = "") -> Page:
        return await self._page(FOLLOWING, player, limit, after)

    async def followers(self, player: str, limit: int, after: str = "") -> Page:
        return await self._page(FOLLOWERS, player, limit, after)

    async def friends(self, player: str, limit: int, after: str = "") -> Page:
        return await self._page(FRIENDS, player, limit, after)

    async def blocked(self, player: str, limit: int, after: str = "") -> Page:
        return await self._page(BLOCKED, player, limit, after)

    async def _page(self, listing: str, player: str, limit: int, after: str) -> Page:
        """A page of `listing` by display name (then id), after the player `after` (a player
        id, '' for the first page); `limit` is clamped to 1..PAGE_MAX."""
        limit = min(max(limit, 1), PAGE_MAX)
        query = f"""
            {listing}
            AND (%(after)s = '' OR (lower(p.display_name), p.id) >
                (SELECT lower(display_name), id FROM players WHERE id = %(after)s))
            ORDER BY lower(p.display_name), p.id LIMIT %(limit)s
        """
        async with self.pool.connection() as connection:
            rows = await connection.execute(
                query,
                {"player": player, "after": after, "limit": limit + 1},
            )
            people = [Person(*row) for row in await rows.fetchall()]
        more = len(people) > limit
        people = people[:limit]
        return Page(people, people[-1].player_id if more else "")

    @contextlib.asynccontextmanager
    async def _pair(self, a: str, b: str) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """A transaction holding the pair's advisory lock: follows and blocks of one pair
        happen one after another."""
        pair = "\n".join(sorted((a, b)))
        async with self.pool.connection() as connection, connection.transaction():
            await connection.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended('relations:' || %s, 0))", (pair,)
            )
            yield connection


def refuse_self(player: str, other: str, action: str) -> None:
    """Refuses a change (`action`: follow, unfollow, block, unblock) of a player's relation to
    themselves ("You cannot follow yourself")."""
    if player == other:
        raise InvalidRequest("friend-self", action=action)


async def _require(connection: psycopg.AsyncConnection[Any], player_id: str) -> None:
    rows = await connection.execute("SELECT 1 FROM players WHERE id = %s", (player_id,))
    if await rows.fetchone() is None:
        raise NoSuchPlayer(player_id)


async def _relation(connection: psycopg.AsyncConnection[Any], viewer: str, other: str) -> Relation:
    rows = await connection.execute(
        """
        SELECT
            EXISTS (SELECT 1 FROM follows WHERE follower_id = %(v)s AND followed_id = %(o)s),
            EXISTS (SELECT 1 FROM follows WHERE follower_id = %(o)s AND followed_id = %(v)s),
            EXISTS (SELECT 1 FROM blocks WHERE blocker_id = %(v)s AND blocked_id = %(o)s),
            EXISTS (SELECT 1 FROM blocks WHERE blocker_id = %(o)s AND blocked_id = %(v)s)
        """,
        {"v": viewer, "o": other},
    )
    row = await rows.fetchone()
    assert row is not None
    return Relation(*row)


async def _count(
    connection: psycopg.AsyncConnection[Any], table: str, column: str, player: str
) -> int:
    rows = await connection.execute(
        f"SELECT count(*) FROM {table} WHERE {column} = %s",
        (player,),
    )
    row = await rows.fetchone()
    assert row is not None
    return int(row[0])
