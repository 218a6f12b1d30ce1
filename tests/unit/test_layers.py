"""The package layers of `services/playhall` (docs/architecture.md, "Layers"): a package imports
only packages of a lower layer (and the generated contracts, `<domain>/v1`, which any may), so
no upward import and no cycle between packages. Read from the source with `ast`, every import of
every module, deferred ones too; the product never imports the development tooling (`dev/`),
the tests or the benchmarks."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import playhall

ROOT = Path(playhall.__file__).parent
LAYERS: list[set[str]] = [
    {"core"},
    {"games"},
    {"common"},
    {"accounts", "rules_service", "conformance", "match_client"},
    {"matchstore"},
    {"archive"},
    {"relations", "access"},
    {"matches"},
    {"matchmaking", "tournaments", "notifications", "social"},
    {"player_service", "api"},
    {"orchestrator", "notifier"},
    {"gateway", "bots", "cli", "canary"},
]
"""Lowest first; packages of one layer do not import each other."""
LAYER = {package: number for number, layer in enumerate(LAYERS) for package in layer}
OUTSIDE = ("dev", "tests", "bench", "deploy")
"""Top-level packages of the repository that the product never imports."""


def package_of(path: Path) -> str:
    return path.relative_to(ROOT).parts[0].removesuffix(".py")


def is_generated(path: Path) -> bool:
    return "v1" in path.relative_to(ROOT).parts


def imported(path: Path) -> list[str]:
    """Every module name `path` imports, at any depth of its code."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def product_modules() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if not is_generated(p))


def room(module: str) -> str | None:
    """The package of `playhall` an import names, None for a generated contract or a module
    outside `playhall`."""
    parts = module.split(".")
    if parts[0] != "playhall" or len(parts) < 2:
        return None
    if len(parts) > 2 and parts[2] == "v1":
        return None
    return parts[1]


@pytest.mark.parametrize("folder", ["bench", "dev", "deploy"])
def test_tooling_imports_nothing_of_the_tests(folder):
    """The benchmarks, the development tooling and the deploy generators stand on their own:
    what they share with the tests lives in `dev/` (e.g. `dev/testbed.py`)."""
    top = ROOT.parent.parent / folder
    wrong = [
        f"{path.relative_to(top.parent)} imports {module}"
        for path in sorted(top.rglob("*.py"))
        for module in imported(path)
        if module.split(".")[0] == "tests"
    ]
    assert not wrong, "; ".join(wrong)


def test_every_package_has_its_layer():
    packages = {package_of(p) for p in product_modules() if package_of(p) != "__init__"}
    unplaced = packages - set(LAYER)
    assert not unplaced, f"place these in LAYERS: {sorted(unplaced)}"


@pytest.mark.parametrize("path", product_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_module_imports_only_packages_below_its_own(path):
    own = package_of(path)
    if own == "__init__":
        return
    wrong = []
    for module in imported(path):
        target = room(module)
        if module.split(".")[0] in OUTSIDE:
            wrong.append(f"{module} (development tooling, tests or benchmarks)")
        elif target is not None and target != own and LAYER[target] >= LAYER[own]:
            wrong.append(f"{module} (layer {LAYER[target]}, not below {own}'s {LAYER[own]})")
    assert not wrong, f"{path.relative_to(ROOT)} imports " + "; ".join(wrong)


PORT_USERS = ("matchmaking", "tournaments")
BEHIND_THE_PORT = (
    "playhall.matches.domain",
    "playhall.matches.commits",
    "playhall.matches.rules_client",
    "playhall.matches.housekeeping",
    "playhall.matches.watchers",
)
"""What the rooms above matches reach only through `matches.port.MatchPort`."""


@pytest.mark.parametrize("room_name", PORT_USERS)
def test_the_rooms_above_matches_use_its_port(room_name):
    wrong = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in sorted((ROOT / room_name).rglob("*.py"))
        if not is_generated(path)
        for module in imported(path)
        if module.startswith(BEHIND_THE_PORT)
    ]
    assert not wrong, "; ".join(wrong)


SERVICE_EDGES = {
    # room: (its service's contract, the modules that read and write its messages)
    "matchstore": ("playhall.match.v1", {"matchstore/wire.py"}),
    "matches": ("playhall.match.v1", {"matches/api.py", "matches/servicer.py"}),
    "matchmaking": ("playhall.matchmaking.v1", {"matchmaking/api.py", "matchmaking/servicer.py"}),
    "tournaments": ("playhall.tournament.v1", {"tournaments/api.py", "tournaments/servicer.py"}),
}
"""Where each service's messages are read and written; the domain below speaks its own types
(the match model of `matchstore/model.py`, `queues.Waiting` and `queues.Matched`, the stored
tournament). The tournaments' store keeps the games' clock as a serialized Clock, which is its
record's form, not a message it answers with."""


@pytest.mark.parametrize("room_name", list(SERVICE_EDGES))
def test_only_the_edges_of_a_room_read_and_write_its_services_messages(room_name):
    contract, edges = SERVICE_EDGES[room_name]
    wrong = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / room_name).rglob("*.py"))
        if not is_generated(path)
        and str(path.relative_to(ROOT)) not in edges
        and contract in imported(path)
    ]
    assert not wrong, f"these speak {contract}'s messages: {wrong}"
