"""Parked matches: turn-based matches nobody has read or moved for a while, moved out of Redis
whole (record, state, change log, idempotency records) until a call needs them again. A row is
written before the match's Redis keys are deleted and deleted after they are restored, so a
match is always in one place or both, never in none. `park_id` tells one parking of a match
from a later one, so a parker whose deletion lost the race removes its own row only.
`deadline_ms` is the match's turn deadline, which the parked-deadline ticker serves.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE parked_matches (
            match_id text PRIMARY KEY,
            park_id uuid NOT NULL,
            version bigint NOT NULL,
            record bytea NOT NULL,
            state bytea NOT NULL,
            log_ids text[] NOT NULL,
            log_changes bytea[] NOT NULL,
            log_moves bytea[] NOT NULL,
            request_ids text[] NOT NULL,
            request_values text[] NOT NULL,
            requests_expire_ms bigint NOT NULL,
            deadline_ms bigint,
            parked_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX parked_matches_by_deadline ON parked_matches (deadline_ms)
            WHERE deadline_ms IS NOT NULL;
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE parked_matches")
