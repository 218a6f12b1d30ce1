"""The embedded cluster's setup under load: a node whose CLUSTER MEET handshake Redis dropped
(it outlasted the node timeout) is met again rather than left out of the cluster for good, and
a node whose port another server took does not pass for started, and the processes of a
parallel test run pick ports from shares of their own."""

from __future__ import annotations

import time

import pytest

from dev.process import PORT_SHARE_ENV, free_ports
from dev.redis_server import ClusterNode, EmbeddedRedisCluster, free_port_pairs


def known_ports(cluster: EmbeddedRedisCluster) -> set[int]:
    nodes = cluster.nodes[0].client().execute_command("CLUSTER", "NODES").decode()
    return {int(line.split()[1].split("@")[0].rsplit(":", 1)[1]) for line in nodes.splitlines()}


def test_nodes_the_first_does_not_know_are_met_until_it_knows_them_all():
    cluster = EmbeddedRedisCluster(masters=2, replicas=0)
    try:
        for node in cluster.nodes:
            node.start()
        # As after a dropped handshake: no MEET has reached the second node.
        assert known_ports(cluster) == {cluster.nodes[0].port}
        cluster._meet(time.monotonic() + 20)
        assert known_ports(cluster) == {node.port for node in cluster.nodes}
        flags = cluster.nodes[0].client().execute_command("CLUSTER", "NODES").decode()
        assert "handshake" not in flags
    finally:
        cluster.close()


def test_a_cluster_forms_with_its_replicas():
    with EmbeddedRedisCluster(masters=2, replicas=1) as cluster:
        roles = sorted(node.client().execute_command("ROLE")[0].decode() for node in cluster.nodes)
        assert roles == ["master", "master", "slave", "slave"]


def test_a_node_whose_port_is_taken_fails_to_start_though_another_server_answers_there(tmp_path):
    holder = ClusterNode(tmp_path / "holder", free_port_pairs(1)[0], 1000).start()
    try:
        late = ClusterNode(tmp_path / "late", holder.port, 1000)
        with pytest.raises(RuntimeError, match="did not start"):
            late.start()
        assert not late.alive()
    finally:
        holder.stop()


def test_the_ports_of_one_cluster_are_all_different():
    ports = free_port_pairs(200)
    assert len(set(ports)) == len(ports)


def test_a_process_with_a_port_share_picks_only_from_it(monkeypatch):
    monkeypatch.setenv(PORT_SHARE_ENV, "1/2")
    assert all(port % 2 == 1 for port in free_ports(100))
    assert all(port % 2 == 1 for port in free_port_pairs(100))
    monkeypatch.setenv(PORT_SHARE_ENV, "2/3")
    assert all(port % 3 == 2 for port in free_ports(100))
