"""The example bot of `examples/ts-bot/` (TypeScript, no Playhall module inside: its code is
generated from the contracts by `buf generate`) against the whole stack: Redis, PostgreSQL, a
rules service of every title, the orchestrator, the archiver, the notifier, a bot worker and
the gateway, which the bot speaks Connect to.

A guest signs in, creates a personal access token with the scope `bot:play`, and the bot runs
with it. For every title a person (another guest) challenges the bot's account; the bot
hears of it on its event stream, accepts it, and plays its seat with random legal moves while
the person's seat is played from here, with random legal moves too, until the match ends. And
the bot challenges Playhall's own random bot of every title, which a bot worker plays, all at
once, with one challenge call a second allowed: it makes them all by waiting as the refusals'
RetryInfo says. Every match ends by the game's own end, with the bot's seat having moved and the
results archived.

npm packages are installed into `examples/ts-bot/node_modules` (npm's download cache in
`.cache/npm`): both are kept between runs, so only the first run downloads. Skipped, saying
why, without node and npm or when the npm registry cannot be reached."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import grpc
import psycopg
import pytest
from google.protobuf import any_pb2
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from dev.demo import PLANS
from dev.devstack import Stack
from dev.testbed import TIMEOUT
from playhall.api.v1 import account_service_pb2 as apb
from playhall.api.v1 import account_service_pb2_grpc
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient, bearer
from playhall.social.v1 import challenge_service_pb2 as cpb
from playhall.social.v1 import challenge_service_pb2_grpc
from tests.helpers import connect_call, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]

REPO = Path(__file__).resolve().parents[2]
BOT = REPO / "examples" / "ts-bot"
NPM_CACHE = REPO / ".cache" / "npm"
UNREACHABLE = re.compile(r"ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH")
"""npm's errors for a registry it cannot reach."""
CHALLENGED = re.compile(r"challenged a random bot to (?P<title>\w+): match (?P<match>\w+)")
LIMITS = {"PLAYHALL_LIMIT_CHALLENGES": "1/s burst 1"}
"""One challenge call a second per token, no burst: the bot's four challenges at once are
refused but the first, and it must wait as their RetryInfo says."""
MATCH_TIMEOUT_S = 600.0
"""A match, on a machine many times over-committed (every title's together take about a minute
on an idle one)."""


def npm(*args: str, timeout: float) -> subprocess.CompletedProcess:
    # The `buf` binary of Playhall's virtualenv generates the bot's code (`npm run build`).
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    return subprocess.run(
        ["npm", *args],
        cwd=BOT,
        env={**os.environ, "PATH": path},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture(scope="module")
def bot_script() -> Path:
    """The bot, installed and built as its README says."""
    if not (shutil.which("node") and shutil.which("npm")):
        pytest.skip("node and npm are needed to build and run the example bot")
    installed = npm(
        "install", "--no-audit", "--no-fund", "--prefer-offline", f"--cache={NPM_CACHE}",
        timeout=600,
    )  # fmt: skip
    if installed.returncode != 0 and UNREACHABLE.search(installed.stderr):
        pytest.skip(f"the npm registry cannot be reached: {installed.stderr.strip()[-300:]}")
    assert installed.returncode == 0, installed.stderr
    built = npm("run", "build", timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    return BOT / "dist" / "bot.js"


@pytest.fixture(scope="module")
def stack():
    with Stack(gateway=True, extra_env=LIMITS) as started:
        yield started


class BotProcess:
    """The bot running with a token, its output lines kept as they come."""

    def __init__(self, script: Path, url: str, token: str, challenge_bots: tuple[str, ...] = ()):
        env = {
            **os.environ,
            "PLAYHALL_URL": url,
            "PLAYHALL_TOKEN": token,
            "PLAYHALL_CHALLENGE_BOTS": ",".join(challenge_bots),
        }
        self.process = subprocess.Popen(
            ["node", str(script)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line.rstrip())

    def said(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    def challenged(self) -> dict[str, str]:
        """The match of each title whose bot it challenged, as it said."""
        said = (CHALLENGED.search(line) for line in list(self.lines))
        return {found["title"]: found["match"] for found in said if found}

    def stop(self) -> int:
        self.process.terminate()
        status = self.process.wait(timeout=10)
        self.reader.join(timeout=5)
        return status


def sign_in(base: str, name: str) -> tuple[str, str]:
    """A new guest's (player token, player id)."""
    status, body = connect_call(
        base, "playhall.players.v1.GuestService", "SignInGuest", {"displayName": name}
    )
    assert status == 200, body
    return body["token"], body["playerId"]


def access_token(channel: grpc.Channel, player_token: str) -> str:
    accounts = account_service_pb2_grpc.AccountServiceStub(channel)
    request = apb.CreateAccessTokenRequest(name="example bot", scopes=[apb.SCOPE_BOT_PLAY])
    created = accounts.CreateAccessToken(request, metadata=bearer(player_token), timeout=TIMEOUT)
    return created.secret


def challenge(channel: grpc.Channel, person_token: str, title: str, invited: str) -> str:
    """The person's challenge of `title` to the player `invited`; its id."""
    terms = cpb.ChallengeTerms(title_id=title, options=PLANS[title].options)
    request = cpb.CreateChallengeRequest(
        player_id=invited, terms=terms, request_id=str(uuid.uuid4())
    )
    challenges = challenge_service_pb2_grpc.ChallengeServiceStub(channel)
    made = patiently(
        partial(challenges.CreateChallenge, request, metadata=bearer(person_token), timeout=TIMEOUT)
    )
    return made.challenge.challenge_id


def patiently(call):
    """`call()`, made again after the wait a RESOURCE_EXHAUSTED refusal's RetryInfo names: the
    person's side keeps to the published limits as the bot does."""
    while True:
        try:
            return call()
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
                raise
            time.sleep(retry_delay_s(error))


def retry_delay_s(error: grpc.RpcError) -> float:
    info = error_details_pb2.RetryInfo()
    status = rpc_status.from_call(error)
    assert status is not None, f"a refusal without its details: {error}"
    (detail,) = [d for d in status.details if d.Is(info.DESCRIPTOR)]
    detail.Unpack(info)
    return info.retry_delay.ToTimedelta().total_seconds()


def move_while_to_move(client: MatchClient, match_id: str, seat: int) -> mpb.MatchSummary:
    """Random legal moves for `seat` while it is to move; the match as it then stands."""
    while True:
        current = patiently(lambda: client.get(match_id))
        match, legal = current.match, current.legal_moves
        if match.phase != mpb.MATCH_PHASE_RUNNING or seat not in match.status.to_move:
            return match
        move = any_pb2.Any(type_url=legal.type_url, value=random.choice(legal.moves))
        try:
            patiently(partial(client.submit, match_id, move, expected_version=match.version))
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.FAILED_PRECONDITION:
                raise  # a race with the bot's move on a simultaneous step: read again


def person_plays(channel: grpc.Channel, base: str, title: str, bot_id: str) -> mpb.MatchSummary:
    """A new person challenges the bot to `title` and, once it accepts, plays their seat to the
    end of the match; the match as it ended."""
    token, person_id = sign_in(base, f"Person {title}")
    match_id = challenge(channel, token, title, bot_id)
    client = MatchClient(channel, token=token, timeout_s=TIMEOUT)

    def accepted() -> mpb.MatchSummary | None:
        try:
            return patiently(lambda: client.get(match_id)).match
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.NOT_FOUND, error
            return None

    match = wait_until(accepted, 120, f"the bot to accept the {title} challenge", interval=0.2)
    (seat,) = [s.seat for s in match.seats if s.player_id == person_id]
    match = move_while_to_move(client, match_id, seat)
    for change in client.watch(match_id, after_version=match.version, timeout_s=MATCH_TIMEOUT_S):
        if change.phase == mpb.MATCH_PHASE_FINISHED:
            break
        if seat in change.status.to_move:
            move_while_to_move(client, match_id, seat)
    return patiently(lambda: client.get(match_id)).match


def archived(database_url: str, match_ids: list[str]) -> dict[str, tuple[str, list[tuple]]]:
    """Each archived match's end reason and seats, by number: (player id, score, winner); a bot
    seat's player is its level's."""
    query = """
        SELECT m.match_id, m.end_reason, s.player_id::text, s.final_score, s.winner
        FROM matches m JOIN match_seats s USING (match_id)
        WHERE m.match_id = ANY(%s) ORDER BY m.match_id, s.seat
    """
    found: dict[str, tuple[str, list[tuple]]] = {}
    with psycopg.connect(database_url, autocommit=True) as connection:
        for match_id, end_reason, *seat in connection.execute(query, (match_ids,)):
            found.setdefault(match_id, (end_reason, []))[1].append(tuple(seat))
    return found


def played_to_the_end(
    stack, channel, bot: BotProcess, ended: dict[str, mpb.MatchSummary], bot_id: str
):
    """Every match of `ended` ended by the game, the bot's seat moved in it, the bot saw its
    end, and the archive holds it as it ended."""
    log = "\n".join(bot.lines)
    for title, match in ended.items():
        assert match.phase == mpb.MATCH_PHASE_FINISHED, (title, log)
        assert match.end_reason == mpb.END_REASON_GAME_OVER, (title, log)
        (bot_seat,) = [s.seat for s in match.seats if s.player_id == bot_id]
        changes = MatchClient(channel).history(match.match_id).changes
        assert [c for c in changes if c.HasField("seat") and c.seat == bot_seat], (title, log)
        wait_until(lambda m=match: bot.said(f"match {m.match_id} ended"), 60, "the bot's end")
    match_ids = [match.match_id for match in ended.values()]
    rows = wait_until(
        lambda: (
            (found := archived(stack.database_url, match_ids))
            and len(found) == len(ended)
            and found
        ),
        60,
        "every match in the archive",
    )
    for match in ended.values():
        end_reason, seats = rows[match.match_id]
        assert end_reason.upper().endswith("GAME_OVER"), end_reason
        people = [(p, seat.player_id) for (p, _, _), seat in zip(seats, match.seats, strict=True)]
        assert all(archived == live for archived, live in people if live), people
        assert [score for _, score, _ in seats] == list(match.status.scores)
        assert [n for n, (_, _, winner) in enumerate(seats) if winner] == list(match.winners)


def test_the_bot_accepts_a_challenge_of_every_title_and_plays_it_to_the_end(stack, bot_script):
    base = stack.portal_url.rstrip("/")
    owner_token, bot_id = sign_in(base, "Example Bot")
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        bot = BotProcess(bot_script, base, access_token(channel, owner_token))
        try:
            with ThreadPoolExecutor(len(stack.titles)) as pool:
                playing = {
                    t: pool.submit(person_plays, channel, base, t, bot_id) for t in stack.titles
                }
                ended = {title: future.result() for title, future in playing.items()}
            played_to_the_end(stack, channel, bot, ended, bot_id)
            for match in ended.values():
                assert bot.said(f"accepted challenge {match.match_id}"), bot.lines
        finally:
            status = bot.stop()
            print("the bot's output:", *bot.lines, sep="\n")  # shown when the test fails
    assert status == 0, "the bot did not stop cleanly"


def test_the_bot_plays_a_playhall_bot_of_every_title_to_the_end(stack, bot_script):
    """The bot challenges Playhall's random bot of every title (its PLAYHALL_CHALLENGE_BOTS),
    whose seat a bot worker plays: four challenges at once, of which the limit (`LIMITS`) lets
    one through at a time, so the bot makes the others after the waits their refusals name."""
    base = stack.portal_url.rstrip("/")
    owner_token, bot_id = sign_in(base, "Example Bot")
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        secret = access_token(channel, owner_token)
        bot = BotProcess(bot_script, base, secret, challenge_bots=stack.titles)
        try:
            matches = wait_until(
                lambda: len(found := bot.challenged()) == len(stack.titles) and found,
                120,
                "the bot's challenge to every title's bot",
            )
            spectator = MatchClient(channel, timeout_s=TIMEOUT)
            ended = {t: spectator.wait_finished(m, MATCH_TIMEOUT_S) for t, m in matches.items()}
            assert bot.said("CreateChallenge: over a limit, retrying in"), bot.lines
            for match in ended.values():
                kinds = {seat.kind for seat in match.seats if seat.player_id != bot_id}
                assert kinds == {mpb.SEAT_KIND_BOT}, match.seats
            played_to_the_end(stack, channel, bot, ended, bot_id)
        finally:
            status = bot.stop()
            print("the bot's output:", *bot.lines, sep="\n")  # shown when the test fails
    assert status == 0, "the bot did not stop cleanly"
