"""Players keyed by the product's player id (`tokens.player_id`: "p-" and 32 hex digits of the
sha256 of issuer and subject), the id a seat carries, instead of a uuid of the archive's own:
an archiver sees only a seat's player id, so with uuids no person could be archived as
themselves, and no person was ever rated. Existing rows keep who they are: every id is
computed from the issuer and subject the row holds (bots' included: issuer 'playhall:bot',
subject '<title>/<level>'). Issuer and subject stay, for the rows that know them (bots, and
rows from before), null for people archived from a seat, which carries only the id.

And what a player's history pages read without sorting: each seat row carries its match's
title and end, indexed by player newest first; each rating change carries the count of rated
matches it completes.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

PLAYER_ID = (
    "'p-' || left(encode(sha256(convert_to(issuer || E'\\n' || subject, 'UTF8')), 'hex'), 32)"
)
"""`tokens.player_id` in SQL."""


def upgrade() -> None:
    op.execute(
        f"""
        ALTER TABLE players ADD COLUMN player_id text;
        UPDATE players SET player_id = {PLAYER_ID};

        -- Every reference to a uuid becomes the text id, through the old id while both exist.
        ALTER TABLE match_seats ADD COLUMN new_player_id text;
        UPDATE match_seats s SET new_player_id = p.player_id
            FROM players p WHERE p.id = s.player_id;
        ALTER TABLE ratings ADD COLUMN new_player_id text;
        UPDATE ratings r SET new_player_id = p.player_id FROM players p WHERE p.id = r.player_id;
        ALTER TABLE rating_history ADD COLUMN new_player_id text;
        UPDATE rating_history h SET new_player_id = p.player_id
            FROM players p WHERE p.id = h.player_id;

        -- Dropping the uuid columns drops their keys and indexes; they are made again below.
        ALTER TABLE match_seats DROP COLUMN player_id;
        ALTER TABLE ratings DROP COLUMN player_id;
        ALTER TABLE rating_history DROP COLUMN player_id;
        ALTER TABLE players DROP COLUMN id;
        ALTER TABLE players RENAME COLUMN player_id TO id;
        ALTER TABLE players
            ADD PRIMARY KEY (id),
            ADD CHECK (id ~ '^p-[0-9a-f]{{32}}$'),
            ALTER COLUMN issuer DROP NOT NULL,
            ALTER COLUMN subject DROP NOT NULL,
            ADD CHECK ((issuer IS NULL) = (subject IS NULL));

        ALTER TABLE match_seats RENAME COLUMN new_player_id TO player_id;
        ALTER TABLE match_seats ADD FOREIGN KEY (player_id) REFERENCES players;
        ALTER TABLE ratings RENAME COLUMN new_player_id TO player_id;
        ALTER TABLE ratings
            ALTER COLUMN player_id SET NOT NULL,
            ADD PRIMARY KEY (player_id, title_id),
            ADD FOREIGN KEY (player_id) REFERENCES players;
        ALTER TABLE rating_history RENAME COLUMN new_player_id TO player_id;
        ALTER TABLE rating_history
            ALTER COLUMN player_id SET NOT NULL,
            ADD PRIMARY KEY (player_id, title_id, match_id),
            ADD FOREIGN KEY (player_id) REFERENCES players;

        -- A seat row carries its match's title and end: a player's page of finished matches
        -- is then one index range, newest first, whatever the number of matches played.
        ALTER TABLE match_seats ADD COLUMN title_id text, ADD COLUMN finished_at timestamptz;
        UPDATE match_seats s SET title_id = m.title_id, finished_at = m.finished_at
            FROM matches m WHERE m.match_id = s.match_id;
        ALTER TABLE match_seats
            ALTER COLUMN title_id SET NOT NULL,
            ALTER COLUMN finished_at SET NOT NULL;
        CREATE INDEX match_seats_by_player ON match_seats
            (player_id, finished_at DESC, match_id DESC) WHERE player_id IS NOT NULL;
        CREATE INDEX match_seats_by_player_title ON match_seats
            (player_id, title_id, finished_at DESC, match_id DESC) WHERE player_id IS NOT NULL;

        -- The count of rated matches in the title a change completes (the rating's `games`
        -- after it), for rows already there by their order.
        ALTER TABLE rating_history ADD COLUMN games integer;
        UPDATE rating_history h SET games = n.games FROM (
            SELECT player_id, title_id, match_id,
                row_number() OVER (PARTITION BY player_id, title_id ORDER BY at, match_id) AS games
            FROM rating_history
        ) n
        WHERE (n.player_id, n.title_id, n.match_id) = (h.player_id, h.title_id, h.match_id);
        ALTER TABLE rating_history ALTER COLUMN games SET NOT NULL;
        CREATE INDEX rating_history_by_player ON rating_history
            (player_id, title_id, at DESC, match_id DESC);

        -- The leaderboard in its order, with sigma at hand for the provisional filter.
        CREATE INDEX ratings_leaderboard ON ratings (title_id, ordinal DESC, player_id)
            INCLUDE (sigma);
        """
    )


def downgrade() -> None:
    # People archived from a seat have no issuer and subject to make a uuid row from.
    raise NotImplementedError("0003 is not undone: the archive keeps the product's player ids")
