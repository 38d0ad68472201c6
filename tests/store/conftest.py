"""Fixtures: a private redis-server for the Redis side of the store's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.cluster_servers import RedisCluster
from tests.servers import RedisServer


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
