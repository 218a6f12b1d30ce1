"""Relations: who follows whom and who blocked whom (`relations.graph`).

- `follows`: one row per follower and followed player; two rows the other way round make two
  players friends. A block deletes the follows between its two players, both ways.
- `blocks`: one row per blocker and blocked player; while it stands, neither follows,
  challenges or chats to the other, neither sees the other's presence, and matchmaking and
  Swiss pairings keep them apart.

Both reference `players`: a player is known once archived from a seat or once signed in to
PlayerService or a social service (`archive.upsert_players`). Each is indexed both ways, so a
player's followers and who blocked them are index ranges too.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE follows (
            follower_id text NOT NULL REFERENCES players ON DELETE CASCADE,
            followed_id text NOT NULL REFERENCES players ON DELETE CASCADE,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (follower_id, followed_id),
            CHECK (follower_id <> followed_id)
        );
        CREATE INDEX follows_by_followed ON follows (followed_id, follower_id);
        CREATE TABLE blocks (
            blocker_id text NOT NULL REFERENCES players ON DELETE CASCADE,
            blocked_id text NOT NULL REFERENCES players ON DELETE CASCADE,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (blocker_id, blocked_id),
            CHECK (blocker_id <> blocked_id)
        );
        CREATE INDEX blocks_by_blocked ON blocks (blocked_id, blocker_id);
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE blocks, follows")
