"""The computer players of seed 002: easy (random), medium (win, block, random), hard (perfect)."""

from __future__ import annotations

import random
from collections.abc import Callable

from .board import WIN_LINES, Board
from .errors import GameOverError, UnknownLevelError
from .notation import CELL_IDS, EMPTY
from .solver import best_moves

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
PLAYER_KINDS: tuple[str, ...] = ("user", *LEVELS)

# One generator for callers that do not inject their own; tests always inject a seeded one.
_default_rng = random.Random()


def computer_move(board: Board, level: str, rng: random.Random | None = None) -> str:
    """The cell id the computer at ``level`` plays on ``board``."""
    choose = _CHOOSERS.get(level) if isinstance(level, str) else None
    if choose is None:
        raise UnknownLevelError(level)
    if board.is_over:
        raise GameOverError(board.status)
    return choose(board, rng or _default_rng)


def winning_cells(board: Board, mark: str) -> tuple[str, ...]:
    """The empty cells where ``mark`` would complete a line at once, in reading order."""
    cells = board.to_string()
    found = set()
    for line in WIN_LINES:
        marks = [cells[i] for i in line]
        if marks.count(mark) == 2 and marks.count(EMPTY) == 1:
            found.add(line[marks.index(EMPTY)])
    return tuple(CELL_IDS[i] for i in sorted(found))


def _easy(board: Board, rng: random.Random) -> str:
    return rng.choice(board.legal_moves)


def _medium(board: Board, rng: random.Random) -> str:
    mover = board.turn
    opponent = "O" if mover == "X" else "X"
    for mark in (mover, opponent):  # win if possible, else block
        candidates = winning_cells(board, mark) if mark else ()
        if candidates:
            return rng.choice(candidates)
    return rng.choice(board.legal_moves)


def _hard(board: Board, rng: random.Random) -> str:
    return rng.choice(best_moves(board))


_CHOOSERS: dict[str, Callable[[Board, random.Random], str]] = {
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
}
