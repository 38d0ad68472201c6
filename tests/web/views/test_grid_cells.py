"""The live board's grid kept per cell: the same table as rendered whole, for every trait a
cell shows, each size and language; a cell is rendered once, whichever grid holds it."""

from __future__ import annotations

from flask import Flask, current_app

from webapp.engine import Board, Game
from webapp.web.views import grid, grid_cells

# (size, moves, best cells): every trait a cell shows.
POSITIONS = (
    (3, (), ()),  # empty, every cell playable
    (3, ("A1", "B1", "A2", "B2", "A3"), ()),  # a won row: strikes, the last move landing
    (3, ("C3", "A1"), ("B2",)),  # X's move and O's reply, a hint's best cell
    (5, ("C3",), ()),
    (7, ("D4", "A1"), ("C3", "E5")),
)


def _whole(rows: grid.Rows, active: bool) -> str:
    """The table as ``board_table`` renders it on its own, each cell in turn."""
    environment = current_app.extensions["templates_by_language"]["en"]
    return str(environment.get_template("_board.html").module.board_table(rows, active))


def _rows(size: int, moves: tuple[str, ...], best: tuple[str, ...], playable: bool) -> grid.Rows:
    game = Game("user", "hard", Board(size))
    for cell in moves:
        game = game.play(cell)
    return grid.rows(game, playable, set(best), landed=True)


def test_the_table_made_per_cell_is_the_table_rendered_whole(app: Flask) -> None:
    tables = []
    for size, moves, best in POSITIONS:
        for active in (True, False):
            rows = _rows(size, moves, best, active)
            with app.test_request_context("/"):
                tables.append(grid_cells.table(rows, active))
                assert tables[-1] == _whole(rows, active)
    shown = "".join(tables)
    for trait in ("strike-row", " hint", " last", "lands-now", "inactive", "size-7", "<button"):
        assert trait in shown


def test_each_language_has_its_cells(app: Flask) -> None:
    rows = _rows(3, (), (), True)
    with app.test_request_context("/"):
        english = grid_cells.table(rows, True)
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        german = grid_cells.table(rows, True)
    assert "A1, empty" in english and "A1, empty" not in german


def test_a_cell_is_rendered_once_whichever_grid_holds_it(app: Flask) -> None:
    grid_cells._cell.cache_clear()
    with app.test_request_context("/"):
        grid_cells.table(_rows(3, (), (), True), True)
        made = grid_cells._cell.cache_info().misses
        grid_cells.table(_rows(3, ("B2",), (), True), True)  # one cell changed
    assert made == 9 and grid_cells._cell.cache_info().misses == made + 1
