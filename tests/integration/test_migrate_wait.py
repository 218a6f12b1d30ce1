"""`python -m playhall.archive.migrate --wait SECONDS`, the init container of the pods that use
the archive (deploy/k8s/base/migrate.yaml): against the session's real PostgreSQL, it waits
while the schema is missing or older, ends once the migration (the Job's command) is done,
accepts a newer release's revision, and fails when its time is up or the database is out of
reach, migrating nothing itself."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import psycopg

from playhall.archive import database

WAIT = [sys.executable, "-m", "playhall.archive.migrate", "--wait"]


def run(url: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "PLAYHALL_DATABASE_URL": url}
    return subprocess.run(
        [*WAIT, *args], env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def test_the_wait_ends_once_the_migration_is_done_and_migrates_nothing(empty_database):
    env = {**os.environ, "PLAYHALL_DATABASE_URL": empty_database}
    waiting = subprocess.Popen(
        [*WAIT, "60"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        deadline = time.monotonic() + 30
        while "waiting for the schema" not in (line := waiting.stdout.readline()):
            assert line and time.monotonic() < deadline, "the wait never looked"
        assert waiting.poll() is None
        assert database.current_revision(empty_database) is None, "the wait migrated"
        migrated = subprocess.run(
            [sys.executable, "-m", "playhall.archive.migrate"], env=env, timeout=60, check=False
        )
        assert migrated.returncode == 0
        assert waiting.wait(30) == 0
    finally:
        waiting.kill()
        waiting.wait()
    assert database.current_revision(empty_database) == database.head_revision()


def test_the_wait_fails_when_its_time_is_up(empty_database):
    done = run(empty_database, "1")
    assert done.returncode == 1, done.stderr
    assert "schema not current" in done.stderr
    assert database.current_revision(empty_database) is None


def test_the_wait_fails_on_a_database_out_of_reach():
    done = run("postgresql://playhall@127.0.0.1:1/playhall?connect_timeout=1", "1")
    assert done.returncode == 1
    assert "unreachable" in done.stderr


def test_a_newer_releases_revision_is_current(database_url):
    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'from_a_newer_release'")
    done = run(database_url, "5")
    assert done.returncode == 0, done.stderr
