"""What the embedded servers (`redis_server`, `postgres_server`, `rabbitmq_server`) do alike: a
child process in a directory of its own, waited for until it answers, stopped gracefully and
killed if it will not stop, its directory removed if it was made for it, and a context manager
that cleans up after a start that failed half way."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Self


class Embedded:
    """Something started in a directory `dir` of its own (removed by `close` when `owns_dir`):
    `start` and `stop` are the subclass's; a with block closes it, a failed start too."""

    def __init__(self, directory: Path, owns_dir: bool):
        self.dir = directory
        self.owns_dir = owns_dir

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Stops it and removes its directory if it was made for it."""
        self.stop()
        if self.owns_dir:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> Self:
        try:
            return self.start()
        except BaseException:
            self.close()
            raise

    def __exit__(self, *exc) -> None:
        self.close()


class EmbeddedServer(Embedded):
    """A server child process `proc`. Subclasses start `proc` in `start` and wait for it with
    `wait_ready`."""

    STOP_SIGNAL = signal.SIGTERM
    """What `stop` sends first."""
    STOP_TIMEOUT_S = 10.0
    """How long `stop` waits for the server to exit before it kills it."""
    POLL_S = 0.02
    """How often `wait_ready` asks (longer for a server each question costs more of)."""
    WHOLE_SESSION = False
    """Whether signals go to the child's whole session (started with start_new_session), for a
    server whose helpers must go with it."""

    def __init__(self, directory: Path, owns_dir: bool):
        super().__init__(directory, owns_dir)
        self.proc: subprocess.Popen | None = None

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def wait_ready(self, answers: Callable[[], bool], timeout: float, log: str) -> None:
        """Until `answers()`; past `timeout` seconds, or if the server exits first, a
        RuntimeError with the end of its log file `log` (in its directory)."""
        deadline = time.monotonic() + timeout
        while not answers():
            if not self.alive() or time.monotonic() > deadline:
                path = self.dir / log
                tail = path.read_text(errors="replace")[-2000:] if path.exists() else ""
                raise RuntimeError(f"{type(self).__name__} did not start in {self.dir}:\n{tail}")
            time.sleep(self.POLL_S)

    def kill(self) -> None:
        """SIGKILL: what a crash looks like; the directory stays, so `start` can bring the same
        server back."""
        if self.proc is not None and self.alive():
            _signal(self.proc, signal.SIGKILL, self.WHOLE_SESSION)
            self.proc.wait()
            if self.WHOLE_SESSION:
                _wait_gone(self.proc.pid)

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc, self.STOP_SIGNAL, self.STOP_TIMEOUT_S, self.WHOLE_SESSION)


def stop_process(
    proc: subprocess.Popen, sig: int, timeout: float, whole_session: bool = False
) -> None:
    """Sends `sig` to a running `proc` (to its whole session if `whole_session`) and waits
    for it to exit; SIGKILL after `timeout` seconds."""
    if proc.poll() is not None:
        return
    _signal(proc, sig, whole_session)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        _signal(proc, signal.SIGKILL, whole_session)
        proc.wait()


def _signal(proc: subprocess.Popen, sig: int, whole_session: bool) -> None:
    if whole_session:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)


def _wait_gone(session: int, timeout: float = 5.0) -> None:
    """Waits (up to `timeout` seconds) until no process of the session is left."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(session, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)
