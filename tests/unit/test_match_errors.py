"""The orchestrator's typed refusals and the one table that maps them to status codes: every
refusal class has a status, and the statuses are exactly those named by the contracts of the
services that share the table (MatchService, PlayerService, MatchmakingService,
TournamentService and the social services: FriendsService, ChallengeService, ChatService,
ModerationService)."""

import inspect
import re
from pathlib import Path

import grpc

from playhall.common import errors
from playhall.matches.servicer import STATUS_OF, status_code

PROTOS = Path(__file__).parents[2] / "protos/playhall"
SERVICES = {
    "MatchService": PROTOS / "match/v1/match_service.proto",
    "PlayerService": PROTOS / "players/v1/player_service.proto",
    "MatchmakingService": PROTOS / "matchmaking/v1/matchmaking_service.proto",
    "TournamentService": PROTOS / "tournament/v1/tournament_service.proto",
    "FriendsService": PROTOS / "social/v1/friends_service.proto",
    "ChallengeService": PROTOS / "social/v1/challenge_service.proto",
    "ChatService": PROTOS / "social/v1/chat_service.proto",
    "ModerationService": PROTOS / "social/v1/moderation_service.proto",
}


def contract_codes(service: str) -> set[str]:
    """The status names in the comment above `service <service>`."""
    text = SERVICES[service].read_text()
    comment = text[: text.index(f"service {service} ")]
    comment = comment[comment.rindex("\n\n//") :] if "\n\n//" in comment else comment
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
    """Every status of the table is named by a contract of a service that shares it, and every
    status a contract names is one the table gives."""
    table = {code.name for code in STATUS_OF.values()}
    named = {service: contract_codes(service) for service in SERVICES}
    assert table == set().union(*named.values())
    assert "RESOURCE_EXHAUSTED" in named["ChatService"]
    assert "UNIMPLEMENTED" in named["PlayerService"]


def test_a_rules_refusal_keeps_its_meaning():
    assert status_code(errors.IllegalByRules("x")) == grpc.StatusCode.INVALID_ARGUMENT
    assert status_code(errors.NotNowByRules("x")) == grpc.StatusCode.FAILED_PRECONDITION
    stale = errors.StaleVersion(7, 5)
    assert status_code(stale) == grpc.StatusCode.FAILED_PRECONDITION
    assert stale.current == 7 and "version 7" in stale.reason
