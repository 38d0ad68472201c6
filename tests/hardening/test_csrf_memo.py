"""CSRF tokens verified once and then checked from memory: still one session's, still exact."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from tests.conftest import api_game, csrf_token
from webapp import create_app, csrf


def test_a_remembered_token_still_belongs_to_its_session_only(app: Flask) -> None:
    alice, bob = app.test_client(), app.test_client()
    token = csrf_token(alice)
    assert alice.post("/move", data={"csrf_token": token, "cell": "A1"}).status_code == 303
    assert (app.secret_key, token) in csrf._verified
    assert alice.post("/move", data={"csrf_token": token, "cell": "B1"}).status_code == 303
    assert bob.post("/move", data={"csrf_token": token, "cell": "B2"}).status_code == 400
    assert api_game(alice)["moves"] == ["A1", "B1"] and api_game(bob)["moves"] == []


def test_the_api_header_token_is_remembered_too(app: Flask) -> None:
    client = app.test_client()
    token = csrf_token(client)
    for ply, cell in enumerate(("A1", "B1")):
        move = {"cell": cell, "ply": ply}
        response = client.post("/api/move", json=move, headers={"X-CSRFToken": token})
        assert response.status_code == 200, response.get_data(as_text=True)
    move = {"cell": "C1", "ply": 2}
    refused = client.post("/api/move", json=move, headers={"X-CSRFToken": token + "x"})
    assert refused.status_code == 403
    assert api_game(client)["moves"] == ["A1", "B1"]


def test_a_prefixed_form_token_is_left_to_flask_wtf(app: Flask) -> None:
    client = app.test_client()
    token = csrf_token(client)
    data = {"form-csrf_token": token, "cell": "A1"}
    assert client.post("/move", data=data, headers={"X-CSRFToken": "forged"}).status_code == 303
    assert (app.secret_key, "forged") not in csrf._verified


def test_with_a_time_limit_every_token_is_verified_afresh(session_dir: Path) -> None:
    app = create_app({"SECRET_KEY": "k2", "SESSION_DIR": str(session_dir),
                      "WTF_CSRF_TIME_LIMIT": 3600})  # fmt: skip
    client = app.test_client()
    token = csrf_token(client)
    assert client.post("/move", data={"csrf_token": token, "cell": "A1"}).status_code == 303
    assert ("k2", token) not in csrf._verified
