"""`make deploy-titles` (`python -m deploy.titles`): every file of the deployment that names
the titles, written from the one list deploy/titles.yaml. A title is one line there; this writes

- deploy/k8s/base/rules.yaml: deploy/k8s/templates/rules.yaml once per title;
- deploy/k8s/base/rules.env: the orchestrator's PLAYHALL_RULES_<TITLE> addresses (the base's
  configMapGenerator makes them a ConfigMap the orchestrator takes its environment from; its
  name's hash changes with them, so adding a title rolls the orchestrator);
- between the markers of docker-compose.yml: a Compose service per title, and `rules`, a
  one-shot that ends once all of them are healthy (the orchestrator waits for it);
- deploy/compose/rules.env: the same addresses for the Compose orchestrator (`env_file`);
- the scrape jobs between the markers of deploy/prometheus/prometheus.yml.

Written files rather than a kustomize component: kustomize cannot repeat a template over a
list, so a component would still need a directory and several name and label patches per title;
plain committed YAML applies with `kubectl apply -k` (remote bases, Argo CD, Flux) without
plugins, and shows in review exactly what a title adds. tests/unit/test_deploy.py fails while
the committed files differ from what this writes. A plain module, imported by name."""

from __future__ import annotations

import argparse
import string
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
"""The deploy/ directory; every path below but COMPOSE is relative to it (a test writes a
copy's)."""
TITLES = Path("titles.yaml")
K8S_TEMPLATE = Path("k8s/templates/rules.yaml")
K8S_RULES = Path("k8s/base/rules.yaml")
K8S_ADDRESSES = Path("k8s/base/rules.env")
COMPOSE = Path("docker-compose.yml")
"""Beside deploy/, not in it."""
COMPOSE_MARKERS = (
    "  # -- rules services: `make deploy-titles` writes them --\n",
    "  # -- end of the rules services --\n",
)
COMPOSE_ADDRESSES = Path("compose/rules.env")
PROMETHEUS = Path("prometheus/prometheus.yml")
PROMETHEUS_MARKERS = COMPOSE_MARKERS
GRPC_PORT = 50051
METRICS_PORT = 9464
GENERATED = "# Written by `make deploy-titles` from deploy/titles.yaml{source}; do not edit.\n"


def titles(deploy: Path = DEPLOY) -> list[str]:
    """The titles the deployment serves, in the order deploy/titles.yaml lists them."""
    listed = yaml.safe_load((deploy / TITLES).read_text())["titles"]
    if len(set(listed)) != len(listed) or not all(isinstance(t, str) for t in listed):
        raise ValueError(f"{deploy / TITLES}: titles must be distinct title ids: {listed}")
    return listed


def service_name(title: str) -> str:
    """The name of a title's rules service: its Kubernetes objects, Compose service, DNS name and
    Prometheus job."""
    return f"rules-{title}"


def address(title: str) -> str:
    return f"dns:///{service_name(title)}:{GRPC_PORT}"


def rules_manifests(template: str, title: str, name: str | None = None) -> str:
    """The template's objects for one title (named `name`, rules-<title> by default: a
    Deployment per rules version can take a name of its own), its leading paragraph (about the
    template itself) left out."""
    text = template.split("#\n", 1)[1]
    return string.Template(text).substitute(title=title, name=name or service_name(title))


def k8s_rules_text(template: str, listed: list[str]) -> str:
    source = "\n# and deploy/k8s/templates/rules.yaml"
    objects = "---\n".join(rules_manifests(template, t) for t in listed)
    return GENERATED.format(source=source) + objects


def addresses_text(listed: list[str]) -> str:
    lines = [f"PLAYHALL_RULES_{title.upper()}={address(title)}" for title in listed]
    return GENERATED.format(source="") + "\n".join(lines) + "\n"


COMPOSE_SERVICE = """\
  ${name}:
    <<: *playhall
    command: ["python", "-m", "playhall.rules_service"]
    environment:
      PLAYHALL_GAME: ${title}
      PLAYHALL_PORT: "${grpc_port}"
      PLAYHALL_METRICS_PORT: "${metrics_port}"
      PLAYHALL_GRACE_SECONDS: "10"
    healthcheck: *grpc-healthcheck

"""

COMPOSE_WAIT = """\
  # A one-shot that ends once every rules service is healthy: the orchestrator waits for it.
  rules:
    <<: *playhall
    restart: "no"
    command: ["python", "-c", "pass"]
    depends_on:
"""


def compose_rules_text(listed: list[str]) -> str:
    """The rules services of docker-compose.yml (its `playhall` and healthcheck anchors)."""
    waits = "".join(
        f"      {service_name(t)}:\n        condition: service_healthy\n" for t in listed
    )
    services = "".join(
        string.Template(COMPOSE_SERVICE).substitute(
            name=service_name(t), title=t, grpc_port=GRPC_PORT, metrics_port=METRICS_PORT
        )
        for t in listed
    )
    return COMPOSE_WAIT + waits + "\n" + services


def between(markers: tuple[str, str], current: str, block: str) -> str:
    """`current` with what stands between its two marker lines replaced by `block`."""
    begin, end = markers
    before, rest = current.split(begin, 1)
    _, after = rest.split(end, 1)
    return before + begin + block + end + after


def prometheus_jobs_text(listed: list[str]) -> str:
    return "".join(
        f"  - job_name: {service_name(t)}\n"
        "    dns_sd_configs:\n"
        f"      - names: [{service_name(t)}]\n"
        "        type: A\n"
        f"        port: {METRICS_PORT}\n"
        for t in listed
    )


def written(deploy: Path = DEPLOY) -> dict[Path, str]:
    """Every generated file of the deploy/ directory `deploy` and the text it should hold."""
    listed = titles(deploy)
    compose = deploy.parent / COMPOSE
    return {
        deploy / K8S_RULES: k8s_rules_text((deploy / K8S_TEMPLATE).read_text(), listed),
        deploy / K8S_ADDRESSES: addresses_text(listed),
        compose: between(COMPOSE_MARKERS, compose.read_text(), compose_rules_text(listed)),
        deploy / COMPOSE_ADDRESSES: addresses_text(listed),
        deploy / PROMETHEUS: between(
            PROMETHEUS_MARKERS, (deploy / PROMETHEUS).read_text(), prometheus_jobs_text(listed)
        ),
    }


def write(deploy: Path = DEPLOY) -> list[Path]:
    """Writes the files of `deploy` that are not current; returns them."""
    changed = []
    for path, text in written(deploy).items():
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            changed.append(path)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deploy.titles", description=__doc__)
    parser.add_argument(
        "--beside",
        nargs=2,
        metavar=("TITLE", "NAME"),
        help="print the template's objects for TITLE named NAME instead (a second deployment "
        "of the title, e.g. a new major rules version beside rules-TITLE: deploy/README.md)",
    )
    args = parser.parse_args(argv)
    if args.beside:
        title, name = args.beside
        print(rules_manifests((DEPLOY / K8S_TEMPLATE).read_text(), title, name), end="")
        return 0
    for path in write():
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
