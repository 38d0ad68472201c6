"""Slow clients against real gunicorn: fifty sockets that send their headers a byte a second
must not stop anyone else from playing."""

from __future__ import annotations

import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator

import pytest

from tests.player import Player
from tests.servers import GunicornServer, file_store_env

SLOW_CLIENTS = 50
REQUEST = b"GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow\r\nAccept: */*\r\n\r\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """gunicorn as ``make run`` serves it, on the default stores, in a private directory."""
    running = GunicornServer(file_store_env(tmp_path_factory.mktemp("slow"))).start()
    yield running
    running.stop()


def _trickle(address: tuple[str, int], stop: threading.Event, started: threading.Barrier) -> None:
    """Send a request's headers one byte a second until told to stop."""
    with socket.create_connection(address, timeout=30) as connection:
        started.wait()
        for byte in REQUEST:
            connection.sendall(bytes([byte]))
            if stop.wait(1.0):
                return


def test_fifty_slow_clients_do_not_stop_a_player(server: GunicornServer) -> None:
    url = urllib.parse.urlsplit(server.url)
    address = (url.hostname or "", url.port or 80)
    stop = threading.Event()
    started = threading.Barrier(SLOW_CLIENTS + 1)
    slow = [
        threading.Thread(target=_trickle, args=(address, stop, started), daemon=True)
        for _ in range(SLOW_CLIENTS)
    ]
    for thread in slow:
        thread.start()
    try:
        started.wait(timeout=10)
        time.sleep(2)  # every slow socket is connected and part-way through its headers
        player = Player()
        began = time.monotonic()
        page = player.get(server.url)
        got = time.monotonic() - began
        assert page.status == 200
        began = time.monotonic()
        moved = player.post(server.url, "/move", {**page.board_fields, "cell": "B2"}, page)
        played = time.monotonic() - began
        assert moved.headers["X-Move-Result"] == "accepted"
        assert got < 1 and played < 1, (got, played)
        assert player.game(server.url)["moves"] == ["B2"]
    finally:
        stop.set()
        for thread in slow:
            thread.join(timeout=5)
