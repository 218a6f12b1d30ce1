"""Notices: each player's inbox, what each channel has delivered, each player's notification
settings and Web Push subscriptions, and the e-mails a digest holds back.

- `notices` is the inbox: one row per collapse key ("<kind>|<player>|<match>|<version>|<detail>",
  `matchstore.notices`), so a notice delivered twice is listed once; rows older than the
  notifier's retention are deleted.
- `notice_deliveries` records every notice a channel sent (push, e-mail, webhook): a notice
  delivered again after a crash is not sent again, and the hour's count is a player's cap.
- `notification_settings` holds a player's choices as JSON (`notifications.preferences`).
- `push_subscriptions`: a browser's push endpoint and keys; dropped when the push service
  answers 404 or 410.
- `mail_pending`: notices a player's e-mail digest holds until its window ends.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE notices (
            player_id text NOT NULL,
            notice_key text NOT NULL,
            kind text NOT NULL,
            match_id text NOT NULL,
            title text NOT NULL,
            body text NOT NULL,
            url text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            read_at timestamptz,
            id bigserial UNIQUE,
            PRIMARY KEY (player_id, notice_key)
        );
        CREATE INDEX notices_by_player ON notices (player_id, id DESC);
        CREATE INDEX notices_unread ON notices (player_id) WHERE read_at IS NULL;
        CREATE TABLE notice_deliveries (
            notice_key text NOT NULL,
            channel text NOT NULL,
            player_id text NOT NULL,
            delivered_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (notice_key, channel)
        );
        CREATE INDEX notice_deliveries_by_player ON notice_deliveries
            (player_id, channel, delivered_at);
        CREATE TABLE notification_settings (
            player_id text PRIMARY KEY,
            settings jsonb NOT NULL,
            updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX notification_settings_by_email_token ON notification_settings
            ((settings->>'email_token_hash'));
        CREATE INDEX notification_settings_by_unsubscribe_token ON notification_settings
            ((settings->>'unsubscribe_token'));
        CREATE TABLE push_subscriptions (
            endpoint text PRIMARY KEY,
            player_id text NOT NULL,
            p256dh text NOT NULL,
            auth text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX push_subscriptions_by_player ON push_subscriptions (player_id);
        CREATE TABLE mail_pending (
            player_id text NOT NULL,
            notice_key text NOT NULL,
            subject text NOT NULL,
            body text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (player_id, notice_key)
        );
        """
    )


def downgrade() -> None:
    op.execute(
        "DROP TABLE mail_pending, push_subscriptions, notification_settings, "
        "notice_deliveries, notices"
    )
