"""Chat: an archived match's messages, and the players each player muted for themselves.

- `chat_messages`: every message a match kept (`matchstore.chat`), written by the archiver in
  the match's own transaction (so once, with the match), and read by ListMessages once the
  match's keys left Redis (replays show the chat). `deleted` is a moderator's deletion, made
  before or after the archive; the text stays for the record, never shown again. Indexed by
  author too, for moderators reading a reported player's messages.
- `chat_mutes`: one row per player and the player they muted: that player's messages are left
  out of everything the muting player reads, in every match. Both are known players
  (`players`).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE chat_messages (
            match_id text NOT NULL REFERENCES matches ON DELETE CASCADE,
            message_id integer NOT NULL,
            room text NOT NULL CHECK (room IN ('players', 'spectators')),
            player_id text NOT NULL,
            display_name text NOT NULL,
            body text NOT NULL,
            sent_at timestamptz NOT NULL,
            deleted boolean NOT NULL DEFAULT false,
            PRIMARY KEY (match_id, message_id)
        );
        CREATE INDEX chat_messages_by_player ON chat_messages (player_id, sent_at);
        CREATE TABLE chat_mutes (
            player_id text NOT NULL REFERENCES players ON DELETE CASCADE,
            muted_id text NOT NULL REFERENCES players ON DELETE CASCADE,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (player_id, muted_id),
            CHECK (player_id <> muted_id)
        );
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE chat_mutes; DROP TABLE chat_messages")
