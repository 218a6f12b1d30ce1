"""Web Push in one process, on a real Redis and PostgreSQL: the notifier pushes to a real HTTP
server standing for the browsers' push services, which checks every VAPID signature as a push
service does and decrypts every payload with the keys a browser made (RFC 8291), so what a
browser would show is what is asserted; gone subscriptions are dropped, failures retried, and a
notice a browser got is never pushed again."""

from __future__ import annotations

import base64
import dataclasses
import datetime
import json
import os
import re
import time

import http_ece
import pytest
from aiohttp import web
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from playhall.accounts.tokens import Player, player_id
from playhall.archive.archive import Archive
from playhall.common.settings import SettingsError
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matchstore.notices import NOTICES, NoticeKey, NoticeKind, NoticeOutbox
from playhall.notifications import notifier as notifier_module
from playhall.notifications.compose import Notice
from playhall.notifications.matches import MatchReader
from playhall.notifications.metrics import NOTICES_FAILED
from playhall.notifications.notifier import Notifier, NotifierSettings
from playhall.notifications.players import PlayerNotices
from playhall.notifications.preferences import Channel
from playhall.notifications.push import (
    DEFAULT_TTL_S,
    MAX_TTL_S,
    PushSender,
    main,
    new_keys,
    private_key,
    public_key,
    time_to_live,
    topic,
)
from playhall.notifications.store import NoticeStore, PushSubscription
from playhall.notifier.server import senders
from playhall.notifier.settings import NotifierProcessSettings
from playhall.player_service.servicer import PlayerServicer
from playhall.players.v1 import player_service_pb2 as ppb
from tests.helpers import TITLE
from tests.inprocess import Hall, open_hall

pytestmark = pytest.mark.usefixtures("event_loop")

ADA = Player(player_id("https://id", "ada"), "Ada", "https://id", "ada")
BOB = Player(player_id("https://id", "bob"), "Bob", "https://id", "bob")
DAY_S = 24
"""A day of 24 s: a turn of two days lasts 48 s."""
SEATS = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]
PORTAL = "https://playhall.example"
SUBJECT = "mailto:ops@playhall.example"
KEYS = new_keys()
"""The operator's VAPID key pair (private, public)."""


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Refused(Exception):
    """What a push service answers 401 to."""


@dataclasses.dataclass
class Browser:
    """A browser's subscription as `PushManager.subscribe` makes it: a P-256 key pair and a
    16-byte authentication secret, the public parts given to the application server."""

    name: str
    key: ec.EllipticCurvePrivateKey
    auth: bytes
    endpoint: str

    def subscription(self) -> PushSubscription:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return PushSubscription(self.endpoint, b64url(point), b64url(self.auth))


@dataclasses.dataclass
class Push:
    browser: str
    headers: dict[str, str]
    payload: dict
    claims: dict


class PushService:
    """A real HTTP server standing for the push services: it refuses a push whose VAPID token
    is not an ES256 JWT signed by the application server key browsers subscribed with, for
    this origin, unexpired; decrypts what it accepts with the browser's keys; and answers each
    browser with `status` (201 unless set)."""

    def __init__(self, vapid_public_key: str):
        self.vapid_public_key = vapid_public_key
        self.browsers: dict[str, Browser] = {}
        self.status: dict[str, int] = {}
        self.received: list[Push] = []
        self.answered: list[tuple[str, int]] = []
        self.refused: list[str] = []
        self.origin = ""
        self.runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/push/{name}", self.push)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.origin = f"http://127.0.0.1:{port}"

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    def browser(self, name: str, status: int = 201) -> PushSubscription:
        """A new browser's subscription, whose pushes this service answers `status`."""
        browser = Browser(
            name, ec.generate_private_key(ec.SECP256R1()), os.urandom(16), self.origin
        )
        browser.endpoint = f"{self.origin}/push/{name}"
        self.browsers[name], self.status[name] = browser, status
        return browser.subscription()

    def verify(self, authorization: str) -> dict:
        """The claims of a `vapid t=<jwt>, k=<key>` header (RFC 8292), or Refused."""
        scheme, _, parameters = authorization.partition(" ")
        if scheme.lower() != "vapid":
            raise Refused(f"no vapid authorization: {authorization!r}")
        fields = dict(part.strip().split("=", 1) for part in parameters.split(","))
        token, key = fields["t"], fields["k"]
        if key != self.vapid_public_key:
            raise Refused("signed by another application server key")
        head, body, signature = token.split(".")
        if json.loads(unb64url(head)).get("alg") != "ES256":
            raise Refused("not ES256")
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
        raw = unb64url(signature)
        if len(raw) != 64:
            raise Refused("an ES256 signature is r and s, 32 bytes each")
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        try:
            public.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise Refused("bad signature") from None
        claims = json.loads(unb64url(body))
        if claims.get("aud") != self.origin:
            raise Refused(f"aud {claims.get('aud')!r} is not {self.origin!r}")
        if not time.time() < claims["exp"] <= time.time() + 86_400:
            raise Refused(f"exp {claims['exp']} is past or more than a day away")
        if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
            raise Refused("no sub")
        return claims

    async def push(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = await request.read()
        try:
            claims = self.verify(request.headers.get("Authorization", ""))
        except (Refused, KeyError, ValueError) as error:
            self.refused.append(f"{name}: {error}")
            return web.Response(status=401)
        status = self.status[name]
        self.answered.append((name, status))
        if status != 201:
            return web.Response(status=status)
        browser = self.browsers[name]
        assert request.headers["Content-Encoding"] == "aes128gcm", "RFC 8291's encoding"
        plain = http_ece.decrypt(
            body, private_key=browser.key, auth_secret=browser.auth, version="aes128gcm"
        )
        headers = {name.lower(): value for name, value in request.headers.items()}
        self.received.append(Push(name, headers, json.loads(plain), claims))
        return web.Response(status=201)


@pytest.fixture
def hall(embedded_redis, database_url, event_loop):
    opened = event_loop.run_until_complete(
        open_hall(
            embedded_redis.url,
            database_url=database_url,
            turn_based_day_s=DAY_S,
            vapid_public_key=KEYS[1],
        )
    )
    yield opened
    event_loop.run_until_complete(opened.close())


@pytest.fixture
def service(event_loop):
    started = PushService(KEYS[1])
    event_loop.run_until_complete(started.start())
    yield started
    event_loop.run_until_complete(started.stop())


def store_of(hall: Hall) -> NoticeStore:
    return NoticeStore(hall.parking.table.pool)


@pytest.fixture
def pushers(event_loop):
    """The push senders a test made, closed after it."""
    made: list[PushSender] = []
    yield made
    for sender in made:
        event_loop.run_until_complete(sender.close())


def notifier_of(hall: Hall, pushers: list, vapid_private_key: str = KEYS[0]) -> Notifier:
    store = store_of(hall)
    pusher = PushSender(store, PORTAL, vapid_private_key, SUBJECT)
    pushers.append(pusher)
    return Notifier(
        NoticeOutbox(hall.db),
        store,
        MatchReader(hall.store, Archive(hall.parking.table.pool)),
        {Channel.PUSH: pusher},
        NotifierSettings(lease_ms=200),
    )


async def subscribe(hall: Hall, player: Player, *subscriptions: PushSubscription) -> None:
    players = PlayerNotices(store_of(hall), allow_local=True)
    for subscription in subscriptions:
        await players.subscribe(player.player_id, subscription)


async def ada_and_bob(hall: Hall, days: int = 2) -> tuple[str, dict[int, str]]:
    clock = pb.Clock(
        seconds_per_turn=days * DAY_S, on_timeout=pb.TIMEOUT_ACTION_FORFEIT, pace=pb.PACE_TURN_BASED
    )
    created = await hall.api.create(
        pb.CreateMatchRequest(title_id=TITLE, seats=SEATS, clock=clock), ADA
    )
    match_id = created.match.match_id
    joined = await hall.api.join(pb.JoinMatchRequest(match_id=match_id), BOB)
    return match_id, {0: created.tokens[0].token, 1: joined.token.token}


def your_turn(player: Player, match_id: str) -> str:
    return NoticeKey(NoticeKind.YOUR_TURN, player.player_id, match_id, 0).member()


async def waiting(hall: Hall) -> dict[str, float]:
    """The outbox: member -> when due (unix ms)."""
    entries = await hall.db.zrange(NOTICES, 0, -1, withscores=True)
    return {member.decode(): score for member, score in entries}


async def test_a_turn_is_pushed_signed_and_encrypted_to_each_browser_once(
    hall, service, pushers, monkeypatch
):
    # A match's end is told at once, without waiting for the archive to rate it.
    monkeypatch.setattr(notifier_module, "RATING_WAIT_MS", 0)
    notifier = notifier_of(hall, pushers)
    await subscribe(hall, BOB, service.browser("laptop"), service.browser("phone"))
    match_id, tokens = await ada_and_bob(hall)
    await notifier.run_once()

    assert service.refused == []
    assert sorted(push.browser for push in service.received) == ["laptop", "phone"]
    key = your_turn(BOB, match_id)
    for push in service.received:
        assert push.payload["title"] == "Your turn in Galileo Galilei"
        assert push.payload["url"] == f"{PORTAL}/match.html?id={match_id}"
        assert push.payload["tag"] == key
        assert push.payload["kind"] == "your_turn" and push.payload["match_id"] == match_id
        assert push.payload["body"].startswith("Ada waits for your move.")
        assert push.headers["urgency"] == "normal", "a turn-based turn is not urgent"
        assert 2 * DAY_S - 10 <= int(push.headers["ttl"]) <= 2 * DAY_S, "until the deadline"
        assert push.headers["topic"] == topic(key)
        assert re.fullmatch(r"[A-Za-z0-9_-]{1,32}", push.headers["topic"])
        assert push.claims["sub"] == SUBJECT

    # A notifier killed after pushing, before removing: the notice comes back, and no
    # browser gets it twice.
    await hall.db.zadd(NOTICES, {key: 0})
    await notifier.run_once()
    assert len(service.received) == 2 and key not in await waiting(hall)

    await hall.api.resign(pb.ResignRequest(match_id=match_id), tokens[0])
    await notifier.run_once()
    ended = [push for push in service.received if push.payload["kind"] == "match_ended"]
    assert sorted(push.browser for push in ended) == ["laptop", "phone"]
    for push in ended:
        assert push.payload["title"] == "Galileo Galilei against Ada: you won"
        assert push.headers["urgency"] == "low"
        assert int(push.headers["ttl"]) == DEFAULT_TTL_S, "an ending never expires"
        assert push.headers["topic"] == topic(push.payload["tag"]) != topic(key)
    assert service.refused == []


async def speaking(hall: Hall, player: Player, language: str) -> None:
    """The player chose `language` in their settings."""
    store = store_of(hall)
    preferences = await store.preferences(player.player_id)
    preferences.language = language
    await store.save_preferences(player.player_id, preferences)


async def test_a_push_is_worded_in_the_players_language(hall, service, pushers):
    notifier = notifier_of(hall, pushers)
    await subscribe(hall, ADA, service.browser("ada"))
    await subscribe(hall, BOB, service.browser("bob"))
    await speaking(hall, ADA, "fa")
    await speaking(hall, BOB, "de")
    await ada_and_bob(hall)
    await notifier.run_once()
    pushed = {push.browser: push.payload for push in service.received}
    assert pushed["bob"]["title"] == "Du bist am Zug: Galileo Galilei"
    assert pushed["bob"]["body"].startswith("Ada wartet auf deinen Zug. Du hast noch ")
    assert pushed["bob"]["lang"] == "de"
    # A day is 24 s here: less than a minute is left (said as 60 s), in Persian digits.
    assert pushed["ada"]["title"] == "نوبت شما در گالیله گالیله"
    assert pushed["ada"]["body"] == "Bob منتظر حرکت شما است. ۶۰ ثانیه فرصت دارید."
    assert pushed["ada"]["lang"] == "fa"


async def test_gone_and_broken_subscriptions_are_dropped(hall, service, pushers):
    notifier = notifier_of(hall, pushers)
    store = store_of(hall)
    live = service.browser("live")
    await subscribe(hall, BOB, service.browser("old", 410), service.browser("lost", 404), live)
    broken = PushSubscription(f"{service.origin}/push/broken", b64url(b"not a key"), "c2VjcmV0")
    dead = service.browser("dead", 410)
    await subscribe(hall, ADA, dead, broken)
    match_id, _ = await ada_and_bob(hall)
    await notifier.run_once()

    assert [push.browser for push in service.received] == ["live"]
    assert sorted(service.answered) == [("dead", 410), ("live", 201), ("lost", 404), ("old", 410)]
    assert await store.subscriptions(BOB.player_id) == [live], "410 and 404 dropped"
    assert await store.subscriptions(ADA.player_id) == [], "a gone one and one never usable"
    assert await store.delivered(your_turn(BOB, match_id), Channel.PUSH)
    outbox = await waiting(hall)
    assert your_turn(ADA, match_id) not in outbox, "nothing to retry: Ada has no browser left"
    assert your_turn(BOB, match_id) not in outbox

    # Ada subscribes again: only the new browser is pushed to.
    await subscribe(hall, ADA, service.browser("again"))
    await ada_and_bob(hall)
    await notifier.run_once()
    assert sorted(push.browser for push in service.received) == ["again", "live", "live"]
    assert [name for name, _ in service.answered].count("dead") == 1


async def test_a_failing_push_service_is_retried_and_a_pushed_notice_never_again(
    hall, service, pushers
):
    notifier = notifier_of(hall, pushers)
    store = store_of(hall)
    failed = NOTICES_FAILED.labels(Channel.PUSH.value)._value.get()
    await subscribe(hall, BOB, service.browser("phone", 500))
    match_id, _ = await ada_and_bob(hall)
    key = your_turn(BOB, match_id)
    started_ms = time.time() * 1000
    await notifier.run_once()

    assert service.answered == [("phone", 500)] and service.received == []
    assert NOTICES_FAILED.labels(Channel.PUSH.value)._value.get() == failed + 1
    assert not await store.delivered(key, Channel.PUSH)
    assert (await waiting(hall))[key] > started_ms, "put back for later"
    assert await store.subscriptions(BOB.player_id) != [], "a 500 keeps the subscription"

    service.status["phone"] = 201
    await hall.db.zadd(NOTICES, {key: 0})  # its backoff is over
    await notifier.run_once()
    assert [push.payload["tag"] for push in service.received] == [key]
    assert key not in await waiting(hall)
    assert await store.delivered(key, Channel.PUSH)

    await hall.db.zadd(NOTICES, {key: 0})  # told again (a notifier killed before removing)
    await notifier.run_once()
    assert len(service.received) == 1 and len(service.answered) == 2, "not even tried again"


async def test_a_push_signed_with_another_key_is_refused_and_retried(hall, service, pushers):
    notifier = notifier_of(hall, pushers, new_keys()[0])
    await subscribe(hall, BOB, service.browser("phone"))
    match_id, _ = await ada_and_bob(hall)
    await notifier.run_once()
    assert service.received == []
    assert service.refused == ["phone: signed by another application server key"]
    assert your_turn(BOB, match_id) in await waiting(hall)


class Context:
    """The parts of a `grpc.aio.ServicerContext` PlayerService uses."""

    def invocation_metadata(self):
        return (("authorization", "Bearer bob"),)

    async def abort(self, code, details, trailing_metadata=()):
        raise AssertionError(f"aborted {code}: {details}")


async def test_the_portal_reads_the_public_key_and_its_subscription_is_pushed_to(
    hall, service, pushers
):
    async def bob(token):
        return BOB if token == "bob" else None

    hall.matches.identity.resolve = bob
    servicer = PlayerServicer(hall.matches, changes=None)  # type: ignore[arg-type]
    # The hall's domain has no archive (its parking has the pool): its notices are given.
    servicer.notices = PlayerNotices(store_of(hall), allow_local=True)
    answer = await servicer.GetNotificationSettings(ppb.GetNotificationSettingsRequest(), Context())
    assert answer.settings.push_public_key == KEYS[1]
    subscription = service.browser("portal")
    request = ppb.AddPushSubscriptionRequest(
        endpoint=subscription.endpoint, p256dh=subscription.p256dh, auth=subscription.auth
    )
    await servicer.AddPushSubscription(request, Context())
    await ada_and_bob(hall)
    await notifier_of(hall, pushers).run_once()
    assert [push.browser for push in service.received] == ["portal"]
    assert service.refused == []


def test_vapid_keys_read_as_raw_or_pem_and_the_helper_prints_a_pair(capsys):
    private, public = new_keys()
    assert public_key(private_key(private)) == public
    assert len(unb64url(public)) == 65 and unb64url(public)[0] == 4
    pem = (
        private_key(private)
        .private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        .decode()
    )
    assert public_key(private_key(pem)) == public
    assert public_key(private_key(pem.replace("\n", "\\n"))) == public, "one line in a .env"
    for wrong in ("nonsense!", b64url(os.urandom(31))):
        with pytest.raises(ValueError, match="not a VAPID private key"):
            private_key(wrong)
    other_curve = ec.generate_private_key(ec.SECP384R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    with pytest.raises(ValueError, match="P-256"):
        private_key(other_curve.decode())

    main(["--new-keys"])
    lines = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    assert set(lines) == {"PLAYHALL_VAPID_PRIVATE_KEY", "PLAYHALL_VAPID_PUBLIC_KEY"}
    assert (
        public_key(private_key(lines["PLAYHALL_VAPID_PRIVATE_KEY"]))
        == (lines["PLAYHALL_VAPID_PUBLIC_KEY"])
    )


def test_topic_and_time_to_live():
    first, second = topic("your_turn|p|m|0|"), topic("your_turn|p|m|1|")
    assert re.fullmatch(r"[A-Za-z0-9_-]{32}", first) and first != second
    assert topic("your_turn|p|m|0|") == first
    now = datetime.datetime(2030, 1, 1, tzinfo=datetime.UTC)
    key = NoticeKey(NoticeKind.YOUR_TURN, "p", "m", 0)

    def notice(expires_at):
        return Notice(
            key, "notice-your-turn-title", "notice-your-turn-body", "/", expires_at=expires_at
        )

    assert time_to_live(notice(None), now) == DEFAULT_TTL_S
    assert time_to_live(notice(now + datetime.timedelta(minutes=5)), now) == 300
    assert time_to_live(notice(now - datetime.timedelta(minutes=5)), now) == 0
    assert time_to_live(notice(now + datetime.timedelta(days=400)), now) == MAX_TTL_S


def test_push_is_on_only_with_a_key_and_a_subject():
    required = {"redis_url": "redis://127.0.0.1:1", "database_url": "postgresql://x/y"}
    plain = NotifierProcessSettings(**required)
    assert [s.channel for s in senders(plain, NoticeStore(None))] == [Channel.WEBHOOK]  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="PLAYHALL_VAPID_SUBJECT"):
        NotifierProcessSettings(**required, vapid_private_key=KEYS[0])
    with pytest.raises(SettingsError, match="PLAYHALL_VAPID_PRIVATE_KEY"):
        NotifierProcessSettings(**required, vapid_private_key="nonsense!", vapid_subject=SUBJECT)
    pushing = NotifierProcessSettings(**required, vapid_private_key=KEYS[0], vapid_subject=SUBJECT)
    channels = [s.channel for s in senders(pushing, NoticeStore(None))]  # type: ignore[arg-type]
    assert channels == [Channel.WEBHOOK, Channel.PUSH]
