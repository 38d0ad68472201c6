"""What a spectator's event costs the process that writes it, without the rest of a server: N
board streams (``GET /board/events``) of one online match in one gevent process, each written
to a socket as gunicorn writes a chunk, the other ends read by a child process; then moves,
and this process's CPU per event written, the move itself left out (and the first move,
which warms the templates and the caches).

Run: ``python bench/stream_events.py --streams 1000 --moves 8`` (from ``.venv/bin/python``; the
default SQLite store in a temporary folder). It prints each move's CPU per event and their
median: each stream's wake, its event (the parts rendered once per version and shared) and
its write. docs/performance.md, "Ten thousand watchers", has the figures.
"""

from __future__ import annotations

from gevent import monkey  # type: ignore[import-untyped]  # gevent ships no type information

monkey.patch_all()

import argparse  # noqa: E402 (gevent patches first)
import os  # noqa: E402
import secrets  # noqa: E402
import selectors  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402
from gunicorn import util  # type: ignore[import-untyped]  # noqa: E402
from werkzeug.test import EnvironBuilder  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp import create_app  # noqa: E402

CELLS = ["A1", "B2", "A2", "A3", "C1", "B1", "B3", "C2", "C3"]  # a draw at the ninth


def call(client: FlaskClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """One API POST with the session's token, as bench/players.py makes them; the answer."""
    token = client.get("/api/game").get_json()["csrf_token"]
    answer = client.post(path, json=body, headers={"X-CSRFToken": token})
    if answer.status_code != 200:
        raise RuntimeError(f"POST {path}: {answer.status_code} {answer.get_data()[:200]!r}")
    return dict(answer.get_json())


def started(
    status: str, headers: list[tuple[str, str]], *exc_info: Any
) -> Callable[[bytes], object]:
    """The WSGI start_response of a stream whose head nobody reads."""
    return lambda data: None


def wait_for(written: list[int], count: int, patience: float = 30.0) -> None:
    """Until ``count`` chunks are written; an error if the streams stop short of it."""
    deadline = time.monotonic() + patience
    while written[0] < count:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the streams wrote {written[0]} chunks of {count}")
        gevent.sleep(0.0005)


def drain(ends: list[socket.socket]) -> None:
    """In a child process: read every socket until each is closed, then exit."""
    selector = selectors.DefaultSelector()
    for end in ends:
        end.setblocking(False)
        selector.register(end, selectors.EVENT_READ)
    open_ends = len(ends)
    while open_ends:
        for key, _ in selector.select():
            try:
                data = key.fileobj.recv(65536)  # type: ignore[union-attr]
            except BlockingIOError:
                continue
            if not data:
                selector.unregister(key.fileobj)
                open_ends -= 1
    os._exit(0)


def main() -> int:
    """Open the streams, play the moves, print the CPU per event."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--streams", type=int, default=1000, help="spectator streams")
    parser.add_argument("--moves", type=int, default=8, help="moves timed (at most 8)")
    options = parser.parse_args()
    pairs = [socket.socketpair() for _ in range(options.streams)]
    child = os.fork()
    if child == 0:
        for ours, _ in pairs:
            ours.close()
        drain([theirs for _, theirs in pairs])
    for _, theirs in pairs:
        theirs.close()
    room = options.streams + 10
    config = {"STREAMS": room, "STREAMS_PER_ADDRESS": room, "STREAMS_PER_SESSION": room}
    instance = tempfile.mkdtemp(prefix="ttt-stream-events-")
    app = create_app({**config, "SECRET_KEY": secrets.token_hex(32), "LIMITS": False}, instance)
    host, friend = app.test_client(), app.test_client()
    opened = call(host, "/api/new", {"x": "user", "o": "friend"})["online"]
    game = call(friend, "/api/join", {"invite": opened["invite"].rsplit("/", 1)[1]})
    url = f"/board/events?match={opened['watch'].rsplit('/', 1)[1]}&version={game['version']}"
    written = [0]

    def follow(sock: socket.socket) -> None:
        body = app(EnvironBuilder(url).get_environ(), started)
        try:
            for chunk in body:
                util.write_chunk(sock, chunk)
                written[0] += 1
        finally:
            getattr(body, "close", lambda: None)()

    streams = [gevent.spawn(follow, ours) for ours, _ in pairs]
    wait_for(written, options.streams)  # each stream's first line
    gevent.sleep(0.2)
    per_event = []
    for number, cell in enumerate(CELLS[: options.moves + 1]):
        before, mover = written[0], (host, friend)[number % 2]
        game = call(mover, "/api/move", {"cell": cell, "version": game["version"]})
        start = time.process_time()
        wait_for(written, before + options.streams)
        per_event.append((time.process_time() - start) / options.streams * 1e6)
    per_event = per_event[1:]  # the first warmed the templates and the caches
    app.extensions["live"].drain()
    gevent.joinall(streams, timeout=5)
    for ours, _ in pairs:
        ours.close()
    os.waitpid(child, 0)
    shown = " ".join(f"{cost:.1f}" for cost in per_event)
    median = statistics.median(per_event)
    said = f"CPU per event after each move {shown} us; median {median:.1f} us"
    print(f"{options.streams} streams: {said}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
