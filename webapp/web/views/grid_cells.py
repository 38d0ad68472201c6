"""The live board's grid kept per cell: each cell's HTML by the cell alone (its id, mark,
playability, hint and last-move marks), the table around the cells once per size, whether
it can be played and language, so that a new state renders only the cells it changed."""

from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass

from flask import current_app
from jinja2 import Environment
from markupsafe import Markup

from ..site.i18n import language
from .grid import Cell, Rows

TEMPLATE = "_board.html"
# What the table is rendered with in place of each cell: random, so no page text holds it.
_CELL = Markup(f"<!--cell-{secrets.token_hex(16)}-->")


@dataclass(frozen=True)
class GridTable:
    """What ``_game.html``'s grid shows: the table, whether a cell can be played (the note
    on the keys), and the board's size (which keys)."""

    table: Markup
    active: bool
    size: int


def grid(rows: Rows, active: bool) -> GridTable:
    """The model of the grid of ``rows``, ``active`` when some cell can be played now."""
    return GridTable(table(rows, active), active, len(rows))


def table(rows: Rows, active: bool) -> Markup:
    """The grid's table of ``rows`` (as ``board_table`` renders it), ``active`` when some
    cell can be played now, from the kept table around the cells and the kept cells."""
    shown = language()
    pieces = _frame(tuple(row for row, _ in rows), active, shown)
    html = [pieces[0]]
    for cell, piece in zip((c for _, cells in rows for c in cells), pieces[1:], strict=True):
        html += (_cell(cell, shown), piece)
    return Markup("".join(html))


def _module(shown: str) -> object:
    """``_board.html``'s macros in ``shown``'s copy of the app's templates."""
    environment: Environment = current_app.extensions["templates_by_language"][shown]
    return environment.get_template(TEMPLATE).module


# A 7x7 board has 49 cells of a few traits each: room for every cell of many boards.
@functools.lru_cache(maxsize=8192)
def _cell(cell: Cell, shown: str) -> str:
    """One cell's HTML in language ``shown`` (its accessible name is in words); the arguments
    are the cache's key."""
    return str(_module(shown).board_cell(cell))  # type: ignore[attr-defined]


@functools.lru_cache(maxsize=64)
def _frame(letters: tuple[str, ...], active: bool, shown: str) -> tuple[str, ...]:
    """The table of a grid whose rows are ``letters`` (as many columns), cut where its cells
    go; the arguments are the cache's key."""
    size = len(letters)
    rows = tuple((letter, (None,) * size) for letter in letters)
    frame = str(_module(shown).board_table(rows, active, lambda _: _CELL))  # type: ignore[attr-defined]
    pieces = tuple(frame.split(_CELL))
    if len(pieces) != size * size + 1:
        raise ValueError(f"the table has {len(pieces) - 1} places for {size * size} cells")
    return pieces
