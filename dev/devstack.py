"""`make run`: the whole backend on one machine, each service in its own process.

Starts Redis (a private embedded server unless REDIS_URL is set), PostgreSQL for the archive
(a private embedded server unless PLAYHALL_DATABASE_URL is set), one rules service per
registered title, the orchestrator, the archiver, the notifier (mailing to a local SMTP sink
that keeps each mail as a file), a bot worker and the browser gateway with the portal,
prints the endpoints and the portal's URL, and stays up until Ctrl-C or SIGTERM; then stops
everything it started, in reverse order. A service that dies meanwhile
is reported at once, with its last log lines, and started again on its ports (`Supervisor`);
one that keeps dying, or an embedded store that dies, stops the stack with the reason (exit
status 1).

Players sign in as guests: the stack generates the guest issuer's key pair when it starts, the
gateway signs guest tokens with the private key and the orchestrator trusts the public one
(issuer `playhall-guest`, audience `playhall`). A Web Push (VAPID) key pair is made likewise:
the notifier signs pushes with the private key, the portal subscribes browsers with the public.

Every port comes from a variable of its own, so two stacks can run side by side (0 picks a
free port; the gateway's default is 8080): PLAYHALL_RUN_GATEWAY_PORT,
PLAYHALL_RUN_GATEWAY_METRICS_PORT, PLAYHALL_RUN_ORCHESTRATOR_PORT,
PLAYHALL_RUN_ORCHESTRATOR_METRICS_PORT, PLAYHALL_RUN_WORKER_METRICS_PORT,
PLAYHALL_RUN_ARCHIVER_METRICS_PORT,
PLAYHALL_RUN_RULES_<TITLE>_PORT and PLAYHALL_RUN_RULES_<TITLE>_METRICS_PORT.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import secrets
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox

from dev.postgres_server import EmbeddedPostgres
from dev.process import (
    ServiceProcess,
    orchestrator_env,
    start_bot_worker,
    start_gateway,
    start_orchestrator,
    start_rules_service,
)
from dev.redis_server import EmbeddedRedis
from playhall.accounts.guests import new_signing_key
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE
from playhall.common.settings import SettingsError, env_bool
from playhall.core import title_ids
from playhall.notifications.push import new_keys

PORT_PREFIX = "PLAYHALL_RUN_"
SUPERVISE_INTERVAL_S = 0.5
GUEST_ISSUER = "playhall-guest"
"""The `iss` of the dev stack's guest tokens."""
AUDIENCE = "playhall"
ARCHIVE_DATABASE = "playhall"
"""The archive's database on the embedded PostgreSQL."""


def run_ports(titles: tuple[str, ...]) -> dict[str, int]:
    """The ports of `make run`, by component (`gateway`, `gateway_metrics`, `orchestrator`,
    `rules_galileo_metrics`, ...), from PLAYHALL_RUN_<COMPONENT>_PORT; the gateway's default
    is 8080, every other's 0 (a free port)."""
    names = ["gateway", "orchestrator", *(f"rules_{title}" for title in titles)]
    ports = {}
    extra = ["worker_metrics", "archiver_metrics", "notifier_metrics"]
    for name in [*names, *(f"{n}_metrics" for n in names), *extra]:
        variable = f"{PORT_PREFIX}{name.upper()}_PORT"
        raw = os.environ.get(variable, "").strip() or ("8080" if name == "gateway" else "0")
        if not raw.isdigit() or int(raw) > 65535:
            raise SettingsError(f"{variable} must be a port number, not {raw!r}")
        ports[name] = int(raw)
    return ports


class MailSink:
    """A local SMTP server that keeps every mail it receives in a Maildir (one file per mail
    in `dir`/new), for the notifier's mails to land in."""

    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="playhall-mail-"))
        for part in ("tmp", "new", "cur"):  # a Maildir (Mailbox makes one only where none is)
            (self.dir / part).mkdir()
        with socket.socket() as probe:  # a free port (aiosmtpd's Controller needs one named)
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.controller = Controller(Mailbox(self.dir), hostname="127.0.0.1", port=self.port)

    def start(self) -> MailSink:
        self.controller.start()
        return self

    @property
    def env(self) -> dict[str, str]:
        """The notifier's settings for mailing through it."""
        return {
            "PLAYHALL_SMTP_HOST": "127.0.0.1",
            "PLAYHALL_SMTP_PORT": str(self.port),
            "PLAYHALL_SMTP_STARTTLS": "0",
        }

    def close(self) -> None:
        self.controller.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def guest_env(keys: tuple[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The settings of the guest issuer with `keys` (private PEM, public PEM): the
    orchestrator's, which trust its tokens, and the gateway's, which sign them."""
    orchestrator = {
        "PLAYHALL_JWT_ISSUER": GUEST_ISSUER,
        "PLAYHALL_JWT_AUDIENCE": AUDIENCE,
        "PLAYHALL_JWT_PUBLIC_KEYS": keys[1],
    }
    gateway = {
        "PLAYHALL_GUEST_ISSUER": GUEST_ISSUER,
        "PLAYHALL_GUEST_AUDIENCE": AUDIENCE,
        "PLAYHALL_GUEST_SIGNING_KEY": keys[0],
    }
    return orchestrator, gateway


class Stack:
    """Redis, PostgreSQL, the rules services, the orchestrator, the archiver, the notifier and
    bot workers, started together."""

    def __init__(
        self,
        redis_url: str | None = None,
        database_url: str | None = None,
        titles: tuple[str, ...] | None = None,
        testing: bool = False,
        extra_env: dict[str, str] | None = None,
        ports: Mapping[str, int] | None = None,
        gateway: bool = False,
        guests: bool = True,
    ):
        """`ports`: by component as `run_ports` names them; missing ones are free ports.
        `guests`: the gateway signs guests in, with a key pair generated now, and the
        orchestrator trusts their tokens. `testing`: client-chosen seeds are accepted, and the
        published rate limits are off, the gateway's too (tests play through the API faster
        than any person, a browser test's pages faster on a faster machine; `extra_env` may
        turn them on)."""
        self.titles = titles or title_ids()
        self.ports = dict(ports or {})
        self.with_gateway = gateway
        self.gateway: ServiceProcess | None = None
        self.worker_credential = secrets.token_urlsafe(32)
        self.gateway_credential = secrets.token_urlsafe(32)
        self.guest_keys = new_signing_key() if guests else None
        """(private PEM, public PEM) of the guest issuer."""
        self.vapid_keys = new_keys()
        """(private, public) of Web Push: the notifier signs, the portal subscribes."""
        self.testing = testing
        self.extra_env = extra_env or {}
        self._redis_url = redis_url
        self.redis: EmbeddedRedis | None = None
        self._database_url = database_url
        self.postgres: EmbeddedPostgres | None = None
        self.archiver: ServiceProcess | None = None
        self.notifier: ServiceProcess | None = None
        self.mail: MailSink | None = None
        """The SMTP sink the notifier mails to (none where `extra_env` names a server)."""
        self.rules: dict[str, ServiceProcess] = {}
        self.orchestrator: ServiceProcess | None = None
        self.workers: list[ServiceProcess] = []
        self.worker_concurrency = 2

    @property
    def redis_url(self) -> str:
        return self._redis_url or self.redis.url

    @property
    def database_url(self) -> str:
        return self._database_url or self.postgres.database_url(ARCHIVE_DATABASE)

    @property
    def env(self) -> dict[str, str]:
        """What every Playhall process of this stack needs in its environment."""
        return orchestrator_env(
            self.redis_url,
            {title: service.address for title, service in self.rules.items()},
            self.worker_credential,
            self.testing,
            gateway_credential=self.gateway_credential,
            **self.player_token_env,
            **{
                "PLAYHALL_DATABASE_URL": self.database_url,
                "PLAYHALL_VAPID_PUBLIC_KEY": self.vapid_keys[1],
                **({"PLAYHALL_RATE_LIMITS": "0"} if self.testing else {}),
                **self.extra_env,
            },
        )

    @property
    def player_token_env(self) -> dict[str, str]:
        return guest_env(self.guest_keys)[0] if self.guest_keys else {}

    @property
    def gateway_env(self) -> dict[str, str]:
        """The gateway's settings: its credential, the guest issuer's, then `extra_env`."""
        return {
            "PLAYHALL_GATEWAY_CREDENTIAL": self.gateway_credential,
            **(guest_env(self.guest_keys)[1] if self.guest_keys else {}),
            **({"PLAYHALL_RATE_LIMITS": "0"} if self.testing else {}),
            **self.extra_env,
        }

    def start(self) -> Stack:
        try:
            if self._redis_url is None:
                self.redis = EmbeddedRedis(appendonly=True).start()
            if self._database_url is None:
                self.postgres = EmbeddedPostgres().start()
                self.postgres.create_database(ARCHIVE_DATABASE)
            for title in self.titles:
                self.rules[title] = self._launch(f"rules-{title}", *self._ports(f"rules_{title}"))
            self.orchestrator = self._launch("orchestrator", *self._ports("orchestrator"))
            self.archiver = self._launch("archiver", 0, self.ports.get("archiver_metrics", 0))
            if "PLAYHALL_SMTP_HOST" not in self.extra_env:
                self.mail = MailSink().start()
            self.notifier = self._launch("notifier", 0, self.ports.get("notifier_metrics", 0))
            self.start_worker()
            if self.with_gateway:
                self.gateway = self._launch("gateway", *self._ports("gateway"))
        except BaseException:
            self.stop()
            raise
        return self

    def start_worker(self, concurrency: int = 2) -> ServiceProcess:
        """A Celery bot worker on the live and batch queues, named `bots-<n>-<pid>@<host>`
        (`python -m playhall.bots.liveness --node` takes that name)."""
        metrics_port = 0 if self.workers else self.ports.get("worker_metrics", 0)
        self.worker_concurrency = concurrency
        worker = self._launch(f"bot-worker-{len(self.workers)}", 0, metrics_port)
        self.workers.append(worker)
        return worker

    def _ports(self, component: str) -> tuple[int, int]:
        return self.ports.get(component, 0), self.ports.get(f"{component}_metrics", 0)

    def _launch(self, name: str, port: int, metrics_port: int) -> ServiceProcess:
        """Starts the service `name` (as `services` names it) on the ports given."""
        if name.startswith("rules-"):
            title = name.removeprefix("rules-")
            return start_rules_service(title, self.extra_env, port, metrics_port)
        if name == "orchestrator":
            return start_orchestrator(self.env, port, metrics_port)
        if name == "archiver":
            env = {**self.env, "PLAYHALL_METRICS_PORT": str(metrics_port)}
            return ServiceProcess("playhall.archive.archiver", env=env)
        if name == "notifier":
            env = {**self.env, "PLAYHALL_METRICS_PORT": str(metrics_port)}
            env.setdefault("PLAYHALL_VAPID_PRIVATE_KEY", self.vapid_keys[0])
            env.setdefault("PLAYHALL_VAPID_SUBJECT", "mailto:playhall@example.com")
            env.update(self.mail.env if self.mail else {})
            if self.ports.get("gateway"):  # links in mails lead to this stack's portal
                env.setdefault("PLAYHALL_PORTAL_URL", f"http://127.0.0.1:{self.ports['gateway']}")
            return ServiceProcess("playhall.notifier", env=env)
        if name == "gateway":
            return start_gateway(self.orchestrator.address, self.gateway_env, port, metrics_port)
        number = int(name.removeprefix("bot-worker-"))
        env = {k: v for k, v in self.env.items() if k != "PLAYHALL_GATEWAY_CREDENTIAL"}
        return start_bot_worker(
            {**env, "PLAYHALL_ORCHESTRATOR": self.orchestrator.address},
            [LIVE_QUEUE, BATCH_QUEUE],
            self.worker_concurrency,
            node=f"bots-{number}-{os.getpid()}@%h",
            metrics_port=metrics_port,
        )

    def services(self) -> dict[str, ServiceProcess]:
        """The stack's service processes by name: rules-<title>, orchestrator, archiver,
        notifier, bot-worker-<n>, gateway."""
        found = {f"rules-{title}": service for title, service in self.rules.items()}
        found.update(orchestrator=self.orchestrator, archiver=self.archiver, notifier=self.notifier)
        found.update({f"bot-worker-{n}": worker for n, worker in enumerate(self.workers)})
        if self.gateway:
            found["gateway"] = self.gateway
        return {name: service for name, service in found.items() if service is not None}

    def restart(self, name: str) -> ServiceProcess:
        """Starts the service `name` again on the ports it had, so every address printed
        stays right (its old process is stopped first if it still runs)."""
        old = self.services()[name]
        old.kill()
        port = old.announcement.get("port", 0)
        service = self._launch(name, port, old.announcement.get("metrics_port", 0))
        if name.startswith("rules-"):
            self.rules[name.removeprefix("rules-")] = service
        elif name.startswith("bot-worker-"):
            self.workers[int(name.removeprefix("bot-worker-"))] = service
        else:
            setattr(self, name, service)
        return service

    def dead_store(self) -> str | None:
        """What is wrong when an embedded store of the stack has died: the matches and the
        archive live there, so the stack does not go on without it."""
        for what, server in (("Redis", self.redis), ("PostgreSQL", self.postgres)):
            if server is not None and server.proc is not None and server.proc.poll() is not None:
                return f"the embedded {what} exited (status {server.proc.returncode})"
        return None

    @property
    def portal_url(self) -> str:
        return f"http://127.0.0.1:{self.gateway.port}/"

    def stop(self) -> None:
        if self.gateway:
            self.gateway.terminate()
        for worker in self.workers:
            worker.terminate()
        if self.notifier:
            self.notifier.terminate()
        if self.mail:
            self.mail.close()
        if self.archiver:
            self.archiver.terminate()
        if self.orchestrator:
            self.orchestrator.terminate()
        for service in self.rules.values():
            service.terminate()
        if self.postgres:
            self.postgres.close()
        if self.redis:
            self.redis.close()

    def describe(self) -> Iterator[str]:
        """The banner of `make run`: a line per endpoint, the addresses in one column after
        the longest name (`rules-inventors`)."""
        rows = list(self._endpoints())
        width = max(len(name) for name, _ in rows) + 2
        for name, where in rows:
            yield f"{name:<{width}}{where}"

    def _endpoints(self) -> Iterator[tuple[str, str]]:
        if self.redis:
            yield "redis", f"{self.redis.url}  (embedded, AOF fsync always, {self.redis.dir})"
        else:
            yield "redis", self.redis_url
        if self.postgres:
            yield "postgresql", f"{self.database_url}  (embedded, {self.postgres.dir})"
        else:
            yield "postgresql", "PLAYHALL_DATABASE_URL (given)"
        for title, service in self.rules.items():
            yield (
                f"rules-{title}",
                f"127.0.0.1:{service.port}  metrics http://127.0.0.1:{service.metrics_port}/metrics",
            )
        yield (
            "orchestrator",
            f"127.0.0.1:{self.orchestrator.port}  "
            f"metrics http://127.0.0.1:{self.orchestrator.metrics_port}/metrics",
        )
        yield "archiver", f"metrics http://127.0.0.1:{self.archiver.metrics_port}/metrics"
        yield "notifier", f"metrics http://127.0.0.1:{self.notifier.metrics_port}/metrics"
        if self.mail:
            where = f"smtp://127.0.0.1:{self.mail.port}"
            yield "mail", f"{where}  (a sink: each mail it gets is a file in {self.mail.dir}/new)"
        for worker in self.workers:
            yield (
                "bot worker",
                f"queues {LIVE_QUEUE},{BATCH_QUEUE}  "
                f"metrics http://127.0.0.1:{worker.metrics_port}/metrics",
            )
        if self.gateway:
            yield (
                "gateway",
                f"127.0.0.1:{self.gateway.port} (Connect, gRPC-Web)  "
                f"metrics http://127.0.0.1:{self.gateway.metrics_port}/metrics",
            )
            yield "portal", self.portal_url

    def __enter__(self) -> Stack:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


RESTARTS_ALLOWED, RESTART_WINDOW_S = 3, 60.0
"""A service that dies more often than this within the window is not restarted again: the
stack stops, saying so, rather than restart a service that cannot stay up."""
LAST_LOG_LINES = 5


def exit_status(code: int) -> str:
    if code < 0:
        return f"killed by {signal.Signals(-code).name}"
    return f"exit status {code}"


class Supervisor:
    """Watches a running stack: each service that died is reported at once, with its last log
    lines, and started again on its ports; a store that died, or a service that keeps dying,
    is a reason to stop the stack."""

    def __init__(self, stack: Stack, say=print):
        self.stack = stack
        self.say = say
        self.deaths: dict[str, collections.deque[float]] = collections.defaultdict(
            collections.deque
        )

    def check(self) -> str | None:
        """Restarts what died since the last check; why the stack must stop, or None."""
        if (dead := self.stack.dead_store()) is not None:
            return dead
        for name, service in self.stack.services().items():
            code = service.proc.poll()
            if code is None:
                continue
            self.say(f"{name} died ({exit_status(code)}); its last log lines:")
            for line in service.log_lines[-LAST_LOG_LINES:]:
                self.say(f"    {line}")
            deaths = self.deaths[name]
            now = time.monotonic()
            deaths.append(now)
            while deaths and deaths[0] < now - RESTART_WINDOW_S:
                deaths.popleft()
            if len(deaths) > RESTARTS_ALLOWED:
                return f"{name} died {len(deaths)} times in {RESTART_WINDOW_S:.0f} s"
            try:
                self.stack.restart(name)
            except RuntimeError as error:
                return f"{name} could not be started again: {error}"
            self.say(f"{name} restarted on the same ports")
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dev.devstack",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.parse_args(argv)
    stopping = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.set())
    print("Starting Playhall ...", flush=True)
    testing = env_bool("PLAYHALL_TESTING")
    try:
        ports = run_ports(title_ids())
    except SettingsError as error:
        parser.exit(2, f"dev.devstack: {error}\n")
    redis_url = os.environ.get("REDIS_URL") or None
    database_url = os.environ.get("PLAYHALL_DATABASE_URL") or None
    with Stack(
        redis_url=redis_url,
        database_url=database_url,
        testing=testing,
        ports=ports,
        gateway=True,
    ) as stack:
        print("\n".join(stack.describe()))
        if testing:
            print(
                "testing mode: client-chosen seeds accepted for matches with people, no rate limits"
            )
        print(f"worker credential (for bot workers): {stack.worker_credential}")
        print(f"players sign in as guests (issuer {GUEST_ISSUER}, a key made for this run)")
        print(f"Open the portal: {stack.portal_url}")
        print("Press Ctrl-C to stop.", flush=True)
        supervisor = Supervisor(stack, lambda line: print(line, flush=True))
        failure = None
        with contextlib.suppress(KeyboardInterrupt):
            while failure is None and not stopping.wait(SUPERVISE_INTERVAL_S):
                failure = supervisor.check()
        if failure:
            print(f"\n{failure}: stopping the stack.", flush=True)
        else:
            print("\nStopping ...", flush=True)
    print("Stopped.")
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main())
