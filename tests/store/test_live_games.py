"""What every list of the games in play must do (``webapp.store.live_games.LiveGames``), on
both backends: SQLite in a file of the test's own, a real Redis, and a real Redis Cluster."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster

from tests.cluster_servers import RedisCluster as Cluster
from tests.servers import RedisServer
from webapp.store.live_games import LiveGames
from webapp.store.redis_live import RedisLiveGames
from webapp.store.sqlite_live import SQLiteLiveGames

NewLive = Callable[[], LiveGames]
NOW = time.time()


@pytest.fixture(params=["sqlite", "redis", "cluster"])
def new_live(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[NewLive]:
    """Make lists of one backend on the same data, as each worker or server has them."""
    if request.param == "sqlite":
        path = str(tmp_path / "matches.sqlite")
        yield lambda: SQLiteLiveGames(path, lock_timeout=5.0)
        return
    server: RedisServer | Cluster = request.getfixturevalue(
        "redis_server" if request.param == "redis" else "redis_cluster"
    )
    clients: list[redis.Redis | RedisCluster] = []

    def on_redis() -> LiveGames:
        client: redis.Redis | RedisCluster = (
            redis.Redis.from_url(server.url)
            if request.param == "redis"
            else RedisCluster.from_url(server.url)
        )
        clients.append(client)
        return RedisLiveGames(client)

    yield on_redis
    if clients:
        clients[0].flushall()
    for client in clients:
        client.close()
        if isinstance(client, RedisCluster):
            client.disconnect_connection_pools()


def test_games_in_play_are_listed_latest_changed_first_by_every_worker(new_live: NewLive) -> None:
    one, other = new_live(), new_live()
    one.note("a", NOW, True)
    other.note("b", NOW + 1, True)
    one.note("a", NOW + 2, True)  # a move: listed again, once, first
    assert other.listing(NOW - 10, 50) == ["a", "b"]
    assert one.listing(NOW - 10, 1) == ["a"]


def test_a_game_that_ended_is_no_longer_listed(new_live: NewLive) -> None:
    live = new_live()
    live.note("a", NOW, True)
    live.note("b", NOW, True)
    live.note("a", NOW + 1, False)
    assert live.listing(NOW - 10, 50) == ["b"]
    live.note("never-listed", NOW + 1, False)  # ending a game not listed changes nothing
    assert live.listing(NOW - 10, 50) == ["b"]


def test_a_quiet_game_is_forgotten(new_live: NewLive) -> None:
    live = new_live()
    live.note("old", NOW, True)
    live.note("new", NOW + 100, True)
    assert live.listing(NOW + 50, 50) == ["new"]
    assert live.listing(NOW - 10, 50) == ["new"]  # forgotten, not only hidden
