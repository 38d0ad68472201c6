"""Errors: one base class, every error a ValueError with a message fit for a player."""

from __future__ import annotations

import pytest

from webapp import engine
from webapp.engine import TicTacToeError

ERROR_NAMES = [
    "CoordinatesOutOfRangeError",
    "GameOverError",
    "InvalidPositionError",
    "NotNumbersError",
    "OccupiedCellError",
    "UnknownCellError",
    "UnknownLevelError",
]


@pytest.mark.parametrize("name", ERROR_NAMES)
def test_every_error_shares_the_base_and_is_a_value_error(name: str) -> None:
    error_class = getattr(engine, name)
    assert issubclass(error_class, TicTacToeError)
    assert issubclass(error_class, ValueError)


def test_unknown_level_message() -> None:
    with pytest.raises(engine.UnknownLevelError) as caught:
        engine.computer_move(engine.Board(), "impossible")
    assert str(caught.value) == "Unknown player 'impossible': choose user, easy, medium or hard."


def test_message_property_is_the_text() -> None:
    assert engine.OccupiedCellError().message == "This cell is occupied! Choose another one!"
