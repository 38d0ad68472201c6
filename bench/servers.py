"""The benchmark's own servers: gunicorn and redis-server on free loopback ports, by PID."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
WORKERS = 2  # every app server gets the same gunicorn settings
# How the servers are run: "gevent" is the app's own model (webapp/serving.py); "gthread" (128
# threads, the model before) and "sync" (gunicorn's default) are its settings with another
# worker class, measured beside it (bench/serving.py).
SERVING = {
    "gevent": [],
    "gthread": ["-k", "gthread", "--threads", "128"],
    "sync": ["-k", "sync"],
}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """A child process serving on ``port``; stopped by its PID. Its output is dropped (a
    bench's servers log every request), or written to ``$BENCH_LOGS/<program>-<port>.log``
    when that folder is named, to read a long run's errors afterwards."""

    def __init__(self, argv: list[str], port: int, env: dict[str, str] | None = None) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        logs = os.environ.get("BENCH_LOGS")
        with contextlib.ExitStack() as opened:
            output: int | IO[bytes] = subprocess.DEVNULL
            if logs:  # the child holds its own copy of the file, closed here
                Path(logs).mkdir(parents=True, exist_ok=True)
                output = opened.enter_context(
                    open(Path(logs) / f"{Path(argv[0]).name}-{port}.log", "ab")
                )
            self.process = subprocess.Popen(
                argv, cwd=ROOT, env={**os.environ, **(env or {})}, stdout=output, stderr=output
            )

    def stop(self) -> None:
        """SIGTERM it (gunicorn's master stops its workers), then wait."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def children(self) -> list[int]:
        """The PIDs of its children (gunicorn's workers), from /proc."""
        with contextlib.suppress(OSError):
            children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
            return [int(pid) for pid in children.read_text().split()]
        return []

    def cpu_seconds(self) -> float:
        """CPU time used so far by it and its children (gunicorn's workers), from /proc."""
        return sum(self.cpu_split())

    def cpu_split(self) -> tuple[float, float]:
        """``cpu_seconds`` in user and in system time."""
        user = system = 0
        for pid in [self.process.pid, *self.children()]:
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                user, system = user + int(fields[11]), system + int(fields[12])
        return user / os.sysconf("SC_CLK_TCK"), system / os.sysconf("SC_CLK_TCK")

    def workers_rss(self) -> int:
        """Bytes of memory its children (gunicorn's workers) hold now (VmRSS), from /proc."""
        total = 0
        for pid in self.children():
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        return total

    def check_alive(self) -> None:
        """Raise if it has exited."""
        if self.process.poll() is not None:
            raise RuntimeError(f"{self.process.args!r} exited with {self.process.returncode}")


def gunicorn(app: str, env: dict[str, str], serving: str = "gevent") -> Server:
    """gunicorn serving ``app`` with 2 workers on a free port, answering before this returns:
    with the app's settings (``-c python:webapp.serving``) and the worker class of
    ``serving``."""
    port = free_port()
    program = str(Path(sys.executable).with_name("gunicorn"))
    # "profiled": the app's settings, each worker under cProfile (bench/profiled.py); "cpu":
    # each worker's CPU split by the requests it served (bench/cpu_by_kind.py).
    if serving in ("profiled", "cpu"):
        model = [
            "-c",
            "python:bench.profiled" if serving == "profiled" else "python:bench.cpu_by_kind",
        ]
    else:
        model = ["-c", "python:webapp.serving", *SERVING[serving]]
    argv = [program, *model, "--workers", str(WORKERS), "--bind", f"127.0.0.1:{port}", app]
    # Every client of the bench comes from one address, which the app's limits per address
    # (new matches, new sessions) would answer with 429s: the bench measures play, not them.
    return answering(Server(argv, port, {"FLASK_LIMITS": "false", **env}), app)


def answering(server: Server, name: str) -> Server:
    """``server`` once it answers HTTP (any status), within 30 s; stopped, and an error
    naming ``name``, if it does not."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        server.check_alive()
        try:
            with urllib.request.urlopen(server.url + "/static/favicon.svg", timeout=1):
                return server
        except urllib.error.HTTPError:
            return server  # it answers (the bare app has no static files)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.05)
    server.stop()
    raise RuntimeError(f"{name} did not answer within 30 s")


def wrk_options(parser: argparse.ArgumentParser, duration: int = 5, rounds: int = 3) -> None:
    """Add the options every wrk bench takes: seconds per run, rounds, connections."""
    parser.add_argument("--duration", type=int, default=duration, help="seconds per wrk run")
    parser.add_argument("--rounds", type=int, default=rounds, help="measured rounds (median)")
    parser.add_argument("--connections", type=int, default=4, help="wrk connections = threads")


def redis_server(program: str) -> Server:
    """A private redis-server with no persistence, accepting connections before this returns."""
    port = free_port()
    argv = [program, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no"]  # fmt: skip
    server = Server(argv, port)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        server.check_alive()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as connection:
                connection.sendall(b"PING\r\n")
                if connection.recv(16).startswith(b"+PONG"):
                    return server
        except OSError:
            time.sleep(0.02)
    server.stop()
    raise RuntimeError("redis-server did not start")


class Cluster:
    """A private Redis Cluster of ``masters`` redis-servers (no replicas) joined by
    ``redis-cli --cluster create``; ``url`` names its first node, as FLASK_REDIS_URL does."""

    def __init__(self, program: str, cli: str, directory: Path, masters: int = 3) -> None:
        self.nodes: list[Server] = []
        self.cli = cli
        try:
            for _ in range(masters):
                port = _cluster_port()
                self.nodes.append(Server([
                    program, "--port", str(port), "--bind", "127.0.0.1",
                    "--cluster-enabled", "yes", "--cluster-config-file",
                    str(directory / f"nodes-{port}.conf"), "--dir", str(directory),
                    "--save", "", "--appendonly", "no"], port))  # fmt: skip
            for node in self.nodes:
                _wait_for_pong(node)
            addresses = [f"127.0.0.1:{node.port}" for node in self.nodes]
            create = [cli, "--cluster", "create", *addresses, "--cluster-replicas", "0"]
            subprocess.run([*create, "--cluster-yes"], check=True, capture_output=True, timeout=30)
            self._wait_until_ok()
        except BaseException:
            self.stop()
            raise
        self.port = self.nodes[0].port
        self.url = f"redis://127.0.0.1:{self.port}"

    def _wait_until_ok(self) -> None:
        deadline = time.monotonic() + 20
        for node in self.nodes:
            info = [self.cli, "-p", str(node.port), "cluster", "info"]
            while "cluster_state:ok" not in _output(info):
                if time.monotonic() > deadline:
                    raise RuntimeError("the Redis Cluster did not reach cluster_state:ok")
                time.sleep(0.05)

    def cpu_seconds(self) -> float:
        """CPU time used so far by every node."""
        return sum(node.cpu_seconds() for node in self.nodes)

    def stop(self) -> None:
        """Stop every node by its PID."""
        for node in self.nodes:
            node.stop()


def _output(argv: list[str]) -> str:
    """What ``argv`` prints, within 10 s."""
    return subprocess.run(argv, capture_output=True, text=True, timeout=10).stdout


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


def _wait_for_pong(node: Server) -> None:
    """Wait until ``node`` (a redis-server) answers PING."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        node.check_alive()
        try:
            with socket.create_connection(("127.0.0.1", node.port), timeout=0.2) as connection:
                connection.sendall(b"PING\r\n")
                if connection.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            time.sleep(0.02)
    raise RuntimeError("redis-server did not start")
