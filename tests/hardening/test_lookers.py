"""Looking costs no disk: cookieless GETs store no session, against real gunicorn on the
default stores; a first-time visitor without JavaScript still plays at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.hardening import look, on_disk
from tests.player import Player
from tests.servers import GunicornServer, file_store_env

LOOKS = 10_000
LIMIT = 1024 * 1024  # bytes on disk, counted in blocks


@pytest.fixture(scope="module")
def directory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the server keeps its SQLite file of matches and its session files."""
    return tmp_path_factory.mktemp("lookers")


@pytest.fixture(scope="module")
def server(directory: Path) -> Iterator[GunicornServer]:
    """gunicorn as ``make run`` serves it, its stores in ``directory``."""
    running = GunicornServer(file_store_env(directory)).start()
    yield running
    running.stop()


def test_ten_thousand_cookieless_looks_leave_next_to_nothing(
    server: GunicornServer, directory: Path
) -> None:
    Player().get(server.url)  # the stores' files exist before counting
    before, _ = on_disk(directory)
    statuses = look(server.url, LOOKS)
    assert len(statuses) == LOOKS and set(statuses) == {200}
    after, files = on_disk(directory)
    assert after - before <= LIMIT, (before, after, files)
    assert not list((directory / "sessions").iterdir())


def test_a_first_time_visitor_without_javascript_plays_at_once(
    server: GunicornServer, directory: Path
) -> None:
    player = Player()
    page = player.get(server.url)
    assert page.status == 200 and player.visitor
    assert not list((directory / "sessions").iterdir())  # looking stored nothing
    moved = player.post(server.url, "/move", {**page.board_fields, "cell": "B2"}, page)
    assert moved.status == 303 and moved.headers["X-Move-Result"] == "accepted"
    assert player.game(server.url)["moves"] == ["B2"]
    assert len(list((directory / "sessions").iterdir())) == 1  # now it lives its 30 days


def test_a_post_without_the_visitors_cookie_is_still_refused(server: GunicornServer) -> None:
    player = Player()
    page = player.get(server.url)
    player.visitor = None  # the token was made for another browser
    moved = player.post(server.url, "/move", {**page.board_fields, "cell": "B2"}, page)
    assert moved.status == 400 and "security token" in moved.text
    assert player.game(server.url)["moves"] == []
