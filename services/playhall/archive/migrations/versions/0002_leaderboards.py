"""What a player's history and a leaderboard read: matches by player, newest first, and
ratings by title in leaderboard order (the ordinal mu - 3 sigma, a stored column filled for
the rows already there).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        ALTER TABLE ratings
            ADD COLUMN ordinal double precision GENERATED ALWAYS AS (mu - 3 * sigma) STORED;
        CREATE INDEX ratings_leaderboard ON ratings (title_id, ordinal DESC, player_id);
        CREATE INDEX match_seats_by_player ON match_seats (player_id, match_id)
            WHERE player_id IS NOT NULL;
        CREATE INDEX matches_by_title_finished ON matches (title_id, finished_at DESC);
        CREATE INDEX rating_history_by_player ON rating_history (player_id, title_id, at);
        """
    )


def downgrade() -> None:
    op.execute(
        """
        DROP INDEX rating_history_by_player, matches_by_title_finished, match_seats_by_player,
            ratings_leaderboard;
        ALTER TABLE ratings DROP COLUMN ordinal;
        """
    )
