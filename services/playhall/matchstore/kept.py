"""The snapshots of matches a process committed or read last, kept so that the next move of a
match can skip reading it again.

A kept snapshot is a guess that the match is still at its version: the commit script's
version test confirms it (a match another replica changed, parked or archived since fails
that test, and the move is read and tried again). It holds no idempotency records, so the
commit script also looks the request id up itself."""

from __future__ import annotations

from dataclasses import dataclass

from playhall.common.recent import Recent


@dataclass(frozen=True)
class KeptSnapshot:
    version: int
    record: bytes
    """The match's record as Redis holds it, "<version>:<StoredMatch>"."""
    state: bytes


class KeptSnapshots:
    """The last snapshot of each of the `size` matches used most recently (0: none kept)."""

    def __init__(self, size: int):
        self._kept: Recent[str, KeptSnapshot] = Recent(size)

    def __len__(self) -> int:
        return len(self._kept)

    def at(self, match_id: str, version: int) -> KeptSnapshot | None:
        """The match's kept snapshot when it is of `version`."""
        kept = self._kept.get(match_id)
        return kept if kept is not None and kept.version == version else None

    def keep(self, match_id: str, record: bytes, state: bytes) -> None:
        """Keeps the snapshot unless one of a later version is kept: a read that began before
        this process committed the next version may end after it."""
        version = int(record[: record.index(b":")])
        kept = self._kept.get(match_id)
        if kept is None or kept.version <= version:
            self._kept.put(match_id, KeptSnapshot(version, record, state))

    def forget(self, match_id: str, up_to: int | None = None) -> None:
        """Forgets the match's snapshot (only when of version `up_to` or earlier, if given)."""
        kept = self._kept.get(match_id)
        if kept is not None and (up_to is None or kept.version <= up_to):
            self._kept.pop(match_id)
