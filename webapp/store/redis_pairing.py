"""Quick pairing's queue in Redis: each call one Lua script on keys under the hash tag
``{pair}``, so it is atomic across every server, and all its keys live in one slot of a
Redis Cluster."""

from __future__ import annotations

import json

import redis
from redis.cluster import RedisCluster

from .pairing import FOUND_FOR, STALE_AFTER, Seek
from .record import StoreUnavailable
from .redis_store import ERRORS

# KEYS: the waiters (hash seeker -> JSON), the queue (sorted set by arrival), the matches made
# (hash seeker -> JSON: the match, the seeker's key, when, and both seats' keys) and when
# they were made (sorted set). Answers are JSON Seeks or nil.
_COMMON = """
local function found(seeker)
  local raw = redis.call('hget', KEYS[3], seeker)
  if not raw then return nil end
  local f = cjson.decode(raw)
  return cjson.encode({'found', f[1], f[2], f[3], f[4] or '', f[5] or ''})
end
local function waiting(seeker, now)
  local raw = redis.call('hget', KEYS[1], seeker)
  if not raw then return nil end
  local w = cjson.decode(raw)
  w[4] = math.max(w[4], now)
  redis.call('hset', KEYS[1], seeker, cjson.encode(w))
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
local mine = found(seeker)
if mine and cjson.decode(mine)[2] ~= at then return mine end
redis.call('hdel', KEYS[3], seeker)
redis.call('zrem', KEYS[4], seeker)
local place = waiting(seeker, now)
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
return found(ARGV[1]) or waiting(ARGV[1], tonumber(ARGV[2]))
"""
)
_CANCEL = """
redis.call('zrem', KEYS[2], ARGV[1])
return redis.call('hdel', KEYS[1], ARGV[1])
"""
KEYS = ["{pair}:waiting", "{pair}:queue", "{pair}:found", "{pair}:made"]  # 3x3's, as before


class RedisPairing:
    """The queue in the Redis of ``client``; the seekers' clocks are the app servers'. A
    ``pool`` (a board other than 3x3: ``5x5``) has keys of its own, so only its seekers meet."""

    def __init__(self, client: redis.Redis | RedisCluster, pool: str = "") -> None:
        self._keys = [key.replace("{pair}", "{pair" + pool + "}") for key in KEYS]
        self._seek = client.register_script(_SEEK)
        self._poll = client.register_script(_POLL)
        self._cancel = client.register_script(_CANCEL)

    def seek(self, seeker: str, key: str, match_id: str, now: float, at: str) -> Seek:
        """See PairingQueue.seek."""
        args = [seeker, key, match_id, repr(now), at, repr(STALE_AFTER), repr(FOUND_FOR)]
        seek = _seek_of(_run(self._seek, args, self._keys))
        assert seek is not None  # the script always answers a seek
        return seek

    def poll(self, seeker: str, now: float) -> Seek | None:
        """See PairingQueue.poll."""
        return _seek_of(_run(self._poll, [seeker, repr(now)], self._keys))

    def cancel(self, seeker: str) -> bool:
        """See PairingQueue.cancel."""
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
