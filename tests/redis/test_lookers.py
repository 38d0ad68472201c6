"""Looking costs Redis nothing lasting: after cookieless GETs, no key lives past an hour."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from bench.hardening import look
from tests.player import Player
from tests.redis.conftest import app_env
from tests.servers import GunicornServer, RedisServer

LOOKS = 2_000
HOUR = 3600


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[GunicornServer]:
    """One app server on the module's Redis."""
    running = GunicornServer(app_env(redis_server.url)).start()
    yield running
    running.stop()


def _lasting(store: redis.Redis) -> dict[str, int]:
    """The keys that live longer than an hour (a TTL of -1 is forever), with their TTL."""
    ttls = {key.decode(): int(store.ttl(key)) for key in store.scan_iter()}
    return {key: ttl for key, ttl in ttls.items() if ttl == -1 or ttl > HOUR}


def test_cookieless_looks_leave_no_key_past_an_hour(
    server: GunicornServer, store: redis.Redis
) -> None:
    before = _lasting(store)
    assert set(look(server.url, LOOKS)) == {200}
    assert _lasting(store) == before


def test_a_visitor_who_plays_keeps_a_session_for_30_days(
    server: GunicornServer, store: redis.Redis
) -> None:
    player = Player()
    page = player.get(server.url)
    assert not store.exists(f"session:{player.sid}")
    moved = player.post(server.url, "/move", {**page.board_fields, "cell": "B2"}, page)
    assert moved.headers["X-Move-Result"] == "accepted"
    assert store.ttl(f"session:{player.sid}") > 29 * 24 * HOUR
