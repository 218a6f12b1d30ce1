"""E-mail: notices as plain-text mails over SMTP, digests of them, and the confirmation mail a
new address gets first.

A mail goes only to a confirmed address that did not unsubscribe. Its `Message-ID` is made
from the notice's collapse key, so a notice mailed again after a crash is the same message to
the player's mail client; it carries the match's link and an RFC 8058 one-click unsubscribe
(`List-Unsubscribe` naming the gateway's `/unsubscribe?token=...`, `List-Unsubscribe-Post`),
the same link in its text. It is written in the player's language (their setting, else
English; `Content-Language` says which), times in their time zone.

A player with a digest window (`email_digest_minutes`) is not mailed each notice: `send` holds
it (`mail_pending`) and the channel counts it delivered; `MailPass` mails each player whose
oldest held notice is older than their window (and who is not in their quiet hours) one mail
listing them all, then releases them (released after the mail went: at least once).

`MailPass` also finds new addresses (not confirmed, no confirmation pending), stores the hash
of a fresh token first and then mails the link `{portal}/confirm-email.html?token=...`, whose
page calls PlayerService.ConfirmEmail.

Any SMTP failure (no connection, a 4xx, and also a 5xx refusing the recipient: kept simple)
raises `ChannelFailed`, so the notifier tries the notice again with its backoff and gives it
up after its `MAX_ATTEMPTS`. A confirmation that fails for want of a connection or with a 4xx
is tried again on a later pass; one whose recipient is refused for good (5xx) is not, until
the player enters an address again."""

from __future__ import annotations

import datetime
import email.policy
import email.utils
import hashlib
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage

import aiosmtplib

from playhall.common.passes import BackgroundPass
from playhall.core.i18n import Text
from playhall.notifications.compose import Notice
from playhall.notifications.metrics import NOTICES_FAILED
from playhall.notifications.notifier import ChannelFailed
from playhall.notifications.players import token_hash
from playhall.notifications.preferences import Channel, Preferences
from playhall.notifications.reading import ENGLISH, Reader
from playhall.notifications.store import HeldMail, NoticeStore

log = logging.getLogger(__name__)

TIMEOUT_S = 30.0
PASS_INTERVAL_S = 5.0
"""How often `MailPass` looks for new addresses and due digests."""
BATCH = 32
LOCK_CLASS = 0x6D61696C  # "mail"
"""The first key of a player's digest lock (an advisory lock; the second is the hash of the
player id): notifier replicas never mail one player's digest at once."""

DUE_DIGESTS = """
    SELECT pending.player_id FROM mail_pending AS pending
    LEFT JOIN notification_settings AS settings USING (player_id)
    GROUP BY pending.player_id, settings.settings
    HAVING min(pending.created_at) < now() - make_interval(
        mins => coalesce((settings.settings->>'email_digest_minutes')::int, 0))
    ORDER BY min(pending.created_at) LIMIT %s
"""
"""Players whose oldest held mail is older than their own window."""
NEW_ADDRESSES = """
    SELECT player_id, settings->>'email', settings FROM notification_settings
    WHERE settings->>'email' <> '' AND settings->>'email_token_hash' = ''
        AND settings->>'email_confirmed' = 'false' AND settings->>'email_unsubscribed' = 'false'
    LIMIT %s
"""
SET_TOKEN = """
    UPDATE notification_settings
    SET settings = jsonb_set(settings, '{email_token_hash}', to_jsonb(%s::text)),
        updated_at = now()
    WHERE player_id = %s AND settings->>'email' = %s AND settings->>'email_token_hash' = %s
        AND settings->>'email_confirmed' = 'false'
    RETURNING settings->>'unsubscribe_token'
"""
"""Compare and set: the token's hash is stored only while the address is still the one read
and no other token is pending (a concurrent pass or a change of address wins)."""


POLICY = email.policy.default.clone(max_line_length=998)
"""Body lines up to SMTP's limit, so links stay as they are in the text (7bit, or 8bit where a
name is not ASCII, which aiosmtplib re-encodes for a server without 8BITMIME), never
quoted-printable. (aiosmtplib folds long headers as RFC 5322 lets it: `List-Unsubscribe` may
come on a line of its own.)"""


@dataclass(frozen=True)
class MailSettings:
    host: str
    port: int = 587
    username: str = ""
    password: str = ""
    starttls: bool = True
    """Require STARTTLS; off: plain SMTP (a local relay or the dev stack's sink). On port 465
    TLS comes first instead (implicit TLS)."""
    sender: str = "Playhall <playhall@localhost>"
    portal_url: str = "http://localhost:8080"

    @property
    def implicit_tls(self) -> bool:
        """Port 465 (submissions, RFC 8314) speaks TLS from the start."""
        return self.port == 465

    @property
    def portal(self) -> str:
        return self.portal_url.rstrip("/")

    @property
    def domain(self) -> str:
        """The right-hand side of Message-IDs: the sender's domain."""
        return email.utils.parseaddr(self.sender)[1].rpartition("@")[2] or "playhall"


def message_id(name: str, domain: str) -> str:
    """A Message-ID that is the same whenever it is made from `name`."""
    return f"<{hashlib.sha256(name.encode()).hexdigest()[:40]}@{domain}>"


def unsubscribe_url(settings: MailSettings, token: str) -> str:
    return f"{settings.portal}/unsubscribe?token={token}"


def compose_mail(
    settings: MailSettings,
    to: str,
    subject: str,
    text: str,
    identity: str,
    unsubscribe_token: str,
    reader: Reader = ENGLISH,
) -> EmailMessage:
    """A plain-text mail in the reader's language (`Content-Language`); with an unsubscribe
    token, its one-click unsubscribe headers and the same link at the foot of the text."""
    message = EmailMessage(policy=POLICY)
    message["From"] = settings.sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = email.utils.formatdate(usegmt=True)
    message["Message-ID"] = message_id(identity, settings.domain)
    message["Auto-Submitted"] = "auto-generated"  # RFC 3834: no auto-replies, please
    foot = "\n-- \n" + reader.read(Text("notice-mail-why"))
    if unsubscribe_token:
        link = unsubscribe_url(settings, unsubscribe_token)
        message["List-Unsubscribe"] = f"<{link}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        foot += "\n" + reader.read(Text("notice-mail-unsubscribe", {"link": link}))
    text = text.rstrip("\n") + "\n" + foot + "\n"
    message.set_content(text, cte="7bit" if text.isascii() else "8bit")
    message["Content-Language"] = reader.language  # RFC 3282; after the content, which resets it
    return message


def notice_text(settings: MailSettings, notice: Notice, reader: Reader = ENGLISH) -> str:
    link = f"{settings.portal}{notice.url}"
    opening = reader.read(Text("notice-mail-open", {"link": link}))
    return f"{reader.read(notice.body)}\n\n{opening}\n"


def notice_mail(settings: MailSettings, preferences: Preferences, notice: Notice) -> EmailMessage:
    reader = preferences.reader
    return compose_mail(
        settings,
        preferences.email,
        reader.read(notice.title),
        notice_text(settings, notice, reader),
        notice.collapse_key,
        preferences.unsubscribe_token,
        reader,
    )


def digest_mail(
    settings: MailSettings, player_id: str, preferences: Preferences, held: Sequence[HeldMail]
) -> EmailMessage:
    """One mail listing `held` (each worded when it was held); its Message-ID is the same for
    the same notices (a digest mailed again after a crash)."""
    reader = preferences.reader
    count = {"count": len(held)}
    parts = [f"{mail.subject}\n{mail.body.rstrip()}" for mail in held]
    heading = reader.read(Text("notice-mail-digest-heading", count))
    text = heading + "\n\n" + "\n\n".join(parts)
    identity = "digest|" + player_id + "|" + "|".join(sorted(mail.key for mail in held))
    subject = (
        held[0].subject
        if len(held) == 1
        else reader.read(Text("notice-mail-digest-subject", count))
    )
    return compose_mail(
        settings, preferences.email, subject, text, identity, preferences.unsubscribe_token, reader
    )


def confirmation_mail(
    settings: MailSettings, to: str, token: str, unsubscribe_token: str, reader: Reader = ENGLISH
) -> EmailMessage:
    link = f"{settings.portal}/confirm-email.html?token={token}"
    text = reader.read(Text("notice-mail-confirm-body", {"address": to, "link": link}))
    return compose_mail(
        settings,
        to,
        reader.read(Text("notice-mail-confirm-subject")),
        text + "\n",
        "confirm|" + token_hash(token),
        unsubscribe_token,
        reader,
    )


class MailSender:
    channel = Channel.EMAIL

    def __init__(self, store: NoticeStore, settings: MailSettings):
        self.store = store
        self.settings = settings

    async def close(self) -> None:
        """Nothing to release: each mail has a connection of its own."""

    async def ready(self, player_id: str, preferences: Preferences) -> bool:
        return (
            bool(preferences.email)
            and preferences.email_confirmed
            and not preferences.email_unsubscribed
        )

    async def send(self, player_id: str, preferences: Preferences, notice: Notice) -> None:
        if preferences.email_digest_minutes > 0:
            reader = preferences.reader
            held = HeldMail(
                notice.collapse_key,
                reader.read(notice.title),
                notice_text(self.settings, notice, reader),
            )
            await self.store.hold_mail(player_id, held)
            return
        await self.deliver(notice_mail(self.settings, preferences, notice))

    async def deliver(self, message: EmailMessage) -> None:
        """Hands the mail to the SMTP server; `ChannelFailed` when it did not take it."""
        settings = self.settings
        try:
            await aiosmtplib.send(
                message,
                hostname=settings.host,
                port=settings.port,
                username=settings.username or None,
                password=settings.password or None,
                use_tls=settings.implicit_tls,
                start_tls=settings.starttls and not settings.implicit_tls,
                timeout=TIMEOUT_S,
            )
        except (aiosmtplib.SMTPException, OSError) as error:
            raise ChannelFailed(f"mail {type(error).__name__}: {error}") from error


def refused_for_good(error: BaseException | None) -> bool:
    """Whether the SMTP server refused the recipient with a permanent (5xx) answer."""
    if isinstance(error, aiosmtplib.SMTPRecipientsRefused):
        return all(500 <= refusal.code < 600 for refusal in error.recipients)
    if isinstance(error, aiosmtplib.SMTPRecipientRefused):
        return 500 <= error.code < 600
    return False


class MailPass(BackgroundPass):
    """Confirmation mails for new addresses, then the digests that are due."""

    name = "mail"

    def __init__(self, sender: MailSender, interval_s: float = PASS_INTERVAL_S):
        super().__init__(interval_s)
        self.sender = sender
        self.store = sender.store

    async def run_once(self) -> int:
        """One pass; returns how many mails it sent."""
        return await self.confirm_addresses() + await self.send_digests()

    async def confirm_addresses(self) -> int:
        async with self.store.pool.connection() as connection:
            cursor = await connection.execute(NEW_ADDRESSES, (BATCH,))
            found = await cursor.fetchall()
        sent = 0
        for player_id, address, chosen in found:
            token = secrets.token_urlsafe(24)
            hashed = token_hash(token)
            # The hash first: a link that was mailed always works.
            async with self.store.pool.connection() as connection:
                cursor = await connection.execute(SET_TOKEN, (hashed, player_id, address, ""))
                row = await cursor.fetchone()
            if row is None:
                continue  # changed meanwhile: the next pass sees it as it is now
            try:
                reader = Preferences.from_json(chosen).reader
                mail = confirmation_mail(self.sender.settings, address, token, row[0], reader)
                await self.sender.deliver(mail)
            except ChannelFailed as failed:
                if refused_for_good(failed.__cause__):
                    log.info("confirmation refused", extra={"player_id": player_id})
                    continue  # pending for good: a new address makes a new one
                # Not mailed: no token is pending, so a later pass tries again.
                async with self.store.pool.connection() as connection:
                    await connection.execute(SET_TOKEN, ("", player_id, address, hashed))
                log.info("confirmation not mailed yet", extra={"error": str(failed)})
                return sent  # the server is down: the others wait for the next pass too
            sent += 1
        return sent

    async def send_digests(self) -> int:
        async with self.store.pool.connection() as connection:
            cursor = await connection.execute(DUE_DIGESTS, (BATCH,))
            due = [row[0] for row in await cursor.fetchall()]
        sent = 0
        for player_id in due:
            async with self.store.pool.connection() as lock:
                cursor = await lock.execute(
                    "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCK_CLASS, player_id)
                )
                row = await cursor.fetchone()
                if row is None or not row[0]:
                    continue  # another notifier mails it
                try:
                    sent += await self._digest(player_id)
                except ChannelFailed as failed:
                    NOTICES_FAILED.labels(Channel.EMAIL.value).inc()
                    log.info("digest not mailed yet", extra={"error": str(failed)})
                    return sent
                finally:
                    await lock.execute(
                        "SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_CLASS, player_id)
                    )
        return sent

    async def _digest(self, player_id: str) -> int:
        held = await self.store.held_mail(player_id)
        if not held:
            return 0
        preferences = await self.store.preferences(player_id)
        keys = [mail.key for mail in held]
        if not await self.sender.ready(player_id, preferences):
            await self.store.release_mail(player_id, keys)  # unsubscribed meanwhile
            return 0
        if preferences.quiet_until(datetime.datetime.now(datetime.UTC)) is not None:
            return 0  # mailed once the player's quiet hours end
        await self.sender.deliver(digest_mail(self.sender.settings, player_id, preferences, held))
        await self.store.release_mail(player_id, keys)
        return 1
