"""The Prometheus rules and the Grafana dashboard of deploy/, without a running stack:
`promtool check rules` on every rules file and `promtool test rules` on its tests (skipped with
the reason when promtool is not installed), every alert annotated and tested, every dashboard
query valid PromQL on recorded series that exist, and the series the rules read existing in the
code from the start. tests/integration/test_prometheus.py runs them on a real Prometheus."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from prometheus_client.metrics import MetricWrapperBase

from deploy import prometheus_rules as k8s
from playhall.archive import archiver
from playhall.common import errors
from playhall.matches import metrics as match_metrics
from playhall.matches.metrics import REFUSAL_REASONS
from playhall.relations import metrics as relations_metrics
from playhall.social import metrics as social_metrics
from tests.monitoring import (
    DASHBOARDS,
    GRAFANA_DIR,
    PROMETHEUS_DIR,
    RULE_TESTS_DIR,
    alerts,
    dashboard_targets,
    metric_names,
    raw_names,
    recorded_names,
    rule_files,
    rules,
    run_promtool,
    seconds,
    with_minutes_as_seconds,
)

ANNOTATIONS = {"summary", "description", "runbook"}
SEVERITIES = {"critical", "warning"}


def test_there_are_recording_and_alerting_rules():
    names = [path.name for path in rule_files()]
    assert names == ["alerts.yml", "recording.yml"]


@pytest.mark.parametrize("path", rule_files(), ids=lambda p: p.name)
def test_promtool_checks_every_rules_file(path):
    checked = run_promtool("check", "rules", path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_promtool_checks_the_config_and_it_loads_every_rules_file():
    checked = run_promtool("check", "config", PROMETHEUS_DIR / "prometheus.yml")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    for path in rule_files():
        assert f"Checking {path}\n" in checked.stdout, checked.stdout


@pytest.mark.parametrize("path", rule_files(), ids=lambda p: p.name)
def test_every_rules_file_has_its_promtool_tests_and_they_pass(path):
    tests = RULE_TESTS_DIR / f"{path.stem.removesuffix('s')}_test.yml"
    if not tests.exists():
        tests = RULE_TESTS_DIR / f"{path.stem}_test.yml"
    assert tests.exists(), f"no promtool tests for {path.name} in {RULE_TESTS_DIR}"
    tested = run_promtool("test", "rules", tests)
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_every_alert_has_a_severity_summary_description_and_runbook():
    for alert in alerts():
        assert alert["labels"]["severity"] in SEVERITIES, alert["alert"]
        annotations = alert["annotations"]
        assert set(annotations) == ANNOTATIONS, alert["alert"]
        assert all(annotations[name].strip() for name in ANNOTATIONS), alert["alert"]
        # a runbook is one short line of what to do
        assert "\n" not in annotations["runbook"] and len(annotations["runbook"]) < 240


def promtool_cases() -> list[dict]:
    cases = []
    for path in sorted(RULE_TESTS_DIR.glob("*_test.yml")):
        for group in yaml.safe_load(path.read_text())["tests"]:
            cases.extend(group.get("alert_rule_test", []))
    return cases


def test_every_alert_is_tested_firing_and_not_firing():
    cases = promtool_cases()
    firing = {case["alertname"] for case in cases if case.get("exp_alerts")}
    quiet = {case["alertname"] for case in cases if not case.get("exp_alerts")}
    names = {alert["alert"] for alert in alerts()}
    assert names - firing == set(), "alerts never tested firing"
    assert names - quiet == set(), "alerts never tested staying quiet"
    assert firing | quiet <= names, "tests of alerts that do not exist"


def test_alerts_and_recording_rules_read_only_recorded_names_or_metrics():
    """Names a rule reads are recorded here or are metrics (checked against a live scrape by the
    integration test); a recording rule is never named by a metric's own name."""
    recorded = recorded_names()
    for path in rule_files():
        for rule in rules(path):
            for name in metric_names(rule["expr"]):
                if ":" in name:
                    assert name in recorded, f"{rule.get('record') or rule['alert']}: {name}"
    assert all(name.count(":") == 2 for name in recorded), recorded


def test_minutes_become_seconds_in_the_rules_of_the_fast_test():
    shortened = yaml.safe_load(with_minutes_as_seconds(PROMETHEUS_DIR / "rules/alerts.yml"))
    durations = {
        rule["alert"]: rule.get("for") for group in shortened["groups"] for rule in group["rules"]
    }
    assert durations["PlayhallMovesRefusedByRules"] == "10s"
    assert durations["PlayhallRulesServiceDown"] == "1s"
    assert seconds("1h30m") == 5400


# -- the dashboard ------------------------------------------------------------------------------


def test_the_dashboard_shows_what_an_operator_needs():
    assert [path.name for path in DASHBOARDS] == ["playhall.json"]
    titles = {title for _, title, _ in dashboard_targets()}
    for needed in (
        "Matches active by title",
        "Moves/s by title",
        "SubmitMove latency, p95",
        "Bot decision time by level",
        "Bot queue depth",
        "MatchService refusals by code",
        "Refused moves by reason",
        "Errors",
        *ARCHIVE_PANELS,
    ):
        assert needed in titles


ARCHIVE_PANELS = (
    "Archive outbox",
    "Archive lag",
    "Archive failures by cause",
    "Archived per second by title",
    "Rating updates per second by title",
)


def exported_series(module) -> set[str]:
    """The sample names the metrics a module defines are scraped as (a counter `x` as
    `x_total`, a histogram as its buckets, sum and count)."""
    suffixes = {"counter": ["_total"], "gauge": [""], "histogram": ["_bucket", "_sum", "_count"]}
    return {
        family.name + suffix
        for value in vars(module).values()
        if isinstance(value, MetricWrapperBase)
        for family in value.describe()
        for suffix in suffixes[family.type]
    }


def test_the_archive_panels_read_what_the_archiver_exports_and_show_all_of_it():
    """Every series an archive panel reads is one archive/archiver.py defines, and each metric
    it defines is on one of them (a renamed or new metric fails here, not on a blank panel)."""
    exported = exported_series(archiver)
    assert {"playhall_archive_outbox", "playhall_archive_lag_seconds"} <= exported
    read = set()
    for _, title, expr in dashboard_targets():
        if title in ARCHIVE_PANELS:
            names = raw_names(expr)
            assert names and names <= exported, (title, names - exported)
            read |= names
    assert read == exported
    # The failures panel splits by the causes the archiver counts.
    (failures,) = [e for _, title, e in dashboard_targets() if title == "Archive failures by cause"]
    assert "by (cause)" in failures
    causes = {s.labels["cause"] for s in archiver.ARCHIVE_FAILURES.collect()[0].samples}
    assert causes == {"database", "redis", "unreadable"}


def test_the_dashboard_marks_the_archive_lag_alerts_threshold():
    (alert,) = [a for a in alerts() if a["alert"] == "PlayhallArchiveLagging"]
    threshold = float(alert["expr"].rsplit(">", 1)[1])
    for path in DASHBOARDS:
        for panel in json.loads(path.read_text())["panels"]:
            if panel["title"] == "Archive lag":
                steps = panel["fieldConfig"]["defaults"]["thresholds"]["steps"]
                assert steps[-1]["value"] == threshold


TOGETHER_PANELS = (
    "Challenges made and answered per second",
    "Challenge declines and late answers per second",
    "Chat messages and refusals per second",
    "Follows and blocks per second",
    "Reports filed and moderation actions per second",
    "Open reports and the oldest's wait",
)


def together_series() -> set[str]:
    """What challenges, chat, relations and moderation export: their counters, and the open
    reports' gauges read at scrape time."""
    chat = {name for name in exported_series(match_metrics) if name.startswith("playhall_chat_")}
    waiting = {family.name for family in social_metrics.ReportsWaitingCollector.families()}
    return exported_series(social_metrics) | exported_series(relations_metrics) | chat | waiting


def test_the_together_panels_read_what_the_social_services_export_and_show_all_of_it():
    exported = together_series()
    assert {"playhall_chat_refused_total", "playhall_reports_oldest_open_seconds"} <= exported
    read = set()
    for _, title, expr in dashboard_targets():
        if title in TOGETHER_PANELS:
            names = raw_names(expr)
            assert names and names <= exported, (title, names - exported)
            read |= names
    assert read == exported
    (row,) = [p for p in json.loads(DASHBOARDS[0].read_text())["panels"] if p["type"] == "row"]
    assert row["title"] == "Together"


def test_the_dashboard_marks_the_reports_waiting_alerts_threshold():
    (alert,) = [a for a in alerts() if a["alert"] == "PlayhallReportsWaiting"]
    threshold = float(alert["expr"].rsplit(">", 1)[1])
    assert "playhall_reports_oldest_open_seconds" in alert["expr"]
    (panel,) = [
        p
        for p in json.loads(DASHBOARDS[0].read_text())["panels"]
        if p["title"] == "Open reports and the oldest's wait"
    ]
    (override,) = panel["fieldConfig"]["overrides"]
    (steps,) = [x["value"]["steps"] for x in override["properties"] if x["id"] == "thresholds"]
    assert steps[-1]["value"] == threshold


def test_every_dashboard_query_is_valid_promql(tmp_path):
    """Each query, as a recording rule, passes `promtool check rules` (which parses it)."""
    targets = dashboard_targets()
    document = {
        "groups": [
            {
                "name": "dashboard",
                "rules": [
                    {"record": f"dashboard:query_{number}:check", "expr": expr}
                    for number, (_, _, expr) in enumerate(targets)
                ],
            }
        ]
    }
    path = tmp_path / "dashboard_queries.yml"
    path.write_text(yaml.safe_dump(document))
    checked = run_promtool("check", "rules", path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"SUCCESS: {len(targets)} rules found" in checked.stdout


def test_every_recorded_name_the_dashboard_reads_is_recorded():
    recorded = recorded_names()
    for _, title, expr in dashboard_targets():
        names = metric_names(expr)
        assert names, (title, expr)
        for name in names:
            if ":" in name:
                assert name in recorded, (title, name)


def test_dashboard_provisioning_names_the_datasource_the_panels_use():
    datasources = yaml.safe_load(
        (GRAFANA_DIR / "provisioning/datasources/prometheus.yml").read_text()
    )["datasources"]
    uids = {source["uid"] for source in datasources if source["type"] == "prometheus"}
    providers = yaml.safe_load((GRAFANA_DIR / "provisioning/dashboards/playhall.yml").read_text())[
        "providers"
    ]
    assert [provider["type"] for provider in providers] == ["file"]
    for path in DASHBOARDS:
        dashboard = json.loads(path.read_text())
        assert dashboard["uid"] and dashboard["title"]
        ids = [panel["id"] for panel in dashboard["panels"]]
        assert len(ids) == len(set(ids))
        for panel in dashboard["panels"]:
            assert panel["datasource"]["uid"] in uids, panel["title"]
            assert all(target["datasource"]["uid"] in uids for target in panel["targets"])


# -- the series the rules rely on ---------------------------------------------------------------


def test_refusal_reasons_are_those_the_orchestrator_counts():
    """`initialize_series` creates each served title's refusal series at 0 under these
    reasons; the rules leave `stale_version` out of the refusals by the rules."""
    kinds = {errors.IllegalByRules.kind, errors.NotNowByRules.kind}
    assert set(REFUSAL_REASONS) == kinds | {"stale_version"}
    assert 'reason!="stale_version"' in (PROMETHEUS_DIR / "rules/recording.yml").read_text()


def test_deploy_readme_lists_every_alert_with_its_runbook():
    """deploy/README.md's table: a row per alert, its runbook line as the alert has it (with
    TITLE, JOB, INSTANCE, QUEUE for the labels)."""
    rows = {
        line.split("|")[1].strip(" `"): line
        for line in (PROMETHEUS_DIR.parent / "README.md").read_text().splitlines()
        if line.startswith("| `Playhall")
    }
    assert set(rows) == {alert["alert"] for alert in alerts()}
    for alert in alerts():
        row = rows[alert["alert"]]
        runbook = re.sub(
            r"\{\{ \$labels\.(\w+) \}\}", lambda m: m[1].upper(), alert["annotations"]["runbook"]
        )
        assert row.startswith(f"| `{alert['alert']}` | {alert['labels']['severity']} |"), row
        assert row.endswith(f"| {runbook} |"), (row, runbook)


UP_SELECTOR = re.compile(r'\bup\{job=~"([^"]+)"\}')


def scraped_jobs() -> set[str]:
    """Every job Prometheus scrapes: prometheus.yml's (Compose) and, in a cluster, each
    Deployment's app.kubernetes.io/name (the prod PodMonitor's jobLabel)."""
    config = yaml.safe_load((PROMETHEUS_DIR / "prometheus.yml").read_text())
    jobs = {job["job_name"] for job in config["scrape_configs"]} - {"prometheus"}
    for m in k8s.render(k8s.OVERLAYS["prod"]):
        if m["kind"] == "Deployment":
            jobs.add(m["spec"]["template"]["metadata"]["labels"]["app.kubernetes.io/name"])
    return jobs


def test_every_scraped_component_is_watched_by_the_target_down_alert_and_the_dashboard():
    """A component of its own (the batch bot workers, a new title's rules service) is alerted on
    when a replica is down and shown on the dashboard's targets panel."""
    jobs = scraped_jobs()
    assert {"bot-worker", "bot-worker-batch", "orchestrator"} <= jobs
    (down,) = [a for a in alerts() if a["alert"] == "PlayhallTargetDown"]
    (alerted,) = UP_SELECTOR.findall(down["expr"])
    shown = [pattern for _, _, expr in dashboard_targets() for pattern in UP_SELECTOR.findall(expr)]
    assert shown
    for pattern in (alerted, *shown):
        unwatched = sorted(job for job in jobs if not re.fullmatch(pattern, job))
        assert not unwatched, f"{pattern!r} misses {unwatched}"
