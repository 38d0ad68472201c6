"""Cookies, security headers, and the secret key that is never a constant in the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import post
from webapp import create_app

ROOT = Path(__file__).resolve().parents[2]


def test_session_cookie_flags(client: FlaskClient) -> None:
    cookie = client.get("/").headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie


def test_secure_cookie_when_set_in_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("FLASK_SESSION_COOKIE_SECURE", "true")
    monkeypatch.setenv("FLASK_SECRET_KEY", "from-env")
    monkeypatch.setenv("FLASK_SESSION_DIR", str(tmp_path / "s"))
    app = create_app(instance_path=str(tmp_path / "instance"))
    assert app.config["SECRET_KEY"] == "from-env"
    cookie = app.test_client().get("/").headers["Set-Cookie"]
    assert "; Secure" in cookie


def test_session_id_has_at_least_128_random_bits(app: Flask) -> None:
    ids = set()
    for _ in range(50):
        cookie = app.test_client().get("/").headers["Set-Cookie"]
        found = re.match(r"ttt_session=([A-Za-z0-9_-]+);", cookie)
        assert found
        ids.add(found.group(1))
    assert len(ids) == 50
    # 43 URL-safe base64 characters carry 256 bits from secrets.token_urlsafe(32).
    assert all(len(sid) * 6 >= 128 for sid in ids)


@pytest.mark.parametrize("url", ["/", "/new", "/api/game", "/nowhere", "/static/style.css"])
def test_security_headers_on_every_response(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    response.close()


def test_pages_have_no_inline_script_or_style(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "B2"})
    for url in ("/", "/new", "/nowhere"):
        page = client.get(url).get_data(as_text=True)
        assert "<style" not in page and " style=" not in page
        assert not re.search(r"<script(?![^>]*\ssrc=)", page)
        assert not re.search(r"<[^>]+\son[a-z]+=", page)


def test_secret_key_is_generated_once_and_kept(tmp_path: Path) -> None:
    settings = {"TESTING": True, "SESSION_DIR": str(tmp_path / "s")}
    first = create_app(settings, instance_path=str(tmp_path / "instance"))
    second = create_app(settings, instance_path=str(tmp_path / "instance"))
    key_file = tmp_path / "instance" / "secret_key"
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"] == key_file.read_text()
    assert len(first.config["SECRET_KEY"]) >= 64
    assert key_file.stat().st_mode & 0o777 == 0o600
    other = create_app(settings, instance_path=str(tmp_path / "elsewhere"))
    assert other.config["SECRET_KEY"] != first.config["SECRET_KEY"]


def test_no_secret_key_constant_in_the_repository() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    pattern = re.compile(r"""SECRET_KEY["']?\s*[:=]\s*["'][^"']+["']""")
    offenders = [
        name for name in tracked
        if not name.startswith("tests/") and pattern.search((ROOT / name).read_text())
    ]  # fmt: skip
    assert offenders == []
