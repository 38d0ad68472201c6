-- wrk script: GET one page. With a file of session ids as its argument, each request carries
-- the cookie of one of them at random, and a response that sets a cookie counts as a miss
-- (the stored session was not found, or a read rewrote it).
-- Prints one JSON line of results when done.

local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
  table.insert(threads, thread)
end

sids = {}
misses = 0
unexpected = 0

function init(args)
  math.randomseed(os.time() * 1000 + seed)
  if args[1] then
    for line in io.lines(args[1]) do
      if #line > 0 then sids[#sids + 1] = line end
    end
  end
end

function request()
  if #sids == 0 then
    return wrk.format("GET", wrk.path)
  end
  local sid = sids[math.random(#sids)]
  return wrk.format("GET", wrk.path, { ["Cookie"] = "ttt_session=" .. sid })
end

function response(status, headers, body)
  if status ~= 200 then unexpected = unexpected + 1 end
  if headers["Set-Cookie"] then misses = misses + 1 end
end

function done(summary, latency, requests)
  local total_misses, total_unexpected = 0, 0
  for _, thread in ipairs(threads) do
    total_misses = total_misses + thread:get("misses")
    total_unexpected = total_unexpected + thread:get("unexpected")
  end
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, ' ..
    '"socket_errors": %d, "unexpected": %d, "misses": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, total_unexpected, total_misses))
end
