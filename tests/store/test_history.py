"""What every list of games must do (``webapp.store.history.GameHistory``), on both backends:
SQLite in a file of the test's own, a real Redis, and a real Redis Cluster."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster

from tests.cluster_servers import RedisCluster as Cluster
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


def test_a_cleared_game_is_never_added_again_by_any_process(new_history: NewHistory) -> None:
    history, other_process = new_history(), new_history()
    history.add("browser", "game-1", NOW, {"n": 1})
    history.add("browser", "game-2", NOW + 1, {"n": 2})
    history.add("other", "game-1", NOW, {"n": "other's"})
    assert other_process.clear("browser") == 2
    for each in (history, other_process, new_history()):
        each.add("browser", "game-1", NOW + 5, {"n": "again"})
        each.add("browser", "game-2", NOW + 6, {"n": "again"})
    assert history.page("browser", 0, 10) == ([], 0)
    assert new_history().page("browser", 0, 10) == ([], 0)
    assert history.page("other", 0, 10) == ([{"n": "other's"}], 1)  # another browser's game


def test_games_after_a_clear_are_listed_and_cleared_in_turn(new_history: NewHistory) -> None:
    history = new_history()
    history.add("browser", "game-1", NOW, {"n": 1})
    assert history.clear("browser") == 1
    assert history.clear("browser") == 0
    history.add("browser", "game-2", NOW + 1, {"n": 2})
    history.add("browser", "game-1", NOW + 2, {"n": "again"})
    assert history.page("browser", 0, 10) == ([{"n": 2}], 1)
    assert history.clear("browser") == 1
    history.add("browser", "game-2", NOW + 3, {"n": "again"})
    assert history.page("browser", 0, 10) == ([], 0)


def test_cleared_ids_live_the_lifetime_from_the_clear_on_sqlite(tmp_path: Path) -> None:
    path = str(tmp_path / "matches.sqlite")
    history = SQLiteHistory(path, MONTH, lock_timeout=5.0)
    history.add("browser", "old", NOW - 2 * MONTH, {"n": "old"})  # expired, not yet swept
    history.add("browser", "new", NOW, {"n": "new"})
    assert history.clear("browser") == 2
    assert history.sweep() == 0  # cleared games are no longer listed ones
    history.add("browser", "old", NOW, {"n": "again"})
    assert history.page("browser", 0, 10) == ([], 0)
    assert SQLiteHistory(path, -1.0, lock_timeout=5.0).sweep() == 0  # a lifetime later
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM games_cleared").fetchone() == (0,)
    history.add("browser", "new", NOW, {"n": "new"})  # forgotten, as an entry would be
    assert history.page("browser", 0, 10) == ([{"n": "new"}], 1)


def test_cleared_ids_live_the_lifetime_from_the_clear_on_redis(redis_server: RedisServer) -> None:
    client = redis.Redis.from_url(redis_server.url)
    history = RedisHistory(client, 100.0)
    order, data = "games:{browser}:order", "games:{browser}:data"
    try:
        history.add("browser", "game-1", NOW, {"n": 1})
        client.expire(data, 10)
        assert history.clear("browser") == 1
        assert not client.exists(order) and 90 < client.ttl(data) <= 100
        client.expire(data, 10)
        history.add("browser", "game-1", NOW, {"n": "again"})  # writes nothing, renews nothing
        assert client.ttl(data) <= 10 and client.hget(data, "game-1") == b""
    finally:
        client.flushall()
        client.close()


def test_an_entry_is_read_back_only_while_its_list_shows_it(new_history: NewHistory) -> None:
    history = new_history()
    history.add("browser", "game-1", NOW, {"n": 1})
    history.add("browser", "game-1", NOW + 1, {"n": "again"})
    assert new_history().listed("browser", "game-1") == {"n": 1}  # as first written
    assert history.listed("browser", "game-2") is None
    assert history.listed("other", "game-1") is None
    history.clear("browser")
    history.add("browser", "game-1", NOW, {"n": 1})  # cleared: never added again
    assert history.listed("browser", "game-1") is None
