"""MatchService: a thin adapter that reads the caller's token, calls the match domain, and maps
its refusals to status codes."""

from __future__ import annotations

import contextlib
import logging
import threading

import grpc
import redis

from playhall.match.v1 import match_service_pb2 as pb
from playhall.match.v1 import match_service_pb2_grpc
from playhall.orchestrator.errors import MatchError
from playhall.orchestrator.matches import Matches

log = logging.getLogger(__name__)


@contextlib.contextmanager
def refusals(context: grpc.ServicerContext):
    try:
        yield
    except MatchError as error:
        context.abort(error.code, error.reason)
    except (redis.ConnectionError, redis.TimeoutError):
        context.abort(
            grpc.StatusCode.UNAVAILABLE,
            "Match storage is unavailable; nothing was changed, try again",
        )
    except redis.RedisError as error:
        log.error("storage refused a request", extra={"error": str(error)})
        context.abort(grpc.StatusCode.INTERNAL, "Match storage failed; nothing was changed")


def bearer_token(context: grpc.ServicerContext) -> str | None:
    """The token of `authorization: Bearer <token>`, None without the header."""
    for key, value in context.invocation_metadata():
        if key == "authorization":
            scheme, _, token = value.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                context.abort(
                    grpc.StatusCode.UNAUTHENTICATED,
                    "Send the token as 'authorization: Bearer <token>'",
                )
            return token.strip()
    return None


class MatchServicer(match_service_pb2_grpc.MatchServiceServicer):
    def __init__(self, matches: Matches, max_watch_streams: int):
        self.matches = matches
        # A watch holds a server thread for its whole life; the cap keeps threads free for
        # every other call, and refuses the watcher beyond it instead of queueing it forever.
        self._watch_slots = threading.BoundedSemaphore(max_watch_streams)

    def ListGames(self, request, context):
        with refusals(context):
            return pb.ListGamesResponse(games=self.matches.list_games())

    def CreateMatch(self, request, context):
        with refusals(context):
            return self.matches.create(request)

    def ListMatches(self, request, context):
        with refusals(context):
            return pb.ListMatchesResponse(matches=self.matches.list_matches(request))

    def JoinMatch(self, request, context):
        with refusals(context):
            return self.matches.join(request)

    def GetMatch(self, request, context):
        token = bearer_token(context)
        with refusals(context):
            return self.matches.get(request, token)

    def SubmitMove(self, request, context):
        token = bearer_token(context)
        with refusals(context):
            return self.matches.submit(request, token)

    def WatchMatch(self, request, context):
        token = bearer_token(context)
        if not self._watch_slots.acquire(blocking=False):
            context.abort(
                grpc.StatusCode.RESOURCE_EXHAUSTED,
                "This server is watching as many matches as it can; try another replica, "
                "or poll GetMatch",
            )
        try:
            with refusals(context):
                yield from self.matches.watch(request, token, context.is_active)
        finally:
            self._watch_slots.release()

    def GetHistory(self, request, context):
        token = bearer_token(context)
        with refusals(context):
            return self.matches.history(request, token)

    def Resign(self, request, context):
        token = bearer_token(context)
        with refusals(context):
            return self.matches.resign(request, token)
