"""A browser's list of games in Redis: a sorted set of its game ids by time and a hash of
their entries, both under the browser's hash tag (one Cluster slot) and expiring with it."""

from __future__ import annotations

from typing import Any

import redis
from redis.cluster import RedisCluster

from .record import StoreUnavailable, decode, encode
from .redis_store import ERRORS


class RedisHistory:
    """The lists of games in the Redis of ``client``; a list lives ``lifetime`` seconds after
    its last game."""

    def __init__(self, client: redis.Redis | RedisCluster, lifetime: float) -> None:
        self.client = client
        self.lifetime = int(lifetime)

    def add(self, browser: str, game_id: str, when: float, entry: dict[str, Any]) -> None:
        """See GameHistory.add."""
        order, data = _keys(browser)
        try:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.hsetnx(data, game_id, encode(entry))
                pipe.zadd(order, {game_id: when}, nx=True)
                pipe.expire(order, self.lifetime)
                pipe.expire(data, self.lifetime)
                pipe.execute()
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error

    def page(self, browser: str, offset: int, limit: int) -> tuple[list[dict[str, Any]], int]:
        """See GameHistory.page."""
        order, data = _keys(browser)
        try:
            ids: list[Any] = list(self.client.zrevrange(order, offset, offset + limit - 1))
            total = int(self.client.zcard(order))
            raw = self.client.hmget(data, ids) if ids else []
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error
        return [decode(item) if item else {} for item in raw], total

    def clear(self, browser: str) -> int:
        """See GameHistory.clear."""
        order, data = _keys(browser)
        try:
            with self.client.pipeline(transaction=True) as pipe:
                pipe.zcard(order)
                pipe.delete(order, data)
                count, _deleted = pipe.execute()
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error
        return int(count)

    def sweep(self) -> int:
        """Nothing to do: each list expires by its TTL."""
        return 0


def _keys(browser: str) -> tuple[str, str]:
    """The sorted set and the hash of ``browser``'s games."""
    return f"games:{{{browser}}}:order", f"games:{{{browser}}}:data"
