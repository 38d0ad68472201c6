"""Fixtures: a private Redis Cluster of three masters, and two gunicorn app servers on it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.cluster_servers import RedisCluster
from tests.redis.conftest import app_env, start_all
from tests.servers import GunicornServer


def cluster_env(cluster: RedisCluster, **settings: str) -> dict[str, str]:
    """The environment of an app server on ``cluster``: one node's URL, and the setting."""
    return app_env(cluster.url, FLASK_REDIS_CLUSTER="true", **settings)


def two_servers(cluster: RedisCluster) -> tuple[GunicornServer, GunicornServer]:
    """Two app servers on ``cluster``, started."""
    servers = GunicornServer(cluster_env(cluster)), GunicornServer(cluster_env(cluster))
    start_all(*servers)
    return servers


@pytest.fixture(scope="module")
def cluster() -> Iterator[RedisCluster]:
    """Three masters, no replicas, each stopped by its PID."""
    nodes = RedisCluster(masters=3).start()
    yield nodes
    nodes.stop()


@pytest.fixture(scope="module")
def servers(cluster: RedisCluster) -> Iterator[tuple[str, str]]:
    """Two gunicorn app servers on the cluster: their URLs."""
    first, second = two_servers(cluster)
    yield first.url, second.url
    first.stop()
    second.stop()
