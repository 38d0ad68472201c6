"""Reading text mode's field: every notation of a cell, the commands in two languages."""

from __future__ import annotations

import pytest
from flask import Flask

from webapp.engine import Board
from webapp.web.text import text_commands


@pytest.mark.parametrize(
    ("typed", "cell"),
    [("A1", "A1"), ("c3", "C3"), ("b 2", "B2"), (" a  3 ", "A3"), ("1 1", "A1"), ("3 2", "C2")],
)
def test_every_notation_names_its_cell(typed: str, cell: str) -> None:
    assert text_commands.cell_of(typed, numpad=False) == cell


@pytest.mark.parametrize(
    ("digit", "cell"),
    list(zip("789456123", ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"], strict=True)),
)
def test_numpad_digits_follow_the_keypad_only_when_chosen(digit: str, cell: str) -> None:
    assert text_commands.cell_of(digit, numpad=True) == cell
    assert text_commands.cell_of(digit, numpad=False) is None


@pytest.mark.parametrize("typed", ["", "A4", "D1", "11", "0 0", "1 4", "A1 B2", "7 7 7", "½"])
def test_what_names_no_cell(typed: str) -> None:
    assert text_commands.cell_of(typed, numpad=True) is None


def test_refusals_say_why(app: Flask) -> None:
    board = Board.from_string("X___O____")
    with app.test_request_context("/"):
        assert text_commands.refusal("a1", board, numpad=False) == "A1 is taken by X."
        assert text_commands.refusal("2 2", board, numpad=False) == "B2 is taken by O."
        assert (
            text_commands.refusal("q", board, numpad=False) == "That is not a cell: try A1 to C3."
        )
        assert "numpad" in text_commands.refusal("5", board, numpad=False)
        for typed in ("12", "123", "0", "1 2 3"):  # only a single digit is told of the numpad
            said = text_commands.refusal(typed, board, numpad=False)
            assert said == "That is not a cell: try A1 to C3.", typed
        assert text_commands.refusal("c3", board, numpad=False) == ""


def test_commands_in_english_and_in_the_pages_language(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert text_commands.command_of("AYUDA") == "help"
        assert text_commands.command_of("help") == "help"
        assert text_commands.command_of("deshacer") == "undo"
        assert text_commands.command_of("b2") is None
        assert text_commands.yes_word() == "sí"
    with app.test_request_context("/"):
        assert set(text_commands.words()) == set(text_commands.COMMANDS)
