"""Redis paused (SIGSTOP for 0.4 s, twice the app's Redis timeout) at random moments of the
second seeker's POST /api/pair, two app servers on it, 20 tries: afterwards no seeker is
stranded. Each is either paired, both in the same stored match, or not paired (waiting in the
queue for real, or idle)."""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from tests.player import Player
from tests.seekers import match_id, token
from tests.servers import GunicornServer, RedisServer

from .conftest import app_env, start_all

TRIES = 20
# The app's Redis clients give up after REDIS_TIMEOUT (0.5 s in production; shorter here, so
# that a pause of less than half a second outlasts it, as a longer pause would the default).
REDIS_TIMEOUT = 0.2
PAUSE = 0.4
SETTLE = 5.0  # seconds a seeker may take to learn where it stands once Redis is back


@pytest.fixture
def paused_pair() -> Iterator[tuple[RedisServer, str, str]]:
    """A private Redis (the test pauses it) and two app servers on it."""
    redis_server = RedisServer().start()
    env = app_env(redis_server.url, FLASK_REDIS_TIMEOUT=str(REDIS_TIMEOUT))
    first, second = GunicornServer(env), GunicornServer(env)
    start_all(first, second)
    yield redis_server, first.url, second.url
    assert redis_server.process is not None
    os.kill(redis_server.process.pid, signal.SIGCONT)  # never leave it stopped
    first.stop()
    second.stop()
    redis_server.stop()


def outcome(player: Player, server: str) -> str:
    """Where ``player`` stands once things settle: its match id if paired, else ``idle``
    (a seeker that says it waits must really wait: DELETE /api/pair takes it out)."""
    deadline = time.monotonic() + SETTLE
    while time.monotonic() < deadline:
        reply = player.request(server, "GET", "/api/pair")
        if reply.status == 200 and reply.json()["state"] == "paired":
            return match_id(reply.json()["game"])
        if reply.status == 200 and reply.json()["state"] == "idle":
            return "idle"
        if reply.status == 200:  # waiting: really in the queue?
            out = player.request(
                server, "DELETE", "/api/pair", raw="", headers=token(player, server)
            )
            if out.status == 200 and out.json()["state"] == "idle":
                return "idle"
            if out.status == 200:
                return match_id(out.json()["game"])
        time.sleep(0.2)
    return "stranded"


def test_a_redis_pause_during_a_pairing_strands_nobody(
    paused_pair: tuple[RedisServer, str, str],
) -> None:
    redis_server, one, two = paused_pair
    assert redis_server.process is not None
    pid, rng, seen = redis_server.process.pid, random.Random(36), []
    for _ in range(TRIES):
        waiter, seeker = Player(), Player()
        headers = token(waiter, one), token(seeker, two)
        first = waiter.request(one, "POST", "/api/pair", raw="", headers=headers[0])
        assert first.json()["state"] == "waiting", first.text
        arrive = threading.Thread(
            target=seeker.request, args=(two, "POST", "/api/pair", "", None, headers[1])
        )
        arrive.start()
        time.sleep(rng.uniform(0, 0.006))  # the POST takes a few ms: pause inside it
        os.kill(pid, signal.SIGSTOP)
        time.sleep(PAUSE)
        os.kill(pid, signal.SIGCONT)
        arrive.join()
        ends = outcome(waiter, one), outcome(seeker, two)
        seen.append(ends)
    stranded = [ends for ends in seen if "stranded" in ends]
    parted = [ends for ends in seen if "idle" not in ends and ends[0] != ends[1]]
    half = [ends for ends in seen if "idle" in ends and ends != ("idle", "idle")]
    assert not stranded and not parted and not half, seen
