"""The deployment files: docker-compose.yml against the Compose Specification's schema; the
kustomize base and its overlays (dev, prod) rendered, validated (kubernetes-validate --strict,
the vendored CRDs of KEDA and Prometheus-Operator), their probes, resources, hardening,
autoscalers, budgets and NetworkPolicies, every registered title deployed everywhere; and the
Dockerfile's agreement with the Makefile. No Docker engine or cluster is needed; the kustomize
checks need `kubectl` (tests/integration/test_k8s_manifests.py runs the dev overlay)."""

from __future__ import annotations

import copy
import functools
import itertools
import json
import re
import shlex
import shutil
import tomllib
import urllib.parse
from pathlib import Path

import kubernetes_validate
import pytest
import yaml
from jsonschema import Draft7Validator

from deploy import prometheus_rules as k8s
from deploy import titles as deploy_titles
from playhall.accounts.tokens import TokenSettings
from playhall.bots.settings import WorkerSettings
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE, celery_broker_url
from playhall.common.settings import variables
from playhall.core import title_ids
from playhall.gateway.settings import Settings as GatewaySettings
from playhall.notifier.settings import NotifierProcessSettings
from playhall.orchestrator.settings import Settings as OrchestratorSettings
from playhall.rules_service.server import Settings as RulesSettings

REPO = Path(__file__).resolve().parents[2]
COMPOSE_SCHEMA = REPO / "tests/data/compose-spec.json"
DEPLOY = REPO / "deploy"
PLAYHALL_SETTING = re.compile(r"^(PLAYHALL_\w+|REDIS_URL)$")
MODULE_COMMAND = re.compile(r"^python -m (playhall(?:\.\w+)+)$")
CRDS = REPO / "tests/data/crds"
TITLES = title_ids()
"""Every registered title is served like Galileo: a rules service of its own, which the
orchestrator reaches at `dns:///rules-<title>:50051`."""
RULES = tuple(f"rules-{title}" for title in TITLES)
WORKER_POOLS = {"bot-worker": LIVE_QUEUE, "bot-worker-batch": BATCH_QUEUE}
"""Each bot queue's worker pool (a Compose service, a Deployment): separate pods, so a live turn
never waits behind tournament (batch) work."""


def consumed_queues(command: list[str]) -> list[str]:
    """The queues a `celery worker` command consumes (-Q/--queues); [] for any other command."""
    if command[:1] != ["celery"] or "worker" not in command:
        return []
    for i, arg in enumerate(command):
        if arg in ("-Q", "--queues"):
            return command[i + 1].split(",")
        if arg.startswith("--queues="):
            return arg.split("=", 1)[1].split(",")
    return []


def without_queue(command: list[str]) -> list[str]:
    """A worker command with its queue name left out, to compare the two pools' commands."""
    return [arg for arg in command if arg not in WORKER_POOLS.values()]


COMPOSE = REPO / "docker-compose.yml"


def compose_files() -> list[Path]:
    """docker-compose.yml and the files it includes (none: every service stands in it, so a
    reader or a tool that does not follow `include` sees them all)."""
    main = yaml.safe_load(COMPOSE.read_text())
    assert "include" not in main, "docker-compose.yml holds every service itself"
    return [COMPOSE]


def env_file(path: Path) -> dict[str, str]:
    """A Compose env_file: NAME=value lines; blank and # lines skipped."""
    lines = [line for line in path.read_text().splitlines() if line and not line.startswith("#")]
    return dict(line.split("=", 1) for line in lines)


def load_compose() -> dict:
    """The services of docker-compose.yml and of the files it includes, as Compose resolves
    them: each env_file's variables under the service's `environment` (which wins), relative
    to the file that names it."""
    services = {}
    for path in compose_files():
        for name, service in yaml.safe_load(path.read_text())["services"].items():
            assert name not in services, f"{name} is defined twice"
            files = service.get("env_file", [])
            files = [files] if isinstance(files, str) else files
            loaded = {}
            for file in files:
                loaded |= env_file(path.parent / file)
            service["environment"] = {**loaded, **service.get("environment", {})}
            services[name] = service
    return {"services": services}


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
    for cls in (
        OrchestratorSettings,
        TokenSettings,
        RulesSettings,
        WorkerSettings,
        GatewaySettings,
        NotifierProcessSettings,
    )
    for name in variables(cls)
}
"""What the services' settings read (`common.settings` names them from their fields)."""


def runnable_module(command: list[str]) -> bool:
    match = MODULE_COMMAND.match(" ".join(command))
    if not match:
        return False
    module = REPO / "services" / match[1].replace(".", "/")
    return (module / "__main__.py").is_file() or module.with_suffix(".py").is_file()


# docker-compose.yml


@pytest.mark.parametrize("path", compose_files(), ids=lambda path: path.name)
def test_compose_file_matches_the_compose_spec(path):
    schema = json.loads(COMPOSE_SCHEMA.read_text())
    Draft7Validator.check_schema(schema)
    document = yaml.safe_load(path.read_text())
    errors = sorted(Draft7Validator(schema).iter_errors(document), key=lambda e: e.path)
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
    # The gateway and the orchestrator share one credential, and the orchestrator counts
    # spectators by the addresses the gateway forwards: no per-address limit is raised for it.
    gateway_credential = "${PLAYHALL_GATEWAY_CREDENTIAL:?"
    assert env["PLAYHALL_GATEWAY_CREDENTIAL"].startswith(gateway_credential)
    assert services["gateway"]["environment"]["PLAYHALL_GATEWAY_CREDENTIAL"].startswith(
        gateway_credential
    )
    assert "PLAYHALL_MAX_ANONYMOUS_WATCH_STREAMS_PER_ADDRESS" not in env
    # The one-shot `rules` ends once every rules service is healthy.
    assert {name: dep["condition"] for name, dep in orchestrator["depends_on"].items()} == {
        "redis": "service_healthy",
        "postgres": "service_healthy",
        "rules": "service_completed_successfully",
    }
    assert {name: dep["condition"] for name, dep in services["rules"]["depends_on"].items()} == {
        name: "service_healthy" for name in RULES
    }
    assert services["rules"]["restart"] == "no"
    # The orchestrator reads archived matches from the archive the archiver writes.
    archiver = services["archiver"]
    assert runnable_module(archiver["command"]), archiver["command"]
    database_url = archiver["environment"]["PLAYHALL_DATABASE_URL"]
    assert env["PLAYHALL_DATABASE_URL"] == database_url and "@postgres:5432/" in database_url
    assert archiver["environment"]["REDIS_URL"] == env["REDIS_URL"]
    # The notifier reads the notice outbox in the same Redis and files the inbox in the same
    # database; every setting it is given is one it reads.
    notifier = services["notifier"]
    assert runnable_module(notifier["command"]), notifier["command"]
    assert notifier["environment"]["PLAYHALL_DATABASE_URL"] == database_url
    assert notifier["environment"]["REDIS_URL"] == env["REDIS_URL"]
    assert notifier["read_only"] is True and notifier["cap_drop"] == ["ALL"]
    assert set(notifier["environment"]) <= set(variables(NotifierProcessSettings))

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
    for name in (*RULES, "orchestrator", "archiver", "notifier", *WORKER_POOLS):
        assert (name, int(services[name]["environment"]["PLAYHALL_METRICS_PORT"])) in scraped


def test_compose_runs_a_worker_pool_of_its_own_for_each_bot_queue():
    services = load_compose()["services"]
    consumers: dict[str, list[str]] = {}
    for name, service in services.items():
        for queue in consumed_queues(service.get("command", [])):
            consumers.setdefault(queue, []).append(name)
    assert consumers == {queue: [pool] for pool, queue in WORKER_POOLS.items()}
    # The batch pool is the live one but for its queue: same image, settings and healthcheck.
    live, batch = (copy.deepcopy(services[pool]) for pool in WORKER_POOLS)
    for service in (live, batch):
        assert service["healthcheck"]["test"][1:4] == ["python", "-m", "playhall.bots.liveness"]
        service["command"] = without_queue(service["command"])
    assert live == batch


# deploy/k8s (kustomize: the base and its overlays)


@functools.cache
def _rendered(name: str) -> tuple[dict, ...]:
    return tuple(k8s.render(k8s.KUSTOMIZATIONS[name]))


def rendered(name: str) -> list[dict]:
    """The objects of a kustomization (base, dev, prod), rendered once per session; skips the
    test without kubectl."""
    if k8s.kubectl() is None:
        pytest.skip("kubectl is not on PATH; cannot render the kustomizations of deploy/k8s")
    return [copy.deepcopy(m) for m in _rendered(name)]


@pytest.fixture(scope="module")
def manifests() -> list[dict]:
    return rendered("base")


@pytest.fixture(params=list(k8s.KUSTOMIZATIONS), scope="module")
def kustomization(request) -> tuple[str, list[dict]]:
    """Every kustomization in turn: its name and its objects."""
    return request.param, rendered(request.param)


def find(manifests: list[dict], kind: str, name: str) -> dict:
    matches = [m for m in manifests if m["kind"] == kind and m["metadata"]["name"] == name]
    assert len(matches) == 1, f"expected one {kind} {name}"
    return matches[0]


def kinds(manifests: list[dict], kind: str) -> list[dict]:
    return [m for m in manifests if m["kind"] == kind]


def workloads(manifests: list[dict]) -> list[dict]:
    return [m for m in manifests if m["kind"] in ("Deployment", "StatefulSet")]


def containers(workload: dict) -> list[dict]:
    pod = workload["spec"]["template"]["spec"]
    return pod.get("initContainers", []) + pod["containers"]


def only_container(manifests: list[dict], name: str) -> dict:
    """A Deployment's one container, the entries of the ConfigMaps its envFrom names added to
    its env as the kubelet adds them (an env entry of the same name wins)."""
    (container,) = find(manifests, "Deployment", name)["spec"]["template"]["spec"]["containers"]
    container = copy.deepcopy(container)
    listed = {entry["name"] for entry in container.get("env", [])}
    for source in container.pop("envFrom", []):
        data = find(manifests, "ConfigMap", source["configMapRef"]["name"])["data"]
        container.setdefault("env", []).extend(
            {"name": key, "value": value} for key, value in data.items() if key not in listed
        )
    return container


def env_of(container: dict) -> dict[str, dict]:
    return {e["name"]: e for e in container.get("env", [])}


def namespace_of(manifests: list[dict]) -> str:
    """The namespace the objects go to: the overlay's, or `playhall` for the base (which sets
    none; deploy/README.md applies it with -n playhall)."""
    spaces = {m["metadata"].get("namespace", "playhall") for m in manifests}
    assert len(spaces) == 1, spaces
    return spaces.pop()


def test_the_base_lists_one_file_per_component_and_make_k8s_renders_it():
    listed = yaml.safe_load((k8s.BASE / "kustomization.yaml").read_text())["resources"]
    assert sorted(listed) == sorted(
        p.name for p in k8s.BASE.glob("*.yaml") if p.stem != "kustomization"
    )
    strays = list((DEPLOY / "k8s").glob("rules-*.yaml"))
    assert not strays, f"move {strays} into deploy/k8s/base/ (git mv) and list it there"
    (recipe,) = [
        line
        for line in logical_lines((REPO / "Makefile").read_text())
        if "kubectl kustomize" in line
    ]
    assert recipe.split()[-1] in ("deploy/k8s/base", "deploy/k8s/overlays/dev")
    assert set(k8s.OVERLAYS) == {"dev", "prod"}


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
        ("Deployment", "notifier"),
        ("PodDisruptionBudget", "notifier"),
        ("NetworkPolicy", "notifier"),
    } <= names
    for m in manifests:
        assert "namespace" not in m["metadata"], f"{m['kind']} {m['metadata']['name']}"
        assert m["metadata"]["labels"]["app.kubernetes.io/part-of"] == "playhall"


def crd_schema(kind: str) -> dict:
    """The OpenAPI schema of a vendored CRD's served version (tests/data/crds), strict: an
    object with properties refuses others unless the schema keeps unknown fields."""
    for path in CRDS.glob("*.yaml"):
        crd = yaml.safe_load(path.read_text())
        if crd["spec"]["names"]["kind"] == kind:
            (version,) = [v for v in crd["spec"]["versions"] if v.get("storage")]
            return _strict(version["schema"]["openAPIV3Schema"])
    raise AssertionError(f"no CRD for {kind} in {CRDS}")


def _strict(schema):
    if isinstance(schema, list):
        return [_strict(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    schema = {key: _strict(value) for key, value in schema.items()}
    if (
        "properties" in schema
        and "additionalProperties" not in schema
        and not schema.get("x-kubernetes-preserve-unknown-fields")
    ):
        schema["additionalProperties"] = False
    return schema


CUSTOM_KINDS = {
    ("keda.sh/v1alpha1", "ScaledObject"),
    ("monitoring.coreos.com/v1", "PodMonitor"),
    ("monitoring.coreos.com/v1", "PrometheusRule"),
}


def test_every_object_validates_against_kubernetes_or_its_crd(kustomization):
    """kubernetes-validate --strict (its bundled schemas of the newest Kubernetes it knows) for
    the built-in kinds; the vendored CRD schemas, strictly, for KEDA's and Prometheus-Operator's."""
    name, manifests = kustomization
    version = kubernetes_validate.latest_version()
    assert int(version.split(".")[1]) >= 35, version
    problems = []
    for m in manifests:
        where = f"{name}: {m['kind']} {m['metadata']['name']}"
        if (m["apiVersion"], m["kind"]) in CUSTOM_KINDS:
            validator = Draft7Validator(crd_schema(m["kind"]))
            problems += [f"{where}: {list(e.path)}: {e.message}" for e in validator.iter_errors(m)]
            continue
        try:
            kubernetes_validate.validate(m, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            problems.append(f"{where}: {error}")
    assert not problems, "\n".join(problems)


def test_kubernetes_validate_strict_refuses_an_unknown_field(manifests):
    deployment = copy.deepcopy(find(manifests, "Deployment", "orchestrator"))
    deployment["spec"]["replicaz"] = 2
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, kubernetes_validate.latest_version(), strict=True)
    scaled = copy.deepcopy(find(manifests, "ScaledObject", "bot-worker"))
    scaled["spec"]["minReplicas"] = 1
    assert list(Draft7Validator(crd_schema("ScaledObject")).iter_errors(scaled))


def test_deploy_titles_lists_every_registered_title_and_what_it_writes_is_committed():
    """deploy/titles.yaml is the one list: every title playhall.core.registry registers, and
    nothing else (the image serves only those); the files `make deploy-titles` writes from it
    are committed as it writes them."""
    listed = deploy_titles.titles()
    missing = sorted(set(title_ids()) - set(listed))
    assert not missing, f"add {missing} to deploy/titles.yaml and run `make deploy-titles`"
    assert sorted(listed) == sorted(title_ids()), "deploy/titles.yaml lists unregistered titles"
    stale = [
        str(path.relative_to(REPO))
        for path, text in deploy_titles.written().items()
        if not path.exists() or path.read_text() != text
    ]
    assert not stale, f"run `make deploy-titles`: {stale} differ from what it writes"


def deployed_everywhere(titles: list[str], deploy: Path, manifests: dict[str, list[dict]]):
    """Asserts that every title of `titles` has its rules service in Compose (the
    docker-compose.yml beside `deploy`), Prometheus's scrape jobs (in `deploy`) and every
    rendered kustomization of `manifests`, and that the orchestrators are given its address;
    and that no other title is served."""
    compose_file = deploy.parent / deploy_titles.COMPOSE
    compose = yaml.safe_load(compose_file.read_text())["services"]
    addresses = env_file(deploy / deploy_titles.COMPOSE_ADDRESSES)
    prometheus = yaml.safe_load((deploy / deploy_titles.PROMETHEUS).read_text())
    jobs = {job["job_name"]: job for job in prometheus["scrape_configs"]}
    for title in titles:
        name, setting = f"rules-{title}", f"PLAYHALL_RULES_{title.upper()}"
        target = f"dns:///{name}:50051"
        assert compose[name]["environment"]["PLAYHALL_GAME"] == title
        assert compose[name]["command"] == ["python", "-m", "playhall.rules_service"]
        assert compose["rules"]["depends_on"][name] == {"condition": "service_healthy"}
        assert addresses[setting] == target
        (discovery,) = jobs[name]["dns_sd_configs"]
        assert discovery["names"] == [name], name
        assert discovery["port"] == int(compose[name]["environment"]["PLAYHALL_METRICS_PORT"])
        for where, objects in manifests.items():
            container = only_container(objects, name)
            assert env_of(container)["PLAYHALL_GAME"]["value"] == title, where
            for kind in ("Service", "PodDisruptionBudget", "HorizontalPodAutoscaler"):
                assert find(objects, kind, name)["spec"], (where, kind)
            policy = find(objects, "NetworkPolicy", name)
            assert policy["spec"]["podSelector"]["matchLabels"] == {"app": name}, where
            orchestrator = env_of(only_container(objects, "orchestrator"))
            assert orchestrator[setting]["value"] == target, where
    for where, objects in manifests.items():
        served = {
            m["metadata"]["name"].removeprefix("rules-")
            for m in kinds(objects, "Deployment")
            if m["metadata"]["labels"].get("app.kubernetes.io/component") == "rules"
        }
        assert served == set(titles), f"{where} serves {sorted(served)}"
    served = {name for name in compose if name == "rules" or name.startswith("rules-")}
    assert served == {"rules", *(f"rules-{title}" for title in titles)}


def test_every_registered_title_is_deployed_everywhere():
    """Compose, Prometheus and every kustomization (base, dev, prod) serve each registered
    title, and the orchestrators are given its address."""
    deployed_everywhere(
        list(title_ids()), DEPLOY, {name: rendered(name) for name in k8s.KUSTOMIZATIONS}
    )


def test_a_title_is_one_line_to_deploy(tmp_path):
    """A copy of deploy/ and docker-compose.yml with one line added to titles.yaml, then
    `make deploy-titles`: the new title is deployed everywhere the others are, by no other
    edit."""
    if k8s.kubectl() is None:
        pytest.skip("kubectl is not on PATH; cannot render the kustomizations of deploy/k8s")
    copy_of = tmp_path / "deploy"
    shutil.copytree(DEPLOY, copy_of)
    shutil.copy(COMPOSE, tmp_path / deploy_titles.COMPOSE)
    titles = copy_of / deploy_titles.TITLES
    titles.write_text(titles.read_text() + "  - chess\n")
    changed = deploy_titles.write(copy_of)
    assert {path.relative_to(tmp_path) for path in changed} == {
        Path("deploy") / deploy_titles.K8S_RULES,
        Path("deploy") / deploy_titles.K8S_ADDRESSES,
        deploy_titles.COMPOSE,
        Path("deploy") / deploy_titles.COMPOSE_ADDRESSES,
        Path("deploy") / deploy_titles.PROMETHEUS,
    }
    assert deploy_titles.write(copy_of) == [], "a second run changes nothing"
    manifests = {
        name: k8s.render(copy_of / path.relative_to(DEPLOY))
        for name, path in k8s.KUSTOMIZATIONS.items()
    }
    deployed_everywhere([*title_ids(), "chess"], copy_of, manifests)


def test_every_container_is_probed_bounded_and_hardened(kustomization):
    """Every container of every pod (Jobs' and init containers included) is bounded and
    hardened; the long-running ones are probed."""
    name, manifests = kustomization
    problems = []
    for workload in workloads(manifests) + kinds(manifests, "Job"):
        pod = workload["spec"]["template"]["spec"]
        pod_security = pod.get("securityContext", {})
        for container in containers(workload):
            where = f"{name}: {workload['kind']} {workload['metadata']['name']}/{container['name']}"
            long_running = workload["kind"] != "Job" and container in pod["containers"]
            for probe in ("readinessProbe", "livenessProbe"):
                if long_running and probe not in container:
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


def test_playhall_pods_use_grpc_probes_metrics_annotations_and_outlast_their_grace(kustomization):
    name, manifests = kustomization
    for deployment_name, port in (*((rules, 50051) for rules in RULES), ("orchestrator", 50050)):
        deployment = find(manifests, "Deployment", deployment_name)
        assert deployment["spec"]["replicas"] >= (1 if name == "dev" else 2)
        pod = deployment["spec"]["template"]
        (container,) = pod["spec"]["containers"]
        assert runnable_module(container["command"]), container["command"]
        assert container["image"].startswith("playhall:"), "the kustomization's images: tag"
        for probe in ("readinessProbe", "livenessProbe"):
            assert container[probe]["grpc"] == {"port": port}, f"{deployment_name} {probe}"
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
        assert pod["spec"]["terminationGracePeriodSeconds"] > pause + grace, deployment_name
        unread = [k for k in env if PLAYHALL_SETTING.match(k) and not read_by_services(k)]
        assert not unread, f"{deployment_name} sets settings no service reads: {unread}"


@pytest.mark.parametrize("title", title_ids())
def test_rules_service_is_headless_and_the_orchestrator_resolves_every_replica(manifests, title):
    service = find(manifests, "Service", f"rules-{title}")
    assert service["spec"]["clusterIP"] == "None"
    orchestrator = only_container(manifests, "orchestrator")
    target = env_of(orchestrator)[f"PLAYHALL_RULES_{title.upper()}"]["value"]
    assert target.startswith("dns:///"), target
    host, port = target.removeprefix("dns:///").rsplit(":", 1)
    assert host == f"rules-{title}"
    assert int(port) in {p["port"] for p in service["spec"]["ports"]}


def test_orchestrator_reaches_redis_and_takes_its_credentials_from_secrets(manifests):
    deployment = find(manifests, "Deployment", "orchestrator")
    env = env_of(only_container(manifests, "orchestrator"))
    redis_port = find(manifests, "Service", "redis")["spec"]["ports"][0]["port"]
    assert env["REDIS_URL"]["value"] == f"redis://redis:{redis_port}/0"
    gateway_env = env_of(only_container(manifests, "gateway"))
    for credentials, secret in [
        ([env["PLAYHALL_WORKER_CREDENTIAL"]], "playhall-worker"),
        (
            [env["PLAYHALL_GATEWAY_CREDENTIAL"], gateway_env["PLAYHALL_GATEWAY_CREDENTIAL"]],
            "playhall-gateway",
        ),
    ]:
        for credential in credentials:
            assert "value" not in credential
            assert credential["valueFrom"]["secretKeyRef"] == {"name": secret, "key": "credential"}
    # Spectators are counted by the addresses the gateway forwards: the normal limit applies.
    assert "PLAYHALL_MAX_ANONYMOUS_WATCH_STREAMS_PER_ADDRESS" not in env
    # The archive's URL (a password in it) comes from a Secret, to the orchestrator and the
    # archiver alike.
    database = {"secretKeyRef": {"name": "playhall-database", "key": "url"}}
    assert env["PLAYHALL_DATABASE_URL"]["valueFrom"] == database
    for component in ("archiver", "notifier"):
        reader = env_of(only_container(manifests, component))
        assert reader["PLAYHALL_DATABASE_URL"]["valueFrom"] == database, component
        assert reader["REDIS_URL"] == env["REDIS_URL"], component
    orchestrator_service = find(manifests, "Service", "orchestrator")
    assert orchestrator_service["spec"]["type"] == "ClusterIP"
    assert orchestrator_service["spec"]["ports"][0]["port"] == 50050
    budget = find(manifests, "PodDisruptionBudget", "orchestrator")
    assert (
        budget["spec"]["selector"]["matchLabels"] == deployment["spec"]["selector"]["matchLabels"]
    )


def test_the_migrations_run_in_a_job_and_the_pods_wait_for_them(kustomization):
    """The Job archive-migrate upgrades the schema; the orchestrator and the archiver do not
    (PLAYHALL_DATABASE_MIGRATE=0) and start only once it is current (their init container),
    all of one image and one database URL."""
    name, manifests = kustomization
    (job,) = kinds(manifests, "Job")
    assert job["metadata"]["name"] == "archive-migrate"
    assert job["spec"]["backoffLimit"] >= 1 and job["spec"]["activeDeadlineSeconds"] > 0
    pod = job["spec"]["template"]["spec"]
    assert pod["restartPolicy"] == "Never" and pod["automountServiceAccountToken"] is False
    (migrate,) = pod["containers"]
    assert migrate["command"] == ["python", "-m", "playhall.archive.migrate"]
    assert runnable_module(migrate["command"])
    database = env_of(migrate)["PLAYHALL_DATABASE_URL"]["valueFrom"]
    assert database == {"secretKeyRef": {"name": "playhall-database", "key": "url"}}
    for component in ("orchestrator", "archiver", "notifier"):
        deployment = find(manifests, "Deployment", component)
        container = only_container(manifests, component)
        assert env_of(container)["PLAYHALL_DATABASE_MIGRATE"]["value"] == "0", (name, component)
        assert env_of(container)["PLAYHALL_DATABASE_URL"]["valueFrom"] == database
        (wait,) = deployment["spec"]["template"]["spec"]["initContainers"]
        assert wait["command"][:4] == ["python", "-m", "playhall.archive.migrate", "--wait"]
        assert float(wait["command"][4]) > 0
        assert runnable_module(wait["command"][:3])
        assert env_of(wait)["PLAYHALL_DATABASE_URL"]["valueFrom"] == database
        assert wait["image"] == container["image"] == migrate["image"], (name, component)
    # Nothing else migrates at start.
    for workload in workloads(manifests):
        for container in workload["spec"]["template"]["spec"]["containers"]:
            if "PLAYHALL_DATABASE_URL" in env_of(container):
                migrating = env_of(container).get("PLAYHALL_DATABASE_MIGRATE", {}).get("value")
                assert migrating == "0", (name, workload["metadata"]["name"])


@pytest.mark.parametrize("component", ["archiver", "notifier"])
def test_the_archiver_is_ready_while_its_stores_answer_and_alive_while_it_runs(
    kustomization, component
):
    _, manifests = kustomization
    container = only_container(manifests, component)
    assert container["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "metrics"}
    assert container["livenessProbe"]["httpGet"] == {"path": "/metrics", "port": "metrics"}
    pod = find(manifests, "Deployment", component)["spec"]["template"]
    assert runnable_module(container["command"]), container["command"]
    assert pod["metadata"]["annotations"]["prometheus.io/port"] == str(
        {p["name"]: p["containerPort"] for p in container["ports"]}["metrics"]
    )


NOTIFIER_SECRETS = {
    "PLAYHALL_VAPID_PRIVATE_KEY": "vapid-private-key",
    "PLAYHALL_SMTP_USERNAME": "smtp-username",
    "PLAYHALL_SMTP_PASSWORD": "smtp-password",
}
"""The notifier's channel credentials: each from the Secret playhall-notifier, optional (a
channel without them sends nothing; the pod starts without the Secret)."""


def test_the_notifier_takes_its_channel_credentials_from_an_optional_secret(kustomization):
    name, manifests = kustomization
    env = env_of(only_container(manifests, "notifier"))
    for variable, key in NOTIFIER_SECRETS.items():
        assert env[variable]["valueFrom"]["secretKeyRef"] == {
            "name": "playhall-notifier",
            "key": key,
            "optional": True,
        }, (name, variable)
    literal = [k for k, entry in env.items() if "value" in entry]
    assert "PLAYHALL_PORTAL_URL" in literal
    unread = sorted(set(literal) - set(variables(NotifierProcessSettings)))
    assert not unread, f"{name}: the notifier is given settings it does not read: {unread}"


def test_the_gateway_and_the_orchestrator_share_the_gateway_secret_in_every_kustomization(
    kustomization,
):
    _, objects = kustomization
    for name in ("orchestrator", "gateway"):
        credential = env_of(only_container(objects, name))["PLAYHALL_GATEWAY_CREDENTIAL"]
        assert credential == {
            "name": "PLAYHALL_GATEWAY_CREDENTIAL",
            "valueFrom": {"secretKeyRef": {"name": "playhall-gateway", "key": "credential"}},
        }, name


def test_every_long_running_component_has_a_budget_and_the_right_autoscaler(kustomization):
    name, manifests = kustomization
    budgets = kinds(manifests, "PodDisruptionBudget")
    for workload in workloads(manifests):
        labels = workload["spec"]["template"]["metadata"]["labels"]
        covering = [b for b in budgets if selects(b["spec"]["selector"], labels)]
        assert len(covering) == 1, f"{name}: {workload['metadata']['name']} budgets {covering}"
    scaled = {
        (m["spec"]["scaleTargetRef"]["kind"], m["spec"]["scaleTargetRef"]["name"]): m["kind"]
        for m in kinds(manifests, "HorizontalPodAutoscaler") + kinds(manifests, "ScaledObject")
    }
    expected = {("Deployment", rules): "HorizontalPodAutoscaler" for rules in RULES}
    expected[("Deployment", "orchestrator")] = "HorizontalPodAutoscaler"
    expected |= {("Deployment", pool): "ScaledObject" for pool in WORKER_POOLS}
    assert scaled == expected, name
    for hpa in kinds(manifests, "HorizontalPodAutoscaler"):
        (metric,) = hpa["spec"]["metrics"]
        assert metric["type"] == "Resource" and metric["resource"]["name"] == "cpu"
        assert hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"]


def selects(selector: dict, labels: dict) -> bool:
    """Whether a label selector (matchLabels, matchExpressions) selects `labels`."""
    if not selector.get("matchLabels", {}).items() <= labels.items():
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = (
            expression["key"],
            expression["operator"],
            expression.get("values", []),
        )
        if operator == "In" and labels.get(key) not in values:
            return False
        if operator == "NotIn" and labels.get(key) in values:
            return False
        if operator == "Exists" and key not in labels:
            return False
        if operator == "DoesNotExist" and key in labels:
            return False
    return True


def worker_broker_url(container: dict, monkeypatch) -> str:
    """The broker URL a worker container resolves (playhall.common.brokers), with each Secret
    reference standing for itself as `secret:<name>/<key>`."""
    for name in ("CELERY_BROKER_URL", "REDIS_URL"):
        monkeypatch.delenv(name, raising=False)
    for name, entry in env_of(container).items():
        if "value" in entry:
            monkeypatch.setenv(name, entry["value"])
        else:
            ref = entry["valueFrom"]["secretKeyRef"]
            monkeypatch.setenv(name, f"secret:{ref['name']}/{ref['key']}")
    return celery_broker_url()


def test_every_bot_queue_is_consumed_by_a_deployment_of_its_own(kustomization):
    """The live and the batch queue each have one Deployment consuming it and nothing else: a
    queue nobody consumes leaves its bot seats unplayed (tournament games stall), a pool
    consuming both lets live turns wait behind batch work."""
    name, manifests = kustomization
    consumers: dict[str, list[str]] = {}
    for deployment in kinds(manifests, "Deployment"):
        for container in containers(deployment):
            for queue in consumed_queues(container["command"]):
                consumers.setdefault(queue, []).append(deployment["metadata"]["name"])
    assert consumers == {queue: [pool] for pool, queue in WORKER_POOLS.items()}, name


def test_the_batch_workers_are_the_live_workers_but_for_their_queue(kustomization):
    """Same image, hardening, probes, resources, settings and broker (each overlay's patches
    reach both pools); only the queue, the names and the autoscaler's range differ."""
    name, manifests = kustomization
    live, batch = (copy.deepcopy(find(manifests, "Deployment", pool)) for pool in WORKER_POOLS)
    for deployment, pool in zip((live, batch), WORKER_POOLS, strict=True):
        template = deployment["spec"]["template"]
        assert template["metadata"]["labels"]["app"] == pool
        (container,) = template["spec"]["containers"]
        assert consumed_queues(container["command"]) == [WORKER_POOLS[pool]]
        container["command"] = without_queue(container["command"])
        container["name"] = "worker"
        for m in (deployment, template):
            m["metadata"] = {}
        # Each pool's replicas are its autoscaler's; spread and anti-affinity select by `app`.
        deployment["spec"].pop("replicas")
        deployment["spec"].pop("selector")
    assert live == batch, name
    for kind in ("PodDisruptionBudget", "NetworkPolicy"):
        live_spec, batch_spec = (find(manifests, kind, pool)["spec"] for pool in WORKER_POOLS)
        assert json.dumps(live_spec).replace("bot-worker", "bot-worker-batch") == json.dumps(
            batch_spec
        ), f"{name}: {kind}"
    live_scaler, batch_scaler = (find(manifests, "ScaledObject", pool) for pool in WORKER_POOLS)
    # Batch work can wait for a pod; it scales as far as the live pool.
    assert batch_scaler["spec"]["minReplicaCount"] == 0, name
    assert batch_scaler["spec"]["maxReplicaCount"] == live_scaler["spec"]["maxReplicaCount"]


@pytest.mark.parametrize("pool", WORKER_POOLS)
def test_keda_scales_the_workers_on_the_queue_and_broker_they_use(kustomization, monkeypatch, pool):
    name, manifests = kustomization
    queue = WORKER_POOLS[pool]
    scaled = find(manifests, "ScaledObject", pool)
    assert scaled["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": pool,
    }
    assert scaled["spec"]["minReplicaCount"] <= scaled["spec"]["maxReplicaCount"]
    worker = only_container(manifests, pool)
    assert consumed_queues(worker["command"]) == [queue]
    broker = worker_broker_url(worker, monkeypatch)
    (trigger,) = scaled["spec"]["triggers"]
    meta = trigger["metadata"]
    if trigger["type"] == "redis":
        assert meta["listName"] == queue
        url = urllib.parse.urlsplit(broker)
        assert url.scheme == "redis", broker
        host, port = meta["address"].rsplit(":", 1)
        # KEDA's operator lives in its own namespace: the Service's full name.
        assert host == f"{url.hostname}.{namespace_of(manifests)}.svc.cluster.local", host
        assert int(port) == url.port
        assert meta.get("databaseIndex", "0") == (url.path.strip("/") or "0")
        find(manifests, "Service", url.hostname)
    else:
        assert trigger["type"] == "rabbitmq", trigger
        assert meta["queueName"] == queue
        assert meta["mode"] == "QueueLength"
        # KEDA resolves hostFromEnv from the scale target's container: the very variable the
        # worker's broker URL comes from.
        assert broker == worker_broker_url(
            {"env": [env_of(worker)[meta["hostFromEnv"]]]}, monkeypatch
        ), meta
        assert broker.startswith("secret:")


@pytest.mark.parametrize("pool", WORKER_POOLS)
def test_the_workers_liveness_probe_pings_the_worker_itself(kustomization, pool):
    name, manifests = kustomization
    worker = only_container(manifests, pool)
    command = worker["command"]
    assert command[:3] == ["celery", "-A", "playhall.bots.app"], command
    for probe in ("readinessProbe", "livenessProbe"):
        probe_command = worker[probe]["exec"]["command"]
        assert probe_command[:3] == ["python", "-m", "playhall.bots.liveness"], probe_command
        module = REPO / "services/playhall/bots/liveness.py"
        assert 'if __name__ == "__main__":' in module.read_text()
        # The probe's node is the worker's: celery@<hostname> (the pod's name) unless both name
        # another.
        node = lambda args, flags: next(  # noqa: E731
            (args[i + 1] for i, a in enumerate(args) if a in flags), "celery@<hostname>"
        )
        assert node(probe_command, ("--node",)) == node(command, ("-n", "--hostname")), name


def test_network_policies_allow_exactly_the_traffic_needed(kustomization):
    """A model of NetworkPolicy semantics over every Playhall pod, the gateway's, Prometheus's,
    KEDA's operator's, a stranger pod in the namespace and one in another namespace: the
    connections allowed are exactly the ones the components make."""
    name, manifests = kustomization
    namespace = namespace_of(manifests)
    policies = kinds(manifests, "NetworkPolicy")
    (deny,) = [p for p in policies if p["metadata"]["name"] == "default-deny"]
    assert deny["spec"] == {"podSelector": {}, "policyTypes": ["Ingress", "Egress"]}
    pods = {
        w["metadata"]["name"]: {
            "namespace": namespace,
            "labels": w["spec"]["template"]["metadata"]["labels"],
            "ports": {
                p["name"]: p["containerPort"] for c in containers(w) for p in c.get("ports", [])
            },
        }
        for w in workloads(manifests) + kinds(manifests, "Job")
    }
    pods["gateway"] = {
        "namespace": namespace,
        "labels": {"app.kubernetes.io/name": "gateway"},
        "ports": {},
    }
    pods["stranger"] = {"namespace": namespace, "labels": {"app": "other"}, "ports": {"any": 8080}}
    pods["outsider"] = {"namespace": "elsewhere", "labels": {"app": "other"}, "ports": {}}
    pods["prometheus"] = {
        "namespace": "monitoring",
        "labels": {"app.kubernetes.io/name": "prometheus"},
        "ports": {},
    }
    pods["keda"] = {
        "namespace": "keda",
        "labels": {"app.kubernetes.io/name": "keda-operator"},
        "ports": {},
    }
    pods["kube-dns"] = {
        "namespace": "kube-system",
        "labels": {"k8s-app": "kube-dns"},
        "ports": {"dns": 53},
    }
    namespaces = {
        n: {"kubernetes.io/metadata.name": n} for n in {p["namespace"] for p in pods.values()}
    }

    def peer_matches(peer: dict, pod: dict) -> bool:
        if "ipBlock" in peer:
            return False  # only addresses outside the cluster: the prod overlay's stores
        if "namespaceSelector" in peer:
            if not selects(peer["namespaceSelector"], namespaces[pod["namespace"]]):
                return False
        elif pod["namespace"] != namespace:
            return False
        return selects(peer.get("podSelector", {}), pod["labels"])

    def port_matches(rule_ports: list[dict] | None, port: int, target: dict) -> bool:
        if not rule_ports:
            return True
        return any(target["ports"].get(p["port"], p["port"]) == port for p in rule_ports)

    def allowed(direction: str, pod: dict, peer: dict, port: int, target: dict) -> bool:
        if pod["namespace"] != namespace:
            return True  # not governed by these policies
        applying = [
            p
            for p in policies
            if direction.capitalize() in p["spec"]["policyTypes"]
            and selects(p["spec"]["podSelector"], pod["labels"])
        ]
        return any(
            any(
                peer_matches(other, peer)
                for other in rule.get("to" if direction == "egress" else "from", [])
            )
            and port_matches(rule.get("ports"), port, target)
            for p in applying
            for rule in p["spec"].get(direction, [])
        )

    found = set()
    for source_name, source in pods.items():
        for target_name, target in pods.items():
            for port in target["ports"].values():
                if (
                    source_name != target_name
                    # The gateway's own egress policy comes with deploy/k8s/base/gateway.yaml.
                    and (
                        source_name == "gateway" or allowed("egress", source, target, port, target)
                    )
                    and allowed("ingress", target, source, port, target)
                ):
                    found.add((source_name, target_name, port))
    # Every pod of the namespace resolves names (the stranger too: allow-dns selects all).
    dns = {(pod, "kube-dns", 53) for pod, spec in pods.items() if spec["namespace"] == namespace}
    metrics = {
        ("prometheus", w, 9464)
        for w in pods
        if w in ("orchestrator", "archiver", "notifier", *WORKER_POOLS) or w.startswith("rules-")
    }
    needed = {
        # MatchService and PlayerService alike: the orchestrator serves both on its one port.
        ("gateway", "orchestrator", 50050),
        *((pool, "orchestrator", 50050) for pool in WORKER_POOLS),
        *(("orchestrator", rules, 50051) for rules in RULES),
        *metrics,
        *dns,
    }
    if "redis" in pods:
        needed |= {
            ("orchestrator", "redis", 6379),
            *((pool, "redis", 6379) for pool in WORKER_POOLS),
            ("archiver", "redis", 6379),
            ("notifier", "redis", 6379),
            ("keda", "redis", 6379),
        }
    if "postgres" in pods:
        needed |= {
            ("orchestrator", "postgres", 5432),
            ("archiver", "postgres", 5432),
            ("notifier", "postgres", 5432),
            ("archive-migrate", "postgres", 5432),
        }
    # Pods outside the namespace reach each other as they please: not ours to judge.
    found = {
        c
        for c in found
        if pods[c[0]]["namespace"] == namespace or pods[c[1]]["namespace"] == namespace
    }
    assert found == needed, (
        f"{name}: allowed but not needed {sorted(found - needed)}; "
        f"needed but refused {sorted(needed - found)}"
    )
    if name == "prod":
        # The stores are outside the cluster: Redis by the orchestrator, RabbitMQ by both.
        egress_ports = {
            p["metadata"]["name"]: {
                port["port"]
                for rule in p["spec"].get("egress", [])
                if any("ipBlock" in peer for peer in rule["to"])
                for port in rule["ports"]
            }
            for p in policies
        }
        assert {6379, 5672, 5432} <= egress_ports["orchestrator"]
        for pool in WORKER_POOLS:
            assert 5672 in egress_ports[pool] and 6379 not in egress_ports[pool], pool
        assert egress_ports["archiver"] >= {6379, 5432} and 5672 not in egress_ports["archiver"]
        assert egress_ports["archive-migrate"] == {5432}
    # The notifier leaves the cluster for SMTP and HTTPS (push services, webhooks) in every
    # kustomization; HTTPS, whose URLs players give, never to a private or link-local range.
    outside = {
        port["port"]: peer["ipBlock"]
        for rule in find(manifests, "NetworkPolicy", "notifier")["spec"]["egress"]
        for peer in rule["to"]
        if "ipBlock" in peer
        for port in rule["ports"]
    }
    assert {25, 465, 587, 443} <= set(outside), outside
    assert set(outside) - {25, 465, 587, 443} <= ({5432, 6379, 6380} if name == "prod" else set())
    assert {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16"} <= set(
        outside[443].get("except", [])
    ), outside[443]


def test_no_secret_is_committed(kustomization):
    _, manifests = kustomization
    for m in manifests:
        if m["kind"] == "Secret":
            assert not m.get("data") and not m.get("stringData"), m["metadata"]["name"]
    for workload in workloads(manifests):
        for container in containers(workload):
            for name, entry in env_of(container).items():
                if re.search("CREDENTIAL|PASSWORD|SECRET|TOKEN|SIGNING_KEY", name):
                    assert "value" not in entry, f"{name} is a literal in the manifests"
                if name.endswith("_URL") and "value" in entry:
                    # A URL with a password in it (scheme://user:password@host) comes from a
                    # Secret, as prod's REDIS_URL and CELERY_BROKER_URL do.
                    assert not re.search(r"//[^/@]*@", entry["value"]), f"{name} holds a password"


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


def test_dev_runs_one_of_everything_on_one_ephemeral_redis_and_postgres():
    manifests = rendered("dev")
    for deployment in kinds(manifests, "Deployment"):
        assert deployment["spec"]["replicas"] == 1, deployment["metadata"]["name"]
    for hpa in kinds(manifests, "HorizontalPodAutoscaler"):
        assert hpa["spec"]["minReplicas"] <= 1
    for pool in WORKER_POOLS:
        scaled = find(manifests, "ScaledObject", pool)["spec"]
        assert scaled["minReplicaCount"] <= 1 and scaled["maxReplicaCount"] <= 2, pool
    for name in ("redis", "postgres"):
        store = find(manifests, "StatefulSet", name)
        assert store["spec"]["replicas"] == 1 and "volumeClaimTemplates" not in store["spec"]
        volumes = {v["name"]: v for v in store["spec"]["template"]["spec"]["volumes"]}
        assert "emptyDir" in volumes["data"], name


def test_prod_spreads_replicas_and_keeps_state_and_broker_outside(monkeypatch):
    manifests = rendered("prod")
    assert not kinds(manifests, "StatefulSet")
    # Redis's configuration is gone with it; the orchestrator's rules addresses stay.
    config_maps = [m["metadata"]["name"] for m in kinds(manifests, "ConfigMap")]
    assert [name.rsplit("-", 1)[0] for name in config_maps] == ["rules-addresses"], config_maps
    # KEDA sets the batch pool's replicas (from 0: batch work can wait for a pod).
    from_zero = {
        m["spec"]["scaleTargetRef"]["name"]
        for m in kinds(manifests, "ScaledObject")
        if m["spec"]["minReplicaCount"] == 0
    }
    assert from_zero == {"bot-worker-batch"}
    for deployment in kinds(manifests, "Deployment"):
        where = deployment["metadata"]["name"]
        pod = deployment["spec"]["template"]["spec"]
        assert where in from_zero or deployment["spec"]["replicas"] >= 2, where
        keys = {c["topologyKey"] for c in pod["topologySpreadConstraints"]}
        assert keys == {"topology.kubernetes.io/zone", "kubernetes.io/hostname"}, where
        (term,) = pod["affinity"]["podAntiAffinity"][
            "preferredDuringSchedulingIgnoredDuringExecution"
        ]
        assert term["podAffinityTerm"]["matchLabelKeys"] == ["app"], where
        for constraint in pod["topologySpreadConstraints"]:
            assert constraint["matchLabelKeys"] == ["app"], where
    for hpa in kinds(manifests, "HorizontalPodAutoscaler"):
        assert hpa["spec"]["minReplicas"] >= 2
    orchestrator = env_of(only_container(manifests, "orchestrator"))
    assert orchestrator["REDIS_URL"] == {
        "name": "REDIS_URL",
        "valueFrom": {"secretKeyRef": {"name": "playhall-redis", "key": "url"}},
    }
    broker = {"secretKeyRef": {"name": "playhall-broker", "key": "url"}}
    assert orchestrator["CELERY_BROKER_URL"]["valueFrom"] == broker
    for pool in WORKER_POOLS:
        worker = only_container(manifests, pool)
        assert env_of(worker)["CELERY_BROKER_URL"]["valueFrom"] == broker, pool
        assert "REDIS_URL" not in env_of(worker), pool
        assert worker_broker_url(worker, monkeypatch) == "secret:playhall-broker/url"


def test_prod_scrapes_every_pod_by_component_and_carries_the_repositorys_rules():
    manifests = rendered("prod")
    (monitor,) = kinds(manifests, "PodMonitor")
    assert monitor["spec"]["jobLabel"] == "app.kubernetes.io/name"
    (endpoint,) = monitor["spec"]["podMetricsEndpoints"]
    jobs = set()
    for deployment in kinds(manifests, "Deployment"):
        labels = deployment["spec"]["template"]["metadata"]["labels"]
        assert selects(monitor["spec"]["selector"], labels)
        (container,) = deployment["spec"]["template"]["spec"]["containers"]
        assert endpoint["port"] in {p["name"] for p in container["ports"]}
        jobs.add(labels[monitor["spec"]["jobLabel"]])
    assert jobs == {"orchestrator", "gateway", "archiver", "notifier", *WORKER_POOLS, *RULES}
    carried = {m["metadata"]["name"]: m["spec"] for m in kinds(manifests, "PrometheusRule")}
    wanted = {m["metadata"]["name"]: m["spec"] for m in k8s.prometheus_rules()}
    assert carried == wanted, "run `make k8s-rules`"
    assert k8s.PROMETHEUS_RULES.read_text() == k8s.prometheus_rules_text(), "run `make k8s-rules`"


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
        "services/playhall/gateway/portal/api/index.html",
        "tests/unit/test_deploy.py",
        "deploy/titles.py",
        "docs/architecture.md",
    ):
        assert dockerignored(path, patterns), f"{path} would be sent to the build"
    for path in (
        "pyproject.toml",
        "README.md",
        "protos/playhall/rules/v1/rules_service.proto",
        "services/playhall/core/api.py",
        "services/playhall/games/galileo/cards.json",
        "services/playhall/games/inventors/inventions.json",
        "deploy/__init__.py",
        "deploy/api_docs.py",
        "docs/write-a-bot.md",
        "docs/limits.md",
    ):
        assert not dockerignored(path, patterns), f"{path} is missing from the build"


def test_dockerfile_writes_the_api_reference_as_the_makefile_does_before_installing():
    """The gateway's /api/ is generated like the code: the same command as `make proto`'s,
    run before `pip install .` copies the portal into the image."""
    make_lines = logical_lines((REPO / "Makefile").read_text())
    (command,) = [line for line in make_lines if "deploy.api_docs" in line]
    runs = [args for op, args in dockerfile_instructions() if op == "RUN"]
    (docs_run,) = [i for i, run in enumerate(runs) if run.endswith(command.replace("$(PY) ", ""))]
    (install,) = [i for i, run in enumerate(runs) if run.startswith("pip install .")]
    assert docs_run < install


# every title


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


def guest_settings(manifests: list[dict]) -> dict[str, dict]:
    """PLAYHALL_GUEST_* and PLAYHALL_JWT_* entries of every container, by container name."""
    found = {}
    for workload in workloads(manifests):
        for container in containers(workload):
            for name, entry in env_of(container).items():
                if name.startswith(("PLAYHALL_GUEST_", "PLAYHALL_JWT_", "PLAYHALL_JWKS_")):
                    found.setdefault(container["name"], {})[name] = entry
    return found


@pytest.mark.parametrize("name", ["base", "prod"])
def test_the_guest_issuer_is_off_in_the_base_and_in_prod(name):
    manifests = rendered(name)
    assert not any(
        entry.get("value") or entry.get("valueFrom")
        for settings in guest_settings(manifests).values()
        for variable, entry in settings.items()
        if variable.startswith("PLAYHALL_GUEST_")
    ), f"{name} turns the guest sign-in on: production players sign in with the operator's OIDC"


def test_dev_signs_guests_in_and_its_orchestrator_trusts_them():
    settings = guest_settings(rendered("dev"))
    gateway, orchestrator = settings["gateway"], settings["orchestrator"]
    assert gateway["PLAYHALL_GUEST_ISSUER"]["value"] == orchestrator["PLAYHALL_JWT_ISSUER"]["value"]
    secret = "playhall-guest-issuer"
    assert gateway["PLAYHALL_GUEST_SIGNING_KEY"]["valueFrom"]["secretKeyRef"] == {
        "name": secret,
        "key": "private.pem",
    }
    assert orchestrator["PLAYHALL_JWT_PUBLIC_KEYS"]["valueFrom"]["secretKeyRef"] == {
        "name": secret,
        "key": "public.pem",
    }
