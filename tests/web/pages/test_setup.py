"""GET and POST /new, Play again, loading a position, and computer-against-computer play."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post, stored_match
from tests.web.text_pages import said, text_on


def test_setup_form_preselects_the_current_players(client: FlaskClient) -> None:
    post(client, "/new", {"x": "medium", "o": "user"})
    page = client.get("/new").get_data(as_text=True)
    assert re.search(r'name="x" value="medium" checked', page)
    assert re.search(r'name="o" value="user" checked', page)
    assert 'action="/new"' in page and "Start" in page


def test_setup_form_can_be_filled_from_the_address(client: FlaskClient) -> None:
    page = client.get("/new?x=hard&o=easy&position=_XXOO_OX_").get_data(as_text=True)
    assert re.search(r'name="x" value="hard" checked', page)
    assert re.search(r'name="o" value="easy" checked', page)
    assert 'value="_XXOO_OX_"' in page


def test_the_position_fields_help_gives_each_boards_count_of_cells(client: FlaskClient) -> None:
    page = client.get("/new").get_data(as_text=True)  # the form offers 5x5 and 7x7 too
    assert "25 on 5x5, 49 on 7x7" in page and "Nine cells" not in page


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"x": "user"},
        {"x": "easy", "o": "expert"},
        {"x": "USER", "o": "user"},
        {"x": "", "o": ""},
        {"x": "user hard", "o": "hard"},
    ],
)
def test_bad_parameters_change_nothing(
    app: Flask, client: FlaskClient, form: dict[str, str]
) -> None:
    post(client, "/move", {"cell": "B2"})
    before = stored_match(app, client)
    response = post(client, "/new", form)
    assert response.status_code == 303 and response.headers["Location"] == "/new"
    assert "Bad parameters!" in client.get("/new").get_data(as_text=True)
    after = stored_match(app, client)
    assert before is not None and after == before


@pytest.mark.parametrize("board", ["9x9", "5X5"])
def test_a_board_no_form_offers_keeps_the_players_and_names_the_boards(
    app: Flask, client: FlaskClient, board: str
) -> None:
    """It went back to a blank /new, the players chosen lost, saying only Bad parameters!."""
    post(client, "/move", {"cell": "B2"})
    before = stored_match(app, client)
    response = post(client, "/new", {"x": "hard", "o": "user", "board": board})
    assert response.headers["X-Move-Result"] == "refused"
    assert response.headers["Location"] == "/new?x=hard&o=user"
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r'name="x" value="hard" checked', page)
    assert re.search(r'name="o" value="user" checked', page)
    assert "choose 3x3, 5x5 or 7x7" in page
    assert stored_match(app, client) == before


@pytest.mark.parametrize(
    "form",
    [
        {"x": "user", "o": ["friend", "hard"]},
        {"x": ["user", "user"], "o": "easy"},
        {"x": "user", "o": "user", "board": ["5x5", "7x7"]},
    ],
)
def test_a_field_posted_twice_starts_nothing(
    app: Flask, client: FlaskClient, form: dict[str, Any]
) -> None:
    """It started a game of the first value (an online match, for o=friend&o=hard), where the
    board's forms refuse a field posted twice."""
    post(client, "/move", {"cell": "B2"})
    before = stored_match(app, client)
    response = post(client, "/new", form)
    assert response.headers["X-Move-Result"] == "refused"
    assert response.headers["Location"].startswith("/new")
    assert stored_match(app, client) == before


def test_starting_a_game_redirects_to_the_board(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "B2"})
    response = post(client, "/new", {"x": "user", "o": "easy"})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    game = api_game(client)
    assert game["moves"] == [] and game["players"] == {"X": "user", "O": "easy"}


def test_computer_starts_when_it_plays_x(client: FlaskClient) -> None:
    post(client, "/new", {"x": "hard", "o": "user"})
    game = api_game(client)
    assert len(game["moves"]) == 1 and game["turn"] == "O"
    assert "Your turn (O)" in client.get("/").get_data(as_text=True)


def test_loading_a_position(client: FlaskClient) -> None:
    post(client, "/new", {"x": "user", "o": "user", "position": "_XXOO_OX_"})
    game = api_game(client)
    assert game["board"] == "_XXOO_OX_" and game["turn"] == "X"
    post(client, "/move", {"cell": "A1"})
    assert api_game(client)["status"] == "X wins"


def test_loaded_position_where_the_computer_is_to_move(client: FlaskClient) -> None:
    post(client, "/new", {"x": "user", "o": "hard", "position": "X________"})
    game = api_game(client)
    assert game["start"] == "X________" and len(game["moves"]) == 1
    assert game["turn"] == "X"


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ("XXX", "9 cells; this one has 3"),
        ("XXXXXXXXX", "Impossible counts"),
        ("XXXOOO___", "both X and O"),
        ("abcdefghi", "only X, O and _"),
    ],
)
def test_impossible_positions_are_refused(
    app: Flask, client: FlaskClient, position: str, message: str
) -> None:
    post(client, "/move", {"cell": "B2"})
    before = stored_match(app, client)
    response = post(client, "/new", {"x": "user", "o": "user", "position": position})
    assert response.status_code == 303 and response.headers["Location"].startswith("/new?")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert message in page
    assert f'value="{position}"' in page  # the form keeps what was typed
    after = stored_match(app, client)
    assert before is not None and after == before


@pytest.mark.parametrize("board", ["5x5", "7x7"])
def test_a_refused_start_goes_back_to_the_form_on_the_board_chosen(
    client: FlaskClient, board: str
) -> None:
    refused = post(client, "/new", {"x": "user", "o": "hard", "board": board, "position": "_" * 24})
    assert refused.headers["X-Move-Result"] == "refused"
    page = client.get(refused.headers["Location"]).get_data(as_text=True)
    assert re.search(rf'name="board" value="{board}" checked', page)
    assert "A position of a 3x3 board" not in page and f"A position of a {board} board" in page


def test_play_again_keeps_the_players(client: FlaskClient) -> None:
    post(client, "/new", {"x": "user", "o": "medium"})
    first = api_game(client)["game"]
    response = post(client, "/again")
    assert response.status_code == 303
    game = api_game(client)
    assert game["players"] == {"X": "user", "O": "medium"}
    assert game["moves"] == [] and game["game"] != first


def test_computer_against_computer_waits_and_steps(client: FlaskClient) -> None:
    post(client, "/new", {"x": "easy", "o": "hard"})
    assert api_game(client)["moves"] == []
    page = client.get("/").get_data(as_text=True)
    assert "Next move" in page and "Play to the end" in page
    assert 'name="cell"' not in page
    post(client, "/step")
    assert len(api_game(client)["moves"]) == 1
    post(client, "/finish")
    game = api_game(client)
    assert game["turn"] is None and game["status"] in ("Draw", "O wins")
    assert sum(game["tally"]["wins"].values()) + game["tally"]["draws"] == 1
    post(client, "/step")
    assert "The game is over" in client.get("/").get_data(as_text=True)


def test_hard_against_hard_is_always_a_draw(client: FlaskClient) -> None:
    for _ in range(5):
        post(client, "/new", {"x": "hard", "o": "hard"})
        post(client, "/finish")
        assert api_game(client)["status"] == "Draw"
    assert api_game(client)["tally"] == {
        "wins": {"Computer 1": 0, "Computer 2": 0},
        "draws": 5,
        "practice": False,
    }


def test_step_buttons_only_for_computer_games(app: Flask, client: FlaskClient) -> None:
    post(client, "/move", {"cell": "A1"})
    before = stored_match(app, client)
    post(client, "/step")
    post(client, "/finish")
    after = stored_match(app, client)
    assert before is not None and after == before
    assert "for games between two computers" in client.get("/").get_data(as_text=True)


def test_score_tally_over_several_games(client: FlaskClient) -> None:
    wins = ["A1", "B1", "A2", "B2", "A3"]
    for _ in range(2):
        post(client, "/new", {"x": "user", "o": "user"})
        play(client, wins)
    post(client, "/new", {"x": "user", "o": "user"})
    play(client, ("A1", "B1", "A2", "B2", "C3", "B3"))
    page = client.get("/").get_data(as_text=True)
    assert re.search(r"<dt>Player 1</dt><dd data-seat=\"1\">2<", page)
    assert re.search(r"<dt>Player 2</dt><dd data-seat=\"2\">1<", page)


@pytest.mark.parametrize("o", ["hard", "user"])
def test_a_game_on_this_device_keeps_no_clock_though_one_was_chosen(
    client: FlaskClient, o: str
) -> None:
    """Its clock would never run: the form says so, and the API and text mode say there is
    none (text mode said "The clock is stopped: it runs while a game is being played." of a
    game being played, and the API showed 30 s a move that never ran)."""
    assert "online games only" in client.get("/new").get_data(as_text=True)
    post(client, "/new", {"x": "user", "o": o, "clock": "30"})
    post(client, "/move", {"cell": "B2"})
    assert api_game(client)["clock"] is None
    text_on(client)
    assert said(client, "clock")[0] == "This game has no clock."
