-- wrk script: play against the computer, one game after another. Run it with as many threads
-- as connections (wrk -tN -cN), so each thread is one player with its own session.
-- The cycle: GET / and read the page (csrf_token, match, version, the empty cells); POST /move with
-- one empty cell at random (the server replies with the computer's move and a 303 to /); and
-- when the game is over, POST /new to start the next one against the same level.
-- Prints one JSON line of results when done.

local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
  table.insert(threads, thread)
end

level = "hard"
cookie = nil
sid = ""
state = "get"      -- the next request: get, move or new
fields = nil       -- what the last page showed
moves, games, unexpected, refused, rewrites = 0, 0, 0, 0, 0

function init(args)
  math.randomseed(os.time() * 1000 + seed)
  level = args[1] or level
end

local form_headers = { ["Content-Type"] = "application/x-www-form-urlencoded" }

local function headers_with_cookie(extra)
  local headers = {}
  for name, value in pairs(extra or {}) do headers[name] = value end
  if cookie then headers["Cookie"] = cookie end
  return headers
end

function request()
  if state == "move" then
    local cell = fields.cells[math.random(#fields.cells)]
    local body = "csrf_token=" .. fields.csrf .. "&match=" .. fields.match ..
      "&version=" .. fields.version .. "&cell=" .. cell
    return wrk.format("POST", "/move", headers_with_cookie(form_headers), body)
  elseif state == "new" then
    local body = "csrf_token=" .. fields.csrf .. "&x=user&o=" .. level
    return wrk.format("POST", "/new", headers_with_cookie(form_headers), body)
  end
  return wrk.format("GET", "/", headers_with_cookie())
end

local function read_page(body)
  local page = {
    csrf = body:match('name="csrf_token" value="([^"]+)"'),
    match = body:match('name="match" value="([^"]*)"'),
    version = body:match('name="version" value="([^"]+)"'),
    cells = {},
  }
  for cell in body:gmatch('name="cell" value="([A-C][1-3])"') do
    page.cells[#page.cells + 1] = cell
  end
  return page
end

function response(status, headers, body)
  local set_cookie = headers["Set-Cookie"]
  -- A read saves nothing once the session exists: no cookie comes back with the board.
  if set_cookie and cookie and state == "get" then rewrites = rewrites + 1 end
  if set_cookie then
    cookie = set_cookie:match("^([^;]+)")
    sid = cookie:match("=(.*)$")
  end
  if state == "get" then
    if status ~= 200 then
      unexpected = unexpected + 1
      return
    end
    if body:find('class="message error"', 1, true) then refused = refused + 1 end
    local page = read_page(body)
    if not (page.csrf and page.match and page.version) then
      unexpected = unexpected + 1
      return
    end
    fields = page
    local hard_game = body:find("Computer (" .. level .. ")", 1, true)
    if #page.cells > 0 and hard_game then state = "move" else state = "new" end
  else
    if status ~= 303 then unexpected = unexpected + 1 end
    if state == "move" then moves = moves + 1 else games = games + 1 end
    state = "get"
  end
end

function done(summary, latency, requests)
  local totals = { moves = 0, games = 0, unexpected = 0, refused = 0, rewrites = 0 }
  local sids = {}
  for _, thread in ipairs(threads) do
    for name, _ in pairs(totals) do totals[name] = totals[name] + thread:get(name) end
    sids[#sids + 1] = '"' .. thread:get("sid") .. '"'
  end
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, ' ..
    '"socket_errors": %d, "unexpected": %d, "refused": %d, "rewrites": %d, "moves": %d, ' ..
    '"games": %d, "sids": [%s]}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, totals.unexpected, totals.refused,
    totals.rewrites, totals.moves, totals.games, table.concat(sids, ", ")))
end
