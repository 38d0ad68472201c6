"""/readyz on Redis: ready while Redis answers PING, not ready while it is paused or gone."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.servers import RedisServer
from webapp import create_app

BOTH_FAILED = {"matches", "sessions"}


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A private Redis, which the tests pause and stop."""
    server = RedisServer().start()
    yield server
    if server.process is not None and server.process.poll() is None:
        os.kill(server.process.pid, signal.SIGCONT)  # never leave it stopped
    server.stop()


@pytest.fixture
def client(tmp_path: Path, redis_server: RedisServer) -> FlaskClient:
    """A browser of the app on that Redis, with a short timeout."""
    config = {
        "SECRET_KEY": "test-secret",
        "TESTING": True,
        "LIMITS": True,
        "REDIS_URL": redis_server.url,
        "REDIS_TIMEOUT": 0.2,
    }
    return create_app(config, instance_path=str(tmp_path)).test_client()


def test_ready_while_redis_answers_and_not_while_it_is_paused(
    client: FlaskClient, redis_server: RedisServer
) -> None:
    assert redis_server.process is not None
    answer = client.get("/readyz")
    assert answer.status_code == 200 and "Set-Cookie" not in answer.headers
    os.kill(redis_server.process.pid, signal.SIGSTOP)
    paused = client.get("/readyz")
    assert paused.status_code == 503
    assert paused.get_json()["failed"] == dict.fromkeys(BOTH_FAILED, "TimeoutError")
    assert client.get("/livez").status_code == 200  # alive all the same: do not restart it
    os.kill(redis_server.process.pid, signal.SIGCONT)
    assert client.get("/readyz").status_code == 200


def test_not_ready_once_redis_has_gone(client: FlaskClient, redis_server: RedisServer) -> None:
    redis_server.stop()
    answer = client.get("/readyz")
    assert answer.status_code == 503 and set(answer.get_json()["failed"]) == BOTH_FAILED
    assert client.get("/livez").status_code == 200
