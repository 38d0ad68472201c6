"""Redis paused in the middle of a move (SIGSTOP), then resumed: the next move plays."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest

from tests.player import Player
from tests.servers import GunicornServer, RedisServer

from .conftest import app_env, start_all


@pytest.fixture
def paused_setup() -> Iterator[tuple[RedisServer, GunicornServer]]:
    """A private Redis (a test pauses it) and one app server on it."""
    redis_server = RedisServer().start()
    app = GunicornServer(app_env(redis_server.url))
    start_all(app)
    yield redis_server, app
    assert redis_server.process is not None
    os.kill(redis_server.process.pid, signal.SIGCONT)  # never leave it stopped
    app.stop()
    redis_server.stop()


def test_the_next_move_after_redis_resumes_works(
    paused_setup: tuple[RedisServer, GunicornServer],
) -> None:
    """Before, the lock taken while Redis was paused stayed about 30 s, and the next two moves
    waited 10 s each for a 503. Now a paused request fails at its first Redis command and
    frees what it holds; a lock it could not free expires within REDIS_LOCK_EXPIRY (0.8 s,
    test_redis_store), so the next move plays (how soon: bench/outage.py's floor)."""
    redis_server, app = paused_setup
    assert redis_server.process is not None
    player = Player()
    assert player.new_game(app.url).status == 303
    assert player.move(app.url, app.url, "A1").status == 303
    page = player.get(app.url)

    os.kill(redis_server.process.pid, signal.SIGSTOP)
    paused = player.post(app.url, "/move", {**page.board_fields, "cell": "B2"}, page)
    assert paused.status == 503 and paused.headers["X-Move-Result"] == "refused"

    os.kill(redis_server.process.pid, signal.SIGCONT)
    page = player.get(app.url)
    reply = player.post(app.url, "/move", {**page.board_fields, "cell": "B2"}, page)
    assert reply.status == 303 and reply.headers["X-Move-Result"] == "accepted", reply.text
    assert player.game(app.url)["moves"] == ["A1", "B2"]
