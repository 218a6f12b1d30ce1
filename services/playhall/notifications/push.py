"""Web Push: a notice to every browser the player subscribed, through each browser's push
service (RFC 8030), signed with the operator's VAPID key (RFC 8292) and encrypted for that
browser alone (RFC 8291, `aes128gcm`), with pywebpush.

The payload is JSON: title and body in the player's language (their setting, else English),
lang (that language's tag, for `showNotification`), url (the portal's, absolute), kind,
match_id and tag (the notice's collapse key, which the service worker gives
`showNotification` so a repeat replaces the shown notice). Each push carries `TTL` (seconds
until the notice expires, else a day: how long the push service keeps it for a browser that is
offline), `Urgency` (the notice's) and `Topic` (a hash of the collapse key: a push service
replaces an undelivered push of the same notice instead of delivering both).

A push service answering 404 or 410 says the subscription is gone (the browser unsubscribed,
or the player cleared its data): it is dropped. A subscription whose keys cannot be encrypted
to is dropped too. Any other failure (an error answer, no answer within the timeout) fails the
notice when no subscription took it, so the notifier tries again later; when one did, the
others are not pushed again (a browser missing one notice is better than one getting it twice).

The VAPID key (`PLAYHALL_VAPID_PRIVATE_KEY`) is a P-256 private key: a PEM block (PKCS#8, or
SEC 1 "EC PRIVATE KEY"), or the 32-byte private number in base64url, as `--new-keys` prints
it; the portal subscribes browsers with its public half (`PLAYHALL_VAPID_PUBLIC_KEY`, the
uncompressed point in base64url). `python -m playhall.notifications.push --new-keys` prints a
new pair as the two variables."""

from __future__ import annotations

import argparse
import asyncio
import base64
import binascii
import datetime
import enum
import hashlib
import json
import logging
import time
import urllib.parse

import aiohttp
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid, VapidException  # type: ignore[import-untyped]
from pywebpush import WebPusher, WebPushException  # type: ignore[import-untyped]

from playhall.notifications.compose import Notice
from playhall.notifications.notifier import ChannelFailed
from playhall.notifications.preferences import Channel, Preferences
from playhall.notifications.reading import ENGLISH, Reader
from playhall.notifications.store import NoticeStore, PushSubscription

log = logging.getLogger(__name__)

TIMEOUT_S = 10.0
DEFAULT_TTL_S = 86_400
"""How long a push service keeps a notice that never expires for an offline browser."""
MAX_TTL_S = 28 * 86_400
"""Push services keep a push four weeks at most."""
CLAIMS_LIFE_S = 12 * 3_600
"""How long a VAPID token is valid (RFC 8292: at most 24 hours)."""
GONE = (404, 410)
TOPIC_LENGTH = 32
"""RFC 8030, 5.4: at most 32 characters of the base64url alphabet."""


class Outcome(enum.Enum):
    SENT = "sent"
    GONE = "gone"
    FAILED = "failed"


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def private_key(text: str) -> ec.EllipticCurvePrivateKey:
    """The VAPID private key of `PLAYHALL_VAPID_PRIVATE_KEY`: a PEM block (its line breaks may
    be written `\\n`) or the base64url 32-byte private number; ValueError saying why not."""
    text = text.strip().replace("\\n", "\n")
    try:
        if text.startswith("-----BEGIN"):
            key = serialization.load_pem_private_key(text.encode(), password=None)
        else:
            raw = _unb64url(text)
            if len(raw) != 32:
                raise ValueError(f"{len(raw)} bytes, not 32")
            key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    except (ValueError, TypeError, binascii.Error) as error:
        raise ValueError(
            f"not a VAPID private key (a PEM block or 32 bytes in base64url): {error}"
        ) from None
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        raise ValueError("a VAPID key is a P-256 (prime256v1) EC key")
    return key


def public_key(key: ec.EllipticCurvePrivateKey) -> str:
    """The application server key browsers subscribe with: the uncompressed point, base64url."""
    point = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64url(point)


def new_keys() -> tuple[str, str]:
    """A new VAPID key pair: (private, public), both base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    return _b64url(key.private_numbers().private_value.to_bytes(32, "big")), public_key(key)


def topic(collapse_key: str) -> str:
    """The `Topic` of a notice: its collapse key hashed into 32 base64url characters."""
    return _b64url(hashlib.sha256(collapse_key.encode()).digest())[:TOPIC_LENGTH]


def time_to_live(notice: Notice, now: datetime.datetime) -> int:
    """Seconds a push service keeps the notice for an offline browser: until it expires."""
    if notice.expires_at is None:
        return DEFAULT_TTL_S
    return max(0, min(int((notice.expires_at - now).total_seconds()), MAX_TTL_S))


def payload(notice: Notice, base_url: str, reader: Reader = ENGLISH) -> bytes:
    """The push's JSON, its title and body in the reader's language."""
    key = notice.key
    return json.dumps(
        {
            "title": reader.read(notice.title),
            "body": reader.read(notice.body),
            "lang": reader.language,
            "url": base_url.rstrip("/") + notice.url,
            "kind": key.kind.value,
            "match_id": key.match_id,
            "tag": notice.collapse_key,
        },
        separators=(",", ":"),
    ).encode()


def origin(endpoint: str) -> str:
    """The `aud` of a VAPID token for `endpoint`: its scheme, host and port."""
    parts = urllib.parse.urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}"


class PushSender:
    channel = Channel.PUSH

    def __init__(self, store: NoticeStore, base_url: str, vapid_private_key: str, subject: str):
        """`subject`: a `mailto:` or `https:` URL a push service may reach the operator at."""
        if not subject.startswith(("mailto:", "https:")):
            raise ValueError("the VAPID subject is a mailto: or https: URL")
        self.store = store
        self.base_url = base_url
        self.vapid = Vapid(private_key(vapid_private_key))
        self.subject = subject
        self._session: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def ready(self, player_id: str, preferences: Preferences) -> bool:
        return bool(await self.store.subscriptions(player_id))

    async def send(self, player_id: str, preferences: Preferences, notice: Notice) -> None:
        subscriptions = await self.store.subscriptions(player_id)
        data = payload(notice, self.base_url, preferences.reader)
        headers = {"Urgency": notice.urgency, "Topic": topic(notice.collapse_key)}
        ttl = time_to_live(notice, datetime.datetime.now(datetime.UTC))
        outcomes = await asyncio.gather(
            *(self._push(subscription, data, headers, ttl) for subscription in subscriptions)
        )
        if any(outcome == Outcome.SENT for outcome, _ in outcomes):
            return
        failures = [reason for outcome, reason in outcomes if outcome == Outcome.FAILED]
        if failures:
            raise ChannelFailed("push " + "; ".join(failures))

    async def _push(
        self, subscription: PushSubscription, data: bytes, headers: dict[str, str], ttl: int
    ) -> tuple[Outcome, str]:
        endpoint = subscription.endpoint
        info = {
            "endpoint": endpoint,
            "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
        }
        claims = {
            "sub": self.subject,
            "aud": origin(endpoint),
            "exp": int(time.time()) + CLAIMS_LIFE_S,
        }
        if self._session is None:
            self._session = aiohttp.ClientSession()
        try:
            pusher = WebPusher(info, aiohttp_session=self._session)
            signed = {**headers, **self.vapid.sign(claims)}
            answer = await pusher.send_async(
                data,
                signed,
                ttl=ttl,
                content_encoding="aes128gcm",
                timeout=aiohttp.ClientTimeout(total=TIMEOUT_S),
            )
        except VapidException as error:
            return Outcome.FAILED, f"VAPID: {error}"
        except (WebPushException, ValueError) as error:
            # Keys that are no P-256 point, an endpoint that is no URL: nothing can be pushed
            # to it, ever.
            log.warning(
                "push subscription dropped",
                extra={"push_service": claims["aud"], "reason": str(error)},
            )
            await self.store.unsubscribe(endpoint)
            return Outcome.GONE, str(error)
        except (aiohttp.ClientError, TimeoutError) as error:
            return Outcome.FAILED, f"{type(error).__name__}: {error}"
        if 200 <= answer.status < 300:
            return Outcome.SENT, ""
        if answer.status in GONE:
            await self.store.unsubscribe(endpoint)
            return Outcome.GONE, f"answered {answer.status}"
        return Outcome.FAILED, f"answered {answer.status}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.notifications.push",
        description="Web Push's VAPID keys: the notifier signs with the private key, the "
        "portal subscribes browsers with the public one.",
    )
    parser.add_argument(
        "--new-keys",
        action="store_true",
        help="print a new key pair as PLAYHALL_VAPID_PRIVATE_KEY (the notifier's) and "
        "PLAYHALL_VAPID_PUBLIC_KEY (the orchestrator's)",
    )
    arguments = parser.parse_args(argv)
    if not arguments.new_keys:
        parser.print_help()
        return
    private, public = new_keys()
    print(f"PLAYHALL_VAPID_PRIVATE_KEY={private}")
    print(f"PLAYHALL_VAPID_PUBLIC_KEY={public}")


if __name__ == "__main__":
    main()
