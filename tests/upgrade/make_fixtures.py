"""How the fixtures in ``tests/upgrade/v1/`` were made: kept to show it, not to be run again.

This script was run once, by hand, on commit 8ead360 (the match format before its redesign):

    .venv/bin/python -m tests.upgrade.make_fixtures

It plays three scenarios through the Flask test client, as the other tests do (the page's
forms, with their CSRF token), in an app with a fixed secret key and a temporary instance
folder, and writes what that code stored: each match's row, read straight from the SQLite
file, and each browser's cookies and session file, copied byte for byte. It also writes what
each browser saw at that moment (its ``/api/game`` JSON and the board page's status and
score), which ``test_upgrade.py`` expects to see again from those stored bytes.

Re-running it on newer code would NOT reproduce the old format: it would write whatever that
code stores, and the upgrade test would no longer test an upgrade. Nor would it reproduce the
same bytes on 8ead360: match ids, seat keys, game ids and CSRF tokens are random.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, session_file
from tests.web.conftest import new_game
from tests.web.shown import page, submit
from webapp import create_app
from webapp.engine import players

COMMIT = "8ead360"
SECRET_KEY = "upgrade-fixture-secret"
CONFIG = {"SECRET_KEY": SECRET_KEY, "TESTING": True, "LIMITS": False}
OUT = Path(__file__).resolve().parent / "v1"
# Parts of the online JSON that are not the match's: links built from the request's host,
# and how long ago each seat was seen (a clock, kept in another table).
VOLATILE_ONLINE = ("invite", "seat", "watch")
SHOWN_SCORE = re.compile(r'<dt>([^<]*)</dt><dd (?:data-player="[^"]*"|id="score-draw")>(\d+)</dd>')


def app_in(folder: Path) -> Flask:
    """The app as the tests make it, with the fixtures' secret key."""
    return create_app(dict(CONFIG), instance_path=str(folder))


def press(client: FlaskClient, action: str, **extra: str) -> None:
    """Press the board's button posting to ``action``; it must be accepted."""
    response = submit(client, action, **extra)
    assert response.headers["X-Move-Result"] == "accepted", (action, extra)


def play(client: FlaskClient, cells: list[str]) -> None:
    """Cells pressed one after another on the board."""
    for cell in cells:
        press(client, "/move", cell=cell)


def seen(client: FlaskClient) -> dict[str, Any]:
    """What the browser sees now: the board page's status and score, and its JSON view."""
    shown = page(client, "/")
    view = api_game(client)
    view.pop("csrf_token")
    online = view["online"]
    if online is not None:
        for name in VOLATILE_ONLINE:
            online.pop(name)
        for seat in online["presence"].values():
            seat.pop("away")
    return {
        "page": {
            "status": shown.status,
            "score": shown.score(),
            "score_shown": [[label, int(n)] for label, n in SHOWN_SCORE.findall(shown.html)],
        },
        "api": view,
    }


def cookies(client: FlaskClient) -> dict[str, str]:
    """Every cookie the browser holds, by name (all are for localhost, path /)."""
    jar = client._cookies or {}  # werkzeug's jar: there is no public way to list it
    return {cookie.key: cookie.value for cookie in jar.values()}


def save(app: Flask, name: str, about: str, browsers: dict[str, FlaskClient]) -> None:
    """Write scenario ``name``: its rows, and each browser's cookies, session file and view."""
    folder = OUT / name
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "sessions").mkdir(parents=True)
    expected = {who: seen(client) for who, client in browsers.items()}  # before the copies:
    # reading a page can rewrite the session (a message shown is taken out of it)
    held: dict[str, Any] = {}
    for who, client in browsers.items():
        source = session_file(app.config["SESSION_DIR"], client)
        shutil.copyfile(source, folder / "sessions" / source.name)
        held[who] = {"cookies": cookies(client), "session_file": source.name}
    with contextlib.closing(sqlite3.connect(app.config["DATABASE"])) as db:
        schema = [
            sql
            for (sql,) in db.execute(
                "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
            )
        ]
        rows = db.execute("SELECT id, data, version FROM matches ORDER BY id").fetchall()
    records = [
        {"match_id": match_id, "version": version, "data": json.loads(text), "data_text": text}
        for match_id, text, version in rows
    ]
    common = {"commit": COMMIT, "secret_key": SECRET_KEY, "about": about}
    write(folder / "records.json", {**common, "schema": schema, "records": records})
    write(folder / "browsers.json", {**common, "browsers": held})
    write(folder / "expected.json", {**common, "browsers": expected})


def write(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def hotseat(folder: Path) -> None:
    """Two players on one device: Player 1 (X) wins, Play again, a draw, Swap sides (Player 2
    plays X), then three moves: O (Player 1) to move."""
    app = app_in(folder)
    client = app.test_client()
    play(client, ["A1", "B1", "A2", "B2", "A3"])
    assert api_game(client)["status"] == "X wins"
    press(client, "/again")
    play(client, ["B2", "A1", "A2", "C2", "C1", "A3", "B3", "B1", "C3"])
    assert api_game(client)["status"] == "Draw"
    press(client, "/swap")
    play(client, ["B2", "A1", "C3"])
    save(app, "hotseat", hotseat.__doc__ or "", {"player": client})


def computer(folder: Path) -> None:
    """A person (X) against hard: a game played badly (the computer wins), Play again, a game
    played well (a draw), Swap sides (the computer opens as X), then one move of the person
    and the computer's reply: O (the person) to move."""
    players._default_rng.seed(8)  # the computer's choices, so a re-run plays the same games
    app = app_in(folder)
    client = app.test_client()
    new_game(client, "user", "hard")
    while api_game(client)["status"] == "Game not finished":  # the first empty cell, every time
        play(client, [_first_empty(client)])
    assert api_game(client)["status"] == "O wins"
    press(client, "/again")
    while api_game(client)["status"] == "Game not finished":
        play(client, [api_game(client)["evaluation"]["best"][0]])
    assert api_game(client)["status"] == "Draw"
    press(client, "/swap")
    assert api_game(client)["ply"] == 1  # the computer's opening
    play(client, [api_game(client)["evaluation"]["best"][0]])
    assert api_game(client)["ply"] == 3
    save(app, "computer", computer.__doc__ or "", {"player": client})


def _first_empty(client: FlaskClient) -> str:
    board = api_game(client)["board"]
    return f"{'ABC'[board.index('_') // 3]}{board.index('_') % 3 + 1}"


def online(folder: Path) -> None:
    """Two devices: the host makes the match as X (player 1), the guest joins by the invite
    link as O; X wins; the guest (the loser) offers a rematch, not yet accepted."""
    app = app_in(folder)
    host, guest = app.test_client(), app.test_client()
    new_game(host, "user", "friend")
    board = page(host, "/")
    invite = board.link(board.ids["invite-link"]).removeprefix("http://localhost")
    press(guest, invite, url=invite)  # the Join button of the invite's page
    for mover, cell in zip([host, guest] * 3, ["A1", "B1", "A2", "B2", "A3"], strict=False):
        press(mover, "/move", cell=cell)
    assert api_game(guest)["status"] == "X wins"
    press(guest, "/rematch")
    save(app, "online", online.__doc__ or "", {"host": host, "guest": guest})


def main() -> None:
    for scenario in (hotseat, computer, online):
        with tempfile.TemporaryDirectory() as folder:
            scenario(Path(folder) / "instance")
        print(f"wrote {OUT / scenario.__name__}", file=sys.stderr)


if __name__ == "__main__":
    main()
