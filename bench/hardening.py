"""Hardening figures against real gunicorn on the default stores: what a flood of cookieless
looks leaves on disk, how long a GET and a move take beside 50 slow clients, and what the
limit on new games lets through (counted in each worker's memory without Redis, so up to
the number of workers times the limit).

Run: ``python bench/hardening.py`` (from ``.venv/bin/python``).
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.servers import Server, gunicorn

LOOKS = 10_000
SLOW = 50
PATHS = ("/", "/new", "/api/game", "/?hint=1", "/replay/0")
TRICKLE = b"GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow\r\nAccept: */*\r\n\r\n"


def on_disk(directory: Path) -> tuple[int, int]:
    """Bytes the files under ``directory`` take on disk (their blocks), and how many files."""
    blocks = files = 0
    for root, _, names in os.walk(directory):
        for name in names:
            blocks += os.stat(os.path.join(root, name)).st_blocks
            files += 1
    return blocks * 512, files


def connect(server: Server) -> http.client.HTTPConnection:
    """A connection to ``server``."""
    return http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)


def look(server: str, count: int, connections: int = 8) -> list[int]:
    """Send ``count`` requests with no cookie (GETs of PATHS, and a HEAD / in six) to
    ``server`` (a base URL) over ``connections`` kept-alive connections; their statuses."""
    address = urllib.parse.urlsplit(server)

    def send(share: int) -> list[int]:
        connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=30)
        statuses = []
        try:
            for index in range(share):
                method = "HEAD" if index % 6 == 5 else "GET"
                connection.request(method, PATHS[index % len(PATHS)] if method == "GET" else "/")
                response = connection.getresponse()
                response.read()
                statuses.append(response.status)
        finally:
            connection.close()
        return statuses

    shares = [count // connections + (i < count % connections) for i in range(connections)]
    with ThreadPoolExecutor(connections) as pool:
        return [status for part in pool.map(send, shares) for status in part]


def request(
    server: Server, method: str, path: str, cookies: str = "", body: str | None = None
) -> tuple[http.client.HTTPResponse, str]:
    """One request; the response and its text."""
    connection = connect(server)
    headers = {"Cookie": cookies} if cookies else {}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body, headers)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response, text


def cookies_of(response: http.client.HTTPResponse, jar: dict[str, str]) -> str:
    """Keep the response's cookies in ``jar``; the Cookie header to send next."""
    for cookie in response.headers.get_all("Set-Cookie") or []:
        name, value = cookie.split(";", 1)[0].split("=", 1)
        jar[name] = value
    return "; ".join(f"{name}={value}" for name, value in jar.items())


def form_fields(text: str) -> dict[str, str]:
    """The board form's token, match and version."""
    fields = dict(re.findall(r'name="(csrf_token|match|version)" value="([^"]*)"', text))
    return fields


def trickle(port: int, stop: threading.Event) -> None:
    """A client that sends its headers a byte a second."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
        for byte in TRICKLE:
            connection.sendall(bytes([byte]))
            if stop.wait(1.0):
                return


def slow_clients(port: int, stop: threading.Event) -> list[threading.Thread]:
    """SLOW trickling clients, started."""
    threads = [threading.Thread(target=trickle, args=(port, stop)) for _ in range(SLOW)]
    for thread in threads:
        thread.start()
    return threads


def timed_play(server: Server) -> tuple[float, float]:
    """Seconds for a GET of a fresh board, then for its first move."""
    jar: dict[str, str] = {}
    began = time.monotonic()
    response, text = request(server, "GET", "/")
    got = time.monotonic() - began
    cookies = cookies_of(response, jar)
    body = urllib.parse.urlencode({**form_fields(text), "cell": "B2"})
    began = time.monotonic()
    response, _ = request(server, "POST", "/move", cookies, body)
    moved = time.monotonic() - began
    assert response.headers["X-Move-Result"] == "accepted"
    return got, moved


def main() -> None:
    """Print the three figures."""
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        env = {
            "FLASK_SECRET_KEY": secrets.token_hex(16),
            "FLASK_DATABASE": str(directory / "matches.sqlite"),
            "FLASK_SESSION_DIR": str(directory / "sessions"),
        }
        server = gunicorn("wsgi:app", env)
        try:
            request(server, "GET", "/")
            before, _ = on_disk(directory)
            began = time.monotonic()
            look(server.url, LOOKS)
            seconds = time.monotonic() - began
            after, files = on_disk(directory)
            print(f"{LOOKS:,} cookieless looks in {seconds:.1f} s: the stores' files took "
                  f"{before:,} bytes on disk before and {after:,} after "
                  f"({files} files)")  # fmt: skip

            stop = threading.Event()
            slow = slow_clients(server.port, stop)
            time.sleep(2)
            plays = [timed_play(server) for _ in range(10)]
            stop.set()
            for thread in slow:
                thread.join()
            gets, moves = [g for g, _ in plays], [m for _, m in plays]
            get_ms = [g * 1000 for g in gets]
            move_ms = [m * 1000 for m in moves]
            print(f"beside {SLOW} clients sending a header byte a second, 10 tries: GET / "
                  f"median {statistics.median(get_ms):.1f} ms, max {max(get_ms):.1f} ms; "
                  f"a move median {statistics.median(move_ms):.1f} ms, "
                  f"max {max(move_ms):.1f} ms")  # fmt: skip

            jar: dict[str, str] = {}
            response, text = request(server, "GET", "/")
            cookies = cookies_of(response, jar)
            counts: dict[int, int] = {}
            for index in range(80):
                body = urllib.parse.urlencode(
                    {"csrf_token": form_fields(text)["csrf_token"], "x": "user",
                     "o": ("easy", "medium", "hard")[index % 3]}
                )  # fmt: skip
                response, _ = request(server, "POST", "/new", cookies, body)
                cookies = cookies_of(response, jar)
                counts[response.status] = counts.get(response.status, 0) + 1
            print(f"80 new games from one address at once: {counts.get(303, 0)} started, "
                  f"{counts.get(429, 0)} refused with a 429")  # fmt: skip
        finally:
            server.stop()


if __name__ == "__main__":
    main()
