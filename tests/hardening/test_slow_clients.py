"""Slow clients and greedy ones against real gunicorn: fifty sockets that send their headers
a byte a second, and one address holding every live stream it may, must not stop anyone
else from playing or their live board from hearing of it.

The live streams' caps fail on 8ead360: one address could hold every stream of the server
(with a burst, more than the server's cap: the place was checked before it was counted), and
one browser as many as it liked.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.player import Player
from tests.servers import GunicornServer, file_store_env
from tests.streams import Stream
from webapp.settings import DEFAULTS

SLOW_CLIENTS = 50
REQUEST = b"GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow\r\nAccept: */*\r\n\r\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """gunicorn as ``make run`` serves it, on the default stores, in a private directory."""
    running = GunicornServer(file_store_env(tmp_path_factory.mktemp("slow"))).start()
    yield running
    running.stop()


HOSTILE = "127.0.0.2"  # the greedy client's address: every test client is on loopback
# The greedy test's own address: the places of the burst test's streams come back only as the
# server notices them closed (at a heartbeat), and a loaded CI machine saw them still held.
GREEDY = "127.0.0.4"
WORKERS = 2
PER_ADDRESS = DEFAULTS["STREAMS_PER_ADDRESS"] * WORKERS  # each worker counts its own
PER_SESSION = DEFAULTS["STREAMS_PER_SESSION"] * WORKERS


def _trickle(
    address: tuple[str, int],
    stop: threading.Event,
    started: threading.Barrier,
    source: str = "127.0.0.1",
    part_way: threading.Barrier | None = None,
) -> None:
    """Send a request's headers one byte a second, from ``source``, until told to stop; meet
    ``part_way`` once two bytes are sent."""
    with socket.create_connection(address, timeout=30, source_address=(source, 0)) as connection:
        connection.sendall(REQUEST[:1])
        started.wait()  # every slow socket has a request begun, which holds a thread
        for sent, byte in enumerate(REQUEST[1:]):
            if stop.wait(1.0):
                return
            connection.sendall(bytes([byte]))
            if sent == 0 and part_way is not None:
                part_way.wait()


def test_fifty_slow_clients_do_not_stop_a_player(server: GunicornServer) -> None:
    url = urllib.parse.urlsplit(server.url)
    address = (url.hostname or "", url.port or 80)
    stop = threading.Event()
    started, part_way = threading.Barrier(SLOW_CLIENTS + 1), threading.Barrier(SLOW_CLIENTS + 1)
    slow = [
        threading.Thread(
            target=_trickle, args=(address, stop, started, "127.0.0.1", part_way), daemon=True
        )
        for _ in range(SLOW_CLIENTS)
    ]
    for thread in slow:
        thread.start()
    try:
        started.wait(timeout=10)
        part_way.wait(timeout=10)  # every slow socket is part-way through its headers
        player = Player()
        page = player.get(server.url)
        assert page.status == 200
        moved = player.post(server.url, "/move", {**page.board_fields, "cell": "B2"}, page)
        assert moved.headers["X-Move-Result"] == "accepted"
        assert player.game(server.url)["moves"] == ["B2"]
    finally:
        stop.set()
        for thread in slow:
            thread.join(timeout=5)


def _address(server: GunicornServer) -> tuple[str, int]:
    url = urllib.parse.urlsplit(server.url)
    return url.hostname or "", url.port or 80


def _open_stream(
    server: GunicornServer, query: str, source: str, sid: str | None = None
) -> tuple[socket.socket, int]:
    """``GET /api/events`` from the address ``source`` (with the session ``sid``), kept open:
    the socket and the status the server answered."""
    connection = socket.create_connection(_address(server), timeout=10, source_address=(source, 0))
    cookie = f"Cookie: ttt_session={sid}\r\n" if sid else ""
    connection.sendall(f"GET /api/events{query} HTTP/1.1\r\nHost: x\r\n{cookie}\r\n".encode())
    head = b""
    while b"\r\n" not in head:
        chunk = connection.recv(1024)
        if not chunk:
            break
        head += chunk
    return connection, int(head.split(b" ", 2)[1]) if head else 0


def _close(connections: list[socket.socket]) -> None:
    for connection in connections:
        with contextlib.suppress(OSError):
            connection.shutdown(socket.SHUT_RDWR)
        connection.close()


def _watched_match(server: GunicornServer) -> tuple[Player, str, int]:
    """A player with a match in play, its id (for a watch link's stream) and its version."""
    player = Player()
    assert player.move(server.url, server.url, "A1").status == 303
    game = player.game(server.url)
    page = player.get(server.url)
    return player, page.field("match"), game["version"]


def test_one_address_holds_at_most_its_share_of_the_streams_even_in_a_burst(
    server: GunicornServer,
) -> None:
    _, match_id, version = _watched_match(server)
    query = f"?match={match_id}&version={version}"
    attempts = 3 * PER_ADDRESS
    with ThreadPoolExecutor(max_workers=attempts) as pool:
        opened = list(pool.map(lambda _: _open_stream(server, query, HOSTILE), range(attempts)))
    try:
        statuses = [status for _, status in opened]
        assert set(statuses) == {200, 503}, statuses
        assert statuses.count(200) <= PER_ADDRESS, statuses.count(200)
    finally:
        _close([connection for connection, _ in opened])


def test_one_browser_holds_at_most_its_share_of_the_streams(server: GunicornServer) -> None:
    """From an address of its own, so that only the cap per browser can refuse it."""
    player, _, version = _watched_match(server)
    opened = [
        _open_stream(server, f"?version={version}", "127.0.0.3", player.sid)
        for _ in range(PER_SESSION + 4)
    ]
    try:
        statuses = [status for _, status in opened]
        assert set(statuses) == {200, 503}, statuses
        assert statuses.count(200) <= PER_SESSION, statuses.count(200)
    finally:
        _close([connection for connection, _ in opened])
    # The places are given back as the streams close: the browser can open one again.
    deadline = time.monotonic() + 10
    while True:
        connection, status = _open_stream(server, f"?version={version}", "127.0.0.3", player.sid)
        _close([connection])
        if status == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert status == 200


def test_a_greedy_address_with_slow_sockets_leaves_another_player_playing_live(
    server: GunicornServer,
) -> None:
    """One address holds every stream it may and fifty slow sockets; another player's board
    and move are answered, and their live board hears of the move (how soon: the floor of
    bench/hardening.py)."""
    victim, match_id, version = _watched_match(server)
    streams: list[socket.socket] = []
    stop = threading.Event()
    started = threading.Barrier(SLOW_CLIENTS + 1)
    slow = [
        threading.Thread(
            target=_trickle, args=(_address(server), stop, started, GREEDY), daemon=True
        )
        for _ in range(SLOW_CLIENTS)
    ]
    live: Stream | None = None
    try:
        for _ in range(3 * PER_ADDRESS):  # as many streams as the server lets it have
            connection, status = _open_stream(
                server, f"?match={match_id}&version={version}", GREEDY
            )
            if status != 200:
                _close([connection])
                continue
            streams.append(connection)
        assert 0 < len(streams) <= PER_ADDRESS
        for thread in slow:
            thread.start()
        started.wait(timeout=10)

        live = Stream(server.url, f"?version={version}", victim.sid)
        page = victim.get(server.url)
        assert page.status == 200
        moved = victim.post(server.url, "/move", {**page.board_fields, "cell": "B2"}, page)
        assert moved.headers["X-Move-Result"] == "accepted"
        live.wait_for(version + 1)
        assert live.status == 200
        assert victim.game(server.url)["moves"] == ["A1", "B2"]
    finally:
        stop.set()
        if live is not None:
            live.close()
        _close(streams)
        for thread in slow:
            if thread.is_alive() or thread.ident is not None:
                thread.join(timeout=5)


@pytest.fixture(scope="module")
def small_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """A server that keeps few streams per worker, so that a burst from many addresses can
    go past its cap."""
    env = {**file_store_env(tmp_path_factory.mktemp("few")), "FLASK_STREAMS": "4"}
    running = GunicornServer(env, workers=WORKERS).start()
    yield running
    running.stop()


def test_a_burst_from_many_addresses_never_passes_the_servers_cap(
    small_server: GunicornServer,
) -> None:
    _, match_id, version = _watched_match(small_server)
    query = f"?match={match_id}&version={version}"
    sources = [f"127.0.1.{number}" for number in range(1, 25)]  # two streams from each
    with ThreadPoolExecutor(max_workers=2 * len(sources)) as pool:
        opened = list(
            pool.map(lambda source: _open_stream(small_server, query, source), sources * 2)
        )
    try:
        statuses = [status for _, status in opened]
        assert set(statuses) == {200, 503}, statuses
        assert statuses.count(200) <= 4 * WORKERS, statuses.count(200)
    finally:
        _close([connection for connection, _ in opened])
