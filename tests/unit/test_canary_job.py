"""The replay canary's Kubernetes Job (deploy/k8s/overlays/prod/rules-canary.yaml): valid,
hardened like every other workload, wired to settings the canary and the rules service read,
left out of the overlay (applying it must not start a canary) while its NetworkPolicy is in,
and set up for a run by the very commands deploy/README.md gives."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from deploy import prometheus_rules as k8s
from playhall.canary.cli import CanarySettings
from playhall.common.settings import variables
from playhall.rules_service.server import Settings as RulesSettings

REPO = Path(__file__).resolve().parents[2]
JOB_FILE = REPO / "deploy/k8s/overlays/prod/rules-canary.yaml"
README = REPO / "deploy/README.md"


def job() -> dict:
    return yaml.safe_load(JOB_FILE.read_text())


def pod(manifest: dict) -> dict:
    return manifest["spec"]["template"]["spec"]


def container(manifest: dict, name: str) -> dict:
    spec = pod(manifest)
    (found,) = [c for c in spec["containers"] + spec["initContainers"] if c["name"] == name]
    return found


def env(container: dict) -> dict[str, dict]:
    return {entry["name"]: entry for entry in container["env"]}


def test_the_job_validates_strictly():
    kubernetes_validate.validate(job(), kubernetes_validate.latest_version(), strict=True)


def test_the_job_runs_once_with_the_candidate_beside_the_canary():
    manifest = job()
    assert manifest["spec"]["backoffLimit"] == 0
    assert pod(manifest)["restartPolicy"] == "Never"
    candidate, canary = container(manifest, "candidate"), container(manifest, "canary")
    # A native sidecar: up before the canary starts, stopped when it ends.
    assert candidate["restartPolicy"] == "Always" and "startupProbe" in candidate
    assert [c["name"] for c in pod(manifest)["initContainers"]] == ["candidate"]
    port = env(candidate)["PLAYHALL_PORT"]["value"]
    assert env(canary)["PLAYHALL_CANARY_RULES"]["value"] == f"127.0.0.1:{port}"
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert candidate[probe]["grpc"]["port"] == int(port)
    assert env(canary)["PLAYHALL_DATABASE_URL"]["valueFrom"]["secretKeyRef"] == {
        "name": "playhall-database",
        "key": "url",
    }


def test_every_variable_is_one_its_program_reads_and_every_command_runs():
    manifest = job()
    for name, settings in (("candidate", RulesSettings), ("canary", CanarySettings)):
        found = container(manifest, name)
        assert set(env(found)) <= set(variables(settings)), name
        python, flag, module = found["command"]
        assert (python, flag) == ("python", "-m")
        assert importlib.util.find_spec(module) is not None, module


def test_every_container_is_bounded_and_hardened():
    manifest = job()
    spec = pod(manifest)
    assert spec["automountServiceAccountToken"] is False
    for found in spec["containers"] + spec["initContainers"]:
        security = {**spec["securityContext"], **found["securityContext"]}
        assert security["runAsNonRoot"] is True and security["runAsUser"] != 0
        assert security["readOnlyRootFilesystem"] is True
        assert security["allowPrivilegeEscalation"] is False
        assert security["capabilities"]["drop"] == ["ALL"]
        assert security["seccompProfile"]["type"] == "RuntimeDefault"
        for bound in ("requests", "limits"):
            assert set(found["resources"][bound]) == {"cpu", "memory"}, found["name"]


@pytest.fixture(scope="module")
def kubectl() -> str:
    found = k8s.kubectl()
    if found is None:
        pytest.skip("kubectl is not on PATH; cannot render the prod overlay")
    return found


def test_the_overlay_brings_the_policy_but_never_starts_a_canary(kubectl):
    rendered = k8s.render(k8s.KUSTOMIZATIONS["prod"])
    jobs = [m["metadata"]["name"] for m in rendered if m["kind"] == "Job"]
    assert job()["metadata"]["name"] not in jobs
    (policy,) = [
        m
        for m in rendered
        if m["kind"] == "NetworkPolicy" and m["metadata"]["name"] == "rules-canary"
    ]
    labels = job()["spec"]["template"]["metadata"]["labels"]
    assert policy["metadata"]["namespace"] == job()["metadata"]["namespace"]
    assert policy["spec"]["podSelector"]["matchLabels"].items() <= labels.items()
    assert policy["spec"]["ingress"] == []
    assert [rule["ports"] for rule in policy["spec"]["egress"]] == [
        [{"port": 5432, "protocol": "TCP"}]
    ]


def readme_pipeline() -> str:
    """The README's command that sets up a canary run (`kubectl set image ... | ... create`)."""
    text = README.read_text()
    found = re.search(r"```sh\n(kubectl set image --local[^`]*?)\| kubectl create -f -\n", text)
    assert found, "deploy/README.md shows no canary pipeline"
    return found.group(1)


def test_the_readmes_commands_set_the_images_and_the_title(kubectl):
    values = {
        "CANDIDATE_IMAGE": "registry.example/playhall:0.2.0",
        "CURRENT_IMAGE": "registry.example/playhall:0.1.0",
        "TITLE": "einstein",
    }
    result = subprocess.run(
        readme_pipeline(),
        shell=True,
        cwd=REPO,
        env={**os.environ, **values},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    made = yaml.safe_load(result.stdout)
    assert container(made, "candidate")["image"] == values["CANDIDATE_IMAGE"]
    assert container(made, "canary")["image"] == values["CURRENT_IMAGE"]
    assert env(container(made, "candidate"))["PLAYHALL_GAME"]["value"] == "einstein"
    kubernetes_validate.validate(made, kubernetes_validate.latest_version(), strict=True)
