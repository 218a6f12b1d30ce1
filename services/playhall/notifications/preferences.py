"""What a player chooses to be told, where, when and in which language: plain data, stored as
JSON (`notification_settings`), checked when set, and the rules that follow from it (which
channels a notice goes to, quiet hours in the player's time zone, who reads a notice)."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
import zoneinfo
from dataclasses import dataclass, field
from typing import Any

from playhall.common.errors import InvalidRequest
from playhall.core import i18n
from playhall.matchstore.notices import NoticeKind
from playhall.notifications.reading import Reader

REMINDER_CHOICES = (24, 12, 6, 1)
"""The hours before a deadline a player may be reminded at (`matches.notices.REMINDER_HOURS`)."""
MAX_PER_HOUR_LIMITS = (1, 1000)
DIGEST_MINUTES_LIMITS = (0, 24 * 60)


class Channel(enum.StrEnum):
    """Where a notice goes."""

    INBOX = "inbox"
    PUSH = "push"
    EMAIL = "email"
    WEBHOOK = "webhook"


OUTSIDE = (Channel.PUSH, Channel.EMAIL, Channel.WEBHOOK)
"""The channels that reach a player away from Playhall: quiet hours and caps apply to them."""

DEFAULT_CHANNELS: dict[NoticeKind, frozenset[Channel]] = {
    NoticeKind.YOUR_TURN: frozenset(Channel),
    NoticeKind.DEADLINE: frozenset(Channel),
    NoticeKind.MATCH_ENDED: frozenset(Channel),
    NoticeKind.SEAT_LEFT: frozenset({Channel.INBOX}),
    NoticeKind.ROUND_PAIRED: frozenset(Channel),
    NoticeKind.TICKET_MATCHED: frozenset(Channel),
    NoticeKind.CHALLENGE_RECEIVED: frozenset(Channel),
    NoticeKind.CHALLENGE_ANSWERED: frozenset(Channel),
    NoticeKind.MODERATION: frozenset({Channel.INBOX, Channel.EMAIL}),
}
"""What a player who never chose gets: everything on every channel they set up (a channel not
set up, such as an e-mail address never given, sends nothing), a seat leaving in the inbox
only."""
ALWAYS_IN_INBOX = frozenset({NoticeKind.MODERATION})
"""Kinds a player cannot turn off in the inbox: a moderator's action is told with its reason."""


@dataclass
class Preferences:
    """One player's notification settings."""

    channels: dict[NoticeKind, frozenset[Channel]] = field(
        default_factory=lambda: dict(DEFAULT_CHANNELS)
    )
    reminder_hours: tuple[int, ...] = (12, 1)
    time_zone: str = "UTC"
    quiet_start_minute: int = 0
    quiet_end_minute: int = 0
    """Equal to the start: no quiet hours."""
    max_per_hour: int = 20
    email: str = ""
    email_confirmed: bool = False
    email_token_hash: str = ""
    """The SHA-256 of the pending confirmation's token (hex); empty once confirmed."""
    email_unsubscribed: bool = False
    unsubscribe_token: str = ""
    """The token of the one-click unsubscribe link every mail carries."""
    email_digest_minutes: int = 0
    webhook_url: str = ""
    webhook_secret: str = ""
    webhook_failures: int = 0
    webhook_disabled: bool = False
    language: str = ""
    """The player's language, one of `i18n.SHIPPED_LANGUAGES`; "": the browser's where a
    browser asks (the inbox), the deployment's default elsewhere (e-mail, push, webhook)."""

    @property
    def reader(self) -> Reader:
        """Who reads the player's notices away from the portal: their language and zone."""
        return Reader(self.language or i18n.SOURCE_LANGUAGE, self.time_zone)

    def wants(self, kind: NoticeKind, channel: Channel) -> bool:
        if kind in ALWAYS_IN_INBOX and channel == Channel.INBOX:
            return True
        return channel in self.channels.get(kind, DEFAULT_CHANNELS[kind])

    def reminds_at(self, hours: int) -> bool:
        return hours in self.reminder_hours

    def quiet_until(self, now: datetime.datetime) -> datetime.datetime | None:
        """When the quiet hours around `now` (aware, any zone) end; None outside them."""
        start, end = self.quiet_start_minute, self.quiet_end_minute
        if start == end:
            return None
        local = now.astimezone(zoneinfo.ZoneInfo(self.time_zone))
        minute = local.hour * 60 + local.minute
        inside = start <= minute < end if start < end else minute >= start or minute < end
        if not inside:
            return None
        midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
        ends = midnight + datetime.timedelta(minutes=end)
        if ends <= local:
            ends += datetime.timedelta(days=1)
        return ends

    # -- storage -------------------------------------------------------------------------------

    def to_json(self) -> str:
        data = dataclasses.asdict(self)
        data["channels"] = {
            kind.value: sorted(channel.value for channel in channels)
            for kind, channels in self.channels.items()
        }
        data["reminder_hours"] = list(self.reminder_hours)
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> Preferences:
        data = json.loads(text) if isinstance(text, str) else dict(text)
        known = {f.name for f in dataclasses.fields(cls)}
        data = {name: value for name, value in data.items() if name in known}
        channels = dict(DEFAULT_CHANNELS)
        for kind, names in data.pop("channels", {}).items():
            if kind in NoticeKind._value2member_map_:
                channels[NoticeKind(kind)] = frozenset(
                    Channel(name) for name in names if name in Channel._value2member_map_
                )
        hours = tuple(data.pop("reminder_hours", (12, 1)))
        return cls(channels=channels, reminder_hours=hours, **data)


def check(preferences: Preferences, allow_local: bool = False) -> None:
    """Refuses settings a player cannot have, saying why (`allow_local`: a webhook may be an
    http:// URL of this machine)."""
    for hours in preferences.reminder_hours:
        if hours not in REMINDER_CHOICES:
            choices = ", ".join(map(str, REMINDER_CHOICES))
            raise InvalidRequest("notice-reminder-hours", choices=choices, hours=hours)
    try:
        zoneinfo.ZoneInfo(preferences.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise InvalidRequest("notice-time-zone-unknown", zone=preferences.time_zone[:64]) from None
    for minute in (preferences.quiet_start_minute, preferences.quiet_end_minute):
        if not 0 <= minute < 24 * 60:
            raise InvalidRequest("notice-quiet-hours-range")
    low, high = MAX_PER_HOUR_LIMITS
    if not low <= preferences.max_per_hour <= high:
        raise InvalidRequest("notice-per-hour-range", least=low, most=high)
    low, high = DIGEST_MINUTES_LIMITS
    if not low <= preferences.email_digest_minutes <= high:
        raise InvalidRequest("notice-digest-range", least=low, most=high)
    if preferences.language and preferences.language not in i18n.SHIPPED_LANGUAGES:
        raise InvalidRequest(
            "notice-language-unknown",
            language=preferences.language[:35],
            offered=", ".join(i18n.SHIPPED_LANGUAGES),
        )
    if preferences.email and not _looks_like_address(preferences.email):
        raise InvalidRequest("notice-email-invalid", email=preferences.email[:254])
    url = preferences.webhook_url
    if url and (
        len(url) > 2000 or not (url.startswith("https://") or allow_local and is_local(url))
    ):
        raise InvalidRequest("notice-webhook-https")


def _looks_like_address(address: str) -> bool:
    local, at, domain = address.rpartition("@")
    return bool(at and local and "." in domain and len(address) <= 254 and " " not in address)


def is_local(url: str) -> bool:
    """Whether `url` is an http:// URL of this machine."""
    return url.startswith(("http://127.0.0.1", "http://localhost", "http://[::1]"))
