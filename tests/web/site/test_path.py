"""The request path: one step before each request and one after it, in the order the pieces
need (the visitor's token before the CSRF check; the headers on every answer)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf_token, post
from webapp.web.site.headers import HEADERS


def test_the_app_runs_one_step_before_and_one_after_each_request(app: Flask) -> None:
    ours = [f for f in app.before_request_funcs[None] if f.__module__ == "webapp.web.site.path"]
    after = [f for f in app.after_request_funcs[None] if f.__module__ == "webapp.web.site.path"]
    assert len(ours) == 1
    assert len(after) == 1
    # CSRFProtect's own hook stands down: the path checks the token after the visitor's.
    assert app.config["WTF_CSRF_CHECK_DEFAULT"] is False


def test_a_visitors_first_post_with_the_pages_token_is_accepted(client: FlaskClient) -> None:
    response = post(client, "/move", {"cell": "B2"})
    assert response.status_code == 303
    assert response.headers["X-Move-Result"] == "accepted"


def test_a_post_without_its_token_is_refused_and_changes_nothing(client: FlaskClient) -> None:
    client.get("/")
    response = client.post("/move", data={"cell": "B2"})
    assert response.status_code == 400
    assert response.headers["X-Move-Result"] == "refused"
    assert 'value="B2"' in client.get("/").get_data(as_text=True)  # still an empty cell


def test_a_token_of_another_browser_is_refused(app: Flask, client: FlaskClient) -> None:
    other = app.test_client()
    response = client.post("/move", data={"cell": "B2", "csrf_token": csrf_token(other)})
    assert response.status_code == 400


def test_every_answer_gets_the_headers_and_the_request_id(client: FlaskClient) -> None:
    for response in (client.get("/"), client.get("/no-such-page"), client.post("/move")):
        for name, value in HEADERS.items():
            assert response.headers[name] == value
        assert response.headers["X-Request-ID"]
        assert response.headers["Cache-Control"] == "no-store"


def test_an_unusable_host_is_answered_400_with_the_headers(client: FlaskClient) -> None:
    response = client.get("/", headers={"Host": "a..b"})
    assert response.status_code == 400
    assert response.headers["X-Content-Type-Options"] == "nosniff"
