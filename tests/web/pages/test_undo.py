"""Undo: POST /undo takes back one move, or against the computer its reply and the person's move."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.web.conftest import new_game
from tests.web.shown import page, submit
from webapp.engine import CELL_IDS
from webapp.rules import errors
from webapp.web.cycle.matches import StaleFormError

NOTHING_TO_UNDO = errors.NOTHING_TO_UNDO.message  # the words the board flashes
STALE = StaleFormError.refusal.message  # the words the board flashes


def first_empty(board: str) -> str:
    """The first empty cell in reading order."""
    return CELL_IDS[board.index("_")]


def undo_button(client: FlaskClient) -> dict[str, str]:
    """The Undo button of the board."""
    return page(client).form("/undo").buttons[0]


def test_hot_seat_undo_takes_back_the_last_move(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "A1"})
    post(client, "/move", {"cell": "B2"})
    response = submit(client, "/undo")
    assert response.status_code == 303 and response.location == "/"
    game = api_game(client)
    assert game["moves"] == ["A1"] and game["turn"] == "O"
    assert page(client).status == "Player 2 to move (O)"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("person", ["X", "O"])
def test_undo_against_the_computer_gives_the_person_the_move_again(
    client: FlaskClient, level: str, person: str
) -> None:
    x, o = ("user", level) if person == "X" else (level, "user")
    new_game(client, x, o)
    while (before := api_game(client))["turn"] is not None:
        assert before["turn"] == person
        submit(client, "/move", cell=first_empty(before["board"]))
        played = api_game(client)
        assert played["ply"] in (before["ply"] + 1, before["ply"] + 2)
        submit(client, "/undo")
        undone = api_game(client)
        # the board before the person's last move, and it is the person's turn again
        assert undone["board"] == before["board"] and undone["moves"] == before["moves"]
        assert undone["turn"] == person and undone["players"][person] == "user"
        shown = page(client)
        assert shown.status == f"Your turn ({person})"
        assert any(tag == "button" and a.get("name") == "cell" for tag, a in shown.elements)
        submit(client, "/move", cell=first_empty(before["board"]))  # play on
    assert api_game(client)["status"] != "Game not finished"


def test_computer_against_computer_undo_takes_back_one_move(client: FlaskClient) -> None:
    new_game(client, "easy", "hard")
    submit(client, "/finish")
    finished = api_game(client)
    submit(client, "/undo")
    game = api_game(client)
    assert game["moves"] == finished["moves"][:-1]
    assert game["status"] == "Game not finished"
    assert page(client).has_form("/step")


def test_undo_is_disabled_when_there_is_nothing_to_take_back(client: FlaskClient) -> None:
    assert "disabled" in undo_button(client)
    new_game(client, "hard", "user")  # the computer's opening cannot be taken back
    assert api_game(client)["ply"] == 1
    assert "disabled" in undo_button(client)
    before = api_game(client)
    response = submit(client, "/undo")
    assert response.status_code == 303
    assert NOTHING_TO_UNDO in page(client).text
    assert api_game(client)["moves"] == before["moves"]


def test_undo_is_enabled_after_a_move(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "C3"})
    assert "disabled" not in undo_button(client)


def test_undo_from_an_old_page_is_refused(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "A1"})
    old = page(client).form("/undo").fields
    post(client, "/move", {"cell": "B2"})
    client.post("/undo", data=old)
    assert STALE in page(client).text
    assert api_game(client)["moves"] == ["A1", "B2"]


def test_undo_needs_the_csrf_token(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "A1"})
    fields = page(client).form("/undo").fields
    del fields["csrf_token"]
    assert client.post("/undo", data=fields).status_code == 400
    assert api_game(client)["moves"] == ["A1"]


def test_undoing_an_ending_takes_its_result_off_the_score(client: FlaskClient) -> None:
    for cell in ("A1", "B1", "A2", "B2"):
        submit(client, "/move", cell=cell)
    submit(client, "/move", cell="A3")
    assert page(client).score()["Player 1"] == 1
    submit(client, "/undo")
    shown = page(client)
    assert shown.score()["Player 1"] == 0 and shown.status == "Player 1 to move (X)"
    assert api_game(client)["tally"]["wins"] == {"Player 1": 0, "Player 2": 0}
    submit(client, "/move", cell="A3")  # the same ending again counts once
    assert page(client).score()["Player 1"] == 1
    assert api_game(client)["tally"]["wins"]["Player 1"] == 1
