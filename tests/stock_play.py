"""One game on the load benchmark's stock stack (bench/stock.py), checking what its rows use.

Its figures say what Flask, Flask-Session and Flask-WTF cost as shipped, so it must really
keep each session in the store, check CSRF tokens and serve what bench/move_cycle.lua and
bench/get.lua read. The file-store and Redis tests both play this game.
"""

from __future__ import annotations

import re

from flask import Flask

from bench import stock


def field(page: str, name: str) -> str:
    """The value of the hidden field ``name``."""
    found = re.search(rf'name="{name}" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


def cells(page: str) -> list[str]:
    """The cells the page offers, as move_cycle.lua reads them."""
    return re.findall(r'name="cell" value="([A-C][1-3])"', page)


def plays_a_game(app: Flask) -> None:
    """Make a session, be refused without a token, play to the end, start again."""
    client = app.test_client()
    first = client.get("/")
    assert first.status_code == 200
    assert first.headers["Set-Cookie"].startswith("ttt_session=")  # made and stored
    page = first.get_data(as_text=True)
    assert "Computer (hard)" in page and cells(page) == list(stock.CELLS)

    assert client.post("/move", data={"cell": "A1"}).status_code == 400  # Flask-WTF's check
    token = field(page, "csrf_token")
    moves = 0
    while cells(page):
        answer = client.post("/move", data={"csrf_token": token, "cell": cells(page)[-1]})
        assert answer.status_code == 303 and answer.headers["Location"] == "/"
        moves += 1
        page = client.get("/").get_data(as_text=True)
        assert field(page, "ply") == str(2 * moves)  # the cell and the reply were stored
    assert moves == 4

    assert "Set-Cookie" not in client.get("/").headers  # a read writes nothing
    least = client.get("/least/")
    assert least.data.startswith(b"<!doctype html>") and "Set-Cookie" not in least.headers
    client.post("/new", data={"csrf_token": token})
    assert cells(client.get("/").get_data(as_text=True)) == list(stock.CELLS)
