"""The manifests run: the dev overlay rendered by `kubectl kustomize`, each Deployment's
container started here with the command, arguments and environment the manifests give it, its
declared probes run the way the kubelet runs them, then one bot match of every registered title
played through that stack.

What a cluster would provide is stood in for, and nothing else:
- each pod's network namespace: every declared containerPort gets a free loopback port, and an
  environment value that is one of the pod's containerPorts names that loopback port instead;
  the gRPC servers listen on 127.0.0.1 (PLAYHALL_HOST, PLAYHALL_METRICS_HOST);
- cluster DNS: a Service's `name:port` (or its `name.<namespace>.svc.cluster.local:port`) in an
  environment value becomes the loopback address of the port its targetPort names on the pod
  it selects (one replica each in dev);
- Secrets: each secretKeyRef gets a test value (an optional one without a test value is left
  unset, as the kubelet leaves it when its Secret is missing); emptyDir mounts become
  temporary directories;
- the Redis StatefulSet: the embedded Redis the tests use (dev.redis_server) on the
  loopback port its Service maps to; the PostgreSQL StatefulSet likewise, the embedded
  PostgreSQL (dev.postgres_server) with the manifests' user and database;
- the image: `python` is this interpreter, other commands come from its virtualenv;
- the Job controller and the kubelet's init containers: every pod's init containers start
  first, then each Job's container runs to success, then each pod's init containers must end
  with success and its container starts (the pods that wait for the Job's migrations must still
  be waiting when it starts).
Probes: startup first, then readiness until it passes, each with its timeoutSeconds; periods and
initial delays are shortened to at most PROBE_PERIOD_CAP_S so that the test is quick (a kubelet
would wait the worker's 30 s between readiness probes). gRPC probes call the standard health
service, exec probes run their command in the container's environment. Once every pod is ready,
every liveness probe must pass too. Bots play at level random; every title's match is played to
its end (the longest, Eynsteyn, takes a few hundred moves: about 270 changes in 2.5 s),
unless it passes MAX_VERSIONS."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import psycopg
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from deploy import prometheus_rules as k8s
from dev.postgres_server import EmbeddedPostgres
from dev.process import LOOPBACK, free_ports
from dev.redis_server import EmbeddedRedis
from playhall.accounts.guests import new_signing_key
from playhall.core import get_game, title_ids
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient
from playhall.tournament.v1 import tournament_service_pb2 as tpb
from playhall.tournament.v1 import tournament_service_pb2_grpc
from tests.helpers import wait_until

pytestmark = pytest.mark.timeout(180)

GUEST_KEYS = new_signing_key()
SECRETS = {
    ("playhall-worker", "credential"): "k8s-manifests-test-credential",
    ("playhall-gateway", "credential"): "k8s-manifests-test-gateway-credential",
    ("playhall-guest-issuer", "private.pem"): GUEST_KEYS[0],
    ("playhall-guest-issuer", "public.pem"): GUEST_KEYS[1],
    ("playhall-database", "password"): "k8s-manifests-test-password",
    ("playhall-database", "url"): "postgresql://playhall@postgres:5432/playhall",
}
"""The test value of every Secret key the dev overlay references."""
PROBE_PERIOD_CAP_S = 0.5
READY_WITHIN_S = 60.0
MATCH_TIMEOUT_S = 60.0
MAX_VERSIONS = 600
"""A match still running after this many changes counts as played (none gets there today)."""
CLEARED_ENV = re.compile(r"^(PLAYHALL_\w+|REDIS_URL|CELERY_BROKER_URL|OTEL_\w+)$")
"""This process's own settings, which must not leak into the pods: theirs are the manifests'."""


def executable(name: str) -> str:
    """`python` is this interpreter; other commands come from its virtualenv, else PATH."""
    if name == "python":
        return sys.executable
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    assert found, f"{name}: not in the virtualenv nor on PATH"
    return found


@dataclass
class Pod:
    """One replica of a workload: its container spec and what stands for the pod's network
    namespace (containerPort -> loopback port) and volumes (mountPath -> directory)."""

    name: str
    labels: dict
    container: dict
    ports: dict[int, int]
    port_names: dict[str, int]
    init: list[dict] = field(default_factory=list)
    mounts: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    proc: subprocess.Popen | None = None
    log: Path | None = None

    def local(self, port: int | str) -> int:
        """The loopback port standing for a containerPort (by number or name)."""
        number = self.port_names[port] if isinstance(port, str) else port
        return self.ports[number]

    def logs(self) -> str:
        return self.log.read_text()[-4000:] if self.log and self.log.exists() else ""


class Cluster:
    """The dev overlay's objects, run on this machine."""

    def __init__(self, objects: list[dict], workdir: Path):
        self.objects = objects
        self.workdir = workdir
        namespaces = {o["metadata"].get("namespace") for o in objects}
        assert len(namespaces) == 1, namespaces
        self.namespace = namespaces.pop()
        self.pods: dict[str, Pod] = {}
        self.jobs: dict[str, Pod] = {}
        handed: list[int] = []
        for workload in objects:
            if workload["kind"] not in ("Deployment", "StatefulSet", "Job"):
                continue
            template = workload["spec"]["template"]
            (container,) = template["spec"]["containers"]
            declared = {p["containerPort"]: p.get("name") for p in container.get("ports", [])}
            into = self.jobs if workload["kind"] == "Job" else self.pods
            ports = dict(zip(declared, free_ports(len(declared), taken=handed), strict=True))
            handed += ports.values()
            into[workload["metadata"]["name"]] = Pod(
                name=workload["metadata"]["name"],
                labels=template["metadata"]["labels"],
                container=container,
                ports=ports,
                port_names={name: number for number, name in declared.items() if name},
                init=template["spec"].get("initContainers", []),
            )
        self.addresses = self._service_addresses()
        self.redis: EmbeddedRedis | None = None
        self.postgres: EmbeddedPostgres | None = None
        self.processes: list[subprocess.Popen] = []

    def _service_addresses(self) -> dict[str, str]:
        """`service:port` (and the Service's full DNS name) -> 127.0.0.1:<loopback port>."""
        addresses = {}
        for service in (o for o in self.objects if o["kind"] == "Service"):
            selector = service["spec"]["selector"]
            selected = [pod for pod in self.pods.values() if selector.items() <= pod.labels.items()]
            assert len(selected) == 1, f"Service {service['metadata']['name']} selects {selected}"
            (pod,) = selected
            name = service["metadata"]["name"]
            for port in service["spec"]["ports"]:
                local = f"127.0.0.1:{pod.local(port.get('targetPort', port['port']))}"
                addresses[f"{name}:{port['port']}"] = local
                addresses[f"{name}.{self.namespace}.svc.cluster.local:{port['port']}"] = local
        return addresses

    def resolve(self, pod: Pod, value: str) -> str:
        """An environment value as the pod would see it, in terms of this machine."""
        if value.isdigit() and int(value) in pod.ports:
            return str(pod.ports[int(value)])
        for address in sorted(self.addresses, key=len, reverse=True):
            value = re.sub(
                rf"(?<![\w.-]){re.escape(address)}(?!\d)", self.addresses[address], value
            )
        for mount, directory in pod.mounts.items():
            if value == mount or value.startswith(mount.rstrip("/") + "/"):
                value = directory + value[len(mount.rstrip("/")) :]
        return value

    def environment(self, pod: Pod, container: dict | None = None) -> dict[str, str]:
        container = container or pod.container
        env = {}
        for source in container.get("envFrom", []):
            (config_map,) = [
                o
                for o in self.objects
                if o["kind"] == "ConfigMap"
                and o["metadata"]["name"] == source["configMapRef"]["name"]
            ]
            env |= {name: self.resolve(pod, value) for name, value in config_map["data"].items()}
        for entry in container.get("env", []):
            if "value" in entry:
                env[entry["name"]] = self.resolve(pod, entry["value"])
            else:
                ref = entry["valueFrom"]["secretKeyRef"]
                key = (ref["name"], ref["key"])
                if key not in SECRETS and ref.get("optional"):
                    continue  # no such Secret here: the kubelet leaves the variable unset
                assert key in SECRETS, f"{pod.name}: no test value for the Secret key {key}"
                env[entry["name"]] = self.resolve(pod, SECRETS[key])
        return env

    def command(self, pod: Pod, argv: list[str]) -> list[str]:
        return [executable(argv[0]), *(self.resolve(pod, arg) for arg in argv[1:])]

    def start(self) -> None:
        redis = self.pods.pop("redis")
        self.redis = EmbeddedRedis(appendonly=True, port=redis.local("redis")).start()
        postgres = self.pods.pop("postgres")
        self.postgres = EmbeddedPostgres(durable=False, port=postgres.local("postgres")).start()
        with psycopg.connect(self.postgres.url, autocommit=True) as connection:
            connection.execute("CREATE ROLE playhall LOGIN SUPERUSER")
            connection.execute("CREATE DATABASE playhall OWNER playhall")
        base = {k: v for k, v in os.environ.items() if not CLEARED_ENV.match(k)}
        for pod in self.pods.values():
            volumes = {
                v["name"]: v
                for v in self._template(pod.name)["spec"].get("volumes", [])
                if "emptyDir" in v
            }
            for mount in pod.container.get("volumeMounts", []):
                if mount["name"] in volumes:
                    directory = self.workdir / pod.name / mount["name"]
                    directory.mkdir(parents=True)
                    pod.mounts[mount["mountPath"]] = str(directory)
        waiting = {
            (pod.name, init["name"]): self.run(pod, init, base)
            for pod in self.pods.values()
            for init in pod.init
        }
        for job in self.jobs.values():
            assert all(proc.poll() is None for proc in waiting.values()), (
                f"init containers ended before the Job {job.name} started: {waiting}"
            )
            done = self.run(job, job.container, base)
            assert done.wait(READY_WITHIN_S) == 0, f"Job {job.name} failed:\n{job.logs()}"
        for (name, init), proc in waiting.items():
            pod = self.pods[name]
            assert proc.wait(READY_WITHIN_S) == 0, f"{name}'s {init} failed:\n{pod.logs()}"
        for pod in self.pods.values():
            pod.proc = self.run(pod, pod.container, base)

    def run(self, pod: Pod, container: dict, base: dict[str, str]) -> subprocess.Popen:
        """Starts one container of a pod (its log appended to the pod's)."""
        pod.env = {**base, **LOOPBACK, **self.environment(pod, container)}
        argv = container.get("command", []) + container.get("args", [])
        pod.log = self.workdir / f"{pod.name}.log"
        with pod.log.open("a") as log:
            proc = subprocess.Popen(
                self.command(pod, argv),
                env=pod.env,
                cwd=self.workdir,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.processes.append(proc)
        return proc

    def _template(self, name: str) -> dict:
        (workload,) = [
            o
            for o in self.objects
            if o["kind"] in ("Deployment", "StatefulSet") and o["metadata"]["name"] == name
        ]
        return workload["spec"]["template"]

    def probe(self, pod: Pod, probe: dict) -> bool:
        """One run of a probe, as the kubelet makes it; True when it passes."""
        timeout = probe.get("timeoutSeconds", 1)
        if "grpc" in probe:
            target = f"127.0.0.1:{pod.local(probe['grpc']['port'])}"
            with grpc.insecure_channel(target) as channel:
                request = health_pb2.HealthCheckRequest(service=probe["grpc"].get("service", ""))
                try:
                    reply = health_pb2_grpc.HealthStub(channel).Check(request, timeout=timeout)
                except grpc.RpcError:
                    return False
            return reply.status == health_pb2.HealthCheckResponse.SERVING
        if "exec" in probe:
            try:
                done = subprocess.run(
                    self.command(pod, probe["exec"]["command"]),
                    env=pod.env,
                    cwd=self.workdir,
                    capture_output=True,
                    timeout=timeout,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                return False
            return done.returncode == 0
        if "httpGet" in probe:
            get = probe["httpGet"]
            url = f"http://127.0.0.1:{pod.local(get['port'])}{get.get('path', '/')}"
            try:
                with urllib.request.urlopen(url, timeout=timeout) as response:
                    return 200 <= response.status < 400
            except OSError:  # refused, timed out, or an HTTP error status
                return False
        raise AssertionError(f"{pod.name}: a probe this test cannot run: {probe}")

    def wait_until_ready(self, deadline: float) -> None:
        """Startup probe until it passes, then readiness until it passes, for every pod."""
        waiting = {
            name: [p for p in ("startupProbe", "readinessProbe") if p in pod.container]
            for name, pod in self.pods.items()
        }
        next_run = {
            name: time.monotonic()
            + min(pod.container.get(waiting[name][0], {}).get("initialDelaySeconds", 0), 1)
            for name, pod in self.pods.items()
            if waiting[name]
        }
        while any(waiting.values()):
            for name, pod in self.pods.items():
                if pod.proc.poll() is not None:
                    pytest.fail(f"{name} exited ({pod.proc.returncode}):\n{pod.logs()}")
                if not waiting[name] or time.monotonic() < next_run[name]:
                    continue
                probe = pod.container[waiting[name][0]]
                if self.probe(pod, probe):
                    waiting[name].pop(0)
                period = min(probe.get("periodSeconds", 10), PROBE_PERIOD_CAP_S)
                next_run[name] = time.monotonic() + period
            if time.monotonic() > deadline:
                late = {name: probes for name, probes in waiting.items() if probes}
                logs = "\n".join(f"--- {n}\n{self.pods[n].logs()}" for n in late)
                pytest.fail(f"not ready within {READY_WITHIN_S} s: {late}\n{logs}")
            time.sleep(0.05)

    def stop(self) -> None:
        for proc in reversed(self.processes):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.processes:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        if self.redis:
            self.redis.close()
        if self.postgres:
            self.postgres.close()


@pytest.fixture(scope="module")
def cluster():
    if k8s.kubectl() is None:
        pytest.skip("kubectl is not on PATH; cannot render deploy/k8s/overlays/dev")
    objects = copy.deepcopy(k8s.render(k8s.OVERLAYS["dev"]))
    with tempfile.TemporaryDirectory(prefix="playhall-k8s-") as workdir:
        running = Cluster(objects, Path(workdir))
        try:
            running.start()
            running.wait_until_ready(time.monotonic() + READY_WITHIN_S)
            yield running
        finally:
            running.stop()


def test_the_dev_overlay_runs_and_plays_a_bot_match_of_every_title(cluster):
    assert set(cluster.pods) == {
        "orchestrator",
        "bot-worker",
        "bot-worker-batch",
        "gateway",
        "archiver",
        "notifier",
        *(f"rules-{title}" for title in title_ids()),
    }
    for name, pod in cluster.pods.items():
        assert cluster.probe(pod, pod.container["livenessProbe"]), f"{name} liveness"
    # The notifier is ready (Redis and PostgreSQL answer it) and exports its outbox.
    notifier = cluster.pods["notifier"]
    assert cluster.probe(notifier, notifier.container["readinessProbe"]), "notifier readiness"
    url = f"http://127.0.0.1:{notifier.local('metrics')}/metrics"
    with urllib.request.urlopen(url, timeout=10) as response:
        assert re.search(r"^playhall_notice_outbox ", response.read().decode(), re.M)
    # The gateway is ready only while its orchestrator answers SERVING.
    gateway = cluster.pods["gateway"]
    assert cluster.probe(gateway, gateway.container["readinessProbe"]), "gateway readiness"
    with grpc.insecure_channel(cluster.addresses["orchestrator:50050"]) as channel:
        lobby = MatchClient(channel, timeout_s=10)
        served = {game.title_id for game in lobby.list_games()}
        assert served == set(title_ids())
        finished: list[str] = []
        for title in title_ids():
            players = get_game(title).info.min_players
            seats = [
                mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot_level=mpb.BOT_LEVEL_RANDOM)
                for _ in range(players)
            ]
            match_id = lobby.create(title, seats).match.match_id
            finished.append(match_id)
            started = time.monotonic()
            versions = []
            for change in lobby.watch(match_id, after_version=0, timeout_s=MATCH_TIMEOUT_S):
                versions.append(change.version)
                if change.phase == mpb.MATCH_PHASE_FINISHED or len(versions) >= MAX_VERSIONS:
                    break
            summary = lobby.get(match_id).match
            where = f"{title}: {len(versions)} changes in {time.monotonic() - started:.1f} s"
            if len(versions) < MAX_VERSIONS:
                assert summary.phase == mpb.MATCH_PHASE_FINISHED, where
                # Played out (a draw has no winners): not resigned, abandoned or timed out.
                assert summary.end_reason == mpb.END_REASON_GAME_OVER, where
            assert versions == list(range(versions[0], versions[0] + len(versions))), where
    # The archiver took every finished match to the archive (the stand-in PostgreSQL).
    ended = [m for m in finished if lobby_phase(cluster, m) == mpb.MATCH_PHASE_FINISHED]

    def archived() -> bool:
        with psycopg.connect(cluster.postgres.database_url("playhall")) as connection:
            query = "SELECT count(*) FROM matches WHERE match_id = ANY(%s)"
            return connection.execute(query, (ended,)).fetchone()[0] == len(ended)

    assert ended
    wait_until(archived, 30, "every finished match in the archive")


def test_the_dev_overlays_guests_sign_in_at_the_gateway_and_play_at_the_orchestrator(cluster):
    """The guest issuer's two halves meet: the gateway signs with the Secret's private key, the
    orchestrator trusts its public key."""
    base = f"http://{cluster.addresses['gateway:80']}"
    request = urllib.request.Request(
        f"{base}/playhall.players.v1.GuestService/SignInGuest",
        json.dumps({"displayName": "Kube Guest"}).encode(),
        {"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        token = json.loads(response.read())["token"]
    with grpc.insecure_channel(cluster.addresses["orchestrator:50050"]) as channel:
        created = MatchClient(channel, token, timeout_s=10).create(
            "galileo",
            [mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN), mpb.SeatSpec(kind=mpb.SEAT_KIND_OPEN)],
        )
    assert created.match.seats[0].display_name == "Kube Guest"
    assert created.match.seats[0].player_id


def lobby_phase(cluster: Cluster, match_id: str) -> int:
    with grpc.insecure_channel(cluster.addresses["orchestrator:50050"]) as channel:
        return MatchClient(channel, timeout_s=10).get(match_id).match.phase


def tasks_played(pod: Pod) -> float:
    """The play_turn tasks a worker pod has finished, from its metrics port."""
    url = f"http://127.0.0.1:{pod.local('metrics')}/metrics"
    with urllib.request.urlopen(url, timeout=10) as response:
        text = response.read().decode()
    found = re.findall(r'^playhall_bot_tasks_total\{outcome="(\w+)"\} (\S+)$', text, re.M)
    return sum(float(value) for outcome, value in found if outcome not in ("retried", "failed"))


def test_the_dev_overlays_batch_workers_play_a_bot_tournament_and_the_live_ones_do_not(cluster):
    """A tournament's bot-only games go to bots.batch: the bot-worker-batch pod plays them, the
    live pod's count stays where it was."""
    live, batch = cluster.pods["bot-worker"], cluster.pods["bot-worker-batch"]
    live_before, batch_before = tasks_played(live), tasks_played(batch)
    operator = (("authorization", f"Bearer {SECRETS[('playhall-worker', 'credential')]}"),)
    with grpc.insecure_channel(cluster.addresses["orchestrator:50050"]) as channel:
        service = tournament_service_pb2_grpc.TournamentServiceStub(channel)
        created = service.CreateTournament(
            tpb.CreateTournamentRequest(
                name="Batch pool",
                title_id="galileo",
                format=tpb.TOURNAMENT_FORMAT_ROUND_ROBIN,
                entrants=[tpb.Entrant(bot_level=mpb.BOT_LEVEL_RANDOM) for _ in range(2)],
                clock=mpb.Clock(seconds_per_turn=30, on_timeout=mpb.TIMEOUT_ACTION_BOT_MOVE),
            ),
            metadata=operator,
            timeout=10,
        ).tournament
        final = None
        for update in service.WatchStandings(
            tpb.WatchStandingsRequest(tournament_id=created.tournament_id),
            timeout=MATCH_TIMEOUT_S,
        ):
            final = update.tournament
            if final.phase == tpb.TOURNAMENT_PHASE_FINISHED:
                break
    assert final is not None and final.phase == tpb.TOURNAMENT_PHASE_FINISHED
    assert tasks_played(batch) > batch_before, batch.logs()
    assert tasks_played(live) == live_before
