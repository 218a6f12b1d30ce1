"""The orchestrator's typed refusals and the one table that maps them to status codes: every
refusal class has a status, and the statuses are exactly those MatchService's contract names."""

import inspect
import re
from pathlib import Path

import grpc

from playhall.orchestrator import errors
from playhall.orchestrator.servicer import STATUS_OF, status_code

PROTO = Path(__file__).parents[2] / "protos/playhall/match/v1/match_service.proto"


def contract_codes() -> set[str]:
    """The status names in the comment above `service MatchService`."""
    text = PROTO.read_text()
    comment = text[: text.index("service MatchService")].rsplit("\n\n", 1)[-1]
    return {code.name for code in grpc.StatusCode if re.search(rf"\b{code.name}\b", comment)}


def test_every_refusal_class_has_a_status():
    classes = [
        cls
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        # RefusedByRules only marks the rules' refusals; each of them has its own meaning.
        if issubclass(cls, errors.MatchError)
        and cls not in (errors.MatchError, errors.RefusedByRules)
    ]
    assert len(classes) >= 10
    for cls in classes:
        error = cls.__new__(cls)
        assert isinstance(status_code(error), grpc.StatusCode), cls


def test_the_statuses_are_those_the_contract_names():
    assert {code.name for code in STATUS_OF.values()} == contract_codes()


def test_a_rules_refusal_keeps_its_meaning():
    assert status_code(errors.IllegalByRules("x")) == grpc.StatusCode.INVALID_ARGUMENT
    assert status_code(errors.NotNowByRules("x")) == grpc.StatusCode.FAILED_PRECONDITION
    stale = errors.StaleVersion(7, 5)
    assert status_code(stale) == grpc.StatusCode.FAILED_PRECONDITION
    assert stale.current == 7 and "version 7" in stale.reason
