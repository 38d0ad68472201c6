"""Profile the request path in one process, without HTTP: GET / and a move cycle.

Run: ``python bench/request_path.py`` (add ``--profile`` for cProfile's top functions, sorted by
``SORT`` (tottime) and cut at ``TOP`` (25) when those are set, ``--redis
URL`` to use a Redis you started instead of a temporary SQLite store, ``--split`` for the move
cycle's POSTs and GETs apart, the app's and the stock stack's; both, for the app's POSTs and
GETs profiled apart as well). It prints the CPU time
per request of the bare Flask app, GET / of a game in progress, and a move cycle's requests
(POST /move and the GET / it redirects to, POST /new when the game is over), best of 5.

Two more rows take the board page apart: the same app and session with GET / answering
"hello" (what the session store, the hooks and the headers cost), and answering "hello"
after loading the match. The last rows time the stock stack
(bench/stock.py: Flask-Session and Flask-WTF as shipped, doing the least) on the same store.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import re
import secrets
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis

from bench import hello, seeding, stock
from webapp import create_app
from webapp.web.cycle import matches

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Browser:
    """Calls a WSGI app the way gunicorn would, keeping its cookies (the session, or the
    visitor id of a browser that has only looked)."""

    def __init__(self, app: WSGIApp, sid: str | None = None) -> None:
        self.app = app
        self.cookies = SimpleCookie({"ttt_session": sid} if sid else {})
        self.status = ""

    @property
    def cookie(self) -> str:
        """The Cookie header's value."""
        return "; ".join(f"{name}={morsel.coded_value}" for name, morsel in self.cookies.items())

    def call(self, method: str, path: str, form: dict[str, str] | None = None) -> str:
        """One request; returns the body."""
        body = urlencode(form or {}).encode()
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": "127.0.0.1:8000", "HTTP_COOKIE": self.cookie,
            "CONTENT_TYPE": "application/x-www-form-urlencoded",
            "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body),
            "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
            "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
        }  # fmt: skip

        def start_response(status: str, headers: list[tuple[str, str]], *_: Any) -> None:
            self.status = status
            for name, value in headers:
                if name == "Set-Cookie":
                    self.cookies.load(value)

        return b"".join(self.app(environ, start_response)).decode()


class Split(Browser):
    """A Browser that adds up the CPU time of its requests by method (``--split``), and with
    ``profiles`` (by method) profiles them apart (``--split --profile``)."""

    def __init__(self, app: WSGIApp, profiles: dict[str, cProfile.Profile] | None = None) -> None:
        super().__init__(app)
        self.spent: dict[str, float] = {"GET": 0.0, "POST": 0.0}
        self.made: Counter[str] = Counter()
        self.profiles = profiles or {}

    def call(self, method: str, path: str, form: dict[str, str] | None = None) -> str:
        profile = self.profiles.get(method)
        started = time.process_time()
        try:
            if profile is None:
                return super().call(method, path, form)
            return str(profile.runcall(super().call, method, path, form))
        finally:
            self.spent[method] += time.process_time() - started
            self.made[method] += 1


def split_rows(apps: dict[str, WSGIApp], cycles: int, profile: bool = False) -> None:
    """The move cycle's POSTs and GETs apart (each GET shows a new version), per app; with
    ``profile``, then cProfile's top functions of the app's POSTs and of its GETs, apart."""
    for name, app in apps.items():
        browser = Split(app)
        move_cycle(browser, cycles)  # warm up
        browser.spent = dict.fromkeys(browser.spent, 0.0)
        browser.made.clear()
        move_cycle(browser, cycles)
        for method in ("POST", "GET"):
            spent = browser.spent[method] / browser.made[method] * 1e6
            print(f"{name + ' cycle, its ' + method + 's':32s} {spent:8.1f} µs CPU per request")
    if profile:
        profiles = {method: cProfile.Profile(time.process_time) for method in ("POST", "GET")}
        browser = Split(next(iter(apps.values())), profiles)
        move_cycle(browser, cycles)
        for method, profiled in profiles.items():
            print(f"app cycle, its {method}s, profiled:")
            _print_stats(profiled)


def _print_stats(profiled: cProfile.Profile) -> None:
    """cProfile's top functions, sorted by ``SORT`` (tottime) and cut at ``TOP`` (25)."""
    stats = pstats.Stats(profiled, stream=sys.stdout)
    stats.sort_stats(os.environ.get("SORT", "tottime"))
    stats.print_stats(int(os.environ.get("TOP", "25")))


def move_cycle(browser: Browser, cycles: int, rng: random.Random | None = None) -> int:
    """Play against hard as bench/move_cycle.lua does, a random empty cell each move (so that
    as in the load benchmark, the pages are a mix of game states seen before and new ones);
    returns the number of requests."""
    rng = rng or random.Random(1)
    requests = 0
    page = browser.call("GET", "/")
    for _ in range(cycles):
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)
        cells = re.findall(r'name="cell" value="([A-C][1-3])"', page)
        assert token, page
        if cells and "Computer (hard)" in page:
            fields = {name: re.search(rf'name="{name}" value="([^"]*)"', page) for name in
                      ("match", "version")}  # fmt: skip
            form = {"csrf_token": token.group(1), "cell": rng.choice(cells)}
            form.update({name: found.group(1) for name, found in fields.items() if found})
            browser.call("POST", "/move", form)
        else:
            browser.call("POST", "/new", {"csrf_token": token.group(1), "x": "user", "o": "hard"})
        assert browser.status.startswith("303"), browser.status
        page = browser.call("GET", "/")
        requests += 2
    return requests


def best_microseconds(action: Callable[[], int], repeats: int = 5) -> float:
    """The best CPU time per request of ``action`` (which returns its number of requests)."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        count = action()
        best = min(best, (time.process_time() - started) / count * 1e6)
    return best


def main() -> None:
    """Measure (and with --profile, profile) each path."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions")
    parser.add_argument("--redis", default=None, help="redis://host:port/db to use, else files")
    parser.add_argument("--split", action="store_true", help="the cycle's POSTs and GETs apart")
    options = parser.parse_args()
    work = tempfile.TemporaryDirectory(prefix="ttt-profile-")
    pairs = seeding.new_pairs(1)
    sid = pairs[0][0]
    # One client makes every request: the limits per address would stop its new games.
    settings: dict[str, Any] = {"SECRET_KEY": secrets.token_hex(16), "LIMITS": False}
    if options.redis:
        settings["REDIS_URL"] = options.redis
        seeding.seed_redis(redis.Redis.from_url(options.redis), pairs)
    else:
        seeding.seed_sqlite(work.name + "/matches.sqlite", pairs)
        seeding.seed_session_files(work.name + "/sessions", pairs)
    app = create_app(settings, instance_path=work.name)
    bare, board, player = Browser(hello.app), Browser(app, sid), Browser(app)
    plumbing = create_app(settings, instance_path=work.name)
    loading = create_app(settings, instance_path=work.name)
    plumbing.view_functions["board.index"] = lambda: "hello"
    loading.view_functions["board.index"] = lambda: (matches.current(), "hello")[1]
    n: int = options.requests
    stock_settings = {"SECRET_KEY": settings["SECRET_KEY"]}
    if options.redis:
        stock_settings["REDIS_URL"] = options.redis
    else:
        stock_settings["SESSION_DIR"] = work.name + "/stock"
    least = Browser(stock.create(stock_settings))
    least.call("GET", "/")  # makes its session
    stock_player = Browser(least.app)

    def repeat(browser: Browser, path: str = "/") -> int:
        for _ in range(n):
            browser.call("GET", path)
        return n

    paths: dict[str, Callable[[], int]] = {
        "bare Flask hello": lambda: repeat(bare),
        'app, GET / answering "hello"': lambda: repeat(Browser(plumbing, sid)),
        "  ... after loading the match": lambda: repeat(Browser(loading, sid)),
        "GET board": lambda: repeat(board),
        "move cycle (per request)": lambda: move_cycle(player, n // 2),
        "stock: GET, session read only": lambda: repeat(least, "/least/"),
        "stock: GET board": lambda: repeat(least),
        "stock: move cycle (per request)": lambda: move_cycle(stock_player, n // 2),
    }
    for name, action in paths.items():
        action()  # warm up
        print(f"{name:32s} {best_microseconds(action):8.1f} µs CPU per request")
        if options.profile:
            # CPU time, not cProfile's default wall clock: on a shared machine a function
            # preempted by another process would be charged for the time it waited.
            profiler = cProfile.Profile(time.process_time)
            profiler.runcall(action)
            _print_stats(profiler)
    if options.split:
        split_rows({"app": app, "stock": least.app}, n // 2, options.profile)
    work.cleanup()


if __name__ == "__main__":
    main()
