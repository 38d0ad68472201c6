"""The notations of a cell and a position: cell ids, row/column coordinates, numpad keys."""

from __future__ import annotations

import re

from .errors import (
    OFF_BOARD,
    UNKNOWN_KEY,
    CoordinatesOutOfRangeError,
    NotNumbersError,
    UnknownCellError,
)
from .geometry import geometry

EMPTY = "_"
MARKS = frozenset("XO" + EMPTY)

# Seed 001: the letter is the row (A = top), the digit the column (1 = left); on 5x5 and 7x7
# the rows run on to E and G and the columns to 5 and 7.
CELL_IDS: tuple[str, ...] = geometry(3).cell_ids
_INDEX_OF_CELL = {
    size: {cell_id: index for index, cell_id in enumerate(geometry(size).cell_ids)}
    for size in (3, 5, 7)
}

# Seed 004: the keyboard's numpad, 7 8 9 on top and 1 2 3 at the bottom.
NUMPAD_KEYS: tuple[str, ...] = ("7", "8", "9", "4", "5", "6", "1", "2", "3")
_INDEX_OF_KEY = {key: index for index, key in enumerate(NUMPAD_KEYS)}

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def parse_cell(text: str, size: int = 3) -> int:
    """The board index of a cell id such as ``"b2"`` or ``" A1 "`` on the ``size`` board
    (0..8 on 3x3); a cell off that board (``F1`` on 5x5) is an UnknownCellError."""
    if isinstance(text, str):
        index = _INDEX_OF_CELL.get(size, {}).get(text.strip().upper())
        if index is not None:
            return index
    raise unknown_cell(text, size)


def unknown_cell(text: object, size: int = 3) -> UnknownCellError:
    """The refusal of ``text`` as a cell of the ``size`` board, in the words of that board
    (``cells are A1 to E5`` on 5x5)."""
    if size == 3:
        return UnknownCellError(text)
    return UnknownCellError(text, OFF_BOARD, last=geometry(size).last_cell)


def cell_name(index: int, size: int = 3) -> str:
    """The cell id of a board index: ``cell_name(7) == "C2"``, ``cell_name(7, 5) == "B3"``."""
    return geometry(size).cell_ids[index]


def parse_coordinates(text: str, size: int = 3) -> int:
    """The board index of ``"row col"`` as typed in seed 002, both from 1 to 3 (to ``size``
    on a larger board), row first."""
    parts = text.split() if isinstance(text, str) else []
    if len(parts) != 2 or not all(_WHOLE_NUMBER.fullmatch(part) for part in parts):
        raise NotNumbersError()
    row, column = (int(part) for part in parts)
    if not (1 <= row <= size and 1 <= column <= size):
        raise CoordinatesOutOfRangeError(size)
    return (row - 1) * size + (column - 1)


def format_coordinates(index: int) -> str:
    """The ``"row col"`` text of a board index: ``format_coordinates(7) == "3 2"``."""
    row, column = divmod(index, 3)
    return f"{row + 1} {column + 1}"


def parse_numpad(text: str) -> int:
    """The board index of a numpad digit: 7 is top-left, 3 bottom-right."""
    index = _INDEX_OF_KEY.get(text.strip()) if isinstance(text, str) else None
    if index is None:
        raise UnknownCellError(text, UNKNOWN_KEY)
    return index


def numpad_key(index: int) -> str:
    """The numpad digit of a board index: ``numpad_key(0) == "7"``."""
    return NUMPAD_KEYS[index]
