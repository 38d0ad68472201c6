"""Fixtures: a private redis-server for the Redis side of the store's tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster as ClusterClient

from tests.cluster_servers import RedisCluster
from tests.servers import RedisServer
from webapp.store import MatchStore, RedisStore, SQLiteStore
from webapp.store.arena_rows import ArenaRows
from webapp.store.redis_arenas import RedisArenas
from webapp.store.sqlite_arenas import SQLiteArenas

DAY = 86400.0
Stores = Callable[[], tuple[MatchStore, ArenaRows]]


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    """A redis-server with no persistence on a free loopback port for the module's tests,
    stopped by its PID. Without redis-server the tests that ask for it skip, or fail when CI
    is set (``tests.servers.require_program``)."""
    server = RedisServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def redis_cluster() -> Iterator[RedisCluster]:
    """A Redis Cluster of three masters on free loopback ports for the module's tests, each
    node stopped by its PID."""
    cluster = RedisCluster(masters=3).start()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "redis", "cluster"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Stores]:
    """Make a match store and arena rows of one backend on the same data, as each worker or
    server has them."""
    if request.param == "sqlite":
        path = str(tmp_path / "matches.sqlite")
        yield lambda: (SQLiteStore(path, DAY, 10.0), SQLiteArenas(path, DAY, 10.0))
        return
    server: RedisServer | RedisCluster = request.getfixturevalue(
        "redis_server" if request.param == "redis" else "redis_cluster"
    )
    clients: list[redis.Redis | ClusterClient] = []

    def on_redis() -> tuple[MatchStore, ArenaRows]:
        client: redis.Redis | ClusterClient = (
            redis.Redis.from_url(server.url)
            if request.param == "redis"
            else ClusterClient.from_url(server.url)
        )
        clients.append(client)
        return RedisStore(client, DAY, 1.0, 5.0), RedisArenas(client, DAY)

    yield on_redis
    for client in clients:
        client.close()
        if isinstance(client, ClusterClient):  # its close() leaves the nodes' sockets open
            client.disconnect_connection_pools()
