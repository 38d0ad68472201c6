"""Fixtures: the app on a private session directory, its test client, and a CSRF helper."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from bench import sessions
from webapp import create_app


@pytest.fixture
def session_dir(tmp_path: Path) -> Path:
    """A private session directory for one test."""
    return tmp_path / "sessions"


@pytest.fixture
def app(session_dir: Path) -> Iterator[Flask]:
    """The app with test settings; CSRF stays on, as in production."""
    settings = {"SECRET_KEY": "test-secret", "TESTING": True, "SESSION_DIR": str(session_dir)}
    yield create_app(settings)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A browser-like client that keeps its cookie."""
    return app.test_client()


def csrf_token(client: FlaskClient) -> str:
    """The session's CSRF token, read from the board page as a browser would."""
    page = client.get("/").get_data(as_text=True)
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found, "the board has no CSRF token"
    return found.group(1)


def post(client: FlaskClient, url: str, data: dict[str, Any] | None = None, **kwargs: Any) -> Any:
    """POST a form with the session's CSRF token, as the page's forms do."""
    return client.post(url, data={"csrf_token": csrf_token(client), **(data or {})}, **kwargs)


def play(client: FlaskClient, cells: Iterable[str]) -> None:
    """Moves through the move form, one cell after another."""
    for cell in cells:
        post(client, "/move", {"cell": cell})


def session_file(directory: Path | str, client: FlaskClient) -> Path:
    """The file in which the file store at ``directory`` keeps ``client``'s session."""
    cookie = client.get_cookie("ttt_session")
    assert cookie is not None
    return Path(sessions.file_name(str(directory), cookie.value))


def api_game(client: FlaskClient) -> dict[str, Any]:
    """The game as the JSON view shows it."""
    data: dict[str, Any] = client.get("/api/game").get_json()
    return data


def stored_session(app: Flask, client: FlaskClient) -> dict[str, Any] | None:
    """The session as the store holds it right now, read straight from the store."""
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    if cookie is None:
        return None
    interface: Any = app.session_interface
    data: dict[str, Any] | None = interface._retrieve_session_data(
        interface._get_store_id(cookie.value)
    )
    return data
