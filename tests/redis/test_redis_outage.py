"""A paused Redis (SIGSTOP) under many players at once: every request gets its 503 within a
second, the log says so in one line per request, and play resumes within a second of Redis
coming back.

Fails on 8ead360: each worker answered one request at a time behind a process-wide lock,
each waiting out its own Redis timeout (0.5 s), so most of the requests sent at once took
several seconds; the limits' own Redis client had no timeout at all; and a session that could
not be read logged two tracebacks.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.player import STORE_DOWN, TRACEBACK, Player, Reply
from tests.servers import GunicornServer, RedisServer

from .conftest import app_env, start_all

PLAYERS = 16  # each sends a board, a move and a JSON read at once: 48, with 16 newcomers
FLOOR = 1.0  # seconds: the bound on a 503 while Redis is paused, and on resuming


@pytest.fixture
def paused_setup() -> Iterator[tuple[RedisServer, GunicornServer]]:
    """A private Redis (the test pauses it) and one app server of 2 workers on it, with the
    limits on (their counts are in the same Redis) but well above what the test sends."""
    redis_server = RedisServer().start()
    env = app_env(
        redis_server.url,
        FLASK_LIMITS="true",
        FLASK_LIMIT_CREATE="1000 per minute",
        FLASK_LIMIT_NEW_SESSIONS="1000 per minute",
    )
    app = GunicornServer(env)
    start_all(app)
    yield redis_server, app
    assert redis_server.process is not None
    os.kill(redis_server.process.pid, signal.SIGCONT)  # never leave it stopped
    app.stop()
    redis_server.stop()


def _timed(send: Callable[[], Reply]) -> tuple[Reply, float]:
    """``send``'s reply and the seconds it took."""
    started = time.monotonic()
    reply = send()
    return reply, time.monotonic() - started


def _log(app: GunicornServer) -> str:
    """What the server has logged so far."""
    app.log.seek(0)
    return app.log.read().decode(errors="replace")


def test_a_paused_redis_is_a_quick_503_for_everyone_and_play_resumes_at_once(
    paused_setup: tuple[RedisServer, GunicornServer],
) -> None:
    redis_server, app = paused_setup
    assert redis_server.process is not None
    players = [Player() for _ in range(PLAYERS)]
    pages = {}
    for player in players:
        assert player.move(app.url, app.url, "B2").status == 303  # a stored session and match
        pages[player] = player.get(app.url)

    def move(player: Player) -> Callable[[], Reply]:
        page = pages[player]
        return lambda: player.post(app.url, "/move", {**page.board_fields, "cell": "A1"}, page)

    newcomers = [Player() for _ in range(PLAYERS)]  # browsers that have only looked
    looks = {newcomer: newcomer.get(app.url) for newcomer in newcomers}

    def first_move(newcomer: Player) -> Callable[[], Reply]:
        """A browser's first move: no session to read, but the limit on new sessions."""
        return lambda: newcomer.post(app.url, "/move", {"cell": "C3"}, looks[newcomer])

    sends: list[Callable[[], Reply]] = []
    for player in players:
        sends += [
            lambda p=player: p.get(app.url),
            move(player),
            lambda p=player: p.get(app.url, "/api/game"),
        ]
    sends += [first_move(newcomer) for newcomer in newcomers]
    os.kill(redis_server.process.pid, signal.SIGSTOP)
    logged_before = len(_log(app).splitlines())
    with ThreadPoolExecutor(max_workers=len(sends)) as pool:
        answers = list(pool.map(_timed, sends))
    times = sorted(took for _, took in answers)
    slowest = times[-1]
    statuses = sorted({reply.status for reply, _ in answers})
    assert statuses == [503], statuses
    assert all(STORE_DOWN in reply.text and TRACEBACK not in reply.text for reply, _ in answers)
    assert slowest < FLOOR, (
        f"the slowest 503 took {slowest:.2f} s (median {times[len(times) // 2]:.2f} s)"
    )

    # One line per refused request, no traceback.
    log = _log(app).splitlines()[logged_before:]
    assert not [line for line in log if "Traceback" in line], "\n".join(log[-40:])
    assert len([line for line in log if "store unavailable" in line]) == len(answers)

    os.kill(redis_server.process.pid, signal.SIGCONT)
    resumed = time.monotonic()
    player = players[0]
    reply = move(player)()
    while reply.status == 503 and time.monotonic() - resumed < 5:
        reply = move(player)()
    took = time.monotonic() - resumed
    assert reply.status == 303 and reply.headers["X-Move-Result"] == "accepted", reply.text
    assert took < FLOOR, f"the first move after Redis resumed took {took:.2f} s"
    for other in players[1:]:
        assert move(other)().headers["X-Move-Result"] == "accepted"
        assert other.game(app.url)["moves"][:2] == ["B2", "A1"]
