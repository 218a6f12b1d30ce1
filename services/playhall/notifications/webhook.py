"""Webhooks: a notice POSTed as JSON to the player's URL, signed so the receiver can tell it
came from Playhall and was not replayed.

The signature is HMAC-SHA256 with the player's webhook secret over "<timestamp>.<body>",
sent as `Playhall-Signature: t=<unix seconds>,v1=<hex digest>` (a receiver checks the digest
and refuses an old timestamp); `Playhall-Notice-Id` is the notice's collapse key, the same on
every delivery of one notice, so a receiver drops a repeat. The body's `title`, `body` and
`text` are in the player's `language` (a field of its own: their setting, else English);
`text` makes it a ready message for a chat server's incoming webhook (Slack, Mattermost,
Rocket.Chat).

Any answer but 2xx, or no answer within the timeout, is a failure: the notice is tried again
with a backoff, and after `DISABLE_AFTER` failures in a row the webhook is disabled until the
player sets its URL again."""

from __future__ import annotations

import hashlib
import hmac
import json
import time

import aiohttp

from playhall.notifications.compose import Notice
from playhall.notifications.notifier import ChannelFailed
from playhall.notifications.preferences import Channel, Preferences
from playhall.notifications.reading import ENGLISH, Reader
from playhall.notifications.store import NoticeStore

DISABLE_AFTER = 10
TIMEOUT_S = 10.0
SIGNATURE_HEADER = "Playhall-Signature"
ID_HEADER = "Playhall-Notice-Id"


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The `Playhall-Signature` header of `body` sent at `timestamp` (unix seconds)."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={digest.hexdigest()}"


def payload(notice: Notice, base_url: str, reader: Reader = ENGLISH) -> bytes:
    """The webhook's JSON: the machine's fields, and the texts in the reader's language."""
    key = notice.key
    url = base_url.rstrip("/") + notice.url
    title, body = reader.read(notice.title), reader.read(notice.body)
    return json.dumps(
        {
            "id": notice.collapse_key,
            "kind": key.kind.value,
            "match_id": key.match_id,
            "language": reader.language,
            "title": title,
            "body": body,
            "url": url,
            "text": f"{title}: {body} {url}",
        },
        separators=(",", ":"),
    ).encode()


class WebhookSender:
    channel = Channel.WEBHOOK

    def __init__(self, store: NoticeStore, base_url: str):
        self.store = store
        self.base_url = base_url
        self._session: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def ready(self, player_id: str, preferences: Preferences) -> bool:
        return bool(preferences.webhook_url and preferences.webhook_secret) and not (
            preferences.webhook_disabled
        )

    async def send(self, player_id: str, preferences: Preferences, notice: Notice) -> None:
        body = payload(notice, self.base_url, preferences.reader)
        headers = {
            "Content-Type": "application/json",
            SIGNATURE_HEADER: signature(preferences.webhook_secret, int(time.time()), body),
            ID_HEADER: notice.collapse_key,
        }
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=TIMEOUT_S))
        try:
            async with self._session.post(
                preferences.webhook_url, data=body, headers=headers, allow_redirects=False
            ) as answer:
                ok = 200 <= answer.status < 300
                reason = f"answered {answer.status}"
        except (aiohttp.ClientError, TimeoutError) as error:
            ok, reason = False, f"{type(error).__name__}: {error}"
        await self._count(player_id, preferences, ok)
        if not ok:
            raise ChannelFailed(f"webhook {reason}")

    async def _count(self, player_id: str, preferences: Preferences, ok: bool) -> None:
        """Counts failures in a row (from the stored settings, which the player may have
        changed meanwhile), disabling the webhook past `DISABLE_AFTER`."""
        if ok and not preferences.webhook_failures:
            return
        current = await self.store.preferences(player_id)
        if current.webhook_url != preferences.webhook_url:
            return
        current.webhook_failures = 0 if ok else current.webhook_failures + 1
        current.webhook_disabled = current.webhook_failures >= DISABLE_AFTER
        await self.store.save_preferences(player_id, current)
