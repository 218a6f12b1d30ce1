"""Tournaments: what callers ask of them (create, read, list, watch the standings) and the one
step that moves a tournament on (`advance`), which the runner (`runner.py`) takes under the
tournament's lease. The pairings and standings are `pairings.py`'s; the records are
`store.py`'s; the games are ordinary matches (`MatchPort.start`), each under an id
derived from the tournament, its round and its board, so that making one twice makes it once.
"""

from __future__ import annotations

import asyncio
import builtins
import hashlib
import logging
import re
import secrets
from collections.abc import AsyncGenerator
from dataclasses import dataclass

from playhall.accounts.tokens import Player
from playhall.archive.archive import reaching_archive
from playhall.archive.pages import PLAYER_ID
from playhall.common.errors import (
    InvalidRequest,
    NoSuchMatch,
    NoSuchTournament,
    NotAuthenticated,
    NotNow,
    NotYourSeat,
)
from playhall.matches import clocks
from playhall.matches.identity import Credential
from playhall.matches.port import MatchPort
from playhall.matchstore.model import BOT_LEVELS, BotLevel, Clock, MatchPhase, Seat, SeatKind
from playhall.matchstore.store import now_ms
from playhall.relations.graph import Relations
from playhall.tournaments import pairings
from playhall.tournaments.store import (
    Format,
    StoredEntrant,
    StoredPairing,
    StoredTournament,
    TournamentStore,
)

log = logging.getLogger(__name__)

TOURNAMENT_ID = re.compile(r"[0-9a-f]{24}")
MAX_ENTRANTS = 64
LIST_LIMIT, MAX_LIST_LIMIT = 50, 200
WATCH_POLL_S = 0.5
"""How often a WatchStandings stream reads its tournament."""
OPERATOR = "operator"
MAX_AHEAD_MS = 366 * 86_400_000
"""How far ahead a tournament may be scheduled."""
JOIN_TRIES = 5
"""Joins read and written again when the record changed in between (another join)."""


def game_match_id(tournament_id: str, round_number: int, board: int) -> str:
    """The id of a game's match: the same whichever replica pairs the round."""
    digest = hashlib.sha256(f"{tournament_id}:{round_number}:{board}".encode()).hexdigest()
    return digest[:24]


def first_points(winners: list[int]) -> float:
    """The first seat's points from a finished two-seat match's winners: both or neither
    (a draw, a shared win, an abandoned match) is half a point each."""
    if set(winners) == {0}:
        return 1.0
    if set(winners) == {1}:
        return 0.0
    return 0.5


def games_of(tournament: StoredTournament) -> list[pairings.Game]:
    return [
        pairings.Game(p.first, p.second, p.first_points)
        for round_ in tournament.rounds
        for p in round_
    ]


def round_over(round_: list[StoredPairing]) -> bool:
    return all(p.second is None or p.first_points is not None for p in round_)


@dataclass(frozen=True)
class EntrantSpec:
    """Who a caller enters: a bot of a level, or a player (by id)."""

    bot_level: BotLevel = BotLevel.UNSPECIFIED
    player_id: str = ""
    display_name: str = ""


@dataclass(frozen=True)
class NewTournament:
    """What a caller asks for in a new tournament (checked by `Tournaments.create`)."""

    title_id: str
    format: Format
    entrants: list[EntrantSpec]
    clock: Clock
    name: str = ""
    rounds: int = 0
    """Swiss rounds (a round robin has as many as it needs)."""
    enter_creator: bool = False
    start_unix_ms: int = 0


class Tournaments:
    def __init__(
        self, matches: MatchPort, store: TournamentStore, relations: Relations | None = None
    ):
        self.matches = matches
        self.store = store
        self.relations = relations
        """Who blocked whom, which Swiss rounds keep apart (None: no archive, no blocks)."""

    # -- calls ---------------------------------------------------------------------------------

    async def create(self, request: NewTournament, token: Credential) -> StoredTournament:
        operator = self.matches.is_operator(token)
        if not operator and not isinstance(token, Player):
            raise NotAuthenticated("tournament-sign-in-create")
        await self._check_title(request.title_id)
        entrants = []
        if request.enter_creator:
            if not isinstance(token, Player):
                raise InvalidRequest("tournament-creator-sign-in")
            entrants.append(
                StoredEntrant(BotLevel.UNSPECIFIED, token.player_id, token.display_name[:64])
            )
        for number, entrant in enumerate(request.entrants):
            entrants.append(_entrant(entrant, number, operator))
        people = [e.player_id for e in entrants if e.player_id]
        if len(set(people)) != len(people):
            raise InvalidRequest("tournament-player-once")
        if not 2 <= len(entrants) <= MAX_ENTRANTS:
            raise InvalidRequest("tournament-entrants-range", most=MAX_ENTRANTS)
        rounds = _rounds(request, len(entrants))
        if request.start_unix_ms > now_ms() + MAX_AHEAD_MS:
            raise InvalidRequest("tournament-start-within-year")
        clock = request.clock
        self.matches.check_clock(clock)
        if not clocks.is_on(clock):
            raise InvalidRequest("tournament-clock-missing")
        tournament = StoredTournament(
            tournament_id=secrets.token_hex(12),
            name=request.name[:64] or "Tournament",
            title_id=request.title_id,
            format=request.format,
            rounds_planned=rounds,
            entrants=entrants,
            start_unix_ms=max(request.start_unix_ms, now_ms()),
            clock=StoredTournament.stored_clock(clock),
            created_by=token.player_id if isinstance(token, Player) else OPERATOR,
        )
        await self.store.create(tournament)
        log.info(
            "tournament created",
            extra={"tournament_id": tournament.tournament_id, "entrants": len(entrants)},
        )
        return tournament

    async def _check_title(self, title: str) -> None:
        infos = {info.title_id: info for info in await self.matches.list_games()}
        if title not in infos:
            raise InvalidRequest(
                "match-unknown-title", title=title[:64], served=", ".join(sorted(infos))
            )
        if not infos[title].min_players <= 2 <= infos[title].max_players:
            raise InvalidRequest("tournament-title-not-two-player", title=title)

    async def join(self, tournament_id: str, token: Credential) -> StoredTournament:
        """Enters the signed-in player after the entrants of a tournament not started yet (a
        round robin plans the rounds its new field needs); written only if no round was paired
        and no other join came in since it was read, else read again."""
        if not isinstance(token, Player):
            raise NotAuthenticated("tournament-sign-in-join")
        for _ in range(JOIN_TRIES):
            tournament = await self._load(tournament_id)
            _check_joinable(tournament, token.player_id)
            tournament.entrants.append(
                StoredEntrant(BotLevel.UNSPECIFIED, token.player_id, token.display_name[:64])
            )
            if tournament.format == Format.ROUND_ROBIN:
                tournament.rounds_planned = len(pairings.round_robin(len(tournament.entrants)))
            if await self.store.save(tournament, "") == "ok":
                log.info("tournament joined", extra={"tournament_id": tournament_id})
                return tournament
        raise NotNow("tournament-busy")

    async def get(self, tournament_id: str) -> StoredTournament:
        return await self._load(tournament_id)

    async def _load(self, tournament_id: str) -> StoredTournament:
        found = None
        if TOURNAMENT_ID.fullmatch(tournament_id):
            found = await self.store.load(tournament_id)
        if found is None:
            raise NoSuchTournament(tournament_id)
        return found

    async def list(self, limit: int) -> list[StoredTournament]:
        """The latest tournaments, at most `limit` (50 when 0 or less, 200 at most)."""
        limit = LIST_LIMIT if limit <= 0 else min(limit, MAX_LIST_LIMIT)
        return await self.store.latest(limit)

    async def watch(self, tournament_id: str) -> AsyncGenerator[StoredTournament, None]:
        """The tournament now, then after every change, until after its end."""
        tournament = await self._load(tournament_id)
        yield tournament
        while not tournament.finished:
            await asyncio.sleep(WATCH_POLL_S)
            latest = await self._load(tournament_id)
            if latest.version != tournament.version:
                tournament = latest
                yield tournament

    # -- moving a tournament on ----------------------------------------------------------------

    async def advance(self, tournament_id: str, holder: str) -> str:
        """One step of a tournament whose lease `holder` holds: the results of its round's
        finished matches in, or the next round paired and its matches made, or the end.
        Returns what it did (for logs and tests)."""
        tournament = await self.store.load(tournament_id)
        if tournament is None:
            return "missing"
        if tournament.finished:
            await self.store.finished(tournament_id)
            return "finished"
        if tournament.rounds and not round_over(tournament.rounds[-1]):
            return await self._collect(tournament, holder)
        if len(tournament.rounds) >= tournament.rounds_planned:
            return await self._finish(tournament, holder)
        try:
            # A Swiss round of a large field can take most of a second of CPU (the search
            # that keeps the rounds after it pairable): off the event loop, live games go on.
            apart = await self._apart(tournament)
            games = await asyncio.to_thread(self._next_round, tournament, apart)
        except pairings.NoPairing:
            return await self._finish(tournament, holder)
        number = len(tournament.rounds) + 1
        tournament.rounds.append(
            [
                StoredPairing(
                    g.first,
                    g.second,
                    game_match_id(tournament_id, number, board) if g.second is not None else "",
                )
                for board, g in enumerate(games)
            ]
        )
        outcome = await self.store.save(tournament, holder)
        if outcome != "ok":
            return outcome
        log.info("round paired", extra={"tournament_id": tournament_id, "round": number})
        await self._make_games(tournament)
        return "paired"

    async def _apart(self, tournament: StoredTournament) -> set[frozenset[int]]:
        """The entrants of a Swiss tournament of whom one blocked the other, by number (the
        round waits, Unavailable, while the archive cannot say)."""
        if self.relations is None or tournament.format == Format.ROUND_ROBIN:
            return set()
        number = {e.player_id: n for n, e in enumerate(tournament.entrants) if e.player_id}
        with reaching_archive():
            pairs = await self.relations.blocked_pairs(number)
        return {frozenset(number[player] for player in pair) for pair in pairs}

    def _next_round(
        self, tournament: StoredTournament, apart: set[frozenset[int]]
    ) -> builtins.list[pairings.Game]:
        count = len(tournament.entrants)
        if tournament.format == Format.ROUND_ROBIN:
            return pairings.round_robin(count)[len(tournament.rounds)]
        rounds_left = tournament.rounds_planned - len(tournament.rounds)
        return pairings.swiss_round(games_of(tournament), count, rounds_left, apart)

    async def _finish(self, tournament: StoredTournament, holder: str) -> str:
        tournament.finished = True
        outcome = await self.store.save(tournament, holder)
        if outcome == "ok":
            await self.store.finished(tournament.tournament_id)
            log.info("tournament finished", extra={"tournament_id": tournament.tournament_id})
        return "finished" if outcome == "ok" else outcome

    async def _collect(self, tournament: StoredTournament, holder: str) -> str:
        """The results of the current round's matches that are over; makes any match that a
        runner which died after pairing the round did not make."""
        await self._make_games(tournament)
        changed = False
        for pairing in tournament.rounds[-1]:
            if pairing.second is None or pairing.first_points is not None:
                continue
            match = await self.matches.live(pairing.match_id)
            if match is None:
                try:  # finished, and its keys have left Redis
                    match = await self.matches.load(pairing.match_id)
                except NoSuchMatch:
                    continue
            if match.phase == MatchPhase.FINISHED:
                pairing.first_points = first_points(match.winners)
                changed = True
        if not changed:
            return "waiting"
        outcome = await self.store.save(tournament, holder)
        return "results" if outcome == "ok" else outcome

    async def _make_games(self, tournament: StoredTournament) -> None:
        """Creates the current round's matches that do not exist yet (each once: its id is
        chosen ahead)."""
        clock = tournament.games_clock()
        for pairing in tournament.rounds[-1]:
            if pairing.second is None or pairing.first_points is not None:
                continue
            if await self.matches.exists(pairing.match_id):
                continue
            seats = [
                _seat(number, tournament.entrants[entrant])
                for number, entrant in enumerate((pairing.first, pairing.second))
            ]
            people = [seat.seat for seat in seats if seat.kind == SeatKind.HUMAN]
            await self.matches.start(
                tournament.title_id,
                seats,
                people,
                clock,
                pairing.match_id,
                tournament_id=tournament.tournament_id,
            )


def _entrant(entrant: EntrantSpec, number: int, operator: bool) -> StoredEntrant:
    name = entrant.display_name[:64]
    if entrant.player_id and entrant.bot_level:
        raise InvalidRequest("tournament-entrant-both", number=number)
    if entrant.player_id:
        if not operator:
            raise NotYourSeat("tournament-entrant-other-player")
        if not PLAYER_ID.fullmatch(entrant.player_id):
            raise InvalidRequest(
                "tournament-entrant-player-id", number=number, player=entrant.player_id[:64]
            )
        return StoredEntrant(BotLevel.UNSPECIFIED, entrant.player_id, name or entrant.player_id)
    if entrant.bot_level not in BOT_LEVELS:
        raise InvalidRequest("tournament-entrant-missing", number=number)
    level = entrant.bot_level.label.capitalize()
    return StoredEntrant(entrant.bot_level, "", name or f"{level} bot {number + 1}")


def _check_joinable(tournament: StoredTournament, player_id: str) -> None:
    if tournament.rounds or tournament.finished:
        raise NotNow("tournament-started")
    if any(e.player_id == player_id for e in tournament.entrants):
        raise NotNow("tournament-joined-already")
    if len(tournament.entrants) >= MAX_ENTRANTS:
        raise NotNow("tournament-full", most=MAX_ENTRANTS)


def _rounds(request: NewTournament, count: int) -> int:
    if request.format == Format.ROUND_ROBIN:
        return len(pairings.round_robin(count))
    if request.format != Format.SWISS:
        raise InvalidRequest("tournament-format-missing")
    most = pairings.swiss_rounds_allowed(count)
    if not 1 <= request.rounds <= most:
        raise InvalidRequest("tournament-swiss-rounds-range", count=count, most=most)
    if not pairings.swiss_rounds_promised(count, request.rounds):
        raise InvalidRequest(
            "tournament-swiss-rounds-promise",
            rounds=request.rounds,
            count=count,
            fewer=(count + 1) // 2,
        )
    return request.rounds


def _seat(number: int, entrant: StoredEntrant) -> Seat:
    if entrant.player_id:
        return Seat(
            seat=number,
            kind=SeatKind.HUMAN,
            player_id=entrant.player_id,
            display_name=entrant.display_name,
        )
    return Seat(
        seat=number,
        kind=SeatKind.BOT,
        bot_level=entrant.bot_level,
        display_name=entrant.display_name,
    )
