"""The e-mail channel end to end in one process, on a real Redis, PostgreSQL and SMTP server
(aiosmtpd, listening on this test's event loop): notices mailed to confirmed addresses only,
with their link, a Message-ID a resend keeps and one-click unsubscribe; the confirmation mail
and its token; unsubscribing through the gateway's route; digests; an SMTP server that is down
for a while."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import email
import email.policy
import re
import socket
from collections.abc import AsyncIterator
from email.message import EmailMessage

import aiohttp
import grpc
import pytest
import uvicorn
from aiosmtpd.smtp import SMTP, Envelope

from playhall.accounts.tokens import Player, player_id
from playhall.archive.archive import Archive
from playhall.gateway.app import Readiness, build_app
from playhall.gateway.server import listen
from playhall.gateway.settings import Settings as GatewaySettings
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matchstore.notices import NOTICES, NoticeKey, NoticeKind, NoticeOutbox
from playhall.matchstore.store import now_ms
from playhall.notifications.mail import MailPass, MailSender, MailSettings, message_id
from playhall.notifications.matches import MatchReader
from playhall.notifications.notifier import Notifier, NotifierSettings
from playhall.notifications.players import PlayerNotices
from playhall.notifications.preferences import Channel, Preferences
from playhall.notifications.store import NoticeStore
from playhall.notifier.server import senders
from playhall.notifier.settings import NotifierProcessSettings
from playhall.player_service.servicer import PlayerServicer
from playhall.players.v1 import player_service_pb2_grpc
from tests.helpers import TITLE
from tests.inprocess import Hall, open_hall

pytestmark = pytest.mark.usefixtures("event_loop")

ADA = Player(player_id("https://id", "ada"), "Ada", "https://id", "ada")
BOB = Player(player_id("https://id", "bob"), "Bob", "https://id", "bob")
BOBS_ADDRESS = "bob@example.org"
DAY_S = 24
PORTAL = "https://playhall.example"
SEATS = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]


class MailServer:
    """A real SMTP server (aiosmtpd) that keeps what it receives; `start` may be called
    again after `stop`, on the same port."""

    def __init__(self, port: int = 0):
        self.port = port
        self.received: list[EmailMessage] = []
        self.server: asyncio.Server | None = None

    async def handle_DATA(self, server: SMTP, session, envelope: Envelope) -> str:
        content = envelope.content
        assert isinstance(content, bytes)
        message = email.message_from_bytes(content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        assert envelope.rcpt_tos == [message["To"]]
        self.received.append(message)
        return "250 Message accepted for delivery"

    async def start(self) -> MailServer:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(
            lambda: SMTP(self, hostname="mail.test"), "127.0.0.1", self.port
        )
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
            self.server = None

    def to(self, address: str) -> list[EmailMessage]:
        return [message for message in self.received if message["To"] == address]


def text_of(mail: EmailMessage) -> str:
    return mail.get_content().replace("\r\n", "\n")


def header(mail: EmailMessage, name: str) -> str:
    """A header's value, unfolded (aiosmtplib folds the long List-Unsubscribe)."""
    return str(mail[name]).strip()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def hall(embedded_redis, database_url, event_loop):
    opened = event_loop.run_until_complete(
        open_hall(embedded_redis.url, database_url=database_url, turn_based_day_s=DAY_S)
    )
    yield opened
    event_loop.run_until_complete(opened.close())


@pytest.fixture
def smtp(event_loop):
    server = event_loop.run_until_complete(MailServer().start())
    yield server
    event_loop.run_until_complete(server.stop())


def mail_settings(port: int) -> MailSettings:
    return MailSettings(
        "127.0.0.1",
        port,
        starttls=False,
        sender="Playhall <notices@playhall.example>",
        portal_url=PORTAL + "/",
    )


def store_of(hall: Hall) -> NoticeStore:
    return NoticeStore(hall.parking.table.pool)


def mailer_of(hall: Hall, port: int) -> tuple[Notifier, MailPass]:
    store = store_of(hall)
    sender = MailSender(store, mail_settings(port))
    notifier = Notifier(
        NoticeOutbox(hall.db),
        store,
        MatchReader(hall.store, Archive(hall.parking.table.pool)),
        {Channel.EMAIL: sender},
        NotifierSettings(lease_ms=200),
    )
    return notifier, MailPass(sender)


async def with_address(hall: Hall, player: Player, confirmed: bool = True, **choices) -> None:
    """The player gives an address (as PlayerService's UpdateNotificationSettings does);
    `confirmed`: and has confirmed it already."""
    store = store_of(hall)
    await PlayerNotices(store).update(
        player.player_id, Preferences(email=BOBS_ADDRESS, reminder_hours=(), **choices)
    )
    if confirmed:
        preferences = await store.preferences(player.player_id)
        preferences.email_confirmed = True
        await store.save_preferences(player.player_id, preferences)


async def ada_and_bob(hall: Hall) -> str:
    clock = pb.Clock(
        seconds_per_turn=2 * DAY_S, on_timeout=pb.TIMEOUT_ACTION_FORFEIT, pace=pb.PACE_TURN_BASED
    )
    created = await hall.api.create(
        pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, clock=clock), ADA
    )
    match_id = created.match.match_id
    await hall.api.join(pb.JoinMatchRequest(match_id=match_id), BOB)
    return match_id


async def again(hall: Hall, key: NoticeKey) -> None:
    """The notice is due again now, as after a notifier killed before it removed it."""
    await hall.db.zadd(NOTICES, {key.member(): 0})


async def test_a_notice_is_mailed_once_with_its_link_message_id_and_unsubscribe(hall, smtp):
    notifier, _ = mailer_of(hall, smtp.port)
    await with_address(hall, BOB)
    match_id = await ada_and_bob(hall)
    await notifier.run_once()
    [mail] = smtp.received  # Ada gave no address
    assert mail["To"] == BOBS_ADDRESS
    assert mail["From"] == "Playhall <notices@playhall.example>"
    assert mail["Subject"] == "Your turn in Galileo Galilei"
    text = text_of(mail)
    assert f"Open the match: {PORTAL}/match.html?id={match_id}\n" in text
    key = NoticeKey(NoticeKind.YOUR_TURN, BOB.player_id, match_id, 0)
    assert mail["Message-ID"] == message_id(key.member(), "playhall.example")
    token = (await store_of(hall).preferences(BOB.player_id)).unsubscribe_token
    assert token
    assert header(mail, "List-Unsubscribe") == f"<{PORTAL}/unsubscribe?token={token}>"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"{PORTAL}/unsubscribe?token={token}" in text

    await again(hall, key)  # a notifier killed after mailing, before removing
    await notifier.run_once()
    assert len(smtp.received) == 1, "the channel recorded it: not mailed twice"


async def test_an_unconfirmed_address_gets_the_confirmation_alone_until_confirmed(hall, smtp):
    notifier, passes = mailer_of(hall, smtp.port)
    await with_address(hall, BOB, confirmed=False)
    await ada_and_bob(hall)
    await notifier.run_once()
    assert smtp.received == [], "no notice to an address not confirmed"

    assert await passes.run_once() == 1
    [confirmation] = smtp.received
    assert confirmation["To"] == BOBS_ADDRESS
    assert confirmation["Subject"] == "Confirm your e-mail address for Playhall"
    assert header(confirmation, "List-Unsubscribe").startswith(f"<{PORTAL}/unsubscribe?token=")
    found = re.search(
        rf"{re.escape(PORTAL)}/confirm-email\.html\?token=(\S+)", text_of(confirmation)
    )
    assert found, text_of(confirmation)
    assert await passes.run_once() == 0 and len(smtp.received) == 1, "one pending at a time"

    players = PlayerNotices(store_of(hall))
    assert await players.confirm_email(found.group(1)) == BOBS_ADDRESS
    preferences = await store_of(hall).preferences(BOB.player_id)
    assert preferences.email_confirmed and preferences.email_token_hash == ""
    assert await passes.run_once() == 0, "a confirmed address gets no confirmation"

    match_id = await ada_and_bob(hall)
    await notifier.run_once()
    assert [m["Subject"] for m in smtp.received[1:]] == ["Your turn in Galileo Galilei"]
    assert f"match.html?id={match_id}" in text_of(smtp.received[-1])


async def test_a_german_player_is_mailed_in_german(hall, smtp):
    notifier, passes = mailer_of(hall, smtp.port)
    await with_address(hall, BOB, confirmed=False, language="de")
    assert await passes.run_once() == 1
    [confirmation] = smtp.received
    assert confirmation["Subject"] == "Bestätige deine E-Mail-Adresse für Playhall"
    assert confirmation["Content-Language"] == "de"
    text = text_of(confirmation)
    assert f"schicken.\n\nBestätige diese Adresse: {PORTAL}/confirm-email.html?token=" in text
    assert "\nKeine Mails mehr von Playhall: " in text

    store = store_of(hall)
    preferences = await store.preferences(BOB.player_id)
    preferences.email_confirmed = True
    await store.save_preferences(BOB.player_id, preferences)
    match_id = await ada_and_bob(hall)
    await notifier.run_once()
    mail = smtp.received[-1]
    assert mail["Subject"] == "Du bist am Zug: Galileo Galilei"
    text = text_of(mail)
    assert text.startswith("Ada wartet auf deinen Zug. Du hast noch "), text
    assert f"\nZur Partie: {PORTAL}/match.html?id={match_id}\n" in text
    assert "Du bekommst diese Mail, weil du Playhall diese Adresse" in text


async def test_a_persian_digest_counts_in_persian_digits(hall, smtp):
    notifier, passes = mailer_of(hall, smtp.port)
    await with_address(hall, BOB, email_digest_minutes=30, language="fa")
    for _ in range(3):
        await ada_and_bob(hall)
    await notifier.run_once()
    async with hall.parking.table.pool.connection() as connection:
        await connection.execute(
            "UPDATE mail_pending SET created_at = created_at - interval '31 minutes'"
        )
    assert await passes.run_once() == 1
    [digest] = smtp.received
    assert digest["Subject"] == "Playhall: ۳ اعلان"
    text = text_of(digest)
    assert text.startswith("۳ اعلان از Playhall:\n\nنوبت شما در گالیله گالیله\n"), text
    assert text.count("باز کردن بازی: ") == 3


@contextlib.asynccontextmanager
async def gateway_of(hall: Hall) -> AsyncIterator[str]:
    """The gateway's app served by uvicorn in front of PlayerService's servicer (its notices
    alone: what Unsubscribe needs) on an in-process gRPC server; yields its base URL."""
    servicer = PlayerServicer.__new__(PlayerServicer)
    servicer.notices = PlayerNotices(store_of(hall))
    upstream = grpc.aio.server()
    player_service_pb2_grpc.add_PlayerServiceServicer_to_server(servicer, upstream)
    upstream_port = upstream.add_insecure_port("127.0.0.1:0")
    await upstream.start()
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{upstream_port}")
    settings = GatewaySettings(orchestrator=f"127.0.0.1:{upstream_port}", gateway_credential="x")
    config = uvicorn.Config(
        build_app(settings, channel, Readiness(channel)),
        log_config=None,
        access_log=False,
        lifespan="off",
        loop="none",
    )
    server = uvicorn.Server(config)
    sock = listen("127.0.0.1", 0)
    serving = asyncio.ensure_future(server.serve(sockets=[sock]))
    while not server.started and not serving.done():
        await asyncio.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        await serving
        await channel.close()
        await upstream.stop(None)


async def test_one_click_unsubscribe_through_the_gateway_stops_mail(hall, smtp):
    notifier, _ = mailer_of(hall, smtp.port)
    await with_address(hall, BOB)
    await ada_and_bob(hall)
    await notifier.run_once()
    [mail] = smtp.received
    link = header(mail, "List-Unsubscribe").strip("<>")
    path = link.removeprefix(PORTAL)
    store = store_of(hall)
    async with gateway_of(hall) as base, aiohttp.ClientSession() as http:
        async with http.get(base + path) as page:
            assert page.status == 200
            body = await page.text()
        assert 'method="post"' in body and 'id="unsubscribe"' in body
        assert not (await store.preferences(BOB.player_id)).email_unsubscribed, "GET alone"

        async with http.post(base + "/unsubscribe?token=not-a-token", data=b"") as refused:
            assert refused.status == 400
            assert "not valid" in await refused.text()
        # RFC 8058: what a mail client posts, no cookie, no player token.
        form = {"List-Unsubscribe": "One-Click"}
        async with http.post(base + path, data=form) as done:
            assert done.status == 200
            assert 'id="unsubscribed"' in await done.text()
    assert (await store.preferences(BOB.player_id)).email_unsubscribed

    await ada_and_bob(hall)
    await notifier.run_once()
    assert len(smtp.received) == 1, "no mail after unsubscribing"


async def test_a_digest_mails_the_notices_held_in_its_window_once(hall, smtp):
    notifier, passes = mailer_of(hall, smtp.port)
    await with_address(hall, BOB, email_digest_minutes=30)
    matches = [await ada_and_bob(hall) for _ in range(3)]
    await notifier.run_once()
    assert smtp.received == [], "held for the digest"
    pool = hall.parking.table.pool
    async with pool.connection() as connection:
        cursor = await connection.execute("SELECT count(*) FROM mail_pending")
        assert (await cursor.fetchone())[0] == 3
    assert await passes.run_once() == 0 and smtp.received == [], "the window is not over"

    # Held again after a crash: the channel counted it delivered, so it is not held twice.
    await again(hall, NoticeKey(NoticeKind.YOUR_TURN, BOB.player_id, matches[0], 0))
    await notifier.run_once()
    async with pool.connection() as connection:
        await connection.execute(
            "UPDATE mail_pending SET created_at = created_at - interval '31 minutes'"
        )
    store = store_of(hall)
    preferences = await store.preferences(BOB.player_id)
    now = datetime.datetime.now(datetime.UTC)
    minute = now.hour * 60 + now.minute  # quiet from now on for an hour
    preferences.quiet_start_minute, preferences.quiet_end_minute = minute, (minute + 60) % 1440
    await store.save_preferences(BOB.player_id, preferences)
    assert await passes.run_once() == 0 and smtp.received == [], "not in quiet hours"
    preferences.quiet_start_minute = preferences.quiet_end_minute = 0
    await store.save_preferences(BOB.player_id, preferences)
    assert await passes.run_once() == 1
    [digest] = smtp.received
    assert digest["To"] == BOBS_ADDRESS and digest["Subject"] == "Playhall: 3 notices"
    text = text_of(digest)
    for match_id in matches:
        assert text.count(f"{PORTAL}/match.html?id={match_id}") == 1, text
    assert text.count("Your turn in Galileo Galilei") == 3
    assert digest["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    async with pool.connection() as connection:
        cursor = await connection.execute("SELECT count(*) FROM mail_pending")
        assert (await cursor.fetchone())[0] == 0, "released once mailed"
    assert await passes.run_once() == 0 and len(smtp.received) == 1


async def test_a_digest_waits_while_the_server_is_down_and_keeps_what_it_holds(hall):
    port = free_port()
    notifier, passes = mailer_of(hall, port)
    await with_address(hall, BOB, email_digest_minutes=5)
    await ada_and_bob(hall)
    await notifier.run_once()
    pool = hall.parking.table.pool
    async with pool.connection() as connection:
        await connection.execute("UPDATE mail_pending SET created_at = now() - interval '1 h'")
    assert await passes.run_once() == 0, "nobody listens"
    async with pool.connection() as connection:
        cursor = await connection.execute("SELECT count(*) FROM mail_pending")
        assert (await cursor.fetchone())[0] == 1, "kept until mailed"
    server = await MailServer(port).start()
    try:
        assert await passes.run_once() == 1
        assert [m["Subject"] for m in server.received] == ["Your turn in Galileo Galilei"]
    finally:
        await server.stop()


async def test_a_server_that_is_down_is_tried_again_and_mails_once_when_up(hall):
    port = free_port()
    notifier, passes = mailer_of(hall, port)
    await with_address(hall, BOB)
    match_id = await ada_and_bob(hall)
    key = NoticeKey(NoticeKind.YOUR_TURN, BOB.player_id, match_id, 0)
    await notifier.run_once()  # SMTP refused: ChannelFailed
    score = await hall.db.zscore(NOTICES, key.member())
    assert score is not None and score > now_ms(), "back in the outbox for later"

    server = await MailServer(port).start()
    try:
        await notifier.run_once()
        assert server.received == [], "not due yet: the backoff"
        await again(hall, key)  # the backoff is over
        await notifier.run_once()
        assert [m["Subject"] for m in server.received] == ["Your turn in Galileo Galilei"]
        assert await hall.db.zscore(NOTICES, key.member()) is None, "done"
        await again(hall, key)
        await notifier.run_once()
        assert len(server.received) == 1, "never twice"
    finally:
        await server.stop()


def test_the_notifier_mails_only_with_an_smtp_host(hall):
    store = store_of(hall)
    base = NotifierProcessSettings(redis_url="redis://x", database_url="postgresql://x")
    assert Channel.EMAIL not in {sender.channel for sender in senders(base, store)}
    on = NotifierProcessSettings(
        redis_url="redis://x",
        database_url="postgresql://x",
        smtp_host="smtp.example",
        smtp_port=2525,
        mail_from="Games <games@example.org>",
        portal_url="https://games.example.org",
    )
    [mail] = [sender for sender in senders(on, store) if sender.channel == Channel.EMAIL]
    assert isinstance(mail, MailSender)
    assert (mail.settings.host, mail.settings.port, mail.settings.starttls) == (
        "smtp.example",
        2525,
        True,
    )
    assert mail.settings.domain == "example.org"
    assert mail.settings.portal == "https://games.example.org"
