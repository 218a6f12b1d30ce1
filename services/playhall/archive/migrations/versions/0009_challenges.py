"""Challenges: a player's invitation to a match, to one player, to anyone (the lobby's open
tables), or to a bot (`social.challenges`).

- `challenges`: one row a challenge, to a player (`invited_id`), to anyone or to a bot. Its id
  is also the id of the match it starts, chosen when it is made, so that accepting starts that
  match once however often it is tried. The match's terms: the title, its seats, the options
  (a `StoredSetup` of `storage.v1` holding only them), the clock's fields, the level of its bot
  seats, a minimum karma an accepter needs. `state` moves once from `open` to `accepted` (with
  `accepted_by`), `declined` (with `decline_reason`) or `withdrawn`, by a conditional UPDATE:
  of racing answers one wins. An open challenge past `expires_at` is expired; no pass rewrites
  it.
- Indexes: the lobby's open challenges to anyone by title, newest first; each player's
  challenges made and received, newest first.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE challenges (
            challenge_id text PRIMARY KEY,
            challenger_id text NOT NULL,
            challenger_name text NOT NULL,
            opponent text NOT NULL CHECK (opponent IN ('player', 'anyone', 'bot')),
            invited_id text CHECK ((invited_id IS NOT NULL) = (opponent = 'player')),
            invited_name text NOT NULL DEFAULT '',
            title_id text NOT NULL,
            seats integer NOT NULL CHECK (seats >= 2),
            options bytea NOT NULL,
            pace text NOT NULL CHECK (pace IN ('live', 'turn_based')),
            seconds_per_turn integer NOT NULL,
            bank_initial_seconds integer NOT NULL,
            bank_increment_seconds integer NOT NULL,
            on_timeout text NOT NULL,
            bot_level text NOT NULL DEFAULT '',
            min_karma integer NOT NULL DEFAULT 0,
            state text NOT NULL CHECK (state IN ('open', 'accepted', 'declined', 'withdrawn')),
            decline_reason text NOT NULL DEFAULT '',
            accepted_by text,
            accepted_name text NOT NULL DEFAULT '',
            created_at timestamptz NOT NULL DEFAULT now(),
            expires_at timestamptz NOT NULL,
            answered_at timestamptz
        );
        CREATE INDEX challenges_open_to_anyone ON challenges (title_id, created_at DESC)
            WHERE state = 'open' AND opponent = 'anyone';
        CREATE INDEX challenges_by_challenger ON challenges (challenger_id, created_at DESC);
        CREATE INDEX challenges_by_invited ON challenges (invited_id, created_at DESC)
            WHERE invited_id IS NOT NULL;
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE challenges")
