"""The matches notices are about, read wherever they are: in Redis, parked, or archived; read
only (a notice never brings a parked match back to Redis)."""

from __future__ import annotations

from playhall.archive.archive import Archive
from playhall.matchstore.model import Match
from playhall.matchstore.store import MatchStore


class MatchReader:
    def __init__(self, store: MatchStore, archive: Archive):
        self.store = store
        self.archive = archive

    async def match(self, match_id: str) -> Match | None:
        (match,) = await self.store.load_many([match_id])
        if match is None:
            found = await self.archive.match(match_id)
            match = found[0] if found is not None else None
        return match
