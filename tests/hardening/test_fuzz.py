"""Hypothesis throws random requests at the app: never a 500, never a changed game unless valid."""

from __future__ import annotations

import string
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from tests.conftest import csrf_token, stored_session
from webapp import create_app
from webapp.engine import Game

PATHS = ["/", "/move", "/new", "/step", "/finish", "/again", "/api/game", "/static/style.css",
         "/nowhere", "/move/", "//move", "/new?x=user", "/?hint=1", "/%00", "/api/"]  # fmt: skip
CHANGING = {"/move", "/new", "/step", "/finish", "/again"}
FIELD_NAMES = ["cell", "x", "o", "position", "game", "ply", "csrf_token", "", "cell[]"]
text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "A1",
            "b2",
            "C3",
            "user",
            "hard",
            "easy",
            "_XXOO_OX_",
            "",
            " ",
            "\x00",
            "\u202e",
            "9" * 40,
            "X" * 9,
            "-1",
            "0",
        ]
    ),
    st.builds(
        lambda ch, n: ch * n,
        st.sampled_from(["é", "\x01", "A1", "\U0001f600"]),
        st.integers(500, 3000),
    ),
)
form = st.lists(st.tuples(st.sampled_from(FIELD_NAMES), text), max_size=6)
method = st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"])
cookie = st.one_of(
    st.none(),  # the session's own cookie, as the first requests made it
    st.text(alphabet=string.ascii_letters + string.digits + "-_", max_size=60),
    st.sampled_from(["../../etc/passwd", "\x7f", "a" * 3000, "%00", "x;y"]),
)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """One app for every example; each example gets its own client, so its own session."""
    directory = tmp_path_factory.mktemp("fuzz-sessions")
    return create_app({"SECRET_KEY": "fuzz", "TESTING": True, "SESSION_DIR": str(directory)})


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(method=method, path=st.sampled_from(PATHS), fields=form, with_token=st.booleans(),
       sid=cookie)  # fmt: skip
def test_random_requests_never_fail_or_corrupt(
    fuzz_app: Flask,
    method: str,
    path: str,
    fields: list[tuple[str, str]],
    with_token: bool,
    sid: str | None,
) -> None:
    app, client = fuzz_app, fuzz_app.test_client()
    token = csrf_token(client)
    client.post("/move", data={"cell": "B2", "csrf_token": token})
    before = stored_session(app, client)
    data = MultiDict(fields)
    if with_token:
        data.add("csrf_token", token)
    if sid is not None:
        client.set_cookie(app.config["SESSION_COOKIE_NAME"], sid)
    response = client.open(path, method=method, data=data)
    body = response.get_data(as_text=True)
    response.close()  # static files are streamed from an open file
    assert response.status_code < 500, (response.status_code, body[:300])
    assert "Traceback" not in body
    if sid is None:
        after = stored_session(app, client)
        assert after is not None and before is not None
        Game.from_dict(after["game"])  # always a legal game
        if not (method == "POST" and path in CHANGING and with_token):
            assert after.get("game") == before.get("game")
            assert after.get("score") == before.get("score")


def test_body_over_16_kib_gets_413(client: FlaskClient) -> None:
    token = csrf_token(client)
    response = client.post("/move", data={"cell": "B2", "csrf_token": token, "pad": "x" * 17000})
    assert response.status_code == 413
    assert "larger than 16 KiB" in response.get_data(as_text=True)


def _assert_plain_page(response: Any, code: int) -> None:
    body = response.get_data(as_text=True)
    assert response.status_code == code
    assert response.mimetype == "text/html"
    assert "<title>" in body and "Back to the game" in body
    assert "Traceback" not in body and 'File "' not in body


def test_404_405_and_500_pages_are_plain(app: Flask, client: FlaskClient) -> None:
    def explode() -> str:
        raise RuntimeError("secret internals")

    app.add_url_rule("/explode", "explode", explode)
    _assert_plain_page(client.get("/no/such/page"), 404)
    _assert_plain_page(client.get("/move"), 405)
    response = client.get("/explode")
    _assert_plain_page(response, 500)
    assert "secret internals" not in response.get_data(as_text=True)


def test_api_errors_are_json(client: FlaskClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404 and response.get_json()["error"]
