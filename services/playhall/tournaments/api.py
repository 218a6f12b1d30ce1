"""TournamentService's calls in its own messages: each request read into the domain's terms
(`NewTournament`), each tournament written as its `Tournament` message with its standings. The
servicer adds the transport."""

from __future__ import annotations

from collections.abc import AsyncGenerator

from playhall.common.enums import EnumBridge
from playhall.common.errors import InvalidRequest
from playhall.matches.identity import Credential
from playhall.matchstore import wire
from playhall.matchstore.model import BotLevel
from playhall.tournament.v1 import tournament_service_pb2 as tpb
from playhall.tournaments import pairings
from playhall.tournaments.domain import EntrantSpec, NewTournament, Tournaments, games_of
from playhall.tournaments.store import Format, StoredTournament

FORMATS = EnumBridge(Format, tpb.TournamentFormat)


class TournamentApi:
    """The tournament domain behind TournamentService's requests and responses."""

    def __init__(self, tournaments: Tournaments):
        self.tournaments = tournaments

    async def create(
        self, request: tpb.CreateTournamentRequest, credential: Credential
    ) -> tpb.CreateTournamentResponse:
        created = await self.tournaments.create(new_tournament(request), credential)
        return tpb.CreateTournamentResponse(tournament=as_proto(created))

    async def join(
        self, request: tpb.JoinTournamentRequest, credential: Credential
    ) -> tpb.JoinTournamentResponse:
        joined = await self.tournaments.join(request.tournament_id, credential)
        return tpb.JoinTournamentResponse(tournament=as_proto(joined))

    async def get(self, request: tpb.GetTournamentRequest) -> tpb.GetTournamentResponse:
        found = await self.tournaments.get(request.tournament_id)
        return tpb.GetTournamentResponse(tournament=as_proto(found))

    async def list(self, request: tpb.ListTournamentsRequest) -> tpb.ListTournamentsResponse:
        listed = []
        for tournament in await self.tournaments.list(request.limit):
            summary = as_proto(tournament)
            del summary.rounds[:]
            listed.append(summary)
        return tpb.ListTournamentsResponse(tournaments=listed)

    async def watch(
        self, request: tpb.WatchStandingsRequest
    ) -> AsyncGenerator[tpb.WatchStandingsResponse, None]:
        updates = self.tournaments.watch(request.tournament_id)
        try:
            async for tournament in updates:
                yield tpb.WatchStandingsResponse(tournament=as_proto(tournament))
        finally:
            await updates.aclose()


def new_tournament(request: tpb.CreateTournamentRequest) -> NewTournament:
    return NewTournament(
        title_id=request.title_id,
        format=_format(request.format),
        entrants=[_entrant(entrant, number) for number, entrant in enumerate(request.entrants)],
        clock=wire.clock_of(request.clock),
        name=request.name,
        rounds=request.rounds,
        enter_creator=request.enter_creator,
        start_unix_ms=request.start_unix_ms,
    )


def _format(value: int) -> Format:
    try:
        return FORMATS.to_domain(value)
    except ValueError:
        raise InvalidRequest("tournament-format-missing") from None


def _entrant(entrant: tpb.Entrant, number: int) -> EntrantSpec:
    try:
        level = wire.API[BotLevel].to_domain(entrant.bot_level)
    except ValueError:
        raise InvalidRequest("tournament-entrant-missing", number=number) from None
    return EntrantSpec(level, entrant.player_id, entrant.display_name)


def as_proto(tournament: StoredTournament) -> tpb.Tournament:
    if tournament.finished:
        phase = tpb.TOURNAMENT_PHASE_FINISHED
    elif tournament.rounds:
        phase = tpb.TOURNAMENT_PHASE_RUNNING
    else:
        phase = tpb.TOURNAMENT_PHASE_SCHEDULED
    table = pairings.standings(games_of(tournament), len(tournament.entrants))
    return tpb.Tournament(
        tournament_id=tournament.tournament_id,
        name=tournament.name,
        title_id=tournament.title_id,
        format=FORMATS.to_proto(tournament.format),
        phase=phase,
        rounds_planned=tournament.rounds_planned,
        entrants=[
            tpb.Entrant(
                bot_level=wire.API[BotLevel].to_proto(e.bot_level),
                player_id=e.player_id,
                display_name=e.display_name,
            )
            for e in tournament.entrants
        ],
        rounds=[
            tpb.Round(
                number=number,
                pairings=[
                    tpb.Pairing(
                        first=p.first,
                        second=p.second,
                        match_id=p.match_id,
                        first_points=p.first_points,
                    )
                    for p in round_
                ],
            )
            for number, round_ in enumerate(tournament.rounds, start=1)
        ],
        standings=[
            tpb.Standing(
                rank=rank,
                entrant=s.entrant,
                score=s.score,
                buchholz=s.buchholz,
                sonneborn_berger=s.sonneborn_berger,
                games=s.games,
            )
            for rank, s in enumerate(table, start=1)
        ],
        start_unix_ms=tournament.start_unix_ms,
        clock=wire.clock_message(tournament.games_clock()),
        created_by=tournament.created_by,
    )
