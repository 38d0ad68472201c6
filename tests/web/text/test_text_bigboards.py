"""Text mode on 5x5 and 7x7: cells typed A1 to G7 (or row and column), one off the board
refused in words, the board read row by row."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.conftest import api_game
from tests.web.conftest import new_game
from tests.web.text_pages import board, part, said, text_on


def test_cells_of_a_7x7_board_are_typed_as_a1_to_g7(client: FlaskClient) -> None:
    new_game(client, "user", "user", board="7x7")
    text_on(client)
    said(client, "g7")
    said(client, "7 1")  # row then column: G1
    game = api_game(client)
    assert game["moves"] == ["G7", "G1"] and len(game["board"]) == 49
    assert said(client, "H1")[1] == "That is not a cell: try A1 to G7."
    assert said(client, "8 1")[1] == "That is not a cell: try A1 to G7."
    assert api_game(client)["version"] == game["version"]


def test_the_board_command_reads_every_row(client: FlaskClient) -> None:
    new_game(client, "user", "user", board="5x5")
    text_on(client)
    said(client, "E5")
    announced, _alerts = said(client, "board")
    assert announced.startswith("Row A: empty, empty, empty, empty, empty.")
    assert "Row E: empty, empty, empty, empty, X." in announced
    assert 'id="text-command"' in board(client) and part(board(client), "text-alerts") == ""


def test_help_on_a_larger_board_does_not_offer_the_numpad_it_does_not_play(
    client: FlaskClient,
) -> None:
    new_game(client, "user", "user", board="5x5")
    text_on(client)
    said(client, "numpad")  # the layout is this browser's, for its 3x3 games
    assert said(client, "7")[1] == "That is not a cell: try A1 to E5."
    assert "numeric keypad" not in said(client, "help")[0]
    new_game(client, "user", "user")
    assert "A digit alone plays as on a numeric keypad" in said(client, "help")[0]


def test_turning_the_numpad_on_beside_a_larger_board_says_where_digits_play(
    client: FlaskClient,
) -> None:
    new_game(client, "user", "user", board="7x7")
    text_on(client)
    announced = said(client, "numpad")[0]
    assert "on a 3x3 board; here, type a cell such as B2" in announced
    assert "Digits now play" not in announced
    new_game(client, "user", "user")
    said(client, "numpad")  # off again
    assert "Digits now play as on a numeric keypad" in said(client, "numpad")[0]
