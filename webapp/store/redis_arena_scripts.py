"""The Lua scripts that read and write an arena's rows in Redis (store/redis_arenas.py), each one
atomic on one master: a change's commit, a new player's entry, the read of what a change
concerns, and a settler's claim. The head is kept as ``{"data":{...},"version":N}`` with the
data's keys sorted (record.encode); the scripts read and move its tallies in that text."""

from __future__ import annotations

from .arena_rows import BEST, PLACES

# KEYS: the head, the entries, the standings, the waiting, the games in play, the games counted
# (every game ever counted: a second count is refused whole). ARGV: the version read,
# the head's new data, the lifetime, the channel, the arena's id, the publishing command, the
# players entered as read (``entered``, "" if the change adds players of its own), then the
# rows (a count, then browser, entry, score, waiting) and the games made (a count, then match
# id, players) and counted (a count, then match ids). Answers the new version; 0 when the
# head changed since the read, -1 when there is no head, -2 (nothing written) when a game it
# counts was counted before. New players' entries (ENTER) that
# came meanwhile are no conflict: they only add waiting players that the change did not read,
# and their tallies are added to the change's.
COMMIT = """
local raw = redis.call('get', KEYS[1])
if not raw then return -1 end
local v = tonumber(string.match(raw, '"version":(%d+)}$'))
local data = ARGV[2]
if v ~= tonumber(ARGV[1]) then
  local now = tonumber(string.match(raw, '"entered":(%d+)'))
  if ARGV[7] == '' or not now then return 0 end
  local d = now - tonumber(ARGV[7])
  if d <= 0 or v - tonumber(ARGV[1]) ~= d then return 0 end
  for _, name in ipairs({'entered', 'joined', 'waiting'}) do
    local was = tonumber(string.match(data, '"' .. name .. '":(%d+)'))
    data = string.gsub(data, '"' .. name .. '":%d+', '"' .. name .. '":' .. (was + d), 1)
  end
  -- the best moved by those entries or by this change: a number no other version used
  local mine = tonumber(string.match(data, '"best":(%d+)')) == tonumber(ARGV[1]) + 1
  if mine or tonumber(string.match(raw, '"joined":(%d+)')) - d < BEST then
    data = string.gsub(data, '"best":%d+', '"best":' .. (v + 1), 1)
  end
end
local c = 10 + 4 * tonumber(ARGV[8])
c = c + 2 * tonumber(ARGV[c - 1])
for k = c + 1, c + tonumber(ARGV[c]) do
  if redis.call('sismember', KEYS[6], ARGV[k]) == 1 then return -2 end
end
v = v + 1
redis.call('set', KEYS[1], '{"data":' .. data .. ',"version":' .. v .. '}', 'EX', ARGV[3])
local i = 8
for _ = 1, tonumber(ARGV[i]) do
  local b = ARGV[i + 1]
  redis.call('hset', KEYS[2], b, ARGV[i + 2])
  redis.call('zadd', KEYS[3], ARGV[i + 3], b)
  if ARGV[i + 4] == '1' then redis.call('sadd', KEYS[4], b) else redis.call('srem', KEYS[4], b) end
  i = i + 4
end
i = i + 1
for _ = 1, tonumber(ARGV[i]) do
  redis.call('hset', KEYS[5], ARGV[i + 1], ARGV[i + 2])
  i = i + 2
end
i = i + 1
for _ = 1, tonumber(ARGV[i]) do
  redis.call('hdel', KEYS[5], ARGV[i + 1])
  redis.call('sadd', KEYS[6], ARGV[i + 1])
  i = i + 1
end
for k = 2, #KEYS do redis.call('expire', KEYS[k], ARGV[3]) end
redis.call(ARGV[6], ARGV[4], ARGV[5] .. ' ' .. v)
return v
""".replace("BEST", str(BEST))
# KEYS: the same. ARGV: the browser, its entry's text before and after its number, the
# lifetime, the channel, the arena's id, the publishing command, the time now. A new player's
# entry, numbered in the order of joining and waiting, or a player's coming back after a pause
# or a withdrawal (free from now), with the head's tallies and version moved in the same
# step: the new version; 0 if the browser is in it already, or the head has no tallies to
# move (an arena of before): the caller makes the change the usual way. -1 if there is no
# head. Only a new entry moves ``entered``: a change made meanwhile lets it through (COMMIT).
ENTER = """
local raw = redis.call('get', KEYS[1])
if not raw then return -1 end
local n = tonumber(string.match(raw, '"joined":(%d+)'))
if not n or not string.find(raw, '"entered":', 1, true) then return 0 end
local v = tonumber(string.match(raw, '"version":(%d+)}$')) + 1
local b, moved, best = ARGV[1], {'entered', 'joined', 'waiting'}, n < BEST
local e = redis.call('hget', KEYS[2], b)
if e then
  local paused = string.find(e, '"paused":true', 1, true)
  if not (paused or string.find(e, '"withdrawn":true', 1, true)) then return 0 end
  e = string.gsub(e, '"paused":true', '"paused":false', 1)
  e = string.gsub(e, '"withdrawn":true', '"withdrawn":false', 1)
  e = string.gsub(e, '"free_since":[-+.%deE]+', '"free_since":' .. ARGV[8], 1)
  redis.call('hset', KEYS[2], b, e)
  moved = {}
  if string.find(e, '"match":""', 1, true) then
    redis.call('sadd', KEYS[4], b)
    moved = {'waiting'}
  end
  local rank = redis.call('zrevrank', KEYS[3], b)
  best = rank ~= false and rank < BEST
else
  redis.call('hset', KEYS[2], b, ARGV[2] .. n .. ARGV[3])
  redis.call('zadd', KEYS[3], PLACES - 1 - n, b)
  redis.call('sadd', KEYS[4], b)
end
for _, name in ipairs(moved) do
  local was = tonumber(string.match(raw, '"' .. name .. '":(%d+)'))
  raw = string.gsub(raw, '"' .. name .. '":%d+', '"' .. name .. '":' .. (was + 1), 1)
end
if best then raw = string.gsub(raw, '"best":%d+', '"best":' .. v, 1) end
raw = string.gsub(raw, '"version":%d+}$', '"version":' .. v .. '}')
redis.call('set', KEYS[1], raw, 'EX', ARGV[4])
for k = 2, #KEYS do redis.call('expire', KEYS[k], ARGV[4]) end
redis.call(ARGV[7], ARGV[5], ARGV[6] .. ' ' .. v)
return v
""".replace("PLACES", str(PLACES)).replace("BEST", str(BEST))
# KEYS: the same. ARGV: a game's match id (or ""), then browsers. Answers the head, the game's
# players (JSON, or ""), the BEST-th best score (or ""), how many entries follow, the entries
# of the game's players and of the browsers, then the waiting players' entries if at most FEW
# wait (else none: read if needed).
READ = """
local head = redis.call('get', KEYS[1])
if not head then return false end
local who, game = {}, ''
if ARGV[1] ~= '' then
  game = redis.call('hget', KEYS[5], ARGV[1]) or ''
  if game ~= '' then who = cjson.decode(game) end
end
for i = 2, #ARGV do who[#who + 1] = ARGV[i] end
local floor = redis.call('zrevrange', KEYS[3], BEST - 1, BEST - 1, 'withscores')[2] or ''
local out = {head, game, floor, #who}
for _, b in ipairs(who) do out[#out + 1] = redis.call('hget', KEYS[2], b) or '' end
if redis.call('scard', KEYS[4]) <= FEW then
  out[#out + 1] = 'waiting'
  for _, b in ipairs(redis.call('smembers', KEYS[4])) do
    out[#out + 1] = redis.call('hget', KEYS[2], b) or ''
  end
end
return out
""".replace("FEW", "64").replace("BEST", str(BEST))
# KEYS: the arena's settler's key. ARGV: the holder, the milliseconds. 1 if the holder has it.
CLAIM = """
local held = redis.call('get', KEYS[1])
if held and held ~= ARGV[1] then return 0 end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""
