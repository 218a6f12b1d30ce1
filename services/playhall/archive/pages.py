"""A player's pages of the archive (PlayerService's reads of PostgreSQL): their finished
matches, ratings and rating history, and a title's leaderboard.

Every list is paged by keyset, never by offset: a page token carries the sort key of the last
row it gave out (and the leaderboard's last rank), so a page costs one index range however
deep it is, and rows archived meanwhile neither repeat nor skip a row. A token is bound to
the list and the filter it was made for; one from another list, another filter or damaged is
refused. Tokens are opaque to clients but not secret: a token made up by hand can only start
a page of what its caller may read anyway somewhere else."""

from __future__ import annotations

import base64
import binascii
import datetime
import json
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from playhall.accounts.tokens import Player
from playhall.archive import ratings
from playhall.archive.archive import Archive, archived_match, reaching_archive
from playhall.archive.reputation import Reputation
from playhall.common.errors import InvalidRequest, NotAuthenticated
from playhall.matchstore import wire
from playhall.players.v1 import player_service_pb2 as pb

PLAYER_ID = re.compile(r"p-[0-9a-f]{32}")
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)


def _unix_us(at: datetime.datetime) -> int:
    return (at - EPOCH) // datetime.timedelta(microseconds=1)


def _time_us(unix_us: int) -> datetime.datetime:
    return EPOCH + datetime.timedelta(microseconds=unix_us)


def _unix_ms(at: datetime.datetime) -> int:
    return _unix_us(at) // 1000


def page_size(size: int, default: int, most: int) -> int:
    """The size a request asks for (0 for the default), refused outside 0..most."""
    if size < 0 or size > most:
        raise InvalidRequest("archive-page-size", most=most, default=default, given=size)
    return size or default


MAX_TOKEN = 1024
"""Longer than any token given out; a longer one is refused before it is decoded (so a
token of deeply nested JSON never reaches the parser's recursion)."""


class PageTokens:
    """The page tokens of one list: base64url JSON of the list's name, the filter, and the
    cursor (the sort key of the last row given out)."""

    def __init__(self, list_name: str, cursor_types: Sequence[type]):
        self.list_name = list_name
        self.cursor_types = tuple(cursor_types)

    def make(self, query: dict[str, Any], cursor: Sequence[Any]) -> str:
        body = json.dumps({"list": self.list_name, "query": query, "cursor": list(cursor)})
        return base64.urlsafe_b64encode(body.encode()).decode().rstrip("=")

    def read(self, token: str, query: dict[str, Any]) -> list[Any] | None:
        """The cursor of `token` (None for the first page); InvalidRequest for a token that is
        not this list's next page for this `query`."""
        if not token:
            return None
        if len(token) > MAX_TOKEN:
            raise InvalidRequest("archive-page-token-too-long")
        try:
            body = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
        except (binascii.Error, ValueError):
            raise InvalidRequest("archive-page-token-undecodable") from None
        if not isinstance(body, dict) or body.get("list") != self.list_name:
            raise InvalidRequest("archive-page-token-other-list", list=self.list_name)
        if body.get("query") != query:
            raise InvalidRequest("archive-page-token-other-query")
        cursor = body.get("cursor")
        if (
            not isinstance(cursor, list)
            or len(cursor) != len(self.cursor_types)
            or not all(map(_cursor_value, cursor, self.cursor_types))
        ):
            raise InvalidRequest("archive-page-token-other-list", list=self.list_name)
        return cursor


MAX_CURSOR_INT = 2**53 - 1
"""The largest count or time (unix microseconds, in the year 2255) a cursor holds: JSON's
largest exact integer."""
MAX_CURSOR_TEXT = 64


def _cursor_value(value: Any, kind: type) -> bool:
    """Whether `value` is one a cursor of ours holds there: an id (text PostgreSQL takes), a
    count or time (an integer from 0), or a finite rating."""
    if isinstance(value, bool) or not isinstance(value, kind):
        return False
    # `value` is of `kind`, which is one of these.
    if isinstance(value, int):
        return 0 <= value <= MAX_CURSOR_INT
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str) and len(value) <= MAX_CURSOR_TEXT and value.isprintable()


FINISHED = PageTokens("ListFinishedMatches", (int, str))
"""The cursor: the last match's end (unix microseconds) and id."""
HISTORY = PageTokens("GetRatingHistory", (int, str))
"""The cursor: the last change's count of matches (`games`) and match id."""
HISTORY_ORDER = "applied"
"""The order of a rating history's tokens, in their query: the order the ratings were applied
in (a token of the list by the matches' ends, before, is refused, not misread)."""
LEADERBOARD = PageTokens("GetLeaderboard", (float, str, int, int))
"""The cursor: the last entry's ordinal, player id, rank and place in the list."""

FINISHED_PAGE, MAX_FINISHED_PAGE = 20, 100
HISTORY_PAGE, MAX_HISTORY_PAGE = 50, 500
LEADERBOARD_PAGE, MAX_LEADERBOARD_PAGE = 50, 200
BOT_ACCOUNT = "EXISTS (SELECT 1 FROM bot_accounts b WHERE b.player_id = p.id)"
"""Whether the player `p` is a bot account (migration 0012), in SQL."""


def rating(title_id: str, mu: float, sigma: float, games: int, at: datetime.datetime) -> pb.Rating:
    value = ratings.Rating(mu, sigma)
    return pb.Rating(
        title_id=title_id,
        mu=mu,
        sigma=sigma,
        display=value.ordinal,
        matches=games,
        provisional=value.provisional,
        updated_unix_ms=_unix_ms(at),
    )


def reputation_message(reputation: Reputation) -> pb.Reputation:
    return pb.Reputation(
        finished=reputation.finished, abandoned=reputation.abandoned, karma=reputation.karma
    )


class PlayerPages:
    """A player's pages of the archive (finished matches, ratings, rating history,
    leaderboards), read on the archive's pool; `titles` names the titles this deployment
    serves."""

    def __init__(self, archive: Archive, titles: Callable[[], list[str]]):
        self.pool = archive.pool
        self.titles = titles

    def _title(self, title_id: str, required: bool) -> str:
        if not title_id:
            if required:
                raise InvalidRequest("archive-title-required")
            return ""
        served = self.titles()
        if title_id not in served:
            raise InvalidRequest(
                "match-unknown-title", title=title_id[:64], served=", ".join(served)
            )
        return title_id

    async def _fetch(self, query: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        with reaching_archive():
            async with self.pool.connection() as connection:
                found = await connection.execute(query, params)
                return await found.fetchall()

    async def _player(self, player_id: str, caller: Player | None) -> pb.Player:
        """The player a request names (empty: the signed-in caller), as the archive knows
        them. Ratings are public: anyone reads a named player's."""
        if player_id and not PLAYER_ID.fullmatch(player_id):
            raise InvalidRequest("archive-player-id-form", player=player_id[:64])
        if player_id:
            wanted = player_id
        elif caller is not None:
            wanted = caller.player_id
        else:
            raise NotAuthenticated("archive-ratings-whose")
        rows = await self._fetch(
            f"""
            SELECT p.display_name, p.kind, r.finished, r.abandoned, r.karma,
                {BOT_ACCOUNT} FROM players p
            LEFT JOIN reputation r ON r.player_id = p.id WHERE p.id = %(id)s
            """,
            {"id": wanted},
        )
        if rows:
            ((name, kind, *counts, bot_account),) = rows
            if caller is not None and wanted == caller.player_id:
                name = caller.display_name  # the name of this sign-in, not the last seat's
            if kind == "bot":
                return pb.Player(player_id=wanted, display_name=name, bot=True)
            known = Reputation(*counts) if counts[0] is not None else Reputation()
            return pb.Player(
                player_id=wanted,
                display_name=name,
                bot=bot_account,
                reputation=reputation_message(known),
            )
        # Never archived yet (a person in their first match, a bot level before its first, or
        # the caller): no ratings, no history. Ids derive from the identity provider's subject,
        # so the archive cannot tell a player who has not finished a match from no player, and
        # the portal asks for the ratings of every seat it shows.
        if caller is not None and wanted == caller.player_id:
            return pb.Player(
                player_id=wanted,
                display_name=caller.display_name,
                reputation=reputation_message(Reputation()),
            )
        return pb.Player(player_id=wanted)

    # -- the signed-in player's finished matches ----------------------------------------------

    async def finished_matches(
        self, caller: Player, request: pb.ListFinishedMatchesRequest
    ) -> pb.ListFinishedMatchesResponse:
        size = page_size(request.page_size, FINISHED_PAGE, MAX_FINISHED_PAGE)
        title = self._title(request.title_id, required=False)
        query = {"title_id": title}
        cursor = FINISHED.read(request.page_token, query)
        conditions = ["s.player_id = %(player)s"]
        if title:
            conditions.append("s.title_id = %(title)s")
        if cursor:
            conditions.append("(s.finished_at, s.match_id) < (%(at)s, %(after)s)")
        rows = await self._fetch(
            f"""
            WITH page AS (
                SELECT s.finished_at, s.match_id, array_agg(s.seat ORDER BY s.seat) AS seats
                FROM match_seats s
                WHERE {" AND ".join(conditions)}
                GROUP BY s.finished_at, s.match_id
                ORDER BY s.finished_at DESC, s.match_id DESC
                LIMIT %(limit)s
            )
            SELECT page.match_id, page.finished_at, page.seats, m.version, m.record,
                h.mu, h.sigma, h.games, h.at
            FROM page
            JOIN matches m ON m.match_id = page.match_id
            LEFT JOIN rating_history h ON h.player_id = %(player)s
                AND h.title_id = m.title_id AND h.match_id = page.match_id
            ORDER BY page.finished_at DESC, page.match_id DESC
            """,
            {
                "player": caller.player_id,
                "title": title,
                "at": _time_us(cursor[0]) if cursor else None,
                "after": cursor[1] if cursor else None,
                "limit": size + 1,
            },
        )
        matches = []
        for match_id, finished_at, seats, version, record, mu, sigma, games, at in rows[:size]:
            match = archived_match(match_id, version, record)
            found = pb.FinishedMatch(
                match=wire.summary(match), seats=seats, finished_unix_ms=_unix_ms(finished_at)
            )
            if mu is not None:
                found.rating_after.CopyFrom(rating(match.title_id, mu, sigma, games, at))
            matches.append(found)
        next_token = ""
        if len(rows) > size:
            last_id, last_at = rows[size - 1][0], rows[size - 1][1]
            next_token = FINISHED.make(query, [_unix_us(last_at), last_id])
        return pb.ListFinishedMatchesResponse(matches=matches, next_page_token=next_token)

    # -- ratings ------------------------------------------------------------------------------

    async def ratings(
        self, caller: Player | None, request: pb.GetRatingsRequest
    ) -> pb.GetRatingsResponse:
        player = await self._player(request.player_id, caller)
        rows = await self._fetch(
            """
            SELECT title_id, mu, sigma, games, updated_at FROM ratings
            WHERE player_id = %(player)s ORDER BY title_id
            """,
            {"player": player.player_id},
        )
        return pb.GetRatingsResponse(player=player, ratings=[rating(*row) for row in rows])

    async def rating_history(
        self, caller: Player | None, request: pb.GetRatingHistoryRequest
    ) -> pb.GetRatingHistoryResponse:
        """The player's changes in the title, the last applied first. Not by the matches'
        ends: the archiver rates matches in the order it archives them, which after an outage
        or with several archivers is not the order they ended in. A change's `games` (the
        rating's count of matches it completes, counted under the rating's row lock) is that
        order; the match id only breaks a tie the archive never makes."""
        size = page_size(request.page_size, HISTORY_PAGE, MAX_HISTORY_PAGE)
        title = self._title(request.title_id, required=True)
        player = await self._player(request.player_id, caller)
        query = {"player_id": player.player_id, "title_id": title, "order": HISTORY_ORDER}
        cursor = HISTORY.read(request.page_token, query)
        after = "AND (games, match_id) < (%(games)s, %(after)s)" if cursor else ""
        rows = await self._fetch(
            f"""
            SELECT match_id, mu, sigma, games, at FROM rating_history
            WHERE player_id = %(player)s AND title_id = %(title)s {after}
            ORDER BY games DESC, match_id DESC
            LIMIT %(limit)s
            """,
            {
                "player": player.player_id,
                "title": title,
                "games": cursor[0] if cursor else None,
                "after": cursor[1] if cursor else None,
                "limit": size + 1,
            },
        )
        changes = [
            pb.RatingChange(match_id=match_id, rating=rating(title, mu, sigma, games, at))
            for match_id, mu, sigma, games, at in rows[:size]
        ]
        next_token = ""
        if len(rows) > size:
            last = rows[size - 1]
            next_token = HISTORY.make(query, [last[3], last[0]])
        return pb.GetRatingHistoryResponse(changes=changes, next_page_token=next_token)

    # -- leaderboards -------------------------------------------------------------------------

    async def leaderboard(self, request: pb.GetLeaderboardRequest) -> pb.GetLeaderboardResponse:
        """Best first by the ordinal (mu - 3 sigma); equal ordinals share a rank (1, 1, 3)."""
        size = page_size(request.page_size, LEADERBOARD_PAGE, MAX_LEADERBOARD_PAGE)
        title = self._title(request.title_id, required=True)
        query: dict[str, Any] = {
            "title_id": title,
            "include_provisional": request.include_provisional,
        }
        if request.bot_accounts:  # only then: the tokens of people's pages stay as they were
            query["bot_accounts"] = True
        cursor = LEADERBOARD.read(request.page_token, query)
        # Bot accounts are rated in a pool of their own (`Archive._rate`): listed apart.
        conditions = ["r.title_id = %(title)s", f"{BOT_ACCOUNT} = %(bot_accounts)s"]
        if not request.include_provisional:
            conditions.append("r.sigma <= %(provisional)s")
        if cursor:
            conditions.append(
                "r.ordinal <= %(ordinal)s AND (r.ordinal < %(ordinal)s OR r.player_id > %(after)s)"
            )
        rows = await self._fetch(
            f"""
            SELECT r.player_id, p.display_name, p.kind, r.mu, r.sigma, r.games, r.updated_at,
                r.ordinal
            FROM ratings r JOIN players p ON p.id = r.player_id
            WHERE {" AND ".join(conditions)}
            ORDER BY r.ordinal DESC, r.player_id
            LIMIT %(limit)s
            """,
            {
                "title": title,
                "provisional": ratings.PROVISIONAL_SIGMA,
                "bot_accounts": request.bot_accounts,
                "ordinal": cursor[0] if cursor else None,
                "after": cursor[1] if cursor else None,
                "limit": size + 1,
            },
        )
        last_ordinal, rank, place = (cursor[0], cursor[2], cursor[3]) if cursor else (None, 0, 0)
        entries = []
        for player_id, name, kind, mu, sigma, games, at, ordinal in rows[:size]:
            place += 1
            if ordinal != last_ordinal:
                rank, last_ordinal = place, ordinal
            entries.append(
                pb.LeaderboardEntry(
                    rank=rank,
                    player=pb.Player(
                        player_id=player_id,
                        display_name=name,
                        bot=kind == "bot" or request.bot_accounts,
                    ),
                    rating=rating(title, mu, sigma, games, at),
                )
            )
        next_token = ""
        if len(rows) > size:
            next_token = LEADERBOARD.make(query, [last_ordinal, rows[size - 1][0], rank, place])
        return pb.GetLeaderboardResponse(entries=entries, next_page_token=next_token)
