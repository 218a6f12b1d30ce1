"""The notifier's Prometheus series: per channel, what it sent, failed, dropped as a duplicate
or suppressed (and why), the time from a notice falling due (its commit, for most) to its
delivery, and the outbox's length and lag."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

from playhall.notifications.preferences import OUTSIDE, Channel

NOTICES_SENT = Counter("playhall_notices_sent", "Notices delivered, by channel.", ["channel"])
NOTICES_FAILED = Counter(
    "playhall_notices_failed", "Deliveries that failed (tried again later).", ["channel"]
)
NOTICES_DUPLICATE = Counter(
    "playhall_notices_duplicate",
    "Notices a channel had delivered already (a notice told again after a crash).",
    ["channel"],
)
NOTICES_SUPPRESSED = Counter(
    "playhall_notices_suppressed",
    "Notices not sent: stale, watching, cap, expired (in quiet hours).",
    ["channel", "reason"],
)
NOTICE_LATENCY = Histogram(
    "playhall_notice_latency_seconds",
    "From a notice falling due (its commit, or its reminder time) to its delivery.",
    ["channel"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300),
)
NOTICES_GIVEN_UP = Counter(
    "playhall_notices_given_up",
    "Notices dropped after their deliveries failed again and again (MAX_ATTEMPTS).",
)
OUTBOX_LENGTH = Gauge("playhall_notice_outbox", "Notices in the outbox (due or not).")
NOTICE_LAG = Gauge(
    "playhall_notice_lag_seconds", "How long the oldest due notice has waited (0: none)."
)
SUPPRESSED_REASONS = {Channel.INBOX: ("stale", "watching")} | {
    channel: ("watching", "cap", "expired") for channel in OUTSIDE
}
"""Why the notifier holds a notice back from each channel (each series made at 0 at start)."""
for _channel in Channel:
    NOTICES_SENT.labels(_channel.value)
    NOTICES_FAILED.labels(_channel.value)
    NOTICES_DUPLICATE.labels(_channel.value)
    NOTICE_LATENCY.labels(_channel.value)
    for _reason in SUPPRESSED_REASONS[_channel]:
        NOTICES_SUPPRESSED.labels(_channel.value, _reason)
