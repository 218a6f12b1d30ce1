"""The one bot task: play a bot seat's turn through MatchService, like any player.

`play_turn(match_id, seat, version)` fetches the seat's view with the worker credential, lets the
seat's bot choose, and submits with `expected_version` and a request id derived from
(match, seat, version): a late or duplicate task finds the seat no longer to move, or replays
the same submission, and does nothing twice.
"""

from __future__ import annotations

import hmac
import logging
import random
import threading
import time

import grpc

from playhall.bots.app import app
from playhall.bots.base import decision_rng
from playhall.bots.levels import bot_for, clock_cap_s, level_name
from playhall.bots.metrics import BOT_MOVE_SECONDS, SEARCH_ITERATIONS, TASK_SECONDS, TASKS
from playhall.bots.settings import worker_settings
from playhall.common import tracing
from playhall.common.brokers import PLAY_TURN_TASK
from playhall.common.channels import RECONNECT_OPTIONS
from playhall.core import get_game
from playhall.core.wire import pack, unpack
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient

log = logging.getLogger(__name__)
RETRY_CODES = {
    grpc.StatusCode.UNAVAILABLE,
    grpc.StatusCode.DEADLINE_EXCEEDED,
    grpc.StatusCode.ABORTED,
}
MAX_STALE_RETRIES = 5
MAX_RETRY_DELAY_S = 4.0
"""A turn that failed on a component being down is tried again at most this long after: the
sweeper's minute is the net under a long outage, not the way back from a restart."""
_channel_lock = threading.Lock()
_channel: list[grpc.Channel] = []


def _client(seat: int) -> MatchClient:
    """A client for this worker process (created after the prefork, once per process)."""
    settings = worker_settings()
    with _channel_lock:
        if not _channel:
            _channel.append(grpc.insecure_channel(settings.orchestrator, options=RECONNECT_OPTIONS))
    # Waiting for the channel, rather than failing at once, lets a turn asked for while the
    # orchestrator restarts go on as soon as it is back.
    return MatchClient(
        _channel[0], token=settings.worker_credential, seat=seat, wait_for_ready=True
    )


def bot_request_id(match_id: str, seat: int, version: int) -> str:
    """The same for every attempt at one turn, and unguessable without the worker credential
    (a player who could predict it could spend it first and stall the bot)."""
    key = worker_settings().worker_credential.encode()
    mac = hmac.new(key, f"{match_id}:{seat}:{version}".encode(), "sha256")
    return f"bot:{seat}:{version}:{mac.hexdigest()[:32]}"


@app.task(name=PLAY_TURN_TASK, bind=True, max_retries=8)
def play_turn(self, match_id: str, seat: int, version: int) -> str:
    """Plays one turn of a bot seat; returns what happened."""
    tracing.tag_match(match_id)
    try:
        outcome = take_turn(_client(seat), match_id, seat)
    except grpc.RpcError as error:
        if error.code() in RETRY_CODES:
            raise self.retry(exc=error, countdown=retry_delay_s(self.request.retries)) from error
        log.warning(
            "bot turn failed",
            extra={
                "match_id": match_id,
                "seat": seat,
                "version": version,
                "code": error.code().name,
                "reason": error.details(),
            },
        )
        raise
    TASKS.labels(outcome).inc()
    return outcome


def retry_delay_s(retries: int) -> float:
    """1, 2, 4, 4, ... s after `retries` earlier retries, each cut by up to half at random but
    never under 1 s: RabbitMQ's native delayed delivery counts whole seconds, and Celery refuses
    (rejects, so loses) a retry whose countdown rounds down to 0."""
    return max(1.0, min(MAX_RETRY_DELAY_S, 2**retries) * random.uniform(0.5, 1.0))


def take_turn(client: MatchClient, match_id: str, seat: int) -> str:
    """Reads, chooses and submits until the seat has moved or is no longer to move."""
    started = time.perf_counter()  # a task's time includes the attempts a stale read wasted
    for _ in range(MAX_STALE_RETRIES):
        # A bot lists its moves itself from the view, so neither call computes or sends them.
        current = client.get(match_id, omit_legal_moves=True)
        match = current.match
        if match.phase != mpb.MATCH_PHASE_RUNNING or seat not in match.status.to_move:
            return "not_to_move"
        game = get_game(match.title_id)
        level = level_name(match.seats[seat].bot_level)
        view = game.codec.decode_view(unpack(current.view, game.codec.view_message, "view"))
        chose = time.perf_counter()
        bot = bot_for(level).within(clock_cap_s(match.deadline_unix_ms, time.time()))
        decision = bot.choose(game, view, seat, decision_rng(match_id, seat, match.version))
        BOT_MOVE_SECONDS.labels(match.title_id, level).observe(time.perf_counter() - chose)
        SEARCH_ITERATIONS.labels(match.title_id, level).inc(decision.iterations)
        try:
            client.submit(
                match_id,
                pack(game.codec.encode_move(decision.move)),
                expected_version=match.version,
                request_id=bot_request_id(match_id, seat, match.version),
                omit_legal_moves=True,
            )
        except grpc.RpcError as error:
            if error.code() == grpc.StatusCode.FAILED_PRECONDITION:
                continue  # someone moved first: look again
            raise
        TASK_SECONDS.labels(match.title_id, level).observe(time.perf_counter() - started)
        return "moved"
    return "gave_up_stale"
