"""Issue 46's contract on the web: a 5x5 or 7x7 game by the API and on the page without
JavaScript; a cell off the board refused; quick pairing only between seekers of one board."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game
from tests.web.conftest import new_game
from tests.web.shown import submit


def call(client: FlaskClient, path: str, body: Any, method: str = "POST") -> tuple[int, Any]:
    """``method`` JSON ``body`` to ``path`` with the session's CSRF token."""
    token = api_game(client)["csrf_token"]
    response = client.open(path, method=method, json=body, headers={"X-CSRFToken": token})
    return response.status_code, response.get_json()


def test_a_5x5_game_against_hard_has_its_size_line_and_25_cells(client: FlaskClient) -> None:
    status, game = call(client, "/api/new", {"x": "user", "o": "hard", "board": "5x5"})
    assert status == 200, game
    assert (game["size"], game["in_a_row"], len(game["board"])) == (5, 4, 25)
    assert game["evaluation"]["proven"] is False
    status, moved = call(client, "/api/move", {"cell": "C3", "ply": 0})
    assert status == 200 and moved["ply"] == 2 and moved["moves"][0] == "C3"


def test_a_cell_off_the_board_is_refused_and_changes_nothing(client: FlaskClient) -> None:
    call(client, "/api/new", {"x": "user", "o": "user", "board": "5x5"})
    before = api_game(client)
    status, refused = call(client, "/api/move", {"cell": "F1", "ply": 0})
    assert (status, refused["code"]) == (422, "off_board"), refused
    assert "A1 to E5" in refused["error"]
    after = api_game(client)
    assert (after["board"], after["version"]) == (before["board"], before["version"])


@pytest.mark.parametrize("cell", ["Z9", "a1", " B2"])  # the engine forgives the last two
def test_a_cell_of_no_board_names_the_cells_of_the_games_board(
    client: FlaskClient, cell: str
) -> None:
    call(client, "/api/new", {"x": "user", "o": "user", "board": "7x7"})
    status, refused = call(client, "/api/move", {"cell": cell, "ply": 0})
    assert (status, refused["code"], refused["field"]) == (400, "invalid_field", "cell")
    assert "A1 to G7" in refused["error"] and "C3" not in refused["error"]


@pytest.mark.parametrize("position", ["_" * 24, "x" + "_" * 24])
def test_a_bigger_boards_position_of_the_wrong_shape_is_not_told_to_have_9_cells(
    client: FlaskClient, position: str
) -> None:
    body = {"x": "user", "o": "user", "board": "5x5", "position": position}
    status, refused = call(client, "/api/new", body)
    assert (status, refused["field"]) == (400, "position")
    assert "9, 25 or 49 cells" in refused["error"], refused


def test_a_new_game_is_3x3_unless_told_and_an_unknown_board_is_refused(
    client: FlaskClient,
) -> None:
    status, game = call(client, "/api/new", {"x": "user", "o": "user"})
    assert (status, game["size"], game["in_a_row"], len(game["board"])) == (200, 3, 3, 9)
    status, refused = call(client, "/api/new", {"x": "user", "o": "user", "board": "4x4"})
    assert status == 400 and refused["field"] == "board"


def test_a_5x5_board_page_has_25_cell_buttons_without_javascript(client: FlaskClient) -> None:
    new_game(client, "user", "user", board="5x5")
    page = client.get("/").get_data(as_text=True)
    cells = re.findall(r'<button type="submit" name="cell" value="([A-G][1-7])"', page)
    assert cells == [row + str(col) for row in "ABCDE" for col in range(1, 6)]
    submit(client, "/move", cell="E5")
    assert api_game(client)["moves"] == ["E5"]
    assert submit(client, "/move", cell="F1").status_code in (303, 400)
    assert api_game(client)["moves"] == ["E5"]


def test_pairing_meets_only_a_seeker_of_the_same_board(app: Flask) -> None:
    small, large, other = app.test_client(), app.test_client(), app.test_client()
    assert call(small, "/api/pair", {})[1]["state"] == "waiting"
    assert call(large, "/api/pair", {"board": "5x5"})[1]["state"] == "waiting"
    status, paired = call(other, "/api/pair", {"board": "5x5"})
    assert status == 200 and paired["state"] == "paired"
    assert paired["game"]["size"] == 5
    assert call(large, "/api/pair", None, "GET")[1]["state"] == "paired"
    assert call(small, "/api/pair", None, "GET")[1]["state"] == "waiting"


def test_the_mode_bar_chooses_the_board_and_keeps_it_otherwise(client: FlaskClient) -> None:
    submit(client, "/mode", mode="hard", board="7x7")
    game = api_game(client)
    assert (game["size"], game["players"]) == (7, {"X": "user", "O": "hard"})
    page = client.get("/").get_data(as_text=True)
    assert '<option value="7x7" selected>' in page
    submit(client, "/mode", mode="two")  # the form posts the board shown: 7x7
    assert api_game(client)["size"] == 7
    client.post("/mode", data={"mode": "easy", "csrf_token": game["csrf_token"]})
    assert api_game(client)["size"] == 7  # a post without a board keeps the game's


def test_the_new_game_page_offers_every_board(client: FlaskClient) -> None:
    page = client.get("/new?board=5x5").get_data(as_text=True)
    offered = re.findall(r'name="board" value="(\dx\d)"( checked)?', page)
    assert offered == [("3x3", ""), ("5x5", " checked"), ("7x7", "")]


def test_an_arena_has_one_board_and_pairs_its_players_on_it(app: Flask) -> None:
    maker = app.test_client()
    status, made = call(maker, "/api/arenas", {"length": 60, "clock": 5, "board": "5x5"})
    assert status == 200
    assert maker.get(f"/api/arenas/{made['id']}").get_json()["size"] == 5
    players = [app.test_client(), app.test_client()]
    for player in players:
        token = api_game(player)["csrf_token"]
        joined = player.post(f"/arenas/{made['id']}/join", data={"csrf_token": token})
        assert joined.status_code == 303
    assert players[0].get(f"/arenas/{made['id']}").headers["Location"] == "/"
    game = api_game(players[0])
    assert (game["arena"], game["size"], len(game["board"])) == (made["id"], 5, 25)


def test_hint_and_review_say_what_the_search_proves(client: FlaskClient) -> None:
    call(client, "/api/new", {"x": "user", "o": "user", "board": "5x5"})
    for ply, cell in enumerate(("C3", "B2", "C4", "A1", "C2", "C5", "C1")):
        assert call(client, "/api/move", {"cell": cell, "ply": ply})[0] == 200
    review = client.get("/api/review").get_json()
    assert review["first_mistake"] == {"ply": 4, "cell": "A1", "by": "O"}
    page = client.get("/review").get_data(as_text=True)
    assert "no forced win found" in page and "A1" in page
    call(client, "/api/new", {"x": "user", "o": "user", "board": "7x7"})
    hint = client.get("/?hint=1").get_data(as_text=True)
    assert "No forced win found within the search. Best move: D4." in hint
