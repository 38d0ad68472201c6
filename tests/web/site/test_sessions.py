"""Sessions as Flask-Session keeps them: msgpack, never unpickled, private, never evicted."""

from __future__ import annotations

import io
import os
import pickle
import random
from pathlib import Path

import msgspec
import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post, session_file
from webapp.web.site.sessions import MsgpackFiles, MsgpackOnly


class Planted:
    """An object whose unpickling would create a file: proof that code ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, ...]:
        return (Path.touch, (self.marker,))


def test_a_session_file_holds_only_the_match_and_the_token_as_msgpack(
    app: Flask, client: FlaskClient, session_dir: Path
) -> None:
    play(client, ("B2",))
    data = msgspec.msgpack.decode(session_file(session_dir, client).read_bytes()[4:])
    # "browser": the id of its list of games and of its place in quick pairing (browsers.py).
    allowed = {"_permanent", "csrf_token", "match", "renewed", "_flashes", "browser"}
    assert set(data) <= allowed
    assert {"match", "csrf_token"} <= set(data)


@pytest.mark.parametrize("serializer", ["files", "redis"])
def test_a_pickle_is_never_unpickled(tmp_path: Path, serializer: str) -> None:
    marker = tmp_path / "ran"
    planted = pickle.dumps({"match": Planted(marker)})
    if serializer == "files":
        assert MsgpackFiles().load(io.BytesIO(planted)) is None
    else:
        assert MsgpackOnly().decode(planted) is None
    assert not marker.exists()


def test_a_planted_pickle_file_is_a_fresh_session_and_runs_nothing(
    client: FlaskClient, session_dir: Path, tmp_path: Path
) -> None:
    play(client, ("B2",))
    path = session_file(session_dir, client)
    marker = tmp_path / "ran"
    never_expires = (0).to_bytes(4, "little")
    path.write_bytes(never_expires + pickle.dumps({"match": Planted(marker)}))
    response = client.get("/")
    assert response.status_code == 200 and not marker.exists()
    assert api_game(client)["moves"] == []


def test_anything_but_a_dict_is_no_session() -> None:
    for value in ([1, 2], "text", 7, None):
        encoded = msgspec.msgpack.encode(value)
        assert MsgpackFiles().load(io.BytesIO(encoded)) is None
        assert MsgpackOnly().decode(encoded) is None
    assert MsgpackOnly().decode(msgspec.msgpack.encode({"match": "x"})) == {"match": "x"}


def test_the_session_directory_is_private(client: FlaskClient, session_dir: Path) -> None:
    play(client, ("B2",))
    assert session_dir.stat().st_mode & 0o777 == 0o700
    assert session_file(session_dir, client).stat().st_mode & 0o777 == 0o600


def test_more_than_500_sessions_are_all_kept(app: Flask, session_dir: Path) -> None:
    """cachelib's default threshold of 500 would delete sessions silently."""
    for _ in range(520):
        post(app.test_client(), "/move", {"cell": "B2"})  # a played move stores a session
    assert len(os.listdir(session_dir)) == 520


def test_a_session_file_of_random_bytes_is_a_fresh_board_and_left_for_the_sweep(
    app: Flask, client: FlaskClient, session_dir: Path
) -> None:
    """As docs/security.md says: a fresh board at once (never a 500), no message, since the
    stock store cannot tell unreadable from absent; the file stays until `flask sweep`
    removes it, once older than the session lifetime."""
    play(client, ("B2",))
    path = session_file(session_dir, client)
    never_expires = (0).to_bytes(4, "little")
    path.write_bytes(never_expires + random.Random(0).randbytes(200))  # fixed: not msgpack
    response = client.get("/")
    assert response.status_code == 200 and 'aria-label="B2, empty"' in response.text
    assert 'class="messages"' not in response.text
    assert path.exists()
    runner = app.test_cli_runner()
    assert "removed 0 expired session files" in runner.invoke(args=["sweep"]).output
    old = path.stat().st_mtime - app.config["PERMANENT_SESSION_LIFETIME"].total_seconds() - 60
    os.utime(path, (old, old))
    assert "removed 1 expired session files" in runner.invoke(args=["sweep"]).output
    assert not path.exists()


def test_cookies_set_over_https_are_secure(client: FlaskClient) -> None:
    """Without FLASK_SESSION_COOKIE_SECURE, a cookie is Secure when its request came over
    HTTPS (behind a proxy, as its trusted X-Forwarded-Proto says): tests/operations/test_nginx."""
    https = {"base_url": "https://localhost"}
    looked = client.get("/", **https).headers["Set-Cookie"]
    assert looked.startswith("ttt_visitor=") and "; Secure" in looked
    language = client.get("/language/de", **https).headers["Set-Cookie"]
    assert language.startswith("ttt_lang=") and "; Secure" in language
    referrer = {"Referer": "https://localhost/"}  # Flask-WTF checks it on HTTPS
    played = post(client, "/move", {"cell": "B2"}, headers=referrer, **https)
    assert played.status_code == 303
    assert played.headers["Set-Cookie"].startswith("ttt_session=")
    assert "; Secure" in played.headers["Set-Cookie"]
    plain = client.get("/language/fr").headers["Set-Cookie"]
    assert plain.startswith("ttt_lang=") and "Secure" not in plain
