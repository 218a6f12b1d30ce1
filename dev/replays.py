"""An archive filled for real, for the replay canary's test and its benchmark: matches played to
their end through an orchestrator by seats choosing random legal moves, then written to
PostgreSQL by the archiver (no grace), each a process of its own on a private Redis."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator, Mapping

import grpc
import psycopg
from google.protobuf import any_pb2

from dev.process import orchestrator_env, start_orchestrator
from dev.redis_server import EmbeddedRedis
from dev.testbed import GATEWAY_CREDENTIAL, TIMEOUT, WORKER_CREDENTIAL, start_archiver
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, human_seats


@contextlib.contextmanager
def archiving(database_url: str, rules: Mapping[str, str]) -> Iterator[MatchClient]:
    """A client of an orchestrator of the titles `rules` (title -> address) on a Redis of its
    own, whose finished matches an archiver writes to `database_url` at once."""
    with EmbeddedRedis() as redis_server:
        # One client plays every seat of every match as fast as it can: no published limits.
        env = orchestrator_env(
            redis_server.url,
            rules,
            WORKER_CREDENTIAL,
            gateway_credential=GATEWAY_CREDENTIAL,
            PLAYHALL_RATE_LIMITS="0",
        )
        with (
            start_orchestrator(env) as orchestrator,
            start_archiver(redis_server.url, database_url, PLAYHALL_ARCHIVE_GRACE_S="0"),
            grpc.insecure_channel(orchestrator.address) as channel,
        ):
            yield MatchClient(channel, timeout_s=TIMEOUT)


def play_random_match(
    client: MatchClient, title: str, players: int, rng: random.Random
) -> tuple[str, list[any_pb2.Any]]:
    """A match of `players` human seats, each playing random legal moves to the end: its id
    and its moves in order."""
    created = client.create(title, human_seats(players))
    match_id = created.match.match_id
    seats = {token.seat: client.as_seat(token.token) for token in created.tokens}
    match, moves = created.match, []
    while match.phase == pb.MATCH_PHASE_RUNNING:
        seat = seats[rng.choice(list(match.status.to_move))]
        move = rng.choice(moves_as_any(seat.get(match_id).legal_moves))
        match = seat.submit(match_id, move, match.version, omit_legal_moves=True).match
        moves.append(move)
    return match_id, moves


def archived(database_url: str) -> set[str]:
    with psycopg.connect(database_url) as connection:
        return {row[0] for row in connection.execute("SELECT match_id FROM matches")}


def wait_archived(database_url: str, match_ids: set[str], timeout: float) -> None:
    """Waits until every match of `match_ids` is in the archive."""
    deadline = time.monotonic() + timeout
    while not match_ids <= (found := archived(database_url)):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{len(match_ids - found)} matches not archived in {timeout} s")
        time.sleep(0.1)
