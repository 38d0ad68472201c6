"""Quick pairing's queue in Redis: each call one Lua script on keys under the hash tag
``{pair}``, so it is atomic across every server, and all its keys live in one slot of a
Redis Cluster; and its pools, looked at in one script off a cluster."""

from __future__ import annotations

import json
from dataclasses import replace

import redis
from redis.cluster import RedisCluster

from .pairing import FOUND_FOR, STALE_AFTER, Pools, Seek
from .record import StoreUnavailable
from .redis_store import ERRORS

# KEYS: the waiters (hash seeker -> JSON), the queue (sorted set by arrival), the matches made
# (hash seeker -> JSON: the match, the seeker's key, when, and both seats' keys) and when
# they were made (sorted set); a pool's keys start at KEYS[b + 1]. Answers are JSON Seeks or nil.
_COMMON = """
local function found(seeker, b, oldest)
  local raw = redis.call('hget', KEYS[b + 3], seeker)
  if not raw then return nil end
  local f = cjson.decode(raw)
  if oldest and f[3] < oldest then return nil end
  return cjson.encode({'found', f[1], f[2], f[3], f[4] or '', f[5] or ''})
end
local function waiting(seeker, now, b)
  local raw = redis.call('hget', KEYS[b + 1], seeker)
  if not raw then return nil end
  local w = cjson.decode(raw)
  w[4] = math.max(w[4], now)
  redis.call('hset', KEYS[b + 1], seeker, cjson.encode(w))
  return cjson.encode({'waiting', w[2], w[1], w[3]})
end
"""
_SEEK = (
    _COMMON
    + """
local seeker, key, match_id, now, at = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5]
local stale, kept = tonumber(ARGV[6]), tonumber(ARGV[7])
for _, old in ipairs(redis.call('zrangebyscore', KEYS[4], '-inf', now - kept)) do
  redis.call('hdel', KEYS[3], old)
end
redis.call('zremrangebyscore', KEYS[4], '-inf', now - kept)
local mine = found(seeker, 0)
if mine and cjson.decode(mine)[2] ~= at then return mine end
redis.call('hdel', KEYS[3], seeker)
redis.call('zrem', KEYS[4], seeker)
local place = waiting(seeker, now, 0)
if place then return place end
for _, other in ipairs(redis.call('zrange', KEYS[2], 0, -1)) do
  local w = cjson.decode(redis.call('hget', KEYS[1], other))
  redis.call('hdel', KEYS[1], other)
  redis.call('zrem', KEYS[2], other)
  if w[4] >= now - stale then
    redis.call('hset', KEYS[3], other, cjson.encode({w[2], w[1], now, w[1], key}))
    redis.call('hset', KEYS[3], seeker, cjson.encode({w[2], key, now, w[1], key}))
    redis.call('zadd', KEYS[4], now, other, now, seeker)
    return cjson.encode({'paired', w[2], w[1], 0, w[1], key})
  end
end
redis.call('hset', KEYS[1], seeker, cjson.encode({key, match_id, now, now}))
redis.call('zadd', KEYS[2], now, seeker)
return cjson.encode({'waiting', match_id, key, now})
"""
)
_POLL = (
    _COMMON
    + """
local now = tonumber(ARGV[2])
return found(ARGV[1], 0, now - tonumber(ARGV[3])) or waiting(ARGV[1], now, 0)
"""
)
# Every pool's four keys in turn, in the pools' order: where the seeker stands in the first
# pool that knows it, with that pool's place ({place, answer}), as the pools polled one by one.
_POLL_POOLS = (
    _COMMON
    + """
local now = tonumber(ARGV[2])
for b = 0, #KEYS - 4, 4 do
  local answer = found(ARGV[1], b, now - tonumber(ARGV[3])) or waiting(ARGV[1], now, b)
  if answer then return {b / 4, answer} end
end
return nil
"""
)
_CANCEL = """
redis.call('zrem', KEYS[2], ARGV[1])
return redis.call('hdel', KEYS[1], ARGV[1])
"""
_FORGET = """
local raw = redis.call('hget', KEYS[3], ARGV[1])
if raw and cjson.decode(raw)[1] == ARGV[2] then
  redis.call('hdel', KEYS[3], ARGV[1])
  redis.call('zrem', KEYS[4], ARGV[1])
end
"""
_CANCEL_POOLS = """
local left = 0
for b = 0, #KEYS - 4, 4 do
  redis.call('zrem', KEYS[b + 2], ARGV[1])
  left = left + redis.call('hdel', KEYS[b + 1], ARGV[1])
end
return left
"""
KEYS = ["{pair}:waiting", "{pair}:queue", "{pair}:found", "{pair}:made"]  # 3x3's, as before


class RedisPairing:
    """The queue in the Redis of ``client``; the seekers' clocks are the app servers'. A
    ``pool`` (a board other than 3x3: ``5x5``) has keys of its own, so only its seekers meet."""

    def __init__(self, client: redis.Redis | RedisCluster, pool: str = "") -> None:
        self.keys = [key.replace("{pair}", "{pair" + pool + "}") for key in KEYS]
        self._seek = client.register_script(_SEEK)
        self._poll = client.register_script(_POLL)
        self._cancel = client.register_script(_CANCEL)
        self._forget = client.register_script(_FORGET)

    def seek(self, seeker: str, key: str, match_id: str, now: float, at: str) -> Seek:
        """See PairingQueue.seek."""
        args = [seeker, key, match_id, repr(now), at, repr(STALE_AFTER), repr(FOUND_FOR)]
        seek = _seek_of(_run(self._seek, args, self.keys))
        assert seek is not None  # the script always answers a seek
        return seek

    def poll(self, seeker: str, now: float) -> Seek | None:
        """See PairingQueue.poll."""
        return _seek_of(_run(self._poll, [seeker, repr(now), repr(FOUND_FOR)], self.keys))

    def cancel(self, seeker: str) -> bool:
        """See PairingQueue.cancel."""
        return bool(_run(self._cancel, [seeker], self.keys))

    def forget(self, seeker: str, match_id: str) -> None:
        """See PairingQueue.forget."""
        _run(self._forget, [seeker, match_id], self.keys)


class RedisPools(Pools):
    """The queues of ``pools`` (by board) in the Redis of ``client``. On one Redis, a look in
    every pool (a poll, a cancel) is one script on all their keys; on a cluster each pool's
    keys are in a slot of their own, so it is one script per pool, as in Pools."""

    def __init__(self, client: redis.Redis | RedisCluster, pools: tuple[str, ...]) -> None:
        made = [RedisPairing(client, pool) for pool in pools]
        super().__init__({pool: queue for pool, queue in zip(pools, made, strict=True)})
        self._together = not isinstance(client, RedisCluster)
        self._keys = [key for queue in made for key in queue.keys]
        self._poll = client.register_script(_POLL_POOLS)
        self._cancel = client.register_script(_CANCEL_POOLS)

    def poll(self, seeker: str, now: float) -> Seek | None:
        """See Pools.poll."""
        if not self._together:
            return super().poll(seeker, now)
        raw = _run(self._poll, [seeker, repr(now), repr(FOUND_FOR)], self._keys)
        if not isinstance(raw, list) or len(raw) != 2:
            return None
        place, answer = raw
        found = _seek_of(answer)
        return None if found is None else replace(found, pool=list(self.queues)[int(place)])

    def cancel(self, seeker: str) -> bool:
        """See Pools.cancel."""
        if not self._together:
            return super().cancel(seeker)
        return bool(_run(self._cancel, [seeker], self._keys))


def _run(script: redis.commands.core.Script, args: list[str], keys: list[str]) -> object:
    """Run ``script`` on the queue's ``keys``; StoreUnavailable if Redis fails."""
    try:
        return script(keys=keys, args=args)
    except ERRORS as error:
        raise StoreUnavailable(str(error)) from error


def _seek_of(raw: object) -> Seek | None:
    """The script's JSON answer as a Seek."""
    if raw is None:
        return None
    state, match_id, key, since, *seats = json.loads(
        raw if isinstance(raw, str | bytes) else "null"
    )
    waiter, met = (*seats, "", "")[:2]  # a waiting place has none
    return Seek(state, match_id, key, float(since), (str(waiter), str(met)))
