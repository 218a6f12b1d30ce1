"""The embedded servers' shared process handling (`dev.embedded`), on real child
processes: a server that ignores its stop signal is killed, and a start that fails half way
leaves neither process nor directory behind."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from dev.embedded import EmbeddedServer, stop_process

IGNORES_SIGTERM = (
    "import signal, sys, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "print('ready', flush=True)\n"
    "time.sleep(60)\n"
)


def test_a_process_that_ignores_its_stop_signal_is_killed_after_the_timeout():
    proc = subprocess.Popen([sys.executable, "-c", IGNORES_SIGTERM], stdout=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
    stop_process(proc, signal.SIGTERM, timeout=0.2)
    assert proc.returncode == -signal.SIGKILL


class NeverAnswers(EmbeddedServer):
    """A server whose process runs but never answers."""

    def start(self) -> NeverAnswers:
        self.proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        (self.dir / "server.log").write_text("still booting\n")
        self.wait_ready(lambda: False, 0.2, "server.log")
        return self


def test_a_failed_start_in_a_with_block_stops_the_process_and_removes_its_directory(tmp_path):
    server = NeverAnswers(tmp_path / "server", owns_dir=True)
    server.dir.mkdir()
    with pytest.raises(RuntimeError, match="still booting"), server:
        pass
    assert server.proc is not None and server.proc.returncode is not None
    assert not Path(server.dir).exists()
