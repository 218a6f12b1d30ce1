"""One settings pattern for every service: typed, from the environment, names derived once,
failing fast with the variable's name."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from playhall.bots.settings import WorkerSettings
from playhall.common.settings import SettingsError, load, setting, variables
from playhall.orchestrator.settings import Settings as OrchestratorSettings
from playhall.rules_service.server import Settings as RulesSettings

SETTINGS = (OrchestratorSettings, RulesSettings, WorkerSettings)


@dataclasses.dataclass(frozen=True)
class Example:
    address: str = setting(env="EXAMPLE_ADDRESS")
    limit: int = setting(8, minimum=1)
    ratio: float = setting(0.5)
    verbose: bool = setting(False)


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("EXAMPLE_ADDRESS", "PLAYHALL_LIMIT", "PLAYHALL_RATIO", "PLAYHALL_VERBOSE"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_variables_are_named_from_their_fields_once(clean_env):
    assert variables(Example) == [
        "EXAMPLE_ADDRESS",
        "PLAYHALL_LIMIT",
        "PLAYHALL_RATIO",
        "PLAYHALL_VERBOSE",
    ]
    clean_env.setenv("EXAMPLE_ADDRESS", "here:1")
    clean_env.setenv("PLAYHALL_LIMIT", "3")
    clean_env.setenv("PLAYHALL_VERBOSE", "yes")
    assert load(Example) == Example("here:1", 3, 0.5, True)


def test_flags_win_over_the_environment_unless_not_given(clean_env):
    clean_env.setenv("EXAMPLE_ADDRESS", "here:1")
    clean_env.setenv("PLAYHALL_LIMIT", "3")
    assert load(Example, {"limit": 5, "ratio": None}).limit == 5
    assert load(Example, {"limit": None}).limit == 3


@pytest.mark.parametrize(
    "name, value, reason",
    [
        ("EXAMPLE_ADDRESS", "", "EXAMPLE_ADDRESS must be set"),
        ("PLAYHALL_LIMIT", "many", "PLAYHALL_LIMIT must be a whole number, not 'many'"),
        ("PLAYHALL_LIMIT", "0", "PLAYHALL_LIMIT must be at least 1, not 0"),
        ("PLAYHALL_RATIO", "half", "PLAYHALL_RATIO must be a number, not 'half'"),
    ],
)
def test_a_missing_or_malformed_variable_is_named(clean_env, name, value, reason):
    clean_env.setenv("EXAMPLE_ADDRESS", "here:1")
    clean_env.setenv(name, value)
    with pytest.raises(SettingsError) as refused:
        load(Example)
    assert str(refused.value) == reason


def test_an_optional_setting_is_none_unset_and_parsed_as_its_type_when_set(monkeypatch):
    """A rules service's metrics port is unset by default (its gRPC port + 1000 is used then);
    given by variable or flag, it is a port number, and a malformed one is named."""
    for name in ("PLAYHALL_GAME", "PLAYHALL_METRICS_PORT"):
        monkeypatch.delenv(name, raising=False)
    assert RulesSettings.from_args(["--game", "galileo"]).metrics_port is None
    assert RulesSettings.from_args(["--game", "galileo", "--metrics-port", "0"]).metrics_port == 0
    monkeypatch.setenv("PLAYHALL_METRICS_PORT", "9464")
    assert RulesSettings.from_args(["--game", "galileo"]).metrics_port == 9464
    monkeypatch.setenv("PLAYHALL_METRICS_PORT", "any")
    with pytest.raises(SettingsError, match="PLAYHALL_METRICS_PORT must be a whole number"):
        load(RulesSettings, {"game": "galileo"})


@pytest.mark.parametrize("cls", SETTINGS, ids=lambda cls: cls.__module__)
def test_every_service_reads_playhall_variables_or_its_documented_ones(cls):
    outside = [name for name in variables(cls) if not name.startswith("PLAYHALL_")]
    assert set(outside) <= {"REDIS_URL", "CELERY_BROKER_URL or REDIS_URL"}, outside
    assert len(set(variables(cls))) == len(variables(cls))


def test_importing_the_bot_worker_reads_no_settings():
    """Settings are read when the worker starts: a module that imports the tasks (a test, a
    tool) needs none of the worker's variables."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", "import playhall.bots.tasks"], env=env, capture_output=True
    )
    assert done.returncode == 0, done.stderr.decode()


def test_the_worker_refuses_a_visibility_timeout_within_the_time_limit(monkeypatch):
    monkeypatch.setenv("PLAYHALL_ORCHESTRATOR", "orchestrator:50050")
    monkeypatch.setenv("PLAYHALL_WORKER_CREDENTIAL", "secret")
    monkeypatch.setenv("PLAYHALL_BOT_VISIBILITY_TIMEOUT_S", "60")
    with pytest.raises(SettingsError, match="PLAYHALL_BOT_VISIBILITY_TIMEOUT_S"):
        load(WorkerSettings, broker_url="redis://broker")


@pytest.mark.parametrize("queue", ["bots.live", "bots.batch"])
def test_an_orchestrator_sends_its_bot_turns_to_the_queue_it_names(monkeypatch, queue):
    monkeypatch.setenv("REDIS_URL", "redis://store")
    monkeypatch.setenv("PLAYHALL_WORKER_CREDENTIAL", "secret")
    monkeypatch.setenv("PLAYHALL_GATEWAY_CREDENTIAL", "gateway-secret")
    monkeypatch.setenv("PLAYHALL_RULES_GALILEO", "rules:50051")
    monkeypatch.setenv("PLAYHALL_BOT_QUEUE", queue)
    assert OrchestratorSettings.from_env().bot_queue == queue


def test_an_orchestrator_refuses_a_bot_queue_no_worker_serves(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://store")
    monkeypatch.setenv("PLAYHALL_WORKER_CREDENTIAL", "secret")
    monkeypatch.setenv("PLAYHALL_GATEWAY_CREDENTIAL", "gateway-secret")
    monkeypatch.setenv("PLAYHALL_RULES_GALILEO", "rules:50051")
    monkeypatch.setenv("PLAYHALL_BOT_QUEUE", "bots.tournament")
    with pytest.raises(SettingsError, match="PLAYHALL_BOT_QUEUE must be bots.live or bots.batch"):
        OrchestratorSettings.from_env()
