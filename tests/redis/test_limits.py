"""Limits per client on Redis: two app servers count one client's new games together."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.player import Player
from tests.redis.conftest import app_env, start_all
from tests.servers import GunicornServer, RedisServer

TOO_MANY = "Too many new games or new sessions from your address in a short time"


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[tuple[str, str]]:
    """Two app servers on one Redis, with the limits on and low enough to reach."""
    env = app_env(
        redis_server.url,
        FLASK_LIMITS="true",
        FLASK_LIMIT_CREATE="3 per minute",
        FLASK_LIMIT_NEW_SESSIONS="50 per minute",
    )
    first, second = GunicornServer(env), GunicornServer(env)
    start_all(first, second)
    yield first.url, second.url
    first.stop()
    second.stop()


def test_new_games_through_two_servers_share_one_count(limited: tuple[str, str]) -> None:
    first, second = limited
    player = Player()
    for server in (first, second, first):
        assert player.new_game(server, "user", "hard").status == 303
    before = player.game(second)
    refused = player.new_game(second, "user", "easy")
    assert refused.status == 429 and TOO_MANY in refused.text
    assert "Retry-After" in refused.headers
    after = player.game(first)
    # The token is signed with a timestamp, so two reads a second apart differ in it alone.
    assert after == {**before, "csrf_token": after["csrf_token"]}
