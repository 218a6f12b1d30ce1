"""Notices in PostgreSQL (revision 0007): players' settings and push subscriptions, the inbox,
what each channel delivered, and the mails a digest holds; through the archive's pool. An
inbox notice keeps its keys and arguments too (revision 0014, `notices.texts`), so each reader
reads it in their language; its English title and body stay for a notice filed before."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from playhall.core.i18n import Argument
from playhall.notifications.preferences import Channel, Preferences

INBOX_PAGE, MAX_INBOX_PAGE = 20, 100


@dataclass(frozen=True)
class InboxNotice:
    """A notice as the inbox keeps it."""

    player_id: str
    key: str
    kind: str
    match_id: str
    title: str
    body: str
    url: str
    id: int = 0
    created_unix_ms: int = 0
    read: bool = False
    title_key: str = ""
    """The title's message key (`compose.Notice`); "" for a notice filed before keys."""
    body_key: str = ""
    args: Mapping[str, Argument] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class PushSubscription:
    endpoint: str
    p256dh: str
    auth: str


@dataclass(frozen=True)
class HeldMail:
    """A notice a player's e-mail digest holds."""

    key: str
    subject: str
    body: str


class NoticeStore:
    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    # -- settings ------------------------------------------------------------------------------

    async def preferences(self, player_id: str) -> Preferences:
        """The player's settings (the defaults for a player who never chose)."""
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT settings FROM notification_settings WHERE player_id = %s", (player_id,)
            )
            row = await cursor.fetchone()
        return Preferences.from_json(row[0]) if row else Preferences()

    async def save_preferences(self, player_id: str, preferences: Preferences) -> None:
        async with self.pool.connection() as connection:
            await connection.execute(
                """
                INSERT INTO notification_settings (player_id, settings) VALUES (%s, %s)
                ON CONFLICT (player_id) DO UPDATE
                SET settings = EXCLUDED.settings, updated_at = now()
                """,
                (player_id, preferences.to_json()),
            )

    async def player_of_token(self, field: str, token: str) -> tuple[str, Preferences] | None:
        """The player whose settings hold `token` in `field` ("email_token_hash" or
        "unsubscribe_token"), with their settings."""
        assert field in ("email_token_hash", "unsubscribe_token")
        if not token:
            return None
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                f"SELECT player_id, settings FROM notification_settings "
                f"WHERE settings->>'{field}' = %s",
                (token,),
            )
            row = await cursor.fetchone()
        return (row[0], Preferences.from_json(row[1])) if row else None

    # -- the inbox -------------------------------------------------------------------------------

    async def add(self, notice: InboxNotice) -> bool:
        """Files the notice in its player's inbox; False when it was there already."""
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                """
                INSERT INTO notices
                    (player_id, notice_key, kind, match_id, title, body, url, texts)
                VALUES (%s, %s, %s, %s, %s, %s, %s, %s)
                ON CONFLICT (player_id, notice_key) DO NOTHING
                RETURNING id
                """,
                (
                    notice.player_id,
                    notice.key,
                    notice.kind,
                    notice.match_id,
                    notice.title,
                    notice.body,
                    notice.url,
                    Jsonb(
                        {
                            "title": notice.title_key,
                            "body": notice.body_key,
                            "args": dict(notice.args),
                        }
                    ),
                ),
            )
            return await cursor.fetchone() is not None

    async def inbox(
        self, player_id: str, limit: int = INBOX_PAGE, before_id: int = 0, unread_only: bool = False
    ) -> list[InboxNotice]:
        limit = INBOX_PAGE if limit <= 0 else min(limit, MAX_INBOX_PAGE)
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                """
                SELECT player_id, notice_key, kind, match_id, title, body, url, id,
                    created_at, read_at IS NOT NULL, texts
                FROM notices
                WHERE player_id = %s AND (%s = 0 OR id < %s)
                    AND (NOT %s OR read_at IS NULL)
                ORDER BY id DESC LIMIT %s
                """,
                (player_id, before_id, before_id, unread_only, limit),
            )
            rows = await cursor.fetchall()
        return [
            InboxNotice(
                player_id=owner,
                key=key,
                kind=kind,
                match_id=match_id,
                title=title,
                body=body,
                url=url,
                id=notice_id,
                created_unix_ms=int(created_at.timestamp() * 1000),
                read=read,
                title_key=(texts or {}).get("title", ""),
                body_key=(texts or {}).get("body", ""),
                args=(texts or {}).get("args", {}),
            )
            for (
                owner,
                key,
                kind,
                match_id,
                title,
                body,
                url,
                notice_id,
                created_at,
                read,
                texts,
            ) in rows
        ]

    async def unread(self, player_id: str) -> int:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT count(*) FROM notices WHERE player_id = %s AND read_at IS NULL",
                (player_id,),
            )
            row = await cursor.fetchone()
        return row[0] if row else 0

    async def mark_read(self, player_id: str, ids: Sequence[int], everything: bool) -> None:
        async with self.pool.connection() as connection:
            await connection.execute(
                """
                UPDATE notices SET read_at = now()
                WHERE player_id = %s AND read_at IS NULL AND (%s OR id = ANY(%s))
                """,
                (player_id, everything, list(ids)),
            )

    async def prune(self, older_than: datetime.timedelta) -> int:
        """Deletes inbox notices and delivery records older than `older_than`."""
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "DELETE FROM notices WHERE created_at < now() - %s", (older_than,)
            )
            await connection.execute(
                "DELETE FROM notice_deliveries WHERE delivered_at < now() - %s", (older_than,)
            )
            return cursor.rowcount

    # -- deliveries ------------------------------------------------------------------------------

    async def delivered(self, key: str, channel: Channel) -> bool:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT 1 FROM notice_deliveries WHERE notice_key = %s AND channel = %s",
                (key, channel.value),
            )
            return await cursor.fetchone() is not None

    async def record(self, key: str, channel: Channel, player_id: str) -> None:
        async with self.pool.connection() as connection:
            await connection.execute(
                """
                INSERT INTO notice_deliveries (notice_key, channel, player_id)
                VALUES (%s, %s, %s) ON CONFLICT DO NOTHING
                """,
                (key, channel.value, player_id),
            )

    async def sent_last_hour(self, player_id: str, channel: Channel) -> int:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                """
                SELECT count(*) FROM notice_deliveries
                WHERE player_id = %s AND channel = %s AND delivered_at > now() - interval '1 hour'
                """,
                (player_id, channel.value),
            )
            row = await cursor.fetchone()
        return row[0] if row else 0

    # -- push subscriptions ----------------------------------------------------------------------

    async def subscribe(self, player_id: str, subscription: PushSubscription) -> None:
        async with self.pool.connection() as connection:
            await connection.execute(
                """
                INSERT INTO push_subscriptions (endpoint, player_id, p256dh, auth)
                VALUES (%s, %s, %s, %s)
                ON CONFLICT (endpoint) DO UPDATE SET player_id = EXCLUDED.player_id,
                    p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
                """,
                (subscription.endpoint, player_id, subscription.p256dh, subscription.auth),
            )

    async def unsubscribe(self, endpoint: str, player_id: str | None = None) -> bool:
        """Drops a subscription (only the player's, when named); whether one was there."""
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                """
                DELETE FROM push_subscriptions
                WHERE endpoint = %s AND (%s::text IS NULL OR player_id = %s)
                """,
                (endpoint, player_id, player_id),
            )
            return cursor.rowcount > 0

    async def subscriptions(self, player_id: str) -> list[PushSubscription]:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                "SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE player_id = %s",
                (player_id,),
            )
            return [PushSubscription(*row) for row in await cursor.fetchall()]

    # -- e-mail digests --------------------------------------------------------------------------

    async def hold_mail(self, player_id: str, mail: HeldMail) -> None:
        async with self.pool.connection() as connection:
            await connection.execute(
                """
                INSERT INTO mail_pending (player_id, notice_key, subject, body)
                VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING
                """,
                (player_id, mail.key, mail.subject, mail.body),
            )

    async def held_mail(self, player_id: str) -> list[HeldMail]:
        async with self.pool.connection() as connection:
            cursor = await connection.execute(
                """
                SELECT notice_key, subject, body FROM mail_pending
                WHERE player_id = %s ORDER BY created_at
                """,
                (player_id,),
            )
            return [HeldMail(*row) for row in await cursor.fetchall()]

    async def release_mail(self, player_id: str, keys: Sequence[str]) -> None:
        async with self.pool.connection() as connection:
            await connection.execute(
                "DELETE FROM mail_pending WHERE player_id = %s AND notice_key = ANY(%s)",
                (player_id, list(keys)),
            )
