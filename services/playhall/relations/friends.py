"""A signed-in player's friends, follows, blocks and presence, as FriendsService offers them:
each call checks the other player's id (and that it is not the caller's, for a change), makes
the caller known to others and online (`arrive`: a sign of life, which an unknown player's
NOT_FOUND comes after), and reads or writes through `graph.Relations` and
`presence.Presence`. A database out of reach is `Unavailable`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from playhall.accounts.tokens import Player
from playhall.archive.archive import reaching_archive
from playhall.archive.pages import PLAYER_ID
from playhall.common.errors import InvalidRequest
from playhall.relations.graph import Page, Person, Relation, Relations, refuse_self
from playhall.relations.metrics import RELATIONS_MADE
from playhall.relations.presence import Presence

Lister = Callable[[str, int, str], Awaitable[Page]]
"""One of a player's lists in `Relations`: (player, limit, after) -> a page."""


@dataclass(frozen=True)
class Listed:
    """A page of a list, each player with whether the caller sees them online."""

    people: list[tuple[Person, bool]]
    next_after: str


class Friends:
    """FriendsService's domain over the archive's relations and the match store's presence."""

    def __init__(self, relations: Relations, presence: Presence):
        self.relations = relations
        self.presence = presence

    async def arrive(self, player: Player) -> None:
        """The caller is known to others under their token's name, and online."""
        with reaching_archive():
            await self.relations.make_known(player)
        await self.presence.touch(player.player_id)

    async def heartbeat(self, player: Player) -> int:
        """The caller is online; for how long without another call, in milliseconds."""
        await self.presence.touch(player.player_id)
        return self.presence.ttl_ms

    async def follow(self, player: Player, other: str) -> bool:
        """The caller follows `other`; whether they are friends now."""
        await self._arrive_to(player, other, "follow")
        with reaching_archive():
            if await self.relations.follow(player.player_id, other):
                RELATIONS_MADE.labels("follow").inc()
            return (await self.relations.relation(player.player_id, other)).friends

    async def unfollow(self, player: Player, other: str) -> None:
        await self._arrive_to(player, other, "unfollow")
        with reaching_archive():
            await self.relations.unfollow(player.player_id, other)

    async def block(self, player: Player, other: str) -> None:
        await self._arrive_to(player, other, "block")
        with reaching_archive():
            if await self.relations.block(player.player_id, other):
                RELATIONS_MADE.labels("block").inc()

    async def unblock(self, player: Player, other: str) -> None:
        await self._arrive_to(player, other, "unblock")
        with reaching_archive():
            await self.relations.unblock(player.player_id, other)

    async def listed(self, player: Player, listing: Lister, limit: int, after: str) -> Listed:
        """A page of one of the caller's lists (`Relations.friends`, `.following`,
        `.followers`) after the player `after`, with who of them the caller sees online."""
        _check_page(after)
        await self.arrive(player)
        with reaching_archive():
            page = await listing(player.player_id, limit, after)
            ids = [person.player_id for person in page.people]
            online = await self.presence.seen_by(player.player_id, ids)
        return Listed([(p, p.player_id in online) for p in page.people], page.next_after)

    async def blocked(self, player: Player, limit: int, after: str) -> Listed:
        """A page of the players the caller blocked (shown offline: a block hides presence)."""
        _check_page(after)
        await self.arrive(player)
        with reaching_archive():
            page = await self.relations.blocked(player.player_id, limit, after)
        return Listed([(p, False) for p in page.people], page.next_after)

    async def relation(self, player: Player, other: str) -> tuple[Relation, bool]:
        """What the caller is to `other`, and whether the caller sees them online."""
        await self._arrive_to(player, other)
        with reaching_archive():
            relation = await self.relations.relation(player.player_id, other)
        online = not relation.blocked and bool(await self.presence.online([other]))
        return relation, online

    async def _arrive_to(self, player: Player, other: str, verb: str = "") -> None:
        """`arrive`, for a call about `other`: refused first, writing nothing, for an id that is
        not a player id, and for the caller's own where `verb` changes a relation."""
        if not PLAYER_ID.fullmatch(other):
            raise InvalidRequest("friend-player-id-form", player=other[:64])
        if verb:
            refuse_self(player.player_id, other, verb)
        await self.arrive(player)


def _check_page(after: str) -> None:
    if after and not PLAYER_ID.fullmatch(after):
        raise InvalidRequest("friend-page-token")
