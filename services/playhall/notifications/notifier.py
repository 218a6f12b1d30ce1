"""The notifier's pass: claim due notices from the outbox, tell each player what they asked to
be told, where and when they asked, then remove the notice.

For one notice: the match is read as it is now and the notice composed (`compose`; one whose
cause no longer holds is dropped); the inbox files it (once: its collapse key is the inbox's
key); then each outside channel the player chose (push, e-mail, webhook) sends it, unless it
sent that key before, the player is watching the match right now, the hour's cap is reached,
or it has expired. In quiet hours the outside channels wait: the notice is put back until they
end. A channel that fails puts the notice back with a backoff (the others send all the same);
past `MAX_ATTEMPTS` it is given up (logged, and counted by `playhall_notices_given_up_total`).
Everything that went out is recorded before the notice leaves the outbox, so a notifier killed
anywhere leaves a notice that the next claim finishes: at least once, and each channel drops
what it recorded."""

from __future__ import annotations

import asyncio
import datetime
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

import psycopg

from playhall.common.passes import BackgroundPass
from playhall.matches.clocks import DAY_S
from playhall.matches.notices import first_reminder
from playhall.matches.waiting import waiting_on
from playhall.matchstore.model import Match
from playhall.matchstore.notices import TOLD_BY_FACTS, NoticeKey, NoticeKind, NoticeOutbox
from playhall.matchstore.store import now_ms
from playhall.notifications.compose import Notice, compose, compose_told
from playhall.notifications.metrics import (
    NOTICE_LAG,
    NOTICE_LATENCY,
    NOTICES_DUPLICATE,
    NOTICES_FAILED,
    NOTICES_GIVEN_UP,
    NOTICES_SENT,
    NOTICES_SUPPRESSED,
    OUTBOX_LENGTH,
)
from playhall.notifications.preferences import OUTSIDE, Channel, Preferences
from playhall.notifications.reading import ENGLISH
from playhall.notifications.store import InboxNotice, NoticeStore

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 12
"""Failed deliveries after which a notice is given up: backoffs of 2, 4, ... 2048 s, about an
hour and ten minutes in all."""
MAX_BACKOFF_S = 3_600.0
MAX_PASSES_AT_ONCE = 16
"""Full batches one run works off before it waits an interval (and measures)."""
RATING_WAIT_MS = 30_000
"""How long a match's end waits to be told with the rating change it made; an end the archive
has not rated by then (an unrated match, or the archive behind) is told without."""


class ChannelFailed(Exception):
    """A channel could not deliver now; the notice is tried again later."""


class Sender(Protocol):
    """One outside channel."""

    channel: Channel

    async def ready(self, player_id: str, preferences: Preferences) -> bool:
        """Whether the player has this channel set up (an address confirmed, a subscription)."""

    async def send(self, player_id: str, preferences: Preferences, notice: Notice) -> None:
        """Delivers the notice; raises `ChannelFailed` when it could not now."""

    async def close(self) -> None:
        """Releases its connections."""


class MatchReader(Protocol):
    async def match(self, match_id: str) -> Match | None: ...

    async def rating_change(self, player_id: str, match_id: str) -> tuple[float, float] | None: ...


@dataclass(frozen=True)
class NotifierSettings:
    interval_s: float = 0.5
    lease_ms: int = 60_000
    batch: int = 64
    concurrency: int = 16
    retention: datetime.timedelta = datetime.timedelta(days=30)
    day_s: int = DAY_S
    """A turn-based day (`PLAYHALL_TURN_BASED_DAY_S`), which reminder hours are of."""


class Notifier(BackgroundPass):
    name = "notifier"

    def __init__(
        self,
        outbox: NoticeOutbox,
        store: NoticeStore,
        matches: MatchReader,
        senders: Mapping[Channel, Sender],
        settings: NotifierSettings = NotifierSettings(),
    ):
        super().__init__(settings.interval_s)
        self.outbox = outbox
        self.store = store
        self.matches = matches
        self.senders = dict(senders)
        self.settings = settings
        self._pruned_at = 0.0

    async def run_once(self) -> int:
        """Passes over the outbox until one claims less than a full batch (a backlog is worked
        off without waiting an interval between batches); returns how many notices it
        finished."""
        finished = 0
        for _ in range(MAX_PASSES_AT_ONCE):
            claimed, done = await self._pass()
            finished += done
            if claimed < self.settings.batch:
                break
        await self._measure()
        return finished

    async def _pass(self) -> tuple[int, int]:
        """One batch: how many notices it claimed, and how many it finished."""
        claimed = await self.outbox.claim(now_ms(), self.settings.lease_ms, self.settings.batch)
        # One player's notices one after another (their hour's cap counts each before the
        # next), different players' at once.
        by_player: dict[str, list[tuple[NoticeKey, int]]] = {}
        for key, due_ms in claimed:
            by_player.setdefault(key.player_id, []).append((key, due_ms))
        limit = asyncio.Semaphore(self.settings.concurrency)

        async def handle(notices: list[tuple[NoticeKey, int]]) -> int:
            async with limit:
                return sum([await self.handle(key, due_ms) for key, due_ms in notices])

        finished = sum(await asyncio.gather(*map(handle, by_player.values())))
        return len(claimed), finished

    async def handle(self, key: NoticeKey, due_ms: int) -> bool:
        """Tells one notice; True when it left the outbox."""
        try:
            told = await self._tell(key, due_ms)
        except (psycopg.OperationalError, ChannelFailed) as error:
            attempts = await self.outbox.failed(key)
            if attempts >= MAX_ATTEMPTS:
                log.warning("notice given up", extra={"key": key.member(), "error": str(error)})
                NOTICES_GIVEN_UP.inc()
                await self.outbox.done(key)
                return True
            backoff = min(2.0**attempts, MAX_BACKOFF_S)
            log.info("notice not delivered yet", extra={"key": key.member(), "error": str(error)})
            await self.outbox.later(key, now_ms() + int(backoff * 1000))
            return False
        if told:
            await self.outbox.done(key)
        return told

    async def _tell(self, key: NoticeKey, due_ms: int) -> bool:
        match = None
        if key.kind in TOLD_BY_FACTS:
            notice = compose_told(key, await self.outbox.facts(key))
        else:
            match = await self.matches.match(key.match_id)
            now = now_ms()
            rating = None
            if key.kind == NoticeKind.MATCH_ENDED and match is not None:
                rating = await self.matches.rating_change(key.player_id, key.match_id)
                if rating is None and now - match.updated_unix_ms < RATING_WAIT_MS:
                    # The archiver rates a match within seconds of its end: tell the change.
                    await self.outbox.later(key, now + RATING_WAIT_MS // 10)
                    return False
            notice = compose(key, match, now, rating)
        if notice is None:
            NOTICES_SUPPRESSED.labels(Channel.INBOX.value, "stale").inc()
            return True
        preferences = await self.store.preferences(key.player_id)
        if key.kind == NoticeKind.DEADLINE:
            assert match is not None  # composed
            await self._file_next_reminder(key, match)
            if not preferences.reminds_at(int(key.detail)):
                return True
        watching = await self.outbox.watching(key.player_id, key.match_id)
        live_turn = key.kind == NoticeKind.YOUR_TURN and match is not None
        if live_turn and watching and match is not None and not match.clock.turn_based:
            NOTICES_SUPPRESSED.labels(Channel.INBOX.value, "watching").inc()
            return True
        if preferences.wants(key.kind, Channel.INBOX):
            await self._file(notice, due_ms)
        outside = [
            self.senders[channel]
            for channel in OUTSIDE
            if channel in self.senders and preferences.wants(key.kind, channel)
        ]
        if not outside:
            return True
        if watching:
            for sender in outside:
                NOTICES_SUPPRESSED.labels(sender.channel.value, "watching").inc()
            return True
        quiet_until = preferences.quiet_until(datetime.datetime.now(datetime.UTC))
        if quiet_until is not None:
            if notice.expires_at is not None and notice.expires_at <= quiet_until:
                for sender in outside:
                    NOTICES_SUPPRESSED.labels(sender.channel.value, "expired").inc()
                return True
            await self.outbox.later(key, int(quiet_until.timestamp() * 1000))
            return False
        failed = []
        for sender in outside:
            # Every channel is tried: one that fails does not hold up the others, and the
            # retry sends only on those that did not deliver.
            try:
                await self._send(sender, preferences, notice, due_ms)
            except ChannelFailed as error:
                failed.append(f"{sender.channel.value}: {error}")
        if failed:
            raise ChannelFailed("; ".join(failed))
        return True

    async def _file_next_reminder(self, key: NoticeKey, match: Match) -> None:
        """Files the turn's next reminder (one waits at a time), before this one leaves."""
        deadline_ms = waiting_on(match).get(key.player_id)
        if not deadline_ms:
            return
        reminder = first_reminder(
            key.player_id,
            key.match_id,
            key.version,
            deadline_ms,
            now_ms(),
            self.settings.day_s,
            below=int(key.detail),
        )
        if reminder is not None:
            await self.outbox.file(*reminder)

    async def _file(self, notice: Notice, due_ms: int) -> None:
        key = notice.key
        filed = await self.store.add(
            InboxNotice(
                key.player_id,
                notice.collapse_key,
                key.kind.value,
                key.match_id,
                ENGLISH.read(notice.title),
                ENGLISH.read(notice.body),
                notice.url,
                title_key=notice.title_key,
                body_key=notice.body_key,
                args=notice.args,
            )
        )
        if filed:
            NOTICES_SENT.labels(Channel.INBOX.value).inc()
            NOTICE_LATENCY.labels(Channel.INBOX.value).observe(max(now_ms() - due_ms, 0) / 1000)
        else:
            NOTICES_DUPLICATE.labels(Channel.INBOX.value).inc()

    async def _send(
        self, sender: Sender, preferences: Preferences, notice: Notice, due_ms: int
    ) -> None:
        channel, player_id = sender.channel, notice.key.player_id
        if not await sender.ready(player_id, preferences):
            return
        if await self.store.delivered(notice.collapse_key, channel):
            NOTICES_DUPLICATE.labels(channel.value).inc()
            return
        if await self.store.sent_last_hour(player_id, channel) >= preferences.max_per_hour:
            NOTICES_SUPPRESSED.labels(channel.value, "cap").inc()
            return
        try:
            await sender.send(player_id, preferences, notice)
        except ChannelFailed:
            NOTICES_FAILED.labels(channel.value).inc()
            raise
        await self.store.record(notice.collapse_key, channel, player_id)
        NOTICES_SENT.labels(channel.value).inc()
        NOTICE_LATENCY.labels(channel.value).observe(max(now_ms() - due_ms, 0) / 1000)

    async def _measure(self) -> None:
        now = now_ms()
        OUTBOX_LENGTH.set(await self.outbox.length())
        oldest = await self.outbox.oldest_due(now)
        NOTICE_LAG.set(max(now - oldest, 0) / 1000 if oldest is not None else 0)
        if time.monotonic() - self._pruned_at > 3_600:
            self._pruned_at = time.monotonic()
            await self.store.prune(self.settings.retention)
