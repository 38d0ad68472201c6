"""Hardening figures against real gunicorn on the default stores: what a flood of cookieless
looks leaves on disk; what another player gets while one hostile address holds every live
stream it may and fifty slow sockets (their GET and move latency, their live events); and what
the limit on new games lets through from one address, with and without ``mode=restart``
(counted in each worker's memory without Redis, so up to the number of workers times the
limit).

Run: ``python bench/hardening.py [--looks N]`` (from ``.venv/bin/python``). The floor (exit
status 1 if missed, moved here from tests/hardening/test_slow_clients.py): the other player's
GET / and move each answered within FLOOR_MS at p99, and their live board opened.
"""

from __future__ import annotations

import argparse
import contextlib
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
TRIES = 20  # the other player's boards and moves
FLOOR_MS = 1000.0  # the other player's GET / and move, p99
CREATIONS = 1_000
PATHS = ("/", "/new", "/api/game", "/?hint=1", "/replay/0", "/settings", "/games")
TRICKLE = b"GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow\r\nAccept: */*\r\n\r\n"
# Every client is on loopback: the hostile one and the creation loops come from addresses of
# their own, so that the limits per address count them apart from the other player.
HOSTILE, CREATOR, RESTARTER, PLAYER = "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.1"


def on_disk(directory: Path) -> tuple[int, int]:
    """Bytes the files under ``directory`` take on disk (their blocks), and how many files."""
    blocks = files = 0
    for root, _, names in os.walk(directory):
        for name in names:
            blocks += os.stat(os.path.join(root, name)).st_blocks
            files += 1
    return blocks * 512, files


def connect(server: Server, source: str = PLAYER) -> http.client.HTTPConnection:
    """A connection to ``server`` from the loopback address ``source``."""
    return http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=30, source_address=(source, 0)
    )


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


class Browser:
    """A client keeping its cookies, from one loopback address."""

    def __init__(self, server: Server, source: str = PLAYER) -> None:
        self.server = server
        self.source = source
        self.jar: dict[str, str] = {}

    @property
    def cookies(self) -> str:
        """The Cookie header to send."""
        return "; ".join(f"{name}={value}" for name, value in self.jar.items())

    def request(
        self, method: str, path: str, body: str | None = None
    ) -> tuple[http.client.HTTPResponse, str]:
        """One request; the response and its text."""
        connection = connect(self.server, self.source)
        headers = {"Cookie": self.cookies} if self.jar else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body, headers)
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, value = cookie.split(";", 1)[0].split("=", 1)
            self.jar[name] = value
        return response, text


def form_fields(text: str) -> dict[str, str]:
    """The board form's token, match and version."""
    return dict(re.findall(r'name="(csrf_token|match|version)" value="([^"]*)"', text))


def trickle(port: int, source: str, stop: threading.Event, started: threading.Barrier) -> None:
    """A client at ``source`` that sends its headers a byte a second."""
    address = ("127.0.0.1", port)
    with socket.create_connection(address, timeout=60, source_address=(source, 0)) as connection:
        connection.sendall(TRICKLE[:1])
        started.wait()
        for byte in TRICKLE[1:]:
            if stop.wait(1.0):
                return
            connection.sendall(bytes([byte]))


def slow_clients(port: int, source: str, stop: threading.Event) -> list[threading.Thread]:
    """SLOW trickling clients at ``source``, each with its request begun."""
    started = threading.Barrier(SLOW + 1)
    threads = [
        threading.Thread(target=trickle, args=(port, source, stop, started)) for _ in range(SLOW)
    ]
    for thread in threads:
        thread.start()
    started.wait(timeout=30)
    return threads


def open_stream(server: Server, query: str, source: str, cookies: str = "") -> socket.socket | None:
    """``GET /api/events`` from ``source``, kept open if the server answered 200."""
    connection = socket.create_connection(
        ("127.0.0.1", server.port), timeout=10, source_address=(source, 0)
    )
    cookie = f"Cookie: {cookies}\r\n" if cookies else ""
    connection.sendall(f"GET /api/events{query} HTTP/1.1\r\nHost: x\r\n{cookie}\r\n".encode())
    head = connection.recv(1024)
    if head.startswith(b"HTTP/1.1 200"):
        return connection
    connection.close()
    return None


def count_events(connection: socket.socket, events: list[int], stop: threading.Event) -> None:
    """Note each event id read from ``connection`` until ``stop`` is set."""
    connection.settimeout(0.2)
    buffer = b""
    while not stop.is_set():
        try:
            chunk = connection.recv(65536)
        except TimeoutError:
            continue
        except OSError:
            return
        if not chunk:
            return
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        events += [int(line[4:]) for line in lines if line.startswith(b"id: ")]


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def hostile(server: Server) -> bool:
    """One address takes every stream it may and SLOW slow sockets; another player plays.
    Whether the floor holds."""
    player = Browser(server)
    _, text = player.request("GET", "/")
    body = urllib.parse.urlencode({**form_fields(text), "cell": "A1"})
    player.request("POST", "/move", body)
    _, text = player.request("GET", "/")
    fields = form_fields(text)
    query = f"?match={fields['match']}&version={fields['version']}"
    streams = [open_stream(server, query, HOSTILE) for _ in range(300)]
    held = [stream for stream in streams if stream is not None]
    stop = threading.Event()
    slow = slow_clients(server.port, HOSTILE, stop)
    live = open_stream(server, f"?version={fields['version']}", PLAYER, player.cookies)
    events: list[int] = []
    reader = None
    if live is not None:
        reader = threading.Thread(target=count_events, args=(live, events, stop))
        reader.start()
    gets, moves, played, final = [], [], 0, 0
    try:
        for _ in range(TRIES):
            began = time.monotonic()
            _, text = player.request("GET", "/")
            gets.append((time.monotonic() - began) * 1000)
            cells = re.findall(r'name="cell" value="([A-C][1-3])"', text)
            form = form_fields(text)
            # A move, or once the game is over, the next game (Play again).
            path, fields = ("/move", {**form, "cell": cells[0]}) if cells else ("/again", form)
            began = time.monotonic()
            response, _ = player.request("POST", path, urllib.parse.urlencode(fields))
            moves.append((time.monotonic() - began) * 1000)
            played += response.headers.get("X-Move-Result") == "accepted"
        _, text = player.request("GET", "/")
        final = int(form_fields(text)["version"])
        deadline = time.monotonic() + 5  # the last event may still be on its way
        while max(events, default=0) < final and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.set()
        for connection in [*held, *([live] if live else [])]:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()
        for thread in [*slow, *([reader] if reader else [])]:
            thread.join()
    print(f"one address holding {len(held)} live streams (of 300 asked) and {SLOW} sockets "
          f"sending a header byte a second; another player, {TRIES} tries: GET / p50 "
          f"{statistics.median(gets):.1f} ms, p99 {percentile(gets, 0.99):.1f} ms; move p50 "
          f"{statistics.median(moves):.1f} ms, p99 {percentile(moves, 0.99):.1f} ms; their "
          f"live board {'opened' if live else 'REFUSED'}: {len(set(events))} events for "
          f"{played} changes (one event tells of every change since the last), the last of "
          f"version {max(events, default=0)} of {final}")  # fmt: skip
    held_floor = (
        live is not None and max(percentile(gets, 0.99), percentile(moves, 0.99)) <= FLOOR_MS
    )
    print(
        f"floor: GET / and move p99 at most {FLOOR_MS:.0f} ms, live board opened: "
        f"{'met' if held_floor else 'MISSED'}"
    )
    return held_floor


def creations(server: Server, source: str, extra: dict[str, str]) -> dict[int, int]:
    """CREATIONS new games from one browser at ``source``, each form with ``extra``; the
    count of each status."""
    browser = Browser(server, source)
    _, text = browser.request("GET", "/")
    token = form_fields(text)["csrf_token"]
    counts: dict[int, int] = {}
    for index in range(CREATIONS):
        body = urllib.parse.urlencode({"csrf_token": token, "x": "user",
                                       "o": ("easy", "friend")[index % 2], **extra})  # fmt: skip
        response, _ = browser.request("POST", "/new", body)
        counts[response.status] = counts.get(response.status, 0) + 1
    return counts


def main() -> int:
    """Print the figures; 1 if the floor is missed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--looks", type=int, default=LOOKS, help="cookieless looks")
    looks = parser.parse_args().looks
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        env = {
            "FLASK_SECRET_KEY": secrets.token_hex(16),
            "FLASK_DATABASE": str(directory / "matches.sqlite"),
            "FLASK_SESSION_DIR": str(directory / "sessions"),
            "FLASK_LIMITS": "true",  # the bench's servers have them off by default
        }
        server = gunicorn("wsgi:app", env)
        try:
            Browser(server).request("GET", "/")
            before, _ = on_disk(directory)
            began = time.monotonic()
            look(server.url, looks)
            seconds = time.monotonic() - began
            after, files = on_disk(directory)
            print(f"{looks:,} cookieless looks in {seconds:.1f} s: the stores' files took "
                  f"{before:,} bytes on disk before and {after:,} after "
                  f"({files} files)")  # fmt: skip
            held = hostile(server)
            for label, source, extra in (
                ("plain", CREATOR, {}),
                ("with mode=restart", RESTARTER, {"mode": "restart"}),
            ):
                counts = creations(server, source, extra)
                print(f"{CREATIONS:,} new games and invites from one address, {label}: "
                      f"{counts.get(303, 0)} started, {counts.get(429, 0)} refused with a "
                      f"429")  # fmt: skip
        finally:
            server.stop()
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
