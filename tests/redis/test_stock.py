"""The load benchmark's stock stack keeps its games in Redis, as its Redis rows claim."""

from __future__ import annotations

import redis

from bench import stock
from tests.servers import RedisServer
from tests.stock_play import plays_a_game


def test_stock_stack_keeps_games_in_redis(redis_server: RedisServer) -> None:
    app = stock.create({"SECRET_KEY": "stock-test", "REDIS_URL": redis_server.url})
    plays_a_game(app)
    client: redis.Redis = app.config["SESSION_REDIS"]
    try:
        assert len(client.keys("session:*")) == 1
    finally:
        client.close()
