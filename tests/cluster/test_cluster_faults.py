"""The app on a Redis Cluster through Flask's test client: the limits counted in the cluster
(shared by every server), /readyz, and the fault it does not survive: a master with no
replica gone leaves its slots without a home, and whatever lives there answers 503."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.cluster_servers import RedisCluster
from tests.player import TRACEBACK
from webapp import create_app
from webapp.web.site.sessions import MATCH_KEY


def cluster_app(cluster: RedisCluster, directory: Path, **settings: object) -> Flask:
    """An app on ``cluster``, as FLASK_REDIS_CLUSTER=true with FLASK_REDIS_URL makes it."""
    config = {
        "SECRET_KEY": "test-secret",
        "TESTING": True,
        "WTF_CSRF_ENABLED": False,
        "REDIS_URL": cluster.url,
        "REDIS_CLUSTER": True,
        "REDIS_TIMEOUT": 0.3,
        **settings,
    }
    return create_app(config, instance_path=str(directory))


@pytest.fixture
def own_cluster() -> Iterator[RedisCluster]:
    """Three masters and no replica, for a test that kills one."""
    nodes = RedisCluster(masters=3).start()
    yield nodes
    nodes.stop()


def test_two_servers_share_the_count_of_new_games(cluster: RedisCluster, tmp_path: Path) -> None:
    limited = {"LIMITS": True, "LIMIT_CREATE": "2 per minute"}
    first = cluster_app(cluster, tmp_path / "a", **limited).test_client()
    second = cluster_app(cluster, tmp_path / "b", **limited).test_client()
    body = {"x": "user", "o": "hard"}
    assert first.post("/api/new", json=body).status_code == 200
    assert second.post("/api/new", json=body).status_code == 200
    refused = first.post("/api/new", json=body)
    assert refused.status_code == 429  # counted in the cluster, not in each process


def test_without_a_replica_a_dead_master_makes_its_matches_503_and_the_app_unready(
    own_cluster: RedisCluster, tmp_path: Path
) -> None:
    app = cluster_app(own_cluster, tmp_path)
    browser, prober = app.test_client(), app.test_client()  # a prober sends no cookie
    assert prober.get("/readyz").status_code == 200
    opened = browser.post("/api/new", json={"x": "user", "o": "user"})
    assert opened.status_code == 200
    with browser.session_transaction() as session:
        match_id = session[MATCH_KEY]
    own_cluster.kill(own_cluster.master_of(f"match:{{{match_id}}}"))
    answer = prober.get("/readyz")
    assert answer.status_code == 503 and "matches" in answer.get_json()["failed"]
    for _ in range(3):  # at once, and again after redis-py has looked at the cluster anew
        moved = browser.post(
            "/api/move", json={"cell": "B2", "version": opened.get_json()["version"]}
        )
        assert moved.status_code == 503 and TRACEBACK not in moved.get_data(as_text=True)
    assert prober.get("/livez").status_code == 200
