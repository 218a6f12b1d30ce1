"""What a signed-in player asks of their notices (PlayerService's calls): their inbox, read
marks and its stream, their settings, their browsers' push subscriptions, and, with a mail's
token instead of a player token, confirming an address or unsubscribing from mail."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import secrets
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass

from playhall.common.errors import InvalidRequest, NotAuthenticated
from playhall.notifications.preferences import Preferences, check, is_local
from playhall.notifications.store import InboxNotice, NoticeStore, PushSubscription

WATCH_POLL_S = 2.0
"""How often a notice stream looks for new notices."""
MAX_ENDPOINT = 2_000


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Updated:
    preferences: Preferences
    webhook_secret: str = ""
    """The new webhook's signing secret, when its URL changed."""


@dataclass(frozen=True)
class InboxUpdate:
    notice: InboxNotice | None
    unread: int


class PlayerNotices:
    def __init__(self, store: NoticeStore, allow_local: bool = False, poll_s: float = WATCH_POLL_S):
        self.store = store
        self.allow_local = allow_local
        """Whether push endpoints and webhooks may be http:// URLs of this machine (tests and
        a local stack only: elsewhere they would let a player make the notifier call
        services behind the firewall)."""
        self.poll_s = poll_s

    async def inbox(
        self, player_id: str, limit: int, before_id: int, unread_only: bool
    ) -> tuple[list[InboxNotice], int]:
        notices = await self.store.inbox(player_id, limit, before_id, unread_only)
        return notices, await self.store.unread(player_id)

    async def mark_read(self, player_id: str, ids: Sequence[int], everything: bool) -> int:
        await self.store.mark_read(player_id, ids, everything)
        return await self.store.unread(player_id)

    async def watch(self, player_id: str) -> AsyncGenerator[InboxUpdate, None]:
        """The unread count, then each new notice and every change of the count."""
        newest = await self.store.inbox(player_id, limit=1)
        last_id = newest[0].id if newest else 0
        unread = await self.store.unread(player_id)
        yield InboxUpdate(None, unread)
        while True:
            await asyncio.sleep(self.poll_s)
            fresh = [n for n in await self.store.inbox(player_id, limit=100) if n.id > last_id]
            count = await self.store.unread(player_id)
            for notice in reversed(fresh):
                last_id = max(last_id, notice.id)
                yield InboxUpdate(notice, count)
            if not fresh and count != unread:
                yield InboxUpdate(None, count)
            unread = count

    async def preferences(self, player_id: str) -> Preferences:
        return await self.store.preferences(player_id)

    async def update(self, player_id: str, wanted: Preferences) -> Updated:
        """Replaces the player's choices, keeping what only the server sets: a changed address
        starts unconfirmed (the notifier mails it a confirmation link), a changed webhook URL
        gets a new secret (returned once), and a disabled webhook set again is enabled again
        (with a new secret too)."""
        check(wanted, self.allow_local)
        stored = await self.store.preferences(player_id)
        kept = dataclasses.replace(
            wanted,
            email_confirmed=stored.email_confirmed,
            email_token_hash=stored.email_token_hash,
            email_unsubscribed=stored.email_unsubscribed,
            unsubscribe_token=stored.unsubscribe_token,
            webhook_secret=stored.webhook_secret,
            webhook_failures=stored.webhook_failures,
            webhook_disabled=stored.webhook_disabled,
        )
        if wanted.email != stored.email:
            kept.email_confirmed = False
            kept.email_token_hash = ""
            kept.email_unsubscribed = False
            kept.unsubscribe_token = secrets.token_urlsafe(24) if wanted.email else ""
        secret = ""
        if wanted.webhook_url != stored.webhook_url or stored.webhook_disabled:
            secret = secrets.token_urlsafe(32) if wanted.webhook_url else ""
            kept.webhook_secret, kept.webhook_failures, kept.webhook_disabled = secret, 0, False
        await self.store.save_preferences(player_id, kept)
        return Updated(kept, secret)

    async def subscribe(self, player_id: str, subscription: PushSubscription) -> None:
        endpoint = subscription.endpoint
        if not endpoint.startswith("https://") and not (self.allow_local and is_local(endpoint)):
            raise InvalidRequest("notice-push-endpoint-https")
        if len(subscription.endpoint) > MAX_ENDPOINT:
            raise InvalidRequest("notice-push-endpoint-too-long")
        if not subscription.p256dh or not subscription.auth:
            raise InvalidRequest("notice-push-keys-missing")
        await self.store.subscribe(player_id, subscription)

    async def unsubscribe(self, player_id: str, endpoint: str) -> bool:
        return await self.store.unsubscribe(endpoint, player_id)

    async def confirm_email(self, token: str) -> str:
        found = await self.store.player_of_token("email_token_hash", token_hash(token))
        if found is None:
            raise NotAuthenticated("notice-confirm-link-invalid")
        player_id, preferences = found
        preferences.email_confirmed, preferences.email_token_hash = True, ""
        await self.store.save_preferences(player_id, preferences)
        return preferences.email

    async def unsubscribe_mail(self, token: str) -> None:
        found = await self.store.player_of_token("unsubscribe_token", token)
        if found is None:
            raise NotAuthenticated("notice-unsubscribe-link-invalid")
        player_id, preferences = found
        preferences.email_unsubscribed = True
        await self.store.save_preferences(player_id, preferences)
