"""Seats of signed-in people archived before 0003 get their player back: the archiver of then
wrote every person's seat as anonymous, but each match's stored record (a StoredMatch) kept
the player id of every seat. The seats now name their player, and a player row is made for
each person not yet known (with the name the seat showed), so those matches are in their
history. They stay unrated: rating them now would have to replay every later rating of their
titles in order, and a rating is what the matches as archived made it.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import re

from alembic import op
from google.protobuf.message import DecodeError
from sqlalchemy import text

from playhall.storage.v1 import storage_pb2 as spb

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

BATCH = 500
PLAYER_ID = re.compile(r"p-[0-9a-f]{32}")


def upgrade() -> None:
    connection = op.get_bind()
    after = ""
    while True:
        # A batch at a time by match id: the records of a large archive never all in memory.
        rows = connection.execute(
            text(
                """
                SELECT m.match_id, m.record FROM matches m
                WHERE m.match_id > :after AND EXISTS (
                    SELECT 1 FROM match_seats s WHERE s.match_id = m.match_id
                    AND s.player_id IS NULL AND s.kind = 'human')
                ORDER BY m.match_id LIMIT :batch
                """
            ),
            {"after": after, "batch": BATCH},
        ).fetchall()
        if not rows:
            return
        for match_id, record in rows:
            try:
                seats = spb.StoredMatch.FromString(bytes(record)).seats
            except DecodeError:
                continue  # not a record this version reads: its seats stay as they are
            for seat, info in enumerate(seats):
                if not PLAYER_ID.fullmatch(info.player_id):
                    continue
                connection.execute(
                    text(
                        "INSERT INTO players (id, kind, display_name) "
                        "VALUES (:id, 'person', :name) ON CONFLICT (id) DO NOTHING"
                    ),
                    {"id": info.player_id, "name": info.display_name},
                )
                connection.execute(
                    text(
                        "UPDATE match_seats SET player_id = :id WHERE match_id = :match "
                        "AND seat = :seat AND player_id IS NULL AND kind = 'human'"
                    ),
                    {"id": info.player_id, "match": match_id, "seat": seat},
                )
        after = rows[-1][0]


def downgrade() -> None:
    # The seats' owners were in the records all along; keeping them loses nothing.
    pass
