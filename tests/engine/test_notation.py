"""Notations: cell ids, row/column coordinates, numpad digits and position strings."""

from __future__ import annotations

import pytest

from webapp.engine import (
    CELL_IDS,
    Board,
    CoordinatesOutOfRangeError,
    InvalidPositionError,
    NotNumbersError,
    UnknownCellError,
    cell_name,
    format_coordinates,
    numpad_key,
    parse_cell,
    parse_coordinates,
    parse_numpad,
)


def test_cell_ids_round_trip() -> None:
    for index in range(9):
        assert parse_cell(cell_name(index)) == index
    assert CELL_IDS == ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3")


@pytest.mark.parametrize("text", ["b2", " B2 ", "\tb2\n", "B2"])
def test_cell_ids_are_case_insensitive_and_trimmed(text: str) -> None:
    assert parse_cell(text) == 4


@pytest.mark.parametrize("text", ["", "B", "B4", "D1", "A0", "B 2", "22", "B2B2", "\uff22\uff12"])
def test_unknown_cell_ids(text: str) -> None:
    with pytest.raises(UnknownCellError) as caught:
        parse_cell(text)
    assert caught.value.code == "unknown_cell"


def test_unknown_cell_message_is_short_even_for_huge_input() -> None:
    with pytest.raises(UnknownCellError) as caught:
        parse_cell("Z" * 10_000)
    assert len(str(caught.value)) < 80


def test_coordinates_round_trip() -> None:
    for index in range(9):
        assert parse_coordinates(format_coordinates(index)) == index
    assert format_coordinates(2) == "1 3"
    assert parse_coordinates("3 2") == 7


def test_coordinates_allow_any_run_of_spaces() -> None:
    assert parse_coordinates("  2    3 ") == 5


@pytest.mark.parametrize("text", ["one", "one three", "1", "", "1 2 3", "1.0 2", "a 1", "٣ ٣"])
def test_coordinates_that_are_not_numbers(text: str) -> None:
    with pytest.raises(NotNumbersError) as caught:
        parse_coordinates(text)
    assert caught.value.code == "not_numbers"


@pytest.mark.parametrize("text", ["4 1", "0 0", "-1 2", "1 4", "10 10"])
def test_coordinates_out_of_range(text: str) -> None:
    with pytest.raises(CoordinatesOutOfRangeError) as caught:
        parse_coordinates(text)
    assert caught.value.code == "coordinates_out_of_range"


def test_numpad_layout_is_seed_004s() -> None:
    assert [cell_name(parse_numpad(str(d))) for d in range(1, 10)] == [
        "C1",
        "C2",
        "C3",
        "B1",
        "B2",
        "B3",
        "A1",
        "A2",
        "A3",
    ]
    for index in range(9):
        assert parse_numpad(numpad_key(index)) == index


@pytest.mark.parametrize("text", ["0", "10", "", "x", "\uff15"])
def test_unknown_numpad_keys(text: str) -> None:
    with pytest.raises(UnknownCellError) as caught:
        parse_numpad(text)
    assert caught.value.code == "unknown_key"


def test_position_strings_accept_lowercase_and_spaces_around() -> None:
    assert Board.from_string(" _xo_ox___").to_string() == "_XO_OX___"


@pytest.mark.parametrize(
    ("position", "code", "params"),
    [
        ("XXOO", "position_length", {"count": 4}),
        ("_XXOO_OX__", "position_length", {"count": 10}),
        ("_XXOO_OY_", "position_marks", {}),
        ("XXX______", "impossible_counts", {"x": 3, "o": 0}),
        ("O________", "impossible_counts", {"x": 0, "o": 1}),
        ("XXXOOO___", "both_won", {}),
        ("XXXOO_O__", "o_after_x_won", {}),
        ("OOOXX_XX_", "x_after_o_won", {}),
    ],
)
def test_impossible_positions_say_why(position: str, code: str, params: dict[str, int]) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Board.from_string(position)
    assert (caught.value.code, caught.value.params) == (code, params)


def test_non_string_position_is_refused() -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Board.from_string(None)  # type: ignore[arg-type]
    assert caught.value.code == "not_a_position"
