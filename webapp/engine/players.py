"""The computer players of seed 002: easy (random), medium (win, block, random), hard (traps on
3x3, the threat search of tactics.py on 5x5 and 7x7)."""

from __future__ import annotations

import random
from collections.abc import Callable

from .board import Board
from .errors import GameOverError, UnknownLevelError
from .tactics import hard_cell
from .traps import medium_cells, trap_moves

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


def _easy(board: Board, rng: random.Random) -> str:
    return rng.choice(board.legal_moves)


def _medium(board: Board, rng: random.Random) -> str:
    return rng.choice(medium_cells(board))


def _hard(board: Board, rng: random.Random) -> str:
    if board.size == 3:
        return rng.choice(trap_moves(board))
    return board.geometry.cell_ids[hard_cell(board, rng)]


_CHOOSERS: dict[str, Callable[[Board, random.Random], str]] = {
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
}
