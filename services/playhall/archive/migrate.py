"""`python -m playhall.archive.migrate`: upgrades the archive at PLAYHALL_DATABASE_URL to the
newest schema and exits (a Kubernetes Job runs it before a rollout; every service that uses the
database also runs it at start, which is then a no-op). With `--wait SECONDS` it changes
nothing: it waits until the schema is at the newest revision this code knows, or one it does
not know (a newer release migrated it), and fails if that takes longer; the prod overlay's
pods run it before they start, while the Job migrates."""

from __future__ import annotations

import argparse
import logging
import time

import sqlalchemy
from alembic.script import ScriptDirectory
from alembic.util import CommandError

from playhall.archive.database import alembic_config, current_revision, head_revision, migrate
from playhall.common import logs
from playhall.common.settings import SettingsError, env_str

log = logging.getLogger("playhall.archive.migrate")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.archive.migrate",
        description="Upgrade the archive's schema at PLAYHALL_DATABASE_URL to the newest revision.",
    )
    parser.add_argument("--revision", default="head", help="the revision to upgrade to")
    parser.add_argument(
        "--wait",
        type=float,
        metavar="SECONDS",
        help="migrate nothing: wait up to SECONDS for the schema to be current (exit 1 if not)",
    )
    args = parser.parse_args(argv)
    try:
        url = env_str("PLAYHALL_DATABASE_URL")
    except SettingsError as error:
        parser.exit(2, f"playhall.archive.migrate: {error}\n")
    logs.configure("migrate", "INFO")
    if args.wait is not None:
        parser.exit(0 if wait_until_current(url, args.wait) else 1)
    migrate(url, args.revision)
    log.info("migrated", extra={"revision": current_revision(url)})


def is_current(revision: str | None) -> bool:
    """Whether a database at `revision` has every table and column this code reads: at the
    newest revision it knows, or at one it does not know (a newer release's, which migrations
    only ever add to)."""
    if revision is None:
        return False
    try:
        ScriptDirectory.from_config(alembic_config("")).get_revision(revision)
    except CommandError:
        return True
    return revision == head_revision()


def wait_until_current(url: str, timeout_s: float, interval_s: float = 1.0) -> bool:
    """Waits until the database at `url` answers with a current schema; False after
    `timeout_s` without."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            revision = current_revision(url)
        except sqlalchemy.exc.OperationalError as error:
            revision, reason = None, f"unreachable: {error.orig}"
        else:
            reason = f"at revision {revision}, not {head_revision()}"
        if is_current(revision):
            log.info("schema current", extra={"revision": revision})
            return True
        if time.monotonic() >= deadline:
            log.error("schema not current", extra={"reason": reason})
            return False
        log.info("waiting for the schema", extra={"reason": reason})
        time.sleep(interval_s)


if __name__ == "__main__":
    main()
