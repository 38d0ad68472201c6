"""Restarts: an app server, and Redis itself (down gives the 503 page; back, play resumes)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.player import STORE_DOWN, TRACEBACK, Player
from tests.refusals import code
from tests.servers import GunicornServer, RedisServer, free_port

from .conftest import app_env, start_all


@pytest.fixture
def own_servers() -> Iterator[list[GunicornServer | RedisServer]]:
    """Servers a test starts and stops by itself; whatever is left is stopped afterwards."""
    started: list[GunicornServer | RedisServer] = []
    yield started
    for server in reversed(started):
        server.stop()


def test_restarting_an_app_server_mid_game_loses_nothing(
    servers: tuple[str, str], redis_server: RedisServer, own_servers: list[object]
) -> None:
    steady = servers[0]
    restarted = GunicornServer(app_env(redis_server.url))
    own_servers.append(restarted)
    start_all(restarted)
    player = Player()
    assert player.new_game(restarted.url).status == 303
    assert player.move(restarted.url, steady, "A1").status == 303
    assert player.move(steady, restarted.url, "B2").status == 303

    restarted.stop()
    assert player.move(steady, steady, "C3").status == 303  # the other server plays on
    restarted = GunicornServer(app_env(redis_server.url), port=restarted.port)
    own_servers.append(restarted)
    start_all(restarted)

    assert player.game(restarted.url)["moves"] == ["A1", "B2", "C3"]
    assert player.move(restarted.url, restarted.url, "A3").status == 303
    assert player.game(steady)["moves"] == ["A1", "B2", "C3", "A3"]


def test_redis_down_gives_the_503_page_and_play_resumes_when_it_is_back(
    own_servers: list[object],
) -> None:
    port = free_port()
    app = GunicornServer(app_env(f"redis://127.0.0.1:{port}/0"))
    own_servers.append(app)
    start_all(app)  # Redis is not running yet: the app starts anyway
    player = Player()
    _assert_store_down(player, app.url)

    redis_server = RedisServer(port=port).start()
    own_servers.append(redis_server)
    assert player.new_game(app.url, x="user", o="easy").status == 303
    assert player.move(app.url, app.url, "B2").status == 303
    assert player.game(app.url)["moves"][0] == "B2"
    page = player.get(app.url)

    redis_server.stop()
    _assert_store_down(player, app.url)
    fields = {**page.board_fields, "cell": "A1"}
    for path, form in (("/move", fields), ("/new", {"x": "user", "o": "user"})):
        refused = player.post(app.url, path, form, page)
        assert refused.status == 503 and STORE_DOWN in refused.text
        assert TRACEBACK not in refused.text
        assert "Location" not in refused.headers  # nothing is acknowledged

    # Back on the same port, with no restart of the app server. Without persistence the
    # old match and session are gone, so the player is given a new one and plays on.
    redis_server = RedisServer(port=port).start()
    own_servers.append(redis_server)
    board = player.get(app.url)
    assert board.status == 200
    assert player.move(app.url, app.url, "A1").status == 303
    assert player.game(app.url)["moves"][0] == "A1"


def _assert_store_down(player: Player, server: str) -> None:
    """The board and the JSON view answer 503, plainly and without a trace."""
    board = player.get(server)
    assert board.status == 503
    assert STORE_DOWN in board.text
    assert "<title>Game store unavailable" in board.text
    api = player.get(server, "/api/game")
    assert api.status == 503
    assert code(api.json()) == "store_unavailable"
    for reply in (board, api):
        assert TRACEBACK not in reply.text and 'File "' not in reply.text
    # The page's own stylesheet does not depend on the store.
    assert player.get(server, "/static/style.css").status == 200
