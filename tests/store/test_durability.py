"""A crash of the whole server during play: gunicorn's master and workers killed at once
(SIGKILL) while players move in many matches, through the board's forms and the JSON API; the
server started again on the same folder. Every move the server acknowledged (a 303 with
``X-Move-Result: accepted``, or the API's 200) is in its match, a move in flight at the
crash may or may not be, and ``PRAGMA integrity_check`` finds the file whole.

What this shows is a crash of the processes: what they committed was handed to the operating
system, which writes it out. A crash of the machine (power, kernel) cannot be shown here; in
WAL mode with ``synchronous=FULL`` each change is synced to disk before it is answered
(webapp/store/sqlite_store.py, tests/store/test_sqlite_store.py).
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import sqlite3
import threading
import time
from pathlib import Path

from tests.player import Player
from tests.servers import GunicornServer, file_store_env

DRAW = ("B2", "A1", "C3", "A3", "A2", "C2", "B1", "B3", "C1")  # a whole game, no line
THREADS = 8  # players moving at once, each starting a new match when its game is over
CRASH_AFTER = 150  # acknowledged moves, all players together, before the crash


class Match:
    """One player's match, played in DRAW's order; the moves acknowledged, in order."""

    def __init__(self, api: bool) -> None:
        self.api = api
        self.player = Player()
        self.acknowledged: list[str] = []
        self.in_flight = False  # a move was sent and got no answer (the crash)
        self.failure: Exception | None = None

    def play(self, server: str, stop: threading.Event, count: list[int]) -> None:
        """Move until the game is over or ``stop`` is set."""
        while len(self.acknowledged) < len(DRAW) and not stop.is_set():
            cell = DRAW[len(self.acknowledged)]
            self.in_flight = True
            accepted = self._api_move(server, cell) if self.api else self._form_move(server, cell)
            self.in_flight = False
            if accepted:
                self.acknowledged.append(cell)
                count[0] += 1

    def _form_move(self, server: str, cell: str) -> bool:
        reply = self.player.move(server, server, cell)
        return reply.status == 303 and reply.headers["X-Move-Result"] == "accepted"

    def _api_move(self, server: str, cell: str) -> bool:
        game = self.player.game(server)
        headers = {"X-CSRFToken": game["csrf_token"], "Content-Type": "application/json"}
        body = json.dumps({"cell": cell, "version": game["version"]})
        reply = self.player.request(server, "POST", "/api/move", raw=body, headers=headers)
        return reply.status == 200


def _player(server: str, stop: threading.Event, matches: list[Match], count: list[int]) -> None:
    """Play match after match (every other one through the API) until the server is gone;
    anything else that goes wrong is put in ``matches`` as the last one's ``failure``."""
    try:
        while not stop.is_set():
            match = Match(api=len(matches) % 2 == 1)
            matches.append(match)
            match.play(server, stop, count)
    except (OSError, http.client.HTTPException):  # refused, reset, cut short: the crash
        return
    except Exception as error:
        matches[-1].failure = error


def _kill_whole_server(server: GunicornServer) -> None:
    """SIGKILL gunicorn's master and its workers at once, as a crash would."""
    assert server.process is not None
    master = server.process.pid
    workers = [
        int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()
    ]
    assert len(workers) == server.workers
    for pid in [master, *workers]:
        os.kill(pid, signal.SIGKILL)
    server.process.wait(10)
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in workers):  # reaped by init
        assert time.monotonic() < deadline, "a worker outlived SIGKILL"
        time.sleep(0.01)
    server.stop()  # its log and files; the process is gone


def _integrity(database: str) -> str:
    with sqlite3.connect(database) as db:
        (result,) = db.execute("PRAGMA integrity_check").fetchone()
    return str(result)


def test_every_acknowledged_move_survives_a_crash_of_the_whole_server(tmp_path: Path) -> None:
    env = file_store_env(tmp_path)  # one secret key, so the sessions hold after the restart
    server = GunicornServer(env, workers=2).start()
    stop = threading.Event()
    matches: list[list[Match]] = [[] for _ in range(THREADS)]
    count = [0]
    threads = [
        threading.Thread(target=_player, args=(server.url, stop, played, count), daemon=True)
        for played in matches
    ]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while count[0] < CRASH_AFTER:
            assert time.monotonic() < deadline, f"only {count[0]} moves in 60 s"
            failures = [m.failure for played in matches for m in played if m.failure]
            assert all(thread.is_alive() for thread in threads), f"a player stopped: {failures}"
            time.sleep(0.01)
        _kill_whole_server(server)
    finally:
        stop.set()
        for thread in threads:
            thread.join(30)
        server.stop()

    again = GunicornServer(env, workers=2).start()  # on the files as the crash left them
    try:
        every = [match for per_thread in matches for match in per_thread]
        assert [match.failure for match in every if match.failure] == []
        assert any(match.in_flight for match in every)  # the crash came during play
        played = [match for match in every if match.acknowledged]
        assert sum(len(match.acknowledged) for match in played) >= CRASH_AFTER
        unanswered = 0
        for match in played:
            moves = match.player.game(again.url)["moves"]
            assert moves[: len(match.acknowledged)] == match.acknowledged
            extra = len(moves) - len(match.acknowledged)
            assert extra == 0 or (extra == 1 and match.in_flight), (moves, match.acknowledged)
            unanswered += extra
        assert unanswered <= THREADS
        assert _integrity(env["FLASK_DATABASE"]) == "ok"
    finally:
        again.stop()
