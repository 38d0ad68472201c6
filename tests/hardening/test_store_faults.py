"""Faults of the default stores' folder under real gunicorn, with players in the middle of
their games: immutable while serving, full while serving, read-only from the start, and one
the server can write but not chmod. Each answers 503 (never a 500), loses no acknowledged
move, and plays on by itself once the fault is gone. No worker dies but in the frozen folder,
where a use of WAL's mapped index (-shm) may kill it with SIGBUS; gunicorn starts another. The
pools look at the index before each use (store/pool.py), which makes that rare: before the
look both workers died in each of 8 runs (16 deaths), with it 2 workers in 18 runs.

Fails on 8ead360: a folder it could not chmod, or an unwritable one, stopped every worker
from booting, so gunicorn exited.

``chattr +i`` needs CAP_LINUX_IMMUTABLE and a filesystem with inode flags; a full or
read-only folder is a small tmpfs, which needs CAP_SYS_ADMIN to mount; the folder the server
cannot chmod is one of another owner, for a server started by ``setpriv`` without
CAP_FOWNER. Without them these tests skip, and fail under CI.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.player import STORE_DOWN, TRACEBACK, Player, Reply
from tests.servers import (
    ROOT,
    GunicornServer,
    file_store_env,
    free_port,
    require_program,
    wait_until_answers,
)

DRAW = ("B2", "A1", "C3", "A3", "A2", "C2", "B1", "B3", "C1")  # a whole game, no line
PLAYERS = 4
HALT = 2  # moves each player plays before the fault, which it waits for


def _needs(allowed: bool, what: str) -> None:
    """Skip without ``what``, and fail under CI."""
    if not allowed:
        message = f"this test needs {what}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def _run(*argv: str) -> bool:
    """Whether the command succeeded."""
    return subprocess.run(argv, capture_output=True).returncode == 0


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A small tmpfs of its own (1 MiB), unmounted after the test."""
    mount = require_program("mount", "mount")
    folder = tmp_path / "tmpfs"
    folder.mkdir()
    _needs(_run(mount, "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", str(folder)),
           "CAP_SYS_ADMIN to mount a tmpfs")  # fmt: skip
    yield folder
    _run("umount", "-l", str(folder))


class Game:
    """A player playing DRAW through the board's forms as the server refuses; the cells it was
    told were played, which every board shows. A dropped request fails it, unless ``may_drop``."""

    def __init__(self, server: str, go: threading.Event, may_drop: bool = False) -> None:
        self.server, self.go = server, go  # go: the fault is in place
        self.player = Player()
        self.acknowledged: list[str] = []
        self.replies: list[Reply] = []
        self.failure: Exception | None = None  # a connection the server dropped, say
        self.may_drop, self.dropped = may_drop, 0
        self.done = threading.Event()

    def play(self, stop: threading.Event) -> None:
        """Play until the game is over or ``stop`` is set."""
        try:
            while not stop.is_set() and not self.done.is_set():
                if len(self.acknowledged) >= HALT:
                    self.go.wait()
                try:
                    self._turn()
                except ConnectionError:  # RemoteDisconnected, a reset
                    if not self.may_drop:
                        raise
                    self.dropped += 1
        except Exception as error:
            self.failure = error
        finally:
            self.done.set()

    def _turn(self) -> None:
        page = self.player.get(self.server)
        if page.status != 200:
            self.replies.append(page)
            return
        assert not set(self.acknowledged) & set(page.empty_cells), "an acknowledged move lost"
        cells = [cell for cell in DRAW if cell in page.empty_cells]  # played in DRAW's order
        if not cells:
            self.done.set()
            return
        fields = {**page.board_fields, "cell": cells[0]}
        reply = self.player.post(self.server, "/move", fields, page)
        self.replies.append(reply)
        if reply.status == 303 and reply.headers["X-Move-Result"] == "accepted":
            self.acknowledged.append(cells[0])


@contextlib.contextmanager
def playing(server: str, may_drop: bool = False) -> Iterator[tuple[list[Game], threading.Event]]:
    """PLAYERS players, each in a thread, who play HALT moves and wait for the block to set the
    event it gets (the fault in place); at its end every game must be over (within 60 s)."""
    go, stop = threading.Event(), threading.Event()
    games = [Game(server, go, may_drop) for _ in range(PLAYERS)]
    threads = [threading.Thread(target=game.play, args=(stop,), daemon=True) for game in games]
    for thread in threads:
        thread.start()
    try:
        _until(games, lambda: all(len(game.acknowledged) >= HALT for game in games))
        yield games, go
        for game in games:
            assert game.done.wait(60), f"a game stopped at {game.acknowledged}"
            assert game.failure is None, f"a player's request failed: {game.failure!r}"
    finally:
        stop.set()
        go.set()
        for thread in threads:
            thread.join(10)


def _until(games: list[Game], condition: Callable[[], bool], timeout: float = 45.0) -> None:
    """Wait for ``condition`` while the games are played, polling; fails after ``timeout``
    seconds (seconds are enough on an idle machine), or as soon as a player's request failed."""
    deadline = time.monotonic() + timeout
    while not condition():
        failures = [game.failure for game in games if game.failure is not None]
        assert not failures, f"a player's request failed: {failures[0]!r}"
        played = [len(game.acknowledged) for game in games]
        assert time.monotonic() < deadline, f"timed out: moves {played}, {_refused(games)} 503s"
        time.sleep(0.02)


def _refused(games: list[Game]) -> int:
    return sum(reply.status == 503 for game in games for reply in game.replies)


def _assert_played_out(games: list[Game], server: str) -> None:
    """Every answer was a page, a 303 or the store's 503, never a trace; and every game
    holds exactly the moves it was told were played."""
    for game in games:
        for reply in game.replies:
            assert reply.status in (200, 303, 503), reply.text
            assert TRACEBACK not in reply.text
            if reply.status == 503:
                assert STORE_DOWN in reply.text
                assert reply.headers.get("X-Move-Result", "refused") == "refused"
        assert game.player.game(server)["moves"] == list(DRAW)
        assert game.acknowledged == list(DRAW) or game.dropped


def _assert_no_worker_died(server: GunicornServer, but_by_sigbus: bool = False) -> int:
    """How many workers died, each by SIGBUS (or none) and replaced, with no traceback."""
    server.log.seek(0)
    log = server.log.read().decode(errors="replace")
    deaths = log.count("was sent SIGBUS!") if but_by_sigbus else 0
    assert log.count("was sent") == deaths and "Traceback" not in log, log[-3000:]
    assert log.count("Booting worker") == server.workers + deaths, log[-3000:]
    return deaths


def test_a_folder_made_immutable_while_serving(tmp_path: Path) -> None:
    """The workers see the index frozen before they change the store, refuse changes (503)
    and drop their map until the thaw; a worker whose use of the map faults first dies with
    SIGBUS and its successor answers 503 (its map read-only). Nothing is lost."""
    chattr = require_program("chattr", "e2fsprogs")
    probe = tmp_path / "probe"
    probe.write_text("")
    _needs(_run(chattr, "+i", str(probe)), "chattr +i (CAP_LINUX_IMMUTABLE, inode flags)")
    _run(chattr, "-i", str(probe))
    store = tmp_path / "store"
    store.mkdir()
    server = GunicornServer(file_store_env(store), workers=2).start()
    try:
        with playing(server.url, may_drop=True) as (games, go):
            frozen = [store, *store.rglob("*")]
            assert _run(chattr, "+i", *map(str, frozen))
            # Pages written out are mapped read-only again, so the next write to any mapped
            # file faults now (a page still dirty would take the write without a fault).
            os.sync()
            go.set()
            try:
                _until(games, lambda: _refused(games) >= 3 * PLAYERS)
            finally:
                assert _run(chattr, "-R", "-i", str(store))
        _assert_played_out(games, server.url)
        assert _assert_no_worker_died(server, but_by_sigbus=True) <= server.workers
    finally:
        _run(chattr, "-R", "-i", str(store))
        server.stop()


def test_a_folder_that_fills_up_while_serving(tmpfs: Path) -> None:
    server = GunicornServer(file_store_env(tmpfs), workers=2).start()
    filler = tmpfs / "filler"
    try:
        with playing(server.url) as (games, go):
            with contextlib.suppress(OSError), filler.open("wb") as handle:
                while True:  # until the disk is full
                    handle.write(b"\0" * 4096)
                    handle.flush()
            go.set()  # a save that needs room is refused; but once the last connection closes
            # (a failure closes the idle ones), the -wal file's room is free: maybe no 503
            try:
                _until(games, lambda: _refused(games) > 0 or all(g.done.is_set() for g in games))
            finally:
                filler.unlink()
        _assert_played_out(games, server.url)
        _assert_no_worker_died(server)
    finally:
        filler.unlink(missing_ok=True)
        server.stop()


def test_a_read_only_folder_at_start_up(tmpfs: Path) -> None:
    """The server starts on a folder it cannot write (a worker that failed to boot took the
    whole server down): boards are read, moves are refused, and once the folder can be
    written again, play goes on with no restart."""
    # A game in progress, stored by a first server, which then stops.
    env = file_store_env(tmpfs)
    first = GunicornServer(env, workers=1).start()
    player = Player()
    for cell in DRAW[:3]:
        assert player.move(first.url, first.url, cell).headers["X-Move-Result"] == "accepted"
    first.stop()
    assert _run("mount", "-o", "remount,ro", str(tmpfs))
    server = GunicornServer(env, workers=1)
    try:
        server.start()
        assert player.game(server.url)["moves"] == list(DRAW[:3])
        refused = player.move(server.url, server.url, DRAW[3])
        assert refused.status == 503 and refused.headers["X-Move-Result"] == "refused"
        assert STORE_DOWN in refused.text and TRACEBACK not in refused.text
        assert _run("mount", "-o", "remount,rw", str(tmpfs))
        for cell in DRAW[3:]:
            reply = player.move(server.url, server.url, cell)
            assert reply.headers["X-Move-Result"] == "accepted", reply.text
        assert player.game(server.url)["moves"] == list(DRAW)
        _assert_no_worker_died(server)
    finally:
        server.stop()


def test_a_folder_the_server_can_write_but_not_chmod(tmp_path: Path) -> None:
    """A folder of another owner, for a server without the right to chmod what it does not
    own (CAP_FOWNER), but able to write it: it starts, says so in its log, and plays."""
    setpriv = require_program("setpriv", "util-linux")
    _needs(os.geteuid() == 0, "root, to hand a folder to another owner")
    store = tmp_path / "store"
    (store / "sessions").mkdir(parents=True, mode=0o700)
    for folder in (store, store / "sessions"):
        os.chown(folder, 65534, 65534)  # nobody's
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    port = free_port()
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [setpriv, "--bounding-set=-fowner", "--inh-caps=-fowner", gunicorn, "--config",
             "python:webapp.serving", "--workers", "2", "--bind", f"127.0.0.1:{port}",
             "wsgi:app"],
            cwd=ROOT, env={**os.environ, "FLASK_LIMITS": "false", **file_store_env(store)},
            stdout=subprocess.DEVNULL, stderr=output,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        with log.open("rb") as reading:
            wait_until_answers(url + "/static/favicon.svg", process, reading)
        player = Player()
        for cell in DRAW:
            assert player.move(url, url, cell).headers["X-Move-Result"] == "accepted"
        assert player.game(url)["moves"] == list(DRAW)
        assert "session directory could not be made private" in log.read_text()
        assert process.poll() is None
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        shutil.rmtree(store, ignore_errors=True)
