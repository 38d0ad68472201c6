"""Forged requests: every state-changing POST needs the session's CSRF token."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf_token, post, stored_session

FORMS = [
    ("/move", {"cell": "B2"}),
    ("/new", {"x": "hard", "o": "hard"}),
    ("/step", {}),
    ("/finish", {}),
    ("/again", {}),
]


@pytest.mark.parametrize(("url", "form"), FORMS)
@pytest.mark.parametrize("token", [None, "", "forged", "IjAwMDAi.aaaa.bbbb"])
def test_post_without_a_valid_token_is_refused_and_changes_nothing(
    app: Flask, client: FlaskClient, url: str, form: dict[str, str], token: str | None
) -> None:
    post(client, "/new", {"x": "easy", "o": "hard"})
    before = stored_session(app, client)
    data = dict(form) if token is None else {**form, "csrf_token": token}
    response = client.post(url, data=data)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "security token" in page and "nothing was changed" in page
    assert "Traceback" not in page
    assert stored_session(app, client) == before


def test_token_from_another_session_is_refused(app: Flask) -> None:
    first, second = app.test_client(), app.test_client()
    stolen = csrf_token(first)
    csrf_token(second)
    response = second.post("/move", data={"cell": "B2", "csrf_token": stolen})
    assert response.status_code == 400


def test_token_in_the_header_works_for_programs(client: FlaskClient) -> None:
    token = client.get("/api/game").get_json()["csrf_token"]
    response = client.post("/move", data={"cell": "B2"}, headers={"X-CSRFToken": token})
    assert response.status_code == 303


def test_token_does_not_expire_with_time(app: Flask) -> None:
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None


def test_valid_token_is_accepted(client: FlaskClient) -> None:
    assert post(client, "/move", {"cell": "B2"}).status_code == 303
