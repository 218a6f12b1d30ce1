"""`common.recent.Recent`, the bounded map behind every cache a process keeps: the least
recently used entry goes first, a read counts as a use, and a size of 0 keeps nothing."""

from __future__ import annotations

import pytest

from playhall.common.recent import Recent


def test_the_least_recently_used_entry_is_forgotten_first():
    recent: Recent[str, int] = Recent(2)
    recent.put("a", 1)
    recent.put("b", 2)
    assert recent.get("a") == 1  # "b" is now the least recently used
    recent.put("c", 3)
    assert (recent.get("a"), recent.get("b"), recent.get("c")) == (1, None, 3)
    assert len(recent) == 2


def test_writing_a_kept_key_again_replaces_its_value_and_renews_it():
    recent: Recent[str, int] = Recent(2)
    recent.put("a", 1)
    recent.put("b", 2)
    recent.put("a", 10)
    recent.put("c", 3)
    assert (recent.get("a"), recent.get("b")) == (10, None)


def test_pop_forgets_and_a_size_of_zero_keeps_nothing():
    recent: Recent[str, int] = Recent(3)
    recent.put("a", 1)
    assert recent.pop("a") == 1 and recent.pop("a") is None and len(recent) == 0
    none: Recent[str, int] = Recent(0)
    none.put("a", 1)
    assert none.get("a") is None and len(none) == 0
    with pytest.raises(ValueError):
        Recent(-1)
