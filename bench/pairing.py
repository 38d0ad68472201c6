"""Pairing benchmark: seekers pressing Play someone across two app servers on one Redis.

Run: ``python bench/pairing.py`` (from ``.venv/bin/python``; needs ``redis-server``).

SEEKERS browsers (1,000 by default), each on one of two gunicorn servers (the app's own
settings, streams allowed for every waiter) sharing a private Redis, arrive at RATE a second
in a random order. Each sends ``POST /api/pair``: answered ``paired``, it was the second
seeker of its match; answered ``waiting``, it follows ``GET /pair/events`` (the waiting
page's stream) until it says the match is made, then asks ``GET /api/pair``, as the page
does. It reports the seekers paired per second (all of them, over the time from the first
click to the last seeker seated), and the time from each match's second click to both its
players knowing their board (the later of the second's answer and the first's ``GET
/api/pair``), p50 and p99. Every seeker must be seated exactly once, else the exit status is 1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import secrets
import shutil
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import servers

ENV = {"WEB_THREADS": "700", "FLASK_STREAMS": "650", "FLASK_STREAMS_PER_ADDRESS": "650"}


class Seeker:
    """One browser: its cookies, its server, and what it saw."""

    def __init__(self, server: str) -> None:
        self.host, self.port = server.removeprefix("http://").split(":")
        self.cookies: dict[str, str] = {}
        self.token = ""
        self.match = ""
        self.clicked = self.answered = 0.0
        self.second = False
        self.refused = 0  # waiting streams refused or ended early (the page would retry)

    def request(self, method: str, path: str) -> tuple[int, bytes, http.client.HTTPResponse]:
        """One request on a new connection; keeps new cookies."""
        connection = http.client.HTTPConnection(self.host, int(self.port), timeout=60)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if self.token:
            headers |= {"X-CSRFToken": self.token, "Content-Type": "application/json"}
        connection.request(method, path, "" if method == "POST" else None, headers)
        response = connection.getresponse()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        body = b"" if path.endswith("/events") else response.read()
        return response.status, body, response

    def prepare(self) -> None:
        """Look once, as a browser does before pressing: the CSRF token and cookies."""
        status, body, _ = self.request("GET", "/api/game")
        assert status == 200, body
        self.token = json.loads(body)["csrf_token"]

    def seek(self) -> None:
        """Press Play someone, and wait for the match."""
        self.clicked = time.perf_counter()
        status, body, _ = self.request("POST", "/api/pair")
        assert status == 200, body
        answer = json.loads(body)
        if answer["state"] == "paired":
            self.answered, self.second = time.perf_counter(), True
            self.match = answer["game"]["online"]["watch"].rsplit("/", 1)[1]
            return
        while answer["state"] != "paired":
            assert answer["state"] == "waiting", answer
            status, _, stream = self.request("GET", "/pair/events")
            line = b"retry"
            while status == 200 and line and not line.startswith(b"data:"):
                line = stream.readline()  # b"" at the end of a stream that ended early
            stream.close()
            if status != 200 or not line:
                self.refused += 1
                time.sleep(0.1)
            status, body, _ = self.request("GET", "/api/pair")
            answer = json.loads(body)
        self.answered = time.perf_counter()
        self.match = answer["game"]["online"]["watch"].rsplit("/", 1)[1]


def run(count: int, rate: float) -> int:
    """The run; its exit status."""
    program = shutil.which("redis-server")
    if program is None:
        print("redis-server is not installed", file=sys.stderr)
        return 2
    redis = servers.redis_server(program)
    env = {"FLASK_REDIS_URL": f"redis://127.0.0.1:{redis.port}/0",
           "FLASK_SECRET_KEY": secrets.token_hex(16), **ENV}  # fmt: skip
    apps = [servers.gunicorn("wsgi:app", env), servers.gunicorn("wsgi:app", env)]
    try:
        seekers = [Seeker(apps[n % 2].url) for n in range(count)]
        with ThreadPoolExecutor(32) as pool:
            list(pool.map(Seeker.prepare, seekers))
        random.shuffle(seekers)
        start = time.perf_counter()

        def arrive(n: int) -> None:
            time.sleep(max(0.0, start + n / rate - time.perf_counter()))
            seekers[n].seek()

        with ThreadPoolExecutor(count) as pool:  # a thread each: a waiter holds its own
            list(pool.map(arrive, range(count)))
        return report(seekers, start)
    finally:
        for server in (*apps, redis):
            server.stop()


def report(seekers: list[Seeker], start: float) -> int:
    """Print the figures; 1 if any seeker is not in exactly one match of two."""
    matches: dict[str, list[Seeker]] = {}
    for seeker in seekers:
        matches.setdefault(seeker.match, []).append(seeker)
    if any(len(pair) != 2 or sum(s.second for s in pair) != 1 for pair in matches.values()):
        print("some seeker was not seated exactly once", file=sys.stderr)
        return 1
    both = sorted(max(s.answered for s in pair) - next(s.clicked for s in pair if s.second)
                  for pair in matches.values())  # fmt: skip
    answers = sorted(s.answered - s.clicked for s in seekers if s.second)
    elapsed = max(s.answered for s in seekers) - start
    print(f"{len(seekers)} seekers, {len(matches)} matches, two servers on one Redis: "
          f"{len(seekers) / elapsed:.0f} seekers paired/s; second click to both boards "
          f"p50 {statistics.median(both) * 1000:.1f} ms, p99 {_p99(both) * 1000:.1f} ms "
          f"(to the second's own answer: p50 {statistics.median(answers) * 1000:.1f} ms, "
          f"p99 {_p99(answers) * 1000:.1f} ms); "
          f"{sum(s.refused for s in seekers)} waiting streams refused or cut")  # fmt: skip
    return 0


def _p99(values: list[float]) -> float:
    """The 99th percentile of sorted ``values``."""
    return values[min(len(values) - 1, int(len(values) * 0.99))]


def main() -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seekers", type=int, default=1000, help="even; default 1000")
    parser.add_argument("--rate", type=float, default=100.0, help="arrivals a second")
    options = parser.parse_args()
    return run(options.seekers - options.seekers % 2, options.rate)


if __name__ == "__main__":
    sys.exit(main())
