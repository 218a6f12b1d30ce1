"""The deployment files: docker-compose.yml against the Compose Specification's schema, the
kustomize base's probes, resources and hardening, and the Dockerfile's agreement with the
Makefile. No Docker engine or cluster is needed; the kustomize checks need `kubectl`."""

from __future__ import annotations

import functools
import itertools
import json
import re
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft7Validator

from playhall.bots.settings import WorkerSettings
from playhall.common.settings import variables
from playhall.core import title_ids
from playhall.gateway.settings import Settings as GatewaySettings
from playhall.orchestrator.settings import Settings as OrchestratorSettings
from playhall.rules_service.server import Settings as RulesSettings

REPO = Path(__file__).resolve().parents[2]
COMPOSE_SCHEMA = REPO / "tests/data/compose-spec.json"
DEPLOY = REPO / "deploy"
PLAYHALL_SETTING = re.compile(r"^(PLAYHALL_\w+|REDIS_URL)$")
MODULE_COMMAND = re.compile(r"^python -m (playhall(?:\.\w+)+)$")
TITLES = title_ids()
"""Every registered title is served like Galileo: a rules service of its own, which the
orchestrator reaches at `dns:///rules-<title>:50051`."""
RULES = tuple(f"rules-{title}" for title in TITLES)


def load_compose() -> dict:
    return yaml.safe_load((REPO / "docker-compose.yml").read_text())


@functools.cache
def service_sources() -> str:
    paths = (REPO / "services/playhall").rglob("*.py")
    return "\n".join(path.read_text() for path in paths if "/v1/" not in path.as_posix())


def read_by_services(name: str) -> bool:
    """Whether a service reads the setting `name` (PLAYHALL_RULES_<TITLE> for a known title)."""
    if name.startswith("PLAYHALL_RULES_"):
        title = name.removeprefix("PLAYHALL_RULES_").lower()
        return (REPO / "services/playhall/games" / title).is_dir()
    return name in SETTINGS_VARIABLES or f'"{name}"' in service_sources()


SETTINGS_VARIABLES = {
    name
    for cls in (OrchestratorSettings, RulesSettings, WorkerSettings, GatewaySettings)
    for name in variables(cls)
}
"""What the services' settings read (`common.settings` names them from their fields)."""


def runnable_module(command: list[str]) -> bool:
    match = MODULE_COMMAND.match(" ".join(command))
    if not match:
        return False
    return (REPO / "services" / match[1].replace(".", "/") / "__main__.py").is_file()


# docker-compose.yml


def test_compose_file_matches_the_compose_spec():
    schema = json.loads(COMPOSE_SCHEMA.read_text())
    Draft7Validator.check_schema(schema)
    errors = sorted(Draft7Validator(schema).iter_errors(load_compose()), key=lambda e: e.path)
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


def test_compose_wires_redis_rules_orchestrator_and_prometheus():
    services = load_compose()["services"]
    redis_command = " ".join(services["redis"]["command"])
    assert "--appendonly yes" in redis_command and "--appendfsync always" in redis_command
    assert any(v.endswith(":/data") for v in services["redis"]["volumes"])

    orchestrator = services["orchestrator"]
    env = orchestrator["environment"]
    assert env["REDIS_URL"] == "redis://redis:6379/0"
    for title in TITLES:
        assert env[f"PLAYHALL_RULES_{title.upper()}"] == f"dns:///rules-{title}:50051"
    assert env["PLAYHALL_WORKER_CREDENTIAL"].startswith("${PLAYHALL_WORKER_CREDENTIAL:?")
    assert {name: dep["condition"] for name, dep in orchestrator["depends_on"].items()} == {
        "redis": "service_healthy",
        **{f"rules-{title}": "service_healthy" for title in TITLES},
    }

    for name in (*RULES, "orchestrator"):
        service = services[name]
        assert runnable_module(service["command"]), service["command"]
        assert service["build"]["dockerfile"] == "deploy/Dockerfile"
        assert service["read_only"] is True and service["cap_drop"] == ["ALL"]
        assert service["healthcheck"]["test"][:3] == ["CMD", "python", "-c"]
        unread = [k for k in service["environment"] if not read_by_services(k)]
        assert not unread, f"{name} sets settings no service reads: {unread}"

    mounts = [v.split(":")[:2] for v in services["prometheus"]["volumes"]]
    assert ["./deploy/prometheus/prometheus.yml", "/etc/prometheus/prometheus.yml"] in mounts
    prometheus = yaml.safe_load((DEPLOY / "prometheus/prometheus.yml").read_text())
    scraped = {
        (name, sd["port"])
        for job in prometheus["scrape_configs"]
        for sd in job.get("dns_sd_configs", [])
        for name in sd["names"]
    }
    for name in (*RULES, "orchestrator"):
        assert (name, int(services[name]["environment"]["PLAYHALL_METRICS_PORT"])) in scraped


# deploy/k8s (kustomize)


@pytest.fixture(scope="module")
def manifests() -> list[dict]:
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        pytest.skip("kubectl is not on PATH; cannot render the kustomize base deploy/k8s")
    result = subprocess.run(
        [kubectl, "kustomize", str(DEPLOY / "k8s")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, f"kubectl kustomize deploy/k8s failed:\n{result.stderr}"
    return [doc for doc in yaml.safe_load_all(result.stdout) if doc]


def find(manifests: list[dict], kind: str, name: str) -> dict:
    matches = [m for m in manifests if m["kind"] == kind and m["metadata"]["name"] == name]
    assert len(matches) == 1, f"expected one {kind} {name}"
    return matches[0]


def workloads(manifests: list[dict]) -> list[dict]:
    return [m for m in manifests if m["kind"] in ("Deployment", "StatefulSet")]


def containers(workload: dict) -> list[dict]:
    pod = workload["spec"]["template"]["spec"]
    return pod.get("initContainers", []) + pod["containers"]


def env_of(container: dict) -> dict[str, dict]:
    return {e["name"]: e for e in container.get("env", [])}


def test_kustomize_renders_every_component(manifests):
    names = {(m["kind"], m["metadata"]["name"]) for m in manifests}
    assert {
        ("StatefulSet", "redis"),
        ("Service", "redis"),
        ("ConfigMap", "redis-config"),
        *(("Deployment", name) for name in RULES),
        *(("Service", name) for name in RULES),
        ("Deployment", "orchestrator"),
        ("Service", "orchestrator"),
        ("PodDisruptionBudget", "orchestrator"),
    } <= names
    for m in manifests:
        assert "namespace" not in m["metadata"], f"{m['kind']} {m['metadata']['name']}"
        assert m["metadata"]["labels"]["app.kubernetes.io/part-of"] == "playhall"


def test_every_container_is_probed_bounded_and_hardened(manifests):
    problems = []
    for workload in workloads(manifests):
        pod = workload["spec"]["template"]["spec"]
        pod_security = pod.get("securityContext", {})
        for container in containers(workload):
            where = f"{workload['kind']} {workload['metadata']['name']}/{container['name']}"
            for probe in ("readinessProbe", "livenessProbe"):
                if probe not in container:
                    problems.append(f"{where}: no {probe}")
            resources = container.get("resources", {})
            for bound in ("requests", "limits"):
                missing = {"cpu", "memory"} - set(resources.get(bound, {}))
                if missing:
                    problems.append(f"{where}: no {bound} for {sorted(missing)}")
            security = {**pod_security, **container.get("securityContext", {})}
            if security.get("runAsNonRoot") is not True or security.get("runAsUser") == 0:
                problems.append(f"{where}: may run as root")
            if security.get("readOnlyRootFilesystem") is not True:
                problems.append(f"{where}: writable root filesystem")
            if security.get("allowPrivilegeEscalation") is not False:
                problems.append(f"{where}: allows privilege escalation")
            if "ALL" not in security.get("capabilities", {}).get("drop", []):
                problems.append(f"{where}: keeps capabilities")
            if security.get("seccompProfile", {}).get("type") != "RuntimeDefault":
                problems.append(f"{where}: no RuntimeDefault seccomp profile")
    assert not problems, "\n".join(problems)


def test_playhall_pods_use_grpc_probes_metrics_annotations_and_outlast_their_grace(manifests):
    for name, port in (*((rules, 50051) for rules in RULES), ("orchestrator", 50050)):
        deployment = find(manifests, "Deployment", name)
        assert deployment["spec"]["replicas"] >= 2
        pod = deployment["spec"]["template"]
        (container,) = pod["spec"]["containers"]
        assert runnable_module(container["command"]), container["command"]
        assert container["image"].startswith("playhall:"), "the kustomization's images: tag"
        for probe in ("readinessProbe", "livenessProbe"):
            assert container[probe]["grpc"] == {"port": port}, f"{name} {probe}"
        ports = {p["name"]: p["containerPort"] for p in container["ports"]}
        env = env_of(container)
        assert ports["grpc"] == port == int(env["PLAYHALL_PORT"]["value"])
        assert ports["metrics"] == int(env["PLAYHALL_METRICS_PORT"]["value"])
        annotations = pod["metadata"]["annotations"]
        assert annotations["prometheus.io/scrape"] == "true"
        assert annotations["prometheus.io/port"] == str(ports["metrics"])
        grace = float(env["PLAYHALL_GRACE_SECONDS"]["value"])
        pre_stop = container.get("lifecycle", {}).get("preStop", {}).get("exec", {})
        pause = float(pre_stop["command"][1]) if pre_stop.get("command", [])[:1] == ["sleep"] else 0
        assert pod["spec"]["terminationGracePeriodSeconds"] > pause + grace, name
        unread = [k for k in env if PLAYHALL_SETTING.match(k) and not read_by_services(k)]
        assert not unread, f"{name} sets settings no service reads: {unread}"


@pytest.mark.parametrize("title", TITLES)
def test_rules_service_is_headless_and_the_orchestrator_resolves_every_replica(manifests, title):
    service = find(manifests, "Service", f"rules-{title}")
    assert service["spec"]["clusterIP"] == "None"
    pod = find(manifests, "Deployment", "orchestrator")["spec"]["template"]["spec"]
    (orchestrator,) = pod["containers"]
    target = env_of(orchestrator)[f"PLAYHALL_RULES_{title.upper()}"]["value"]
    assert target.startswith("dns:///"), target
    host, port = target.removeprefix("dns:///").rsplit(":", 1)
    assert host == f"rules-{title}"
    assert int(port) in {p["port"] for p in service["spec"]["ports"]}


def test_orchestrator_reaches_redis_and_takes_its_credential_from_a_secret(manifests):
    deployment = find(manifests, "Deployment", "orchestrator")
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    env = env_of(container)
    redis_port = find(manifests, "Service", "redis")["spec"]["ports"][0]["port"]
    assert env["REDIS_URL"]["value"] == f"redis://redis:{redis_port}/0"
    credential = env["PLAYHALL_WORKER_CREDENTIAL"]
    assert "value" not in credential
    assert credential["valueFrom"]["secretKeyRef"] == {
        "name": "playhall-worker",
        "key": "credential",
    }
    orchestrator_service = find(manifests, "Service", "orchestrator")
    assert orchestrator_service["spec"]["type"] == "ClusterIP"
    assert orchestrator_service["spec"]["ports"][0]["port"] == 50050
    budget = find(manifests, "PodDisruptionBudget", "orchestrator")
    assert (
        budget["spec"]["selector"]["matchLabels"] == deployment["spec"]["selector"]["matchLabels"]
    )


def test_no_secret_is_committed(manifests):
    for m in manifests:
        if m["kind"] == "Secret":
            assert not m.get("data") and not m.get("stringData"), m["metadata"]["name"]
    for workload in workloads(manifests):
        for container in containers(workload):
            for name, entry in env_of(container).items():
                if re.search("CREDENTIAL|PASSWORD|SECRET|TOKEN", name):
                    assert "value" not in entry, f"{name} is a literal in the manifests"


def test_redis_persists_every_write(manifests):
    statefulset = find(manifests, "StatefulSet", "redis")
    assert statefulset["spec"]["replicas"] == 1
    assert statefulset["spec"]["volumeClaimTemplates"][0]["metadata"]["name"] == "data"
    (container,) = statefulset["spec"]["template"]["spec"]["containers"]
    assert {"name": "data", "mountPath": "/data"} in container["volumeMounts"]
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["exec"]["command"] == ["redis-cli", "ping"]
    conf = find(manifests, "ConfigMap", "redis-config")["data"]["redis.conf"].splitlines()
    assert {"appendonly yes", "appendfsync always", "dir /data"} <= set(conf)


# deploy/Dockerfile


def logical_lines(text: str) -> list[str]:
    """Lines with backslash continuations joined, comments and blank lines dropped."""
    joined = re.sub(r"\\\n", " ", text)
    lines = (line.strip() for line in joined.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def protoc_command(lines: list[str]) -> tuple[list[str], str]:
    """The flags of the one protoc run in `lines`, and what follows them (the input files)."""
    (line,) = [line for line in lines if "grpc_tools.protoc" in line]
    after = line.split("grpc_tools.protoc", 1)[1].split()
    flags = list(itertools.takewhile(lambda token: token.startswith("-"), after))
    return flags, " ".join(after[len(flags) :])


def dockerfile_instructions() -> list[tuple[str, str]]:
    lines = logical_lines((DEPLOY / "Dockerfile").read_text())
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines]


def final_stage() -> list[tuple[str, str]]:
    instructions = dockerfile_instructions()
    start = max(i for i, (op, _) in enumerate(instructions) if op == "FROM")
    return instructions[start:]


def test_dockerfile_generates_the_code_as_the_makefile_does():
    make_lines = logical_lines((REPO / "Makefile").read_text())
    make_flags, make_inputs = protoc_command(make_lines)
    docker_flags, docker_inputs = protoc_command(
        [args for op, args in dockerfile_instructions() if op == "RUN"]
    )
    assert sorted(docker_flags) == sorted(make_flags)
    assert make_inputs == "$(PROTOS)"
    (protos,) = [line for line in make_lines if re.match(r"PROTOS\s*:?=", line)]
    find_command = re.search(r"\$\(shell (.+)\)\s*$", protos)[1]
    assert docker_inputs == f"$({find_command})"


def test_dockerfile_installs_the_code_generator_the_project_declares():
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    (declared,) = [
        d
        for d in pyproject["project"]["optional-dependencies"]["dev"]
        if d.startswith("grpcio-tools")
    ]
    runs = [shlex.split(args) for op, args in dockerfile_instructions() if op == "RUN"]
    assert any(["pip", "install", declared] == run[:3] for run in runs), declared


def test_dockerfile_is_multi_stage_on_python_slim_and_runs_as_a_numeric_non_root_user():
    instructions = dockerfile_instructions()
    args = dict(arg.split("=", 1) for op, arg in instructions if op == "ARG" and "=" in arg)
    bases = [
        re.sub(r"\$\{(\w+)\}", lambda m: args[m[1]], a.split()[0])
        for op, a in instructions
        if op == "FROM"
    ]
    assert len(bases) >= 2 and set(bases) == {"python:3.11-slim"}
    stage = final_stage()
    users = [arg for op, arg in stage if op == "USER"]
    assert users, "the final stage sets no USER"
    ids = users[-1].split(":")
    assert all(i.isdigit() and int(i) != 0 for i in ids), users[-1]
    (command,) = [json.loads(arg) for op, arg in stage if op == "CMD"]
    assert runnable_module(command), command
    assert not [arg for op, arg in stage if op == "ENTRYPOINT" and not arg.startswith("[")]


def dockerignored(path: str, patterns: list[str]) -> bool:
    """Docker's rule: the last pattern matching the path or one of its parent directories wins."""
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    ignored = False
    for pattern in patterns:
        body = pattern.removeprefix("!")
        regex = re.escape(body).replace(r"\*\*/", "(?:.*/)?").replace(r"\*", "[^/]*")
        if any(re.fullmatch(regex, prefix) for prefix in prefixes):
            ignored = not pattern.startswith("!")
    return ignored


def test_dockerignore_keeps_only_the_build_inputs():
    patterns = logical_lines((DEPLOY / "Dockerfile.dockerignore").read_text())
    for path in (
        ".venv/bin/python",
        ".git/HEAD",
        "bench/results/engine.json",
        ".pytest_cache/README.md",
        ".ruff_cache/CACHEDIR.TAG",
        "services/playhall/core/__pycache__/api.cpython-311.pyc",
        "services/playhall.egg-info/PKG-INFO",
        "services/playhall/rules/v1/rules_service_pb2.py",
        "tests/unit/test_deploy.py",
    ):
        assert dockerignored(path, patterns), f"{path} would be sent to the build"
    for path in (
        "pyproject.toml",
        "README.md",
        "protos/playhall/rules/v1/rules_service.proto",
        "services/playhall/core/api.py",
        "services/playhall/games/galileo/cards.json",
        "services/playhall/games/inventors/inventions.json",
    ):
        assert not dockerignored(path, patterns), f"{path} is missing from the build"


# every title


@pytest.mark.parametrize("title", title_ids())
def test_every_registered_title_is_served_like_galileo(title):
    """Each title has its rules service in docker-compose.yml, the kustomize base (a
    rules-<title>.yaml of its own) and Prometheus's scrape jobs, and the orchestrator's
    PLAYHALL_RULES_<TITLE> names it in both deployments."""
    name, setting = f"rules-{title}", f"PLAYHALL_RULES_{title.upper()}"
    target = f"dns:///{name}:50051"
    services = load_compose()["services"]
    assert services[name]["environment"]["PLAYHALL_GAME"] == title
    assert services[name]["command"] == services["rules-galileo"]["command"]
    assert services["orchestrator"]["environment"][setting] == target
    assert services["orchestrator"]["depends_on"][name]["condition"] == "service_healthy"
    kustomization = yaml.safe_load((DEPLOY / "k8s/kustomization.yaml").read_text())
    assert f"{name}.yaml" in kustomization["resources"]
    documents = list(yaml.safe_load_all((DEPLOY / f"k8s/{name}.yaml").read_text()))
    assert {(doc["kind"], doc["metadata"]["name"]) for doc in documents} == {
        ("Deployment", name),
        ("Service", name),
        ("PodDisruptionBudget", name),
    }
    deployment = next(doc for doc in documents if doc["kind"] == "Deployment")
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    assert env_of(container)["PLAYHALL_GAME"]["value"] == title
    orchestrator = next(yaml.safe_load_all((DEPLOY / "k8s/orchestrator.yaml").read_text()))
    (orchestrator_container,) = orchestrator["spec"]["template"]["spec"]["containers"]
    assert env_of(orchestrator_container)[setting]["value"] == target
    prometheus = yaml.safe_load((DEPLOY / "prometheus/prometheus.yml").read_text())
    jobs = {job["job_name"]: job for job in prometheus["scrape_configs"]}
    assert jobs[name]["dns_sd_configs"][0]["names"] == [name]


def test_gateway_is_probed_over_http_reaches_the_orchestrator_and_has_an_ingress(manifests):
    deployment = find(manifests, "Deployment", "gateway")
    assert deployment["spec"]["replicas"] >= 2
    pod = deployment["spec"]["template"]
    (container,) = pod["spec"]["containers"]
    assert runnable_module(container["command"]), container["command"]
    env = env_of(container)
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert ports["http"] == int(env["PLAYHALL_PORT"]["value"])
    assert pod["metadata"]["annotations"]["prometheus.io/port"] == str(ports["metrics"])
    assert container["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert container["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "http"}
    target = env["PLAYHALL_ORCHESTRATOR"]["value"].removeprefix("dns:///")
    host, port = target.rsplit(":", 1)
    orchestrator = find(manifests, "Service", host)
    assert int(port) in {p["port"] for p in orchestrator["spec"]["ports"]}
    unread = [k for k in env if PLAYHALL_SETTING.match(k) and not read_by_services(k)]
    assert not unread, f"gateway sets settings no service reads: {unread}"
    service = find(manifests, "Service", "gateway")
    ingress = find(manifests, "Ingress", "gateway")
    (rule,) = ingress["spec"]["rules"]
    (path,) = rule["http"]["paths"]
    backend = path["backend"]["service"]
    assert backend["name"] == "gateway"
    assert backend["port"]["name"] in {p["name"] for p in service["spec"]["ports"]}
    compose = load_compose()["services"]["gateway"]
    assert runnable_module(compose["command"])
    assert compose["environment"]["PLAYHALL_ORCHESTRATOR"] == "dns:///orchestrator:50050"
    assert not [k for k in compose["environment"] if not read_by_services(k)]
