"""Forged requests: every state-changing POST needs the session's CSRF token, in the form or,
for programs, in the X-CSRFToken header."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import URLSafeTimedSerializer

from tests.conftest import api_game, csrf_token, post, stored_match
from tests.refusals import code

FORMS = [
    ("/move", {"cell": "B2"}),
    ("/new", {"x": "hard", "o": "hard"}),
    ("/step", {}),
    ("/finish", {}),
    ("/undo", {}),
    ("/again", {}),
    ("/swap", {}),
    ("/score/reset", {}),
]
API = [
    ("/api/move", {"cell": "B2", "ply": 1}),
    ("/api/new", {"x": "hard", "o": "hard"}),
    ("/api/step", {"ply": 1}),
    ("/api/undo", {}),
]


def _started(client: FlaskClient) -> None:
    """A stored match with a move in it, which each form would change."""
    assert post(client, "/new", {"x": "easy", "o": "hard"}).status_code == 303


def _signed_with(key: str, client: FlaskClient) -> str:
    """The session's own raw token, signed as Flask-WTF signs it but with ``key``."""
    with client.session_transaction() as session:
        raw = session["csrf_token"]
    return URLSafeTimedSerializer(key, salt="wtf-csrf-token").dumps(raw)


@pytest.mark.parametrize(("url", "form"), FORMS)
@pytest.mark.parametrize("token", [None, "", "forged", "IjAwMDAi.aaaa.bbbb", "other-key"])
def test_post_without_a_valid_token_is_refused_and_changes_nothing(
    app: Flask, client: FlaskClient, url: str, form: dict[str, str], token: str | None
) -> None:
    """A missing, empty, made-up or wrongly signed token is a 400 page and changes nothing."""
    _started(client)
    before = stored_match(app, client)
    assert before is not None
    if token == "other-key":
        token = _signed_with("not-" + app.config["SECRET_KEY"], client)
    data = dict(form) if token is None else {**form, "csrf_token": token}
    response = client.post(url, data=data)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "security token" in page and "nothing was changed" in page
    assert "Traceback" not in page
    assert stored_match(app, client) == before


def test_the_token_signed_with_the_apps_own_key_is_accepted(
    app: Flask, client: FlaskClient
) -> None:
    """The counterpart of the wrong-key case: the same raw token signed with the app's key."""
    post(client, "/move", {"cell": "A1"})  # a stored session, whose raw token the test reads
    token = _signed_with(app.config["SECRET_KEY"], client)
    response = client.post("/move", data={"cell": "B2", "csrf_token": token})
    assert response.status_code == 303 and response.headers["X-Move-Result"] == "accepted"


def test_token_from_another_session_is_refused(app: Flask) -> None:
    """A token is good only in the session that it was made for."""
    first, second = app.test_client(), app.test_client()
    stolen = csrf_token(first)
    csrf_token(second)
    response = second.post("/move", data={"cell": "B2", "csrf_token": stolen})
    assert response.status_code == 400
    assert api_game(second)["moves"] == []


def test_token_in_the_header_works_for_programs(client: FlaskClient) -> None:
    """Programs may send the token in X-CSRFToken instead of the form."""
    token = api_game(client)["csrf_token"]
    response = client.post("/move", data={"cell": "B2"}, headers={"X-CSRFToken": token})
    assert response.status_code == 303 and response.headers["X-Move-Result"] == "accepted"
    assert api_game(client)["moves"] == ["B2"]


@pytest.mark.parametrize(("url", "body"), API)
@pytest.mark.parametrize("token", [None, "", "forged", "other-key", "another-session"])
def test_api_without_a_valid_header_is_a_403_and_changes_nothing(
    app: Flask, client: FlaskClient, url: str, body: dict[str, Any], token: str | None
) -> None:
    """The API answers a missing or wrong X-CSRFToken with a JSON 403 and changes nothing."""
    _started(client)
    before = stored_match(app, client)
    if token == "other-key":
        token = _signed_with("not-" + app.config["SECRET_KEY"], client)
    elif token == "another-session":
        token = api_game(app.test_client())["csrf_token"]
    headers = {} if token is None else {"X-CSRFToken": token}
    response = client.post(url, json=body, headers=headers)
    assert response.status_code == 403 and code(response.get_json()) == "csrf_token"
    assert stored_match(app, client) == before


def test_api_with_the_header_is_accepted(client: FlaskClient) -> None:
    """The token of /api/game in X-CSRFToken lets a program move."""
    game = api_game(client)
    headers = {"X-CSRFToken": game["csrf_token"]}
    response = client.post("/api/move", json={"cell": "B2", "ply": 0}, headers=headers)
    assert response.status_code == 200 and response.get_json()["moves"] == ["B2"]


def test_token_does_not_expire_with_time(app: Flask) -> None:
    """An old open tab still works: the token lives as long as the session."""
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None


def test_valid_token_is_accepted(client: FlaskClient) -> None:
    """The page's own token works."""
    assert post(client, "/move", {"cell": "B2"}).status_code == 303
