"""Many stored games, none evicted; expiry after 30 days; restarts; corrupt session files."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import msgspec
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post, session_file, stored_session
from webapp import create_app
from webapp.store import SessionFileCache

SETTINGS = {"SECRET_KEY": "come-back", "TESTING": True}


def _session_files(directory: Path) -> list[Path]:
    return [p for p in directory.iterdir() if p.is_file() and not p.name.startswith("__")]


def _one_move(app: Flask, session_dir: Path) -> tuple[FlaskClient, Path]:
    """A player who has made one move, and the one session file that holds it."""
    client = app.test_client()
    post(client, "/move", {"cell": "A1"})
    (path,) = _session_files(session_dir)
    return client, path


def test_10000_stored_games_none_evicted(app: Flask, session_dir: Path) -> None:
    clients = []
    for number in range(10_000):
        client = app.test_client()
        token = client.get("/api/game").get_json()["csrf_token"]
        cell = "ABC"[number % 3] + "123"[number // 3 % 3]
        assert client.post("/move", data={"cell": cell, "csrf_token": token}).status_code == 303
        clients.append(client)
    assert len(_session_files(session_dir)) == 10_000
    for number in (0, 1, 499, 500, 501, 1999, 2000, 5000, 9999):
        client = clients[number]
        assert api_game(client)["moves"] == ["ABC"[number % 3] + "123"[number // 3 % 3]]
    for client in clients[::97]:
        stored = stored_session(app, client)
        assert stored is not None and len(stored["game"]["moves"]) == 1


def test_a_restart_keeps_every_game(session_dir: Path) -> None:
    first = create_app({**SETTINGS, "SESSION_DIR": str(session_dir)})
    players = [first.test_client() for _ in range(20)]
    for number, client in enumerate(players):
        post(client, "/move", {"cell": "ABC"[number % 3] + "1"})
    restarted = create_app({**SETTINGS, "SESSION_DIR": str(session_dir)})
    for number, client in enumerate(players):
        client.application = restarted
        assert api_game(client)["moves"] == ["ABC"[number % 3] + "1"]


def test_games_untouched_for_30_days_are_swept(app: Flask, session_dir: Path) -> None:
    old, recent = app.test_client(), app.test_client()
    post(old, "/move", {"cell": "A1"})
    post(recent, "/move", {"cell": "B2"})
    cache = SessionFileCache(str(session_dir), threshold=0)
    assert cache.sweep_expired(now=time.time() + 29 * 86400) == 0
    # Age only the first game's file by rewriting its expiry header into the past.
    path = session_file(app.config["SESSION_DIR"], old)
    data = bytearray(path.read_bytes())
    data[:4] = int(time.time() - 1).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    assert cache.sweep_expired() == 1
    assert not path.exists()
    assert api_game(recent)["moves"] == ["B2"]
    assert api_game(old)["moves"] == []  # the old player gets a fresh board


def test_expiry_is_30_days_of_inactivity(app: Flask) -> None:
    assert app.config["PERMANENT_SESSION_LIFETIME"].days == 30
    assert app.config["SESSION_REFRESH_EACH_REQUEST"] is False


def test_sweeping_runs_off_the_request_path(
    monkeypatch: pytest.MonkeyPatch, session_dir: Path
) -> None:
    release, started = threading.Event(), threading.Event()

    def slow_sweep(self: SessionFileCache, now: float | None = None) -> int:
        started.set()
        release.wait(10)
        return 0

    monkeypatch.setattr(SessionFileCache, "sweep_expired", slow_sweep)
    app = create_app({**SETTINGS, "SESSION_DIR": str(session_dir), "SESSION_SWEEP_INTERVAL": 1})
    client = app.test_client()
    response = client.get("/")  # answered while the sweep is still blocked
    assert response.status_code == 200
    assert started.wait(5)
    release.set()


def test_sweep_command(app: Flask, session_dir: Path) -> None:
    post(app.test_client(), "/move", {"cell": "A1"})
    result = app.test_cli_runner().invoke(args=["sweep-sessions"])
    assert "removed 0 expired session files" in result.output


@pytest.mark.parametrize(
    "damage", ["truncate", "garbage", "bad-utf8", "empty", "header-only", "not-a-dict"]
)
def test_corrupt_session_file_gives_a_fresh_board(
    app: Flask, session_dir: Path, damage: str
) -> None:
    client, path = _one_move(app, session_dir)
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
    page = response.get_data(as_text=True)
    assert "could not be read, so a new game has started" in page
    assert api_game(client)["moves"] == []
    assert not path.exists()

    # A post arriving with a broken session fails cleanly: its token belonged to the lost one.
    token_owner = app.test_client()
    post(token_owner, "/move", {"cell": "B2"})
    session_file(app.config["SESSION_DIR"], token_owner).write_bytes(damaged)
    response = token_owner.post("/move", data={"cell": "C3"})
    assert response.status_code == 400


def test_session_store_is_private(app: Flask, session_dir: Path) -> None:
    post(app.test_client(), "/move", {"cell": "A1"})
    assert session_dir.stat().st_mode & 0o777 == 0o700
    for path in _session_files(session_dir):
        assert path.stat().st_mode & 0o777 == 0o600


def test_one_stored_game_is_small(app: Flask, session_dir: Path) -> None:
    client = app.test_client()
    play(client, ("A1", "B1", "A2", "B2", "C3", "B3"))
    (path,) = _session_files(session_dir)
    assert path.stat().st_size <= 1024


@pytest.mark.parametrize("game_id", ["a b&c#", "", 7, "x" * 65])
def test_a_stored_game_id_we_never_made_gives_a_fresh_board(
    app: Flask, session_dir: Path, game_id: object
) -> None:
    client, path = _one_move(app, session_dir)
    data = path.read_bytes()
    record = msgspec.msgpack.decode(data[4:])
    record["game"]["id"] = game_id  # links and forms carry the id: it must be URL-safe
    path.write_bytes(data[:4] + msgspec.msgpack.encode(record))
    page = client.get("/").get_data(as_text=True)
    assert "could not be read, so a new game has started" in page
    assert api_game(client)["moves"] == []
