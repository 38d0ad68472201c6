"""The games being played now in Redis: one sorted set of match ids by when they last
changed (one key, so one Cluster slot)."""

from __future__ import annotations

from typing import Any

import redis
from redis.cluster import RedisCluster

from .record import StoreUnavailable
from .redis_store import ERRORS

KEY = "live:games"


class RedisLiveGames:
    """The games in play, in the Redis of ``client``."""

    def __init__(self, client: redis.Redis | RedisCluster) -> None:
        self.client = client

    def note(self, match_id: str, when: float, playing: bool) -> None:
        """See LiveGames.note."""
        try:
            if playing:
                self.client.zadd(KEY, {match_id: when})
            else:
                self.client.zrem(KEY, match_id)
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error

    def listing(self, since: float, most: int) -> list[str]:
        """See LiveGames.listing."""
        try:
            self.client.zremrangebyscore(KEY, "-inf", f"({since}")
            ids: list[Any] = list(self.client.zrevrangebyscore(KEY, "+inf", since, 0, most))
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error
        return [item.decode() if isinstance(item, bytes) else str(item) for item in ids]
