"""Notices: how long a player waits to be told, and what one notifier process tells (issue 38).

Processes: a private Redis (AOF, `appendfsync always`, as deployed) and a private PostgreSQL
(fsync on); the notifier, `python -m playhall.notifier`, a process of its own with its default
pace (a pass every 0.5 s, 64 notices claimed at once, 16 told at once); and the outside world,
a process of its own (`receive`): an aiohttp server holding every player's webhook (each
signature checked) and a push service for every player's browser (it checks the VAPID
authorization and the encryption header and answers 201), and an aiosmtpd SMTP server the
notifier mails to (no STARTTLS). Push and e-mail are measured where the tree has them
(`notifications/push.py`, `notifications/mail.py` and their settings), with a VAPID key made
here. Commits are made in the benchmark's process by the orchestrator's domain as
`bench/turnbased.py` wires it (`bench.turnbased.Hall`: `MatchApi` over `Commits`, the Galileo
rules in process), on the same stores.

Every player is signed in, in one match, and set up on every channel: a webhook, a push
subscription (an endpoint of the push service, keys of a P-256 pair made here) and a confirmed
e-mail address, with a cap of 1,000 an hour (so the cap never holds a notice back).

1. **Backlog: what one notifier delivers.** `--matches` 2-player turn-based Galileo matches
   (3-day turns, real days: no reminder falls due) are created and joined while no notifier
   runs, each leaving both players' "your turn" in the outbox. Then a notifier starts: from the
   moment it says it serves until the last of those notices is delivered on every channel, the
   notices it told per second (a notice: all its channels) and the deliveries per second of
   each channel; the notifier's CPU time (/proc) per notice.
2. **Latency under load.** With the notifier running, turns of those matches are played at
   each of `--rates` turns per second for `--seconds` (a turn: a random match not in a turn
   already nor played in the last 30 s, `TURN_EVERY_S`: a player moves once told, and a
   notice of a turn played before it was told is dropped as stale, never delivered; its seats
   to move pick legal moves at random until the turn changes; the new turn files a notice to
   each player it waits on). Per channel, commit to delivery of each of those
   notices: from the benchmark's clock when the commit that began the turn returned, to the
   inbox row's `created_at` (PostgreSQL's clock) or the receiver's clock on receipt (webhook,
   push, e-mail); one machine, one clock. p50 and p99, each notice's first delivery.

Writes bench/results/notify.json and bench/results/notify.md; progress on stderr."""

from __future__ import annotations

import argparse
import asyncio
import base64
import collections
import contextlib
import hashlib
import hmac
import importlib.util
import multiprocessing
import os
import random
import re
import secrets
import socket
import statistics
import sys
import time
import uuid

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from bench.common import (
    add_out_argument,
    run_on_private_stores,
    table,
)
from bench.turnbased import TITLE, Hall, in_batches, signed_in
from dev.process import ServiceProcess
from playhall.accounts.tokens import Player
from playhall.common.settings import variables
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as pb
from playhall.matchstore.notices import NOTICES
from playhall.notifications.preferences import Preferences
from playhall.notifications.store import NoticeStore, PushSubscription
from playhall.notifier.settings import NotifierProcessSettings

STEM = "notify"
DAYS = 3
"""The matches' time per turn, in real days: reminders are due a day and more ahead."""
CONCURRENCY = 4
"""Matches created at once."""
MAIL_FROM = "Playhall <playhall@bench.invalid>"
PORTAL = "https://playhall.bench.invalid"
DELIVERED_WITHIN_S = 300.0
"""How long the benchmark waits for the notices it made to be delivered."""
TURN_EVERY_S = 30.0
"""A match plays a turn at most this often under load: its player moves once told (a notice of
a turn played before it was told is dropped as stale, never delivered: not a latency)."""


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def channels_in_tree() -> list[str]:
    """The outside channels this tree's notifier can send on: webhooks always, push and e-mail
    where their module and settings are there."""
    found = ["webhook"]
    known = set(variables(NotifierProcessSettings))
    if importlib.util.find_spec("playhall.notifications.push") and (
        "PLAYHALL_VAPID_PRIVATE_KEY" in known
    ):
        found.append("push")
    if importlib.util.find_spec("playhall.notifications.mail") and "PLAYHALL_SMTP_HOST" in known:
        found.append("email")
    return found


def webhook_secret(master: str, player_id: str) -> str:
    return hmac.new(master.encode(), player_id.encode(), hashlib.sha256).hexdigest()


def push_topic(key: str) -> str:
    from playhall.notifications.push import topic

    return topic(key)


def mail_id(key: str) -> str:
    from playhall.notifications.mail import MailSettings, message_id

    return message_id(key, MailSettings("", sender=MAIL_FROM).domain)


# -- the outside world, a process of its own ---------------------------------------------------


def receive(conn, master: str) -> None:
    """The receiver process: serves until told to stop, answering `records` and `counts`."""
    asyncio.run(_receive(conn, master))


async def _receive(conn, master: str) -> None:
    from aiohttp import web
    from aiosmtpd.controller import Controller

    records: dict[str, list[tuple[str, float]]] = {"webhook": [], "push": [], "email": []}
    refused: collections.Counter[str] = collections.Counter()

    async def hook(request: web.Request) -> web.Response:
        body = await request.read()
        at = time.time()
        secret = webhook_secret(master, request.match_info["player"])
        fields = dict(
            part.split("=", 1) for part in request.headers["Playhall-Signature"].split(",")
        )
        digest = hmac.new(secret.encode(), f"{fields['t']}.".encode() + body, hashlib.sha256)
        if not hmac.compare_digest(digest.hexdigest(), fields["v1"]):
            refused["webhook: bad signature"] += 1
            return web.Response(status=400)
        records["webhook"].append((request.headers["Playhall-Notice-Id"], at))
        return web.Response()

    async def push(request: web.Request) -> web.Response:
        await request.read()
        at = time.time()
        if not request.headers.get("Authorization", "").startswith("vapid t="):
            refused["push: no VAPID authorization"] += 1
        if request.headers.get("Content-Encoding") != "aes128gcm":
            refused["push: not aes128gcm"] += 1
        records["push"].append((request.headers["Topic"], at))
        return web.Response(status=201)

    class Mailbox:
        async def handle_DATA(self, server, session, envelope) -> str:
            at = time.time()
            found = re.search(rb"^Message-ID: *(<[^>]+>)", envelope.content, re.M | re.I)
            if found is None:
                refused["email: no Message-ID"] += 1
            else:
                records["email"].append((found[1].decode(), at))
            return "250 OK"

    app = web.Application()
    app.router.add_post("/hook/{player}", hook)
    app.router.add_post("/push/{player}", push)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    with socket.socket() as probe:  # aiosmtpd's Controller needs a port named
        probe.bind(("127.0.0.1", 0))
        smtp_port = probe.getsockname()[1]
    smtp = Controller(Mailbox(), hostname="127.0.0.1", port=smtp_port)
    smtp.start()
    http_port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    conn.send({"http": http_port, "smtp": smtp_port})
    loop = asyncio.get_running_loop()
    while (command := await loop.run_in_executor(None, conn.recv)) != "stop":
        if command == "counts":
            conn.send({channel: len(found) for channel, found in records.items()})
        elif command == "records":
            conn.send({"records": {k: list(v) for k, v in records.items()}, "refused": refused})
    smtp.stop()
    await runner.cleanup()


class Receiver:
    """The receiver process, from the benchmark's side."""

    def __init__(self, master: str):
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=receive, args=(theirs, master), daemon=True)
        self.process.start()
        ports = self.conn.recv()
        self.http, self.smtp = ports["http"], ports["smtp"]

    def ask(self, command: str):
        self.conn.send(command)
        return self.conn.recv()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.send("stop")
        self.process.join(10)
        if self.process.is_alive():
            self.process.kill()


# -- players, matches and turns ----------------------------------------------------------------


def browser_keys() -> tuple[str, str]:
    """A push subscription's keys (p256dh: a P-256 public point; auth: 16 bytes), base64url."""
    public = ec.generate_private_key(ec.SECP256R1()).public_key()
    point = public.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )

    def b64(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    return b64(point), b64(os.urandom(16))


async def set_up(store: NoticeStore, player: Player, receiver: Receiver, master: str) -> None:
    base = f"http://127.0.0.1:{receiver.http}"
    await store.save_preferences(
        player.player_id,
        Preferences(
            max_per_hour=1000,
            webhook_url=f"{base}/hook/{player.player_id}",
            webhook_secret=webhook_secret(master, player.player_id),
            email=f"{player.subject}@bench.invalid",
            email_confirmed=True,
            unsubscribe_token=secrets.token_urlsafe(16),
        ),
    )
    p256dh, auth = browser_keys()
    await store.subscribe(
        player.player_id, PushSubscription(f"{base}/push/{player.player_id}", p256dh, auth)
    )


def clock() -> pb.Clock:
    return pb.Clock(
        seconds_per_turn=DAYS * 86_400,
        on_timeout=pb.TIMEOUT_ACTION_FORFEIT,
        pace=pb.PACE_TURN_BASED,
    )


def your_turn(summary: pb.MatchSummary) -> list[str]:
    """The "your turn" notices the match's current turn files (to the players it waits on)."""
    if summary.phase != pb.MATCH_PHASE_RUNNING:
        return []
    return [
        f"your_turn|{summary.seats[seat].player_id}|{summary.match_id}|{summary.status.turn}|"
        for seat in summary.status.to_move
    ]


async def new_match(hall: Hall, first: Player, second: Player) -> tuple[str, list[str]]:
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]
    created = await hall.api.create(
        pb.CreateMatchRequest(title_id=TITLE, seats=seats, clock=clock()), first
    )
    match_id = created.match.match_id
    await hall.api.join(pb.JoinMatchRequest(match_id=match_id), second)
    summary = (await hall.api.get(pb.GetMatchRequest(match_id=match_id), first)).match
    return match_id, your_turn(summary)


async def play_turn(
    hall: Hall, match_id: str, players: tuple[Player, Player], rng: random.Random
) -> tuple[list[str], float] | None:
    """The match's seats to move pick at random until its turn changes: the notices the new
    turn files and when the commit that began it returned (None: the match ended)."""
    summary = (await hall.api.get(pb.GetMatchRequest(match_id=match_id), players[0])).match
    turn = summary.status.turn
    while True:
        player = players[rng.choice(list(summary.status.to_move))]
        seen = await hall.api.get(pb.GetMatchRequest(match_id=match_id), player)
        answer = await hall.api.submit(
            pb.SubmitMoveRequest(
                match_id=match_id,
                move=rng.choice(list(moves_as_any(seen.legal_moves))),
                expected_version=seen.match.version,
                request_id=uuid.uuid4().hex,
            ),
            player,
        )
        committed = time.time()
        summary = answer.match
        if summary.phase != pb.MATCH_PHASE_RUNNING:
            return None
        if summary.status.turn != turn:
            return your_turn(summary), committed


# -- measuring -----------------------------------------------------------------------------------


def cpu_s(pid: int) -> float:
    """A process's user and system CPU time (/proc/<pid>/stat), seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def delivered_counts(hall: Hall, keys: list[str]) -> dict[str, int]:
    """How many of `keys` the inbox holds and each channel recorded delivering."""
    async with hall.pool.connection() as connection:
        cursor = await connection.execute(
            "SELECT count(*) FROM notices WHERE notice_key = ANY(%s)", (keys,)
        )
        (inbox,) = await cursor.fetchone()
        cursor = await connection.execute(
            "SELECT channel, count(*) FROM notice_deliveries WHERE notice_key = ANY(%s) "
            "GROUP BY channel",
            (keys,),
        )
        return {"inbox": inbox, **dict(await cursor.fetchall())}


async def wait_delivered(
    hall: Hall, keys: list[str], channels: list[str], must: bool = True
) -> dict[str, int]:
    """Waits until every one of `keys` is delivered on every channel; how many were. After
    `DELIVERED_WITHIN_S` it raises, unless not `must`."""
    deadline = time.monotonic() + DELIVERED_WITHIN_S
    while True:
        counts = await delivered_counts(hall, keys)
        if all(counts.get(channel, 0) >= len(keys) for channel in ["inbox", *channels]):
            return counts
        if time.monotonic() > deadline:
            if not must:
                return counts
            raise RuntimeError(f"{counts} of {len(keys)} delivered in {DELIVERED_WITHIN_S} s")
        await asyncio.sleep(0.1)


async def backlog(
    hall: Hall, keys: list[str], channels: list[str], start_notifier
) -> tuple[dict, ServiceProcess]:
    """Starts a notifier on the outbox's backlog; how fast it tells all of `keys`."""
    notifier = start_notifier()
    serving = time.time()
    cpu_before = cpu_s(notifier.proc.pid)
    counts = await wait_delivered(hall, keys, channels)
    cpu = cpu_s(notifier.proc.pid) - cpu_before
    async with hall.pool.connection() as connection:
        cursor = await connection.execute(
            "SELECT min(created_at), max(created_at) FROM notices WHERE notice_key = ANY(%s)",
            (keys,),
        )
        first, inbox_last = await cursor.fetchone()
        cursor = await connection.execute(
            "SELECT channel, max(delivered_at) FROM notice_deliveries "
            "WHERE notice_key = ANY(%s) GROUP BY channel",
            (keys,),
        )
        last = {"inbox": inbox_last, **dict(await cursor.fetchall())}
    finished = max(last.values()).timestamp()
    return {
        "notices": len(keys),
        "counts": counts,
        "first_delivery_after_serving_s": first.timestamp() - serving,
        "took_s": finished - serving,
        "notices_per_s": len(keys) / (finished - serving),
        "deliveries_per_s": {
            channel: len(keys) / (at.timestamp() - serving) for channel, at in last.items()
        },
        "notifier_cpu_s": cpu,
        "notifier_cpu_ms_per_notice": cpu * 1000 / len(keys),
    }, notifier


async def steady(
    hall: Hall,
    matches: dict[str, tuple[Player, Player]],
    rate: float,
    seconds: float,
    rng: random.Random,
    played_at: dict[str, float],
) -> tuple[dict[str, float], dict]:
    """Turns of random matches at `rate` a second for `seconds`, none within `TURN_EVERY_S` of
    its last (`played_at`): each new turn's notices with when their commit returned."""
    committed: dict[str, float] = {}
    busy: set[str] = set()
    ended: set[str] = set()
    ids = list(matches)
    lag: list[float] = []

    def resting(match_id: str) -> bool:
        return time.monotonic() - played_at.get(match_id, -TURN_EVERY_S) < TURN_EVERY_S

    async def turn(match_id: str) -> None:
        try:
            played = await play_turn(hall, match_id, matches[match_id], rng)
        finally:
            busy.discard(match_id)
        if played is None:
            ended.add(match_id)
            return
        keys, at = played
        committed.update(dict.fromkeys(keys, at))

    tasks = []
    started = time.monotonic()
    for number in range(int(rate * seconds)):
        due = started + number / rate
        await asyncio.sleep(max(due - time.monotonic(), 0))
        lag.append(time.monotonic() - due)
        match_id = rng.choice(ids)
        while match_id in busy or match_id in ended or resting(match_id):
            match_id = rng.choice(ids)
        busy.add(match_id)
        played_at[match_id] = time.monotonic()
        tasks.append(asyncio.create_task(turn(match_id)))
    await asyncio.gather(*tasks)
    took = time.monotonic() - started
    return committed, {
        "turns": len(tasks),
        "turns_per_s": len(tasks) / took,
        "notices": len(committed),
        "matches_ended": len(ended),
        "schedule_lag_p99_ms": percentile(lag, 99) * 1000,
    }


def percentile(samples: list[float], percent: int) -> float:
    if len(samples) < 2:
        return samples[0] if samples else float("nan")
    return statistics.quantiles(samples, n=100, method="inclusive")[percent - 1]


async def latencies(
    hall: Hall, receiver: Receiver, committed: dict[str, float], channels: list[str]
) -> dict[str, dict]:
    """Commit to first delivery, per channel, of the notices of `committed`."""
    keys = list(committed)
    async with hall.pool.connection() as connection:
        cursor = await connection.execute(
            "SELECT notice_key, created_at FROM notices WHERE notice_key = ANY(%s)", (keys,)
        )
        arrived = {"inbox": {key: at.timestamp() for key, at in await cursor.fetchall()}}
    answer = receiver.ask("records")
    names = {
        "webhook": {key: key for key in keys},
        "push": {push_topic(key): key for key in keys} if "push" in channels else {},
        "email": {mail_id(key): key for key in keys} if "email" in channels else {},
    }
    for channel in channels:
        first: dict[str, float] = {}
        for name, at in answer["records"][channel]:
            key = names[channel].get(name)
            if key is not None and (key not in first or at < first[key]):
                first[key] = at
        arrived[channel] = first
    result = {}
    for channel, found in arrived.items():
        waits = [found[key] - committed[key] for key in keys if key in found]
        result[channel] = {
            "notices": len(waits),
            "p50_ms": percentile(waits, 50) * 1000,
            "p99_ms": percentile(waits, 99) * 1000,
            "max_ms": max(waits) * 1000 if waits else float("nan"),
        }
    result["refused"] = dict(answer["refused"])
    return result


async def measure(args, redis_url: str, database_url: str) -> dict:
    rng = random.Random(38)
    channels = channels_in_tree()
    master = secrets.token_hex(16)
    receiver = Receiver(master)
    hall = await Hall(redis_url, database_url).open()
    store = NoticeStore(hall.pool)
    env = {
        "REDIS_URL": redis_url,
        "PLAYHALL_DATABASE_URL": database_url,
        "PLAYHALL_DATABASE_MIGRATE": "0",
        "PLAYHALL_METRICS_PORT": "0",
        "PLAYHALL_PORTAL_URL": PORTAL,
    }
    if "push" in channels:
        from playhall.notifications.push import new_keys

        env["PLAYHALL_VAPID_PRIVATE_KEY"] = new_keys()[0]
        env["PLAYHALL_VAPID_SUBJECT"] = "mailto:bench@bench.invalid"
    if "email" in channels:
        env |= {
            "PLAYHALL_SMTP_HOST": "127.0.0.1",
            "PLAYHALL_SMTP_PORT": str(receiver.smtp),
            "PLAYHALL_SMTP_STARTTLS": "0",
            "PLAYHALL_MAIL_FROM": MAIL_FROM,
        }
    notifier: ServiceProcess | None = None
    report: dict = {"channels": ["inbox", *channels]}
    report["redis_version"] = (await hall.db.info("server"))["redis_version"]
    async with hall.pool.connection() as connection:
        cursor = await connection.execute("SHOW server_version")
        (report["postgres_version"],) = await cursor.fetchone()
    try:
        players = [signed_in(f"n-{i}") for i in range(args.matches * 2)]
        progress(f"Setting up {len(players)} players on {', '.join(report['channels'])}")
        await in_batches(
            [lambda p=p: set_up(store, p, receiver, master) for p in players], CONCURRENCY
        )
        progress(f"1. Backlog: {args.matches} matches created while no notifier runs")
        pairs = list(zip(players[::2], players[1::2], strict=True))
        started = time.monotonic()
        made = await in_batches(
            [lambda a=a, b=b: new_match(hall, a, b) for a, b in pairs], CONCURRENCY
        )
        report["create_s"] = time.monotonic() - started
        matches = {match_id: pair for (match_id, _), pair in zip(made, pairs, strict=True)}
        keys = [key for _, found in made for key in found]
        report["outbox_before"] = await hall.db.zcard(NOTICES)
        progress(f"   {len(keys)} notices wait; a notifier starts")
        report["backlog"], notifier = await backlog(
            hall, keys, channels, lambda: ServiceProcess("playhall.notifier", env=env)
        )
        found = report["backlog"]
        progress(
            f"   told in {found['took_s']:.1f} s: {found['notices_per_s']:.0f} notices/s, "
            f"{found['notifier_cpu_ms_per_notice']:.1f} CPU ms each"
        )
        report["steady"] = {}
        played_at: dict[str, float] = {}
        for rate in args.rates:
            progress(f"2. Latency: {rate:g} turns/s for {args.seconds:g} s")
            committed, load = await steady(hall, matches, rate, args.seconds, rng, played_at)
            load["delivered"] = await wait_delivered(hall, list(committed), channels, must=False)
            await asyncio.sleep(1)  # the receiver's last records
            found = await latencies(hall, receiver, committed, channels)
            report["steady"][f"{rate:g}"] = {"load": load, "latency": found}
            progress(
                "   "
                + ", ".join(
                    f"{channel} p50 {found[channel]['p50_ms']:.0f} ms / p99 "
                    f"{found[channel]['p99_ms']:.0f} ms"
                    for channel in report["channels"]
                )
            )
        report["receiver_counts"] = receiver.ask("counts")
    finally:
        if notifier is not None:
            notifier.terminate()
        await hall.close()
        receiver.close()
    return report


# -- the report ----------------------------------------------------------------------------------


def markdown(report: dict) -> str:
    machine_, backlog_ = report["machine"], report["backlog"]
    load = report["load_average_1m"]
    channels = report["channels"]
    lines = [
        "# Notices: commit to delivery, and one notifier's throughput",
        "",
        f"`python -m bench.notify` on {report['source']}, {machine_['cpus_usable']} usable "
        f"cores ({machine_['cpu_model']}), shared with other work: the 1-minute load average "
        f"was {load[0]:.1f} at the start and {load[1]:.1f} at the end. The notifier ran as a "
        "process of its own with its default pace (a pass every 0.5 s, 64 claimed, 16 at "
        "once); commits were made in the benchmark's process (`bench.turnbased.Hall`), the "
        "receivers (webhooks, a push service, an SMTP server) in a third. Method: the module "
        f"docstring of `bench/notify.py`. Redis {report['redis_version']} (AOF `appendfsync "
        f"always`); PostgreSQL {report['postgres_version']}, fsync on. Channels: "
        f"{', '.join(channels)}. Took {report['took_s']:.0f} s.",
        "",
        "## Latency: commit to delivery, under load",
        "",
        f"{int(report['arguments']['matches']):,} running turn-based matches, turns played at a "
        "steady rate for the window; each new turn files a notice to each player it waits on "
        "(the table counts them).",
        "",
    ]
    rows = []
    for rate, run in report["steady"].items():
        found = run["latency"]
        for channel in channels:
            rows.append(
                [
                    f"{rate} turns/s ({run['load']['turns']:,} turns played)",
                    channel,
                    f"{found[channel]['notices']:,} of {run['load']['notices']:,}",
                    f"{found[channel]['p50_ms']:,.0f} ms",
                    f"{found[channel]['p99_ms']:,.0f} ms",
                    f"{found[channel]['max_ms']:,.0f} ms",
                ]
            )
    lines += table(["load", "channel", "notices delivered", "p50", "p99", "max"], rows)
    refused = {
        k: v for run in report["steady"].values() for k, v in run["latency"]["refused"].items()
    }
    lines += [
        "",
        f"Receivers refused: {refused or 'nothing'}.",
        "",
        "## Throughput: one notifier process on a backlog",
        "",
        f'{backlog_["notices"]:,} notices ("your turn" to both players of '
        f"{int(report['arguments']['matches']):,} new matches) waiting when the notifier started; "
        "from the moment it said it serves:",
        "",
    ]
    rows = [
        ["notices told (every channel of each)", f"{backlog_['notices_per_s']:,.0f} /s"],
        *(
            [f"{channel} deliveries", f"{backlog_['deliveries_per_s'][channel]:,.0f} /s"]
            for channel in channels
        ),
        ["all told after", f"{backlog_['took_s']:.1f} s"],
        ["first delivery after serving", f"{backlog_['first_delivery_after_serving_s']:.2f} s"],
        ["notifier CPU per notice", f"{backlog_['notifier_cpu_ms_per_notice']:.1f} ms"],
    ]
    lines += table(["figure", "measured"], rows)
    lines += ["", *report.get("notes", []), ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.notify",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--matches", type=int, default=1000, help="running matches (1000)")
    parser.add_argument(
        "--rates",
        type=float,
        nargs="+",
        default=[5.0, 20.0],
        metavar="TURNS_PER_S",
        help="turns a second played across the matches, a window each (5 20)",
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="each window (30)")
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="write notify.md again from notify.json, measuring nothing",
    )
    add_out_argument(parser, STEM)
    run_on_private_stores(parser.parse_args(argv), STEM, measure, markdown)


if __name__ == "__main__":
    main()
