"""Reputation and moderation: each player's finished and abandoned matches with their karma,
players' reports, moderators' actions and chat bans.

- `reputation`: one row per signed-in player who has finished or abandoned an archived
  match, written in the archiver's transaction (`archive.reputation`), so a match counts once;
  a player without a row has the starting karma.
- `reports`: a player's report of a chat message (match and message id) or of a player, with
  a reason from a fixed list and a short comment. An open report by one reporter of one target
  is one row (the partial unique index): a report made again collapses into it. A moderator
  resolves it (`resolved_at`, `resolved_by`, `resolution`).
- `moderation_actions`: every moderator's action (deleting a message, muting a player from
  chat, ending a player's matches, resolving a report) with who did it, to whom, why and when.
- `chat_bans`: a player muted from all chat until a time (the latest ban wins).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE reputation (
            player_id text PRIMARY KEY,
            finished integer NOT NULL DEFAULT 0 CHECK (finished >= 0),
            abandoned integer NOT NULL DEFAULT 0 CHECK (abandoned >= 0),
            karma smallint NOT NULL CHECK (karma BETWEEN 0 AND 100),
            updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE reports (
            id bigserial PRIMARY KEY,
            reporter_id text NOT NULL,
            target_player_id text NOT NULL,
            match_id text NOT NULL DEFAULT '',
            message_id bigint NOT NULL DEFAULT 0,
            reason text NOT NULL,
            comment text NOT NULL DEFAULT '',
            created_at timestamptz NOT NULL DEFAULT now(),
            resolved_at timestamptz,
            resolved_by text,
            resolution text
        );
        CREATE UNIQUE INDEX reports_open_once ON reports
            (reporter_id, target_player_id, match_id, message_id) WHERE resolved_at IS NULL;
        CREATE INDEX reports_open ON reports (id) WHERE resolved_at IS NULL;
        CREATE TABLE moderation_actions (
            id bigserial PRIMARY KEY,
            moderator_id text NOT NULL,
            action text NOT NULL,
            target_player_id text NOT NULL,
            match_id text NOT NULL DEFAULT '',
            message_id bigint NOT NULL DEFAULT 0,
            report_id bigint REFERENCES reports (id),
            reason text NOT NULL,
            until timestamptz,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX moderation_actions_by_target ON moderation_actions
            (target_player_id, id DESC);
        CREATE TABLE chat_bans (
            player_id text PRIMARY KEY,
            until timestamptz NOT NULL,
            reason text NOT NULL,
            moderator_id text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE chat_bans, moderation_actions, reports, reputation")
