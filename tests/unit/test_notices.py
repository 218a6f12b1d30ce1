"""Notices end to end in one process, on a real Redis and PostgreSQL: commits write the outbox,
the notifier files the inbox once and posts signed webhooks to a real HTTP receiver, and the
player's choices (kinds, quiet hours, caps, reminders) and presence decide what goes out."""

from __future__ import annotations

import datetime
import hashlib
import hmac
import json
import re

import pytest
from aiohttp import web

from playhall.accounts.tokens import Player, player_id
from playhall.archive.archive import Archive
from playhall.archive.archiver import Archiver
from playhall.archive.settings import ArchiverSettings
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matchstore.notices import NOTICES, NoticeKey, NoticeKind, NoticeOutbox, mark_watching
from playhall.notifications.compose import compose_told
from playhall.notifications.matches import MatchReader
from playhall.notifications.notifier import Notifier, NotifierSettings
from playhall.notifications.players import PlayerNotices
from playhall.notifications.preferences import Channel, Preferences
from playhall.notifications.reading import Reader
from playhall.notifications.store import NoticeStore
from playhall.notifications.webhook import DISABLE_AFTER, WebhookSender
from tests.helpers import TITLE
from tests.inprocess import Hall, open_hall

pytestmark = pytest.mark.usefixtures("event_loop")

ADA = Player(player_id("https://id", "ada"), "Ada", "https://id", "ada")
BOB = Player(player_id("https://id", "bob"), "Bob", "https://id", "bob")
DAY_S = 24
"""A day of 24 s: an hour of a reminder is a second."""
SEATS = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]


class Receiver:
    """A real HTTP server standing for a player's webhook: it checks every signature and
    answers `status`."""

    def __init__(self):
        self.received: list[dict] = []
        self.bad_signatures = 0
        self.status = 200
        self.secret = ""
        self.runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/hook", self.hook)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}/hook"

    async def hook(self, request: web.Request) -> web.Response:
        body = await request.read()
        fields = dict(
            part.split("=", 1) for part in request.headers["Playhall-Signature"].split(",")
        )
        expected = hmac.new(
            self.secret.encode(), f"{fields['t']}.".encode() + body, hashlib.sha256
        ).hexdigest()
        if not hmac.compare_digest(expected, fields["v1"]):
            self.bad_signatures += 1
            return web.Response(status=400)
        if self.status == 200:
            notice = json.loads(body)
            assert notice["id"] == request.headers["Playhall-Notice-Id"]
            self.received.append(notice)
        return web.Response(status=self.status)

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()


@pytest.fixture
def hall(embedded_redis, database_url, event_loop):
    opened = event_loop.run_until_complete(
        open_hall(embedded_redis.url, database_url=database_url, turn_based_day_s=DAY_S)
    )
    yield opened
    event_loop.run_until_complete(opened.close())


@pytest.fixture
def receiver(event_loop):
    started = Receiver()
    event_loop.run_until_complete(started.start())
    yield started
    event_loop.run_until_complete(started.stop())


def notifier_of(hall: Hall) -> Notifier:
    pool = hall.parking.table.pool
    store = NoticeStore(pool)
    return Notifier(
        NoticeOutbox(hall.db),
        store,
        MatchReader(hall.store, Archive(pool)),
        {Channel.WEBHOOK: WebhookSender(store, "https://playhall.example")},
        NotifierSettings(lease_ms=200),
    )


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


async def pick(hall: Hall, match_id: str, token: str) -> None:
    seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), token)
    await hall.submit(match_id, token, moves_as_any(seen.legal_moves)[0], seen.match.version)


async def inbox(hall: Hall, player: Player) -> list[str]:
    notices, _ = await PlayerNotices(NoticeStore(hall.parking.table.pool)).inbox(
        player.player_id, 50, 0, False
    )
    return [notice.kind for notice in notices]


async def archive_all(hall: Hall) -> None:
    """The archiver's pass, in this process: ended matches archived and rated."""
    archive = Archive(hall.parking.table.pool)
    await Archiver(hall.store, archive, ArchiverSettings(redis_url="", database_url="")).run_once()


async def with_webhook(hall: Hall, player: Player, receiver: Receiver, **choices) -> None:
    players = PlayerNotices(NoticeStore(hall.parking.table.pool), allow_local=True)
    updated = await players.update(
        player.player_id, Preferences(webhook_url=receiver.url, **choices)
    )
    receiver.secret = updated.webhook_secret


async def test_a_new_turn_is_told_once_in_the_inbox_and_by_webhook(hall, receiver):
    notifier = notifier_of(hall)
    await with_webhook(hall, BOB, receiver)
    match_id, tokens = await ada_and_bob(hall)
    assert await notifier.run_once() >= 2
    assert await inbox(hall, ADA) == ["your_turn"] and await inbox(hall, BOB) == ["your_turn"]
    assert [n["kind"] for n in receiver.received] == ["your_turn"]
    assert receiver.received[0]["url"] == f"https://playhall.example/match.html?id={match_id}"
    assert receiver.bad_signatures == 0

    await pick(hall, match_id, tokens[0])  # the same turn: Bob still to pick, nothing new
    await notifier.run_once()
    assert await inbox(hall, BOB) == ["your_turn"] and len(receiver.received) == 1

    # A notifier killed after delivering, before removing: the notice comes back, and
    # neither the inbox nor the webhook tells it twice.
    key = NoticeKey(NoticeKind.YOUR_TURN, BOB.player_id, match_id, 0)
    await hall.db.zadd(NOTICES, {key.member(): 0})
    await notifier.run_once()
    assert await inbox(hall, BOB) == ["your_turn"] and len(receiver.received) == 1
    assert await hall.db.zscore(NOTICES, key.member()) is None, "told, and out of the outbox"


async def test_a_played_turn_is_not_told_and_an_end_is_with_the_rating_it_made(hall, receiver):
    notifier = notifier_of(hall)
    match_id, tokens = await ada_and_bob(hall)
    await pick(hall, match_id, tokens[0])
    await pick(hall, match_id, tokens[1])  # the turn Bob was told of is over
    await hall.api.resign(pb.ResignRequest(match_id=match_id), tokens[0])
    await notifier.run_once()
    assert "match_ended" not in await inbox(hall, BOB), "it waits for the archive's rating"
    await archive_all(hall)
    await hall.db.zadd(NOTICES, {m: 0 for m in await hall.db.zrange(NOTICES, 0, -1)})
    await notifier.run_once()
    bob = await inbox(hall, BOB)
    assert bob.count("match_ended") == 1
    assert "your_turn" not in bob[: bob.index("match_ended")], "no turn told after the end"
    notices, unread = await PlayerNotices(NoticeStore(hall.parking.table.pool)).inbox(
        BOB.player_id, 50, 0, False
    )
    ended = next(n for n in notices if n.kind == "match_ended")
    assert ended.title == "Galileo Galilei against Ada: you won" and unread == len(notices)
    assert re.search(r"Your rating: 0\.0 → \d+\.\d \(\+\d+\.\d\)\.$", ended.body), ended.body
    # Ada lost her first rated match: her figure went below 0, which nobody is shown.
    notices, _ = await PlayerNotices(NoticeStore(hall.parking.table.pool)).inbox(
        ADA.player_id, 50, 0, False
    )
    lost = next(n for n in notices if n.kind == "match_ended")
    assert lost.body.endswith("Your rating: 0.0 → 0.0 (+0.0)."), lost.body


async def test_watching_quiet_hours_and_the_cap_hold_back_the_outside_channels(hall, receiver):
    notifier = notifier_of(hall)
    await with_webhook(hall, BOB, receiver, max_per_hour=1)
    first, _ = await ada_and_bob(hall)
    await mark_watching(hall.db, BOB.player_id, first)
    await notifier.run_once()
    assert receiver.received == [], "Bob watches that match"
    assert await inbox(hall, BOB) == ["your_turn"], "the inbox has it all the same"

    await ada_and_bob(hall)
    await ada_and_bob(hall)
    await notifier.run_once()
    assert len(receiver.received) == 1, "one an hour"
    assert len(await inbox(hall, BOB)) == 3

    store = NoticeStore(hall.parking.table.pool)
    preferences = await store.preferences(BOB.player_id)
    preferences.max_per_hour, preferences.quiet_start_minute = 10, 0
    preferences.quiet_end_minute = 24 * 60 - 1  # quiet all day but a minute
    await store.save_preferences(BOB.player_id, preferences)
    await ada_and_bob(hall)
    await notifier.run_once()
    assert len(receiver.received) == 1, "held in quiet hours"
    held = await hall.db.zrange(NOTICES, 0, -1, withscores=True)
    assert any(BOB.player_id in member.decode() for member, _ in held), "until they end"


async def test_a_failing_webhook_is_retried_then_disabled(hall, receiver):
    notifier = notifier_of(hall)
    await with_webhook(hall, BOB, receiver, reminder_hours=())  # one notice: the turn
    receiver.status = 500
    await ada_and_bob(hall)
    store = NoticeStore(hall.parking.table.pool)
    for _ in range(DISABLE_AFTER):
        await hall.db.zadd(NOTICES, {m: 0 for m in await hall.db.zrange(NOTICES, 0, -1)})
        await notifier.run_once()
    preferences = await store.preferences(BOB.player_id)
    assert preferences.webhook_disabled and preferences.webhook_failures == DISABLE_AFTER
    receiver.status = 200
    await hall.db.zadd(NOTICES, {m: 0 for m in await hall.db.zrange(NOTICES, 0, -1)})
    await notifier.run_once()
    assert receiver.received == [], "disabled: the notice stays in the inbox only"
    left = [
        member
        for member in await hall.db.zrange(NOTICES, 0, -1)
        if BOB.player_id.encode() in member
    ]
    assert left == [], "Bob's notices are all told or dropped"
    await with_webhook(hall, BOB, receiver, reminder_hours=())  # set again: enabled
    await ada_and_bob(hall)
    await notifier.run_once()
    assert [n["kind"] for n in receiver.received] == ["your_turn"]


def reminders_of(entries, player: Player) -> dict[int, int]:
    """The player's reminders waiting in the outbox: hours -> when due."""
    prefix = b"deadline|" + player.player_id.encode()
    return {
        int(NoticeKey.parse(member.decode()).detail): int(score)
        for member, score in entries
        if member.startswith(prefix)
    }


async def test_reminders_come_one_at_a_time_at_the_hours_the_player_chose(hall, receiver):
    notifier = notifier_of(hall)
    notifier.settings = NotifierSettings(lease_ms=200, day_s=DAY_S)
    await with_webhook(hall, BOB, receiver, reminder_hours=(1,))
    match_id, tokens = await ada_and_bob(hall, days=1)
    await pick(hall, match_id, tokens[0])
    deadline = (await hall.store.load(match_id)).deadline_unix_ms
    outbox = await hall.db.zrange(NOTICES, 0, -1, withscores=True)
    # An hour is a second here; 24 h is the whole turn, so 12 h comes first.
    assert reminders_of(outbox, BOB) == {12: deadline - 12_000}
    await notifier.run_once()
    assert [n["kind"] for n in receiver.received] == ["your_turn"], "none is due yet"
    for hours in (12, 6):  # time passes; Bob chose neither: each files the next
        key = NoticeKey(NoticeKind.DEADLINE, BOB.player_id, match_id, 0, str(hours))
        await hall.db.zadd(NOTICES, {key.member(): 0})
        await notifier.run_once()
    outbox = await hall.db.zrange(NOTICES, 0, -1, withscores=True)
    assert reminders_of(outbox, BOB) == {1: deadline - 1_000}
    key = NoticeKey(NoticeKind.DEADLINE, BOB.player_id, match_id, 0, "1")
    await hall.db.zadd(NOTICES, {key.member(): 0})
    await notifier.run_once()
    assert [n["kind"] for n in receiver.received] == ["your_turn", "deadline"]
    assert "left in Galileo" in receiver.received[-1]["title"]
    assert reminders_of(await hall.db.zrange(NOTICES, 0, -1, withscores=True), BOB) == {}


async def test_a_turn_played_withdraws_its_reminder(hall):
    match_id, tokens = await ada_and_bob(hall, days=1)
    outbox = await hall.db.zrange(NOTICES, 0, -1, withscores=True)
    assert set(reminders_of(outbox, ADA)) == {12} and set(reminders_of(outbox, BOB)) == {12}
    await pick(hall, match_id, tokens[0])
    await pick(hall, match_id, tokens[1])  # the turn is over: a new one, new reminders
    outbox = await hall.db.zrange(NOTICES, 0, -1, withscores=True)
    turns = {NoticeKey.parse(m.decode()).version for m, _ in outbox if m.startswith(b"deadline")}
    assert len(turns) == 1 and 0 not in turns, "only the new turn's reminders wait"


async def test_a_kind_turned_off_for_a_channel_goes_nowhere_there(hall, receiver):
    notifier = notifier_of(hall)
    await with_webhook(hall, BOB, receiver)
    store = NoticeStore(hall.parking.table.pool)
    preferences = await store.preferences(BOB.player_id)
    preferences.channels[NoticeKind.YOUR_TURN] = frozenset({Channel.INBOX})
    preferences.channels[NoticeKind.MATCH_ENDED] = frozenset({Channel.WEBHOOK})
    await store.save_preferences(BOB.player_id, preferences)
    match_id, tokens = await ada_and_bob(hall)
    await notifier.run_once()
    assert receiver.received == [], "your turn: the inbox only"
    assert await inbox(hall, BOB) == ["your_turn"]
    await hall.api.resign(pb.ResignRequest(match_id=match_id), tokens[0])
    await archive_all(hall)
    await hall.db.zadd(NOTICES, {m: 0 for m in await hall.db.zrange(NOTICES, 0, -1)})
    await notifier.run_once()
    assert [n["kind"] for n in receiver.received] == ["match_ended"], "the webhook only"
    assert await inbox(hall, BOB) == ["your_turn"]


class FailingChannel(WebhookSender):
    """A second outside channel whose endpoint really fails (a receiver answering 500),
    standing where push or e-mail would."""

    channel = Channel.PUSH

    def __init__(self, store: NoticeStore, receiver: Receiver):
        super().__init__(store, "https://playhall.example")
        self.receiver = receiver

    async def ready(self, player_id, preferences) -> bool:
        return True

    async def send(self, player_id, preferences, notice) -> None:
        failing = Preferences(webhook_url=self.receiver.url, webhook_secret=self.receiver.secret)
        await super().send(player_id, failing, notice)


async def test_a_failing_channel_holds_up_no_other(hall, receiver, event_loop):
    broken = Receiver()
    await broken.start()
    try:
        broken.status, broken.secret = 500, "x"
        notifier = notifier_of(hall)
        store = NoticeStore(hall.parking.table.pool)
        notifier.senders[Channel.PUSH] = FailingChannel(store, broken)
        await with_webhook(hall, BOB, receiver, reminder_hours=())
        await ada_and_bob(hall)
        await notifier.run_once()
        assert [n["kind"] for n in receiver.received] == ["your_turn"], "the webhook went out"
        turn = b"your_turn|" + BOB.player_id.encode()
        bob = [m for m in await hall.db.zrange(NOTICES, 0, -1) if m.startswith(turn)]
        assert len(bob) == 1, "the notice waits to be pushed again"
        await hall.db.zadd(NOTICES, {bob[0]: 0})
        await notifier.run_once()
        assert len(receiver.received) == 1, "and the webhook does not send it twice"
    finally:
        await broken.stop()


def test_challenge_and_moderation_notices_read_in_the_readers_language_and_zone():
    # 2026-12-05 16:00 UTC: 17:00 in Berlin, 19:30 in Tehran.
    at_ms = int(datetime.datetime(2026, 12, 5, 16, tzinfo=datetime.UTC).timestamp() * 1000)
    german, persian = Reader("de", "Europe/Berlin"), Reader("fa", "Asia/Tehran")
    received = NoticeKey(NoticeKind.CHALLENGE_RECEIVED, ADA.player_id, "c-1", 0)
    facts = {"from": "Bob", "title_id": "galileo", "turn_based": "1", "days": "3"}
    notice = compose_told(received, {**facts, "expires_ms": str(at_ms)})
    assert notice is not None
    assert german.read(notice.title) == "Bob fordert dich zu Galileo Galilei heraus"
    assert german.read(notice.body) == (
        "Eine Fernpartie (3 Tage pro Zug). Nimm sie bis 05.12.2026, 17:00 in deinen "
        "Herausforderungen an oder lehne sie ab."
    )
    # Facts filed before they were ids: the title and the pace as words.
    older = {"from": "Bob", "title": "Galileo", "pace": "live", "expires_ms": str(at_ms)}
    notice = compose_told(received, older)
    assert notice is not None and Reader().read(notice.body).startswith("A live match.")

    declined = NoticeKey(NoticeKind.CHALLENGE_ANSWERED, ADA.player_id, "c-1", 0, "declined")
    told = {"by": "Bob", "title_id": "galileo", "reason": "too slow", "reason_id": "too_slow"}
    notice = compose_told(declined, told)
    assert notice is not None
    assert persian.read(notice.title) == "Bob چالش شما را رد کرد"
    assert persian.read(notice.body) == "گالیله گالیله: برایش بیش از حد کند است."

    muted = NoticeKey(NoticeKind.MODERATION, ADA.player_id, "", 0, "mute_from_chat")
    notice = compose_told(muted, {"reason": "spam", "until_ms": str(at_ms)})
    assert notice is not None
    assert persian.read(notice.title) == "یک ناظر گفت‌وگوی شما را تا ۵ دسامبر ۲۰۲۶،\u200f ۱۹:۳۰ بست"
    assert persian.read(notice.body) == "دلیل: spam"
    ended = NoticeKey(NoticeKind.MODERATION, ADA.player_id, "", 0, "end_match")
    notice = compose_told(ended, {"reason": "spam", "matches": "2"})
    assert notice is not None
    assert german.read(notice.title) == (
        "Ein Moderator hat deine Teilnahme an 2 Partien als abgebrochen beendet"
    )
