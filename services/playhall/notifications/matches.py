"""The matches notices are about, read wherever they are: in Redis, parked, or archived; read
only (a notice never brings a parked match back to Redis); and the rating change a finished
match made, once the archive has rated it."""

from __future__ import annotations

from playhall.archive.archive import Archive
from playhall.archive.rating_lookup import rating_change
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

    async def rating_change(self, player_id: str, match_id: str) -> tuple[float, float] | None:
        """The player's displayed rating before and after the match (None: not rated yet)."""
        return await rating_change(self.archive.pool, player_id, match_id)
