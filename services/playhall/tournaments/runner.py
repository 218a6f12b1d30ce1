"""The tournament runner: every replica runs one, and each tournament whose start time has
come is moved on (`Tournaments.advance`) by the replica holding its lease in Redis; a lease not
renewed for `tournament_lease_ms` (its holder died) is taken by the next replica to look. Every
write of a tournament checks the lease again, so a holder that stalled past its lease pairs
nothing more."""

from __future__ import annotations

import logging
import os
import secrets

import redis

from playhall.common.errors import MatchError
from playhall.common.passes import BackgroundPass
from playhall.matchstore.store import now_ms
from playhall.tournaments.domain import Tournaments
from playhall.tournaments.metrics import TOURNAMENT_LEASES, TOURNAMENT_STEPS

log = logging.getLogger(__name__)


class TournamentRunner(BackgroundPass):
    def __init__(self, tournaments: Tournaments, interval_s: float, lease_ms: int):
        self.tournaments = tournaments
        self.store = tournaments.store
        super().__init__(interval_s)
        self.lease_ms = lease_ms
        self.holder = f"{os.uname().nodename}-{os.getpid()}-{secrets.token_hex(4)}"
        """This replica's name in the leases: unique, so a restarted process is a new holder."""
        self._held: set[str] = set()

    name = "tournaments"

    async def stop(self, timeout: float) -> None:
        """Lets the pass in progress finish for up to `timeout` seconds, then gives the
        leases up, so that another replica goes on at its next pass."""
        await super().stop(timeout)
        for tournament_id in sorted(self._held):
            try:
                await self.store.release_lease(tournament_id, self.holder)
            except redis.RedisError as error:  # it lapses on its own
                log.warning("tournament lease not given up", extra={"error": str(error)})
        self._held.clear()
        TOURNAMENT_LEASES.set(0)

    async def run_once(self) -> dict[str, str]:
        """One pass over the tournaments due; what it did to each it holds."""
        done = {}
        for tournament_id in await self.store.due(now_ms()):
            if not await self.store.hold_lease(tournament_id, self.holder, self.lease_ms):
                self._held.discard(tournament_id)
                continue
            if tournament_id not in self._held:
                log.info("tournament lease taken", extra={"tournament_id": tournament_id})
                self._held.add(tournament_id)
            try:
                done[tournament_id] = await self.tournaments.advance(tournament_id, self.holder)
            except MatchError as error:  # a rules service down, say: the next pass goes on
                log.warning(
                    "tournament not moved on",
                    extra={"tournament_id": tournament_id, "error": error.reason},
                )
                continue
            TOURNAMENT_STEPS.labels(done[tournament_id]).inc()
            if done[tournament_id] == "finished":
                await self.store.release_lease(tournament_id, self.holder)
                self._held.discard(tournament_id)
        TOURNAMENT_LEASES.set(len(self._held))
        return done
