"""Quick pairing for programs: POST, GET and DELETE /api/pair, answered as documented."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game
from tests.refusals import code


def call(client: FlaskClient, method: str) -> tuple[int, Any]:
    """``method`` /api/pair with the session's CSRF token; the status and the JSON."""
    token = api_game(client)["csrf_token"]
    response = client.open("/api/pair", method=method, headers={"X-CSRFToken": token})
    return response.status_code, response.get_json()


def test_two_programs_are_paired(app: Flask) -> None:
    first, second = app.test_client(), app.test_client()
    assert call(first, "POST") == (
        200,
        {"state": "waiting", "board": "3x3", "waited": 0, "offer_computer": False, "game": None},
    )
    status, paired = call(second, "POST")
    assert status == 200 and paired["state"] == "paired"
    assert paired["game"]["online"]["full"] and paired["game"]["clock"]["per_move"] == 30
    status, found = call(first, "GET")
    assert found["state"] == "paired"
    assert found["game"]["online"]["watch"] == paired["game"]["online"]["watch"]
    assert found["game"]["you"] != paired["game"]["you"]
    assert api_game(first)["online"]["watch"] == paired["game"]["online"]["watch"]


def test_delete_stops_waiting_and_is_refused_when_not_waiting(app: Flask) -> None:
    client = app.test_client()
    call(client, "POST")
    assert call(client, "DELETE") == (
        200,
        {"state": "idle", "board": None, "waited": 0, "offer_computer": False, "game": None},
    )
    status, refused = call(client, "DELETE")
    assert status == 409 and code(refused) == "not_seeking"
    assert call(client, "GET")[1]["state"] == "idle"


def test_a_delete_without_the_token_is_refused(client: FlaskClient) -> None:
    refused = client.delete("/api/pair")
    assert refused.status_code == 403 and code(refused.get_json()) == "csrf_token"


def test_the_win_is_not_claimed_from_a_waiter_who_has_not_reached_the_board_yet(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("webapp.rules.pairing.tossed", lambda: False)  # the waiter is X
    waiter, arriving = app.test_client(), app.test_client()
    call(waiter, "POST")
    _status, paired = call(arriving, "POST")
    assert paired["game"]["you"] == "O" and paired["game"]["turn"] == "X"
    # The words of a claim are read in a paired match without a clock (as made before
    # clocks): a running clock refuses every claim (tests/rules/test_actions.py).
    with app.extensions["match_store"].locked(paired["game"]["online"]["watch"][-22:]) as record:
        record.data = {**record.data, "clock": 0, "deadline": 0.0}
    assert api_game(arriving)["online"]["can_claim"] is False
    token = {"X-CSRFToken": api_game(arriving)["csrf_token"]}
    claimed = arriving.post("/api/claim", json={}, headers=token)
    assert claimed.status_code == 409 and code(claimed.get_json()) == "too_soon_to_claim"
    assert api_game(waiter)["ended_by"] is None and api_game(waiter)["turn"] == "X"


@pytest.mark.parametrize("board", ["5x5", "7x7"])
def test_a_seeker_is_told_the_board_it_waits_for(app: Flask, board: str) -> None:
    client = app.test_client()
    token = api_game(client)["csrf_token"]
    sought = client.post("/api/pair", json={"board": board}, headers={"X-CSRFToken": token})
    assert sought.get_json()["state"] == "waiting" and sought.get_json()["board"] == board
    status, standing = call(client, "GET")
    assert status == 200 and standing["board"] == board
    assert call(client, "DELETE")[0] == 200
    assert call(client, "GET")[1] == {
        "state": "idle",
        "board": None,
        "waited": 0,
        "offer_computer": False,
        "game": None,
    }
