"""`python -m playhall.players.migrate`: upgrades the archive at PLAYHALL_DATABASE_URL to the
newest schema and exits (a Kubernetes Job runs it before a rollout; every service that uses the
database also runs it at start, which is then a no-op)."""

from __future__ import annotations

import argparse
import logging

from playhall.common import logs
from playhall.common.settings import SettingsError, env_str
from playhall.players.database import current_revision, migrate

log = logging.getLogger("playhall.players.migrate")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m playhall.players.migrate",
        description="Upgrade the archive's schema at PLAYHALL_DATABASE_URL to the newest revision.",
    )
    parser.add_argument("--revision", default="head", help="the revision to upgrade to")
    args = parser.parse_args(argv)
    try:
        url = env_str("PLAYHALL_DATABASE_URL")
    except SettingsError as error:
        parser.exit(2, f"playhall.players.migrate: {error}\n")
    logs.configure("migrate", "INFO")
    migrate(url, args.revision)
    log.info("migrated", extra={"revision": current_revision(url)})


if __name__ == "__main__":
    main()
