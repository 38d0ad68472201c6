"""The load benchmark's framework floor (bench/floor.py) does the work its rows claim to measure.

Its figures say how close any app on Flask, Flask-Session and Flask-WTF can come to the bare
app, so it must really keep a session in the store, check CSRF tokens, and serve what
bench/move_cycle.lua and bench/get.lua read, on files and on Redis.
"""

from __future__ import annotations

import re
from pathlib import Path

from flask.testing import FlaskClient

from bench import floor
from tests.servers import RedisServer


def _field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


def _cells(page: str) -> list[str]:
    return re.findall(r'name="cell" value="([A-C][1-3])"', page)


def _plays_a_game(client: FlaskClient) -> None:
    first = client.get("/")
    assert first.status_code == 200
    assert "ttt_session=" in first.headers["Set-Cookie"]  # a session is made and stored
    page = first.get_data(as_text=True)
    assert abs(len(first.data) - floor.PAGE_SIZE) < 200  # the size of the game's board page
    assert "Computer (hard)" in page and _cells(page) == list(floor.CELLS)

    refused = client.post("/move", data={"cell": "A1"})
    assert refused.status_code == 400  # Flask-WTF checks the token
    token = _field(page, "csrf_token")
    moves = 0
    while _cells(page):
        answer = client.post("/move", data={"csrf_token": token, "cell": _cells(page)[-1]})
        assert answer.status_code == 303 and answer.headers["Location"] == "/"
        moves += 1
        page = client.get("/").get_data(as_text=True)
        assert _field(page, "ply") == str(2 * moves)  # the cell and the reply were stored
    assert moves == 4

    again = client.get("/")
    assert "Set-Cookie" not in again.headers  # a read writes nothing
    assert client.get("/least/").data.startswith(b"<!doctype html>")
    client.post("/new", data={"csrf_token": token})
    assert _cells(client.get("/").get_data(as_text=True)) == list(floor.CELLS)


def test_floor_keeps_games_in_files(tmp_path: Path) -> None:
    app = floor.create({"SECRET_KEY": "floor-test", "SESSION_DIR": str(tmp_path)})
    _plays_a_game(app.test_client())
    assert len(list(tmp_path.iterdir())) == 1  # the one session, as a file


def test_floor_keeps_games_in_redis(redis_server: RedisServer) -> None:
    app = floor.create({"SECRET_KEY": "floor-test", "REDIS_URL": redis_server.url})
    _plays_a_game(app.test_client())
    client = app.config["SESSION_REDIS"]
    try:
        assert len(client.keys("session:*")) == 1
    finally:
        client.close()
