"""Fixtures: the app in a private instance folder, its test client, and form helpers."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings

from tests.documented import DocumentedClient
from webapp import create_app
from webapp.store import MatchStore, Record

# A test checks what happened, never how fast (bench/ does): no example has a deadline, which
# the shared machine's load broke once (tests/rules/test_arena.py, over Hypothesis's 200 ms).
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

# The folders whose tests start real servers (gunicorn, Redis, Redis Cluster, nginx, Chromium)
# or run a benchmark's script: marked ``servers``, which ``make test-fast`` leaves out.
SERVERS = ("bench/", "browser/", "cluster/", "hardening/", "operations/", "redis/")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that start real servers (``-m "not servers"`` leaves them out), and run
    them first: their modules take longest, and the many short ones fill the workers' ends."""
    root = Path(__file__).parent
    for item in items:
        if item.path.relative_to(root).as_posix().startswith(SERVERS):
            item.add_marker(pytest.mark.servers)
    items.sort(key=lambda item: item.get_closest_marker("servers") is None)


@pytest.fixture(autouse=True, scope="session")
def documented_answers() -> Iterator[None]:
    """Every app's test client, in every test, holds the API's answers to its OpenAPI
    document (tests/documented.py)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Flask, "test_client_class", DocumentedClient)
        yield


@pytest.fixture
def instance(tmp_path: Path) -> Path:
    """A private instance folder for one test: its matches database and session files."""
    return tmp_path / "instance"


@pytest.fixture
def session_dir(instance: Path) -> Path:
    """Where the app of one test keeps its session files."""
    return instance / "sessions"


class MovableClock:
    """The app's clock in a test: the real time, plus how far the test moved it forward
    (instead of sleeping until a deadline or an absence)."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` forward."""
        self.ahead += seconds


@pytest.fixture
def clock() -> MovableClock:
    """The clock of the test's app (web/timing.py), which the test may move forward."""
    return MovableClock()


@pytest.fixture
def app(instance: Path, clock: MovableClock) -> Iterator[Flask]:
    """The app with test settings; CSRF stays on, as in production. The limits per client
    are off (every test client comes from one address): tests/web/site/test_limits.py turns them
    on."""
    config = {"SECRET_KEY": "test-secret", "TESTING": True, "LIMITS": False, "CLOCK": clock}
    made = create_app(config, instance_path=str(instance))
    yield made
    # Its listener, if a stream started one, ends with the test: each holds an inotify
    # instance (128 a user here), past which the listeners of later tests would poll.
    made.extensions["live"].stop()


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
    """The file in which cachelib keeps ``client``'s session (the SHA-256 of its key)."""
    cookie = client.get_cookie("ttt_session")
    assert cookie is not None
    name = hashlib.sha256(f"session:{cookie.value}".encode()).hexdigest()
    return Path(directory) / name


def api_game(client: FlaskClient) -> dict[str, Any]:
    """The match as the JSON view shows it."""
    data: dict[str, Any] = client.get("/api/game").get_json()
    return data


def match_store(app: Flask) -> MatchStore:
    """The app's match store."""
    store: MatchStore = app.extensions["match_store"]
    return store


def stored_match(app: Flask, client: FlaskClient) -> Record | None:
    """The client's match as the store holds it right now, read straight from the store."""
    with client.session_transaction() as session:
        match_id = session.get("match")
    return match_store(app).get(match_id) if match_id else None
