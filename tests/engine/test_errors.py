"""Errors: one base class, every error a ValueError with a message fit for a player."""

from __future__ import annotations

import re

import pytest

from webapp import engine
from webapp.engine import Refusal, TicTacToeError, errors

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


def test_unknown_level_names_the_input() -> None:
    with pytest.raises(engine.UnknownLevelError) as caught:
        engine.computer_move(engine.Board(), "impossible")
    assert (caught.value.code, caught.value.params) == ("unknown_level", {"text": "'impossible'"})


def test_the_message_is_the_refusals_words_filled_in() -> None:
    error = engine.UnknownCellError("D4")
    assert error.template == errors.UNKNOWN_CELL.message
    assert error.message == str(error) == errors.UNKNOWN_CELL.message % {"text": "'D4'"}


def test_every_engine_refusal_has_its_own_snake_case_code() -> None:
    refusals = [value for value in vars(errors).values() if isinstance(value, Refusal)]
    codes = [refusal.code for refusal in refusals]
    assert len(set(codes)) == len(codes) >= 17
    assert all(re.fullmatch("[a-z][a-z_]*[a-z]", code) for code in codes)
    assert all(cls.refusal in refusals for cls in map(vars(engine).get, ERROR_NAMES))
