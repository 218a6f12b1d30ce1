"""The match room's door for the rooms above it (matchmaking, tournaments, challenges): the titles
served, who calls, starting a match under an id chosen ahead (and checking one's setup), reading
one, a player's seat taken up, and the seats of a matchmade match nobody took. Those rooms reach
matches through this alone, never the store, the rules services' clients or identity."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from playhall.accounts.tokens import Player
from playhall.matches import clocks
from playhall.matches.domain import Created, Matches, SeatTaken
from playhall.matches.identity import Credential
from playhall.matchstore.model import (
    ChangeCause,
    Clock,
    EndReason,
    Match,
    MatchPhase,
    Seat,
    SeatKind,
)
from playhall.matchstore.notices import NoticeKind
from playhall.rules.v1 import rules_service_pb2 as rpb


@dataclass(frozen=True)
class SettledSeats:
    """What became of a matchmade match's untaken seats: `outcome` is "void", "forfeited" (the
    change committed), or why nothing had to change ("gone", "over", "seated")."""

    outcome: str
    seats: list[int]
    title_id: str = ""
    players: int = 0


class MatchPort:
    """The calls other rooms make of matches, over the match domain."""

    def __init__(self, matches: Matches):
        self._matches = matches

    # -- titles and callers ----------------------------------------------------------------------

    def titles(self) -> list[str]:
        """The titles served (whatever rules services the settings name)."""
        return self._matches.rules.titles()

    async def game_infos(self) -> list[rpb.GameInfo]:
        """What each title's rules service said of it, of those that answered lately."""
        return await self._matches.rules.game_infos()

    async def game_info(self, title: str) -> rpb.GameInfo:
        """What the title's rules service says of it (asked now when not known yet)."""
        known = {info.title_id: info for info in await self.game_infos()}
        if title in known:
            return known[title]
        reply = await self._matches.rules.call(title, "GetGameInfo", rpb.GetGameInfoRequest())
        return reply.game

    async def list_games(self) -> list[rpb.GameInfo]:
        """`game_infos`, refused UNAVAILABLE when no rules service answers."""
        return await self._matches.list_games()

    async def caller(self, token: str | None) -> Credential:
        """Who a bearer token names: a player, a seat's token, the worker credential."""
        return await self._matches.identity.resolve(token)

    def is_operator(self, credential: Credential) -> bool:
        """Whether the credential is the operator's (the worker credential)."""
        return isinstance(credential, str) and self._matches.identity.is_worker(credential)

    # -- matches ---------------------------------------------------------------------------------

    async def start(
        self,
        title: str,
        seats: list[Seat],
        humans: list[int],
        clock: Clock,
        match_id: str,
        tournament_id: str = "",
    ) -> Created | None:
        """A match under `match_id`, made once however often it is asked (None when it exists);
        its players are told a tournament round or their matchmaking ticket seated them."""
        started = NoticeKind.ROUND_PAIRED if tournament_id else NoticeKind.TICKET_MATCHED
        return await self._matches.start(
            title,
            seats,
            humans,
            clock=clock,
            match_id=match_id,
            tournament_id=tournament_id,
            started=started,
        )

    async def start_challenge(
        self,
        title: str,
        seats: list[Seat],
        humans: list[int],
        options: Mapping[str, rpb.OptionValue],
        clock: Clock,
        match_id: str,
    ) -> Created | None:
        """An accepted challenge's match under the challenge's id, with its options, made once
        however often it is asked (None when it exists); nobody is told it started (the
        challenge's answer tells the challenger)."""
        return await self._matches.start(title, seats, humans, options, clock, match_id=match_id)

    async def check_setup(
        self, title: str, players: int, options: Mapping[str, rpb.OptionValue]
    ) -> None:
        """Refuses (`IllegalByRules`) a number of players or options the title's rules service
        would not set a game up with, as it would refuse CreateMatch's."""
        request = rpb.NewGameRequest(
            players=players, options=dict(options), seed=secrets.token_bytes(32)
        )
        await self._matches.rules.call(title, "NewGame", request)

    def check_clock(self, clock: Clock) -> None:
        """Refuses a clock a match cannot have (`clocks.check`, with this server's day)."""
        clocks.check(clock, self._matches.settings.turn_based_day_s)

    @property
    def turn_based_day_s(self) -> int:
        """How long a day of a turn-based clock lasts on this server (a setting)."""
        return self._matches.settings.turn_based_day_s

    async def check_turn_based_room(self, player: Player) -> None:
        """Refuses (`NotNow`) a player who holds the most turn-based matches allowed at once,
        as CreateMatch and JoinMatch do."""
        await self._matches._check_turn_based_room(player)

    async def at_turn_based_cap(self, player_ids: Collection[str]) -> set[str]:
        """Of `player_ids`, those who hold the most turn-based matches allowed at once."""
        most = self._matches.settings.turn_based_max_open
        ids = sorted(set(player_ids))
        counts = await asyncio.gather(*(self._matches.store.turn_based_count(p) for p in ids))
        return {player_id for player_id, count in zip(ids, counts, strict=True) if count >= most}

    async def exists(self, match_id: str) -> bool:
        return await self._matches.store.exists(match_id)

    async def live(self, match_id: str) -> Match | None:
        """The match while it is in Redis; None once its keys have left (or it never was)."""
        return await self._matches.store.load(match_id)

    async def load(self, match_id: str) -> Match:
        """The match, live or archived; `NoSuchMatch` when neither."""
        return await self._matches.load(match_id)

    async def reclaim(self, match_id: str, player: Player) -> SeatTaken:
        """A fresh token of the player's seat (which takes the seat)."""
        return await self._matches.reclaim(match_id, player)

    async def settle_untaken_seats(self, match_id: str) -> SettledSeats:
        """Settles a matchmade match's seats nobody took (`untaken_seats`), in one commit with
        the version check, so a second look changes nothing: with fewer than two people left
        the match is void (ended ABANDONED with no winners, as the idle scan ends one, which
        the archive rates nobody for); otherwise the untaken seats forfeit as on the clock (a
        random bot plays each, with a full bank) and the people who came play on."""
        commits = self._matches.commits

        async def attempt() -> SettledSeats | None:
            match = await self.live(match_id)
            if match is None:
                return SettledSeats("gone", [])
            if match.phase == MatchPhase.FINISHED:
                return SettledSeats("over", [])
            untaken = untaken_seats(match)
            if not untaken:
                return SettledSeats("seated", [])
            present = [seat for seat in match.token_hashes if not match.seats[seat].resigned]
            if len(present) < 2:
                commits.finish(match, EndReason.ABANDONED, [])
                outcome = "void"
            else:
                commits.leave(match, untaken, EndReason.TIMEOUT)
                clocks.refill(match.clock, match.bank_ms, untaken)
                outcome = "forfeited"
            if await commits.commit(match, None, ChangeCause.SERVER) is None:
                return None
            return SettledSeats(outcome, untaken, match.title_id, len(match.seats))

        return await commits.retry(attempt)

    async def abandon_players_matches(self, player_id: str) -> list[str]:
        """Ends the player's part in each of their unfinished matches as abandoned (a
        moderator's action), as a clock's forfeit does: with two seats the match ends and the
        other seat wins; with more, a random bot plays the player's seats on. A match still
        open (nobody has played) is called off. Returns the ids of the matches changed."""
        entries = await self._matches.store.player_matches(player_id, MOST_RUNNING)
        changed = []
        for match_id, _ in entries:
            if await self._abandon_seats(match_id, player_id):
                changed.append(match_id)
        return changed

    async def _abandon_seats(self, match_id: str, player_id: str) -> bool:
        """One match of `abandon_players_matches`, in one commit with the version check;
        False when it holds no seat of the player's any more or is over."""
        commits = self._matches.commits

        async def attempt() -> bool | None:
            match = await self.live(match_id)
            seats = match.seats_of(player_id) if match is not None else []
            if match is None or match.phase == MatchPhase.FINISHED or not seats:
                return False
            if match.phase == MatchPhase.OPEN:
                for seat in seats:
                    match.seats[seat].resigned = True
                commits.finish(match, EndReason.ABANDONED, [])
            else:
                commits.leave(match, seats, EndReason.TIMEOUT)
                clocks.refill(match.clock, match.bank_ms, seats)
            if await commits.commit(match, None, ChangeCause.SERVER) is None:
                return None  # another change won the race: read the match again
            return True

        return bool(await commits.retry(attempt))


MOST_RUNNING = 1000
"""More unfinished matches than a player can hold (turn-based ones are capped far lower)."""


def untaken_seats(match: Match) -> list[int]:
    """The people's seats of a match made without seat tokens (a matchmade one) that nobody
    took: a seat is taken when its player collects its token."""
    return [
        info.seat
        for info in match.seats
        if info.kind == SeatKind.HUMAN and info.seat not in match.token_hashes
    ]
