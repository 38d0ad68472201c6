"""A private Redis Cluster for tests: redis-servers with ``--cluster-enabled yes`` on free
loopback ports, joined by ``redis-cli --cluster create``, each stopped by its PID."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tests.servers import free_port, require_program, stop_process


class RedisCluster:
    """A private Redis Cluster on free loopback ports: ``masters`` redis-servers with
    ``--cluster-enabled yes`` and ``replicas`` replicas of each, joined by ``redis-cli --cluster
    create``; each server is stopped by its PID. ``url`` names one node, as the app's setting
    does. A node that misses its peers for ``node_timeout`` ms is failed over (Redis's default,
    15 s; a failover test waits less, but below a few seconds a loaded machine's pauses fail
    nodes that are only slow)."""

    def __init__(self, masters: int = 3, replicas: int = 0, node_timeout: int = 15000) -> None:
        self.ports = [_cluster_port() for _ in range(masters * (1 + replicas))]
        self.replicas = replicas
        self.node_timeout = node_timeout
        self.url = f"redis://127.0.0.1:{self.ports[0]}"
        self.processes: dict[int, subprocess.Popen[bytes]] = {}
        self._directory: Path | None = None

    def start(self) -> RedisCluster:
        """Start every node, create the cluster, and wait until it says cluster_state:ok."""
        server = require_program("redis-server", "redis-server")
        cli = require_program("redis-cli", "redis-tools")
        directory = self._directory = Path(tempfile.mkdtemp(prefix="redis-cluster-"))
        for port in self.ports:
            self.processes[port] = subprocess.Popen(
                [
                    server,
                    "--port",
                    str(port),
                    "--bind",
                    "127.0.0.1",
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    str(directory / f"nodes-{port}.conf"),
                    "--cluster-node-timeout",
                    str(self.node_timeout),
                    "--dir",
                    str(directory),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        try:
            self._join(cli)
        except BaseException:
            self.stop()  # no node is left behind
            raise
        return self

    def _join(self, cli: str) -> None:
        """Create the cluster of the started nodes; wait until it is ok and replicas linked."""
        for port in self.ports:
            _wait_for_pong(port)
        addresses = [f"127.0.0.1:{port}" for port in self.ports]
        subprocess.run(
            [
                cli,
                "--cluster",
                "create",
                *addresses,
                "--cluster-replicas",
                str(self.replicas),
                "--cluster-yes",
            ],
            check=True,
            capture_output=True,
            timeout=30,
        )
        deadline = time.monotonic() + 20
        while not all(self.healthy(port) and self.synced(port) for port in self.ports):
            if time.monotonic() > deadline:
                raise RuntimeError("the Redis Cluster did not reach cluster_state:ok")
            time.sleep(0.05)

    def synced(self, port: int) -> bool:
        """Whether the node on ``port`` is a master, or a replica linked to its master: a
        replica that never was refuses to take over (its data would be too old)."""
        replication = self.command(port, "info", "replication")
        return "role:master" in replication or "master_link_status:up" in replication

    def command(self, port: int, *args: str) -> str:
        """``redis-cli -p port args...``'s output."""
        cli = require_program("redis-cli", "redis-tools")
        run = subprocess.run(
            [cli, "-p", str(port), *args], capture_output=True, text=True, timeout=10
        )
        return run.stdout

    def healthy(self, port: int) -> bool:
        """Whether the node on ``port`` says cluster_state:ok."""
        return "cluster_state:ok" in self.command(port, "cluster", "info")

    def master_of(self, key: str) -> int:
        """The port of the master serving ``key``'s slot now (CLUSTER KEYSLOT, CLUSTER NODES)."""
        port = next(port for port in self.ports if port in self.processes)
        slot = int(self.command(port, "cluster", "keyslot", key))
        for line in self.command(port, "cluster", "nodes").splitlines():
            # <id> <ip:port@bus> <flags> <master> <ping> <pong> <epoch> <link> <slots>...
            _, address, flags, _, _, _, _, link, *ranges = line.split()
            if "master" not in flags.split(",") or "fail" in flags or link != "connected":
                continue
            for served in ranges:
                first, _, last = served.partition("-")
                if first.isdigit() and int(first) <= slot <= int(last or first):
                    return int(address.split("@")[0].rsplit(":", 1)[1])
        raise RuntimeError(f"no master serves slot {slot}")

    def kill(self, port: int) -> None:
        """Kill the node on ``port`` at once (SIGKILL, as a machine that dies)."""
        process = self.processes.pop(port)
        process.kill()
        process.wait(10)

    def stop(self) -> None:
        """Stop every node by its PID and remove their files."""
        for process in self.processes.values():
            stop_process(process)
        self.processes.clear()
        if self._directory is not None:
            shutil.rmtree(self._directory, ignore_errors=True)


def _cluster_port() -> int:
    """A free port whose cluster bus port (10000 above it) is free too, and below 65536."""
    while True:
        port = free_port()
        if port + 10000 < 65536:
            with socket.socket() as probe:
                try:
                    probe.bind(("127.0.0.1", port + 10000))
                except OSError:
                    continue
            return port


def _wait_for_pong(port: int) -> None:
    """Wait until the redis-server on ``port`` answers PING."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as conn:
                conn.sendall(b"PING\r\n")
                if conn.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            time.sleep(0.02)
    raise RuntimeError(f"redis-server on port {port} did not start")
