"""What the board says and marks, in the player's words: results, the last move, the marks
that land, the struck line, an inactive grid, the score in sight and practice games."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post
from tests.web.conftest import new_game, state
from tests.web.shown import page


def _cell_classes(html: str) -> dict[str, str]:
    """Each cell's class attribute, by cell id."""
    found = re.findall(
        r'<td class="([^"]*)">\s*<(?:button|span)[^>]*data-cell="([A-C][1-3])"', html
    )
    return {cell: classes for classes, cell in found}


def test_losing_to_the_computer_says_so_with_the_mark(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    play(client, ("A1", "A2", "C3"))  # hard answers B2, A3, then wins at C1
    shown = page(client)
    assert shown.status == "The computer wins (O)"
    assert "<title>The computer wins (O) · Tic-tac-toe</title>" in shown.html


def test_winning_against_the_computer_and_practice(client: FlaskClient) -> None:
    new_game(client, "user", "hard", "XX_OO____")
    shown = page(client)
    assert shown.status == "Your turn (X)"
    assert "Practice: this game started from a chosen position and does not count." in shown.text
    play(client, ("A3",))
    shown = page(client)
    assert shown.status == "You win! (X)"
    assert shown.score() == {"You": 0, "Computer (hard)": 0, "Draws": 0}  # practice


def test_two_computers_are_named_in_the_status(client: FlaskClient) -> None:
    new_game(client, "easy", "hard")
    assert page(client).status == "Computer (easy) to move (X)"
    post(client, "/finish", {})
    assert re.fullmatch(r"Computer \((easy|hard)\) wins \([XO]\)|Draw", page(client).status)


def test_the_score_sits_above_the_board_in_one_line(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    html = page(client).html
    assert html.index('class="scoreboard"') < html.index('id="board"')
    assert re.search(
        r"<dt>You</dt><dd[^>]*>0</dd>.*<dt>Draws</dt>.*<dt>Computer \(hard\)</dt>", html, re.S
    )


def test_the_last_move_is_marked_and_named(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    play(client, ("A1",))
    reply = api_game(client)["moves"][-1]
    shown = page(client)
    assert shown.cells()[reply] == f"{reply}, O, last move"
    assert shown.cells()["A1"] == "A1, X"
    classes = _cell_classes(shown.html)
    assert "last" in classes[reply].split() and "last" not in classes["A1"].split()


def test_the_computers_reply_lands_after_the_persons_move(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    play(client, ("A1",))
    reply = api_game(client)["moves"][-1]
    classes = _cell_classes(page(client).html)
    assert "lands-now" in classes["A1"] and "lands-reply" in classes[reply]
    assert sum("lands-" in c for c in classes.values()) == 2


def test_in_hot_seat_only_the_last_move_lands(client: FlaskClient) -> None:
    play(client, ("A1", "B2"))
    classes = _cell_classes(page(client).html)
    assert "lands-now" in classes["B2"] and "lands-" not in classes["A1"]


@pytest.mark.parametrize(
    ("cells", "way"),
    [
        (("A1", "A2", "B1", "B2", "C1"), "column"),
        (("A1", "A2", "B2", "B1", "C3"), "diagonal"),
        (("A3", "A2", "B2", "B1", "C1"), "anti"),
    ],
)
def test_the_winning_line_is_struck_through_its_way(
    client: FlaskClient, cells: tuple[str, ...], way: str
) -> None:
    play(client, cells)
    classes = _cell_classes(page(client).html)
    struck = sorted(cell for cell, c in classes.items() if f"strike-{way}" in c)
    assert struck == sorted(api_game(client)["line"])


def test_a_grid_with_nothing_to_play_looks_inactive_and_has_no_keys_note(
    client: FlaskClient,
) -> None:
    shown = page(client)
    assert 'class="board size-3" id="board"' in shown.html and 'id="keys-note"' in shown.html
    new_game(client, "hard", "easy")
    shown = page(client)
    assert 'class="board size-3 inactive"' in shown.html and 'id="keys-note"' not in shown.html
    new_game(client, "user", "user")
    play(client, ("A1", "B1", "A2", "B2", "A3"))
    shown = page(client)
    assert 'class="board size-3 inactive"' in shown.html and 'id="keys-note"' not in shown.html


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ("XXXOO____", "This position is already over: X won."),
        ("XOXXOOOXX", "This position is already over: it is a draw."),
    ],
)
def test_a_start_position_already_over_is_refused_with_its_result(
    client: FlaskClient, position: str, message: str
) -> None:
    before = state(client)
    response = post(client, "/new", {"x": "user", "o": "user", "position": position})
    assert response.status_code == 303
    assert message in page(client, response.headers["Location"]).text
    assert state(client) == before
    assert message in page(client, f"/new?position={position}").text  # a shared link says it too
