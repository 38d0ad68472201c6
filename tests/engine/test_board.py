"""Board: every reachable position's round trip, status, turn and winning cells."""

from __future__ import annotations

import itertools

import pytest

from tests.engine import reference
from webapp.engine import (
    Board,
    GameOverError,
    InvalidPositionError,
    OccupiedCellError,
    Status,
    UnknownCellError,
)


def test_exactly_5478_positions_are_reachable(reachable: list[str]) -> None:
    assert len(reachable) == 5478
    assert sum(reference.status(c) == "Game not finished" for c in reachable) == 4520


def test_from_string_accepts_exactly_the_reachable_positions(reachable: list[str]) -> None:
    accepted = set()
    for cells in map("".join, itertools.product("XO_", repeat=9)):
        try:
            Board.from_string(cells)
        except ValueError:
            continue
        accepted.add(cells)
    assert accepted == set(reachable)


def test_string_round_trip_is_exact(reachable: list[str]) -> None:
    for cells in reachable:
        assert Board.from_string(cells).to_string() == cells


def test_status_turn_and_line_match_brute_force(reachable: list[str]) -> None:
    for cells in reachable:
        board = Board.from_string(cells)
        expected = reference.status(cells)
        assert board.status == expected
        assert isinstance(board.status, Status)
        assert board.turn == (reference.to_move(cells) if expected == "Game not finished" else None)
        line = board.winning_line
        assert (set(line) if line else set()) == reference.winning_cells(cells)


def test_status_texts_are_seed_002s() -> None:
    assert [s.value for s in Status] == ["Game not finished", "Draw", "X wins", "O wins"]


def test_empty_board() -> None:
    board = Board()
    assert board.to_string() == "_________"
    assert board.turn == "X"
    assert board.status == "Game not finished"
    assert board.winning_line is None
    assert len(board.legal_moves) == 9


def test_play_returns_a_new_board_and_leaves_the_old_one() -> None:
    board = Board()
    after = board.play("b2")
    assert board.to_string() == "_________"
    assert after.to_string() == "____X____"
    assert after.turn == "O"
    assert after["B2"] == "X"


def test_cell_ids_read_row_by_row() -> None:
    assert Board().play("A3").to_string() == "__X______"
    assert Board().play("C2").to_string() == "_______X_"


def test_one_move_completing_two_lines_highlights_both() -> None:
    # X plays A1 completing row A and column 1 at once.
    board = Board.from_string("_XXXOOXOO").play("A1")
    assert board.status == "X wins"
    assert board.winning_line == ("A1", "A2", "A3", "B1", "C1")


def test_occupied_cell_is_refused() -> None:
    with pytest.raises(OccupiedCellError) as caught:
        Board().play("A1").play("a1")
    assert caught.value.code == "occupied_cell"


def test_unknown_cell_names_the_input() -> None:
    with pytest.raises(UnknownCellError) as caught:
        Board().play("D4")
    assert (caught.value.code, caught.value.params) == ("unknown_cell", {"text": "'D4'"})


def test_move_after_the_end_says_the_game_is_over() -> None:
    with pytest.raises(GameOverError) as caught:
        Board.from_string("XXXOO____").play("C3")
    assert (caught.value.code, caught.value.params) == ("game_over", {"status": "X wins"})


def test_boards_are_values() -> None:
    assert Board.from_string("x________") == Board().play("A1")
    assert len({Board(), Board.from_string("_________")}) == 1


@pytest.mark.parametrize(
    ("position", "code"),
    [("_XX0O_OX_", "zero_for_o"), ("_XX-O_OX_", "position_marks")],
)
def test_a_position_with_a_zero_says_to_use_the_letter(position: str, code: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Board.from_string(position)
    assert caught.value.code == code
