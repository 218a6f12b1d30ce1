"""MatchService's calls in its own messages: each request read into the domain's terms, each
result written as its response (`matchstore/wire.py` translates the model). The servicer adds
the transport (the caller's token, statuses, calls that outlive their caller); tests drive the
API through this without a server."""

from __future__ import annotations

import hashlib
from collections.abc import AsyncGenerator

from google.protobuf import any_pb2
from google.protobuf.message import Message

from playhall.match.v1 import match_service_pb2 as mpb
from playhall.matches import clocks
from playhall.matches.domain import Matches, NewMatch, Seen
from playhall.matches.identity import Credential
from playhall.matchstore import wire


class MatchApi:
    """The match domain behind MatchService's requests and responses."""

    def __init__(self, matches: Matches):
        self.matches = matches

    async def list_games(self) -> mpb.ListGamesResponse:
        settings = self.matches.settings
        offer = mpb.TurnBasedOffer(
            day_seconds=settings.turn_based_day_s,
            days_per_turn=clocks.TURN_BASED_DAYS,
            max_bank_days=clocks.TURN_BASED_MAX_BANK_DAYS,
            max_open_matches=settings.turn_based_max_open,
            vacation_days_per_year=settings.vacation_days_per_year,
        )
        return mpb.ListGamesResponse(games=await self.matches.list_games(), turn_based=offer)

    async def create(
        self, request: mpb.CreateMatchRequest, token: Credential = None
    ) -> mpb.CreateMatchResponse:
        created = await self.matches.create(
            NewMatch(
                title_id=request.title_id,
                seats=wire.seats_of(request.seats),
                options=dict(request.options),
                clock=wire.clock_of(request.clock),
                seed=request.seed,
                request_id=request.request_id,
                body_digest=_digest_without_request_id(request),
                min_karma=request.min_karma,
            ),
            token,
        )
        return mpb.CreateMatchResponse(
            match=wire.summary(created.match), tokens=wire.seat_tokens(created.tokens)
        )

    async def list_matches(self, request: mpb.ListMatchesRequest) -> mpb.ListMatchesResponse:
        found = await self.matches.list_matches(
            request.title_id, wire.phase_of(request.phase), request.limit
        )
        return mpb.ListMatchesResponse(matches=[wire.summary(match) for match in found])

    async def join(
        self, request: mpb.JoinMatchRequest, token: Credential = None
    ) -> mpb.JoinMatchResponse:
        joined = await self.matches.join(
            request.match_id,
            token,
            seat=_seat(request),
            display_name=request.display_name,
            request_id=request.request_id,
            body_digest=_digest_without_request_id(request) if request.request_id else "",
        )
        return mpb.JoinMatchResponse(
            token=wire.seat_token(joined.seat, joined.token),
            match=wire.summary(joined.match),
        )

    async def get(self, request: mpb.GetMatchRequest, token: Credential) -> mpb.GetMatchResponse:
        seen = await self.matches.get(
            request.match_id,
            token,
            seat=_seat(request),
            omit_legal_moves=request.omit_legal_moves,
            render_text=request.render_text,
        )
        return _seen(seen)

    async def history(
        self, request: mpb.GetHistoryRequest, token: Credential
    ) -> mpb.GetHistoryResponse:
        found = await self.matches.history(request.match_id, token, _seat(request))
        response = mpb.GetHistoryResponse(
            match=wire.summary(found.match),
            changes=[wire.change_message(change) for change in found.changes],
        )
        if found.moves:
            response.replay.CopyFrom(wire.replay_setup(found.match))
            response.replay.moves.extend(
                mpb.ReplayMove(version=version, seat=seat, move=any_pb2.Any.FromString(move))
                for version, seat, move in found.moves
            )
        return response

    async def watch(
        self, request: mpb.WatchMatchRequest, token: Credential
    ) -> AsyncGenerator[mpb.WatchMatchResponse, None]:
        after = request.after_version if request.HasField("after_version") else None
        changes = self.matches.watch(request.match_id, token, _seat(request), after)
        try:
            async for change in changes:
                yield mpb.WatchMatchResponse(change=wire.change_message(change))
        finally:
            await changes.aclose()

    async def submit(
        self, request: mpb.SubmitMoveRequest, token: Credential
    ) -> mpb.SubmitMoveResponse:
        moved = await self.matches.submit(
            request.match_id,
            request.move,
            request.request_id,
            token,
            seat=_seat(request),
            expected_version=request.expected_version,
            omit_legal_moves=request.omit_legal_moves,
        )
        return mpb.SubmitMoveResponse(
            version=moved.version,
            match=wire.summary(moved.match),
            view=moved.view,
            legal_moves=moved.legal_moves,
        )

    async def undo(self, request: mpb.UndoMoveRequest, token: Credential) -> mpb.UndoMoveResponse:
        undone = await self.matches.undo(
            request.match_id,
            request.request_id,
            token,
            seat=_seat(request),
            expected_version=(
                request.expected_version if request.HasField("expected_version") else None
            ),
            omit_legal_moves=request.omit_legal_moves,
        )
        return mpb.UndoMoveResponse(
            version=undone.version,
            match=wire.summary(undone.match),
            view=undone.view,
            legal_moves=undone.legal_moves,
        )

    async def resign(self, request: mpb.ResignRequest, token: Credential) -> mpb.ResignResponse:
        match = await self.matches.resign(request.match_id, token, _seat(request))
        return mpb.ResignResponse(match=wire.summary(match))

    async def give_time(
        self, request: mpb.GiveTimeRequest, token: Credential
    ) -> mpb.GiveTimeResponse:
        match = await self.matches.give_time(
            request.match_id, token, request.to_seat, request.seconds, _seat(request)
        )
        return mpb.GiveTimeResponse(match=wire.summary(match))


def _seen(seen: Seen) -> mpb.GetMatchResponse:
    response = mpb.GetMatchResponse(
        match=wire.summary(seen.match),
        view=seen.view,
        legal_moves=seen.legal_moves,
        drawing=seen.drawing,
    )
    if seen.seat is not None:
        response.seat = seen.seat
    return response


def _seat(request) -> int | None:
    """The seat a request names (a caller holding several says which), None if it names none."""
    return request.seat if request.HasField("seat") else None


def _digest_without_request_id(request: Message) -> str:
    """The SHA-256 of a request but its request id: what tells a retry from a request id used
    again for something else."""
    body = type(request)()
    body.CopyFrom(request)
    body.ClearField("request_id")
    return hashlib.sha256(body.SerializeToString(deterministic=True)).hexdigest()
