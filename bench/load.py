"""Load benchmark: the app under wrk, against a bare Flask app, on files and on Redis.

Run: ``python bench/load.py`` (from ``.venv/bin/python``; needs ``wrk`` and ``redis-server``).

It starts every server itself, each gunicorn with 2 workers, as the app is served
(webapp/serving.py's gevent workers; ``--serving gthread`` or ``sync`` for another class):
a bare Flask app answering "hello" (the ceiling), and the game on SQLite (with session files)
and on Redis, each once with 100 and once with 100,000 stored matches, seeded straight in the
stores' formats (bench/seeding.py).
Then, in rounds so that drift on a shared machine hits every row alike, it measures with wrk:

- the bare app, and the bare app making one Redis GET first (bench/hello_redis.py: the
  least an app that reads its session from Redis on each request pays here);
- GET / of a match in progress, each request with the cookie of one of 100 active sessions at
  random, whether the store holds 100 or 100,000 matches (so that only the store's size
  differs), and once more spread over all 100,000 (no goal: that measures cache locality);
- the move cycle against the hard computer (bench/move_cycle.lua): GET /, POST /move, and
  POST /new when a game ends, on the store holding 100,000 matches;
- the stock stack on each store (bench/stock.py: Flask, Flask-Session and Flask-WTF as
  shipped, doing the least a board page and a move need, with none of the game's code): its
  GET board, its GET with only the session read (what any page with a session costs; no
  game row compares with it), and its move cycle. The game's GET and move-cycle rows print
  their ratio to the stock stack's: below 1x, our code costs more than the stack does.

It prints requests per second, p50 and p99 latency, each row's ratio to the bare app in the
same round (median over rounds), the 100,000-vs-100 ratio, and the size of a stored match.
It also prints the CPU time per request of the servers (gunicorn and its workers, plus
redis-server for the Redis rows) and of wrk, read from /proc: on a shared machine the
throughput ratios move with the neighbours' load, while the CPU ratio (the bare app's CPU
per request over the row's) says what the ratio would be on an otherwise idle machine.
The exit status is 0 only if every goal is met and no request went wrong.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import secrets
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec
import redis
from cachelib.file import FileSystemCache

from bench import seeding, servers
from webapp.web.site.sessions import MsgpackFiles

BENCH = Path(__file__).resolve().parent
GET_SCRIPT, MOVE_SCRIPT = str(BENCH / "get.lua"), str(BENCH / "move_cycle.lua")
SMALL, LARGE = 100, 100_000  # stored matches: the scale goal compares these
# The floors of the redesign, by store: a little speed may go for a lot of simplicity.
GET_GOAL = {"SQLite": 0.6, "Redis": 0.45}
MOVE_GOAL = {"SQLite": 0.4, "Redis": 0.3}
SCALE_GOAL, SIZE_GOAL = 0.9, 1024


@dataclass
class Row:
    """One measured line of the table."""

    label: str
    url: str
    script: str
    args: list[str]
    servers: list[servers.Server]  # whose CPU time the row's requests cost
    goal: float | None = None
    path: str = "/"
    stock: Row | None = None  # the stock stack's row for the same work, if any
    runs: list[dict[str, Any]] = field(default_factory=list)

    def median(self, key: str) -> float:
        """The median of one figure over the rounds."""
        return statistics.median(float(run[key]) for run in self.runs)


# The counts of the wrk scripts' JSON line that say an answer was not the expected one.
PROBLEMS = ("socket_errors", "unexpected", "misses", "refused", "rewrites")


def wrk(program: str, row: Row, seconds: int, connections: int) -> dict[str, Any]:
    """Run wrk once for ``row``: its script's JSON line, plus requests per second and the CPU
    time per request of the servers and of wrk itself."""
    command = [
        program, f"-t{connections}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s",
        "-s", row.script, row.url + row.path, "--", *row.args,
    ]  # fmt: skip
    server_cpu = sum(server.cpu_seconds() for server in row.servers)
    wrk_cpu = _children_cpu_seconds()
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    wrk_cpu = _children_cpu_seconds() - wrk_cpu
    server_cpu = sum(server.cpu_seconds() for server in row.servers) - server_cpu
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    result["rps"] = result["requests"] / (result["duration_us"] / 1e6)
    result["server_cpu_us"] = server_cpu / result["requests"] * 1e6
    result["wrk_cpu_us"] = wrk_cpu / result["requests"] * 1e6
    return result


def _children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def seed(directory: Path, client: redis.Redis, pairs: list[tuple[str, str]]) -> None:
    """One match in progress and a session at it per pair, in SQLite and session files (the
    files written from 8 threads) and in Redis."""
    (directory / "sessions").mkdir(mode=0o700, parents=True)
    seeding.seed_sqlite(str(directory / "matches.sqlite"), pairs)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda part: seeding.seed_session_files(str(directory / "sessions"), part),
                      [pairs[i::8] for i in range(8)]))  # fmt: skip
    seeding.seed_redis(client, pairs)


@contextlib.contextmanager
def running(stack: list[servers.Server]) -> Iterator[list[servers.Server]]:
    """Stop every server put on ``stack``, in reverse, however the block ends."""
    try:
        yield stack
    finally:
        for server in reversed(stack):
            server.stop()


def stored_sizes(directory: Path, client: redis.Redis, sids: list[str]) -> dict[str, int]:
    """The largest stored match of the sessions ``sids``: its SQLite row (the id and the data,
    plus 16 bytes for the version and the time), and in Redis its STRLEN and MEMORY USAGE."""
    cache = FileSystemCache(str(directory / "sessions"), threshold=0)
    cache.serializer = MsgpackFiles()
    sessions = [cache.get(seeding.SESSION_PREFIX + sid) for sid in sids]
    file_ids = [session["match"] for session in sessions if session and "match" in session]
    pipe = client.pipeline(transaction=False)
    for sid in sids:
        pipe.get(seeding.SESSION_PREFIX + sid)
    redis_sessions = [msgspec.msgpack.decode(raw) for raw in pipe.execute() if raw]
    keys = [f"match:{session['match']}" for session in redis_sessions if "match" in session]
    for key in keys:
        pipe.strlen(key)
        pipe.memory_usage(key, samples=0)
    answers = pipe.execute()
    with sqlite3.connect(directory / "matches.sqlite") as db:
        rows = [db.execute("SELECT length(id) + length(data) + 16 FROM matches WHERE id = ?",
                           (match_id,)).fetchone() for match_id in file_ids]  # fmt: skip
    return {
        "row": max(int(row[0]) for row in rows if row),
        "strlen": max(int(n) for n in answers[0::2]),
        "memory": max(int(n or 0) for n in answers[1::2]),
    }


def main() -> int:
    """Start the servers, seed, measure in rounds, print the table; 0 if every goal is met."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    servers.wrk_options(parser, duration=10)
    parser.add_argument("--store-dir", default=None, help="where the file stores go (a temp dir)")
    parser.add_argument("--games", type=int, default=LARGE, help="stored games of the large stores")
    parser.add_argument("--serving", choices=servers.SERVING, default="gevent",
                        help="gunicorn's worker class: the app's (gevent), or another")  # fmt: skip
    options = parser.parse_args()
    wrk_program, redis_program = shutil.which("wrk"), shutil.which("redis-server")
    if not wrk_program or not redis_program:
        print("bench/load.py needs wrk and redis-server (Debian packages wrk, redis-server)")
        return 2

    work = Path(tempfile.mkdtemp(prefix="ttt-load-", dir=options.store_dir))
    started: list[servers.Server] = []
    try:
        with running(started):
            return measure(options, wrk_program, redis_program, work, started)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def stock_rows(
    kind: str,
    start: Callable[[str, dict[str, str]], servers.Server],
    secret: str,
    redis_server: servers.Server,
    work: Path,
) -> list[Row]:
    """The stock stack's rows on one store (bench/stock.py): GET board, GET with only the
    session read, and the move cycle; each GET sends the cookie of one of 100 sessions."""
    env = {"STOCK_SECRET_KEY": secret}
    if kind == "Redis":
        env["STOCK_REDIS_URL"] = f"redis://127.0.0.1:{redis_server.port}/1"
    else:
        env["STOCK_SESSION_DIR"] = str(work / "stock-files")
    server = start("bench.stock:from_environment()", env)
    accounted = [server, redis_server] if kind == "Redis" else [server]
    sid_file = work / f"sids-stock-{kind.split()[0].lower()}.txt"
    sid_file.write_text("\n".join(stock_sessions(server.url, SMALL)) + "\n")
    label = f"stock stack, {kind}:"
    return [
        Row(f"{label} GET board", server.url, GET_SCRIPT, [str(sid_file)], accounted),
        Row(f"{label} GET, the session read only", server.url, GET_SCRIPT, [str(sid_file)],
            accounted, path="/least/"),
        Row(f"{label} move cycle", server.url, MOVE_SCRIPT, ["hard"], accounted),
    ]  # fmt: skip


def stock_sessions(url: str, count: int) -> list[str]:
    """Make ``count`` sessions on a stock-stack server (a first GET / stores one); their ids."""
    sids = []
    for _ in range(count):
        with urllib.request.urlopen(url + "/", timeout=10) as response:
            cookie = response.headers["Set-Cookie"] or ""
        if not cookie.startswith("ttt_session="):
            raise RuntimeError(f"the stock stack at {url} made no session: {cookie!r}")
        sids.append(cookie.split(";", 1)[0].split("=", 1)[1])
    return sids


def measure(
    options: argparse.Namespace,
    wrk_program: str,
    redis_program: str,
    work: Path,
    started: list[servers.Server],
) -> int:
    """Everything between starting the servers and printing the table."""
    print(f"load average before: {_load_average()}", flush=True)
    secret = secrets.token_hex(32)
    counts: tuple[int, int] = (SMALL, options.games)
    stores: dict[int, tuple[Path, servers.Server, list[str]]] = {}
    for count in counts:
        redis_server = servers.redis_server(redis_program)
        started.append(redis_server)
        pairs = seeding.new_pairs(count)
        sids = [sid for sid, _ in pairs]
        began = time.perf_counter()
        client = redis.Redis(port=redis_server.port)
        seed(work / f"files-{count}", client, pairs)
        client.close()
        print(f"seeded {count:,} matches in each store in {time.perf_counter() - began:.1f} s")
        (work / f"sids-{count}.txt").write_text("\n".join(sids) + "\n")
        stores[count] = (work / f"files-{count}", redis_server, sids)

    def start(app: str, env: dict[str, str]) -> servers.Server:
        server = servers.gunicorn(app, env, options.serving)
        started.append(server)
        return server

    hello = start("bench.hello:app", {})
    rows = [Row('bare Flask "hello" (the ceiling)', hello.url, GET_SCRIPT, [], [hello])]
    large = stores[counts[1]]  # the store holding the most games
    redis_server = large[1]
    client = redis.Redis(port=redis_server.port)
    client.set("hello", b"x" * 200)  # about a stored game's size
    client.close()
    env = {"HELLO_REDIS_URL": f"redis://127.0.0.1:{redis_server.port}/0"}
    hello_redis = start("bench.hello_redis:app", env)
    label = 'bare Flask "hello" after one Redis GET (no session code)'
    rows.append(Row(label, hello_redis.url, GET_SCRIPT, [], [hello_redis, redis_server]))
    # The GET rows rotate over the same 100 active games, whether the store holds 100 or
    # 100,000: only the store's size differs. One more row spreads the reads over every game.
    active = work / "sids-active.txt"
    active.write_text("\n".join(large[2][:SMALL]) + "\n")
    scale_pairs: list[tuple[Row, Row]] = []
    for kind in ("SQLite", "Redis"):
        gets: list[Row] = []
        for count in counts:
            directory, redis_server, _ = stores[count]
            env = {"FLASK_SECRET_KEY": secret}
            if kind == "Redis":
                env["FLASK_REDIS_URL"] = f"redis://127.0.0.1:{redis_server.port}/0"
                accounted = [start("wsgi:app", env), redis_server]
            else:
                env["FLASK_DATABASE"] = str(directory / "matches.sqlite")
                env["FLASK_SESSION_DIR"] = str(directory / "sessions")
                accounted = [start("wsgi:app", env)]
            url = accounted[0].url
            label = f"{kind}: GET board, {SMALL} active of {count:,} stored matches"
            sid_file = work / f"sids-{count}.txt" if count == SMALL else active
            goal = GET_GOAL[kind]
            gets.append(Row(label, url, GET_SCRIPT, [str(sid_file)], accounted, goal))
        label = f"{kind}: GET board, any of {count:,} stored matches"
        spread = Row(label, url, GET_SCRIPT, [str(work / f"sids-{count}.txt")], accounted)
        label = f"{kind}: move cycle vs hard, {count:,} stored matches"
        cycle = Row(label, url, MOVE_SCRIPT, ["hard"], accounted, MOVE_GOAL[kind])
        stock = stock_rows(kind, start, secret, large[1], work)
        gets[0].stock = gets[1].stock = stock[0]
        cycle.stock = stock[2]
        rows += [*gets, spread, cycle, *stock]
        scale_pairs.append((gets[0], gets[1]))

    for row in rows:  # warm up: imports, connections, caches
        wrk(wrk_program, row, 2, options.connections)
    print("warmed up", flush=True)
    for round_number in range(1, options.rounds + 1):
        for row in rows:
            row.runs.append(wrk(wrk_program, row, options.duration, options.connections))
        figures = ", ".join(f"{row.runs[-1]['rps']:.0f}" for row in rows)
        print(f"round {round_number}, req/s: {figures}", flush=True)

    # The game's own move cycles (those with a goal), not the stock stack's.
    played = [sid for row in rows if row.script == MOVE_SCRIPT and row.goal is not None
              for run in row.runs for sid in run["sids"]]  # fmt: skip
    directory, redis_server, seeded = large
    client = redis.Redis(port=redis_server.port)
    sizes = {
        "a played match, the largest": stored_sizes(directory, client, played),
        "a seeded match": stored_sizes(directory, client, seeded[:1000]),
    }
    client.close()
    print(f"load average after: {_load_average()}")
    return report(options, rows, scale_pairs, sizes)


def _load_average() -> str:
    return " ".join(f"{n:.2f}" for n in os.getloadavg())


def report(
    options: argparse.Namespace,
    rows: list[Row],
    scale_pairs: list[tuple[Row, Row]],
    sizes: dict[str, dict[str, int]],
) -> int:
    """Print the table (Markdown) and the checks; 0 if every goal is met."""
    ok = True
    bare = rows[0]

    def per_round(row: Row, base: Row, key: str) -> float:
        """The median over rounds of ``row``'s figure over ``base``'s, in the same round."""
        return statistics.median(
            float(mine[key] / theirs[key]) for mine, theirs in zip(row.runs, base.runs, strict=True)
        )

    def cpu_ratio(row: Row, base: Row) -> float:
        """The median over rounds of ``base``'s CPU per request over ``row``'s."""
        return statistics.median(
            cpu(theirs) / cpu(mine) for mine, theirs in zip(row.runs, base.runs, strict=True)
        )

    def cpu(run: dict[str, Any]) -> float:
        return float(run["server_cpu_us"] + run["wrk_cpu_us"])

    print()
    print(f"{options.rounds} rounds of {options.duration} s; wrk -t{options.connections} "
          f"-c{options.connections}; every server gunicorn --workers {servers.WORKERS} (sync); "
          f"{os.cpu_count()} CPUs. Medians over the rounds; ratios are to the bare app in the "
          "same round.")  # fmt: skip
    print()
    print("| measurement | req/s | p50 ms | p99 ms | ratio | CPU µs/req: servers + wrk "
          "| CPU ratio | vs stock | goal |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for row in rows:
        ratio = per_round(row, bare, "rps")
        met = row.goal is None or ratio >= row.goal
        ok = ok and met
        goal = "" if row.goal is None else f">= {row.goal:.2f}x {'ok' if met else 'MISSED'}"
        versus = "" if row.stock is None else f"{per_round(row, row.stock, 'rps'):.2f}x"
        print(f"| {row.label} | {row.median('rps'):,.0f} | {row.median('p50_us') / 1000:.2f} "
              f"| {row.median('p99_us') / 1000:.2f} | {ratio:.2f}x "
              f"| {row.median('server_cpu_us'):,.0f} + {row.median('wrk_cpu_us'):,.0f} "
              f"| {cpu_ratio(row, bare):.2f}x | {versus} | {goal} |")  # fmt: skip
    print()
    print("| check | figure | goal |")
    print("| --- | ---: | --- |")
    for few, many in scale_pairs:
        scale = per_round(many, few, "rps")
        met = scale >= SCALE_GOAL
        ok = ok and met
        store = many.label.split(":")[0]
        print(f"| {store}: GET board rate, {options.games:,} vs {SMALL} stored matches "
              f"| {scale:.2f}x (CPU ratio {cpu_ratio(many, few):.2f}x) "
              f"| >= {SCALE_GOAL:.1f}x {'ok' if met else 'MISSED'} |")  # fmt: skip
    for kind, figures in sizes.items():
        for label, key in (("SQLite row", "row"), ("Redis STRLEN", "strlen")):
            met = figures[key] <= SIZE_GOAL
            ok = ok and met
            print(f"| {kind}: {label} | {figures[key]} B "
                  f"| <= {SIZE_GOAL} B {'ok' if met else 'MISSED'} |")  # fmt: skip
        met = figures["memory"] <= SIZE_GOAL
        ok = ok and met
        print(f"| {kind}: Redis MEMORY USAGE | {figures['memory']} B "
              f"| <= {SIZE_GOAL} B {'ok' if met else 'MISSED'} |")  # fmt: skip
    print()
    for row in rows:
        totals = {key: sum(int(run.get(key, 0)) for run in row.runs) for key in PROBLEMS}
        if any(totals.values()):
            ok = False
            print(f"PROBLEM in {row.label}: {totals}")
        if row.script == MOVE_SCRIPT:
            moves = sum(run["moves"] for run in row.runs)
            games = sum(run["games"] for run in row.runs)
            print(f"{row.label}: {moves:,} moves and {games:,} new games in the measured runs")
    print("every goal met" if ok else "SOME GOALS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
