"""Archived matches as the canary replays them, read from the archive's tables
(`archive.archive`): the setup, every change of the log with its move, the final state."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import psycopg

from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2 as spb


@dataclass(frozen=True)
class RecordedMatch:
    match_id: str
    rules_version: str
    players: int
    options: dict[str, rpb.OptionValue]
    seed: bytes
    changes: Sequence[tuple[spb.StoredChange, bytes]]
    """Every change of the log in order, with its move (b"" for a change without one)."""
    final_state: bytes | None
    """The state the match ended in (a serialized `Any`); None if it had expired."""


def count(url: str, title: str, major: str) -> int:
    """How many archived matches of `title` were played on rules of `major`."""
    with psycopg.connect(url) as connection:
        found = connection.execute(
            "SELECT count(*) FROM matches WHERE title_id = %s AND split_part(rules_version, "
            "'.', 1) = %s",
            (title, major),
        ).fetchone()
    return found[0] if found else 0


def newest(url: str, title: str, major: str, limit: int) -> Iterator[RecordedMatch]:
    """The `limit` archived matches of `title` on rules of `major` that finished last."""
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            """
            SELECT match_id, rules_version, record, final_state FROM matches
            WHERE title_id = %s AND split_part(rules_version, '.', 1) = %s
            ORDER BY finished_at DESC, match_id LIMIT %s
            """,
            (title, major, limit),
        ).fetchall()
        for match_id, rules_version, record, final_state in rows:
            setup = spb.StoredMatch.FromString(bytes(record)).setup
            changes = connection.execute(
                "SELECT change, move FROM match_changes WHERE match_id = %s ORDER BY version",
                (match_id,),
            ).fetchall()
            yield RecordedMatch(
                match_id=match_id,
                rules_version=rules_version,
                players=setup.players,
                options=dict(setup.options),
                seed=setup.seed,
                changes=[
                    (spb.StoredChange.FromString(bytes(change)), bytes(move) if move else b"")
                    for change, move in changes
                ],
                final_state=None if final_state is None else bytes(final_state),
            )
