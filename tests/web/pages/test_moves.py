"""POST /move: Post/Redirect/Get, validation by the engine, and the computer's reply."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post, stored_match


def _stored(app: Flask, client: FlaskClient) -> Any:
    """The client's match as stored (data and version), or None before its first change."""
    return stored_match(app, client)


def _messages(client: FlaskClient) -> str:
    return client.get("/").get_data(as_text=True)


def test_a_move_redirects_with_303_to_the_board(client: FlaskClient) -> None:
    response = post(client, "/move", {"cell": "B2"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    assert api_game(client)["moves"] == ["B2"]


def test_cell_ids_are_case_insensitive(client: FlaskClient) -> None:
    post(client, "/move", {"cell": " c3 "})
    assert api_game(client)["board"] == "________X"


@pytest.mark.parametrize(
    ("setup", "cell", "message"),
    [
        (["B2"], "B2", "This cell is occupied! Choose another one!"),
        ([], "D4", "Unknown cell &#39;D4&#39;: cells are A1 to C3."),
        ([], "", "Unknown cell &#39;&#39;: cells are A1 to C3."),
        (["A1", "B1", "A2", "B2", "A3"], "C3", "The game is over (X wins)"),
    ],
)
def test_invalid_moves_change_nothing_and_show_the_message(
    app: Flask, client: FlaskClient, setup: list[str], cell: str, message: str
) -> None:
    client.get("/")
    play(client, setup)
    before = _stored(app, client)
    response = post(client, "/move", {"cell": cell})
    assert response.status_code == 303
    assert _stored(app, client) == before
    assert message in _messages(client)


def test_missing_cell_field_is_an_unknown_cell(client: FlaskClient) -> None:
    post(client, "/move", {})
    assert "cells are A1 to C3" in _messages(client)


def test_message_is_shown_once(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "Z9"})
    assert "Unknown cell" in _messages(client)
    assert "Unknown cell" not in _messages(client)


def test_computer_replies_in_the_same_request(client: FlaskClient) -> None:
    post(client, "/new", {"x": "user", "o": "hard"})
    post(client, "/move", {"cell": "A1"})
    game = api_game(client)
    assert len(game["moves"]) == 2 and game["moves"][0] == "A1"
    assert game["turn"] == "X"


def test_not_a_persons_turn_in_computer_games(app: Flask, client: FlaskClient) -> None:
    post(client, "/new", {"x": "easy", "o": "hard"})
    before = _stored(app, client)
    post(client, "/move", {"cell": "B2"})
    assert _stored(app, client) == before
    assert "It is not your turn" in _messages(client)


def test_full_hot_seat_game_to_a_draw(client: FlaskClient) -> None:
    play(client, ("B2", "A1", "A2", "C2", "B1", "B3", "C1", "A3", "C3"))
    game = api_game(client)
    assert game["status"] == "Draw" and game["turn"] is None and game["line"] is None
    assert game["tally"] == {"wins": {"Player 1": 0, "Player 2": 0}, "draws": 1, "practice": False}


def test_full_hot_seat_game_to_an_o_win(client: FlaskClient) -> None:
    play(client, ("A1", "B1", "A2", "B2", "C3", "B3"))
    game = api_game(client)
    assert game["status"] == "O wins"
    assert game["line"] == ["B1", "B2", "B3"]
    assert game["tally"] == {"wins": {"Player 1": 0, "Player 2": 1}, "draws": 0, "practice": False}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_person_can_finish_a_game_against_each_level(client: FlaskClient, level: str) -> None:
    post(client, "/new", {"x": "user", "o": level})
    for _ in range(5):
        game = api_game(client)
        if game["turn"] is None:
            break
        empty = game["board"].index("_")
        post(client, "/move", {"cell": "ABC"[empty // 3] + "123"[empty % 3]})
    game = api_game(client)
    assert game["turn"] is None
    assert sum(game["tally"]["wins"].values()) + game["tally"]["draws"] == 1
    if level == "hard":
        assert game["status"] != "X wins"


def test_the_board_says_where_the_computer_answered(client: FlaskClient) -> None:
    post(client, "/new", {"x": "user", "o": "hard"})
    assert 'id="last-move"' not in _messages(client)
    post(client, "/move", {"cell": "A1"})
    reply = api_game(client)["moves"][-1]
    assert f"The computer (hard) played {reply}." in _messages(client)
    post(client, "/new", {"x": "user", "o": "user"})
    post(client, "/move", {"cell": "A1"})
    assert 'id="last-move"' not in _messages(client)  # hot seat: both players see the board


def test_a_form_with_two_cells_is_refused_and_plays_neither(
    app: Flask, client: FlaskClient
) -> None:
    client.get("/")
    before = _stored(app, client)
    token = client.get("/api/game").get_json()["csrf_token"]
    response = client.post("/move", data={"cell": ["A1", "B2"], "csrf_token": token})
    assert response.status_code == 303
    assert _stored(app, client) == before
    assert "not filled in as the board fills it" in _messages(client)
    assert api_game(client)["moves"] == []
