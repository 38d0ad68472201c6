"""Cookies, security headers, and the secret key that is never a constant in the repository."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf_token, post
from webapp import create_app
from webapp.store import Record, StoreUnavailable

ROOT = Path(__file__).resolve().parents[2]


class DownStore:
    """A match store that cannot be reached: every call fails as a real outage does."""

    def get(self, match_id: str) -> Record | None:
        """Fail."""
        raise StoreUnavailable("down")

    def locked(self, match_id: str) -> AbstractContextManager[Record]:
        """Fail."""
        raise StoreUnavailable("down")

    def sweep(self) -> int:
        """Fail."""
        raise StoreUnavailable("down")


def test_session_cookie_flags(client: FlaskClient) -> None:
    """HttpOnly and SameSite=Lax; Secure only behind HTTPS (set in the environment). A look
    sets only the visitor cookie; the session's comes with the first stored change."""
    looked = client.get("/").headers.get_all("Set-Cookie")
    assert [cookie.split("=", 1)[0] for cookie in looked] == ["ttt_visitor"]
    played = post(client, "/move", {"cell": "B2"}).headers.get_all("Set-Cookie")
    assert [cookie.split("=", 1)[0] for cookie in played] == ["ttt_session"]
    for cookie in looked + played:
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
        assert "Secure" not in cookie


def test_secure_cookie_when_set_in_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """FLASK_SESSION_COOKIE_SECURE=true marks the cookie Secure; the key comes from there too."""
    monkeypatch.setenv("FLASK_SESSION_COOKIE_SECURE", "true")
    monkeypatch.setenv("FLASK_SECRET_KEY", "from-env")
    app = create_app(instance_path=str(tmp_path / "instance"))
    assert app.config["SECRET_KEY"] == "from-env"
    cookie = app.test_client().get("/").headers["Set-Cookie"]
    assert "; Secure" in cookie and "HttpOnly" in cookie


def test_the_cookie_lasts_31_days_and_a_read_does_not_send_it(client: FlaskClient) -> None:
    """The cookie is kept by the browser for the 30 days of a match and one more (it has an
    expiry, renewed by the first change of a day), and only a request that changes the session
    sends it; renewal: test_players_who_come_back."""
    cookie = client.get("/").headers["Set-Cookie"]
    found = re.search(r"Expires=([^;]+)", cookie)
    assert found
    expires = parsedate_to_datetime(found.group(1))
    assert 30.9 <= (expires - datetime.now(UTC)).total_seconds() / 86400 <= 31
    assert "Set-Cookie" not in client.get("/").headers
    assert "Set-Cookie" not in client.get("/api/game").headers


def test_session_id_has_at_least_128_random_bits(app: Flask) -> None:
    """Fifty browsers get fifty different session ids, each long enough to be unguessable, and
    fifty visitor ids likewise."""
    ids, visitors = set(), set()
    for _ in range(50):
        client = app.test_client()
        visitor = re.match(r"ttt_visitor=([A-Za-z0-9_-]+);", client.get("/").headers["Set-Cookie"])
        cookie = post(client, "/move", {"cell": "B2"}).headers["Set-Cookie"]
        found = re.match(r"ttt_session=([A-Za-z0-9_-]+);", cookie)
        assert found and visitor
        ids.add(found.group(1))
        visitors.add(visitor.group(1))
    assert len(ids) == len(visitors) == 50
    assert all(len(visitor) * 6 >= 128 for visitor in visitors)
    # 43 URL-safe base64 characters carry 256 bits from secrets.token_urlsafe(32).
    assert all(len(sid) * 6 >= 128 for sid in ids)


def test_match_ids_have_128_random_bits(app: Flask) -> None:
    """The id of a stored match, which the forms carry, is 22 URL-safe characters (128 bits)
    and different for every browser."""
    ids = set()
    for _ in range(20):
        client = app.test_client()
        post(client, "/move", {"cell": "B2"})
        with client.session_transaction() as session:
            ids.add(session["match"])
    assert len(ids) == 20
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", match_id) for match_id in ids)


def _explode() -> str:
    """A view with a bug."""
    raise RuntimeError("secret internals")


def _requests(app: Flask, client: FlaskClient) -> Iterator[tuple[str, Callable[[], Any]]]:
    """One request of every kind of answer: pages, JSON, static files, redirects, errors."""
    app.add_url_rule("/explode", "explode", _explode)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: TESTING lets them through
    token = csrf_token(client)
    yield "board", lambda: client.get("/")
    yield "setup", lambda: client.get("/new")
    yield "replay", lambda: client.get("/replay/0")
    yield "json", lambda: client.get("/api/game")
    yield "openapi", lambda: client.get("/api/openapi.json")
    yield "static", lambda: client.get("/static/style.css")
    yield "redirect", lambda: client.post("/move", data={"cell": "B2", "csrf_token": token})
    yield "400", lambda: client.post("/move", data={"cell": "B2"})
    yield "403", lambda: client.post("/api/move", json={"cell": "B2", "ply": 0})
    yield "404", lambda: client.get("/nowhere")
    yield "405", lambda: client.get("/move")
    yield "413", lambda: client.post("/move", data={"csrf_token": token, "pad": "x" * 17000})
    yield "500", lambda: client.get("/explode")


def test_security_headers_on_every_response(app: Flask, client: FlaskClient) -> None:
    """The after_request hook adds the headers to pages, JSON, files, redirects and errors;
    pages and JSON, which are this browser's own, are never cached."""
    seen = []
    for kind, send in _requests(app, client):
        response = send()
        headers = response.headers
        policy = headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, kind
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, kind
        assert headers["X-Content-Type-Options"] == "nosniff", kind
        assert headers["Referrer-Policy"] == "same-origin", kind
        assert headers["X-Frame-Options"] == "DENY", kind
        if response.mimetype in ("text/html", "application/json"):
            assert "no-store" in headers["Cache-Control"], kind
        response.close()
        seen.append(kind)
    assert len(seen) == 13


def test_security_headers_on_the_store_down_page(app: Flask, client: FlaskClient) -> None:
    """The 503 of a store that cannot be reached has them too, on the page and in JSON."""
    post(client, "/move", {"cell": "B2"})  # a stored match, which the board must read
    token = csrf_token(client)
    app.extensions["match_store"] = DownStore()
    for response in (
        client.get("/"),
        client.post("/move", data={"cell": "B2", "csrf_token": token}),
        client.get("/api/game"),
    ):
        assert response.status_code == 503
        assert response.headers["X-Move-Result"] == "refused"
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert "no-store" in response.headers["Cache-Control"]
        assert "Traceback" not in response.get_data(as_text=True)


def test_pages_have_no_inline_script_or_style(client: FlaskClient) -> None:
    """The policy forbids inline code, so no page may carry any."""
    post(client, "/move", {"cell": "B2"})
    for url in ("/", "/?hint=1", "/new", "/replay/1", "/nowhere"):
        page = client.get(url).get_data(as_text=True)
        assert "<style" not in page and " style=" not in page
        assert not re.search(r"<script(?![^>]*\ssrc=)", page)
        assert not re.search(r"<[^>]+\son[a-z]+=", page)


def test_secret_key_is_generated_once_and_kept(tmp_path: Path) -> None:
    """Without a key in the settings, one is made in the instance folder, private, and kept."""
    settings = {"TESTING": True}
    first = create_app(settings, instance_path=str(tmp_path / "instance"))
    second = create_app(settings, instance_path=str(tmp_path / "instance"))
    key_file = tmp_path / "instance" / "secret_key"
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"] == key_file.read_text()
    assert len(first.config["SECRET_KEY"]) >= 64
    assert key_file.stat().st_mode & 0o777 == 0o600
    other = create_app(settings, instance_path=str(tmp_path / "elsewhere"))
    assert other.config["SECRET_KEY"] != first.config["SECRET_KEY"]


def test_no_secret_key_constant_in_the_repository() -> None:
    """No tracked module outside the tests sets SECRET_KEY to a literal."""
    tracked = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    pattern = re.compile(r"""SECRET_KEY["']?\s*[:=]\s*["'][^"']+["']""")
    offenders = [
        name
        for name in tracked
        if not name.startswith("tests/") and pattern.search((ROOT / name).read_text())
    ]
    assert offenders == []
