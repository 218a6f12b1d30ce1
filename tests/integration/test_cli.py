"""The terminal client `playhall` against a real stack with its gateway: a person's match
played to its end through a pseudo-terminal, a seat taken up again (`resume`) and the handover
announced, a spectator's watch, a drawn end, a bot tournament's standings, sign-in (whatever
the spelling of the gateway's URL), refusals as one line, and a match of a title this client
never installed (`race_title.py`, served by a rules service of its own) drawn by its rules
service and played by numbered moves; and a turn-based match created and joined from the
terminal, played a move at a time (`move`) from the lists of matches waiting on each player
(`games --my-turn`), a player's vacation (`away`, `back`) marked on their seat, and time given
to the player to move (`give-time`)."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time

import grpc
import pytest

from dev.devstack import Stack
from dev.process import ServiceProcess
from playhall.api.v1 import account_service_pb2 as apb
from playhall.api.v1 import account_service_pb2_grpc
from playhall.core import get_game
from playhall.core.wire import moves_as_any
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient, bearer, human_seats

TITLES = ("galileo", "eynsteyn")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PLAYHALL = [sys.executable, "-m", "playhall.cli"]


@pytest.fixture(scope="module")
def race_rules():
    """The rules service of a title Playhall does not ship, which this client cannot import."""
    with ServiceProcess("dev.race_title") as service:
        yield service


@pytest.fixture(scope="module")
def stack(race_rules):
    race = {"PLAYHALL_RULES_RACE": race_rules.address}
    with Stack(titles=TITLES, testing=True, gateway=True, extra_env=race) as started:
        yield started


def flat(text: str) -> str:
    """`text` with every run of blanks and line breaks as one space: a terminal wraps long
    lines where its width says."""
    return " ".join(text.split())


def drawings_before_first_move(title: str, replay: mpb.Replay, seat: int) -> list[str]:
    """The text drawings of `seat`'s view in a finished match (its replay public) from the
    start until the seat's first move, as the title's engine draws the view that went through
    its codec: how the terminal drew a shipped title before the rules service drew it."""
    game = get_game(title)
    assert not replay.options
    state = game.new_game(replay.players, {}, replay.seed)
    drawings = []
    for played in [None, *replay.moves]:
        if played is not None:
            if played.seat == seat:
                break
            move = game.codec.move_message()
            played.move.Unpack(move)
            state, _ = state.apply(played.seat, game.codec.decode_move(move))
        view = game.codec.decode_view(game.codec.encode_view(state.view(seat)))
        drawings.append(game.render_text(view))
    return drawings


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
TITLE_NAMES = {"galileo": "Galileo Galilei", "eynsteyn": "Eynsteyn", "race": "Race"}
"""The names the terminal calls the titles in English (a title's catalogue, or its id
capitalized for one this client never installed)."""


@pytest.fixture
def env(stack, tmp_path) -> dict[str, str]:
    """The environment of a command in English (whatever this machine's locale)."""
    inherited = {name: value for name, value in os.environ.items() if name not in LOCALE_VARIABLES}
    return {
        **inherited,
        "LANG": "C.UTF-8",
        "PLAYHALL_GATEWAY": stack.portal_url,
        "PLAYHALL_CONFIG": str(tmp_path / "login.json"),
        "COLUMNS": "120",
    }


def playhall(env, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        PLAYHALL + list(args), env=env, capture_output=True, text=True, timeout=timeout
    )


class Terminal:
    """A command on a pseudo-terminal: what it printed so far, and keys typed into it."""

    def __init__(self, env, *args: str):
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(
            PLAYHALL + list(args), env=env, stdin=slave, stdout=slave, stderr=slave
        )
        os.close(slave)
        self.text = ""
        self.seen = 0
        """Where the next `read_until` starts looking: just after the marker it found last."""

    def read_until(self, *markers: str, timeout: float = 60) -> str:
        """Reads until one of `markers` appears after the marker found last; which one (the
        earliest, when several have)."""
        deadline = time.monotonic() + timeout
        start = self.seen
        while time.monotonic() < deadline:
            found = [(self.text.find(m, start), m) for m in markers if m in self.text[start:]]
            if found:
                at, marker = min(found)
                self.seen = at + len(marker)
                return marker
            if self._read() and self.process.poll() is not None:
                break
        raise AssertionError(f"none of {markers} in:\n{self.text[start:][-3000:]}")

    def _read(self) -> bool:
        """Adds what the command printed within half a second to `text`; whether the terminal
        is drained and closed (the command ended)."""
        ready, _, _ = select.select([self.master], [], [], 0.5)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # every byte read, and the command closed the terminal
            return True
        self.text += ANSI.sub("", chunk.decode(errors="replace"))
        return not chunk

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def close(self) -> int:
        """Reads what the command still prints until it ends, and its exit code: what it
        printed last (the final scores) is in `text` once this returns."""
        deadline = time.monotonic() + 30
        try:
            while time.monotonic() < deadline:
                if self._read() and self.process.poll() is not None:
                    break
            return self.process.wait(timeout=5)
        finally:
            os.close(self.master)


@pytest.mark.timeout(300)
def test_a_person_plays_a_match_to_its_end_in_a_terminal_by_numbered_moves(stack, env):
    terminal = Terminal(env, "play", "galileo", "--bots", "random", "--name", "Ada")
    try:
        created = terminal.read_until("created; you are seat")
        assert created
        match_id = re.search(r"Match (\w+) created", terminal.text).group(1)
        # A number that is not a move is refused on the spot, and the same turn asked again.
        terminal.read_until("Your move")
        terminal.type("99")
        assert terminal.read_until("There is no move 99") and terminal.read_until("Your move")
        # Words narrow the list; what is left is numbered from 1.
        terminal.type("Pick")
        terminal.read_until("Your move")
        terminal.type("1")
        moves = 1
        while terminal.read_until("Your move", "finished", timeout=90) == "Your move":
            terminal.type("1")
            moves += 1
        assert terminal.close() == 0
    finally:
        terminal.process.kill()
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        final = MatchClient(channel).get(match_id).match
    assert final.phase == mpb.MATCH_PHASE_FINISHED
    assert final.seats[0].display_name == "Ada"
    assert moves >= 15  # every round's pick, at least
    # The board as the title draws the seat's view (the rules service draws it now): the
    # first one shown, before the seat's first move (the bot's pick may have come first).
    shown = flat(terminal.text.split("you are seat 0.")[1].split("Your turn")[0])
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        replay = MatchClient(channel).history(match_id).replay
    assert shown in map(flat, drawings_before_first_move("galileo", replay, 0)), shown
    assert f"Galileo Galilei {match_id}: finished" in terminal.text
    assert "Ada" in terminal.text.split("finished")[-1]


@pytest.mark.timeout(400)  # bot matches: minutes on a busy machine
def test_a_bot_tournament_scores_every_pairing_and_watch_follows_a_match_to_its_end(env):
    ran = playhall(
        env,
        *("tournament", "run", "eynsteyn", "--bots", "random,easy", "--games", "2", "--json"),
        timeout=240,
    )
    assert ran.returncode == 0, ran.stderr
    standings = {row["level"]: row for row in json.loads(ran.stdout)}
    assert set(standings) == {"random", "easy"}
    assert all(row["games"] == 2 for row in standings.values())
    # Every game gives out one point in all, a shared win half to each.
    assert sum(row["points"] for row in standings.values()) == 2
    match_id = standings["easy"]["matches"][0]
    watched = playhall(env, "watch", match_id, "--json")
    assert watched.returncode == 0, watched.stderr
    changes = [json.loads(line) for line in watched.stdout.splitlines()]
    assert [int(c["version"]) for c in changes] == list(range(1, len(changes) + 1))
    assert changes[-1]["phase"] == "MATCH_PHASE_FINISHED"
    # The archiver rates the bot levels like players; the leaderboard lists them (provisional).
    deadline = time.monotonic() + 30
    while True:
        rated = playhall(env, "ratings", "eynsteyn", "--provisional", "--json")
        assert rated.returncode == 0, rated.stderr
        entries = json.loads(rated.stdout).get("entries", [])
        if len(entries) >= 2 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    names = [entry["player"]["display_name"] for entry in entries]
    assert {"Easy bot", "Random bot"} <= set(names), names
    if standings["easy"]["points"] != 1:  # one level won both games: it is rated higher
        best = "Easy bot" if standings["easy"]["points"] == 2 else "Random bot"
        assert names.index(best) < names.index(({"Easy bot", "Random bot"} - {best}).pop())


def test_sign_in_is_saved_privately_and_refusals_are_one_clear_line(env, tmp_path):
    signed = playhall(env, "login", "--guest", "Grace", "--json")
    assert signed.returncode == 0, signed.stderr
    assert json.loads(signed.stdout)["display_name"] == "Grace"
    assert os.stat(tmp_path / "login.json").st_mode & 0o777 == 0o600
    games = playhall(env, "games", "--json")
    assert games.returncode == 0 and json.loads(games.stdout) == {"matches": []}
    for args, reason in [
        (("login", "--guest", "x"), "name"),
        (("play", "nosuchtitle", "--bots", "easy"), "nosuchtitle"),
        (("play", "galileo", "--bots", "grandmaster"), "unknown bot level 'grandmaster'"),
        (("tournament", "run", "galileo", "--bots", "easy"), "at least two different levels"),
        (("watch", "no-such-match"), "no-such-match"),
    ]:
        refused = playhall(env, *args)
        assert refused.returncode == 1, (args, refused.stdout)
        line = refused.stderr.strip()
        assert "\n" not in line and "Traceback" not in line, line
        assert reason in line, (args, line)
    unreachable = playhall({**env, "PLAYHALL_GATEWAY": "http://127.0.0.1:9"}, "games")
    assert unreachable.returncode == 1
    assert "cannot be reached" in unreachable.stderr


@pytest.mark.timeout(180)
def test_queue_seats_a_terminal_and_a_second_client_in_one_match(stack, env, tmp_path):
    """`playhall queue` in a terminal shows the wait and the window until a second client (the
    same command with --json, signed in as someone else) enters; both are seated in one match,
    and the terminal follows it to its end (the other player resigns)."""
    bob_env = {**env, "PLAYHALL_CONFIG": str(tmp_path / "bob.json")}
    assert playhall(env, "login", "--guest", "Ada").returncode == 0
    assert playhall(bob_env, "login", "--guest", "Bob").returncode == 0
    terminal = Terminal(env, "queue", "eynsteyn")  # 2 players: the title's fewest
    try:
        assert terminal.read_until("for players rated 25.0 ±")
        bob = playhall(bob_env, "queue", "eynsteyn", "--json")
        assert bob.returncode == 0, bob.stderr
        updates = [json.loads(line) for line in bob.stdout.splitlines()]
        matched = updates[-1]["matched"]
        terminal.read_until("Matched after")
        found = re.search(r"match (\w+), you are seat (\d)", terminal.text)
        assert found and found.group(1) == matched["match"]["match_id"]
        bob_seat = int(matched["token"].get("seat", 0))
        assert int(found.group(2)) == 1 - bob_seat
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            MatchClient(channel, matched["token"]["token"]).resign(found.group(1))
        assert terminal.read_until("finished")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        final = MatchClient(channel).get(found.group(1)).match
    assert final.phase == mpb.MATCH_PHASE_FINISHED
    assert sorted(seat.display_name for seat in final.seats) == ["Ada", "Bob"]
    assert list(final.winners) == [1 - bob_seat]


def test_queue_needs_a_sign_in(env):
    refused = playhall(env, "queue", "galileo")
    assert refused.returncode == 1
    assert "sign in first" in refused.stderr and "\n" not in refused.stderr.strip()


def test_a_platform_tournament_is_created_and_its_standings_followed_to_the_end(env):
    """`playhall tournament create` (signed in) schedules a round robin of three bots on the
    platform; `tournament standings --follow` prints it after each change until its end: three
    rounds of one game and one bye each, so six points in all."""
    assert playhall(env, "login", "--guest", "Tess").returncode == 0
    refused = playhall(env, "tournament", "create", "galileo", "--bots", "random")
    assert refused.returncode == 1 and "2 to 64 entrants" in refused.stderr, refused.stderr
    created = playhall(
        env,
        "tournament",
        "create",
        "galileo",
        "--bots",
        "random,random,random",
        "--format",
        "round-robin",
        "--name",
        "Three",
        "--json",
    )
    assert created.returncode == 0, created.stderr
    tournament = json.loads(created.stdout)
    assert tournament["rounds_planned"] == 3 and tournament["created_by"].startswith("p-")
    followed = playhall(
        env, "tournament", "standings", tournament["tournament_id"], "--follow", "--json"
    )
    assert followed.returncode == 0, followed.stderr
    updates = [json.loads(line) for line in followed.stdout.splitlines()]
    final = updates[-1]
    assert final["phase"] == "TOURNAMENT_PHASE_FINISHED" and len(final["rounds"]) == 3
    assert sum(s.get("score", 0) for s in final["standings"]) == 6
    shown = playhall(env, "tournament", "standings", tournament["tournament_id"])
    assert shown.returncode == 0 and "Three: round 3 of 3, finished" in shown.stdout, shown.stdout


def test_a_platform_tournament_is_played_turn_based_with_days_a_move(env):
    """`tournament create --turn-based 2` gives its games a turn-based clock of two days a move
    (a bot moving for a late seat), in place of --turn-seconds."""
    assert playhall(env, "login", "--guest", "Uma").returncode == 0
    args = ("--enter", "--bots", "random", "--rounds", "1", "--turn-based", "2", "--json")
    created = playhall(env, "tournament", "create", "galileo", *args)
    assert created.returncode == 0, created.stderr
    clock = json.loads(created.stdout)["clock"]
    assert clock["pace"] == "PACE_TURN_BASED" and clock["seconds_per_turn"] == 2 * 86_400
    assert clock["on_timeout"] == "TIMEOUT_ACTION_BOT_MOVE"


def test_help_shows_flags_as_flags_without_a_value_placeholder():
    for args, flag in [
        (("ratings", "--help"), "--provisional"),
        (("tournament", "standings", "--help"), "--follow"),
        (("tournament", "create", "--help"), "--enter"),
        (("games", "--help"), "--my-turn"),
    ]:
        shown = subprocess.run(
            PLAYHALL + list(args),
            env={**os.environ, "COLUMNS": "120"},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert shown.returncode == 0, shown.stderr
        assert "<bool>" not in shown.stdout, shown.stdout
        assert re.search(rf"^\s+{flag}\s+\S", shown.stdout, re.MULTILINE), shown.stdout
        assert "--no-" not in shown.stdout, shown.stdout
        assert re.search(r"^\s+--help\s+Show this message", shown.stdout, re.MULTILINE)


def test_the_saved_sign_in_holds_however_the_gateway_is_spelled(stack, env):
    """Signed in at the stack's URL (with its trailing slash), the sign-in is used at the same
    gateway spelled without the slash, without `http://`, or as localhost; signed out, a call
    that needs a sign-in says how to sign in, not what header the server wants."""
    assert playhall(env, "login", "--guest", "Lin").returncode == 0
    port = stack.gateway.port
    for spelling in (
        f"http://127.0.0.1:{port}",
        f"127.0.0.1:{port}",
        f"http://localhost:{port}/",
        f"LOCALHOST:{port}",
    ):
        games = playhall(env, "games", "--json", "--gateway", spelling)
        assert games.returncode == 0, (spelling, games.stderr)
        assert json.loads(games.stdout) == {"matches": []}, spelling
    assert playhall(env, "logout").returncode == 0
    refused = playhall(env, "games")
    assert refused.returncode == 1
    line = refused.stderr.strip()
    assert "playhall login" in line and "authorization" not in line.lower(), line


@pytest.mark.timeout(120)
def test_ctrl_c_in_the_queue_leaves_it_with_status_130(env):
    assert playhall(env, "login", "--guest", "Quinn").returncode == 0
    terminal = Terminal(env, "queue", "galileo")
    try:
        assert terminal.read_until("for players rated")
        terminal.process.send_signal(signal.SIGINT)
        assert terminal.read_until("you left the queue")
        assert terminal.close() == 130
    finally:
        terminal.process.kill()


@pytest.mark.timeout(300)
def test_resume_takes_the_seat_up_again_and_the_old_terminal_hears_of_the_handover(stack, env):
    """A signed-in player's match goes on in a second terminal (`playhall resume`): the first
    one announces the seat's handover and stops; the second plays on, and Ctrl-C there (exit
    130) names the command that takes the seat back. `games --json` lists the match."""
    assert playhall(env, "login", "--guest", "Rhea").returncode == 0
    first = Terminal(env, "play", "galileo", "--bots", "random")
    second = third = None
    try:
        first.read_until("created; you are seat")
        match_id = re.search(r"Match (\w+) created", first.text).group(1)
        first.read_until("Your move")
        listed = playhall(env, "games", "--json")
        assert listed.returncode == 0, listed.stderr
        running = json.loads(listed.stdout)["matches"]
        assert [entry["match"]["match_id"] for entry in running] == [match_id]
        second = Terminal(env, "resume", match_id)
        assert second.read_until("is yours again")
        assert second.read_until("Your move")
        # The first terminal hears that its seat changed hands, and plays it no more.
        assert first.read_until("Rhea took up their seat (a seat handover")
        assert first.read_until("your seat was taken up elsewhere")
        assert first.close() == 1
        assert f"playhall resume {match_id}" in first.text
        # The second plays on: its move is accepted and the next turn asked.
        second.type("1")
        assert second.read_until("Rhea moved")
        assert second.read_until("Your move", timeout=90)
        assert "took up their seat" not in second.text
        second.process.send_signal(signal.SIGINT)
        assert second.read_until(f"playhall resume {match_id} takes your seat up again")
        assert second.close() == 130
        # The player's only running match: `resume` with no id finds it; resigning ends it,
        # and the results are shown to the seat that resigned.
        third = Terminal(env, "resume")
        assert third.read_until("Your move", timeout=90)
        third.type("resign")
        assert third.read_until("You resigned")
        assert third.read_until(f"Galileo Galilei {match_id}: finished")
        assert third.close() == 0
        assert "resigned" in third.text.split("finished")[-1]
    finally:
        for terminal in (first, second, third):
            if terminal is not None:
                terminal.process.kill()
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        final = MatchClient(channel).get(match_id).match
    assert final.phase == mpb.MATCH_PHASE_FINISHED


def played_with_first_moves(stack, title: str, seed: bytes) -> str:
    """A match of two human seats, every seat to move playing its first legal move (in seat
    order at a simultaneous step) to the end; its id."""
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        client = MatchClient(channel)
        created = client.create(title, human_seats(2), seed=seed)
        match_id = created.match.match_id
        seats = {token.seat: client.as_seat(token.token) for token in created.tokens}
        while (now := client.get(match_id, omit_legal_moves=True)).match.phase != (
            mpb.MATCH_PHASE_FINISHED
        ):
            for seat in sorted(now.match.status.to_move):
                mine = seats[seat].get(match_id)
                first_move = moves_as_any(mine.legal_moves)[0]
                seats[seat].submit(match_id, first_move, mine.match.version, omit_legal_moves=True)
        return match_id


@pytest.mark.timeout(300)
def test_an_end_with_nobody_ahead_is_called_a_draw(stack, env):
    """Eynsteyn played by first moves ends 0-0 with no winner; Galileo by first moves from this
    seed ends 39-39 with both seats sharing the win: each is a draw."""
    for title, seed in (("eynsteyn", b"draw-0"), ("galileo", b"draw-3")):
        match_id = played_with_first_moves(stack, title, seed)
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            final = MatchClient(channel).get(match_id, omit_legal_moves=True).match
        assert final.end_reason == mpb.END_REASON_GAME_OVER
        scores = list(final.status.scores)
        assert len(set(scores)) == 1 and len(final.winners) in (0, 2), (title, scores)
        watched = playhall(env, "watch", match_id, timeout=180)
        assert watched.returncode == 0, watched.stderr
        results = watched.stdout.split(f"{TITLE_NAMES[title]} {match_id}:")[-1]
        assert results.startswith(" finished, a draw"), results
        assert results.count("draw") == 3 and "winner" not in results, results


@pytest.mark.timeout(180)
def test_a_title_this_client_never_installed_is_drawn_and_played_by_numbered_moves(
    stack, env, tmp_path
):
    """Race to ten (`race_title.py`): no engine or protobuf module of it is installed here. The
    terminal draws the board as its rules service draws it, lists the legal moves by number
    (protobuf's own Int32Value, as JSON: 1 and 2), and plays them; the other seat plays over
    gRPC. Adding two each time, seat 0's third move reaches ten."""
    assert playhall(env, "login", "--guest", "Ada").returncode == 0
    player_token = json.loads((tmp_path / "login.json").read_text())["token"]
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        created = MatchClient(channel, player_token).create("race", human_seats(2))
        match_id = created.match.match_id
        other = MatchClient(channel, {t.seat: t.token for t in created.tokens}[1])
        terminal = Terminal(env, "resume", match_id)
        try:
            assert terminal.read_until("your seat 0 is yours again")
            for count in (0, 4, 8):
                assert terminal.read_until(f"count {count} of 10")
                assert terminal.read_until("Your move")
                listed = terminal.text[terminal.text.rfind(f"count {count} of 10") :]
                assert re.search(r"^\s+1\s+1\s*$", listed, re.MULTILINE), listed
                assert re.search(r"^\s+2\s+2\s*$", listed, re.MULTILINE), listed
                assert "type_url" not in listed and "google.protobuf" not in listed, listed
                terminal.type("2")
                if count == 8:
                    break
                deadline = time.monotonic() + 30
                while list((now := other.get(match_id)).match.status.to_move) != [1]:
                    assert time.monotonic() < deadline, now.match
                    time.sleep(0.1)
                other.submit(match_id, moves_as_any(now.legal_moves)[-1], now.match.version)
            assert terminal.read_until(f"{TITLE_NAMES['race']} {match_id}: finished")
            assert terminal.close() == 0
        finally:
            terminal.process.kill()
        final = MatchClient(channel).get(match_id).match
    assert final.phase == mpb.MATCH_PHASE_FINISHED and final.status.move_count == 5
    assert list(final.winners) == [0]
    assert "Ada" in terminal.text.split("finished")[-1]


def test_clocks_read_in_their_two_largest_units_rounded_down():
    from playhall.cli.words import duration

    day, hour, minute = 86_400_000, 3_600_000, 60_000
    assert duration(2 * day + 5 * hour + 59 * minute) == "2d 5h"
    assert duration(3 * day - 1) == "2d 23h" and duration(3 * day) == "3d"
    assert duration(3 * hour + 10 * minute + 59_999) == "3h 10m"
    assert duration(4 * minute + 20_500) == "4m 20s" and duration(45_999) == "45s"
    assert duration(-5) == "0s"


def my_turn(env) -> dict:
    listed = playhall(env, "games", "--my-turn", "--json")
    assert listed.returncode == 0, listed.stderr
    return json.loads(listed.stdout)


@pytest.mark.timeout(120)
def test_a_turn_based_match_is_played_a_move_at_a_time_by_who_it_waits_on(env, tmp_path):
    """Ada creates a turn-based Eynsteyn (3 days a turn) with a seat open and leaves; Bob joins
    it and leaves. `games --my-turn` lists it to the player to move, with the time left in days
    and hours and the count, and not to the other, whose `move` is refused (exit 1, whose turn
    it is and their time). `move --choice 1` plays the first legal move and leaves; then the
    lists have swapped, and the other plays their move interactively."""
    bob_env = {**env, "PLAYHALL_CONFIG": str(tmp_path / "bob.json")}
    assert playhall(env, "login", "--guest", "Ada").returncode == 0
    assert playhall(bob_env, "login", "--guest", "Bob").returncode == 0
    created = playhall(env, "play", "eynsteyn", "--open", "1", "--turn-based", "3")
    assert created.returncode == 0, created.stderr
    match_id = re.search(r"Match (\w+) created", created.stdout).group(1)
    assert "Eynsteyn: turn-based, 3d a turn; time out: a forfeit." in created.stdout
    assert f"Waiting for 1 more player: playhall join {match_id}" in created.stdout
    joined = playhall(bob_env, "join", match_id)
    assert joined.returncode == 0, joined.stderr
    assert f"You joined match {match_id} (eynsteyn) in seat 1." in joined.stdout
    assert "turn-based, 3d a turn" in joined.stdout

    envs = {"Ada": env, "Bob": bob_env}
    lists = {name: my_turn(player_env) for name, player_env in envs.items()}
    (mover,) = [name for name, listed in lists.items() if listed["count"] == 1]
    (other,) = set(envs) - {mover}
    assert lists[other] == {"matches": [], "count": 0}
    (entry,) = lists[mover]["matches"]
    assert entry["match"]["match_id"] == match_id
    assert 3 * 86_400_000 - 60_000 < int(entry["time_left_ms"]) <= 3 * 86_400_000
    shown = playhall(envs[mover], "games", "--my-turn")
    assert shown.returncode == 0, shown.stderr
    row = next(line for line in shown.stdout.splitlines() if match_id in line)
    assert "Eynsteyn" in row and other in row and mover not in row and "2d 23h" in row, row
    assert "1 match waits on you. Play one: playhall move MATCH_ID" in flat(shown.stdout)
    nothing = playhall(envs[other], "games", "--my-turn")
    assert nothing.returncode == 0 and nothing.stdout.strip() == "No match waits on you."

    refused = playhall(envs[other], "move", match_id, "--choice", "1")
    assert refused.returncode == 1, refused.stdout
    line = refused.stderr.strip()
    assert "\n" not in line and "Traceback" not in line, line
    assert f"it is not your turn in match {match_id}: {mover} to move (2d 23h left)" in line

    moved = playhall(envs[mover], "move", match_id, "--choice", "1")
    assert moved.returncode == 0, moved.stderr
    assert "Your turn  (time left this turn: 2d 23h)" in moved.stdout, moved.stdout
    assert "Your move: 1" in moved.stdout and "You played " in moved.stdout, moved.stdout
    assert f"{other} to move (2d 23h left)." in flat(moved.stdout), moved.stdout
    assert my_turn(envs[mover])["count"] == 0
    swapped = my_turn(envs[other])
    assert swapped["count"] == 1 and swapped["matches"][0]["match"]["match_id"] == match_id

    terminal = Terminal(envs[other], "move", match_id)
    try:
        assert terminal.read_until("Your move")
        terminal.type("1")
        assert terminal.read_until(f"{mover} to move")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()
    assert my_turn(envs[mover])["matches"][0]["match"]["match_id"] == match_id


def test_a_turn_based_clock_the_server_does_not_offer_is_refused_with_its_reason(env):
    """The days a turn are the choices offered (typer refuses others, exit 2); a bank of
    more days than the server offers, or an increment above the bank, is refused by the
    server, whose reason is the one line printed; a turn-based match needs a sign-in."""
    unoffered = playhall(env, "play", "eynsteyn", "--open", "1", "--turn-based", "4")
    assert unoffered.returncode == 2 and "'4' is not one of" in unoffered.stderr
    signed_out = playhall(env, "play", "eynsteyn", "--open", "1", "--turn-based", "1")
    assert signed_out.returncode == 1 and "sign in first" in signed_out.stderr
    assert playhall(env, "login", "--guest", "Tia").returncode == 0
    for args, reason in [
        (("--bank", "45"), "A turn-based bank starts with 1 to 30 days"),
        (("--bank", "2", "--bank-increment", "3"), "increment is at most the bank"),
        (("--turn-based", "1", "--bank", "2"), "not both"),
    ]:
        refused = playhall(env, "play", "eynsteyn", "--open", "1", *args)
        assert refused.returncode == 1, (args, refused.stdout)
        line = refused.stderr.strip()
        assert "\n" not in line and reason in line, (args, line)
    assert my_turn(env) == {"matches": [], "count": 0}


@pytest.mark.timeout(120)
def test_a_live_match_with_an_open_seat_is_played_by_whoever_joins_it(stack, env, tmp_path):
    """`play --open 1` waits for a player (no bot seat); `join` seats Bob and plays the match
    in his terminal; the first to be asked for a move resigns, and both see the end."""
    bob_env = {**env, "PLAYHALL_CONFIG": str(tmp_path / "bob.json")}
    assert playhall(env, "login", "--guest", "Ada").returncode == 0
    assert playhall(bob_env, "login", "--guest", "Bob").returncode == 0
    ada = Terminal(env, "play", "eynsteyn", "--open", "1")
    bob = None
    try:
        assert ada.read_until("Waiting for 1 more player: playhall join ")
        match_id = re.search(r"Match (\w+) created", ada.text).group(1)
        bob = Terminal(bob_env, "join", match_id)
        assert bob.read_until(f"You joined match {match_id} (eynsteyn) in seat 1.")
        assert ada.read_until("Bob joined")
        with grpc.insecure_channel(stack.orchestrator.address) as channel:
            (first_seat,) = MatchClient(channel).get(match_id).match.status.to_move
        first = (ada, bob)[first_seat]
        assert first.read_until("Your move")
        first.type("resign")
        for terminal in (ada, bob):
            assert terminal.read_until(f"Eynsteyn {match_id}: finished")
            assert terminal.close() == 0
    finally:
        for terminal in (ada, bob):
            if terminal is not None:
                terminal.process.kill()


def a_turn_based_match(env, tmp_path) -> tuple[str, dict[str, dict], str, str]:
    """Ada's turn-based Eynsteyn (3 days a turn) that Bob joined: its id, each player's
    environment by name, who is to move and the other."""
    envs = {"Ada": env, "Bob": {**env, "PLAYHALL_CONFIG": str(tmp_path / "bob.json")}}
    for name, player_env in envs.items():
        assert playhall(player_env, "login", "--guest", name).returncode == 0
    created = playhall(env, "play", "eynsteyn", "--open", "1", "--turn-based", "3")
    assert created.returncode == 0, created.stderr
    match_id = re.search(r"Match (\w+) created", created.stdout).group(1)
    assert playhall(envs["Bob"], "join", match_id).returncode == 0
    (mover,) = [name for name, player_env in envs.items() if my_turn(player_env)["count"]]
    return match_id, envs, mover, ({"Ada", "Bob"} - {mover}).pop()


def one_line(refused: subprocess.CompletedProcess) -> str:
    assert refused.returncode == 1, refused.stdout
    line = refused.stderr.strip()
    assert "\n" not in line and "Traceback" not in line, line
    return line


@pytest.mark.timeout(120)
def test_a_player_away_has_their_seat_marked_until_they_come_back(env, tmp_path):
    """`away 3` stops the other player's clock, saying until when and the days left after it
    (`away` with no days: the status); the mover sees the seat marked in `games --my-turn`,
    over the board and in who moves next. `back` clears the mark, and the clock runs on with
    the time it had; `away 0` is refused with the server's reason."""
    from playhall.cli.words import day, moment

    match_id, envs, mover, other = a_turn_based_match(env, tmp_path)
    assert "Go away for a day or more" in one_line(playhall(envs[other], "away", "0"))

    away = playhall(envs[other], "away", "3")
    assert away.returncode == 0, away.stderr
    vacation = json.loads(playhall(envs[other], "away", "--json").stdout)  # the status
    until = int(vacation["away_until_unix_ms"])
    assert until - int(vacation["away_since_unix_ms"]) == 3 * 86_400_000
    assert int(vacation["allowance_left_ms"]) == 30 * 86_400_000
    assert f"You are away until {moment(until)}:" in flat(away.stdout), away.stdout
    assert "Away days left this year: 27d after this vacation" in flat(away.stdout), away.stdout
    marked = f"{other} (away until {day(until)})"
    listed = playhall(envs[mover], "games", "--my-turn")
    row = next(line for line in listed.stdout.splitlines() if match_id in line)
    assert marked in row, listed.stdout
    moved = playhall(envs[mover], "move", match_id, "--choice", "1")
    assert moved.returncode == 0, moved.stderr
    assert f"{marked}: their clock stands still." in flat(moved.stdout), moved.stdout
    assert f"{marked} to move." in flat(moved.stdout), moved.stdout

    back = playhall(envs[other], "back")
    assert back.returncode == 0, back.stderr
    assert "Welcome back" in back.stdout
    assert re.search(r"Away days left this year: (29d 23h|30d)\.", back.stdout), back.stdout
    assert "You are not away" in playhall(envs[other], "away").stdout
    refused = one_line(playhall(envs[mover], "move", match_id, "--choice", "1"))
    assert f"not your turn in match {match_id}: {other} to move (2d 23h left)" in refused


@pytest.mark.timeout(120)
def test_a_player_gives_the_mover_time_once_a_turn(env, tmp_path):
    """The player not to move gives the mover 2 hours (`--to` left out: the seat to move): the
    mover's time left grows by 2 hours; giving again the same turn, or giving to a seat not to
    move, is refused with the server's reason."""
    match_id, envs, mover, other = a_turn_based_match(env, tmp_path)
    (before,) = my_turn(envs[mover])["matches"]
    given = playhall(envs[other], "give-time", match_id, "--hours", "2")
    assert given.returncode == 0, given.stderr
    assert f"You gave {mover} 2h in match {match_id}: {mover} has 3d 1h left this turn." in flat(
        given.stdout
    ), given.stdout
    (after,) = my_turn(envs[mover])["matches"]
    grown = int(after["time_left_ms"]) - int(before["time_left_ms"])
    assert 2 * 3_600_000 - 60_000 < grown <= 2 * 3_600_000, grown

    again = ("give-time", match_id, "--to", str(before["seats"][0]), "--hours", "1")
    assert "You gave time this turn already" in one_line(playhall(envs[other], *again))
    other_seat = 1 - before["seats"][0]
    backwards = ("give-time", match_id, "--to", str(other_seat), "--hours", "1")
    assert f"Seat {other_seat} is not to move" in one_line(playhall(envs[mover], *backwards))
    assert playhall(envs[other], "give-time", match_id, "--hours", "25").returncode == 2


@pytest.mark.timeout(120)
def test_the_inbox_tells_a_player_their_turn_and_is_read_from_the_terminal(env, tmp_path):
    """The notifier of the stack files each player's "your turn" notice; `notices` lists it
    unread with the count, `notices --read` marks all read, `--unread` then lists none."""
    match_id, envs, mover, _ = a_turn_based_match(env, tmp_path)

    def inbox(*args: str) -> dict:
        listed = playhall(envs[mover], "notices", "--json", *args)
        assert listed.returncode == 0, listed.stderr
        return json.loads(listed.stdout)

    deadline = time.monotonic() + 30
    while not inbox().get("notices") and time.monotonic() < deadline:
        time.sleep(0.3)
    notices = inbox()
    assert [n["match_id"] for n in notices["notices"]] == [match_id], notices
    assert notices["notices"][0]["title"] == "Your turn in Eynsteyn"
    assert notices["unread"] == 1
    shown = playhall(envs[mover], "notices")
    assert "Your turn in Eynsteyn" in shown.stdout and "1 unread." in shown.stdout
    assert playhall(envs[mover], "notices", "--read").stdout.strip().endswith("All read.")
    assert inbox("--unread").get("notices", []) == [] and inbox().get("unread", 0) == 0


@pytest.mark.timeout(180)
def test_the_chat_of_a_match_is_said_read_and_muted_from_the_terminal(env, tmp_path):
    """Through the gateway: Ada and Bob talk in the players' room; Carol, a spectator, is
    refused there in one line, says something in the spectators' room, and reads only that;
    Ada mutes Bob, no longer reads him, and unmutes him."""
    match_id, envs, _, _ = a_turn_based_match(env, tmp_path)
    carol = {**env, "PLAYHALL_CONFIG": str(tmp_path / "carol.json")}
    assert playhall(carol, "login", "--guest", "Carol").returncode == 0
    said = playhall(envs["Ada"], "chat", "say", match_id, "good luck")
    assert said.returncode == 0, said.stderr
    assert "[players] Ada: good luck" in said.stdout
    assert playhall(envs["Bob"], "chat", "say", match_id, "thanks").returncode == 0
    refused = one_line(playhall(carol, "chat", "say", match_id, "pick 3"))
    assert "Only the players of this match write in the players' room" in refused
    cheered = playhall(carol, "chat", "say", match_id, "go Bob", "--room", "spectators")
    assert cheered.returncode == 0, cheered.stderr

    read = playhall(carol, "chat", "read", match_id)
    assert "[spectators] Carol: go Bob" in read.stdout and "good luck" not in read.stdout
    listed = playhall(envs["Ada"], "chat", "read", match_id, "--json")
    messages = json.loads(listed.stdout)["messages"]
    assert [m["text"] for m in messages] == ["good luck", "thanks"]
    bob = messages[1]["player_id"]
    assert playhall(envs["Ada"], "chat", "mute", bob).stdout.strip() == f"Muted {bob}."
    assert "Bob" in playhall(envs["Ada"], "chat", "muted").stdout
    assert "thanks" not in playhall(envs["Ada"], "chat", "read", match_id).stdout
    assert playhall(envs["Ada"], "chat", "unmute", bob).returncode == 0
    assert "Bob: thanks" in playhall(envs["Ada"], "chat", "read", match_id).stdout


@pytest.mark.timeout(120)
def test_friends_are_followed_listed_and_blocked_from_the_terminal(env, tmp_path):
    """Two guests (known once signed in): Ada follows Bob, Bob follows back and they are
    friends, each listed online; Bob blocks Ada, which ends both follows, and Ada's follow is
    then refused in one line; Bob lists and lifts his block. Without a sign-in: one line."""
    envs = {"Ada": env, "Bob": {**env, "PLAYHALL_CONFIG": str(tmp_path / "bob.json")}}
    ids = {}
    for name, player_env in envs.items():
        signed = playhall(player_env, "login", "--guest", name, "--json")
        assert signed.returncode == 0, signed.stderr
        ids[name] = json.loads(signed.stdout)["player_id"]
    ada, bob = envs["Ada"], envs["Bob"]
    assert playhall(ada, "friends", "follow", ids["Bob"]).stdout.strip().endswith(".")
    followed = playhall(bob, "friends", "follow", ids["Ada"])
    assert followed.returncode == 0, followed.stderr
    assert "you are friends" in followed.stdout
    listed = json.loads(playhall(ada, "friends", "list", "--json").stdout)["people"]
    assert listed == [{"player_id": ids["Bob"], "display_name": "Bob", "online": True}]
    assert "Bob" in playhall(ada, "friends", "list", "followers").stdout
    assert playhall(bob, "friends", "block", ids["Ada"]).returncode == 0
    assert playhall(ada, "friends", "list").stdout.strip() == "No friends."
    assert playhall(ada, "friends", "list", "following").stdout.strip() == "You follow nobody."
    refused = one_line(playhall(ada, "friends", "follow", ids["Bob"]))
    assert "does not accept you as a follower" in refused
    assert "Ada" in playhall(bob, "friends", "list", "blocked").stdout
    assert playhall(bob, "friends", "unblock", ids["Ada"]).returncode == 0
    assert playhall(bob, "friends", "list", "blocked").stdout.strip() == "You block nobody."
    assert "yourself" in one_line(playhall(ada, "friends", "block", ids["Ada"]))
    nobody = {**env, "PLAYHALL_CONFIG": str(tmp_path / "nobody.json")}
    assert "sign in" in one_line(playhall(nobody, "friends", "list")).lower()


@pytest.mark.timeout(120)
def test_a_bot_accounts_seat_is_marked_bot_in_the_terminal(stack, env, tmp_path):
    """Bob, a bot account, makes a turn-based match that Ada joins: Ada's terminal names his
    seat "Bob (bot)" (in her turns, or in whom the match waits on); Bob's names hers plain."""
    envs = {"Ada": env, "Bob": {**env, "PLAYHALL_CONFIG": str(tmp_path / "bob.json")}}
    for name, player_env in envs.items():
        assert playhall(player_env, "login", "--guest", name).returncode == 0
    bob = json.loads((tmp_path / "bob.json").read_text())["token"]
    with grpc.insecure_channel(stack.orchestrator.address) as channel:
        accounts = account_service_pb2_grpc.AccountServiceStub(channel)
        accounts.UpgradeToBot(apb.UpgradeToBotRequest(), metadata=bearer(bob), timeout=10)
    created = playhall(envs["Bob"], "play", "eynsteyn", "--open", "1", "--turn-based", "3")
    assert created.returncode == 0, created.stderr
    match_id = re.search(r"Match (\w+) created", created.stdout).group(1)
    assert playhall(envs["Ada"], "join", match_id).returncode == 0
    (mover,) = [name for name, player_env in envs.items() if my_turn(player_env)["count"]]

    def the_other_seat_as_seen_by(viewer: str) -> str:
        if viewer == mover:
            listed = playhall(envs[viewer], "games", "--my-turn").stdout
            return next(line for line in listed.splitlines() if match_id in line)
        return one_line(playhall(envs[viewer], "move", match_id, "--choice", "1"))

    assert "Bob (bot)" in the_other_seat_as_seen_by("Ada")
    seen_by_bob = the_other_seat_as_seen_by("Bob")
    assert "Ada" in seen_by_bob and "(bot)" not in seen_by_bob


@pytest.mark.timeout(180)
def test_a_match_played_in_german_says_everything_in_german(env):
    """`playhall --lang de play`: the creation, the board, the moves, the prompt, a number that
    is no move, and the results table (its heading with the title's German name, its columns,
    the outcome) in the words of the German catalogue; resigning ends the match against one bot
    at once."""
    terminal = Terminal(env, "--lang", "de", "play", "galileo", "--bots", "random", "--name", "Ada")
    try:
        assert terminal.read_until("angelegt; du hast Platz 0.")
        match_id = re.search(r"Partie (\w+) angelegt", terminal.text).group(1)
        assert terminal.read_until("Dein Zug")
        # The board as the rules service drew it in German, the moves by their German names.
        assert "Galileo Galilei, aus Sicht von Platz 0" in terminal.text, terminal.text
        assert "Deine Hand: W" in terminal.text, terminal.text
        assert re.search(
            r"Wissenschaftler \d+ wählen \((gelb|rot|blau|grün), Stärke \d\)", terminal.text
        )
        terminal.type("99")
        assert terminal.read_until("Es gibt keinen Zug 99: wähle 1 bis ")
        assert terminal.read_until("Dein Zug")
        terminal.type("resign")
        assert terminal.read_until("Du hast aufgegeben.")
        assert terminal.read_until(f"Galileo Galilei {match_id}: beendet")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()
    results = terminal.text.split(f"{match_id}: beendet")[-1]
    for word in ("Platz", "Spieler", "Punkte", "aufgegeben", "Sieger", "Ada"):
        assert word in results, (word, results)
    assert "seat" not in results and "winner" not in results and "resigned" not in results


@pytest.mark.timeout(120)
def test_the_lists_of_matches_and_a_move_read_in_german_and_refusals_come_back_in_german(
    env, tmp_path
):
    """`playhall --lang de games` and `games --my-turn` head their tables in German, the time
    left as German units, the count as a German sentence; `move` says what was played and who
    moves next in German; the server's refusal of a clock it does not offer is the gateway's
    German sentence (the client sends its language as accept-language)."""
    match_id, envs, mover, other = a_turn_based_match(env, tmp_path)
    running = playhall(envs[mover], "--lang", "de", "games")
    assert running.returncode == 0, running.stderr
    assert "Deine laufenden Partien" in running.stdout, running.stdout
    for column in ("Partie", "Spiel", "deine Plätze", "Version"):
        assert column in running.stdout, (column, running.stdout)
    assert "Einen Platz wieder einnehmen: playhall resume MATCH_ID" in running.stdout

    waiting = playhall(envs[mover], "--lang", "de", "games", "--my-turn")
    assert waiting.returncode == 0, waiting.stderr
    for column in ("Du bist dran", "Gegner", "Restzeit"):
        assert column in waiting.stdout, (column, waiting.stdout)
    row = next(line for line in waiting.stdout.splitlines() if match_id in line)
    assert "Eynsteyn" in row and other in row and "2 Tg., 23 Std." in row, row
    assert "1 Partie wartet auf dich. Spiel eine: playhall move MATCH_ID" in flat(waiting.stdout)

    moved = playhall(envs[mover], "--lang", "de", "move", match_id, "--choice", "1")
    assert moved.returncode == 0, moved.stderr
    said = flat(moved.stdout)
    assert "Du bist dran (Zeit für diesen Zug: noch 2 Tg., 23 Std.)" in said, said
    assert "Dein Zug: 1" in said and "Du hast " in said and " gespielt (Version " in said, said
    assert f"{other} am Zug (noch 2 Tg., 23 Std.)." in said, said

    refused = one_line(
        playhall(
            envs[mover], "--lang", "de", "play", "eynsteyn", "--turn-based", "1", "--bank", "2"
        )
    )
    assert "Wähle eine Uhr" in refused and "nicht beides" in refused, refused
    english = one_line(
        playhall(envs[mover], "play", "eynsteyn", "--turn-based", "1", "--bank", "2")
    )
    assert "not both" in english, english


@pytest.mark.timeout(120)
def test_a_persian_locale_lists_the_matches_waiting_in_persian(env, tmp_path):
    """With LANG=fa_IR.UTF-8 (no --lang) the client speaks Persian: the table of the matches
    waiting on the player heads its columns in Persian, writes the time left in Persian units
    and digits, and counts in a Persian sentence; the help of a command is Persian too."""
    match_id, envs, mover, other = a_turn_based_match(env, tmp_path)
    persian = {**envs[mover], "LANG": "fa_IR.UTF-8"}
    waiting = playhall(persian, "games", "--my-turn")
    assert waiting.returncode == 0, waiting.stderr
    for column in ("نوبت شماست", "بازی", "حریفان", "زمان باقی‌مانده"):
        assert column in waiting.stdout, (column, waiting.stdout)
    row = next(line for line in waiting.stdout.splitlines() if match_id in line)
    assert other in row and "۲ روز" in row and "۲۳ ساعت" in row, row
    assert "۱ بازی منتظر شماست" in waiting.stdout, waiting.stdout
    assert "match" not in waiting.stdout.replace("MATCH_ID", "").replace(match_id, "")
    helped = playhall(persian, "games", "--help")
    assert "بازی‌های در جریان شما" in helped.stdout, helped.stdout
