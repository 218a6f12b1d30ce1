"""deploy/README.md's major rules upgrade, rendered: its overlay of the prod overlay, with the
second deployment `python -m deploy.titles --beside` prints, deploys the new version
beside the old one and lists both to the orchestrator, as the orchestrator's settings read
them (`tests/integration/test_rules_versions.py` plays that routing with real processes)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from deploy import prometheus_rules as k8s
from playhall.orchestrator.settings import _rules_services

REPO = Path(__file__).resolve().parents[2]
README = REPO / "deploy/README.md"
MARKER = "# kustomization.yaml of an overlay running galileo's next major beside the current one"


def readme_overlay() -> str:
    text = README.read_text()
    found = re.search(r"   ```yaml\n(   " + re.escape(MARKER) + r"\n.*?)   ```\n", text, re.S)
    assert found, "deploy/README.md shows no overlay for a major upgrade"
    return "\n".join(line.removeprefix("   ") for line in found.group(1).splitlines()) + "\n"


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> list[dict]:
    if k8s.kubectl() is None:
        pytest.skip("kubectl is not on PATH; cannot render the overlay")
    # Beside the prod overlay, as the README's `../prod` has it, in a copy of deploy/.
    deploy = tmp_path_factory.mktemp("copy") / "deploy"
    shutil.copytree(REPO / "deploy", deploy)
    overlay = deploy / "k8s/overlays/upgrade"
    overlay.mkdir()
    (overlay / "kustomization.yaml").write_text(readme_overlay())
    beside = subprocess.run(
        [sys.executable, "-m", "deploy.titles", "--beside", "galileo", "rules-galileo-2"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    (overlay / "rules-galileo-2.yaml").write_text(beside.stdout)
    return k8s.render(overlay)


def find(manifests: list[dict], kind: str, name: str) -> dict:
    (found,) = [m for m in manifests if m["kind"] == kind and m["metadata"]["name"] == name]
    return found


def test_the_new_version_runs_beside_the_old_one_on_its_own_image(rendered):
    old = find(rendered, "Deployment", "rules-galileo")
    new = find(rendered, "Deployment", "rules-galileo-2")
    (old_container,) = old["spec"]["template"]["spec"]["containers"]
    (new_container,) = new["spec"]["template"]["spec"]["containers"]
    assert new_container["image"] == "registry.example/playhall:0.2.0"
    assert old_container["image"] != new_container["image"]
    game = {e["name"]: e.get("value") for e in new_container["env"]}["PLAYHALL_GAME"]
    assert game == "galileo"
    service = find(rendered, "Service", "rules-galileo-2")
    assert service["spec"]["clusterIP"] == "None"
    assert service["spec"]["selector"] == {"app": "rules-galileo-2"}
    # Its pods are rules pods to the orchestrator's NetworkPolicy, and to no other title's.
    labels = new["spec"]["template"]["metadata"]["labels"]
    assert labels["app.kubernetes.io/component"] == "rules"
    assert find(rendered, "Service", "rules-galileo")["spec"]["selector"].items() - labels.items()


def test_the_orchestrator_routes_to_both_deployments(rendered, monkeypatch):
    orchestrator = find(rendered, "Deployment", "orchestrator")
    (container,) = orchestrator["spec"]["template"]["spec"]["containers"]
    names = [source["configMapRef"]["name"] for source in container["envFrom"]]
    (addresses,) = [
        m for m in rendered if m["kind"] == "ConfigMap" and m["metadata"]["name"] in names
    ]
    assert addresses["metadata"]["name"].startswith("rules-addresses-")
    for name, value in addresses["data"].items():
        monkeypatch.setenv(name, value)
    assert _rules_services()["galileo"] == [
        ["dns:///rules-galileo:50051"],
        ["dns:///rules-galileo-2:50051"],
    ]
    assert _rules_services()["einstein"] == [["dns:///rules-einstein:50051"]]
    egress = find(rendered, "NetworkPolicy", "orchestrator")["spec"]["egress"]
    assert any(
        peer.get("podSelector", {}).get("matchLabels") == {"app.kubernetes.io/component": "rules"}
        for rule in egress
        for peer in rule.get("to", [])
    )


def test_the_readmes_overlay_is_the_one_rendered():
    assert yaml.safe_load(readme_overlay())["resources"] == ["../prod", "rules-galileo-2.yaml"]
