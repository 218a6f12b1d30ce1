"""The Prometheus series of relations: follows and blocks made (a repeat that changes nothing is
not counted). Never labelled with a player."""

from __future__ import annotations

from prometheus_client import Counter

RELATIONS_MADE = Counter(
    "playhall_relations_made",
    "Follows and blocks made (kind=follow, block): new ones only, a repeat changes nothing.",
    ["kind"],
)
for _kind in ("follow", "block"):
    RELATIONS_MADE.labels(_kind)
