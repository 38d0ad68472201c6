"""Hint: GET /?hint=1 shows the value of the position with perfect play and marks the best cells."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.conftest import post
from tests.web.conftest import new_game, state
from tests.web.shown import page
from webapp.engine import CELL_IDS, Board, evaluate


@pytest.mark.parametrize(
    ("position", "words", "best"),
    [
        ("_________", "With best play: draw", set(CELL_IDS)),
        ("XOOX_____", "With best play: X wins in 1 move", {"C1"}),
        ("XOXO_____", "With best play: X wins in 3 moves", {"B2", "C3"}),
        ("XOXO__X__", "With best play: O wins in 3 moves", {"B2"}),
        ("XOXO_X___", "With best play: draw", {"C3"}),
    ],
)
def test_hint_says_the_value_and_marks_the_best_cells(
    client: FlaskClient, position: str, words: str, best: set[str]
) -> None:
    new_game(client, "user", "user", position)
    shown = page(client, "/?hint=1")
    assert shown.ids["hint"].startswith(words + ".")
    every = len(best) == 9 - sum(cell != "_" for cell in position)
    assert ("Every move draws." if every else "Best move") in shown.ids["hint"]
    marked = {cell for cell, label in shown.cells().items() if label.endswith(", best move")}
    assert marked == best == set(evaluate(Board.from_string(position)).best)
    for cell in best:  # the best cells are still the buttons to play
        assert f'name="cell" value="{cell}" aria-label="{cell}, empty, best move"' in shown.html


def test_asking_for_a_hint_changes_no_game(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    post(client, "/move", {"cell": "A1"})
    before = state(client)
    shown = page(client, "/?hint=1")
    assert "hint" in shown.ids
    after = state(client)
    assert after == before


def test_the_board_offers_a_hint_link_and_shows_none_until_asked(client: FlaskClient) -> None:
    shown = page(client)
    # No fragment: the hint shows under the status, where the eye already is, and a jump to
    # it would hide the status.
    assert shown.link("Hint") == "/?hint=1"
    assert "hint" not in shown.ids
    assert not any(label.endswith("best move") for label in shown.cells().values())
    hinted = page(client, shown.link("Hint"))
    assert hinted.link("Hide hint") == "/"


def test_no_hint_once_the_game_is_over(client: FlaskClient) -> None:
    new_game(client, "user", "user", "XOOX_____")
    post(client, "/move", {"cell": "C1"})
    shown = page(client, "/?hint=1")
    assert shown.status == "Player 1 wins (X)"
    assert "hint" not in shown.ids
    assert all(not href.startswith("/?hint=1") for href, _ in shown.links)


def test_hint_between_two_computers_marks_cells_that_are_not_buttons(client: FlaskClient) -> None:
    new_game(client, "hard", "hard", "XOOX_____")
    shown = page(client, "/?hint=1")
    assert shown.ids["hint"].startswith("With best play: X wins in 1 move.")
    assert shown.cells()["C1"] == "C1, empty, best move"
    assert not any(tag == "button" and a.get("name") == "cell" for tag, a in shown.elements)


def test_only_hint_1_asks_for_a_hint(client: FlaskClient) -> None:
    assert "hint" not in page(client, "/?hint=0").ids
    assert "hint" not in page(client, "/?hint=yes%3Cscript%3E").ids


def test_a_drawn_position_says_every_move_draws_not_seven_best_cells(client: FlaskClient) -> None:
    new_game(client, "user", "user", "____X____")
    shown = page(client, "/?hint=1")
    assert shown.ids["hint"] == "With best play: draw. Best moves: A1, A3, C1, C3."
    new_game(client, "user", "user", "X___O____")
    shown = page(client, "/?hint=1")
    assert shown.ids["hint"] == "With best play: draw. Every move draws."
