"""Personal access tokens and bot accounts (the open API, `playhall.access`).

- `access_tokens`: a player's personal access token, by its SHA-256 hash only (the secret is
  shown once, when made), with its name, scopes, expiry, when it was last used (to the minute)
  and when it was revoked. A revoked row stays, so that its hash is refused rather than
  unknown, and the partial index finds a player's live tokens.
- `bot_accounts`: the players who upgraded their account to a bot account (for good): marked
  as bots wherever their name is shown, rated in a pool apart from people.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE access_tokens (
            token_id text PRIMARY KEY,
            player_id text NOT NULL REFERENCES players ON DELETE CASCADE,
            name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
            secret_sha256 text NOT NULL UNIQUE,
            prefix text NOT NULL,
            scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
            created_at timestamptz NOT NULL DEFAULT now(),
            expires_at timestamptz,
            last_used_at timestamptz,
            revoked_at timestamptz
        );
        CREATE INDEX access_tokens_live ON access_tokens (player_id, created_at)
            WHERE revoked_at IS NULL;
        CREATE TABLE bot_accounts (
            player_id text PRIMARY KEY REFERENCES players ON DELETE CASCADE,
            upgraded_at timestamptz NOT NULL DEFAULT now()
        );
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE bot_accounts; DROP TABLE access_tokens")
