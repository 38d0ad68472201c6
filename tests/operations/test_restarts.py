"""Graceful restarts under real gunicorn: a HUP replaces the workers while 200 live streams
are open and moves are in flight; no acknowledged move is lost and every page catches up."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.player import Player
from tests.servers import GunicornServer, file_store_env
from tests.streams import Watcher

MATCHES, WATCHERS = 10, 200
GAME = ["A1", "A2", "B1", "B2", "C1"]  # X wins on its third move; then a new game
MOVES_AROUND = 3  # changes each mover has acknowledged before the restart, and after it
# Seconds before a step that takes milliseconds is called stuck (the floors are the
# benchmark's: bench/restarts.py).
PATIENCE = 30


@pytest.fixture
def server(tmp_path: Path) -> Iterator[GunicornServer]:
    env = {
        **file_store_env(tmp_path),
        "FLASK_STREAMS": "1000",
        "FLASK_STREAMS_PER_ADDRESS": "1000",  # every watcher comes from 127.0.0.1
        "FLASK_HEARTBEAT": "2",
    }
    running = GunicornServer(env, workers=2).start()
    yield running
    running.stop()


def _workers(server: GunicornServer) -> set[int]:
    assert server.process is not None
    pid = server.process.pid
    return {int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}


class Mover:
    """A hot-seat player who keeps playing, counting the changes the server acknowledged."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.player = Player()
        assert self.player.new_game(server).status == 303
        page = self.player.get(server)
        self.match_id = page.board_fields["match"]
        self.start_version = int(page.board_fields["version"])
        self.acknowledged = 0
        self.failures: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._play, daemon=True)

    def _play(self) -> None:
        try:
            while not self._stop.is_set():
                for cell in GAME:
                    self._count(self.player.move(self.server, self.server, cell), cell)
                self._count(self.player.new_game(self.server), "new")
        except (AssertionError, OSError) as error:  # a page or a post that got no answer
            self.failures.append(repr(error))

    def _count(self, reply: object, what: str) -> None:
        status = getattr(reply, "status", 0)
        if status == 303:
            self.acknowledged += 1
        else:
            self.failures.append(f"{what}: {status}")


def test_a_restart_under_load_loses_no_move_and_every_page_catches_up(
    server: GunicornServer,
) -> None:
    movers = [Mover(server.url) for _ in range(MATCHES)]
    watchers = [Watcher(server.url, movers[i % MATCHES].match_id) for i in range(WATCHERS)]
    try:
        deadline = time.monotonic() + 20
        while any(w.newest < m.start_version for w, m in _pairs(watchers, movers)):
            assert time.monotonic() < deadline, "the streams did not all open"
            time.sleep(0.1)
        old = _workers(server)
        for mover in movers:
            mover._thread.start()
        _until_each_plays(movers, MOVES_AROUND)  # moves in flight on the old workers

        assert server.process is not None
        os.kill(server.process.pid, signal.SIGHUP)  # new workers, the old ones stopped
        deadline = time.monotonic() + PATIENCE
        while _workers(server) & old:
            assert time.monotonic() < deadline, "the old workers did not stop"
            time.sleep(0.05)
        _until_each_plays(movers, MOVES_AROUND)  # moves go on against the new workers
        for mover in movers:
            mover._stop.set()
        for mover in movers:
            mover._thread.join(30)

        # Every stream of the old workers was told to reconnect (how soon: bench/restarts.py).
        told = [w.told_to_reconnect for w in watchers]
        assert all(told), sum(1 for t in told if not t)
        assert all(status == 200 for w in watchers for status in w.statuses)
        for mover in movers:
            # A connection that a stopping worker accepts in the instant it closes its listener
            # is reset unanswered (gunicorn's async worker reads the closed listener's name):
            # the browser shows its own error and nothing was played. No request was refused.
            assert all("ConnectionResetError" in failure for failure in mover.failures)
            game = mover.player.game(server.url)
            # Each acknowledged change made exactly one version: none was lost.
            assert game["version"] == mover.start_version + mover.acknowledged
        # Every page comes to show the current board (how soon: bench/restarts.py).
        final = {m.match_id: m.player.game(server.url)["version"] for m in movers}
        deadline = time.monotonic() + PATIENCE
        while any(w.newest < final[w.match_id] for w in watchers):
            assert time.monotonic() < deadline, "a page did not catch up"
            time.sleep(0.1)
    finally:
        for watcher in watchers:
            watcher.stop()


def _until_each_plays(movers: list[Mover], changes: int) -> None:
    """Wait until each mover has ``changes`` more changes acknowledged (or has failed)."""
    goals = [mover.acknowledged + changes for mover in movers]
    deadline = time.monotonic() + PATIENCE
    while any(
        m.acknowledged < goal and not m.failures for m, goal in zip(movers, goals, strict=True)
    ):
        assert time.monotonic() < deadline, "the movers did not play"
        time.sleep(0.05)


def _pairs(watchers: list[Watcher], movers: list[Mover]) -> Iterator[tuple[Watcher, Mover]]:
    for index, watcher in enumerate(watchers):
        yield watcher, movers[index % MATCHES]
