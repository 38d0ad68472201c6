"""Matches and sessions stored by the code of commit 8ead360 still play after an upgrade.

``v1/`` holds what that code wrote (see ``v1/README.md``): each match's row in the SQLite
store and each browser's session file and cookies, for three scenarios, and what each browser
saw then. Each test puts those bytes in a new instance folder, as an upgraded server would
find them, and looks through HTTP only (no import of the app's rules or web modules, whose
format is what changes): the same board, status and score, and play goes on.

Only what the store and cachelib keep beside the data is renewed: the row's ``changed`` time
and the 4-byte expiry at the head of each session file, or the fixtures would expire 30 days
after they were made. The match data, its version and the session's payload are the old bytes.
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import struct
import time
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game
from tests.web.shown import Page, page, submit
from webapp import create_app

FIXTURES = Path(__file__).resolve().parent / "v1"
# The fields of /api/game that the old match determines, compared as they were.
LEGACY = ("board", "moves", "turn", "status", "line", "start", "ply", "players", "names")
LEGACY_SEEN = ("tally", "you")
ONLINE = ("full", "rematch", "ending", "winner", "can_claim")
SESSION_LIFETIME = timedelta(days=31)  # the default MATCH_LIFETIME and a day, as settings.py
SHOWN_SCORE = re.compile(
    r'<dt>([^<]*)</dt><dd (?:data-(?:player|seat)="[^"]*"|id="score-draw")>(\d+)</dd>'
)
BROWSERS = [("hotseat", "player"), ("computer", "player"), ("online", "host"), ("online", "guest")]


@dataclass
class Restored:
    """An app started on a scenario's stored bytes, its browsers, and what each saw."""

    app: Flask
    browsers: dict[str, FlaskClient]
    seen: dict[str, dict[str, Any]]  # by browser: {"api": …, "page": …}

    def api(self, who: str) -> dict[str, Any]:
        """What ``who``'s /api/game said when the fixtures were made."""
        view: dict[str, Any] = self.seen[who]["api"]
        return view


def read(scenario: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / scenario / name).read_text())
    return data


def restore(scenario: str, instance: Path) -> Restored:
    """The scenario's rows and session files in a new instance folder, as an upgraded server
    finds them, then the app started on it and a client per browser with its cookies."""
    records, held = read(scenario, "records.json"), read(scenario, "browsers.json")
    instance.mkdir(parents=True)
    # The database as the old code left it: its tables, then its rows, exactly as stored.
    with contextlib.closing(sqlite3.connect(instance / "matches.sqlite")) as db:
        for statement in records["schema"]:
            db.execute(statement)
        for record in records["records"]:
            assert json.loads(record["data_text"]) == record["data"]
            db.execute(
                "INSERT INTO matches (id, data, version, changed) VALUES (?, ?, ?, ?)",
                (record["match_id"], record["data_text"], record["version"], time.time()),
            )
        db.commit()
    sessions = instance / "sessions"
    sessions.mkdir(mode=0o700)
    for browser in held["browsers"].values():
        stored = (FIXTURES / scenario / "sessions" / browser["session_file"]).read_bytes()
        (sessions / browser["session_file"]).write_bytes(renewed(stored))
    config = {"SECRET_KEY": records["secret_key"], "TESTING": True, "LIMITS": False}
    app = create_app(config, instance_path=str(instance))
    clients = {}
    for who, browser in held["browsers"].items():
        client = app.test_client()
        for name, value in browser["cookies"].items():
            client.set_cookie(name, value)
        clients[who] = client
    return Restored(app, clients, read(scenario, "expected.json")["browsers"])


def renewed(stored: bytes) -> bytes:
    """A cachelib session file with its expiry (the first 4 bytes: seconds since 1970) moved
    to as long from now as a session written now would get; the session's bytes unchanged."""
    (expiry,) = struct.unpack("I", stored[:4])
    assert expiry > 0  # a file that expires, as cachelib wrote it for a session
    later = int(time.time() + SESSION_LIFETIME.total_seconds())
    return struct.pack("I", later) + stored[4:]


def shown_score(shown: Page) -> list[list[Any]]:
    """The score as the page shows it, in its order: each label and its number."""
    return [[label, int(count)] for label, count in SHOWN_SCORE.findall(shown.html)]


def first_empty(board: str) -> str:
    """The first empty cell of a board string, in reading order (A1, A2, A3, B1…)."""
    at = board.index("_")
    return f"{'ABC'[at // 3]}{at % 3 + 1}"


def marked(board: str, cell: str, mark: str) -> str:
    """The board string with ``mark`` at ``cell``."""
    at = "ABC".index(cell[0]) * 3 + int(cell[1]) - 1
    return board[:at] + mark + board[at + 1 :]


def pressed(client: FlaskClient, action: str, **extra: str) -> str:
    """Press the board's button posting to ``action`` (with the page's CSRF token, match and
    version); whether the post was accepted or refused."""
    result: str = submit(client, action, **extra).headers["X-Move-Result"]
    return result


@pytest.mark.parametrize(("scenario", "who"), BROWSERS)
def test_an_old_match_shows_the_same_board_status_and_score(
    tmp_path: Path, scenario: str, who: str
) -> None:
    restored = restore(scenario, tmp_path / "instance")
    client, before, seen = restored.browsers[who], restored.api(who), restored.seen[who]["page"]
    view = api_game(client)
    for name in (*LEGACY, *LEGACY_SEEN):
        assert view[name] == before[name], name
    assert view["version"] >= before["version"]  # a version never goes back: stale forms
    if before["online"] is None:
        assert view["online"] is None
    else:
        for name in ONLINE:
            assert view["online"][name] == before["online"][name], name
        presence = {mark: {"seated": p["seated"]} for mark, p in view["online"]["presence"].items()}
        assert presence == before["online"]["presence"]
    shown = page(client, "/")
    assert shown.status == seen["status"]
    assert shown.score() == seen["score"]
    assert shown_score(shown) == seen["score_shown"]
    # The replay links of an open tab name the game by its id: they still show its moves.
    replay = client.get(f"/replay/{before['ply']}?game={before['game']}")
    assert replay.status_code == 200


def test_the_next_hot_seat_move_is_played(tmp_path: Path) -> None:
    restored = restore("hotseat", tmp_path / "instance")
    client, before = restored.browsers["player"], restored.api("player")
    assert before["turn"] == "O" and before["names"]["O"] == "Player 1"
    cell = first_empty(before["board"])
    assert pressed(client, "/move", cell=cell) == "accepted"
    after = api_game(client)
    assert after["moves"] == [*before["moves"], cell]
    assert after["board"] == marked(before["board"], cell, "O")
    assert after["turn"] == "X" and after["status"] == "Game not finished"
    assert after["version"] > before["version"]
    assert after["names"] == before["names"] and after["tally"] == before["tally"]
    shown = page(client, "/")
    assert shown.status == "Player 2 to move (X)"
    assert shown.score() == {"Player 1": 1, "Player 2": 0, "Draws": 1}


def test_the_person_moves_and_the_computer_replies(tmp_path: Path) -> None:
    restored = restore("computer", tmp_path / "instance")
    client, before = restored.browsers["player"], restored.api("player")
    assert before["you"] == "O" and before["players"] == {"X": "hard", "O": "user"}
    cell = first_empty(before["board"])
    assert pressed(client, "/move", cell=cell) == "accepted"
    after = api_game(client)
    assert after["ply"] == before["ply"] + 2  # X cannot win yet: the game goes on
    assert after["moves"][:-1] == [*before["moves"], cell]
    reply = after["moves"][-1]
    assert after["board"] == marked(marked(before["board"], cell, "O"), reply, "X")
    assert after["turn"] == "O" and after["status"] == "Game not finished"
    assert after["you"] == "O" and after["tally"] == before["tally"]
    shown = page(client, "/")
    assert shown.status == "Your turn (O)"
    assert shown.score() == {"You": 0, "Computer (hard)": 1, "Draws": 1}


def test_the_rematch_offered_is_accepted_and_both_browsers_play_it(tmp_path: Path) -> None:
    restored = restore("online", tmp_path / "instance")
    host, guest = restored.browsers["host"], restored.browsers["guest"]
    before = restored.api("host")
    assert before["you"] == "X" and before["status"] == "X wins"
    assert before["online"]["rematch"] == "friend"  # the guest, who lost, offered it
    # The offer is still the guest's: offering again is refused and changes nothing.
    assert pressed(guest, "/rematch") == "refused"
    assert api_game(guest)["version"] == api_game(host)["version"]
    assert api_game(host)["moves"] == before["moves"]
    # The host accepts: a new game in which the sides are swapped.
    assert pressed(host, "/rematch") == "accepted"
    views = {"host": api_game(host), "guest": api_game(guest)}
    assert views["host"]["you"] == "O" and views["guest"]["you"] == "X"
    for view in views.values():
        assert view["board"] == "_________" and view["moves"] == [] and view["turn"] == "X"
        assert view["status"] == "Game not finished"
        assert view["game"] != before["game"] and view["version"] > before["version"]
        assert view["names"] == {"X": "Player 2", "O": "Player 1"}
        assert view["players"] == before["players"]
        assert view["tally"] == before["tally"]  # the score goes on: Player 1 won one
        online = view["online"]
        assert online["full"] and online["rematch"] is None and online["ending"] is None
    assert views["host"]["version"] == views["guest"]["version"]
    hosts, guests = page(host, "/"), page(guest, "/")
    assert hosts.status == "Waiting for X (your friend)"
    assert guests.status == "Your turn (X)"
    assert hosts.score() == {"You": 1, "Your friend": 0, "Draws": 0}
    assert guests.score() == {"You": 0, "Your friend": 1, "Draws": 0}
    # The guest, now X, opens; the host sees the move and is to play.
    assert pressed(guest, "/move", cell="B2") == "accepted"
    assert api_game(host)["moves"] == ["B2"]
    assert page(host, "/").status == "Your turn (O)"
