"""Follows, blocks and presence (`playhall.relations`) on a real PostgreSQL and Redis: follows
are idempotent, friends are follows both ways, a block ends follows both ways and stops new ones,
refusals write nothing, lists page by name, and presence expires and is hidden across a block."""

from __future__ import annotations

import pytest

from playhall.accounts.tokens import Player, player_id
from playhall.archive import database
from playhall.common.errors import Blocked, InvalidRequest, NoSuchPlayer, NotNow
from playhall.relations.graph import Relation, Relations

pytestmark = pytest.mark.usefixtures("event_loop")

ISSUER = "https://id.example"


def person(name: str) -> Player:
    return Player(player_id(ISSUER, name.lower()), name, ISSUER, name.lower())


ADA, BOB, CY, DEE = (person(name) for name in ("Ada", "Bob", "Cy", "Dee"))
NOBODY = player_id(ISSUER, "nobody")


async def known(database_url: str, *players: Player, **limits: int) -> Relations:
    pool = database.pool(database_url)
    await pool.open(wait=True)
    relations = Relations(pool, **limits)
    for player in players:
        await relations.make_known(player)
    return relations


async def rows(relations: Relations) -> tuple[list, list]:
    """Every follow and block, to show that a refusal wrote nothing."""
    async with relations.pool.connection() as connection:
        follows = await connection.execute(
            "SELECT follower_id, followed_id FROM follows ORDER BY 1, 2"
        )
        blocks = await connection.execute("SELECT blocker_id, blocked_id FROM blocks ORDER BY 1, 2")
        return await follows.fetchall(), await blocks.fetchall()


async def test_follows_make_friends_both_ways(database_url):
    relations = await known(database_url, ADA, BOB, CY)
    try:
        await relations.follow(ADA.player_id, BOB.player_id)
        await relations.follow(ADA.player_id, BOB.player_id)
        await relations.follow(CY.player_id, ADA.player_id)
        assert (await relations.friends(ADA.player_id, 10)).people == []
        await relations.follow(BOB.player_id, ADA.player_id)
        friends = await relations.friends(ADA.player_id, 10)
        assert [p.display_name for p in friends.people] == ["Bob"]
        following = await relations.following(ADA.player_id, 10)
        assert [p.player_id for p in following.people] == [BOB.player_id]
        followers = await relations.followers(ADA.player_id, 10)
        assert [p.display_name for p in followers.people] == ["Bob", "Cy"]
        assert await relations.relation(ADA.player_id, CY.player_id) == Relation(
            following=False, followed_by=True
        )
        await relations.unfollow(ADA.player_id, BOB.player_id)
        await relations.unfollow(ADA.player_id, BOB.player_id)
        assert (await relations.friends(BOB.player_id, 10)).people == []
    finally:
        await relations.pool.close()


async def test_lists_page_by_name(database_url):
    relations = await known(database_url, ADA, BOB, CY, DEE)
    try:
        for other in (DEE, BOB, CY):
            await relations.follow(other.player_id, ADA.player_id)
        first = await relations.followers(ADA.player_id, 2)
        assert [p.display_name for p in first.people] == ["Bob", "Cy"]
        assert first.next_after == CY.player_id
        rest = await relations.followers(ADA.player_id, 2, first.next_after)
        assert [p.display_name for p in rest.people] == ["Dee"]
        assert rest.next_after == ""
    finally:
        await relations.pool.close()


async def test_a_block_ends_follows_and_stops_new_ones(database_url):
    relations = await known(database_url, ADA, BOB, CY)
    ada, bob, cy = ADA.player_id, BOB.player_id, CY.player_id
    try:
        await relations.follow(ada, bob)
        await relations.follow(bob, ada)
        await relations.follow(cy, bob)
        await relations.block(bob, ada)
        await relations.block(bob, ada)
        assert await rows(relations) == ([(cy, bob)], [(bob, ada)])
        assert await relations.blocked_between(ada, bob)
        assert await relations.blocked_between(bob, ada)
        assert not await relations.blocked_between(ada, cy)
        assert await relations.blocked_pairs([ada, bob, cy]) == {frozenset((ada, bob))}
        assert await relations.blocked_with(ada, [bob, cy]) == {bob}
        with pytest.raises(Blocked, match="does not accept you"):
            await relations.follow(ada, bob)
        with pytest.raises(Blocked, match="unblock them"):
            await relations.follow(bob, ada)
        assert await rows(relations) == ([(cy, bob)], [(bob, ada)])
        blocked = await relations.blocked(bob, 10)
        assert [p.display_name for p in blocked.people] == ["Ada"]
        await relations.unblock(ada, bob)  # Ada's unblock lifts nothing of Bob's
        assert await relations.blocked_between(ada, bob)
        await relations.unblock(bob, ada)
        assert not await relations.blocked_between(ada, bob)
        await relations.follow(ada, bob)
    finally:
        await relations.pool.close()


async def test_refusals_write_nothing(database_url):
    relations = await known(database_url, ADA, BOB, max_following=1, max_blocked=1)
    ada, bob = ADA.player_id, BOB.player_id
    try:
        await relations.follow(ada, bob)
        await relations.make_known(CY)
        await relations.make_known(DEE)
        await relations.block(ada, CY.player_id)
        before = await rows(relations)
        for refused, call in [
            (InvalidRequest, relations.follow(ada, ada)),
            (InvalidRequest, relations.block(bob, bob)),
            (NoSuchPlayer, relations.follow(bob, NOBODY)),
            (NoSuchPlayer, relations.block(bob, NOBODY)),
            (NoSuchPlayer, relations.relation(bob, NOBODY)),
            (NotNow, relations.follow(ada, DEE.player_id)),
            (NotNow, relations.block(ada, DEE.player_id)),
        ]:
            with pytest.raises(refused):
                await call
        assert await rows(relations) == before
    finally:
        await relations.pool.close()
