"""The boards of the m,n,k family: each size's cell names, winning lines and their bit masks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .errors import UnknownBoardError

# nxn boards and the line that wins on each: 3x3 with three, 5x5 with four, 7x7 with five.
LINE_OF_SIZE: dict[int, int] = {3: 3, 5: 4, 7: 5}
SIZES: tuple[int, ...] = tuple(LINE_OF_SIZE)
BOARD_NAMES: tuple[str, ...] = tuple(f"{n}x{n}" for n in SIZES)
_ROWS = "ABCDEFG"
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # along a row, a column, both diagonals


@dataclass(frozen=True)
class Geometry:
    """One board size: its cells in reading order and every line of ``line`` cells on it.

    ``masks`` are the lines as bit masks (bit ``i`` is cell ``i``), for the search's
    bitboards; ``through[i]`` the masks of the lines through cell ``i``."""

    size: int
    line: int
    cell_ids: tuple[str, ...]
    lines: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]
    through: tuple[tuple[int, ...], ...]

    @property
    def cells(self) -> int:
        """How many cells the board has."""
        return self.size * self.size

    @property
    def name(self) -> str:
        """The board's name as the API and the pages give it: ``"5x5"``."""
        return f"{self.size}x{self.size}"

    @property
    def last_cell(self) -> str:
        """The bottom-right cell's id, which ends the range of cell names (``E5``)."""
        return self.cell_ids[-1]

    @property
    def full(self) -> int:
        """The mask of every cell."""
        return (1 << self.cells) - 1


@cache
def geometry(size: int) -> Geometry:
    """The geometry of the ``size``x``size`` board (3, 5 or 7); UnknownBoardError otherwise."""
    line = LINE_OF_SIZE.get(size) if isinstance(size, int) else None
    if line is None:
        raise UnknownBoardError(size)
    cell_ids = tuple(row + str(col) for row in _ROWS[:size] for col in range(1, size + 1))
    lines = tuple(_lines(size, line))
    masks = tuple(sum(1 << i for i in cells) for cells in lines)
    through = tuple(tuple(m for m in masks if m >> i & 1) for i in range(size * size))
    return Geometry(size, line, cell_ids, lines, masks, through)


def _lines(size: int, line: int) -> list[tuple[int, ...]]:
    """Every run of ``line`` cells along a row, a column or a diagonal, rows first as seed 001
    lists the three-cell ones (rows, columns, then the two diagonals on 3x3)."""
    found = []
    for dr, dc in _DIRECTIONS:
        for row in range(size):
            for col in range(size):
                end_row, end_col = row + dr * (line - 1), col + dc * (line - 1)
                if 0 <= end_row < size and 0 <= end_col < size:
                    found.append(tuple((row + dr * s) * size + col + dc * s for s in range(line)))
    return found


def size_of_cells(count: int) -> int | None:
    """The size of the board whose position string has ``count`` cells, or ``None``."""
    return next((n for n in SIZES if n * n == count), None)


def parse_board(text: object) -> int:
    """The size named by ``"3x3"``, ``"5x5"`` or ``"7x7"``; UnknownBoardError."""
    if isinstance(text, str):
        name = text.strip().lower()
        if name in BOARD_NAMES:
            return int(name.split("x")[0])
    raise UnknownBoardError(text)
