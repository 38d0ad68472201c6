"""Serving-model benchmark: the same app under gunicorn's gevent, gthread and sync workers.

Run: ``python bench/serving.py`` (from ``.venv/bin/python``; needs ``wrk``).

For each model it starts, each with 2 workers and the app's gunicorn settings
(``-c python:webapp.serving`` and the worker class): the bare Flask app answering "hello", the
game on SQLite with 100 seeded matches in progress (and their session files), and the stock
stack (bench/stock.py) on the same kind of store. "gthread + lock" is the model before this one:
128 threads and the process-wide one-request-at-a-time lock (bench/locked.py). In alternating
rounds of wrk it measures hello, GET board, the move cycle against hard, and the stock stack's
GET board and move cycle, and prints for each row the requests per second, p99 and the
servers' CPU per request (from /proc). It also measures in this process the board's CPU per
request without HTTP (bench/request_path.py's way), so that each model's served cost can be
set against it, and whether each model still answers a board within 2 s while 100 live
streams and 30 clients that never finish their headers are held open.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import secrets
import shutil
import socket
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import request_path, seeding, servers
from bench.load import GET_SCRIPT, MOVE_SCRIPT, Row, running, stock_sessions, wrk
from webapp import create_app

MODELS = {  # label: (worker class in bench/servers.py, the app)
    "gevent (the app's)": ("gevent", "wsgi:app"),
    "gthread, 128 threads": ("gthread", "wsgi:app"),
    "gthread + lock (before)": ("gthread", "bench.locked:app"),
    "sync": ("sync", "wsgi:app"),
}
STREAMS, SLOW = 100, 30
ROWS = ("hello", "GET board", "move cycle vs hard", "stock: GET board", "stock: move cycle")


def main() -> int:
    """Start every model's servers, measure in rounds, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    servers.wrk_options(parser)
    parser.add_argument(
        "--models", default="gevent,gthread,sync", help="worker classes to run (comma-separated)"
    )
    options = parser.parse_args()
    wrk_program = shutil.which("wrk")
    if not wrk_program:
        print("bench/serving.py needs wrk (Debian package wrk)")
        return 2
    work = Path(tempfile.mkdtemp(prefix="ttt-serving-"))
    started: list[servers.Server] = []
    try:
        with running(started):
            return measure(options, wrk_program, work, started)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure(
    options: argparse.Namespace, wrk_program: str, work: Path, started: list[servers.Server]
) -> int:
    """Everything between seeding and printing."""
    pairs = seeding.new_pairs(100)
    (work / "sessions").mkdir(mode=0o700)
    seeding.seed_sqlite(str(work / "matches.sqlite"), pairs)
    seeding.seed_session_files(str(work / "sessions"), pairs)
    sids = work / "sids.txt"
    sids.write_text("\n".join(sid for sid, _ in pairs) + "\n")
    secret = secrets.token_hex(32)
    in_process = board_in_process(work, pairs[0][0], secret)
    env = {
        "FLASK_SECRET_KEY": secret,
        "FLASK_DATABASE": str(work / "matches.sqlite"),
        "FLASK_SESSION_DIR": str(work / "sessions"),
        "FLASK_STREAMS": str(STREAMS * 2),
        "FLASK_STREAMS_PER_ADDRESS": str(STREAMS * 2),
    }
    rows: dict[str, list[Row]] = {}
    holds: dict[str, str] = {}
    chosen = [label.strip() for label in options.models.split(",")]
    for label, (model, app) in MODELS.items():
        if model not in chosen:
            continue

        def start(name: str, settings: dict[str, str], model: str = model) -> servers.Server:
            server = servers.gunicorn(name, settings, model)
            started.append(server)
            return server

        hello, game = start("bench.hello:app", {}), start(app, env)
        stock_env = {"STOCK_SECRET_KEY": secret, "STOCK_SESSION_DIR": str(work / f"stock-{model}")}
        stock = start("bench.stock:from_environment()", stock_env)
        stock_sids = work / f"stock-sids-{len(rows)}.txt"
        stock_sids.write_text("\n".join(stock_sessions(stock.url, 100)) + "\n")
        rows[label] = [
            Row("hello", hello.url, GET_SCRIPT, [], [hello]),
            Row("GET board", game.url, GET_SCRIPT, [str(sids)], [game]),
            Row("move cycle vs hard", game.url, MOVE_SCRIPT, ["hard"], [game]),
            Row("stock: GET board", stock.url, GET_SCRIPT, [str(stock_sids)], [stock]),
            Row("stock: move cycle", stock.url, MOVE_SCRIPT, ["hard"], [stock]),
        ]
        holds[label] = holding(game.url, pairs[0])
        print(f"{label}: {holds[label]}", flush=True)
    for model_rows in rows.values():  # warm up
        for row in model_rows:
            wrk(wrk_program, row, 1, options.connections)
    for number in range(options.rounds):
        order = list(rows.values())
        for model_rows in order[number % len(order) :] + order[: number % len(order)]:
            for row in model_rows:
                row.runs.append(wrk(wrk_program, row, options.duration, options.connections))
        print(f"round {number + 1} done", flush=True)
    return report(options, rows, holds, in_process)


def board_in_process(work: Path, sid: str, secret: str) -> float:
    """The board's CPU per request in this process, without HTTP (best of 5)."""
    app = create_app(
        {"SECRET_KEY": secret, "LIMITS": False, "SESSION_DIR": str(work / "sessions")},
        instance_path=str(work),
    )
    browser = request_path.Browser(app, sid)

    def boards() -> int:
        for _ in range(1000):
            browser.call("GET", "/")
        return 1000

    with contextlib.redirect_stderr(io.StringIO()):  # its log lines, written as served
        boards()
        return request_path.best_microseconds(boards)


def holding(url: str, pair: tuple[str, str]) -> str:
    """Whether the server answers a board within 2 s while STREAMS live streams and SLOW
    clients that never finish their headers are open."""
    sid, match_id = pair
    host = url.removeprefix("http://")
    address = ("127.0.0.1", int(host.rsplit(":", 1)[1]))
    held: list[socket.socket] = []
    try:
        for _ in range(STREAMS):
            stream = socket.create_connection(address, timeout=5)
            path = f"/api/events?match={match_id}"
            stream.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            held.append(stream)
        for _ in range(SLOW):
            slow = socket.create_connection(address, timeout=5)
            slow.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\n".encode())  # and never the rest
            held.append(slow)
        time.sleep(1.0)
        request = urllib.request.Request(url + "/", headers={"Cookie": f"ttt_session={sid}"})
        began = time.monotonic()
        try:
            with urllib.request.urlopen(request, timeout=2) as response:
                status = response.status
        except OSError as error:
            return f"no ({error.__class__.__name__} after {time.monotonic() - began:.1f} s)"
        return f"yes ({status} in {(time.monotonic() - began) * 1000:.0f} ms)"
    finally:
        for connection in held:
            with contextlib.suppress(OSError):
                connection.close()


def report(
    options: argparse.Namespace,
    rows: dict[str, list[Row]],
    holds: dict[str, str],
    in_process: float,
) -> int:
    """Print the table (Markdown)."""
    print()
    print(f"{options.rounds} rounds of {options.duration} s; wrk -t{options.connections} "
          f"-c{options.connections}; gunicorn --workers {servers.WORKERS}. Medians over the "
          f"rounds. GET board in process: {in_process:.0f} µs CPU per request.")  # fmt: skip
    print()
    print("| model | row | req/s | p99 ms | server CPU µs/req | vs stock (req/s) |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for label, model_rows in rows.items():
        by_name = {row.label: row for row in model_rows}
        for row in model_rows:
            # "move cycle vs hard" is compared with the stock stack's "move cycle".
            stock = by_name.get(f"stock: {row.label.removesuffix(' vs hard')}")
            versus = ""
            if stock is not None:
                versus = f"{statistics.median(a['rps'] / b['rps'] for a, b in zip(row.runs, stock.runs, strict=True)):.2f}x"  # noqa: E501
            print(f"| {label} | {row.label} | {row.median('rps'):,.0f} "
                  f"| {row.median('p99_us') / 1000:.1f} | {row.median('server_cpu_us'):,.0f} "
                  f"| {versus} |")  # fmt: skip
    print()
    print("| model | board: served CPU / in-process CPU | holds 100 streams and 30 slow clients |")
    print("| --- | ---: | --- |")
    for label, model_rows in rows.items():
        board = model_rows[1]
        print(f"| {label} | {board.median('server_cpu_us') / in_process:.2f}x | {holds[label]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
