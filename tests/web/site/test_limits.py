"""Limits per client (Flask-Limiter, in memory here): creating matches or sessions in a loop
meets a 429 that says so and changes nothing; normal play never meets it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.conftest import api_game, csrf_token, post
from tests.refusals import code
from tests.web.conftest import state
from webapp import create_app
from webapp.web.site.limits import limiter

TOO_MANY = "Too many new games or new sessions from your address in a short time"


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Flask]:
    """The app with its limits on, and low enough to reach in a test."""
    config = {
        "SECRET_KEY": "test-secret",
        "TESTING": True,
        "LIMIT_CREATE": "5 per minute",
        "LIMIT_NEW_SESSIONS": "4 per minute",
    }
    app = create_app(config, instance_path=str(tmp_path / "instance"))
    limiter.reset()
    yield app
    limiter.reset()


def test_new_games_in_a_loop_meet_a_429_that_changes_nothing(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(5):
        assert post(client, "/new", {"x": "user", "o": "hard"}).status_code == 303
    before = state(client)
    response = post(client, "/new", {"x": "user", "o": "easy"})
    assert response.status_code == 429
    assert TOO_MANY in response.get_data(as_text=True)
    assert "Retry-After" in response.headers
    assert state(client) == before
    # The mode bar and the API count with the form.
    assert post(client, "/mode", {"mode": "easy"}).status_code == 429
    token = {"X-CSRFToken": csrf_token(client)}
    response = client.post("/api/new", json={"x": "user", "o": "user"}, headers=token)
    assert response.status_code == 429 and code(response.get_json()) == "too_many_requests"
    assert state(client) == before


def test_sessions_made_in_a_loop_meet_a_429_and_store_nothing(
    limited: Flask, tmp_path: Path
) -> None:
    sessions = tmp_path / "instance" / "sessions"
    for _ in range(4):  # each a new browser whose first move stores a session
        response = post(limited.test_client(), "/move", {"cell": "B2"})
        assert response.headers["X-Move-Result"] == "accepted"
    assert len(list(sessions.iterdir())) == 4
    client = limited.test_client()
    response = post(client, "/move", {"cell": "B2"})
    assert response.status_code == 429 and TOO_MANY in response.get_data(as_text=True)
    assert len(list(sessions.iterdir())) == 4
    assert api_game(client)["moves"] == []


def test_a_browser_with_a_session_plays_on_past_the_limit(limited: Flask) -> None:
    client = limited.test_client()
    post(client, "/move", {"cell": "A1"})  # its session is stored
    for _ in range(4):
        post(limited.test_client(), "/move", {"cell": "B2"})  # others use up the count
    for cell in ("B1", "A2", "B2", "A3"):  # a whole game, then the next
        assert post(client, "/move", {"cell": cell}).headers["X-Move-Result"] == "accepted"
    assert api_game(client)["status"] == "X wins"
    assert post(client, "/again").headers["X-Move-Result"] == "accepted"


def test_normal_play_never_meets_the_default_limits(tmp_path: Path) -> None:
    """With the limits as shipped: a hundred games in a row (Play again), a burst of new
    games from the form, and an online match with a friend and a spectator."""
    app = create_app({"SECRET_KEY": "k", "TESTING": True}, instance_path=str(tmp_path / "i"))
    limiter.reset()
    host, friend, spectator = app.test_client(), app.test_client(), app.test_client()
    for _ in range(100):
        for cell in ("A1", "B1", "A2", "B2", "A3"):
            assert post(host, "/move", {"cell": cell}).headers["X-Move-Result"] == "accepted"
        assert post(host, "/again").headers["X-Move-Result"] == "accepted"
    for level in ("easy", "medium", "hard") * 8:  # 24 new games in a minute
        assert post(host, "/new", {"x": "user", "o": level}).status_code == 303
    assert post(host, "/new", {"x": "user", "o": "friend"}).status_code == 303
    invite = api_game(host)["online"]["invite"]
    path = invite[invite.index("/join/") :]
    assert post(friend, path).headers["X-Move-Result"] == "accepted"
    watch = api_game(host)["online"]["watch"]
    assert spectator.get(watch[watch.index("/watch/") :]).status_code == 200
    assert post(host, "/move", {"cell": "B2"}).headers["X-Move-Result"] == "accepted"
    assert post(friend, "/move", {"cell": "A1"}).headers["X-Move-Result"] == "accepted"
    limiter.reset()


def test_a_made_up_session_cookie_does_not_escape_the_new_session_limit(limited: Flask) -> None:
    """Only a session found in the store exempts a post: a cookie alone proves nothing."""
    client = limited.test_client()
    token = csrf_token(client)  # the visitor's token, the same at every look
    statuses = []
    for number in range(6):
        client.set_cookie("ttt_session", f"made-up-{number}")
        response = client.post("/move", data={"cell": "B2", "csrf_token": token})
        statuses.append(response.status_code)
    assert statuses == [303] * 4 + [429] * 2


def test_restart_is_not_a_new_game_for_the_limit(limited: Flask) -> None:
    client = limited.test_client()
    post(client, "/move", {"cell": "B2"})  # a stored session
    for _ in range(8):  # more than the 5 new games a minute of this fixture
        assert post(client, "/mode", {"mode": "restart"}).headers["X-Move-Result"] == "accepted"


def test_sessions_made_across_routes_share_one_count_per_address(
    limited: Flask, tmp_path: Path
) -> None:
    sessions = tmp_path / "instance" / "sessions"
    made = [  # four new browsers, each storing a session by another route
        post(limited.test_client(), "/move", {"cell": "B2"}),
        post(limited.test_client(), "/text", {"command": "b2"}),
        post(limited.test_client(), "/pair"),
        post(limited.test_client(), "/mode", {"mode": "two"}),
    ]
    assert [response.status_code for response in made] == [303] * 4
    stored = len(list(sessions.iterdir()))
    for path, fields in (("/move", {"cell": "B2"}), ("/text", {"command": "b2"}), ("/pair", {})):
        assert post(limited.test_client(), path, fields).status_code == 429, path
    client = limited.test_client()
    token = {"X-CSRFToken": csrf_token(client)}
    response = client.post("/api/pair", json={}, headers=token)
    assert response.status_code == 429 and code(response.get_json()) == "too_many_requests"
    assert len(list(sessions.iterdir())) == stored
