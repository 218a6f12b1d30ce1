"""A private PostgreSQL server for demos, `make run` and tests, like `redis_server`: the
PostgreSQL 16 binaries the `pgserver` wheel ships (else Debian's `postgresql`), a cluster of its
own in a temporary directory, reached on a unix socket there (no port to race for), always shut
down. Production points PLAYHALL_DATABASE_URL at a real deployment instead.

PostgreSQL refuses to run as root. Started by root (CI, containers), the server runs as the
unprivileged `nobody` instead: its directory is handed to that user, and when the binaries
cannot be reached by it (a virtualenv under a private home) they are copied once to a shared
cache first."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

import psycopg

from dev.embedded import EmbeddedServer

SUPERUSER = "postgres"
UNPRIVILEGED_USER = "nobody"
"""Who runs the server when the caller is root."""


def postgres_install() -> Path:
    """The directory holding bin/ lib/ share/ of a PostgreSQL: pgserver's (a dev
    dependency), else the newest of Debian's."""
    # Found, not imported: importing pgserver sets up its own server manager, unused here.
    spec = importlib.util.find_spec("pgserver")
    if spec is not None and spec.submodule_search_locations:
        return Path(spec.submodule_search_locations[0]) / "pginstall"
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"))
    if debian:
        return debian[-1].parent.parent
    raise RuntimeError(
        "no PostgreSQL: run `make install` (it brings pgserver) or install Debian's postgresql"
    )


class EmbeddedPostgres(EmbeddedServer):
    """A postgres child process with a fresh cluster whose superuser `postgres` needs no
    password on its socket. `durable=False` turns fsync off: for tests, which never kill the
    database itself, it saves the disk's time. `stop` is a fast shutdown (SIGINT): open
    sessions are ended rather than waited for."""

    STOP_SIGNAL = signal.SIGINT
    STOP_TIMEOUT_S = 20.0
    POLL_S = 0.05
    WHOLE_SESSION = True
    """`kill` takes the backends with the postmaster: a backend that outlives its postmaster
    holds the shared memory a moment longer, and a postmaster started again meanwhile refuses
    to run ("pre-existing shared memory block is still in use")."""

    def __init__(self, directory: str | None = None, durable: bool = True, port: int = 0):
        """`port`: also listen on 127.0.0.1:`port` over TCP (0: the unix socket only)."""
        super().__init__(
            Path(directory or tempfile.mkdtemp(prefix="playhall-postgres-")), directory is None
        )
        self.data = self.dir / "data"
        self.durable = durable
        self.port = port
        self.user = UNPRIVILEGED_USER if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        """The URL of the `postgres` database (a libpq URL; psycopg takes it as it is)."""
        return self.database_url("postgres")

    def database_url(self, name: str) -> str:
        """The URL of database `name` on the unix socket (whose name carries the port)."""
        return f"postgresql://{SUPERUSER}@/{name}?host={self.dir}&port={self.port or 5432}"

    def start(self, timeout: float = 30.0) -> EmbeddedPostgres:
        binaries = _reachable_install(self.user) / "bin"
        self.dir.mkdir(parents=True, exist_ok=True)
        if self.user is not None:
            account = pwd.getpwnam(self.user)
            os.chown(self.dir, account.pw_uid, account.pw_gid)
        if not (self.data / "PG_VERSION").exists():
            self._run(
                [
                    str(binaries / "initdb"),
                    "-D",
                    str(self.data),
                    "-U",
                    SUPERUSER,
                    "--auth=trust",
                    "--encoding=UTF8",
                    "--locale=C",
                    "--no-sync",
                ]
            )
        args = [
            str(binaries / "postgres"),
            "-D",
            str(self.data),
            "-k",
            str(self.dir),
            "-h",
            "127.0.0.1" if self.port else "",
            "-p",
            str(self.port or 5432),
            "-c",
            f"fsync={'on' if self.durable else 'off'}",
            "-c",
            "max_connections=200",
        ]
        with open(self.dir / "postgres.log", "ab") as log:
            self.proc = subprocess.Popen(
                args,
                stdout=log,
                stderr=log,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                **self._as_user(),
            )
        self.wait_ready(self._answers, timeout, "postgres.log")
        return self

    def _as_user(self) -> dict:
        """Popen's arguments that run a child as the unprivileged user (none when not root)."""
        if self.user is None:
            return {}
        account = pwd.getpwnam(self.user)
        return {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}

    def _run(self, args: list[str]) -> None:
        done = subprocess.run(args, capture_output=True, text=True, **self._as_user())
        if done.returncode:
            raise RuntimeError(f"{Path(args[0]).name} failed in {self.dir}:\n{done.stderr}")

    def _answers(self) -> bool:
        try:
            psycopg.connect(self.url, connect_timeout=2).close()
        except psycopg.OperationalError:
            return False
        return True

    def create_database(self, name: str) -> str:
        """A new, empty database; returns its URL."""
        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.database_url(name)


def _reachable_install(user: str | None) -> Path:
    """The PostgreSQL install, or, when `user` cannot run its binaries where they are, a copy
    of it in a cache directory every user can read (made once per install). The copy keeps
    the wheel's layout: its binaries find their libraries at `../../../pgserver.libs`."""
    install = postgres_install()
    if user is None or _runs_as(install / "bin" / "postgres", user):
        return install
    root = install.parent.parent
    tag = hashlib.sha256(str(install).encode()).hexdigest()[:12]
    cache = Path(tempfile.gettempdir()) / f"playhall-pginstall-{tag}"
    if not (cache / "done").exists():
        staging = Path(tempfile.mkdtemp(prefix="playhall-pginstall-"))
        parts = [install / part for part in ("bin", "lib", "share")] + [root / "pgserver.libs"]
        for part in parts:
            if part.exists():
                shutil.copytree(part, staging / part.relative_to(root), symlinks=True)
        (staging / "done").touch()
        for directory in [staging, *staging.rglob("*")]:
            if directory.is_dir():
                directory.chmod(0o755)
        try:
            staging.rename(cache)
        except OSError:  # another process made the same copy first
            shutil.rmtree(staging, ignore_errors=True)
    return cache / install.relative_to(root)


def _runs_as(binary: Path, user: str) -> bool:
    account = pwd.getpwnam(user)
    try:
        done = subprocess.run(
            [str(binary), "--version"],
            capture_output=True,
            user=account.pw_uid,
            group=account.pw_gid,
            extra_groups=[],
        )
    except PermissionError:
        return False
    return done.returncode == 0
