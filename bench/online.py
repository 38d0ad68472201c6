"""Online benchmark: live streams while players move, on SQLite and on Redis, and what the
threaded serving model costs the hot-seat rows.

Run: ``python bench/online.py`` (from ``.venv/bin/python``; needs ``wrk`` and ``redis-server``).

1. Serving model. The hot-seat rows of bench/load.py (GET board, move cycle against hard; 100
   stored matches) under the app's gthread workers (webapp/serving.py) and under gunicorn's
   sync workers, in alternating rounds of wrk; each gthread row's ratio to its sync row.
2. Online play beside hot-seat play. PAIRS online matches are played through the API at a
   brisk human pace (a move per match every PACE seconds, staggered), each followed by its
   two players' streams (GET /api/events) and by N spectator streams spread over them (N = 0,
   100, 1,000; --watchers); meanwhile wrk plays bench/load.py's move cycle against hard. On
   SQLite one app server serves everything; on Redis two do, each online match's players on
   different servers, the spectators split between them. Each row starts its app servers
   afresh, with the app's own settings but for the streams allowed. It reports the wrk
   move-cycle rate with N streams against the rate with none, the time from an online move's
   answer to its event on the opponent's stream (p50, p99; the event may arrive before the
   answer: 0), and the CPU that the app servers, this process, wrk and Redis used.

The floors (exit status 0 only if met): p99 at most 100 ms with 1,000 streams on Redis with
two app servers; the move-cycle rate with 1,000 streams at least 0.8x the rate without; the
gthread hot-seat rows at least 0.9x of sync.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import resource
import secrets
import selectors
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis

from bench import load, seeding, servers
from bench.load import GET_SCRIPT, MOVE_SCRIPT, Row, running, seed

P99_FLOOR_MS, RATE_FLOOR, SERVING_FLOOR = 100.0, 0.8, 0.9
# Threads enough for every stream a worker may be handed, and the streams allowed below them.
# The heartbeat is the app's own (10 s): each row starts its app servers afresh, so no row
# waits for the closed streams of the one before to be noticed.
ONLINE_ENV = {"WEB_THREADS": "1300", "FLASK_STREAMS": "1250", "FLASK_STREAMS_PER_ADDRESS": "1250"}


class Player:
    """One program at one app server: a keep-alive connection, its cookies (the session, or
    the visitor id of one that has only looked) and its token."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: SimpleCookie = SimpleCookie()
        self.token = ""
        self.game: dict[str, Any] = {}

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """One API request; keeps the session cookie and the answer as ``game``."""
        headers = {"Content-Type": "application/json"}
        if self.cookies:
            headers["Cookie"] = self.cookie
        if self.token:
            headers["X-CSRFToken"] = self.token
        data = json.dumps(body) if body is not None else None
        self.connection.request(method, path, data, headers)
        response = self.connection.getresponse()
        text = response.read()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            self.cookies.load(cookie)
        if response.status != 200:
            raise RuntimeError(f"{method} {path}: {response.status} {text[:200]!r}")
        self.game = json.loads(text)
        self.token = self.game["csrf_token"]
        return self.game

    @property
    def cookie(self) -> str:
        """The Cookie header's value."""
        return "; ".join(f"{name}={morsel.coded_value}" for name, morsel in self.cookies.items())


@dataclass
class Stream:
    """One open event stream; ``arrived`` holds when each version reached it. Each has its own
    condition, so an event wakes only the player waiting on that stream (one condition for
    all woke every player on every event, and the bench measured its own thread switches)."""

    sock: socket.socket
    buffer: bytes = b""
    arrived: dict[int, float] = field(default_factory=dict)
    events: int = 0
    condition: threading.Condition = field(default_factory=threading.Condition)


class Streams:
    """Every stream, read by one thread through a selector."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self.stop = threading.Event()
        self.all: list[Stream] = []
        self.thread = threading.Thread(target=self._read, daemon=True)

    def open(self, port: int, query: str, cookie: str = "") -> Stream:
        """Open ``GET /api/events`` with ``query`` on ``port``, sending ``cookie``."""
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        cookie = f"Cookie: {cookie}\r\n" if cookie else ""
        sock.sendall(f"GET /api/events{query} HTTP/1.1\r\nHost: b\r\n{cookie}\r\n".encode())
        sock.setblocking(False)
        stream = Stream(sock)
        self.all.append(stream)
        self.selector.register(sock, selectors.EVENT_READ, stream)
        return stream

    def wait(self, stream: Stream, version: int, timeout: float = 5.0) -> float | None:
        """When ``version`` (or a newer one) reached ``stream``; ``None`` after ``timeout``."""
        with stream.condition:
            stream.condition.wait_for(lambda: max(stream.arrived, default=-1) >= version, timeout)
            times = [when for seen, when in stream.arrived.items() if seen >= version]
        return min(times) if times else None

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        for stream in self.all:
            stream.sock.close()
        self.selector.close()

    def _read(self) -> None:
        while not self.stop.is_set():
            for key, _ in self.selector.select(timeout=0.1):
                stream: Stream = key.data
                try:
                    chunk = stream.sock.recv(65536)
                except BlockingIOError:
                    continue
                now = time.monotonic()
                stream.buffer += chunk
                *lines, stream.buffer = stream.buffer.split(b"\n")
                versions = [int(line[4:]) for line in lines if line.startswith(b"id: ")]
                if versions:
                    with stream.condition:
                        stream.events += len(versions)
                        for version in versions:
                            stream.arrived.setdefault(version, now)
                        if len(stream.arrived) > 64:  # keep the newest
                            for old in sorted(stream.arrived)[:-32]:
                                del stream.arrived[old]
                        stream.condition.notify_all()


@dataclass
class Pair:
    """The two players of one online match (player 1 first) and their own streams."""

    players: list[Player]
    streams: list[Stream]
    match_id: str


def open_pairs(ports: list[int], count: int, streams: Streams) -> list[Pair]:
    """``count`` online matches, player 1 on the first server, player 2 on the last."""
    pairs = []
    for _ in range(count):
        host, friend = Player(ports[0]), Player(ports[-1])
        host.call("GET", "/api/game")
        opened = host.call("POST", "/api/new", {"x": "user", "o": "friend"})
        friend.call("GET", "/api/game")
        invite = opened["online"]["invite"].rsplit("/", 1)[1]
        version = friend.call("POST", "/api/join", {"invite": invite})["version"]
        own = [streams.open(p.port, f"?version={version}", p.cookie) for p in (host, friend)]
        pairs.append(Pair([host, friend], own, opened["online"]["watch"].rsplit("/", 1)[1]))
    return pairs


def play(pair: Pair, streams: Streams, start: float, until: float, pace: float,
         latencies: list[float]) -> None:  # fmt: skip
    """A move every ``pace`` seconds from ``start`` until ``until``; each is timed from its
    answer to its arrival on the opponent's stream."""
    seats = _seats(pair)
    game = pair.players[0].game
    tick = start
    while tick < until:
        time.sleep(max(0.0, tick - time.monotonic()))
        tick += pace
        if game["status"] != "Game not finished" or game["online"]["ending"]:
            pair.players[0].call("POST", "/api/rematch", {})
            game = pair.players[1].call("POST", "/api/rematch", {})
            seats = _seats(pair)  # the sides swap
            continue
        mover = seats[game["turn"]]
        empty = [cell for cell, mark in zip(CELLS, game["board"], strict=True) if mark == "_"]
        body = {"cell": random.choice(empty), "version": game["version"]}
        game = pair.players[mover].call("POST", "/api/move", body)
        answered = time.monotonic()
        arrived = streams.wait(pair.streams[1 - mover], game["version"])
        if arrived is None:
            raise RuntimeError(f"version {game['version']} never reached the opponent's stream")
        latencies.append(max(0.0, arrived - answered))  # the event may beat the answer


CELLS = [f"{row}{column}" for row in "ABC" for column in "123"]


def _seats(pair: Pair) -> dict[str, int]:
    """Which player (0 or 1) plays each mark in the current game."""
    return {player.call("GET", "/api/game")["you"]: i for i, player in enumerate(pair.players)}


def wrk(program: str, row: Row, seconds: int, connections: int) -> dict[str, Any]:
    """bench/load.py's wrk run, refused if any answer was not the one the script expects: a
    rate of error pages measures nothing."""
    run = load.wrk(program, row, seconds, connections)
    problems = {key: run[key] for key in load.PROBLEMS if run.get(key)}
    if problems:
        raise RuntimeError(f"{row.label}: unexpected answers from the app: {problems}")
    return run


def online_row(
    apps: list[servers.Server], redis_server: servers.Server | servers.Cluster, watchers: int,
    options: argparse.Namespace, wrk_program: str,
) -> dict[str, Any]:  # fmt: skip
    """One measurement: the online matches and ``watchers`` more streams, and wrk's cycles;
    with the CPU seconds per second that each part of the machine used meanwhile."""
    ports = [app.port for app in apps]
    streams = Streams()
    streams.thread.start()
    try:
        opened = open_pairs(ports, options.pairs, streams)
        for index in range(watchers):
            pair = opened[index % len(opened)]
            streams.open(ports[index % len(ports)], f"?match={pair.match_id}&version=0")
        time.sleep(1.0)  # every stream answered and waiting
        latencies: list[float] = []
        start = time.monotonic() + 0.5
        until = start + options.duration
        threads = [
            threading.Thread(target=play, args=(pair, streams, start + index * options.pace /
                             len(opened), until, options.pace, latencies))
            for index, pair in enumerate(opened)
        ]  # fmt: skip
        for thread in threads:
            thread.start()
        time.sleep(max(0.0, start - time.monotonic()))
        cycle = Row("move cycle", f"http://127.0.0.1:{ports[0]}", MOVE_SCRIPT, ["hard"], [])
        before = _cpu(apps, redis_server)
        run = wrk(wrk_program, cycle, options.duration, 4)
        cpu = {part: (used - before[part]) / (run["duration_us"] / 1e6)
               for part, used in _cpu(apps, redis_server).items()}  # fmt: skip
        cpu["wrk"] = run["wrk_cpu_us"] * run["requests"] / run["duration_us"]
        for thread in threads:
            thread.join()
        quantiles = statistics.quantiles(latencies, n=100)
        return {
            "rps": run["rps"],
            "p50_ms": quantiles[49] * 1000,
            "p99_ms": quantiles[98] * 1000,
            "moves": len(latencies),
            "events": sum(stream.events for stream in streams.all),
            "cpu": cpu,
        }
    finally:
        streams.close()


def _cpu(
    apps: list[servers.Server], redis_server: servers.Server | servers.Cluster
) -> dict[str, float]:
    """CPU seconds used so far by the app servers, by Redis, and by this process (its players
    and its stream reader)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "apps": sum(app.cpu_seconds() for app in apps),
        "redis": redis_server.cpu_seconds(),
        "bench": usage.ru_utime + usage.ru_stime,
    }


def main() -> int:
    """Measure, print the tables, and say whether the floors hold."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--duration", type=int, default=6, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (median)")
    parser.add_argument("--pairs", type=int, default=50, help="online matches played at once")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between two moves of "
                        "one online match")  # fmt: skip
    parser.add_argument("--only", choices=("serving", "online"), help="measure one part only")
    parser.add_argument("--stores", default="SQLite,Redis", help="the online rows' stores")
    parser.add_argument(
        "--watchers",
        type=_counts,
        default=(0, 100, 1000),
        help="spectator streams of each online row (default 0,100,1000)",
    )
    parser.add_argument("--heartbeat", type=float, help="seconds between two writes on an idle "
                        "stream (default: the app's own, FLASK_HEARTBEAT)")  # fmt: skip
    options = parser.parse_args()
    wrk_program, redis_program = shutil.which("wrk"), shutil.which("redis-server")
    if not wrk_program or not redis_program:
        print("bench/online.py needs wrk and redis-server (Debian packages wrk, redis-server)")
        return 2
    work = Path(tempfile.mkdtemp(prefix="ttt-online-"))
    started: list[servers.Server] = []
    try:
        with running(started):
            serving, online = [], []
            if options.only != "online":
                serving = serving_rows(options, wrk_program, redis_program, work, started)
            if options.only != "serving":
                online = online_rows(options, wrk_program, redis_program, work, started)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report(serving, online)


def _counts(text: str) -> tuple[int, ...]:
    """``0,100,1000``: the numbers of spectator streams, the first of them the baseline."""
    return tuple(int(part) for part in text.split(","))


def serving_rows(
    options: argparse.Namespace, wrk_program: str, redis_program: str, work: Path,
    started: list[servers.Server],
) -> list[tuple[Row, Row]]:  # fmt: skip
    """The hot-seat rows under gthread and under sync workers, in alternating rounds."""
    redis_server = servers.redis_server(redis_program)
    started.append(redis_server)
    pairs = seeding.new_pairs(100)
    client = redis.Redis(port=redis_server.port)
    seed(work / "files", client, pairs)
    client.close()
    sids = work / "sids.txt"
    sids.write_text("\n".join(sid for sid, _ in pairs) + "\n")
    secret = secrets.token_hex(32)
    rows: list[tuple[Row, Row]] = []
    for kind in ("SQLite", "Redis"):
        env = {"FLASK_SECRET_KEY": secret}
        if kind == "Redis":
            env["FLASK_REDIS_URL"] = f"redis://127.0.0.1:{redis_server.port}/0"
        else:
            env["FLASK_DATABASE"] = str(work / "files" / "matches.sqlite")
            env["FLASK_SESSION_DIR"] = str(work / "files" / "sessions")
        by_model = {}
        for model in ("gthread", "sync"):
            server = servers.gunicorn("wsgi:app", env, model)
            started.append(server)
            accounted = [server, redis_server] if kind == "Redis" else [server]
            by_model[model] = (
                Row(f"{kind}: GET board, {model}", server.url, GET_SCRIPT, [str(sids)], accounted),
                Row(f"{kind}: move cycle vs hard, {model}", server.url, MOVE_SCRIPT, ["hard"],
                    accounted),
            )  # fmt: skip
        rows += list(zip(by_model["gthread"], by_model["sync"], strict=True))
    for threaded, sync in rows:  # warm up
        wrk(wrk_program, threaded, 2, 4)
        wrk(wrk_program, sync, 2, 4)
    for round_number in range(options.rounds):
        for threaded, sync in rows:
            first, second = (threaded, sync) if round_number % 2 == 0 else (sync, threaded)
            first.runs.append(wrk(wrk_program, first, options.duration, 4))
            second.runs.append(wrk(wrk_program, second, options.duration, 4))
            ratio = threaded.runs[-1]["rps"] / sync.runs[-1]["rps"]
            print(f"serving round {round_number + 1}: {threaded.label}: "
                  f"{threaded.runs[-1]['rps']:.0f} req/s, sync {sync.runs[-1]['rps']:.0f}, "
                  f"{ratio:.2f}x", flush=True)  # fmt: skip
    return rows


def online_rows(
    options: argparse.Namespace, wrk_program: str, redis_program: str, work: Path,
    started: list[servers.Server],
) -> list[dict[str, Any]]:  # fmt: skip
    """The online rows on each store: N spectator streams, in rounds; medians. Each row has
    app servers of its own, warmed up and then stopped."""
    redis_server = servers.redis_server(redis_program)
    started.append(redis_server)
    secret = secrets.token_hex(32)
    env = {**ONLINE_ENV, "FLASK_SECRET_KEY": secret}
    if options.heartbeat is not None:
        env["FLASK_HEARTBEAT"] = str(options.heartbeat)
    redis_env = {**env,
                 "FLASK_REDIS_URL": f"redis://127.0.0.1:{redis_server.port}/0"}  # fmt: skip
    kinds = [kind for kind in ("SQLite, one app server", "Redis, two app servers")
             if kind.split(",")[0] in options.stores.split(",")]  # fmt: skip
    results: dict[tuple[str, int], list[dict[str, Any]]] = {}
    rows_run = 0
    for round_number in range(options.rounds):
        for kind in kinds:
            # Every other round runs the rows backwards, so a machine that slows down (or
            # speeds up) over the run does not favour one row.
            for watchers in options.watchers[:: 1 if round_number % 2 == 0 else -1]:
                rows_run += 1
                if kind.startswith("SQLite"):
                    apps = [servers.gunicorn("wsgi:app", {
                        **env,
                        "FLASK_DATABASE": str(work / f"online-{rows_run}.sqlite"),
                        "FLASK_SESSION_DIR": str(work / f"online-{rows_run}"),
                    })]  # fmt: skip
                else:
                    apps = [servers.gunicorn("wsgi:app", redis_env) for _ in range(2)]
                with running(apps):
                    for app in apps:  # warm up: imports, connections, caches
                        wrk(wrk_program, Row("warm-up", app.url, MOVE_SCRIPT, ["hard"], []), 2, 4)
                    row = online_row(apps, redis_server, watchers, options, wrk_program)
                results.setdefault((kind, watchers), []).append(row)
                cpu = ", ".join(f"{part} {used:.2f}" for part, used in row["cpu"].items())
                print(f"round {round_number + 1}: {kind}, {watchers} streams: "
                      f"{row['rps']:.0f} cycles/s, {row['moves']} online moves, "
                      f"{row['events']} events, p99 {row['p99_ms']:.1f} ms; "
                      f"CPU s/s: {cpu}", flush=True)  # fmt: skip
    rows = []
    for (kind, watchers), runs in results.items():
        # The rate's ratio is taken within each round, then the median: the machine's drift
        # between rounds cancels out.
        base = results[(kind, options.watchers[0])]
        rows.append({
            "kind": kind, "watchers": watchers,
            "rps": statistics.median(run["rps"] for run in runs),
            "ratio": statistics.median(
                run["rps"] / zero["rps"] for run, zero in zip(runs, base, strict=True)
            ),
            "p50_ms": statistics.median(run["p50_ms"] for run in runs),
            "p99_ms": statistics.median(run["p99_ms"] for run in runs),
            "cpu": {part: statistics.median(run["cpu"][part] for run in runs)
                    for part in runs[0]["cpu"]},
        })  # fmt: skip
    return rows


def report(serving: list[tuple[Row, Row]], online: list[dict[str, Any]]) -> int:
    """Print both tables; 0 when every floor holds (the online floors are taken at the row
    with the most streams)."""
    ok = True
    most = max((row["watchers"] for row in online), default=0)
    if serving:
        print("\n| hot-seat row | gthread req/s | sync req/s | gthread / sync |")
        print("| --- | ---: | ---: | ---: |")
    for threaded, sync in serving:
        ratio = statistics.median(
            a["rps"] / b["rps"] for a, b in zip(threaded.runs, sync.runs, strict=True)
        )
        ok &= ratio >= SERVING_FLOOR
        label = threaded.label.removesuffix(", gthread")
        print(f"| {label} | {threaded.median('rps'):.0f} | {sync.median('rps'):.0f} | "
              f"{ratio:.2f}x |")  # fmt: skip
    if online:
        print("\n| store | spectator streams | move cycles/s | vs no spectators | "
              "move to event p50 | p99 | CPU s/s: apps, bench, wrk, redis |")  # fmt: skip
        print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for row in online:
        ratio = row["ratio"]
        if row["watchers"] == most:
            ok &= ratio >= RATE_FLOOR
            if row["kind"].startswith("Redis"):
                ok &= row["p99_ms"] <= P99_FLOOR_MS
        cpu = " / ".join(f"{row['cpu'][part]:.2f}" for part in ("apps", "bench", "wrk", "redis"))
        print(f"| {row['kind']} | {row['watchers']} | {row['rps']:.0f} | {ratio:.2f}x "
              f"| {row['p50_ms']:.1f} ms | {row['p99_ms']:.1f} ms | {cpu} |")  # fmt: skip
    floors = []
    if serving:
        floors.append(f"gthread >= {SERVING_FLOOR}x sync")
    if online:
        floors.append(f"p99 <= {P99_FLOOR_MS:.0f} ms (Redis, {most} streams), rate with {most} "
                      f"streams >= {RATE_FLOOR}x")  # fmt: skip
    print(f"\nfloors: {'; '.join(floors)}: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
