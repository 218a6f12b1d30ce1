"""The notifier's settings: read once from the environment, typed, failing fast."""

from __future__ import annotations

from dataclasses import dataclass

from playhall.archive.settings import DATABASE_RECONNECT_TIMEOUT_S, DATABASE_TIMEOUT_S
from playhall.common.metrics import ALL_INTERFACES
from playhall.common.settings import SettingsError, setting
from playhall.matches.clocks import DAY_S
from playhall.notifications.push import private_key


@dataclass(frozen=True)
class NotifierProcessSettings:
    """`common.settings`: each from `PLAYHALL_<NAME>` unless it names another variable."""

    redis_url: str = setting(env="REDIS_URL")
    database_url: str = setting()
    redis_cluster: bool = setting(False)
    database_migrate: bool = setting(True)
    """Upgrade the schema at start (off where a Job runs `playhall.archive.migrate`)."""
    database_timeout_s: float = setting(DATABASE_TIMEOUT_S, minimum=0.1)
    database_reconnect_timeout_s: float = setting(DATABASE_RECONNECT_TIMEOUT_S, minimum=0)
    notify_interval_s: float = setting(0.5, minimum=0.01)
    """How often the outbox is looked at."""
    notify_lease_s: float = setting(60.0, minimum=1)
    """How long a claimed notice is this notifier's before another may take it."""
    notify_batch: int = setting(64, minimum=1)
    notify_concurrency: int = setting(16, minimum=1)
    """Notices told at once (each may wait on a push service, an SMTP server or a webhook)."""
    notice_retention_days: int = setting(30, minimum=1)
    """How long the inbox keeps a notice."""
    turn_based_day_s: int = setting(DAY_S, minimum=1)
    """How long a day of a turn-based clock lasts (the orchestrator's setting): reminders
    come at hours of it."""
    portal_url: str = setting("http://localhost:8080")
    """The portal's address, which links in pushes, mails and webhooks start with."""
    smtp_host: str = setting("")
    """The SMTP server notices are mailed through; empty: no e-mail channel."""
    smtp_port: int = setting(587, minimum=1)
    smtp_username: str = setting("")
    smtp_password: str = setting("")
    smtp_starttls: bool = setting(True)
    """Require STARTTLS (off: plain SMTP, for a relay on this machine or network)."""
    mail_from: str = setting("Playhall <playhall@localhost>")
    """The mails' From (its domain ends their Message-IDs)."""
    vapid_private_key: str = setting("")
    """Web Push's VAPID signing key (`notifications.push`): a P-256 key as a PEM block or its
    32-byte private number in base64url (what `python -m playhall.notifications.push
    --new-keys` prints); empty: no push channel."""
    vapid_subject: str = setting("")
    """A `mailto:` or `https:` URL the push services may reach the operator at (needed with
    the key)."""
    metrics_port: int = setting(9464, help="Prometheus /metrics port, 0 picks a free one")
    metrics_host: str = setting(ALL_INTERFACES)
    log_level: str = setting("INFO")

    def __post_init__(self) -> None:
        if not self.vapid_private_key:
            return
        if not self.vapid_subject.startswith(("mailto:", "https:")):
            raise SettingsError(
                "PLAYHALL_VAPID_SUBJECT must be a mailto: or https: URL the push services "
                "may reach the operator at (needed with PLAYHALL_VAPID_PRIVATE_KEY)"
            )
        try:
            private_key(self.vapid_private_key)
        except ValueError as error:
            raise SettingsError(f"PLAYHALL_VAPID_PRIVATE_KEY is {error}") from None
