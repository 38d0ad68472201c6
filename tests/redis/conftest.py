"""Fixtures: a private redis-server and two gunicorn app servers sharing it."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis

from tests.servers import GunicornServer, RedisServer

# Both app servers must sign CSRF tokens with the same key, as a real deployment would.
SECRET_KEY = secrets.token_hex(16)
LOCK_TIMEOUT = 2.0  # seconds; long for a request that holds a lock for milliseconds


def app_env(redis_url: str, **settings: str) -> dict[str, str]:
    """The environment of an app server that keeps its matches and sessions in ``redis_url``."""
    return {
        "FLASK_REDIS_URL": redis_url,
        "FLASK_SECRET_KEY": SECRET_KEY,
        "FLASK_STORE_LOCK_TIMEOUT": str(LOCK_TIMEOUT),
        "FLASK_HEARTBEAT": "0.5",  # a dropped stream is noticed (and its thread freed) soon
        **settings,
    }


def start_all(*servers: GunicornServer) -> None:
    """Start several app servers at once, stopping them all if one fails to start."""
    with ThreadPoolExecutor(len(servers)) as pool:
        results = [pool.submit(server.start) for server in servers]
    errors = [result.exception() for result in results if result.exception()]
    if errors:
        for server in servers:
            server.stop()
        raise errors[0] or RuntimeError("an app server did not start")


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    """A redis-server for the module's tests, with no persistence."""
    server = RedisServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def store(redis_server: RedisServer) -> Iterator[redis.Redis]:
    """A client of that Redis, for looking at what the app stored."""
    client = redis.Redis.from_url(redis_server.url)
    yield client
    client.close()


@pytest.fixture(scope="module")
def servers(redis_server: RedisServer) -> Iterator[tuple[str, str]]:
    """Two gunicorn app servers, each on its own port, on the same Redis: their URLs."""
    first, second = (
        GunicornServer(app_env(redis_server.url)),
        GunicornServer(app_env(redis_server.url)),
    )
    start_all(first, second)
    yield first.url, second.url
    first.stop()
    second.stop()
