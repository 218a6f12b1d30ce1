"""The archive: players, finished matches with their seats and whole history, ratings and
their history.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE players (
            id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
            -- Who vouches for the player: a token's issuer, or 'playhall:bot' for a bot level.
            issuer text NOT NULL,
            -- The issuer's id of the player (a token's subject; '<title>/<level>' for a bot).
            subject text NOT NULL,
            kind text NOT NULL CHECK (kind IN ('person', 'bot')),
            display_name text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            UNIQUE (issuer, subject)
        );

        CREATE TABLE matches (
            match_id text PRIMARY KEY,
            title_id text NOT NULL,
            rules_version text NOT NULL,
            seed bytea NOT NULL,
            seed_sha256 bytea NOT NULL,
            end_reason text NOT NULL,
            -- The last version and its StoredMatch record (playhall.storage.v1), as the
            -- orchestrator kept them: an archived match answers as it did live.
            version integer NOT NULL,
            record bytea NOT NULL,
            -- The final state (a google.protobuf.Any); null when it had expired from Redis.
            final_state bytea,
            created_at timestamptz NOT NULL,
            finished_at timestamptz NOT NULL,
            archived_at timestamptz NOT NULL DEFAULT now()
        );

        CREATE TABLE match_seats (
            match_id text NOT NULL REFERENCES matches ON DELETE CASCADE,
            seat integer NOT NULL,
            -- Null for an anonymous seat (a seat token, no player).
            player_id uuid REFERENCES players,
            kind text NOT NULL,
            display_name text NOT NULL,
            final_score bigint NOT NULL,
            -- 1 for the best; seats that share a place share the number.
            placement integer NOT NULL,
            winner boolean NOT NULL,
            resigned boolean NOT NULL,
            timed_out boolean NOT NULL,
            PRIMARY KEY (match_id, seat)
        );

        CREATE TABLE match_changes (
            match_id text NOT NULL REFERENCES matches ON DELETE CASCADE,
            version integer NOT NULL,
            -- The StoredChange (playhall.storage.v1) and the move (an Any; null for a change
            -- the server made), byte for byte as the match's log held them.
            change bytea NOT NULL,
            move bytea,
            PRIMARY KEY (match_id, version)
        );

        CREATE TABLE ratings (
            player_id uuid NOT NULL REFERENCES players,
            title_id text NOT NULL,
            mu double precision NOT NULL,
            sigma double precision NOT NULL,
            games integer NOT NULL,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (player_id, title_id)
        );

        CREATE TABLE rating_history (
            player_id uuid NOT NULL REFERENCES players,
            title_id text NOT NULL,
            match_id text NOT NULL REFERENCES matches ON DELETE CASCADE,
            mu double precision NOT NULL,
            sigma double precision NOT NULL,
            at timestamptz NOT NULL,
            PRIMARY KEY (player_id, title_id, match_id)
        );
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE rating_history, ratings, match_changes, match_seats, matches, players")
