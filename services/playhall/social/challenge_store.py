"""Challenges as PostgreSQL keeps them (`challenges`, migration 0009), on the archive's pool.

A challenge's answer is one conditional UPDATE of its row (open, not expired, and the answerer
entitled: the invited, the challenger for a withdrawal), so of racing answers exactly one
changes it and the others find it answered. Making one holds an advisory lock on its
challenger for the count of their open challenges, so racing creations never pass the cap
together. A store speaks in the records below; the rules are `challenges.py`'s."""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass, field
from typing import Any

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from playhall.archive.archive import reaching_archive
from playhall.matchstore.model import BotLevel, Clock, Pace, TimeoutAction
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2 as spb

LOCK_CLASS = 0x6368616C  # "chal": a challenger's open challenges, while one is made
COLUMNS = """
    challenge_id, challenger_id, challenger_name, opponent, invited_id, invited_name, title_id,
    seats, options, pace, seconds_per_turn, bank_initial_seconds, bank_increment_seconds,
    on_timeout, bot_level, min_karma, state, decline_reason, accepted_by, accepted_name, created_at,
    expires_at, expires_at <= now() AS expired,
    EXISTS (SELECT 1 FROM bot_accounts b WHERE b.player_id = challenger_id) AS challenger_bot,
    EXISTS (SELECT 1 FROM bot_accounts b WHERE b.player_id = invited_id) AS invited_bot
"""
INSERT = """
    INSERT INTO challenges (
        challenge_id, challenger_id, challenger_name, opponent, invited_id, invited_name, title_id,
        seats, options, pace, seconds_per_turn, bank_initial_seconds, bank_increment_seconds,
        on_timeout, bot_level, min_karma, state, accepted_name, expires_at, answered_at
    ) VALUES (
        %(challenge_id)s, %(challenger_id)s, %(challenger_name)s, %(opponent)s, %(invited_id)s,
        COALESCE((SELECT display_name FROM players WHERE id = %(invited_id)s), ''),
        %(title_id)s, %(seats)s, %(options)s, %(pace)s, %(seconds_per_turn)s,
        %(bank_initial_seconds)s, %(bank_increment_seconds)s, %(on_timeout)s, %(bot_level)s,
        %(min_karma)s, %(state)s, %(accepted_name)s,
        now() + make_interval(secs => %(expires_in_s)s),
        CASE WHEN %(state)s = 'open' THEN NULL ELSE now() END
    ) ON CONFLICT (challenge_id) DO NOTHING
"""
OPEN_BY_CHALLENGER = """
    SELECT count(*) FROM challenges
    WHERE challenger_id = %s AND state = 'open' AND expires_at > now()
"""


class Opponent(enum.StrEnum):
    """Whom a challenge invites."""

    PLAYER = "player"
    ANYONE = "anyone"
    """Open to anyone: the lobby lists it."""
    BOT = "bot"
    """A bot of the challenge's level: its match begins at once."""


class State(enum.StrEnum):
    """Where a challenge is. `EXPIRED` is never stored: an open challenge past its expiry."""

    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"
    EXPIRED = "expired"


class DeclineReason(enum.StrEnum):
    """Why the invited declined, from a fixed list the challenger is shown."""

    TOO_FAST = "too_fast"
    TOO_SLOW = "too_slow"
    NOT_THIS_TITLE = "not_this_title"
    LATER = "later"
    NO_RATED_GAMES = "no_rated_games"
    OTHER = "other"

    @property
    def words(self) -> str:
        """The reason as the challenger reads it."""
        return {
            DeclineReason.TOO_FAST: "too fast for them",
            DeclineReason.TOO_SLOW: "too slow for them",
            DeclineReason.NOT_THIS_TITLE: "they would rather play another title",
            DeclineReason.LATER: "not now, perhaps later",
            DeclineReason.NO_RATED_GAMES: "they play no rated games now",
            DeclineReason.OTHER: "no reason given",
        }[self]


@dataclass(frozen=True)
class Terms:
    """The match a challenge offers: its title, seats, options and clock; `bot_level`: the
    level of its bot seats (a bot challenge's opponent, the seats past two), None without;
    `min_karma`: what an accepter of an open challenge needs (0: nothing)."""

    title_id: str
    seats: int
    options: dict[str, rpb.OptionValue] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    bot_level: BotLevel | None = None
    min_karma: int = 0


@dataclass(frozen=True)
class Challenge:
    """A challenge as stored: `invited_id` "" but for one to a player."""

    challenge_id: str
    challenger_id: str
    challenger_name: str
    opponent: Opponent
    invited_id: str
    invited_name: str
    terms: Terms
    state: State
    decline_reason: DeclineReason | None
    accepted_by: str
    accepted_name: str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    challenger_bot: bool = False
    """The challenger is a bot account (`access.bots`)."""
    invited_bot: bool = False
    """The invited player is a bot account."""


class ChallengeStore:
    """The `challenges` table through the archive's connection pool."""

    def __init__(self, pool: AsyncConnectionPool):
        self.pool = pool

    async def create(
        self, challenge: Challenge, expires_in_s: float, most_open: int
    ) -> Challenge | None:
        """Stores a new challenge (open, or accepted at once by a bot) expiring `expires_in_s`
        from now, unless its challenger holds `most_open` open ones already (None). A challenge
        of its id stored before (a retry) is answered as stored."""
        row = _row(challenge) | {"expires_in_s": expires_in_s}
        with reaching_archive():
            async with self.pool.connection() as connection, connection.transaction():
                await connection.execute(
                    "SELECT pg_advisory_xact_lock(%s, hashtext(%s))",
                    (LOCK_CLASS, challenge.challenger_id),
                )
                counted = await connection.execute(OPEN_BY_CHALLENGER, (challenge.challenger_id,))
                (open_now,) = await counted.fetchone() or (0,)
                stored = await _get(connection, challenge.challenge_id)
                if stored is not None:
                    return stored
                if challenge.state == State.OPEN and open_now >= most_open:
                    return None
                await connection.execute(INSERT, row)
                return await _get(connection, challenge.challenge_id)

    async def get(self, challenge_id: str) -> Challenge | None:
        with reaching_archive():
            async with self.pool.connection() as connection:
                return await _get(connection, challenge_id)

    async def accept(self, challenge_id: str, player_id: str, name: str) -> Challenge | None:
        """The challenge accepted by the player, if it was open, unexpired and theirs to accept
        (invited, or open to anyone and not their own); None otherwise."""
        return await self._answer(
            "state = 'accepted', accepted_by = %(player)s, accepted_name = %(name)s",
            "(invited_id = %(player)s OR (opponent = 'anyone' AND challenger_id <> %(player)s))",
            {"id": challenge_id, "player": player_id, "name": name},
        )

    async def decline(
        self, challenge_id: str, player_id: str, reason: DeclineReason
    ) -> Challenge | None:
        """The challenge declined by the player it invited, if open and unexpired; else None."""
        return await self._answer(
            "state = 'declined', decline_reason = %(reason)s",
            "invited_id = %(player)s",
            {"id": challenge_id, "player": player_id, "reason": reason.value},
        )

    async def withdraw(self, challenge_id: str, player_id: str) -> Challenge | None:
        """The challenge withdrawn by its challenger, if still open (expired too); else None."""
        return await self._answer(
            "state = 'withdrawn'",
            "challenger_id = %(player)s",
            {"id": challenge_id, "player": player_id},
            unexpired=False,
        )

    async def _answer(
        self, change: str, entitled: str, values: dict[str, Any], unexpired: bool = True
    ) -> Challenge | None:
        """One conditional UPDATE of an open challenge: of racing answers, one changes it."""
        expiry = "AND expires_at > now()" if unexpired else ""
        query = f"""
            UPDATE challenges SET {change}, answered_at = now()
            WHERE challenge_id = %(id)s AND state = 'open' {expiry} AND {entitled}
            RETURNING {COLUMNS}
        """
        with reaching_archive():
            async with self.pool.connection() as connection:
                cursor = connection.cursor(row_factory=dict_row)
                await cursor.execute(query, values)
                found = await cursor.fetchone()
        return _challenge(found) if found is not None else None

    async def of_player(self, player_id: str, limit: int) -> list[Challenge]:
        """The player's challenges, made and received, newest first."""
        query = f"""
            (SELECT {COLUMNS} FROM challenges WHERE challenger_id = %(p)s
             ORDER BY created_at DESC LIMIT %(n)s)
            UNION ALL
            (SELECT {COLUMNS} FROM challenges WHERE invited_id = %(p)s
             ORDER BY created_at DESC LIMIT %(n)s)
            ORDER BY created_at DESC LIMIT %(n)s
        """
        return await self._listed(query, {"p": player_id, "n": limit})

    async def open_to_anyone(self, title_id: str, limit: int) -> list[Challenge]:
        """The open, unexpired challenges to anyone (of `title_id`; "": every title), newest
        first."""
        query = f"""
            SELECT {COLUMNS} FROM challenges
            WHERE state = 'open' AND opponent = 'anyone' AND expires_at > now()
              AND (%(title)s = '' OR title_id = %(title)s)
              ORDER BY created_at DESC LIMIT %(n)s
        """
        return await self._listed(query, {"title": title_id, "n": limit})

    async def _listed(self, query: str, values: dict[str, Any]) -> list[Challenge]:
        with reaching_archive():
            async with self.pool.connection() as connection:
                cursor = connection.cursor(row_factory=dict_row)
                await cursor.execute(query, values)
                return [_challenge(row) for row in await cursor.fetchall()]


async def _get(connection: Any, challenge_id: str) -> Challenge | None:
    cursor = connection.cursor(row_factory=dict_row)
    await cursor.execute(
        f"SELECT {COLUMNS} FROM challenges WHERE challenge_id = %s", (challenge_id,)
    )
    found = await cursor.fetchone()
    return _challenge(found) if found is not None else None


def _row(challenge: Challenge) -> dict[str, Any]:
    """The columns of a new challenge."""
    terms, clock = challenge.terms, challenge.terms.clock
    return {
        "challenge_id": challenge.challenge_id,
        "challenger_id": challenge.challenger_id,
        "challenger_name": challenge.challenger_name,
        "opponent": challenge.opponent.value,
        "invited_id": challenge.invited_id or None,
        "title_id": terms.title_id,
        "seats": terms.seats,
        "options": spb.StoredSetup(options=terms.options).SerializeToString(deterministic=True),
        "pace": clock.pace.name.lower(),
        "seconds_per_turn": clock.seconds_per_turn,
        "bank_initial_seconds": clock.bank_initial_seconds,
        "bank_increment_seconds": clock.bank_increment_seconds,
        "on_timeout": clock.on_timeout.name.lower(),
        "bot_level": terms.bot_level.label if terms.bot_level is not None else "",
        "min_karma": terms.min_karma,
        "state": challenge.state.value,
        "accepted_name": challenge.accepted_name,
    }


def _challenge(row: dict[str, Any]) -> Challenge:
    """A challenge from its row (with `expired` computed by the database's clock)."""
    clock = Clock(
        seconds_per_turn=row["seconds_per_turn"],
        on_timeout=TimeoutAction[row["on_timeout"].upper()],
        bank_initial_seconds=row["bank_initial_seconds"],
        bank_increment_seconds=row["bank_increment_seconds"],
        pace=Pace[row["pace"].upper()],
    )
    setup = spb.StoredSetup.FromString(bytes(row["options"]))
    state = State(row["state"])
    if state == State.OPEN and row["expired"]:
        state = State.EXPIRED
    return Challenge(
        challenge_id=row["challenge_id"],
        challenger_id=row["challenger_id"],
        challenger_name=row["challenger_name"],
        opponent=Opponent(row["opponent"]),
        invited_id=row["invited_id"] or "",
        invited_name=row["invited_name"],
        terms=Terms(
            title_id=row["title_id"],
            seats=row["seats"],
            options=dict(setup.options),
            clock=clock,
            bot_level=BotLevel[row["bot_level"].upper()] if row["bot_level"] else None,
            min_karma=row["min_karma"],
        ),
        state=state,
        decline_reason=DeclineReason(row["decline_reason"]) if row["decline_reason"] else None,
        accepted_by=row["accepted_by"] or "",
        accepted_name=row["accepted_name"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        challenger_bot=row["challenger_bot"],
        invited_bot=row["invited_bot"],
    )
