"""What every list of games must do (``webapp.store.history.GameHistory``), on both backends:
SQLite in a file of the test's own, a real Redis, and a real Redis Cluster."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster

from tests.servers import RedisCluster as Cluster
from tests.servers import RedisServer
from webapp.store.history import GameHistory
from webapp.store.redis_history import RedisHistory
from webapp.store.sqlite_history import SQLiteHistory

NewHistory = Callable[[], GameHistory]
MONTH = 30 * 86400.0
NOW = time.time()  # the lists keep games of the last MONTH


@pytest.fixture(params=["sqlite", "redis", "cluster"])
def new_history(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[NewHistory]:
    """Make lists of one backend on the same data, as a restarted server has them: SQLite,
    one Redis, or a Redis Cluster of three masters (a browser's keys share a slot)."""
    if request.param == "sqlite":
        path = str(tmp_path / "matches.sqlite")
        yield lambda: SQLiteHistory(path, MONTH, lock_timeout=5.0)
        return
    server: RedisServer | Cluster = request.getfixturevalue(
        "redis_server" if request.param == "redis" else "redis_cluster"
    )
    clients: list[redis.Redis | RedisCluster] = []

    def on_redis() -> GameHistory:
        client: redis.Redis | RedisCluster = (
            redis.Redis.from_url(server.url)
            if request.param == "redis"
            else RedisCluster.from_url(server.url)
        )
        clients.append(client)
        return RedisHistory(client, MONTH)

    yield on_redis
    if clients:  # the server lives for the module: the next test starts with no games
        clients[0].flushall()
    for client in clients:
        client.close()
        if isinstance(client, RedisCluster):  # its close() leaves the nodes' sockets open
            client.disconnect_connection_pools()


def test_games_are_kept_once_newest_first_and_paged(new_history: NewHistory) -> None:
    history = new_history()
    for n in range(5):
        history.add("browser", f"game-{n}", NOW + n, {"n": n})
    history.add("browser", "game-1", NOW + 100, {"n": "again"})  # kept once, as first written
    history.add("other", "game-9", NOW + 9, {"n": 9})
    restarted = new_history()
    first, total = restarted.page("browser", 0, 2)
    assert total == 5 and first == [{"n": 4}, {"n": 3}]
    assert restarted.page("browser", 3, 10) == ([{"n": 1}, {"n": 0}], 5)
    assert restarted.page("nobody", 0, 10) == ([], 0)


def test_clear_forgets_one_browsers_games(new_history: NewHistory) -> None:
    history = new_history()
    history.add("browser", "game-1", NOW, {"n": 1})
    history.add("other", "game-2", NOW, {"n": 2})
    assert history.clear("browser") == 1
    assert history.page("browser", 0, 10) == ([], 0)
    assert history.page("other", 0, 10) == ([{"n": 2}], 1)
