"""The log: one line per request with its id, JSON or text, and never a secret."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf_token, play, post
from webapp import create_app
from webapp.store import StoreUnavailable

HEX_ID = re.compile(r"[0-9a-f]{32}")
INVITE = "AAAAAAAAAAAAAAAAAAAAAA.inviteSECRETinviteSECRE"  # the shape of /join/<token>
SEAT = "BBBBBBBBBBBBBBBBBBBBBB.seatSECRETseatSECRETse"


def make_app(instance: Path, **settings: Any) -> Flask:
    """The app of one test, with ``settings`` added to the test settings."""
    config = {"SECRET_KEY": "test-secret", "TESTING": True, "LIMITS": False, **settings}
    return create_app(config, instance_path=str(instance))


def lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """The lines written to stderr since the last call, each read as JSON."""
    return [json.loads(line) for line in capsys.readouterr().err.splitlines()]


def requests(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """The request lines written since the last call."""
    return [line for line in lines(capsys) if line["event"] == "request"]


def test_a_request_writes_one_json_line_with_its_route_status_duration_and_id(
    client: FlaskClient, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    answer = client.get("/livez", headers={"X-Request-ID": "lb-7f3a.2_x"})
    assert answer.headers["X-Request-ID"] == "lb-7f3a.2_x"
    [line] = lines(capsys)
    assert line.keys() == {
        "event",
        "method",
        "route",
        "status",
        "duration_ms",
        "request_id",
        "level",
        "timestamp",
        "pid",
    }
    assert (line["event"], line["method"], line["route"], line["status"]) == (
        "request",
        "GET",
        "/livez",
        200,
    )
    assert line["request_id"] == "lb-7f3a.2_x" and line["level"] == "info"
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0


@pytest.mark.parametrize("given", ["", "a b", "x" * 65, "../../etc", "id;drop", "ids,two"])
def test_an_id_that_is_not_a_safe_token_is_replaced_by_a_new_one(
    client: FlaskClient, capsys: pytest.CaptureFixture[str], given: str
) -> None:
    capsys.readouterr()
    answer = client.get("/livez", headers={"X-Request-ID": given})
    made = answer.headers["X-Request-ID"]
    assert HEX_ID.fullmatch(made)
    [line] = requests(capsys)
    assert line["request_id"] == made


def test_each_request_without_an_id_gets_its_own(
    client: FlaskClient, capsys: pytest.CaptureFixture[str]
) -> None:
    made = {client.get("/livez").headers["X-Request-ID"] for _ in range(3)}
    assert len(made) == 3
    assert {line["request_id"] for line in requests(capsys)} >= made


def test_the_line_names_the_sessions_match_or_the_routes(
    app: Flask, client: FlaskClient, capsys: pytest.CaptureFixture[str]
) -> None:
    play(client, ["B2"])
    with client.session_transaction() as session:
        match_id = session["match"]
    capsys.readouterr()
    client.get("/")
    [line] = requests(capsys)
    assert line["match_id"] == match_id
    app.test_client().get(f"/watch/{match_id}")
    [line] = requests(capsys)
    assert (line["route"], line["match_id"]) == ("/watch/<match_id>", match_id)


def test_no_secret_cookie_or_csrf_token_ever_reaches_the_log(
    instance: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = make_app(instance, PROPAGATE_EXCEPTIONS=False)
    seat_page = next(
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if rule.rule == "/seat/<token>" and "GET" in (rule.methods or ())
    )

    def broken(token: str) -> str:
        raise RuntimeError("the seat page broke")

    app.view_functions[seat_page] = broken
    client = app.test_client()
    token = csrf_token(client)
    post(client, "/move", {"cell": "B2"})  # the session is stored: its cookie is a secret
    session_id, visitor = client.get_cookie("ttt_session"), client.get_cookie("ttt_visitor")
    assert session_id is not None and visitor is not None
    client.get(f"/join/{INVITE}?key=querySECRET")
    client.post(f"/join/{INVITE}", data={"csrf_token": token})
    client.post(f"/seat/{SEAT}", data={"csrf_token": token})
    client.post("/api/move", json={"cell": "A1"}, headers={"X-CSRFToken": token})
    failed = client.get(f"/seat/{SEAT}", headers={"X-Request-ID": "the-500"})
    assert failed.status_code == 500
    written = capsys.readouterr().err
    for secret in (token, session_id.value, visitor.value, INVITE, SEAT, "SECRET"):
        assert secret not in written
    logged = [json.loads(line) for line in written.splitlines()]
    [error] = [line for line in logged if line["level"] == "error"]
    assert error["event"] == "Exception on /seat/<token> [GET]"
    assert error["request_id"] == "the-500" and error["logger"] == "webapp"
    assert "RuntimeError: the seat page broke" in error["exception"]
    routes = [line["route"] for line in logged if line["event"] == "request"]
    assert routes[-5:] == ["/join/<token>"] * 2 + ["/seat/<token>", "/api/move", "/seat/<token>"]


def test_a_store_failure_is_logged_with_the_requests_id(
    app: Flask, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def down(*_: Any) -> None:
        raise StoreUnavailable("disk I/O error")

    monkeypatch.setattr(app.extensions["match_store"], "get", down)
    capsys.readouterr()
    assert app.test_client().get("/", headers={"X-Request-ID": "r-503"}).status_code == 503
    warning, request = lines(capsys)
    assert warning["event"] == "store unavailable: disk I/O error"
    assert (warning["level"], warning["request_id"]) == ("warning", "r-503")
    assert (request["status"], request["request_id"]) == (503, "r-503")


def test_lines_are_text_on_a_terminal_and_json_elsewhere_unless_a_format_is_forced(
    instance: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def line_of(log_format: str) -> str:
        make_app(instance, LOG_FORMAT=log_format).test_client().get("/livez")
        return capsys.readouterr().err.strip()

    assert json.loads(line_of("auto"))["route"] == "/livez"  # pytest's stderr is no terminal
    text = line_of("text")
    assert "request" in text and "route=/livez" in text and not text.startswith("{")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    coloured = line_of("auto")
    assert "\x1b[" in coloured and "/livez" in coloured and not coloured.startswith("{")
    assert json.loads(line_of("json"))["route"] == "/livez"


def test_an_unknown_format_is_refused_at_start(instance: Path) -> None:
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        make_app(instance, LOG_FORMAT="xml")
