"""PlayerService's notice messages to and from the notifications domain: the inbox's notices
(worded for their reader, with their keys and arguments), a player's settings (by kind and
channel, which the contract and the domain name alike)."""

from __future__ import annotations

from playhall.core import i18n
from playhall.matchstore.notices import NoticeKind
from playhall.notifications.preferences import Channel, Preferences
from playhall.notifications.reading import Reader
from playhall.notifications.store import InboxNotice
from playhall.players.v1 import player_service_pb2 as pb

KINDS: dict[NoticeKind, pb.NoticeKind] = {
    kind: getattr(pb, f"NOTICE_KIND_{kind.name}") for kind in NoticeKind
}
CHANNELS: dict[Channel, pb.NoticeChannel] = {
    channel: getattr(pb, f"NOTICE_CHANNEL_{channel.name}") for channel in Channel
}
KIND_OF = {number: kind for kind, number in KINDS.items()}
CHANNEL_OF = {number: channel for channel, number in CHANNELS.items()}


def notice(found: InboxNotice, reader: Reader) -> pb.Notice:
    """The notice in the reader's language; one filed before notices were keys as it was
    filed (English)."""
    title, body, language = found.title, found.body, i18n.SOURCE_LANGUAGE
    if found.title_key:
        title = reader.read(i18n.Text(found.title_key, found.args))
        body = reader.read(i18n.Text(found.body_key, found.args))
        language = reader.language
    return pb.Notice(
        id=found.id,
        kind=KINDS.get(NoticeKind(found.kind), pb.NOTICE_KIND_UNSPECIFIED),
        match_id=found.match_id,
        title=title,
        body=body,
        url=found.url,
        created_unix_ms=found.created_unix_ms,
        read=found.read,
        title_key=found.title_key,
        body_key=found.body_key,
        args=i18n.wire_args(found.args),
        language=language,
    )


def settings(preferences: Preferences, push_public_key: str = "") -> pb.NotificationSettings:
    return pb.NotificationSettings(
        kinds=[
            pb.KindChannels(
                kind=KINDS[kind], channels=sorted(CHANNELS[c] for c in preferences.channels[kind])
            )
            for kind in NoticeKind
        ],
        reminder_hours=list(preferences.reminder_hours),
        time_zone=preferences.time_zone,
        quiet_hours=pb.QuietHours(
            start_minute=preferences.quiet_start_minute, end_minute=preferences.quiet_end_minute
        ),
        max_per_hour=preferences.max_per_hour,
        email=preferences.email,
        email_confirmed=preferences.email_confirmed,
        email_digest_minutes=preferences.email_digest_minutes,
        webhook_url=preferences.webhook_url,
        webhook_disabled=preferences.webhook_disabled,
        push_public_key=push_public_key,
        language=preferences.language,
    )


def preferences_of(wanted: pb.NotificationSettings) -> Preferences:
    """The choices of a request (kinds not listed keep their defaults; the output-only fields
    are ignored)."""
    chosen = Preferences(
        reminder_hours=tuple(wanted.reminder_hours),
        time_zone=wanted.time_zone or "UTC",
        quiet_start_minute=wanted.quiet_hours.start_minute,
        quiet_end_minute=wanted.quiet_hours.end_minute,
        max_per_hour=wanted.max_per_hour or Preferences.max_per_hour,
        email=wanted.email.strip(),
        email_digest_minutes=wanted.email_digest_minutes,
        webhook_url=wanted.webhook_url.strip(),
        language=wanted.language.strip(),
    )
    for entry in wanted.kinds:
        if entry.kind in KIND_OF:
            chosen.channels[KIND_OF[entry.kind]] = frozenset(
                CHANNEL_OF[c] for c in entry.channels if c in CHANNEL_OF
            )
    return chosen
