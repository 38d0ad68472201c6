"""The stock stack in the load benchmark: Flask, Flask-Session and Flask-WTF as shipped,
doing the least that a board page and a move need, with none of the game's code.

The goals of ``bench/load.py`` are ratios to a bare Flask app that has no session at all.
This app says what the required stack costs as its documentation sets it up: the stock
session interfaces (``SESSION_TYPE`` ``cachelib`` with a file cache that never evicts, or
``redis``) and Flask-WTF's ``CSRFProtect``. It has no locking, no engine and no templates.
It is a baseline, not a lower bound: the game replaces some stock paths with cheaper ones
(msgpack files read in one call, CSRF tokens signed and verified once per process).

- ``GET /``: the session's moves and a CSRF token in a page of the board page's size, with
  the fields ``bench/move_cycle.lua`` reads (``csrf_token``, ``match``, ``version``, empty cells);
- ``GET /least/``: the session read, then fixed bytes: what any page with a session costs;
- ``POST /move``: the cell and a reply (the first empty cell) appended, then a 303 to ``/``;
- ``POST /new``: an empty board, then a 303.

Its games always last four moves, where games against hard vary, and its store holds only
the benchmark's sessions. A session is made by the first ``GET /`` without a cookie.
gunicorn serves it as ``bench.stock:from_environment()``; ``STOCK_SECRET_KEY`` and either
``STOCK_SESSION_DIR`` or ``STOCK_REDIS_URL`` configure it.
"""

from __future__ import annotations

import os

import redis
from cachelib.file import FileSystemCache
from flask import Flask, redirect, request, session
from flask_session import Session
from flask_wtf.csrf import CSRFProtect, generate_csrf
from werkzeug.wrappers import Response

CELLS = tuple(row + column for row in "ABC" for column in "123")
PAGE_SIZE = 5300  # bytes: the game's board page of a game in progress (a test checks)
_OPENING = '<!doctype html><html lang="en"><title>Stock</title><h1>Computer (hard)</h1>'


def create(settings: dict[str, str]) -> Flask:
    """The app for ``settings`` (the ``STOCK_*`` variables, without the prefix)."""
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=settings["SECRET_KEY"],
        SESSION_PERMANENT=True,
        SESSION_REFRESH_EACH_REQUEST=False,  # as the game: a read writes nothing
        SESSION_COOKIE_NAME="ttt_session",  # the name bench/get.lua sends
        WTF_CSRF_TIME_LIMIT=None,
    )
    if settings.get("REDIS_URL"):
        app.config.update(SESSION_TYPE="redis", SESSION_REDIS=redis.from_url(settings["REDIS_URL"]))
    else:
        cache = FileSystemCache(settings["SESSION_DIR"], threshold=0)
        app.config.update(SESSION_TYPE="cachelib", SESSION_CACHELIB=cache)
    Session(app)
    CSRFProtect(app)
    fixed = (_OPENING + "<p>" + "." * PAGE_SIZE + "</p>").encode()

    @app.get("/")
    def board() -> str:
        """The moves and a freshly signed token, as Flask-WTF makes one per page."""
        moves: list[str] = session.setdefault("moves", [])
        empty = [cell for cell in CELLS if cell not in moves] if len(moves) < 8 else []
        fields = (
            f'<form method="post" action="/move">'
            f'<input type="hidden" name="csrf_token" value="{generate_csrf()}">'
            f'<input type="hidden" name="match" value="stock">'
            f'<input type="hidden" name="version" value="{len(moves)}">'
        )
        buttons = "".join(f'<button name="cell" value="{cell}">{cell}</button>' for cell in empty)
        page = _OPENING + fields + buttons + "</form>"
        return page + "<p>" + "." * max(0, PAGE_SIZE - len(page)) + "</p>"

    @app.get("/least/")
    def least() -> bytes:
        """Only the session read."""
        session.get("moves")
        return fixed

    @app.post("/move")
    def move() -> Response:
        """Flask-WTF has checked the token; store the cell and the reply."""
        moves = list(session.get("moves", []))
        cell = request.form.get("cell")
        if cell in CELLS and cell not in moves:
            moves.append(cell)
            moves += [next(c for c in CELLS if c not in moves)] if len(moves) < 9 else []
            session["moves"] = moves
        return redirect("/", 303)

    @app.post("/new")
    def new() -> Response:
        """An empty board."""
        session["moves"] = []
        return redirect("/", 303)

    return app


def from_environment() -> Flask:
    """The app gunicorn serves, as ``bench.stock:from_environment()``."""
    prefix = "STOCK_"
    settings = {
        key[len(prefix) :]: value for key, value in os.environ.items() if key.startswith(prefix)
    }
    return create(settings)
