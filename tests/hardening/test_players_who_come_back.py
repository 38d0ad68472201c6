"""Players who come back: many stored matches, none evicted; a restart; a match kept for 30
days after its last change, the session with it; `flask sweep`; damaged or foreign sessions
and matches give a fresh board, never an error page."""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import cachelib.file
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, csrf_token, match_store, play, post, session_file
from webapp import create_app

SETTINGS = {"SECRET_KEY": "come-back", "TESTING": True, "LIMITS": False}
DAY = 24 * 3600.0
PLAYERS = 1_000  # bench/seeding.py stores 100,000 for the load benchmark
LOST = "Your saved game could not be read, so a new game has started."


class Clock:
    """The time as the stores read it (the match store's ``time.time`` and cachelib's), set by
    the test: a day passes in a line, and it starts at 00:10 UTC so that the hours of a day
    are known."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Start at 2030-01-01 00:10 UTC."""
        self.now = datetime(2030, 1, 1, 0, 10, tzinfo=UTC).timestamp()
        monkeypatch.setattr(time, "time", lambda: self.now)
        monkeypatch.setattr(cachelib.file, "time", lambda: self.now)

    def advance(self, days: float) -> None:
        """Let ``days`` pass."""
        self.now += days * DAY


@pytest.fixture
def calendar(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """A clock the test moves on by days (time.time itself: the app's clock reads it too)."""
    return Clock(monkeypatch)


@contextlib.contextmanager
def database(app: Flask) -> Iterator[sqlite3.Connection]:
    """The app's SQLite file of matches, opened beside the app (and closed after)."""
    with contextlib.closing(sqlite3.connect(app.config["DATABASE"], isolation_level=None)) as db:
        yield db


def _match_id(client: FlaskClient) -> str:
    """The id of the match that ``client``'s session is at."""
    with client.session_transaction() as session:
        match_id: str = session["match"]
    return match_id


def _board_fields(client: FlaskClient) -> dict[str, str]:
    """The match and version that the board's forms send."""
    page = client.get("/").get_data(as_text=True)
    fields = dict(re.findall(r'name="(match|version)" value="([^"]*)"', page))
    assert set(fields) == {"match", "version"}
    return fields


def _session_files(directory: Path) -> list[Path]:
    """The session files in ``directory``."""
    return [path for path in directory.iterdir() if path.is_file()]


def _age(app: Flask, client: FlaskClient, days: float) -> None:
    """Make ``client``'s match and session file look last changed ``days`` ago."""
    with database(app) as db:
        db.execute("UPDATE matches SET changed = ? WHERE id = ?",
                   (time.time() - days * DAY, _match_id(client)))  # fmt: skip
    path = session_file(app.config["SESSION_DIR"], client)
    then = time.time() - days * DAY
    os.utime(path, (then, then))


def test_1000_stored_matches_none_evicted(app: Flask, session_dir: Path) -> None:
    """A thousand browsers with a move each, twice the 500 past which cachelib's default
    pruned sessions: every match and session is kept."""
    clients = []
    for number in range(PLAYERS):
        client = app.test_client()
        token = client.get("/api/game").get_json()["csrf_token"]
        cell = "ABC"[number % 3] + "123"[number // 3 % 3]
        assert client.post("/move", data={"cell": cell, "csrf_token": token}).status_code == 303
        clients.append(client)
    assert len(_session_files(session_dir)) == PLAYERS
    with database(app) as db:
        assert db.execute("SELECT count(*) FROM matches").fetchone() == (PLAYERS,)
    for number in (0, 1, 499, 500, 501, 750, PLAYERS - 1):
        assert api_game(clients[number])["moves"] == ["ABC"[number % 3] + "123"[number // 3 % 3]]
    for client in clients[::97]:
        record = match_store(app).get(_match_id(client))
        assert record is not None and record.data is not None and record.version == 1
        assert len(record.data["moves"]) == 1


def test_a_restart_keeps_every_match(instance: Path) -> None:
    """A new app on the same instance folder serves every player's match."""
    first = create_app(SETTINGS, instance_path=str(instance))
    players = [first.test_client() for _ in range(20)]
    for number, client in enumerate(players):
        post(client, "/move", {"cell": "ABC"[number % 3] + "1"})
    restarted = create_app(SETTINGS, instance_path=str(instance))
    for number, client in enumerate(players):
        client.application = restarted
        assert api_game(client)["moves"] == ["ABC"[number % 3] + "1"]
        assert post(client, "/move", {"cell": "B2"}).headers["X-Move-Result"] == "accepted"


def test_expiry_is_30_days_without_a_change(app: Flask) -> None:
    """Matches last 30 days and sessions a day more; a read renews neither."""
    assert app.config["MATCH_LIFETIME"].days == 30
    assert app.config["PERMANENT_SESSION_LIFETIME"].days == 31
    assert app.config["SESSION_REFRESH_EACH_REQUEST"] is False
    assert getattr(match_store(app), "lifetime", None) == 30 * DAY


def test_a_match_is_kept_30_days_after_its_last_change(app: Flask, calendar: Clock) -> None:
    """A player who comes back within 30 days of their last move finds their match; later,
    a fresh board (the old match is no longer served)."""
    client = app.test_client()
    play(client, ("B2",))
    match_id = _match_id(client)
    calendar.advance(29.9)
    assert api_game(client)["moves"] == ["B2"]
    calendar.advance(0.2)
    assert api_game(client)["moves"] == []
    assert match_store(app).get(match_id) is None


def test_changes_renew_the_match_the_session_and_its_cookie(app: Flask, calendar: Clock) -> None:
    """Each change starts the 30 days again for the match, and the first change of each day
    for the session and its cookie: a player who plays now and then never loses the match."""
    client = app.test_client()
    first = post(client, "/move", {"cell": "B2"})  # day 0
    assert "Expires=" in first.headers["Set-Cookie"]
    for day, cell in enumerate(("A1", "C3", "A3"), start=1):
        calendar.advance(20)  # each move alone would expire 30 days after it
        response = post(client, "/move", {"cell": cell})
        assert response.headers["X-Move-Result"] == "accepted"
        assert "Expires=" in response.headers["Set-Cookie"], day
    calendar.advance(29.9)
    assert api_game(client)["moves"] == ["B2", "A1", "C3", "A3"]
    calendar.advance(0.2)
    assert api_game(client)["moves"] == []


def test_the_last_change_of_a_day_keeps_the_session_as_long_as_the_match(
    app: Flask, calendar: Clock
) -> None:
    """A player who last played at 23:10 and comes back 29 days and 12 hours later finds the
    match, which is still stored, through their session; a day later, a fresh board."""
    client = app.test_client()
    play(client, ("B2",))  # day 0, 00:10: the session is renewed
    match_id = _match_id(client)
    calendar.advance(23 / 24)
    play(client, ("A1",))  # day 0, 23:10: the match's 30 days start again
    calendar.advance(29.5)  # day 30, 11:10
    record = match_store(app).get(match_id)
    assert record is not None and record.data is not None  # the match is kept...
    assert api_game(client)["moves"] == ["B2", "A1"]  # ...and the player can reach it
    calendar.advance(1)
    assert api_game(client)["moves"] == []


def test_a_read_renews_nothing(app: Flask, client: FlaskClient) -> None:
    """Looking at the board stores nothing for a visitor and changes no stored match."""
    client.get("/")
    api_game(client)
    with database(app) as db:
        assert db.execute("SELECT count(*) FROM matches").fetchone() == (0,)
    play(client, ("B2",))
    with database(app) as db:
        before = db.execute("SELECT * FROM matches").fetchall()
        client.get("/")
        client.get("/replay/1")
        api_game(client)
        assert db.execute("SELECT * FROM matches").fetchall() == before


def test_flask_sweep_deletes_expired_matches_and_session_files(
    app: Flask, session_dir: Path
) -> None:
    """`flask sweep` deletes the matches unchanged for over 30 days and the session files
    unchanged for over 31, and nothing else; the player who comes back gets a fresh board."""
    old, recent = app.test_client(), app.test_client()
    play(old, ("A1",))
    play(recent, ("B2",))
    old_file = session_file(session_dir, old)
    runner = app.test_cli_runner()
    result = runner.invoke(args=["sweep"])
    assert result.exit_code == 0, result.output
    assert "removed 0 expired matches" in result.output
    assert "removed 0 expired session files" in result.output
    _age(app, old, 31.01)
    _age(app, recent, 29.9)
    result = runner.invoke(args=["sweep"])
    assert "removed 1 expired matches" in result.output
    assert "removed 1 expired session files" in result.output
    assert not old_file.exists()
    with database(app) as db:
        assert db.execute("SELECT id FROM matches").fetchall() == [(_match_id(recent),)]
    assert api_game(recent)["moves"] == ["B2"]
    assert api_game(old)["moves"] == []


@pytest.mark.parametrize(
    "damage", ["truncate", "garbage", "bad-utf8", "empty", "header-only", "not-a-dict"]
)
def test_a_damaged_session_file_gives_a_fresh_board(
    app: Flask, session_dir: Path, damage: str
) -> None:
    """A session file that cannot be read is a fresh session: the board, never an error."""
    client = app.test_client()
    play(client, ("A1",))
    path = session_file(session_dir, client)
    data = path.read_bytes()
    damaged = {
        "truncate": data[: len(data) // 2],
        "garbage": data[:4] + b"\xc1" * 40,  # 0xc1 is never valid msgpack
        "bad-utf8": data[:4] + b"\x81\xa3\xff\xfe\xfd\x01",
        "empty": b"",
        "header-only": data[:2],
        "not-a-dict": data[:4] + b"\x93\x01\x02\x03",
    }[damage]
    path.write_bytes(damaged)
    response = client.get("/")
    assert response.status_code == 200
    assert "Traceback" not in response.get_data(as_text=True)
    assert api_game(client)["moves"] == []
    assert post(client, "/move", {"cell": "B2"}).headers["X-Move-Result"] == "accepted"
    assert api_game(client)["moves"] == ["B2"]

    # A post arriving with a damaged session is played cleanly in a fresh match: its token is
    # the browser's (made from its visitor cookie, sessions.py), and it does not name the lost
    # match's version, so nothing stale is played over.
    token_owner = app.test_client()
    token = csrf_token(token_owner)
    post(token_owner, "/move", {"cell": "B2"})
    session_file(session_dir, token_owner).write_bytes(damaged)
    response = token_owner.post("/move", data={"cell": "C3", "csrf_token": token})
    assert response.status_code == 303 and response.headers["X-Move-Result"] == "accepted"
    assert "Traceback" not in response.get_data(as_text=True)
    assert api_game(token_owner)["moves"] == ["C3"]


@pytest.mark.parametrize("match_id", ["a b&c#", "", 7, None, "x" * 65, "../../etc/passwd"])
def test_a_session_match_id_we_never_made_is_never_used(
    client: FlaskClient, match_id: object
) -> None:
    """Forms and links carry the match id, so only an id we made is used; with any other in
    the session the board still works, and its forms play (they are not refused as stale)."""
    play(client, ("A1",))
    with client.session_transaction() as session:
        session["match"] = match_id
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    shown = re.search(r'name="match" value="([^"]*)"', page)
    assert shown and re.fullmatch(r"(|[A-Za-z0-9_-]{22})", shown.group(1))
    before = api_game(client)["moves"]
    for cell in ("B2", "C3"):
        assert (
            post(client, "/move", {"cell": cell, **_board_fields(client)}).headers["X-Move-Result"]
            == "accepted"
        ), cell
    assert api_game(client)["moves"] == [*before, "B2", "C3"]
    assert len(_match_id(client)) == 22


@pytest.mark.parametrize(
    "data",
    [
        "not json",
        "[]",
        '{"x": "user", "o": "user", "start": "_________", "moves": ["A1", "A1"]}',
        '{"x": "user", "o": "user", "start": "_________", "moves": [], "game_id": "a b&c#",'
        ' "first": "X", "wins": {}, "draws": 0, "scored": false}',
    ],
)
def test_a_stored_match_we_cannot_read_gives_a_fresh_board_with_a_message(
    app: Flask, client: FlaskClient, data: str
) -> None:
    """A match row that is not one we could have written: the player is told, and plays on."""
    play(client, ("A1",))
    with database(app) as db:
        db.execute("UPDATE matches SET data = ? WHERE id = ?", (data, _match_id(client)))
    response = client.get("/")
    assert response.status_code == 200
    assert LOST in response.get_data(as_text=True)
    assert api_game(client)["moves"] == []
    assert post(client, "/move", {"cell": "B2"}).headers["X-Move-Result"] == "accepted"
    assert api_game(client)["moves"] == ["B2"]


def test_the_stores_are_private(app: Flask, instance: Path, session_dir: Path) -> None:
    """Nobody but the app's user may read or plant sessions or matches."""
    play(app.test_client(), ("A1", "B2"))
    assert session_dir.stat().st_mode & 0o777 == 0o700
    for path in _session_files(session_dir):
        assert path.stat().st_mode & 0o777 == 0o600
    databases = list(instance.glob("matches.sqlite*"))
    assert databases
    for path in databases:
        assert path.stat().st_mode & 0o077 == 0, path.name


def test_one_stored_match_and_its_session_are_small(
    app: Flask, client: FlaskClient, session_dir: Path
) -> None:
    """A whole game takes at most 1 KiB in the match store, and its session file too."""
    play(client, ("A1", "B1", "A2", "B2", "C3", "B3"))
    (path,) = _session_files(session_dir)
    assert path.stat().st_size <= 1024
    with database(app) as db:
        (size,) = db.execute("SELECT length(data) FROM matches").fetchone()
    assert size <= 1024
