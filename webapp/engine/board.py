"""The immutable Board value: cells, side to move, outcome and winning cells, on any size."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from functools import cache, lru_cache

from .errors import (
    BOTH_LINES,
    BOTH_WON,
    IMPOSSIBLE_COUNTS,
    NOT_A_POSITION,
    O_AFTER_X_WON,
    POSITION_LENGTH,
    POSITION_MARKS,
    POSITION_SIZE,
    X_AFTER_O_WON,
    ZERO_FOR_O,
    GameOverError,
    InvalidPositionError,
    OccupiedCellError,
)
from .geometry import SIZES, Geometry, geometry, size_of_cells
from .notation import EMPTY, MARKS, parse_cell

# The eight triplets of seed 001: three rows, three columns, two diagonals.
WIN_LINES: tuple[tuple[int, ...], ...] = geometry(3).lines


class Status(StrEnum):
    """The state of a game, in the exact words of seed 002."""

    IN_PROGRESS = "Game not finished"
    DRAW = "Draw"
    X_WINS = "X wins"
    O_WINS = "O wins"

    @property
    def winner(self) -> str | None:
        """``"X"`` or ``"O"`` for a win, else ``None``."""
        if self is Status.X_WINS:
            return "X"
        if self is Status.O_WINS:
            return "O"
        return None


class Board:
    """A position on an nxn board (3x3 unless told); playing a move returns a new Board."""

    __slots__ = ("_cells", "_line", "_status")

    _cells: str
    _status: Status
    _line: tuple[int, ...]

    def __init__(self, size: int = 3) -> None:
        """Create the empty board of ``size``; use :meth:`from_string` for any other position."""
        self._set(EMPTY * geometry(size).cells)

    @classmethod
    def from_string(cls, position: str, size: int | None = None) -> Board:
        """Load a position of ``X``, ``O`` and ``_`` in reading order, strictly: 9 characters
        for 3x3, 25 for 5x5, 49 for 7x7; ``size``, when given, must be the position's."""
        cells = _validated(position, size)
        return cls._trusted(cells)

    @classmethod
    def _trusted(cls, cells: str) -> Board:
        board = cls.__new__(cls)
        board._set(cells)
        return board

    def _set(self, cells: str) -> None:
        self._cells = cells
        self._status, self._line = _outcome(cells)

    @property
    def geometry(self) -> Geometry:
        """The board's size, line and cell names."""
        return _geometry_of(len(self._cells))

    @property
    def size(self) -> int:
        """How many cells a row has: 3, 5 or 7."""
        return self.geometry.size

    @property
    def line(self) -> int:
        """How many in a row win: 3, 4 or 5."""
        return self.geometry.line

    def bits(self, mark: str) -> int:
        """The cells holding ``mark`` as a bit mask (bit ``i`` is cell ``i``), for the search."""
        return sum(1 << i for i, held in enumerate(self._cells) if held == mark)

    def to_string(self) -> str:
        """The position string (9, 25 or 49 cells); ``Board.from_string`` reads it back."""
        return self._cells

    def __str__(self) -> str:
        return self._cells

    def __repr__(self) -> str:
        return f"Board.from_string({self._cells!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other._cells == self._cells

    def __hash__(self) -> int:
        return hash(self._cells)

    def __getitem__(self, cell_id: str) -> str:
        """The mark in a cell: ``"X"``, ``"O"`` or ``"_"``."""
        return self._cells[parse_cell(cell_id, self.size)]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        """Pairs of (cell id, mark) in reading order."""
        return iter(zip(self.geometry.cell_ids, self._cells, strict=True))

    @property
    def status(self) -> Status:
        """One of the four statuses of seed 002."""
        return self._status

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, in a win or a draw."""
        return self._status is not Status.IN_PROGRESS

    @property
    def turn(self) -> str | None:
        """The side to move, ``"X"`` or ``"O"``, or ``None`` once the game is over."""
        if self.is_over:
            return None
        return _side_to_move(self._cells)

    @property
    def ply(self) -> int:
        """How many marks are on the board."""
        return len(self._cells) - self._cells.count(EMPTY)

    @property
    def winning_line(self) -> tuple[str, ...] | None:
        """The winning cells (one line, or two that share the last move), or ``None``."""
        if not self._line:
            return None
        return tuple(self.geometry.cell_ids[index] for index in self._line)

    @property
    def legal_moves(self) -> tuple[str, ...]:
        """The empty cells in reading order, or none once the game is over."""
        if self.is_over:
            return ()
        ids = self.geometry.cell_ids
        return tuple(ids[i] for i, mark in enumerate(self._cells) if mark == EMPTY)

    def play(self, cell_id: str) -> Board:
        """Return the board after the side to move marks ``cell_id``."""
        index = parse_cell(cell_id, self.size)
        if self.is_over:
            raise GameOverError(self._status)
        if self._cells[index] != EMPTY:
            raise OccupiedCellError()
        mark = _side_to_move(self._cells)
        return Board._trusted(self._cells[:index] + mark + self._cells[index + 1 :])


def _side_to_move(cells: str) -> str:
    return "X" if cells.count("X") == cells.count("O") else "O"


_GEOMETRY_OF_LENGTH = {geometry(n).cells: geometry(n) for n in SIZES}


def _geometry_of(count: int) -> Geometry:
    return _GEOMETRY_OF_LENGTH.get(count) or geometry(3)


def _lines_of(cells: str, mark: str) -> list[tuple[int, ...]]:
    return [line for line in _geometry_of(len(cells)).lines if all(cells[i] == mark for i in line)]


def _outcome(cells: str) -> tuple[Status, tuple[int, ...]]:
    return _small_outcome(cells) if len(cells) == 9 else _large_outcome(cells)


@cache  # a pure function of at most 3**9 valid cell strings: every 3x3 Board made is a lookup
def _small_outcome(cells: str) -> tuple[Status, tuple[int, ...]]:
    return _outcome_of(cells)


@lru_cache(maxsize=65536)  # 5x5 and 7x7 have too many positions to keep them all
def _large_outcome(cells: str) -> tuple[Status, tuple[int, ...]]:
    return _outcome_of(cells)


def _outcome_of(cells: str) -> tuple[Status, tuple[int, ...]]:
    for mark, status in (("X", Status.X_WINS), ("O", Status.O_WINS)):
        lines = _lines_of(cells, mark)
        if lines:
            return status, tuple(sorted({i for line in lines for i in line}))
    if EMPTY not in cells:
        return Status.DRAW, ()
    return Status.IN_PROGRESS, ()


def _validated(position: object, size: int | None) -> str:
    if not isinstance(position, str):
        raise InvalidPositionError(NOT_A_POSITION)
    cells = position.strip().upper()
    if size is not None and len(cells) != geometry(size).cells:
        shape = geometry(size)
        raise InvalidPositionError(
            POSITION_SIZE, board=shape.name, cells=shape.cells, count=len(cells)
        )
    if size_of_cells(len(cells)) is None:
        raise InvalidPositionError(POSITION_LENGTH, count=len(cells))
    if any(mark not in MARKS for mark in cells):
        raise InvalidPositionError(ZERO_FOR_O if "0" in cells else POSITION_MARKS)
    x_count, o_count = cells.count("X"), cells.count("O")
    if x_count not in (o_count, o_count + 1):
        raise InvalidPositionError(IMPOSSIBLE_COUNTS, x=x_count, o=o_count)
    x_won, o_won = bool(_lines_of(cells, "X")), bool(_lines_of(cells, "O"))
    if x_won and o_won and len(cells) == 9:
        raise InvalidPositionError(BOTH_WON)
    if x_won and o_won:
        raise InvalidPositionError(BOTH_LINES, line=_geometry_of(len(cells)).line)
    if x_won and x_count == o_count:
        raise InvalidPositionError(O_AFTER_X_WON)
    if o_won and x_count > o_count:
        raise InvalidPositionError(X_AFTER_O_WON)
    return cells


def winning_cells(board: Board, mark: str) -> tuple[str, ...]:
    """The empty cells where ``mark`` would complete a line at once, in reading order."""
    cells = board.to_string()
    shape = board.geometry
    found = set()
    for line in shape.lines:
        marks = [cells[i] for i in line]
        if marks.count(mark) == shape.line - 1 and marks.count(EMPTY) == 1:
            found.add(line[marks.index(EMPTY)])
    return tuple(shape.cell_ids[i] for i in sorted(found))
