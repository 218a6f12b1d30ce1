"""Builds the notifier from its settings and runs it until SIGTERM: `python -m playhall.notifier`.

Replicas share the outbox safely (each claims notices for a lease), so a Deployment scales it
out; /readyz answers once Redis and PostgreSQL have."""

from __future__ import annotations

import argparse
import asyncio
import datetime
import logging

import uvloop

from playhall.archive import database
from playhall.archive.archive import Archive
from playhall.archive.parked import ParkedRecords, ParkedTable
from playhall.common import logs
from playhall.common.metrics import start_metrics_server
from playhall.common.server import catch_stop_signals_async
from playhall.common.settings import SettingsError, load, variables
from playhall.matchstore.notices import NoticeOutbox
from playhall.matchstore.redis_client import redis_client
from playhall.matchstore.store import MatchStore
from playhall.notifications.mail import MailPass, MailSender, MailSettings
from playhall.notifications.matches import MatchReader
from playhall.notifications.notifier import Notifier, NotifierSettings, Sender
from playhall.notifications.push import PushSender
from playhall.notifications.store import NoticeStore
from playhall.notifications.webhook import WebhookSender
from playhall.notifier.settings import NotifierProcessSettings

log = logging.getLogger("playhall.notifier")


def senders(settings: NotifierProcessSettings, store: NoticeStore) -> list[Sender]:
    """The outside channels this notifier sends on (push only with a VAPID key)."""
    channels: list[Sender] = [WebhookSender(store, settings.portal_url)]
    if settings.vapid_private_key:
        channels.append(
            PushSender(
                store, settings.portal_url, settings.vapid_private_key, settings.vapid_subject
            )
        )
    if settings.smtp_host:
        channels.append(MailSender(store, mail_settings(settings)))
    return channels


def mail_settings(settings: NotifierProcessSettings) -> MailSettings:
    return MailSettings(
        settings.smtp_host,
        settings.smtp_port,
        settings.smtp_username,
        settings.smtp_password,
        settings.smtp_starttls,
        settings.mail_from,
        settings.portal_url,
    )


async def serve(settings: NotifierProcessSettings) -> None:
    notifier: Notifier | None = None
    metrics_port = start_metrics_server(
        settings.metrics_port, settings.metrics_host, ready=lambda: notifier is not None
    )
    if settings.database_migrate:
        await asyncio.to_thread(database.migrate, settings.database_url)
    pool = database.pool(
        settings.database_url,
        max_size=settings.notify_concurrency + 2,
        timeout_s=settings.database_timeout_s,
        reconnect_timeout_s=settings.database_reconnect_timeout_s,
    )
    await pool.open(wait=True)
    client = redis_client(
        settings.redis_url, settings.notify_concurrency + 4, settings.redis_cluster
    )
    store = MatchStore(client)
    store.parked = ParkedRecords(ParkedTable(pool))
    await client.ping()
    notices = NoticeStore(pool)
    channels = senders(settings, notices)
    notifier = Notifier(
        NoticeOutbox(client),
        notices,
        MatchReader(store, Archive(pool)),
        {sender.channel: sender for sender in channels},
        NotifierSettings(
            interval_s=settings.notify_interval_s,
            lease_ms=int(settings.notify_lease_s * 1000),
            batch=settings.notify_batch,
            concurrency=settings.notify_concurrency,
            retention=datetime.timedelta(days=settings.notice_retention_days),
            day_s=settings.turn_based_day_s,
        ),
    )
    notifier.start()
    # Confirmation mails and digests, beside the notifier's pass, where mail is on.
    mail = [MailPass(s) for s in channels if isinstance(s, MailSender)]
    for started in mail:
        started.start()
    stopping = catch_stop_signals_async()
    log.info(
        "serving",
        extra={"metrics_port": metrics_port, "channels": [s.channel.value for s in channels]},
    )
    await stopping.wait()
    await notifier.stop(10)
    for started in mail:
        await started.stop(10)
    for sender in channels:
        await sender.close()
    await pool.close()
    await client.aclose()
    log.info("stopped")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.notifier",
        description="Tell players what the notice outbox holds for them: the inbox, Web Push, "
        "e-mail and webhooks, as each player chose. Needs REDIS_URL and PLAYHALL_DATABASE_URL.",
        epilog="Environment: " + ", ".join(variables(NotifierProcessSettings)) + ".",
    )
    parser.parse_args(argv)
    try:
        settings = load(NotifierProcessSettings)
    except SettingsError as error:
        parser.exit(2, f"playhall.notifier: {error}\n")
    logs.configure("notifier", settings.log_level)
    uvloop.run(serve(settings))
