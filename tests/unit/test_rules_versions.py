"""What a rules version promises (`core.versions`) and how the orchestrator is told where each
version of a title runs (`PLAYHALL_RULES_<TITLE>`, `;` between deployments)."""

from __future__ import annotations

import pytest

from playhall.common.settings import SettingsError
from playhall.core import versions
from playhall.orchestrator.settings import _rules_services


def test_a_match_continues_on_its_major_only():
    assert versions.compatible("galileo/1.0", "galileo/1.7")
    assert versions.compatible("galileo/1", "galileo/1.2")
    assert not versions.compatible("galileo/1.0", "galileo/2.0")
    assert not versions.compatible("galileo/1.0", "galileo/10.0")
    assert not versions.compatible("galileo/1.0", "einstein/1.0")


def test_the_newest_version_orders_by_number_not_text():
    assert versions.newest(["race/1.9", "race/1.10", "race/1"]) == "race/1.10"
    assert versions.newest(["race/2.0", "race/10.0"]) == "race/10.0"
    assert versions.newest(["race/1.beta", "race/1.0"]) == "race/1.0"


def test_each_deployment_of_a_title_is_a_group_of_addresses(monkeypatch):
    monkeypatch.setenv("PLAYHALL_RULES_RACE", "10.0.0.1:1,10.0.0.2:1; dns:///rules-race-2:50051;")
    monkeypatch.setenv("PLAYHALL_RULES_GALILEO", "dns:///rules-galileo:50051")
    assert _rules_services() == {
        "galileo": [["dns:///rules-galileo:50051"]],
        "race": [["10.0.0.1:1", "10.0.0.2:1"], ["dns:///rules-race-2:50051"]],
    }
    monkeypatch.setenv("PLAYHALL_RULES_RACE", "rules-a:1,rules-b:1;dns:///rules-race-2:50051")
    with pytest.raises(SettingsError, match="rules-a:1, rules-b:1"):
        _rules_services()
