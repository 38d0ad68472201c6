"""A browser's list of games in Redis: a sorted set of its listed game ids by time and a hash
of their entries, both under the browser's hash tag (one Cluster slot) and expiring with it.
A game cleared from the list stays in the hash with an empty entry, so that it is never
added again; each change is one Lua script, atomic across every app server."""

from __future__ import annotations

from typing import Any

import redis
from redis.cluster import RedisCluster

from .record import StoreUnavailable, decode, encode
from .redis_store import ERRORS

# KEYS: the sorted set and the hash. ARGV: the game id, its entry, when, the lifetime. A game
# the hash has (kept, or cleared: empty) writes nothing, nor renews the list's lifetime.
_ADD = """
if redis.call('hsetnx', KEYS[2], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('zadd', KEYS[1], 'NX', ARGV[3], ARGV[1])
redis.call('expire', KEYS[1], ARGV[4])
redis.call('expire', KEYS[2], ARGV[4])
return 1
"""
# KEYS: the same. ARGV: the lifetime, from now, of the cleared games' ids. Answers how many
# games were listed.
_CLEAR = """
local ids = redis.call('zrange', KEYS[1], 0, -1)
for _, id in ipairs(ids) do redis.call('hset', KEYS[2], id, '') end
redis.call('del', KEYS[1])
if #ids > 0 then redis.call('expire', KEYS[2], ARGV[1]) end
return #ids
"""

# KEYS: the same. ARGV: the game id. Its entry if the list shows it (in the sorted set), else nil.
_LISTED = """
if not redis.call('zscore', KEYS[1], ARGV[1]) then return false end
return redis.call('hget', KEYS[2], ARGV[1])
"""


class RedisHistory:
    """The lists of games in the Redis of ``client``; a list lives ``lifetime`` seconds after
    its last game, or after it was cleared."""

    def __init__(self, client: redis.Redis | RedisCluster, lifetime: float) -> None:
        self.client = client
        self.lifetime = int(lifetime)
        self._add = client.register_script(_ADD)
        self._clear = client.register_script(_CLEAR)
        self._listed = client.register_script(_LISTED)

    def add(self, browser: str, game_id: str, when: float, entry: dict[str, Any]) -> None:
        """See GameHistory.add."""
        try:
            self._add(keys=_keys(browser), args=[game_id, encode(entry), when, self.lifetime])
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error

    def listed(self, browser: str, game_id: str) -> dict[str, Any] | None:
        """See GameHistory.listed: one script, so that the entry is read as the list shows it."""
        try:
            raw = self._listed(keys=_keys(browser), args=[game_id])
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error
        found = decode(raw) if raw else None
        return found if isinstance(found, dict) else None

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
        try:
            count = self._clear(keys=_keys(browser), args=[self.lifetime])
        except ERRORS as error:
            raise StoreUnavailable(str(error)) from error
        return int(count)

    def sweep(self) -> int:
        """Nothing to do: each list expires by its TTL."""
        return 0


def _keys(browser: str) -> list[str]:
    """The sorted set and the hash of ``browser``'s games."""
    return [f"games:{{{browser}}}:order", f"games:{{{browser}}}:data"]
