"""Personal access tokens in the archive's PostgreSQL (`access_tokens`: migration 0012).

A token's secret is `playhall.` and 43 characters of `secrets.token_urlsafe`: exactly one dot,
so its form alone tells it from a seat token (no dot) and from a JWT (two dots); it is never
tried as one or the other (`matches.identity`). Only its SHA-256 hash is stored, and the secret
is shown once, when made.

Each call with a token reads its row (one indexed lookup), so a revoked token is refused by
every replica from the moment RevokeAccessToken answers: nothing is cached. When it was last
used is written at most once a minute per token. Every refusal is raised before anything is
written."""

from __future__ import annotations

import contextvars
import datetime
import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from psycopg_pool import AsyncConnectionPool

from playhall.access.scopes import Scope, UnknownScope, parse
from playhall.accounts.tokens import Player
from playhall.archive.archive import PlayerKey, reaching_archive, upsert_players
from playhall.common.errors import InvalidRequest, NoSuchToken, NotAuthenticated, NotNow

SECRET_PREFIX = "playhall."
SHOWN_PREFIX = len(SECRET_PREFIX) + 4
"""How much of a secret is kept in the clear, to tell a player's tokens apart."""
MAX_NAME = 60
MAX_TOKENS = 20
"""The most live (not revoked, not expired) tokens one player may hold."""
MAX_EXPIRY_DAYS = 365
TOUCH_EVERY = datetime.timedelta(minutes=1)
"""How stale `last_used_at` may get: written at most this often per token."""


def looks_like_access_token(token: str) -> bool:
    """Whether a bearer token has a personal access token's form (one dot, after `playhall`)."""
    return token.startswith(SECRET_PREFIX) and token.count(".") == 1


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class AccessToken:
    """A token as its owner sees it: never its secret."""

    token_id: str
    name: str
    scopes: frozenset[Scope]
    prefix: str
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None
    expires_at: datetime.datetime | None


@dataclass(frozen=True)
class Grant:
    """A token accepted for a call: whose it is and what it may do."""

    token_hash: str
    token_id: str
    player: Player
    scopes: frozenset[Scope]


ADMITTED: contextvars.ContextVar[Grant | None] = contextvars.ContextVar("admitted", default=None)
"""The token the server's access gate accepted for the call being served (None: none was):
set before the handler runs, read where the caller is identified (`matches.identity`), so a
token is looked up once per call."""


class AccessTokens:
    """Personal access tokens on the archive's connection pool."""

    def __init__(self, pool: AsyncConnectionPool, max_tokens: int = MAX_TOKENS):
        self.pool = pool
        self.max_tokens = max_tokens

    async def create(
        self, player: Player, name: str, scope_names: list[str], expires_in_days: int
    ) -> tuple[AccessToken, str]:
        """A new token of `player` and its secret (the only time it is returned)."""
        name = checked_name(name)
        scopes = checked_scopes(scope_names)
        expires_at = expiry(expires_in_days)
        secret = SECRET_PREFIX + secrets.token_urlsafe(32)
        token_id = "t-" + secrets.token_hex(8)
        with reaching_archive():
            async with self.pool.connection() as connection, connection.transaction():
                await upsert_players(connection, [person(player)])
                await self._check_room(connection, player.player_id)
                created = await connection.execute(
                    """
                    INSERT INTO access_tokens
                        (token_id, player_id, name, secret_sha256, prefix, scopes, expires_at)
                    VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING created_at
                    """,
                    (
                        token_id,
                        player.player_id,
                        name,
                        secret_hash(secret),
                        secret[:SHOWN_PREFIX],
                        sorted(scope.value for scope in scopes),
                        expires_at,
                    ),
                )
                row = await created.fetchone()
        assert row is not None  # INSERT ... RETURNING returns its row
        token = AccessToken(token_id, name, scopes, secret[:SHOWN_PREFIX], row[0], None, expires_at)
        return token, secret

    async def _check_room(self, connection: Any, player_id: str) -> None:
        """Refuses a token past the most a player may hold; the player's row is locked first,
        so that two creations at once cannot both take the last place."""
        await connection.execute("SELECT 1 FROM players WHERE id = %s FOR UPDATE", (player_id,))
        counted = await connection.execute(
            """
            SELECT count(*) FROM access_tokens WHERE player_id = %s AND revoked_at IS NULL
                AND (expires_at IS NULL OR expires_at > now())
            """,
            (player_id,),
        )
        row = await counted.fetchone()
        if row is not None and row[0] >= self.max_tokens:
            raise NotNow("token-most-held", held=row[0])

    async def list(self, player_id: str) -> list[AccessToken]:
        """The player's tokens not revoked, newest first."""
        with reaching_archive():
            async with self.pool.connection() as connection:
                rows = await connection.execute(
                    """
                    SELECT token_id, name, scopes, prefix, created_at, last_used_at, expires_at
                    FROM access_tokens WHERE player_id = %s AND revoked_at IS NULL
                    ORDER BY created_at DESC, token_id
                    """,
                    (player_id,),
                )
                return [
                    AccessToken(token_id, name, parse(scopes), prefix, created, used, expires)
                    for token_id, name, scopes, prefix, created, used, expires in (
                        await rows.fetchall()
                    )
                ]

    async def revoke(self, player_id: str, token_id: str) -> None:
        """Revokes one of the player's tokens (a revoked one stays revoked, unchanged);
        NoSuchMatch's kind of refusal for a token that is not theirs."""
        if not token_id.startswith("t-") or len(token_id) > 40:
            raise InvalidRequest("token-id-form", token=token_id[:40])
        with reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(
                    """
                    UPDATE access_tokens SET revoked_at = coalesce(revoked_at, now())
                    WHERE token_id = %s AND player_id = %s RETURNING token_id
                    """,
                    (token_id, player_id),
                )
                if await found.fetchone() is None:
                    raise NoSuchToken(token_id)

    async def verify(self, secret: str) -> Grant:
        """The grant of a presented secret; NotAuthenticated, with the reason, for one that is
        unknown, revoked or expired."""
        digest = secret_hash(secret)
        with reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(
                    """
                    SELECT t.token_id, t.scopes, t.revoked_at, t.expires_at <= now(),
                        t.last_used_at IS NULL OR t.last_used_at < now() - %s,
                        p.id, p.display_name, coalesce(p.issuer, ''), coalesce(p.subject, '')
                    FROM access_tokens t JOIN players p ON p.id = t.player_id
                    WHERE t.secret_sha256 = %s
                    """,
                    (TOUCH_EVERY, digest),
                )
                row = await found.fetchone()
                if row is None:
                    raise NotAuthenticated("token-unknown")
                token_id, scopes, revoked_at, expired, stale, *who = row
                if revoked_at is not None:
                    raise NotAuthenticated("token-revoked")
                if expired:
                    raise NotAuthenticated("token-expired")
                if stale:
                    await connection.execute(
                        "UPDATE access_tokens SET last_used_at = now() WHERE token_id = %s",
                        (token_id,),
                    )
        return Grant(digest, token_id, Player(*who), parse(scopes))


def person(player: Player) -> PlayerKey:
    return PlayerKey(player.player_id, "person", player.display_name, player.issuer, player.subject)


def checked_name(name: str) -> str:
    """A token's name, trimmed: 1 to MAX_NAME characters, none of them a control character."""
    name = name.strip()
    if not name or len(name) > MAX_NAME:
        raise InvalidRequest("token-name-length", most=MAX_NAME)
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise InvalidRequest("token-name-control")
    return name


def checked_scopes(names: list[str]) -> frozenset[Scope]:
    try:
        scopes = parse(names)
    except UnknownScope as unknown:
        known = ", ".join(scope.value for scope in Scope)
        raise InvalidRequest("token-scope-unknown", scope=str(unknown)[:40], known=known) from None
    if not scopes:
        raise InvalidRequest("token-scope-none")
    return scopes


def expiry(days: int) -> datetime.datetime | None:
    """When a token made now for `days` expires (None for 0: never)."""
    if not 0 <= days <= MAX_EXPIRY_DAYS:
        raise InvalidRequest("token-expiry-range", most=MAX_EXPIRY_DAYS)
    if days == 0:
        return None
    return datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=days)
