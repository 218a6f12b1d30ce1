"""Languages (issue 41): an inbox notice keeps its message keys and their arguments
(`notices.texts`: {"title": key, "body": key, "args": {...}}), so the inbox words it in the
language of whoever reads it. A notice filed before has none (NULL) and reads as it was filed,
in English. A player's language is one more field of their settings' JSON
(`notification_settings.settings->>'language'`), which a row written before lacks: it reads
"" (the browser's language).

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE notices ADD COLUMN texts jsonb")


def downgrade() -> None:
    op.execute("ALTER TABLE notices DROP COLUMN texts")
