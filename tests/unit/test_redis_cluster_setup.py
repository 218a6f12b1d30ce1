"""The embedded cluster's setup under load: a node whose CLUSTER MEET handshake Redis dropped
(it outlasted the node timeout) is met again rather than left out of the cluster for good."""

from __future__ import annotations

import time

from playhall.common.redis_server import EmbeddedRedisCluster


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
