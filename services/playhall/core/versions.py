"""Rules versions, as `GameInfo.rules_version` names them: "<title>/<major>.<minor>".

What the numbers promise: every minor version of a major plays every game exactly as the others
do (same states, events, scores and winners for the same seed and moves; the replay canary,
`playhall.canary`, checks it against the archive). A change to how any recorded game would
play out is a new major. So a match may continue on any service of its major and on no other,
and a state of another major is refused (`GameInfo.check_rules_version`)."""

from __future__ import annotations

from collections.abc import Iterable


def major(version: str) -> str:
    """The version without its minor part: "galileo/1.2" is "galileo/1"."""
    return version.split(".", 1)[0]


def compatible(version: str, other: str) -> bool:
    """Whether a match started on `version` may be continued by a service of `other`."""
    return major(version) == major(other)


def order(version: str) -> tuple[int, ...]:
    """A sort key: "x/1.10" after "x/1.9" after "x/1"; a part that is not a number sorts
    before every number."""
    numbers = version.rpartition("/")[2].split(".")
    return tuple(int(part) if part.isdigit() else -1 for part in numbers)


def newest(versions: Iterable[str]) -> str:
    return max(versions, key=order)
