"""Hypothesis throws random requests at the app: never a 500, never a changed match unless valid."""

from __future__ import annotations

import string
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from tests.conftest import csrf_token, match_store
from tests.refusals import code
from webapp import create_app
from webapp.rules import Match

# The routes that change a match (each a POST target), and the rest the fuzz reaches.
CHANGING = {
    "/move",
    "/new",
    "/step",
    "/finish",
    "/undo",
    "/again",
    "/swap",
    "/score/reset",
    "/api/move",
    "/api/new",
    "/api/step",
    "/api/undo",
    "/text",
}
PATHS = [
    *sorted(CHANGING),
    "/",
    "/api/game",
    "/replay/1",
    "/replay/99?game=x",
    "/static/style.css",
    "/nowhere",
    "/move/",
    "//move",
    "/new?x=user",
    "/?hint=1",
    "/%00",
    "/api/",
    "/settings",
]
FIELD_NAMES = [
    "cell",
    "x",
    "o",
    "position",
    "toss",
    "match",
    "version",
    "game",
    "ply",
    "csrf_token",
    "",
    "cell[]",
    "display",
    "language",
    "command",
]
# Stand-ins for this example's own match id and version, so forms that pass the stale check
# are tried too.
OWN_MATCH, OWN_VERSION = "<own match>", "<own version>"
text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            OWN_MATCH,
            OWN_VERSION,
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
            "1",
            "A" * 22,
            "on",
            "numpad",
            "de",
            "undo",
            "resign",
            "yes",
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
    instance = tmp_path_factory.mktemp("fuzz-instance")
    config = {"SECRET_KEY": "fuzz", "TESTING": True, "LIMITS": False}  # one address for all
    return create_app(config, instance_path=str(instance))


@settings(
    max_examples=1500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    method=method, path=st.sampled_from(PATHS), fields=form, with_token=st.booleans(), sid=cookie
)
def test_random_requests_never_fail_or_corrupt(
    fuzz_app: Flask,
    method: str,
    path: str,
    fields: list[tuple[str, str]],
    with_token: bool,
    sid: str | None,
) -> None:
    """Any method, path, form and cookie: no 5xx, no traceback; the stored match stays a
    legal match, and only a valid post through its own session can change it."""
    app, client = fuzz_app, fuzz_app.test_client()
    token = csrf_token(client)
    client.post("/move", data={"cell": "B2", "csrf_token": token})
    with client.session_transaction() as session:
        match_id = session["match"]
    before = match_store(app).get(match_id)
    assert before is not None
    own = {OWN_MATCH: match_id, OWN_VERSION: str(before.version)}
    data = MultiDict([(name, own.get(value, value)) for name, value in fields])
    if with_token:
        data.add("csrf_token", token)
    if sid is not None:
        client.set_cookie(app.config["SESSION_COOKIE_NAME"], sid)
    response = client.open(path, method=method, data=data)
    body = response.get_data(as_text=True)
    response.close()  # static files are streamed from an open file
    assert response.status_code < 500, (response.status_code, body[:300])
    assert "Traceback" not in body
    after = match_store(app).get(match_id)
    assert after is not None
    Match.from_dict(after.data)  # always a legal match
    route = path.split("?")[0]
    # An empty session cookie is none: the browser is known by its visitor cookie, whose
    # first match this is (sessions.py), and its token is valid.
    if not (not sid and method == "POST" and route in CHANGING and with_token):
        assert after == before
    else:
        assert after.version in (before.version, before.version + 1)


def test_body_over_16_kib_gets_413(client: FlaskClient) -> None:
    """A body over the limit is refused before it is read."""
    token = csrf_token(client)
    response = client.post("/move", data={"cell": "B2", "csrf_token": token, "pad": "x" * 17000})
    assert response.status_code == 413
    assert "larger than 16 KiB" in response.get_data(as_text=True)


def _assert_plain_page(response: Any, code: int) -> None:
    """Our own page for ``code``: HTML, a way back, and nothing of the internals."""
    body = response.get_data(as_text=True)
    assert response.status_code == code
    assert response.mimetype == "text/html"
    assert "<title>" in body and "Back to the game" in body
    assert "Traceback" not in body and 'File "' not in body


def test_404_405_and_500_pages_are_plain(app: Flask, client: FlaskClient) -> None:
    """The error pages show no traceback and no message of the exception."""

    def explode() -> str:
        """A view with a bug."""
        raise RuntimeError("secret internals")

    app.add_url_rule("/explode", "explode", explode)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: TESTING lets them through
    _assert_plain_page(client.get("/no/such/page"), 404)
    _assert_plain_page(client.get("/move"), 405)
    response = client.get("/explode")
    _assert_plain_page(response, 500)
    assert "secret internals" not in response.get_data(as_text=True)


def test_api_errors_are_json(client: FlaskClient) -> None:
    """Under /api/ an error is JSON."""
    response = client.get("/api/nothing")
    assert response.status_code == 404 and code(response.get_json()) == "not_found"
