"""GET /api/game: the game as JSON, in the shape outside clients rely on."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.conftest import play, post


def test_json_of_a_game_in_progress(client: FlaskClient) -> None:
    post(client, "/new", {"x": "user", "o": "user", "position": "_XXOO_OX_"})
    response = client.get("/api/game")
    assert response.status_code == 200 and response.mimetype == "application/json"
    game = response.get_json()
    assert {k: game[k] for k in ("board", "turn", "status", "line", "players", "moves")} == {
        "board": "_XXOO_OX_",
        "turn": "X",
        "status": "Game not finished",
        "line": None,
        "players": {"X": "user", "O": "user"},
        "moves": [],
    }
    assert game["tally"] == {"wins": {"Player 1": 0, "Player 2": 0}, "draws": 0, "practice": True}
    assert isinstance(game["csrf_token"], str) and game["csrf_token"]


def test_json_of_a_finished_game_lists_the_line(client: FlaskClient) -> None:
    play(client, ("A1", "B1", "B2", "C1", "C3"))
    game = client.get("/api/game").get_json()
    assert game["turn"] is None
    assert game["status"] == "X wins"
    assert game["line"] == ["A1", "B2", "C3"]
    assert game["moves"] == ["A1", "B1", "B2", "C1", "C3"]
    assert game["tally"] == {"wins": {"Player 1": 1, "Player 2": 0}, "draws": 0, "practice": False}
