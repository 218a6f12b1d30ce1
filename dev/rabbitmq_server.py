"""A private RabbitMQ node for tests and benchmarks: Debian's `rabbitmq-server` (a system
package: `.ci/run` installs it when it runs as root), on a free loopback port, with its own
node name, data and log directories, Erlang cookie (HOME) and port mapper (epmd on a port of
its own), so that it shares nothing with a RabbitMQ the machine may run. No plugins.
Production points CELERY_BROKER_URL at its own RabbitMQ instead."""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from dev.embedded import EmbeddedServer, stop_process
from dev.process import free_ports

RABBITMQ_SERVER = "/usr/lib/rabbitmq/bin/rabbitmq-server"
VHOSTS = 8
"""Virtual hosts declared at boot (`fresh_url` hands them out in turn): a stack on one of them
shares no queue, exchange or worker node name with a stack on another."""


def password_hash(password: str) -> str:
    """RabbitMQ's stored form of a password (rabbit_password_hashing_sha256)."""
    salt = os.urandom(4)
    return base64.b64encode(salt + hashlib.sha256(salt + password.encode()).digest()).decode()


def rabbitmq_missing() -> str | None:
    """Why no private RabbitMQ can be started here (None when one can)."""
    server = RABBITMQ_SERVER if os.path.exists(RABBITMQ_SERVER) else shutil.which("rabbitmq-server")
    if server is None:
        return "rabbitmq-server is not installed (Debian: apt-get install rabbitmq-server)"
    if shutil.which("epmd") is None:
        return "epmd (Erlang) is not installed"
    return None


class EmbeddedRabbitMQ(EmbeddedServer):
    """A rabbitmq-server child process and its own epmd, both stopped by `close`. `kill`
    SIGKILLs the server's whole session (the Erlang VM and its helpers), as a crash would; its
    port, data (durable queues and their messages) and port mapper stay, so `start` brings the
    same node back at the same address."""

    STOP_TIMEOUT_S = 20.0
    POLL_S = 0.2
    WHOLE_SESSION = True

    def __init__(self) -> None:
        super().__init__(Path(tempfile.mkdtemp(prefix="playhall-rabbitmq-")), owns_dir=True)
        self.port, self.epmd_port, self.dist_port = free_ports(3)
        self.node = f"playhall{os.getpid()}x{self.port}@localhost"
        self.epmd: subprocess.Popen | None = None
        self._vhosts = itertools.cycle(range(VHOSTS))

    @property
    def url(self) -> str:
        return f"amqp://guest:guest@127.0.0.1:{self.port}//"

    def fresh_url(self) -> str:
        """The URL of the next of the `VHOSTS` virtual hosts."""
        return f"amqp://guest:guest@127.0.0.1:{self.port}/playhall-{next(self._vhosts)}"

    def _definitions(self) -> Path:
        vhosts = ["/", *(f"playhall-{n}" for n in range(VHOSTS))]
        definitions = {
            "users": [
                {
                    "name": "guest",
                    "password_hash": password_hash("guest"),
                    "hashing_algorithm": "rabbit_password_hashing_sha256",
                    "tags": ["administrator"],
                }
            ],
            "vhosts": [{"name": name} for name in vhosts],
            "permissions": [
                {"user": "guest", "vhost": name, "configure": ".*", "write": ".*", "read": ".*"}
                for name in vhosts
            ],
        }
        path = self.dir / "definitions.json"
        path.write_text(json.dumps(definitions))
        return path

    def env(self) -> dict[str, str]:
        (self.dir / "home").mkdir(exist_ok=True)
        plugins = self.dir / "enabled_plugins"
        plugins.write_text("[].\n")
        config = self.dir / "rabbitmq.conf"
        config.write_text(
            f"listeners.tcp.default = 127.0.0.1:{self.port}\n"
            "loopback_users.guest = true\n"
            # Tests fill a disk shared with other work: never block publishers on free space.
            "disk_free_limit.absolute = 1MB\n"
            f"load_definitions = {self._definitions()}\n"
        )
        return {
            **os.environ,
            "HOME": str(self.dir / "home"),
            "ERL_EPMD_PORT": str(self.epmd_port),
            "RABBITMQ_NODENAME": self.node,
            "RABBITMQ_NODE_IP_ADDRESS": "127.0.0.1",
            "RABBITMQ_NODE_PORT": str(self.port),
            "RABBITMQ_DIST_PORT": str(self.dist_port),
            "RABBITMQ_MNESIA_BASE": str(self.dir / "mnesia"),
            "RABBITMQ_LOG_BASE": str(self.dir / "log"),
            "RABBITMQ_PID_FILE": str(self.dir / "rabbitmq.pid"),
            "RABBITMQ_CONFIG_FILE": str(config.with_suffix("")),
            "RABBITMQ_ENABLED_PLUGINS_FILE": str(plugins),
            "RABBITMQ_PLUGINS_EXPAND_DIR": str(self.dir / "plugins"),
            "RABBITMQ_ADVANCED_CONFIG_FILE": str(self.dir / "advanced.config"),
        }

    def start(self, timeout: float = 60.0) -> EmbeddedRabbitMQ:
        missing = rabbitmq_missing()
        if missing:
            raise RuntimeError(missing)
        env = self.env()
        if self.epmd is None or self.epmd.poll() is not None:
            # A restart after `kill` finds its port mapper still running.
            self.epmd = subprocess.Popen(
                ["epmd", "-port", str(self.epmd_port), "-address", "127.0.0.1"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                cwd=self.dir,
            )
        server = RABBITMQ_SERVER if os.path.exists(RABBITMQ_SERVER) else "rabbitmq-server"
        with open(self.dir / "stdout.log", "wb") as out:
            self.proc = subprocess.Popen(
                [server],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                # Erlang writes its crash dumps to the working directory: its own, not the caller's.
                cwd=self.dir,
            )
        try:
            self.wait_ready(self._accepts_amqp, timeout, "stdout.log")
        except RuntimeError:
            self.close()
            raise
        return self

    def _accepts_amqp(self) -> bool:
        from kombu import Connection

        try:
            with Connection(self.url, connect_timeout=1) as connection:
                connection.ensure_connection(max_retries=0)
            return True
        except Exception:  # noqa: BLE001 (not up yet, whatever the error)
            return False

    def stop(self) -> None:
        super().stop()
        if self.epmd is not None:
            stop_process(self.epmd, signal.SIGTERM, self.STOP_TIMEOUT_S)
