"""`matchstore.kept.KeptSnapshots`: a match's kept snapshot is answered only for the version it
is of, the newest replaces the older, and the bound holds."""

from __future__ import annotations

from playhall.matchstore.kept import KeptSnapshots


def test_a_snapshot_is_answered_for_its_own_version_only():
    kept = KeptSnapshots(4)
    kept.keep("m1", b"7:record", b"state")
    found = kept.at("m1", 7)
    assert found is not None and (found.version, found.record, found.state) == (
        7,
        b"7:record",
        b"state",
    )
    assert kept.at("m1", 6) is None and kept.at("m1", 8) is None and kept.at("m2", 7) is None
    kept.keep("m1", b"8:newer", b"state 8")
    assert kept.at("m1", 7) is None and kept.at("m1", 8).state == b"state 8"
    kept.forget("m1")
    assert kept.at("m1", 8) is None


def test_at_most_size_matches_are_kept():
    kept = KeptSnapshots(2)
    for n in range(5):
        kept.keep(f"m{n}", b"1:r", b"s")
    assert len(kept) == 2 and kept.at("m4", 1) is not None and kept.at("m0", 1) is None


def test_an_older_snapshot_never_replaces_a_newer_one_and_forgetting_up_to_spares_newer():
    kept = KeptSnapshots(4)
    kept.keep("m1", b"5:newer", b"s5")
    kept.keep("m1", b"4:older", b"s4")  # a read that began before the commit of version 5
    assert kept.at("m1", 5).state == b"s5" and kept.at("m1", 4) is None
    kept.forget("m1", up_to=4)  # the conflict of a move made at version 4
    assert kept.at("m1", 5) is not None
    kept.forget("m1", up_to=5)
    assert kept.at("m1", 5) is None
