"""5x5 (four in a row) and 7x7 (five): cells, lines, wins anywhere, refusals, stored forms."""

from __future__ import annotations

import pytest

from webapp.engine import (
    BOARD_NAMES,
    Board,
    Game,
    InvalidPositionError,
    OccupiedCellError,
    Status,
    UnknownBoardError,
    UnknownCellError,
    cell_name,
    geometry,
    parse_board,
    parse_cell,
    winning_cells,
)

SIZES = ((3, 3), (5, 4), (7, 5))


def test_the_boards_are_3x3_5x5_and_7x7_with_three_four_and_five_in_a_row() -> None:
    assert BOARD_NAMES == ("3x3", "5x5", "7x7")
    sizes = [parse_board(name) for name in BOARD_NAMES]
    assert [(size, geometry(size).line) for size in sizes] == [(3, 3), (5, 4), (7, 5)]
    for wrong in ("4x4", "5", "", None, "9x9"):
        with pytest.raises(UnknownBoardError):
            parse_board(wrong)


@pytest.mark.parametrize(("size", "count"), [(3, 8), (5, 28), (7, 60)])
def test_every_line_of_the_winning_length_is_listed_once(size: int, count: int) -> None:
    shape = geometry(size)
    assert len(set(shape.lines)) == len(shape.lines) == count
    for line in shape.lines:
        rows, cols = zip(*(divmod(i, size) for i in line), strict=True)
        steps = {(rows[s + 1] - rows[s], cols[s + 1] - cols[s]) for s in range(len(line) - 1)}
        assert len(line) == shape.line and len(steps) == 1
        assert steps <= {(0, 1), (1, 0), (1, 1), (1, -1)}


@pytest.mark.parametrize(("size", "last"), [(3, "C3"), (5, "E5"), (7, "G7")])
def test_cells_are_named_by_row_letter_and_column_number(size: int, last: str) -> None:
    ids = Board(size).legal_moves
    assert ids[0] == "A1" and ids[-1] == last and len(ids) == size * size
    assert ids[size] == "B1"
    for index, cell in enumerate(ids):
        assert parse_cell(cell.lower(), size) == index
        assert cell_name(index, size) == cell


@pytest.mark.parametrize(("size", "cell"), [(5, "F1"), (5, "A6"), (7, "H1"), (7, "A8"), (5, "Z")])
def test_a_cell_off_the_board_is_refused_and_changes_nothing(size: int, cell: str) -> None:
    board = Board(size).play("C3")
    with pytest.raises(UnknownCellError) as refusal:
        board.play(cell)
    assert str(refusal.value) == (
        f"Unknown cell {cell!r}: cells are A1 to {geometry(size).last_cell}."
    )
    assert board.to_string().count("X") == 1 and board.ply == 1


def _won_on(line: tuple[int, ...], size: int) -> str:
    """X on ``line``, O on the first cells off it (one fewer: too few to make a line)."""
    cells = ["_"] * (size * size)
    for i in line:
        cells[i] = "X"
    others = [i for i in range(size * size) if i not in line][: len(line) - 1]
    for i in others:
        cells[i] = "O"
    return "".join(cells)


@pytest.mark.parametrize(("size", "line"), SIZES)
def test_line_in_a_row_wins_on_every_row_column_and_diagonal(size: int, line: int) -> None:
    shape = geometry(size)
    for cells in shape.lines:
        board = Board.from_string(_won_on(cells, size))
        assert board.status is Status.X_WINS, cells
        assert board.winning_line == tuple(shape.cell_ids[i] for i in sorted(cells))
        assert board.turn is None and board.legal_moves == ()


@pytest.mark.parametrize(("size", "line"), [(5, 4), (7, 5)])
def test_one_short_of_the_line_is_no_win(size: int, line: int) -> None:
    board = Board(size)
    for row in range(line - 1):  # X along row A, O along row C
        board = board.play(f"A{row + 1}").play(f"C{row + 1}")
    assert board.status is Status.IN_PROGRESS
    assert winning_cells(board, "X") == (f"A{line}",)
    assert board.play(f"A{line}").status is Status.X_WINS


def test_a_move_is_refused_on_an_occupied_cell_of_a_large_board() -> None:
    with pytest.raises(OccupiedCellError):
        Board(7).play("D4").play("D4")


def test_positions_of_each_size_are_read_strictly() -> None:
    assert Board.from_string("_" * 25).size == 5
    assert Board.from_string("x" + "_" * 48).line == 5
    # Without a board named, each board's count is one to have: not 9 alone.
    with pytest.raises(InvalidPositionError, match="has 9, 25 or 49 cells; this one has 16"):
        Board.from_string("_" * 16)
    with pytest.raises(InvalidPositionError, match="a string of 9, 25 or 49 cells"):
        Board.from_string(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match="5x5 board has 25 cells; this one has 9"):
        Board.from_string("_" * 9, 5)
    both = "XXXX_" + "OOOO_" + "X" + "_" * 14
    with pytest.raises(InvalidPositionError, match="both X and O have 4 in a row"):
        Board.from_string(both)


@pytest.mark.parametrize("size", [5, 7])
def test_a_large_game_is_stored_with_its_size_and_replayed(size: int) -> None:
    game = Game.new("user", "hard", size=size).play("A1").play("B2")
    data = game.to_dict()
    assert data["size"] == size and len(data["start"]) == size * size
    again = Game.from_dict(data)
    assert again == game and again.board.to_string() == game.board.to_string()
    assert again.undo().moves == ("A1",)


def test_a_3x3_game_is_stored_as_before_sizes_and_read_without_one() -> None:
    data = Game.new("user", "user").play("B2").to_dict()
    assert data == {"x": "user", "o": "user", "start": "_" * 9, "moves": ["B2"]}
    assert Game.from_dict(data).size == 3


def test_a_stored_size_that_is_not_its_positions_is_not_readable() -> None:
    data = Game.new("user", "user", size=5).to_dict()
    with pytest.raises(InvalidPositionError):
        Game.from_dict({**data, "size": 7})
    with pytest.raises(UnknownBoardError):
        Game.from_dict({**data, "size": 4})
