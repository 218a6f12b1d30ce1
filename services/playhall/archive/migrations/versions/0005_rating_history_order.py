"""A player's rating history is read in the order the ratings were applied, not by the end of
their matches: the archiver rates matches in the order it archives them, which after an outage
of the archive, or with several archivers, is not the order they ended in, and the list showed
a change that completed 6 rated matches before the one that completed 5.

That order is in the table already: `games`, the count of rated matches in the title a change
completes, is the rating's own count, incremented under the rating's row lock in the
transaction that writes the change, so it grows by one with every change applied to a player
in a title (and revision 0003 numbered the rows before it by their order then, the match's end
and id). The index that pages the list by the end becomes one by `games`.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        DROP INDEX rating_history_by_player;
        CREATE INDEX rating_history_by_player ON rating_history
            (player_id, title_id, games DESC, match_id DESC);
        """
    )


def downgrade() -> None:
    op.execute(
        """
        DROP INDEX rating_history_by_player;
        CREATE INDEX rating_history_by_player ON rating_history
            (player_id, title_id, at DESC, match_id DESC);
        """
    )
