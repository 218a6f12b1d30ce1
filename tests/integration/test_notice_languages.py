"""A player's language across real processes (issue 41): an orchestrator (PlayerService) and a
notifier on a private Redis and a real PostgreSQL. The player's language is a setting that
refuses a language Playhall does not ship; the notifier words a webhook in the player's
language; the inbox is worded in each call's accept-language, with its keys and arguments."""

from __future__ import annotations

import http.server
import json
import re
import threading
from collections.abc import Iterator

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from dev.process import ServiceProcess
from dev.redis_server import EmbeddedRedis
from dev.testbed import start_orchestrator
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, bearer
from playhall.players.v1 import player_service_pb2 as ppb
from playhall.players.v1 import player_service_pb2_grpc
from tests.helpers import PlayerIssuer, wait_until

pytestmark = pytest.mark.timeout(90)

DAY_S = 3600
TURN_BASED = pb.Clock(
    seconds_per_turn=DAY_S, on_timeout=pb.TIMEOUT_ACTION_FORFEIT, pace=pb.PACE_TURN_BASED
)


class Hooks(http.server.BaseHTTPRequestHandler):
    """A webhook receiver: keeps every JSON body posted to it."""

    received: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Hooks.received.append(json.loads(body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the test reads what came."""


@pytest.fixture
def hooks() -> Iterator[str]:
    Hooks.received = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hooks)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()
    server.server_close()


@pytest.fixture
def stack(tmp_path, database_url, galileo_rules) -> Iterator[tuple[grpc.Channel, PlayerIssuer]]:
    """An orchestrator and a notifier on a Redis of this test's own (no other test's notices
    in its outbox)."""
    directory = tmp_path / "redis"
    directory.mkdir()
    redis = EmbeddedRedis(directory=str(directory)).start()
    issuer = PlayerIssuer()
    orchestrator = start_orchestrator(
        redis.url,
        galileo_rules.address,
        **issuer.env,
        PLAYHALL_DATABASE_URL=database_url,
        PLAYHALL_TURN_BASED_DAY_S=str(DAY_S),
        PLAYHALL_METRICS_PORT="0",
    )
    notifier = ServiceProcess(
        "playhall.notifier",
        env={
            "REDIS_URL": redis.url,
            "PLAYHALL_DATABASE_URL": database_url,
            "PLAYHALL_NOTIFY_INTERVAL_S": "0.05",
            "PLAYHALL_TURN_BASED_DAY_S": str(DAY_S),
            "PLAYHALL_DATABASE_MIGRATE": "0",
            "PLAYHALL_METRICS_PORT": "0",
        },
    )
    channel = grpc.insecure_channel(orchestrator.address)
    try:
        yield channel, issuer
    finally:
        channel.close()
        notifier.terminate(timeout=5)
        orchestrator.terminate(timeout=5)
        redis.stop()


def update(players, token: str, settings: ppb.NotificationSettings) -> ppb.NotificationSettings:
    return players.UpdateNotificationSettings(
        ppb.UpdateNotificationSettingsRequest(settings=settings),
        metadata=bearer(token),
        timeout=10,
    ).settings


def inbox(players, token: str, language: str | None) -> list[ppb.Notice]:
    metadata = [*bearer(token), *([("accept-language", language)] if language else [])]
    return list(
        players.ListNotices(ppb.ListNoticesRequest(), metadata=metadata, timeout=10).notices
    )


def test_a_players_language_words_their_notices_and_an_unshipped_one_is_refused(stack, hooks):
    channel, issuer = stack
    players = player_service_pb2_grpc.PlayerServiceStub(channel)
    ada, bob = issuer.token("ada", "Ada", 600), issuer.token("bob", "Bob", 600)
    chosen = ppb.NotificationSettings(webhook_url=hooks, language="de", reminder_hours=[1])
    assert update(players, bob, chosen).language == "de"

    # Refused in the caller's language, with its key, and nothing changed.
    with pytest.raises(grpc.RpcError) as refused:
        players.UpdateNotificationSettings(
            ppb.UpdateNotificationSettingsRequest(
                settings=ppb.NotificationSettings(language="xx", time_zone="Asia/Tehran")
            ),
            metadata=[*bearer(bob), ("accept-language", "de")],
            timeout=10,
        )
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    status = rpc_status.from_call(refused.value)
    assert status is not None
    info, localized = error_details_pb2.ErrorInfo(), error_details_pb2.LocalizedMessage()
    status.details[0].Unpack(info)
    status.details[1].Unpack(localized)
    assert info.reason == "NOTICE_LANGUAGE_UNKNOWN" and info.metadata["language"] == "xx"
    assert localized.message.startswith("Playhall spricht en, de, fa, nicht „xx“")
    kept = players.GetNotificationSettings(
        ppb.GetNotificationSettingsRequest(), metadata=bearer(bob), timeout=10
    ).settings
    assert (kept.language, kept.time_zone, kept.webhook_url) == ("de", "UTC", hooks)

    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]
    created = MatchClient(channel, ada, timeout_s=10).create("galileo", seats, clock=TURN_BASED)
    MatchClient(channel, bob, timeout_s=10).join(created.match.match_id)

    wait_until(lambda: any(n["kind"] == "your_turn" for n in Hooks.received), 30, "Bob's webhook")
    [told] = [n for n in Hooks.received if n["kind"] == "your_turn"]
    assert told["language"] == "de"
    assert told["title"] == "Du bist am Zug: Galileo Galilei"
    assert told["body"].startswith("Ada wartet auf deinen Zug. Du hast noch ")

    wait_until(lambda: inbox(players, bob, None), 30, "Bob's inbox")
    [english] = inbox(players, bob, None)
    assert english.title == "Your turn in Galileo Galilei" and english.language == "en"
    assert english.title_key == "notice-your-turn-title"
    assert english.body_key == "notice-your-turn-body-due"
    assert english.args["game"] == "galileo" and english.args["others"] == "Ada"
    assert english.args["count"] == "1" and int(english.args["due"]) > 0
    [german] = inbox(players, bob, "de-DE,de;q=0.9,en;q=0.5")
    assert german.language == "de" and german.title == "Du bist am Zug: Galileo Galilei"
    [persian] = inbox(players, bob, "fa")
    assert persian.language == "fa" and persian.title == "نوبت شما در گالیله گالیله"
    # About an hour left: "60 minutes" (a unit is said up to 1.5 of it), in Persian digits.
    assert re.fullmatch(r"Ada منتظر حرکت شما است\. [۰-۹]+ دقیقه فرصت دارید\.", persian.body)
