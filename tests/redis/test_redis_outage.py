"""A paused Redis (SIGSTOP) under many players at once: every request gets its 503 page, the
log says so in one line per request, and play resumes once Redis comes back, every move kept.
How soon (each 503 within a second, the first move after within a second) is the floor of
bench/outage.py, which runs the same round.

Fails on 8ead360: each worker answered one request at a time behind a process-wide lock,
each waiting out its own Redis timeout (0.5 s), so most of the requests sent at once took
several seconds; the limits' own Redis client had no timeout at all; and a session that could
not be read logged two tracebacks.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest

from bench.outage import pause_everyone, paused_app
from tests.player import STORE_DOWN, TRACEBACK
from tests.servers import GunicornServer, RedisServer


@pytest.fixture
def paused_setup() -> Iterator[tuple[RedisServer, GunicornServer]]:
    """A private Redis (the test pauses it) and one app server of 2 workers on it, with the
    limits on (their counts are in the same Redis) but well above what the test sends."""
    redis_server = RedisServer().start()
    app = paused_app(redis_server)
    yield redis_server, app
    assert redis_server.process is not None
    os.kill(redis_server.process.pid, signal.SIGCONT)  # never leave it stopped
    app.stop()
    redis_server.stop()


def _log(app: GunicornServer) -> str:
    """What the server has logged so far."""
    app.log.seek(0)
    return app.log.read().decode(errors="replace")


def test_a_paused_redis_is_a_503_for_everyone_and_play_resumes(
    paused_setup: tuple[RedisServer, GunicornServer],
) -> None:
    redis_server, app = paused_setup
    logged_before = len(_log(app).splitlines())
    outage = pause_everyone(redis_server, app.url)
    answers = [reply for reply, _ in outage.answers]
    assert sorted({reply.status for reply in answers}) == [503]
    assert all(STORE_DOWN in reply.text and TRACEBACK not in reply.text for reply in answers)

    # One line per refused request, no traceback.
    log = _log(app).splitlines()[logged_before:]
    assert not [line for line in log if "Traceback" in line], "\n".join(log[-40:])
    refused = len(answers) + outage.refused_after  # and any 503 just after Redis resumed
    assert len([line for line in log if "store unavailable" in line]) == refused

    reply = outage.resumed
    assert reply is not None and reply.status == 303, reply
    assert reply.headers["X-Move-Result"] == "accepted", reply.text
    for other in outage.players[1:]:
        assert outage.move(other).headers["X-Move-Result"] == "accepted"
        assert other.game(app.url)["moves"][:2] == ["B2", "A1"]
