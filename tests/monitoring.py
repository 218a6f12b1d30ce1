"""What the monitoring tests share: the repository's Prometheus rule files, its Grafana dashboard,
the metric names a PromQL expression reads, and promtool. A plain module, imported by name."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
PROMETHEUS_DIR = ROOT / "deploy" / "prometheus"
RULES_DIR = PROMETHEUS_DIR / "rules"
RULE_TESTS_DIR = PROMETHEUS_DIR / "tests"
GRAFANA_DIR = ROOT / "deploy" / "grafana"
DASHBOARDS = sorted((GRAFANA_DIR / "dashboards").glob("*.json"))

PROMETHEUS_MADE = {"up", "ALERTS", "ALERTS_FOR_STATE"}
"""Series Prometheus makes itself rather than scrapes."""


def rule_files() -> list[Path]:
    return sorted(RULES_DIR.glob("*.yml"))


def rules(path: Path) -> list[dict]:
    """Every rule of a rules file, in order."""
    return [rule for group in yaml.safe_load(path.read_text())["groups"] for rule in group["rules"]]


def all_rules() -> list[dict]:
    return [rule for path in rule_files() for rule in rules(path)]


def recorded_names() -> set[str]:
    return {rule["record"] for rule in all_rules() if "record" in rule}


def alerts() -> list[dict]:
    return [rule for rule in all_rules() if "alert" in rule]


def dashboard_targets() -> list[tuple[str, str, str]]:
    """(dashboard file, panel title, expression) of every query of every dashboard."""
    found = []
    for path in DASHBOARDS:
        for panel in json.loads(path.read_text())["panels"]:
            for target in panel.get("targets", []):
                found.append((path.name, panel["title"], target["expr"]))
    return found


# -- metric names in PromQL ---------------------------------------------------------------------

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`')
_MATCHERS = re.compile(r"\{[^}]*\}")
_RANGES = re.compile(r"\[[^\]]*\]")
_CLAUSES = re.compile(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)")
_WORD = re.compile(r"(?<![\w.:])[A-Za-z_:][A-Za-z0-9_:]*")
_KEYWORDS = {"and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring"}
_KEYWORDS |= {"group_left", "group_right", "Inf", "NaN", "inf", "nan"}


def metric_names(expr: str) -> set[str]:
    """The metric names an expression selects: every identifier that is not a function or an
    aggregation (followed by a parenthesis), a keyword or inside label matchers, strings,
    ranges or grouping clauses. (Expressions that select by `{__name__=...}` alone are not
    used here.)"""
    text = _STRING.sub('""', expr)
    text = _MATCHERS.sub(" ", text)
    text = _RANGES.sub(" ", text)
    text = _CLAUSES.sub(" ", text)
    names = set()
    for word in _WORD.finditer(text):
        if word.group() in _KEYWORDS or text[word.end() :].lstrip().startswith("("):
            continue
        names.add(word.group())
    return names


def raw_names(expr: str) -> set[str]:
    """The scraped metric names `expr` reads, through the recording rules it names."""
    recorded = {rule["record"]: rule["expr"] for rule in all_rules() if "record" in rule}
    seen: set[str] = set()
    pending = list(metric_names(expr))
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in recorded:
            pending.extend(metric_names(recorded[name]))
    return {name for name in seen if name not in recorded}


# -- promtool -----------------------------------------------------------------------------------


def promtool() -> str:
    """The promtool binary; skips the test without it."""
    found = shutil.which("promtool")
    if found is None:
        pytest.skip(
            "promtool is not installed (Debian package `prometheus`: `apt-get install "
            "prometheus`, which .ci/run does when it runs as root)"
        )
    return found


def run_promtool(*args: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [promtool(), *map(str, args)], capture_output=True, text=True, timeout=120, check=False
    )


# -- rules for a fast test ----------------------------------------------------------------------

_DURATION = re.compile(r"(\d+)(ms|s|m|h|d|w|y)")
_SECONDS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800, "y": 31536000}


def seconds(duration: str) -> float:
    """A Prometheus duration ("1h30m", "15s") in seconds."""
    parts = _DURATION.findall(duration)
    assert parts and "".join(n + u for n, u in parts) == duration, duration
    return sum(int(n) * _SECONDS[u] for n, u in parts)


def with_minutes_as_seconds(path: Path) -> str:
    """The rules file at `path` with every alert's `for:` a 60th of it (a minute becomes a
    second), for a test that cannot wait minutes; the expressions stay as they are."""
    document = yaml.safe_load(path.read_text())
    for group in document["groups"]:
        for rule in group["rules"]:
            if "for" in rule:
                rule["for"] = f"{max(1, round(seconds(rule['for']) / 60))}s"
    return yaml.safe_dump(document, sort_keys=False)
