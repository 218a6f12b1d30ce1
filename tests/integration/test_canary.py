"""The replay canary as an operator runs it (`python -m playhall.canary`, a process of its own)
on an archive filled for real (`dev/replays.py`): a few random matches of every registered
title and of the race title, played through an orchestrator and archived by the archiver.

The titles' own rules services replay every match as recorded. A race 1.1 that claims to be
compatible with 1.0 but scores a win by one as two is caught on exactly the matches won by a
one, and nothing else; a race 1.2 that refuses to raise eight by two, on exactly those won by a
two; 2.0, a new major, has no match of its own to replay. `make canary`
replays 200 matches of each title (`bench/canary.py`)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass

import pytest
from google.protobuf import wrappers_pb2

from dev import race_title
from dev.process import start_rules_service
from dev.replays import archiving, play_random_match, wait_archived
from playhall.archive import database
from playhall.core import get_game, title_ids
from tests.helpers import fresh_database

MATCHES_PER_TITLE = 2
RACES = 10


@dataclass
class Archive:
    url: str
    rules: dict[str, str]
    """Each title's rules service (the versions the matches were played on)."""
    played: dict[str, dict[str, list]]
    """By title, each archived match's moves by match id."""


@pytest.fixture(scope="module")
def archive(postgres_server):
    url = fresh_database(postgres_server)
    database.migrate(url)
    rng = random.Random(27)
    with ExitStack() as services, ThreadPoolExecutor() as pool:
        # Started at once: a process's start is most of what this module waits for.
        starting = {title: pool.submit(start_rules_service, title) for title in title_ids()}
        starting["race"] = pool.submit(race_title.start, "race/1.0")
        rules = {
            title: services.enter_context(started.result()).address
            for title, started in starting.items()
        }
        played: dict[str, dict[str, list]] = {}
        with archiving(url, rules) as client:
            for title in rules:
                info = get_game(title).info if title != "race" else race_title.RaceGame.info
                count = RACES if title == "race" else MATCHES_PER_TITLE
                played[title] = dict(
                    play_random_match(
                        client, title, rng.randint(info.min_players, info.max_players), rng
                    )
                    for _ in range(count)
                )
            wait_archived(url, {m for matches in played.values() for m in matches}, 60)
        yield Archive(url, rules, played)


def canary(rules: str, database_url: str, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "playhall.canary", "--rules", rules, "--database-url", database_url]
        + list(flags),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("title", [*title_ids(), "race"])
def test_every_archived_match_replays_as_recorded_on_its_own_rules(archive, title):
    ran = canary(archive.rules[title], archive.url, "--json")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    report = json.loads(ran.stdout)
    played = len(archive.played[title])
    assert (report["title"], report["archived"], report["replayed"]) == (title, played, played)
    assert report["differences"] == []


def test_a_minor_version_that_changes_scores_is_caught_on_exactly_the_matches_it_changes(
    archive,
):
    won_by_one = {
        match_id for match_id, moves in archive.played["race"].items() if added(moves[-1]) == 1
    }
    assert 0 < len(won_by_one) < RACES  # both kinds of ending were played
    with race_title.start("race/1.1") as careless:
        ran = canary(careless.address, archive.url, "--json")
        assert ran.returncode == 1, ran.stdout + ran.stderr
        report = json.loads(ran.stdout)
        assert (report["candidate"], report["replayed"]) == ("race/1.1", RACES)
        assert {d["match_id"] for d in report["differences"]} == won_by_one
        for difference in report["differences"]:
            moves = archive.played["race"][difference["match_id"]]
            assert difference["what"] == "scores"
            assert difference["change"] == len(moves)  # the winning move, the last change
            assert "1" in difference["recorded"] and "2" in difference["replayed"]

        table = canary(careless.address, archive.url, "--title", "race")
        assert table.returncode == 1
        assert f"{RACES} of {RACES} archived race matches" in table.stdout
        assert f"{len(won_by_one)} differ" in table.stdout
        assert all(match_id in table.stdout for match_id in won_by_one)


def test_a_minor_version_that_refuses_a_recorded_move_is_caught_on_exactly_its_matches(archive):
    won_by_two = {
        match_id for match_id, moves in archive.played["race"].items() if added(moves[-1]) == 2
    }
    with race_title.start("race/1.2") as stricter:
        ran = canary(stricter.address, archive.url, "--json")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    differences = json.loads(ran.stdout)["differences"]
    assert {d["match_id"] for d in differences} == won_by_two
    for difference in differences:
        assert difference["what"] == "move refused" and difference["recorded"] == "accepted"
        assert difference["replayed"].startswith("INVALID_ARGUMENT: ")
        assert difference["change"] == len(archive.played["race"][difference["match_id"]])


def added(move) -> int:
    """The number a race move adds."""
    number = wrappers_pb2.Int32Value()
    move.Unpack(number)
    return number.value


def test_a_new_major_has_nothing_of_its_own_to_replay(archive):
    with race_title.start("race/2.0") as upgrade:
        ran = canary(upgrade.address, archive.url)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "Replayed 0 of 0 archived race matches of race/2 on race/2.0" in ran.stdout
    assert "Nothing to compare" in ran.stdout


def test_the_canary_refuses_to_run_rather_than_pass_without_comparing(archive):
    wrong_title = canary(archive.rules["galileo"], archive.url, "--title", "race")
    assert wrong_title.returncode == 2
    assert "serves 'galileo', not 'race'" in wrong_title.stderr
    nobody = canary("127.0.0.1:1", archive.url, "--timeout-s", "0.5")
    assert nobody.returncode == 2 and "no rules service answers at 127.0.0.1:1" in nobody.stderr
    none = canary(archive.rules["race"], archive.url, "--matches", "0")
    assert none.returncode == 2 and "--matches and --timeout-s must be positive" in none.stderr
    missing = archive.url.replace("/test_", "/missing_test_")
    no_archive = canary(archive.rules["race"], missing)
    assert no_archive.returncode == 2 and "the archive cannot be read" in no_archive.stderr
