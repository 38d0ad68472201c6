"""Template helpers worked out once: the same URLs and a CSRF token that still protects."""

from __future__ import annotations

import re
import time
from pathlib import Path
from unittest import mock

from flask import Flask, url_for
from flask.testing import FlaskClient

from tests.conftest import api_game, csrf_token
from webapp import create_app, templating


def test_a_session_keeps_one_signed_token_and_it_works(client: FlaskClient) -> None:
    first, second = csrf_token(client), csrf_token(client)
    assert first == second
    response = client.post("/move", data={"csrf_token": first, "cell": "B2"})
    assert response.status_code == 303
    assert api_game(client)["moves"] == ["B2"]


def test_a_new_sessions_first_token_is_kept_when_the_next_page_is_signed_later(
    client: FlaskClient,
) -> None:
    # The signature carries the second it was made: the first page's token must be the one
    # remembered, or a page shown a second later would carry another.
    first = csrf_token(client)
    with mock.patch("time.time", return_value=time.time() + 5):
        assert csrf_token(client) == first


def test_each_session_has_its_own_token(app: Flask) -> None:
    alice, bob = app.test_client(), app.test_client()
    alices = csrf_token(alice)
    assert alices != csrf_token(bob)
    refused = bob.post("/move", data={"csrf_token": alices, "cell": "B2"})
    assert refused.status_code == 400
    assert api_game(bob)["moves"] == []


def test_a_token_of_another_secret_key_is_refused(app: Flask, client: FlaskClient) -> None:
    token = csrf_token(client)
    # Accepted once first, so the process also remembers it as verified (webapp/csrf.py).
    assert client.post("/move", data={"csrf_token": token, "cell": "A1"}).status_code == 303
    other = create_app({**app.config, "SECRET_KEY": "another-secret"})
    stranger = other.test_client()
    cookie = client.get_cookie("ttt_session")
    assert cookie is not None
    stranger.set_cookie("ttt_session", cookie.value)
    assert stranger.post("/move", data={"csrf_token": token, "cell": "B2"}).status_code == 400


def test_with_a_time_limit_tokens_are_not_remembered(session_dir: Path) -> None:
    app = create_app(
        {"SECRET_KEY": "k", "SESSION_DIR": str(session_dir), "WTF_CSRF_TIME_LIMIT": 3600}
    )
    client = app.test_client()
    token = csrf_token(client)
    assert token not in templating._signed_tokens.values()
    assert client.post("/move", data={"csrf_token": token, "cell": "A1"}).status_code == 303


def test_links_are_those_of_url_for_under_any_script_root(app: Flask) -> None:
    for root in ("", "/games"):
        with app.test_request_context("/", base_url=f"http://localhost{root}/"):
            links = templating.links()
            assert links["style"] == url_for("static", filename="style.css")
            assert links["home"] == f"{root}/" == url_for("game.index")
            assert links["hint"] == url_for("game.index", hint=1)
            assert links["replay"][3] == url_for("history.replay", ply=3)


def test_the_board_links_to_its_stylesheet(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert re.search(r'href="/static/style\.css"', page)


def test_tokens_are_signed_and_remembered_under_the_csrf_secret_key(session_dir: Path) -> None:
    settings = {"SECRET_KEY": "k", "SESSION_DIR": str(session_dir)}
    first = create_app({**settings, "WTF_CSRF_SECRET_KEY": "csrf-one"})
    second = create_app({**settings, "WTF_CSRF_SECRET_KEY": "csrf-two"})
    client = first.test_client()
    token = csrf_token(client)
    assert client.post("/move", data={"csrf_token": token, "cell": "A1"}).status_code == 303
    assert csrf_token(client) == token  # remembered now
    other = second.test_client()  # the same session, served with another CSRF key
    cookie = client.get_cookie("ttt_session")
    assert cookie is not None
    other.set_cookie("ttt_session", cookie.value)
    assert csrf_token(other) != token  # signed under its own key, not remembered from first
    assert other.post("/move", data={"csrf_token": token, "cell": "B1"}).status_code == 400
    assert (
        other.post("/move", data={"csrf_token": csrf_token(other), "cell": "B1"}).status_code == 303
    )
