"""Integration tests of what the orchestrator keeps in Redis and how it accounts for it.

Everything is real: the session's redis-server, Galileo rules service and orchestrator (replica
A), plus a second orchestrator on the same Redis (replica B, started here). The tests read
Redis directly to check the stored form of a match: the server-drawn seed, token hashes, one
hash tag (one Cluster slot) per match, the event log as a stream, and the rules version; and
they check the lobby, the refusal of unknown options and the conflict metrics through
MatchService. Every test runs again on the session's Redis Cluster (`BACKENDS`), reading it
with a cluster client.
"""

from __future__ import annotations

import hashlib
from functools import partial

import grpc
import pytest
import redis
import redis.crc

from dev.testbed import TIMEOUT
from playhall.core.wire import moves_as_any
from playhall.galileo.v1 import galileo_pb2 as gal
from playhall.match.v1 import match_service_pb2 as pb
from playhall.match_client import MatchClient, human_seats
from playhall.matchstore.store import match_key
from playhall.rules.v1 import rules_service_pb2 as rpb
from playhall.storage.v1 import storage_pb2
from tests.helpers import (
    TITLE,
    assert_refused,
    metric,
    pick,
    race,
    scrape,
    seat_clients,
    split,
    view_of,
)

BACKENDS = ["redis", "cluster"]
"""Every test runs on the single Redis and on the Redis Cluster (`integration/conftest.py`)."""
RUNNING, FINISHED = pb.MATCH_PHASE_RUNNING, pb.MATCH_PHASE_FINISHED
INVALID = grpc.StatusCode.INVALID_ARGUMENT
PRECONDITION = grpc.StatusCode.FAILED_PRECONDITION


# -- fixtures -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def db(backend):
    client = backend.client()
    yield client
    client.close()


# -- helpers ------------------------------------------------------------------------------------


def create(client: MatchClient, players: int) -> pb.CreateMatchResponse:
    """A Galileo match of human seats with no seed from the client: the server draws one."""
    return client.create(TITLE, human_seats(players))


def play_first_picks(spectator: MatchClient, created: pb.CreateMatchResponse) -> gal.View:
    """Both seats of a 2-player match pick (versions 1 and 2); the spectator's view of the
    take step that follows."""
    match_id = created.match.match_id
    for number in (0, 1):
        player = seat_clients([spectator.channel], created)[number]
        player.submit(match_id, pick(view_of(player.get(match_id)).hand[0]), number)
    view = view_of(spectator.get(match_id))
    assert view.phase == gal.PHASE_TAKE
    return view


def match_keys(db: redis.Redis, match_id: str) -> list[bytes]:
    """Every key whose name contains the match id."""
    return sorted(db.scan_iter(match=f"*{match_id}*", count=1000))


def contents(db: redis.Redis, key: bytes) -> list[bytes]:
    """Everything stored under `key` (members, fields, values, stream entries), as bytes."""
    kind = db.type(key)
    if kind == b"string":
        return [db.get(key) or b""]
    if kind == b"hash":
        return [part for item in db.hgetall(key).items() for part in item]
    if kind == b"list":
        return db.lrange(key, 0, -1)
    if kind == b"set":
        return list(db.smembers(key))
    if kind == b"zset":
        return [member for member, _ in db.zrange(key, 0, -1, withscores=True)]
    if kind == b"stream":
        return [
            part
            for entry_id, fields in db.xrange(key)
            for part in (entry_id, *fields.keys(), *fields.values())
        ]
    assert kind == b"none", (key, kind)  # expired since the scan
    return []


def stored_match(db: redis.Redis, match_id: str) -> storage_pb2.StoredMatch:
    """The match's record, parsed as the store does: "<version>:<StoredMatch>"."""
    version, _, record = db.get(match_key(match_id)).partition(b":")
    assert version.isdigit(), version
    return storage_pb2.StoredMatch.FromString(record)


def listed(client: MatchClient, phase: int = 0) -> set[str]:
    return {m.match_id for m in client.list_matches(TITLE, phase, limit=500)}


# -- the seed -----------------------------------------------------------------------------------


def test_the_server_draws_a_fresh_256_bit_seed_for_each_match(spectator):
    """Without a client seed, each match gets its own 32 random bytes: their SHA-256 is
    published at creation, and the seed itself once the match has ended (here by a
    resignation, which ends a 2-player match)."""
    seeds = []
    for _ in range(2):
        created = create(spectator, 2)
        assert not created.match.seed, "the seed is secret until the end"
        ended = seat_clients([spectator.channel], created)[0].resign(created.match.match_id).match
        assert ended.phase == FINISHED
        assert len(ended.seed) == 32
        assert hashlib.sha256(ended.seed).digest() == created.match.seed_sha256
        seeds.append(ended.seed)
    assert seeds[0] != seeds[1]


# -- what Redis holds ---------------------------------------------------------------------------


def test_seat_tokens_are_stored_only_as_sha256_hashes(spectator, db):
    """No seat token appears in clear in any key name or value in Redis (the match's own keys,
    the lobby and every index); the match record holds the hex SHA-256 of each token."""
    created = create(spectator, 3)
    match_id = created.match.match_id
    tokens = {t.seat: t.token for t in created.tokens}
    player = seat_clients([spectator.channel], created)[0]
    player.submit(
        match_id, moves_as_any(player.get(match_id).legal_moves)[0], 0
    )  # an idempotency record too

    assert len(match_keys(db, match_id)) == 4
    everything = [part for key in db.scan_iter(count=1000) for part in (key, *contents(db, key))]
    assert any(match_id.encode() in part for part in everything)
    for number, token in tokens.items():
        assert not any(token.encode() in part for part in everything), f"seat {number}'s token"
    hashes = {
        number: hashlib.sha256(token.encode()).hexdigest() for number, token in tokens.items()
    }
    assert dict(stored_match(db, match_id).token_hashes) == hashes


def test_every_key_of_a_match_is_in_its_hash_slot_and_its_log_is_a_stream(spectator, db):
    """Each key of a match carries the hash tag {match_id}, so a Redis Cluster keeps them in
    one slot (the one of the match id); the event log is a Redis Stream with one entry per
    committed change (versions 0 to the last), which GetHistory returns."""
    created = create(spectator, 2)
    match_id = created.match.match_id
    view = play_first_picks(spectator, created)
    taker = seat_clients([spectator.channel], created)[view.order[view.take_index]]
    taker.submit(match_id, moves_as_any(taker.get(match_id).legal_moves)[0], 2)
    final = seat_clients([spectator.channel], created)[0].resign(match_id).match
    assert final.version == 4

    keys = match_keys(db, match_id)
    assert len(keys) == 4, keys  # record, state, log, idempotency records
    assert all(f"{{{match_id}}}".encode() in key for key in keys), keys
    assert {redis.crc.key_slot(key) for key in keys} == {redis.crc.key_slot(match_id.encode())}

    streams = [key for key in keys if db.type(key) == b"stream"]
    assert len(streams) == 1, keys
    entries = db.xrange(streams[0])
    versions = list(range(final.version + 1))
    assert [entry_id.decode() for entry_id, _ in entries] == [f"{v}-1" for v in versions]
    logged = [storage_pb2.StoredChange.FromString(f[b"change"]).version for _, f in entries]
    assert logged == versions
    assert [c.version for c in spectator.history(match_id).changes] == versions


def test_a_match_records_the_rules_version_it_started_with(spectator, db, rules_stub):
    """The rules version the rules service reports (GetGameInfo, and ListGames through the
    orchestrator) is the match's rules_version: at creation, on reads and in its record."""
    rules_info = rules_stub.GetGameInfo(rpb.GetGameInfoRequest(), timeout=TIMEOUT).game
    assert rules_info.rules_version
    games = {game.title_id: game for game in spectator.list_games()}
    assert games[TITLE].rules_version == rules_info.rules_version

    created = create(spectator, 2)
    match_id = created.match.match_id
    assert created.match.rules_version == rules_info.rules_version
    assert spectator.get(match_id).match.rules_version == rules_info.rules_version
    assert stored_match(db, match_id).rules_version == rules_info.rules_version


# -- the lobby and creation ---------------------------------------------------------------------


def test_a_just_finished_match_is_listed_as_finished_and_no_longer_as_running(spectator):
    """ListMatches by phase: a match that has just ended is in the finished list (asked first,
    before any read of the running list could re-file it) and out of the running list, where
    a match still being played stays."""
    ended, running = create(spectator, 2), create(spectator, 2)
    resigned = seat_clients([spectator.channel], ended)[0].resign(ended.match.match_id)
    assert resigned.match.phase == FINISHED
    ended_id, running_id = ended.match.match_id, running.match.match_id

    finished_list = spectator.list_matches(TITLE, FINISHED, limit=500)
    assert ended_id in {m.match_id for m in finished_list}
    assert running_id not in {m.match_id for m in finished_list}
    assert {m.phase for m in finished_list} == {FINISHED}
    running_ids = listed(spectator, RUNNING)
    assert running_id in running_ids and ended_id not in running_ids


def test_an_unknown_option_is_refused_by_name_and_creates_nothing(replica_a, spectator):
    """CreateMatch passes options to the rules service's NewGame, which refuses a name Galileo
    does not declare: INVALID_ARGUMENT naming the option, and no match is created."""

    def created_count() -> float:
        return metric(scrape(replica_a.metrics_port), "playhall_matches_created_total")

    before, count_before = listed(spectator), created_count()
    options = {"no_such_option": rpb.OptionValue(int_value=3)}
    details = assert_refused(INVALID, spectator.create, TITLE, human_seats(2), b"", None, options)
    assert "no_such_option" in details
    assert listed(spectator) == before
    assert created_count() == count_before


# -- the conflict metrics -----------------------------------------------------------------------


def test_racing_takes_count_stale_refusals_and_commit_conflicts(
    replica_a, replica_b, channel_a, channel_b, spectator
):
    """Eight different submissions of one seat's take at the same expected_version race
    through both replicas, in 8 matches. One wins each race; every loser is refused as stale
    (`playhall_moves_refused{reason="stale_version"}`, summed over both replicas, counts
    each once). A loser that read the match before the winner committed fails its commit
    (`playhall_commit_conflicts`) and, after re-reading, is refused as stale: so conflicts
    are at most one per loser, and in practice many over 8 races (18 to 38 of 56 in ten
    runs), so at least one is asserted."""

    def totals() -> tuple[float, float]:
        samples = [s for r in (replica_a, replica_b) for s in scrape(r.metrics_port)]
        stale = metric(samples, "playhall_moves_refused_total", title=TITLE, reason="stale_version")
        return stale, metric(samples, "playhall_commit_conflicts_total", title=TITLE)

    stale_before, conflicts_before = totals()
    losers = 0
    for _ in range(8):
        created = create(spectator, 2)
        match_id = created.match.match_id
        view = play_first_picks(spectator, created)
        token = created.tokens[view.order[view.take_index]].token
        racers = [MatchClient(ch, token, timeout_s=TIMEOUT) for ch in [channel_a, channel_b] * 4]
        moves = list(moves_as_any(racers[0].get(match_id).legal_moves))
        results = race(
            *(partial(r.submit, match_id, moves[i % len(moves)], 2) for i, r in enumerate(racers))
        )
        won, lost = split(results)
        assert len(won) == 1 and won[0].version == 3, results
        assert all(e.code() == PRECONDITION and "version 3" in e.details() for e in lost), lost
        assert spectator.get(match_id).match.version == 3
        losers += len(lost)
    stale_after, conflicts_after = totals()
    assert stale_after - stale_before == losers
    assert 1 <= conflicts_after - conflicts_before <= losers
