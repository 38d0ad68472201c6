"""The file store's own reads and writes: cachelib's format, atomic, private, and failures."""

from __future__ import annotations

import os
import stat
import struct
import time
from pathlib import Path

import msgspec
import pytest
from flask.testing import FlaskClient

from tests.conftest import api_game, csrf_token, post, session_file
from webapp import store
from webapp.store import CorruptSession, SessionFileCache

THIRTY_DAYS = 30 * 24 * 3600


def test_a_saved_game_is_a_private_file_in_cachelibs_format(
    client: FlaskClient, session_dir: Path
) -> None:
    assert post(client, "/move", {"cell": "B2"}).status_code == 303
    path = session_file(session_dir, client)
    data = path.read_bytes()
    (expires,) = struct.unpack("I", data[:4])
    assert THIRTY_DAYS - 60 <= expires - time.time() <= THIRTY_DAYS
    assert msgspec.msgpack.decode(data[4:])["game"]["moves"] == ["B2"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(os.listdir(session_dir)) == [path.name]  # no temporary file left behind
    assert len(data) <= 1024


def test_cachelib_reads_what_the_store_writes(session_dir: Path) -> None:
    cache = SessionFileCache(str(session_dir), threshold=0, mode=0o600)
    value = {"game": {"moves": ["A1", "B2"]}, "_permanent": True}
    assert cache.set("session:abc", value, timeout=60)
    assert cache.get("session:abc") == value  # cachelib's own reader
    assert cache.read("session:abc") == value


def test_expired_absent_and_unreadable_files(session_dir: Path) -> None:
    cache = SessionFileCache(str(session_dir), threshold=0, mode=0o600)
    assert cache.read("session:none") is None
    assert cache.set("session:old", {"game": {}}, timeout=-10)
    assert cache.read("session:old") is None
    unreadable = {
        "short": b"\x01\x02",
        "garbage": b"\0\0\0\0\xc1",
        "bad-utf8": b"\0\0\0\0\xa1\xff",
        "not-a-dict": b"\0\0\0\0\x90",
    }
    for name, content in unreadable.items():
        Path(cache._get_filename(f"session:{name}")).write_bytes(content)
        with pytest.raises(CorruptSession):
            cache.read(f"session:{name}")


def test_a_write_that_fails_returns_false(tmp_path: Path) -> None:
    cache = SessionFileCache(str(tmp_path / "gone"), threshold=0, mode=0o600)
    os.rmdir(tmp_path / "gone")
    assert cache.set("session:x", {"game": {}}, timeout=60) is False


def test_a_save_that_fails_is_a_503_and_the_move_is_not_made(
    client: FlaskClient, session_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client.get("/")
    token = csrf_token(client)

    def refuse(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "move_into_place", refuse)
    response = client.post("/move", data={"csrf_token": token, "cell": "B2"})
    monkeypatch.undo()
    assert response.status_code == 503
    assert "Location" not in response.headers
    assert api_game(client)["moves"] == []
    assert sorted(os.listdir(session_dir)) == [session_file(session_dir, client).name]


def test_static_files_never_touch_the_store(client: FlaskClient, session_dir: Path) -> None:
    client.get("/")
    path = session_file(session_dir, client)
    path.write_bytes(b"\0\0\0\0\xc1")  # unreadable: loading it would delete it
    with client.get("/static/style.css") as response:
        assert response.status_code == 200
    assert path.read_bytes() == b"\0\0\0\0\xc1"
    assert "could not be read" in client.get("/").get_data(as_text=True)
    assert api_game(client)["moves"] == []


def test_a_link_or_directory_in_place_of_a_session_file_is_a_new_game(
    client: FlaskClient, session_dir: Path
) -> None:
    for plant in ("link", "directory"):
        post(client, "/move", {"cell": "B2"})
        path = session_file(session_dir, client)
        path.unlink()
        if plant == "link":
            (session_dir / "elsewhere").write_bytes(path.name.encode())
            path.symlink_to(session_dir / "elsewhere")  # reads never follow links
        else:
            path.mkdir()
        response = client.get("/")
        assert response.status_code == 200
        assert "could not be read" in response.get_data(as_text=True)


def test_a_session_file_the_app_may_not_read_is_a_503_not_a_traceback(
    client: FlaskClient, session_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    post(client, "/move", {"cell": "B2"})

    def refuse(filename: str) -> bytes:
        raise PermissionError(13, "Permission denied", filename)

    monkeypatch.setattr(store, "_read_whole", refuse)
    response = client.get("/")
    assert response.status_code == 503
    assert "unavailable" in response.get_data(as_text=True)
    monkeypatch.undo()
    assert api_game(client)["moves"] == ["B2"]
